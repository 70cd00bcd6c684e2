// Workload targets live, against the loopback API server: a Deployment whose new ReplicaSet hits
// a ResourceQuota, and a Job that exhausted its back-off limit, read with the requests a real
// apiserver would answer (GETs, paged lists, label selectors), and a 403 on events degrading.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { main } from '../../cli/main.js';
import { FIXTURES_DIR } from '../../cli/commands/rules.js';
import { serverForSuite } from '../../testing/live-suite.js';
import { memoryIO } from '../../testing/io.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-workload-'));

async function podwhy(args: string[], env: Record<string, string>) {
  const io = memoryIO({ HOME: tmp, ...env });
  const code = await main(['node', 'podwhy', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('workloads, live', () => {
  const cluster = serverForSuite(
    tmp,
    (server) => {
      server.serveFixture(join(FIXTURES_DIR, 'workloads', 'deployment-quota-exceeded.yaml'));
      server.serveFixture(join(FIXTURES_DIR, 'workloads', 'job-backoff-limit-exceeded.yaml'));
      server.add({
        apiVersion: 'v1',
        kind: 'ResourceQuota',
        metadata: { name: 'compute-quota', namespace: 'shop', uid: 'rq-1' },
        spec: { hard: { 'limits.memory': '8Gi', 'limits.cpu': '8' } },
        status: { hard: { 'limits.memory': '8Gi', 'limits.cpu': '8' }, used: { 'limits.memory': '7680Mi', 'limits.cpu': '3500m' } },
      });
    },
    { namespace: 'shop' },
  );
  const { server } = cluster;

  test('a Deployment whose ReplicaSet hits a quota: the quota is the root cause, read with GETs only', async () => {
    const before = server.requests.length;
    const r = await podwhy(['deploy/web', '-o', 'json', '--now', '2025-05-14T09:30:00Z'], { KUBECONFIG: cluster.kubeconfig });
    assert.equal(r.code, 1, r.err);
    const report = JSON.parse(r.out);
    assert.equal(report.schemaVersion, 1);
    const w = report.workloads[0];
    assert.equal(w.ref, 'deployment/web');
    assert.deepEqual(w.rootCause, { from: 'controller', rule: 'workload-quota-exceeded', title: w.rootCause.title, pods: null, of: null });
    const quota = w.findings.find((f: { rule: string }) => f.rule === 'workload-quota-exceeded');
    // the quota object was read because the controller's message named it
    assert.ok(quota.evidence.some((e: { path: string; value: string }) => e.path === 'workload.failedCreate.quotaUsed' && /limits.memory=7680Mi/.test(e.value)));
    assert.equal(report.pods.length, 2);
    const reqs = server.requests.slice(before);
    assert.ok(reqs.every((q) => q.method === 'GET'));
    const paths = reqs.map((q) => q.path);
    assert.ok(paths.includes('/apis/apps/v1/namespaces/shop/deployments/web'));
    assert.ok(reqs.some((q) => q.path === '/apis/apps/v1/namespaces/shop/replicasets' && q.query['labelSelector'] === 'app=web' && q.query['limit'] === '500'));
    assert.ok(paths.includes('/api/v1/namespaces/shop/resourcequotas'));
    assert.ok(paths.includes('/api/v1/namespaces/shop/limitranges'));
    // the workload's reads: the object, ReplicaSets, pods, events, quotas, limit ranges (plus discovery-free client init)
    assert.ok(reqs.length <= 7, `${reqs.length} requests: ${paths.join(' ')}`);
  });

  test('text: the workload block comes first, then its pods', async () => {
    const r = await podwhy(['deployment', 'web', '--now', '2025-05-14T09:30:00Z'], { KUBECONFIG: cluster.kubeconfig });
    assert.equal(r.code, 1, r.err);
    assert.match(r.out, /^deployment\/web \(shop\)\s+2\/3 ready/);
    assert.match(r.out, /ROOT CAUSE\s+workload-quota-exceeded/);
    assert.match(r.out, /exceeded quota: compute-quota/);
  });

  test('a Job that exhausted its back-off limit: its pods\' exit is the root cause, with counts', async () => {
    const r = await podwhy(['job/migrate-schema', '-n', 'data', '-o', 'json', '--now', '2025-05-14T09:30:00Z'], { KUBECONFIG: cluster.kubeconfig });
    assert.equal(r.code, 1, r.err);
    const w = JSON.parse(r.out).workloads[0];
    assert.equal(w.rootCause.from, 'pods');
    assert.equal(w.rootCause.rule, 'container-exited-error');
    assert.equal(w.rootCause.pods, 3);
    assert.equal(w.rootCause.of, 3);
    const backoff = w.findings.find((f: { rule: string }) => f.rule === 'job-backoff-limit-exceeded');
    assert.equal(backoff.role, 'symptom');
    assert.match(backoff.explanation, /3 pod\(s\) of job\/migrate-schema failed, more than backoffLimit \(2\)/);
  });

  test('events forbidden: the diagnosis degrades and says so once', async () => {
    server.forbid.push({ resource: 'events' });
    try {
      const r = await podwhy(['job', 'migrate-schema', '-n', 'data', '--fail-on-unreadable'], { KUBECONFIG: cluster.kubeconfig });
      assert.equal(r.code, 3, r.err);
      assert.match(r.err, /could not read events \(forbidden: /);
      assert.equal(r.err.trim().split('\n').length, 1, r.err);
    } finally {
      server.forbid.pop();
    }
  });

  test('an unknown workload is a one-line error, exit 2', async () => {
    const r = await podwhy(['sts/nope'], { KUBECONFIG: cluster.kubeconfig });
    assert.equal(r.code, 2);
    assert.match(r.err, /StatefulSet "nope" not found in namespace "shop"/);
    assert.doesNotMatch(r.err, /\n\s+at /);
  });
});
