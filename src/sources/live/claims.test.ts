// Which pods make live mode read their claims: only those the scheduler has not placed because of
// their volumes, or has not tried yet.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { claimNames, needsClaims } from './claims.js';

const pod = (status: Record<string, unknown>, spec: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-0', namespace: 'shop' },
  spec: { containers: [{ name: 'app' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-web-0' } }, { name: 'cfg', configMap: { name: 'x' } }, { name: 'again', persistentVolumeClaim: { claimName: 'data-web-0' } }], ...spec },
  status,
});
const unschedulable = (message: string) => ({ phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message }] });

test('the claims a pod names, once each', () => {
  assert.deepEqual(claimNames(pod({})), ['data-web-0']);
});

test('a pending pod whose volumes the scheduler blames, or that it has not tried yet', () => {
  assert.equal(needsClaims(pod(unschedulable('0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..'))), true);
  assert.equal(needsClaims(pod(unschedulable("0/3 nodes are available: 3 node(s) didn't find available persistent volumes to bind."))), true);
  assert.equal(needsClaims(pod(unschedulable('0/3 nodes are available: persistentvolumeclaim "data-web-0" not found.'))), true);
  assert.equal(needsClaims(pod(unschedulable('running PreBind plugin "VolumeBinding": binding volumes: provisioning failed for PVC "data-web-0"'))), true);
  assert.equal(needsClaims(pod({ phase: 'Pending' })), true);
  assert.equal(needsClaims(pod({})), true);
});

test('no read for a pod the scheduler holds for something else, one on a node, or one without claims', () => {
  assert.equal(needsClaims(pod(unschedulable('0/3 nodes are available: 3 Insufficient cpu.'))), false);
  assert.equal(needsClaims(pod({ phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates' }] })), false);
  assert.equal(needsClaims(pod({ phase: 'Running' }, { nodeName: 'node-1' })), false);
  assert.equal(needsClaims(pod({ phase: 'Pending' }, { nodeName: 'node-1' })), false);
  assert.equal(needsClaims(pod({ phase: 'Pending' }, { volumes: [{ name: 'cfg', configMap: { name: 'x' } }] })), false);
});
