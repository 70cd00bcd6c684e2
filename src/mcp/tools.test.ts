import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGS } from '../model/vocabulary.js';
import { TOOL_LANGS } from './schemas.js';
import { capPods } from './tools.js';

test("the tools' lang offers exactly podwhy's languages", () => {
  assert.deepEqual([...TOOL_LANGS], [...LANGS]);
});

test('capPods keeps unhealthy pods first, in report order, and counts what it left out', () => {
  const pod = (name: string, healthy: boolean) => ({ name, healthy });
  const report = { schemaVersion: 1, pods: [pod('a', true), pod('b', false), pod('c', true), pod('d', false)], summary: { pods: 4 } };
  const cut = capPods(report, 3) as { pods: { name: string }[]; truncated: { shown: number; omitted: number; omittedHealthy: number }; summary: unknown };
  assert.deepEqual(cut.pods.map((p) => p.name), ['a', 'b', 'd']);
  assert.deepEqual([cut.truncated.shown, cut.truncated.omitted, cut.truncated.omittedHealthy], [3, 1, 1]);
  assert.deepEqual(cut.summary, { pods: 4 });
  assert.equal(capPods(report, 4), report);
  const one = capPods(report, 1) as { pods: { name: string }[] };
  assert.deepEqual(one.pods.map((p) => p.name), ['b']);
});
