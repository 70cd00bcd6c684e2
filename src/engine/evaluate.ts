// (Facts, rules) → raw findings. Pure. Container-scoped rules run once per container of the kinds
// they name, with `container` bound; templates are filled with the variables of the match.

import type { ContainerFacts, Facts } from '../facts/types.js';
import type { Stage } from '../model/vocabulary.js';
import { compileGetter } from '../rules/predicates.js';
import { specAliases } from '../rules/load.js';
import { renderTemplate, templateComplete } from '../rules/template.js';
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

// ---- rule plans -------------------------------------------------------------------------------
//
// Most rules can only match when one fact has one of a few values: `all: [{fact:
// container.state.waiting.reason, in: [ErrImagePull, ImagePullBackOff]}, …]`, or at least is
// there at all (`some: scheduling.reasons`). Such a guard is read off each rule's match at first
// use, and rules with a guard on the same fact are grouped: the fact is read once per pod or
// container and only the rules it lets through are run.
// Guards are necessary conditions of the match, so the findings are exactly those of running
// every rule; they are returned in rule order, as before.

interface Guard {
  path: string;
  /** The values the fact must have; absent: it must merely be present (not undefined, null or []). */
  values?: unknown[];
  /** Or instead: values the fact must not have (`not: {fact, equals}`; absent is fine). */
  except?: unknown[];
  /** Or instead: at least one of these holds (an `any` over several facts); `path` is unused. */
  anyOf?: Guard[];
}

const isPlain = (v: unknown) => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v));
/** Operators that are false for an undefined or null fact (everything but exists: false). */
const NEEDS_VALUE = ['equals', 'in', 'matches', 'contains', 'startsWith', 'gt', 'gte', 'lt', 'lte'];

/** A fact path and values the fact must have (or just have) for `spec` to hold, when evident. */
export function guardOf(spec: unknown, aliases: ReadonlySet<string>): Guard | undefined {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) return undefined;
  const o = spec as Record<string, unknown>;
  const keys = Object.keys(o);
  if (typeof o['fact'] === 'string') {
    const path = o['fact'];
    if (aliases.has(path.split('.')[0] as string)) return undefined;
    if (o['ignoreCase'] !== true) {
      // an operator that pins the value (other operators beside it only narrow further)
      if (isPlain(o['equals'])) return { path, values: [o['equals']] };
      if (Array.isArray(o['in']) && o['in'].length > 0 && o['in'].every(isPlain)) return { path, values: o['in'] as unknown[] };
    }
    if (keys.some((k) => NEEDS_VALUE.includes(k)) || o['exists'] === true) return { path };
    return undefined;
  }
  if (keys.length === 1 && typeof o['not'] === 'object' && o['not'] !== null && !Array.isArray(o['not'])) {
    // not: {fact: X, equals: v} (or in: [...]) and nothing else: X must not be one of them
    const inner = o['not'] as Record<string, unknown>;
    const ik = Object.keys(inner);
    if (typeof inner['fact'] !== 'string' || ik.length !== 2 || aliases.has(inner['fact'].split('.')[0] as string)) return undefined;
    if (isPlain(inner['equals'])) return { path: inner['fact'], except: [inner['equals']] };
    if (Array.isArray(inner['in']) && inner['in'].length > 0 && inner['in'].every(isPlain)) return { path: inner['fact'], except: inner['in'] as unknown[] };
    return undefined;
  }
  if (typeof o['some'] === 'string') {
    const path = o['some'];
    return aliases.has(path.split('.')[0] as string) ? undefined : { path };
  }
  if (Array.isArray(o['all']) && keys.length === 1) {
    // the most selective: a pinned value, then pinned values of several facts, then an
    // excluded value, then mere presence
    let pinned: Guard | undefined;
    let except: Guard | undefined;
    let presence: Guard | undefined;
    for (const p of o['all']) {
      const g = guardOf(p, aliases);
      if (g?.values) return g;
      if (g?.anyOf) {
        if (g.anyOf.every((a) => a.values)) pinned ??= g;
        else presence ??= g;
      } else if (g?.except) except ??= g;
      else presence ??= g;
    }
    return pinned ?? except ?? presence;
  }
  if (Array.isArray(o['any']) && keys.length === 1 && o['any'].length > 0) {
    const gs = o['any'].map((p) => guardOf(p, aliases));
    // every branch needs a guard of its own, and an excluded value is no use in a disjunction
    if (!gs.every((g) => g && !g.except)) return undefined;
    const alts = (gs as Guard[]).flatMap((g) => g.anyOf ?? [g]);
    const first = alts[0] as Guard;
    if (alts.every((g) => g.path === first.path)) {
      if (alts.every((g) => g.values)) return { path: first.path, values: alts.flatMap((g) => g.values as unknown[]) };
      return { path: first.path };
    }
    return { path: '', anyOf: alts };
  }
  return undefined;
}

interface Planned {
  rule: CompiledRule;
  order: number;
  /** The subject it last ran on (see `evaluate`), so a rule filed under several facts runs once. */
  stamp: number;
}

/** Numbers each pod or container evaluation, for Planned.stamp. */
let subjects = 0;

interface ScopePlan {
  /** Rules without a guard: run on every subject. */
  free: Planned[];
  /** Rules guarded by a fact's value, by fact: the fact is read once, its value picks the rules. */
  groups: { get: (v: Vars) => unknown; byValue: Map<unknown, Planned[]> }[];
  /** Rules that need a fact to be present, by fact. */
  present: { get: (v: Vars) => unknown; rules: Planned[] }[];
  /** Rules that need a fact not to have some values, by fact. */
  excluded: { get: (v: Vars) => unknown; rules: { p: Planned; except: ReadonlySet<unknown> }[] }[];
}

interface Plan {
  pod: ScopePlan;
  container: ScopePlan;
}

const plans = new WeakMap<readonly CompiledRule[], Plan>();

function planFor(rules: readonly CompiledRule[]): Plan {
  let plan = plans.get(rules);
  if (plan) return plan;
  type Building = ScopePlan & { byPath: Map<string, Map<unknown, Planned[]>>; byPresence: Map<string, Planned[]>; byExcept: Map<string, { p: Planned; except: ReadonlySet<unknown> }[]> };
  const scopes: Record<'pod' | 'container', Building> = {
    pod: { free: [], groups: [], present: [], excluded: [], byPath: new Map(), byPresence: new Map(), byExcept: new Map() },
    container: { free: [], groups: [], present: [], excluded: [], byPath: new Map(), byPresence: new Map(), byExcept: new Map() },
  };
  rules.forEach((rule, order) => {
    // workload rules run on workloads (src/engine/workload.ts), never on a pod
    if (rule.scope === 'workload') return;
    const sp = scopes[rule.scope];
    // aliases from the spec: a rule not yet compiled (see trustedRule) stays so
    const guard = guardOf(rule.spec.match, specAliases(rule.spec.match));
    const planned: Planned = { rule, order, stamp: 0 };
    if (!guard) {
      sp.free.push(planned);
      return;
    }
    // a rule guarded by one of several facts is filed under each (and run once: see `stamp`)
    for (const g of guard.anyOf ?? [guard]) {
      if (g.except) {
        const list = sp.byExcept.get(g.path) ?? [];
        list.push({ p: planned, except: new Set(g.except) });
        sp.byExcept.set(g.path, list);
      } else if (!g.values) {
        const list = sp.byPresence.get(g.path) ?? [];
        list.push(planned);
        sp.byPresence.set(g.path, list);
      } else {
        let byValue = sp.byPath.get(g.path);
        if (!byValue) sp.byPath.set(g.path, (byValue = new Map()));
        for (const v of new Set(g.values)) {
          const list = byValue.get(v) ?? [];
          list.push(planned);
          byValue.set(v, list);
        }
      }
    }
  });
  for (const sp of Object.values(scopes)) {
    for (const [path, byValue] of sp.byPath) sp.groups.push({ get: compileGetter(path.split('.')), byValue });
    for (const [path, list] of sp.byPresence) sp.present.push({ get: compileGetter(path.split('.')), rules: list });
    for (const [path, list] of sp.byExcept) sp.excluded.push({ get: compileGetter(path.split('.')), rules: list });
  }
  const strip = (sp: ScopePlan): ScopePlan => ({ free: sp.free, groups: sp.groups, present: sp.present, excluded: sp.excluded });
  plan = { pod: strip(scopes.pod), container: strip(scopes.container) };
  plans.set(rules, plan);
  return plan;
}

export function evaluate(facts: Facts, rules: readonly CompiledRule[]): RawFinding[] {
  const plan = planFor(rules);
  const hits: { order: number; sub: number; f: RawFinding }[] = [];
  // Every fact root is visible to rules (the catalogue's roots are the Facts keys, plus
  // `container` bound per container). One scratch object per subject serves every rule, and
  // only a match is copied: copying the facts for each of a hundred rules on each container
  // was most of the cost of evaluating a pod.
  const run = (sp: ScopePlan, vars: Vars, c: ContainerFacts | undefined, sub: number) => {
    const stamp = ++subjects;
    const one = (p: Planned) => {
      if (p.stamp === stamp) return;
      p.stamp = stamp;
      if (c && !p.rule.containerKinds.has(c.kind)) return;
      const f = test(p.rule, vars, c, facts);
      if (f) hits.push({ order: p.order, sub, f });
    };
    for (const p of sp.free) one(p);
    for (const g of sp.groups) {
      const list = g.byValue.get(g.get(vars));
      if (list) for (const p of list) one(p);
    }
    for (const g of sp.present) {
      const v = g.get(vars);
      // every operator but exists: false is false on an empty list too
      if (v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0)) for (const p of g.rules) one(p);
    }
    for (const g of sp.excluded) {
      const v = g.get(vars);
      for (const r of g.rules) if (!r.except.has(v)) one(r.p);
    }
  };
  run(plan.pod, { ...facts }, undefined, -1);
  facts.containers.forEach((c, i) => run(plan.container, { ...facts, container: c }, c, i));
  // rule order, then container order: what running the rules one by one gave
  hits.sort((a, b) => a.order - b.order || a.sub - b.sub);
  return hits.map((h) => h.f);
}

function test(rule: CompiledRule, vars: Vars, c: ContainerFacts | undefined, facts: Facts): RawFinding | undefined {
  let found: RawFinding | undefined;
  if (rule.match(vars)) {
    found = { rule, stage: effectiveStage(rule, c, facts), vars: { ...vars } };
    if (c) found.container = c;
  }
  // `some … as x` leaves x bound after a match (for templates), and a match inside a branch
  // that failed later leaves it too: unbind the rule's aliases so the next rule starts clean.
  for (const alias of rule.aliasLists.keys()) if (vars[alias] !== undefined) vars[alias] = undefined;
  return found;
}

/** Every rule run on every subject, without plans: the reference the planned evaluation must equal. */
export function evaluateUnplanned(facts: Facts, rules: readonly CompiledRule[]): RawFinding[] {
  const out: RawFinding[] = [];
  const pod: Vars = { ...facts };
  const perContainer: Vars[] = facts.containers.map((c) => ({ ...facts, container: c }));
  for (const rule of rules) {
    if (rule.scope === 'workload') continue;
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
    // A fact the status did not give is shown with the event it was read from: a message as the
    // event's message, any other fact (an inferred waiting reason, a node name) as itself
    // followed by that event's message.
    const origin = eventOrigin(e.segments, f.vars);
    const isMessage = e.segments[e.segments.length - 1] === 'message';
    const found: Evidence[] = [];
    if (!origin || !isMessage || origin.message === undefined) {
      const ev: Evidence = { path: displayPath(e.segments, f.vars, f.rule), value };
      const src = origin ? 'event' : evidenceSource(e.segments, f.vars, f.rule);
      if (src) ev.source = src;
      found.push(ev);
    }
    if (origin?.message !== undefined) found.push({ path: `events[${origin.reason}].message`, value: origin.message, source: 'event' });
    // the same event message, with or without the kubelet's "Error: " in front, is shown once
    const same = (x: Evidence, ev: Evidence) =>
      x.path === ev.path && (x.value === ev.value || (typeof x.value === 'string' && typeof ev.value === 'string' && x.value.replace(ERROR_PREFIX, '') === ev.value.replace(ERROR_PREFIX, '')));
    for (const ev of found) if (!out.some((x) => same(x, ev))) out.push(ev);
  }
  return out;
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

/** The kubectl commands of a finding, filled in for its pod (commands are not words: no language). */
export function findingCommands(f: RawFinding): string[] {
  // a command that would name an object the input does not ("unknown") is left out
  let commands = f.rule.commands.filter((c) => templateComplete(c, f.vars)).map((c) => renderTemplate(c, f.vars, 'en'));
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
      for (const tpl of [t.title, t.explanation, ...t.remedies]) for (const part of tpl) if (part.path?.[0] !== undefined) set.add(part.path[0]);
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
