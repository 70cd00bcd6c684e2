// Workload targets live, against the loopback API server: a Deployment whose new ReplicaSet hits
// a ResourceQuota, and a Job that exhausted its back-off limit, read with the requests a real
// apiserver would answer (GETs, paged lists, label selectors), and a 403 on events degrading.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { main } from '../../cli/main.js';
import { FIXTURES_DIR } from '../../api/rules.js';
import { serverForSuite } from '../../../test/live-suite.js';
import { memoryIO } from '../../../test/io.js';
import type { FakeApiServer } from '../../../test/apiserver.js';
import { MAX_LOG_PODS } from './fetch.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-workload-'));
const T = '2025-05-14T09:30:00Z';

/** deployment/crash in namespace logs: n pods crash-looping on a database password (their previous logs say so), 2 healthy. */
function crashingDeployment(server: FakeApiServer, n: number): void {
  const ns = 'logs';
  const labels = { app: 'crash' };
  const template = { metadata: { labels }, spec: { containers: [{ name: 'app', image: 'crash:1' }] } };
  server.add({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'crash', namespace: ns, uid: 'uid-crash', generation: 1, annotations: { 'deployment.kubernetes.io/revision': '1' } }, spec: { replicas: n + 2, selector: { matchLabels: labels }, template }, status: { observedGeneration: 1, replicas: n + 2, readyReplicas: 2, availableReplicas: 2, updatedReplicas: n + 2 } });
  const rsLabels = { ...labels, 'pod-template-hash': '6f7d8c9b5' };
  server.add({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'crash-6f7d8c9b5', namespace: ns, uid: 'uid-crash-rs', labels: rsLabels, annotations: { 'deployment.kubernetes.io/revision': '1' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'crash', uid: 'uid-crash', controller: true }] }, spec: { replicas: n + 2, selector: { matchLabels: rsLabels }, template: { ...template, metadata: { labels: rsLabels } } }, status: { replicas: n + 2, readyReplicas: 2 } });
  for (let i = 0; i < n + 2; i++) {
    const healthy = i >= n;
    const name = `crash-6f7d8c9b5-p${String(i).padStart(2, '0')}`;
    server.add({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: ns, uid: `uid-${name}`, labels: rsLabels, creationTimestamp: '2025-05-14T09:00:00Z', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'crash-6f7d8c9b5', uid: 'uid-crash-rs', controller: true }] },
      spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'crash:1' }] },
      status: healthy
        ? { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: [{ name: 'app', image: 'crash:1', imageID: '', ready: true, restartCount: 0, started: true, state: { running: { startedAt: '2025-05-14T09:00:10Z' } } }] }
        : {
            phase: 'Running',
            conditions: [{ type: 'Ready', status: 'False', reason: 'ContainersNotReady' }],
            containerStatuses: [
              {
                name: 'app', image: 'crash:1', imageID: '', ready: false, restartCount: 9, started: false,
                state: { waiting: { reason: 'CrashLoopBackOff', message: `back-off 5m0s restarting failed container=app pod=${name}_${ns}(uid-${name})` } },
                lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: '2025-05-14T09:24:00Z', finishedAt: '2025-05-14T09:24:02Z' } },
              },
            ],
          },
    });
    if (!healthy) server.setLog(ns, name, 'app', 'starting api 4.1\nFATAL: password authentication failed for user "app"\n', true);
  }
}

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
      server.serveFixture(join(FIXTURES_DIR, 'workloads', 'deployment-limit-range-max-cpu.yaml'));
      server.serveFixture(join(FIXTURES_DIR, 'workloads', 'deployment-priority-class-missing.yaml'));
      crashingDeployment(server, 30);
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

  test('a LimitRange refusal: the namespace\'s LimitRanges are read (not its quotas) and the one holding the figure is named', async () => {
    const before = server.requests.length;
    const r = await podwhy(['deploy/api', '-n', 'team-a', '-o', 'json', '--now', '2026-11-22T11:20:00Z'], { KUBECONFIG: cluster.kubeconfig });
    assert.equal(r.code, 1, r.err);
    const w = JSON.parse(r.out).workloads[0];
    assert.equal(w.rootCause.rule, 'workload-limit-range-refused');
    assert.match(w.rootCause.title, /LimitRange cpu-mem-bounds sets cpu max per Container at 1/);
    const paths = server.requests.slice(before).map((q) => q.path);
    assert.ok(paths.includes('/api/v1/namespaces/team-a/limitranges'), paths.join(' '));
    assert.ok(!paths.includes('/api/v1/namespaces/team-a/resourcequotas'), 'no quota named: quotas are not read');
    // forbidden to list limit ranges: the refusal is still parsed, the LimitRange unnamed, and the run says what it could not read
    server.forbid.push({ resource: 'limitranges' });
    try {
      const f = await podwhy(['deploy/api', '-n', 'team-a', '-o', 'json', '--now', '2026-11-22T11:20:00Z'], { KUBECONFIG: cluster.kubeconfig });
      const fw = JSON.parse(f.out).workloads[0];
      assert.equal(fw.rootCause.rule, 'workload-limit-range-refused');
      assert.match(fw.rootCause.title, /because a LimitRange sets cpu max per Container at 1/);
      assert.match(f.err, /could not read limitranges \(forbidden: /);
    } finally {
      server.forbid.pop();
    }
  });

  test('a missing PriorityClass: named from the message; neither quotas nor limit ranges are read', async () => {
    const before = server.requests.length;
    const r = await podwhy(['deploy/batch-worker', '-n', 'jobs', '-o', 'json', '--now', '2026-11-22T13:15:00Z'], { KUBECONFIG: cluster.kubeconfig });
    assert.equal(r.code, 1, r.err);
    assert.equal(JSON.parse(r.out).workloads[0].rootCause.rule, 'workload-priority-class-missing');
    const paths = server.requests.slice(before).map((q) => q.path);
    assert.ok(!paths.some((p) => /limitranges|resourcequotas/.test(p)), paths.join(' '));
  });

  test('workload mode reads the previous logs of the pods that need them, capped as a scan is', async () => {
    const before = server.requests.length;
    const r = await podwhy(['deploy/crash', '-n', 'logs', '-o', 'json', '--now', T], { KUBECONFIG: cluster.kubeconfig });
    assert.equal(r.code, 1, r.err);
    const report = JSON.parse(r.out);
    const logReqs = server.requests.slice(before).filter((q) => q.path.endsWith('/log'));
    assert.equal(logReqs.length, MAX_LOG_PODS, '30 crash-looping pods, at most MAX_LOG_PODS read');
    assert.ok(logReqs.every((q) => q.query['previous'] === 'true' && q.query['container'] === 'app'));
    assert.ok(!logReqs.some((q) => /p3[01]\/log$/.test(q.path)), 'healthy pods are not read');
    const fromLogs = report.pods.filter((p: { findings: { rule: string; role: string }[] }) => p.findings.some((f) => f.rule === 'log-db-auth-failed' && f.role === 'root-cause'));
    assert.equal(fromLogs.length, MAX_LOG_PODS);
    assert.equal(report.workloads[0].rootCause.rule, 'log-db-auth-failed');
    const text = await podwhy(['deploy/crash', '-n', 'logs', '--now', T], { KUBECONFIG: cluster.kubeconfig });
    assert.match(text.out, new RegExp(`Logs: read for ${MAX_LOG_PODS} of the 30 pods whose previous run ended abnormally`));
  });
});
