import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import yaml from 'js-yaml';
import { generatePods } from '../../tools/bench/inputs.js';
import { normalize } from '../facts/normalize.js';
import { BUILTIN_RULES_DIR, FIXTURES_DIR } from '../catalogue/paths.js';
import { loadRules } from '../catalogue/rule-files.js';
import { guardOf, type Guard } from '../rules/plan.js';
import { compileTree, type PredicateNode } from '../rules/tree.js';
import { snapshotFromTexts } from '../sources/file.js';
import { fixturePods } from '../../test/fixture-pods.js';
import { shown } from '../../test/findings.js';
import { evaluate, evaluateUnplanned } from './evaluate.js';

const rules = loadRules();

/** The tree of a predicate over catalogue facts (values unchecked: these are made-up rules). */
function tree(spec: unknown): PredicateNode {
  const errors: string[] = [];
  const t = compileTree(spec, 'match', { aliases: new Map(), allAliases: new Map(), hidden: new Set(), errors, checkValues: false });
  assert.deepEqual(errors, []);
  return t as PredicateNode;
}
const g = (spec: unknown) => guardOf(tree(spec));

test('guards are read off the tree only where they are necessary conditions', () => {
  assert.deepEqual(g({ fact: 'pod.phase', equals: 'Failed' }), { path: 'pod.phase', values: ['Failed'] });
  assert.deepEqual(g({ all: [{ not: { fact: 'pod.ageSeconds', equals: 1 } }, { fact: 'pod.phase', in: ['A', 'B'] }] }), { path: 'pod.phase', values: ['A', 'B'] });
  assert.deepEqual(g({ any: [{ fact: 'pod.reason', equals: 'X' }, { all: [{ fact: 'pod.reason', equals: 'Y' }, { fact: 'pod.phase', equals: 'Z' }] }] }), { path: 'pod.reason', values: ['X', 'Y'] });
  // an any over several facts: one of them must hold
  assert.deepEqual(g({ any: [{ fact: 'pod.reason', equals: 'X' }, { fact: 'pod.phase', equals: 'Y' }] }), {
    path: '',
    anyOf: [
      { path: 'pod.reason', values: ['X'] },
      { path: 'pod.phase', values: ['Y'] },
    ],
  });
  assert.equal(g({ any: [{ fact: 'pod.reason', equals: 'X' }, { not: { fact: 'pod.phase', equals: 'Y' } }] }), undefined);
  assert.equal(g({ any: [{ fact: 'pod.reason', equals: 'X' }, { fact: 'pod.phase', exists: false }] }), undefined);
  assert.equal(g({ not: { all: [{ fact: 'pod.phase', equals: 'Running' }] } }), undefined);
  assert.equal(g({ any: [{ fact: 'pod.reason', equals: 'X' }, { fact: 'pod.reason', exists: false }] }), undefined);
  // presence only: the fact must be there, whatever its value
  assert.deepEqual(g({ fact: 'pod.phase', equals: 'failed', ignoreCase: true }), { path: 'pod.phase' });
  assert.deepEqual(g({ fact: 'pod.phase', matches: '^F' }), { path: 'pod.phase' });
  assert.deepEqual(g({ some: 'scheduling.reasons', as: 'r', where: { fact: 'r.kind', equals: 'x' } }), { path: 'scheduling.reasons' });
  assert.deepEqual(g({ all: [{ fact: 'pod.ageSeconds', gt: 3 }, { fact: 'pod.phase', equals: 'P' }] }), { path: 'pod.phase', values: ['P'] });
  assert.deepEqual(g({ any: [{ fact: 'pod.reason', equals: 'X' }, { fact: 'pod.reason', matches: 'Y' }] }), { path: 'pod.reason' });
  assert.equal(g({ fact: 'pod.phase', exists: false }), undefined);
  // none is not some: no guard
  assert.equal(g({ none: 'events', as: 'e', where: { fact: 'e.reason', equals: 'X' } }), undefined);
  // excluded values: not {fact equals/in} alone, and preferred to presence in an all
  assert.deepEqual(g({ not: { fact: 'container.state.kind', equals: 'running' } }), { path: 'container.state.kind', except: ['running'] });
  assert.deepEqual(g({ all: [{ fact: 'pod.ageSeconds', exists: true }, { not: { fact: 'pod.message', in: ['x', 'y'] } }] }), { path: 'pod.message', except: ['x', 'y'] });
  assert.equal(g({ not: { fact: 'pod.message', equals: 'x', exists: true } }), undefined);
  assert.equal(g({ not: { fact: 'pod.message', equals: 'x', ignoreCase: true } }), undefined);
  assert.equal(g({ any: [{ not: { fact: 'pod.message', equals: 'x' } }, { fact: 'pod.message', equals: 'y' }] }), undefined);
  // a path through an alias is not readable before the rule runs
  assert.equal(guardOf({ kind: 'all', of: [{ kind: 'fact', path: 'c.name', alias: true, tests: [{ op: 'equals', value: 'x' }] }] }), undefined);
  assert.ok(rules.filter((r) => guardOf(r.tree)?.values).length > rules.length / 2, 'most built-in rules have a value guard');
});

// ---- the planner as it read the YAML before the compiled tree: the reference for the tree's guards

function specAliases(spec: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(spec)) for (const x of spec) specAliases(x, out);
  else if (typeof spec === 'object' && spec !== null) {
    const o = spec as Record<string, unknown>;
    if (typeof o['some'] === 'string' || typeof o['none'] === 'string') out.add(typeof o['as'] === 'string' ? o['as'] : 'it');
    for (const v of Object.values(o)) if (typeof v === 'object') specAliases(v, out);
  }
  return out;
}

const isPlain = (v: unknown) => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v));
const NEEDS_VALUE = ['equals', 'in', 'matches', 'contains', 'startsWith', 'gt', 'gte', 'lt', 'lte'];

function specGuard(spec: unknown, aliases: ReadonlySet<string>): Guard | undefined {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) return undefined;
  const o = spec as Record<string, unknown>;
  const keys = Object.keys(o);
  if (typeof o['fact'] === 'string') {
    const path = o['fact'];
    if (aliases.has(path.split('.')[0] as string)) return undefined;
    if (o['ignoreCase'] !== true) {
      if (isPlain(o['equals'])) return { path, values: [o['equals']] };
      if (Array.isArray(o['in']) && o['in'].length > 0 && o['in'].every(isPlain)) return { path, values: o['in'] as unknown[] };
    }
    if (keys.some((k) => NEEDS_VALUE.includes(k)) || o['exists'] === true) return { path };
    return undefined;
  }
  if (keys.length === 1 && typeof o['not'] === 'object' && o['not'] !== null && !Array.isArray(o['not'])) {
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
    let pinned: Guard | undefined;
    let except: Guard | undefined;
    let presence: Guard | undefined;
    for (const p of o['all']) {
      const x = specGuard(p, aliases);
      if (x?.values) return x;
      if (x?.anyOf) {
        if (x.anyOf.every((a) => a.values)) pinned ??= x;
        else presence ??= x;
      } else if (x?.except) except ??= x;
      else presence ??= x;
    }
    return pinned ?? except ?? presence;
  }
  if (Array.isArray(o['any']) && keys.length === 1 && o['any'].length > 0) {
    const gs = o['any'].map((p) => specGuard(p, aliases));
    if (!gs.every((x) => x && !x.except)) return undefined;
    const alts = (gs as Guard[]).flatMap((x) => x.anyOf ?? [x]);
    const first = alts[0] as Guard;
    if (alts.every((x) => x.path === first.path)) {
      if (alts.every((x) => x.values)) return { path: first.path, values: alts.flatMap((x) => x.values as unknown[]) };
      return { path: first.path };
    }
    return { path: '', anyOf: alts };
  }
  return undefined;
}

test("every built-in rule's guard read off its tree is the one the YAML gave", () => {
  const byFile = new Map(rules.map((r) => [r.file.replace(/^.*[\\/]/, ''), r]));
  let guarded = 0;
  for (const name of readdirSync(BUILTIN_RULES_DIR).filter((n) => n.endsWith('.yaml'))) {
    const spec = (yaml.load(readFileSync(join(BUILTIN_RULES_DIR, name), 'utf8'), { schema: yaml.CORE_SCHEMA }) as Record<string, unknown>)['match'];
    const rule = byFile.get(name);
    assert.ok(rule, name);
    const want = specGuard(spec, specAliases(spec));
    assert.deepEqual(guardOf(rule.tree), want, name);
    if (want) guarded++;
    // the tree is plain JSON (the build caches it)
    assert.deepEqual(JSON.parse(JSON.stringify(rule.tree)), rule.tree, name);
    // and binds the aliases the YAML names
    assert.deepEqual([...rule.aliasLists.keys()].sort(), [...specAliases(spec)].sort(), name);
  }
  assert.ok(guarded > rules.length / 2);
});

test('planned evaluation finds exactly what running every rule finds, in the same order', () => {
  const generated = snapshotFromTexts([{ file: 'g.json', text: JSON.stringify({ kind: 'List', items: generatePods(300, FIXTURES_DIR, 5) }) }]).pods;
  let fired = 0;
  for (const p of [...fixturePods().map((f) => f.input), ...generated]) {
    const facts = normalize(p, Date.UTC(2025, 5, 1));
    const planned = evaluate(facts, rules);
    fired += planned.length;
    assert.deepEqual(shown(planned), shown(evaluateUnplanned(facts, rules)));
  }
  assert.ok(fired > 300);
});
