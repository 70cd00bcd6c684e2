// README.md's options table and example output are generated from the program (readme.ts):
// this fails when they drift, and says how to bring them back.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { MARKERS, README, renderReadme } from './readme.js';

test('README.md\'s options table and example are what the program says', async () => {
  const text = readFileSync(README, 'utf8');
  for (const [start, end] of Object.values(MARKERS)) assert.ok(text.includes(start) && text.includes(end), `README.md keeps the markers ${start} … ${end}`);
  const fresh = await renderReadme(text);
  assert.ok(fresh === text, 'README.md is out of date with the program (options table or example output) — run `npm run docs` and commit README.md');
});

test('the generated table lists every option of the diagnosis', async () => {
  const text = await renderReadme(readFileSync(README, 'utf8'));
  const table = text.slice(text.indexOf(MARKERS.options[0]), text.indexOf(MARKERS.options[1]));
  for (const flag of ['-o, --output <format>', '--no-headers', '-c, --container <name>', '--color', '--no-color', '--config <file>', '--max-bytes <size>', '--kubeconfig <path>']) {
    assert.ok(table.includes(`\`${flag}\``), flag);
  }
  const example = text.slice(text.indexOf(MARKERS.example[0]), text.indexOf(MARKERS.example[1]));
  assert.match(example, /\$ podwhy -f fixtures\/crashloop-oomkilled-jvm\.yaml\norders-api-6f8d9c7b54-q7xkz\n/);
  assert.doesNotMatch(example, /\u001b\[/);
});
