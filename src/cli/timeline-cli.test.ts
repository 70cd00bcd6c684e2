// --timeline and --absolute-time in the text output, the timeline in JSON, from saved YAML plus a
// separate events file (offline), in-process through main().

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import yaml from 'js-yaml';
import { main } from './main.js';
import { FIXTURES_DIR } from '../api/rules.js';
import { memoryIO } from '../../test/io.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-timeline-'));

/** Split a fixture into a pod file and an events file, as `kubectl get pod -o yaml` and `kubectl get events -o yaml` would save them. */
function split(name: string): { pod: string; events: string } {
  const docs = yaml.loadAll(readFileSync(join(FIXTURES_DIR, name), 'utf8')) as Record<string, unknown>[];
  const pod = docs.find((d) => d?.['kind'] === 'Pod');
  const events = docs.flatMap((d) => (d?.['kind'] === 'Event' ? [d] : d?.['kind'] === 'EventList' || (d?.['kind'] === 'List' && Array.isArray(d['items'])) ? (d['items'] as unknown[]) : []));
  const podFile = join(tmp, `${name}.pod.yaml`);
  const evFile = join(tmp, `${name}.events.yaml`);
  writeFileSync(podFile, yaml.dump(pod));
  writeFileSync(evFile, yaml.dump({ apiVersion: 'v1', kind: 'List', items: events }));
  return { pod: podFile, events: evFile };
}

/** Join wrapped continuation lines (deeply indented) to the row they continue. */
function unwrap(text: string): string {
  return text.replace(/\n {10,}/g, ' ');
}

async function podwhy(args: string[]) {
  const io = memoryIO({});
  const code = await main(['node', 'podwhy', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('--timeline', () => {
  test('text: a compact aligned list with relative times, ending where the pod is stuck', async () => {
    const f = split('liveness-probe-crashloop.yaml');
    const r = await podwhy(['-f', f.pod, '-f', f.events, '--timeline', '--now', '2025-03-30T21:00:00Z']);
    assert.equal(r.code, 1, r.err);
    const start = r.out.indexOf('Timeline (from creation, ');
    assert.ok(start > 0, r.out);
    const block = unwrap(r.out.slice(start).split('\n\n')[0] as string);
    const rows = block.split('\n').slice(1);
    assert.match(rows[0] as string, /^ {2}\+0s +creation +pod created$/);
    assert.ok(rows.some((l) => /^ {2}\+27s +probes\/readiness +liveness probe failed: HTTP probe failed with statuscode: 500 ×27 over 1h18m$/.test(l)), block);
    assert.match(rows[rows.length - 1] as string, /^ {2}now +probes\/readiness +stuck in probes\/readiness for 1h23m$/);
    // Aligned: every row's text starts in the same column.
    const col = (l: string) => l.search(/ {2}\S+$|(?<=\S {2,})\S/);
    assert.ok(rows.filter((l) => l.startsWith('  ')).every((l) => col(l) >= 0));
    // Without the flag there is no timeline in the text.
    const plain = await podwhy(['-f', f.pod, '-f', f.events, '--now', '2025-03-30T21:00:00Z']);
    assert.doesNotMatch(plain.out, /Timeline/);
  });

  test('--absolute-time prints timestamps; Korean words with --lang ko', async () => {
    const f = split('liveness-probe-crashloop.yaml');
    const r = await podwhy(['-f', f.pod, '-f', f.events, '--timeline', '--absolute-time', '--lang', 'ko', '--now', '2025-03-30T21:00:00Z']);
    const out = unwrap(r.out);
    assert.match(out, /^타임라인$/m);
    assert.match(out, /^ {2}2025-03-30 19:36:20Z +생성 +파드 생성$/m);
    assert.match(out, /^ {2}2025-03-30 21:00:00Z +프로브\/준비 상태 +프로브\/준비 상태 단계에서 1h23m째 멈춰 있음$/m);
  });

  test('JSON always carries the timeline: {at, stage, event, container, detail}', async () => {
    const f = split('init-crashloop-migrate.yaml');
    const r = await podwhy(['-f', f.pod, '-f', f.events, '-o', 'json']);
    const pod = JSON.parse(r.out).pods[0];
    assert.ok(Array.isArray(pod.timeline) && pod.timeline.length > 3);
    assert.deepEqual(Object.keys(pod.timeline[0]), ['at', 'stage', 'event', 'container', 'detail']);
    assert.deepEqual(pod.timeline[0], { at: '2023-09-19T09:48:37Z', stage: 'creation', event: 'created', container: null, detail: 'pod created' });
    assert.ok(pod.timeline.some((e: { event: string; container: string }) => e.event === 'exited' && e.container === 'migrate'));
    assert.equal(pod.timeline[pod.timeline.length - 1].event, 'stuck');
    assert.equal(pod.timeline[pod.timeline.length - 1].stage, 'init');
    // The pod file alone: a shorter timeline, still well formed.
    const alone = await podwhy(['-f', f.pod, '-o', 'json']);
    const tl = JSON.parse(alone.out).pods[0].timeline;
    assert.ok(tl.length > 0 && tl.length < pod.timeline.length);
  });
});
