// A busy or flaky API server (issue 30): 429 with Retry-After, 503 twice then an answer, a
// connection reset, a server that keeps failing, a secondary request that never answers; and a
// kubeconfig whose user names its token with kubectl's `tokenFile`. Each asserts the outcome.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FIXTURES_DIR } from '../../api/rules.js';
import { main } from '../../cli/main.js';
import { FakeApiServer } from '../../../test/apiserver.js';
import { memoryIO } from '../../../test/io.js';
import { RETRY } from './client.js';
import { PACKAGE_ROOT as ROOT } from '../../catalogue/paths.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-retry-'));
const POD = 'orders-api-6f8d9c7b54-q7xkz';

async function podwhy(args: string[], env: Record<string, string>) {
  const io = memoryIO({ HOME: tmp, ...env });
  const code = await main(['node', 'podwhy', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('retries like client-go, and what still fails', () => {
  const server = new FakeApiServer();
  let env: Record<string, string> = {};
  before(async () => {
    await server.start();
    server.serveFixture(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml'));
    env = { KUBECONFIG: server.writeKubeconfig(tmp, { namespace: 'shop' }) };
  });
  after(() => server.stop());
  const podGets = () => server.requests.filter((q) => q.path === `/api/v1/namespaces/shop/pods/${POD}`);

  test('429 with Retry-After: 1 on the pod: waited for, asked again, diagnosed', async () => {
    server.requests.length = 0;
    server.faults = [{ status: 429, retryAfter: '1', path: /\/pods\/orders-api/ }];
    const t0 = Date.now();
    const r = await podwhy([POD, '-o', 'json'], env);
    assert.equal(r.code, 1, r.err);
    assert.equal(JSON.parse(r.out).pods[0].findings.find((f: { role: string }) => f.role === 'root-cause').rule, 'crashloop-oomkilled');
    assert.deepEqual(podGets().map((q) => q.status), [429, 200]);
    assert.ok(Date.now() - t0 >= 950, 'Retry-After honoured');
  });

  test('503 twice, then the list: a scan that succeeds', async () => {
    server.requests.length = 0;
    server.faults = [
      { status: 503, path: /^\/api\/v1\/namespaces\/shop\/pods$/ },
      { status: 503, path: /^\/api\/v1\/namespaces\/shop\/pods$/ },
    ];
    const r = await podwhy(['-o', 'json'], env);
    assert.equal(r.code, 1, r.err);
    assert.equal(JSON.parse(r.out).summary.pods, 1);
    assert.deepEqual(server.requests.filter((q) => q.path === '/api/v1/namespaces/shop/pods').map((q) => q.status), [503, 503, 200]);
  });

  test('a connection reset before the answer: tried again', async () => {
    server.requests.length = 0;
    server.faults = [{ reset: true, path: /\/events$/ }];
    const r = await podwhy([POD, '-o', 'json'], env);
    assert.equal(r.code, 1, r.err);
    const pod = JSON.parse(r.out).pods[0];
    assert.deepEqual(pod.unreadable, []);
    assert.equal(server.requests.filter((q) => q.path.endsWith('/events')).length, 2);
  });

  test('a server that keeps answering 503: one line, exit 3, never "internal error"', async () => {
    server.faults = Array.from({ length: RETRY.attempts }, () => ({ status: 503, path: /^\/api\/v1\/namespaces\/shop\/pods$/ }));
    const r = await podwhy([], env);
    assert.equal(r.code, 3, r.err);
    assert.equal(r.err.trim().split('\n').length, 1, r.err);
    assert.match(r.err, /^podwhy: listing pods failed: 503 ServiceUnavailable: the server is currently unable to handle the request \(tried 5 times\) — the API server is overloaded or failing; retry later/);
    assert.doesNotMatch(r.err, /internal error|this is a bug/);
    server.faults = [];
  });

  test('events that never answer: the pod is diagnosed without them, and it says so', async () => {
    server.faults = [{ hang: true, path: /\/events$/ }];
    const r = await podwhy([POD, '--request-timeout', '1s', '-o', 'json'], env);
    assert.equal(r.code, 1, r.err);
    const pod = JSON.parse(r.out).pods[0];
    assert.deepEqual(pod.unreadable, ['events (no answer within 1s)']);
    assert.match(r.err, /could not read events \(error\)/);
    server.faults = [];
  });
});

describe('kubeconfig: tokenFile, as kubectl reads it', () => {
  const server = new FakeApiServer();
  before(() => server.start());
  after(() => server.stop());

  const withTokenFile = (tokenFile: string) => {
    const cfg = JSON.parse(readFileSync(server.writeKubeconfig(tmp, { namespace: 'default' }), 'utf8'));
    const user = cfg.users[0].user;
    delete user.token;
    user.tokenFile = tokenFile;
    const file = join(tmp, `kc-tokenfile-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(cfg));
    return file;
  };

  test('a relative tokenFile is read from beside the kubeconfig, its newline trimmed', async () => {
    writeFileSync(join(tmp, 'token'), `${server.token}\n`);
    const r = await podwhy(['--kubeconfig', withTokenFile('token'), '-o', 'json'], {});
    assert.equal(r.code, 0, r.err);
    assert.equal(server.requests.at(-1)?.user, server.user);
  });

  test('a tokenFile that cannot be read: one line naming it, exit 3 (not "refresh your credentials")', async () => {
    const r = await podwhy(['--kubeconfig', withTokenFile('/nonexistent/token'), '-o', 'json'], {});
    assert.equal(r.code, 3, r.err);
    assert.match(r.err, /^podwhy: cannot read the token file \/nonexistent\/token of user "fake-user" \(ENOENT\) — check tokenFile in your kubeconfig\n$/);
  });
});

describe('kubeconfig: an exec credential plugin that hangs', () => {
  test('the plugin is killed at the timeout; the run says so in one line and ends', () => {
    const kc = join(tmp, 'hang-kubeconfig.yaml');
    const pidFile = join(tmp, 'plugin.pid');
    writeFileSync(
      kc,
      [
        'apiVersion: v1',
        'kind: Config',
        'clusters: [{name: c, cluster: {server: "https://127.0.0.1:1", insecure-skip-tls-verify: true}}]',
        `users: [{name: u, user: {exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: sh, args: ["-c", "echo $$ > ${pidFile}; exec sleep 60"]}}}]`,
        'contexts: [{name: x, context: {cluster: c, user: u}}]',
        'current-context: x',
        '',
      ].join('\n'),
    );
    const t0 = Date.now();
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'podwhy.js'), 'web-1', '--kubeconfig', kc, '--request-timeout', '1s'], { encoding: 'utf8', timeout: 30_000, env: { PATH: process.env['PATH'] ?? '', HOME: tmp } });
    const ms = Date.now() - t0;
    assert.equal(r.status, 3, r.stderr);
    assert.equal(r.stderr, 'podwhy: the credential plugin "sh" of user "u" did not finish within 1s and was stopped — check that it can reach its identity provider (try kubectl get pods with the same context), or raise --request-timeout\n');
    assert.ok(ms < 10_000, `exited after ${ms} ms (the plugin sleeps 60 s)`);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    assert.throws(() => process.kill(pid, 0), /ESRCH/, 'the plugin is no longer running');
  });
});
