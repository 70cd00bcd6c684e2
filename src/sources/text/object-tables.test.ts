// Tables pasted beside a pod — kubectl get nodes / pvc / pv — become Node, PersistentVolumeClaim and
// PersistentVolume objects with what their rows say; lone `kubectl get pods` rows; the habits of
// Korean posts (shell comments in a pasted session, notes between outputs, the healthy pod first).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonObject } from '../../util/json.js';
import type { PodInput } from '../../model/input.js';
import { PASTE_NOW, pasteFixture, readPaste } from '../../../test/paste-read.js';
import { claimFromRow, nodeFromRow, volumeFromRow } from './object-tables.js';

const NOW = PASTE_NOW;
const paste = pasteFixture;
const read = (text: string) => readPaste(text);
const name = (o: JsonObject | undefined) => (o?.['metadata'] as JsonObject | undefined)?.['name'];
const podName = (p: PodInput | undefined) => name(p?.pod);

describe('kubectl get pvc / pv / nodes beside a pod', () => {
  test('k8s-81714: a Pending claim from `kubectl get --all-namespaces pvc`, kept beside the pod in snapshot.objects', () => {
    const s = read(paste('k8s-81714.txt'));
    const claims = (s.objects ?? []).filter((o) => o['kind'] === 'PersistentVolumeClaim');
    assert.deepEqual(claims, [
      {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'prometheus-data-prometheus-0', namespace: 'kube-system', creationTimestamp: '2025-03-02T02:57:00Z' },
        // a Pending claim's VOLUME, CAPACITY and ACCESS MODES cells are empty: nothing of them is said
        spec: { storageClassName: 'standard' },
        status: { phase: 'Pending' },
      },
    ]);
    assert.equal(podName(s.pods[0]), 'prometheus-0');
  });
  test('k8s-62389: `kubectl get nodes` — Ready, NotReady (the Ready condition not True), roles as labels; the pods join their node', () => {
    const s = read(paste('k8s-62389.txt'));
    const nodes = s.nodes ?? [];
    assert.deepEqual(
      nodes.map((n) => [name(n), ((n['status'] as JsonObject)['conditions'] as JsonObject[])[0]?.['status'], Object.keys(((n['metadata'] as JsonObject)['labels'] ?? {}) as JsonObject).join(), ((n['status'] as JsonObject)['nodeInfo'] as JsonObject)['kubeletVersion']]),
      [
        ['k8s-master', 'True', 'node-role.kubernetes.io/master', 'v1.10.0'],
        ['k8s-node1', 'True', '', 'v1.10.0'],
        ['k8s-node2', 'Unknown', '', 'v1.10.0'],
      ],
    );
    const lost = s.pods.find((p) => podName(p) === 'kube-flannel-ds-h9dcc');
    assert.equal(name(lost?.node), 'k8s-node2');
  });
  test('-o wide nodes, SchedulingDisabled, and a pv whose claim is named', () => {
    const text = [
      '$ kubectl get pods -o wide',
      'NAME    READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES',
      'web-1   0/1     Pending   0          5m    <none>   node-2   <none>           <none>',
      '$ kubectl get nodes -o wide',
      'NAME     STATUS                        ROLES           AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE             KERNEL-VERSION      CONTAINER-RUNTIME',
      'node-1   Ready                         control-plane   40d   v1.29.2   10.0.0.10     <none>        Ubuntu 22.04.4 LTS   5.15.0-97-generic   containerd://1.7.13',
      'node-2   NotReady,SchedulingDisabled   <none>          40d   v1.29.2   10.0.0.11     <none>        Ubuntu 22.04.4 LTS   5.15.0-97-generic   containerd://1.7.13',
      '$ kubectl get pv',
      'NAME        CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS     CLAIM             STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE',
      'pv-data-0   10Gi       RWO            Retain           Released   shop/data-web-0   local-path     <unset>                          40d',
    ].join('\n');
    const s = read(text);
    const node = s.pods[0]?.node as JsonObject;
    assert.equal(name(node), 'node-2');
    assert.deepEqual(node['spec'], { unschedulable: true });
    assert.deepEqual((node['status'] as JsonObject)['addresses'], [{ type: 'InternalIP', address: '10.0.0.11' }]);
    assert.equal(((node['status'] as JsonObject)['nodeInfo'] as JsonObject)['containerRuntimeVersion'], 'containerd://1.7.13');
    const pv = (s.objects ?? []).find((o) => o['kind'] === 'PersistentVolume') as JsonObject;
    assert.deepEqual(pv['spec'], { capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Retain', claimRef: { kind: 'PersistentVolumeClaim', namespace: 'shop', name: 'data-web-0' }, storageClassName: 'local-path' });
    assert.deepEqual(pv['status'], { phase: 'Released' });
    assert.deepEqual(s.warnings, []);
  });
  test('rows → objects: only the cells a row fills', () => {
    assert.deepEqual(claimFromRow({ NAME: 'data-0', STATUS: 'Bound', VOLUME: 'pvc-1', CAPACITY: '1Gi', 'ACCESS MODES': 'RWO,RWX', STORAGECLASS: 'gp3', VOLUMEATTRIBUTESCLASS: '<unset>', AGE: '1m' }, NOW), {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data-0', creationTimestamp: '2025-03-02T09:59:00Z' },
      spec: { volumeName: 'pvc-1', storageClassName: 'gp3' },
      status: { phase: 'Bound', capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce', 'ReadWriteMany'] },
    });
    // a node without a Ready condition prints Unknown: no condition is made up
    assert.deepEqual(nodeFromRow({ NAME: 'n1', STATUS: 'Unknown', AGE: '1d' }, NOW)?.['status'], {});
    assert.equal(volumeFromRow({ NAME: 'x', STATUS: 'Nonsense' }, NOW), undefined);
  });
});

describe('kubectl get pods rows alone', () => {
  const row = (text: string) => {
    const s = read(`${text}\n`);
    assert.equal(s.pods.length, 1);
    return s.pods[0] as PodInput;
  };
  test('Init:0/1 without a header: one init container running, the pod Pending', () => {
    const p = row('web-7d4b9c6f5-x2x9q   0/1   Init:0/1   0   5m');
    assert.equal(podName(p), 'web-7d4b9c6f5-x2x9q');
    assert.equal((p.pod['status'] as JsonObject)['phase'], 'Pending');
    assert.deepEqual(((p.pod['status'] as JsonObject)['initContainerStatuses'] as JsonObject[]).map((s) => s['state']), [{ running: {} }]);
    assert.equal(p.source?.format, 'pods-table');
    assert.equal((p.pod['metadata'] as JsonObject)['namespace'], undefined);
  });
  test('RESTARTS with "(47s ago)", -o wide: the last restart\'s time, the node', () => {
    const p = row('web-7d4b9c6f5-x2x9q   0/1     CrashLoopBackOff   5 (47s ago)   10m   10.244.1.5   node-2   <none>           <none>');
    const st = ((p.pod['status'] as JsonObject)['containerStatuses'] as JsonObject[])[0] as JsonObject;
    assert.deepEqual(st['state'], { waiting: { reason: 'CrashLoopBackOff' } });
    assert.equal(st['restartCount'], 5);
    assert.deepEqual(st['lastState'], { terminated: { finishedAt: '2025-03-02T09:59:13Z' } });
    assert.equal((p.pod['spec'] as JsonObject)['nodeName'], 'node-2');
  });
  test('NotReady: a container Completed beside a ready running one, the pod not Ready', () => {
    const p = row('job-with-sidecar-x8k2p   1/2     NotReady   0          3m');
    const sts = (p.pod['status'] as JsonObject)['containerStatuses'] as JsonObject[];
    assert.deepEqual(
      sts.map((s) => [s['ready'], Object.keys((s['state'] ?? {}) as JsonObject)[0]]),
      [
        [true, 'running'],
        [false, 'terminated'],
      ],
    );
    assert.equal((p.pod['status'] as JsonObject)['phase'], 'Running');
    assert.deepEqual((p.pod['status'] as JsonObject)['conditions'], [{ type: 'Ready', status: 'False' }]);
  });
});

describe('Korean posts', () => {
  test('constructed-ko-comments: "# kubectl …" prompts, a "# 로그 확인" comment, a note between outputs, the healthy pod first', () => {
    const s = read(paste('constructed-ko-comments.txt'));
    assert.deepEqual(
      s.pods.map((p) => podName(p)),
      ['web-6d9f7c8b5-abcde', 'web-7f8b9c6d4-x2x9q'],
    );
    const bad = s.pods[1] as PodInput;
    assert.equal((bad.pod['metadata'] as JsonObject)['namespace'], 'shop');
    assert.equal(bad.logs?.['web']?.text, "Error: Cannot find module '/app/server.js'");
    // the comment is a comment; only the Korean note between the fences is counted as not read
    assert.deepEqual(s.warnings, ['p.txt: 1 line(s) could not be read and were skipped (line 11)']);
  });
});
