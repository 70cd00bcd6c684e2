// The generated part of rules/README.md: the catalogue of rules (grouped by lifecycle stage, with
// the fixtures that fire each one) and the fact catalogue rule authors write against. A test
// fails when the file differs from this output (`npm run docs` rewrites it).

import { allPaths } from '../facts/catalog.js';
import { STAGES } from '../model/vocabulary.js';
import type { CompiledRule, Template } from './types.js';

export const BEGIN = '<!-- BEGIN GENERATED: `npm run docs` rewrites everything down to END GENERATED -->';
export const END = '<!-- END GENERATED -->';

export function templateSource(t: Template): string {
  return t
    .map((p) =>
      p.lit !== undefined ? p.lit : `{{${(p.path ?? []).join('.')}${(p.filters ?? []).map((f) => ` | ${f.name}${f.arg !== undefined ? ` "${f.arg}"` : ''}`).join('')}}}`,
    )
    .join('');
}

const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderRulesDocs(rules: readonly CompiledRule[], fixturesByRule: ReadonlyMap<string, string[]>): string {
  const sorted = [...rules].sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage) || (a.id < b.id ? -1 : 1));
  const out: string[] = [BEGIN, '', `## Rule catalogue (${rules.length} rules)`, ''];
  out.push('| rule | severity | stage | scope | title |', '|---|---|---|---|---|');
  for (const r of sorted) out.push(`| [${r.id}](#${r.id}) | ${r.severity} | ${r.stage} | ${r.scope}${r.fallback ? ' (fallback)' : ''} | ${esc(templateSource(r.text.en.title))} |`);
  for (const stage of STAGES) {
    const inStage = sorted.filter((r) => r.stage === stage);
    if (inStage.length === 0) continue;
    out.push('', `### Stage: ${stage}`);
    for (const r of inStage) {
      const t = r.text.en;
      out.push('', `#### ${r.id}`, '', `**${templateSource(t.title)}** — ${r.severity}, ${r.scope} scope${r.fallback ? ', fallback' : ''}.`, '');
      out.push(`${templateSource(t.explanation).trim()}`, '', 'Remedies:', '');
      t.remedies.forEach((x, i) => out.push(`${i + 1}. ${templateSource(x)}`));
      out.push('', `Evidence: ${r.evidence.map((e) => `\`${e.path}\``).join(', ')}`);
      if (r.supersedes.size > 0) out.push('', `Supersedes: ${[...r.supersedes].sort().map((s) => `[${s}](#${s})`).join(', ')}`);
      const langs = Object.keys(r.text).sort().join(', ');
      out.push('', `Languages: ${langs}`);
      out.push('', `Docs: ${r.docs.map((d) => `<${d}>`).join(', ')}`);
      const fx = fixturesByRule.get(r.id) ?? [];
      out.push('', `Fixtures: ${fx.length > 0 ? fx.map((f) => `[${f}](../fixtures/${f})`).join(', ') : '(none)'}`);
    }
  }
  out.push('', '## Fact catalogue', '', 'Paths a rule may use in `fact:`, `some:`, `evidence:` and `{{placeholders}}`.', '');
  out.push('| path | type | meaning |', '|---|---|---|');
  for (const { path, node } of allPaths()) {
    const type = node.type === 'list' ? 'list' : node.type;
    out.push(`| \`${path}\` | ${type} | ${esc(node.doc)} |`);
  }
  out.push('', END, '');
  return out.join('\n');
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
