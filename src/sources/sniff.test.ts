import assert from 'node:assert/strict';
import { test } from 'node:test';
import { meaningfulLines, SNIFF_DEPTH, toLines } from './text/describe-lines.js';
import { sniff } from './sniff.js';

const DESCRIBE = ['Name:         web-1', 'Namespace:    shop', 'Priority:     0', 'Node:         node-1/10.0.0.1', 'Status:       Running'];

test('toLines stops after `limit` lines that carry something', () => {
  const text = 'a\n\n  b\n\tc\nd\n';
  assert.deepEqual(toLines(text).map((l) => l.text), ['a', 'b', 'c', 'd']);
  assert.deepEqual(toLines(text, '<input>', 2).map((l) => [l.n, l.indent, l.text]), [[1, 0, 'a'], [3, 2, 'b']]);
});

test('meaningfulLines skips blank and prompt lines however many come first, and cuts only what it needs', () => {
  for (const prompts of [0, 1, 47, 48, 49, 200, 1000]) {
    const text = `${'$ kubectl describe pod web-1\n\n'.repeat(prompts)}${DESCRIBE.join('\n')}\n`;
    assert.deepEqual(meaningfulLines(text, SNIFF_DEPTH).map((l) => l.text), DESCRIBE, `${prompts} prompts`);
    assert.deepEqual(sniff(text), { kind: 'kubectl', text: 'describe' }, `${prompts} prompts`);
  }
  const long = Array.from({ length: 500 }, (_, i) => `key${i}: ${i}`).join('\n');
  assert.deepEqual(meaningfulLines(long, 3).map((l) => l.text), ['key0: 0', 'key1: 1', 'key2: 2']);
  assert.deepEqual(sniff(long), { kind: 'yaml' });
  assert.deepEqual(sniff('\n\n'), { kind: 'yaml' });
  assert.deepEqual(sniff('hello there'), { kind: 'unknown' });
});
