// The rules' generated documentation (`npm run docs`, i.e. `podwhy rules docs --write`):
//
// - rules/docs/<id>.md: one page per built-in rule, with all its text in every language it has
//   (title, explanation, remedies), its severity, stage and scope, evidence, the commands it
//   suggests, the rules it supersedes and is superseded by, its docs links and the fixtures that
//   fire it;
// - rules/docs/facts.md: the fact catalogue rule authors write against;
// - the generated part of rules/README.md: the index, one table row per rule linking its page.
//
// A test fails when a page, the index or the set of pages differs from this output (a stale page,
// or a page left behind by a removed rule). Nothing here reads or writes files: the command does.

import { allPaths } from '../facts/catalog.js';
import { LANGS, STAGES, type Lang } from '../model/vocabulary.js';
import type { CompiledRule, Template } from './types.js';

export const BEGIN = '<!-- BEGIN GENERATED: `npm run docs` rewrites everything down to END GENERATED -->';
export const END = '<!-- END GENERATED -->';

/** The folder of the pages, inside rules/ (the rule loader skips it). */
export const DOCS_DIR = 'docs';
/** The fact catalogue's page in DOCS_DIR; no rule may take its name. */
export const FACTS_PAGE = 'facts.md';

/** Headings of a page's per-language sections. */
const LANGUAGE: Record<Lang, { name: string; remedies: string }> = {
  en: { name: 'English', remedies: 'What to do' },
  ko: { name: '한국어', remedies: '조치 방법' },
};

export function templateSource(t: Template): string {
  return t
    .map((p) =>
      p.lit !== undefined ? p.lit : `{{${(p.path ?? []).join('.')}${(p.filters ?? []).map((f) => ` | ${f.name}${f.arg !== undefined ? ` "${f.arg}"` : ''}`).join('')}}}`,
    )
    .join('');
}

const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The page file name of a rule, relative to DOCS_DIR. */
export const pageOf = (id: string) => `${id}.md`;

function byStage(rules: readonly CompiledRule[]): CompiledRule[] {
  return [...rules].sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage) || (a.id < b.id ? -1 : 1));
}

/** The generated part of rules/README.md: the index of the rules, each linking its page. */
export function renderRulesIndex(rules: readonly CompiledRule[]): string {
  const out: string[] = [BEGIN, '', `## Rule catalogue (${rules.length} rules)`, ''];
  out.push(`One page per rule in [${DOCS_DIR}/](${DOCS_DIR}/), with its text in every language, its evidence and the fixtures that fire it; the facts rules match on are in [${DOCS_DIR}/${FACTS_PAGE}](${DOCS_DIR}/${FACTS_PAGE}).`, '');
  out.push('| rule | severity | stage | scope | title |', '|---|---|---|---|---|');
  for (const r of byStage(rules)) out.push(`| [${r.id}](${DOCS_DIR}/${pageOf(r.id)}) | ${r.severity} | ${r.stage} | ${r.scope}${r.fallback ? ' (fallback)' : ''} | ${esc(templateSource(r.text.en.title))} |`);
  out.push('', END, '');
  return out.join('\n');
}

/** One rule's page. `rules` (all of them) gives the rules that supersede it. */
export function renderRulePage(r: CompiledRule, rules: readonly CompiledRule[], fixtures: readonly string[]): string {
  const link = (id: string) => `[${id}](${pageOf(id)})`;
  const out: string[] = [`<!-- Generated from rules/${r.id}.yaml by \`npm run docs\`: edit the rule, not this page. -->`, '', `# ${r.id}`, ''];
  out.push(`**${templateSource(r.text.en.title)}**`, '');
  out.push(`Severity ${r.severity}, stage ${r.stage}, ${r.scope} scope${r.fallback ? ', fallback (fires only when no other rule explains the pod)' : ''}. All rules: [../README.md](../README.md).`);
  for (const lang of LANGS) {
    const t = r.text[lang];
    if (!t) continue;
    out.push('', `## ${LANGUAGE[lang].name}`, '');
    if (lang !== 'en') out.push(`**${templateSource(t.title)}**`, '');
    out.push(templateSource(t.explanation).trim(), '', `${LANGUAGE[lang].remedies}:`, '');
    t.remedies.forEach((x, i) => out.push(`${i + 1}. ${templateSource(x)}`));
  }
  out.push('', '## Details', '');
  out.push(`Evidence: ${r.evidence.map((e) => `\`${e.path}\``).join(', ')}`);
  if (r.commands.length > 0) out.push('', 'Commands:', '', ...r.commands.map((c) => `- \`${templateSource(c)}\``));
  if (r.supersedes.size > 0) out.push('', `Supersedes: ${[...r.supersedes].sort().map(link).join(', ')}`);
  const by = rules.filter((x) => x.supersedes.has(r.id)).map((x) => x.id).sort();
  if (by.length > 0) out.push('', `Superseded by: ${by.map(link).join(', ')}`);
  out.push('', `Languages: ${Object.keys(r.text).sort().join(', ')}`);
  out.push('', `Docs: ${r.docs.map((d) => `<${d}>`).join(', ')}`);
  out.push('', `Fixtures: ${fixtures.length > 0 ? fixtures.map((f) => `[${f}](../../fixtures/${f})`).join(', ') : '(none)'}`, '');
  return out.join('\n');
}

/** The fact catalogue's page. */
export function renderFactsPage(): string {
  const out: string[] = ['<!-- Generated from src/facts/catalog.ts by `npm run docs`. -->', '', '# Fact catalogue', ''];
  out.push('Paths a rule may use in `fact:`, `some:`, `evidence:` and `{{placeholders}}`. The rules: [../README.md](../README.md).', '');
  out.push('| path | type | meaning |', '|---|---|---|');
  for (const { path, node } of allPaths()) {
    const type = node.type === 'list' ? 'list' : node.type;
    out.push(`| \`${path}\` | ${type} | ${esc(node.doc)} |`);
  }
  out.push('');
  return out.join('\n');
}

/** Every page of DOCS_DIR: file name → content. */
export function renderDocsPages(rules: readonly CompiledRule[], fixturesByRule: ReadonlyMap<string, string[]>): Map<string, string> {
  const pages = new Map<string, string>([[FACTS_PAGE, renderFactsPage()]]);
  for (const r of byStage(rules)) {
    if (pages.has(pageOf(r.id))) throw new Error(`rule "${r.id}": its page ${DOCS_DIR}/${pageOf(r.id)} is taken by the fact catalogue; choose another id`);
    pages.set(pageOf(r.id), renderRulePage(r, rules, fixturesByRule.get(r.id) ?? []));
  }
  return pages;
}

/** What differs between the pages on disk (name → content) and the generated ones, one line each. */
export function staleDocs(onDisk: ReadonlyMap<string, string>, generated: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const [name, text] of generated) {
    const have = onDisk.get(name);
    if (have === undefined) out.push(`${DOCS_DIR}/${name}: missing`);
    else if (have !== text) out.push(`${DOCS_DIR}/${name}: stale`);
  }
  for (const name of onDisk.keys()) if (!generated.has(name)) out.push(`${DOCS_DIR}/${name}: no rule has this page (a removed or renamed rule?)`);
  return out.sort();
}

/** Replace the generated part of a README text (or append it when there is none). */
export function spliceDocs(readme: string, generated: string): string {
  const b = readme.indexOf(BEGIN);
  const e = readme.indexOf(END);
  if (b < 0 || e < 0) return `${readme.trimEnd()}\n\n${generated}`;
  return readme.slice(0, b) + generated.trimEnd() + readme.slice(e + END.length);
}

/** The generated part of a README text, or undefined. */
export function generatedPart(readme: string): string | undefined {
  const b = readme.indexOf(BEGIN);
  const e = readme.indexOf(END);
  return b < 0 || e < 0 ? undefined : readme.slice(b, e + END.length);
}
