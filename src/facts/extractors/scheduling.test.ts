import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSchedulingMessage } from './scheduling.js';

const kinds = (m: string) => parseSchedulingMessage(m).reasons.map((r) => [r.kind, r.count, r.detail]);

test('v1.33 message with control-plane and unreachable taints', () => {
  const p = parseSchedulingMessage(
    '0/2 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
  );
  assert.equal(p.nodes, 2);
  assert.deepEqual(
    p.reasons.map((r) => [r.kind, r.count, r.detail]),
    [
      ['untolerated-taint', 1, 'node-role.kubernetes.io/control-plane'],
      ['untolerated-taint', 1, 'node.kubernetes.io/unreachable'],
    ],
  );
  assert.equal(p.preemption, '0/2 nodes are available: 2 Preemption is not helpful for scheduling');
});

test('v1.25–1.29 double period, resources and taint with a value', () => {
  assert.deepEqual(
    kinds(
      '0/5 nodes are available: 1 node(s) had untolerated taint {node.cloudprovider.kubernetes.io/uninitialized: true}, 4 Insufficient memory. preemption: 0/5 nodes are available: 1 Preemption is not helpful for scheduling, 4 No preemption victims found for incoming pod..',
    ),
    [
      ['untolerated-taint', 1, 'node.cloudprovider.kubernetes.io/uninitialized=true'],
      ['insufficient-resource', 4, 'memory'],
    ],
  );
});

test('v1.35 taint wording without the taint', () => {
  assert.deepEqual(kinds('0/3 nodes are available: 3 node(s) had untolerated taint(s). preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.'), [
    ['untolerated-taint', 3, undefined],
  ]);
});

test('old taint wording with an inner comma stays one clause', () => {
  assert.deepEqual(kinds("0/3 nodes are available: 1 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate, 2 Insufficient cpu."), [
    ['untolerated-taint', 1, 'node-role.kubernetes.io/master'],
    ['insufficient-resource', 2, 'cpu'],
  ]);
});

test('count-first sorting: 10 before 2', () => {
  assert.deepEqual(kinds('0/12 nodes are available: 10 Insufficient cpu, 2 node(s) were unschedulable.'), [
    ['insufficient-resource', 10, 'cpu'],
    ['unschedulable-node', 2, undefined],
  ]);
});

test('PreFilter rejections have no count', () => {
  assert.deepEqual(kinds('0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..'), [
    ['unbound-pvc', undefined, undefined],
  ]);
  assert.deepEqual(kinds('0/3 nodes are available: persistentvolumeclaim "rc-definitely-missing-pvc" not found. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod..'), [
    ['missing-pvc', undefined, 'rc-definitely-missing-pvc'],
  ]);
});

test('v1.20–1.24 counted PreFilter reason', () => {
  assert.deepEqual(kinds('0/4 nodes are available: 4 pod has unbound immediate PersistentVolumeClaims.'), [['unbound-pvc', 4, undefined]]);
});

test('DaemonSet pods: plugin NodeAffinity, extended resources', () => {
  assert.deepEqual(
    kinds("0/4 nodes are available: 1 Insufficient cpu, 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling."),
    [
      ['insufficient-resource', 1, 'cpu'],
      ['node-affinity', 3, undefined],
    ],
  );
  assert.deepEqual(kinds('0/2 nodes are available: 2 Insufficient nvidia.com/gpu.'), [['insufficient-resource', 2, 'nvidia.com/gpu']]);
});

test('every plugin reason string is classified', () => {
  const table: [string, string][] = [
    ['Too many pods', 'too-many-pods'],
    ["node(s) didn't match Pod's node affinity/selector", 'node-affinity'],
    ["node(s) didn't match node selector", 'node-affinity'],
    ["node(s) didn't match the requested node name", 'node-name'],
    ['node(s) were unschedulable', 'unschedulable-node'],
    ["node(s) didn't have free ports for the requested pod ports", 'host-port'],
    ["node(s) didn't match pod affinity rules", 'pod-affinity'],
    ["node(s) didn't match pod anti-affinity rules", 'pod-anti-affinity'],
    ["node(s) didn't satisfy existing pods anti-affinity rules", 'pod-anti-affinity'],
    ["node(s) didn't match pod topology spread constraints", 'topology-spread'],
    ["node(s) didn't match pod topology spread constraints (missing required label)", 'topology-spread'],
    ['node(s) had volume node affinity conflict', 'volume-node-affinity'],
    ["node(s) didn't match PersistentVolume's node affinity", 'volume-node-affinity'],
    ["node(s) didn't find available persistent volumes to bind", 'no-persistent-volume'],
    ['node(s) did not have enough free storage', 'volume-capacity'],
    ['node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)', 'missing-pv'],
    ['node(s) exceed max volume count', 'volume-limit'],
    ['node(s) had memory pressure', 'node-not-ready'],
    ['something new in v1.40', 'unknown'],
  ];
  for (const [text, kind] of table) assert.equal(parseSchedulingMessage(`0/3 nodes are available: 3 ${text}.`).reasons[0]?.kind, kind, text);
});

test('no nodes, plugin errors and unknown shapes never throw', () => {
  assert.equal(parseSchedulingMessage('no nodes available to schedule pods').reasons[0]?.kind, 'no-nodes');
  assert.equal(parseSchedulingMessage('running "VolumeBinding" filter plugin for pod "web-0": pod has unbound immediate PersistentVolumeClaims').reasons[0]?.kind, 'unbound-pvc');
  assert.equal(parseSchedulingMessage('').reasons[0]?.kind, 'unknown');
  assert.equal(parseSchedulingMessage('0/0 nodes are available: ').reasons[0]?.kind, 'no-nodes');
});

test('DRA post-filter text before preemption is not part of the last clause', () => {
  const p = parseSchedulingMessage('0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never.');
  assert.deepEqual(p.reasons.map((r) => [r.kind, r.count, r.detail]), [['insufficient-resource', 1, 'cpu']]);
  assert.equal(p.preemption, 'not eligible due to preemptionPolicy=Never');
  const q = parseSchedulingMessage(
    "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match pod anti-affinity rules. no new claims to deallocate, preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.",
  );
  assert.deepEqual(q.reasons.map((r) => r.kind), ['untolerated-taint', 'pod-anti-affinity']);
  assert.equal(q.preemption, '0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod');
});
