// podwhy deploy/web -w against the loopback API server: the rollout narrated step by step until it
// completes (exit 0) or fails with ProgressDeadlineExceeded (exit 1), then the final diagnosis.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { main } from '../../cli/main.js';
import { serverForSuite } from '../../testing/live-suite.js';
import { memoryIO, type MemoryIO } from '../../testing/io.js';
import type { JsonObject } from '../../util/json.js';
import { rolloutState, selectorQuery } from './workload-watch.js';

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
  return { io, done, interrupt: () => ac.abort(), seen: (re: RegExp) => (re.test(io.stdout) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ re, resolve }))) };
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
});
