// The closed predicate vocabulary rules are written in, compiled once at load into closures.
// A new operator is a code change reviewed as code; rules stay data. Every problem found while
// compiling is reported with the YAML path of the offending node; nothing is thrown per pod.

import { resolvePath, type FactNode } from '../facts/catalog.js';
import { isObject } from '../util/json.js';
import { FACT_OPS, type Predicate, type Vars } from './types.js';
import { compileRegex } from './regex.js';
import { valueProblem } from './vocabulary.js';

export interface CompileContext {
  /** Aliases bound by enclosing `some … as` (and, after compiling, every alias the rule binds). */
  aliases: Map<string, FactNode>;
  /** Every alias bound anywhere in the rule: templates may use them. */
  allAliases: Map<string, FactNode>;
  /** For each alias: the list it ranges over and the element field that names an element. */
  aliasLists: Map<string, { list: string; keyField?: string }>;
  /** Fact roots not available to this rule (`container` in pod scope). */
  hidden: ReadonlySet<string>;
  errors: string[];
  /**
   * Check compared values against the catalogue's vocabularies (src/rules/vocabulary.ts). Off for
   * built-in rules read from the build's cache: the build checked them.
   */
  checkValues?: boolean;
}

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

const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

export function compilePredicate(spec: unknown, at: string, ctx: CompileContext): Predicate {
  const never: Predicate = () => false;
  if (!isObject(spec)) {
    ctx.errors.push(`${at}: expected a predicate (an object with all/any/not/some/none/fact)`);
    return never;
  }
  const keys = Object.keys(spec);
  const has = (k: string) => Object.prototype.hasOwnProperty.call(spec, k);

  if (has('all') || has('any')) {
    const op = has('all') ? 'all' : 'any';
    if (keys.length !== 1) ctx.errors.push(`${at}: "${op}" must stand alone (found ${keys.join(', ')})`);
    const list = spec[op];
    if (!Array.isArray(list) || list.length === 0) {
      ctx.errors.push(`${at}.${op}: expected a non-empty list of predicates`);
      return never;
    }
    const parts = list.map((p, i) => compilePredicate(p, `${at}.${op}[${i}]`, ctx));
    if (op === 'all') {
      return (vars) => {
        for (const p of parts) if (!p(vars)) return false;
        return true;
      };
    }
    return (vars) => {
      for (const p of parts) if (p(vars)) return true;
      return false;
    };
  }

  if (has('not')) {
    if (keys.length !== 1) ctx.errors.push(`${at}: "not" must stand alone (found ${keys.join(', ')})`);
    const inner = compilePredicate(spec['not'], `${at}.not`, ctx);
    return (vars) => !inner(vars);
  }

  if (has('some') || has('none')) {
    const op = has('some') ? 'some' : 'none';
    for (const k of keys) if (![op, 'as', 'where'].includes(k)) ctx.errors.push(`${at}.${k}: unknown key in "${op}" (expected ${op}, as, where)`);
    const path = spec[op];
    if (typeof path !== 'string') {
      ctx.errors.push(`${at}.${op}: expected a fact path`);
      return never;
    }
    const node = resolvePath(path, ctx.aliases, ctx.hidden);
    let element: FactNode | undefined;
    if (!node) ctx.errors.push(`${at}.${op}: unknown fact "${path}"`);
    else if (node.type === 'list') element = node.of;
    else if (node.type === 'string[]') element = { type: 'string', doc: `An element of ${path}.` };
    else ctx.errors.push(`${at}.${op}: "${path}" is not a list`);
    const alias = spec['as'] ?? 'it';
    if (typeof alias !== 'string' || !/^[a-z][a-zA-Z0-9]*$/.test(alias)) {
      ctx.errors.push(`${at}.as: expected a lower-case name`);
      return never;
    }
    if (resolvePath(alias) !== undefined) ctx.errors.push(`${at}.as: "${alias}" would hide the fact root of the same name`);
    if (node) ctx.aliasLists.set(alias, node.type === 'list' ? { list: path, keyField: node.keyField } : { list: path });
    const get = compileGetter(path.split('.'));
    let where: Predicate = () => true;
    if (spec['where'] !== undefined) {
      const saved = ctx.aliases.get(alias);
      if (element) {
        ctx.aliases.set(alias, element);
        ctx.allAliases.set(alias, element);
      }
      where = compilePredicate(spec['where'], `${at}.where`, ctx);
      if (saved) ctx.aliases.set(alias, saved);
      else ctx.aliases.delete(alias);
    } else if (element) {
      ctx.allAliases.set(alias, element);
    }
    const some: Predicate = (vars) => {
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
    return op === 'some' ? some : (vars) => !some(vars);
  }

  if (has('fact')) return compileFact(spec, at, ctx);

  ctx.errors.push(`${at}: unknown predicate (expected one of all, any, not, some, none, fact; found ${keys.join(', ') || 'nothing'})`);
  return never;
}

function compileFact(spec: Record<string, unknown>, at: string, ctx: CompileContext): Predicate {
  const never: Predicate = () => false;
  const path = spec['fact'];
  if (typeof path !== 'string') {
    ctx.errors.push(`${at}.fact: expected a fact path`);
    return never;
  }
  const node = resolvePath(path, ctx.aliases, ctx.hidden);
  if (!node) {
    const root = path.split('.')[0] ?? '';
    ctx.errors.push(`${at}.fact: ${ctx.hidden.has(root) ? `"${path}" needs scope: container` : `unknown fact "${path}"`}`);
    return never;
  }
  const type = node.type;
  const tests: ((v: unknown) => boolean)[] = [];
  const ops = Object.keys(spec).filter((k) => k !== 'fact');
  if (ops.length === 0) ctx.errors.push(`${at}: "fact" needs an operator (${FACT_OPS.filter((o) => o !== 'ignoreCase').join(', ')})`);
  const ignoreCase = spec['ignoreCase'] === true;
  if (spec['ignoreCase'] !== undefined && typeof spec['ignoreCase'] !== 'boolean') ctx.errors.push(`${at}.ignoreCase: expected true or false`);
  const isString = type === 'string';
  const isNumber = type === 'number';
  const isScalarNode = type === 'string' || type === 'number' || type === 'boolean';
  const fold = (x: string) => (ignoreCase ? x.toLowerCase() : x);
  const leaf = node.type === 'string' || node.type === 'number' || node.type === 'boolean' || node.type === 'string[]' ? node : undefined;
  const vocabulary = (here: string, op: string, v: unknown, re?: RegExp) => {
    if (ctx.checkValues === false || !leaf) return;
    const problem = valueProblem(leaf, path, op, v, ignoreCase, re);
    if (problem) ctx.errors.push(`${here}: ${problem}`);
  };

  for (const op of ops) {
    const v = spec[op];
    const here = `${at}.${op}`;
    switch (op) {
      case 'ignoreCase':
        break;
      case 'equals':
        if (!isScalarNode) ctx.errors.push(`${here}: "${path}" is a ${type}; equals needs a string, number or boolean fact`);
        if (!isScalar(v)) ctx.errors.push(`${here}: expected a string, number or boolean`);
        else if (isScalarNode) vocabulary(here, op, v);
        if (ignoreCase && typeof v === 'string') {
          const want = v.toLowerCase();
          tests.push((x) => typeof x === 'string' && x.toLowerCase() === want);
        } else tests.push((x) => x === v);
        break;
      case 'in': {
        if (!isScalarNode) ctx.errors.push(`${here}: "${path}" is a ${type}; in needs a scalar fact`);
        if (!Array.isArray(v) || v.length === 0 || !v.every(isScalar)) {
          ctx.errors.push(`${here}: expected a non-empty list of values`);
          break;
        }
        if (isScalarNode) v.forEach((x: unknown, i: number) => vocabulary(`${here}[${i}]`, op, x));
        const set = new Set<unknown>(v.map((x: unknown) => (typeof x === 'string' ? fold(x) : x)));
        tests.push((x) => set.has(typeof x === 'string' ? fold(x) : x));
        break;
      }
      case 'matches': {
        if (!isString && type !== 'string[]') ctx.errors.push(`${here}: "${path}" is a ${type}; matches needs a string fact`);
        if (typeof v !== 'string') {
          ctx.errors.push(`${here}: expected a regular expression`);
          break;
        }
        const re = compileRegex(v, ignoreCase ? 'i' : '', here, ctx.errors);
        if (!re) break;
        if (isString) vocabulary(here, op, v, re);
        tests.push((x) => (typeof x === 'string' ? re.test(x) : Array.isArray(x) && x.some((e) => typeof e === 'string' && re.test(e))));
        break;
      }
      case 'contains':
      case 'startsWith': {
        if (typeof v !== 'string') {
          ctx.errors.push(`${here}: expected a string`);
          break;
        }
        const want = fold(v);
        if (isString) vocabulary(here, op, v);
        if (op === 'startsWith') {
          if (!isString) ctx.errors.push(`${here}: "${path}" is a ${type}; startsWith needs a string fact`);
          tests.push((x) => typeof x === 'string' && fold(x).startsWith(want));
        } else {
          if (!isString && type !== 'string[]') ctx.errors.push(`${here}: "${path}" is a ${type}; contains needs a string or list of strings`);
          tests.push((x) =>
            typeof x === 'string' ? fold(x).includes(want) : Array.isArray(x) && x.some((e) => typeof e === 'string' && fold(e) === want),
          );
        }
        break;
      }
      case 'exists':
        if (typeof v !== 'boolean') ctx.errors.push(`${here}: expected true or false`);
        tests.push(v === false ? (x) => !present(x) : present);
        break;
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte': {
        if (!isNumber) ctx.errors.push(`${here}: "${path}" is a ${type}; ${op} needs a number fact`);
        if (typeof v !== 'number' || !Number.isFinite(v)) {
          ctx.errors.push(`${here}: expected a number`);
          break;
        }
        const n = v;
        const cmp =
          op === 'gt' ? (x: number) => x > n : op === 'gte' ? (x: number) => x >= n : op === 'lt' ? (x: number) => x < n : (x: number) => x <= n;
        tests.push((x) => typeof x === 'number' && cmp(x));
        break;
      }
      default:
        ctx.errors.push(`${here}: unknown operator (expected ${FACT_OPS.join(', ')})`);
    }
  }
  const get = compileGetter(path.split('.'));
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
