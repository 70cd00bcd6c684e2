import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inferState } from './inference.js';
import type { EventFacts } from './types.js';

// newest first, as normalize() orders them
const ev = (reason: string, message: string, count = 1): EventFacts => ({ reason, message, count, reasonTotal: count });

test('the newest telling event decides: a back-off restarting the container is CrashLoopBackOff', () => {
  const r = inferState([ev('BackOff', 'Back-off restarting failed container', 46), ev('Started', 'Started container web', 5), ev('Created', 'Created container web', 5)], undefined, false);
  assert.equal(r?.state.waiting?.reason, 'CrashLoopBackOff');
  assert.equal(r?.state.source, 'event');
  assert.equal(r?.restarts, 4);
  assert.equal(r?.origin.reason, 'BackOff');
});

test('a restart after the back-off is Running again', () => {
  const r = inferState([ev('Started', 'Started container web', 2), ev('BackOff', 'Back-off restarting failed container')], undefined, false);
  assert.equal(r?.state.kind, 'running');
  assert.equal(r?.restarts, 1);
});

test('"Error: ErrImagePull" takes the runtime error of the newest failed pull', () => {
  const r = inferState([ev('Failed', 'Error: ErrImagePull'), ev('Failed', 'Failed to pull image "x:1": not found'), ev('Pulling', 'Pulling image "x:1"')], undefined, false);
  assert.equal(r?.state.waiting?.reason, 'ErrImagePull');
  assert.equal(r?.state.waiting?.message, 'Failed to pull image "x:1": not found');
});

test('a config error is CreateContainerConfigError with the kubelet message', () => {
  const r = inferState([ev('Failed', 'Error: configmap "cfg" not found', 12)], undefined, false);
  assert.deepEqual(r?.state.waiting, { reason: 'CreateContainerConfigError', message: 'configmap "cfg" not found' });
});

test('volume or sandbox failures keep a silent container in ContainerCreating (PodInitializing with init containers)', () => {
  const blocked = ev('FailedMount', 'MountVolume.SetUp failed for volume "v" : secret "s" not found');
  assert.equal(inferState([], blocked, false)?.state.waiting?.reason, 'ContainerCreating');
  assert.equal(inferState([], blocked, true)?.state.waiting?.reason, 'PodInitializing');
  assert.equal(inferState([], undefined, false), undefined);
  // the kubelet probes only a running container
  assert.equal(inferState([ev('Unhealthy', 'Readiness probe failed: connection refused')], undefined, false)?.state.kind, 'running');
});

test('a back-off after the runtime failed to start the container: the run before was a StartError', () => {
  const r = inferState(
    [
      ev('BackOff', 'Back-off restarting failed container', 67),
      ev('Failed', 'Error: failed to start container "app": Error response from daemon: OCI runtime create failed: chdir to cwd ("/home/nonroot") set in config.json failed: permission denied: unknown', 4),
      ev('Created', 'Created container app', 4),
    ],
    undefined,
    false,
  );
  assert.equal(r?.state.waiting?.reason, 'CrashLoopBackOff');
  assert.equal(r?.lastState?.terminated?.reason, 'StartError');
  assert.match(r?.lastState?.terminated?.message ?? '', /^failed to start container "app"/);
  assert.equal(r?.restarts, 3);
});

test('an echo of InvalidImageName takes the words of the InspectFailed event', () => {
  const r = inferState([ev('Failed', 'Error: InvalidImageName'), ev('InspectFailed', 'Failed to apply default image tag "/x:1": couldn\'t parse image reference "/x:1": invalid reference format')], undefined, false);
  assert.equal(r?.state.waiting?.reason, 'InvalidImageName');
  assert.match(r?.state.waiting?.message ?? '', /invalid reference format/);
  assert.equal(r?.origin.reason, 'InspectFailed');
});
