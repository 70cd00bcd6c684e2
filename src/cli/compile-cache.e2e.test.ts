// bin/podwhy.js turns on V8's code cache (Node 22.1+) before the bundle is compiled: a run leaves
// the compiled chunks in the cache directory, NODE_DISABLE_COMPILE_CACHE=1 leaves it empty, and
// the output is the same either way.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'podwhy.js');
const FIXTURE = join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml');

/** Every file under dir, recursively. */
const files = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name);
  } catch {
    return [];
  }
};

test('the bin fills the compile cache where Node has one, and prints the same with it off', { skip: typeof (module as { enableCompileCache?: unknown }).enableCompileCache !== 'function' && 'no module.enableCompileCache before Node 22.1' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'podwhy-cc-'));
  try {
    const run = (env: Record<string, string>) => spawnSync(process.execPath, [BIN, '-f', FIXTURE, '-o', 'json', '--now', '2025-06-01T00:00:00Z'], { encoding: 'utf8', env: { ...process.env, NODE_COMPILE_CACHE: join(dir, 'cache'), ...env } });
    const off = run({ NODE_DISABLE_COMPILE_CACHE: '1' });
    assert.deepEqual(files(join(dir, 'cache')), []);
    const cold = run({});
    assert.ok(files(join(dir, 'cache')).length > 1, 'no compiled chunks in the cache');
    const warm = run({});
    for (const r of [off, cold, warm]) {
      assert.equal(r.stderr, '');
      assert.equal(r.status, 1);
    }
    assert.equal(cold.stdout, off.stdout);
    assert.equal(warm.stdout, off.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('with the compile cache turned off, the bin runs as before', () => {
  const r = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8', env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' } });
  assert.equal(r.stdout, '0.1.0\n');
  assert.equal(r.stderr, '');
});
