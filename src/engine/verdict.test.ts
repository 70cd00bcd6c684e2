// Unknown is not healthy: a pod is shown healthy only when the input shows it (Running and Ready,
// or Succeeded); a paste that lacks the state a rule needs gives "unknown" with what it lacks,
// never "healthy"; pods of a paste come out in trouble first.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BUILTIN_RULES_DIR } from '../catalogue/paths.js';
import { loadRules } from '../catalogue/rule-files.js';
import { snapshotFromTexts } from '../sources/file.js';
import { diagnosePod, troubleFirst } from './diagnose.js';
import type { PodDiagnosis } from './types.js';

const rules = loadRules([BUILTIN_RULES_DIR]);
const NOW = Date.parse('2025-06-01T12:00:00Z');
const diagnoseText = (text: string): PodDiagnosis[] => snapshotFromTexts([{ file: 'paste.txt', text }]).pods.map((p) => diagnosePod(p, rules, { now: NOW }));

const RUNNING_READY = `apiVersion: v1
kind: Pod
metadata: {name: web-1, namespace: shop, creationTimestamp: "2025-06-01T10:00:00Z"}
spec:
  containers: [{name: app, image: web:1}]
status:
  phase: Running
  conditions: [{type: Ready, status: "True"}]
  containerStatuses:
  - {name: app, ready: true, restartCount: 0, state: {running: {startedAt: "2025-06-01T10:00:05Z"}}, lastState: {}}
`;

describe('verdict', () => {
  test('a Running and Ready pod is healthy', () => {
    const [d] = diagnoseText(RUNNING_READY);
    assert.equal(d?.verdict, 'healthy');
    assert.equal(d?.healthy, true);
  });

  test('a pod given without its status is unknown, never healthy', () => {
    const [d] = diagnoseText(RUNNING_READY.replace(/status:[\s\S]*$/, ''));
    assert.equal(d?.verdict, 'unknown');
    assert.equal(d?.healthy, false);
  });

  test('a container block without State: and Ready True after an OOM kill is a problem, not healthy', () => {
    const [d] = diagnoseText(`    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
    Ready:          True
    Restart Count:  3
    Limits:
      memory:  90Mi
`);
    assert.equal(d?.verdict, 'problem');
    assert.equal(d?.findings.find((f) => f.role === 'root-cause')?.rule, 'last-run-oomkilled');
    // the columns the paste does not show are not made up
    assert.equal(d?.kubectl.status, undefined);
    assert.equal(d?.name, undefined);
    assert.equal(d?.namespace, undefined);
  });

  test('a whole describe of a pod with no problem, but not Ready, is unknown', () => {
    const [d] = diagnoseText(`Name:         web-1
Namespace:    shop
Status:       Running
Containers:
  app:
    Image:          web:1
    State:          Running
      Started:      Sun, 01 Jun 2025 11:59:30 +0000
    Ready:          False
    Restart Count:  0
Conditions:
  Type              Status
  Ready             False
Events:             <none>
`);
    assert.notEqual(d?.verdict, 'healthy');
  });
});

describe('troubleFirst', () => {
  test('a pasted table lists the old healthy pod first: the failing one comes out first', () => {
    const ds = diagnoseText(`NAME                   READY   STATUS             RESTARTS   AGE
web-6d4b9c6f5-old01    1/1     Running            0          3d
web-7f8c9d6b4-new02    0/1     CrashLoopBackOff   6          9m
`);
    assert.equal(ds.length, 2);
    const ordered = troubleFirst(ds);
    assert.equal(ordered[0]?.name, 'web-7f8c9d6b4-new02');
    assert.equal(ordered[0]?.verdict, 'problem');
    assert.equal(ordered[1]?.name, 'web-6d4b9c6f5-old01');
  });

  test('YAML keeps the input order', () => {
    const ds = snapshotFromTexts([{ file: 'pods.yaml', text: `${RUNNING_READY}---\n${RUNNING_READY.replace('web-1', 'web-2').replace(/status:[\s\S]*$/, 'status: {phase: Failed, reason: Evicted, message: "The node was low on resource: memory."}\n')}` }]).pods.map((p) => diagnosePod(p, rules, { now: NOW }));
    assert.deepEqual(troubleFirst(ds).map((d) => d.name), ['web-1', 'web-2']);
  });
});

describe('what would decide', () => {
  const CRASHING = `apiVersion: v1
kind: Pod
metadata: {name: web-1, namespace: shop, creationTimestamp: "2025-06-01T10:00:00Z"}
spec:
  restartPolicy: Always
  containers: [{name: app, image: web:1, command: [sleep, "1"]}]
status:
  phase: Running
  containerStatuses:
  - {name: app, ready: false, restartCount: 3, state: {waiting: {reason: CrashLoopBackOff}}}
`;
  test('a crash loop given without its events: the events would decide (a liveness kill is one)', () => {
    // restartPolicy Always and a sleep command: crashloop-command-ends is proven, so nothing is open
    const [proven] = diagnoseText(CRASHING);
    assert.equal(proven?.findings.find((f) => f.role === 'root-cause')?.rule, 'crashloop-command-ends');
    assert.deepEqual(proven?.undecided, []);
    const [d] = diagnoseText(CRASHING.replace('command: [sleep, "1"]', 'command: [/app/server]'));
    assert.equal(d?.verdict, 'problem');
    const events = d?.undecided.find((u) => u.fact === 'events');
    assert.ok(events, JSON.stringify(d?.undecided));
    assert.ok(events.rules.includes('liveness-probe-failing'), events.rules.join(','));
    // the YAML gives the whole status: no container field is open
    assert.equal(d?.undecided.some((u) => u.container !== undefined), false);
  });
  test('a pod whose input lacks nothing has nothing undecided, whatever its state', () => {
    const [d] = diagnoseText(`${CRASHING.replace('command: [sleep, "1"]', 'command: [/app/server]').replace('state: {waiting', 'lastState: {terminated: {reason: Error, exitCode: 2}}, state: {waiting')}
---
apiVersion: v1
kind: Event
metadata: {name: e1, namespace: shop}
involvedObject: {kind: Pod, name: web-1, namespace: shop}
reason: BackOff
type: Warning
message: Back-off restarting failed container app in pod web-1_shop(u)
`);
    assert.deepEqual(d?.undecided, []);
  });
});

describe('a describe cut inside its Containers section', () => {
  const head = `Name:             checkout-7c5f9d6b48-74lgt
Namespace:        web
Node:             node-pool-a-9f2kd/10.8.1.35
Start Time:       Fri, 04 Dec 2026 11:30:51 +0000
Status:           Running
IP:               10.8.65.140
Containers:
  app:
    Image:          registry.example.com/web/checkout:5.8.0
    State:          Running
      Started:      Fri, 04 Dec 2026 11:30:55 +0000
    Ready:          True
    Restart Count:  0
    Limits:
      memory:  1Gi
`;
  test('may have left containers out: READY is unknown and the pod is not shown healthy', () => {
    const [d] = diagnoseText(head);
    assert.equal(d?.verdict, 'unknown');
    assert.equal(d?.kubectl.ready, undefined);
    assert.ok(d?.source?.missing?.some((m) => m.fact === 'containers-cut'), JSON.stringify(d?.source?.missing));
  });
  test('a section after Containers closes it: the one container shown is all of them', () => {
    const [d] = diagnoseText(`${head}Conditions:
  Type              Status
  Ready             True
  ContainersReady   True
`);
    assert.equal(d?.verdict, 'healthy');
    assert.equal(d?.kubectl.ready, '1/1');
    assert.equal(d?.source?.missing?.some((m) => m.fact === 'containers-cut'), false);
  });
});

describe('a get pods row says only what its columns say', () => {
  test('a row cut before RESTARTS: restarts unknown, not 0', () => {
    const [d] = diagnoseText('$ kubectl get pods\nNAME    READY   STATUS             RESTARTS   AGE\nweb-1   0/1     CrashLoopBackOff\n');
    assert.equal(d?.name, 'web-1');
    assert.equal(d?.kubectl.status, 'CrashLoopBackOff');
    assert.equal(d?.kubectl.restarts, undefined);
  });
  test('Terminating: deleted, but since when is not in the row', () => {
    const [d] = diagnoseText('NAME    READY   STATUS        RESTARTS   AGE\nweb-1   1/1     Terminating   0          3d\n');
    assert.equal(d?.kubectl.status, 'Terminating');
    const text = JSON.stringify(d?.findings ?? []);
    assert.doesNotMatch(text, /2025-06-01T12:00:00Z/, 'the capture instant is no deletion time');
  });
});
