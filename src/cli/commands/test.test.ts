// `podwhy test` with no path reads ./fixtures, and says so in one line when there is none (an
// installed podwhy ships no fixtures of its own).

import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { memoryIO } from '../../../test/io.js';
import { main } from '../main.js';
import { FIXTURES_DIR } from '../../api/rules.js';

async function podwhyTest(cwd: string, args: string[] = []) {
  const io = memoryIO({ HOME: cwd });
  io.cwd = cwd;
  const code = await main(['node', 'podwhy', 'test', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

test('podwhy test without fixtures/ in the current directory: one line, exit 2', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'podwhy-nofx-'));
  const r = await podwhyTest(dir);
  assert.equal(r.code, 2);
  assert.equal(r.out, '');
  assert.equal(r.err, `podwhy: no fixtures/ directory in ${dir} — run it where fixtures/ is, or name the fixtures: podwhy test PATH...\n`);
});

test('podwhy test without a path runs ./fixtures of the current directory', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'podwhy-fx-'));
  mkdirSync(join(dir, 'fixtures'));
  cpSync(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml'), join(dir, 'fixtures', 'oom.yaml'));
  const r = await podwhyTest(dir);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /fixtures\/oom\.yaml/);
  assert.match(r.out, /^1 passed, 0 failed$/m);
});

test('podwhy test colours as the rest of the CLI: FORCE_COLOR when piped, --no-color over it', async () => {
  const file = join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml');
  const run = async (env: Record<string, string>, args: string[]) => {
    const io = memoryIO({ HOME: tmpdir(), ...env });
    await main(['node', 'podwhy', 'test', file, ...args], io);
    return io.stdout;
  };
  assert.match(await run({ FORCE_COLOR: '1' }, []), /\x1b\[32mok /);
  assert.doesNotMatch(await run({ FORCE_COLOR: '1' }, ['--no-color']), /\x1b\[/);
  assert.doesNotMatch(await run({}, []), /\x1b\[/);
  assert.match(await run({}, ['--color']), /\x1b\[32mok /);
});
