// The property every paste variant of a real `kubectl describe pod` must hold (the suite:
// ./paste-variations.ts makes the variants, tools/testing/paste-variations-run.ts runs them all, and
// src/sources/text/paste-variations.test.ts a slice of them in `npm test`).
//
// The reference of a capture (fixtures/kubectl-describe/) is the diagnosis of the *whole*
// describe text, through the library's text path as a paste goes (diagnoseText), at the instant
// the text reads at. Where it differs from the YAML fixture's (describe does not print a log, a
// condition's reason, a finalizer…) the describe's is the reference: a variant cannot know more
// than the text it was cut from. Its decisive lines are the lines of the whole text that hold the
// root cause's evidence (the values of the root-cause finding's `evidence` found in the text).
//
// For each variant:
//   (a) every decisive line survives in it (compared with all whitespace removed, so re-wrapped,
//       re-indented and tab-separated lines still count; as often as in the whole text, so one
//       container's `Reason: Error` does not stand in for another's): its root cause is the
//       reference's. With no decisive line (no root cause, or evidence the text does not show),
//       this holds only for variants with every line.
//   (b) otherwise: the verdict is not "healthy" (unless the reference's is); the root cause, if
//       any, is the reference's, a rule the reference fires, or a generic fallback (below), never
//       invented; and `input.missing` lists something the paste does not carry.
// A variant podwhy refuses (its one-line error), crashes on (any other error), reads as no pod or
// as several fails on its own clause.

import { readFileSync } from 'node:fs';
import { diagnoseText, PodwhyError, type Finding, type PodReport, type RuleSet } from '../src/index.js';
import { captureFile, type Capture } from './kubectl-describe.js';
import { describeLayout, seeded, type Variant } from './paste-variations.js';

/**
 * Root causes a partial paste may always come to, because each says only what any cut of the
 * text can show and owns up to what it cannot: each is a fallback naming a symptom and saying the
 * input does not give its cause.
 */
export const GENERIC_FALLBACKS: readonly string[] = [
  // Pending and nothing says why: the FailedScheduling row or the conditions were cut away.
  'pod-pending',
  // no status in the input at all: a cut kept spec lines (image, mounts, volumes) only.
  'pod-status-missing',
  // a warning event podwhy cannot classify: an event row alone, or one whose message a wrap broke.
  'event-unexplained',
  // a waiting reason with nothing else: `State: Waiting / Reason: X` without its events.
  'container-waiting-unknown',
  // a restart count without the terminated state that explains it (Last State cut away).
  'container-restarts-unexplained',
  // ContainerCreating with the events that say what it waits for cut away.
  'container-creating-stuck',
  // the runtime could not start the program and the message saying why is not in the paste.
  'start-failed-unexplained',
  // CreateContainerConfigError without the event naming the missing object or key.
  'config-error',
  // ErrImagePull/ImagePullBackOff without the pull error's message (an event row cut or broken).
  'image-pull-failed',
  // CreateContainerError/RunContainerError without the runtime's message.
  'start-error',
  // a crash loop whose last state (why it exits) was cut away.
  'crashloop-backoff',
  // Status: Failed with the reason or the container states that say why cut away.
  'pod-failed',
  // the scheduler's message cut where its clauses were (a wrap, a window).
  'unschedulable',
  // Running and not ready, with the probe events cut away.
  'pod-not-ready',
];

/**
 * Rules that say, from less of the text, what a rule of the full input says: a variant may give
 * one of these in place of the rule its reference gives (or fires), and that is no invention.
 */
export const PARTIAL_FORMS: Readonly<Record<string, readonly string[]>> = {
  // the state lines without State: (Last State: Terminated, Reason: OOMKilled): the OOM kill, with
  // the current state unknown
  'last-run-oomkilled': ['crashloop-oomkilled', 'recently-oomkilled', 'container-oomkilled'],
  // an Events section that reads "<none>" only: no scheduler attempt shown
  'pending-not-attempted': ['scheduling-gated', 'pod-pending'],
  // a run that lasted the liveness budget, with the probe's events cut away: the probe kill, timed
  'liveness-kill-likely': ['liveness-probe-failing', 'startup-probe-failing', 'probe-port-undeclared'],
};

export type Clause = 'crash' | 'refused' | 'no-pod' | 'split' | 'a' | 'b-healthy' | 'b-invented' | 'b-missing';

export type Verdict = 'healthy' | 'problem' | 'unknown';

/** A pod's verdict; before `verdict` existed, `healthy: true` was the healthy verdict. */
export function verdictOf(p: PodReport): Verdict {
  const v = (p as { verdict?: Verdict }).verdict;
  if (v !== undefined) return v;
  return p.healthy ? 'healthy' : 'problem';
}

const rootOf = (p: PodReport): Finding | undefined => p.findings.find((f) => f.role === 'root-cause');

/** Text with all whitespace removed: what survives re-wrapping, re-indentation, tabs and CRLF. */
export const squash = (s: string) => s.replace(/\s+/g, '');

function count(hay: string, needle: string): number {
  if (needle === '') return 0;
  let n = 0;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) n++;
  return n;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a value of this evidence path is printed: the label of its describe line. */
function labelFor(path: string): RegExp | undefined {
  const cond = /conditions\[([A-Za-z]+)\]\.status$/.exec(path);
  if (cond) return new RegExp(`^${cond[1]}\\s+(True|False|Unknown)\\b`);
  const probe = /probes\.(liveness|readiness|startup)\./.exec(path);
  if (probe) return new RegExp(`^${(probe[1] as string)[0]?.toUpperCase()}${(probe[1] as string).slice(1)}:`);
  const key = (path.split('.').pop() ?? '').replace(/\[.*$/, '');
  const res = /resources\.(limits|requests)\.(.+)$/.exec(path);
  if (res) return new RegExp(`^${esc(res[2] as string)}:`);
  const labels: Record<string, string> = {
    reason: 'Reason:',
    exitCode: 'Exit Code:',
    message: 'Message:',
    restartCount: 'Restart Count:',
    image: 'Image:',
    nodeName: 'Node:',
    qosClass: 'QoS Class:',
    phase: 'Status:',
    serviceAccountName: 'Service Account:',
    ports: 'Ports?:',
    nodeSelector: 'Node-Selectors:',
  };
  if (/ownerReferences/.test(path)) return /^Controlled By:/;
  if (/deletionTimestamp$/.test(path)) return /^Status:\s+Terminating\b/;
  const l = labels[key];
  return l ? new RegExp(`^${l}`) : undefined;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * How kubectl describe prints a time (Go's RFC1123Z, in the capture's UTC: `Fri, 04 Dec 2026
 * 12:49:30 +0000`), for evidence that is a timestamp; a deletion time is its `Status: Terminating`
 * line (by the label).
 */
function kubectlTimes(v: string): string[] {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v)) return [];
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return [];
  const p = (n: number) => String(n).padStart(2, '0');
  return [`${DAYS[d.getUTCDay()]}, ${p(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`];
}

/**
 * The indexes of the lines of a describe text holding the root cause's evidence. A value is looked
 * for as a substring (as a word when shorter than 6 characters), on the lines its path's label
 * names when any has it (`Exit Code:` for an exit code), on event rows for an event's value, else
 * anywhere (a short value then only between spaces); each line of a multi-line value on its own.
 * A short value on no labelled line and on more than two lines (an exit code 1, a count 0) cannot
 * be placed and is left out.
 */
export function decisiveLineIndexes(text: string, evidence: { path: string; value: unknown }[]): number[] {
  const layout = describeLayout(text);
  const lines = layout.lines;
  const inEvents = (i: number) => layout.events !== undefined && i > layout.events.start && i < layout.events.end;
  const out = new Set<number>();
  for (const e of evidence) {
    const values = typeof e.value === 'string' ? [...e.value.split('\n'), ...kubectlTimes(e.value)] : typeof e.value === 'number' ? [String(e.value)] : Array.isArray(e.value) ? e.value.filter((x): x is string => typeof x === 'string') : [];
    const eventPath = /(^|\.)events\[/.test(e.path);
    const label = eventPath ? undefined : labelFor(e.path);
    // a deletion time is printed as the line `Status: Terminating (lasts 2m)`, not as a time
    if (/deletionTimestamp$/.test(e.path) && label) {
      lines.forEach((l, i) => {
        if (label.test(l.trim())) out.add(i);
      });
      continue;
    }
    values.forEach((raw, piece) => {
      const v = raw.trim();
      if (v === '') return;
      const short = v.length < 6;
      // a short value: a word on a labelled line; elsewhere only between spaces (not 21 in 12:21:21)
      const word = new RegExp(`(^|[^A-Za-z0-9_.])${esc(v)}($|[^A-Za-z0-9_.])`);
      const spaced = new RegExp(`(^|\\s)${esc(v)}($|\\s)`);
      const has = (l: string, strict: boolean) => (!short ? l.includes(v) : strict ? spaced.test(l) : word.test(l));
      const labelled = label && piece === 0 && !eventPath ? lines.map((l, i) => (has(l, false) && label.test(l.trim()) ? i : -1)).filter((i) => i >= 0) : [];
      let found = labelled.length > 0 ? labelled : lines.map((l, i) => (has(l, true) ? i : -1)).filter((i) => i >= 0);
      if (eventPath) {
        const rows = found.filter(inEvents);
        if (rows.length > 0) found = rows;
      }
      if (labelled.length === 0 && short && found.length > 2) return;
      for (const i of found) out.add(i);
    });
  }
  return [...out].sort((a, b) => a - b);
}

export interface Reference {
  id: string;
  capture: Capture;
  text: string;
  /** The YAML fixture's diagnosis of this pod. */
  yaml: { root: string | null; verdict: Verdict; stage: string | null };
  /** The whole describe's diagnosis: the reference for its variants. */
  root: string | null;
  verdict: Verdict;
  /** Every rule the whole describe fires. */
  fires: string[];
  /** The decisive lines (squashed) with how often each occurs in the whole text (squashed). */
  decisive: { line: string; times: number }[];
  /** The fixture family: the stage of the YAML's root cause ("none" without one). */
  family: string;
}

/** A capture's reference: its YAML fixture's diagnosis and its whole describe's. */
export function reference(id: string, capture: Capture, rules: RuleSet, text = readFileSync(captureFile(id), 'utf8')): Reference {
  const y = diagnoseText(readFileSync(capture.fixture, 'utf8'), { rules, source: capture.fixture });
  const yp = y.pods.find((p) => p.name === capture.pod && (p.namespace === null || p.namespace === capture.namespace));
  if (!yp) throw new Error(`${capture.fixture}: no pod ${capture.pod} in its diagnosis`);
  const d = diagnoseText(text, { rules, now: capture.capturedAt, source: `${id}.txt` });
  if (d.pods.length !== 1) throw new Error(`${id}: the whole describe reads as ${d.pods.length} pods`);
  const dp = d.pods[0] as PodReport;
  const yroot = rootOf(yp);
  const root = rootOf(dp);
  const lines = describeLayout(text).lines;
  const whole = squash(text);
  const decisive = root
    ? [...new Set(decisiveLineIndexes(text, root.evidence).map((i) => squash(lines[i] as string)))].filter((l) => l !== '').map((line) => ({ line, times: count(whole, line) }))
    : [];
  return {
    id,
    capture,
    text,
    yaml: { root: yroot?.rule ?? null, verdict: verdictOf(yp), stage: yroot?.stage ?? null },
    root: root?.rule ?? null,
    verdict: verdictOf(dp),
    fires: [...new Set(dp.findings.map((f) => f.rule))].sort(),
    decisive,
    family: yroot?.stage ?? 'none',
  };
}

export interface Outcome {
  /** The clauses the variant fails; empty when it holds. */
  clauses: Clause[];
  /** Every decisive line survived (clause a applies), else clause b. */
  decisiveKept: boolean;
  /** How many of the reference's decisive lines survived. */
  decisiveSeen: number;
  root: string | null;
  verdict: Verdict | null;
  pods: number;
  error?: string;
}

/** How many decisive lines of the reference survive in a variant, and do all (or, with none, every line)? */
export function decisiveSurvival(ref: Reference, variant: Variant): { kept: boolean; seen: number } {
  const t = squash(variant.text);
  const seen = ref.decisive.filter((d) => count(t, d.line) >= d.times).length;
  return { kept: ref.decisive.length === 0 ? variant.whole : seen === ref.decisive.length, seen };
}

/** Diagnose a variant as a paste (the library's text path, at the capture's instant) and check the property. */
export function checkVariant(ref: Reference, variant: Variant, rules: RuleSet): Outcome {
  const { kept, seen } = decisiveSurvival(ref, variant);
  const base = { decisiveKept: kept, decisiveSeen: seen };
  let pods: PodReport[];
  try {
    pods = diagnoseText(variant.text, { rules, now: ref.capture.capturedAt }).pods;
  } catch (e) {
    // a PodwhyError is a refusal (the one-line error a user sees); anything else is a crash
    return { clauses: [e instanceof PodwhyError ? 'refused' : 'crash'], ...base, root: null, verdict: null, pods: 0, error: (e as Error).message };
  }
  if (pods.length !== 1) return { clauses: [pods.length === 0 ? 'no-pod' : 'split'], ...base, root: null, verdict: null, pods: pods.length };
  const p = pods[0] as PodReport;
  const root = rootOf(p)?.rule ?? null;
  const verdict = verdictOf(p);
  const clauses: Clause[] = [];
  if (kept) {
    if (root !== ref.root) clauses.push('a');
  } else {
    if (verdict === 'healthy' && ref.verdict !== 'healthy') clauses.push('b-healthy');
    const partialOf = root !== null ? (PARTIAL_FORMS[root] ?? []) : [];
    if (root !== null && root !== ref.root && !ref.fires.includes(root) && !GENERIC_FALLBACKS.includes(root) && !partialOf.some((r) => r === ref.root || ref.fires.includes(r))) clauses.push('b-invented');
    if ((p.input?.missing ?? []).length === 0) clauses.push('b-missing');
  }
  return { clauses, ...base, root, verdict, pods: 1 };
}

/** The failure's value in known-failures.json: its clauses joined by "+". */
export const clauseKey = (o: Outcome) => o.clauses.join('+');

/** Every kind of variant, in the order the fast slice deals them out. */
export const VARIANT_KINDS = ['window', 'container', 'state', 'state-body', 'last-state', 'last-state-body', 'state-lines', 'events', 'event-rows', 'event-row', 'indent', 'dedent', 'wrap-term', 'wrap-word', 'crlf', 'tabs', 'fence', 'prompt', 'prose-en', 'prose-ko', 'combo'] as const;

/**
 * The fast slice of one capture's variants (`npm test`): the nth capture (in id order) gets kinds
 * 2n and 2n+1 of VARIANT_KINDS (the next kind it has, when it has not that one), and of each kind
 * the variant the seed ranks first. So every kind is dealt out evenly across the fixtures.
 */
export function sliceOf(variants: Variant[], n: number, seed: string, perCapture = 2): Variant[] {
  const out: Variant[] = [];
  const kinds = VARIANT_KINDS.length;
  for (let k = 0; k < perCapture; k++) {
    for (let step = 0; step < kinds; step++) {
      const kind = VARIANT_KINDS[(perCapture * n + k + step) % kinds] as string;
      const of = variants.filter((v) => v.kind === kind && !out.includes(v));
      if (of.length === 0) continue;
      out.push(of.reduce((a, b) => (seeded(seed, `slice/${a.id}`) <= seeded(seed, `slice/${b.id}`) ? a : b)));
      break;
    }
  }
  return out;
}
