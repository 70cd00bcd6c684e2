// End to end: bin/podwhy.js on kubectl's human-readable output, from a file (-f) and from stdin,
// as a user pastes it. Also the refusals: text that is no kubectl output, and a cut-off paste.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { FIXTURES_DIR } from '../api/rules.js';

const BIN = resolve(FIXTURES_DIR, '..', 'bin', 'podwhy.js');
const tmp = mkdtempSync(join(tmpdir(), 'podwhy-describe-'));
const twin = (name: string) => readFileSync(join(FIXTURES_DIR, 'describe', `${name}.txt`), 'utf8');

function podwhy(args: string[], stdin?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { input: stdin ?? '', encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', HOME: tmp }, timeout: 20_000 });
  // text output is wrapped at 80 columns: compare it with single spaces
  return { code: r.status, out: r.stdout, err: r.stderr, flat: r.stdout.replace(/\s+/g, ' ') };
}
function file(name: string, text: string): string {
  const f = join(tmp, name);
  writeFileSync(f, text);
  return f;
}
const json = (out: string) => JSON.parse(out) as { pods: { name: string; findings: { rule: string; role: string }[]; input: { format: string; missing: { fact: string; command: string }[] } | null }[] };
const root = (p: { findings: { rule: string; role: string }[] }) => p.findings.find((f) => f.role === 'root-cause')?.rule;

describe('kubectl describe pod text', () => {
  const text = `$ kubectl describe pod orders-api-6f8d9c7b54-q7xkz -n shop\n${twin('crashloop-oomkilled-jvm')}`;
  test('-f file: the YAML diagnosis, and what describe does not print', () => {
    const r = podwhy(['-f', file('ticket.txt', text)]);
    assert.equal(r.code, 1, r.err);
    assert.equal(r.err, '');
    assert.match(r.out, /ROOT CAUSE {2}crashloop-oomkilled/);
    assert.match(r.flat, /Not in this kubectl output: the message of the waiting state of orders-api \(CrashLoopBackOff\) — see: kubectl get pod orders-api-6f8d9c7b54-q7xkz -n shop -o yaml/);
  });
  test('stdin, JSON output with the input format and missing facts', () => {
    const r = podwhy(['-o', 'json'], text);
    assert.equal(r.code, 1, r.err);
    const [p] = json(r.out).pods;
    assert.equal(root(p as never), 'crashloop-oomkilled');
    assert.equal(p?.input?.format, 'describe');
    assert.ok(p?.input?.missing.some((m) => m.fact === 'condition-message'));
  });
  test('Korean output labels the missing facts in Korean', () => {
    const r = podwhy(['--lang', 'ko', '-f', file('ticket-ko.txt', text)]);
    assert.match(r.flat, /이 kubectl 출력에 없는 정보: orders-api \(CrashLoopBackOff\) 컨테이너의 Waiting 상태 메시지/);
  });
  test('CRLF line endings read the same', () => {
    const a = podwhy(['-o', 'json'], text);
    const b = podwhy(['-o', 'json'], text.replace(/\n/g, '\r\n'));
    assert.deepEqual(json(b.out).pods.map((p) => p.findings.map((f) => f.rule)), json(a.out).pods.map((p) => p.findings.map((f) => f.rule)));
  });
  test('several pods in one text (kubectl describe pods)', () => {
    const r = podwhy(['-o', 'json'], `${twin('crashloop-oomkilled-jvm')}\n\n${twin('image-pull-http-registry')}\n\n${twin('running-ready-statefulset')}`);
    const pods = json(r.out).pods;
    assert.equal(pods.length, 3);
    assert.deepEqual(pods.map(root), ['crashloop-oomkilled', 'image-pull-tls', undefined]);
  });
  test('a pod argument selects from the text', () => {
    const r = podwhy(['pod/orders-api-6f8d9c7b54-q7xkz', '-f', file('two.txt', `${twin('crashloop-oomkilled-jvm')}\n${twin('image-pull-http-registry')}`), '-o', 'json']);
    assert.deepEqual(json(r.out).pods.map((p) => p.name), ['orders-api-6f8d9c7b54-q7xkz']);
  });
  test('a text cut off mid-section still diagnoses, and says the events are missing', () => {
    const cut = text.slice(0, text.indexOf('    Limits:'));
    const r = podwhy(['-o', 'json'], cut);
    assert.equal(r.code, 1, r.err);
    const [p] = json(r.out).pods;
    assert.equal(root(p as never), 'crashloop-oomkilled');
    assert.ok(p?.input?.missing.some((m) => m.fact === 'events'));
  });
  test('environment values never reach any output', () => {
    const secret = text.replace('JAVA_TOOL_OPTIONS:  -Xms256m', 'JAVA_TOOL_OPTIONS:  -Dpw=TopSecret42');
    for (const o of ['text', 'json', 'yaml', 'sarif', 'markdown']) {
      const r = podwhy(['-o', o], secret);
      assert.ok(!r.out.includes('TopSecret42') && !r.err.includes('TopSecret42'), o);
    }
  });
  test('terminal control characters in the text do not reach the output', () => {
    const r = podwhy([], text.replace('Back-off restarting', 'Back-off \u001b]0;owned\u0007\u001b[2Jrestarting'));
    assert.ok(!/[\u001b\u0007]/.test(r.out + r.err));
  });
});

describe('event and pod tables', () => {
  test('kubectl get events alone: diagnosis from events, said to rest on them', () => {
    const ev = `LAST SEEN   TYPE      REASON             OBJECT                    MESSAGE
40s         Warning   FailedScheduling   pod/llm-7c96d5f6d8-wmhgr   0/4 nodes are available: 4 Insufficient nvidia.com/gpu. preemption: 0/4 nodes are available: 4 No preemption victims found for incoming pod.
`;
    const r = podwhy(['-o', 'json'], ev);
    assert.equal(r.code, 1, r.err);
    const [p] = json(r.out).pods;
    assert.equal(p?.name, 'llm-7c96d5f6d8-wmhgr');
    assert.equal(root(p as never), 'unschedulable-insufficient-resources');
    assert.equal(p?.input?.missing[0]?.fact, 'pod-object');
    const t = podwhy([], ev);
    assert.match(t.flat, /the pod itself: this diagnosis rests on its events or logs alone/);
  });
  test('--now is the instant the ages in the text count from', () => {
    const ev = `LAST SEEN   TYPE      REASON             OBJECT                    MESSAGE
5m          Warning   FailedScheduling   pod/llm-7c96d5f6d8-wmhgr   0/4 nodes are available: 4 Insufficient nvidia.com/gpu. preemption: 0/4 nodes are available: 4 No preemption victims found for incoming pod.
`;
    const a = podwhy(['-o', 'json', '--now', '2025-03-02T10:00:00Z'], ev);
    const b = podwhy(['-o', 'json', '--now', '2025-03-02T10:00:00Z'], ev);
    assert.equal(a.out, b.out);
    const timeline = (JSON.parse(a.out) as { pods: { timeline: { at: string | null; event: string }[] }[] }).pods[0]?.timeline ?? [];
    assert.ok(timeline.some((e) => e.at === '2025-03-02T09:55:00Z'), JSON.stringify(timeline));
  });
  test('kubectl get pods: limited diagnosis, said so', () => {
    const r = podwhy([], 'NAME                          READY   STATUS             RESTARTS       AGE\norders-api-6f8d9c7b54-x2x7k   0/1     CrashLoopBackOff   7 (2m ago)     3h\n');
    assert.equal(r.code, 1, r.err);
    assert.match(r.out, /crashloop-backoff/);
    assert.match(r.flat, /this diagnosis is limited — see: kubectl describe pod orders-api-6f8d9c7b54-x2x7k/);
  });
});

describe('refusals', () => {
  test('text that is neither YAML, JSON nor kubectl output: exit 2, one line', () => {
    for (const garbage of ['hello world\nthis is not kubectl output\n', '%%%%\n', 'lorem ipsum dolor sit amet']) {
      const r = podwhy([], garbage);
      assert.equal(r.code, 2, garbage);
      assert.equal(r.out, '');
      assert.equal(r.err.trim().split('\n').length, 1, r.err);
      assert.match(r.err, /not YAML, JSON or kubectl output/);
      assert.ok(!/\bat .*\.js:\d+/.test(r.err), 'no stack trace');
    }
  });
  test('kubectl describe of a Deployment or a Node: exit 2, one line that says so', () => {
    const deploy = 'Name:                   web\nNamespace:              shop\nCreationTimestamp:      Sun, 02 Mar 2025 09:00:00 +0000\nLabels:                 app=web\nSelector:               app=web\nReplicas:               3 desired | 3 updated | 3 total | 2 available | 1 unavailable\nStrategyType:           RollingUpdate\n';
    const node = 'Name:               node-1\nRoles:              control-plane\nLabels:             kubernetes.io/os=linux\nAnnotations:        node.alpha.kubernetes.io/ttl: 0\nCreationTimestamp:  Sun, 02 Mar 2025 09:00:00 +0000\nTaints:             <none>\nUnschedulable:      false\n';
    for (const text of [deploy, node]) {
      const r = podwhy([], text);
      assert.equal(r.code, 2, r.err);
      assert.equal(r.err.trim().split('\n').length, 1, r.err);
      assert.match(r.err, /kubectl describe output of something other than a pod/);
    }
  });
  test('an events table about other objects only: no pod, exit 2, one line', () => {
    const r = podwhy([], 'LAST SEEN   TYPE     REASON              OBJECT           MESSAGE\n2m          Normal   ScalingReplicaSet   deployment/web   Scaled up replica set web-7d4b9c6f5 to 3\n');
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /no pod in the input \(found only events \(1\)\)/);
    assert.equal(r.err.trim().split('\n').length, 1, r.err);
  });
  test('describe text with nothing readable: exit 2, one line', () => {
    const r = podwhy(['-o', 'json'], 'Name:  x\nNamespace:  y\nNode:  <none>\n');
    assert.equal(r.code, 0, r.err);
    assert.ok(json(r.out).pods[0]?.input?.missing.some((m) => m.fact === 'containers'));
    const r2 = podwhy([], 'LAST SEEN   TYPE   REASON   OBJECT   MESSAGE\n');
    assert.equal(r2.code, 2);
    assert.equal(r2.err.trim().split('\n').length, 1, r2.err);
  });
});

describe('pastes: kubectl output among prompts, fences, prose and fragments', () => {
  const PASTES = join(FIXTURES_DIR, 'pastes');
  const NOW = ['--now', '2025-03-02T10:00:00Z'];
  const pasted = (name: string) => join(PASTES, name);
  type Pod = { name: string | null; namespace: string | null; kubectl: { status: string }; findings: { rule: string; role: string; commands: string[] }[]; logs: Record<string, unknown>; input: { format: string; missing: { fact: string; command: string }[] } | null };
  const pods = (out: string) => (JSON.parse(out) as { pods: Pod[] }).pods;

  test('every paste of fixtures/pastes is diagnosed: no "invalid YAML", no "no pod in the input"', () => {
    for (const f of readdirSync(PASTES).filter((x) => x.endsWith('.txt'))) {
      const r = podwhy(['-f', pasted(f), '-o', 'json', ...NOW]);
      assert.ok(r.code === 0 || r.code === 1, `${f}: ${r.err}`);
      assert.ok(pods(r.out).length > 0, f);
      assert.doesNotMatch(r.err, /invalid YAML|no pod in the input/, f);
      assert.ok(r.err.split('\n').filter((l) => l !== '').every((l) => l.startsWith('podwhy: warning: ')), r.err);
    }
  });
  test('an Events section after a bare describe command: the pod it names, and what the text lacks', () => {
    const r = podwhy(['-f', pasted('ckad-51.txt'), ...NOW]);
    assert.ok(r.code === 0 || r.code === 1, r.err);
    assert.match(r.out, /^busybox-probe\n/);
    assert.match(r.flat, /Not in this kubectl output: the pod itself: this diagnosis rests on its events or logs alone — see: kubectl describe pod busybox-probe/);
  });
  test('pasted logs reach the diagnosis as the container\'s log tail', () => {
    const r = podwhy(['-f', pasted('constructed-logs-after-table.txt'), '-o', 'json', ...NOW]);
    const [p] = pods(r.out);
    assert.equal(p?.input?.format, 'mixed');
    assert.deepEqual(Object.keys(p?.logs ?? {}), ['api']);
  });
  test('a fragment that names no pod: no name made up (null), said so, and commands with a placeholder', () => {
    const r = podwhy(['-f', pasted('cosmos-185.txt'), '-o', 'json', ...NOW]);
    const [p] = pods(r.out);
    assert.equal(p?.name, null);
    assert.equal(p?.namespace, null);
    assert.ok(p?.findings.every((f) => f.commands.every((c) => !c.includes('pasted-pod') && !/ -n default\b/.test(c))));
    assert.equal(p?.kubectl.status, 'ContainerStatusUnknown');
    assert.deepEqual(p?.input?.missing.find((m) => m.fact === 'pod-name'), { fact: 'pod-name', subjects: [], command: 'kubectl get pods' });
    assert.ok(p?.input?.missing.every((m) => !m.command.includes('pasted-pod')));
  });
  test('a Kubernetes message said alone (kafka-29): the event it stands for, a diagnosis, and what the paste does not give', () => {
    const r = podwhy(['-o', 'json', ...NOW], readFileSync(pasted('kafka-29.txt'), 'utf8'));
    assert.ok(r.code === 0 || r.code === 1, r.err);
    const [p] = pods(r.out);
    assert.equal(p?.input?.format, 'fragment');
    assert.match(p?.findings.find((f) => f.role === 'root-cause')?.rule ?? '', /^unschedulable/);
    assert.deepEqual(
      p?.input?.missing.map((m) => m.fact),
      ['pod-object', 'pod-name'],
    );
    assert.match(r.err, /^podwhy: warning: -?.*3 line\(s\) could not be read and were skipped \(lines 1-2, 6\)\n$/);
  });
  test('a paste on stdin, CRLF and all', () => {
    const text = readFileSync(pasted('k8s-93826.txt'), 'utf8').replace(/\n/g, '\r\n');
    const r = podwhy(['-o', 'json', ...NOW], text);
    assert.ok(r.code === 0 || r.code === 1, r.err);
    assert.equal(pods(r.out)[0]?.name, 'wordpress-5bbd7fd785-p4s9r');
    assert.equal(pods(r.out)[0]?.input?.format, 'describe');
  });
  test('a text fixture: podwhy -f diagnoses it, podwhy test checks it', () => {
    const fx = join(FIXTURES_DIR, 'real', 'k8s-93826-describe-flattened-backoff.txt');
    const r = podwhy(['-f', fx, '-o', 'json']);
    assert.equal(pods(r.out)[0]?.findings[0]?.rule, 'container-restarted-recently');
    const t = podwhy(['test', fx]);
    assert.equal(t.code, 0, t.out + t.err);
    assert.match(t.out, /^ok {3}.*k8s-93826-describe-flattened-backoff\.txt$/m);
  });
  test('a failing text fixture says which mention or status is missing', () => {
    const fx = readFileSync(join(FIXTURES_DIR, 'real', 'k8s-93826-describe-flattened-backoff.txt'), 'utf8').replace('status: Running', 'status: CrashLoopBackOff').replace('mentions: [wordpress, exit code 1]', 'mentions: [wordpress, oomkilled]');
    const t = podwhy(['test', file('bad-fixture.txt', fx)]);
    assert.equal(t.code, 1, t.out + t.err);
    assert.match(t.out, /status: expected CrashLoopBackOff, got Running/);
    assert.match(t.out, /the diagnosis does not mention: "oomkilled"/);
  });
  test('a pending fixture passes while its mentions are missing, and fails once they are there', () => {
    const base = readFileSync(join(FIXTURES_DIR, 'real', 'k8s-93826-describe-flattened-backoff.txt'), 'utf8');
    const still = base.replace('mentions: [wordpress, exit code 1]', 'mentions: [wordpress, oomkilled]\n  pending: the paste does not show the memory limit');
    const t = podwhy(['test', file('pending-fixture.txt', still)]);
    assert.equal(t.code, 0, t.out + t.err);
    assert.match(t.out, /^pend .*pending-fixture\.txt \(the paste does not show the memory limit\)$/m);
    assert.match(t.out, /0 passed, 0 failed, 1 pending/);
    const answered = base.replace('mentions: [wordpress, exit code 1]', 'mentions: [wordpress, exit code 1]\n  pending: it used to miss the exit code');
    const u = podwhy(['test', file('answered-fixture.txt', answered)]);
    assert.equal(u.code, 1, u.out + u.err);
    assert.match(u.out, /take expect.pending off/);
  });
});
