// (Facts, rules) → raw findings. Pure. Container-scoped rules run once per container of the kinds
// they name, with `container` bound; templates are filled with the variables of the match.

import type { ContainerFacts, Facts } from '../facts/types.js';
import type { Stage } from '../model/vocabulary.js';
import type { Planned, RuleSet, ScopePlan } from '../rules/plan.js';
import { fillTemplate, templateComplete, type TemplateWords } from '../rules/template.js';
import type { CompiledRule, Vars } from '../rules/types.js';
import { displayPath, eventOrigin, evidenceSource } from './evidence.js';
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

/** The rule each subject last ran, by rule order: see `stamp`. */
let ranOn = new Uint32Array(0);
/**
 * The current subject's mark in `ranOn`: it only grows, one per subject of every evaluation, so
 * the marks need no clearing (an array per pod was a measurable part of evaluating it).
 */
let stamp = 0;

interface Hit {
  order: number;
  sub: number;
  f: RawFinding;
}

/**
 * The findings of a rule set on a pod, by its plan (src/rules/plan.ts): each subject (the pod,
 * then each container) runs only the rules its facts let through, and the findings are exactly
 * those of running every rule, in rule order.
 */
export function evaluate(facts: Facts, rules: RuleSet, hypotheses = false): RawFinding[] {
  const plan = hypotheses ? rules.plan.hypotheses : rules.plan;
  if (ranOn.length < rules.length) ranOn = new Uint32Array(rules.length);
  const hits: Hit[] = [];
  // Every fact root is visible to rules (the catalogue's roots are the Facts keys, plus
  // `container` bound per container). One scratch object per subject serves every rule, and
  // only a match is copied: copying the facts for each of a hundred rules on each container
  // was most of the cost of evaluating a pod.
  runScope(plan.pod, { ...facts }, undefined, -1, facts, hits);
  const cs = facts.containers;
  for (let i = 0; i < cs.length; i++) runScope(plan.container, { ...facts, container: cs[i] }, cs[i], i, facts, hits);
  // rule order, then container order: what running the rules one by one gave
  if (hits.length > 1) hits.sort((a, b) => a.order - b.order || a.sub - b.sub);
  return hits.map((h) => h.f);
}

/** Run the rules of one subject (sub: -1 for the pod, else the container's index) its plan lets through. */
function runScope(sp: ScopePlan, vars: Vars, c: ContainerFacts | undefined, sub: number, facts: Facts, hits: Hit[]): void {
  if (stamp === 0xffffffff) {
    ranOn.fill(0);
    stamp = 0;
  }
  const s = ++stamp;
  for (const p of sp.free) runOnce(p, s, vars, c, sub, facts, hits);
  for (const g of sp.groups) {
    const list = g.byValue.get(g.get(vars));
    if (list) for (const p of list) runOnce(p, s, vars, c, sub, facts, hits);
  }
  for (const g of sp.present) {
    const v = g.get(vars);
    // every operator but exists: false is false on an empty list too
    if (v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0)) for (const p of g.rules) runOnce(p, s, vars, c, sub, facts, hits);
  }
  for (const g of sp.excluded) {
    const v = g.get(vars);
    for (const r of g.rules) if (!r.except.has(v)) runOnce(r.p, s, vars, c, sub, facts, hits);
  }
}

/** Run a planned rule on the subject marked `s`, unless it ran there already (a rule filed under several facts runs once). */
function runOnce(p: Planned, s: number, vars: Vars, c: ContainerFacts | undefined, sub: number, facts: Facts, hits: Hit[]): void {
  if (ranOn[p.order] === s) return;
  ranOn[p.order] = s;
  if (c && !p.rule.containerKinds.has(c.kind)) return;
  const f = test(p.rule, vars, c, facts);
  if (f) hits.push({ order: p.order, sub, f });
}

function test(rule: CompiledRule, vars: Vars, c: ContainerFacts | undefined, facts: Facts): RawFinding | undefined {
  let found: RawFinding | undefined;
  if (rule.match(vars)) {
    found = { rule, stage: effectiveStage(rule, c, facts), vars: { ...vars } };
    if (c) found.container = c;
  }
  // `some … as x` leaves x bound after a match (for templates), and a match inside a branch
  // that failed later leaves it too: unbind the rule's aliases so the next rule starts clean
  // (most rules have none: no iterator made for them, on every rule run of every subject).
  if (rule.aliasLists.size > 0) for (const alias of rule.aliasLists.keys()) if (vars[alias] !== undefined) vars[alias] = undefined;
  return found;
}

/** Every rule run on every subject, without plans: the reference the planned evaluation must equal. */
export function evaluateUnplanned(facts: Facts, rules: readonly CompiledRule[], hypotheses = false): RawFinding[] {
  const out: RawFinding[] = [];
  const pod: Vars = { ...facts };
  const perContainer: Vars[] = facts.containers.map((c) => ({ ...facts, container: c }));
  for (const rule of rules) {
    if (rule.scope === 'workload' || rule.hypothesis !== hypotheses) continue;
    if (rule.scope === 'pod') {
      const f = test(rule, pod, undefined, facts);
      if (f) out.push(f);
      continue;
    }
    facts.containers.forEach((c, i) => {
      if (!rule.containerKinds.has(c.kind)) return;
      const f = test(rule, perContainer[i] as Vars, c, facts);
      if (f) out.push(f);
    });
  }
  return out;
}

const ERROR_PREFIX = /^Error:\s*/;

/** The fact values a finding rests on, with paths users can find in the pod. */
export function collectEvidence(f: RawFinding): Evidence[] {
  const out: Evidence[] = [];
  for (const e of f.rule.evidence) {
    const value = e.get(f.vars);
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    // A fact the status did not give is shown with the event it was read from: a message as the
    // event's message, any other fact (an inferred waiting reason, a node name) as itself
    // followed by that event's message.
    const origin = eventOrigin(e.segments, f.vars);
    const isMessage = e.segments[e.segments.length - 1] === 'message';
    if (!origin || !isMessage || origin.message === undefined) {
      const ev: Evidence = { path: displayPath(e.segments, f.vars, f.rule), value };
      const src = origin ? 'event' : evidenceSource(e.segments, f.vars, f.rule);
      if (src) ev.source = src;
      addEvidence(out, ev);
    }
    if (origin?.message !== undefined) addEvidence(out, { path: `events[${origin.reason}].message`, value: origin.message, source: 'event' });
  }
  return out;
}

/** Add `ev` unless shown already: the same event message, with or without the kubelet's "Error: " in front, is shown once. */
function addEvidence(out: Evidence[], ev: Evidence): void {
  for (const x of out) {
    if (x.path === ev.path && (x.value === ev.value || (typeof x.value === 'string' && typeof ev.value === 'string' && x.value.replace(ERROR_PREFIX, '') === ev.value.replace(ERROR_PREFIX, '')))) return;
  }
  out.push(ev);
}

/** Names podwhy gives containers the input shows but never names: "(unnamed)", "(unnamed 2)". */
const UNNAMED = /^\(unnamed(?: \d+)?\)$/;

/**
 * Commands for a container whose name the input never gave: `-c NAME` is left out (kubectl
 * picks the pod's only or default container), and a command that needs the name is dropped
 * rather than printed with a name that does not exist.
 */
function forUnnamed(cmd: string, name: string): string | undefined {
  const esc = name.replace(/[()]/g, (c) => `\\${c}`);
  const out = cmd.replace(new RegExp(`\\s+(?:-c|--container)(?:=|\\s+)${esc}`, 'g'), '');
  return out.includes(name) ? undefined : out;
}

/** Stands for a namespace the input does not give while a command is filled in; its `-n` is then left out. */
const NO_NAMESPACE = '\u0000namespace';
/**
 * Commands are kubectl command lines, written in no language: a command is printed only when its
 * values are there (templateComplete), so these words stand in only for what a value could be
 * besides text (kubectl's own spellings).
 */
const COMMAND_WORDS: TemplateWords = { unknown: 'unknown', yes: 'true', no: 'false', none: '', notInInput: 'unknown', meaning: () => undefined };

const NAMESPACE_FLAG = /\s+(?:-n|--namespace)(?:=|\s+)\u0000namespace(?=\s|$)/g;
/** The placeholder a user fills in for a pod the input does not name, as kubectl's own help writes it. */
export const POD_PLACEHOLDER = '<pod>';

/**
 * The variables commands are filled with: a pod the input does not name is `<pod>` for the user
 * to fill in, and one whose namespace it does not give gets no `-n` (never a guessed "default").
 */
function commandVars(vars: Vars): Vars {
  const pod = vars['pod'] as { name?: string; namespace?: string } | undefined;
  if (!pod || (pod.name !== undefined && pod.namespace !== undefined)) return vars;
  return { ...vars, pod: { ...pod, name: pod.name ?? POD_PLACEHOLDER, namespace: pod.namespace ?? NO_NAMESPACE } };
}

/** The kubectl commands of a finding, filled in for its pod (commands are not words: no language). */
export function findingCommands(f: RawFinding): string[] {
  const vars = commandVars(f.vars);
  // a command that would name an object the input does not ("unknown") is left out, and so is
  // one that needs the namespace anywhere but in its -n flag
  let commands = f.rule.commands
    .filter((c) => templateComplete(c, vars))
    .map((c) => fillTemplate(c, vars, COMMAND_WORDS).replace(NAMESPACE_FLAG, ''))
    .filter((c) => !c.includes(NO_NAMESPACE));
  const name = f.container?.name;
  if (name !== undefined && UNNAMED.test(name)) commands = commands.map((c) => forUnnamed(c, name)).filter((c): c is string => c !== undefined);
  return commands;
}

const textRoots = new WeakMap<CompiledRule, readonly string[]>();

/** The variables a rule's texts read, in every language: the roots of their placeholders. */
function rootsOfTexts(rule: CompiledRule): readonly string[] {
  let roots = textRoots.get(rule);
  if (!roots) {
    const set = new Set<string>();
    for (const t of Object.values(rule.text)) {
      if (!t) continue;
      for (const tpl of [t.title, t.explanation, ...t.remedies])
        for (const part of tpl) {
          if (part.path?.[0] !== undefined) set.add(part.path[0]);
          // `absent` tells "not in the input" from "none" by the pod's list of what it lacks
          if (part.filters?.some((f) => f.name === 'absent' || f.name === 'unknown')) set.add('unknown');
        }
    }
    roots = [...set];
    textRoots.set(rule, roots);
  }
  return roots;
}

/** What the rule's texts are filled with at the edge: the bindings of the match their placeholders read. */
export function findingParams(f: RawFinding): Vars {
  const out: Vars = {};
  for (const k of rootsOfTexts(f.rule)) if (f.vars[k] !== undefined) out[k] = f.vars[k];
  return out;
}
