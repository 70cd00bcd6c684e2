import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractNodeShutdown } from './node-shutdown.js';
import type { ConditionFacts, PodFacts } from '../types.js';

const pod = (reason?: string, message?: string) => ({ ...(reason ? { reason } : {}), ...(message ? { message } : {}) }) as PodFacts;
const dt = (message: string) => ({ DisruptionTarget: { status: 'True', reason: 'TerminationByKubelet', message } as ConditionFacts });

test('a pod the shutdown stopped: the status, the DisruptionTarget condition, and v1.20\'s wording', () => {
  assert.deepEqual(extractNodeShutdown({ pod: pod('Terminated', 'Pod was terminated in response to imminent node shutdown.'), conditions: {} }), { kind: 'terminated', source: 'status', message: 'Pod was terminated in response to imminent node shutdown.' });
  // a later sync rewrote the status: the condition still says it
  assert.deepEqual(extractNodeShutdown({ pod: pod('Error', 'exit 143'), conditions: dt('Pod was terminated in response to imminent node shutdown.') })?.source, 'condition');
  assert.equal(extractNodeShutdown({ pod: pod('Shutdown', 'Node is shutting, evicting pods'), conditions: {} })?.kind, 'terminated');
});

test('a pod the shutting-down kubelet would not admit', () => {
  assert.deepEqual(extractNodeShutdown({ pod: pod('Shutdown', 'Pod Node is in progress of shutting down, not admitting any new pods'), conditions: {} })?.kind, 'rejected');
  assert.deepEqual(extractNodeShutdown({ pod: pod('NodeShutdown', 'Pod was rejected as the node is shutting down.'), conditions: {} }), { kind: 'rejected', source: 'status', message: 'Pod was rejected as the node is shutting down.' });
  assert.deepEqual(extractNodeShutdown({ pod: pod('NodeShutdown'), conditions: {} }), { kind: 'rejected', source: 'status' });
});

test('nothing said of a shutdown is unknown, never "not shut down"', () => {
  assert.equal(extractNodeShutdown({ pod: pod(), conditions: {} }), undefined);
  assert.equal(extractNodeShutdown({ pod: pod('Evicted', 'The node was low on resource: memory.'), conditions: {} }), undefined);
  // reason Shutdown with words of neither kind
  assert.equal(extractNodeShutdown({ pod: pod('Shutdown', 'something else'), conditions: {} }), undefined);
});
