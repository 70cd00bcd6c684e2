// asciiSource: what it rewrites keeps its value (every case run before and after, in a context
// of its own), what it cannot rewrite stops it, and the bundle files the build wrote are ASCII.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { test } from 'node:test';
import { asciiEscapes, asciiSource } from './ascii.js';

const SAMPLE = String.raw`
// a line comment … with → arrows
/** a JSDoc — block */
const out = {
  dots: /^(?:\.{2,}|…+)$/.test('……'), // trailing … comment
  box: 'x│y'.replace(/[│┃]/g, '|'),
  identity: /a\…b/.test('a…b'),
  klass: /[“”‘’]/.test('’'),
  unicode: /[\s"'”’)\]}>]+$/u.exec('word”’')[0],
  astral: /😀+/.test('😀😀'),
  astralU: /^[😀]$/u.test('😀'),
  astralClass: /^[😀]+$/.test('😀'),
  // (a pattern's source text changes, to escapes of the same characters: it matches the same)
  source: new RegExp(/로그|…/i.source + '$', 'i').test('이 로그'),
  raw: String.raw${'`'}a…\d${'${'}1 + 1}—\n${'`'},
  plain: ${'`'}t…${'${'}2}—${'`'},
  str: 'é' + "\…",
  /* before the brace … */
};
// the end … of the file
JSON.stringify(out);
`;

test('asciiSource rewrites comments, regular expressions, strings and templates to ASCII with the same values', () => {
  const before = JSON.parse(runInNewContext(SAMPLE) as string) as Record<string, unknown>;
  const after = asciiSource(SAMPLE, 'sample.js');
  assert.doesNotMatch(after, /[^\x00-\x7f]/);
  assert.deepEqual(JSON.parse(runInNewContext(after) as string), before);
  assert.ok(Object.values(before).every((v) => v !== false), JSON.stringify(before));
  assert.equal(before['raw'], 'a…\\d2—\\n');
  assert.equal(before['unicode'], '”’');
  assert.equal(before['astral'], true);
  // ASCII in, the same text out
  assert.equal(asciiSource('const a = /x/; // ok\n', 'a.js'), 'const a = /x/; // ok\n');
});

test('asciiEscapes: UTF-16 units, an identity escape replaced, an escaped backslash kept', () => {
  assert.equal(asciiEscapes('/…/'), '/\\u2026/');
  assert.equal(asciiEscapes('/\\…/'), '/\\u2026/');
  assert.equal(asciiEscapes('/\\\\…/'), '/\\\\\\u2026/');
  assert.equal(asciiEscapes('/😀/'), '/\\ud83d\\ude00/');
});

test('asciiSource stops at what it cannot rewrite', () => {
  assert.throws(() => asciiSource('const café = 1;\n', 'x.js'), /x\.js:1: a character beyond ASCII/);
  assert.throws(() => asciiSource('tag`…`;\n', 'x.js'), /tagged tag holds characters beyond ASCII/);
  assert.throws(() => asciiSource('const = …;\n', 'x.js'), /x\.js: does not parse/);
});

test('the bundle files the build wrote are ASCII', () => {
  const dir = fileURLToPath(new URL('../../bundle/', import.meta.url));
  const files = readdirSync(dir).filter((f) => f.endsWith('.cjs'));
  assert.ok(files.includes('cli.cjs'), files.join(' '));
  for (const f of files) assert.doesNotMatch(readFileSync(join(dir, f), 'latin1'), /[^\x00-\x7f]/, f);
});
