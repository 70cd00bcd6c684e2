// How readable a big report is: a namespace of 5,000 pods with 500 unhealthy of six root causes
// across several owners on the loopback API server, and 32 pods from a file, each diagnosed as
// `podwhy -n bulk` and `podwhy -f pods.yaml` print them. Prints the line count and the first
// screen (40 lines at 120 columns). Run: node dist/tools/bench/scan.js [--pods N] [--unhealthy N]
// [--lines 40] [--cols 120] [--out DIR]. The same builders serve the tests (src/render/scan.test.ts).

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { FIXTURES_DIR } from '../../src/api/rules.js';
import { main } from '../../src/cli/main.js';
import { FakeApiServer } from '../../test/apiserver.js';
import { memoryIO } from '../../test/io.js';
import { isObject, type JsonObject } from '../../src/util/json.js';

/** The six root causes of the bulk namespace: a fixture each, and their share of the unhealthy pods. */
export const BULK_CAUSES = [
  { fixture: 'crashloop-oomkilled-jvm.yaml', owners: ['orders-api', 'billing-api', 'search-indexer'], share: 0.21 },
  { fixture: 'log-dependency-connection-refused.yaml', owners: ['checkout', 'cart-worker'], share: 0.19 },
  { fixture: 'image-tag-not-found.yaml', owners: ['frontend', 'admin-ui', 'docs-site', 'storybook'], share: 0.18 },
  { fixture: 'pending-insufficient-memory.yaml', owners: ['ml-trainer', 'reports-batch'], share: 0.16 },
  { fixture: 'config-missing-secret.yaml', owners: ['payments', 'ledger'], share: 0.14 },
  { fixture: 'readiness-http-503.yaml', owners: ['gateway', 'auth-proxy', 'notifications'], share: 0.12 },
] as const;

interface Fixture {
  pod: JsonObject;
  events: JsonObject[];
  logs: Record<string, string>;
}

function loadFixture(name: string): Fixture {
  const docs = yaml.loadAll(readFileSync(join(FIXTURES_DIR, name), 'utf8'), undefined, { schema: yaml.CORE_SCHEMA }).filter(isObject) as JsonObject[];
  const header = docs.find((d) => d['kind'] === 'PodwhyFixture');
  const pod = docs.find((d) => d['kind'] === 'Pod');
  if (!pod) throw new Error(`${name} has no pod`);
  const events = docs
    .flatMap((d) => (d['kind'] === 'Event' ? [d] : (d['kind'] === 'EventList' || d['kind'] === 'List') && Array.isArray(d['items']) ? (d['items'] as JsonObject[]).map((i) => ({ kind: 'Event', ...i })) : []))
    .filter((e) => e['kind'] === 'Event');
  return { pod, events, logs: (header?.['logs'] as Record<string, string> | undefined) ?? {} };
}

/** A deterministic lower-case alphanumeric suffix, like the ones Kubernetes generates. */
const hash = (i: number, n: number) => {
  const abc = 'bcdfghjklmnpqrstvwxz2456789';
  let x = (Math.imul(i + 1, 2654435761) ^ 0x5bd1e995) >>> 0;
  let s = '';
  for (let k = 0; k < n; k++) {
    s += abc[x % abc.length];
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
  }
  return s;
};

/** A pod like one of `owner`'s ReplicaSet, named as Kubernetes names them. */
function podOf(f: Fixture, owner: string, i: number, namespace: string): { pod: JsonObject; events: JsonObject[]; name: string } {
  const pod = structuredClone(f.pod);
  const rs = `${owner}-${hash([...owner].reduce((a, c) => a * 31 + c.charCodeAt(0), 7) >>> 0, 10)}`;
  const name = `${rs}-${hash(i, 5)}`;
  const uid = `uid-${namespace}-${i}`;
  const md = (pod['metadata'] ?? {}) as JsonObject;
  pod['metadata'] = md;
  md['name'] = name;
  md['namespace'] = namespace;
  md['uid'] = uid;
  delete md['generateName'];
  delete md['managedFields'];
  md['labels'] = { app: owner, 'pod-template-hash': rs.slice(owner.length + 1) };
  md['ownerReferences'] = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: rs, uid: `rs-${owner}`, controller: true, blockOwnerDeletion: true }];
  const events = f.events.map((e, k) => {
    const c = structuredClone(e);
    (c['metadata'] as JsonObject) = { name: `${name}.${k}`, namespace };
    c['involvedObject'] = { ...(c['involvedObject'] as JsonObject), name, namespace, uid };
    return c;
  });
  return { pod, events, name };
}

/** The bulk namespace: `total` pods, `unhealthy` of them spread over BULK_CAUSES. */
export function bulkNamespace(server: FakeApiServer, total = 5000, unhealthy = 500, namespace = 'bulk'): { pods: number; unhealthy: number } {
  const healthy = loadFixture('deployment-running-ready.yaml');
  const causes = BULK_CAUSES.map((c) => ({ ...c, f: loadFixture(c.fixture) }));
  const counts = causes.map((c) => Math.round(c.share * unhealthy));
  counts[0] = (counts[0] as number) + unhealthy - counts.reduce((a, b) => a + b, 0);
  // Unhealthy pods interleaved with healthy ones, as a namespace lists them (by name).
  const every = Math.max(1, Math.floor(total / unhealthy));
  let made = 0;
  const left = [...counts];
  for (let i = 0; i < total; i++) {
    let spec: { f: Fixture; owner: string } | undefined;
    if (i % every === 0 && made < unhealthy) {
      const k = made % causes.length;
      const pick = left[k] ? k : left.findIndex((n) => n > 0);
      left[pick] = (left[pick] as number) - 1;
      const c = causes[pick] as (typeof causes)[number];
      const nth = (counts[pick] as number) - (left[pick] as number) - 1;
      spec = { f: c.f, owner: c.owners[nth % c.owners.length] as string };
      made++;
    }
    const { pod, events, name } = podOf(spec?.f ?? healthy, spec?.owner ?? `svc-${String(i % 40).padStart(2, '0')}`, i, namespace);
    server.add(pod, ...events);
    for (const [container, text] of Object.entries(spec?.f.logs ?? {})) server.setLog(namespace, name, container, text, true);
  }
  return { pods: total, unhealthy: made };
}

/** 32 pods in one List: 8 of one OOMKilled Deployment, 10 more unhealthy of four causes, 14 healthy. */
export function filePods(): JsonObject {
  const oom = loadFixture('crashloop-oomkilled-jvm.yaml');
  const others = ['image-tag-not-found.yaml', 'config-missing-secret.yaml', 'pending-insufficient-memory.yaml', 'readiness-http-503.yaml'].map(loadFixture);
  const healthy = loadFixture('deployment-running-ready.yaml');
  const items: JsonObject[] = [];
  let i = 0;
  for (let k = 0; k < 8; k++) items.push(podOf(oom, 'orders-api', i++, 'shop').pod);
  for (let k = 0; k < 10; k++) items.push(podOf(others[k % 4] as Fixture, ['frontend', 'payments', 'ml-trainer', 'gateway'][k % 4] as string, i++, 'shop').pod);
  for (let k = 0; k < 14; k++) items.push(podOf(healthy, `svc-${k % 5}`, i++, 'shop').pod);
  return { apiVersion: 'v1', kind: 'List', items };
}

async function run(args: string[], env: Record<string, string>, cols: number): Promise<{ code: number; out: string; err: string; ms: number }> {
  const io = memoryIO(env);
  io.columns = cols;
  const t0 = Date.now();
  const code = await main(['node', 'podwhy', ...args], io);
  return { code, out: io.stdout, err: io.stderr, ms: Date.now() - t0 };
}

/**
 * Where reading events one pod at a time (fieldSelector involvedObject.name=…) stops paying off
 * against one list of the namespace's events: k pods selected by -l out of a namespace of `pods`
 * pods with `perPod` events each, both ways and as fetchPods chooses (eventsOnePodAtATime),
 * requests and wall time (median of `runs`), with the server answering at once and after
 * `latency` ms (a remote cluster's round trip).
 */
async function eventsCrossover(pods: number, perPod: number, ks: number[], latencies: number[], runs: number): Promise<void> {
  const { ApiClient } = await import('../../src/sources/live/client.js');
  const { loadKubeconfig } = await import('../../src/sources/live/kubeconfig.js');
  const { fetchPods } = await import('../../src/sources/live/fetch.js');
  const tmp = mkdtempSync(join(tmpdir(), 'podwhy-ev-'));
  const server = new FakeApiServer();
  await server.start();
  try {
    const base = loadFixture('deployment-running-ready.yaml');
    for (let i = 0; i < pods; i++) {
      const { pod, name } = podOf(base, `svc-${i % 40}`, i, 'ev');
      ((pod['metadata'] as JsonObject)['labels'] as JsonObject)['n'] = String(i);
      server.add(pod);
      for (let k = 0; k < perPod; k++) {
        server.add({ apiVersion: 'v1', kind: 'Event', metadata: { name: `${name}.${k}`, namespace: 'ev' }, involvedObject: { kind: 'Pod', name, namespace: 'ev', uid: `uid-ev-${i}` }, reason: 'Pulled', message: `Successfully pulled image "nginx:1.27" in 1.2s`, type: 'Normal', count: 1 });
      }
    }
    const kubeconfig = server.writeKubeconfig(tmp, { namespace: 'ev' });
    const target = await loadKubeconfig({ env: { HOME: tmp, KUBECONFIG: kubeconfig } });
    process.stdout.write(`events: ${pods} pods, ${pods * perPod} events in the namespace; k pods selected by -l; median of ${runs}\n`);
    process.stdout.write(`latency  k     per pod: requests  ms     namespace list: requests  ms     chosen: requests  ms\n`);
    for (const latency of latencies) {
      server.latencyMs = latency;
      for (const k of ks) {
        const selector = `n in (${Array.from({ length: k }, (_, i) => String(Math.floor((i * pods) / k))).join(',')})`;
        const measure = async (by: boolean | undefined) => {
          const times: number[] = [];
          let requests = 0;
          for (let r = 0; r < runs; r++) {
            const client = new ApiClient(target, { timeoutMs: 60_000 });
            await client.init();
            const t0 = performance.now();
            const got = await fetchPods(client, { namespace: 'ev', selector, ...(by !== undefined ? { eventsByPod: by } : {}) }, () => undefined);
            times.push(performance.now() - t0);
            requests = client.requests.length;
            client.close();
            if (got.length !== k) throw new Error(`selected ${got.length}, wanted ${k}`);
          }
          times.sort((a, b) => a - b);
          return { requests, ms: Math.round(times[Math.floor(times.length / 2)] as number) };
        };
        const per = await measure(true);
        const list = await measure(false);
        const chosen = await measure(undefined);
        process.stdout.write(
          `${String(latency).padStart(4)}ms  ${String(k).padEnd(5)} ${String(per.requests).padStart(8)}  ${String(per.ms).padStart(6)}  ${String(list.requests).padStart(17)}  ${String(list.ms).padStart(6)}  ${String(chosen.requests).padStart(15)}  ${String(chosen.ms).padStart(6)}\n`,
        );
      }
    }
  } finally {
    server.stop();
  }
}

async function cli(argv: string[]): Promise<void> {
  if (argv.includes('--events')) {
    const num = (name: string, def: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : def);
    const list = (name: string, def: number[]) => (argv.includes(name) ? String(argv[argv.indexOf(name) + 1]).split(',').map(Number) : def);
    await eventsCrossover(num('--pods', 5000), num('--per-pod', 4), list('--k', [1, 5, 10, 20, 40, 80, 160]), list('--latency', [0, 10]), num('--runs', 3));
    return;
  }
  const flag = (name: string, def: number) => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : def;
  };
  const outIdx = argv.indexOf('--out');
  const outDir = outIdx >= 0 ? (argv[outIdx + 1] as string) : mkdtempSync(join(tmpdir(), 'podwhy-scan-'));
  mkdirSync(outDir, { recursive: true });
  const lines = flag('--lines', 40);
  const cols = flag('--cols', 120);
  const tmp = mkdtempSync(join(tmpdir(), 'podwhy-scan-home-'));
  const server = new FakeApiServer();
  await server.start();
  try {
    const made = bulkNamespace(server, flag('--pods', 5000), flag('--unhealthy', 500));
    const kubeconfig = server.writeKubeconfig(tmp, { namespace: 'bulk' });
    const r = await run(['-n', 'bulk'], { HOME: tmp, KUBECONFIG: kubeconfig }, cols);
    writeFileSync(join(outDir, 'bulk.txt'), r.out);
    const n = r.out.split('\n').length - 1;
    process.stdout.write(`podwhy -n bulk (${made.pods} pods, ${made.unhealthy} unhealthy): ${n} lines, exit ${r.code}, ${r.ms} ms, ${server.requests.length} requests; full output in ${join(outDir, 'bulk.txt')}\n`);
    if (r.err) process.stdout.write(`stderr: ${r.err}`);
    process.stdout.write(`--- first ${lines} lines at ${cols} columns ---\n${r.out.split('\n').slice(0, lines).join('\n')}\n---\n`);
  } finally {
    server.stop();
  }
  const file = join(outDir, 'pods32.yaml');
  writeFileSync(file, yaml.dump(filePods(), { noRefs: true, lineWidth: -1 }));
  const f = await run(['-f', file, '--now', '2025-03-15T00:00:00Z'], { HOME: tmp }, cols);
  writeFileSync(join(outDir, 'pods32.txt'), f.out);
  const oomTimes = f.out.split('\n').filter((l) => /^\s*The container was killed for using more memory|OOMKilled/.test(l)).length;
  process.stdout.write(`podwhy -f pods32.yaml (32 pods): ${f.out.split('\n').length - 1} lines, exit ${f.code}; lines naming OOMKilled: ${oomTimes}; full output in ${join(outDir, 'pods32.txt')}\n`);
  process.stdout.write(`--- first ${lines} lines ---\n${f.out.split('\n').slice(0, lines).join('\n')}\n---\n`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').slice(-2).join('/'))) {
  cli(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  });
}
