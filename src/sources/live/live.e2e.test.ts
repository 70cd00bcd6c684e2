// Live mode against the loopback API server (test/apiserver.ts): real HTTPS with a CA made
// at start, a generated kubeconfig, the API's paths, selectors, pagination and Status errors.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import yaml from 'js-yaml';
import { main } from '../../cli/main.js';
import { FIXTURES_DIR } from '../../api/rules.js';
import { FakeApiServer } from '../../../test/apiserver.js';
import { serverForSuite } from '../../../test/live-suite.js';
import { memoryIO } from '../../../test/io.js';
import type { JsonObject } from '../../util/json.js';
import { PAGE_SIZE } from './fetch.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-live-'));

async function podwhy(args: string[], env: Record<string, string>) {
  const io = memoryIO({ HOME: tmp, ...env });
  const code = await main(['node', 'podwhy', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

function oneLine(r: { code: number; out: string; err: string }, code: number, re: RegExp) {
  assert.equal(r.code, code, r.err);
  assert.match(r.err, re);
  assert.equal(r.err.trim().split('\n').length, 1, r.err);
  assert.doesNotMatch(r.err, /\n\s+at /);
}

describe('one pod, live', () => {
  const cluster = serverForSuite(
    tmp,
    (server) => {
      assert.ok(server.serveFixture(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml')), 'crashloop-oomkilled-jvm.yaml has a pod');
      assert.ok(server.serveFixture(join(FIXTURES_DIR, 'log-java-heap-oom.yaml')), 'log-java-heap-oom.yaml has a pod');
      assert.ok(server.serveFixture(join(FIXTURES_DIR, 'node-lost-unknown.yaml')), 'node-lost-unknown.yaml has a pod');
      server.add({
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        metadata: {
          name: 'orders-api-6f8d9c7b54',
          namespace: 'shop',
          uid: '0b3c1c56-2f0e-4a55-9d0b-8f7a51e3c2d1',
          ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'orders-api', uid: 'd1', controller: true, blockOwnerDeletion: true }],
        },
      });
      server.setLog('shop', 'orders-api-6f8d9c7b54-q7xkz', 'orders-api', 'Started OrdersApplication in 8.1 seconds\nINFO cache warm-up: 1.2M entries, password=hunter2\n', true);
    },
    { namespace: 'shop' },
  );
  const { server } = cluster;

  test('the pod, its events, owner chain and previous logs; only GETs', async () => {
    server.requests.length = 0;
    const r = await podwhy(['orders-api-6f8d9c7b54-q7xkz', '-o', 'json'], { KUBECONFIG: cluster.kubeconfig });
    assert.equal(r.code, 1, r.err);
    const pod = JSON.parse(r.out).pods[0];
    assert.equal(pod.findings[0].rule, 'crashloop-oomkilled');
    assert.deepEqual(pod.ownerChain, ['ReplicaSet/orders-api-6f8d9c7b54', 'Deployment/orders-api']);
    assert.deepEqual(pod.logs['orders-api'].lines, ['Started OrdersApplication in 8.1 seconds', 'INFO cache warm-up: 1.2M entries, password=***']);
    const paths = server.requests.map((q) => `${q.method} ${q.path}`);
    // two round trips: the pod and its events together, then owner and logs together
    assert.deepEqual(paths.slice(0, 2), ['GET /api/v1/namespaces/shop/pods/orders-api-6f8d9c7b54-q7xkz', 'GET /api/v1/namespaces/shop/events']);
    assert.deepEqual(paths.slice(2).sort(), ['GET /api/v1/namespaces/shop/pods/orders-api-6f8d9c7b54-q7xkz/log', 'GET /apis/apps/v1/namespaces/shop/replicasets/orders-api-6f8d9c7b54']);
    assert.equal(server.requests[1]?.query['fieldSelector'], 'involvedObject.kind=Pod,involvedObject.name=orders-api-6f8d9c7b54-q7xkz');
    assert.deepEqual(server.requests.find((q) => q.path.endsWith('/log'))?.query, { container: 'orders-api', previous: 'true', tailLines: '50', limitBytes: '16384' });
    assert.ok(server.requests.every((q) => q.method === 'GET' && q.status < 500));
  });

  test('log signatures become the root cause, and the log tail is shown redacted', async () => {
    const r = await podwhy(['billing-api-3568b44d66-b4b92', '-n', 'analytics'], { KUBECONFIG: cluster.kubeconfig });
    assert.equal(r.code, 1, r.err);
    assert.match(r.out, /ROOT CAUSE {2}log-out-of-memory/);
    assert.match(r.out, /java\.lang\.OutOfMemoryError: Java heap space/);
  });

  test('events of an earlier pod with the same name are not joined (matched by uid)', async () => {
    const s = new FakeApiServer();
    await s.start();
    try {
      assert.ok(s.serveFixture(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml')), 'crashloop-oomkilled-jvm.yaml has a pod');
      s.add({
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name: 'old.1', namespace: 'shop' },
        involvedObject: { kind: 'Pod', name: 'orders-api-6f8d9c7b54-q7xkz', namespace: 'shop', uid: 'an-older-pod' },
        reason: 'FailedMount',
        message: 'MountVolume.SetUp failed for volume "x" : configmap "gone" not found',
        type: 'Warning',
        count: 5,
        lastTimestamp: '2025-03-02T09:59:00Z',
      });
      const r = await podwhy(['orders-api-6f8d9c7b54-q7xkz', '-n', 'shop', '-o', 'json'], { KUBECONFIG: s.writeKubeconfig(tmp) });
      const rules = JSON.parse(r.out).pods[0].findings.map((f: { rule: string }) => f.rule);
      assert.ok(!rules.includes('volume-configmap-missing'), rules.join(','));
    } finally {
      await s.stop();
    }
  });

  test('the node is read when the diagnosis needs it', async () => {
    server.requests.length = 0;
    server.add({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'worker-3' },
      status: { conditions: [{ type: 'Ready', status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastHeartbeatTime: '2019-03-01T10:00:00Z' }] },
    });
    const fixture = yaml.loadAll(readFileSync(join(FIXTURES_DIR, 'node-lost-unknown.yaml'), 'utf8')) as JsonObject[];
    const pod = fixture.find((d) => d['kind'] === 'Pod') as JsonObject;
    const md = pod['metadata'] as JsonObject;
    const r = await podwhy([String(md['name']), '-n', String(md['namespace']), '-o', 'json'], { KUBECONFIG: cluster.kubeconfig });
    const out = JSON.parse(r.out).pods[0];
    assert.equal(out.findings[0].rule, 'node-lost');
    assert.ok(server.requests.some((q) => q.path.startsWith('/api/v1/nodes/')));
  });

  test('live and offline -o json agree for the same pod', async () => {
    const now = ['--now', '2025-03-02T10:00:00Z'];
    const live = await podwhy(['orders-api-6f8d9c7b54-q7xkz', '-n', 'shop', '-o', 'json', ...now], { KUBECONFIG: cluster.kubeconfig });
    const offline = await podwhy(['-f', join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml'), '-o', 'json', ...now], {});
    const strip = (s: string) => {
      const o = JSON.parse(s);
      for (const p of o.pods) {
        delete p.logs; // live also read the previous log, and shows its last line as evidence
        for (const f of p.findings) f.evidence = f.evidence.filter((e: { path: string }) => !e.path.includes('.logs.'));
      }
      return o;
    };
    assert.deepEqual(strip(live.out), strip(offline.out));
  });

  test('pod not found: exit 2 with the closest names', async () => {
    oneLine(await podwhy(['orders-api-6f8d9c7b54-q7xkx'], { KUBECONFIG: cluster.kubeconfig }), 2, /pod "orders-api-6f8d9c7b54-q7xkx" not found in namespace "shop" \(did you mean orders-api-6f8d9c7b54-q7xkz\?\)/);
  });
});

describe('many pods', () => {
  const N = 5000;
  const cluster = serverForSuite(
    tmp,
    (server) => {
      const base = (yaml.loadAll(readFileSync(join(FIXTURES_DIR, 'deployment-running-ready.yaml'), 'utf8')) as JsonObject[]).find((d) => d['kind'] === 'Pod') as JsonObject;
      const crash = (yaml.loadAll(readFileSync(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml'), 'utf8')) as JsonObject[]).find((d) => d['kind'] === 'Pod') as JsonObject;
      for (let i = 0; i < N; i++) {
        const p = structuredClone(i % 10 < 3 ? crash : base);
        const md = p['metadata'] as JsonObject;
        md['name'] = `web-${String(i).padStart(5, '0')}`;
        md['namespace'] = 'big';
        md['uid'] = `uid-${i}`;
        md['labels'] = { ...(md['labels'] as JsonObject), app: i % 2 === 0 ? 'web' : 'api' };
        server.add(p);
        if (i % 10 < 3) {
          server.add({ apiVersion: 'v1', kind: 'Event', metadata: { name: `e${i}`, namespace: 'big' }, involvedObject: { kind: 'Pod', name: md['name'], namespace: 'big', uid: `uid-${i}` }, reason: 'BackOff', message: 'Back-off restarting failed container', type: 'Warning', count: 3 });
        }
      }
    },
    { namespace: 'big' },
  );
  const { server } = cluster;

  test(`a ${N}-pod namespace: requests grow with pages, not pods`, async () => {
    server.requests.length = 0;
    const t0 = Date.now();
    const r = await podwhy(['-o', 'json'], { KUBECONFIG: cluster.kubeconfig });
    const ms = Date.now() - t0;
    assert.equal(r.code, 1, r.err);
    const report = JSON.parse(r.out);
    assert.equal(report.summary.pods, N);
    const podPages = server.requests.filter((q) => q.path === '/api/v1/namespaces/big/pods').length;
    const eventPages = server.requests.filter((q) => q.path === '/api/v1/namespaces/big/events').length;
    const logs = server.requests.filter((q) => q.path.endsWith('/log')).length;
    // one list of each workload kind (none here: no events of controllers read)
    const workloadLists = server.requests.filter((q) => /^\/apis\/(apps|batch)\/v1\/namespaces\/big\/\w+$/.test(q.path)).length;
    assert.equal(podPages, Math.ceil(N / PAGE_SIZE));
    assert.equal(eventPages, Math.ceil((N * 0.3) / PAGE_SIZE));
    assert.ok(logs <= 25, `logs requested for ${logs} pods`);
    assert.equal(workloadLists, 6);
    assert.equal(server.requests.length, podPages + eventPages + logs + workloadLists);
    // Measured for the closing note (not a timed assertion).
    process.stdout.write(`# live ${N} pods: ${server.requests.length} requests (${podPages} pod pages, ${eventPages} event pages, ${logs} logs, ${workloadLists} workload lists) in ${ms} ms\n`);
  });

  test('-l narrows the list on the server; -A lists all namespaces', async () => {
    server.requests.length = 0;
    const r = await podwhy(['-l', 'app=web', '-o', 'json'], { KUBECONFIG: cluster.kubeconfig });
    assert.equal(JSON.parse(r.out).summary.pods, N / 2);
    assert.equal(server.requests[0]?.query['labelSelector'], 'app=web');
    server.requests.length = 0;
    await podwhy(['-A', '-l', 'app=web', '-o', 'json'], { KUBECONFIG: cluster.kubeconfig });
    assert.equal(server.requests[0]?.path, '/api/v1/pods');
    assert.ok(server.requests.some((q) => q.path === '/api/v1/events'));
  });

  test('an expired continue token (410) restarts the list and still reads every pod', async () => {
    server.requests.length = 0;
    server.expireNextContinue = true;
    const r = await podwhy(['-o', 'json'], { KUBECONFIG: cluster.kubeconfig });
    assert.equal(JSON.parse(r.out).summary.pods, N);
    assert.ok(server.requests.some((q) => q.status === 410));
  });

  test('every continue token expired (410): one list without limit, as client-go\'s pager does', async () => {
    server.requests.length = 0;
    server.expireEveryContinue = true;
    try {
      const r = await podwhy(['-o', 'json'], { KUBECONFIG: cluster.kubeconfig });
      assert.equal(r.code, 1, r.err);
      assert.equal(JSON.parse(r.out).summary.pods, N);
      const pods = server.requests.filter((q) => q.path.endsWith('/pods'));
      assert.deepEqual(pods.map((q) => [q.status, q.query['limit'] !== undefined, q.query['continue'] !== undefined]), [
        [200, true, false],
        [410, true, true],
        [200, false, false],
      ]);
    } finally {
      server.expireEveryContinue = false;
    }
  });

  test('text output groups pods by root cause and owner', async () => {
    const r = await podwhy(['-l', 'app=web'], { KUBECONFIG: cluster.kubeconfig });
    assert.match(r.out, /^2500 pods, 1000 unhealthy/);
    assert.match(r.out, /crashloop-oomkilled/);
    assert.match(r.out, /Deployment\/orders-api/);
  });
});

describe('degrade, do not die', () => {
  const cluster = serverForSuite(
    tmp,
    (server) => {
      assert.ok(server.serveFixture(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml')), 'crashloop-oomkilled-jvm.yaml has a pod');
    },
    { namespace: 'shop' },
  );
  const { server } = cluster;

  test('events, owners and logs forbidden: diagnosed from the rest, and said so', async () => {
    server.forbid = [{ resource: 'events' }, { resource: 'replicasets' }, { resource: 'pods/log' }];
    const r = await podwhy(['orders-api-6f8d9c7b54-q7xkz'], { KUBECONFIG: cluster.kubeconfig });
    server.forbid = [];
    assert.equal(r.code, 1, r.err);
    assert.match(r.out, /ROOT CAUSE {2}crashloop-oomkilled/);
    const flat = r.out.replace(/\s+/g, ' ');
    assert.match(flat, /Could not read: events \(forbidden: events is forbidden: User "system:serviceaccount:podwhy:reader" cannot list resource "events" in API group "" in the namespace "shop"\)/);
    assert.match(flat, /Could not read: logs of orders-api-6f8d9c7b54-q7xkz\/orders-api \(forbidden/);
  });

  test('a degraded run says so once on stderr and in the JSON summary; --fail-on-unreadable fails it (exit 3)', async () => {
    server.forbid = [{ resource: 'events' }, { resource: 'pods/log' }];
    try {
      const r = await podwhy(['orders-api-6f8d9c7b54-q7xkz', '-o', 'json'], { KUBECONFIG: cluster.kubeconfig });
      assert.equal(r.code, 1, r.err);
      assert.deepEqual(JSON.parse(r.out).summary.unreadable, [
        { what: 'events', reason: 'forbidden', pods: 1 },
        { what: 'logs', reason: 'forbidden', pods: 1 },
      ]);
      assert.equal(r.err, 'podwhy: warning: could not read events (forbidden) for 1 pod, logs (forbidden) for 1 pod — findings that need them may be missing; --fail-on-unreadable makes this exit 3\n');
      const gated = await podwhy(['orders-api-6f8d9c7b54-q7xkz', '--fail-on-unreadable'], { KUBECONFIG: cluster.kubeconfig });
      assert.equal(gated.code, 3);
      assert.equal(gated.err.trim().split('\n').length, 1, gated.err);
      assert.match(gated.err, /— exit 3 \(--fail-on-unreadable\)$/m);
    } finally {
      server.forbid = [];
    }
    // everything readable: no line, no summary field, the gate passes as before
    const ok = await podwhy(['orders-api-6f8d9c7b54-q7xkz', '-o', 'json', '--fail-on-unreadable'], { KUBECONFIG: cluster.kubeconfig });
    assert.equal(ok.code, 1, ok.err);
    assert.equal(ok.err, '');
    assert.equal(JSON.parse(ok.out).summary.unreadable, undefined);
  });

  test('logs of a pod whose node was deleted: said as such, not as "pods … not found"', async () => {
    server.nodesGone.add('ip-10-0-12-57.eu-west-1.compute.internal');
    const r = await podwhy(['orders-api-6f8d9c7b54-q7xkz'], { KUBECONFIG: cluster.kubeconfig });
    server.nodesGone.clear();
    assert.equal(r.code, 1, r.err);
    assert.ok(server.requests.some((q) => q.path.endsWith('/log') && q.status === 404));
    const flat = r.out.replace(/\s+/g, ' ');
    assert.match(flat, /Could not read: logs of orders-api-6f8d9c7b54-q7xkz \(unavailable: its node ip-10-0-12-57\.eu-west-1\.compute\.internal no longer exists, so no kubelet can serve them\)/);
    assert.doesNotMatch(flat, /pods "ip-10-0-12-57/);
  });

  test('pods forbidden: exit 3 naming the verb and namespace', async () => {
    server.forbid = [{ resource: 'pods', verb: 'list' }];
    const r = await podwhy([], { KUBECONFIG: cluster.kubeconfig });
    server.forbid = [];
    oneLine(r, 3, /^podwhy: forbidden to list pods in namespace "shop": .* — ask for RBAC that allows "list" on "pods" in "shop"/);
  });

  test('401: exit 3 naming context and server', async () => {
    const bad = server.writeKubeconfig(tmp, { namespace: 'shop', token: 'wrong', context: 'stale' });
    oneLine(await podwhy(['x'], { KUBECONFIG: bad }), 3, /^podwhy: the API server rejected the credentials .*context "stale", server https:\/\/127\.0\.0\.1:\d+\) — refresh them/);
  });

  test('TLS: a server certificate from another CA is refused, exit 3', async () => {
    const bad = server.writeKubeconfig(tmp, { badCa: true });
    oneLine(await podwhy(['x'], { KUBECONFIG: bad }), 3, /^podwhy: TLS verification failed .*context "fake", server https:\/\/127\.0\.0\.1/);
  });

  test('unreachable and unresolvable servers: exit 3 with the likely fix', async () => {
    const cfg = JSON.parse(readFileSync(cluster.kubeconfig, 'utf8'));
    cfg.clusters[0].cluster.server = 'https://127.0.0.1:1';
    const refused = join(tmp, 'refused.json');
    writeFileSync(refused, JSON.stringify(cfg));
    oneLine(await podwhy(['x'], { KUBECONFIG: refused }), 3, /^podwhy: connection refused \(context "fake", server https:\/\/127\.0\.0\.1:1\) — is the API server running/);
    cfg.clusters[0].cluster.server = 'https://no-such-host.invalid:6443';
    const dns = join(tmp, 'dns.json');
    writeFileSync(dns, JSON.stringify(cfg));
    oneLine(await podwhy(['x'], { KUBECONFIG: dns }), 3, /^podwhy: cannot resolve no-such-host\.invalid/);
  });

  test('a server that never answers: exit 3 within the request timeout', async () => {
    server.hang = true;
    const t0 = Date.now();
    const r = await podwhy(['x', '--request-timeout', '1s'], { KUBECONFIG: cluster.kubeconfig });
    server.hang = false;
    oneLine(r, 3, /^podwhy: no answer within 1s \(context "fake"/);
    assert.ok(Date.now() - t0 < 5000);
  });
});

describe('a plain http:// server, as kubectl proxy serves', () => {
  const server = new FakeApiServer({ plain: true });
  after(() => server.stop());
  test('is read like any other: the diagnosis, and no credentials needed', async () => {
    await server.start();
    assert.ok(server.serveFixture(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml')), 'crashloop-oomkilled-jvm.yaml has a pod');
    const kubeconfig = server.writeKubeconfig(tmp, { namespace: 'shop' });
    assert.match(readFileSync(kubeconfig, 'utf8'), /"server": "http:\/\/127\.0\.0\.1:\d+"/);
    const r = await podwhy(['orders-api-6f8d9c7b54-q7xkz', '-o', 'json'], { KUBECONFIG: kubeconfig });
    assert.equal(r.code, 1, r.err);
    assert.equal(JSON.parse(r.out).pods[0].findings[0].rule, 'crashloop-oomkilled');
    assert.ok(server.requests.every((q) => q.method === 'GET'));
  });
});

describe('kubeconfig as kubectl reads it', () => {
  const server = new FakeApiServer();
  before(async () => {
    await server.start();
    assert.ok(server.serveFixture(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml')), 'crashloop-oomkilled-jvm.yaml has a pod');
  });
  after(() => server.stop());

  test('client certificates authenticate', async () => {
    const kc = server.writeKubeconfig(tmp, { namespace: 'shop', clientCert: true });
    const r = await podwhy(['orders-api-6f8d9c7b54-q7xkz'], { KUBECONFIG: kc });
    assert.equal(r.code, 1, r.err);
    assert.equal(server.requests.at(-1)?.user, 'podwhy-cert-user');
  });

  test('KUBECONFIG files merge: the first file to define a name wins; --context picks another', async () => {
    const good = JSON.parse(readFileSync(server.writeKubeconfig(tmp, { namespace: 'shop', context: 'prod' }), 'utf8'));
    const second = JSON.parse(JSON.stringify(good));
    second.users[0].user.token = 'overridden-by-the-first-file';
    second.contexts = [{ name: 'dev', context: { cluster: 'fake-cluster', user: 'fake-user', namespace: 'nowhere' } }];
    second['current-context'] = 'dev';
    const a = join(tmp, 'a.json');
    const b = join(tmp, 'b.json');
    writeFileSync(a, JSON.stringify(good));
    writeFileSync(b, JSON.stringify(second));
    const env = { KUBECONFIG: [a, join(tmp, 'missing.yaml'), b].join(':') };
    assert.equal((await podwhy(['orders-api-6f8d9c7b54-q7xkz'], env)).code, 1);
    const dev = await podwhy(['orders-api-6f8d9c7b54-q7xkz', '--context', 'dev'], env);
    assert.match(dev.err, /not found in namespace "nowhere"/);
    oneLine(await podwhy(['x', '--context', 'nope'], env), 2, /^podwhy: context "nope" does not exist in the kubeconfig/);
  });

  test('exec credential plugins (client.authentication.k8s.io/v1) supply the token', async () => {
    const plugin = join(tmp, 'cred-plugin.sh');
    writeFileSync(
      plugin,
      `#!/bin/sh\necho '{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"${server.token}","expirationTimestamp":"2999-01-01T00:00:00Z"}}'\n`,
    );
    chmodSync(plugin, 0o755);
    const cfg = JSON.parse(readFileSync(server.writeKubeconfig(tmp, { namespace: 'shop' }), 'utf8'));
    cfg.users[0].user = { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: plugin, interactiveMode: 'Never' } };
    const file = join(tmp, 'exec.json');
    writeFileSync(file, JSON.stringify(cfg));
    const r = await podwhy(['orders-api-6f8d9c7b54-q7xkz'], { KUBECONFIG: file, PATH: process.env['PATH'] ?? '' });
    assert.equal(r.code, 1, r.err);
  });

  test('--kubeconfig and the context namespace', async () => {
    const kc = server.writeKubeconfig(tmp, { namespace: 'shop' });
    assert.equal((await podwhy(['orders-api-6f8d9c7b54-q7xkz', '--kubeconfig', kc], {})).code, 1);
    oneLine(await podwhy(['x', '--kubeconfig', join(tmp, 'nope')], {}), 2, /^podwhy: --kubeconfig .*nope: no such file/);
  });
});

describe('podwhy capture', () => {
  const server = new FakeApiServer();
  before(async () => {
    await server.start();
    const pod = server.serveFixture(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml'));
    assert.ok(pod, 'crashloop-oomkilled-jvm.yaml has a pod');
    // Credentials where people put them: a flag's value as the next argument, a vault token annotation.
    const spec = JSON.parse(JSON.stringify(pod)) as JsonObject;
    const c0 = ((spec['spec'] as JsonObject)['containers'] as JsonObject[])[0] as JsonObject;
    c0['args'] = ['--api-key', 'tok_live_9f8e7d6c5b4a', '--port', '8080'];
    const md = spec['metadata'] as JsonObject;
    md['annotations'] = { ...(md['annotations'] as JsonObject), 'vault.hashicorp.com/agent-inject-token': 'hvs.CAESIJ3x9example' };
    server.update(spec);
    // A credential in the log, to be sure capture redacts it (the fixture's env has values too).
    server.setLog('shop', 'orders-api-6f8d9c7b54-q7xkz', 'orders-api', 'connecting to postgres://orders:Sup3rS3cret@db:5432/orders\n-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\n-----END PRIVATE KEY-----\n', true);
  });
  after(() => server.stop());

  test('writes a redacted fixture that podwhy test passes', async () => {
    const kc = server.writeKubeconfig(tmp, { namespace: 'shop' });
    const r = await podwhy(['capture', 'orders-api-6f8d9c7b54-q7xkz', '--now', '2025-03-02T10:00:00Z'], { KUBECONFIG: kc });
    assert.equal(r.code, 0, r.err);
    assert.doesNotMatch(r.out, /managedFields|last-applied-configuration|Sup3rS3cret|value: -Xms256m|MIIEvQIBADAN|tok_live_9f8e7d|hvs\.CAESI/);
    assert.match(r.out, /value: <redacted>/);
    assert.match(r.out, /- '--api-key'\n\s+- <redacted>\n\s+- '--port'\n\s+- '8080'/);
    assert.match(r.out, /vault\.hashicorp\.com\/agent-inject-token: <redacted>/);
    assert.match(r.out, /-----BEGIN PRIVATE KEY----- \*\*\* -----END PRIVATE KEY-----/);
    assert.match(r.out, /postgres:\/\/orders:\*\*\*@db/);
    const docs = yaml.loadAll(r.out, undefined, { schema: yaml.CORE_SCHEMA }) as JsonObject[];
    assert.deepEqual(docs[0]?.['expect'], { rootCause: 'crashloop-oomkilled', fires: ['crashloop-backoff', 'crashloop-oomkilled'] });
    const file = join(tmp, 'captured.yaml');
    writeFileSync(file, r.out);
    const t = await podwhy(['test', file], {});
    assert.equal(t.code, 0, t.out);
    assert.match(t.out, /1 passed, 0 failed/);
  });
});
