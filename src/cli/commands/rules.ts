// `podwhy rules [id]`: the catalogue as a table, or one rule in full with the fixtures that fire it.

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../errors.js';
import { BUILTIN_RULES_DIR, loadRules } from '../../rules/load.js';
import { loadRuleSet } from '../../config.js';
import type { CompiledRule, Lang } from '../../rules/types.js';
import { DOCS_DIR, renderDocsPages, renderRulesIndex, spliceDocs, templateSource } from '../../rules/docs.js';
import { parseText } from '../../sources/file.js';
import { isObject } from '../../util/json.js';
import type { IO } from '../io.js';
import { chooseLang } from './diagnose.js';

export { FIXTURES_DIR } from '../../paths.js';
import { embeddedAsset, FIXTURES_DIR, IN_EXECUTABLE } from '../../paths.js';

/** rule id → fixture file names whose header lists it in expect.fires. */
export function fixtureIndex(dir = FIXTURES_DIR): Map<string, string[]> {
  // the single executable carries the index of its build's fixtures (src/build/release.ts)
  if (IN_EXECUTABLE && dir === FIXTURES_DIR) return new Map(Object.entries(JSON.parse(embeddedAsset('fixture-index.json')) as Record<string, string[]>));
  const index = new Map<string, string[]>();
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.yaml')).sort();
  } catch {
    return index;
  }
  for (const n of names) {
    try {
      const docs = parseText(readFileSync(join(dir, n), 'utf8'), n);
      const header = docs.find((d) => isObject(d.value) && d.value['kind'] === 'PodwhyFixture')?.value as Record<string, unknown> | undefined;
      const fires = isObject(header?.['expect']) ? (header['expect'] as Record<string, unknown>)['fires'] : undefined;
      if (!Array.isArray(fires)) continue;
      for (const id of fires) if (typeof id === 'string') index.set(id, [...(index.get(id) ?? []), n]);
    } catch {
      // an unreadable fixture is the fixture runner's business, not this listing's
    }
  }
  return index;
}

/** Fixture files whose header lists `id` in expect.fires. */
export function fixturesFiring(id: string, dir = FIXTURES_DIR): string[] {
  return (fixtureIndex(dir).get(id) ?? []).map((n) => `fixtures/${n}`);
}

const source = templateSource;

/** The *.md files of a docs folder (none when it does not exist). */
export function docsPagesIn(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith('.md')).sort();
  } catch {
    return [];
  }
}

export function ruleSummary(r: CompiledRule, lang: Lang) {
  const t = r.text[lang] ?? r.text.en;
  return { id: r.id, severity: r.severity, stage: r.stage, scope: r.scope, title: source(t.title) };
}

/** One rule in full, as text lines. */
export function describeRule(r: CompiledRule, lang: Lang): string[] {
  const t = r.text[lang] ?? r.text.en;
  const fixtures = fixturesFiring(r.id);
  const lines = [
    `${r.id}  [${r.severity}]  stage ${r.stage}, scope ${r.scope}${r.fallback ? ', fallback' : ''}`,
    source(t.title),
    '',
    source(t.explanation),
    '',
    'Remedies:',
    ...t.remedies.map((x, i) => `  ${i + 1}. ${source(x)}`),
    '',
    `Evidence: ${r.evidence.map((e) => e.path).join(', ')}`,
  ];
  if (r.supersedes.size > 0) lines.push(`Supersedes: ${[...r.supersedes].join(', ')}`);
  lines.push(`Docs: ${r.docs.join(' ')}`, `Fixtures: ${fixtures.length > 0 ? fixtures.join(', ') : '(none)'}`);
  return lines;
}

export async function runRules(id: string | undefined, flags: { lang?: string; output: string; rules?: string[]; config?: string; write?: boolean }, io: IO): Promise<number> {
  const lang = chooseLang(flags.lang, io.env);
  // The generated catalogue documents the built-in rules only.
  const rules = id === 'docs' ? loadRules([BUILTIN_RULES_DIR]) : loadRuleSet(io.cwd, flags).rules;
  if (id === 'docs') {
    const generated = renderRulesIndex(rules);
    if (!flags.write) {
      io.out(generated);
      return 0;
    }
    if (IN_EXECUTABLE) throw new UsageError('rules docs --write updates rules/README.md and rules/docs/ in a source checkout; run it there (npm run docs)');
    const pages = renderDocsPages(rules, fixtureIndex());
    const file = join(BUILTIN_RULES_DIR, 'README.md');
    let readme = '';
    try {
      readme = readFileSync(file, 'utf8');
    } catch {
      // first generation: the file is created
    }
    writeFileSync(file, spliceDocs(readme, generated));
    const dir = join(BUILTIN_RULES_DIR, DOCS_DIR);
    mkdirSync(dir, { recursive: true });
    // a page whose rule is gone goes with it
    const gone = docsPagesIn(dir).filter((n) => !pages.has(n));
    for (const n of gone) rmSync(join(dir, n));
    for (const [n, text] of pages) writeFileSync(join(dir, n), text);
    io.err(`podwhy: wrote ${file} and ${pages.size} pages in ${dir}${gone.length > 0 ? ` (removed ${gone.join(', ')})` : ''}\n`);
    return 0;
  }
  if (id === undefined) {
    const rows = rules.map((r) => ruleSummary(r, lang)).sort((a, b) => (a.id < b.id ? -1 : 1));
    if (flags.output === 'json') {
      io.out(`${JSON.stringify({ rules: rows }, null, 2)}\n`);
      return 0;
    }
    const w = Math.max(...rows.map((r) => r.id.length));
    io.out(`${'ID'.padEnd(w)}   SEVERITY   STAGE         TITLE\n`);
    for (const r of rows) io.out(`${r.id.padEnd(w)}   ${r.severity.padEnd(8)}   ${r.stage.padEnd(11)}   ${r.title}\n`);
    io.out(`\n${rows.length} rules\n`);
    return 0;
  }
  const r = rules.find((x) => x.id === id);
  if (!r) {
    const close = rules.map((x) => x.id).filter((x) => x.includes(id) || id.includes(x));
    throw new UsageError(`no rule "${id}"${close.length ? ` (did you mean ${close.slice(0, 3).join(', ')}?)` : ''} — run podwhy rules for the list`);
  }
  if (flags.output === 'json') {
    const t = r.text[lang] ?? r.text.en;
    io.out(
      `${JSON.stringify(
        {
          ...ruleSummary(r, lang),
          explanation: source(t.explanation),
          remedies: t.remedies.map(source),
          evidence: r.evidence.map((e) => e.path),
          supersedes: [...r.supersedes],
          fallback: r.fallback,
          docs: r.docs,
          fixtures: fixturesFiring(r.id),
        },
        null,
        2,
      )}\n`,
    );
    return 0;
  }
  const lines = describeRule(r, lang);
  io.out(`${lines.join('\n')}\n`);
  return 0;
}
