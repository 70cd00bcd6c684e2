import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadRules } from './rule-files.js';
import { explain } from './explain.js';
import { distance } from '../util/distance.js';
import { loadGlossary } from './glossary.js';

const rules = loadRules();
const TERMS = loadGlossary();
const ex = (q: string) => explain(q, TERMS, rules);

test('reasons, statuses, events and conditions by name, case-insensitively', () => {
  for (const q of ['CrashLoopBackOff', 'crashloopbackoff', 'ImagePullBackOff', 'Terminating', 'FailedMount', 'OOMKilled', 'PodScheduled']) {
    const e = ex(q);
    assert.equal(e.kind, 'term', q);
  }
});

test('Init:<reason> is the reason on an init container; Init:N/M is the Init status', () => {
  const e = ex('Init:ErrImagePull');
  assert.ok(e.kind === 'term' && e.init === true && e.term.name === 'ErrImagePull');
  const s = ex('Init:0/2');
  assert.ok(s.kind === 'term' && s.term.name === 'Init');
});

test('exit codes and signals', () => {
  const e = ex('137');
  assert.ok(e.kind === 'exit-code' && e.code === 137 && e.signal === 'SIGKILL' && e.meaning === 'killed');
  const f = ex('42');
  assert.ok(f.kind === 'exit-code' && f.meaning === 'app-error');
  assert.ok(ex('ExitCode:143').kind === 'exit-code');
  for (const q of ['SIGKILL', 'sigterm', 'Signal:9']) assert.equal(ex(q).kind, 'term', q);
  assert.equal(ex('300').kind, 'unknown');
});

test('conditions with a status', () => {
  const e = ex('PodScheduled=False');
  assert.ok(e.kind === 'term' && e.status === 'False' && e.term.category === 'condition');
});

test('rule ids', () => {
  const e = ex('crashloop-oomkilled');
  assert.ok(e.kind === 'rule' && e.rule.id === 'crashloop-oomkilled');
});

test('typos get suggestions; nonsense gets none', () => {
  const e = ex('CrashLoopBackof');
  assert.ok(e.kind === 'unknown' && e.suggestions[0] === 'CrashLoopBackOff');
  const g = ex('ImagePullBakOff');
  assert.ok(g.kind === 'unknown' && g.suggestions.includes('ImagePullBackOff'));
  const n = ex('zzzzzzzzzzzz');
  assert.ok(n.kind === 'unknown' && n.suggestions.length === 0);
});

test('distance', () => {
  assert.equal(distance('kitten', 'sitting'), 3);
  assert.equal(distance('', 'abc'), 3);
  assert.ok(distance('a', 'abcdefghijklmnop', 4) > 4);
});
