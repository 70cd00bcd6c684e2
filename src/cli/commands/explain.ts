// `podwhy explain <term>`: offline knowledge for a reason, status, condition, event, exit code,
// signal or rule id. Unknown terms exit 2 with the closest matches suggested.

import { EXIT_MEANINGS } from '../../i18n/vocab.js';
import { UI } from '../../i18n/ui.js';
import { UsageError } from '../../model/errors.js';
import { explain, type Explained } from '../../catalogue/explain.js';
import { loadGlossary } from '../../catalogue/glossary.js';
import type { TermText } from '../../i18n/glossary.js';
import { BUILTIN_RULES_DIR, loadRules } from '../../catalogue/rule-files.js';
import type { Lang } from '../../model/vocabulary.js';
import { wrap } from '../../render/layout.js';
import { SIGNALS } from '../../facts/extractors/exit-code.js';
import type { IO } from '../io.js';
import { chooseLang } from '../options.js';
import { describeRule } from '../../api/rule-listing.js';

function textBlock(t: TermText, lang: Lang, cols: number): string[] {
  const ui = UI[lang].explain;
  const out = ['', ...wrap(t.summary, cols)];
  if (t.causes.length > 0) {
    out.push('', ui.causes);
    t.causes.forEach((c, i) => out.push(...wrap(c, cols, '     ', `  ${i + 1}. `)));
  }
  if (t.check.length > 0) {
    out.push('', ui.check);
    for (const c of t.check) out.push(...wrap(c, cols, '    ', '  • '));
  }
  return out;
}

export function renderExplained(e: Exclude<Explained, { kind: 'unknown' }>, lang: Lang, cols = 80): string[] {
  const ui = UI[lang];
  const ex = ui.explain;
  if (e.kind === 'rule') return describeRule(e.rule, lang);
  if (e.kind === 'exit-code') {
    const lines = [`${ex.exitCode} ${e.code}`, `${ex.categories['exit-code']} · ${ex.stage}: ${ui.stages['runtime']}`, ''];
    // A notable code has its own entry; any other gets its meaning (and signal) computed.
    if (e.term) lines.push(...textBlock(e.term.text[lang], lang, cols).slice(1));
    else {
      lines.push(...wrap(`${e.code}: ${EXIT_MEANINGS[lang][e.meaning] ?? e.meaning}.`, cols));
      const n = Object.entries(SIGNALS).find(([, name]) => name === e.signal)?.[0];
      if (e.signal && n && e.code > 128) lines.push(...wrap(ex.signalFrom(e.code, Number(n), e.signal), cols));
    }
    if (e.term && e.term.rules.length > 0) lines.push('', `${ex.rules}: ${e.term.rules.join(', ')}`, `  (${ex.ruleHint})`);
    return lines;
  }
  const t = e.term;
  const title = e.status ? ex.conditionStatus(t.name, e.status) : e.query === t.name || !e.init ? t.name : e.query;
  const lines = [title, `${ex.categories[t.category] ?? t.category} · ${ex.stage}: ${ui.stages[t.stage] ?? t.stage}`];
  if (e.init) lines.push('', ...wrap(ex.initNote(t.name), cols));
  lines.push(...textBlock(t.text[lang], lang, cols));
  if (t.rules.length > 0) lines.push('', `${ex.rules}: ${t.rules.join(', ')}`, `  (${ex.ruleHint})`);
  return lines;
}

export async function runExplain(query: string, flags: { lang?: Lang; output: string }, io: IO): Promise<number> {
  const lang = chooseLang(flags.lang, io.env);
  const rules = loadRules([BUILTIN_RULES_DIR]);
  const e = explain(query, loadGlossary(), rules);
  if (e.kind === 'unknown') {
    const ui = UI[lang].explain;
    const hint = ` — ${e.suggestions.length > 0 ? ui.didYouMean(e.suggestions) : ui.tryHint}`;
    throw new UsageError(`${ui.unknownTerm(e.query)}${hint}`);
  }
  if (flags.output === 'json') {
    const obj =
      e.kind === 'rule'
        ? { kind: 'rule', query: e.query, rule: e.rule.id }
        : e.kind === 'exit-code'
          ? { kind: 'exit-code', query: e.query, code: e.code, meaning: EXIT_MEANINGS[lang][e.meaning] ?? e.meaning, signal: e.signal ?? null, ...(e.term ? { text: e.term.text[lang], rules: e.term.rules } : {}) }
          : { kind: e.term.category, query: e.query, name: e.term.name, stage: e.term.stage, init: e.init === true, status: e.status ?? null, text: e.term.text[lang], rules: e.term.rules };
    io.out(`${JSON.stringify(obj, null, 2)}\n`);
    return 0;
  }
  io.out(`${renderExplained(e, lang, Math.min(io.columns ?? 80, 100)).join('\n')}\n`);
  return 0;
}
