// podwhy deploy/web -w against the loopback API server: the rollout narrated step by step until it
// completes (exit 0) or fails with ProgressDeadlineExceeded (exit 1), then the final diagnosis.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { main } from '../../cli/main.js';
import { serverForSuite } from '../../../test/live-suite.js';
import { memoryIO, type MemoryIO } from '../../../test/io.js';
import type { JsonObject } from '../../util/json.js';
import { EARLIER_WARNINGS_SHOWN, eventOfWorkload, rolloutState, selectorQuery } from './workload-watch.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-rollout-'));
const T = '2025-06-01T10:00:00Z';

function deployment(status: JsonObject, generation = 2): JsonObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'shop', generation, uid: 'uid-web' },
    spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'web:2' }] } } },
    status,
  };
}

function pod(name: string, ready: boolean): JsonObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'shop', uid: `uid-${name}`, labels: { app: 'web' }, creationTimestamp: T },
    spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'web:2' }] },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }],
      containerStatuses: [{ name: 'app', image: 'web:2', imageID: '', ready, restartCount: 0, started: true, state: { running: { startedAt: T } } }],
    },
  };
}

function start(args: string[], env: Record<string, string>) {
  const io: MemoryIO = memoryIO({ HOME: tmp, ...env });
  const ac = new AbortController();
  io.interrupt = ac.signal;
  const waiters: { re: RegExp; resolve: () => void }[] = [];
  const out = io.out;
  io.out = (s) => {
    out(s);
    for (const w of [...waiters]) if (w.re.test(io.stdout)) (waiters.splice(waiters.indexOf(w), 1), w.resolve());
  };
  const done = main(['node', 'podwhy', ...args], io);
  // a line that never comes fails the test with what was printed, not a suite timeout
  const seen = (re: RegExp) =>
    re.test(io.stdout)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const t = setTimeout(() => reject(new Error(`never printed ${re}; stdout:\n${io.stdout}\nstderr:\n${io.stderr}`)), 8000);
          waiters.push({ re, resolve: () => (clearTimeout(t), resolve()) });
        });
  return { io, done, interrupt: () => ac.abort(), seen };
}

test('rollout state: done and failed as kubectl rollout status judges them', () => {
  assert.equal(rolloutState('Deployment', deployment({ observedGeneration: 1, replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2 })).end, undefined, 'an older generation observed');
  assert.equal(rolloutState('Deployment', deployment({ observedGeneration: 2, replicas: 3, updatedReplicas: 2, readyReplicas: 3, availableReplicas: 3 })).end, undefined, 'an old replica left');
  assert.equal(rolloutState('Deployment', deployment({ observedGeneration: 2, replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2 })).end, 'complete');
  assert.equal(
    rolloutState('Deployment', deployment({ observedGeneration: 2, conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] })).end,
    'failed',
  );
  assert.equal(rolloutState('Job', { status: { conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' }] } }).end, 'failed');
  assert.equal(selectorQuery({ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }, { key: 'canary', operator: 'DoesNotExist' }] }), 'app=web,tier in (a,b),!canary');
});

function warning(name: string, kind: string, object: string, reason: string, message: string, last: string, count = 1): JsonObject {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'shop' },
    involvedObject: { apiVersion: kind === 'Pod' ? 'v1' : 'apps/v1', kind, name: object, namespace: 'shop' },
    type: 'Warning',
    reason,
    message,
    count,
    firstTimestamp: last,
    lastTimestamp: last,
    source: { component: kind === 'Pod' ? 'default-scheduler' : 'replicaset-controller' },
  };
}

test('the events of a workload: itself and the children its controller names', () => {
  assert.equal(eventOfWorkload('Deployment', 'web', { kind: 'Deployment', name: 'web' }), true);
  assert.equal(eventOfWorkload('Deployment', 'web', { kind: 'ReplicaSet', name: 'web-7d4b9c6f5' }), true);
  assert.equal(eventOfWorkload('Deployment', 'web', { kind: 'ReplicaSet', name: 'web-api-7d4b9c6f5' }), false, 'another Deployment\'s ReplicaSet');
  assert.equal(eventOfWorkload('Deployment', 'web', { kind: 'ReplicaSet', name: 'web-aeiou' }), false, 'not a pod-template-hash (vowels)');
  assert.equal(eventOfWorkload('Deployment', 'web', { kind: 'Deployment', name: 'web2' }), false);
  assert.equal(eventOfWorkload('CronJob', 'backup', { kind: 'Job', name: 'backup-29163240' }), true);
  assert.equal(eventOfWorkload('CronJob', 'backup', { kind: 'Job', name: 'backup-manual-1' }), false);
  assert.equal(eventOfWorkload('Job', 'migrate', { kind: 'Job', name: 'migrate' }), true);
  assert.equal(eventOfWorkload('StatefulSet', 'db', { kind: 'Pod', name: 'db-0' }), false, 'pod events feed the pods\' explanations instead');
});

describe('podwhy deploy/web -w', { timeout: 30_000 }, () => {
  const cluster = serverForSuite(tmp, () => {}, { namespace: 'shop' });
  const { server } = cluster;

  test('follows the rollout to completion, narrating the workload and its pods; exit 0', async () => {
    server.add(deployment({ observedGeneration: 2, replicas: 1, updatedReplicas: 1, readyReplicas: 0, availableReplicas: 0, conditions: [{ type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated' }] }));
    server.add(pod('web-a', false));
    const w = start(['deploy/web', '-w', '--absolute-time', '--now', T], { KUBECONFIG: cluster.kubeconfig });
    await w.seen(/web-a {2}Running 0\/1/);
    await server.waitForWatches(2);
    server.update(pod('web-a', true));
    await w.seen(/web-a {2}Running 1\/1/);
    server.add(pod('web-b', true));
    server.update(deployment({ observedGeneration: 2, replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2, conditions: [{ type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable' }] }));
    assert.equal(await w.done, 0, w.io.stderr);
    const lines = w.io.stdout.split('\n');
    assert.match(lines[0] as string, /^\S+ deployment\/web {2}0\/2 ready · 1 up-to-date · 0 available \(Progressing=True ReplicaSetUpdated\)$/);
    assert.ok(lines.some((l) => /deployment\/web {2}2\/2 ready · 2 up-to-date · 2 available/.test(l)));
    assert.match(w.io.stdout, /\nwatch ended: the rollout is complete\n/);
    assert.match(w.io.stdout, /deployment\/web \(shop\)/, 'then the final diagnosis');
    assert.ok(server.requests.every((q) => q.method === 'GET'));
    server.remove('Pod', 'shop', 'web-a');
    server.remove('Pod', 'shop', 'web-b');
  });

  test('a rollout past its progress deadline fails: exit 1; -o json streams steps and ends with the report', async () => {
    server.update(deployment({ observedGeneration: 2, replicas: 2, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1, conditions: [{ type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated' }] }, 3));
    const w = start(['deploy/web', '-w', '-o', 'json', '--now', T], { KUBECONFIG: cluster.kubeconfig });
    await w.seen(/"type":"step"/);
    await server.waitForWatches(2);
    server.update(deployment({ observedGeneration: 3, replicas: 2, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1, conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: 'ReplicaSet "web-7d4b9c6f5" has timed out progressing.' }] }, 3));
    assert.equal(await w.done, 1, w.io.stderr);
    const objs = w.io.stdout.trim().split('\n').map((l) => JSON.parse(l) as JsonObject);
    assert.equal(objs[0]?.['type'], 'step');
    const final = objs[objs.length - 1] as JsonObject;
    assert.equal(final['type'], 'final');
    assert.equal(final['reason'], 'failed');
    assert.ok(Array.isArray(final['workloads']));
  });

  test('a workload that does not exist: one line, exit 2', async () => {
    const io = memoryIO({ HOME: tmp, KUBECONFIG: cluster.kubeconfig });
    io.interrupt = new AbortController().signal;
    const code = await main(['node', 'podwhy', 'deploy/nope', '-w'], io);
    assert.equal(code, 2);
    assert.match(io.stderr, /^podwhy: Deployment "nope" not found in namespace "shop"/);
  });

  test('the watch reads the namespace\'s events: the controllers\' warnings are steps (the earlier ones first, a repeat is not a new step), pod events explain pods', async () => {
    server.update(deployment({ observedGeneration: 4, replicas: 2, updatedReplicas: 0, readyReplicas: 0, availableReplicas: 0, conditions: [{ type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated' }] }, 4));
    // already there when the watch starts: more warnings than are shown, one of another Deployment, a Normal one
    for (let i = 0; i < EARLIER_WARNINGS_SHOWN + 2; i++) {
      server.add(warning(`web-old-${i}`, 'ReplicaSet', `web-5f6c8d7b9`, 'FailedCreate', `Error creating: old failure ${i}`, `2025-06-01T09:${String(10 + i)}:00Z`));
    }
    server.add(warning('other', 'ReplicaSet', 'web-api-7d4b9c6f5', 'FailedCreate', 'Error creating: not ours', '2025-06-01T09:59:00Z'));
    server.add({ ...warning('scaled', 'Deployment', 'web', 'ScalingReplicaSet', 'Scaled up replica set web-7d4b9c6f5 to 2', '2025-06-01T09:59:30Z'), type: 'Normal' });
    const pending = pod('web-c', false);
    // its status says nothing of why: only its FailedScheduling event does
    pending['status'] = { phase: 'Pending' };
    delete (pending['spec'] as JsonObject)['nodeName'];
    server.add(pending);
    server.add(warning('web-c.sched', 'Pod', 'web-c', 'FailedScheduling', '0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod..', '2025-06-01T09:59:40Z'));
    const before = server.requests.length;
    const w = start(['deploy/web', '-w', '--absolute-time', '--now', T], { KUBECONFIG: cluster.kubeconfig });
    await w.seen(/old failure 6/);
    await server.waitForWatches(1, 'events');
    const quota = 'Error creating: pods "web-7d4b9c6f5-x1" is forbidden: exceeded quota: compute, requested: cpu=1, used: cpu=4, limited: cpu=4';
    server.add(warning('web-new', 'ReplicaSet', 'web-7d4b9c6f5', 'FailedCreate', quota, '2025-06-01T10:00:05Z'));
    await w.seen(/ReplicaSet\/web-7d4b9c6f5 {2}Warning FailedCreate: Error creating: pods "web-7d4b9c6f5-x1" is forbidden: exceeded quota/);
    // the same warning again (its count going up) is no new step; a new message is
    server.update(warning('web-new', 'ReplicaSet', 'web-7d4b9c6f5', 'FailedCreate', quota, '2025-06-01T10:00:35Z', 4));
    server.add(warning('web-newer', 'ReplicaSet', 'web-7d4b9c6f5', 'FailedCreate', 'Error creating: something else', '2025-06-01T10:00:40Z'));
    await w.seen(/something else/);
    w.interrupt();
    await w.done;
    const out = w.io.stdout;
    const steps = out.slice(0, out.indexOf('watch ended')).split('\n');
    const olds = steps.filter((l) => /old failure/.test(l));
    assert.deepEqual(olds.map((l) => /old failure (\d)/.exec(l)?.[1]), ['2', '3', '4', '5', '6'], `the newest ${EARLIER_WARNINGS_SHOWN}, oldest first`);
    assert.equal(steps.filter((l) => /exceeded quota/.test(l)).length, 1, out);
    assert.doesNotMatch(out.slice(0, out.indexOf('watch ended')), /not ours|ScalingReplicaSet/);
    // the pending pod's line knows its FailedScheduling event
    assert.match(out, /web-c {2}Pending: No node has enough free resources/);
    // requests: the events listed once for the namespace (no selector), then watched; all GETs
    const reqs = server.requests.slice(before);
    assert.ok(reqs.every((q) => q.method === 'GET'));
    const evReqs = reqs.filter((q) => q.path === '/api/v1/namespaces/shop/events');
    assert.equal(evReqs.filter((q) => q.query['watch'] === undefined).length, 2, 'one list for the watch, one for the final diagnosis');
    assert.ok(evReqs.some((q) => q.query['watch'] === '1' && q.query['resourceVersion'] !== undefined), 'then a watch from its resourceVersion');
    assert.ok(evReqs.every((q) => q.query['fieldSelector'] === undefined && q.query['labelSelector'] === undefined));
    for (const n of ['web-c']) server.remove('Pod', 'shop', n);
  });

  test('events forbidden: the rollout and its pods are still followed', async () => {
    server.forbid.push({ resource: 'events' });
    try {
      server.update(deployment({ observedGeneration: 5, replicas: 1, updatedReplicas: 1, readyReplicas: 0, availableReplicas: 0, conditions: [{ type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated' }] }, 5));
      server.add(pod('web-d', false));
      const w = start(['deploy/web', '-w', '--absolute-time', '--now', T], { KUBECONFIG: cluster.kubeconfig });
      await w.seen(/web-d {2}Running 0\/1/);
      await server.waitForWatches(2);
      server.update(pod('web-d', true));
      await w.seen(/web-d {2}Running 1\/1/);
      w.interrupt();
      await w.done;
      assert.match(w.io.stdout, /watch ended: stopped/);
      assert.doesNotMatch(w.io.stdout, /Warning /);
      server.remove('Pod', 'shop', 'web-d');
    } finally {
      server.forbid.pop();
    }
  });
});
