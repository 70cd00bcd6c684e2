// What real pastes hold around and inside their kubectl output, read: each shape with the post it
// was seen in as data (fixtures/pastes/, sources in SOURCES.md). See also paste.test.ts.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { FIXTURES_DIR } from '../../api/rules.js';
import { kubectlColumns } from '../../kubectl/status.js';
import type { JsonObject } from '../../util/json.js';
import { parseGoMap, parseGoStruct, parsePythonDict } from './dumps.js';
import { snapshotFromDocs } from '../file.js';
import { inlineItems } from './inline.js';
import { parseCutJson } from './json-cut.js';
import { findKnownMessage, knownMessage } from './messages.js';
import { DocumentStream, type ParsedDoc } from '../reader.js';
import { podFromRow } from './tables.js';
import type { PodInput } from '../../model/input.js';
import { reindentPodYaml } from './yaml-schema.js';

const NOW = Date.parse('2025-03-02T10:00:00Z');
const paste = (name: string) => readFileSync(join(FIXTURES_DIR, 'pastes', name), 'utf8');

function read(text: string, now = NOW, file = 'p.txt') {
  const docs: ParsedDoc[] = [];
  const s = new DocumentStream(file, (d) => docs.push(d), { now });
  s.write(text);
  s.end();
  return snapshotFromDocs([{ file, docs }]);
}

function dig(v: unknown, ...keys: string[]): unknown {
  let cur = v;
  for (const k of keys) {
    if (Array.isArray(cur)) cur = cur[Number(k)];
    else if (typeof cur === 'object' && cur !== null) cur = (cur as Record<string, unknown>)[k];
    else return undefined;
  }
  return cur;
}
const name = (p: PodInput | undefined) => dig(p?.pod, 'metadata', 'name');
const statuses = (p: PodInput | undefined, key = 'containerStatuses') => (dig(p?.pod, 'status', key) ?? []) as JsonObject[];
const reasons = (p: PodInput | undefined) => (p?.events ?? []).map((e) => e.reason);
const one = (text: string) => {
  const s = read(text);
  assert.equal(s.pods.length, 1, JSON.stringify(s.pods.map((p) => name(p))));
  return s.pods[0] as PodInput;
};

describe('kubectl output inside a sentence', () => {
  test('k8s-43924: an event row in inline code, a pods row cut after STATUS, a command in inline code', () => {
    const p = one(paste('k8s-43924.txt'));
    assert.equal(name(p), 'monitorms-mmqhm');
    assert.equal(dig(p.pod, 'metadata', 'namespace'), 'sample');
    assert.deepEqual(reasons(p), ['Failed']);
    assert.match(p.events[0]?.message ?? '', /^Failed to pull image "10\.78\.0\.228:5000\/monitorms": .*x509: certificate signed by unknown authority/);
    assert.equal(dig(statuses(p)[0], 'state', 'waiting', 'reason'), 'ImagePullBackOff');
  });
  test('k8s-116133: a describe row in quotes after a command in quotes', () => {
    const p = one(paste('k8s-116133.txt'));
    assert.equal(name(p), 'apache-7f6fddb7df-q229r');
    assert.deepEqual(reasons(p), ['FailedScheduling']);
    assert.equal(p.events[0]?.count, 2);
    assert.match(p.events[0]?.message ?? '', /untolerated taint \{node-role\.kubernetes\.io\/control-plane: \}/);
  });
  test('postgres-operator-1974: bold markers around part of a row', () => {
    const p = one(paste('postgres-operator-1974.txt'));
    const u = p.events.find((e) => e.reason === 'Unhealthy');
    assert.equal(u?.count, 13);
    assert.equal(u?.message, 'Readiness probe failed: HTTP probe failed with statuscode: 503');
  });
  test('k8s-website-26943: "kubectl describe pvc x gives <message>": the command and its answer; "Mounted By" names the pod', () => {
    const p = one(paste('k8s-website-26943.txt'));
    assert.equal(name(p), 'hub-5b8d96f64b-qk86l');
    const b = p.events.find((e) => e.reason === 'FailedBinding');
    assert.deepEqual(b?.involved, { kind: 'PersistentVolumeClaim', name: 'hub-db-dir', namespace: 'jhub' });
    assert.equal(b?.related?.name, 'hub-5b8d96f64b-qk86l');
  });
});

describe('Kubernetes messages said alone', () => {
  test('kafka-29: the scheduler before 1.8, in bold', () => {
    const p = one(paste('kafka-29.txt'));
    assert.equal(p.events[0]?.reason, 'FailedScheduling');
    assert.equal(p.events[0]?.source, 'default-scheduler');
    assert.equal(p.events[0]?.message, 'No nodes are available that match all of the following predicates:: Insufficient cpu (1), Insufficient memory (1).');
  });
  test('openshift-ops-358 and k8s-62389-style FitErrors; the catalogue by its formats', () => {
    assert.equal(one(paste('openshift-ops-358.txt')).events[0]?.message, '0/8 nodes are available: 1 Insufficient memory, 7 node(s) didn\'t match node selector.');
    const cases: [string, string, string][] = [
      ['0/3 nodes are available: 3 Insufficient memory.', 'event', 'FailedScheduling'],
      ['Back-off restarting failed container', 'event', 'BackOff'],
      ['MountVolume.SetUp failed for volume "config" : configmap "app" not found', 'event', 'FailedMount'],
      ['Liveness probe failed: HTTP probe failed with statuscode: 500', 'event', 'Unhealthy'],
      ["Error: couldn't find key DB_URL in Secret shop/app", 'event', 'Failed'],
      ['Failed create pod sandbox: rpc error: code = Unknown desc = failed to set up sandbox container', 'event', 'FailedCreatePodSandBox'],
      ['Multi-Attach error for volume "pvc-1" Volume is already exclusively attached to one node and can\'t be attached to another', 'event', 'FailedAttachVolume'],
      ['The node was low on resource: memory. Container kilo was using 30332Ki, which exceeds its request of 0.', 'pod-status', 'Evicted'],
      ["Pod was rejected: Node didn't have enough resource: cpu, requested: 150, used: 11388, capacity: 11500", 'pod-status', 'OutOfcpu'],
      ['Pod Predicate NodeAffinity failed', 'pod-status', 'NodeAffinity'],
      ['Pod was rejected as the node is shutting down.', 'pod-status', 'NodeShutdown'],
      ['back-off 5m0s restarting failed container=app pod=web-1_shop(0b3c)', 'container-waiting', 'CrashLoopBackOff'],
      ['storageclass.storage.k8s.io "standard" not found', 'event', 'ProvisioningFailed'],
      // kubernetes#44559-era kubelet log: dockershim's bridge pool has no address left for the sandbox
      ['Error response from daemon: {"message":"no available IPv4 addresses on this network\'s address pools: bridge (872bba0c06bf)"}', 'event', 'FailedCreatePodSandBox'],
    ];
    for (const [text, kind, reason] of cases) {
      const k = knownMessage(text);
      assert.equal(k?.kind, kind, text);
      assert.equal(k?.reason, reason, text);
    }
    assert.equal(knownMessage('storageclass.storage.k8s.io "standard" not found')?.object, 'PersistentVolumeClaim');
    assert.deepEqual(knownMessage('back-off 5m0s restarting failed container=app pod=web-1_shop(0b3c)')?.pod, { name: 'web-1', namespace: 'shop' });
    // after a sentence, a log prefix, a "Reason:" key; never inside a word
    assert.equal(findKnownMessage('I get this error in events - 0/3 nodes are available: 1 MatchInterPodAffinity')?.at, 29);
    assert.equal(findKnownMessage('2025-05-03 17:50:50,140 - MainThread - WARNING - The node was low on resource: memory. ')?.reason, 'Evicted');
    assert.equal(findKnownMessage('MyPod was rejected as the node is shutting down'), undefined);
    // a lifecycle hook said alone: the hook its command names
    assert.equal(knownMessage('Exec lifecycle hook ([/scripts/preStop.sh]) for Container "redpanda" in Pod "x_ns(1)" failed - error: x')?.reason, 'FailedPreStopHook');
    assert.equal(knownMessage('Exec lifecycle hook ([/bin/setup]) for Container "app" in Pod "x_ns(1)" failed - error: x'), undefined);
  });
  test('imprun-64-ko: an eviction message over two lines with Korean prose after it', () => {
    const p = one(paste('imprun-64-ko.txt'));
    assert.equal(dig(p.pod, 'status', 'reason'), 'Evicted');
    // the message tells the pod's reason, not its phase
    assert.equal(dig(p.pod, 'status', 'phase'), undefined);
    assert.equal(dig(p.pod, 'status', 'message'), 'The node was low on resource: ephemeral-storage. Threshold quantity: 4741241430, available: 4344280Ki.');
  });
  test('drain-node-7: "ImagePullBackOff: …" and "ErrImagePull: …" lines: a container\'s waiting state', () => {
    const p = one(paste('drain-node-7.txt'));
    assert.equal(dig(statuses(p)[0], 'state', 'waiting', 'reason'), 'ErrImagePull');
    assert.match(String(dig(statuses(p)[0], 'state', 'waiting', 'message')), /manifest for drainnode\/leader:v1\.0-rc9 not found: manifest unknown/);
    // a container no one named: no command may be written with its name
    assert.equal(statuses(p)[0]?.['name'], '(unnamed)');
  });
  test('longhorn-5345: a message in the fence after "logs" prose is an event, not a log', () => {
    const p = one(paste('longhorn-5345.txt'));
    assert.deepEqual(reasons(p), ['FailedAttachVolume']);
    assert.equal(p.logs, undefined);
  });
  test('nongshim-3395-ko: a message cut at its colon goes on on the next line', () => {
    const p = one(paste('nongshim-3395-ko.txt'));
    assert.equal(p.events[0]?.message, 'AttachVolume.Attach failed : volume is in a different availability zone');
  });
  test('capact-679: two status fragments that cannot be one pod are two pods', () => {
    const s = read(paste('capact-679.txt'));
    assert.deepEqual(
      s.pods.map((p) => dig(p.pod, 'status', 'reason')),
      ['NodeShutdown', 'Terminated'],
    );
  });
  test('starburst-1: a container block OOMKilled and another Running are two pods, no state holds both', () => {
    const s = read(paste('starburst-1.txt'));
    assert.equal(s.pods.length, 2);
    assert.deepEqual(Object.keys(dig(statuses(s.pods[0])[0], 'state') as object), ['terminated']);
    assert.deepEqual(Object.keys(dig(statuses(s.pods[1])[0], 'state') as object), ['running']);
  });
});

describe('wrappers around the lines', () => {
  test('ceph-csi-2029: e2e\'s "At <time> - event for <pod>: {kubelet node} Reason: message"', () => {
    const p = one(paste('ceph-csi-2029.txt'));
    assert.equal(name(p), 'pod-eb165813-6e8a-4476-a40b-73c0bada26c0');
    assert.deepEqual(reasons(p), ['Pulling', 'Failed', 'Failed', 'BackOff', 'Failed']);
    assert.equal(p.events[1]?.type, 'Warning');
    // Go's time with its zone: 09:30:26 +0100 BST
    assert.equal(p.events[0]?.first, Date.parse('2021-04-28T08:30:26Z'));
  });
  test('redpanda-7678: a kuttl log row (time, type, Pod name.fieldPath, reason, message); a hook message said alone', () => {
    const s = read(paste('redpanda-7678.txt'));
    const kuttl = s.pods.find((p) => name(p) === 'decommissioning-2');
    assert.equal(kuttl?.events[0]?.reason, 'FailedPreStopHook');
    assert.equal(kuttl?.events[0]?.involved.fieldPath, 'spec.containers{redpanda}');
    assert.equal(kuttl?.events[0]?.last, Date.parse('2022-12-08T23:51:53Z'));
    const alone = s.pods.find((p) => name(p) === 'centralized-configuration-0');
    assert.equal(alone?.events[0]?.reason, 'FailedPreStopHook');
  });
  test('neuvector-403: OpenShift console text (Generated from, N times in the last, combined from similar events)', () => {
    const p = one(paste('neuvector-403.txt'));
    assert.equal(p.events[0]?.reason, 'Failed');
    assert.equal(p.events[0]?.count, 3);
    assert.equal(p.events[0]?.source, 'kubelet');
    assert.match(p.events[0]?.message ?? '', /^Error: container create failed: .*ssl-cert\.pem/);
  });
  test('komari-326: Sealos\'s "Reason, Last Occur / First Seen / count / message" groups', () => {
    const p = one(paste('komari-326.txt'));
    assert.equal(name(p), 'komari-khqoqcvf-0');
    assert.deepEqual(reasons(p), ['BackOff', 'Failed', 'Pulling', 'Failed', 'Failed', 'Scheduled']);
    assert.equal(p.events[3]?.count, 2);
    assert.match(p.events[3]?.message ?? '', /^Failed to pull image "ghcr\.io\/komari-monitor\/komari:1\.0\.0": rpc error: code = NotFound/);
  });
  test('alpine-368: Rancher\'s "CrashLoopBackOff (back-off …) | Last state: Terminated with : Completed"', () => {
    const p = one(paste('alpine-368.txt'));
    assert.equal(name(p), 'nfs-datafile-acesss-577587b9bf-jbl8k');
    assert.equal(statuses(p)[0]?.['name'], 'container-0');
    assert.equal(dig(statuses(p)[0], 'state', 'waiting', 'reason'), 'CrashLoopBackOff');
    assert.equal(dig(statuses(p)[0], 'lastState', 'terminated', 'reason'), 'Completed');
  });
  test('wlals2-upgrade-ko: a table pasted as shell comments ("# NAME READY STATUS RESTARTS", no AGE)', () => {
    const s = read(paste('wlals2-upgrade-ko.txt'));
    assert.deepEqual(
      s.pods.map((p) => [name(p), dig(statuses(p)[0], 'state', 'waiting', 'reason')]),
      [
        ['was-xxx', 'CreateContainerConfigError'],
        ['was-yyy', 'CreateContainerConfigError'],
      ],
    );
  });
  test('kkamji-evicted-ko: a blog\'s column of line numbers before each block is dropped', () => {
    const s = read(paste('kkamji-evicted-ko.txt'));
    assert.equal(s.pods.length, 7);
    // only the three lines of prose at the top and three after the table are left unread
    assert.match(s.warnings.join('\n'), /6 line\(s\) could not be read and were skipped \(lines 1-3, 24-26\)/);
  });
  test('cloudtestdrive-128: a CI log\'s timestamps in front of every line of a table, set -x\'s "+ kubectl get pods"', () => {
    const p = one(paste('cloudtestdrive-128.txt'));
    assert.equal(name(p), 'atp2-75ffb788cc-svsct');
    assert.equal(dig(statuses(p)[0], 'state', 'waiting', 'reason'), 'ImagePullBackOff');
    assert.equal(p.events.length, 6);
    // only "Pod description" is prose
    assert.deepEqual(read(paste('cloudtestdrive-128.txt')).warnings, ['p.txt: 1 line(s) could not be read and were skipped (line 5)']);
  });
  test('ocs-ci-12362: a logger\'s "… - MainThread - WARNING - …:" line before a describe', () => {
    const p = one(paste('ocs-ci-12362.txt'));
    assert.equal(name(p), 'pod-test-cephfs-8f070ea1814f439ab37533bc-d644748ff-2268b');
    assert.equal(dig(p.pod, 'status', 'reason'), 'OutOfcpu');
    assert.equal(p.source?.format, 'describe');
  });
});

describe('kubectl\'s own errors', () => {
  test('k8s-50122: kubectl logs answered \'nodes "x" not found\': the pod is on that node', () => {
    const s = read(paste('k8s-50122.txt'));
    const p = s.pods.find((x) => name(x) === 'xxxxxxxxxxxxx-app-393156728-l0l0f');
    assert.equal(dig(p?.pod, 'spec', 'nodeName'), 'ip-172-20-92-136.ap-southeast-1.compute.internal');
    assert.ok(dig(p?.pod, 'metadata', 'deletionTimestamp'));
    assert.equal(p?.logs, undefined);
    // and that the node is gone: only for the pod kubectl logs was asked about
    assert.equal(p?.nodeGone, true);
    assert.equal(s.pods.find((x) => name(x) === 'xxxxxxxxxxxxx-app-393156728-l17xt')?.nodeGone, undefined);
  });
});

describe('logs said in a sentence', () => {
  test('k8s-54601: "I found this message in log, \"chown: … Operation not permitted\"": the quoted line is the log', () => {
    const p = one(paste('k8s-54601.txt'));
    const logs = Object.values(p.logs ?? {});
    assert.equal(logs.length, 1);
    assert.equal(logs[0]?.text, "chown: changing ownership of '/var/lib/postgresql/data': Operation not permitted");
    assert.equal(logs[0]?.origin, 'text');
  });
  test('lewisjlee-metrics-server-ko: a klog structured line alone is a log', () => {
    const p = one(paste('lewisjlee-metrics-server-ko.txt'));
    assert.match(Object.values(p.logs ?? {})[0]?.text ?? '', /x509: cannot validate certificate for \[host ip\] because it doesn’t contain any IP SANs/);
  });
});

describe('structures', () => {
  test('k8s-48920: JSON cut off mid-way: what was complete is read, and the cut said', () => {
    const s = read(paste('k8s-48920.txt'));
    const p = s.pods.find((x) => name(x) === 'nginx-test-1771026684-wj1sm');
    assert.equal(dig(p?.pod, 'metadata', 'deletionTimestamp'), '2017-07-14T03:53:01Z');
    assert.ok(s.warnings.some((w) => /JSON cut off after line 30/.test(w)));
    // a number the cut may have shortened is left out
    assert.deepEqual(parseCutJson('{"a": 1, "b": {"c": [1, 2'), { a: 1, b: { c: [1] } });
    assert.deepEqual(parseCutJson('{"message": "Pod Node didn\'t have enough res'), { message: "Pod Node didn't have enough res" });
  });
  test('podman-desktop-7521: a member of -o json without its braces', () => {
    const p = one(paste('podman-desktop-7521.txt'));
    assert.equal(statuses(p)[0]?.['name'], 'helloworld');
    assert.equal(dig(statuses(p)[0], 'state', 'waiting', 'reason'), 'ImagePullBackOff');
  });
  test('neon-autoscaling-374: `| jq .status` puts the cut status back under status; the OutOfcpu row\'s reason', () => {
    const p = one(paste('neon-autoscaling-374.txt'));
    assert.equal(dig(p.pod, 'status', 'reason'), 'OutOfcpu');
    assert.match(String(dig(p.pod, 'status', 'message')), /^Pod Node didn't have enough resource: cpu, requested: 1000/);
  });
  test('k8s-114623: one condition printed by jq \'.status.conditions[] | select(…)\' under a ⇒ prompt', () => {
    const s = read(paste('k8s-114623.txt'));
    const p = s.pods.find((x) => name(x) === 'pause1');
    assert.equal(dig(p?.pod, 'status', 'conditions', '0', 'reason'), 'PreemptionByKubeScheduler');
  });
  test('cnpg-1593: a pod status inside a log entry\'s jsonPayload', () => {
    const p = one(paste('cnpg-1593.txt'));
    assert.equal(dig(p.pod, 'status', 'reason'), 'Terminated');
    assert.equal(dig(p.pod, 'status', 'message'), 'Pod was terminated in response to imminent node shutdown.');
  });
  test('test-infra-31282: Go\'s %+v of a PodStatus in an e2e failure', () => {
    const p = one(paste('test-infra-31282.txt'));
    assert.equal(name(p), 'hostpath-symlink-prep-provisioning-7816');
    assert.equal(dig(p.pod, 'status', 'reason'), 'OutOfpods');
    assert.equal(dig(p.pod, 'status', 'phase'), 'Failed');
    assert.equal(dig(p.pod, 'status', 'message'), "Pod was rejected: Node didn't have enough resource: pods, requested: 1, used: 110, capacity: 110");
    const go = parseGoStruct('{Phase:Pending ContainerStatuses:[{Name:app State:{Waiting:&ContainerStateWaiting{Reason:CrashLoopBackOff,Message:back-off 10s,} Running:nil Terminated:nil} RestartCount:3 Ready:false}] QOSClass:BestEffort}');
    assert.deepEqual(go?.value, { phase: 'Pending', containerStatuses: [{ name: 'app', state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 10s' } }, restartCount: 3, ready: false }], qosClass: 'BestEffort' });
  });
  test('nvidia-device-plugin-36: a go-template\'s map printing of the conditions', () => {
    const p = one(paste('nvidia-device-plugin-36.txt'));
    assert.equal(name(p), 'gpu-pod');
    assert.equal(dig(p.pod, 'status', 'conditions', '0', 'reason'), 'Unschedulable');
    assert.equal(dig(p.pod, 'status', 'conditions', '0', 'message'), '0/2 nodes are available: 1 PodToleratesNodeTaints, 2 Insufficient nvidia.com/gpu.');
    assert.deepEqual(parseGoMap('map[reason:Evicted message:The node had condition: [MemoryPressure]. phase:Failed]')?.value, { reason: 'Evicted', message: 'The node had condition: [MemoryPressure].', phase: 'Failed' });
  });
  test('vre-pipelinewatch-python: the Python client\'s repr of a pod', () => {
    const p = one(paste('vre-pipelinewatch-python.txt'));
    assert.equal(name(p), 'airflow-test-pod-b71a2cc5');
    assert.equal(dig(p.pod, 'status', 'podIP'), '192.168.115.224');
    assert.equal(dig(statuses(p)[0], 'state', 'waiting', 'reason'), 'ImagePullBackOff');
    // pprint split the message into adjacent strings
    assert.equal(dig(statuses(p)[0], 'state', 'waiting', 'message'), 'Back-off pulling image "filecopy:latest"');
    assert.equal(dig(p.pod, 'metadata', 'creationTimestamp'), '2020-10-19T14:09:16Z');
    assert.equal(dig(p.pod, 'metadata', 'labels', 'airflow_version'), '1.10.10');
    assert.deepEqual(parsePythonDict("{'status': {'pod_i_ps': [{'ip': '10.1.0.31'}], 'phase': None}}"), { status: { podIPs: [{ ip: '10.1.0.31' }] } });
  });
  test('a pod\'s YAML with every line at the left margin is put back from a pod\'s shape', () => {
    const flat = ['status:', 'containerStatuses:', '- name: app', 'lastState:', 'terminated:', 'exitCode: 137', 'reason: OOMKilled', 'ready: false', 'restartCount: 3', 'state:', 'waiting:', 'reason: CrashLoopBackOff', 'phase: Running'];
    const text = reindentPodYaml(flat.map((t) => ({ indent: 0, text: t })));
    assert.equal(text, 'status:\n  containerStatuses:\n    - name: app\n      lastState:\n        terminated:\n          exitCode: 137\n          reason: OOMKilled\n      ready: false\n      restartCount: 3\n      state:\n        waiting:\n          reason: CrashLoopBackOff\n  phase: Running');
  });
  test('k8s-48918: a container\'s spec pasted alone (a livenessProbe) joins the row\'s one container', () => {
    const p = one(paste('k8s-48918.txt'));
    assert.equal(dig(p.pod, 'spec', 'containers', '0', 'livenessProbe', 'httpGet', 'port'), 8074);
    assert.equal(dig(statuses(p)[0], 'state', 'waiting', 'reason'), 'CrashLoopBackOff');
  });
});

describe('pods tables', () => {
  test('a row\'s STATUS recomputes to itself through kubectl\'s printer', () => {
    for (const status of ['Running', 'Pending', 'Evicted', 'NodeLost', 'OutOfcpu', 'OutOfpods', 'UnexpectedAdmissionError', 'NodeAffinity', 'Terminated', 'ContainerStatusUnknown', 'OOMKilled', 'Error', 'Completed', 'CrashLoopBackOff', 'ImagePullBackOff', 'ContainerCreating', 'PodInitializing', 'Init:Error', 'Init:0/1', 'Init:1/3', 'Init:CrashLoopBackOff', 'Init:ExitCode:2', 'Terminating', 'Unknown', 'SchedulingGated', 'ExitCode:1', 'Signal:9']) {
      const pod = podFromRow({ NAME: 'web-1', READY: status === 'NodeLost' ? '1/1' : '0/1', STATUS: status, RESTARTS: '0', AGE: '5m' }, NOW);
      assert.equal(kubectlColumns(pod, NOW).status, status, status);
    }
  });
  test('table rows never name containers: (unnamed), or (unnamed 1) … with init containers first', () => {
    const pod = podFromRow({ NAME: 'web-1', READY: '0/2', STATUS: 'Init:0/2', RESTARTS: '0', AGE: '5m' }, NOW);
    assert.deepEqual((dig(pod, 'spec', 'initContainers') as JsonObject[]).map((c) => c['name']), ['(unnamed 1)', '(unnamed 2)']);
    assert.deepEqual((dig(pod, 'spec', 'containers') as JsonObject[]).map((c) => c['name']), ['(unnamed 3)', '(unnamed 4)']);
    const one = podFromRow({ NAME: 'web-1', READY: '0/1', STATUS: 'Init:CrashLoopBackOff', RESTARTS: '3', AGE: '5m' }, NOW);
    assert.deepEqual((dig(one, 'spec', 'initContainers') as JsonObject[]).map((c) => c['name']), ['(unnamed 1)']);
    assert.deepEqual((dig(one, 'spec', 'containers') as JsonObject[]).map((c) => c['name']), ['(unnamed 2)']);
    assert.deepEqual((dig(podFromRow({ NAME: 'web-1', READY: '0/1', STATUS: 'Error', RESTARTS: '0', AGE: '5m' }, NOW), 'spec', 'containers') as JsonObject[]).map((c) => c['name']), ['(unnamed)']);
  });
  test('k8s-62389: a NodeLost row; kubectl get nodes rows are Nodes joined to the pods on them', () => {
    const s = read(paste('k8s-62389.txt'));
    const lost = s.pods.find((p) => name(p) === 'kube-flannel-ds-h9dcc');
    assert.equal(dig(lost?.pod, 'status', 'reason'), 'NodeLost');
    assert.equal(dig(lost?.node, 'metadata', 'name'), 'k8s-node2');
    assert.equal(dig(lost?.node, 'status', 'conditions', '0', 'status'), 'Unknown');
  });
  test('cert-init-13 and vault-gke-7: Init:* rows give the init containers a richer piece does not show', () => {
    const a = one(paste('cert-init-13.txt'));
    assert.equal(dig(statuses(a, 'initContainerStatuses')[0], 'state', 'waiting', 'reason'), 'CrashLoopBackOff');
    const b = one(paste('vault-gke-7.txt'));
    assert.ok(dig(statuses(b, 'initContainerStatuses')[0], 'state', 'running'));
    // the StatefulSet's event in that paste is the StatefulSet's, related to the pod
    assert.equal(b.events[0]?.involved.kind, 'StatefulSet');
  });
});

describe('events of other objects', () => {
  test('k8s-93559: a Job\'s status: the event its controller records, for the pod the paste stands for', () => {
    const p = one(paste('k8s-93559.txt'));
    assert.equal(p.events[0]?.reason, 'BackoffLimitExceeded');
    assert.equal(p.events[0]?.involved.kind, 'Job');
    assert.equal(p.events[0]?.related?.name, name(p));
  });
  test('istio-11045: kubectl describe job is no pod; its events join the pod it created', () => {
    const p = one(paste('istio-11045.txt'));
    assert.equal(name(p), 'pi-6tq7q');
    assert.deepEqual(p.events[0]?.involved, { kind: 'Job', name: 'pi', namespace: 'test1' });
  });
  test('a claim\'s events join the pods whose volumes name it (YAML)', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'db-0', namespace: 'shop' }, spec: { containers: [{ name: 'db' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-db-0' } }] }, status: { phase: 'Pending' } };
    const ev = { apiVersion: 'v1', kind: 'Event', metadata: { namespace: 'shop' }, involvedObject: { kind: 'PersistentVolumeClaim', name: 'data-db-0', namespace: 'shop' }, reason: 'ProvisioningFailed', type: 'Warning', message: 'storageclass.storage.k8s.io "standard" not found' };
    const s = read(`${JSON.stringify(pod)}\n`, NOW, 'pod.json');
    const docs: ParsedDoc[] = [{ value: pod, line: 1 }, { value: ev, line: 2 }];
    const joined = snapshotFromDocs([{ file: 'x.yaml', docs }]);
    assert.equal(s.pods.length, 1);
    assert.deepEqual(joined.pods[0]?.events.map((e) => [e.reason, e.involved.kind]), [['ProvisioningFailed', 'PersistentVolumeClaim']]);
    assert.equal(joined.orphanEvents.length, 0);
  });
});

describe('older kubectl', () => {
  test('k8s-23375: "Terminating (expires …)" and "No events."', () => {
    const p = one(paste('k8s-23375.txt'));
    assert.equal(dig(p.pod, 'metadata', 'deletionTimestamp'), '2016-03-21T20:42:16Z');
    assert.ok(!(p.source?.missing ?? []).some((m) => m.fact === 'events'));
  });
  test('argo-190: "(events with common reason combined)" adds its count to the newest event of its reason', () => {
    const p = one(paste('argo-190.txt'));
    assert.equal(p.events.length, 3);
    assert.ok(!p.events.some((e) => /common reason combined/.test(e.message ?? '')));
    assert.equal(Math.max(...p.events.map((e) => e.count)), 18 + 2974);
  });
  test('k8s-25149: old events table rows with a namespace and a {kubelet host} source', () => {
    const p = one(paste('k8s-25149.txt'));
    assert.deepEqual(reasons(p), ['Unhealthy', 'Unhealthy', 'Unhealthy']);
    assert.equal(p.events[0]?.source, 'kubelet');
  });
  test('boa-261: an events row whose message went to the next line', () => {
    const p = one(paste('boa-261.txt'));
    assert.match(p.events[0]?.message ?? '', /^Readiness probe failed: Get http:\/\/10\.1\.010\.10:8080\/ready: /);
  });
  test('k8s-44536: a Markdown rule before describe\'s Events; a JSON line wrapped from a message', () => {
    const p = one(paste('k8s-44536.txt'));
    assert.equal(name(p), 'test2');
    assert.ok(p.events.some((e) => e.reason === 'FailedMount' && /Currently in 'in-use'/.test(e.message ?? '')));
  });
  test('gadget-187: custom-columns rows, each line its own occurrence', () => {
    const p = one(paste('gadget-187.txt'));
    assert.equal(p.events.filter((e) => e.reason === 'Unhealthy').length, 3);
  });
});

describe('flattened describe fragments', () => {
  test('splunk-connect-747: a container block at one column: "Reason:" after "State:" is the state\'s, not the pod\'s', () => {
    const p = one(paste('splunk-connect-747.txt'));
    assert.equal(dig(p.pod, 'status', 'reason'), undefined);
    const st = statuses(p)[0];
    assert.equal(st?.['name'], 'splunk-fluentd-k8s-logs');
    assert.equal(dig(st, 'state', 'waiting', 'reason'), 'CrashLoopBackOff');
    assert.deepEqual(dig(st, 'lastState', 'terminated'), { reason: 'Error', exitCode: 1, startedAt: '2022-04-06T16:36:31Z', finishedAt: '2022-04-06T16:36:32Z' });
  });
});

describe('containers no one named', () => {
  test('what describe does not print about a block pasted without its container\'s name names it as the pod does', () => {
    const p = one('    State:          Waiting\n      Reason:       CrashLoopBackOff\n    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    1\n');
    assert.deepEqual(p.source?.missing?.find((m) => m.fact === 'waiting-message')?.subjects, ['(unnamed) (CrashLoopBackOff)']);
  });
});

describe('inline items', () => {
  test('a line of prose holds nothing', () => {
    assert.deepEqual(inlineItems('My pod does not start and I do not know why.'), { events: [], states: [], rows: [], commands: [], values: [] });
  });
});

describe('the API server cannot decrypt a Secret', () => {
  const MSG = 'unable to transform key "/registry/secrets/blog-system/aws-s3-credentials": identity transformer tried to read encrypted data';
  test('kubectl\'s InternalError stands for the kubelet\'s Failed event about that Secret', () => {
    const k = findKnownMessage(`Error from server (InternalError): ${MSG}`);
    assert.equal(k?.reason, 'Failed');
    assert.equal(k?.message, MSG);
    assert.equal(findKnownMessage(`Error from server (InternalError): Internal error occurred: ${MSG}`)?.message, `Internal error occurred: ${MSG}`);
    // another object's key, or another InternalError: not this message
    assert.equal(findKnownMessage('Error from server (InternalError): unable to transform key "/registry/pods/x/y": bad'), undefined);
  });
  test('wrapped over lines and commented out under the pod\'s describe: the pod\'s config error says it', () => {
    const s = read(
      [
        '```bash',
        'kubectl get pods -n blog-system',
        '# NAME          READY   STATUS                       RESTARTS',
        '# was-xxx       0/1     CreateContainerConfigError   0',
        '```',
        '',
        '```bash',
        'kubectl describe pod was-xxx -n blog-system | grep -A5 "Events"',
        '# Error from server (InternalError): unable to transform key',
        '# "/registry/secrets/blog-system/aws-s3-credentials":',
        '# identity transformer tried to read encrypted data',
        '```',
      ].join('\n'),
    );
    const p = s.pods.find((x) => name(x) === 'was-xxx');
    assert.deepEqual(p?.events.map((e) => [e.reason, e.message]), [['Failed', MSG]]);
  });
});
