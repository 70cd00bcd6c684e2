import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import yaml from 'js-yaml';
import { BUILTIN_RULES_DIR } from '../paths.js';
import { cachedRule, RULE_CACHE_FILE } from './cache.js';

test('the build wrote a rule cache that matches every built-in rule file', () => {
  assert.ok(existsSync(RULE_CACHE_FILE), 'npm run build writes dist/rules-cache.json');
  for (const name of readdirSync(BUILTIN_RULES_DIR).filter((n) => n.endsWith('.yaml'))) {
    const text = readFileSync(join(BUILTIN_RULES_DIR, name), 'utf8');
    assert.deepEqual(cachedRule(name, text), yaml.load(text, { schema: yaml.CORE_SCHEMA }), name);
  }
});

test('a rule edited after the build is not taken from the cache', () => {
  const name = 'crashloop-oomkilled.yaml';
  const text = readFileSync(join(BUILTIN_RULES_DIR, name), 'utf8');
  assert.notEqual(cachedRule(name, text), undefined);
  assert.equal(cachedRule(name, text.replace('severity: error', 'severity: warning')), undefined);
  assert.equal(cachedRule('no-such-rule.yaml', text), undefined);
});
