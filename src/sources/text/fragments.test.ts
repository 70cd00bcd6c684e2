// Parts of a describe pasted alone: container states without their "State:" line, container
// names at any indentation, the pod's own Reason / Message with a few lines around them. What the
// text does not say stays out of the objects (no phase made up, no ready, no restart count).
// Real pastes in fixtures/pastes/ (SOURCES.md); constructed-* ones are shapes seen in such posts.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonObject } from '../../util/json.js';
import type { PodInput } from '../../model/input.js';
import { pasteFixture, readPaste } from '../../../test/paste-read.js';
import { stateBlock } from './state-block.js';

const paste = pasteFixture;
const read = (text: string) => readPaste(text);
const one = (text: string): PodInput => {
  const s = read(text);
  assert.equal(s.pods.length, 1);
  return s.pods[0] as PodInput;
};
const status = (p: PodInput) => (p.pod['status'] ?? {}) as JsonObject;
const statuses = (p: PodInput, key = 'containerStatuses') => (status(p)[key] ?? []) as JsonObject[];
const facts = (p: PodInput) => (p.source?.missing ?? []).map((m) => m.fact);
const missing = (p: PodInput, fact: string) => p.source?.missing?.find((m) => m.fact === fact);

describe('container names at any indentation', () => {
  test('nvidia-container-toolkit-30: "app2:" at column 0 after an init container at column 2 is the next init container', () => {
    const p = one(paste('nvidia-container-toolkit-30.txt'));
    const inits = statuses(p, 'initContainerStatuses');
    assert.deepEqual(
      inits.map((s) => [s['name'], Object.keys((s['state'] ?? {}) as JsonObject)[0], ((s['state'] as JsonObject)['terminated'] as JsonObject)['reason']]),
      [
        ['app1', 'terminated', 'Completed'],
        ['app2', 'terminated', 'OOMKilled'],
      ],
    );
    // app1's state is not overwritten by app2's
    assert.equal(((inits[0]?.['state'] as JsonObject)['terminated'] as JsonObject)['exitCode'], 0);
    assert.equal(statuses(p).length, 0);
    assert.ok(!facts(p).includes('container-name'));
  });
  test('a second block indented differently, after a running one', () => {
    const p = one(['  app:', '    Image:          nginx', '    State:          Running', '      Started:      Mon, 01 Jan 2024 10:00:00 +0000', '    Ready:          True', 'sidecar:', '    Image:          busybox', '    State:          Terminated', '      Reason:       OOMKilled', '      Exit Code:    137'].join('\n'));
    assert.deepEqual(
      statuses(p).map((s) => [s['name'], Object.keys((s['state'] ?? {}) as JsonObject)[0]]),
      [
        ['app', 'running'],
        ['sidecar', 'terminated'],
      ],
    );
    assert.equal(statuses(p)[1]?.['ready'], undefined, 'the sidecar block says nothing of Ready');
  });
});

describe('a container state pasted without its State: line', () => {
  test('a block that starts at "Reason:": the last state, and the guess said', () => {
    const p = one(paste('constructed-state-from-reason.txt'));
    const st = statuses(p)[0] as JsonObject;
    assert.deepEqual(st['lastState'], { terminated: { reason: 'OOMKilled', exitCode: 137, startedAt: '2025-03-03T09:40:12Z', finishedAt: '2025-03-03T09:41:55Z' } });
    assert.equal(st['state'], undefined, 'the current state is not in the text');
    assert.equal(st['ready'], false);
    assert.equal(st['restartCount'], 6);
    assert.deepEqual((p.pod['spec'] as JsonObject)['containers'], [{ name: '(unnamed)', resources: { limits: { memory: '90Mi' } } }]);
    assert.deepEqual(missing(p, 'state-line')?.subjects, ['(unnamed)']);
    assert.ok(facts(p).includes('container-name'));
  });
  test('at column 0, all keys at one column', () => {
    const p = one('Reason:       Error\nExit Code:    1\nReady:        False\nRestart Count: 3\n');
    assert.deepEqual(statuses(p)[0]?.['lastState'], { terminated: { reason: 'Error', exitCode: 1 } });
    assert.equal(statuses(p)[0]?.['restartCount'], 3);
  });
  test('"Ready: True" after it: a running container, so the terminated state is its last one (no guess)', () => {
    const p = one('      Reason:       OOMKilled\n      Exit Code:    137\n    Ready:          True\n    Restart Count:  2\n');
    assert.deepEqual(statuses(p)[0]?.['lastState'], { terminated: { reason: 'OOMKilled', exitCode: 137 } });
    assert.equal(missing(p, 'state-line'), undefined);
  });
  test('"Restart Count: 0" after it: no last state exists, so it is the current one', () => {
    const p = one('      Reason:       Completed\n      Exit Code:    0\n    Ready:          False\n    Restart Count:  0\n');
    assert.deepEqual(statuses(p)[0]?.['state'], { terminated: { reason: 'Completed', exitCode: 0 } });
    assert.equal(statuses(p)[0]?.['lastState'], undefined);
    assert.equal(missing(p, 'state-line'), undefined);
  });
  test('a waiting reason is the current state (only State: is ever Waiting)', () => {
    const p = one('      Reason:       CrashLoopBackOff\n    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    2\n    Ready:          False\n');
    assert.deepEqual(statuses(p)[0]?.['state'], { waiting: { reason: 'CrashLoopBackOff' } });
    assert.deepEqual(statuses(p)[0]?.['lastState'], { terminated: { reason: 'Error', exitCode: 2 } });
    assert.equal(statuses(p)[0]?.['restartCount'], undefined, 'no Restart Count line: none kept');
  });
  test('"Limits: memory: 90Mi" on one line, after a state block', () => {
    const p = one('    Last State:     Terminated\n      Reason:       OOMKilled\n      Exit Code:    137\n    Ready:          True\n    Limits:         memory: 90Mi\n');
    assert.deepEqual((p.pod['spec'] as JsonObject)['containers'], [{ name: '(unnamed)', resources: { limits: { memory: '90Mi' } } }]);
    assert.equal(statuses(p)[0]?.['ready'], true);
  });
  test('hmcts-28772: "Last State: Terminated / Reason: OOMKilled" alone keeps just that', () => {
    const p = read(paste('hmcts-28772.txt')).pods[0] as PodInput;
    const st = statuses(p).find((s) => s['lastState'] !== undefined) as JsonObject;
    assert.equal(((st['lastState'] as JsonObject)['terminated'] as JsonObject)['reason'], 'OOMKilled');
  });
  test('stateBlock: the kind and slot the keys tell, and what is no state block', () => {
    assert.deepEqual(stateBlock(['Reason: OOMKilled', 'Exit Code: 137', 'Restart Count: 4']), { line: 'Last State:  Terminated', guessed: true, length: 2 });
    assert.deepEqual(stateBlock(['Exit Code: 1', 'Last State: Terminated']), { line: 'State:  Terminated', guessed: false, length: 1 });
    assert.deepEqual(stateBlock(['Started: Mon, 01 Jan 2024 10:00:00 +0000', 'Ready: True']), { line: 'State:  Running', guessed: false, length: 1 });
    assert.deepEqual(stateBlock(['Reason: Error', 'Message: line one', 'line two', 'Exit Code: 1']), { line: 'Last State:  Terminated', guessed: true, length: 4 });
    // the pod's own reason and message
    assert.equal(stateBlock(['Reason: Evicted', 'Message: The node was low on resource: memory.', 'IP:']), undefined);
    assert.equal(stateBlock(['Reason: AppArmor', 'Message: Cannot enforce AppArmor: AppArmor is not enabled on the host', 'IP:']), undefined);
    assert.equal(stateBlock(['Message: something', 'IP: 10.0.0.1']), undefined);
    assert.equal(stateBlock(['Name: web-1']), undefined);
  });
});

describe("the pod's own Reason and Message", () => {
  test('soperator-177: Status Pending, Reason AppArmor, its message; a Containers section cut empty gives no containers', () => {
    const s = read(paste('soperator-177.txt'));
    const p = s.pods[0] as PodInput;
    assert.equal(status(p)['phase'], 'Pending');
    assert.equal(status(p)['reason'], 'AppArmor');
    assert.equal(status(p)['message'], 'Cannot enforce AppArmor: AppArmor is not enabled on the host');
    assert.equal((p.pod['spec'] as JsonObject | undefined)?.['containers'], undefined, 'the paste ends at "Containers:": how many there are is not said');
    assert.ok(facts(p).includes('containers'));
  });
  test('the kubelet\'s admission rejections with the lines around them (NodeAffinity, UnexpectedAdmissionError, OutOfcpu)', () => {
    for (const [reason, message] of [
      ['NodeAffinity', 'Pod Predicate NodeAffinity failed'],
      ['UnexpectedAdmissionError', 'Pod Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected'],
      ['OutOfcpu', "Pod was rejected: Node didn't have enough resource: cpu, requested: 150, used: 11388, capacity: 11500"],
    ]) {
      const p = one(`Status:         Failed\nReason:         ${reason}\nMessage:        ${message}\nIP:             \nIPs:            <none>\nControlled By:  ReplicaSet/gpu-job-5d9\n`);
      assert.deepEqual(status(p), { phase: 'Failed', reason, message }, reason);
    }
  });
  test('"Reason: Evicted" alone: the reason, and no phase made up', () => {
    const p = one('Reason:       Evicted\n');
    assert.deepEqual(status(p), { reason: 'Evicted' });
    assert.ok(facts(p).includes('pod-name'));
    assert.equal((p.pod['metadata'] as JsonObject)['namespace'], undefined);
  });
  test('the eviction message alone: the reason it stands for, not a phase', () => {
    const p = one('The node was low on resource: ephemeral-storage. Threshold quantity: 1Gi, available: 500Mi.\n');
    assert.equal(status(p)['reason'], 'Evicted');
    assert.equal(status(p)['phase'], undefined);
  });
  test('"Cannot enforce AppArmor" alone: the kubelet\'s soft admission reason', () => {
    const p = one('Message:          Cannot enforce AppArmor: AppArmor is not enabled on the host\n');
    assert.equal(status(p)['reason'], 'AppArmor');
  });
  test('a Message a terminal wrapped at column 0 is joined back; prose after it is not', () => {
    const p = one(
      [
        'Status:       Failed',
        'Reason:       Evicted',
        'Message:      The node was low on resource: memory. Threshold quantity: 100Mi, available: 87Mi. Container app was using 1.2Gi,',
        'request is 256Mi, has larger consumption of memory.',
        'IP:',
        'Controlled By:  ReplicaSet/web-7d4b9c6f5',
      ].join('\n'),
    );
    assert.equal(status(p)['message'], 'The node was low on resource: memory. Threshold quantity: 100Mi, available: 87Mi. Container app was using 1.2Gi, request is 256Mi, has larger consumption of memory.');
    assert.equal(((p.pod['metadata'] as JsonObject)['ownerReferences'] as JsonObject[])[0]?.['name'], 'web-7d4b9c6f5');
    const q = one("Status:  Failed\nReason:  OutOfmemory\nMessage: Pod Node didn't have enough resource: memory, requested: 2000000000, used: 6000000000, capacity: 7000000000\n확인 부탁드립니다\n");
    assert.equal(status(q)['message'], "Pod Node didn't have enough resource: memory, requested: 2000000000, used: 6000000000, capacity: 7000000000");
  });
  test('a Message wrapped by a ticket (indented to its value) is one line again', () => {
    const p = one('Status:       Failed\nReason:       Evicted\nMessage:      The node had condition:\n              [DiskPressure].\n');
    assert.equal(status(p)['message'], 'The node had condition: [DiskPressure].');
  });
});

describe('a last state quoted alone, with the writer\'s words around it', () => {
  const last = (p: PodInput) => (statuses(p)[0]?.['lastState'] as JsonObject | undefined)?.['terminated'] as JsonObject | undefined;
  test('"error:" before the lines is the writer\'s lead-in, not a container; Reason and Exit Code at the Last State column are its own (Azure/azure-service-operator#298)', () => {
    const p = one('**Describe the bug**\nerror:\n  Last State:     Terminated\n  Reason:       OOMKilled\n  Exit Code:    137\n\nAfter installing the operator you can see the above error\n');
    assert.deepEqual(last(p), { reason: 'OOMKilled', exitCode: 137 });
    assert.notEqual(statuses(p)[0]?.['name'], 'error');
    assert.ok(facts(p).includes('container-name'));
  });
  test('a blank line between a name and the keys: no container block of that name (Azure/azure-databricks-operator#62)', () => {
    const p = one('error:\n\n      Last State:     Terminated\n      Reason:       OOMKilled\n      Exit Code:    137\n');
    assert.deepEqual(last(p), { reason: 'OOMKilled', exitCode: 137 });
    assert.notEqual(statuses(p)[0]?.['name'], 'error');
  });
  test('a real container block named like a word is still one: its Container ID follows', () => {
    const p = one('Containers:\n  output:\n    Container ID:  containerd://ab\n    Image:         busybox\n    State:         Running\n      Started:     Sun, 02 Mar 2025 09:58:00 +0000\n    Ready:         True\n    Restart Count: 0\n');
    assert.equal(statuses(p)[0]?.['name'], 'output');
  });
  test('a note after a value ("← SIGTERM…", "  # …") is the writer\'s, not the value', () => {
    const p = one('Last State:  Terminated\n  Reason:    Error\n  Exit Code: 143          ← SIGTERM from the kubelet, not OOMKilled\nRestart Count: 3\n');
    assert.deepEqual(last(p), { reason: 'Error', exitCode: 143 });
    assert.equal(statuses(p)[0]?.['restartCount'], 3);
    const q = one('Last State:  Terminated\n  Reason:    Error\n  Exit Code: 1   # the app\'s own exit\n');
    assert.equal(last(q)?.['exitCode'], 1);
  });
  test('a fragment of status keys alone gives no spec: its resources are unknown, not "none set"', () => {
    const p = one('Last State:     Terminated\n  Reason:       OOMKilled\n  Exit Code:    137\n');
    const spec = ((p.pod['spec'] as JsonObject)['containers'] as JsonObject[])[0] as JsonObject;
    assert.deepEqual(Object.keys(spec), ['name']);
  });
});

describe('command and args of a describe, and a YAML excerpt of the same pod', () => {
  const orange = [
    '$ kubectl describe pod orange',
    'Name:         orange',
    'Namespace:    default',
    'Node:         controlplane/10.33.139.9',
    'Status:       Pending',
    'Init Containers:',
    '  init-myservice:',
    '    Container ID:  docker://ceff',
    '    Image:         busybox',
    '    Command:',
    '      sh',
    '      -c',
    '      sleeeep 2;',
    '    Args:',
    '      --verbose',
    '    State:          Waiting',
    '      Reason:       CrashLoopBackOff',
    '    Last State:     Terminated',
    '      Reason:       Error',
    '      Exit Code:    127',
    '    Ready:          False',
    '    Restart Count:  3',
    'Containers:',
    '  app:',
    '    Container ID:',
    '    Image:         busybox:1.28',
    '    State:          Waiting',
    '      Reason:       PodInitializing',
    '    Ready:          False',
    '    Restart Count:  0',
    'Events:  <none>',
    '',
    '$ kubectl get pod orange -o yaml',
    'initContainers:',
    '  - command:',
    '    - sh',
    '    - -c',
    '    - sleeeeep 2;',
    '',
  ].join('\n');
  test('Command and Args are kept element by element (the facts read the program off them)', () => {
    const p = one(orange);
    const init = ((p.pod['spec'] as JsonObject)['initContainers'] as JsonObject[])[0] as JsonObject;
    assert.deepEqual(init['command'], ['sh', '-c', 'sleeeep 2;']);
    assert.deepEqual(init['args'], ['--verbose']);
  });
  test('a nameless container of a YAML excerpt is the list\'s one container, not one more', () => {
    const p = one(orange);
    const inits = (p.pod['spec'] as JsonObject)['initContainers'] as JsonObject[];
    assert.equal(inits.length, 1);
    assert.equal(inits[0]?.['name'], 'init-myservice');
  });
});

describe('an Events section: none, cut, or condensed by the writer', () => {
  const head = 'Name:         web-1\nNamespace:    shop\nNode:         node-1/10.0.0.1\nStatus:       Pending\n';
  test('"Events:  <none>" is known to be none', () => {
    const p = one(`${head}Events:  <none>\n`);
    assert.ok(!facts(p).includes('events'));
  });
  test('"Events:" with nothing after it is a paste cut there: the events are unknown, not none', () => {
    const p = one(`${head}Events:\n`);
    assert.ok(facts(p).includes('events'));
    const q = one(`${head}Events:\n  Type    Reason     Age   From               Message\n  ----    ------     ----  ----               -------\n`);
    assert.ok(facts(q).includes('events'));
  });
  test('"Events: <message> (xN over T)" and messages under it are the events they stand for; other words are not', () => {
    const p = one('Last State:  Terminated\n  Reason:    Error\n  Exit Code: 143\nRestart Count: 3\nEvents: Liveness probe failed: context deadline exceeded  (x4 over 2m8s)\n        Container app failed liveness probe, will be restarted\n        and then it came back\n');
    const evs = p.events;
    assert.deepEqual(
      evs.map((e) => [e.reason, e.count, e.message]),
      [
        ['Unhealthy', 4, 'Liveness probe failed: context deadline exceeded'],
        ['Killing', 1, 'Container app failed liveness probe, will be restarted'],
      ],
    );
    assert.equal(evs[0]?.last, undefined);
    assert.ok(!facts(p).includes('events'));
  });
});
