// A scan reports workloads beside pods (issue 29): a namespace whose only problem is a Job that
// cannot create its pod, a Deployment one replica short because of a quota, both with -A, a 403
// on a workload kind, and the requests a scan makes for its workloads (events of controllers only
// when a workload is short). Against the loopback API server, with fixtures' objects served.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FIXTURES_DIR } from '../../api/rules.js';
import { main } from '../../cli/main.js';
import { FakeApiServer } from '../../../test/apiserver.js';
import { memoryIO } from '../../../test/io.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-scanwl-'));
const NOW = ['--now', '2026-11-20T02:14:00Z'];

async function podwhy(args: string[], env: Record<string, string>) {
  const io = memoryIO({ HOME: tmp, ...env });
  const code = await main(['node', 'podwhy', ...args, ...NOW], io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('a scan reports workloads that make no pods', () => {
  const server = new FakeApiServer();
  let env: Record<string, string> = {};
  before(async () => {
    await server.start();
    server.serveFixture(join(FIXTURES_DIR, 'workloads', 'job-failed-create-quota.yaml'));
    server.serveFixture(join(FIXTURES_DIR, 'workloads', 'deployment-quota-exceeded.yaml'));
    server.serveFixture(join(FIXTURES_DIR, 'workloads', 'deployment-limit-range-max-cpu.yaml'));
    server.serveFixture(join(FIXTURES_DIR, 'workloads', 'cronjob-missed-schedule.yaml'));
    // a healthy namespace: a Deployment at 1/1 with its pod
    server.add(
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'ok', namespace: 'calm', uid: 'd-ok' }, spec: { replicas: 1, selector: { matchLabels: { app: 'ok' } } }, status: { replicas: 1, readyReplicas: 1, availableReplicas: 1, updatedReplicas: 1 } },
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'ok-1', namespace: 'calm', uid: 'p-ok', labels: { app: 'ok' } }, spec: { containers: [{ name: 'app', image: 'nginx' }], nodeName: 'n1' }, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: [{ name: 'app', ready: true, restartCount: 0, state: { running: { startedAt: '2026-11-19T00:00:00Z' } } }] } },
    );
    env = { KUBECONFIG: server.writeKubeconfig(tmp, { namespace: 'batch' }) };
  });
  after(() => server.stop());

  test('-n batch: no pods, one Job refused by the quota — reported, exit 1, JSON lists it under workloads', async () => {
    const r = await podwhy(['-n', 'batch'], env);
    assert.equal(r.code, 1, r.err);
    assert.match(r.out, /^Workloads: 1 not as desired/m);
    assert.match(r.out, /workload-quota-exceeded \[error\]/);
    assert.match(r.out, /job\/nightly-report/);
    assert.match(r.out, /batch-quota/);
    assert.match(r.err, /no pods in namespace "batch"/);
    const j = await podwhy(['-n', 'batch', '-o', 'json'], env);
    assert.equal(j.code, 1);
    const report = JSON.parse(j.out);
    assert.deepEqual(report.pods, []);
    assert.equal(report.workloads.length, 1);
    assert.equal(report.workloads[0].ref, 'job/nightly-report');
    assert.equal(report.workloads[0].rootCause.rule, 'workload-quota-exceeded');
    assert.equal(report.workloads[0].rootCause.from, 'controller');
    assert.deepEqual(report.summary.workloads, { read: 1, unhealthy: 1 });
  });

  test('-n shop: 2 of 3 replicas, the third refused by the quota — the Deployment is reported once, not its ReplicaSets', async () => {
    const r = await podwhy(['-n', 'shop', '-o', 'json'], env);
    assert.equal(r.code, 1, r.err);
    const report = JSON.parse(r.out);
    assert.deepEqual(
      report.workloads.map((w: { ref: string }) => w.ref),
      ['deployment/web'],
    );
    assert.equal(report.workloads[0].rootCause.rule, 'workload-quota-exceeded');
    assert.equal(report.summary.pods, 2);
    assert.equal(report.summary.workloads.read, 3); // the Deployment and its two ReplicaSets
  });

  test('-A: both, each with its namespace; a healthy namespace adds nothing', async () => {
    const r = await podwhy(['-A'], env);
    assert.equal(r.code, 1, r.err);
    assert.match(r.out, /^Workloads: 4 not as desired/m); // and team-a's LimitRange refusal, reports' CronJob
    assert.match(r.out, /job\/nightly-report \(batch\)/);
    assert.match(r.out, /deployment\/web \(shop\)/);
    assert.doesNotMatch(r.out, /deployment\/ok/);
    const calm = await podwhy(['-n', 'calm', '-o', 'json'], env);
    assert.equal(calm.code, 0);
    assert.deepEqual(JSON.parse(calm.out).workloads, []);
  });

  test('requests: six workload lists beside the pods; events of controllers only where a workload is short', async () => {
    server.requests.length = 0;
    await podwhy(['-n', 'calm'], env);
    const paths = server.requests.map((q) => q.path);
    for (const p of ['deployments', 'replicasets', 'statefulsets', 'daemonsets', 'jobs', 'cronjobs']) assert.equal(paths.filter((x) => x.endsWith(`/namespaces/calm/${p}`)).length, 1, p);
    assert.ok(!server.requests.some((q) => q.query['fieldSelector'] === 'involvedObject.kind!=Pod'), 'no controller events read for a calm namespace');
    assert.ok(server.requests.every((q) => q.method === 'GET'));
    server.requests.length = 0;
    await podwhy(['-n', 'batch'], env);
    assert.equal(server.requests.filter((q) => q.query['fieldSelector'] === 'involvedObject.kind!=Pod').length, 1);
    assert.equal(server.requests.filter((q) => q.path.endsWith('/resourcequotas')).length, 1, 'the quota the message names is read');
  });

  test('a LimitRange refusal in a scan: the namespace\'s LimitRanges are read and the one holding the figure is named', async () => {
    server.requests.length = 0;
    const r = JSON.parse((await podwhy(['-n', 'team-a', '-o', 'json'], env)).out);
    const w = r.workloads.find((x: { rootCause: { rule: string } | null }) => x.rootCause?.rule === 'workload-limit-range-refused');
    assert.ok(w, JSON.stringify(r.workloads.map((x: { ref: string; rootCause: unknown }) => [x.ref, x.rootCause])));
    assert.match(w.rootCause.title, /LimitRange \S+/);
    assert.equal(server.requests.filter((q) => q.path === '/api/v1/namespaces/team-a/limitranges').length, 1);
    assert.equal(server.requests.filter((q) => q.path === '/api/v1/namespaces/team-a/resourcequotas').length, 0);
  });

  test('a paused rollout with a change waiting is reported by a scan, offline and live alike', async () => {
    const file = join(FIXTURES_DIR, 'workloads', 'deployment-paused-change-waiting.yaml');
    const own = new FakeApiServer();
    await own.start();
    let live;
    try {
      own.serveFixture(file);
      live = JSON.parse((await podwhy(['-n', 'shop', '-o', 'json'], { KUBECONFIG: own.writeKubeconfig(tmp, { namespace: 'shop' }) })).out);
    } finally {
      own.stop();
    }
    const offline = JSON.parse((await podwhy(['-o', 'json', '-f', file], {})).out);
    for (const r of [live, offline]) assert.ok(r.workloads.some((x: { rootCause: { rule: string } | null }) => x.rootCause?.rule === 'deployment-paused-change-waiting'), JSON.stringify(r.workloads.map((x: { ref: string; rootCause: unknown }) => [x.ref, x.rootCause])));
  });

  test('a CronJob that missed its start: its status looks fine, its events do not — the scan reads them and reports it', async () => {
    const ns = 'reports';
    server.requests.length = 0;
    const r = JSON.parse((await podwhy(['-n', ns, '-o', 'json'], env)).out);
    assert.deepEqual(
      r.workloads.map((w: { ref: string; rootCause: { rule: string } | null }) => `${w.ref} ${w.rootCause?.rule}`),
      ['cronjob/daily-report cronjob-missed-schedule'],
    );
    assert.equal(server.requests.filter((q) => q.query['fieldSelector'] === 'involvedObject.kind!=Pod').length, 1);
  });

  test('offline equals live: the same objects in a file give the same workloads and pods', async () => {
    for (const [ns, fixture] of [
      ['batch', 'job-failed-create-quota.yaml'],
      ['shop', 'deployment-quota-exceeded.yaml'],
    ] as const) {
      const live = JSON.parse((await podwhy(['-n', ns, '-o', 'json'], env)).out);
      const file = JSON.parse((await podwhy(['-n', ns, '-o', 'json', '-f', join(FIXTURES_DIR, 'workloads', fixture)], {})).out);
      // the same, but for order: the API server lists by name, a file in its own order
      const strip = (r: { workloads: { podGroups: { pods: string[] }[] }[]; pods: { findings: { rule: string }[]; name: string }[] }) => ({
        workloads: r.workloads.map((w) => ({ ...w, podGroups: w.podGroups.map((g) => ({ ...g, pods: [...g.pods].sort() })) })),
        pods: r.pods.map((p) => ({ name: p.name, rules: p.findings.map((f) => f.rule) })).sort((a, b) => a.name.localeCompare(b.name)),
      });
      assert.deepEqual(strip(file), strip(live), ns);
    }
  });

  test('a 403 on jobs: said once, the other kinds still checked; --fail-on-unreadable exits 3', async () => {
    server.forbid = [{ resource: 'jobs', verb: 'list' }];
    try {
      const r = await podwhy(['-n', 'batch'], env);
      assert.equal(r.code, 0, r.out);
      assert.match(r.err, /could not list jobs \(forbidden\) — workloads of that kind were not checked/);
      assert.match(r.out, /not read: jobs \(forbidden\)/);
      const gated = await podwhy(['-n', 'batch', '--fail-on-unreadable'], env);
      assert.equal(gated.code, 3);
      const j = JSON.parse((await podwhy(['-n', 'batch', '-o', 'json'], env)).out);
      assert.deepEqual(j.summary.workloads.unreadable, ['jobs (forbidden)']);
    } finally {
      server.forbid = [];
    }
  });
});
