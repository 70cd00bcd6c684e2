// Files a person can hold: no source file, tests included, and no data file kept beside the source
// (the glossary, test data) grows past 1,000 lines. Past that, split it along its seams.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { PACKAGE_ROOT } from '../../src/catalogue/paths.js';

const MAX_LINES = 1000;
/** The product and the workshop beside it (tools/, and test/ with its data). */
const TREES = ['src', 'tools', 'test'].map((d) => join(PACKAGE_ROOT, d));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.(ts|ya?ml)$/.test(e.name) ? [p] : [];
  });
}

export function linesOf(text: string): number {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

test(`every file under src/, tools/ and test/ (.ts, tests included, and .yaml) has at most ${MAX_LINES} lines`, () => {
  const all = TREES.flatMap(files);
  assert.ok(all.length > 100, `${all.length} files under ${TREES.join(', ')}`);
  const long = all.map((f) => ({ f: relative(PACKAGE_ROOT, f), n: linesOf(readFileSync(f, 'utf8')) })).filter((x) => x.n > MAX_LINES);
  assert.deepEqual(long.map((x) => `${x.f}: ${x.n} lines`), []);
});

test('lines are counted as wc -l counts them', () => {
  assert.equal(linesOf(''), 0);
  assert.equal(linesOf('a\n'), 1);
  assert.equal(linesOf('a\nb'), 2);
  assert.equal(linesOf(`${'x\n'.repeat(MAX_LINES + 1)}`), MAX_LINES + 1);
});
