// (Facts, rules) → raw findings. Pure. Container-scoped rules run once per container of the kinds
// they name, with `container` bound; templates are filled with the variables of the match.

import type { ContainerFacts, Facts, Stage } from '../facts/types.js';
import { compileGetter } from '../rules/predicates.js';
import { renderTemplate } from '../rules/template.js';
import type { CompiledRule, Lang, Vars } from '../rules/types.js';
import { displayPath } from './evidence.js';
import type { Evidence } from './types.js';

export interface RawFinding {
  rule: CompiledRule;
  container?: ContainerFacts;
  /** Stage used for ranking: a rule's stage, moved to "init" for containers that block initialization. */
  stage: Stage;
  vars: Vars;
}

const POD_STAGES_IN_INIT = new Set<Stage>(['image', 'config', 'start', 'runtime', 'probes']);

function effectiveStage(rule: CompiledRule, c: ContainerFacts | undefined, facts: Facts): Stage {
  if (!c || !POD_STAGES_IN_INIT.has(rule.stage)) return rule.stage;
  if (c.kind === 'init') return 'init';
  if (c.kind === 'sidecar' && facts.conditions['Initialized']?.status !== 'True') return 'init';
  return rule.stage;
}

export function evaluate(facts: Facts, rules: readonly CompiledRule[]): RawFinding[] {
  const out: RawFinding[] = [];
  // Every fact root is visible to rules (the catalogue's roots are the Facts keys, plus
  // `container` bound per container below).
  const base: Vars = { ...facts };
  for (const rule of rules) {
    if (rule.scope === 'pod') {
      const vars: Vars = { ...base };
      if (rule.match(vars)) out.push({ rule, stage: rule.stage, vars });
      continue;
    }
    for (const c of facts.containers) {
      if (!rule.containerKinds.has(c.kind)) continue;
      const vars: Vars = { ...base, container: c };
      if (rule.match(vars)) out.push({ rule, container: c, stage: effectiveStage(rule, c, facts), vars });
    }
  }
  return out;
}

const evidenceGetters = new WeakMap<string[], (v: Vars) => unknown>();

/** The fact values a finding rests on, with paths users can find in the pod. */
export function collectEvidence(f: RawFinding): Evidence[] {
  const out: Evidence[] = [];
  for (const e of f.rule.evidence) {
    let get = evidenceGetters.get(e.segments);
    if (!get) {
      get = compileGetter(e.segments);
      evidenceGetters.set(e.segments, get);
    }
    const value = get(f.vars);
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    out.push({ path: displayPath(e.segments, f.vars, f.rule), value });
  }
  return out;
}

export function renderText(f: RawFinding, lang: Lang) {
  const t = f.rule.text[lang] ?? f.rule.text.en;
  return {
    title: renderTemplate(t.title, f.vars, lang),
    explanation: renderTemplate(t.explanation, f.vars, lang),
    remedies: t.remedies.map((r) => renderTemplate(r, f.vars, lang)),
    commands: f.rule.commands.map((c) => renderTemplate(c, f.vars, lang)),
  };
}
