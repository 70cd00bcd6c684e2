// End to end, as a CI job runs it: structured input that breaks (a YAML or JSON document from its
// first line: invalid YAML, JSON cut short, a List cut inside its items) is diagnosed as far as it
// was read and exits 2 with `file:line:column`, in every output format, whatever was found;
// empty piped input is an error, never live mode; events alone, as YAML or JSON, are diagnosed
// as their pods. The bin is run with real pipes, files and /dev/null.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import yaml from 'js-yaml';
import { XMLValidator } from 'fast-xml-parser';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'podwhy.js');
const NOW = '2025-03-02T10:00:00Z';
const tmp = mkdtempSync(join(tmpdir(), 'podwhy-damaged-'));
const FORMATS = ['text', 'wide', 'json', 'yaml', 'name', 'junit', 'sarif', 'github', 'markdown'] as const;

interface Ran {
  code: number | null;
  out: string;
  err: string;
}

/** Run the bin; `stdin`: text for a pipe, or 'null' for /dev/null. */
function run(args: string[], stdin: string | { devNull: true } = ''): Ran {
  const devNull = typeof stdin === 'object' ? openSync('/dev/null', 'r') : undefined;
  try {
    const r = spawnSync(process.execPath, [BIN, ...args], {
      ...(devNull === undefined ? { input: stdin as string } : { stdio: [devNull, 'pipe', 'pipe'] }),
      encoding: 'utf8',
      env: { PATH: process.env['PATH'] ?? '', LANG: 'C.UTF-8', HOME: tmp },
      cwd: tmp,
      maxBuffer: 1 << 26,
    });
    return { code: r.status, out: r.stdout, err: r.stderr };
  } finally {
    if (devNull !== undefined) closeSync(devNull);
  }
}

function file(name: string, text: string): string {
  writeFileSync(join(tmp, name), text);
  return name;
}

/** Exit 2, and the last line on stderr is the break, `podwhy: FILE:LINE:COL: …` (before it, only the format's own notes). */
function damaged(r: Ran, where: RegExp): void {
  assert.equal(r.code, 2, r.err);
  const lines = r.err.trimEnd().split('\n');
  assert.match(lines[lines.length - 1] as string, where);
  assert.equal(lines.filter((l) => /^podwhy: (?!\d+ healthy pods? not listed|all \d+ pods are healthy)/.test(l)).length, 1, r.err);
  assert.doesNotMatch(r.err, /\n\s+at /);
}

const fixture = readFileSync(join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml'), 'utf8');
/** The fixture's pod (its document after the header): an OOM crash loop, findings at error. */
const OOM_POD = (fixture.split(/^---$/m)[1] as string).replace(/^\n/, '');
/** The fixture's events: a `kubectl get events -o yaml` List of the pod's events. */
const OOM_EVENTS = (fixture.split(/^---$/m)[2] as string).replace(/^\n/, '');
const podOf = (text: string) => yaml.load(text) as Record<string, unknown>;
const podNames = (r: Ran) => (JSON.parse(r.out) as { pods: { name: string }[] }).pods.map((p) => p.name);

/** A List of three pods, in kubectl's YAML and JSON. */
const threePods = ['a', 'b', 'c'].map((n) => {
  const p = podOf(OOM_POD);
  (p['metadata'] as Record<string, unknown>)['name'] = `web-${n}`;
  return p;
});
const list = { apiVersion: 'v1', items: threePods, kind: 'List', metadata: { resourceVersion: '' } };
const LIST_YAML = yaml.dump(list, { noArrayIndent: true, lineWidth: -1, noRefs: true });
const LIST_JSON = `${JSON.stringify(list, null, 4)}\n`;

describe('damaged YAML and JSON: what was read is diagnosed, exit 2 with file:line:column', () => {
  test('broken YAML', () => {
    const f = file('broken.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n   bad: [\nstatus:\n  phase: Pending\n');
    for (const o of ['text', 'json']) {
      const r = run(['-f', f, '-o', o, '--now', NOW]);
      damaged(r, /^podwhy: broken\.yaml:5:7: invalid YAML \(bad indentation of a mapping entry\) — what came before it was read; fix the file/);
      assert.match(r.out, /\bx\b/);
      if (o === 'json') assert.deepEqual(podNames(r), ['x']);
    }
  });

  test('JSON cut short: "phase": "Pend', () => {
    const json = JSON.stringify(podOf(OOM_POD), null, 4);
    const text = json.slice(0, json.indexOf('"phase": "Running"') + '"phase": "Pend'.length);
    const f = file('cut.json', text);
    const last = text.split('\n');
    for (const o of ['text', 'json']) {
      const r = run(['-f', f, '-o', o, '--now', NOW]);
      damaged(r, new RegExp(`^podwhy: cut\\.json:${last.length}:${(last[last.length - 1] as string).length + 1}: the JSON ends inside a string — the input is cut short there`));
      assert.doesNotMatch(r.out, /Healthy/);
      if (o === 'json') assert.deepEqual(podNames(r), ['orders-api-6f8d9c7b54-q7xkz']);
    }
    // the same from a pipe names <stdin>
    damaged(run(['-o', 'json', '--now', NOW], text), /^podwhy: <stdin>:\d+:\d+: the JSON ends inside a string/);
  });

  test('a List cut inside its third item, YAML and JSON: the two complete items are diagnosed', () => {
    const third = (s: string, marker: string) => s.indexOf(marker, s.indexOf(marker, s.indexOf(marker) + 1) + 1);
    const y = LIST_YAML.slice(0, third(LIST_YAML, '\n- ') + 300);
    const j = LIST_JSON.slice(0, third(LIST_JSON, '\n        {\n') + 300);
    for (const [name, text, what] of [
      ['cut-list.yaml', y, /the List ends inside its items/],
      ['cut-list.json', j, /the JSON ends inside the List's items/],
    ] as const) {
      const f = file(name, text);
      for (const o of ['text', 'json']) {
        const r = run(['-f', f, '-o', o, '--now', NOW]);
        damaged(r, new RegExp(`^podwhy: ${name.replace('.', '\\.')}:\\d+:\\d+: ${what.source}[^—]* — its complete items were read, not the last one \\(line \\d+\\)`));
        if (o === 'json') assert.deepEqual(podNames(r), ['web-a', 'web-b'], name);
        else assert.match(r.out, /^2 pods, 2 unhealthy/, name);
      }
    }
  });

  test('a YAML stream cut exactly at a document boundary is not damaged', () => {
    const f = file('boundary.yaml', `${OOM_POD}---\n${OOM_EVENTS}---\n`);
    for (const o of ['text', 'json']) {
      const r = run(['-f', f, '-o', o, '--now', NOW]);
      assert.equal(r.code, 1, r.err);
      assert.equal(r.err, '');
      assert.match(r.out, /crashloop-oomkilled/);
    }
  });

  test('exit 2 wins over findings, in every output format, and stdout stays a valid document', () => {
    // an OOM crash loop (findings at error: exit 1 on its own), then a document that breaks
    const f = file('oom-then-broken.yaml', `${OOM_POD}---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: second\n   bad: [\n`);
    for (const format of FORMATS) {
      for (const extra of [[], ['--fail-on', 'never']]) {
        const r = run(['-f', f, '-o', format, '--now', NOW, ...extra]);
        damaged(r, /^podwhy: oom-then-broken\.yaml:\d+:7: invalid YAML/);
        assert.match(r.out, /orders-api-6f8d9c7b54-q7xkz|crashloop-oomkilled/, format);
        // the document it broke in is read as far as it goes (a List's items: only whole ones)
        if (format === 'json') assert.deepEqual(podNames(r), ['orders-api-6f8d9c7b54-q7xkz', 'second']);
        if (format === 'yaml') assert.ok(yaml.load(r.out));
        if (format === 'sarif') assert.equal((JSON.parse(r.out) as { version: string }).version, '2.1.0');
        if (format === 'junit') assert.equal(XMLValidator.validate(r.out), true);
        if (format === 'github') assert.ok(r.out.split('\n').some((l) => l.startsWith('::error ')), r.out);
      }
    }
  });

  test('nothing worth reading before the break: the break is the error, and -o json is a report with no pods', () => {
    const f = file('cut0.json', '{"kind":"Pod","metadata":{"na');
    const t = run(['-f', f]);
    damaged(t, /^podwhy: cut0\.json:1:30: the JSON ends inside a string/);
    assert.equal(t.out, '');
    const j = run(['-f', f, '-o', 'json']);
    damaged(j, /^podwhy: cut0\.json:1:30: /);
    assert.deepEqual(podNames(j), []);
  });

  test('a pod named but after the break: the break is said too', () => {
    const f = file('named.yaml', `${OOM_POD}---\napiVersion: v1\nkind: Pod\nmetadata:\n   bad: [\n  name: later\n`);
    const r = run(['later', '-f', f]);
    assert.equal(r.code, 2);
    assert.match(r.err, /^podwhy: named\.yaml:\d+:\d+: invalid YAML[^\n]*\npodwhy: pod "later" not found in the input/);
  });

  test('text stays tolerant: the same YAML in a fenced paste is read, one warning, exit by its findings', () => {
    const f = file('ticket.txt', `My pod keeps restarting:\n\`\`\`yaml\n${OOM_POD}   bad: [\n\`\`\`\n`);
    const r = run(['-f', f, '-o', 'json', '--now', NOW]);
    assert.equal(r.code, 1, r.err);
    assert.doesNotMatch(r.err, /invalid YAML/);
  });
});

describe('empty piped standard input is an error, never live mode', () => {
  for (const o of ['text', 'json']) {
    test(`an empty pipe and /dev/null, -o ${o}`, () => {
      for (const stdin of ['', '\n  \n', { devNull: true as const }]) {
        for (const args of [['-o', o], ['-o', o, '-n', 'shop'], ['-o', o, '-f', '-']]) {
          const r = run(args, stdin);
          assert.equal(r.code, 2, `${JSON.stringify(stdin)} ${args.join(' ')}: ${r.err}`);
          assert.equal(r.out, '');
          assert.equal(r.err, "podwhy: standard input is empty — pipe a pod's YAML or JSON, or name a pod (or pass --context) to read it from the cluster\n");
        }
      }
    });
  }
  test('a pod named, or a flag only live mode has, still means the cluster', () => {
    for (const args of [['web-1'], ['--context', 'prod'], ['-A']]) {
      const r = run(args, { devNull: true });
      assert.equal(r.code, 3, `${args.join(' ')}: ${r.err}`);
      assert.match(r.err, /^podwhy: no kubeconfig found/);
    }
  });
});

describe('events alone, as YAML or JSON, are diagnosed as the pods they are about', () => {
  const events = yaml.load(OOM_EVENTS) as { items: Record<string, unknown>[] };
  /** The same events as events.k8s.io/v1 objects (`kubectl get events.v1.events.k8s.io -o yaml`). */
  const v1 = events.items.map((e) => ({
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: e['metadata'],
    regarding: e['involvedObject'],
    reason: e['reason'],
    note: e['message'],
    type: e['type'],
    deprecatedCount: e['count'],
    deprecatedFirstTimestamp: e['firstTimestamp'],
    deprecatedLastTimestamp: e['lastTimestamp'],
    reportingController: e['reportingComponent'],
    reportingInstance: e['reportingInstance'],
  }));
  const inputs: [string, string][] = [
    ['events.yaml', OOM_EVENTS],
    ['events.json', `${JSON.stringify({ apiVersion: 'v1', items: events.items, kind: 'EventList', metadata: { resourceVersion: '' } }, null, 4)}\n`],
    ['events-v1.yaml', yaml.dump({ apiVersion: 'v1', items: v1, kind: 'List', metadata: { resourceVersion: '' } }, { noArrayIndent: true, lineWidth: -1, noRefs: true })],
    ['one-event.json', JSON.stringify(events.items.find((e) => e['reason'] === 'BackOff'))],
  ];
  for (const [name, text] of inputs) {
    test(name, () => {
      const f = file(name, text);
      const j = run(['-f', f, '-o', 'json', '--now', NOW]);
      assert.equal(j.code, 1, j.err);
      const pods = (JSON.parse(j.out) as { pods: { name: string; namespace: string; input: unknown; findings: { rule: string; role: string }[] }[] }).pods;
      assert.deepEqual(
        pods.map((p) => [p.namespace, p.name, p.input]),
        [['shop', 'orders-api-6f8d9c7b54-q7xkz', { format: 'events', missing: [{ fact: 'pod-object', subjects: [], command: 'kubectl describe pod orders-api-6f8d9c7b54-q7xkz -n shop' }] }]],
      );
      assert.equal(pods[0]?.findings.find((x) => x.role === 'root-cause')?.rule, 'crashloop-backoff');
      const t = run(['-f', f, '--now', NOW]);
      assert.equal(t.code, 1, t.err);
      assert.match(t.out.replace(/\s+/g, " "), /Not in this kubectl output: the pod itself: this diagnosis rests on its events or logs alone — see: kubectl describe pod orders-api-6f8d9c7b54-q7xkz -n shop/);
    });
  }
  test('events of two pods are two pods; given with one of them, the other stays an orphan', () => {
    const other = events.items.map((e) => ({ ...e, involvedObject: { ...(e['involvedObject'] as object), name: 'other-pod', uid: 'u-other' } }));
    const f = file('two.yaml', yaml.dump({ apiVersion: 'v1', items: [...events.items, ...other], kind: 'List', metadata: {} }, { noArrayIndent: true, noRefs: true }));
    assert.deepEqual(podNames(run(['-f', f, '-o', 'json', '--all', '--now', NOW])).sort(), ['orders-api-6f8d9c7b54-q7xkz', 'other-pod']);
    const pod = file('pod.yaml', OOM_POD);
    assert.deepEqual(podNames(run(['-f', pod, '-f', f, '-o', 'json', '--all', '--now', NOW])), ['orders-api-6f8d9c7b54-q7xkz']);
  });
});

describe('podwhy test', () => {
  test('a damaged fixture fails; one whose header says its post was cut (truncated: true) does not', () => {
    const header = (truncated: boolean) => `kind: PodwhyFixture\ndescription: a pod cut short\nnow: "${NOW}"\n${truncated ? 'truncated: true\n' : ''}expect:\n  rootCause: crashloop-oomkilled\n  fires: [crashloop-oomkilled, crashloop-backoff]\n---\n`;
    const body = `${OOM_POD}---\n${OOM_EVENTS}---\napiVersion: v1\nkind: Pod\n   bad: [\n`;
    file('damaged-fixture.yaml', `${header(false)}${body}`);
    const r = run(['test', 'damaged-fixture.yaml']);
    assert.equal(r.code, 1, r.out + r.err);
    assert.match(r.out, /FAIL damaged-fixture\.yaml\n {4}damaged input: damaged-fixture\.yaml:\d+:\d+: invalid YAML/);
    file('cut-post.yaml', `${header(true)}${body}`);
    const ok = run(['test', 'cut-post.yaml']);
    assert.equal(ok.code, 0, ok.out + ok.err);
    assert.match(ok.out, /^ok {3}cut-post\.yaml/);
  });
});
