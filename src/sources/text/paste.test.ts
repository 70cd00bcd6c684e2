// The paste reader on what users paste: real posts (fixtures/pastes/, sources in SOURCES.md) and
// the shapes they show, through the whole reading path (DocumentStream → snapshot).

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { FIXTURES_DIR } from '../../api/rules.js';
import type { JsonObject } from '../../util/json.js';
import { parseDescribeText } from './describe.js';
import { snapshotFromDocs } from '../file.js';
import { readPaste, recoverYaml, reindentFlat } from './paste.js';
import { DocumentStream, type ParsedDoc } from '../reader.js';
import type { PodInput } from '../../model/input.js';

const NOW = Date.parse('2025-03-02T10:00:00Z');
const PASTES = join(FIXTURES_DIR, 'pastes');
const paste = (name: string) => readFileSync(join(PASTES, name), 'utf8');

/** Read a text the way the CLI does (--now given), into pods with their events joined. */
function read(text: string, now: number | null = NOW, file = 'p.txt') {
  const docs: ParsedDoc[] = [];
  const s = new DocumentStream(file, (d) => docs.push(d), now !== null ? { now } : {});
  s.write(text);
  s.end();
  return snapshotFromDocs([{ file, docs }]);
}

/** Walk object keys and array indexes. */
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
const ns = (p: PodInput | undefined) => dig(p?.pod, 'metadata', 'namespace');
const statuses = (p: PodInput | undefined, key = 'containerStatuses') => (dig(p?.pod, 'status', key) ?? []) as JsonObject[];
const status = (p: PodInput | undefined, c: string) => statuses(p).find((s) => s['name'] === c);
const facts = (p: PodInput | undefined) => (p?.source?.missing ?? []).map((m) => m.fact);
const reasons = (p: PodInput | undefined) => (p?.events ?? []).map((e) => e.reason);

describe('describe output, whole, cut or flattened', () => {
  test('k8s-93826: a describe that lost all its indentation is read as kubectl printed it', () => {
    const s = read(paste('k8s-93826.txt'));
    assert.equal(s.pods.length, 1);
    const p = s.pods[0];
    assert.equal(name(p), 'wordpress-5bbd7fd785-p4s9r');
    assert.equal(p?.source?.format, 'describe');
    assert.deepEqual(status(p, 'wordpress')?.['lastState'], { terminated: { reason: 'Error', exitCode: 1, startedAt: '2020-08-09T06:42:19Z', finishedAt: '2020-08-09T06:46:06Z' } });
    assert.equal(status(p, 'wordpress')?.['restartCount'], 19);
    assert.deepEqual(dig(p?.pod, 'spec', 'containers', '0', 'env'), [{ name: 'WORDPRESS_DB_HOST' }, { name: 'WORDPRESS_DB_PASSWORD', valueFrom: { secretKeyRef: { key: 'password', name: 'mysql-pass-c57bb4t7mf' } } }]);
    assert.equal((dig(p?.pod, 'spec', 'tolerations') as unknown[]).length, 2);
    assert.deepEqual(reasons(p), ['BackOff']);
    assert.equal(p?.events[0]?.count, 81);
    assert.equal(p?.events[0]?.involved.fieldPath, 'spec.containers{wordpress}');
    // only the sentence before it is skipped
    assert.deepEqual(s.warnings, ['p.txt: 1 line(s) could not be read and were skipped (line 1)']);
  });
  test('aks-2064: the first line lost its indentation', () => {
    const p = read(paste('aks-2064.txt')).pods[0];
    assert.equal(name(p), 'portforwardlinux-6252-bc95f66d9-k5mdr');
    assert.equal(ns(p), 'default');
    assert.deepEqual(status(p, 'portforwardlinux-6252')?.['state'], { waiting: { reason: 'ContainerCreating' } });
    assert.equal((dig(p?.pod, 'status', 'conditions') as unknown[]).length, 4);
  });
  test('k8s-14357: kubectl 1.0 describe with tabs and old events', () => {
    const p = read(paste('k8s-14357.txt')).pods[0];
    assert.equal(name(p), 'test-ss20y');
    assert.deepEqual(reasons(p), ['Scheduled', 'Pulled', 'Started']);
    assert.equal(p?.events[0]?.first, Date.parse('2015-09-22T15:01:32Z'));
  });
  test('kubeblocks-8027: a container block cut at its State line, Go zero times dropped', () => {
    const s = read(paste('kubeblocks-8027.txt'));
    const p = s.pods[0];
    assert.equal(p?.source?.format, 'fragment');
    const st = statuses(p)[0];
    assert.deepEqual(st?.['state'], { terminated: { reason: 'ContainerStatusUnknown', message: 'The container could not be located when the pod was terminated', exitCode: 137 } });
    assert.equal(dig(st, 'lastState', 'terminated', 'exitCode'), 137);
    assert.equal(st?.['restartCount'], 1);
    // no name anywhere: said so, and no environment value is kept
    assert.deepEqual(facts(p), ['container-name', 'pod-name', 'no-events', 'age']);
    assert.ok(!JSON.stringify(p?.pod).includes('daisy-776f7959cb-mysql-1'));
    assert.deepEqual(s.warnings, []);
  });
  test('k8s-122256: one container block whose name has no colon, node logs after it', () => {
    const s = read(paste('k8s-122256.txt'));
    const st = statuses(s.pods[0])[0];
    assert.equal(st?.['name'], 'wk64c');
    assert.deepEqual(dig(st, 'lastState', 'terminated', 'exitCode'), 137);
    assert.equal(st?.['restartCount'], 1);
    assert.equal(s.warnings.length, 1);
    assert.match(s.warnings[0] as string, /4 line\(s\) could not be read and were skipped \(lines 1, 3, 16, 18\)$/);
  });
  test('gke-433: event rows without their header become the events of a pod the paste does not name', () => {
    const p = read(paste('gke-433.txt')).pods[0];
    assert.equal(name(p), 'pasted-events');
    assert.deepEqual(facts(p), ['pod-object', 'pod-name']);
    assert.deepEqual(reasons(p), ['Pulled', 'Created', 'Started', 'Evicted', 'Killing', 'ExceededGracePeriod']);
    assert.match(p?.events[3]?.message ?? '', /^The node was low on resource: memory\./);
  });
  test('event rows alone: the pod kubelet names in a BackOff message (name_namespace(uid), unquoted)', () => {
    const rows = '  Warning  BackOff  2m (x5 over 4m)  kubelet  Back-off restarting failed container app in pod web-1_shop(9f1c2d4e-0a7b-4c55-8e3a-2b6d7f9c1e05)\n';
    const p = read(rows).pods[0];
    assert.equal(name(p), 'web-1');
    assert.equal(ns(p), 'shop');
  });
  test('ckad-51: the Events section alone belongs to the pod the prompt names', () => {
    const p = read(paste('ckad-51.txt')).pods[0];
    assert.equal(name(p), 'busybox-probe');
    assert.equal(ns(p), 'default', 'from "Successfully assigned default/busybox-probe"');
    assert.deepEqual(reasons(p), ['Scheduled', 'Pulling', 'Failed', 'Failed', 'BackOff', 'Failed']);
    assert.equal(p?.events[5]?.count, 9);
  });
  test('tarantool-88: an indented Events section with "..." and "kubelet, minikube"', () => {
    const p = read(paste('tarantool-88.txt')).pods[0];
    assert.equal(p?.events.length, 6);
    assert.equal(p?.events[5]?.source, 'kubelet');
    assert.equal(p?.events[5]?.count, 157);
  });
  test('a fragment quoted with "> " (a container block and events)', () => {
    const p = read(paste('constructed-quoted-fragment.txt')).pods[0];
    assert.deepEqual(status(p, 'worker')?.['state'], { waiting: { reason: 'CreateContainerConfigError' } });
    assert.equal(p?.events[0]?.involved.fieldPath, 'spec.containers{worker}');
    assert.equal(p?.events[0]?.message, 'Error: secret "worker-env" not found');
  });
});

describe('tables', () => {
  test('k9s-229: a powerline prompt and a table with an Evicted row', () => {
    const s = read(paste('k9s-229.txt'));
    assert.equal(s.pods.length, 8);
    const evicted = s.pods.find((p) => name(p) === 'rc-busybox-ephemeral-hdsn5');
    assert.equal(dig(evicted?.pod, 'status', 'reason'), 'Evicted');
    assert.equal(dig(evicted?.pod, 'status', 'phase'), 'Failed');
  });
  test('k8s-66889: -A -o wide rows without their header, after "| grep Evicted"', () => {
    const s = read(paste('k8s-66889.txt'));
    assert.deepEqual(
      s.pods.map((p) => [ns(p), name(p), dig(p.pod, 'spec', 'nodeName')]),
      [
        ['huan-a', 'account-local-8447bc8dbc-l5z7b', '10.171.2.38'],
        ['huan-a', 'account-local-8447bc8dbc-l6mcj', '10.171.2.38'],
        ['huan-a', 'account-local-8447bc8dbc-lcrsl', '10.171.2.38'],
      ],
    );
  });
  test('k8s-96186 and k8s-84272: collapsed spaces, Markdown indentation and emphasis', () => {
    const a = read(paste('k8s-96186.txt'));
    assert.deepEqual(
      a.pods.map((p) => [name(p), dig(statuses(p)[0], 'state', 'waiting', 'reason')]),
      [
        ['my_pod_1', 'ErrImagePull'],
        ['my_pod_2', 'ImagePullBackOff'],
      ],
    );
    const b = read(paste('k8s-84272.txt'));
    assert.equal(name(b.pods[0]), 'test-6');
    assert.equal(statuses(b.pods[0]).length, 4);
  });
  test('k8s-22005: a table row and a describe of the same pod: the describe wins field by field, the row gives the age', () => {
    const p = read(paste('k8s-22005.txt')).pods[0];
    assert.equal(name(p), 'fluentd-elasticsearch-e2e-test-mml-minion-siao');
    assert.equal(p?.source?.format, 'mixed');
    assert.deepEqual(statuses(p).map((x) => x['name']), ['fluentd-elasticsearch'], 'no made-up container from the table');
    assert.deepEqual(status(p, 'fluentd-elasticsearch')?.['state'], { waiting: { reason: 'ImagePullBackOff' } });
    assert.equal(dig(p?.pod, 'metadata', 'creationTimestamp'), '2025-03-02T09:28:00Z', 'AGE 32m at --now');
    assert.ok(!facts(p).includes('creation-time'));
  });
  test('without --now, a table\'s AGE does not replace the Start Time of a describe', () => {
    const p = read(paste('k8s-22005.txt'), null).pods[0];
    assert.equal(dig(p?.pod, 'metadata', 'creationTimestamp'), '2016-02-25T19:02:53Z');
  });
  test('a k9s pods view copied with its box', () => {
    const s = read(paste('constructed-k9s-pods.txt'));
    assert.deepEqual(
      s.pods.map((p) => [name(p), dig(p.pod, 'spec', 'nodeName')]),
      [
        ['orders-api-6f8d9c7b54-x2x7k', 'node-3'],
        ['web-7d4b9c6f5-abcde', 'node-3'],
        ['batch-28fa9-kq2xz', 'node-1'],
      ],
    );
    assert.deepEqual(dig(statuses(s.pods[0])[0], 'state'), { waiting: { reason: 'CrashLoopBackOff' } });
  });
  test('zh-583 and itserver-ko: prose in Chinese and Korean around tables and events', () => {
    const zh = read(paste('zh-583.txt'));
    assert.equal(zh.pods.length, 1);
    assert.equal(name(zh.pods[0]), 'wordpress-5ccb957fb9-gxvwx');
    assert.deepEqual(reasons(zh.pods[0]), ['FailedScheduling'], 'the events join the only pod of the paste');
    const ko = read(paste('itserver-ko.txt'));
    assert.equal(ko.pods.length, 1);
    assert.equal(dig(statuses(ko.pods[0])[0], 'state', 'waiting', 'reason'), 'CrashLoopBackOff');
  });
  test('PowerShell: events of a pod and of its Deployment; the Deployment\'s is passed on, not joined', () => {
    const s = read(paste('constructed-powershell-events.txt'));
    assert.equal(s.pods.length, 1);
    assert.equal(ns(s.pods[0]), 'dev');
    assert.deepEqual(reasons(s.pods[0]), ['Scheduled', 'Failed', 'Failed', 'BackOff']);
    assert.equal(s.orphanEvents.length, 1);
    assert.equal(s.orphanEvents[0]?.message, 'Scaled up replica set report-7c9f8d6b5 to 1', 'the prompt after the table is not read as a wrapped message');
  });
  test('corpus 045: kubectl events with a message broken over three lines', () => {
    const p = read(paste('corpus-045-kubectl-events.txt')).pods[0];
    assert.equal(p?.events.length, 1);
    assert.equal(p?.events[0]?.message, 'Error: failed to create containerd task: OCI runtime create failed: container_linux.go:380: starting container process caused: exec: "/coredns": permission denied: unknown');
  });
  test('rancher-1520: a row inside a one-line fence', () => {
    const p = read(paste('rancher-1520.txt')).pods[0];
    assert.equal(name(p), 'nginx-6799fc88d8-9crcj');
    assert.deepEqual(reasons(p), ['BackOff']);
  });
  test('"No events found" for the pod a table shows: its events are known to be none', () => {
    const p = read(paste('constructed-no-events-for-pod.txt')).pods[0];
    assert.equal(name(p), 'api-7d9c');
    assert.equal(p?.events.length, 0);
    assert.ok(!facts(p).includes('no-events'));
  });
});

describe('more real pastes', () => {
  test('k8s-10861: a prompt before ./cluster/kubectl.sh, and kubectl 1.0 describe', () => {
    const p = read(paste('k8s-10861.txt')).pods[0];
    assert.equal(name(p), 'simmemleak-hra99');
    assert.equal(status(p, 'simmemleak')?.['restartCount'], 5);
    assert.deepEqual(reasons(p), ['scheduled', 'pulled']);
  });
  test('kube-eventer-285 and ksm-1227: State and Last State alone, under prose or in a fence', () => {
    for (const f of ['kube-eventer-285.txt', 'ksm-1227.txt']) {
      const p = read(paste(f)).pods[0];
      assert.equal(statuses(p).length, 1, f);
      assert.equal(dig(statuses(p)[0], 'state', 'waiting', 'reason'), 'CrashLoopBackOff', f);
      assert.equal(dig(statuses(p)[0], 'lastState', 'terminated', 'reason'), 'OOMKilled', f);
    }
  });
  test('hmcts-28772: a table row and a Last State without its container: one container', () => {
    const p = read(paste('hmcts-28772.txt')).pods[0];
    assert.equal(name(p), 'tax-tribunals-application-base-74464f6b98-2kj6g');
    assert.equal(statuses(p).length, 1);
    assert.equal(statuses(p)[0]?.['restartCount'], 4);
    assert.equal(dig(statuses(p)[0], 'lastState', 'terminated', 'reason'), 'OOMKilled');
  });
  test('k8s-91215 and appvia-763: kubectl get pods -w: the last row of a pod is its state', () => {
    const a = read(paste('k8s-91215.txt'));
    assert.equal(a.pods.length, 1);
    assert.equal(dig(statuses(a.pods[0])[0], 'state', 'waiting', 'reason'), 'CrashLoopBackOff');
    assert.equal(statuses(a.pods[0])[0]?.['restartCount'], 4);
    const b = read(paste('appvia-763.txt'));
    assert.equal(b.pods.length, 3);
    const cm = b.pods.find((p) => name(p) === 'captain-controller-manager-665cfdd8cd-hl6l2');
    assert.equal(statuses(cm)[0]?.['ready'], true);
    assert.equal(dig(cm?.pod, 'status', 'initContainerStatuses'), undefined);
    assert.deepEqual(b.warnings, ['p.txt: 2 line(s) could not be read and were skipped (lines 1, 19)']);
  });
});

describe('YAML and JSON inside text', () => {
  test('cosmos-185: -o yaml cut inside spec: the status is read, the cut part skipped', () => {
    const s = read(paste('cosmos-185.txt'));
    const p = s.pods[0];
    assert.equal(p?.source?.format, 'yaml-in-text');
    assert.equal(dig(p?.pod, 'status', 'reason'), 'Evicted');
    assert.equal(dig(statuses(p)[0], 'state', 'terminated', 'reason'), 'ContainerStatusUnknown');
    assert.deepEqual(s.warnings, []);
  });
  test('a status block (after a prompt naming the pod) and a List of events', () => {
    const s = read(paste('constructed-yaml-fragments.txt'));
    const p = s.pods[0];
    assert.equal(name(p), 'web-1');
    assert.deepEqual(dig(statuses(p)[0], 'lastState', 'terminated'), { exitCode: 137, reason: 'OOMKilled' });
    assert.deepEqual(reasons(p), ['BackOff']);
    assert.equal(p?.events[0]?.involved.fieldPath, 'spec.containers{web}');
    assert.deepEqual(s.warnings, ['p.txt: 1 line(s) could not be read and were skipped (line 21)']);
  });
  test('a containerStatuses list alone, indented; a state block alone', () => {
    const a = read(paste('constructed-containerstatuses-alone.txt')).pods[0];
    assert.equal(dig(statuses(a)[0], 'state', 'waiting', 'reason'), 'ImagePullBackOff');
    assert.equal(statuses(a)[0]?.['name'], 'app');
    const b = read(paste('constructed-state-block.txt')).pods[0];
    assert.deepEqual(dig(statuses(b)[0], 'lastState', 'terminated'), { exitCode: 139, reason: 'Error' });
    assert.ok(facts(b).includes('container-name'));
  });
  test('JSON in prose: read, and its environment values are dropped', () => {
    const p = read(paste('constructed-json-in-prose.txt')).pods[0];
    assert.equal(name(p), 'api-0');
    assert.equal(dig(statuses(p)[0], 'lastState', 'terminated', 'reason'), 'OOMKilled');
    assert.ok(!JSON.stringify(p?.pod).includes('hunter2-in-json'));
    assert.deepEqual(dig(p?.pod, 'spec', 'containers', '0', 'env'), [{ name: 'DB_PASSWORD' }]);
  });
  test('k8s-48511: containerStatuses whose indentation a copy broke: put back from a pod\'s shape', () => {
    const s = read(paste('k8s-48511.txt'));
    assert.equal(s.pods.length, 1);
    const st = statuses(s.pods[0])[0];
    assert.equal(st?.['image'], 'debian');
    // terminated sits under lastState, though the copy put it at lastState's column
    assert.equal(dig(st, 'lastState', 'terminated', 'containerID'), 'docker://9649c26');
    assert.deepEqual(s.warnings, ['p.txt: 3 line(s) could not be read and were skipped (lines 1-3)']);
  });
  test('recoverYaml: a key whose list sits at its own column; lines deeper than their siblings', () => {
    const ls = (t: string) => t.split('\n').map((text, i) => ({ i, indent: text.length - text.trimStart().length, text: text.trim() }));
    const skipped: number[] = [];
    assert.deepEqual(recoverYaml(ls('volumes:\n- name: a\n  emptyDir: {}\nstatus:\n  phase: Running\n   bad: [x'), skipped), { volumes: [{ name: 'a', emptyDir: {} }], status: { phase: 'Running' } });
    assert.deepEqual(skipped, [5]);
  });
  test('a YAML file that is a fragment (no kind): read as a pod the paste does not name', () => {
    const s = read('status:\n  phase: Pending\n  conditions:\n  - type: PodScheduled\n    status: "False"\n    reason: Unschedulable\n    message: "0/3 nodes are available: 3 Insufficient memory."\n', NOW, 'status.yaml');
    assert.equal(s.pods.length, 1);
    assert.equal(name(s.pods[0]), 'pasted-pod');
    assert.equal(dig(s.pods[0]?.pod, 'status', 'conditions', '0', 'reason'), 'Unschedulable');
    assert.ok(facts(s.pods[0]).includes('pod-name'));
  });
});

describe('kubectl logs pasted with the rest', () => {
  test('after a prompt with -c and --previous: the log tail of that container', () => {
    const p = read(paste('constructed-logs-after-table.txt')).pods[0];
    assert.equal(name(p), 'orders-api-6f8d9c7b54-x2x7k');
    assert.deepEqual(Object.keys(p?.logs ?? {}), ['api']);
    assert.equal(p?.logs?.['api']?.previous, true);
    assert.equal(p?.logs?.['api']?.origin, 'text');
    assert.match(p?.logs?.['api']?.text ?? '', /^2025-03-02T09:58:01Z INFO starting[^]*panic: database unavailable$/);
    // the table's made-up container that is not ready takes the name the prompt gives
    assert.deepEqual(statuses(p).map((s) => s['name']), ['(unnamed 1)', 'api']);
  });
  test('kubectl\'s "Defaulted container" line names the container and is not part of the log', () => {
    const p = read(paste('constructed-logs-defaulted-container.txt')).pods[0];
    assert.equal(name(p), 'web-0');
    assert.equal(p?.source?.format, 'logs');
    assert.equal(p?.logs?.['web']?.previous, true);
    assert.ok(!p?.logs?.['web']?.text.includes('Defaulted'));
  });
  test('"The logs:" before a fence: the failing container\'s, said to be a guess', () => {
    const p = read(paste('constructed-describe-then-logs.txt')).pods[0];
    assert.deepEqual(Object.keys(p?.logs ?? {}), ['web']);
    assert.deepEqual(
      p?.source?.missing?.find((m) => m.fact === 'logs-container'),
      { fact: 'logs-container', subjects: ['web'], command: 'kubectl logs web-0 -c CONTAINER' },
    );
  });
  test('Korean prose around a describe and its logs', () => {
    const s = read(paste('constructed-ko-describe-logs.txt'));
    assert.equal(s.pods.length, 1);
    const p = s.pods[0];
    assert.equal(name(p), 'batch-0');
    assert.equal(p?.logs?.['batch']?.text, 'open /etc/batch/config.yaml: no such file or directory');
    assert.equal(p?.logs?.['batch']?.previous, true);
    assert.deepEqual(s.warnings, ['p.txt: 3 line(s) could not be read and were skipped (lines 1, 25, 32)']);
  });
  test('k8s-30148 and origin-5417: kubectl logs refused: the waiting reason is read, the error is no log', () => {
    const a = read(paste('k8s-30148.txt')).pods[0];
    assert.equal(name(a), 'upload');
    assert.deepEqual(status(a, 'upload')?.['state'], { waiting: { reason: 'ErrImagePull' } });
    const b = read(paste('origin-5417.txt')).pods[0];
    assert.equal(name(b), 'logging-kibana-1-rsjx9');
    assert.equal(b?.logs, undefined);
  });
});

describe('what is said about the input', () => {
  test('warnings name lines and counts, never pasted text', () => {
    for (const f of readdirSync(PASTES).filter((x) => x.endsWith('.txt'))) {
      const text = paste(f);
      const s = read(text);
      for (const w of s.warnings) {
        for (const line of text.split('\n')) {
          const t = line.trim();
          if (t.length >= 12) assert.ok(!w.includes(t), `${f}: a warning shows pasted text: ${w}`);
        }
      }
    }
  });
  test('every paste is read without an error', () => {
    for (const f of readdirSync(PASTES).filter((x) => x.endsWith('.txt'))) {
      const s = read(paste(f));
      assert.ok(s.pods.length > 0, f);
    }
  });
  test('text with nothing podwhy reads keeps its one-line refusal', () => {
    for (const t of ['hello world\nthis is not kubectl output\n', 'Thanks for the help!\n\nIt works now.\n', '안녕하세요\n감사합니다\n']) {
      assert.throws(() => readPaste(t, 'x.txt', { now: NOW }), /x\.txt is not YAML, JSON or kubectl output podwhy reads/);
    }
  });
  test('"No events found" and nothing else: said so, in one line', () => {
    assert.throws(() => readPaste('No events found in default namespace.\n', 'ev.txt', { now: NOW }), /ev\.txt: kubectl found no events here, and the text names no pod — /);
  });
  test('describe of something else than a pod', () => {
    assert.throws(() => readPaste('Name:         web\nNamespace:    shop\nCreationTimestamp:  Sun, 02 Mar 2025 09:00:00 +0000\nSelector:     app=web\nReplicas:     3 desired\n', 'd.txt'), /d\.txt looks like kubectl describe output of something other than a pod/);
  });
});

describe('the describe path is unchanged', () => {
  const twins = readdirSync(join(FIXTURES_DIR, 'describe')).filter((f) => f.endsWith('.txt'));
  test('every describe twin reads exactly as parseDescribeText reads it', () => {
    for (const t of twins) {
      const text = readFileSync(join(FIXTURES_DIR, 'describe', t), 'utf8');
      const a = readPaste(text, t, { now: NOW });
      const b = parseDescribeText(text, t, NOW);
      assert.deepEqual(
        a.objects.map((o) => o.value),
        b.objects.map((o) => o.value),
        t,
      );
    }
  });
  test('reindentFlat puts a flattened container block back where kubectl prints it', () => {
    const flat = ['Containers:', 'app:', 'State: Waiting', 'Reason: CrashLoopBackOff', 'Last State: Terminated', 'Reason: Error', 'Exit Code: 1', 'Ready: False', 'Events:', 'Type Reason Age From Message'].map((text, i) => ({ n: i + 1, indent: 0, text }));
    assert.deepEqual(
      reindentFlat(flat).map((l) => l.indent),
      [0, 2, 4, 6, 4, 6, 6, 4, 0, 2],
    );
  });
});

describe('fixtures of pastes', () => {
  test('a header, "---", then the paste: the header\'s now is the instant of the paste', () => {
    const text = `kind: PodwhyFixture\ndescription: x\nnow: "2025-03-02T10:00:00Z"\nexpect: {fires: [], rootCause: null}\n---\n${paste('ckad-51.txt')}`;
    const s = read(text, null, 'f.txt');
    assert.equal(s.fixtures.length, 1);
    assert.equal(s.pods[0]?.capturedAt, NOW);
    // "2m40s" before the header's now
    assert.equal(s.pods[0]?.events[0]?.first, NOW - 160_000);
    assert.equal(s.pods[0]?.source?.line, 8, 'lines count from the top of the file');
  });
  test('a YAML fixture reads as before', () => {
    const text = readFileSync(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml'), 'utf8');
    const s = read(text, null, 'f.yaml');
    assert.equal(s.fixtures.length, 1);
    assert.equal(s.pods.length, 1);
    assert.equal(s.pods[0]?.source?.format, undefined);
    assert.ok((s.pods[0]?.source?.line ?? 0) > 1);
  });
});


describe('robustness', () => {
  test('every paste cut anywhere, with lines dropped or shifted, reads or is refused in one line, never throws anything else', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const texts = readdirSync(PASTES)
      .filter((x) => x.endsWith('.txt'))
      .map(paste);
    texts.push(...readdirSync(join(FIXTURES_DIR, 'describe')).filter((f) => f.endsWith('.txt')).slice(0, 20).map((f) => readFileSync(join(FIXTURES_DIR, 'describe', f), 'utf8')));
    const tryRead = (t: string) => {
      try {
        readPaste(t, 'f.txt', { now: NOW });
      } catch (e) {
        assert.equal((e as Error).constructor.name, 'InputError', String((e as Error).stack));
        assert.ok(!(e as Error).message.includes('\n'));
      }
    };
    for (const text of texts) {
      for (let cut = 0; cut < text.length; cut += 97) tryRead(text.slice(cut));
      const lines = text.split('\n');
      for (let k = 0; k < 20; k++) {
        tryRead(lines.filter(() => rand() > 0.2).join('\n'));
        tryRead(lines.map((l) => (rand() > 0.7 ? `${' '.repeat(Math.floor(rand() * 6))}${l.trimStart()}` : l)).join('\n'));
      }
    }
  });
});

describe('one warning for what is skipped', () => {
  test('lines a describe or a table could not place are counted with the rest, not warned about one by one', () => {
    const text = 'Name:  web-1\nNamespace:  shop\nNode:  n/1.2.3.4\nContainers:\n  web:\n    State:  Running\n    ???\n    !!!\nhello there\n$ kubectl get pods\nNAME   READY   STATUS   RESTARTS   AGE\nweb-1   1/1   Running   0   5m\nweb-2 ??? \n';
    const s = read(text);
    assert.deepEqual(s.warnings, ['p.txt: 4 line(s) could not be read and were skipped (lines 7-9, 13)']);
  });
  test('event rows without a header: "(combined from similar events):", {kubelet node} sources, <unknown> ages', () => {
    const p = read('  Warning  FailedCreatePodSandBox  <unknown>  kubelet, node-1  (combined from similar events): Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox: plugin type="calico" failed (add): stat /var/lib/calico/nodename: no such file or directory\n  Normal   SandboxChanged  3m (x8 over 3m)  {kubelet node-1}  Pod sandbox changed, it will be killed and re-created.\n').pods[0];
    assert.deepEqual(reasons(p), ['FailedCreatePodSandBox', 'SandboxChanged']);
    assert.match(p?.events[0]?.message ?? '', /^Failed to create pod sandbox: /);
    assert.equal(p?.events[0]?.source, 'kubelet');
    assert.equal(p?.events[1]?.source, 'kubelet');
    assert.equal(p?.events[1]?.count, 8);
  });
  test('an old kubectl get events row without its header', () => {
    const p = read('1m   5m   6   api-1.15a8b7c6d5e4f3a2   Pod   spec.containers{api}   Warning   BackOff   kubelet, minikube   Back-off restarting failed container\n').pods[0];
    assert.equal(name(p), 'api-1');
    assert.equal(p?.events[0]?.count, 6);
    assert.equal(p?.events[0]?.involved.fieldPath, 'spec.containers{api}');
  });
  test('an Events grep of one namespace belongs to the one pod of that namespace a table shows', () => {
    const text = [
      '$ kubectl get pod -A',
      'NAMESPACE   NAME        READY   STATUS    RESTARTS   AGE',
      'ns-a        web-a-1     0/1     Pending   0          6m',
      'ns-b        web-b-1     0/1     Pending   0          6m',
      '$ kubectl describe pod -n ns-b | grep Events: -A5',
      'Events:',
      '  Type     Reason            Age   From               Message',
      '  ----     ------            ----  ----               -------',
      '  Warning  FailedScheduling  57s   default-scheduler  0/1 nodes are available: 1 Too many pods.',
      '',
    ].join('\n');
    const pods = read(text).pods;
    assert.deepEqual(pods.map((p) => [name(p), ns(p), reasons(p)]), [['web-a-1', 'ns-a', []], ['web-b-1', 'ns-b', ['FailedScheduling']]]);
    // two pods in that namespace: which one is not told, so neither gets them
    const two = read(text.replace('ns-a        web-a-1', 'ns-b        web-b-2')).pods;
    assert.ok(!two.some((p) => (name(p) === 'web-b-1' || name(p) === 'web-b-2') && reasons(p).length > 0));
  });
  test('get pods rows cut after STATUS or RESTARTS are read under their command; event rows under describe pvc are the claim\'s', () => {
    const text = [
      'kubectl get pods -n pgsql',
      'pgsql-postgresql-0   0/5     Pending   0',
      'kubectl describe pvc data-pgsql-postgresql-0 -n pgsql',
      ' Normal  FailedBinding  4m47s (x5903 over 24h)  persistentvolume-controller  no persistent volumes available for this claim and no storage class is set',
      '',
    ].join('\n');
    const pods = read(text).pods;
    assert.deepEqual(pods.map((p) => [name(p), ns(p), dig(p?.pod, 'status', 'phase')]), [['pgsql-postgresql-0', 'pgsql', 'Pending']]);
    assert.deepEqual(pods[0]?.events.map((e) => [e.reason, e.involved.kind, e.involved.name]), [['FailedBinding', 'PersistentVolumeClaim', 'data-pgsql-postgresql-0']]);
    // the same short line with no get pods command over it is not a row
    assert.equal(read('some words here\npgsql-postgresql-0   0/5     Pending   0\n$ kubectl get pods\nNAME  READY  STATUS  RESTARTS  AGE\nweb-1  1/1  Running  0  5m\n').pods.length, 1);
  });
});
