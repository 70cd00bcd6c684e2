import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGS } from '../model/vocabulary.js';
import { TOOL_LANGS } from './schemas.js';
import { capPods } from './tools.js';

test("the tools' lang offers exactly podwhy's languages", () => {
  assert.deepEqual([...TOOL_LANGS], [...LANGS]);
});

test('capPods keeps unhealthy pods before healthy ones, shows the kept ones in report order, and counts what it left out', () => {
  const pod = (name: string, healthy: boolean) => ({ name, healthy });
  const report = { schemaVersion: 1, pods: [pod('a', true), pod('b', false), pod('c', true), pod('d', false)], summary: { pods: 4 } };
  const cut = capPods(report, 3) as { pods: { name: string }[]; truncated: { shown: number; omitted: number; omittedHealthy: number }; summary: unknown };
  assert.deepEqual(cut.pods.map((p) => p.name), ['a', 'b', 'd']);
  assert.deepEqual([cut.truncated.shown, cut.truncated.omitted, cut.truncated.omittedHealthy], [3, 1, 1]);
  assert.deepEqual(cut.summary, { pods: 4 });
  assert.equal(capPods(report, 4), report);
  const one = capPods(report, 1) as { pods: { name: string }[] };
  assert.deepEqual(one.pods.map((p) => p.name), ['b']);
});

test('the summary names each of a few pods, and groups many by root cause', async () => {
  const { reportSummary } = await import('./summary.js');
  const pod = (name: string, rule: string | null) => ({
    namespace: 'shop',
    name,
    healthy: rule === null,
    verdict: rule === null ? 'healthy' : 'problem',
    kubectl: { status: rule === null ? 'Running' : 'CrashLoopBackOff', ready: rule === null ? '1/1' : '0/1' },
    findings: rule === null ? [] : [{ rule, role: 'root-cause', severity: 'error', title: `title of ${rule}` }],
  });
  const few = reportSummary({ pods: [pod('a', 'crashloop-oomkilled')], summary: { pods: 1, healthy: 0, findings: { error: 1, warning: 0, info: 0 } } }, ['a note']);
  assert.match(few, /^1 pod\(s\): 0 healthy/);
  assert.match(few, /- shop\/a \(CrashLoopBackOff 0\/1\): error: title of crashloop-oomkilled \[crashloop-oomkilled\]/);
  assert.match(few, /note: a note$/);
  const many = reportSummary({ pods: [pod('a', 'x'), pod('b', 'y'), pod('c', 'x'), pod('d', null), pod('e', 'x')], summary: { pods: 5, healthy: 1 } }, []);
  const lines = many.split('\n');
  assert.equal(lines[1], '- x: title of x — 3 pod(s): shop/a, shop/c, shop/e');
  assert.equal(lines[2], '- y: title of y — 1 pod(s): shop/b');
  assert.equal(lines[3], '- 1 healthy pod(s)');
});

test('the summary says what the input does not show', async () => {
  const { reportSummary } = await import('./summary.js');
  const pod = { namespace: null, name: null, healthy: false, verdict: 'problem', kubectl: { status: null, ready: null }, findings: [{ rule: 'image-pull-not-found', role: 'root-cause', severity: 'error', title: 'Image not found' }], input: { format: 'fragment', missing: [{ fact: 'pod-name', subjects: [], command: 'kubectl get pods' }] } };
  const text = reportSummary({ pods: [pod], summary: { pods: 1, healthy: 0 } }, []);
  assert.match(text, /- a pod the input does not name: error: Image not found \[image-pull-not-found\]; the input does not show: pod-name/);
});

test('the summaries say what a live read could not read', async () => {
  const { reportSummary, workloadSummaryText } = await import('./summary.js');
  const text = reportSummary({ pods: [], summary: { pods: 0, healthy: 0, unreadable: [{ what: 'events', reason: 'forbidden', pods: 3 }], workloads: { unreadable: ['statefulsets (forbidden)'] } } }, []);
  assert.match(text, /could not read: events \(forbidden, 3 pod\(s\)\) — findings that need them may be missing/);
  assert.match(text, /could not list: statefulsets \(forbidden\) — workloads of those kinds were not checked/);
  const w = workloadSummaryText({ workloads: [{ kind: 'Deployment', name: 'web', healthy: false, replicas: { desired: 3, ready: 0 }, unreadable: ['resourcequotas (forbidden)'] }], pods: [], summary: {} });
  assert.match(w, /^Deployment\/web: not healthy; replicas desired 3, ready 0/);
  assert.match(w, /could not read: resourcequotas \(forbidden\)/);
});
