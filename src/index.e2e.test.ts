// The library's live functions (src/index.ts) against the loopback API server: the same report
// as the CLI's live `-o json`, GET requests only, and one-line PodwhyErrors for what a caller can fix.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { main } from './cli/main.js';
import { FIXTURES_DIR } from './catalogue/paths.js';
import { diagnoseLivePod, explain, loadRules, PodwhyError, scanLive } from './index.js';
import { memoryIO } from '../test/io.js';
import { serverForSuite } from '../test/live-suite.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-lib-live-'));

describe('diagnoseLivePod and scanLive', () => {
  const cluster = serverForSuite(
    tmp,
    (server) => {
      assert.ok(server.serveFixture(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml')));
      assert.ok(server.serveFixture(join(FIXTURES_DIR, 'node-lost-unknown.yaml')));
    },
    { namespace: 'shop' },
  );

  async function cliJson(args: string[]): Promise<unknown> {
    const io = memoryIO({ HOME: tmp, KUBECONFIG: cluster.kubeconfig });
    const code = await main(['node', 'podwhy', ...args, '-o', 'json', '--fail-on', 'never'], io);
    assert.equal(code, 0, io.stderr);
    return JSON.parse(io.stdout);
  }

  test('a pod: the report of podwhy NAME -o json, plus warnings, with GET requests only', async () => {
    const before = cluster.server.requests.length;
    const r = await diagnoseLivePod('pod/orders-api-6f8d9c7b54-q7xkz', { kubeconfig: cluster.kubeconfig });
    assert.ok(cluster.server.requests.slice(before).every((q) => q.method === 'GET'));
    const cli = (await cliJson(['orders-api-6f8d9c7b54-q7xkz'])) as { pods: { kubectl: { age: string } }[] };
    // (ages count from the clock: the two reads are moments apart)
    const ageless = (x: { pods: { kubectl: { age: string } }[] }) => ({ ...x, pods: x.pods.map((p) => ({ ...p, kubectl: { ...p.kubectl, age: '' }, timeline: [] })) });
    assert.deepEqual(ageless(r as unknown as { pods: { kubectl: { age: string } }[] }), { ...ageless(cli), warnings: [] });
    assert.equal(r.pods[0]?.findings.find((f) => f.role === 'root-cause')?.rule, 'crashloop-oomkilled');
  });

  test('a namespace scan, in Korean, with the rules given', async () => {
    const r = await scanLive({ kubeconfig: cluster.kubeconfig, lang: 'ko', rules: loadRules() });
    assert.ok(r.pods.length >= 1);
    assert.ok(r.pods.some((p) => p.findings.some((f) => /[가-힣]/.test(f.title))));
    const all = await scanLive({ kubeconfig: cluster.kubeconfig, allNamespaces: true });
    assert.ok(all.pods.length >= r.pods.length);
  });

  test('what a caller can fix is a PodwhyError of one line', async () => {
    await assert.rejects(diagnoseLivePod('orders-api-nope', { kubeconfig: cluster.kubeconfig }), (e: unknown) => e instanceof PodwhyError && /not found/.test(e.message) && !e.message.includes('\n'));
    await assert.rejects(scanLive({ kubeconfig: cluster.kubeconfig, selector: 'app in (' }), PodwhyError);
    await assert.rejects(scanLive({ kubeconfig: join(tmp, 'no-such-kubeconfig') }), PodwhyError);
    assert.throws(() => explain('NoSuchReasonAtAll'), PodwhyError);
    assert.equal(explain('137')['kind'], 'exit-code');
    assert.throws(() => explain('CrashLoopBackOff', { lang: 'fr' as 'en' }), PodwhyError);
    assert.throws(() => explain(137 as unknown as string), PodwhyError);
  });
});
