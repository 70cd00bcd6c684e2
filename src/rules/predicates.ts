// A rule's compiled tree (src/rules/tree.ts) made into the closure evaluation runs: built once per
// rule, nothing is checked or thrown per pod. A new operator is a code change reviewed as code;
// rules stay data.

import { compileTree, type FactTest, type PredicateNode, type TreeContext } from './tree.js';
import type { Predicate, Vars } from './types.js';

/** A compiled path reader: vars[root][seg1][seg2]… or undefined. */
export function compileGetter(segments: readonly string[]): (vars: Vars) => unknown {
  const [root, ...rest] = segments as [string, ...string[]];
  const n = rest.length;
  if (n === 0) return (vars) => vars[root];
  const a = rest[0] as string;
  const b = rest[1] as string;
  // Keys no object inherits ("reason", "exitCode") need no own-property check: a rule is run
  // a hundred times per pod, so the check's cost showed.
  if (!(a in Object.prototype) && (n === 1 || !(b in Object.prototype))) {
    if (n === 1) return (vars) => plainStep(vars[root], a);
    if (n === 2) return (vars) => plainStep(plainStep(vars[root], a), b);
  }
  if (n === 1) return (vars) => step(vars[root], a);
  if (n === 2) return (vars) => step(step(vars[root], a), b);
  return (vars) => {
    let v: unknown = vars[root];
    for (let i = 0; i < n; i++) {
      v = step(v, rest[i] as string);
      if (v === undefined) return undefined;
    }
    return v;
  };
}

function plainStep(v: unknown, key: string): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
  return (v as Record<string, unknown>)[key];
}

function step(v: unknown, key: string): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
  return Object.prototype.hasOwnProperty.call(v, key) ? (v as Record<string, unknown>)[key] : undefined;
}

function present(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/** The predicate of a tree. Its regexes were checked (and proven safe) when the tree was compiled. */
export function predicateOf(tree: PredicateNode): Predicate {
  switch (tree.kind) {
    case 'all': {
      const parts = tree.of.map(predicateOf);
      return (vars) => {
        for (const p of parts) if (!p(vars)) return false;
        return true;
      };
    }
    case 'any': {
      const parts = tree.of.map(predicateOf);
      return (vars) => {
        for (const p of parts) if (p(vars)) return true;
        return false;
      };
    }
    case 'not': {
      const inner = predicateOf(tree.of);
      return (vars) => !inner(vars);
    }
    case 'some': {
      const get = compileGetter(tree.list.split('.'));
      const alias = tree.alias;
      const where: Predicate = tree.where ? predicateOf(tree.where) : () => true;
      return (vars) => {
        const list = get(vars);
        if (!Array.isArray(list)) return false;
        const prev = vars[alias];
        for (const item of list) {
          vars[alias] = item;
          if (where(vars)) return true; // leave the alias bound to the match, for templates
        }
        if (prev === undefined) delete vars[alias];
        else vars[alias] = prev;
        return false;
      };
    }
    case 'fact': {
      const tests = tree.tests.map((t) => testOf(t, tree.ignoreCase === true));
      const get = compileGetter(tree.path.split('.'));
      if (tests.length === 1) {
        const t = tests[0] as (v: unknown) => boolean;
        return (vars) => t(get(vars));
      }
      return (vars) => {
        const x = get(vars);
        for (const t of tests) if (!t(x)) return false;
        return true;
      };
    }
  }
}

function testOf(t: FactTest, ignoreCase: boolean): (v: unknown) => boolean {
  const fold = (x: string) => (ignoreCase ? x.toLowerCase() : x);
  switch (t.op) {
    case 'equals': {
      const v = t.value;
      if (ignoreCase && typeof v === 'string') {
        const want = v.toLowerCase();
        return (x) => typeof x === 'string' && x.toLowerCase() === want;
      }
      return (x) => x === v;
    }
    case 'in': {
      const set = new Set<unknown>(t.values.map((x) => (typeof x === 'string' ? fold(x) : x)));
      return (x) => set.has(typeof x === 'string' ? fold(x) : x);
    }
    case 'matches': {
      const re = new RegExp(t.source, ignoreCase ? 'i' : '');
      return (x) => (typeof x === 'string' ? re.test(x) : Array.isArray(x) && x.some((e) => typeof e === 'string' && re.test(e)));
    }
    case 'startsWith': {
      const want = fold(t.value);
      return (x) => typeof x === 'string' && fold(x).startsWith(want);
    }
    case 'contains': {
      const want = fold(t.value);
      return (x) => (typeof x === 'string' ? fold(x).includes(want) : Array.isArray(x) && x.some((e) => typeof e === 'string' && fold(e) === want));
    }
    case 'exists':
      return t.value === false ? (x) => !present(x) : present;
    case 'gt': {
      const n = t.value;
      return (x) => typeof x === 'number' && x > n;
    }
    case 'gte': {
      const n = t.value;
      return (x) => typeof x === 'number' && x >= n;
    }
    case 'lt': {
      const n = t.value;
      return (x) => typeof x === 'number' && x < n;
    }
    case 'lte': {
      const n = t.value;
      return (x) => typeof x === 'number' && x <= n;
    }
  }
}

/** Check and compile a predicate spec in one go (tests); never matches when it has problems. */
export function compilePredicate(spec: unknown, at: string, ctx: TreeContext): Predicate {
  const tree = compileTree(spec, at, ctx);
  return tree ? predicateOf(tree) : () => false;
}
