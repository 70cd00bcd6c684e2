// Words at the edge: the diagnosis returns findings in no language (rule id, params, evidence);
// here they become sentences, in the language the output asks for, from the rule's texts. Every
// renderer, the library API and the fixture tester write words through this one place, and only
// for what they print: a healthy pod a many-pod report never shows costs no template.

import type { TimelineEntry } from '../model/timeline.js';
import type { Evidence, Finding, Hypothesis } from '../engine/types.js';
import { describeEntry } from '../i18n/timeline.js';
import { EXIT_MEANINGS, WORDS } from '../i18n/vocab.js';
import { fillTemplate, type TemplateWords } from '../rules/template.js';
import type { CompiledRule, CompiledText, Template, Vars } from '../rules/types.js';
import type { Lang } from '../model/vocabulary.js';

const templateWords = new Map<Lang, TemplateWords>();

/** What filling a rule's template needs of a language (rules/template.ts speaks none). */
function wordsOf(lang: Lang): TemplateWords {
  let w = templateWords.get(lang);
  if (!w) {
    const d = WORDS[lang];
    w = { unknown: d['unknown'] ?? '', yes: d['yes'] ?? '', no: d['no'] ?? '', none: d['none'] ?? '', notInInput: d['notInInput'] ?? '', meaning: (k) => EXIT_MEANINGS[lang][k] };
    templateWords.set(lang, w);
  }
  return w;
}

/** A rule's template filled in `lang` (`resolve`: fillTemplate's). */
export function renderTemplate(t: Template, vars: Vars, lang: Lang, resolve?: (v: object) => unknown): string {
  return fillTemplate(t, vars, wordsOf(lang), resolve);
}

/** A finding's words in one language. */
export interface FindingText {
  title: string;
  explanation: string;
  remedies: string[];
  /** The finding's evidence, with any value the engine left without words written out. */
  evidence: Evidence[];
}

/** A value standing for a finding's title (engine/types.ts TitleOf). */
function titleRef(v: unknown): Finding | undefined {
  return typeof v === 'object' && v !== null && 'titleOf' in v ? (v as { titleOf: Finding }).titleOf : undefined;
}

export class Words {
  /** The rules by id; a rule's texts are read only when one of its findings is written (reading
   * `text` compiles a cached rule's templates: doing it for every rule cost a one-pod run ~27 ms). */
  private readonly rules = new Map<string, CompiledRule>();
  private readonly done = new WeakMap<Finding | Hypothesis, FindingText>();
  private readonly resolve = (v: object): unknown => {
    const f = titleRef(v);
    return f ? this.title(f) : v;
  };

  /** `rules`: the rule set the findings came from (their texts, by rule id). */
  constructor(
    rules: readonly CompiledRule[],
    readonly lang: Lang,
  ) {
    for (const r of rules) this.rules.set(r.id, r);
  }

  /** The finding's (or hypothesis's) title, explanation and remedies (written once, then kept). */
  finding(f: Finding | Hypothesis): FindingText {
    let out = this.done.get(f);
    if (out) return out;
    const all = this.rules.get(f.rule)?.text;
    if (!all) throw new Error(`no rule "${f.rule}" in the rule set the words were made for`);
    const t = all[this.lang] ?? all.en;
    const fill = (tpl: CompiledText['title']) => renderTemplate(tpl, f.params, this.lang, this.resolve);
    out = {
      title: fill(t.title),
      explanation: fill(t.explanation),
      remedies: t.remedies.map(fill),
      evidence: f.evidence.some((e) => titleRef(e.value)) ? f.evidence.map((e) => (titleRef(e.value) ? { ...e, value: this.resolve(e.value as object) } : e)) : f.evidence,
    };
    this.done.set(f, out);
    return out;
  }

  title(f: Finding): string {
    return this.finding(f).title;
  }

  /** One line for a timeline entry. */
  timeline(e: TimelineEntry): string {
    return describeEntry(e, this.lang);
  }
}

const made = new WeakMap<readonly CompiledRule[], Partial<Record<Lang, Words>>>();

/** The words of a rule set in one language: one per (rules, lang), so a finding is written once. */
export function wordsFor(rules: readonly CompiledRule[], lang: Lang): Words {
  let byLang = made.get(rules);
  if (!byLang) made.set(rules, (byLang = {}));
  return (byLang[lang] ??= new Words(rules, lang));
}
