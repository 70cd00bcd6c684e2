// normalize() with events as evidence: what a silent status leaves to the pod's events.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EventRecord, PodInput } from '../model/input.js';
import { normalize } from './normalize.js';

const NOW = Date.UTC(2025, 0, 1);
const ev = (reason: string, message: string, extra: Partial<EventRecord> = {}): EventRecord => ({
  reason,
  message,
  count: 1,
  type: 'Warning',
  involved: { kind: 'Pod', name: 'web-1', namespace: 'shop' },
  ...extra,
});
const input = (pod: Record<string, unknown>, events: EventRecord[]): PodInput => ({ pod: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', namespace: 'shop' }, ...pod }, events });

test('a manifest with its events: the container takes its state from them, and says so', () => {
  const f = normalize(
    input({ spec: { containers: [{ name: 'app', image: 'nginx:1.99' }] } }, [
      ev('Failed', 'Error: ErrImagePull'),
      ev('Failed', 'Failed to pull image "nginx:1.99": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.99": not found'),
      ev('Scheduled', 'Successfully assigned shop/web-1 to node-3', { type: 'Normal' }),
    ]),
    NOW,
  );
  const c = f.containers[0];
  assert.equal(c?.statusKnown, false);
  assert.equal(c?.state.waiting?.reason, 'ErrImagePull');
  assert.equal(c?.state.source, 'event');
  assert.equal(c?.imagePull?.kind, 'not-found');
  assert.equal(c?.inferred?.['state']?.reason, 'Failed');
  assert.equal(f.pod.nodeName, 'node-3');
  assert.equal(f.pod.inferred?.['nodeName']?.reason, 'Scheduled');
});

test('the status wins when it speaks; a reason without a message takes the matching event', () => {
  const f = normalize(
    input({ spec: { containers: [{ name: 'app' }] }, status: { phase: 'Pending', containerStatuses: [{ name: 'app', state: { waiting: { reason: 'CreateContainerConfigError' } } }] } }, [
      ev('Failed', "Error: couldn't find key VALUE in Secret shop/app-secrets"),
      ev('BackOff', 'Back-off restarting failed container'),
    ]),
    NOW,
  );
  const c = f.containers[0];
  assert.equal(c?.state.waiting?.reason, 'CreateContainerConfigError');
  assert.equal(c?.state.source, 'status');
  assert.deepEqual([c?.configError?.kind, c?.configError?.key, c?.configError?.event], ['missing-key', 'VALUE', 'Failed']);
});

test('pod-level volume failures with nothing else: the pod is still creating its containers', () => {
  const f = normalize(input({}, [ev('FailedMount', 'MountVolume.SetUp failed for volume "certs" : secret "coturn" not found')]), NOW);
  assert.equal(f.containers.length, 0);
  assert.equal(f.pod.creating, true);
  assert.equal(f.mount?.kind, 'missing-secret');
});

test("a claim's and a Job's events are the pod's evidence", () => {
  const f = normalize(
    input({ spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-0' } }], containers: [{ name: 'db' }] } }, [
      ev('ProvisioningFailed', 'storageclass.storage.k8s.io "standard" not found', { involved: { kind: 'PersistentVolumeClaim', name: 'data-0', namespace: 'shop' } }),
      ev('BackoffLimitExceeded', 'Job has reached the specified backoff limit', { involved: { kind: 'Job', name: 'migrate', namespace: 'shop' } }),
      ev('FailedScheduling', 'running PreBind plugin "VolumeBinding": binding volumes: provisioning failed for PVC "data-0"', { involved: { kind: 'Pod', name: 'web-1', namespace: 'shop' } }),
    ]),
    NOW,
  );
  assert.deepEqual(f.pod.claimEvent, { claim: 'data-0', reason: 'ProvisioningFailed', event: 'ProvisioningFailed', message: 'storageclass.storage.k8s.io "standard" not found' });
  assert.equal(f.pod.jobEvent?.reason, 'BackoffLimitExceeded');
  // events of other objects are never a container's
  assert.equal(f.containers[0]?.events.length, 0);
});

test("the kubelet's admission event gives a silent status its reason and message", () => {
  const f = normalize(input({ spec: { nodeName: 'n1', containers: [{ name: 'vm' }] } }, [ev('OutOfcpu', "Node didn't have enough resource: cpu, requested: 1000, used: 94939, capacity: 95690")]), NOW);
  assert.equal(f.pod.reason, 'OutOfcpu');
  assert.equal(f.admission?.requested, '1000m');
  assert.equal(f.admission?.event, 'OutOfcpu');
});

test('a FailedScheduling event older than the pod\'s Scheduled or kubelet events is not the scheduler\'s word now', () => {
  const at = (minutesAgo: number) => NOW - minutesAgo * 60_000;
  const pending = { spec: { containers: [{ name: 'app' }] }, status: { phase: 'Pending' } };
  const failed = ev('FailedScheduling', 'persistentvolumeclaim "app-pvc" not found', { last: at(13) });
  // scheduled later (the claim was created), the kubelet pulling: the failure is history
  const later = normalize(input(pending, [ev('Pulling', 'Pulling image "nextcloud:latest"', { type: 'Normal', last: at(8) }), ev('Scheduled', 'Successfully assigned shop/web-1', { type: 'Normal', last: at(9) }), failed]), NOW);
  assert.equal(later.scheduling, undefined);
  // the scheduler failing again after an old Scheduled (a recreated pod of the same name) still speaks
  const again = normalize(input(pending, [ev('FailedScheduling', '0/3 nodes are available: 3 Insufficient cpu.', { last: at(1) }), ev('Scheduled', 'Successfully assigned shop/web-1', { type: 'Normal', last: at(30) })]), NOW);
  assert.deepEqual(again.scheduling?.insufficient, ['cpu']);
  // without times the order of a paste proves nothing: the failure stands
  const untimed = normalize(input(pending, [ev('Pulling', 'Pulling image "nginx"', { type: 'Normal' }), ev('FailedScheduling', '0/3 nodes are available: 3 Insufficient cpu.')]), NOW);
  assert.equal(untimed.scheduling?.event, 'FailedScheduling');
});

test('a claim given beside the pod is a fact as its row says it', () => {
  const claim = (phase: string, spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data-0', namespace: 'shop' }, spec, status: { phase } });
  const f = normalize({ ...input({ status: { phase: 'Pending' } }, []), claimObjects: [claim('Pending', { storageClassName: 'standard' }), claim('Pending', {}), claim('Bound', { volumeName: 'pv-1' })] }, NOW);
  assert.deepEqual(f.pod.claimStates, ['data-0: Pending, StorageClass standard', 'data-0: Pending, no StorageClass', 'data-0: Bound, volume pv-1']);
  assert.deepEqual(normalize(input({}, []), NOW).pod.claimStates, []);
});

test('nodes given beside a pod on none of them: those not Ready are a fact', () => {
  const node = (name: string, ready: string | undefined) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, status: ready ? { conditions: [{ type: 'Ready', status: ready }] } : {} });
  const f = normalize({ ...input({ status: { phase: 'Pending' } }, []), clusterNodes: [node('n1', 'True'), node('n2', 'Unknown'), node('n3', 'False')] }, NOW);
  assert.deepEqual(f.pod.nodesNotReady, ['n2 (NotReady)', 'n3 (NotReady)']);
});

test('volumes not in the input: the claims the input ties to the pod are its claims; volumes given: only theirs', () => {
  const claimEv = ev('FailedBinding', 'no persistent volumes available for this claim and no storage class is set', { type: 'Normal', involved: { kind: 'PersistentVolumeClaim', name: 'data-0', namespace: 'shop' } });
  assert.deepEqual(normalize(input({ status: { phase: 'Pending' } }, [claimEv]), NOW).pod.claims, ['data-0']);
  assert.deepEqual(normalize(input({ spec: { volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'other' } }], containers: [{ name: 'a' }] } }, [claimEv]), NOW).pod.claims, ['other']);
});

test('a role its nodeSelector asks for that no node of the table beside it has', () => {
  const node = (name: string, roles: string[]) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: Object.fromEntries(roles.map((r) => [`node-role.kubernetes.io/${r}`, ''])) }, status: { conditions: [{ type: 'Ready', status: 'True' }] } });
  const pod = (sel: Record<string, string>) => ({ spec: { nodeSelector: sel, containers: [{ name: 'a' }] } });
  const nodes = [node('m', ['control-plane']), node('w', [])];
  assert.deepEqual(normalize({ ...input(pod({ 'node-role.kubernetes.io/master': '', disk: 'ssd' }), []), clusterNodes: nodes }, NOW).pod.rolesNotOffered, ['node-role.kubernetes.io/master=']);
  assert.deepEqual(normalize({ ...input(pod({ 'node-role.kubernetes.io/control-plane': '' }), []), clusterNodes: nodes }, NOW).pod.rolesNotOffered, []);
  // no table: nothing is known of the nodes' roles
  assert.deepEqual(normalize(input(pod({ 'node-role.kubernetes.io/master': '' }), []), NOW).pod.rolesNotOffered, []);
});

test('a node the API server says does not exist: node.gone, and nothing else of it is claimed', () => {
  const pod = { metadata: { name: 'web-1', namespace: 'shop', deletionTimestamp: '2024-12-31T23:00:00Z' }, spec: { nodeName: 'ip-10-0-0-1', containers: [{ name: 'app' }] } };
  const f = normalize({ ...input(pod, []), nodeGone: true }, NOW);
  assert.equal(f.node?.name, 'ip-10-0-0-1');
  assert.equal(f.node?.gone, true);
  assert.equal(f.node?.status, 'NotFound');
  assert.equal(f.node?.ready, undefined);
  // a Node that was read wins; without a node name there is nothing to say
  assert.equal(normalize({ ...input(pod, []), nodeGone: true, node: { kind: 'Node', metadata: { name: 'ip-10-0-0-1' }, status: { conditions: [{ type: 'Ready', status: 'True' }] } } }, NOW).node?.gone, undefined);
  assert.equal(normalize({ ...input({ spec: { containers: [{ name: 'app' }] } }, []), nodeGone: true }, NOW).node, undefined);
});

test('spec.runtimeClassName is a pod fact', () => {
  assert.equal(normalize(input({ spec: { runtimeClassName: 'gvisor', containers: [{ name: 'app' }] } }, []), NOW).pod.runtimeClassName, 'gvisor');
});

test('a deleted pod read from kubectl text has no phase of its own: the kubelet\'s Evicted event gives its reason', () => {
  const evicted = ev('Evicted', 'The node was low on resource: ephemeral-storage. Threshold quantity: 1Gi, available: 925292Ki.');
  const pod = { metadata: { name: 'web-1', namespace: 'shop', deletionTimestamp: '2024-12-31T23:00:00Z' }, spec: { containers: [{ name: 'app' }] }, status: { phase: 'Running' } };
  // kubectl prints Terminating in place of the phase: the reader's "Running" is a guess
  const text = normalize({ ...input(pod, [evicted]), source: { file: 'p.txt', input: 'p.txt', format: 'pods-table' } }, NOW);
  assert.equal(text.pod.reason, 'Evicted');
  assert.equal(text.eviction?.resource, 'ephemeral-storage');
  assert.equal(text.eviction?.nodeCondition, 'DiskPressure');
  // a YAML pod's phase Running is its own: an old Evicted event does not rewrite it
  assert.equal(normalize(input(pod, [evicted]), NOW).pod.reason, undefined);
});
