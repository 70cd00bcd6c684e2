// -l narrows events for any number of pods (issue 30): past a page of the namespace's events,
// the selected pods' own events (one request each, by field selector, four at a time) or the rest
// of the namespace's list, whichever the server's own timings say is cheaper (perPodCheaper);
// either way every selected pod gets exactly its events. The loopback server answers like the
// API server: remainingItemCount only for a list without selectors, continue tokens by key.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { main } from '../../cli/main.js';
import { FakeApiServer, type ServedRequest } from '../../../test/apiserver.js';
import { memoryIO } from '../../../test/io.js';
import { ApiClient } from './client.js';
import { fetchPods, perPodCheaper } from './fetch.js';
import { loadKubeconfig } from './kubeconfig.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-evnarrow-'));
const PODS = 1000;
const PER_POD = 20; // 20,000 events: 40 pages

async function podwhy(args: string[], env: Record<string, string>) {
  const io = memoryIO({ HOME: tmp, ...env });
  const code = await main(['node', 'podwhy', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

const events = (rs: readonly ServedRequest[]) => rs.filter((q) => q.path === '/api/v1/namespaces/ev/events');
const byName = (rs: readonly ServedRequest[]) => events(rs).filter((q) => /involvedObject\.name=/.test(q.query['fieldSelector'] ?? ''));
const pages = (rs: readonly ServedRequest[]) => events(rs).filter((q) => q.query['continue'] !== undefined);
/** -l selecting pods n0…n(k-1) spread over the namespace. */
const select = (k: number) => `n in (${Array.from({ length: k }, (_, i) => String(Math.floor((i * PODS) / k))).join(',')})`;

test('perPodCheaper: a few pods against many pages wins; many pods, or a slow filter, lose', () => {
  // 100,000 events (200 pages), 50 ms round trips: 50 pods in 13 rounds against 199 pages
  assert.equal(perPodCheaper({ pods: 49, events: 100_000, rttMs: 50, podMs: 60, pageMs: 60 }), true);
  // at 0 ms the server's filtering of 100,000 events per pod (45 ms each, measured) is what counts
  assert.equal(perPodCheaper({ pods: 199, events: 100_000, rttMs: 0.5, podMs: 45, pageMs: 10 }), false);
  assert.equal(perPodCheaper({ pods: 999, events: 100_000, rttMs: 50, podMs: 95, pageMs: 60 }), false);
  // one more page only: the list
  assert.equal(perPodCheaper({ pods: 10, events: 900, rttMs: 20, podMs: 21, pageMs: 25 }), false);
});

describe('-l with more than a page of events in the namespace', () => {
  const server = new FakeApiServer();
  let env: Record<string, string> = {};
  let kubeconfig = '';
  before(async () => {
    await server.start();
    for (let i = 0; i < PODS; i++) {
      const name = `web-${String(i).padStart(4, '0')}`;
      server.add({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: 'ev', uid: `uid-${i}`, labels: { app: 'web', n: String(i) }, creationTimestamp: '2026-12-01T00:00:00Z' },
        spec: { nodeName: 'node-1', containers: [{ name: 'web', image: 'registry.example/web:1' }] },
        status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'True' }], containerStatuses: [{ name: 'web', ready: false, restartCount: 0, image: 'registry.example/web:1', imageID: '', state: { waiting: { reason: 'ImagePullBackOff', message: 'Back-off pulling image "registry.example/web:1"' } } }] },
      });
      for (let k = 0; k < PER_POD; k++) {
        const failed = k === PER_POD - 1;
        server.add({
          apiVersion: 'v1',
          kind: 'Event',
          metadata: { name: `${name}.${k}`, namespace: 'ev' },
          involvedObject: { kind: 'Pod', name, namespace: 'ev', uid: `uid-${i}` },
          reason: failed ? 'Failed' : 'BackOff',
          message: failed ? `Failed to pull image "registry.example/web:1": rpc error: code = NotFound desc = failed to pull and unpack image "registry.example/web:1": not found` : 'Back-off pulling image "registry.example/web:1"',
          type: 'Warning',
          count: 1,
        });
      }
    }
    kubeconfig = server.writeKubeconfig(tmp, { namespace: 'ev' });
    env = { KUBECONFIG: kubeconfig };
  });
  after(() => server.stop());

  test('the loopback server counts what is left only without selectors, as the API server does', async () => {
    const client = new ApiClient(await loadKubeconfig({ env: { HOME: tmp, KUBECONFIG: kubeconfig } }), { timeoutMs: 10_000 });
    await client.init();
    try {
      const plain = await client.getJSON('/api/v1/namespaces/ev/events', { limit: 500 });
      assert.equal((plain['metadata'] as Record<string, unknown>)['remainingItemCount'], PODS * PER_POD - 500);
      const next = await client.getJSON('/api/v1/namespaces/ev/events', { limit: 500, continue: String((plain['metadata'] as Record<string, unknown>)['continue']) });
      assert.equal((next['metadata'] as Record<string, unknown>)['remainingItemCount'], PODS * PER_POD - 1000);
      const selected = await client.getJSON('/api/v1/namespaces/ev/events', { limit: 500, fieldSelector: 'involvedObject.kind=Pod' });
      assert.equal((selected['metadata'] as Record<string, unknown>)['remainingItemCount'], undefined);
      assert.ok((selected['metadata'] as Record<string, unknown>)['continue']);
    } finally {
      client.close();
    }
  });

  test('a remote cluster (30 ms) and 10 pods of 1,000: each pod\'s own events, not 40 pages', async () => {
    server.latencyMs = 30;
    server.requests.length = 0;
    try {
      const r = await podwhy(['-l', select(10), '-o', 'json'], env);
      const pods = JSON.parse(r.out).pods as { name: string; findings: { rule: string }[] }[];
      assert.equal(pods.length, 10);
      // the first page, the count (limit=1, no selector), then one request per pod; no second page
      assert.equal(byName(server.requests).length, 10);
      assert.equal(pages(server.requests).length, 0);
      const count = events(server.requests).filter((q) => q.query['limit'] === '1');
      assert.equal(count.length, 1);
      assert.equal(count[0]?.query['fieldSelector'], undefined);
      assert.equal(events(server.requests).length, 12);
      // every pod has its own events: the pull failure they name is found
      for (const p of pods) assert.equal(p.findings[0]?.rule, 'image-pull-not-found', p.name);
    } finally {
      server.latencyMs = 0;
    }
  });

  test('400 pods of 1,000 on loopback: the rest of the list (40 pages), not 400 filtered reads', async () => {
    server.requests.length = 0;
    const r = await podwhy(['-l', select(400), '-o', 'json'], env);
    const pods = JSON.parse(r.out).pods as { name: string; findings: { rule: string }[] }[];
    assert.equal(pods.length, 400);
    assert.equal(byName(server.requests).length, 1, 'one pod read alone, to time it');
    assert.equal(pages(server.requests).length, PODS * PER_POD / 500 - 1);
    for (const p of pods) assert.equal(p.findings[0]?.rule, 'image-pull-not-found', p.name);
  });

  test('either way, the same events for the same pods (fetchPods forced each way)', async () => {
    const target = await loadKubeconfig({ env: { HOME: tmp, KUBECONFIG: kubeconfig } });
    const read = async (eventsByPod: boolean) => {
      const client = new ApiClient(target, { timeoutMs: 30_000 });
      await client.init();
      try {
        const got = await fetchPods(client, { namespace: 'ev', selector: select(30), eventsByPod }, () => undefined);
        return got.map((p) => `${(p.pod['metadata'] as { name: string }).name}: ${p.events.map((e) => e.reason).join(',')}`).sort();
      } finally {
        client.close();
      }
    };
    const one = await read(true);
    assert.equal(one.length, 30);
    assert.ok(one.every((l) => l.split(',').length === PER_POD), one[0]);
    assert.deepEqual(one, await read(false));
  });

  test('a server that gives no count: at most 20 pods one at a time, else the list', async () => {
    server.remainingItemCount = false;
    try {
      server.requests.length = 0;
      await podwhy(['-l', select(15), '-o', 'json'], env);
      assert.equal(byName(server.requests).length, 15);
      assert.equal(pages(server.requests).length, 0);
      server.requests.length = 0;
      await podwhy(['-l', select(25), '-o', 'json'], env);
      assert.equal(byName(server.requests).length, 1);
      assert.equal(pages(server.requests).length, PODS * PER_POD / 500 - 1);
    } finally {
      server.remainingItemCount = true;
    }
  });
});
