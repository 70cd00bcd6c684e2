// -o json: the schemaVersion 1 contract of SPEC.md. Fields are only ever added; key order is fixed
// so the output is byte-identical for the same input and --now.

import type { UnreadableRead } from '../model/input.js';
import type { Finding, Hypothesis, PodDiagnosis } from '../engine/types.js';
import { formatTime, isValidTime } from '../util/json.js';
import type { Words } from './words.js';

export const SCHEMA_VERSION = 1;

function finding(f: Finding, w: Words) {
  const t = w.finding(f);
  return {
    rule: f.rule,
    severity: f.severity,
    role: f.role,
    stage: f.stage,
    container: f.container ?? null,
    containerType: f.containerKind ?? null,
    title: t.title,
    explanation: t.explanation,
    remedies: t.remedies,
    commands: f.commands,
    // source: where a value not in the pod's status came from (its events, its log, pasted text)
    evidence: t.evidence.map((e) => (e.source ? { path: e.path, value: e.value, source: e.source } : { path: e.path, value: e.value })),
    docs: f.docs,
    supersededBy: f.supersededBy ?? null,
  };
}

/** A likely cause: never a finding; `check` is the command that confirms or rules it out. */
function hypothesis(h: Hypothesis, w: Words) {
  const t = w.finding(h);
  return {
    id: h.rule,
    container: h.container ?? null,
    title: t.title,
    why: t.explanation,
    check: h.commands[0] ?? null,
    commands: h.commands,
    remedies: t.remedies,
    evidence: t.evidence.map((e) => (e.source ? { path: e.path, value: e.value, source: e.source } : { path: e.path, value: e.value })),
  };
}

/** The last instant written and its text: a timeline's entries often share one (created, scheduled, initialized). */
let lastAt = Number.NaN;
let lastAtText = '';
function atText(ms: number): string {
  if (ms !== lastAt) {
    lastAtText = formatTime(ms);
    lastAt = ms;
  }
  return lastAtText;
}

/** The log tails read, by container (most pods of a file have none: nothing built for them). */
function logsOf(p: PodDiagnosis): Record<string, { previous: boolean; lines: string[] }> {
  if (!p.facts.containers.some((c) => c.logs)) return {};
  // fromEntries: a container named __proto__ is a key like any other
  return Object.fromEntries(p.facts.containers.filter((c) => c.logs).map((c) => [c.name, { previous: c.logs?.previous ?? false, lines: c.logs?.lines ?? [] }]));
}

/** One pod of the report, its words in the language of `w`. */
export function podObject(p: PodDiagnosis, w: Words) {
  return {
    // null where the input does not say (a paste): never a made-up name or "default"
    namespace: p.namespace ?? null,
    name: p.name ?? null,
    uid: p.uid ?? null,
    owner: p.owner ? { kind: p.owner.kind, name: p.owner.name } : null,
    ownerChain: p.facts.pod.ownerChain,
    kubectl: { ready: p.kubectl.ready ?? null, status: p.kubectl.status ?? null, restarts: p.kubectl.restarts ?? null, age: p.kubectl.age },
    phase: p.phase ?? null,
    stage: p.stage,
    healthy: p.healthy,
    // healthy (the input shows it), problem (a finding), unknown (nothing found in what was given)
    verdict: p.verdict,
    node: p.facts.pod.nodeName ?? null,
    findings: p.findings.map((f) => finding(f, w)),
    // rules that fired but are ignored here (annotation or config), with why: never counted by --fail-on
    ignored: p.ignored.map((i) => ({ rule: i.rule, reason: i.reason ?? null, source: i.source })),
    // likely causes when no root cause is proven: never findings, never counted by --fail-on
    hypotheses: p.hypotheses.map((h) => hypothesis(h, w)),
    // what the input does not give and would decide rules left open (when no cause is proven)
    undecided: p.undecided.map((u) => ({ fact: u.fact, container: u.container ?? null, rules: u.rules })),
    // Log tails (redacted) of containers whose logs were read: live mode, or a fixture's logs.
    logs: logsOf(p),
    unreadable: p.facts.gaps.filter((g) => g !== 'events' && g !== 'spec' && g !== 'status'),
    oddities: p.facts.oddities,
    // Where the pod's time went, oldest first (an addition to schemaVersion 1).
    timeline: p.timeline.map((e) => ({ at: e.at !== undefined && isValidTime(e.at) ? atText(e.at) : null, stage: e.stage, event: e.event, container: e.container ?? null, detail: w.timeline(e) })),
    // Pods read from kubectl describe or table text: the format, and the facts it does not carry.
    input: p.source?.format ? { format: p.source.format, missing: (p.source.missing ?? []).map((m) => ({ fact: m.fact, subjects: m.subjects ?? [], command: m.command })) } : null,
  };
}

export function reportObject(pods: PodDiagnosis[], w: Words) {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const p of pods) for (const f of p.findings) counts[f.severity]++;
  return {
    schemaVersion: SCHEMA_VERSION,
    pods: pods.map((p) => podObject(p, w)),
    summary: {
      pods: pods.length,
      healthy: pods.filter((p) => p.healthy).length,
      findings: counts,
      // pods with no problem found whose health the input does not show
      unknown: pods.filter((p) => p.verdict === 'unknown').length,
    },
  };
}

export function renderJson(pods: PodDiagnosis[], w: Words): string {
  return `${JSON.stringify(reportObject(pods, w), null, 2)}\n`;
}

/** Pods' part of the report, as JsonReportWriter writes it, and what its summary counts of them. */
export interface JsonPieces {
  /** The pods' objects, each indented as it stands in the report, separated by ",\n". */
  text: string;
  pods: number;
  healthy: number;
  unknown: number;
  counts: { error: number; warning: number; info: number };
}

/** A pod's object, indented as it stands in the report. */
function podText(p: PodDiagnosis, w: Words): string {
  // nested two levels deep (report → pods): stringified inside two arrays, the pod comes out
  // indented as it stands in the report, and the arrays' own lines ("[\n  [\n    " before it,
  // "\n  ]\n]" after) are cut off: no second pass over the text to indent it
  return `    ${JSON.stringify([[podObject(p, w)]], null, 2).slice(10, -6)}`;
}

/** Count a pod's findings into `counts`, and its verdict into `verdicts`. */
function tally(p: PodDiagnosis, counts: JsonPieces['counts'], verdicts: { healthy: number; unknown: number }): void {
  for (const f of p.findings) counts[f.severity]++;
  if (p.verdict === 'healthy') verdicts.healthy++;
  else if (p.verdict === 'unknown') verdicts.unknown++;
}

export function jsonPieces(ps: readonly PodDiagnosis[], w: Words): JsonPieces {
  const counts = { error: 0, warning: 0, info: 0 };
  const verdicts = { healthy: 0, unknown: 0 };
  const texts: string[] = [];
  for (const p of ps) {
    tally(p, counts, verdicts);
    texts.push(podText(p, w));
  }
  return { text: texts.join(',\n'), pods: ps.length, ...verdicts, counts };
}

/**
 * The same bytes as renderJson, written pod by pod: a 10,000-pod report is tens of megabytes, and
 * written this way no diagnosis (nor the whole text) has to be kept until the end.
 */
export class JsonReportWriter {
  private pods = 0;
  private readonly verdicts = { healthy: 0, unknown: 0 };
  private readonly counts = { error: 0, warning: 0, info: 0 };
  private buf = '';

  constructor(
    private readonly out: (s: string) => void,
    private readonly words: Words,
  ) {}

  add(p: PodDiagnosis): void {
    tally(p, this.counts, this.verdicts);
    this.put(podText(p, this.words), 1);
  }

  /** Pods as jsonPieces wrote them (a worker thread's diagnoses). */
  addPieces(pc: JsonPieces): void {
    this.counts.error += pc.counts.error;
    this.counts.warning += pc.counts.warning;
    this.counts.info += pc.counts.info;
    this.verdicts.healthy += pc.healthy;
    this.verdicts.unknown += pc.unknown;
    this.put(pc.text, pc.pods);
  }

  /** `n` pods' text, after the report's head or the comma that follows the pod before. */
  private put(text: string, n: number): void {
    if (n === 0) return;
    this.write(`${this.pods === 0 ? `{\n  "schemaVersion": ${SCHEMA_VERSION},\n  "pods": [\n` : ',\n'}${text}`);
    this.pods += n;
  }

  /** `unreadable`: what a live run could not read (summary.unreadable, only when something was). */
  end(extra?: { unreadable?: readonly UnreadableRead[]; workloads?: { entries: readonly unknown[]; summary: object } }): void {
    const wl = extra?.workloads;
    const summary = JSON.stringify(
      { pods: this.pods, healthy: this.verdicts.healthy, findings: this.counts, unknown: this.verdicts.unknown, ...(extra?.unreadable?.length ? { unreadable: extra.unreadable } : {}), ...(wl ? { workloads: wl.summary } : {}) },
      null,
      2,
    ).replace(/\n/g, '\n  ');
    const workloads = wl ? `  "workloads": ${JSON.stringify(wl.entries, null, 2).replace(/\n/g, '\n  ')},\n` : '';
    this.write(`${this.pods === 0 ? `{\n  "schemaVersion": ${SCHEMA_VERSION},\n  "pods": [],\n` : '\n  ],\n'}${workloads}  "summary": ${summary}\n}\n`);
    this.out(this.buf);
    this.buf = '';
  }

  private write(s: string): void {
    this.buf += s;
    if (this.buf.length > 1 << 16) {
      this.out(this.buf);
      this.buf = '';
    }
  }
}
