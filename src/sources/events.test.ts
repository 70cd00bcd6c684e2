import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toEventRecord } from './events.js';

test('an event is redacted where it enters: whatever shows it later cannot show its secret', () => {
  const core = toEventRecord({
    kind: 'Event',
    involvedObject: { kind: 'Pod', name: 'web-0' },
    reason: 'FailedCreate',
    message: 'admission webhook "env.example.com" denied the request: container app sets DB_PASSWORD=hunter2 in plain text',
  });
  assert.equal(core.message, 'admission webhook "env.example.com" denied the request: container app sets DB_PASSWORD=*** in plain text');
  // events.k8s.io/v1 carries it as note; the correlator's prefix goes as before
  const v1 = toEventRecord({ kind: 'Event', regarding: { kind: 'Pod', name: 'web-0' }, reason: 'Unhealthy', note: '(combined from similar events): Readiness probe failed: X-API-Key: 4f9a2c1e7b3d58a6e0f1 not accepted' });
  assert.equal(v1.message, 'Readiness probe failed: X-API-Key: *** not accepted');
  // ordinary words stay
  const pull = toEventRecord({ kind: 'Event', involvedObject: { kind: 'Pod', name: 'web-0' }, reason: 'Failed', message: 'Failed to pull image "x": failed to fetch anonymous token: unexpected status: 401 Unauthorized' });
  assert.equal(pull.message, 'Failed to pull image "x": failed to fetch anonymous token: unexpected status: 401 Unauthorized');
});
