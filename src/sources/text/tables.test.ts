// kubectl get events / kubectl get pods tables, in the layouts kubectl prints.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonObject } from '../../util/json.js';
import { textInputOf } from './describe.js';
import { snapshotFromTexts } from '../file.js';
import { parseEventsTable, parsePodsTable } from './tables.js';

const NOW = Date.parse('2025-03-02T10:00:00Z');
const at = (o: unknown, ...path: (string | number)[]): unknown => path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], o);
const kinds = (objs: { value: JsonObject }[], kind: string) => objs.filter((o) => o.value['kind'] === kind).map((o) => o.value);

// kubectl ≥ 1.14 (tabwriter, padding 3)
const EVENTS = `LAST SEEN   TYPE      REASON             OBJECT                          MESSAGE
12m         Normal    Scheduled          pod/web-7d4b9c6f5-abcde         Successfully assigned shop/web-7d4b9c6f5-abcde to node-3
2m          Warning   Failed             pod/web-7d4b9c6f5-abcde         Failed to pull image "registry.example.com/web:3.4.2": rpc error: code = NotFound desc = failed to pull and unpack image "registry.example.com/web:3.4.2": failed to resolve reference "registry.example.com/web:3.4.2": registry.example.com/web:3.4.2: not found
90s         Normal    BackOff            pod/web-7d4b9c6f5-abcde         Back-off pulling image "registry.example.com/web:3.4.2"
12m         Normal    SuccessfulCreate   replicaset/web-7d4b9c6f5        Created pod: web-7d4b9c6f5-abcde
`;

describe('kubectl get events', () => {
  test('rows become events; each pod named gets a placeholder', () => {
    const r = parseEventsTable(EVENTS, 'ev.txt', NOW);
    const events = kinds(r.objects, 'Event');
    assert.equal(events.length, 4);
    assert.equal(at(events[1], 'lastTimestamp'), '2025-03-02T09:58:00Z');
    assert.deepEqual(at(events[3], 'involvedObject'), { kind: 'ReplicaSet', name: 'web-7d4b9c6f5' });
    const pods = kinds(r.objects, 'Pod');
    assert.deepEqual(
      pods.map((p) => at(p, 'metadata', 'name')),
      ['web-7d4b9c6f5-abcde'],
    );
    assert.equal(textInputOf(pods[0] as JsonObject)?.placeholder, true);
    assert.deepEqual(r.warnings, []);
  });
  test('a message a terminal wrapped is joined to its row', () => {
    const r = parseEventsTable('LAST SEEN   TYPE      REASON    OBJECT      MESSAGE\n2m          Warning   Failed    pod/api-1   Error: configmap "api-config"\nnot found\n', 'ev.txt', NOW);
    assert.equal(at(kinds(r.objects, 'Event')[0], 'message'), 'Error: configmap "api-config" not found');
    assert.deepEqual(r.warnings, []);
  });
  test('NAMESPACE column, "x4 over" ages (kubectl events), alignment lost', () => {
    const r = parseEventsTable('NAMESPACE LAST SEEN TYPE REASON OBJECT MESSAGE\nshop 30s (x4 over 5m) Warning BackOff pod/api-1 Back-off restarting failed container api in pod api-1_shop(1)\n', 'ev.txt', NOW);
    const [e] = kinds(r.objects, 'Event');
    assert.equal(at(e, 'count'), 4);
    assert.equal(at(e, 'firstTimestamp'), '2025-03-02T09:55:00Z');
    assert.equal(at(e, 'involvedObject', 'namespace'), 'shop');
  });
  test('-o wide: SUBOBJECT, SOURCE, FIRST SEEN, COUNT', () => {
    const text = `LAST SEEN   TYPE      REASON    OBJECT      SUBOBJECT                SOURCE             MESSAGE                                FIRST SEEN   COUNT   NAME
20s         Warning   BackOff   pod/api-1   spec.containers{api}     kubelet, node-2    Back-off restarting failed container   10m          31      api-1.17c8a9b1d2e3f4a5
`;
    const [e] = kinds(parseEventsTable(text, 'ev.txt', NOW).objects, 'Event');
    assert.equal(at(e, 'involvedObject', 'fieldPath'), 'spec.containers{api}');
    assert.equal(at(e, 'count'), 31);
    assert.equal(at(e, 'source', 'component'), 'kubelet');
    assert.equal(at(e, 'message'), 'Back-off restarting failed container');
    assert.equal(at(e, 'firstTimestamp'), '2025-03-02T09:50:00Z');
  });
  test('kubectl ≤ 1.13: LAST SEEN FIRST SEEN COUNT NAME KIND SUBOBJECT TYPE REASON SOURCE MESSAGE', () => {
    const text = `LAST SEEN   FIRST SEEN   COUNT     NAME                     KIND      SUBOBJECT               TYPE      REASON    SOURCE              MESSAGE
1m          5m           6         api-1.15a8b7c6d5e4f3a2   Pod       spec.containers{api}    Warning   BackOff   kubelet, minikube   Back-off restarting failed container
`;
    const r = parseEventsTable(text, 'ev.txt', NOW);
    const [e] = kinds(r.objects, 'Event');
    assert.equal(at(e, 'involvedObject', 'name'), 'api-1');
    assert.equal(at(e, 'count'), 6);
    assert.equal(at(kinds(r.objects, 'Pod')[0], 'metadata', 'name'), 'api-1');
  });
  test('the diagnosis from events alone says so, and a pod given too replaces the placeholder', () => {
    const alone = snapshotFromTexts([{ file: 'ev.txt', text: EVENTS }]);
    assert.equal(alone.pods.length, 1);
    assert.equal(alone.pods[0]?.events.length, 3);
    assert.equal(alone.pods[0]?.source?.missing?.[0]?.fact, 'pod-object');
    const both = snapshotFromTexts([
      { file: 'pod.json', text: JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-7d4b9c6f5-abcde', namespace: 'shop' }, status: { phase: 'Pending' } }) },
      { file: 'ev.txt', text: EVENTS },
    ]);
    assert.equal(both.pods.length, 1);
    assert.equal(both.pods[0]?.source?.format, undefined);
    assert.equal(both.pods[0]?.events.length, 3);
  });
});

describe('kubectl get pods', () => {
  const TABLE = `NAME                          READY   STATUS             RESTARTS        AGE
orders-api-6f8d9c7b54-x2x7k   0/1     CrashLoopBackOff   7 (2m10s ago)   3h
web-1                         1/1     Running            0               5d
job-abc                       0/1     Completed          0               1h
init-x                        0/1     Init:0/2           0               10m
`;
  test('STATUS and RESTARTS only, marked as limited', () => {
    const r = parsePodsTable(TABLE, 'pods.txt', NOW);
    const pods = kinds(r.objects, 'Pod');
    assert.equal(pods.length, 4);
    assert.deepEqual(at(pods[0], 'status', 'containerStatuses', 0, 'state'), { waiting: { reason: 'CrashLoopBackOff' } });
    assert.equal(at(pods[0], 'status', 'containerStatuses', 0, 'restartCount'), 7);
    assert.equal(at(pods[0], 'metadata', 'creationTimestamp'), '2025-03-02T07:00:00Z');
    assert.equal(at(pods[2], 'status', 'phase'), 'Succeeded');
    assert.deepEqual(at(pods[3], 'status', 'initContainerStatuses', 0, 'state'), { running: {} });
    assert.equal(textInputOf(pods[0] as JsonObject)?.missing[0]?.fact, 'pods-table');
  });
  test('-o wide, after a line of the ticket', () => {
    const wide = `here is what I see:
NAME    READY   STATUS              RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES
web-1   0/1     ContainerCreating   0          12m   <none>   node-2   <none>           <none>
`;
    const [p] = kinds(parsePodsTable(wide, 'pods.txt', NOW).objects, 'Pod');
    assert.equal(at(p, 'spec', 'nodeName'), 'node-2');
    assert.equal(at(p, 'status', 'podIP'), undefined);
    assert.deepEqual(at(p, 'status', 'containerStatuses', 0, 'state'), { waiting: { reason: 'ContainerCreating' } });
  });
  test('kubectl get sts,pod prints kind/name: the pod is named without "pod/"', () => {
    const t = 'NAME                         READY   STATUS             RESTARTS        AGE\npod/music-6c45d566f4-9qdlr   0/1     CrashLoopBackOff   6 (4m37s ago)   16m\n';
    const [p] = kinds(parsePodsTable(t, 'pods.txt', NOW).objects, 'Pod');
    assert.equal(at(p, 'metadata', 'name'), 'music-6c45d566f4-9qdlr');
  });
  test('the pod rebuilt from a row shows the same STATUS as the row', async () => {
    const { kubectlColumns } = await import('../../kubectl/status.js');
    const pods = kinds(parsePodsTable(TABLE, 'pods.txt', NOW).objects, 'Pod');
    assert.deepEqual(
      pods.map((p) => kubectlColumns(p, NOW).status),
      ['CrashLoopBackOff', 'Running', 'Completed', 'Init:0/2'],
    );
  });
  test('a row\'s terminated reason gives no exit code but Completed\'s 0 (an OOM kill or an Error says no code)', async () => {
    const { kubectlColumns } = await import('../../kubectl/status.js');
    const rows = `NAME    READY   STATUS       RESTARTS   AGE
oom-1   0/1     OOMKilled    2          5m
err-1   0/1     Error        0          5m
ok-1    0/1     Completed    0          5m
ini-1   0/1     Init:Error   1          5m
ini-2   0/1     Init:OOMKilled   1      5m
`;
    const pods = kinds(parsePodsTable(rows, 'pods.txt', NOW).objects, 'Pod');
    assert.deepEqual(at(pods[0], 'status', 'containerStatuses', 0, 'state'), { terminated: { reason: 'OOMKilled' } });
    assert.deepEqual(at(pods[1], 'status', 'containerStatuses', 0, 'state'), { terminated: { reason: 'Error' } });
    assert.deepEqual(at(pods[2], 'status', 'containerStatuses', 0, 'state'), { terminated: { reason: 'Completed', exitCode: 0 } });
    assert.deepEqual(at(pods[3], 'status', 'initContainerStatuses', 0, 'state'), { terminated: { reason: 'Error' } });
    // (kubectl's printer reads them back to the same STATUS: a reason other than Completed is a failure)
    assert.deepEqual(
      pods.map((p) => kubectlColumns(p, NOW).status),
      ['OOMKilled', 'Error', 'Completed', 'Init:Error', 'Init:OOMKilled'],
    );
  });
});
