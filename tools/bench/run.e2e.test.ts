// The bench is not part of npm test (it takes minutes); this checks that it runs, end to end, on
// a tiny input and prints every row of the table.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

test('npm run bench runs on a tiny input and prints every row', () => {
  const script = fileURLToPath(new URL('./run.js', import.meta.url));
  const r = spawnSync(process.execPath, [script, '--pods', '30', '--live-pods', '30', '--runs', '1', '--no-write', '--no-icount'], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, r.stderr);
  for (const row of ['podwhy --help', 'one-pod fixture', '30-pod YAML list', 'as JSON input', 'text output', '`PODWHY_WORKERS=', 'live, one pod, 0 ms of latency', 'live, one pod, 50 ms of latency', 'live, 30-pod namespace', 'rules (in process, 30 pods)']) {
    assert.ok(r.stdout.includes(row), `row "${row}" missing:\n${r.stdout}`);
  }
  assert.match(r.stdout, /Machine: \d+ × .*Load average \(1, 5, 15 min\) at the start [\d.]+, /);
  assert.match(r.stdout, /\| what \| podwhy \| yardstick \| ratio \| target \| \| load \|/);
  // every row states the load before and after it
  assert.equal(r.stdout.match(/\| [\d.]+ → [\d.]+( ⚠)? \|\n/g)?.length, 10, r.stdout);
  assert.match(r.stdout, /\d+ requests: 1 pod pages, 1 event pages/);
});
