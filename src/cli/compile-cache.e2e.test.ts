// bin/podwhy.js loads the program through its own V8 code cache (src/cli/code-cache.ts): a run
// leaves the compiled program in the cache directory, a run after it takes it, a cache that is not
// ours or not valid is left alone, NODE_DISABLE_COMPILE_CACHE=1 leaves the directory empty, and
// the output is the same every way.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'podwhy.js');
const FIXTURE = join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml');

const list = (dir: string): string[] => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};

test('the bin caches the compiled program, takes the cache, and prints the same with it, without it and after bad data', () => {
  const dir = mkdtempSync(join(tmpdir(), 'podwhy-cc-'));
  try {
    const cache = join(dir, 'cache', 'podwhy');
    const run = (env: Record<string, string> = {}) => spawnSync(process.execPath, [BIN, '-f', FIXTURE, '-o', 'json', '--now', '2025-06-01T00:00:00Z'], { encoding: 'utf8', env: { ...process.env, NODE_COMPILE_CACHE: join(dir, 'cache'), ...env } });
    const off = run({ NODE_DISABLE_COMPILE_CACHE: '1' });
    assert.deepEqual(list(join(dir, 'cache')), []);
    const cold = run();
    const files = list(cache);
    assert.equal(files.length, 1, files.join(' '));
    const file = join(cache, files[0] as string);
    assert.match(files[0] as string, new RegExp(`^cli-[0-9a-f]{16}-main\\.json\\.f-${process.version}-${process.arch}\\.bin$`));
    assert.equal(statSync(cache).mode & 0o777, 0o700);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const made = readFileSync(file);
    assert.ok(made.length > 100_000, `${made.length} bytes: the functions the run compiled`);
    const warm = run();
    assert.deepEqual(readFileSync(file), made, 'taken as it is: same shape of command line');
    // data V8 rejects: compiled afresh, and the cache made anew
    const header = made.subarray(0, made.indexOf(10)).toString('latin1');
    writeFileSync(file, `${header}\nnot V8 data`, { mode: 0o600 });
    const bad = run();
    assert.ok(readFileSync(file).length > 100_000, 'made anew');
    // a directory open to others is not used
    chmodSync(cache, 0o777);
    rmSync(file);
    const open = run();
    assert.deepEqual(list(cache), []);
    for (const r of [off, cold, warm, bad, open]) {
      assert.equal(r.stderr, '');
      assert.equal(r.status, 1);
      assert.equal(r.stdout, off.stdout);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a run of another shape of the same family adds what it compiled to its file; another family has its own', () => {
  const dir = mkdtempSync(join(tmpdir(), 'podwhy-cc-'));
  try {
    const cache = join(dir, 'podwhy');
    mkdirSync(cache, { mode: 0o700 });
    const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, NODE_COMPILE_CACHE: dir } });
    const head = (b: Buffer) => b.subarray(0, b.indexOf(10)).toString();
    assert.equal(run('-f', FIXTURE, '-o', 'json').status, 1);
    const [name] = list(cache);
    assert.match(name as string, /^cli-[0-9a-f]{16}-main\.json\.f-/);
    const small = readFileSync(join(cache, name as string));
    assert.match(head(small), /^podwhy-code-cache 1 \S+ -,-f,o=json,\S+$/);
    assert.equal(run('-f', FIXTURE, '-o', 'json', '--now', '2025-06-01T00:00:00Z', '--timeline').status, 1);
    const grown = readFileSync(join(cache, name as string));
    assert.match(head(grown), /^podwhy-code-cache 1 \S+ -,-f,o=json,\S+ -,--now,--timeline,-f,o=json,\S+$/);
    assert.ok(grown.length > small.length, `${small.length} → ${grown.length} bytes`);
    assert.equal(run('explain', 'CrashLoopBackOff').status, 0);
    const names = list(cache);
    assert.equal(names.length, 2, names.join(' '));
    const explain = names.find((n) => n.includes('-explain.text-')) as string;
    assert.match(head(readFileSync(join(cache, explain))), /^podwhy-code-cache 1 \S+ explain,\S+$/);
    assert.deepEqual(readFileSync(join(cache, name as string)), grown, 'the other family\'s file untouched');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a cache directory that cannot be made costs nothing but the cache, and never hangs', () => {
  const run = (env: Record<string, string>) => spawnSync(process.execPath, [BIN, '-f', FIXTURE, '-o', 'json', '--now', '2025-06-01T00:00:00Z'], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, ...env } });
  const off = run({ NODE_DISABLE_COMPILE_CACHE: '1' });
  // /proc: mkdir says ENOENT for a parent that exists (Node's recursive mkdir loops on it for ever).
  // Node 24 (22 not checked here) reads NODE_COMPILE_CACHE itself at start-up and hangs on it before
  // any podwhy code runs (`NODE_COMPILE_CACHE=/proc/x node -e 0` never returns); Node 20 and 26 do
  // not. That case is for the Nodes that do not hang.
  const procCache = { NODE_COMPILE_CACHE: '/proc/podwhy-nope/deeper' };
  const nodeHangs = spawnSync(process.execPath, ['-e', '0'], { timeout: 5_000, env: { ...process.env, ...procCache } }).error !== undefined;
  const envs: Record<string, string>[] = [...(nodeHangs ? [] : [procCache]), { NODE_COMPILE_CACHE: '/dev/null/x' }, { TMPDIR: '/proc' }];
  for (const env of envs) {
    const r = run(env);
    assert.equal(r.error, undefined, JSON.stringify(env));
    assert.equal(r.status, 1, JSON.stringify(env));
    assert.equal(r.stdout, off.stdout);
    assert.equal(r.stderr, '');
  }
});

test('with the cache turned off, the bin runs as before', () => {
  const r = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8', env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' } });
  assert.equal(r.stdout, '0.1.0\n');
  assert.equal(r.stderr, '');
});
