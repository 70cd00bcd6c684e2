import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventCause } from './event-cause.js';

test('a Killing event names the probe that failed, or an edited definition', () => {
  assert.equal(eventCause('Killing', 'Container app failed liveness probe, will be restarted'), 'liveness-probe');
  assert.equal(eventCause('Killing', 'Container web failed startup probe, will be restarted'), 'startup-probe');
  assert.equal(eventCause('Killing', 'Container app definition changed, will be restarted'), 'definition-changed');
  // a plain stop (the pod deleted, scaled down) names no cause
  assert.equal(eventCause('Killing', 'Stopping container app'), undefined);
  assert.equal(eventCause('Killing', undefined), undefined);
});

test('Preempted from the scheduler and Preempting from the kubelet name their preemption', () => {
  assert.equal(eventCause('Preempted', 'Preempted by pod 3b1e0c2a-5a4f-4e9b-9d6e-0c1f2a3b4c5d on node node-2'), 'scheduler-preemption');
  assert.equal(eventCause('Preempted', 'Preempted by default/high-priority on node node-2'), 'scheduler-preemption');
  assert.equal(eventCause('Preempting', 'Preempted in order to admit critical pod'), 'critical-pod-preemption');
  assert.equal(eventCause('Preempted', 'something else'), undefined);
});

test('the words count only under their own reason: the cause is unknown elsewhere', () => {
  assert.equal(eventCause('Unhealthy', 'Liveness probe failed: Container app failed liveness probe'), undefined);
  assert.equal(eventCause('Warning', 'Preempted by pod x on node y'), undefined);
  assert.equal(eventCause(undefined, 'Container app failed liveness probe, will be restarted'), undefined);
});
