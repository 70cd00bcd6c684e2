// The fixture runner: a fixture file declares the exact set of rules its pod must fire and the
// root cause; this checks one file against the rules. Exact sets make every fixture a negative
// test for every rule it does not list. Used by the test suite (and by `podwhy test`).

import type { CompiledRule, Lang } from '../rules/types.js';
import { snapshotFromTexts } from '../sources/file.js';
import { time } from '../util/json.js';
import { diagnosePod } from './diagnose.js';
import type { Finding, PodDiagnosis } from './types.js';

export interface FixtureExpectation {
  fires: string[];
  rootCause: string | null;
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
  /** Rendering problems: unfilled placeholders, "undefined" in text. */
  renderProblems: string[];
  diagnosis?: PodDiagnosis;
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
  return { fires: [...fires].sort(), rootCause };
}

const BAD_TEXT = /\{\{|\}\}|\bundefined\b|\bNaN\b|\[object Object\]/;

export function renderProblems(findings: Finding[], lang: string): string[] {
  const out: string[] = [];
  for (const f of findings) {
    const texts = [f.title, f.explanation, ...f.remedies, ...f.commands];
    for (const t of texts) {
      const m = BAD_TEXT.exec(t);
      if (m) out.push(`${f.rule} (${lang}): "${m[0]}" in: ${t.slice(0, 120)}`);
    }
  }
  return out;
}

/** Check one fixture file's text. `langs` are rendered and checked for leftovers. */
export function checkFixture(file: string, text: string, rules: readonly CompiledRule[], langs: Lang[] = ['en']): FixtureResult {
  const result: FixtureResult = {
    file,
    invalid: [],
    fired: [],
    rootCause: null,
    missing: [],
    unexpected: [],
    rootCauseMismatch: false,
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
  if (header.now === undefined || time(header.now) === undefined) result.invalid.push('header: now: required, an RFC 3339 time (the instant the pod was captured)');
  const expected = readExpectation(header.expect, result.invalid);
  if (expected) result.expected = expected;
  if (snapshot.pods.length !== 1) result.invalid.push(`expected exactly one Pod, found ${snapshot.pods.length}`);
  // A pasted pod without "kind" is a realistic input; any other warning is a broken fixture.
  for (const w of snapshot.warnings) if (!/without "kind" was read as a Pod/.test(w)) result.invalid.push(`warning: ${w}`);
  const known = new Set(rules.map((r) => r.id));
  for (const id of expected?.fires ?? []) if (!known.has(id)) result.invalid.push(`header: expect.fires: unknown rule "${id}"`);
  if (result.invalid.length > 0 || !expected) return result;

  const pod = snapshot.pods[0];
  if (!pod) return result;
  for (const lang of langs) {
    const d = diagnosePod(pod, rules, { lang });
    if (lang === langs[0]) {
      result.diagnosis = d;
      result.fired = [...new Set(d.findings.map((f) => f.rule))].sort();
      result.rootCause = d.findings.find((f) => f.role === 'root-cause')?.rule ?? null;
    }
    result.renderProblems.push(...renderProblems(d.findings, lang));
  }
  result.missing = expected.fires.filter((id) => !result.fired.includes(id));
  result.unexpected = result.fired.filter((id) => !expected.fires.includes(id));
  result.rootCauseMismatch = expected.rootCause !== result.rootCause;
  result.ok = result.missing.length === 0 && result.unexpected.length === 0 && !result.rootCauseMismatch && result.renderProblems.length === 0;
  return result;
}

/** One line (plus detail lines) describing a result, for test output and `podwhy test`. */
export function describeResult(r: FixtureResult): string {
  if (r.invalid.length > 0) return `INVALID ${r.file}\n${r.invalid.map((p) => `    ${p}`).join('\n')}`;
  if (r.ok) return `ok   ${r.file}`;
  const lines = [`FAIL ${r.file}`];
  if (r.unexpected.length > 0) lines.push(`    fired but not expected: ${r.unexpected.join(', ')}`);
  if (r.missing.length > 0) lines.push(`    expected but did not fire: ${r.missing.join(', ')}`);
  if (r.rootCauseMismatch) lines.push(`    root cause: expected ${r.expected?.rootCause ?? 'none'}, got ${r.rootCause ?? 'none'}`);
  for (const p of r.renderProblems) lines.push(`    render: ${p}`);
  return lines.join('\n');
}
