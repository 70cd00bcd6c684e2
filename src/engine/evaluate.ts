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
  // `container` bound per container). One scratch object per subject serves every rule, and
  // only a match is copied: copying the facts for each of a hundred rules on each container
  // was most of the cost of evaluating a pod.
  const pod: Vars = { ...facts };
  const perContainer: Vars[] = facts.containers.map((c) => ({ ...facts, container: c }));
  for (const rule of rules) {
    if (rule.scope === 'pod') {
      test(rule, pod, undefined, facts, out);
      continue;
    }
    facts.containers.forEach((c, i) => {
      if (rule.containerKinds.has(c.kind)) test(rule, perContainer[i] as Vars, c, facts, out);
    });
  }
  return out;
}

function test(rule: CompiledRule, vars: Vars, c: ContainerFacts | undefined, facts: Facts, out: RawFinding[]): void {
  if (rule.match(vars)) {
    const f: RawFinding = { rule, stage: effectiveStage(rule, c, facts), vars: { ...vars } };
    if (c) f.container = c;
    out.push(f);
  }
  // `some … as x` leaves x bound after a match (for templates), and a match inside a branch
  // that failed later leaves it too: unbind the rule's aliases so the next rule starts clean.
  for (const alias of rule.aliasLists.keys()) if (vars[alias] !== undefined) vars[alias] = undefined;
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
