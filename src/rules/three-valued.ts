// A rule's match over facts that may be unknown: true, false, or unknown (Kleene's logic), and the
// unknown facts that left it open. The evaluator that fires rules reads a fact the input does not
// give as absent (so a rule that needs it does not fire); this one tells such a rule apart from a
// rule that is simply false, so a diagnosis can say which missing facts would decide it.
// Pure; run only for pods whose cause is not proven, never on the hot path.

import { possibleEntries, unknownAt } from '../facts/unknown.js';
import { compileGetter, predicateOf } from './predicates.js';
import type { PredicateNode } from './tree.js';
import type { Predicate, Vars } from './types.js';

export type Truth = 'true' | 'false' | 'unknown';

const missing = (v: unknown) => v === undefined || v === null || (Array.isArray(v) && v.length === 0);

const leafPredicates = new WeakMap<PredicateNode, Predicate>();
const getters = new WeakMap<PredicateNode, (v: Vars) => unknown>();

function leaf(node: PredicateNode): Predicate {
  let p = leafPredicates.get(node);
  if (!p) leafPredicates.set(node, (p = predicateOf(node)));
  return p;
}
function getter(node: PredicateNode, path: string): (v: Vars) => unknown {
  let g = getters.get(node);
  if (!g) getters.set(node, (g = compileGetter(path.split('.'))));
  return g;
}

/**
 * The truth of `node` on `vars`. Facts the input does not give (facts/unknown.ts) are unknown;
 * their paths go to `open` when they leave the answer unknown.
 */
export function decide(node: PredicateNode, vars: Vars, open: Set<string>): Truth {
  switch (node.kind) {
    case 'fact': {
      const path = node.path.split('.');
      if (missing(getter(node, node.path)(vars)) && unknownAt(path, vars)) {
        open.add(node.path);
        return 'unknown';
      }
      return leaf(node)(vars) ? 'true' : 'false';
    }
    case 'not': {
      const t = decide(node.of, vars, open);
      return t === 'unknown' ? t : t === 'true' ? 'false' : 'true';
    }
    case 'all': {
      let out: Truth = 'true';
      for (const p of node.of) {
        const t = decide(p, vars, open);
        if (t === 'false') return 'false';
        if (t === 'unknown') out = 'unknown';
      }
      return out;
    }
    case 'any': {
      let out: Truth = 'false';
      for (const p of node.of) {
        const t = decide(p, vars, open);
        if (t === 'true') return 'true';
        if (t === 'unknown') out = 'unknown';
      }
      return out;
    }
    case 'some': {
      const list = getter(node, node.list)(vars);
      if (missing(list) && unknownAt(node.list.split('.'), vars)) {
        open.add(node.list);
        return 'unknown';
      }
      if (!Array.isArray(list)) return 'false';
      const prev = vars[node.alias];
      let out: Truth = 'false';
      for (const item of list) {
        vars[node.alias] = item;
        const t = node.where ? decide(node.where, vars, open) : 'true';
        if (t === 'true') {
          out = 'true';
          break;
        }
        if (t === 'unknown') out = 'unknown';
      }
      if (prev === undefined) delete vars[node.alias];
      else vars[node.alias] = prev;
      return out;
    }
  }
}

const entriesOf = new WeakMap<PredicateNode, ReadonlySet<string>>();

/**
 * The `unknown` entries (facts/unknown.ts) any fact of `node` could be missing by: a pod whose
 * unknown lists hold none of them decides `node` on known facts alone, true or false, so it
 * need not be decided three ways. Computed once per rule tree.
 */
export function openingEntries(node: PredicateNode): ReadonlySet<string> {
  let out = entriesOf.get(node);
  if (out) return out;
  const acc = new Set<string>();
  const walk = (n: PredicateNode): void => {
    switch (n.kind) {
      case 'fact':
        for (const e of possibleEntries(n.path.split('.'))) acc.add(e);
        return;
      case 'not':
        walk(n.of);
        return;
      case 'all':
      case 'any':
        n.of.forEach(walk);
        return;
      case 'some':
        for (const e of possibleEntries(n.list.split('.'))) acc.add(e);
        if (n.where) walk(n.where);
        return;
    }
  };
  walk(node);
  entriesOf.set(node, (out = acc));
  return out;
}
