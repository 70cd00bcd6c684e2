import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PodInput } from '../model/input.js';
import type { JsonObject } from '../util/json.js';
import { cronWarned, scanTargets, unwell, workloadInputs } from './scan-workloads.js';

const deploy = (status: JsonObject | undefined, spec: JsonObject = {}): JsonObject => ({
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop', uid: 'd1' },
  spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, ...spec },
  ...(status ? { status } : {}),
});

test('unwell: a Deployment short of replicas, failing to create, timed out or paused; not one at its count, scaled to 0, or without status', () => {
  assert.equal(unwell(deploy({ replicas: 3, readyReplicas: 3, availableReplicas: 3, updatedReplicas: 3 })), false);
  assert.equal(unwell(deploy({ replicas: 2, readyReplicas: 2, availableReplicas: 2, updatedReplicas: 2 })), true);
  assert.equal(unwell(deploy({ replicas: 3, readyReplicas: 3, availableReplicas: 3, updatedReplicas: 3, conditions: [{ type: 'ReplicaFailure', status: 'True' }] })), true);
  assert.equal(unwell(deploy({ replicas: 3, readyReplicas: 3, availableReplicas: 3, updatedReplicas: 3, conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] })), true);
  assert.equal(unwell(deploy({ replicas: 3, readyReplicas: 3, availableReplicas: 3, updatedReplicas: 3 }, { paused: true })), true);
  assert.equal(unwell(deploy({}, { replicas: 0 })), false);
  assert.equal(unwell(deploy(undefined)), false, 'a manifest: nothing says how it runs');
});

test('unwell: Jobs, CronJobs, DaemonSets, StatefulSets by their own counts and conditions', () => {
  const job = (status: JsonObject, spec: JsonObject = {}) => ({ kind: 'Job', metadata: { name: 'j' }, spec: { completions: 1, ...spec }, status });
  assert.equal(unwell(job({ startTime: 'x', ready: 0 })), true, 'no pod runs it');
  assert.equal(unwell(job({ active: 1, ready: 1 })), false);
  assert.equal(unwell(job({ active: 1, failed: 2 })), true, 'retrying after failures');
  assert.equal(unwell(job({ conditions: [{ type: 'Failed', status: 'True' }] })), true);
  assert.equal(unwell(job({ succeeded: 1, conditions: [{ type: 'Complete', status: 'True' }] })), false);
  assert.equal(unwell(job({}, { suspend: true })), false);
  const cron = (status: JsonObject, spec: JsonObject = {}) => ({ kind: 'CronJob', metadata: { name: 'c' }, spec: { schedule: '* * * * *', ...spec }, status });
  assert.equal(unwell(cron({}, { suspend: true })), true);
  assert.equal(unwell(cron({ lastScheduleTime: '2026-01-02T00:00:00Z', lastSuccessfulTime: '2026-01-01T00:00:00Z' })), true, 'the last run did not succeed');
  assert.equal(unwell(cron({ lastScheduleTime: '2026-01-02T00:00:00Z', lastSuccessfulTime: '2026-01-02T00:01:00Z' })), false);
  assert.equal(unwell(cron({ lastScheduleTime: '2026-01-02T00:00:00Z', active: [{ name: 'c-1' }] })), false, 'it runs now');
  assert.equal(unwell({ kind: 'DaemonSet', status: { desiredNumberScheduled: 3, currentNumberScheduled: 3, numberReady: 2 } }), true);
  assert.equal(unwell({ kind: 'DaemonSet', status: { desiredNumberScheduled: 3, currentNumberScheduled: 3, numberReady: 3, numberMisscheduled: 0 } }), false);
  assert.equal(unwell({ kind: 'StatefulSet', spec: { replicas: 2 }, status: { replicas: 2, readyReplicas: 1 } }), true);
});

test('scanTargets: a ReplicaSet under a Deployment that was read is the Deployment\'s; an orphan or one whose Deployment was not read stands alone', () => {
  const rs = (name: string, owner?: JsonObject) => ({ kind: 'ReplicaSet', metadata: { name, namespace: 'shop', ...(owner ? { ownerReferences: [owner] } : {}) } });
  const objects = [
    deploy({}),
    rs('web-1', { kind: 'Deployment', name: 'web', uid: 'd1', controller: true }),
    rs('api-1', { kind: 'Deployment', name: 'api', uid: 'd2', controller: true }),
    rs('lone'),
    { kind: 'Pod', metadata: { name: 'p' } },
  ];
  assert.deepEqual(
    scanTargets(objects).map((o) => `${String(o['kind'])}/${String((o['metadata'] as JsonObject)['name'])}`),
    ['Deployment/web', 'ReplicaSet/api-1', 'ReplicaSet/lone'],
  );
});

test('workloadInputs: each workload gets its own pods, children and events, in its namespace only', () => {
  const d = deploy({ replicas: 2 });
  const rs = { kind: 'ReplicaSet', metadata: { name: 'web-5f', namespace: 'shop', uid: 'r1', ownerReferences: [{ kind: 'Deployment', name: 'web', uid: 'd1', controller: true }] } };
  const pod = (name: string, ns: string): PodInput => ({ pod: { kind: 'Pod', metadata: { name, namespace: ns, ownerReferences: [{ kind: 'ReplicaSet', name: 'web-5f', uid: 'r1', controller: true }] } }, events: [] });
  const [w] = workloadInputs([d], [d, rs], [pod('web-5f-a', 'shop'), pod('web-5f-b', 'other')], {
    events: [
      { reason: 'FailedCreate', message: 'Error creating: x', count: 2, involved: { kind: 'ReplicaSet', name: 'web-5f', namespace: 'shop' } },
      { reason: 'FailedCreate', message: 'Error creating: y', count: 1, involved: { kind: 'ReplicaSet', name: 'web-5f', namespace: 'other' } },
    ],
    quotas: [{ kind: 'ResourceQuota', metadata: { name: 'q', namespace: 'shop' } }, { kind: 'ResourceQuota', metadata: { name: 'q', namespace: 'other' } }],
  });
  assert.ok(w);
  assert.deepEqual(w.pods.map((p) => (p.pod['metadata'] as JsonObject)['name']), ['web-5f-a']);
  assert.equal(w.children.length, 1);
  assert.deepEqual(w.events.map((e) => e.message), ['Error creating: x']);
  assert.equal(w.quotas?.length, 1);
});

test('cronWarned: a CronJob warned about (or skipping runs) since its last success; not before it, nor another one, nor a suspended one', () => {
  const cron = (spec: JsonObject = {}) => ({ kind: 'CronJob', metadata: { name: 'c', namespace: 'ns' }, spec: { schedule: '0 * * * *', ...spec }, status: { lastSuccessfulTime: '2026-01-01T10:00:00Z' } });
  const ev = (type: string, reason: string, at: string, name = 'c') => ({ type, reason, count: 1, last: Date.parse(at), involved: { kind: 'CronJob', name, namespace: 'ns' } });
  assert.equal(cronWarned(cron(), [ev('Warning', 'FailedCreate', '2026-01-01T11:00:00Z')]), true);
  assert.equal(cronWarned(cron(), [ev('Normal', 'JobAlreadyActive', '2026-01-01T11:00:00Z')]), true);
  assert.equal(cronWarned(cron(), [ev('Warning', 'FailedCreate', '2026-01-01T09:00:00Z')]), false, 'before the last success');
  assert.equal(cronWarned(cron(), [ev('Warning', 'FailedCreate', '2026-01-01T11:00:00Z', 'other')]), false);
  assert.equal(cronWarned(cron(), [ev('Normal', 'SuccessfulCreate', '2026-01-01T11:00:00Z')]), false);
  assert.equal(cronWarned(cron({ suspend: true }), [ev('Warning', 'FailedCreate', '2026-01-01T11:00:00Z')]), false, 'suspended: unwell says so');
});
