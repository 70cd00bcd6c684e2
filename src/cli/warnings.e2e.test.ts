// The bundled CLI, run as a user runs it, prints nothing of Node's own on stderr: no
// DeprecationWarning, ExperimentalWarning or other `(node:PID) …Warning` line, on whatever Node
// runs the suite (CI runs it on 20, 24 and 26). Such a line breaks the one-line error contract and
// shows up in every script that reads podwhy's stderr. The case that made this test: from Node 21
// on, `require('punycode')` (tr46 and whatwg-url, under client-node's node-fetch 2) printed DEP0040
// in live mode; tools/build/bundle.ts now bundles the npm punycode package instead.
//
// Live mode runs against the loopback API server (test/apiserver.ts) in this process, so
// the CLI is spawned asynchronously: a spawnSync would stop the server from answering.

import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { serverForSuite } from '../../test/live-suite.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'podwhy.js');
const FIXTURE = join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml');
const POD = 'orders-api-6f8d9c7b54-q7xkz';
const tmp = mkdtempSync(join(tmpdir(), 'podwhy-warnings-'));

/** The environment of a user who has not silenced Node's warnings. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: tmp, NO_COLOR: '1', ...extra };
  for (const k of ['NODE_OPTIONS', 'NODE_NO_WARNINGS', 'NODE_REDIRECT_WARNINGS', 'KUBECONFIG', 'PODWHY_DEBUG']) if (!(k in extra)) delete env[k];
  return env;
}

/** Lines on stderr that Node printed for itself. */
function nodeWarnings(stderr: string): string[] {
  return stderr.split('\n').filter((l) => /^\(node:\d+\)|\b[A-Z][A-Za-z]*Warning\b|--trace-(deprecation|warnings)/.test(l));
}

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** bin/podwhy.js under this Node, without blocking this process (the API server lives here). */
function podwhy(args: string[], env: NodeJS.ProcessEnv, onOut?: (chunk: string, all: string) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => c.kill('SIGKILL'), 20_000);
    c.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      onOut?.(d, out);
    });
    c.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    c.on('error', reject);
    c.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

function assertNoWarning(r: Run): void {
  assert.deepEqual(nodeWarnings(r.err), [], `stderr:\n${r.err}`);
}

test('the warning check sees a warning when Node prints one', () => {
  // the same check on a process that does warn, so the tests below cannot pass by looking wrong
  const r = spawnSync(process.execPath, ['-e', "process.emitWarning('old thing', 'DeprecationWarning', 'DEP0999')"], { encoding: 'utf8', env: userEnv() });
  assert.equal(nodeWarnings(r.stderr).length > 0, true, r.stderr);
});

test('offline: a saved pod, JSON and text, and an error — no warning', async () => {
  const json = await podwhy(['-f', FIXTURE, '-o', 'json'], userEnv());
  assert.equal(json.code, 1, json.err);
  assert.equal(JSON.parse(json.out).pods[0].findings[0].rule, 'crashloop-oomkilled');
  assert.equal(json.err, '');
  const text = await podwhy(['-f', FIXTURE], userEnv());
  assert.equal(text.code, 1, text.err);
  assert.equal(text.err, '');
  const bad = await podwhy(['-f', join(tmp, 'no-such-file.yaml')], userEnv());
  assert.equal(bad.code, 2);
  assertNoWarning(bad);
  assert.equal(bad.err.trim().split('\n').length, 1, bad.err);
});

describe('live, against the loopback API server', () => {
  const cluster = serverForSuite(
    tmp,
    (server) => {
      server.serveFixture(FIXTURE);
    },
    { namespace: 'shop' },
  );
  const { server } = cluster;

  test('a pod by name, JSON and text: the diagnosis, and nothing on stderr', async () => {
    const json = await podwhy([POD, '-o', 'json'], userEnv({ KUBECONFIG: cluster.kubeconfig }));
    assert.equal(json.code, 1, json.err);
    assert.equal(JSON.parse(json.out).pods[0].findings[0].rule, 'crashloop-oomkilled');
    assertNoWarning(json);
    assert.equal(json.err, '');
    const text = await podwhy([POD], userEnv({ KUBECONFIG: cluster.kubeconfig }));
    assert.equal(text.code, 1, text.err);
    assert.match(text.out, /OOM/);
    assert.equal(text.err, '');
  });

  test('a cluster error is still one line: a missing pod, a server that cannot be reached', async () => {
    const missing = await podwhy(['no-such-pod'], userEnv({ KUBECONFIG: cluster.kubeconfig }));
    assert.equal(missing.code, 2, missing.err);
    assertNoWarning(missing);
    assert.equal(missing.err.trim().split('\n').length, 1, missing.err);
    const none = await podwhy(['web-1'], userEnv({ KUBECONFIG: join(tmp, 'no-such-kubeconfig') }));
    assert.equal(none.code, 3, none.err);
    assertNoWarning(none);
    assert.equal(none.err.trim().split('\n').length, 1, none.err);
  });

  test('--watch: the first line, then the pod is deleted and the watch ends — no warning', async () => {
    let removed = false;
    const r = await podwhy([POD, '--watch', '-o', 'json'], userEnv({ KUBECONFIG: cluster.kubeconfig }), (_d, all) => {
      if (!removed && all.includes('\n')) {
        removed = true;
        server.remove('Pod', 'shop', POD);
      }
    });
    assert.ok(removed, `the watch printed a line first: ${r.out}${r.err}`);
    assertNoWarning(r);
    assert.equal(r.err, '');
    assert.match(r.out, /"change":"deleted"/);
  });
});
