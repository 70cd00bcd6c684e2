import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileRule } from '../rules/load.js';
import { readGlossary } from './glossary.js';
import { loadRules } from './rule-files.js';
import { derivedRules, namedTerms, withRules } from './term-rules.js';
import type { Term } from '../i18n/glossary.js';

const rules = loadRules();
const TERMS = readGlossary();
const term = (name: string) => TERMS.find((t) => t.name === name) as Term;

function rule(id: string, match: string) {
  const errors: string[] = [];
  const text = `id: ${id}\nseverity: error\nstage: runtime\nscope: container\nmatch:\n${match}\ntext:\n  en: {title: t, explanation: e, remedies: [Do it.]}\n  ko: {title: 제목, explanation: 설명, remedies: [하세요.]}\nevidence: [container.name]\ndocs: [https://kubernetes.io/docs/]\n`;
  const r = compileRule(text, `${id}.yaml`, errors);
  assert.deepEqual(errors, []);
  return r as NonNullable<typeof r>;
}

test('a rule is listed under the reason its match compares, not under one it excludes', () => {
  const r = rule('x-pull', '  all:\n    - fact: container.state.waiting.reason\n      in: [ImagePullBackOff, ErrImagePull]\n    - not:\n        fact: container.lastState.terminated.reason\n        equals: OOMKilled');
  assert.deepEqual([...namedTerms(r.tree)].sort(), ['ErrImagePull', 'ImagePullBackOff']);
  const set = [...rules, r];
  assert.ok(derivedRules(term('ImagePullBackOff'), set).includes('x-pull'));
  assert.ok(!derivedRules(term('OOMKilled'), set).includes('x-pull'));
});

test('events named inside some, exit codes, and conditions named by path count too', () => {
  const r = rule('x-ev', '  all:\n    - some: events\n      as: e\n      where:\n        fact: e.reason\n        equals: FailedMount\n    - fact: container.lastState.terminated.exitCode\n      equals: 137\n    - fact: conditions.PodScheduled.status\n      equals: "False"');
  assert.deepEqual([...namedTerms(r.tree)].sort(), ['137', 'FailedMount', 'PodScheduled']);
});

test('the glossary lists by hand only what no rule match shows (the rest is derived)', () => {
  for (const t of TERMS) {
    const derived = new Set(derivedRules(t, rules));
    for (const id of t.rules) assert.ok(!derived.has(id), `${t.name}: rules: ${id} is derived from its match — drop it from the glossary's list`);
  }
});

test('every built-in rule that names a term is listed under it, and withRules keeps the hand list first', () => {
  const crash = withRules(term('CrashLoopBackOff'), rules);
  assert.ok(crash.rules.includes('crashloop-backoff'), crash.rules.join(' '));
  assert.deepEqual(crash.rules.slice(0, term('CrashLoopBackOff').rules.length), term('CrashLoopBackOff').rules);
  let derivedTotal = 0;
  for (const t of TERMS) derivedTotal += derivedRules(t, rules).length;
  assert.ok(derivedTotal > 50, `only ${derivedTotal} derived entries: the derivation reads no rule`);
});
