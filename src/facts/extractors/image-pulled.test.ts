import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EventFacts } from '../types.js';
import { extractImagePulled, parsePulled } from './image-pulled.js';

test('the kubelet\'s Pulled messages, before and since v1.30', () => {
  assert.deepEqual(parsePulled('Successfully pulled image "nextcloud:latest" in 8m2.796s'), { image: 'nextcloud:latest', seconds: 482.796 });
  assert.deepEqual(parsePulled('Successfully pulled image "nginx:1.27" in 15.981s (15.981s including waiting). Image size: 129338587 bytes.'), { image: 'nginx:1.27', seconds: 15.981, waitingSeconds: 15.981, sizeBytes: 129338587 });
  assert.deepEqual(parsePulled('Successfully pulled image "x/y:1" in 520ms (1m0.5s including waiting). Image size: 1 bytes.'), { image: 'x/y:1', seconds: 0.52, waitingSeconds: 60.5, sizeBytes: 1 });
  assert.deepEqual(parsePulled('Successfully pulled image "big:2" in 1h2m3s'), { image: 'big:2', seconds: 3723 });
});

test('messages that say no duration are not read', () => {
  for (const m of ['Successfully pulled image "busybox:latest"', 'Container image "nginx:1.27" already present on machine', 'Pulling image "nginx:1.27"', 'Successfully pulled image "x" in soon', '']) {
    assert.equal(parsePulled(m), undefined, m);
  }
});

test('the newest Pulled event of the container with a duration (events come newest first)', () => {
  const ev = (reason: string, message: string) => ({ reason, message }) as EventFacts;
  const events = [ev('Started', 'Started container app'), ev('Pulled', 'Successfully pulled image "app:2" in 3m1s'), ev('Pulled', 'Successfully pulled image "app:1" in 2s')];
  assert.deepEqual(extractImagePulled({ events }), { image: 'app:2', seconds: 181, message: 'Successfully pulled image "app:2" in 3m1s' });
  assert.equal(extractImagePulled({ events: [ev('Pulled', 'Container image "app:1" already present on machine')] }), undefined);
  assert.equal(extractImagePulled({ events: [] }), undefined);
});
