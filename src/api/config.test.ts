// applyConfig: the rule set a config leaves, and the one a run without a config gets as loaded.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadRules } from '../catalogue/rule-files.js';
import { UsageError } from '../model/errors.js';
import { applyConfig, EMPTY_CONFIG, parseConfig } from './config.js';

describe('applyConfig', () => {
  const rules = loadRules();
  const planned = (set: typeof rules) => [...set.plan.pod.groups.flatMap((g) => [...g.byValue.values()].flat()), ...set.plan.container.groups.flatMap((g) => [...g.byValue.values()].flat())].map((p) => p.rule.id);

  test('no config: the set as loaded, not a copy planned again', () => {
    assert.equal(applyConfig(rules, EMPTY_CONFIG), rules);
    assert.equal(applyConfig(rules, { ...EMPTY_CONFIG, file: '.podwhy.yaml' }), rules);
  });

  test('disable and severity make a new set, with its own plan', () => {
    const set = applyConfig(rules, { rules: [], disable: ['crashloop-backoff'], ignore: {}, severity: { 'crashloop-oomkilled': 'warning' } });
    assert.notEqual(set, rules);
    assert.equal(set.length, rules.length - 1);
    assert.equal(set.find((r) => r.id === 'crashloop-backoff'), undefined);
    assert.equal(set.find((r) => r.id === 'crashloop-oomkilled')?.severity, 'warning');
    assert.equal(rules.find((r) => r.id === 'crashloop-oomkilled')?.severity, 'error');
    assert.ok(planned(rules).includes('crashloop-backoff'));
    assert.ok(!planned(set).includes('crashloop-backoff'));
    // the plan is made once, when first read
    assert.equal(set.plan, set.plan);
  });

  test('an unknown rule id is a usage error', () => {
    assert.throws(() => applyConfig(rules, { rules: [], disable: ['no-such-rule'], ignore: {}, severity: {} }), (e) => e instanceof UsageError && /unknown rule "no-such-rule"/.test(e.message));
    assert.throws(() => applyConfig(rules, { file: 'x.yaml', rules: [], disable: [], ignore: {}, severity: { 'no-such-rule': 'info' } }), (e) => e instanceof UsageError && /^x\.yaml: unknown rule/.test(e.message));
  });
});

describe('ignore: in .podwhy.yaml', () => {
  const rules = loadRules();
  test('a mapping of rule to reason, or a list of rules; the rules are kept, marked ignored', () => {
    const c = parseConfig('ignore:\n  pod-pending: batch pods wait for the nightly scale-up\n  crashloop-backoff:\n', '/p/.podwhy.yaml');
    assert.deepEqual(c.ignore, { 'pod-pending': 'batch pods wait for the nightly scale-up', 'crashloop-backoff': '' });
    assert.deepEqual(parseConfig('ignore: [pod-pending]\n', 'x').ignore, { 'pod-pending': '' });
    assert.throws(() => parseConfig('ignore: 3\n', 'x'), /ignore: expected a mapping of rule id to the reason/);
    assert.throws(() => parseConfig('ignore:\n  pod-pending: [a]\n', 'x'), /ignore\.pod-pending: expected the reason, as text/);
    const set = applyConfig(rules, c);
    assert.equal(set.length, rules.length, 'evaluated still, unlike disable');
    assert.deepEqual(set.find((r) => r.id === 'pod-pending')?.ignore, { source: '/p/.podwhy.yaml', reason: 'batch pods wait for the nightly scale-up' });
    assert.deepEqual(set.find((r) => r.id === 'crashloop-backoff')?.ignore, { source: '/p/.podwhy.yaml' });
  });
});
