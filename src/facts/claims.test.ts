// The claims a pod mounts: what keeps each unbound, from the claim, its class, the volumes and its
// events, and what stays unknown when the input does not give them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClaimStorage, EventRecord, PodInput } from '../model/input.js';
import type { JsonObject } from '../util/json.js';
import { externalProvisioner } from './claims.js';
import { normalize } from './normalize.js';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const ago = (s: number) => NOW - s * 1000;
const claimEvent = (reason: string, message: string, extra: Partial<EventRecord> = {}): EventRecord => ({
  reason,
  message,
  count: 1,
  type: reason === 'ProvisioningFailed' ? 'Warning' : 'Normal',
  source: 'persistentvolume-controller',
  involved: { kind: 'PersistentVolumeClaim', name: 'data-0', namespace: 'shop', uid: 'c-1' },
  first: ago(600),
  last: ago(10),
  ...extra,
});
const pvc = (spec: JsonObject, phase = 'Pending', md: JsonObject = {}): JsonObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name: 'data-0', namespace: 'shop', uid: 'c-1', creationTimestamp: new Date(ago(900)).toISOString(), ...md },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } }, volumeMode: 'Filesystem', ...spec },
  status: { phase },
});
const sc = (name: string, provisioner: string, extra: JsonObject = {}, isDefault = false): JsonObject => ({
  apiVersion: 'storage.k8s.io/v1',
  kind: 'StorageClass',
  metadata: { name, ...(isDefault ? { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } : {}) },
  provisioner,
  ...extra,
});
const pv = (name: string, cls: string | undefined, size: string, phase = 'Available', spec: JsonObject = {}): JsonObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name },
  spec: { capacity: { storage: size }, accessModes: ['ReadWriteOnce'], ...(cls !== undefined ? { storageClassName: cls } : {}), ...spec },
  status: { phase },
});
function claimOf(opts: { claim?: JsonObject; events?: EventRecord[]; storage?: ClaimStorage; message?: string }) {
  const input: PodInput = {
    pod: {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web-0', namespace: 'shop' },
      spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-0' } }], containers: [{ name: 'app' }] },
      status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: opts.message ?? '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..' }] },
    },
    events: opts.events ?? [],
    ...(opts.claim ? { claimObjects: [opts.claim] } : {}),
    ...(opts.storage ? { storage: opts.storage } : {}),
  };
  const claims = normalize(input, NOW).claims;
  assert.equal(claims.length, 1);
  return claims[0] as NonNullable<(typeof claims)[number]>;
}

test('no class: the PV controller says so, whatever else the input lacks', () => {
  const c = claimOf({ events: [claimEvent('FailedBinding', 'no persistent volumes available for this claim and no storage class is set')] });
  assert.equal(c.blocker, 'no-class');
  assert.equal(c.classRequest, undefined);
  assert.equal(c.exists, undefined);
});

test('no class from the objects: unset, every class listed and none default, every volume listed and none fits', () => {
  const storage: ClaimStorage = { classes: [sc('nfs', 'k8s-sigs.io/nfs-subdir-external-provisioner')], classesComplete: true, volumes: [pv('small', undefined, '2Gi'), pv('other', 'nfs', '50Gi')], volumesComplete: true };
  const c = claimOf({ claim: pvc({}), storage });
  assert.equal(c.classRequest, 'unset');
  assert.equal(c.noDefaultClass, true);
  assert.equal(c.volumeFits, false);
  assert.deepEqual(c.volumes, ['small (Available, 2Gi): smaller than 10Gi']);
  assert.equal(c.blocker, 'no-class');
  assert.match(c.missing ?? '', /no class is the default/);
  // a default class exists: not this cause
  const d = claimOf({ claim: pvc({}), storage: { ...storage, classes: [sc('standard', 'rancher.io/local-path', {}, true)] } });
  assert.equal(d.defaultClass, 'standard');
  assert.equal(d.noDefaultClass, undefined);
  assert.equal(d.blocker, undefined);
  // classes given one by one (kubectl get sc nfs -o yaml): whether one is the default is unknown
  const u = claimOf({ claim: pvc({}), storage: { ...storage, classesComplete: false } });
  assert.equal(u.noDefaultClass, undefined);
  assert.equal(u.blocker, undefined);
});

test('storageClassName "": only a volume of no class; one that fits, or one reserved for it, means nothing is missing', () => {
  const fits = claimOf({ claim: pvc({ storageClassName: '' }), storage: { volumes: [pv('big', undefined, '20Gi')], volumesComplete: true } });
  assert.equal(fits.classRequest, 'none');
  assert.equal(fits.volumeFits, true);
  assert.equal(fits.blocker, undefined);
  const reserved = claimOf({ claim: pvc({ storageClassName: '' }), storage: { volumes: [pv('mine', '', '10Gi', 'Available', { claimRef: { namespace: 'shop', name: 'data-0' } })], volumesComplete: true } });
  assert.deepEqual(reserved.volumes, ['mine (Available, 10Gi): reserved for it']);
  const wrong = claimOf({
    claim: pvc({ storageClassName: '', accessModes: ['ReadWriteMany'] }),
    storage: { volumes: [pv('rwo', undefined, '20Gi'), pv('gone', undefined, '20Gi', 'Released', { claimRef: { namespace: 'shop', name: 'old' } })], volumesComplete: true },
  });
  assert.deepEqual(wrong.volumes, ['rwo (Available, 20Gi): no ReadWriteMany', 'gone (Released, 20Gi): reserved for shop/old']);
  assert.equal(wrong.blocker, 'no-class');
  // the volumes listed one by one: none fitting proves nothing
  const part = claimOf({ claim: pvc({ storageClassName: '' }), storage: { volumes: [pv('rwo', undefined, '1Gi')] } });
  assert.equal(part.volumeFits, undefined);
  assert.equal(part.blocker, undefined);
});

test('a kubectl get pvc row prints "" and no class alike: what the claim asks is unknown', () => {
  const row: JsonObject = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data-0', namespace: 'shop' }, spec: {}, status: { phase: 'Pending' } };
  const c = claimOf({ claim: row });
  assert.equal(c.exists, true);
  assert.equal(c.phase, 'Pending');
  assert.equal(c.classRequest, undefined);
  assert.equal(c.blocker, undefined);
});

test('no provisioner: Immediate (the PV controller\'s words), WaitForFirstConsumer (the scheduler\'s), or the volumes', () => {
  const local = sc('local-storage', 'kubernetes.io/no-provisioner', { volumeBindingMode: 'WaitForFirstConsumer' });
  const immediate = claimOf({
    claim: pvc({ storageClassName: 'local-storage' }),
    storage: { classes: [sc('local-storage', 'kubernetes.io/no-provisioner')] },
    events: [claimEvent('ProvisioningFailed', 'no volume plugin matched name: kubernetes.io/no-provisioner')],
  });
  assert.equal(immediate.bindingMode, 'Immediate');
  assert.equal(immediate.blocker, 'no-provisioner');
  assert.equal(immediate.provisioningError, undefined);
  const wffc = claimOf({
    claim: pvc({ storageClassName: 'local-storage' }),
    storage: { classes: [local] },
    events: [claimEvent('WaitForPodScheduled', 'waiting for pod web-0 to be scheduled')],
    message: "0/3 nodes are available: 3 node(s) didn't find available persistent volumes to bind. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..",
  });
  assert.equal(wffc.blocker, 'no-provisioner');
  // the scheduler blames something else: the claim only waits for the pod
  const waits = claimOf({ claim: pvc({ storageClassName: 'local-storage' }), storage: { classes: [local] }, events: [claimEvent('WaitForPodScheduled', 'waiting for pod web-0 to be scheduled')], message: '0/3 nodes are available: 3 Insufficient cpu.' });
  assert.equal(waits.blocker, 'waiting-for-pod');
  // the class is not in the input: the PV controller's message names the provisioner
  const named = claimOf({ events: [claimEvent('ProvisioningFailed', 'no volume plugin matched name: kubernetes.io/no-provisioner')] });
  assert.equal(named.provisioner, 'kubernetes.io/no-provisioner');
  assert.equal(named.blocker, 'no-provisioner');
});

test('a missing class: the PV controller, a 404, or the whole list; a class merely not in the input is unknown', () => {
  const said = claimOf({ events: [claimEvent('ProvisioningFailed', 'storageclass.storage.k8s.io "fast" not found')] });
  assert.equal(said.storageClass, 'fast');
  assert.equal(said.classExists, false);
  assert.equal(said.blocker, 'class-missing');
  assert.equal(said.missing, 'StorageClass fast');
  assert.equal(claimOf({ claim: pvc({ storageClassName: 'fast' }), storage: { missingClasses: ['fast'] } }).blocker, 'class-missing');
  assert.equal(claimOf({ claim: pvc({ storageClassName: 'fast' }), storage: { classes: [sc('gp3', 'ebs.csi.aws.com')], classesComplete: true } }).classExists, false);
  const unknown = claimOf({ claim: pvc({ storageClassName: 'fast' }), storage: { classes: [sc('gp3', 'ebs.csi.aws.com')] } });
  assert.equal(unknown.classExists, undefined);
  assert.equal(unknown.blocker, undefined);
});

test('an external provisioner: asked a minute ago and silent, at work, failing, or just asked', () => {
  const v128 = "Waiting for a volume to be created either by the external provisioner 'ebs.csi.aws.com' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.";
  const v127 = 'waiting for a volume to be created, either by external provisioner "ebs.csi.aws.com" or manually created by system administrator';
  assert.equal(externalProvisioner(v128), 'ebs.csi.aws.com');
  assert.equal(externalProvisioner(v127), 'ebs.csi.aws.com');
  assert.equal(externalProvisioner('cannot find provisioner "ibm.io/ibmc-file", expecting that a volume for the claim is provisioned either manually or via external software'), 'ibm.io/ibmc-file');
  const gp3 = sc('gp3', 'ebs.csi.aws.com');
  const silent = claimOf({ claim: pvc({ storageClassName: 'gp3' }), storage: { classes: [gp3] }, events: [claimEvent('ExternalProvisioning', v128, { count: 40 })] });
  assert.equal(silent.provisionerSeen, false);
  assert.equal(silent.blocker, 'provisioner-silent');
  assert.equal(silent.provisioner, 'ebs.csi.aws.com');
  // asked seconds ago: not yet a finding
  const fresh = claimOf({
    claim: pvc({ storageClassName: 'gp3' }, 'Pending', { creationTimestamp: new Date(ago(8)).toISOString() }),
    storage: { classes: [gp3] },
    events: [claimEvent('ExternalProvisioning', v127, { first: ago(8), last: ago(3), count: 1 })],
  });
  assert.equal(fresh.blocker, 'provisioning');
  const working = claimOf({
    claim: pvc({ storageClassName: 'gp3' }),
    storage: { classes: [gp3] },
    events: [claimEvent('ExternalProvisioning', v128, { count: 40 }), claimEvent('Provisioning', 'External provisioner is provisioning volume for claim "shop/data-0"', { source: 'ebs.csi.aws.com_ebs-csi-controller-7d9f_1a2b' })],
  });
  assert.equal(working.provisionerSeen, true);
  assert.equal(working.blocker, 'provisioning');
  const failing = claimOf({
    claim: pvc({ storageClassName: 'gp3' }),
    storage: { classes: [gp3] },
    events: [
      claimEvent('ProvisioningFailed', 'failed to provision volume with StorageClass "gp3": rpc error: code = Internal desc = Could not create volume "pvc-1": UnauthorizedOperation: You are not authorized to perform this operation.', { source: 'ebs.csi.aws.com_ebs-csi-controller-7d9f_1a2b', last: ago(5) }),
      claimEvent('ExternalProvisioning', v128, { count: 40 }),
    ],
  });
  assert.equal(failing.blocker, 'provisioning-failed');
  assert.match(failing.provisioningError ?? '', /UnauthorizedOperation/);
  // a migrated in-tree class: the PV controller names the CSI driver it waits for
  const migrated = claimOf({ claim: pvc({ storageClassName: 'gp2' }), storage: { classes: [sc('gp2', 'kubernetes.io/aws-ebs')] }, events: [claimEvent('ExternalProvisioning', v127, { count: 12 })] });
  assert.equal(migrated.provisioner, 'ebs.csi.aws.com');
  assert.equal(migrated.blocker, 'provisioner-silent');
});

test('bound, lost, missing: the claim itself', () => {
  assert.equal(claimOf({ claim: pvc({ storageClassName: 'gp3', volumeName: 'pvc-1' }, 'Bound'), events: [claimEvent('FailedBinding', 'no persistent volumes available for this claim and no storage class is set')] }).blocker, undefined);
  const lost = claimOf({ claim: pvc({ storageClassName: 'gp3', volumeName: 'pvc-1' }, 'Lost') });
  assert.equal(lost.blocker, 'lost');
  assert.equal(lost.missing, 'PersistentVolume pvc-1');
  const gone = claimOf({ storage: { missingClaims: ['data-0'] } });
  assert.equal(gone.exists, false);
  assert.equal(gone.blocker, 'claim-missing');
  // the scheduler says it is missing
  assert.equal(claimOf({ message: '0/3 nodes are available: persistentvolumeclaim "data-0" not found. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..' }).exists, false);
});

test('a pod without claims has none, and costs nothing', () => {
  const f = normalize({ pod: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' }, spec: { containers: [{ name: 'a' }] } }, events: [] }, NOW);
  assert.deepEqual(f.claims, []);
});
