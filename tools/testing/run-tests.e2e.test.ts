// The runner itself, run as `npm test` runs it: the unit suite refuses a test that starts a
// process or opens a socket, even one that catches the error; the e2e suite allows both; the
// slowest files are listed at the end.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const RUNNER = fileURLToPath(new URL('./run-tests.js', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'podwhy-run-tests-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const SPAWNS = `import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
test('spawns', () => { spawnSync(process.execPath, ['-e', '0']); });
`;
const LISTENS_CAUGHT = `import net from 'node:net';
import { test } from 'node:test';
test('listens, and hides the error', async () => {
  const server = net.createServer();
  try { await new Promise((r) => server.listen(0, '127.0.0.1', r)); } catch {}
  server.close();
});
`;
const CONNECTS = `import http from 'node:http';
import { test } from 'node:test';
test('connects', async () => {
  await new Promise((resolve) => http.get('http://127.0.0.1:9/', resolve).on('error', resolve));
});
`;
const PURE = `import assert from 'node:assert/strict';
import { test } from 'node:test';
test('pure', () => { assert.equal(1 + 1, 2); });
`;

function run(args: string[]) {
  const env = { ...process.env };
  delete env['NODE_TEST_CONTEXT'];
  return spawnSync(process.execPath, [RUNNER, ...args], { encoding: 'utf8', env, timeout: 60_000 });
}

test('a unit test that spawns, listens or connects fails its file, with the rule to follow', () => {
  const dir = join(tmp, 'unit');
  mkdirSync(dir);
  writeFileSync(join(dir, 'spawns.test.js'), SPAWNS);
  writeFileSync(join(dir, 'listens.test.js'), LISTENS_CAUGHT);
  writeFileSync(join(dir, 'connects.test.js'), CONNECTS);
  writeFileSync(join(dir, 'pure.test.js'), PURE);
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  const r = run([dir, '--unit']);
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /connects\.test\.js: a socket connected in the unit suite — a unit test starts no process and opens no socket; a test that must is end-to-end: name it \*\.e2e\.test\.ts/);
  assert.match(r.stderr, /listens\.test\.js: a server listened in the unit suite/);
  assert.match(r.stderr, /spawns\.test\.js: child_process\.spawnSync\(\) was called in the unit suite/);
  assert.doesNotMatch(r.stderr, /pure\.test\.js/);
  assert.match(r.stdout, /^slowest 4 of 4 test files/m);
});

test('the same tests named *.e2e.test.js pass in the e2e suite, and a unit run does not pick them', () => {
  const dir = join(tmp, 'e2e');
  mkdirSync(dir);
  writeFileSync(join(dir, 'listens.e2e.test.js'), LISTENS_CAUGHT);
  writeFileSync(join(dir, 'connects.e2e.test.js'), CONNECTS);
  writeFileSync(join(dir, 'pure.test.js'), PURE);
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  const e2e = run([dir, '--e2e']);
  assert.equal(e2e.status, 0, e2e.stdout + e2e.stderr);
  assert.match(e2e.stdout, /^e2e: Node v[\d.]+: 2 test files$/m);
  assert.match(e2e.stdout, /^tests: 2 passed, 0 failed, 0 skipped$/m);
  const both = run([dir, '--slowest=1']);
  assert.equal(both.status, 0, both.stdout + both.stderr);
  assert.match(both.stdout, /^unit: Node v[\d.]+: 1 test files\n/m);
  assert.match(both.stdout, /^slowest 1 of 3 test files/m);
  assert.equal(run([dir, '--slowest']).status, 2);
});
