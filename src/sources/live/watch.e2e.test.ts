// --watch against the loopback API server, driven step by step: each change is made only after
// podwhy printed the previous one (no sleeps), so the transcript is deterministic. Covers one pod
// going Pending → ContainerCreating → ErrImagePull → Running → Ready with a dropped watch
// (resumed from the last resourceVersion) and a 410 Expired (relisted); a rollout replacing three
// pods under -l; JSON lines; and --watch without a cluster.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { main } from '../../cli/main.js';
import { FakeApiServer } from '../../../test/apiserver.js';
import { serverForSuite } from '../../../test/live-suite.js';
import { memoryIO, type MemoryIO } from '../../../test/io.js';
import type { JsonObject } from '../../util/json.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-watch-'));
const T = '2026-01-10T12:00:00Z';
/** Ages are counted against this instant, so explanations do not depend on the clock. */
const NOW = ['--now', '2026-01-10T12:00:40Z'];

type Phase = 'pending' | 'creating' | 'errimagepull' | 'running' | 'ready';

function pod(name: string, phase: Phase, labels: Record<string, string> = { app: 'web' }): JsonObject {
  const image = 'registry.example.com/app:v2.3';
  const metadata = { name, namespace: 'shop', uid: `uid-${name}`, labels, creationTimestamp: T };
  const spec = { containers: [{ name: 'app', image }], ...(phase === 'pending' ? {} : { nodeName: 'node-1' }) };
  const cond = (type: string, status: string, reason?: string) => ({ type, status, lastTransitionTime: T, ...(reason ? { reason } : {}) });
  const container = (state: JsonObject, ready: boolean) => [{ name: 'app', image, imageID: '', ready, restartCount: 0, started: ready || 'running' in state, state }];
  switch (phase) {
    case 'pending':
      return { kind: 'Pod', apiVersion: 'v1', metadata, spec, status: { phase: 'Pending', qosClass: 'BestEffort' } };
    case 'creating':
      return {
        kind: 'Pod',
        apiVersion: 'v1',
        metadata,
        spec,
        status: { phase: 'Pending', conditions: [cond('PodScheduled', 'True'), cond('Ready', 'False', 'ContainersNotReady')], containerStatuses: container({ waiting: { reason: 'ContainerCreating' } }, false) },
      };
    case 'errimagepull':
      return {
        kind: 'Pod',
        apiVersion: 'v1',
        metadata,
        spec,
        status: {
          phase: 'Pending',
          conditions: [cond('PodScheduled', 'True'), cond('Ready', 'False', 'ContainersNotReady')],
          containerStatuses: container(
            {
              waiting: {
                reason: 'ErrImagePull',
                message: `rpc error: code = NotFound desc = failed to pull and unpack image "${image}": failed to resolve reference "${image}": ${image}: not found`,
              },
            },
            false,
          ),
        },
      };
    case 'running':
      return {
        kind: 'Pod',
        apiVersion: 'v1',
        metadata,
        spec,
        status: { phase: 'Running', conditions: [cond('PodScheduled', 'True'), cond('Ready', 'False', 'ContainersNotReady')], containerStatuses: container({ running: { startedAt: T } }, false) },
      };
    case 'ready':
      return {
        kind: 'Pod',
        apiVersion: 'v1',
        metadata,
        spec,
        status: { phase: 'Running', conditions: [cond('PodScheduled', 'True'), cond('Ready', 'True'), cond('ContainersReady', 'True')], containerStatuses: container({ running: { startedAt: T } }, true) },
      };
  }
}

function event(podName: string, name: string, reason: string, message: string, type = 'Warning'): JsonObject {
  return {
    kind: 'Event',
    apiVersion: 'v1',
    metadata: { name, namespace: 'shop' },
    involvedObject: { kind: 'Pod', namespace: 'shop', name: podName, uid: `uid-${podName}`, fieldPath: 'spec.containers{app}' },
    reason,
    message,
    type,
    count: 1,
    firstTimestamp: T,
    lastTimestamp: T,
  };
}

/** Run podwhy in-process; wait for lines of its output as they are printed. */
function start(args: string[], env: Record<string, string>) {
  const io: MemoryIO = memoryIO({ HOME: tmp, ...env });
  const ac = new AbortController();
  io.interrupt = ac.signal;
  const waiters: { re: RegExp; n: number; resolve: () => void }[] = [];
  const count = (re: RegExp) => io.stdout.split('\n').filter((l) => re.test(l)).length;
  const out = io.out;
  io.out = (s) => {
    out(s);
    for (const w of [...waiters]) {
      if (count(w.re) >= w.n) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  const done = main(['node', 'podwhy', ...args], io);
  return {
    io,
    done,
    interrupt: () => ac.abort(),
    /** Resolve when the n-th line matching re has been printed. */
    line: (re: RegExp, n = 1) => (count(re) >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ re, n, resolve }))),
  };
}

/** The transition lines, without their time. */
const transitions = (out: string) =>
  out
    .split('\n')
    .filter((l) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ /.test(l))
    .map((l) => l.replace(/^\S+ /, ''));

// A watch that never ends must fail the test, not hang `npm test`.
const LIMIT = { timeout: 30_000 };

describe('--watch, live', LIMIT, () => {
  const cluster = serverForSuite(tmp, () => {}, { namespace: 'shop' });
  const { server } = cluster;

  test('one pod: Pending → ContainerCreating → ErrImagePull → Running → Ready, through a dropped watch and a 410', async () => {
    server.add(pod('web-1', 'pending'));
    server.requests.length = 0;
    const w = start(['web-1', '-w', '--absolute-time', ...NOW], { KUBECONFIG: cluster.kubeconfig });
    await w.line(/Pending/);
    await server.waitForWatches(1, 'pods');
    await server.waitForWatches(1, 'events');

    server.update(pod('web-1', 'creating'));
    await w.line(/ContainerCreating/);
    const rvAfterCreating = server.requests.filter((r) => r.path.endsWith('/pods') && r.query['watch'] === '1').length;
    assert.equal(rvAfterCreating, 1);

    // The connection drops; the pod changes while podwhy is not connected.
    server.dropWatches();
    server.add(event('web-1', 'web-1.1', 'Failed', 'Failed to pull image "registry.example.com/app:v2.3": rpc error: code = NotFound desc = failed to pull and unpack image "registry.example.com/app:v2.3": not found'));
    server.update(pod('web-1', 'errimagepull'));
    await w.line(/ErrImagePull/);

    // Dropped again, and the history is compacted meanwhile: the resumed watch gets 410 and relists.
    await server.waitForWatches(1, 'pods');
    server.dropWatches();
    server.update(pod('web-1', 'running'));
    server.compact();
    await w.line(/^\S+ Running 0\/1/);

    await server.waitForWatches(1, 'pods');
    server.update(pod('web-1', 'ready'));
    const code = await w.done;
    assert.equal(code, 0, w.io.stderr);
    assert.equal(w.io.stderr, '');

    // Every transition once, in order, with its explanation.
    const lines = transitions(w.io.stdout);
    assert.equal(lines.length, 5, w.io.stdout);
    assert.match(lines[0] as string, /^Pending: /);
    assert.match(lines[1] as string, /^ContainerCreating: /);
    assert.equal(lines[2], 'ErrImagePull: Image not found in the registry (registry.example.com/app:v2.3)');
    assert.match(lines[3] as string, /^Running 0\/1: /);
    assert.match(lines[4] as string, /^Running 1\/1: pod Ready/);
    assert.match(w.io.stdout, /\nwatch ended: the pod is Ready\n\nweb-1\n/);
    assert.match(w.io.stdout, /\nTimeline\n {2}2026-01-10 12:00:00Z {2}creation {9}pod created\n/);

    // The request log: list, watch from the list's resourceVersion, resume from the last one seen
    // after the drop, 410 → list again → watch from the new list's resourceVersion.
    const podReqs = server.requests.filter((r) => r.path === '/api/v1/namespaces/shop/pods').map((r) => ({ watch: r.query['watch'] === '1', rv: r.query['resourceVersion'] }));
    assert.deepEqual(
      podReqs.map((r) => (r.watch ? 'watch' : 'list')),
      ['list', 'watch', 'watch', 'watch', 'list', 'watch'],
    );
    const rvs = podReqs.filter((r) => r.watch).map((r) => Number(r.rv));
    assert.ok((rvs[1] as number) > (rvs[0] as number), 'resumed from a later resourceVersion than the list');
    assert.ok((rvs[3] as number) > (rvs[2] as number), 'watched again from the relist');
    assert.ok(server.requests.every((r) => r.method === 'GET'));
    const watchQuery = server.requests.find((r) => r.path.endsWith('/pods') && r.query['watch'] === '1')?.query;
    assert.equal(watchQuery?.['fieldSelector'], 'metadata.name=web-1');
    assert.equal(watchQuery?.['allowWatchBookmarks'], 'true');
    if (process.env['PODWHY_BENCH']) console.log(server.requests.map((r) => `${r.method} ${r.path}?${new URLSearchParams(r.query)} → ${r.status}`).join('\n'));
    server.remove('Pod', 'shop', 'web-1');
  });

  test('a rollout under -l: three pods replaced, new ones followed, old ones deleted; Ctrl-C gives the final diagnosis', async () => {
    for (const n of ['web-old-a', 'web-old-b', 'web-old-c']) server.add(pod(n, 'ready'));
    server.add(pod('db-0', 'ready', { app: 'db' }));
    const w = start(['-l', 'app=web', '-w', '--absolute-time', ...NOW], { KUBECONFIG: cluster.kubeconfig });
    await w.line(/^\S+ web-old-\w  Running 1\/1/, 3);
    await server.waitForWatches(1, 'pods');
    let step = 0;
    for (const x of ['a', 'b', 'c']) {
      server.add(pod(`web-new-${x}`, 'pending'));
      await w.line(new RegExp(`web-new-${x}  Pending`));
      server.update(pod(`web-new-${x}`, 'creating'));
      await w.line(new RegExp(`web-new-${x}  ContainerCreating`));
      if (x === 'b') {
        // A dropped connection in the middle of the rollout loses nothing.
        server.dropWatches();
        server.update(pod(`web-new-${x}`, 'running'));
        server.update(pod(`web-new-${x}`, 'ready'));
      } else server.update(pod(`web-new-${x}`, 'ready'));
      await w.line(new RegExp(`web-new-${x}  Running 1/1`));
      server.remove('Pod', 'shop', `web-old-${x}`);
      await w.line(new RegExp(`web-old-${x}  deleted`));
      step++;
    }
    assert.equal(step, 3);
    w.interrupt();
    const code = await w.done;
    assert.equal(code, 0, w.io.stderr);
    const lines = transitions(w.io.stdout);
    const of = (name: string) => lines.filter((l) => l.startsWith(`${name}  `)).map((l) => l.slice(name.length + 2).replace(/:.*/, ''));
    assert.deepEqual(of('web-old-a'), ['Running 1/1', 'deleted']);
    assert.deepEqual(of('web-new-a'), ['Pending', 'ContainerCreating', 'Running 1/1']);
    // b changed twice while disconnected: the replay shows both, once each.
    assert.deepEqual(of('web-new-b'), ['Pending', 'ContainerCreating', 'Running 0/1', 'Running 1/1']);
    assert.deepEqual(of('web-new-c'), ['Pending', 'ContainerCreating', 'Running 1/1']);
    assert.deepEqual(of('db-0'), []);
    assert.match(w.io.stdout, /\nwatch ended: stopped\n\n3 pods, 0 unhealthy\n/);
    for (const x of ['a', 'b', 'c']) server.remove('Pod', 'shop', `web-new-${x}`);
    server.remove('Pod', 'shop', 'db-0');
  });

  test('the final diagnosis reads previous logs as a one-shot run does', async () => {
    const crashed = pod('api-0', 'running');
    const st = (crashed['status'] as JsonObject)['containerStatuses'] as JsonObject[];
    (st[0] as JsonObject)['restartCount'] = 4;
    (st[0] as JsonObject)['lastState'] = { terminated: { exitCode: 1, reason: 'Error', startedAt: T, finishedAt: T } };
    server.add(crashed);
    server.setLog('shop', 'api-0', 'app', 'Error: Cannot find module \'express\'\n', true);
    const w = start(['api-0', '-w', '-o', 'json', ...NOW], { KUBECONFIG: cluster.kubeconfig });
    await w.line(/"type":"transition"/);
    w.interrupt();
    assert.equal(await w.done, 1, w.io.stderr);
    const final = w.io.stdout.trim().split('\n').map((l) => JSON.parse(l)).find((o) => o.type === 'final');
    assert.deepEqual(final.pods[0].logs.app.lines, ["Error: Cannot find module 'express'"]);
    assert.ok(server.requests.some((q) => q.path === '/api/v1/namespaces/shop/pods/api-0/log' && q.query['previous'] === 'true'));
    server.remove('Pod', 'shop', 'api-0');
  });

  test('-o json streams one JSON object per line, ending with the final report', async () => {
    server.add(pod('web-2', 'creating'));
    const w = start(['web-2', '-w', '-o', 'json', ...NOW], { KUBECONFIG: cluster.kubeconfig });
    await w.line(/"status":"ContainerCreating"/);
    await server.waitForWatches(1, 'pods');
    server.update(pod('web-2', 'ready'));
    assert.equal(await w.done, 0, w.io.stderr);
    const objs = w.io.stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(
      objs.map((o) => [o.type, o.change ?? o.reason, o.status ?? null]),
      [
        ['transition', 'new', 'ContainerCreating'],
        ['transition', 'change', 'Running'],
        ['final', 'ready', null],
      ],
    );
    assert.equal(objs[2].schemaVersion, 1);
    assert.equal(objs[2].pods[0].name, 'web-2');
    assert.ok(Array.isArray(objs[2].pods[0].timeline));
    server.remove('Pod', 'shop', 'web-2');
  });

  test('a deleted pod ends the watch; a pod that does not exist fails at once', async () => {
    server.add(pod('web-3', 'running'));
    const w = start(['web-3', '-w', ...NOW], { KUBECONFIG: cluster.kubeconfig });
    await w.line(/Running 0\/1/);
    await server.waitForWatches(1, 'pods');
    server.remove('Pod', 'shop', 'web-3');
    assert.equal(await w.done, 0, w.io.stderr);
    assert.match(w.io.stdout, /\d\d:\d\d:\d\d deleted\nwatch ended: the pod was deleted\n/);

    const missing = start(['web-nope', '-w'], { KUBECONFIG: cluster.kubeconfig });
    assert.equal(await missing.done, 2);
    assert.match(missing.io.stderr, /^podwhy: pod "web-nope" not found in namespace "shop"/);
    assert.equal(missing.io.stderr.trim().split('\n').length, 1);
  });
});

describe('--watch, events forbidden', LIMIT, () => {
  test('the pods are still followed; the transition explains from the status alone', async () => {
    const server = new FakeApiServer();
    await server.start();
    try {
      server.forbid = [{ resource: 'events' }];
      server.add(pod('web-5', 'creating'));
      const w = start(['web-5', '-w', ...NOW], { KUBECONFIG: server.writeKubeconfig(tmp, { namespace: 'shop' }) });
      await w.line(/ContainerCreating/);
      await server.waitForWatches(1, 'pods');
      server.update(pod('web-5', 'errimagepull'));
      await w.line(/ErrImagePull/);
      server.update(pod('web-5', 'ready'));
      assert.equal(await w.done, 0, w.io.stderr);
      assert.match(w.io.stdout, /ErrImagePull: Image not found in the registry \(registry\.example\.com\/app:v2\.3\)\n/);
      assert.ok(server.requests.some((r) => r.path.endsWith('/events') && r.status === 403));
      // said at the end, as a one-shot run says it
      assert.match(w.io.stderr, /could not read events \(forbidden\) for 1 pod/);
    } finally {
      await server.stop();
    }
  });

  test('--fail-on-unreadable exits 3; -o json\'s final report carries summary.unreadable', async () => {
    const server = new FakeApiServer();
    await server.start();
    try {
      server.forbid = [{ resource: 'events' }];
      server.add(pod('web-6', 'creating'));
      const kc = server.writeKubeconfig(tmp, { namespace: 'shop' });
      const w = start(['web-6', '-w', '-o', 'json', '--fail-on-unreadable', ...NOW], { KUBECONFIG: kc });
      await w.line(/"type":"transition"/);
      await server.waitForWatches(1, 'pods');
      server.update(pod('web-6', 'ready'));
      assert.equal(await w.done, 3, w.io.stderr);
      const final = JSON.parse(w.io.stdout.trim().split('\n').at(-1) as string);
      assert.equal(final.type, 'final');
      assert.deepEqual(final.summary.unreadable, [{ what: 'events', reason: 'forbidden', pods: 1 }]);
    } finally {
      await server.stop();
    }
  });
});

describe('--watch -A', LIMIT, () => {
  test('each line names the namespace: pods of two namespaces share a name', async () => {
    const server = new FakeApiServer();
    await server.start();
    try {
      const a = pod('worker-0', 'creating');
      const b = structuredClone(pod('worker-0', 'creating'));
      (b['metadata'] as JsonObject)['namespace'] = 'batch';
      (b['metadata'] as JsonObject)['uid'] = 'uid-worker-0-batch';
      server.add(a, b);
      const w = start(['-A', '-w', '--absolute-time', ...NOW], { KUBECONFIG: server.writeKubeconfig(tmp, { namespace: 'shop' }) });
      await w.line(/ContainerCreating/, 2);
      w.interrupt();
      await w.done;
      const lines = transitions(w.io.stdout);
      assert.ok(lines.some((l) => l.startsWith('shop/worker-0  ')), lines.join('\n'));
      assert.ok(lines.some((l) => l.startsWith('batch/worker-0  ')), lines.join('\n'));
    } finally {
      await server.stop();
    }
  });
});

describe('--watch without a cluster', LIMIT, () => {
  test('no kubeconfig: one line, exit 2', async () => {
    const w = start(['web-1', '-w'], { HOME: mkdtempSync(join(tmpdir(), 'podwhy-nohome-')) });
    assert.equal(await w.done, 2);
    assert.match(w.io.stderr, /^podwhy: --watch needs a cluster: no kubeconfig found .* — set KUBECONFIG or pass --kubeconfig; for saved YAML use --timeline instead\n$/);
    assert.equal(w.io.stdout, '');
  });

  test('with -f: one line, exit 2', async () => {
    const w = start(['-f', 'pod.yaml', '-w'], {});
    assert.equal(await w.done, 2);
    assert.match(w.io.stderr, /^podwhy: --watch follows pods in a cluster and cannot read files/);
    assert.equal(w.io.stderr.trim().split('\n').length, 1);
  });
});
