// The reflector alone against the loopback API server: a clean end of stream (timeoutSeconds) and
// a BOOKMARK both move the resume point; a replay after a reconnect is never reported twice.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { FakeApiServer } from '../../../test/apiserver.js';
import { str, dig, type JsonObject } from '../../util/json.js';
import { ApiClient } from './client.js';
import { loadKubeconfig } from './kubeconfig.js';
import { Reflector, shortWatchDelay } from './watch.js';

const cm = (name: string, v: string): JsonObject => ({ kind: 'Pod', apiVersion: 'v1', metadata: { name, namespace: 'ns', labels: { v } }, status: { phase: 'Pending' } });

/** A started loopback server and a client connected to it through a kubeconfig, as live mode makes one. */
async function connected(): Promise<{ server: FakeApiServer; client: ApiClient }> {
  const server = new FakeApiServer();
  await server.start();
  const tmp = mkdtempSync(join(tmpdir(), 'podwhy-reflector-'));
  const target = await loadKubeconfig({ env: { KUBECONFIG: server.writeKubeconfig(tmp), HOME: tmp } });
  const client = new ApiClient(target, { timeoutMs: 5000 });
  await client.init();
  return { server, client };
}

test('resume after a clean end and after a bookmark; no change reported twice', { timeout: 30_000 }, async () => {
  const { server, client } = await connected();
  const seen: string[] = [];
  let next: (() => void) | undefined;
  const stop = new AbortController();
  const r = new Reflector(
    client,
    '/api/v1/namespaces/ns/pods',
    {},
    (type, o) => {
      seen.push(`${type} ${str(dig(o, 'metadata', 'name'))} ${str(dig(o, 'metadata', 'labels', 'v'))}`);
      next?.();
    },
    stop.signal,
    300,
  );
  const changed = (n: number) => (seen.length >= n ? Promise.resolve() : new Promise<void>((resolve) => (next = () => seen.length >= n && resolve())));
  try {
    server.add(cm('a', '1'));
    const run = r.run();
    await changed(1);
    await server.waitForWatches(1);
    server.update(cm('a', '2'));
    await changed(2);
    // The server ends the stream (timeoutSeconds): resume from the last resourceVersion.
    server.endWatches();
    server.add(cm('b', '1'));
    await changed(3);
    await server.waitForWatches(1);
    // A bookmark moves the resume point past changes this watch does not see (an event here).
    server.add({ kind: 'Event', metadata: { name: 'e', namespace: 'ns' }, involvedObject: { kind: 'Pod', name: 'a', namespace: 'ns' } });
    const bookmarkRV = str(dig(await client.getJSON('/api/v1/namespaces/ns/events'), 'metadata', 'resourceVersion'));
    server.bookmark();
    server.endWatches(); // the end of the stream comes after the bookmark on the same connection
    await server.waitForWatches(1);
    server.remove('Pod', 'ns', 'a');
    await changed(4);
    stop.abort();
    await run;
    assert.deepEqual(seen, ['ADDED a 1', 'MODIFIED a 2', 'ADDED b 1', 'DELETED a 2']);
    const watches = server.requests.filter((q) => q.query['watch'] === '1').map((q) => q.query['resourceVersion']);
    assert.equal(watches.length, 3);
    assert.ok(Number(watches[1]) > Number(watches[0]));
    assert.equal(watches[2], bookmarkRV, 'resumed from the bookmark');
    assert.equal(r.stats.lists, 1);
    assert.equal(r.stats.resumed, 2);
    assert.equal(r.stats.duplicates, 0);
  } finally {
    stop.abort();
    client.close();
    await server.stop();
  }
});

test('a server that ends every watch at once gets a bounded number of watches, backing off as client-go does', { timeout: 30_000 }, async () => {
  const { server, client } = await connected();
  const stop = new AbortController();
  // no jitter: waits of 800 ms, then 1.6 s, 3.2 s…
  const r = new Reflector(client, '/api/v1/namespaces/ns/pods', {}, () => {}, stop.signal, 300, () => {}, Date.now, () => 0);
  try {
    server.add(cm('a', '1'));
    server.endWatchesAtOnce = true;
    const run = r.run();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    stop.abort();
    await run;
    const watches = server.requests.filter((q) => q.query['watch'] === '1').length;
    // opened at about 0 s, 0.8 s and 2.4 s; the next would be at 5.6 s
    assert.ok(watches >= 2 && watches <= 4, `${watches} watches in 3 s`);
    assert.equal(r.stats.shortWatches, watches);
    assert.equal(r.stats.lists, 1, 'a very short watch is resumed, not relisted');
  } finally {
    stop.abort();
    client.close();
    await server.stop();
  }
});

test('the wait after a very short watch doubles from 800 ms to at most 30 s, with up to as much again of jitter', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 10].map((n) => shortWatchDelay(n, () => 0)), [800, 1600, 3200, 6400, 12800, 25600, 30000, 30000]);
  assert.equal(shortWatchDelay(1, () => 0.5), 1200);
  assert.equal(shortWatchDelay(9, () => 0.999), 59970);
});
