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

test('a rule is listed under the words the facts it tests are read from, value by value where the catalogue says so', () => {
  const killed = rule('x-killed', '  fact: container.killedByLiveness\n  equals: true');
  assert.deepEqual([...namedTerms(killed.tree)], ['Killing']);
  const bridge = rule('x-bridge', '  fact: sandbox.kind\n  equals: bridge-address-conflict');
  assert.deepEqual([...namedTerms(bridge.tree)], ['FailedCreatePodSandBox']);
  // the kubelet's NetworkNotReady events say one kind only
  assert.deepEqual([...namedTerms(rule('x-cni', '  fact: sandbox.kind\n  in: [cni-not-ready]').tree)].sort(), ['FailedCreatePodSandBox', 'NetworkNotReady']);
  assert.deepEqual([...namedTerms(rule('x-shut', '  fact: nodeShutdown.kind\n  equals: terminated').tree)].sort(), ['DisruptionTarget', 'Shutdown', 'Terminated']);
  assert.deepEqual([...namedTerms(rule('x-rej', '  fact: nodeShutdown.kind\n  equals: rejected').tree)].sort(), ['NodeShutdown', 'Shutdown']);
  // a probe's failures, read from Unhealthy events
  assert.deepEqual([...namedTerms(rule('x-probe', '  fact: container.probes.startup.failures\n  gt: 0').tree)], ['Unhealthy']);
  // an event's cause through the alias of its list: the reason the rule compares names it
  assert.deepEqual([...namedTerms(rule('x-kill', '  some: container.events\n  as: k\n  where:\n    all:\n      - fact: k.reason\n        equals: Killing\n      - fact: k.cause\n        equals: liveness-probe').tree)], ['Killing']);
  // what it excludes, or says is not there, is not what it diagnoses
  assert.deepEqual([...namedTerms(rule('x-none', '  all:\n    - fact: sandbox.kind\n      exists: false\n    - not:\n        fact: container.killedByLiveness\n        equals: true').tree)], []);
  const set = [...rules, killed, bridge];
  assert.ok(derivedRules(term('Killing'), set).includes('x-killed'));
  assert.ok(derivedRules(term('FailedCreatePodSandBox'), set).includes('x-bridge'));
});

test('the rules that read the kubelet\'s words through facts are listed under those words', () => {
  const under = (name: string) => withRules(term(name), rules).rules;
  for (const id of ['liveness-probe-failing', 'startup-probe-failing']) {
    assert.ok(under('Killing').includes(id), `Killing: ${id}`);
    assert.ok(under('Unhealthy').includes(id), `Unhealthy: ${id}`);
  }
  assert.ok(under('Preempted').includes('pod-preempted'));
  assert.ok(under('Preempting').includes('pod-preempted'));
  assert.ok(under('FailedCreatePodSandBox').includes('sandbox-cni-bridge-address-conflict'));
  assert.ok(under('Terminated').includes('node-shutdown'));
  assert.ok(under('DisruptionTarget').includes('node-shutdown'));
  assert.ok(under('NodeShutdown').includes('admission-node-shutdown'));
  assert.ok(!under('NodeShutdown').includes('node-shutdown'));
});
