// The fact catalogue and the normalized facts must describe the same model: every value
// normalize() produces for any fixture has a catalogue entry of the right type, and every
// catalogue root is a key of Facts (so rules can reach it).

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FIXTURES_DIR } from '../cli/commands/rules.js';
import { snapshotFromTexts } from '../sources/file.js';
import { ROOTS, type FactNode } from './catalog.js';
import { normalize } from './normalize.js';

function check(value: unknown, node: FactNode | undefined, path: string, problems: Set<string>): void {
  if (value === undefined) return;
  if (!node) {
    problems.add(`${path}: produced by normalize() but not in the catalogue`);
    return;
  }
  switch (node.type) {
    case 'string':
    case 'number':
    case 'boolean':
      if (typeof value !== node.type) problems.add(`${path}: catalogue says ${node.type}, got ${typeof value}`);
      return;
    case 'string[]':
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) problems.add(`${path}: catalogue says string[]`);
      return;
    case 'list':
      if (!Array.isArray(value)) problems.add(`${path}: catalogue says list`);
      else for (const v of value) check(v, node.of, `${path}[]`, problems);
      return;
    case 'map':
      for (const [k, v] of Object.entries(value as object)) check(v, node.of, `${path}.<${k}>`, problems);
      return;
    case 'object':
      for (const [k, v] of Object.entries(value as object)) check(v, node.fields[k], `${path}.${k}`, problems);
  }
}

test('normalized facts of every fixture match the catalogue', () => {
  const problems = new Set<string>();
  const real = readdirSync(join(FIXTURES_DIR, 'real'))
    .filter((n) => n.endsWith('.yaml'))
    .map((n) => `real/${n}`);
  for (const name of [...readdirSync(FIXTURES_DIR).filter((n) => n.endsWith('.yaml')), ...real]) {
    const snap = snapshotFromTexts([{ file: name, text: readFileSync(join(FIXTURES_DIR, name), 'utf8') }]);
    for (const p of snap.pods) {
      const facts = normalize(p, p.capturedAt ?? 0) as unknown as Record<string, unknown>;
      for (const [root, value] of Object.entries(facts)) check(value, ROOTS[root], root, problems);
    }
  }
  assert.deepEqual([...problems].sort(), []);
});

test('every catalogue root but `container` is a key of Facts', () => {
  const facts = normalize({ pod: {}, events: [] }, 0) as unknown as Record<string, unknown>;
  const optional = new Set(['scheduling', 'eviction', 'mount', 'sandbox', 'admission', 'node']);
  for (const root of Object.keys(ROOTS)) {
    if (root === 'container' || optional.has(root)) continue;
    assert.ok(root in facts, `${root} is not produced by normalize()`);
  }
});
