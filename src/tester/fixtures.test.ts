// Every fixture in fixtures/ is a test: its pod must fire exactly the rules its header lists, with
// the declared root cause, and every finding must render without leftovers. Adding a fixture
// file is the whole act of adding a test. PODWHY_RULE=<id> runs only the fixtures naming that id.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { FIXTURES_DIR } from '../api/rules.js';
import { loadRules } from '../catalogue/rule-files.js';
import { LANGS } from '../model/vocabulary.js';
import { checkFixture, describeResult, type FixtureResult } from './fixtures.js';

const rules = loadRules();
// fixtures/*.yaml and fixtures/real/ (real posts, YAML or the text as posted)
const files = [
  ...readdirSync(FIXTURES_DIR).filter((f) => f.endsWith('.yaml')),
  ...readdirSync(join(FIXTURES_DIR, 'real'))
    .filter((f) => /\.(?:yaml|txt)$/.test(f))
    .map((f) => `real/${f}`),
  // workload fixtures (expect.workload): a Deployment, Job, CronJob… with its pods and events
  ...readdirSync(join(FIXTURES_DIR, 'workloads'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => `workloads/${f}`),
].sort();
const focus = process.env['PODWHY_RULE'];
const results = new Map<string, FixtureResult>();
// Every language is rendered: a rule without a language falls back to English, and every
// translation that exists is checked for leftovers as soon as it is written.
const langs = [...LANGS];

describe('fixtures', () => {
  for (const name of files) {
    const text = readFileSync(join(FIXTURES_DIR, name), 'utf8');
    if (focus && !new RegExp(`\\b${focus}\\b`).test(text)) continue;
    test(name, () => {
      const r = checkFixture(`fixtures/${name}`, text, rules, langs);
      results.set(name, r);
      assert.ok(r.ok, describeResult(r));
    });
  }
});

describe('fixture coverage', { skip: focus !== undefined }, () => {
  const all = files.map((name) => checkFixture(`fixtures/${name}`, readFileSync(join(FIXTURES_DIR, name), 'utf8'), rules));

  test('every rule is fired by at least one fixture (a hypothesis: given by one)', () => {
    const fired = new Set(all.flatMap((r) => [...(r.expected?.fires ?? []), ...(r.expected?.hypotheses ?? [])]));
    const missing = rules.map((r) => r.id).filter((id) => !fired.has(id));
    assert.deepEqual(missing, [], `rules with no fixture: ${missing.join(', ')}`);
  });

  test('at least 3 healthy fixtures fire nothing at error level', () => {
    const healthy = all.filter((r) => r.ok && r.diagnosis && !r.diagnosis.findings.some((f) => f.severity === 'error'));
    assert.ok(healthy.length >= 3, `only ${healthy.length} healthy fixtures`);
  });

  test('every container-scoped rule was evaluated against a container', () => {
    const withContainers = all.filter((r) => (r.diagnosis?.facts.containers.length ?? 0) > 0);
    assert.ok(withContainers.length > 0);
  });

  test('no two fixtures hold the same pod status and events', () => {
    const seen = new Map<string, string>();
    for (const name of files) {
      const text = readFileSync(join(FIXTURES_DIR, name), 'utf8');
      const body = text.slice(text.indexOf('\n---'));
      const prev = seen.get(body);
      assert.equal(prev, undefined, `${name} duplicates ${prev}`);
      seen.set(body, name);
    }
  });
});
