import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attributeEvents, containerNamedIn, imageNamedIn, sameImage, type ContainerRef } from './attribution.js';
import type { EventFacts } from './types.js';

const ev = (reason: string, message: string, extra: Partial<EventFacts> = {}): EventFacts => ({ reason, message, count: 1, reasonTotal: 1, ...extra });
const ref = (name: string, image?: string, failing = false, kind: ContainerRef['kind'] = 'regular'): ContainerRef => ({ name, kind, failing, ...(image ? { image } : {}) });

test('container names the kubelet spells out in its messages, old and new', () => {
  const cases: [string, string | undefined][] = [
    ['Created container app', 'app'],
    ['Started container web-ctr', 'web-ctr'],
    ['Stopping container sidecar', 'sidecar'],
    ['Container orders failed liveness probe, will be restarted', 'orders'],
    ['Container db failed startup probe, will be restarted', 'db'],
    ['Back-off restarting failed container app in pod web-1_default(5d1e0f3a-7c2b)', 'app'],
    ['back-off 5m0s restarting failed container=app pod=web-1_default(5d1e)', 'app'],
    ['Killing container with id docker://app:Container failed liveness probe.. Container will be killed and recreated.', 'app'],
    ['Error: failed to start container "orders-api": Error response from daemon: OCI runtime create failed', 'orders-api'],
    ['Exec lifecycle hook ([/bin/sh -c sleep 5]) for Container "nginx" in Pod "web_default(1)" failed - error: command failed', 'nginx'],
    ['Back-off restarting failed container', undefined],
    ['Container created', undefined],
    ['Pulling image "nginx:1.25"', undefined],
  ];
  for (const [m, want] of cases) assert.equal(containerNamedIn(m), want, m);
});

test('images in pull messages, and the same image written two ways', () => {
  assert.equal(imageNamedIn('Pulling image "nginx:1.25"'), 'nginx:1.25');
  assert.equal(imageNamedIn('Container image "busybox:1.28.4" already present on machine'), 'busybox:1.28.4');
  assert.equal(imageNamedIn('Failed to pull image "quay.io/x/y": rpc error'), 'quay.io/x/y');
  assert.ok(sameImage('nginx', 'docker.io/library/nginx:latest'));
  assert.ok(sameImage('bitnami/redis:7', 'docker.io/bitnami/redis:7'));
  assert.ok(!sameImage('nginx:1.25', 'nginx:1.26'));
  assert.ok(!sameImage('registry.local:5000/app', 'app'));
});

test('attribution: fieldPath, then the message, the image, the only container, the only failing one', () => {
  const events = [
    ev('Started', 'Started container web', { container: 'web' }),
    ev('Failed', 'Failed to pull image "redis:7": not found'),
    ev('BackOff', 'Back-off restarting failed container app in pod p_ns(u)'),
    ev('Unhealthy', 'Readiness probe failed: HTTP probe failed with statuscode: 503'),
    ev('FailedMount', 'MountVolume.SetUp failed for volume "cfg" : configmap "cfg" not found'),
  ];
  attributeEvents(events, [ref('app', 'ghcr.io/org/app:1'), ref('cache', 'redis:7'), ref('web', 'nginx', true)]);
  assert.deepEqual(
    events.map((e) => [e.container, e.containerFrom]),
    [
      ['web', 'fieldPath'],
      ['cache', 'image'],
      ['app', 'message'],
      ['web', 'failing'],
      [undefined, undefined],
    ],
  );
});

test('attribution: one container takes every container event; two running one image take none by image', () => {
  const one = [ev('Failed', "Error: couldn't find key VALUE in Secret default/x")];
  attributeEvents(one, [ref('not-posted')]);
  assert.equal(one[0]?.container, 'not-posted');
  assert.equal(one[0]?.containerFrom, 'only');
  const two = [ev('Pulling', 'Pulling image "busybox"')];
  attributeEvents(two, [ref('a', 'busybox'), ref('b', 'busybox:latest')]);
  assert.equal(two[0]?.container, undefined);
  // an init container counts: a pod of init + app has no "only" container
  const init = [ev('Failed', 'Error: secret "s" not found')];
  attributeEvents(init, [ref('migrate', undefined, false, 'init'), ref('app')]);
  assert.equal(init[0]?.container, undefined);
});

test('attribution: with no containers known, a named container is taken as given', () => {
  const events = [ev('Started', 'Started container worker')];
  attributeEvents(events, []);
  assert.equal(events[0]?.container, 'worker');
});
