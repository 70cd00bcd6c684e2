// Worker threads, as a user's run starts them (bin/podwhy.js, PODWHY_WORKERS): a 1,000-pod List,
// as kubectl prints it in YAML (11 MB) and JSON (24 MB), big enough that its items go to the
// workers; the output and the exit code the same as one thread's, from a file and from a pipe;
// and the same error where an item, or the file's end, is broken.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, test } from 'node:test';
import { benchInputs } from '../../../tools/bench/inputs.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'podwhy.js');
const dir = mkdtempSync(join(tmpdir(), 'podwhy-parallel-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const inputs = benchInputs(dir, 1000, join(ROOT, 'fixtures'));

function run(args: readonly string[], workers: string, opts: { input?: string; debug?: boolean } = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args, '--now', '2025-06-01T00:00:00Z'], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    ...(opts.input !== undefined ? { input: opts.input } : {}),
    env: { ...process.env, PODWHY_WORKERS: workers, ...(opts.debug ? { PODWHY_DEBUG: '1' } : {}) },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('two worker threads write what one thread writes', () => {
  for (const [kind, file, variants] of [
    ['YAML', inputs.yaml, [['-o', 'json'], []]],
    ['JSON', inputs.json, [['-o', 'json'], [], ['-o', 'wide'], ['-n', 'team-3', '--details']]],
  ] as const) {
    test(`${kind}: ${variants.map((v) => v.join(' ') || 'text').join('; ')}; a pipe`, () => {
      for (const args of variants) {
        const one = run(['-f', file, ...args], '0');
        const two = run(['-f', file, ...args], '2');
        assert.equal(one.status, 1, `${args.join(' ')}: ${one.stderr}`);
        assert.deepEqual(two, one, `${kind} ${args.join(' ')}`);
        if (args[1] === 'json') assert.deepEqual(run([...args], '2', { input: readFileSync(file, 'utf8') }), one, `${kind} on stdin`);
      }
    });
  }

  test('the workers did the parsing and the diagnosing (PODWHY_DEBUG=1 says so)', () => {
    const r = run(['-f', inputs.json, '-o', 'json'], '2', { debug: true });
    const m = /podwhy: debug: 2 worker threads parsed (\d+) list items and diagnosed (\d+) pods/.exec(r.stderr);
    assert.ok(m, r.stderr.slice(0, 500));
    // the first 8 MB are read on the main thread (they might be read again as text), the rest there
    assert.ok(Number(m[1]) > 500 && Number(m[1]) < 1000, m[0]);
    assert.equal(Number(m[2]), 1000);
  });

  test('a broken item late in the list, or a list cut short: the same items read before it, the same line, exit 2', () => {
    const json = readFileSync(inputs.json, 'utf8');
    const at = json.indexOf('"restartPolicy": "', Math.floor(json.length * 0.8));
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, `${json.slice(0, at)}"restartPolicy": ,${json.slice(at + '"restartPolicy": '.length)}`);
    const cut = join(dir, 'cut.json');
    writeFileSync(cut, json.slice(0, Math.floor(json.length * 0.7)));
    const yaml = readFileSync(inputs.yaml, 'utf8');
    const y = yaml.indexOf('  restartPolicy: ', Math.floor(yaml.length * 0.8));
    const brokenYaml = join(dir, 'broken.yaml');
    writeFileSync(brokenYaml, `${yaml.slice(0, y)}  restartPolicy: [oops\n${yaml.slice(y + '  restartPolicy: '.length)}`);
    const lineOf = (text: string, at: number) => text.slice(0, at).split('\n').length;
    for (const [f, message] of [
      [broken, new RegExp(`broken\\.json:${lineOf(json, at)}:\\d+: invalid JSON \\(`)],
      [cut, /cut\.json:\d+:\d+: the JSON ends inside the List's items — its complete items were read, not the last one \(line \d+\)/],
      [brokenYaml, /broken\.yaml:(\d+):\d+: invalid YAML \(/],
    ] as const) {
      const one = run(['-f', f, '-o', 'json'], '0');
      const two = run(['-f', f, '-o', 'json'], '2');
      assert.equal(one.status, 2, one.stderr);
      assert.match(one.stderr, message);
      assert.equal(one.stderr.trim().split('\n').length, 1, one.stderr);
      if (f === brokenYaml) {
        // js-yaml finds the unclosed "[" where the item ends: a line of the broken item
        const l = Number(message.exec(one.stderr)?.[1]);
        assert.ok(l >= lineOf(yaml, y) && l < lineOf(yaml, yaml.indexOf('\n- ', y) + 1), one.stderr);
      }
      // the pods before the break are diagnosed: most of the list, not all of it
      const pods = (JSON.parse(one.stdout) as { pods: unknown[] }).pods.length;
      assert.ok(pods > 500 && pods < 1000, `${f}: ${pods} pods`);
      assert.deepEqual(two, one, f);
    }
  });
});
