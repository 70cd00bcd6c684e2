// The whole paste-variation suite: every variant (test/paste-variations.ts) of every real describe
// capture (fixtures/kubectl-describe/), checked against the property (test/paste-property.ts).
//
//   npm run variations                    build, run all, print the counts, write the failures
//   node dist/tools/testing/paste-variations-run.js [--check] [--report FILE] [--show ID…]
//
// Prints the number of variants and the pass rate overall, by variation kind and by fixture
// family (the stage of the fixture's root cause), the captures whose whole describe diagnoses
// otherwise than their YAML, and the most common failure patterns with an example each. Writes
// every failure to fixtures/kubectl-describe/known-failures.json (variant id → the clauses it
// fails), and says how that differs from the list it replaces; the fast slice in `npm test`
// (src/sources/text/paste-variations.test.ts) holds its variants to that list exactly.
//   --check       write nothing; exit 1 when the failures differ from the list
//   --report F    also write every failure with what podwhy said, one JSON object a line
//   --show ID     print the variant <capture>#<variant>, its reference and its diagnosis

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { diagnoseText, loadRules, type RuleSet } from '../../src/index.js';
import { CAPTURE_DIR, readIndex } from '../../test/kubectl-describe.js';
import { checkVariant, clauseKey, reference, type Outcome, type Reference } from '../../test/paste-property.js';
import { pasteVariations, variantById, variantKind, type Variant } from '../../test/paste-variations.js';

export const KNOWN_FAILURES = join(CAPTURE_DIR, 'known-failures.json');
const NOTE =
  'Paste variants of the real kubectl describe captures that break the property of test/paste-property.ts today, and the clauses they fail (a: decisive lines kept, another root cause; b-healthy / b-invented / b-missing; refused; crash; no-pod; split). Written by `npm run variations`; the fast slice in npm test holds its variants to this list exactly, so a variant that starts passing must leave it.';

export interface KnownFailures {
  [id: string]: string;
}

export function readKnownFailures(file = KNOWN_FAILURES): KnownFailures {
  if (!existsSync(file)) return {};
  const { '//': _note, ...rest } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return rest;
}

export interface Result {
  id: string;
  capture: string;
  variant: Variant;
  outcome: Outcome;
  ref: Reference;
}

/** Every capture's reference, in id order (captures the reference cannot be made for are thrown on). */
export function references(rules: RuleSet): Reference[] {
  const index = readIndex();
  return Object.keys(index.captures)
    .sort()
    .map((id) => reference(id, index.captures[id] as NonNullable<(typeof index.captures)[string]>, rules));
}

const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);

function table(title: string, rows: Map<string, { n: number; pass: number }>): string {
  const keys = [...rows.keys()].sort();
  const w = Math.max(title.length, ...keys.map((k) => k.length));
  const out = [`${title.padEnd(w)}  variants   pass`];
  for (const k of keys) {
    const r = rows.get(k) as { n: number; pass: number };
    out.push(`${k.padEnd(w)}  ${String(r.n).padStart(8)}  ${pct(r.pass, r.n).padStart(6)}`);
  }
  return out.join('\n');
}

const tally = (m: Map<string, { n: number; pass: number }>, k: string, ok: boolean) => {
  const r = m.get(k) ?? { n: 0, pass: 0 };
  r.n++;
  if (ok) r.pass++;
  m.set(k, r);
};

/** What podwhy said, in a few words, for a failure pattern. */
function said(o: Outcome): string {
  const holding = o.decisiveSeen > 0 ? ', decisive lines in it' : '';
  if (o.clauses[0] === 'refused' || o.clauses[0] === 'crash') return `${o.clauses[0]}${holding} (${(o.error ?? '').replace(/^<input>: /, '').replace(/ at line \d+/, '').replace(/ — .*$/, '').slice(0, 60)})`;
  if (o.clauses[0] === 'no-pod') return `no pod${holding}`;
  if (o.clauses[0] === 'split') return `${o.pods} pods`;
  return `${o.verdict}${o.root ? ` ${o.root}` : ', no root cause'}`;
}

/** The pattern a failure belongs to: its clauses, the kind of cut or reshape (a combination by its cut), and what was said. */
function pattern(r: Result): string {
  const [cut, reshape] = r.variant.id.split('+') as [string, string | undefined];
  const kind = `${variantKind(cut)}${reshape !== undefined ? '+reshape' : ''}`;
  return `${clauseKey(r.outcome)} · ${kind} · said ${said(r.outcome)}`;
}

/** A coarser pattern: clauses and what was said, over every kind and fixture. */
function coarse(r: Result): string {
  const s = said(r.outcome).replace(/ \(.*\)$/, '');
  return `${clauseKey(r.outcome)} · said ${s}`;
}

function show(id: string, refs: Map<string, Reference>, rules: RuleSet): void {
  const [cap, vid] = id.split('#') as [string, string | undefined];
  const ref = refs.get(cap);
  if (!ref || vid === undefined) throw new Error(`${id}: no such capture (ids are <capture>#<variant>)`);
  const v = variantById(ref.text, cap, vid);
  if (!v) throw new Error(`${id}: no such variant of ${cap}`);
  const o = checkVariant(ref, v, rules);
  const p = o.pods === 1 ? diagnoseText(v.text, { rules, now: ref.capture.capturedAt }).pods[0] : undefined;
  process.stdout.write(`== ${id} (${v.kind}${v.whole ? ', every line' : ''})\n${v.text}${v.text.endsWith('\n') ? '' : '\n'}==\n`);
  process.stdout.write(`reference: ${ref.root ?? 'no root cause'} (${ref.verdict}); fires ${ref.fires.join(', ') || 'nothing'}; YAML: ${ref.yaml.root ?? 'no root cause'} (${ref.yaml.verdict})\n`);
  process.stdout.write(`decisive lines: ${ref.decisive.map((d) => JSON.stringify(d.line)).join(', ') || '(none: every line)'}; kept: ${o.decisiveKept}\n`);
  process.stdout.write(`variant: ${said(o)}; findings ${p?.findings.map((f) => `${f.rule}/${f.role}`).join(', ') || '-'}; missing ${p?.input?.missing.map((m) => m.fact).join(', ') || '-'}\n`);
  process.stdout.write(`property: ${o.clauses.length === 0 ? 'holds' : `fails ${clauseKey(o)}`}\n`);
}

function main(args: string[]): number {
  const check = args.includes('--check');
  const reportAt = args.indexOf('--report');
  const reportFile = reportAt >= 0 ? args[reportAt + 1] : undefined;
  const shows = args.flatMap((a, i) => (args[i - 1] === '--show' ? [a] : []));
  const rules = loadRules();
  const t0 = Date.now();
  const refs = references(rules);
  if (shows.length > 0) {
    const byId = new Map(refs.map((r) => [r.id, r]));
    for (const id of shows) show(id, byId, rules);
    return 0;
  }
  const results: Result[] = [];
  for (const ref of refs) for (const v of pasteVariations(ref.text, ref.id)) results.push({ id: `${ref.id}#${v.id}`, capture: ref.id, variant: v, outcome: checkVariant(ref, v, rules), ref });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);

  const byKind = new Map<string, { n: number; pass: number }>();
  const byFamily = new Map<string, { n: number; pass: number }>();
  const byClause = new Map<string, number>();
  let pass = 0;
  let underA = 0;
  for (const r of results) {
    const ok = r.outcome.clauses.length === 0;
    if (ok) pass++;
    if (r.outcome.decisiveKept) underA++;
    tally(byKind, r.variant.kind, ok);
    tally(byFamily, r.ref.family, ok);
    for (const c of r.outcome.clauses) byClause.set(c, (byClause.get(c) ?? 0) + 1);
  }
  const out: string[] = [];
  out.push(`${refs.length} captures, ${results.length} variants in ${secs}s: ${pass} hold the property (${pct(pass, results.length)})`);
  out.push(`${underA} variants keep every decisive line (clause a), ${results.length - underA} do not (clause b)`);
  out.push(`failing clauses: ${[...byClause].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ')}`);
  out.push('', table('kind', byKind), '', table('family', byFamily));

  const differ = refs.filter((r) => r.root !== r.yaml.root || r.verdict !== r.yaml.verdict);
  out.push('', `${differ.length} captures whose whole describe diagnoses otherwise than their YAML (the describe's is their variants' reference):`);
  for (const r of differ) out.push(`  ${r.id}: YAML ${r.yaml.root ?? 'no root cause'} (${r.yaml.verdict}), describe ${r.root ?? 'no root cause'} (${r.verdict})`);

  const failures = results.filter((r) => r.outcome.clauses.length > 0);
  const group = (key: (r: Result) => string) => {
    const m = new Map<string, Result[]>();
    for (const r of failures) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
    return [...m].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  };
  // with how many captures a pattern is seen in, and an example id (--show replays it)
  const line = ([k, rs]: [string, Result[]]) => `  ${String(rs.length).padStart(5)} in ${String(new Set(rs.map((r) => r.capture)).size).padStart(3)} captures  ${k}   e.g. ${(rs[0] as Result).id}`;
  out.push('', 'most common failures (clauses · said):');
  out.push(...group(coarse).slice(0, 15).map(line));
  out.push('', 'most common failure patterns (clauses · kind · said):');
  out.push(...group(pattern).slice(0, 30).map(line));

  const now: KnownFailures = Object.fromEntries(failures.map((r) => [r.id, clauseKey(r.outcome)] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const before = readKnownFailures();
  const newly = Object.keys(now).filter((id) => before[id] === undefined);
  const fixed = Object.keys(before).filter((id) => now[id] === undefined);
  const changed = Object.keys(now).filter((id) => before[id] !== undefined && before[id] !== now[id]);
  out.push('', `against ${KNOWN_FAILURES}: ${newly.length} newly failing, ${fixed.length} now passing, ${changed.length} failing another clause`);
  for (const id of [...newly.slice(0, 10)]) out.push(`  newly failing ${id}: ${now[id]}`);
  for (const id of [...fixed.slice(0, 10)]) out.push(`  now passing ${id} (was ${before[id]})`);
  for (const id of [...changed.slice(0, 10)]) out.push(`  ${id}: ${before[id]} → ${now[id]}`);
  process.stdout.write(`${out.join('\n')}\n`);

  if (reportFile) {
    writeFileSync(
      reportFile,
      failures.map((r) => JSON.stringify({ id: r.id, kind: r.variant.kind, family: r.ref.family, clauses: r.outcome.clauses, said: { root: r.outcome.root, verdict: r.outcome.verdict, pods: r.outcome.pods, error: r.outcome.error }, decisive: { kept: r.outcome.decisiveKept, seen: r.outcome.decisiveSeen, of: r.ref.decisive.length }, want: { root: r.ref.root, verdict: r.ref.verdict } })).join('\n') + '\n',
    );
  }
  const same = newly.length === 0 && fixed.length === 0 && changed.length === 0;
  if (check) return same ? 0 : 1;
  if (!same) {
    const body = Object.entries(now).map(([id, c]) => `  ${JSON.stringify(id)}: ${JSON.stringify(c)}`);
    writeFileSync(KNOWN_FAILURES, `{\n  "//": ${JSON.stringify(NOTE)},\n${body.join(',\n')}\n}\n`);
    process.stdout.write(`wrote ${Object.keys(now).length} failures to ${KNOWN_FAILURES}\n`);
  }
  return 0;
}

if (process.argv[1] && basename(process.argv[1]) === 'paste-variations-run.js') {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`paste-variations-run: ${(e as Error).message}\n`);
    process.exitCode = 1;
  }
}


