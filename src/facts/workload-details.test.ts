// Workload details (issue 29, point 4): LimitRange and PriorityClass refusals parsed, the new
// ReplicaSet told by template (a paused rollout with a change waiting), why a workload has no pod,
// and the host ports a pod binds. Parsers directly; the rest through the CLI on the fixtures.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { main } from '../cli/main.js';
import { FIXTURES_DIR } from '../api/rules.js';
import { memoryIO } from '../../test/io.js';
import { parseFailedCreate, parseLimitViolations } from './extractors/controller.js';
import { hostNetworkOf, hostPortsOf } from './host-ports.js';
import { equalIgnoreHash } from './workload.js';

const W = join(FIXTURES_DIR, 'workloads');

async function podwhy(...args: string[]) {
  const io = memoryIO({ HOME: '/nonexistent', NO_COLOR: '1' });
  const code = await main(['node', 'podwhy', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

async function workloadJson(target: string, file: string) {
  const r = await podwhy(target, '-f', join(W, file), '-o', 'json');
  assert.equal(r.err, '', r.err);
  return { code: r.code, w: JSON.parse(r.out).workloads[0], report: JSON.parse(r.out) };
}

describe('LimitRanger refusals (plugin/pkg/admission/limitranger)', () => {
  test('each constraint form, with the figure and what the pod has', () => {
    const cases: [string, object][] = [
      ['maximum cpu usage per Container is 1, but limit is 2', { bound: 'max', resource: 'cpu', type: 'Container', allowed: '1', of: 'limit', given: '2' }],
      ['maximum memory usage per Pod is 2Gi, but request is 3Gi', { bound: 'max', resource: 'memory', type: 'Pod', allowed: '2Gi', of: 'request', given: '3Gi' }],
      ['minimum memory usage per Container is 90Mi, but request is 70Mi', { bound: 'min', resource: 'memory', type: 'Container', allowed: '90Mi', of: 'request', given: '70Mi' }],
      ['minimum cpu usage per Container is 100m, but limit is 50m', { bound: 'min', resource: 'cpu', allowed: '100m', of: 'limit', given: '50m' }],
      ['maximum cpu usage per Container is 16.  No limit is specified', { bound: 'max', resource: 'cpu', allowed: '16', missing: 'limit' }],
      ['minimum memory usage per Container is 64Mi.  No request is specified', { bound: 'min', allowed: '64Mi', missing: 'request' }],
      ['cpu max limit to request ratio per Container is 10, but provided ratio is 100.000000', { bound: 'maxLimitRequestRatio', resource: 'cpu', allowed: '10', of: 'ratio', given: '100' }],
      ['memory max limit to request ratio per Pod is 2, but no limit is specified or limit is 0', { bound: 'maxLimitRequestRatio', type: 'Pod', missing: 'limit' }],
      ['maximum storage usage per PersistentVolumeClaim is 50Gi, but request is 100Gi', { bound: 'max', resource: 'storage', type: 'PersistentVolumeClaim', allowed: '50Gi', given: '100Gi' }],
      // before v1.20 each ended in "." (the zalando report: "… but request is 17.")
      ['maximum cpu usage per Container is 16, but request is 17.', { bound: 'max', allowed: '16', given: '17' }],
      ['minimum memory usage per Container is 64Mi.  No request is specified.', { bound: 'min', missing: 'request' }],
    ];
    for (const [message, want] of cases) {
      const v = parseLimitViolations(`pods "web-5b7c6d9f4-x2kqp" is forbidden: ${message}`);
      assert.equal(v.length, 1, message);
      for (const [k, x] of Object.entries(want)) assert.equal((v[0] as unknown as Record<string, unknown>)[k], x, `${message}: ${k}`);
      assert.ok(!(v[0]?.text ?? '').endsWith('.'), v[0]?.text);
    }
  });

  test('several constraints at once (utilerrors.NewAggregate "[a, b]") are all kept, in order; the first decides', () => {
    const f = parseFailedCreate(
      'Error creating: pods "ingest-r7m2d" is forbidden: [minimum memory usage per Container is 64Mi, but request is 32Mi, memory max limit to request ratio per Container is 4, but provided ratio is 8.000000, maximum cpu usage per Pod is 2, but limit is 3]',
    );
    assert.equal(f.kind, 'limit-range');
    assert.deepEqual(f.limitViolations, [
      'minimum memory usage per Container is 64Mi, but request is 32Mi',
      'memory max limit to request ratio per Container is 4, but provided ratio is 8.000000',
      'maximum cpu usage per Pod is 2, but limit is 3',
    ]);
    assert.equal(f.limitBound, 'min');
    assert.equal(f.limitAllowed, '64Mi');
    assert.equal(f.limitGiven, '32Mi');
    assert.equal(f.message.startsWith('pods "ingest-r7m2d" is forbidden'), true, 'the controller prefix is gone');
  });

  test('a StatefulSet\'s message and a quota message are not LimitRange refusals', () => {
    assert.equal(parseFailedCreate('create Pod db-0 in StatefulSet db failed error: pods "db-0" is forbidden: maximum memory usage per Container is 1Gi, but limit is 2Gi').kind, 'limit-range');
    assert.equal(parseFailedCreate('Error creating: pods "w-1" is forbidden: exceeded quota: q, requested: limits.cpu=2, used: limits.cpu=7, limited: limits.cpu=8').kind, 'quota');
    assert.deepEqual(parseLimitViolations('the maximum usage was reached'), []);
  });

  test('a huge message without a constraint is read in linear time', () => {
    const start = Date.now();
    for (const junk of ['x'.repeat(200_000), 'maximum '.repeat(25_000), `${'a'.repeat(100_000)} max limit to request ratio per`]) parseFailedCreate(`Error creating: ${junk}`);
    assert.ok(Date.now() - start < 1000, `${Date.now() - start} ms`);
  });
});

describe('PriorityClass refusals (plugin/pkg/admission/priority)', () => {
  test('a class that does not exist, in the wording of v1.12+ and before', () => {
    for (const m of ['Error creating: pods "istio-citadel-59fc7bfdbf-" is forbidden: no PriorityClass with name gsp-critical was found', 'Error creating: pods "x-" is forbidden: No PriorityClass with name gsp-critical was found']) {
      const f = parseFailedCreate(m);
      assert.equal(f.kind, 'priority-class');
      assert.equal(f.priorityClass, 'gsp-critical');
      assert.equal(f.priorityNotPermitted, undefined);
    }
  });

  test('a system class outside kube-system (v1.11–v1.16)', () => {
    const f = parseFailedCreate('Error creating: pods "csi-lvm-controller-7bd679d598-" is forbidden: pods with system-cluster-critical priorityClass is not permitted in csi-lvm namespace');
    assert.equal(f.kind, 'priority-class');
    assert.equal(f.priorityClass, 'system-cluster-critical');
    assert.equal(f.priorityNotPermitted, true);
  });
});

describe('workload fixtures', () => {
  test('a LimitRange refusal names the LimitRange that holds the figure, its figure and the pod\'s', async () => {
    const { code, w } = await workloadJson('deploy/api', 'deployment-limit-range-max-cpu.yaml');
    assert.equal(code, 1);
    assert.equal(w.rootCause.rule, 'workload-limit-range-refused');
    assert.match(w.rootCause.title, /LimitRange cpu-mem-bounds sets cpu max per Container at 1/);
    const f = w.findings.find((x: { rule: string }) => x.rule === 'workload-limit-range-refused');
    assert.match(f.explanation, /the pod's limit is 2/);
    assert.ok(f.commands.includes('kubectl describe limitrange cpu-mem-bounds -n team-a'));
    const ko = JSON.parse((await podwhy('deploy/api', '-f', join(W, 'deployment-limit-range-max-cpu.yaml'), '-o', 'json', '--lang', 'ko')).out).workloads[0];
    assert.match(ko.rootCause.title, /LimitRange cpu-mem-bounds가 Container당 cpu max 값을 1\(으\)로 정해/);
  });

  test('the LimitRange is named only when one holds that figure: a namespace of others leaves it unnamed', async () => {
    const { w } = await workloadJson('job/ingest-batch', 'job-limit-range-min-and-ratio.yaml');
    const ev = Object.fromEntries(w.findings[0].evidence.map((e: { path: string; value: unknown }) => [e.path, e.value]));
    assert.equal(ev['workload.failedCreate.limitRange'], 'memory-policy', 'pvc-size has no memory min');
    assert.equal((ev['workload.failedCreate.limitViolations'] as string[]).length, 2);
  });

  test('a missing PriorityClass is named, above the timed-out rollout', async () => {
    const { w } = await workloadJson('deploy/batch-worker', 'deployment-priority-class-missing.yaml');
    assert.equal(w.rootCause.rule, 'workload-priority-class-missing');
    assert.match(w.rootCause.title, /PriorityClass batch-high does not exist/);
    const deadline = w.findings.find((x: { rule: string }) => x.rule === 'deployment-progress-deadline-exceeded');
    assert.notEqual(deadline?.role, 'root-cause');
  });

  test('a paused rollout with a change waiting: not healthy, and no ReplicaSet called new', async () => {
    const { code, w } = await workloadJson('deploy/checkout', 'deployment-paused-change-waiting.yaml');
    assert.equal(code, 0, 'a warning: exit 0 by the default --fail-on error');
    assert.equal((await podwhy('deploy/checkout', '-f', join(W, 'deployment-paused-change-waiting.yaml'), '--fail-on', 'warning')).code, 1);
    assert.equal(w.healthy, false);
    assert.equal(w.rootCause.rule, 'deployment-paused-change-waiting');
    assert.equal(w.rollout.pendingTemplate, true);
    assert.equal(w.rollout.newReplicaSet, undefined);
    assert.equal(w.rollout.latestReplicaSet, 'checkout-6d8f9b7c54');
    const text = (await podwhy('deploy/checkout', '-f', join(W, 'deployment-paused-change-waiting.yaml'))).out;
    assert.match(text, /Rollout \(paused\): the current template has no ReplicaSet yet \(paused: waits for kubectl\s+rollout\s+resume\); running\s+checkout-6d8f9b7c54 \(revision 2\)/);
    assert.doesNotMatch(text, /new checkout-/);
  });

  test('unpaused, the ReplicaSet whose template matches is new even when another has the higher revision', async () => {
    // the quota fixture: its new ReplicaSet (revision 2) matches the Deployment's template
    const { w } = await workloadJson('deploy/web', 'deployment-quota-exceeded.yaml');
    assert.equal(w.rollout.newReplicaSet, 'web-7d4b9c6f5');
    assert.equal(w.rollout.pendingTemplate, false);
  });

  test('why a workload has no pod: scaled to zero, a finished Job, a Job whose pod was deleted — never "has not created any"', async () => {
    const cases: [string, string, string, RegExp][] = [
      ['deploy/report-builder', 'deployment-scaled-to-zero.yaml', 'scaled-to-zero', /Pods: none: scaled to zero/],
      ['job/nightly-export', 'job-complete-pods-deleted.yaml', 'job-finished', /Pods: none left: the Job finished and its pods were deleted since/],
      ['job/reindex-products', 'job-pod-deleted-while-running.yaml', 'job-pods-deleted', /Pods: none now: the Job ran pods and is not finished; they were deleted/],
      ['job/ingest-batch', 'job-limit-range-min-and-ratio.yaml', 'none-created', /Pods: none: the controller has not created any/],
    ];
    for (const [target, file, absent, text] of cases) {
      const { code, w } = await workloadJson(target, file);
      assert.equal(w.podsAbsent, absent, file);
      if (absent !== 'none-created') {
        assert.equal(code, 0, file);
        assert.equal(w.healthy, true, file);
      }
      const r = await podwhy(target, '-f', join(W, file));
      assert.match(r.out, text, file);
      if (absent !== 'none-created') assert.doesNotMatch(r.out, /has not created any/, file);
    }
  });

  test('a hostPort conflict names the host ports (and protocol, and host IP) from the pod spec', async () => {
    const { report } = await workloadJson('deploy/edge-proxy', 'deployment-host-port-taken.yaml');
    const pending = report.pods.find((p: { name: string }) => p.name === 'edge-proxy-74c9f6d8b5-z6w3n');
    const f = pending.findings.find((x: { rule: string }) => x.rule === 'unschedulable-host-port');
    assert.equal(f.title, 'The host port(s) 8443/TCP, 10.0.5.1:53/UDP the pod needs are taken on every node');
    assert.match(f.explanation, /it asks for 8443\/TCP, 10\.0\.5\.1:53\/UDP\./);
  });
});

describe('helpers', () => {
  test('equalIgnoreHash: the pod-template-hash label only', () => {
    const t = (labels: Record<string, string>, image: string) => ({ metadata: { creationTimestamp: null, labels }, spec: { containers: [{ name: 'a', image }] } });
    assert.equal(equalIgnoreHash(t({ app: 'web' }, 'x:1'), t({ app: 'web', 'pod-template-hash': '7d4b9c6f5' }, 'x:1')), true);
    assert.equal(equalIgnoreHash(t({ app: 'web' }, 'x:2'), t({ app: 'web', 'pod-template-hash': '7d4b9c6f5' }, 'x:1')), false);
    assert.equal(equalIgnoreHash(t({ app: 'web', tier: 'a' }, 'x:1'), t({ app: 'web', 'pod-template-hash': 'h' }, 'x:1')), false);
    assert.equal(equalIgnoreHash({ spec: { a: 1, b: 2 } }, { spec: { b: 2, a: 1 } }), true, 'field order does not matter');
    assert.equal(equalIgnoreHash(undefined, t({}, 'x')), false);
  });

  test('hostPortsOf: hostPort, hostIP, hostNetwork defaulting, sidecars; unknown without a spec', () => {
    assert.deepEqual(hostPortsOf({ containers: [{ ports: [{ containerPort: 80, hostPort: 8080 }, { containerPort: 9090 }] }] }, true), ['8080/TCP']);
    assert.deepEqual(hostPortsOf({ hostNetwork: true, containers: [{ ports: [{ containerPort: 53, protocol: 'UDP' }] }] }, true), ['53/UDP']);
    assert.deepEqual(hostPortsOf({ containers: [{ ports: [{ containerPort: 53, hostPort: 53, hostIP: '0.0.0.0' }] }] }, true), ['53/TCP']);
    assert.deepEqual(
      hostPortsOf({ containers: [{}], initContainers: [{ restartPolicy: 'Always', ports: [{ containerPort: 1, hostPort: 7000 }] }, { ports: [{ containerPort: 2, hostPort: 7001 }] }] }, true),
      ['7000/TCP'],
      'a sidecar binds its port for the pod\'s life; a plain init container is not counted',
    );
    assert.deepEqual(hostPortsOf({ containers: [{ name: 'a' }] }, true), []);
    assert.equal(hostPortsOf({}, false), undefined);
    assert.equal(hostNetworkOf({}, false), undefined);
    assert.equal(hostNetworkOf({ containers: [] }, true), false);
  });
});
