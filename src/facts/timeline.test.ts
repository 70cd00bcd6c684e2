// The timeline from fixtures and hand-made pods: ordering, durations, missing timestamps, clock
// skew, events with count and series, termination; and what it costs per pod.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { FIXTURES_DIR } from '../api/rules.js';
import { diagnosePod } from '../engine/diagnose.js';
import { describeEntry, compactDuration } from '../i18n/timeline.js';
import { snapshotFromTexts } from '../sources/file.js';
import { toEventRecord } from '../sources/events.js';
import type { PodInput } from '../model/input.js';
import type { JsonObject } from '../util/json.js';
import { buildTimeline, stuckEntry } from './timeline.js';
import { type TimelineEntry } from '../model/timeline.js';
import { ruleSet } from '../rules/plan.js';

function fixture(name: string): PodInput {
  const snap = snapshotFromTexts([{ file: name, text: readFileSync(join(FIXTURES_DIR, name), 'utf8') }]);
  return snap.pods[0] as PodInput;
}

const lines = (entries: TimelineEntry[]) => entries.map((e) => `${e.stage} ${e.event}${e.container ? `(${e.container})` : ''}: ${describeEntry(e, 'en')}`);

const T0 = Date.parse('2026-01-10T12:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString().replace('.000Z', 'Z');

/** A pod that went the whole way: created → scheduled → sandbox → image → init → start → ready → liveness kill → back-off. */
function storyPod(): PodInput {
  const pod: JsonObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-1', namespace: 'shop', uid: 'u1', creationTimestamp: at(0) },
    spec: { nodeName: 'node-3', initContainers: [{ name: 'migrate', image: 'app:v2' }], containers: [{ name: 'app', image: 'registry.example.com/app:v2.3' }] },
    status: {
      phase: 'Running',
      startTime: at(2),
      conditions: [
        { type: 'PodReadyToStartContainers', status: 'True', lastTransitionTime: at(5) },
        { type: 'Initialized', status: 'True', lastTransitionTime: at(23) },
        { type: 'Ready', status: 'False', reason: 'ContainersNotReady', lastTransitionTime: at(130) },
        { type: 'ContainersReady', status: 'False', reason: 'ContainersNotReady', lastTransitionTime: at(130) },
        { type: 'PodScheduled', status: 'True', lastTransitionTime: at(2) },
      ],
      initContainerStatuses: [{ name: 'migrate', ready: true, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed', startedAt: at(20), finishedAt: at(23) } } }],
      containerStatuses: [
        {
          name: 'app',
          ready: false,
          restartCount: 1,
          state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 10s restarting failed container=app pod=web-1_shop(u1)' } },
          lastState: { terminated: { exitCode: 137, reason: 'Error', startedAt: at(24), finishedAt: at(130) } },
        },
      ],
    },
  };
  const ev = (reason: string, message: string, first: number, extra: JsonObject = {}, fieldPath?: string) =>
    toEventRecord({
      kind: 'Event',
      reason,
      message,
      type: reason === 'Unhealthy' || reason === 'BackOff' ? 'Warning' : 'Normal',
      firstTimestamp: at(first),
      lastTimestamp: at(first),
      count: 1,
      involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop', uid: 'u1', ...(fieldPath ? { fieldPath } : {}) },
      ...extra,
    });
  const events = [
    ev('Scheduled', 'Successfully assigned shop/web-1 to node-3', 2),
    ev('Pulling', 'Pulling image "app:v2"', 5, {}, 'spec.initContainers{migrate}'),
    ev('Pulled', 'Successfully pulled image "app:v2" in 14.2s (14.2s including waiting). Image size: 1234 bytes.', 19, {}, 'spec.initContainers{migrate}'),
    ev('Created', 'Created container migrate', 20, {}, 'spec.initContainers{migrate}'),
    ev('Started', 'Started container migrate', 20, {}, 'spec.initContainers{migrate}'),
    // core/v1 event with an events.k8s.io series: count and lastObservedTime come from the series.
    ev('Unhealthy', 'Liveness probe failed: HTTP probe failed with statuscode: 500', 100, { count: undefined, series: { count: 3, lastObservedTime: at(120) } }, 'spec.containers{app}'),
    ev('Killing', 'Container app failed liveness probe, will be restarted', 120, {}, 'spec.containers{app}'),
    ev('BackOff', 'Back-off restarting failed container app in pod web-1_shop(u1)', 131, {}, 'spec.containers{app}'),
  ];
  return { pod, events };
}

describe('timeline construction', () => {
  test('orders the whole story, with the durations between stages', () => {
    const t = buildTimeline(storyPod());
    assert.deepEqual(lines(t.entries), [
      'creation created: pod created',
      'scheduling Scheduled: scheduled to node-3 (after 2s)',
      'sandbox sandbox-ready: pod sandbox and network ready (3s after scheduling)',
      'image Pulling(migrate): pulling image app:v2',
      'image Pulled(migrate): image app:v2 pulled (14.2s)',
      'init started(migrate): init container migrate started',
      'init exited(migrate): init container migrate ran 3s, exit 0',
      'init initialized: all init containers done',
      'start started(app): app started',
      'probes Unhealthy(app): liveness probe failed: HTTP probe failed with statuscode: 500 ×3 over 20s',
      'runtime Killing(app): app killed: failed its liveness probe',
      'runtime exited(app): app exited 137 (Error) after 1m46s',
      'probes not-ready: pod not Ready (ContainersNotReady)',
      'runtime BackOff(app): back-off restarting app',
    ]);
    assert.equal(t.createdAt, T0);
  });

  test('the diagnosis closes the timeline with where the pod is stuck, and JSON detail in the chosen language', () => {
    const input = storyPod();
    const d = diagnosePod(input, ruleSet([]), { now: T0 + 200_000 });
    // No rules: nothing is unhealthy, so there is no stuck line.
    assert.ok(!d.timeline.some((e) => e.event === 'stuck'));
    const t = buildTimeline(input);
    const s = stuckEntry(t, 'runtime', T0 + 200_000);
    assert.equal(s.at, T0 + 120_000, 'since the first runtime entry (the liveness kill)');
    assert.equal(describeEntry(s, 'en'), 'stuck in runtime for 1m20s');
    assert.equal(describeEntry(s, 'ko'), '실행 단계에서 1m20s째 멈춰 있음');
  });

  test('time to Ready is counted from creation; a Ready pod is not stuck', () => {
    const input = fixture('deployment-running-ready.yaml');
    const t = buildTimeline(input);
    const ready = t.entries.find((e) => e.event === 'ready');
    assert.ok(ready, lines(t.entries).join('\n'));
    assert.match(describeEntry(ready, 'en'), /^pod Ready \(time to Ready \d/);
    const d = diagnosePod(input, ruleSet([]), {});
    assert.ok(!d.timeline.some((e) => e.event === 'stuck'));
  });

  test('scheduling that took minutes is said so', () => {
    const input = storyPod();
    input.events = input.events.filter((e) => e.reason !== 'Scheduled');
    const conds = (input.pod['status'] as JsonObject)['conditions'] as JsonObject[];
    (conds.find((c) => c['type'] === 'PodScheduled') as JsonObject)['lastTransitionTime'] = at(250);
    const t = buildTimeline(input);
    const s = t.entries.find((e) => e.event === 'scheduled');
    assert.equal(s && describeEntry(s, 'en'), 'scheduled to node-3 (scheduling took 4m10s)');
  });

  test('missing timestamps: undated entries keep their lifecycle place, nothing throws', () => {
    const input = storyPod();
    // No times on the init container's run, and the Pulled event without any timestamp.
    const init = ((input.pod['status'] as JsonObject)['initContainerStatuses'] as JsonObject[])[0] as JsonObject;
    init['state'] = { terminated: { exitCode: 0, reason: 'Completed' } };
    const pulled = input.events.find((e) => e.reason === 'Pulled');
    assert.ok(pulled);
    delete pulled.first;
    delete pulled.last;
    const t = buildTimeline(input);
    const idx = (ev: string, c?: string) => t.entries.findIndex((e) => e.event === ev && (c === undefined || e.container === c));
    assert.ok(idx('Pulled') > idx('Pulling'), 'the undated pull follows the pulling of its stage');
    assert.ok(idx('Pulled') < idx('started', 'app'));
    assert.ok(idx('exited', 'migrate') > idx('Pulled'));
    assert.equal(t.entries[idx('Pulled')]?.at, undefined);
    // A trimmed pod: no metadata times at all.
    const bare = buildTimeline({ pod: { kind: 'Pod', metadata: { name: 'x' }, status: { containerStatuses: [{ name: 'a', state: { waiting: { reason: 'ContainerCreating' } } }] } }, events: [] });
    assert.deepEqual(bare.entries, []);
    assert.doesNotThrow(() => buildTimeline({ pod: { metadata: 'junk', status: { conditions: 'nope', containerStatuses: [null, 7] } } as unknown as JsonObject, events: [] }));
  });

  test('clock skew: a kubelet timestamp before creation is placed at creation and flagged, durations never go negative', () => {
    const input = storyPod();
    const conds = (input.pod['status'] as JsonObject)['conditions'] as JsonObject[];
    (conds.find((c) => c['type'] === 'PodReadyToStartContainers') as JsonObject)['lastTransitionTime'] = at(-3);
    input.events = input.events.filter((e) => e.reason !== 'Scheduled');
    const t = buildTimeline(input);
    assert.equal(t.entries[0]?.event, 'created');
    const sandbox = t.entries.find((e) => e.event === 'sandbox-ready');
    assert.ok(sandbox);
    assert.equal(sandbox.skewMs, 3000);
    assert.equal(sandbox.tookMs, 0);
    assert.match(describeEntry(sandbox, 'en'), /clock skew: stamped 3s before creation/);
    for (const e of t.entries) if (e.tookMs !== undefined) assert.ok(e.tookMs >= 0, describeEntry(e, 'en'));
  });

  test('events with a count or a series become one line with ×N and their span', () => {
    const t = buildTimeline(fixture('liveness-probe-crashloop.yaml'));
    const unhealthy = t.entries.find((e) => e.event === 'Unhealthy');
    assert.ok(unhealthy);
    assert.equal(unhealthy.count, 27);
    assert.match(describeEntry(unhealthy, 'en'), /^liveness probe failed: HTTP probe failed with statuscode: 500 ×27 over 1h18m$/);
    // eventTime-only events (events.k8s.io) are dated by eventTime.
    const e = toEventRecord({ kind: 'Event', apiVersion: 'events.k8s.io/v1', reason: 'Pulling', note: 'Pulling image "a:1"', eventTime: '2026-01-10T12:00:05.123456Z', regarding: { kind: 'Pod', name: 'p' } });
    const t2 = buildTimeline({ pod: { metadata: { name: 'p', creationTimestamp: at(0) } }, events: [e] });
    assert.equal(t2.entries[1]?.at, T0 + 5123);
  });

  test('image pulls: the failure once, with its error; the kubelet\'s "Error: ErrImagePull" echoes are left out', () => {
    const t = buildTimeline(fixture('image-tag-not-found.yaml'));
    const image = t.entries.filter((e) => e.stage === 'image').map((e) => describeEntry(e, 'en'));
    assert.equal(image.length, 3, image.join('\n'));
    assert.match(image[0] as string, /^pulling image nginx:1\.27\.99 ×7 over 8m8s$/);
    assert.match(image[1] as string, /^image nginx:1\.27\.99 could not be pulled: rpc error: code = NotFound desc = /);
    assert.match(image[2] as string, /^back-off pulling image nginx:1\.27\.99 ×33 over 7m54s$/);
  });

  test('termination: deletion requested, SIGTERM, the grace period end', () => {
    const t = buildTimeline(fixture('terminating-within-grace.yaml'));
    const tail = lines(t.entries).slice(-3);
    assert.deepEqual(tail, [
      'termination delete-requested: deletion requested, grace period 60s: SIGTERM',
      'termination Killing(api): api stopped (SIGTERM)',
      'termination grace-period-ends: grace period ends: SIGKILL to what still runs',
    ]);
  });

  test('every fixture builds a timeline in order, in both languages', () => {
    for (const name of ['crashloop-oomkilled-jvm.yaml', 'init-crashloop-migrate.yaml', 'image-tag-not-found.yaml', 'pending-insufficient-memory.yaml', 'completed-cronjob-pod.yaml']) {
      const t = buildTimeline(fixture(name));
      assert.ok(t.entries.length > 0, name);
      let prev = -Infinity;
      for (const e of t.entries) {
        if (e.at === undefined) continue;
        const eff = t.createdAt !== undefined ? Math.max(e.at, t.createdAt) : e.at;
        assert.ok(eff >= prev, `${name}: ${describeEntry(e, 'en')} is out of order`);
        prev = eff;
        assert.ok(describeEntry(e, 'ko').length > 0);
      }
    }
  });
});

describe('compact durations', () => {
  test('table', () => {
    const table: [number, string][] = [
      [0, '0s'],
      [450, '0.5s'],
      [14_200, '14.2s'],
      [14_020, '14s'],
      [9_400, '9.4s'],
      [47_000, '47s'],
      [250_000, '4m10s'],
      [600_000, '10m'],
      [7_500_000, '2h5m'],
      [3 * 86_400_000 + 4 * 3_600_000, '3d4h'],
    ];
    for (const [ms, s] of table) assert.equal(compactDuration(ms), s, String(ms));
  });
});
