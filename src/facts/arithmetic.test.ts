// Back-off and grace arithmetic as tables: the kubelet's numbers, and the facts normalize() makes.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { normalize } from './normalize.js';
import { backoff, crashLoopDelaySeconds, grace, startupKill } from './arithmetic.js';
import type { JsonObject } from '../util/json.js';

const T = (s: string) => Date.parse(s);

describe('crash-loop back-off', () => {
  test('10s doubling to the 5-minute cap, by restartCount', () => {
    const table: [number, number][] = [
      [0, 0], // the first exit restarts at once
      [1, 10],
      [2, 20],
      [3, 40],
      [4, 80],
      [5, 160],
      [6, 300], // 320 capped
      [7, 300],
      [50, 300],
      [1e9, 300],
    ];
    for (const [n, s] of table) assert.equal(crashLoopDelaySeconds(n), s, `restartCount ${n}`);
  });

  test('next restart from the last exit: kubelet message first, restartCount estimate otherwise, reset after 10 minutes running', () => {
    const now = T('2025-03-02T10:00:00Z');
    const fin = T('2025-03-02T09:59:30Z');
    const rows: { in: Parameters<typeof backoff>[0]; delay: number; source: string; next?: string; inS?: number; reset?: boolean; formula: RegExp }[] = [
      {
        in: { messageDelaySeconds: 40, restartCount: 9, lastFinishedMs: fin, nowMs: now },
        delay: 40,
        source: 'kubelet',
        next: '2025-03-02T10:00:10Z',
        inS: 10,
        formula: /^last exit 2025-03-02T09:59:30Z \+ back-off 40s \(kubelet\) = 2025-03-02T10:00:10Z$/,
      },
      {
        in: { restartCount: 3, lastFinishedMs: fin, lastRanSeconds: 12, nowMs: now },
        delay: 40,
        source: 'restart-count',
        next: '2025-03-02T10:00:10Z',
        inS: 10,
        formula: /back-off min\(10s × 2\^\(3−1\), 300s\) = 40s = 2025-03-02T10:00:10Z$/,
      },
      { in: { restartCount: 8, lastFinishedMs: fin, nowMs: now }, delay: 300, source: 'restart-count', next: '2025-03-02T10:04:30Z', inS: 270, formula: /= 300s/ },
      // Overdue (the kubelet syncs a little late): never a negative wait.
      { in: { restartCount: 1, lastFinishedMs: T('2025-03-02T09:50:00Z'), nowMs: now }, delay: 10, source: 'restart-count', next: '2025-03-02T09:50:10Z', inS: 0, formula: /10s/ },
      { in: { restartCount: 6, lastFinishedMs: fin, lastRanSeconds: 601, nowMs: now }, delay: 0, source: 'restart-count', next: '2025-03-02T09:59:30Z', inS: 0, reset: true, formula: /lasted 601s > 600s/ },
      // A run of exactly 10 minutes does not reset (the kubelet compares with >).
      { in: { restartCount: 2, lastFinishedMs: fin, lastRanSeconds: 600, nowMs: now }, delay: 20, source: 'restart-count', inS: 0, formula: /20s/ },
      { in: { restartCount: 4, nowMs: now }, delay: 80, source: 'restart-count', formula: /^back-off min\(10s × 2\^\(4−1\), 300s\) = 80s$/ },
    ];
    for (const r of rows) {
      const b = backoff(r.in);
      assert.equal(b.delaySeconds, r.delay, JSON.stringify(r.in));
      assert.equal(b.source, r.source);
      if (r.next !== undefined) assert.equal(b.nextRestartAt, r.next);
      if (r.inS !== undefined) assert.equal(b.nextRestartInSeconds, r.inS);
      assert.equal(b.reset, r.reset);
      assert.match(b.formula, r.formula);
    }
  });
});

describe('grace period', () => {
  test('SIGKILL due at deletionTimestamp; deleted at deletionTimestamp − grace', () => {
    const del = T('2025-07-08T11:20:09Z');
    const rows: [number | undefined, number, Partial<ReturnType<typeof grace>>][] = [
      [60, T('2025-07-08T11:19:46Z'), { seconds: 60, requestedAt: '2025-07-08T11:19:09Z', sigkillAt: '2025-07-08T11:20:09Z', sigkillInSeconds: 23, formula: 'deleted 2025-07-08T11:19:09Z + grace period 60s = SIGKILL due 2025-07-08T11:20:09Z (in 23s)' }],
      [30, T('2025-07-08T11:25:09Z'), { sigkillInSeconds: -300, formula: 'deleted 2025-07-08T11:19:39Z + grace period 30s = SIGKILL due 2025-07-08T11:20:09Z (300s ago)' }],
      [0, del, { requestedAt: '2025-07-08T11:20:09Z', sigkillInSeconds: 0 }],
      [undefined, del, { formula: 'deletionTimestamp 2025-07-08T11:20:09Z = SIGKILL due (in 0s)' }],
    ];
    for (const [g, now, want] of rows) {
      const r = grace(del, g, now);
      for (const [k, v] of Object.entries(want)) assert.equal(r[k as keyof typeof r], v, `${g} ${k}`);
    }
  });
});

describe('startup probe kill budget', () => {
  test('started + initialDelay + failureThreshold × period', () => {
    const started = T('2025-01-01T00:00:00Z');
    const rows: [number, number, number, number, string, number][] = [
      [0, 3, 10, started + 5_000, '2025-01-01T00:00:30Z', 25],
      [10, 30, 10, started, '2025-01-01T00:05:10Z', 310],
      [0, 1, 1, started + 60_000, '2025-01-01T00:00:01Z', -59],
    ];
    for (const [delay, threshold, period, now, killAt, inS] of rows) {
      const k = startupKill(started, delay, threshold, period, now);
      assert.equal(k.killAt, killAt);
      assert.equal(k.killInSeconds, inS);
      assert.match(k.formula, new RegExp(`initialDelaySeconds ${delay}s \\+ failureThreshold ${threshold} × periodSeconds ${period}s = ${killAt}$`));
    }
  });
});

describe('as facts', () => {
  const pod = (containerStatus: JsonObject, extra: JsonObject = {}): JsonObject => ({
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'd', creationTimestamp: '2025-01-01T00:00:00Z', ...extra },
    spec: { containers: [{ name: 'app', image: 'a', startupProbe: { httpGet: { path: '/', port: 8080 }, periodSeconds: 10, failureThreshold: 30 } }] },
    status: { phase: 'Running', containerStatuses: [{ name: 'app', ...containerStatus }] },
  });
  const now = T('2025-01-01T01:00:00Z');

  test('a crash-looping container without the kubelet message still gets its next restart', () => {
    const f = normalize(
      {
        pod: pod({ restartCount: 5, state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: { terminated: { exitCode: 1, startedAt: '2025-01-01T00:58:00Z', finishedAt: '2025-01-01T00:59:00Z' } } }),
        events: [],
      },
      now,
    );
    assert.deepEqual(f.containers[0]?.backoff, {
      delaySeconds: 160,
      source: 'restart-count',
      formula: 'last exit 2025-01-01T00:59:00Z + back-off min(10s × 2^(5−1), 300s) = 160s = 2025-01-01T01:01:40Z',
      nextRestartAt: '2025-01-01T01:01:40Z',
      nextRestartInSeconds: 100,
    });
  });

  test('a running container whose startup probe has not passed: when it will be killed', () => {
    const f = normalize({ pod: pod({ restartCount: 0, started: false, state: { running: { startedAt: '2025-01-01T00:57:00Z' } } }), events: [] }, now);
    const s = f.containers[0]?.probes.startup;
    assert.equal(s?.killAt, '2025-01-01T01:02:00Z');
    assert.equal(s?.killInSeconds, 120);
    const started = normalize({ pod: pod({ restartCount: 0, started: true, state: { running: { startedAt: '2025-01-01T00:57:00Z' } } }), events: [] }, now);
    assert.equal(started.containers[0]?.probes.startup.killAt, undefined, 'a started container is past its startup probe');
  });

  test('a deleted pod: when SIGKILL is due', () => {
    const f = normalize({ pod: pod({ state: { running: {} } }, { deletionTimestamp: '2025-01-01T01:00:20Z', deletionGracePeriodSeconds: 30 }), events: [] }, now);
    assert.equal(f.pod.gracePeriod?.formula, 'deleted 2025-01-01T00:59:50Z + grace period 30s = SIGKILL due 2025-01-01T01:00:20Z (in 20s)');
  });
});
