// A pending pod's nodes, live: against the loopback API server holding the three clusters of the
// node fixtures (a pod larger than every node, a pod pinned to a tainted node, an incidental GPU
// taint), each in its own namespace. The cluster's nodes are listed once per run, only when a pod
// is unschedulable, and a list that is forbidden narrows the diagnosis instead of ending it.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { main } from '../../cli/main.js';
import { FIXTURES_DIR } from '../../api/rules.js';
import type { FakeApiServer } from '../../../test/apiserver.js';
import { serverForSuite } from '../../../test/live-suite.js';
import type { JsonObject } from '../../util/json.js';
import { memoryIO } from '../../../test/io.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-nodes-'));

async function podwhy(args: string[], env: Record<string, string>) {
  const io = memoryIO({ HOME: tmp, ...env });
  const code = await main(['node', 'podwhy', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

interface JsonPod {
  name: string;
  findings: { rule: string; role: string }[];
  unreadable: string[];
}
const roots = (p: JsonPod) => p.findings.filter((f) => f.role === 'root-cause').map((f) => f.rule);

/** A loopback cluster holding these fixtures' objects (a pod and its cluster's nodes each). */
function clusterOf(fixtures: string[], extra: (server: FakeApiServer) => void = () => {}) {
  const cluster = serverForSuite(tmp, (server) => {
    for (const f of fixtures) assert.ok(server.serveFixture(join(FIXTURES_DIR, f)), `${f} has a pod`);
    extra(server);
  });
  return { server: cluster.server, env: () => ({ KUBECONFIG: cluster.kubeconfig }), nodeLists: () => cluster.server.requests.filter((q) => q.path.startsWith('/api/v1/nodes')) };
}

describe('live: a pod larger than every node', () => {
  // the kubeadm cluster of 2-CPU nodes, and a crash-looping pod in another namespace (on its node)
  const { server, env, nodeLists } = clusterOf(['pending-larger-than-every-node.yaml', 'crashloop-oomkilled-jvm.yaml']);

  test('fits no node, even empty: the quantity and the largest node are named; the nodes listed once', async () => {
    server.requests.length = 0;
    const r = await podwhy(['report-builder-6b9f7c5d48-x7q2n', '-n', 'analytics'], env());
    assert.equal(r.code, 1, r.err);
    assert.match(r.out, /ROOT CAUSE {2}unschedulable-larger-than-every-node/);
    const root = (r.out.split('Symptoms')[0] as string).replace(/\s+/g, ' ');
    assert.match(root, /requests 3 cpu .* any of the 3 nodes has is 2 \(kube-worker-1\)/);
    assert.doesNotMatch(root, /higher priority|preempt them/);
    assert.equal(nodeLists().length, 1);
    assert.deepEqual(nodeLists()[0]?.query, { limit: '500' }, 'a paged list');
    assert.ok(server.requests.every((q) => q.method === 'GET'));
  });

  test('workload mode and the scan\'s workloads: the Deployment of the pod says the same, from one list of nodes', async () => {
    // the fixture's pod carries no labels: selectors that select all, membership by owner
    const labels = {};
    server.add(
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'report-builder', namespace: 'analytics', uid: 'd-rb', annotations: { 'deployment.kubernetes.io/revision': '1' } }, spec: { replicas: 1, selector: {} }, status: { replicas: 1, updatedReplicas: 1, unavailableReplicas: 1, observedGeneration: 1 } },
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'report-builder-6b9f7c5d48', namespace: 'analytics', uid: '0b8f3d5e-64a4-4c8e-9a43-5d2e7f1c9b60', labels, annotations: { 'deployment.kubernetes.io/revision': '1' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'report-builder', uid: 'd-rb', controller: true }] }, spec: { replicas: 1, selector: {} }, status: { replicas: 1 } },
    );
    try {
      server.requests.length = 0;
      const w = JSON.parse((await podwhy(['deploy/report-builder', '-n', 'analytics', '-o', 'json'], env())).out);
      assert.deepEqual(roots(w.pods[0] as JsonPod), ['unschedulable-larger-than-every-node']);
      assert.equal(w.workloads[0].rootCause.rule, 'unschedulable-larger-than-every-node');
      assert.equal(nodeLists().length, 1);
      server.requests.length = 0;
      const scan = JSON.parse((await podwhy(['-n', 'analytics', '-o', 'json'], env())).out);
      assert.deepEqual(
        scan.workloads.map((x: { ref: string; rootCause: { rule: string } }) => `${x.ref} ${x.rootCause.rule}`),
        ['deployment/report-builder unschedulable-larger-than-every-node'],
      );
      assert.equal(nodeLists().length, 1);
    } finally {
      server.remove('ReplicaSet', 'analytics', 'report-builder-6b9f7c5d48');
      server.remove('Deployment', 'analytics', 'report-builder');
    }
  });

  test('a scan reads the nodes once; a namespace with no pending pod reads none', async () => {
    server.requests.length = 0;
    const r = await podwhy(['-n', 'analytics', '-o', 'json'], env());
    assert.equal(r.code, 1, r.err);
    const pod = (JSON.parse(r.out).pods as JsonPod[]).find((p) => p.name === 'report-builder-6b9f7c5d48-x7q2n');
    assert.deepEqual(pod && roots(pod), ['unschedulable-larger-than-every-node']);
    assert.equal(nodeLists().length, 1);
    server.requests.length = 0;
    const shop = await podwhy(['-n', 'shop', '-o', 'json'], env());
    assert.equal(shop.code, 1, shop.err);
    assert.equal(nodeLists().length, 0, 'no pod in shop is unschedulable or needs its node');
    server.requests.length = 0;
    await podwhy(['orders-api-6f8d9c7b54-q7xkz', '-n', 'shop'], env());
    assert.equal(nodeLists().length, 0);
  });
});

describe('live: a pod pinned to a tainted node', () => {
  const { server, env, nodeLists } = clusterOf(['pending-pinned-to-tainted-node.yaml']);

  test('the pinned node\'s taint is the root cause; no typo is claimed', async () => {
    server.requests.length = 0;
    const r = await podwhy(['metrics-ingest-0', '-n', 'observability'], env());
    assert.equal(r.code, 1, r.err);
    assert.match(r.out, /ROOT CAUSE {2}unschedulable-taint-on-usable-nodes/);
    const flat = r.out.replace(/\s+/g, ' ');
    assert.match(flat, /k8s-worker-03: dedicated=gpu:NoSchedule/);
    assert.doesNotMatch(flat, /unschedulable-node-selector|fix the key or the value/);
    assert.equal(nodeLists().length, 1);
  });
});

describe('live: an incidental GPU taint', () => {
  // two pods pending in the same cluster: one list of nodes serves both
  const { server, env, nodeLists } = clusterOf(['pending-incidental-gpu-taint.yaml'], (server) => {
    const pod = structuredClone(server.serveFixture(join(FIXTURES_DIR, 'pending-incidental-gpu-taint.yaml')) as JsonObject);
    const md = pod['metadata'] as JsonObject;
    md['name'] = 'search-api-7f86c9d4b5-m2c8r';
    md['uid'] = '6a0c2e4f-1b3d-4f5a-8c7e-9d1b3f5a7c29';
    server.add(pod);
  });

  test('the missing memory is the one root cause, for every pending pod, from one list of nodes', async () => {
    server.requests.length = 0;
    const r = await podwhy(['-n', 'shop', '-o', 'json'], env());
    assert.equal(r.code, 1, r.err);
    const pods = JSON.parse(r.out).pods as JsonPod[];
    assert.equal(pods.length, 2);
    for (const p of pods) {
      assert.deepEqual(roots(p), ['unschedulable-insufficient-resources'], p.name);
      assert.ok(!p.findings.some((f) => f.rule === 'unschedulable-untolerated-taint'), p.name);
    }
    assert.equal(nodeLists().length, 1);
  });

  test('nodes forbidden: diagnosed from the message, said on the pods that needed them, never a crash', async () => {
    server.forbid = [{ resource: 'nodes' }];
    try {
      server.requests.length = 0;
      const r = await podwhy(['search-api-7f86c9d4b5-gq4zt', '-n', 'shop'], env());
      assert.equal(r.code, 1, r.err);
      assert.doesNotMatch(r.err, /\n\s+at /);
      assert.match(r.out, /ROOT CAUSE {2}unschedulable-insufficient-resources/);
      assert.match(r.out.replace(/\s+/g, ' '), /Could not read: nodes \(forbidden: nodes is forbidden: User "[^"]+" cannot list resource "nodes" in API group "" at the cluster scope\)/);
      assert.equal(nodeLists().length, 1);
      server.requests.length = 0;
      const scan = await podwhy(['-n', 'shop', '-o', 'json'], env());
      assert.equal(scan.code, 1, scan.err);
      const pods = JSON.parse(scan.out).pods as JsonPod[];
      assert.equal(pods.filter((p) => p.unreadable.some((u) => u.startsWith('nodes (forbidden'))).length, 2);
      assert.equal(nodeLists().length, 1, 'tried once, not once per pod');
    } finally {
      server.forbid = [];
    }
  });
});
