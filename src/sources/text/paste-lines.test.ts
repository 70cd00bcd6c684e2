// The line level of the paste reader: what each line is on its own, and what is taken off it.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  describeKey,
  EVENT_ROW,
  EVENTS_TABLE_HEADER,
  EVENTS_TABLE_ROW,
  F_FENCE,
  F_FENCED,
  F_GAP,
  isContainerHeader,
  isEllipsis,
  isJsonStart,
  isYamlLine,
  NO_RESOURCES,
  OLD_EVENT_ROW,
  parseCommand,
  pasteLines,
  PODS_TABLE_HEADER,
  PODS_TABLE_ROW,
  promptCommand,
  WAITING_TO_START,
} from './paste-lines.js';

const lines = (text: string) => {
  const L = pasteLines(text, 'p.txt');
  return Array.from({ length: L.count }, (_, i) => ({ n: L.n[i], indent: L.indent[i], text: L.text[i], flags: L.flags[i] as number }));
};

describe('decorations taken off a line', () => {
  test('Markdown fences, with their language; content on the fence line itself', () => {
    const ls = lines('text\n```yaml\nkind: Pod\n```\n```2m44s       Normal    BackOff   pod/nginx-6799fc88d8-9crcj   Back-off pulling image "nginx"```\n');
    assert.deepEqual(
      ls.map((l) => [l.text, l.flags & (F_FENCE | F_FENCED)]),
      [
        ['text', 0],
        ['', F_FENCE],
        ['kind: Pod', F_FENCED],
        ['', F_FENCE],
        ['2m44s       Normal    BackOff   pod/nginx-6799fc88d8-9crcj   Back-off pulling image "nginx"', 0],
      ],
    );
  });
  test('quote marks, k9s box sides and borders, bold prompts, tabs', () => {
    const ls = lines('> Name:   web\n> > Namespace:  shop\n┌──────── Pods(default)[2] ────────┐\n│ NAME    READY   STATUS    RESTARTS   AGE │\n└──────────────────────────────────┘\n**[root@master 10-24]# kubectl get po/test-6**\nState:\t\tRunning\n');
    assert.deepEqual(
      ls.map((l) => l.text),
      ['Name:   web', 'Namespace:  shop', 'NAME    READY   STATUS    RESTARTS   AGE', '[root@master 10-24]# kubectl get po/test-6', 'State:    Running'],
    );
    assert.ok(((ls[2]?.flags ?? 0) & F_GAP) !== 0, 'a border is a gap');
  });
  test('417: a blockquote whose marks have no space (">text"), fence and indented continuations inside', () => {
    const ls = lines('>~~~sh\n>Warning  FailedMount  2s  kubelet, n2  MountVolume.SetUp failed for volume "pv" : mount failed: exit status 32\n>Output: Running scope as unit run-1.scope.\n>       missing codepage or helper program, or other error\n>~~~\n');
    assert.deepEqual(
      ls.map((l) => l.text),
      ['', 'Warning  FailedMount  2s  kubelet, n2  MountVolume.SetUp failed for volume "pv" : mount failed: exit status 32', 'Output: Running scope as unit run-1.scope.', 'missing codepage or helper program, or other error', ''],
    );
    assert.equal(ls[3]?.indent, 6);
    // one ">x" line alone is no blockquote
    assert.deepEqual(lines('>x\nplain\n').map((l) => l.text), ['>x', 'plain']);
  });
  test('blank lines are not kept (a flood of them costs nothing), only marked', () => {
    const L = pasteLines(`a\n${'\n'.repeat(100_000)}b\n`, 'p.txt');
    assert.equal(L.count, 2);
    assert.equal(L.n[1], 100_002);
    assert.ok(((L.flags[1] as number) & F_GAP) !== 0);
  });
  test('terminal control sequences are removed, line numbers are kept', () => {
    const ls = lines('\u001b[31mState:  Waiting\u001b[0m\n\n\u0007Reason: x\n');
    assert.deepEqual(
      ls.map((l) => [l.n, l.text]),
      [
        [1, 'State:  Waiting'],
        [3, 'Reason: x'],
      ],
    );
  });
});

describe('shell prompts and the command they ran', () => {
  const cases: [string, Partial<ReturnType<typeof parseCommand>> | undefined][] = [
    ['$ kubectl describe pod web-1 -n shop', { verb: 'describe', pod: 'web-1', namespace: 'shop' }],
    ['[root@host ~]# kubectl logs web-1 -c app --previous', { verb: 'logs', pod: 'web-1', container: 'app', previous: true }],
    ['user@h:~$ kubectl get pods -A -o wide', { verb: 'get', resource: 'pods', allNamespaces: true, output: 'wide' }],
    ['PS C:\\Users\\me> kubectl get events --namespace=dev', { verb: 'get', resource: 'events', namespace: 'dev' }],
    ['C:\\work>kubectl describe po/api-0', { verb: 'describe', pod: 'api-0' }],
    ['> kubectl version', { verb: 'version' }],
    ['% kubectl get pods --all-namespaces', { verb: 'get', allNamespaces: true }],
    ['➜  ~ kubectl logs -p web-0', { verb: 'logs', pod: 'web-0', previous: true }],
    [' root@william  /home/fedora  kubectl get pod', { verb: 'get', resource: 'pod' }],
    ['root@vm10-171-2-7:~# k get pod --show-all --all-namespaces -o wide |grep Evicted', { tool: 'k', verb: 'get', allNamespaces: true }],
    ['# oc logs logging-kibana-1-rsjx9 kibana', { tool: 'oc', verb: 'logs', pod: 'logging-kibana-1-rsjx9', container: 'kibana' }],
    ['kubectl describe pod/busybox-probe', { verb: 'describe', pod: 'busybox-probe' }],
    ['kubectl events --for pod/web-1 -n shop', { verb: 'events', pod: 'web-1', namespace: 'shop' }],
    ['sudo microk8s kubectl logs web-1 --tail=50', { verb: 'logs', pod: 'web-1', tail: true }],
    ['$ cat pod.yaml', { tool: 'cat' }],
    // not prompts
    ['# This is a comment about the pod', undefined],
    ['> I ran it twice', undefined],
    ['Then I ran kubectl describe pod x', undefined],
    ['Name:  web-1', undefined],
    ['kubectl is great', undefined],
  ];
  for (const [line, want] of cases) {
    test(line, () => {
      const c = promptCommand(line.trim());
      if (want === undefined) assert.equal(c, undefined);
      else {
        assert.ok(c, 'a prompt');
        for (const [k, v] of Object.entries(want)) assert.deepEqual((c as unknown as Record<string, unknown>)[k], v, k);
      }
    });
  }
});

describe('line shapes', () => {
  test('describe keys: top level, container, state', () => {
    assert.equal(describeKey('Name:         web')?.kind, 'top');
    assert.equal(describeKey('Controlled By:  ReplicaSet/web')?.kind, 'top');
    assert.equal(describeKey('Restart Count:  4')?.kind, 'container');
    assert.equal(describeKey('Last State:     Terminated')?.kind, 'container');
    assert.equal(describeKey('Exit Code:    137')?.kind, 'state');
    assert.equal(describeKey('name: web'), undefined, 'YAML keys are lower-case');
    assert.equal(describeKey('Note: this is prose'), undefined);
    assert.equal(isContainerHeader('app:'), 'app');
    assert.equal(isContainerHeader('Containers:'), undefined);
  });
  test('event rows of both layouts, at any indentation, with or without From', () => {
    assert.ok(EVENT_ROW.test('Warning  BackOff  3m (x12 over 10m)  kubelet  Back-off restarting failed container'));
    assert.ok(EVENT_ROW.test('Warning  Failed     <unknown> (x5 over <unknown>)        Error: couldn\'t find key VALUE in Secret default/x'));
    assert.ok(EVENT_ROW.test('Normal   SandboxChanged         3m (x8 over 3m)  kubelet, hostname.net  Pod sandbox changed, it will be killed and re-created.'));
    assert.ok(OLD_EVENT_ROW.test('1m  1m  1  {kubelet node-1}  spec.containers{app}  Warning  BackOff  Back-off restarting failed docker container'));
    assert.ok(OLD_EVENT_ROW.test('Tue, 22 Sep 2015 17:01:32 +0200  Tue, 22 Sep 2015 17:01:32 +0200  1  {scheduler }    Scheduled  Successfully assigned test-ss20y to node'));
    assert.ok(!EVENT_ROW.test('Warning: this is prose'));
  });
  test('tables: headers and rows without them', () => {
    assert.ok(EVENTS_TABLE_HEADER.test('LAST SEEN   TYPE      REASON    OBJECT        MESSAGE'));
    assert.ok(EVENTS_TABLE_HEADER.test('NAMESPACE   LAST SEEN   TYPE      REASON    OBJECT   SUBOBJECT   SOURCE   MESSAGE'));
    assert.ok(EVENTS_TABLE_ROW.test('<unknown> (x5 over <unknown>)   Warning   Failed   Pod/aegis-workload-demo-76f5f7dc46-vfldl   Error: x'));
    assert.ok(EVENTS_TABLE_ROW.test('shop   2m   Warning   BackOff   pod/web-1   Back-off'));
    assert.ok(PODS_TABLE_HEADER.test('NAMESPACE↑   NAME   PF   READY   STATUS   RESTARTS   IP   NODE   AGE'));
    assert.ok(PODS_TABLE_HEADER.test('NAME READY STATUS RESTARTS AGE'));
    assert.ok(PODS_TABLE_ROW.test('rc-busybox-ephemeral-hdsn5               0/1     Evicted   0          9d'));
    assert.ok(PODS_TABLE_ROW.test('huan-a   account-local-8447bc8dbc-l5z7b   0/1   Evicted   0   32m   <none>   10.171.2.38'));
    assert.ok(PODS_TABLE_ROW.test('orders-api-6f8d9c7b54-x2x7k   0/1     CrashLoopBackOff   7 (2m10s ago)   3h'));
    assert.ok(PODS_TABLE_ROW.test('web-0   0/1   Init:CrashLoopBackOff   3   5m'));
    assert.ok(!PODS_TABLE_ROW.test('I have 0/1 pods ready'));
  });
  test('kubectl\'s own lines, YAML, JSON, cut marks', () => {
    assert.deepEqual(NO_RESOURCES.exec('No events found in proprietary namespace.')?.slice(1), ['events', 'proprietary']);
    assert.deepEqual(WAITING_TO_START.exec('Error from server (BadRequest): container "app" in pod "web-1" is waiting to start: ContainerCreating')?.slice(1), ['app', 'web-1', 'ContainerCreating']);
    assert.ok(isYamlLine('containerStatuses:'));
    assert.ok(isYamlLine('- name: app'));
    assert.ok(!isYamlLine('Here is my pod: it fails'));
    assert.ok(isJsonStart('{'));
    assert.ok(isJsonStart('{"kind":"Pod"}'));
    assert.ok(!isJsonStart('[root@host ~]#'));
    for (const e of ['...', '....', '[...]', '…', '<snip>', '(...)']) assert.ok(isEllipsis(e), e);
    assert.ok(!isEllipsis('...and then it failed'));
  });
});

describe('bounds', () => {
  test('more than two million lines is refused with one line', () => {
    assert.throws(() => pasteLines('x\n'.repeat(2_000_001), 'big.txt'), /big\.txt: more than 2000000 lines of text — split the input/);
  });
  test('a very long line is cut, not refused', () => {
    const L = pasteLines(`${'a'.repeat(1_000_000)}\nb\n`, 'p.txt');
    assert.equal(L.text[0]?.length, 64 * 1024);
    assert.equal(L.text[1], 'b');
  });
});
