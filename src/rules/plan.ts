// Rule plans, read off the compiled trees (src/rules/tree.ts) when a rule set is made.
//
// Most rules can only match when one fact has one of a few values: `all: [{fact:
// container.state.waiting.reason, in: [ErrImagePull, ImagePullBackOff]}, …]`, or at least is
// there at all (`some: scheduling.reasons`). Such a guard is read off each rule's tree, and rules
// with a guard on the same fact are grouped: the evaluator (src/engine/evaluate.ts) reads the fact
// once per pod or container and runs only the rules it lets through.
// Guards are necessary conditions of the match, so the findings are exactly those of running
// every rule. A plan is immutable: what one evaluation marks (which rules ran) is its own.

import { compileGetter } from './predicates.js';
import type { PredicateNode } from './tree.js';
import type { CompiledRule, Vars } from './types.js';

export interface Guard {
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
const NEEDS_VALUE: ReadonlySet<string> = new Set(['equals', 'in', 'matches', 'contains', 'startsWith', 'gt', 'gte', 'lt', 'lte']);

/** The values a fact test pins the fact to (equals, then in), when it pins them. */
function pinned(node: Extract<PredicateNode, { kind: 'fact' }>): unknown[] | undefined {
  const eq = node.tests.find((t) => t.op === 'equals');
  if (eq && isPlain(eq.value)) return [eq.value];
  const inn = node.tests.find((t) => t.op === 'in');
  if (inn && inn.values.every(isPlain)) return inn.values;
  return undefined;
}

/** A fact path and values the fact must have (or just have) for `node` to hold, when evident. */
export function guardOf(node: PredicateNode): Guard | undefined {
  switch (node.kind) {
    case 'fact': {
      if (node.alias) return undefined;
      // an operator that pins the value (other operators beside it only narrow further)
      const values = node.ignoreCase ? undefined : pinned(node);
      if (values) return { path: node.path, values };
      if (node.tests.some((t) => NEEDS_VALUE.has(t.op) || (t.op === 'exists' && t.value))) return { path: node.path };
      return undefined;
    }
    case 'not': {
      // not: {fact: X, equals: v} (or in: [...]) and nothing else: X must not be one of them
      const inner = node.of;
      if (inner.kind !== 'fact' || inner.alias || inner.ignoreCase || inner.tests.length !== 1) return undefined;
      const values = pinned(inner);
      return values ? { path: inner.path, except: values } : undefined;
    }
    case 'some':
      return { path: node.list };
    case 'all': {
      // the most selective: a pinned value, then pinned values of several facts, then an
      // excluded value, then mere presence
      let pinnedAny: Guard | undefined;
      let except: Guard | undefined;
      let presence: Guard | undefined;
      for (const p of node.of) {
        const g = guardOf(p);
        if (g?.values) return g;
        if (g?.anyOf) {
          if (g.anyOf.every((a) => a.values)) pinnedAny ??= g;
          else presence ??= g;
        } else if (g?.except) except ??= g;
        else presence ??= g;
      }
      return pinnedAny ?? except ?? presence;
    }
    case 'any': {
      const gs = node.of.map(guardOf);
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
  }
}

/** A rule in a plan, with its place in the rule set (findings come out in rule order). */
export interface Planned {
  readonly rule: CompiledRule;
  readonly order: number;
}

export interface ScopePlan {
  /** Rules without a guard: run on every subject. */
  readonly free: readonly Planned[];
  /** Rules guarded by a fact's value, by fact: the fact is read once, its value picks the rules. */
  readonly groups: readonly { get: (v: Vars) => unknown; byValue: ReadonlyMap<unknown, readonly Planned[]> }[];
  /** Rules that need a fact to be present, by fact. */
  readonly present: readonly { get: (v: Vars) => unknown; rules: readonly Planned[] }[];
  /** Rules that need a fact not to have some values, by fact. */
  readonly excluded: readonly { get: (v: Vars) => unknown; rules: readonly { p: Planned; except: ReadonlySet<unknown> }[] }[];
}

export interface RulePlan {
  readonly pod: ScopePlan;
  readonly container: ScopePlan;
  /** The hypothesis rules, planned apart: they run only when no root cause is proven. */
  readonly hypotheses: { readonly pod: ScopePlan; readonly container: ScopePlan; readonly count: number };
}

/** Rules in order, with the plan to evaluate them by. Make one with `ruleSet`. */
export type RuleSet = readonly CompiledRule[] & { readonly plan: RulePlan };

/** The plan of `rules` (pod and container scopes; workload rules run on workloads), findings and hypotheses apart. */
export function planRules(rules: readonly CompiledRule[]): RulePlan {
  const findings = planScopes(rules, false);
  return { ...findings, hypotheses: { ...planScopes(rules, true), count: rules.filter((r) => r.hypothesis && r.scope !== 'workload').length } };
}

function planScopes(rules: readonly CompiledRule[], hypotheses: boolean): { pod: ScopePlan; container: ScopePlan } {
  const building = () => ({
    free: [] as Planned[],
    byPath: new Map<string, Map<unknown, Planned[]>>(),
    byPresence: new Map<string, Planned[]>(),
    byExcept: new Map<string, { p: Planned; except: ReadonlySet<unknown> }[]>(),
  });
  const scopes = { pod: building(), container: building() };
  rules.forEach((rule, order) => {
    if (rule.scope === 'workload' || rule.hypothesis !== hypotheses) return;
    const sp = scopes[rule.scope];
    const guard = guardOf(rule.tree);
    const planned: Planned = { rule, order };
    if (!guard) {
      sp.free.push(planned);
      return;
    }
    // a rule guarded by one of several facts is filed under each (and run once per subject)
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
  const done = (sp: ReturnType<typeof building>): ScopePlan => ({
    free: sp.free,
    groups: [...sp.byPath].map(([path, byValue]) => ({ get: compileGetter(path.split('.')), byValue })),
    present: [...sp.byPresence].map(([path, list]) => ({ get: compileGetter(path.split('.')), rules: list })),
    excluded: [...sp.byExcept].map(([path, list]) => ({ get: compileGetter(path.split('.')), rules: list })),
  });
  return { pod: done(scopes.pod), container: done(scopes.container) };
}

/**
 * A rule set: `rules` in order (a copy), with their plan, made when first read (a set a command
 * narrows at once, by its config, is never evaluated itself).
 */
export function ruleSet(rules: readonly CompiledRule[]): RuleSet {
  const list = [...rules];
  let plan: RulePlan | undefined;
  const set: CompiledRule[] & { readonly plan: RulePlan } = Object.defineProperty(list, 'plan', { get: () => (plan ??= planRules(list)) }) as CompiledRule[] & { readonly plan: RulePlan };
  return Object.freeze(set);
}
