// The library API (src/index.ts): the same report as `podwhy -o json`, from objects or text, with
// the rules a caller loads. The packed and installed package is checked in tools/build/pack.e2e.test.ts.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import yaml from 'js-yaml';
import { main } from './cli/main.js';
import { diagnoseObjects, diagnoseText, loadRules, PodwhyError, type RuleSet } from './index.js';
import { FIXTURES_DIR } from './catalogue/paths.js';
import { memoryIO } from '../test/io.js';

const NOW = '2025-03-02T10:00:00Z';
const OOM_FILE = join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml');
const OOM_TEXT = readFileSync(OOM_FILE, 'utf8');
const docs = () => yaml.loadAll(OOM_TEXT) as { kind?: string }[];
const oomPod = () => docs().find((d) => d.kind === 'Pod') as Record<string, unknown>;
const rootCause = (r: { pods: { findings: { role: string; rule: string }[] }[] }) => r.pods[0]?.findings.find((f) => f.role === 'root-cause')?.rule;

async function cliJson(args: string[]): Promise<unknown> {
  const io = memoryIO({});
  const code = await main(['node', 'podwhy', ...args, '-o', 'json', '--fail-on', 'never'], io);
  assert.equal(code, 0, io.stderr);
  return JSON.parse(io.stdout);
}

describe('diagnoseObjects and diagnoseText', () => {
  test('give the report of podwhy -o json, plus the warnings', async () => {
    const expected = await cliJson(['-f', OOM_FILE, '--now', NOW]);
    assert.deepEqual(diagnoseText(OOM_TEXT, { now: NOW }), { ...(expected as object), warnings: [] });
    assert.deepEqual(diagnoseObjects(docs(), { now: NOW }), { ...(expected as object), warnings: [] });
  });

  test('a YAML or JSON document that breaks: what was read is diagnosed, and damaged says where it broke', () => {
    const cut = JSON.stringify(oomPod(), null, 4);
    const text = cut.slice(0, cut.indexOf('"containerStatuses"') + 40);
    const r = diagnoseText(text, { now: NOW, source: 'pod.json' });
    assert.equal(r.pods.length, 1);
    // (the break is named just after the last character that is not whitespace)
    const lines = text.trimEnd().split('\n');
    assert.deepEqual(r.damaged, [{ file: 'pod.json', line: lines.length, column: (lines[lines.length - 1] as string).length + 1, message: 'the JSON ends inside an object — the input is cut short there: what came before was read; save the whole output of kubectl again' }]);
    assert.equal(diagnoseText(JSON.stringify(oomPod()), { now: NOW }).damaged, undefined);
  });

  test('read a pasted kubectl describe like the CLI does', async () => {
    const file = join(FIXTURES_DIR, 'describe', 'crashloop-oomkilled-jvm.txt');
    const r = diagnoseText(readFileSync(file, 'utf8'), { now: NOW });
    assert.equal(rootCause(r), 'crashloop-oomkilled');
    assert.equal(r.pods[0]?.input?.format, 'describe');
    assert.deepEqual(r, { ...((await cliJson(['-f', file, '--now', NOW])) as object), warnings: [] });
  });

  test('join events given as separate objects to their pod, and leave the objects as they were', () => {
    const pod = oomPod();
    const md = pod['metadata'] as { name: string; namespace: string };
    const event = { apiVersion: 'v1', kind: 'Event', type: 'Warning', reason: 'BackOff', message: 'Back-off restarting failed container', count: 3, involvedObject: { kind: 'Pod', name: md.name, namespace: md.namespace }, lastTimestamp: '2025-03-02T09:59:00Z' };
    const before = structuredClone([pod, event]);
    const r = diagnoseObjects([pod, event], { now: NOW });
    assert.deepEqual([pod, event], before);
    assert.ok(r.pods[0]?.timeline.some((e) => e.event === 'BackOff'));
    assert.deepEqual(r.warnings, []);
  });

  test('one object or an array; other kinds are warnings, not errors; events alone are diagnosed as their pods', () => {
    assert.equal(rootCause(diagnoseObjects(oomPod(), { now: NOW })), 'crashloop-oomkilled');
    const r = diagnoseObjects([{ kind: 'ConfigMap', metadata: { name: 'x' } }, { kind: 'Event', reason: 'Failed', involvedObject: { kind: 'Pod', name: 'gone' } }], { source: 'cm.yaml' });
    assert.deepEqual(
      r.pods.map((p) => [p.name, p.input]),
      [['gone', { format: 'events', missing: [{ fact: 'pod-object', subjects: [], command: 'kubectl describe pod gone' }] }]],
    );
    assert.deepEqual(r.warnings, ['cm.yaml:1: skipped ConfigMap "x" (podwhy reads Pods and Events)']);
    const alone = diagnoseObjects([{ kind: 'ConfigMap', metadata: { name: 'x' } }, { kind: 'Event', reason: 'ScalingReplicaSet', involvedObject: { kind: 'Deployment', name: 'web' } }], { source: 'cm.yaml' });
    assert.deepEqual(alone.pods, []);
    assert.deepEqual(alone.summary, { pods: 0, healthy: 0, findings: { error: 0, warning: 0, info: 0 }, unknown: 0 });
    assert.deepEqual(alone.warnings, ['cm.yaml:1: skipped ConfigMap "x" (podwhy reads Pods and Events)', '1 event(s) matched no pod in the input']);
  });

  test('now as a Date, epoch ms or RFC 3339 string is the same instant; lang picks the words', () => {
    const ms = Date.parse(NOW);
    const a = diagnoseObjects(oomPod(), { now: NOW });
    assert.deepEqual(diagnoseObjects(oomPod(), { now: new Date(ms) }), a);
    assert.deepEqual(diagnoseObjects(oomPod(), { now: ms }), a);
    const ko = diagnoseObjects(oomPod(), { now: NOW, lang: 'ko' });
    assert.equal(rootCause(ko), 'crashloop-oomkilled');
    assert.notEqual(ko.pods[0]?.findings[0]?.title, a.pods[0]?.findings[0]?.title);
    assert.match(ko.pods[0]?.findings[0]?.title ?? '', /[\uAC00-\uD7A3]/);
  });

  test('what a caller can fix throws a PodwhyError with a one-line message', () => {
    const cases: [string, () => unknown, RegExp][] = [
      ['invalid YAML', () => diagnoseText('a: [1\nb: 2\n'), /^<input>: invalid YAML at line \d+/],
      ['a bad time', () => diagnoseText(OOM_TEXT, { now: 'yesterday' }), /^now: yesterday is not a time/],
      ['a bad Date', () => diagnoseObjects([], { now: new Date(Number.NaN) }), /is not a time/],
      ['a language podwhy does not write', () => diagnoseObjects([], { lang: 'fr' as never }), /^lang: "fr" is not supported/],
      ['rules not from loadRules', () => diagnoseObjects([], { rules: { ids: [] } as RuleSet }), /^rules: not a RuleSet/],
      ['text that is not a string', () => diagnoseText({} as never), /expected a string/],
    ];
    for (const [what, f, message] of cases) {
      assert.throws(f, (e: unknown) => e instanceof PodwhyError && message.test(e.message) && !e.message.includes('\n'), what);
    }
  });
});

describe('loadRules', () => {
  const RULE = `id: jvm-heap-too-small
severity: warning
stage: runtime
scope: container
match:
  fact: container.lastState.terminated.reason
  equals: OOMKilled
evidence: [container.lastState.terminated.reason]
docs: [https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/]
text:
  en:
    title: Our JVM services need at least 1Gi
    explanation: Container {{container.name}} was OOM-killed.
    remedies: [Use the chart's default memory limit.]
`;
  const dir = mkdtempSync(join(tmpdir(), 'podwhy-lib-rules-'));
  writeFileSync(join(dir, 'jvm-heap-too-small.yaml'), RULE);

  test('the built-in rules by default, loaded once', () => {
    const builtin = loadRules();
    assert.ok(builtin.ids.includes('crashloop-oomkilled'));
    assert.equal(loadRules(), builtin);
    assert.deepEqual([...builtin.ids], [...builtin.ids].sort());
  });

  test('a directory of rules adds to them, or replaces them with builtin: false', () => {
    const more = loadRules({ directories: [dir] });
    assert.equal(more.ids.length, loadRules().ids.length + 1);
    const r = diagnoseObjects(oomPod(), { now: NOW, rules: more });
    assert.ok(r.pods[0]?.findings.some((f) => f.rule === 'jvm-heap-too-small'));
    const only = loadRules({ directories: [dir], builtin: false });
    assert.deepEqual(only.ids, ['jvm-heap-too-small']);
    assert.deepEqual(diagnoseObjects(oomPod(), { now: NOW, rules: only }).pods[0]?.findings.map((f) => f.rule), ['jvm-heap-too-small']);
  });

  test('an invalid rule file or a missing directory is a PodwhyError naming the file', () => {
    const bad = mkdtempSync(join(tmpdir(), 'podwhy-lib-bad-'));
    mkdirSync(join(bad, 'sub'));
    writeFileSync(join(bad, 'broken.yaml'), 'id: broken\nseverity: fatal\n');
    assert.throws(() => loadRules({ directories: [bad] }), (e: unknown) => e instanceof PodwhyError && e.message.includes('broken.yaml'));
    assert.throws(() => loadRules({ directories: [join(bad, 'nope')] }), (e: unknown) => e instanceof PodwhyError && e.message.includes('cannot read the rules directory'));
  });
});
