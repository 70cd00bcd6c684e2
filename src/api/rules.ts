// The rule catalogue: the rules as a table's rows, one rule in full with the fixtures that fire it
// (`podwhy rules [id]`), and the generated docs (`podwhy rules docs [--write]`).

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../model/errors.js';
import { BUILTIN_RULES_DIR, loadRules } from '../catalogue/rule-files.js';
import { loadRuleSet } from './config.js';
import type { CompiledRule } from '../rules/types.js';
import type { RuleSet } from '../rules/plan.js';
import type { Lang } from '../model/vocabulary.js';
import { DOCS_DIR, renderDocsPages, renderRulesIndex, spliceDocs, templateSource } from '../rules/docs.js';
import { describeRule, fixtureIndex, fixturesFiring } from './rule-listing.js';

export { FIXTURES_DIR } from '../catalogue/paths.js';
import { IN_EXECUTABLE } from '../catalogue/paths.js';

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

/** The built-in rules (the package's rules/ folder). */
export function builtinRules(): RuleSet {
  return loadRules([BUILTIN_RULES_DIR]);
}

/** The rules index of rules/README.md, generated from the built-in rules. */
export function rulesIndex(): string {
  return renderRulesIndex(builtinRules());
}

/** Write rules/README.md's index and one page per rule in rules/docs/ (a source checkout only); what was written. */
export function writeRuleDocs(): { file: string; pages: number; dir: string; gone: string[] } {
  if (IN_EXECUTABLE) throw new UsageError('rules docs --write updates rules/README.md and rules/docs/ in a source checkout; run it there (npm run docs)');
  const rules = builtinRules();
  const generated = renderRulesIndex(rules);
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
  return { file, pages: pages.size, dir, gone };
}

/** The rule set of a run (built-in rules, --rules folders, .podwhy.yaml) as table rows, by id. */
export function ruleRows(rules: readonly CompiledRule[], lang: Lang): ReturnType<typeof ruleSummary>[] {
  return rules.map((r) => ruleSummary(r, lang)).sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** One rule by id; a UsageError naming close ids when there is none. */
export function findRule(rules: readonly CompiledRule[], id: string): CompiledRule {
  const r = rules.find((x) => x.id === id);
  if (r) return r;
  const close = rules.map((x) => x.id).filter((x) => x.includes(id) || id.includes(x));
  throw new UsageError(`no rule "${id}"${close.length ? ` (did you mean ${close.slice(0, 3).join(', ')}?)` : ''} — run podwhy rules for the list`);
}

/** One rule in full, as `podwhy rules ID -o json` prints it. */
export function ruleJson(r: CompiledRule, lang: Lang): Record<string, unknown> {
  const t = r.text[lang] ?? r.text.en;
  return {
    ...ruleSummary(r, lang),
    explanation: source(t.explanation),
    remedies: t.remedies.map(source),
    evidence: r.evidence.map((e) => e.path),
    supersedes: [...r.supersedes],
    fallback: r.fallback,
    docs: r.docs,
    fixtures: fixturesFiring(r.id),
  };
}

export { describeRule, loadRuleSet };
export type { CompiledRule };

/** The built-in rules' ids and English titles (shell completion). */
export function ruleTitles(): { id: string; title: string }[] {
  return builtinRules().map((r) => ({ id: r.id, title: source(r.text.en.title) }));
}
