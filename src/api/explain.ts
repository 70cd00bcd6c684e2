// Offline knowledge for a reason, status, condition, event, exit code, signal or rule id
// (`podwhy explain <term>`, the MCP server's `explain` tool): what it means, its usual causes,
// what to check, and the rules that diagnose it. An unknown term is a UsageError naming the
// closest matches.

import { EXIT_MEANINGS } from '../i18n/vocab.js';
import { UI } from '../i18n/ui.js';
import { UsageError } from '../model/errors.js';
import { explain, type Explained } from '../catalogue/explain.js';
import { loadGlossary } from '../catalogue/glossary.js';
import type { TermText } from '../i18n/glossary.js';
import { BUILTIN_RULES_DIR, loadRules } from '../catalogue/rule-files.js';
import type { Lang } from '../model/vocabulary.js';
import { wrap } from '../render/layout.js';
import { SIGNALS } from '../facts/extractors/exit-code.js';
import { describeRule } from './rule-listing.js';

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

/** An explanation as text lines, wrapped at `cols`. */
export function renderExplained(e: Explanation, lang: Lang, cols = 80): string[] {
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

/** A term explained (the unknown ones are an error). */
export type Explanation = Exclude<Explained, { kind: 'unknown' }>;

/** Explain a term; a UsageError for one podwhy does not know, with the closest matches. */
export function explainTerm(query: string, lang: Lang): Explanation {
  const rules = loadRules([BUILTIN_RULES_DIR]);
  const e = explain(query, loadGlossary(), rules);
  if (e.kind === 'unknown') {
    const ui = UI[lang].explain;
    const hint = ` — ${e.suggestions.length > 0 ? ui.didYouMean(e.suggestions) : ui.tryHint}`;
    throw new UsageError(`${ui.unknownTerm(e.query)}${hint}`);
  }
  return e;
}

/** An explanation as `podwhy explain TERM -o json` prints it. */
export function explanationJson(e: Explanation, lang: Lang): Record<string, unknown> {
  return e.kind === 'rule'
    ? { kind: 'rule', query: e.query, rule: e.rule.id }
    : e.kind === 'exit-code'
      ? { kind: 'exit-code', query: e.query, code: e.code, meaning: EXIT_MEANINGS[lang][e.meaning] ?? e.meaning, signal: e.signal ?? null, ...(e.term ? { text: e.term.text[lang], rules: e.term.rules } : {}) }
      : { kind: e.term.category, query: e.query, name: e.term.name, stage: e.term.stage, init: e.init === true, status: e.status ?? null, text: e.term.text[lang], rules: e.term.rules };
}

/** The glossary's terms: names and categories (shell completion). */
export function glossaryTerms(): { name: string; category: string }[] {
  return loadGlossary().map((t) => ({ name: t.name, category: t.category }));
}
