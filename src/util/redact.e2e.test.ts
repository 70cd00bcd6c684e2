// The secret corpus (test/data/secret-corpus.txt) end to end: every entry as a
// container's log line and as an event's message, through the bin in every output format, live
// against the loopback API server (logs are read live), and through `podwhy capture`. No secret
// value may appear in any output; ordinary text must come out as it went in.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import yaml from 'js-yaml';
import { PACKAGE_ROOT } from '../catalogue/paths.js';
import { FIXTURES_DIR } from '../api/rules.js';
import { main } from '../cli/main.js';
import { FakeApiServer } from '../../test/apiserver.js';
import { memoryIO } from '../../test/io.js';
import { readSecretCorpus, secretNeedles, type CorpusEntry } from '../../test/secret-corpus.js';
import { isObject, type JsonObject } from './json.js';
import { PEM_REDACTED } from './redact.js';

const BIN = join(PACKAGE_ROOT, 'bin', 'podwhy.js');
const tmp = mkdtempSync(join(tmpdir(), 'podwhy-redact-'));
const corpus = readSecretCorpus();
const NEEDLES = corpus.flatMap((e) => e.secrets.flatMap((s) => secretNeedles(s).map((n) => ({ n, e }))));
const FORMATS = ['text', 'wide', 'json', 'yaml', 'name', 'markdown', 'junit', 'sarif', 'github', 'jsonpath={range .pods[*]}{.logs}{"\\n"}{.timeline}{"\\n"}{end}'] as const;
/** The text renderer shows a container's last 12 log lines: a chunk is at most that many. */
const CHUNK_LINES = 12;

/** The corpus in chunks of whole entries, one pod each. */
function chunks(): CorpusEntry[][] {
  const out: CorpusEntry[][] = [[]];
  let lines = 0;
  for (const e of corpus) {
    const n = e.text.split('\n').length;
    if (lines + n > CHUNK_LINES) {
      out.push([]);
      lines = 0;
    }
    (out[out.length - 1] as CorpusEntry[]).push(e);
    lines += n;
  }
  return out;
}
const CHUNKS = chunks();

/**
 * A crash-looping pod (the fixture log-java-heap-oom.yaml, renamed) whose container's log is the
 * chunk's lines and whose events carry them as probe output (Unhealthy: what the program said).
 */
function writeChunkFixture(i: number, entries: CorpusEntry[]): { file: string; name: string } {
  const docs = yaml.loadAll(readFileSync(join(FIXTURES_DIR, 'log-java-heap-oom.yaml'), 'utf8'), undefined, { schema: yaml.CORE_SCHEMA }) as JsonObject[];
  const header = docs.find((d) => d['kind'] === 'PodwhyFixture') as JsonObject;
  const pod = docs.find((d) => d['kind'] === 'Pod') as JsonObject;
  const md = pod['metadata'] as JsonObject;
  const name = `billing-api-3568b44d66-c${String(i).padStart(4, '0')}`;
  const uid = `3568b44d-66b4-b927-1114-${String(i).padStart(12, '0')}`;
  md['name'] = name;
  md['uid'] = uid;
  header['logs'] = { 'billing-api': `${entries.map((e) => e.text).join('\n')}\n` };
  delete header['expect'];
  const events = entries.map((e, k) => ({
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${name}.${k}`, namespace: md['namespace'] },
    involvedObject: { apiVersion: 'v1', kind: 'Pod', name, namespace: md['namespace'], uid, fieldPath: 'spec.containers{billing-api}' },
    reason: 'Unhealthy',
    message: `Readiness probe failed: ${e.text}`,
    type: 'Warning',
    count: 1,
    firstTimestamp: `2025-03-14T17:${String(10 + k).padStart(2, '0')}:00Z`,
    lastTimestamp: `2025-03-14T17:${String(10 + k).padStart(2, '0')}:00Z`,
    source: { component: 'kubelet' },
  }));
  const file = join(tmp, `chunk-${i}.yaml`);
  writeFileSync(file, [header, pod, { apiVersion: 'v1', kind: 'List', items: events }].map((d) => yaml.dump(d, { lineWidth: -1 })).join('---\n'));
  return { file, name };
}
const FILES = CHUNKS.map((c, i) => writeChunkFixture(i, c));

/** No secret value in the output, also where text wraps (a value cut over two lines) or a format escapes it. */
function assertNoLeak(out: string, where: string): void {
  const unwrapped = out.replace(/\n[ \t│•|>]*/g, '');
  const leaks = NEEDLES.filter(({ n }) => out.includes(n) || unwrapped.includes(n)).map(({ n, e }) => `${e.kind} (corpus line ${e.line}): ${n}`);
  assert.deepEqual(leaks, [], `${where} leaks:\n${leaks.join('\n')}`);
}

const normal = (s: string) => s.split(PEM_REDACTED).join('***');

/** The log lines a pod's JSON report shows are the chunk's, each redacted as the corpus says. */
function assertLogLines(report: JsonObject, where: string): void {
  const pods = report['pods'] as JsonObject[];
  for (const [i, entries] of CHUNKS.entries()) {
    const p = pods.find((x) => x['name'] === FILES[i]?.name);
    assert.ok(p, `${where}: pod ${FILES[i]?.name} in the report`);
    const lines = ((p['logs'] as JsonObject)['billing-api'] as JsonObject)['lines'] as string[];
    assert.equal(normal(lines.join('\n')), entries.map((e) => e.expected).join('\n'), `${where}: ${FILES[i]?.name}'s log lines`);
  }
}

const squash = (s: string) => s.replace(/[\s│]+/g, '');

/** Each single-line entry's redacted form appears as an event message in the report's timeline (which cuts messages at 200 characters). */
function assertEventMessages(out: string, where: string, norm = (s: string) => s): void {
  const o = norm(out);
  const missing = corpus.filter((e) => !e.text.includes('\n') && e.expected.length < 180 && !o.includes(norm(e.expected))).map((e) => `${e.kind} (corpus line ${e.line}): ${e.expected}`);
  assert.deepEqual(missing, [], `${where}: event messages not shown as expected:\n${missing.join('\n')}`);
}

function bin(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', LANG: 'C.UTF-8', HOME: tmp }, cwd: tmp, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('the secret corpus through the bin, offline: logs and events of fixture files', () => {
  const files = FILES.flatMap((f) => ['-f', f.file]);
  for (const format of FORMATS) {
    for (const timeline of format === 'text' ? [false, true] : [false]) {
      test(`-o ${format}${timeline ? ' --timeline' : ''}`, () => {
        const r = bin([...files, '-o', format, '--details', '--now', '2025-03-14T17:30:00Z', ...(timeline ? ['--timeline'] : [])]);
        assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}: ${r.err}`);
        assert.ok(r.out.length > (format === 'name' ? 300 : 1000), r.out);
        assertNoLeak(r.out + r.err, `-o ${format}`);
        if (format === 'json') {
          assertLogLines(JSON.parse(r.out) as JsonObject, '-o json');
          assertEventMessages(JSON.parse(r.out) && r.out.replace(/\\"/g, '"').replace(/\\\\/g, '\\'), '-o json');
        }
        if (format === 'yaml') assertLogLines(yaml.load(r.out, { schema: yaml.CORE_SCHEMA }) as JsonObject, '-o yaml');
        // text wraps lines and collapses runs of spaces: compared without white space, word for word
        if (format === 'text' && !timeline) for (const e of corpus) if (!e.text.includes('\n')) assert.ok(squash(r.out).includes(squash(e.expected)), `text shows the log line ${e.expected}`);
        if (timeline) assertEventMessages(r.out, '--timeline', squash);
      });
    }
  }
});

describe('the secret corpus live: logs read from the API server, events listed, and capture', () => {
  const server = new FakeApiServer();
  let kubeconfig = '';
  let namespace = '';
  before(async () => {
    await server.start();
    for (const f of FILES) {
      const pod = server.serveFixture(f.file);
      assert.ok(pod, f.file);
      namespace = String((pod['metadata'] as JsonObject)['namespace']);
    }
    kubeconfig = server.writeKubeconfig(tmp, { namespace });
  });
  after(() => server.stop());

  async function podwhy(args: string[]) {
    const io = memoryIO({ HOME: tmp, KUBECONFIG: kubeconfig });
    const code = await main(['node', 'podwhy', ...args], io);
    return { code, out: io.stdout, err: io.stderr };
  }

  for (const format of FORMATS) {
    test(`podwhy POD -o ${format}, each pod of the corpus`, async () => {
      for (const f of FILES) {
        const r = await podwhy([f.name, '-o', format, '--now', '2025-03-14T17:30:00Z']);
        assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}: ${r.err}`);
        assertNoLeak(r.out + r.err, `live ${f.name} -o ${format}`);
        if (format === 'json') {
          const pod = (JSON.parse(r.out) as JsonObject)['pods'] as JsonObject[];
          const lines = ((pod[0]?.['logs'] as JsonObject)['billing-api'] as JsonObject)['lines'] as string[];
          const entries = CHUNKS[FILES.indexOf(f)] as CorpusEntry[];
          assert.equal(normal(lines.join('\n')), entries.map((e) => e.expected).join('\n'), `live ${f.name}: log lines`);
        }
      }
    });
  }

  test('a namespace scan (text and json) and --timeline, live', async () => {
    for (const args of [['-n', namespace], ['-n', namespace, '-o', 'json'], ['-n', namespace, '--details', '--timeline']]) {
      const r = await podwhy([...args, '--now', '2025-03-14T17:30:00Z']);
      assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}: ${r.err}`);
      assertNoLeak(r.out + r.err, `live ${args.join(' ')}`);
    }
  });

  test('podwhy capture writes no secret, and keeps every ordinary line as it was', async () => {
    for (const [i, f] of FILES.entries()) {
      const r = await podwhy(['capture', f.name, '--now', '2025-03-14T17:30:00Z']);
      assert.equal(r.code, 0, r.err);
      assertNoLeak(r.out, `capture ${f.name}`);
      const docs = yaml.loadAll(r.out, undefined, { schema: yaml.CORE_SCHEMA }) as JsonObject[];
      const entries = CHUNKS[i] as CorpusEntry[];
      const logs = (docs[0]?.['logs'] as JsonObject)['billing-api'] as string;
      assert.equal(normal(logs).replace(/\n$/, ''), entries.map((e) => e.expected).join('\n'), `capture ${f.name}: logs`);
      const events = (docs.find((d) => d['kind'] === 'List')?.['items'] as JsonObject[]).filter((e) => e['reason'] === 'Unhealthy');
      assert.deepEqual(
        events.map((e) => normal(String(e['message']))).sort(),
        entries.map((e) => `Readiness probe failed: ${e.expected}`).sort(),
        `capture ${f.name}: event messages`,
      );
      assert.ok(isObject(docs[1]));
    }
  });
});
