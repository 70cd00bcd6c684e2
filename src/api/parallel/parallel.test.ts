// The diagnose command's parallel run against the one-thread run, byte for byte: every fixture
// (and the real posts among them), read with the thresholds lowered so that every List's items go
// to the workers (in this thread: inProcessTransport, which clones each message as threads do),
// in small batches so that pods held by different workers interleave. Exit codes, standard
// output and standard error must be the same; so must the errors of inputs that do not read.

import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { memoryIO } from '../../../test/io.js';
import { FIXTURES_DIR } from '../rules.js';
import { main } from '../../cli/main.js';
import { generatePods } from '../../../tools/bench/inputs.js';
import { toKubectlYamlItem } from '../../../test/kubectl-yaml.js';
import { inProcessTransport, ParallelRun, StandIn, type TransportFactory } from './pool.js';
import type { Request } from './protocol.js';
import type { Damage } from '../../model/input.js';
import type { ParsedDoc } from '../../sources/reader.js';
import { ParallelGate, workerCount } from './policy.js';
import { podSkeleton } from './skeleton.js';

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? files(p) : /\.(ya?ml|json|txt)$/.test(n) ? [p] : [];
    });
}

/** Requests the in-process workers were sent, by kind. */
const sent: Record<string, number> = {};
const counting: TransportFactory = (cfg, onReply, onFail) => {
  const t = inProcessTransport(cfg, onReply, onFail);
  const count = (m: Request) => (sent[m.t] = (sent[m.t] ?? 0) + 1);
  return {
    post: (m) => {
      count(m);
      t.post(m);
    },
    request: (m) => {
      count(m);
      return t.request(m);
    },
    close: () => t.close(),
  };
};

async function run(args: string[], parallel: boolean, stdin = '') {
  const io = memoryIO({ PODWHY_WORKERS: parallel ? '2' : '0' }, stdin);
  if (parallel) io.testing = { transport: counting, batch: 2, minPods: 2, bigDoc: 0, fallbackMax: 0 };
  else io.testing = { bigDoc: 0, fallbackMax: 0 };
  const code = await main(['node', 'podwhy', ...args, '--now', '2025-06-01T00:00:00Z'], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('a parallel run writes what one thread writes', () => {
  const all = files(FIXTURES_DIR);
  test(`every fixture (${all.length} files), -o json and text`, async () => {
    let parallelRead = 0;
    for (const f of all) {
      for (const o of ['json', 'text']) {
        const one = await run(['-f', f, '-o', o], false);
        const par = await run(['-f', f, '-o', o], true);
        assert.deepEqual(par, one, `${f} -o ${o}`);
        if (o === 'json' && one.code !== 2) parallelRead++;
      }
    }
    assert.ok(parallelRead > 300, `only ${parallelRead} fixtures were read`);
    // the Lists' items were parsed by the workers (fixtures keep their pods as documents of
    // their own, and their events in Lists: the generated dumps below have Lists of pods)
    assert.ok((sent['parse'] ?? 0) > 500, `requests: ${JSON.stringify(sent)}`);
  });

  // A generated cluster dump: pods of many namespaces and owners with their events (joined by uid,
  // by name, through a claim), their nodes, as kubectl prints a List in JSON and in YAML; every
  // flag that selects pods or changes what is written.
  const pods = generatePods(60, FIXTURES_DIR, 7);
  const events: Record<string, unknown>[] = [];
  pods.forEach((p, i) => {
    const md = p['metadata'] as Record<string, unknown>;
    const involved = i % 2 === 0 ? { kind: 'Pod', name: md['name'], namespace: md['namespace'], uid: md['uid'] } : { kind: 'Pod', name: md['name'], namespace: md['namespace'] };
    if (i % 3 === 0) events.push({ apiVersion: 'v1', kind: 'Event', metadata: { name: `${md['name']}.1`, namespace: md['namespace'] }, involvedObject: involved, reason: 'BackOff', type: 'Warning', message: 'Back-off restarting failed container app in pod', count: 7, firstTimestamp: '2025-05-31T23:00:00Z', lastTimestamp: '2025-05-31T23:59:00Z', source: { component: 'kubelet' } });
    if (i === 4) {
      ((p['spec'] as Record<string, unknown>)['volumes'] as unknown[] | undefined)?.push({ name: 'data', persistentVolumeClaim: { claimName: 'data-claim' } });
      (p['spec'] as Record<string, unknown>)['volumes'] ??= [{ name: 'data', persistentVolumeClaim: { claimName: 'data-claim' } }];
      events.push({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'data-claim.1', namespace: md['namespace'] }, involvedObject: { kind: 'PersistentVolumeClaim', name: 'data-claim', namespace: md['namespace'] }, reason: 'ProvisioningFailed', type: 'Warning', message: 'storageclass.storage.k8s.io "fast" not found', count: 3, source: { component: 'persistentvolume-controller' } });
    }
  });
  const nodes = [...new Set(pods.map((p) => (p['spec'] as Record<string, unknown>)['nodeName']).filter((n) => typeof n === 'string'))].map((name) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }, status: { conditions: [{ type: 'Ready', status: 'True' }] } }));
  const list = { apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '' }, items: [...pods, ...events, ...nodes] };
  const json = `${JSON.stringify(list, null, 4)}\n`;
  const yamlText = `apiVersion: v1\nitems:\n${list.items.map((i) => toKubectlYamlItem(i)).join('')}kind: List\nmetadata:\n  resourceVersion: ""\n`;
  const first = pods[0]?.['metadata'] as Record<string, string>;
  const label = Object.entries((pods.find((p) => Object.keys((p['metadata'] as Record<string, unknown>)['labels'] ?? {}).length > 0)?.['metadata'] as Record<string, Record<string, string>>)['labels'] ?? {})[0] ?? ['app', 'x'];
  const variants: string[][] = [
    [],
    ['-o', 'json'],
    ['-o', 'wide'],
    ['-o', 'wide', '--all', '--no-headers'],
    ['--all'],
    ['--details'],
    ['--details', '--all', '--timeline'],
    ['--lang', 'ko'],
    ['--fail-on', 'warning', '-o', 'json'],
    ['--fail-on', 'never'],
    ['-n', first['namespace'] as string],
    ['-n', first['namespace'] as string, '-o', 'json'],
    ['-l', `${label[0]}=${label[1]}`, '-o', 'json'],
    ['-l', `${label[0]}!=${label[1]}`],
    ['-c', 'app', '-o', 'json'],
    [first['name'] as string, '-o', 'json'],
    [first['name'] as string],
    ['-n', 'no-such-namespace', '-o', 'json'],
  ];
  for (const [name, text] of [
    ['JSON', json],
    ['YAML', yamlText],
  ] as const) {
    test(`a ${pods.length}-pod ${name} List with events and nodes, on stdin, ${variants.length} ways`, async () => {
      const before = sent['diagnose'] ?? 0;
      for (const v of variants) {
        const one = await run(v, false, text);
        const par = await run(v, true, text);
        assert.deepEqual(par, one, v.join(' '));
      }
      assert.ok((sent['diagnose'] ?? 0) - before > 200, `the workers diagnosed: ${JSON.stringify(sent)}`);
      assert.ok((sent['values'] ?? 0) > 0, 'a pod was handed back (one pod named)');
    });
  }
});

test('workerCount: PODWHY_WORKERS, else none', () => {
  assert.equal(workerCount({}), 0);
  assert.equal(workerCount({ PODWHY_WORKERS: '0' }), 0);
  assert.equal(workerCount({ PODWHY_WORKERS: ' 2 ' }), 2);
  assert.equal(workerCount({ PODWHY_WORKERS: 'many' }), 0);
  assert.equal(workerCount({ PODWHY_WORKERS: '-1' }), 0);
  assert.equal(workerCount({ PODWHY_WORKERS: '999' }), 64);
});

test('podSkeleton keeps only what the main thread reads of a pod', () => {
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-1', namespace: 'shop', uid: 'u1', labels: { app: 'web' }, annotations: { a: 'b' }, ownerReferences: [{ kind: 'ReplicaSet' }] },
    spec: {
      nodeName: 'n1',
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-web-1' } }, { name: 'tmp', emptyDir: {} }, 'odd'],
      containers: [{ name: 'app', image: 'web:1', env: [{ name: 'PASSWORD', value: 'hunter2' }] }],
      initContainers: [{ name: 'init', image: 'busybox' }],
    },
    status: { phase: 'Running', containerStatuses: [{ name: 'app', ready: true, restartCount: 3 }] },
  };
  assert.deepEqual(podSkeleton(pod), {
    kind: 'Pod',
    metadata: { name: 'web-1', namespace: 'shop', uid: 'u1', labels: { app: 'web' }, ownerReferences: [{ kind: 'ReplicaSet' }] },
    spec: { nodeName: 'n1', volumes: [{ persistentVolumeClaim: { claimName: 'data-web-1' } }, {}, 'odd'], containers: [{ name: 'app' }], initContainers: [{ name: 'init' }] },
    status: { containerStatuses: [{ name: 'app' }] },
  });
  // parts that are not objects stay as they are; absent parts stay absent
  assert.deepEqual(podSkeleton({ kind: 'Pod', metadata: 'x', spec: null }), { kind: 'Pod', metadata: 'x', spec: null });
  assert.deepEqual(podSkeleton({ kind: 'Pod' }), { kind: 'Pod' });
});

test('ParallelGate starts the workers only once the input is big, then paces the reading by them', async () => {
  let loads = 0;
  const made = new ParallelRun({ cwd: '/', ruleFlags: {}, lang: 'en', format: 'json', all: false, failOn: 'error' }, 1, inProcessTransport);
  const gate = new ParallelGate(async () => {
    loads++;
    return made;
  }, 1000);
  assert.equal(gate.pace(999), undefined);
  assert.equal(gate.current(), undefined);
  const wait = gate.pace(1000);
  assert.ok(wait instanceof Promise);
  assert.equal(gate.pace(2000), wait, 'one load, however many chunks come meanwhile');
  await wait;
  assert.equal(gate.current(), made);
  assert.equal(loads, 1);
  assert.equal(gate.pace(5000), undefined, 'no item waits yet');
  made.close();
});

test('items that do not parse: the first in input order ends its input there, whichever worker had it', async () => {
  const r = new ParallelRun({ cwd: '/', ruleFlags: {}, lang: 'en', format: 'json', all: false, failOn: 'error' }, 2, inProcessTransport, 1);
  const items = ['{"kind": "Pod", "metadata": {"name": "a"}}', '{"kind": "Pod",', '{"kind": "Event"}', '{oops'].map((t, i) => r.json(t, 'in.json', 10 * i + 1));
  assert.ok(items.every((s) => s instanceof StandIn));
  // a later error of the reader itself gives way to it
  assert.match(String(await r.readError(new Error('later'))), /in\.json: invalid JSON in the list item at line 11:/);
  // values() asked for at once (a List read again whole) throws it too
  assert.throws(() => r.values(items), /line 11/);
  // once the input is read, the List ends before it, as a one-thread read stops there
  const input: { file: string; docs: ParsedDoc[]; damage?: Damage } = { file: 'in.json', docs: [{ value: { kind: 'List', items }, line: 1, itemLines: [1, 11, 21, 31] }, { value: { kind: 'Pod' }, line: 40 }] };
  await r.settle([input]);
  assert.deepEqual(items, [{ kind: 'Pod', metadata: { name: 'a' } }]);
  assert.deepEqual(
    input.docs.map((d) => d.itemLines),
    [[1]],
  );
  assert.deepEqual(input.damage, { file: 'in.json', line: 11, column: 16, what: 'invalid JSON (the JSON ends inside an object)', todo: 'what came before it was read; fix the file, or save the output of kubectl again' });
  r.close();
});

test('a List of pods resolves to skeletons for its items, held by the worker; elsewhere to the items themselves', async () => {
  const r = new ParallelRun({ cwd: '/', ruleFlags: {}, lang: 'en', format: 'json', all: false, failOn: 'error' }, 2, inProcessTransport, 1);
  const pod = (n: string) => JSON.stringify({ kind: 'Pod', metadata: { name: n, annotations: { big: 'x'.repeat(100) } }, spec: { containers: [{ name: 'c', image: 'i' }] } });
  const items = [r.json(pod('a'), 'f', 1), r.json('{"kind": "Event", "reason": "Failed"}', 'f', 2)];
  const other = [r.json(pod('b'), 'f', 3)];
  const docs = [{ value: { kind: 'List', items, extra: other }, line: 1 }];
  await r.settle([{ docs }]);
  assert.deepEqual(items, [{ kind: 'Pod', metadata: { name: 'a' }, spec: { containers: [{ name: 'c' }] } }, { kind: 'Event', reason: 'Failed' }]);
  assert.deepEqual(other, [JSON.parse(pod('b'))], 'not the items of a List: the pod itself');
  const input = { pod: items[0] as Record<string, unknown>, events: [], source: { file: 'f', input: 'f', line: 1 } };
  r.hydrate([input]);
  assert.deepEqual(input.pod, JSON.parse(pod('a')), 'made whole again from the worker');
  r.close();
});
