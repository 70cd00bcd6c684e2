import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { generatePods } from '../bench/inputs.js';
import { normalize } from '../facts/normalize.js';
import { FIXTURES_DIR } from '../catalogue/paths.js';
import { specAliases } from '../rules/load.js';
import { loadRules } from '../catalogue/rule-files.js';
import { snapshotFromTexts } from '../sources/file.js';
import { shown } from '../testing/findings.js';
import { evaluate, evaluateUnplanned, guardOf } from './evaluate.js';

const rules = loadRules();

test('guards are read only where they are necessary conditions', () => {
  const none = new Set<string>();
  assert.deepEqual(guardOf({ fact: 'pod.phase', equals: 'Failed' }, none), { path: 'pod.phase', values: ['Failed'] });
  assert.deepEqual(guardOf({ all: [{ not: { fact: 'a.b', equals: 1 } }, { fact: 'pod.phase', in: ['A', 'B'] }] }, none), { path: 'pod.phase', values: ['A', 'B'] });
  assert.deepEqual(guardOf({ any: [{ fact: 'pod.reason', equals: 'X' }, { all: [{ fact: 'pod.reason', equals: 'Y' }, { fact: 'pod.phase', equals: 'Z' }] }] }, none), { path: 'pod.reason', values: ['X', 'Y'] });
  // an any over several facts: one of them must hold
  assert.deepEqual(guardOf({ any: [{ fact: 'pod.reason', equals: 'X' }, { fact: 'pod.phase', equals: 'Y' }] }, none), {
    path: '',
    anyOf: [
      { path: 'pod.reason', values: ['X'] },
      { path: 'pod.phase', values: ['Y'] },
    ],
  });
  assert.equal(guardOf({ any: [{ fact: 'pod.reason', equals: 'X' }, { not: { fact: 'pod.phase', equals: 'Y' } }] }, none), undefined);
  assert.equal(guardOf({ any: [{ fact: 'pod.reason', equals: 'X' }, { fact: 'pod.phase', exists: false }] }, none), undefined);
  assert.equal(guardOf({ not: { all: [{ fact: 'pod.phase', equals: 'Running' }] } }, none), undefined);
  assert.equal(guardOf({ any: [{ fact: 'pod.reason', equals: 'X' }, { fact: 'pod.reason', exists: false }] }, none), undefined);
  // presence only: the fact must be there, whatever its value
  assert.deepEqual(guardOf({ fact: 'pod.phase', equals: 'failed', ignoreCase: true }, none), { path: 'pod.phase' });
  assert.deepEqual(guardOf({ fact: 'pod.phase', matches: '^F' }, none), { path: 'pod.phase' });
  assert.deepEqual(guardOf({ some: 'scheduling.reasons', as: 'r', where: { fact: 'r.kind', equals: 'x' } }, new Set(['r'])), { path: 'scheduling.reasons' });
  assert.deepEqual(guardOf({ all: [{ fact: 'a.b', gt: 3 }, { fact: 'pod.phase', equals: 'P' }] }, none), { path: 'pod.phase', values: ['P'] });
  assert.deepEqual(guardOf({ any: [{ fact: 'pod.reason', equals: 'X' }, { fact: 'pod.reason', matches: 'Y' }] }, none), { path: 'pod.reason' });
  assert.equal(guardOf({ fact: 'pod.phase', exists: false }, none), undefined);
  // excluded values: not {fact equals/in} alone, and preferred to presence in an all
  assert.deepEqual(guardOf({ not: { fact: 'container.state.kind', equals: 'running' } }, none), { path: 'container.state.kind', except: ['running'] });
  assert.deepEqual(guardOf({ all: [{ fact: 'a.b', exists: true }, { not: { fact: 'c.d', in: ['x', 'y'] } }] }, none), { path: 'c.d', except: ['x', 'y'] });
  assert.equal(guardOf({ not: { fact: 'c.d', equals: 'x', exists: true } }, none), undefined);
  assert.equal(guardOf({ not: { fact: 'c.d', equals: 'x', ignoreCase: true } }, none), undefined);
  assert.equal(guardOf({ any: [{ not: { fact: 'c.d', equals: 'x' } }, { fact: 'c.d', equals: 'y' }] }, none), undefined);
  // a path through an alias bound by a sibling `some` is not readable before the rule runs:
  // only the list the `some` ranges over is
  assert.deepEqual(guardOf({ all: [{ some: 'containers', as: 'c', where: { fact: 'c.ready', equals: false } }, { fact: 'c.name', equals: 'x' }] }, new Set(['c'])), { path: 'containers' });
  assert.equal(guardOf({ all: [{ fact: 'c.name', equals: 'x' }] }, new Set(['c'])), undefined);
  assert.ok(rules.filter((r) => guardOf(r.spec.match, new Set(r.aliasLists.keys()))?.values).length > rules.length / 2, 'most built-in rules have a value guard');
});

test('the aliases read off a spec are those its compilation binds', () => {
  for (const r of loadRules()) assert.deepEqual([...specAliases(r.spec.match)].sort(), [...r.aliasLists.keys()].sort(), r.id);
});

test('planned evaluation finds exactly what running every rule finds, in the same order', () => {
  const fixturePods = [...readdirSync(FIXTURES_DIR).filter((f) => f.endsWith('.yaml')), ...readdirSync(join(FIXTURES_DIR, 'real')).map((f) => `real/${f}`).filter((f) => f.endsWith('.yaml'))]
    .flatMap((f) => snapshotFromTexts([{ file: f, text: readFileSync(join(FIXTURES_DIR, f), 'utf8') }]).pods);
  const generated = snapshotFromTexts([{ file: 'g.json', text: JSON.stringify({ kind: 'List', items: generatePods(300, FIXTURES_DIR, 5) }) }]).pods;
  let fired = 0;
  for (const p of [...fixturePods, ...generated]) {
    const facts = normalize(p, Date.UTC(2025, 5, 1));
    const planned = evaluate(facts, rules);
    fired += planned.length;
    assert.deepEqual(shown(planned), shown(evaluateUnplanned(facts, rules)));
  }
  assert.ok(fired > 300);
});
