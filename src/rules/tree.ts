// A rule's `match`, checked against the fact catalogue and compiled once into a typed tree: the
// one reading of the YAML. The evaluator's predicate (src/rules/predicates.ts) and the planner's
// guards (src/rules/plan.ts) are both derived from the tree, never from the YAML, and the build
// stores the built-in rules' trees in its cache (src/catalogue/rule-cache.ts). The tree is plain
// JSON: paths are strings, regexes their source.
// Every problem is reported with the YAML path of the offending node.

import { resolvePath, type FactNode } from '../facts/catalog.js';
import { isObject } from '../util/json.js';
import { compileRegex } from './regex.js';
import { FACT_OPS } from './types.js';
import { valueProblem } from './vocabulary.js';

export type Scalar = string | number | boolean;

/** One comparison of a fact's value (the operators of a `fact:` predicate). */
export type FactTest =
  | { op: 'equals'; value: Scalar }
  | { op: 'in'; values: Scalar[] }
  | { op: 'matches'; source: string }
  | { op: 'contains' | 'startsWith'; value: string }
  | { op: 'exists'; value: boolean }
  | { op: 'gt' | 'gte' | 'lt' | 'lte'; value: number };

/**
 * A compiled predicate. `none: L` is compiled to `not: {some: L}`. A fact path is resolved:
 * it names a catalogue fact, or (`alias: true`) starts with an alias an enclosing `some` binds.
 */
export type PredicateNode =
  | { kind: 'all'; of: PredicateNode[] }
  | { kind: 'any'; of: PredicateNode[] }
  | { kind: 'not'; of: PredicateNode }
  | {
      kind: 'some';
      /** The list ranged over (a fact path, or one through an outer alias). */
      list: string;
      alias: string;
      /** The element field that names an element in evidence paths (lists of objects). */
      keyField?: string;
      where?: PredicateNode;
    }
  | { kind: 'fact'; path: string; alias?: true; ignoreCase?: true; tests: FactTest[] };

export interface TreeContext {
  /** Aliases bound by enclosing `some … as`. */
  aliases: Map<string, FactNode>;
  /** Every alias bound anywhere in the rule, with its element's node: templates may use them. */
  allAliases: Map<string, FactNode>;
  /** Fact roots not available to this rule (`container` in pod scope). */
  hidden: ReadonlySet<string>;
  errors: string[];
  /**
   * Check compared values against the catalogue's vocabularies (src/rules/vocabulary.ts). Off for
   * built-in rules the build checked.
   */
  checkValues?: boolean;
}

const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The tree of `spec`, or undefined when it has problems (pushed to ctx.errors). */
export function compileTree(spec: unknown, at: string, ctx: TreeContext): PredicateNode | undefined {
  if (!isObject(spec)) {
    ctx.errors.push(`${at}: expected a predicate (an object with all/any/not/some/none/fact)`);
    return undefined;
  }
  const keys = Object.keys(spec);
  const has = (k: string) => Object.prototype.hasOwnProperty.call(spec, k);

  if (has('all') || has('any')) {
    const op = has('all') ? 'all' : 'any';
    if (keys.length !== 1) ctx.errors.push(`${at}: "${op}" must stand alone (found ${keys.join(', ')})`);
    const list = spec[op];
    if (!Array.isArray(list) || list.length === 0) {
      ctx.errors.push(`${at}.${op}: expected a non-empty list of predicates`);
      return undefined;
    }
    const of = list.map((p, i) => compileTree(p, `${at}.${op}[${i}]`, ctx));
    return of.every((n) => n !== undefined) ? { kind: op, of: of as PredicateNode[] } : undefined;
  }

  if (has('not')) {
    if (keys.length !== 1) ctx.errors.push(`${at}: "not" must stand alone (found ${keys.join(', ')})`);
    const of = compileTree(spec['not'], `${at}.not`, ctx);
    return of && { kind: 'not', of };
  }

  if (has('some') || has('none')) return compileSome(spec, has('some') ? 'some' : 'none', at, ctx);

  if (has('fact')) return compileFact(spec, at, ctx);

  ctx.errors.push(`${at}: unknown predicate (expected one of all, any, not, some, none, fact; found ${keys.join(', ') || 'nothing'})`);
  return undefined;
}

function compileSome(spec: Record<string, unknown>, op: 'some' | 'none', at: string, ctx: TreeContext): PredicateNode | undefined {
  for (const k of Object.keys(spec)) if (![op, 'as', 'where'].includes(k)) ctx.errors.push(`${at}.${k}: unknown key in "${op}" (expected ${op}, as, where)`);
  const path = spec[op];
  if (typeof path !== 'string') {
    ctx.errors.push(`${at}.${op}: expected a fact path`);
    return undefined;
  }
  const node = resolvePath(path, ctx.aliases, ctx.hidden);
  const element = node && elementOf(node, path);
  if (!node) ctx.errors.push(`${at}.${op}: unknown fact "${path}"`);
  else if (!element) ctx.errors.push(`${at}.${op}: "${path}" is not a list`);
  const alias = spec['as'] ?? 'it';
  if (typeof alias !== 'string' || !/^[a-z][a-zA-Z0-9]*$/.test(alias)) {
    ctx.errors.push(`${at}.as: expected a lower-case name`);
    return undefined;
  }
  if (resolvePath(alias) !== undefined) ctx.errors.push(`${at}.as: "${alias}" would hide the fact root of the same name`);
  let where: PredicateNode | undefined;
  if (element) ctx.allAliases.set(alias, element);
  if (spec['where'] !== undefined) {
    const saved = ctx.aliases.get(alias);
    if (element) ctx.aliases.set(alias, element);
    where = compileTree(spec['where'], `${at}.where`, ctx);
    if (saved) ctx.aliases.set(alias, saved);
    else ctx.aliases.delete(alias);
    if (!where) return undefined;
  }
  if (!node || !element) return undefined;
  const some: PredicateNode = { kind: 'some', list: path, alias };
  if (node.type === 'list') some.keyField = node.keyField;
  if (where) some.where = where;
  return op === 'some' ? some : { kind: 'not', of: some };
}

/** The node of one element of the list fact `node`, or undefined when it is no list. */
function elementOf(node: FactNode, path: string): FactNode | undefined {
  if (node.type === 'list') return node.of;
  if (node.type === 'string[]') return { type: 'string', doc: `An element of ${path}.` };
  return undefined;
}

function compileFact(spec: Record<string, unknown>, at: string, ctx: TreeContext): PredicateNode | undefined {
  const path = spec['fact'];
  if (typeof path !== 'string') {
    ctx.errors.push(`${at}.fact: expected a fact path`);
    return undefined;
  }
  const node = resolvePath(path, ctx.aliases, ctx.hidden);
  if (!node) {
    const root = path.split('.')[0] ?? '';
    ctx.errors.push(`${at}.fact: ${ctx.hidden.has(root) ? `"${path}" needs scope: container` : `unknown fact "${path}"`}`);
    return undefined;
  }
  const before = ctx.errors.length;
  const type = node.type;
  const tests: FactTest[] = [];
  const ops = Object.keys(spec).filter((k) => k !== 'fact');
  if (ops.length === 0) ctx.errors.push(`${at}: "fact" needs an operator (${FACT_OPS.filter((o) => o !== 'ignoreCase').join(', ')})`);
  const ignoreCase = spec['ignoreCase'] === true;
  if (spec['ignoreCase'] !== undefined && typeof spec['ignoreCase'] !== 'boolean') ctx.errors.push(`${at}.ignoreCase: expected true or false`);
  const isString = type === 'string';
  const isScalarNode = type === 'string' || type === 'number' || type === 'boolean';
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
        else {
          if (isScalarNode) vocabulary(here, op, v);
          tests.push({ op, value: v });
        }
        break;
      case 'in':
        if (!isScalarNode) ctx.errors.push(`${here}: "${path}" is a ${type}; in needs a scalar fact`);
        if (!Array.isArray(v) || v.length === 0 || !v.every(isScalar)) {
          ctx.errors.push(`${here}: expected a non-empty list of values`);
          break;
        }
        if (isScalarNode) v.forEach((x: unknown, i: number) => vocabulary(`${here}[${i}]`, op, x));
        tests.push({ op, values: v });
        break;
      case 'matches': {
        if (!isString && type !== 'string[]') ctx.errors.push(`${here}: "${path}" is a ${type}; matches needs a string fact`);
        if (typeof v !== 'string') {
          ctx.errors.push(`${here}: expected a regular expression`);
          break;
        }
        const re = compileRegex(v, ignoreCase ? 'i' : '', here, ctx.errors);
        if (!re) break;
        if (isString) vocabulary(here, op, v, re);
        tests.push({ op, source: v });
        break;
      }
      case 'contains':
      case 'startsWith':
        if (typeof v !== 'string') {
          ctx.errors.push(`${here}: expected a string`);
          break;
        }
        if (isString) vocabulary(here, op, v);
        if (op === 'startsWith' && !isString) ctx.errors.push(`${here}: "${path}" is a ${type}; startsWith needs a string fact`);
        if (op === 'contains' && !isString && type !== 'string[]') ctx.errors.push(`${here}: "${path}" is a ${type}; contains needs a string or list of strings`);
        tests.push({ op, value: v });
        break;
      case 'exists':
        if (typeof v !== 'boolean') ctx.errors.push(`${here}: expected true or false`);
        else tests.push({ op, value: v });
        break;
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte':
        if (type !== 'number') ctx.errors.push(`${here}: "${path}" is a ${type}; ${op} needs a number fact`);
        if (typeof v !== 'number' || !Number.isFinite(v)) {
          ctx.errors.push(`${here}: expected a number`);
          break;
        }
        tests.push({ op, value: v });
        break;
      default:
        ctx.errors.push(`${here}: unknown operator (expected ${FACT_OPS.join(', ')})`);
    }
  }
  if (ctx.errors.length > before) return undefined;
  const out: PredicateNode = { kind: 'fact', path, tests };
  if (ctx.aliases.has(path.split('.')[0] as string)) out.alias = true;
  if (ignoreCase) out.ignoreCase = true;
  return out;
}

/**
 * Visit every node of a tree, parents before children, in the order of the YAML (a `some`
 * before its `where`). `visit` returning false skips the node's children.
 */
export function walkTree(tree: PredicateNode, visit: (node: PredicateNode) => boolean | void): void {
  if (visit(tree) === false) return;
  if (tree.kind === 'all' || tree.kind === 'any') for (const n of tree.of) walkTree(n, visit);
  else if (tree.kind === 'not') walkTree(tree.of, visit);
  else if (tree.kind === 'some' && tree.where) walkTree(tree.where, visit);
}

/** Each alias a tree binds (in the order of the YAML) and the list it ranges over, for evidence paths. */
export function aliasListsOf(tree: PredicateNode, out = new Map<string, { list: string; keyField?: string }>()): Map<string, { list: string; keyField?: string }> {
  walkTree(tree, (n) => {
    if (n.kind === 'some') out.set(n.alias, n.keyField !== undefined ? { list: n.list, keyField: n.keyField } : { list: n.list });
  });
  return out;
}

/**
 * Each alias a (checked) tree binds and the catalogue node of its elements, for compiling
 * templates of a rule whose tree came from the build's cache.
 */
export function aliasTypesOf(tree: PredicateNode, hidden: ReadonlySet<string>, scope = new Map<string, FactNode>(), out = new Map<string, FactNode>()): Map<string, FactNode> {
  switch (tree.kind) {
    case 'all':
    case 'any':
      for (const n of tree.of) aliasTypesOf(n, hidden, scope, out);
      break;
    case 'not':
      aliasTypesOf(tree.of, hidden, scope, out);
      break;
    case 'some': {
      const node = resolvePath(tree.list, scope, hidden);
      const element = node && elementOf(node, tree.list);
      if (!element) break;
      out.set(tree.alias, element);
      if (tree.where) {
        const saved = scope.get(tree.alias);
        scope.set(tree.alias, element);
        aliasTypesOf(tree.where, hidden, scope, out);
        if (saved) scope.set(tree.alias, saved);
        else scope.delete(tree.alias);
      }
      break;
    }
    case 'fact':
      break;
  }
  return out;
}

/** Every fact path a tree reads (`some` lists and `fact` paths), in the order of the YAML. */
export function pathsOf(tree: PredicateNode, out: string[] = []): string[] {
  walkTree(tree, (n) => {
    if (n.kind === 'some') out.push(n.list);
    else if (n.kind === 'fact') out.push(n.path);
  });
  return out;
}
