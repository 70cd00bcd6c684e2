// The capture tool's own logic (test/kubectl-describe.ts): moving a fixture's times,
// filling in what a real server would hold, spreading the fixtures over the kubectl builds.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonObject } from '../src/util/json.js';
import { asServed, assignMinors, captureId, fixtureObjects, shiftTimes, type CaptureIndex } from './kubectl-describe.js';

describe('kubectl-describe', () => {
  test('every RFC 3339 time moves by whole seconds, fractions and other strings kept', () => {
    const moved = shiftTimes(
      { a: '2025-03-02T10:00:00Z', b: ['2025-10-02T07:48:05.641207Z', '2025-03-02T10:00:00+02:00'], c: 'started 2025-03-02T10:00:00Z', d: 7, e: null },
      3600,
    );
    assert.deepEqual(moved, { a: '2025-03-02T11:00:00Z', b: ['2025-10-02T08:48:05.641207Z', '2025-03-02T09:00:00Z'], c: 'started 2025-03-02T10:00:00Z', d: 7, e: null });
  });

  test('a pod gets a namespace and its events\' uid; events get the pod\'s uid and namespace', () => {
    const text = [
      'kind: PodwhyFixture',
      'now: "2025-01-01T00:00:00Z"',
      '---',
      'kind: Pod',
      'metadata: {name: web}',
      '---',
      'kind: EventList',
      'items:',
      '- involvedObject: {kind: Pod, name: web, uid: u-from-event}',
      '  reason: BackOff',
      '- involvedObject: {name: web}',
      '  reason: Failed',
      '- involvedObject: {kind: Pod, name: other, namespace: x}',
      '  reason: Scheduled',
    ].join('\n');
    const fx = fixtureObjects('f.yaml', text);
    assert.equal(fx.now, Date.parse('2025-01-01T00:00:00Z'));
    assert.deepEqual(fx.objects.map((o) => o['kind']), ['Pod', 'Event', 'Event', 'Event']);
    const { objects, filled } = asServed(fx, 'f.yaml');
    const pod = objects[0] as JsonObject;
    assert.deepEqual(pod['metadata'], { name: 'web', namespace: 'default', uid: 'u-from-event' });
    const failed = objects[2] as JsonObject;
    assert.deepEqual(failed['involvedObject'], { name: 'web', namespace: 'default', kind: 'Pod', uid: 'u-from-event' });
    assert.equal((failed['metadata'] as JsonObject)['namespace'], 'default');
    assert.deepEqual((objects[3] as JsonObject)['involvedObject'], { kind: 'Pod', name: 'other', namespace: 'x' }, 'another pod\'s event is left alone');
    assert.deepEqual(filled.get(pod), [
      'pod namespace: default',
      "pod uid: its events'",
      'event BackOff: involvedObject.namespace',
      'event BackOff: metadata.name',
      'event Failed: involvedObject.namespace', 'event Failed: involvedObject.kind', 'event Failed: involvedObject.uid', 'event Failed: metadata.name']);
    assert.deepEqual(fx.objects[0], { kind: 'Pod', metadata: { name: 'web' } }, 'the fixture is not changed');
  });

  test('a pod keeps its kubectl build; new pods even the spread', () => {
    const index: CaptureIndex = { '//': '', captures: { a: { fixture: 'a.yaml', namespace: 'n', pod: 'a', kubectl: 'v1.31.9', capturedAt: '', fixtureNow: '', filled: [] } }, refused: {} };
    const m = assignMinors(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], index);
    assert.equal(m.get('a'), 31);
    assert.deepEqual([...m.values()].sort(), [27, 27, 28, 29, 30, 31, 32, 33]);
  });

  test('ids: a fixture\'s name, a workload fixture\'s pod by name', () => {
    assert.equal(captureId('fixtures/crashloop-oomkilled-jvm.yaml', 'orders-api-1'), 'crashloop-oomkilled-jvm');
    assert.equal(captureId('fixtures/workloads/job-backoff-limit-exceeded.yaml', 'migrate-schema-7kq2m'), 'workloads/job-backoff-limit-exceeded.migrate-schema-7kq2m');
  });
});
