// The fact catalogue and the normalized facts must describe the same model: every value
// normalize() produces for any fixture has a catalogue entry of the right type, every field
// declared required is there, and every catalogue root is a key of Facts (so rules can reach it).
// (The compiler checks the same at build time, as src/facts/types.ts is read off the catalogue;
// this walk also sees what slips past it: JSON spread in, values of the wrong vocabulary.)
// A fact with a closed vocabulary holds only its declared values (an extractor's exported list:
// rules are checked against it), and a reason fact only reasons the rule loader knows
// (src/rules/known-reasons.ts).

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FIXTURES_DIR } from '../api/rules.js';
import { snapshotFromTexts } from '../sources/file.js';
import { CONTROLLER_REASONS, FROM_CATALOGUE, FROM_FIXTURES } from '../rules/known-reasons.js';
import { allPaths, ROOTS, type FactNode } from './catalog.js';
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
      else if (node.type === 'string' && node.values && !node.values.includes(value as string))
        problems.add(`${path}: "${value as string}" is not among the declared values (${node.values.join(', ')})`);
      else if (node.type === 'string' && node.reason && value !== '' && !KNOWN.has(value as string))
        problems.add(`${path}: reason "${value as string}" is not in src/rules/known-reasons.ts (run node dist/tools/build/known-reasons-gen.js --write)`);
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
      for (const [k, f] of Object.entries(node.fields)) if (!f.optional && (value as Record<string, unknown>)[k] === undefined) problems.add(`${path}.${k}: declared required, absent`);
  }
}

const KNOWN = new Set([...FROM_CATALOGUE, ...FROM_FIXTURES, ...CONTROLLER_REASONS]);

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
  for (const [root, node] of Object.entries(ROOTS)) {
    if (root === 'container' || node.optional) continue;
    assert.ok(root in facts, `${root} is not produced by normalize()`);
  }
});

test('a closed vocabulary is named in its fact\'s description, once each', () => {
  const problems: string[] = [];
  for (const { path, node } of allPaths()) {
    if (node.type !== 'string' || !node.values) continue;
    if (new Set(node.values).size !== node.values.length || node.values.length < 2) problems.push(`${path}: values repeat or are too few`);
    if (path.endsWith('signalName')) continue; // "SIGKILL for 137, SIGTERM for 143…": 31 names
    for (const v of node.values) if (!new RegExp(`(^|[^\\w-])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\w-]|$)`).test(node.doc)) problems.push(`${path}: "${v}" is not in its description`);
  }
  assert.deepEqual(problems, []);
});
