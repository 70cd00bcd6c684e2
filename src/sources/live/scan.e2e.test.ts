// A namespace scan against the loopback API server (issue 15): logs read across root-cause groups
// and counted, a namespace-wide 403 said once, events of a few pods by field selector, a server
// that dies while logs are read, an empty -o json report, "did you mean" over every pod.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { bulkNamespace } from '../../../tools/bench/scan.js';
import { main } from '../../cli/main.js';
import { FakeApiServer, type ServedRequest } from '../../../test/apiserver.js';
import { memoryIO } from '../../../test/io.js';
import { chooseLogPods, MAX_LOG_PODS } from './fetch.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-scanlive-'));

async function podwhy(args: string[], env: Record<string, string>) {
  const io = memoryIO({ HOME: tmp, ...env });
  const code = await main(['node', 'podwhy', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

test('chooseLogPods: groups whose logs decide first, one pod of each group in turn', () => {
  const w = (p: string, group: string, decides: boolean) => ({ p, t: { group, decides } });
  const wanted = [w('a1', 'A', true), w('a2', 'A', true), w('a3', 'A', true), w('b1', 'B', true), w('o1', 'O', false), w('c1', 'C', true), w('c2', 'C', true)];
  assert.deepEqual(chooseLogPods(wanted, 4), ['a1', 'c1', 'b1', 'a2']);
  assert.deepEqual(chooseLogPods(wanted, 10), ['a1', 'c1', 'b1', 'a2', 'c2', 'a3', 'o1']);
});

describe('a namespace scan', () => {
  const server = new FakeApiServer();
  let env: Record<string, string> = {};
  // 600 pods, 120 unhealthy: 25 crashloop-oomkilled, 23 of a refused connection (checkout and
  // cart-worker: logs decide), 22 image, 19 pending, 17 secret, 14 readiness
  before(async () => {
    await server.start();
    bulkNamespace(server, 600, 120, 'bulk');
    // events of pods long gone: the namespace's list is more than a page
    for (let i = 0; i < 600; i++) {
      server.add({ apiVersion: 'v1', kind: 'Event', metadata: { name: `gone-${i}.1`, namespace: 'bulk' }, involvedObject: { kind: 'Pod', name: `gone-${i}`, namespace: 'bulk', uid: `gone-${i}` }, reason: 'Killing', message: 'Stopping container app', type: 'Normal' });
    }
    env = { KUBECONFIG: server.writeKubeconfig(tmp, { namespace: 'bulk' }) };
  });
  after(() => server.stop());

  test('logs are read for pods of every group whose logs decide, and the report says how many', async () => {
    server.requests.length = 0;
    const r = await podwhy(['-o', 'json'], env);
    const logs = server.requests.filter((q) => q.path.endsWith('/log'));
    assert.ok(logs.length <= MAX_LOG_PODS);
    const owners = (q: ServedRequest) => (q.path.split('/')[6] as string).replace(/-[a-z0-9]+-[a-z0-9]+$/, '');
    // both owners of the crash that only the logs explain, before any OOMKilled pod
    assert.ok(logs.some((q) => owners(q) === 'checkout') && logs.some((q) => owners(q) === 'cart-worker'), logs.map(owners).join(' '));
    const report = JSON.parse(r.out);
    const byRule = (rule: string) => report.pods.filter((p: { findings: { rule: string; role: string }[] }) => p.findings.find((f) => f.role === 'root-cause')?.rule === rule).length;
    assert.equal(byRule('log-dependency-unreachable'), 23);
    const text = await podwhy([], env);
    assert.match(text.out, /^Logs: read for 25 of the 48 pods whose previous run ended abnormally/m);
  });

  test('did you mean: the closest name on any page of pods', async () => {
    const last = server.requests.length;
    // the scan's pods are listed by name; one on the second page of 500
    const r = await podwhy(['-o', 'json', '-l', 'app=svc-39'], env);
    const names = JSON.parse(r.out).pods.map((p: { name: string }) => p.name).sort();
    const far = names[names.length - 1] as string;
    const typo = `${far.slice(0, -1)}${far.endsWith('z') ? 'y' : 'z'}`;
    const miss = await podwhy([typo], env);
    assert.equal(miss.code, 2);
    assert.match(miss.err, new RegExp(`did you mean ${far}`));
    assert.ok(server.requests.length > last);
  });

  test('a namespace-wide 403 on events: said once at the top and on stderr, not under each pod', async () => {
    server.forbid = [{ resource: 'events' }];
    try {
      const r = await podwhy([], env);
      assert.match(r.out.split('\n')[1] as string, /^Could not read: events \(forbidden\) for all 600 pods/);
      assert.equal(r.out.split('forbidden').length - 1, 1, 'said once');
      assert.match(r.err, /could not read events \(forbidden\) for all 600 pods/);
      const d = await podwhy(['--details'], env);
      assert.equal(d.out.split('events (forbidden').length - 1, 1, 'not under each pod with --details either');
    } finally {
      server.forbid = [];
    }
  });

  test('a few pods out of more than a page of events: their events by field selector or the rest of the list, the same diagnosis', async () => {
    server.requests.length = 0;
    const r = await podwhy(['-l', 'app=frontend', '-o', 'json'], env);
    const pods = JSON.parse(r.out).pods;
    assert.ok(pods.length > 1 && pods.length <= 20, String(pods.length));
    const ev = server.requests.filter((q) => q.path === '/api/v1/namespaces/bulk/events');
    const byName = ev.filter((q) => /involvedObject\.name=/.test(q.query['fieldSelector'] ?? ''));
    const pages = ev.filter((q) => q.query['continue'] !== undefined);
    // the first page and the count (limit=1); then every pod alone, or one alone (timed) and the
    // list's other pages, whichever was estimated cheaper (events-narrow.e2e.test.ts decides each)
    assert.equal(ev.filter((q) => q.query['limit'] === '1').length, 1);
    if (pages.length === 0) assert.equal(byName.length, pods.length);
    else assert.equal(byName.length, 1);
    assert.equal(ev.length, 2 + byName.length + pages.length);
    // many pods: the namespace's list; the same pods read either way are diagnosed the same
    server.requests.length = 0;
    const all = JSON.parse((await podwhy(['-o', 'json'], env)).out).pods;
    // (at most the one pod read alone to time the per-pod way)
    assert.ok(server.requests.filter((q) => /involvedObject\.name=/.test(q.query['fieldSelector'] ?? '')).length <= 1);
    const same = (list: { name: string }[]) => JSON.stringify(list.filter((p) => pods.some((x: { name: string }) => x.name === p.name)).map((p) => ({ ...p, input: undefined, unreadable: undefined })));
    assert.equal(same(pods), same(all));
    // and the events matter to that diagnosis (without them it differs)
    server.forbid = [{ resource: 'events' }];
    try {
      const without = JSON.parse((await podwhy(['-l', 'app=frontend', '-o', 'json'], env)).out).pods;
      assert.notEqual(same(without), same(pods));
    } finally {
      server.forbid = [];
    }
  });

  test('no pod matches: -o json prints a report with no pods, exit 0', async () => {
    const r = await podwhy(['-l', 'app=nothing', '-o', 'json'], env);
    assert.equal(r.code, 0);
    const doc = JSON.parse(r.out);
    assert.deepEqual(doc.pods, []);
    assert.match(r.err, /no pods found in namespace "bulk" matching app=nothing/);
  });

  test('the server dies while logs are read: the diagnosis of what was read, and what was not', async () => {
    const dying = new FakeApiServer();
    await dying.start();
    try {
      bulkNamespace(dying, 60, 30, 'bulk');
      const kc = dying.writeKubeconfig(tmp, { namespace: 'bulk', context: 'dying' });
      const push = dying.requests.push.bind(dying.requests);
      let logsSeen = 0;
      dying.requests.push = (...rs: ServedRequest[]) => {
        const n = push(...rs);
        if (rs.some((q) => q.path.endsWith('/log')) && ++logsSeen === 2) void dying.stop();
        return n;
      };
      const r = await podwhy(['--request-timeout', '2s'], { KUBECONFIG: kc });
      assert.equal(r.code, 1, r.err);
      assert.match(r.out, /^60 pods, 30 unhealthy/);
      assert.match(r.out, /^Logs: not read for \d+ pods \(the API server stopped answering: /m);
      assert.match(r.err, /could not read logs \(error\) for \d+ pods/);
      assert.doesNotMatch(r.err, /\n\s+at /);
    } finally {
      await dying.stop();
    }
  });
});
