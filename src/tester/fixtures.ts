// The fixture runner: a fixture file declares the exact set of rules its pod must fire and the
// root cause; this checks one file against the rules. Exact sets make every fixture a negative
// test for every rule it does not list. Used by the test suite (and by `podwhy test`). It sits in
// its own room above the engine (STYLE 2.1b): it reads fixture texts with the source parser, which
// the engine must never import.

import type { RuleSet } from '../rules/plan.js';
import type { Lang } from '../model/vocabulary.js';
import { snapshotFromTexts } from '../sources/file.js';
import { damageLine } from '../sources/reader.js';
import { time } from '../util/json.js';
import { diagnosePod } from '../engine/diagnose.js';
import { diagnoseWorkload, type WorkloadDiagnosis } from '../engine/workload.js';
import { parseWorkloadTarget, workloadFromSnapshot, workloadWarnings } from '../sources/workloads.js';
import type { Snapshot } from '../model/input.js';
import type { Finding, Hypothesis, PodDiagnosis } from '../engine/types.js';
import { wordsFor, type Words } from '../render/words.js';

export interface FixtureExpectation {
  fires: string[];
  rootCause: string | null;
  /** The hypotheses (likely causes) it gives, exactly: none when the header lists none. */
  hypotheses: string[];
  /** healthy, problem or unknown, when the header says. */
  verdict?: string;
  /** Words the diagnosis must contain (real-post fixtures): see mentionPool(). */
  mentions?: string[];
  /** The pod's kubectl STATUS column. */
  status?: string;
  /** Which pod of the input is checked, when it holds several (a pasted table, say). */
  pod?: string;
  /**
   * A workload fixture: the workload checked (deployment/web, job/migrate…). Then `fires` lists
   * the workload's findings and its pods' root causes, and `rootCause` is the workload's.
   */
  workload?: string;
  /**
   * A real post whose diagnosis does not yet name what the thread found, and why. Its rules and
   * root cause are still checked exactly (a change shows), its mentions are expected to be
   * missing, and the fixture fails once they are all there: then the entry is taken off.
   */
  pending?: string;
}

export interface FixtureResult {
  file: string;
  description?: string;
  /** Problems with the fixture itself (exit 2 for `podwhy test`). */
  invalid: string[];
  expected?: FixtureExpectation;
  fired: string[];
  rootCause: string | null;
  /** Expected but did not fire. */
  missing: string[];
  /** Fired but not expected. */
  unexpected: string[];
  rootCauseMismatch: boolean;
  /** Hypotheses given but not expected, and expected but not given. */
  hypothesesUnexpected: string[];
  hypothesesMissing: string[];
  hypotheses: string[];
  /** expect.verdict and the verdict the pod got, when they differ. */
  verdictMismatch?: { expected: string; got: string };
  /** Words of expect.mentions the diagnosis does not contain. */
  mentionsMissing: string[];
  /** expect.status and the STATUS the pod got, when they differ. */
  statusMismatch?: { expected: string; got: string };
  /** Rendering problems: unfilled placeholders, "undefined" in text. */
  renderProblems: string[];
  diagnosis?: PodDiagnosis;
  /** The workload's diagnosis (a fixture with expect.workload). */
  workload?: WorkloadDiagnosis;
  /** expect.pending, while its mentions are still missing. */
  pending?: string;
  /** A pending fixture whose mentions are all there now. */
  pendingAnswered?: boolean;
  /**
   * Where the fixture's YAML or JSON broke (`file:line:col: what — …`): a fixture fails on it,
   * unless its header says the post it keeps was cut (`truncated: true`).
   */
  damage?: string;
  ok: boolean;
}

export function readExpectation(expect: unknown, invalid: string[]): FixtureExpectation | undefined {
  if (typeof expect !== 'object' || expect === null) {
    invalid.push('header: expect: required (expect: {fires: [...], rootCause: <id or null>})');
    return undefined;
  }
  const e = expect as Record<string, unknown>;
  const fires = e['fires'];
  if (!Array.isArray(fires) || !fires.every((x) => typeof x === 'string')) {
    invalid.push('header: expect.fires: expected a list of rule ids ([] for a healthy pod)');
    return undefined;
  }
  if (new Set(fires).size !== fires.length) invalid.push('header: expect.fires: lists a rule twice');
  const root = e['rootCause'];
  if (root !== null && root !== undefined && typeof root !== 'string') {
    invalid.push('header: expect.rootCause: expected a rule id or null');
    return undefined;
  }
  const rootCause = typeof root === 'string' ? root : null;
  if (rootCause !== null && !fires.includes(rootCause)) invalid.push(`header: expect.rootCause: "${rootCause}" is not in expect.fires`);
  if (rootCause === null && fires.length > 0 && root === undefined) invalid.push('header: expect.rootCause: required when fires is not empty');
  const hyp = e['hypotheses'];
  if (hyp !== undefined && (!Array.isArray(hyp) || !hyp.every((x) => typeof x === 'string'))) invalid.push('header: expect.hypotheses: expected a list of hypothesis rule ids');
  const out: FixtureExpectation = { fires: [...fires].sort(), rootCause, hypotheses: Array.isArray(hyp) ? [...(hyp as string[])].sort() : [] };
  const verdict = e['verdict'];
  if (verdict !== undefined) {
    if (verdict !== 'healthy' && verdict !== 'problem' && verdict !== 'unknown') invalid.push('header: expect.verdict: expected healthy, problem or unknown');
    else out.verdict = verdict;
  }
  const mentions = e['mentions'];
  if (mentions !== undefined) {
    if (!Array.isArray(mentions) || !mentions.every((x) => typeof x === 'string' || typeof x === 'number') || mentions.length === 0) invalid.push('header: expect.mentions: expected a list of words the diagnosis must contain');
    else out.mentions = mentions.map(String);
  }
  const status = e['status'];
  if (status !== undefined) {
    if (typeof status !== 'string' || status === '') invalid.push('header: expect.status: expected the kubectl STATUS column (e.g. CrashLoopBackOff)');
    else out.status = status;
  }
  const pod = e['pod'];
  if (pod !== undefined) {
    if (typeof pod !== 'string' || pod === '') invalid.push('header: expect.pod: expected the name of the pod to check');
    else out.pod = pod;
  }
  const workload = e['workload'];
  if (workload !== undefined) {
    if (typeof workload !== 'string' || !workload.includes('/')) invalid.push('header: expect.workload: expected TYPE/NAME, e.g. deployment/web');
    else out.workload = workload;
  }
  const pending = e['pending'];
  if (pending !== undefined) {
    if (typeof pending !== 'string' || pending.trim().length < 10) invalid.push('header: expect.pending: say why the diagnosis does not name the thread\'s cause yet');
    else if (out.mentions === undefined) invalid.push('header: expect.pending: only with expect.mentions (what is pending is the mentions)');
    else out.pending = pending;
  }
  return out;
}

/** Text compared the way ../shared/corpus/real-posts/score.py compares it. */
export function normalizeMention(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').replace(/exit code/g, 'exit').replace(/exitcode/g, 'exit');
}

/** A finding's words as expect.mentions reads them: title, explanation, remedies, evidence values. */
function mentionText(f: Finding | Hypothesis, w: Words): string {
  const t = w.finding(f);
  return [t.title, t.explanation, t.remedies.join(' '), JSON.stringify(t.evidence.map((e) => e.value))].join(' ');
}

/**
 * What expect.mentions is looked for in: the root-cause findings' titles, explanations, remedies
 * and evidence values (written by `w`, English for mentions); without a root cause, every
 * finding plus the kubectl STATUS and phase. When no cause is proven the likely causes are the
 * answer the user reads (the engine gives hypotheses only then), so their words count too: a
 * paste cut before the scheduler's message is honestly answered by a hypothesis, never by a
 * root cause it cannot prove.
 */
export function mentionPool(d: PodDiagnosis, w: Words): string {
  const roots = d.findings.filter((f) => f.role === 'root-cause');
  const pool = roots.length > 0 ? roots : d.findings;
  let text = [...pool, ...d.hypotheses].map((f) => mentionText(f, w)).join(' ');
  if (roots.length === 0) text += ` ${d.kubectl.status} ${d.phase ?? ''}`;
  return normalizeMention(text);
}

/** A placeholder left unfilled, or a value printed as code would: never in rendered text. (A message quoted in the text may hold braces of its own.) */
const BAD_TEXT = /\{\{\s*[A-Za-z_][\w.]*\s*(?:\|[^{}]*)?\}\}|\{\{\s*\}\}|\bundefined\b|\bNaN\b|\[object Object\]/;

export function renderProblems(findings: Finding[], w: Words): string[] {
  const out: string[] = [];
  for (const f of findings) {
    const { title, explanation, remedies } = w.finding(f);
    const texts = [title, explanation, ...remedies, ...f.commands];
    for (const t of texts) {
      const m = BAD_TEXT.exec(t);
      if (m) out.push(`${f.rule} (${w.lang}): "${m[0]}" in: ${t.slice(0, 120)}`);
    }
  }
  return out;
}

/** Check one fixture file's text. `langs` are rendered and checked for leftovers. */
export function checkFixture(file: string, text: string, rules: RuleSet, langs: Lang[] = ['en']): FixtureResult {
  const result: FixtureResult = {
    file,
    invalid: [],
    fired: [],
    rootCause: null,
    missing: [],
    unexpected: [],
    rootCauseMismatch: false,
    hypotheses: [],
    hypothesesMissing: [],
    hypothesesUnexpected: [],
    mentionsMissing: [],
    renderProblems: [],
    ok: false,
  };
  let snapshot;
  try {
    snapshot = snapshotFromTexts([{ file, text }]);
  } catch (e) {
    result.invalid.push((e as Error).message);
    return result;
  }
  const header = snapshot.fixtures[0]?.header;
  if (!header) {
    result.invalid.push('no "kind: PodwhyFixture" header');
    return result;
  }
  if (snapshot.fixtures.length > 1) result.invalid.push('more than one PodwhyFixture header');
  if (header.description !== undefined) result.description = header.description;
  const damage = snapshot.damaged?.[0];
  if (damage && header.raw['truncated'] !== true) result.damage = damageLine(damage);
  if (header.now === undefined || time(header.now) === undefined) result.invalid.push('header: now: required, an RFC 3339 time (the instant the pod was captured)');
  const expected = readExpectation(header.expect, result.invalid);
  if (expected) result.expected = expected;
  if (expected?.workload !== undefined) return checkWorkloadFixture(result, snapshot, expected, rules, langs);
  const named = (p: (typeof snapshot.pods)[number]) => (p.pod['metadata'] as Record<string, unknown> | undefined)?.['name'];
  const pods = expected?.pod !== undefined ? snapshot.pods.filter((p) => named(p) === expected.pod) : snapshot.pods;
  if (pods.length !== 1) result.invalid.push(expected?.pod !== undefined ? `expect.pod: found ${pods.length} pod(s) named "${expected.pod}"` : `expected exactly one Pod, found ${snapshot.pods.length} (name the one to check with expect.pod)`);
  // A pasted pod without "kind" is a realistic input, and so is a paste of kubectl text (what
  // it says it skipped is part of it); any other warning is a broken fixture.
  const pasted = snapshot.pods.some((p) => p.source?.format !== undefined);
  for (const w of snapshot.warnings) if (!/without "kind" was read as a Pod/.test(w) && !pasted) result.invalid.push(`warning: ${w}`);
  const known = new Set(rules.map((r) => r.id));
  for (const id of expected?.fires ?? []) if (!known.has(id)) result.invalid.push(`header: expect.fires: unknown rule "${id}"`);
  for (const id of expected?.hypotheses ?? []) if (!known.has(id)) result.invalid.push(`header: expect.hypotheses: unknown rule "${id}"`);
  if (result.invalid.length > 0 || !expected) return result;

  const pod = pods[0];
  if (!pod) return result;
  // one diagnosis, written in every language asked for
  const d = diagnosePod(pod, rules);
  result.diagnosis = d;
  result.fired = [...new Set(d.findings.map((f) => f.rule))].sort();
  result.rootCause = d.findings.find((f) => f.role === 'root-cause')?.rule ?? null;
  for (const lang of langs) result.renderProblems.push(...renderProblems(d.findings, wordsFor(rules, lang)));
  if (expected.mentions || expected.status) {
    // mentions are English words: checked against the English words
    const text = mentionPool(d, wordsFor(rules, 'en'));
    result.mentionsMissing = (expected.mentions ?? []).filter((m) => !text.includes(normalizeMention(m)));
    if (expected.status !== undefined && d.kubectl.status !== expected.status) result.statusMismatch = { expected: expected.status, got: d.kubectl.status ?? '<unknown>' };
  }
  result.missing = expected.fires.filter((id) => !result.fired.includes(id));
  result.unexpected = result.fired.filter((id) => !expected.fires.includes(id));
  result.rootCauseMismatch = expected.rootCause !== result.rootCause;
  result.hypotheses = [...new Set(d.hypotheses.map((h) => h.rule))].sort();
  result.hypothesesMissing = expected.hypotheses.filter((id) => !result.hypotheses.includes(id));
  result.hypothesesUnexpected = result.hypotheses.filter((id) => !expected.hypotheses.includes(id));
  if (expected.verdict !== undefined && expected.verdict !== d.verdict) result.verdictMismatch = { expected: expected.verdict, got: d.verdict };
  const exact =
    result.missing.length === 0 &&
    result.unexpected.length === 0 &&
    !result.rootCauseMismatch &&
    !result.statusMismatch &&
    result.renderProblems.length === 0 &&
    result.hypothesesMissing.length === 0 &&
    result.hypothesesUnexpected.length === 0 &&
    !result.verdictMismatch;
  if (expected.pending !== undefined) {
    // still pending: fine as long as everything else holds; answered: take the entry off
    result.pendingAnswered = result.mentionsMissing.length === 0;
    if (!result.pendingAnswered) result.pending = expected.pending;
    result.ok = exact && !result.pendingAnswered;
  } else result.ok = exact && result.mentionsMissing.length === 0;
  if (result.damage !== undefined) result.ok = false;
  return result;
}

/** A workload fixture: the workload's findings and its pods' root causes, exactly. */
function checkWorkloadFixture(result: FixtureResult, snapshot: Snapshot, expected: FixtureExpectation, rules: RuleSet, langs: Lang[]): FixtureResult {
  for (const w of workloadWarnings(snapshot.warnings)) result.invalid.push(`warning: ${w}`);
  const known = new Set(rules.map((r) => r.id));
  for (const id of expected.fires) if (!known.has(id)) result.invalid.push(`header: expect.fires: unknown rule "${id}"`);
  let input;
  try {
    const target = parseWorkloadTarget(expected.workload, undefined);
    if (!target) throw new Error(`expect.workload: "${expected.workload}" is not a workload`);
    input = workloadFromSnapshot(snapshot, target, undefined);
  } catch (e) {
    result.invalid.push((e as Error).message);
  }
  if (result.invalid.length > 0 || !input) return result;
  const d = diagnoseWorkload(input, rules);
  result.workload = d;
  const podRoots = d.groups.map((g) => g.rule).filter((r): r is string => r !== null);
  result.fired = [...new Set([...d.findings.map((f) => f.rule), ...podRoots])].sort();
  result.rootCause = d.rootCause?.rule ?? null;
  for (const lang of langs) {
    const w = wordsFor(rules, lang);
    result.renderProblems.push(...renderProblems(d.findings, w));
    for (const p of d.pods) result.renderProblems.push(...renderProblems(p.findings, w));
  }
  result.missing = expected.fires.filter((id) => !result.fired.includes(id));
  result.unexpected = result.fired.filter((id) => !expected.fires.includes(id));
  result.rootCauseMismatch = expected.rootCause !== result.rootCause;
  if (expected.mentions && result.workload) {
    const w = result.workload;
    const en = wordsFor(rules, 'en');
    const text = normalizeMention(w.findings.map((f) => mentionText(f, en)).join(' '));
    result.mentionsMissing = expected.mentions.filter((m) => !text.includes(normalizeMention(m)));
  }
  result.ok = result.missing.length === 0 && result.unexpected.length === 0 && !result.rootCauseMismatch && result.renderProblems.length === 0 && result.mentionsMissing.length === 0 && result.damage === undefined;
  return result;
}

/** One line (plus detail lines) describing a result, for test output and `podwhy test`. */
export function describeResult(r: FixtureResult): string {
  if (r.invalid.length > 0) return `INVALID ${r.file}\n${r.invalid.map((p) => `    ${p}`).join('\n')}`;
  if (r.ok && r.pending !== undefined) return `pend ${r.file} (${r.pending})`;
  if (r.ok) return `ok   ${r.file}`;
  const lines = [`FAIL ${r.file}`];
  if (r.damage !== undefined) lines.push(`    damaged input: ${r.damage} (a fixture of a post that was cut says so: truncated: true)`);
  if (r.unexpected.length > 0) lines.push(`    fired but not expected: ${r.unexpected.join(', ')}`);
  if (r.missing.length > 0) lines.push(`    expected but did not fire: ${r.missing.join(', ')}`);
  if (r.rootCauseMismatch) lines.push(`    root cause: expected ${r.expected?.rootCause ?? 'none'}, got ${r.rootCause ?? 'none'}`);
  if (r.hypothesesUnexpected.length > 0) lines.push(`    hypotheses given but not expected: ${r.hypothesesUnexpected.join(', ')}`);
  if (r.hypothesesMissing.length > 0) lines.push(`    hypotheses expected but not given: ${r.hypothesesMissing.join(', ')}`);
  if (r.verdictMismatch) lines.push(`    verdict: expected ${r.verdictMismatch.expected}, got ${r.verdictMismatch.got}`);
  if (r.statusMismatch) lines.push(`    status: expected ${r.statusMismatch.expected}, got ${r.statusMismatch.got || '(empty)'}`);
  if (r.mentionsMissing.length > 0 && r.expected?.pending === undefined) lines.push(`    the diagnosis does not mention: ${r.mentionsMissing.map((m) => JSON.stringify(m)).join(', ')}`);
  if (r.pendingAnswered) lines.push('    the diagnosis now mentions all of expect.mentions: take expect.pending off');
  for (const p of r.renderProblems) lines.push(`    render: ${p}`);
  return lines.join('\n');
}
