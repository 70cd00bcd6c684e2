// `podwhy rules [id]`: the catalogue as a table, or one rule in full with the fixtures that fire it.

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../model/errors.js';
import { BUILTIN_RULES_DIR, loadRules } from '../../catalogue/rule-files.js';
import { loadRuleSet } from '../../api/config.js';
import type { CompiledRule } from '../../rules/types.js';
import type { Lang } from '../../model/vocabulary.js';
import { DOCS_DIR, renderDocsPages, renderRulesIndex, spliceDocs, templateSource } from '../../rules/docs.js';
import type { IO } from '../io.js';
import { describeRule, fixtureIndex, fixturesFiring } from '../../api/rule-listing.js';
import { chooseLang } from '../options.js';

export { FIXTURES_DIR } from '../../catalogue/paths.js';
import { IN_EXECUTABLE } from '../../catalogue/paths.js';

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

export async function runRules(id: string | undefined, flags: { lang?: Lang; output: string; rules?: string[]; config?: string; write?: boolean }, io: IO): Promise<number> {
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
