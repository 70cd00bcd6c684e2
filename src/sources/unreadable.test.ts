import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PodInput } from '../model/input.js';
import { summarizeUnreadable, unreadableLine } from './unreadable.js';

const pod = (...unreadable: string[]): PodInput => ({ pod: {}, events: [], source: { file: 'x', input: 'x' }, unreadable });

test('failed reads are counted by kind and reason across pods; facts about the cluster are not failures', () => {
  const forbidden = 'events (forbidden: events is forbidden: User "u" cannot list resource "events" in API group "" in the namespace "shop")';
  const reads = summarizeUnreadable([
    pod(forbidden, 'logs of web-1/app (forbidden: pods "web-1" is forbidden)'),
    pod(forbidden, 'node worker-3 (it no longer exists)', 'logs of web-2 (unavailable: its node worker-3 no longer exists, so no kubelet can serve them)'),
    pod(forbidden, 'owner ReplicaSet/web-7d (404 NotFound: replicasets.apps "web-7d" not found)'),
    pod(),
  ]);
  assert.deepEqual(reads, [
    { what: 'events', reason: 'forbidden', pods: 3 },
    { what: 'logs', reason: 'forbidden', pods: 1 },
    { what: 'owners', reason: '404 NotFound', pods: 1 },
  ]);
  assert.equal(
    unreadableLine(reads, 4, false),
    'podwhy: warning: could not read events (forbidden) for 3 pods, logs (forbidden) for 1 pod, owners (404 NotFound) for 1 pod — findings that need them may be missing; --fail-on-unreadable makes this exit 3',
  );
  assert.deepEqual(summarizeUnreadable([pod('node worker-3 (it no longer exists)')]), []);
});
