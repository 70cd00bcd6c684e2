// Pastes of logs with no kubectl output: a container's own output (log-lines.ts), the kubelet's
// and the container runtime's journal lines (journal.ts), and messages a terminal or a ticket
// wrapped. Real posts in fixtures/pastes/ (SOURCES.md).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonObject } from '../../util/json.js';
import type { PodInput } from '../../model/input.js';
import { pasteFixture, readPaste } from '../../../test/paste-read.js';
import { journalEvents, parseJournalLine, syncFailures, syncStates, unquoteGo } from './journal.js';
import { isProgramLine } from './log-lines.js';

const paste = pasteFixture;
const read = (text: string) => readPaste(text);
const name = (p: PodInput | undefined) => (p?.pod['metadata'] as JsonObject | undefined)?.['name'];
const ns = (p: PodInput | undefined) => (p?.pod['metadata'] as JsonObject | undefined)?.['namespace'];
const facts = (p: PodInput | undefined) => (p?.source?.missing ?? []).map((m) => m.fact);

describe("a container's output alone", () => {
  test("a Go panic's own line is the log's, not a YAML key: the controller log of fixtures/real/323", () => {
    const s = read('```\n2023-09-18T08:22:33.676Z\tINFO\tObserved a panic in reconciler: runtime error: invalid memory address or nil pointer dereference\npanic: runtime error: invalid memory address or nil pointer dereference [recovered]\n\tpanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x68 pc=0x1cc4eed]\n\ngoroutine 895 [running]:\nmain.reconcile()\n```\n');
    const log = s.pods[0]?.logs?.['(unnamed)']?.text ?? '';
    assert.match(log, /^panic: runtime error: invalid memory address or nil pointer dereference \[recovered\]$/m, log);
    assert.match(log, /^goroutine 895 \[running\]:$/m, log);
  });
  test('microk8s-1118: the one log line a post quotes among prose is the log of a pod the paste does not name', () => {
    const s = read(paste('microk8s-1118.txt'));
    assert.equal(s.pods.length, 1);
    const p = s.pods[0] as PodInput;
    assert.equal(p.source?.format, 'logs');
    assert.deepEqual(Object.keys(p.logs ?? {}), ['(unnamed)']);
    assert.equal(p.logs?.['(unnamed)']?.text, 'standard_init_linux.go:207: exec user process caused "exec format error"');
    // no object of the pod was pasted: known by its log alone
    assert.deepEqual(facts(p), ['pod-object', 'logs-container', 'pod-name']);
    assert.equal(p.pod['status'], undefined, 'nothing of its status is in the text');
    assert.equal(ns(p), undefined);
  });
  test('zfs-provisioner-6: the runtime\'s exec failure in a fence', () => {
    const p = read(paste('zfs-provisioner-6.txt')).pods[0];
    assert.equal(p?.logs?.['(unnamed)']?.text, 'standard_init_linux.go:219: exec user process caused: exec format error');
  });
  test('stack traces and a program\'s errors: the whole block is the log', () => {
    const java = ['Exception in thread "main" java.lang.OutOfMemoryError: Java heap space', '\tat java.util.Arrays.copyOf(Arrays.java:3210)', '\tat java.util.ArrayList.grow(ArrayList.java:265)', 'Caused by: java.lang.RuntimeException: boom', '\t... 3 more'].join('\n');
    assert.match(read(java).pods[0]?.logs?.['(unnamed)']?.text ?? '', /^Exception in thread "main" java\.lang\.OutOfMemoryError: Java heap space\n {2}at java\.util\.Arrays\.copyOf[^]*Caused by: java\.lang\.RuntimeException: boom/);
    const py = ['```', 'Traceback (most recent call last):', '  File "/app/main.py", line 3, in <module>', '    import requests', "ModuleNotFoundError: No module named 'requests'", '```'].join('\n');
    assert.equal(read(py).pods[0]?.logs?.['(unnamed)']?.text, "Traceback (most recent call last):\n  File \"/app/main.py\", line 3, in <module>\n    import requests\nModuleNotFoundError: No module named 'requests'");
    const chown = "chown: changing ownership of '/data': Operation not permitted\n";
    assert.equal(read(chown).pods[0]?.logs?.['(unnamed)']?.text, "chown: changing ownership of '/data': Operation not permitted");
    const exec = 'exec /app: no such file or directory\n';
    assert.equal(read(exec).pods[0]?.logs?.['(unnamed)']?.text, 'exec /app: no such file or directory');
  });
  test('411: a C error whose "(errno: text)" a blog wrapped onto its own line is one line again', () => {
    const t = ['```', 'nginx: [emerg] chown("/var/cache/nginx/client_temp", 101) failed', '(1: Operation not permitted)', '```'].join('\n');
    assert.equal(read(`$ kubectl logs web-1 -c nginx\n${t}\n`).pods[0]?.logs?.['nginx']?.text, 'nginx: [emerg] chown("/var/cache/nginx/client_temp", 101) failed (1: Operation not permitted)');
    // alone, an errno line has nothing to join to
    assert.equal(read('$ kubectl logs web-1\n```\n(13: Permission denied)\n```\n').pods[0]?.logs?.['(unnamed)']?.text, '(13: Permission denied)');
  });
  test('well-known failure words anywhere in a line make it a program line; prose about them does not', () => {
    assert.equal(isProgramLine('Communications link failure'), true);
    assert.equal(isProgramLine('“Failed to scrape node” err=”Get "https://10.0.0.5:10250/metrics/resource": tls: failed to verify certificate: x509: cannot validate certificate for 10.0.0.5'), true);
    assert.equal(isProgramLine('FATAL: password authentication failed for user "app"'), true);
    assert.equal(isProgramLine('the x509 certificate was wrong'), false);
  });
  test('a sentence that mentions an error is not a log', () => {
    assert.equal(isProgramLine('I get permission denied when the pod starts'), false);
    assert.equal(isProgramLine('the pod fails with exec format error'), false);
    assert.equal(isProgramLine('panic: runtime error: invalid memory address or nil pointer dereference'), true);
    assert.equal(isProgramLine('goroutine 1 [running]:'), true);
    assert.equal(isProgramLine('/bin/sh: 1: curl: not found'), true);
    assert.throws(() => read('I get permission denied when the pod starts.\n'), /not YAML, JSON or kubectl output/);
  });
});

describe("the kubelet's and the runtime's journal", () => {
  test("kubeapps-933: a syslog line without a pid; the same sync error three times is one BackOff event counted three times", () => {
    const s = read(paste('kubeapps-933.txt'));
    assert.equal(s.pods.length, 1);
    const p = s.pods[0] as PodInput;
    assert.equal(name(p), 'apprepo-sync-stable-1547906400-k8xb7');
    assert.equal(ns(p), 'kubeapps');
    assert.equal(p.source?.format, 'journal');
    assert.equal(p.events.length, 1);
    const e = p.events[0];
    assert.equal(e?.reason, 'BackOff');
    assert.equal(e?.type, 'Warning');
    assert.equal(e?.count, 3);
    assert.equal(e?.source, 'kubelet');
    assert.equal(e?.host, 'bms-k8s-node-188-64');
    assert.equal(e?.involved.fieldPath, 'spec.containers{sync}');
    assert.equal(e?.message, 'Back-off restarting failed container sync in pod apprepo-sync-stable-1547906400-k8xb7_kubeapps(8342124b-1bf2-11e9-a9ee-f8bc124413fc)');
    // a syslog date has no year: no time is made up
    assert.equal(e?.first, undefined);
  });
  test('minikube-11105: lines minikube lists with "- ", two pods', () => {
    const s = read(paste('minikube-11105.txt'));
    assert.deepEqual(
      s.pods.map((p) => [name(p), ns(p), p.events.map((e) => `${e.reason}×${e.count}`).join()]),
      [
        ['kube-apiserver-minikube', 'kube-system', 'BackOff×2'],
        ['etcd-minikube', 'kube-system', 'BackOff×1'],
      ],
    );
  });
  test('k8s-54760: the info lines around the error stand for nothing and are counted', () => {
    const s = read(paste('k8s-54760.txt'));
    assert.equal(s.pods.length, 1);
    assert.deepEqual(s.pods[0]?.events.map((e) => e.reason), ['BackOff']);
    assert.match(s.warnings.join('\n'), /2 line\(s\) could not be read and were skipped \(lines 3-4\)/);
  });
  test('provider-aws-test-infra-281: containerd\'s PullImage failure, with its full time and the node', () => {
    const p = read(paste('provider-aws-test-infra-281.txt')).pods[0];
    const e = p?.events[0];
    assert.equal(e?.reason, 'Failed');
    assert.equal(e?.host, 'bootstrap-e2e-master');
    assert.equal(e?.last, Date.parse('2024-02-07T13:36:48Z'));
    assert.match(e?.message ?? '', /^Failed to pull image "registry\.k8s\.io\/kube-apiserver-amd64:v1\.30\.0-alpha\.1\.107_052bce26f4f48b": rpc error: code = NotFound desc = failed to pull and unpack image "registry\.k8s\.io\/[^"]+": failed to resolve reference/);
    assert.ok(facts(p).includes('pod-object'));
  });
  test('k8s-8178: kubelet 0.x plain lines — the mount failure and the sync error, of the pod they name', () => {
    const p = read(paste('k8s-8178.txt')).pods[0];
    assert.equal(name(p), 'ruby-sample-build-2');
    assert.equal(ns(p), 'test');
    assert.deepEqual(p?.events.map((e) => e.reason), ['FailedMount', 'FailedSync']);
    assert.match(p?.events[0]?.message ?? '', /secrets "mysecret" not found/);
  });
  test("k8s-7968: the event recorder's line is the event; the log line of the same pull is not a second one", () => {
    const p = read(paste('k8s-7968.txt')).pods[0];
    assert.equal(name(p), 'client-fh62u');
    assert.equal(p?.events.length, 1);
    assert.equal(p?.events[0]?.reason, 'failed');
    assert.equal(p?.events[0]?.involved.fieldPath, 'spec.containers{client}');
  });
  test('193: the configMap volume plugin\'s "Couldn\'t get configMap" is the FailedMount later kubelets record; handlers.go is the kubelet\'s', () => {
    const line = parseJournalLine('E0831 04:12:41.868086    3570 configmap.go:157] Couldn\'t get configMap default/bigquery: configmaps "bigquery" not found');
    assert.equal(line?.program, 'kubelet');
    const [ev] = journalEvents(line!);
    assert.equal(ev?.reason, 'FailedMount');
    assert.match(ev?.message ?? '', /configmaps "bigquery" not found$/);
    assert.equal(parseJournalLine('I0823 10:28:58.312316    2346 handlers.go:67] Exec lifecycle hook ([/bin/bash -c sleep 25]) for Container "x" in Pod "y_default(u)" failed - error: e')?.file, 'handlers.go');
  });
  test('structured klog (1.19+): err=, pod=, the sync failures inside', () => {
    const line = parseJournalLine(
      'Dec 04 10:00:00 node-1 kubelet[1234]: E1204 10:00:00.000000    1234 pod_workers.go:1298] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"app\\" with ErrImagePull: \\"rpc error: code = NotFound desc = failed to pull and unpack image \\\\\\"docker.io/library/nginx:1.99\\\\\\": not found\\"" pod="shop/web-1" podUID=abc',
    );
    assert.equal(line?.host, 'node-1');
    assert.equal(line?.fields['pod'], 'shop/web-1');
    const evs = journalEvents(line as NonNullable<typeof line>);
    assert.deepEqual(evs, [{ type: 'Warning', reason: 'Failed', message: 'Failed to pull image "docker.io/library/nginx:1.99": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.99": not found', container: 'app', pod: { namespace: 'shop', name: 'web-1' }, host: 'node-1' }]);
    const probe = parseJournalLine('I0601 10:00:00.000000    1234 prober.go:107] "Probe failed" probeType="Liveness" pod="shop/web-1" podUID=abc containerName="app" probeResult="failure" output="HTTP probe failed with statuscode: 500"');
    assert.deepEqual(journalEvents(probe as NonNullable<typeof probe>), [{ type: 'Warning', reason: 'Unhealthy', message: 'Liveness probe failed: HTTP probe failed with statuscode: 500', container: 'app', pod: { namespace: 'shop', name: 'web-1' } }]);
    // not a kubelet file, no syslog prefix: a program's own klog output, not the kubelet's
    assert.equal(parseJournalLine('E0601 10:00:00.000000       1 reflector.go:138] failed to list'), undefined);
  });
  test('sync failures, Go quoting, and the states a FailedSync event states', () => {
    assert.equal(unquoteGo('"a \\"b\\" c"'), 'a "b" c');
    const err = '[failed to "InitContainer" for "remove-lost-found" with RunInitContainerError: "init container \\"remove-lost-found\\" exited with 1", failed to "StartContainer" for "remove-lost-found" with CrashLoopBackOff: "Back-off 2m40s restarting failed container=remove-lost-found pod=m_default(u)"]';
    assert.deepEqual(
      syncFailures(err).map((f) => [f.action, f.target, f.error]),
      [
        ['InitContainer', 'remove-lost-found', 'RunInitContainerError'],
        ['StartContainer', 'remove-lost-found', 'CrashLoopBackOff'],
      ],
    );
    assert.deepEqual(syncStates([{ reason: 'FailedSync', message: `Error syncing pod, skipping: ${err}` }]), [{ name: 'remove-lost-found', init: true, waiting: { reason: 'CrashLoopBackOff', message: 'Back-off 2m40s restarting failed container=remove-lost-found pod=m_default(u)' } }]);
  });
});

describe('event rows', () => {
  test('real-posts-2 107: a field path printed before the message is the event\'s, and leaves the message', () => {
    const p = read(
      [
        'Events:',
        '  Type     Reason          Age                    From               Message',
        '  ----     ------          ----                   ----               -------',
        '  Normal   Pulled          2m8s (x27 over 7m14s)  kubelet            spec.initContainers{config-init}: Container image "docker.io/redis:8.2.4-alpine" already present on machine',
      ].join('\n'),
    ).pods[0];
    assert.equal(p?.events[0]?.involved.fieldPath, 'spec.initContainers{config-init}');
    assert.equal(p?.events[0]?.message, 'Container image "docker.io/redis:8.2.4-alpine" already present on machine');
  });
});

describe('messages a terminal or a ticket wrapped', () => {
  test('greenstand-treetracker-49: a terminal cut "exceeds" in two in a fenced describe: joined without a space', () => {
    const p = read(paste('greenstand-treetracker-49.txt')).pods[0];
    assert.equal((p?.pod['status'] as JsonObject)['message'], 'The node was low on resource: memory. Container treetracker-pgpool was using 1275700Ki, which exceeds its request of 0.');
  });
  test("rethinkdb-cluster-27: an old layout's probe output over three lines stays the row's message; the next row is its own", () => {
    const p = read(paste('rethinkdb-cluster-27.txt')).pods[0];
    assert.deepEqual(p?.events.map((e) => e.reason), ['Started', 'Unhealthy', 'Unhealthy']);
    for (const e of p?.events.slice(1) ?? []) assert.match(e.message ?? '', /Dload {2}Upload[^]*curl: \(7\) Failed to connect to localhost port 8080: Connection refused$/);
  });
  test('codefactoryhu-manifest-11: inline code over two lines keeps the platform mismatch', () => {
    const p = read(paste('codefactoryhu-manifest-11.txt')).pods[0];
    assert.ok(p?.events.some((e) => /no match for platform in manifest: not found$/.test(e.message ?? '')));
  });
  test('a row a terminal wrapped at column 0 keeps its tail, and the next row is not swallowed', () => {
    const text = [
      'Events:',
      '  Type     Reason     Age                From               Message',
      '  ----     ------     ----               ----               -------',
      '  Warning  Failed     1m (x4 over 2m)    kubelet            Failed to pull image "ghcr.io/acme/web:1.2": rpc error: code = NotFound desc = failed to pull and unpack image "ghcr.io/acme/web:1.2":',
      'no match for platform in manifest: not found',
      '  Warning  Failed     1m (x4 over 2m)    kubelet            Error: ErrImagePull',
    ].join('\n');
    const p = read(text).pods[0];
    assert.deepEqual(
      p?.events.map((e) => e.message),
      ['Failed to pull image "ghcr.io/acme/web:1.2": rpc error: code = NotFound desc = failed to pull and unpack image "ghcr.io/acme/web:1.2": no match for platform in manifest: not found', 'Error: ErrImagePull'],
    );
  });
  test('a terminal that cut an image name at its width (two rows cut at the same column) is joined without a space', () => {
    // (both rows reach column 141, where the terminal cut them)
    const row = (s: string) => {
      assert.equal(s.length, 141);
      return s;
    };
    const text = [
      row('  Normal   Pulling    16s (x3 over 2m25s)  kubelet, ubuntu4g  Pulling image "docker.io/cilium/startup-script:af2a99046eca96c0138551393b21a5c0'),
      '44c7fe79"',
      row('  Warning  Failed     12s (x3 over 57s)    kubelet, ubuntu4g  Failed to pull image "docker.io/cilium/startup-script:af2a99046eca96c0138551393'),
      'b21a5c044c7fe79": rpc error: code = Unknown desc = no matching manifest for linux/arm/v7 in the manifest list entries',
    ].join('\n');
    const p = read(text).pods[0];
    assert.deepEqual(
      p?.events.map((e) => e.message),
      ['Pulling image "docker.io/cilium/startup-script:af2a99046eca96c0138551393b21a5c044c7fe79"', 'Failed to pull image "docker.io/cilium/startup-script:af2a99046eca96c0138551393b21a5c044c7fe79": rpc error: code = Unknown desc = no matching manifest for linux/arm/v7 in the manifest list entries'],
    );
  });
});
