import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PACKAGE_ROOT } from '../../src/catalogue/paths.js';
import { longFunctions, MAX_FUNCTION_LINES } from './function-length.js';

// the product and the workshop beside it alike
test(`no function in src/, tools/ or test/ is over ${MAX_FUNCTION_LINES} lines`, () => {
  const long = ['src', 'tools', 'test'].flatMap((d) => longFunctions(join(PACKAGE_ROOT, d)).map((f) => ({ ...f, file: `${d}/${f.file}` })));
  assert.deepEqual(long.map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`), [], 'break these up into named steps');
});

const dir = mkdtempSync(join(tmpdir(), 'podwhy-fnlen-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('the check finds long functions of every kind, and leaves tests and short ones alone', () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
  mkdirSync(join(dir, 'a'), { recursive: true });
  writeFileSync(join(dir, 'a', 'x.ts'), `export function long() {\n${body(5)}\n}\nexport const arrow = () => {\n${body(5)}\n};\nclass C {\n  method() {\n${body(5)}\n  }\n}\nexport function short() {\n  return 1;\n}\n`);
  writeFileSync(join(dir, 'a', 'x.test.ts'), `export function inATest() {\n${body(9)}\n}\n`);
  const found = longFunctions(dir, 6);
  assert.deepEqual(found.map((f) => `${f.file}:${f.line} ${f.name} ${f.lines}`), ['a/x.ts:1 long 7', 'a/x.ts:8 (anonymous) 7', 'a/x.ts:16 method 7']);
});
