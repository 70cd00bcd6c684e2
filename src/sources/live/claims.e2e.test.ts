// A pending pod's claims, live, against the loopback API server: the claim, its events, its
// StorageClass (404: it does not exist) and the PersistentVolumes are read only when the scheduler
// blames the pod's volumes; a 403 on StorageClasses is a note, not the end of the run; a scan
// reads each list once.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { main } from '../../cli/main.js';
import { FIXTURES_DIR } from '../../api/rules.js';
import { serverForSuite } from '../../../test/live-suite.js';
import { memoryIO } from '../../../test/io.js';
import type { JsonObject } from '../../util/json.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-claims-'));

async function podwhy(args: string[], env: Record<string, string>) {
  const io = memoryIO({ HOME: tmp, ...env });
  const code = await main(['node', 'podwhy', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

interface PodReport {
  name: string;
  findings: { rule: string; role: string; evidence: { path: string; value: unknown }[] }[];
  unreadable?: string[];
}
const rootOf = (p: PodReport) => p.findings.find((f) => f.role === 'root-cause')?.rule;
/** A claim fact as the root cause's evidence shows it. */
const claimFact = (p: PodReport, claim: string, fact: string) => p.findings.find((f) => f.role === 'root-cause')?.evidence.find((e) => e.path === `claims[${claim}].${fact}`)?.value;

describe('a claim with no class, live (a cluster with no default StorageClass)', () => {
  const cluster = serverForSuite(tmp, (server) => {
    const grafana = server.serveFixture(join(FIXTURES_DIR, 'claim-no-storage-class.yaml'));
    // the same Grafana pod, pending for CPU: its claim is no reason to read anything
    const cpu = structuredClone(grafana) as JsonObject;
    const md = cpu['metadata'] as JsonObject;
    md['name'] = 'grafana-7c9d5f8b6-cpu01';
    md['uid'] = 'a1f0c1de-0000-4000-8000-00000000c901';
    ((cpu['status'] as JsonObject)['conditions'] as JsonObject[])[0]!['message'] = '0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod..';
    server.add(cpu);
  });
  const { server } = cluster;
  const env = () => ({ KUBECONFIG: cluster.kubeconfig });
  const paths = () => server.requests.map((q) => `${q.method} ${q.path}`);

  test('a claim with no class: the claim, its events, the class list and the volumes, then the diagnosis', async () => {
    server.requests.length = 0;
    const r = await podwhy(['grafana-7c9d5f8b6-k2x4q', '-n', 'monitoring', '-o', 'json'], env());
    assert.equal(r.code, 1, r.err);
    const pod = JSON.parse(r.out).pods[0] as PodReport;
    assert.equal(rootOf(pod), 'claim-no-storage-class');
    assert.equal(claimFact(pod, 'grafana-storage', 'classRequest'), 'unset');
    assert.equal(claimFact(pod, 'grafana-storage', 'noDefaultClass'), true);
    assert.equal(claimFact(pod, 'grafana-storage', 'volumeFits'), false);
    // the pod and its events first, then the rest of its surroundings together
    assert.deepEqual(paths().slice(0, 2), ['GET /api/v1/namespaces/monitoring/pods/grafana-7c9d5f8b6-k2x4q', 'GET /api/v1/namespaces/monitoring/events']);
    assert.deepEqual(
      paths().slice(2).sort(),
      [
        'GET /apis/apps/v1/namespaces/monitoring/replicasets/grafana-7c9d5f8b6',
        'GET /api/v1/namespaces/monitoring/persistentvolumeclaims/grafana-storage',
        'GET /api/v1/namespaces/monitoring/events',
        'GET /apis/storage.k8s.io/v1/storageclasses',
        'GET /api/v1/persistentvolumes',
        // the cluster's nodes, which every unschedulable pod reads
        'GET /api/v1/nodes',
      ].sort(),
    );
    assert.ok(server.requests.some((q) => q.query['fieldSelector'] === 'involvedObject.kind=PersistentVolumeClaim,involvedObject.name=grafana-storage'));
    assert.ok(server.requests.every((q) => q.status === 200 || q.path.includes('/replicasets/')), JSON.stringify(server.requests.map((q) => q.status)));
  });

  test('403 on StorageClasses: a note, the run goes on, and what the claim says still decides', async () => {
    server.forbid = [{ resource: 'storageclasses' }];
    try {
      server.requests.length = 0;
      const a = await podwhy(['grafana-7c9d5f8b6-k2x4q', '-n', 'monitoring', '-o', 'json'], env());
      assert.equal(a.code, 1, a.err);
      assert.doesNotMatch(a.err, /\n\s+at /);
      const pod = JSON.parse(a.out).pods[0] as PodReport;
      // the PV controller's own event still proves it
      assert.equal(rootOf(pod), 'claim-no-storage-class');
      assert.equal(claimFact(pod, 'grafana-storage', 'noDefaultClass'), undefined);
      // the volumes of no class are read all the same (the claim names none)
      assert.equal(claimFact(pod, 'grafana-storage', 'volumeFits'), false);
      assert.ok(
        (pod.unreadable ?? []).some((u) => /^storageclasses \(forbidden: storageclasses\.storage\.k8s\.io is forbidden: User ".*" cannot list resource "storageclasses" in API group "storage\.k8s\.io" at the cluster scope\)$/.test(u)),
        JSON.stringify(pod.unreadable),
      );
    } finally {
      server.forbid = [];
    }
  });

  test('nothing more for a pod whose volumes the scheduler does not blame, or that has no claim', async () => {
    server.requests.length = 0;
    const r = await podwhy(['grafana-7c9d5f8b6-cpu01', '-n', 'monitoring'], env());
    assert.equal(r.code, 1, r.err);
    assert.ok(!server.requests.some((q) => /persistentvolume|storageclass/.test(q.path)), paths().join('\n'));
  });

  test('a scan reads each list once, and only the pods that wait on their claims carry its notes', async () => {
    server.requests.length = 0;
    const r = await podwhy(['-n', 'monitoring', '-o', 'json'], env());
    assert.equal(r.code, 1, r.err);
    const pods = JSON.parse(r.out).pods as PodReport[];
    assert.equal(rootOf(pods.find((p) => p.name === 'grafana-7c9d5f8b6-k2x4q') as PodReport), 'claim-no-storage-class');
    assert.notEqual(rootOf(pods.find((p) => p.name === 'grafana-7c9d5f8b6-cpu01') as PodReport), 'claim-no-storage-class');
    const claimReads = paths().filter((p) => /persistentvolume|storageclass/.test(p));
    assert.deepEqual(claimReads, ['GET /api/v1/namespaces/monitoring/persistentvolumeclaims', 'GET /apis/storage.k8s.io/v1/storageclasses', 'GET /api/v1/persistentvolumes']);
    const claimEvents = server.requests.filter((q) => q.query['fieldSelector'] === 'involvedObject.kind=PersistentVolumeClaim');
    assert.equal(claimEvents.length, 1);
    assert.equal(claimEvents[0]?.path, '/api/v1/namespaces/monitoring/events');
    // -A: the cluster-wide lists, once each
    server.requests.length = 0;
    const all = await podwhy(['-A', '-o', 'json'], env());
    assert.equal(all.code, 1, all.err);
    assert.deepEqual(
      paths().filter((p) => /persistentvolume|storageclass/.test(p)),
      ['GET /api/v1/persistentvolumeclaims', 'GET /apis/storage.k8s.io/v1/storageclasses', 'GET /api/v1/persistentvolumes'],
    );
    // a 403 on the classes: a note on the pod that waits on its claim only
    server.forbid = [{ resource: 'storageclasses' }];
    try {
      const f = await podwhy(['-n', 'monitoring', '-o', 'json'], env());
      assert.equal(f.code, 1, f.err);
      const notes = (name: string) => ((JSON.parse(f.out).pods as PodReport[]).find((p) => p.name === name)?.unreadable ?? []).filter((u) => u.startsWith('storageclasses '));
      assert.equal(notes('grafana-7c9d5f8b6-k2x4q').length, 1);
      assert.deepEqual(notes('grafana-7c9d5f8b6-cpu01'), []);
      assert.match(f.err, /could not read storageclasses \(forbidden\) for 1 pod\b/);
    } finally {
      server.forbid = [];
    }
  });
});

describe('a class with no provisioner, a class that does not exist, live', () => {
  const cluster = serverForSuite(tmp, (server) => {
    assert.ok(server.serveFixture(join(FIXTURES_DIR, 'claim-class-no-provisioner.yaml')));
    assert.ok(server.serveFixture(join(FIXTURES_DIR, 'claim-storage-class-missing.yaml')));
  });
  const { server } = cluster;
  const env = () => ({ KUBECONFIG: cluster.kubeconfig });
  const paths = () => server.requests.map((q) => `${q.method} ${q.path}`);

  test('a class with no provisioner: the class by name, then the volumes, and the diagnosis names the class', async () => {
    server.requests.length = 0;
    const r = await podwhy(['es-data-0', '-n', 'logging'], env());
    assert.equal(r.code, 1, r.err);
    assert.match(r.out, /ROOT CAUSE {2}claim-class-no-provisioner/);
    assert.match(r.out, /StorageClass local-storage has no provisioner/);
    assert.match(r.out, /local-pv-worker-2-sdb \(Available, 50Gi\): smaller than 100Gi/);
    assert.deepEqual(paths().slice(0, 2), ['GET /api/v1/namespaces/logging/pods/es-data-0', 'GET /api/v1/namespaces/logging/events']);
    assert.deepEqual(
      paths().slice(2).sort(),
      [
        'GET /api/v1/namespaces/logging/persistentvolumeclaims/data-es-data-0',
        'GET /api/v1/namespaces/logging/events',
        'GET /apis/storage.k8s.io/v1/storageclasses/local-storage',
        'GET /api/v1/persistentvolumes',
        'GET /api/v1/nodes',
      ].sort(),
    );
  });

  test('a class that does not exist: its 404 says so, and no volume list is read', async () => {
    server.requests.length = 0;
    const r = await podwhy(['minio-5b8c6d9f7-tq8wz', '-n', 'storage', '-o', 'json'], env());
    assert.equal(r.code, 1, r.err);
    const pod = JSON.parse(r.out).pods[0] as PodReport;
    assert.equal(rootOf(pod), 'claim-storage-class-missing');
    assert.equal(claimFact(pod, 'minio-data', 'classExists'), false);
    const cls = server.requests.find((q) => q.path === '/apis/storage.k8s.io/v1/storageclasses/fast');
    assert.equal(cls?.status, 404);
    assert.ok(!paths().includes('GET /api/v1/persistentvolumes'));
  });

  test('403 on StorageClasses: the class unknown, the scheduler\'s words stand', async () => {
    server.forbid = [{ resource: 'storageclasses' }];
    try {
      // the class unknown: what it provisions is unknown, so the scheduler's words stand
      server.requests.length = 0;
      const b = await podwhy(['es-data-0', '-n', 'logging', '-o', 'json'], env());
      assert.equal(b.code, 1, b.err);
      const es = JSON.parse(b.out).pods[0] as PodReport;
      assert.equal(rootOf(es), 'unschedulable-unbound-pvc');
      // whether hand-made volumes could bind it depends on the class: the volumes are not read
      assert.ok(!paths().includes('GET /api/v1/persistentvolumes'), paths().join('\n'));
      assert.equal(server.requests.find((q) => q.path === '/apis/storage.k8s.io/v1/storageclasses/local-storage')?.status, 403);
      assert.match(b.err, /could not read storageclasses \(forbidden\)/);
      const text = await podwhy(['es-data-0', '-n', 'logging'], env());
      assert.equal(text.code, 1, text.err);
    } finally {
      server.forbid = [];
    }
  });

  test('-A: every pending pod gets the cause its claim shows, the lists read once', async () => {
    server.requests.length = 0;
    const all = await podwhy(['-A', '-o', 'json'], env());
    assert.equal(all.code, 1, all.err);
    const roots = (JSON.parse(all.out).pods as PodReport[]).map((p) => `${p.name} ${rootOf(p)}`);
    assert.ok(roots.includes('es-data-0 claim-class-no-provisioner'), roots.join('\n'));
    assert.ok(roots.includes('minio-5b8c6d9f7-tq8wz claim-storage-class-missing'), roots.join('\n'));
    assert.deepEqual(
      paths().filter((p) => /persistentvolume|storageclass/.test(p)),
      ['GET /api/v1/persistentvolumeclaims', 'GET /apis/storage.k8s.io/v1/storageclasses', 'GET /api/v1/persistentvolumes'],
    );
  });
});
