// applyConfig: the rule set a config leaves, and the one a run without a config gets as loaded.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadRules } from '../catalogue/rule-files.js';
import { UsageError } from '../model/errors.js';
import { applyConfig, EMPTY_CONFIG } from './config.js';

describe('applyConfig', () => {
  const rules = loadRules();
  const planned = (set: typeof rules) => [...set.plan.pod.groups.flatMap((g) => [...g.byValue.values()].flat()), ...set.plan.container.groups.flatMap((g) => [...g.byValue.values()].flat())].map((p) => p.rule.id);

  test('no config: the set as loaded, not a copy planned again', () => {
    assert.equal(applyConfig(rules, EMPTY_CONFIG), rules);
    assert.equal(applyConfig(rules, { ...EMPTY_CONFIG, file: '.podwhy.yaml' }), rules);
  });

  test('disable and severity make a new set, with its own plan', () => {
    const set = applyConfig(rules, { rules: [], disable: ['crashloop-backoff'], severity: { 'crashloop-oomkilled': 'warning' } });
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
    assert.throws(() => applyConfig(rules, { rules: [], disable: ['no-such-rule'], severity: {} }), (e) => e instanceof UsageError && /unknown rule "no-such-rule"/.test(e.message));
    assert.throws(() => applyConfig(rules, { file: 'x.yaml', rules: [], disable: [], severity: { 'no-such-rule': 'info' } }), (e) => e instanceof UsageError && /^x\.yaml: unknown rule/.test(e.message));
  });
});
