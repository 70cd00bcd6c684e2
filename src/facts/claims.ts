// The claims a pod mounts, one object further than the pod: each PersistentVolumeClaim with its
// phase, the StorageClass it asks for (its provisioner and binding mode, whether one is the
// default), whether a PersistentVolume the input gives could bind it, its events, and what keeps
// it unbound when the input proves it. Pure: the claims, classes and volumes come in the PodInput
// (sources/file.ts offline, sources/live/fetch.ts live); the claims' events are among the pod's.
//
// The words are the PV controller's (kubernetes pkg/controller/volume/persistentvolume/
// pv_controller.go) and the external provisioner library's (sig-storage-lib-external-provisioner
// controller/controller.go):
//   syncUnboundClaim, no volume, no class:  Normal  FailedBinding  "no persistent volumes available for this claim and no storage class is set"
//   … delayed binding, no pod scheduled:    Normal  WaitForFirstConsumer "waiting for first consumer to be created before binding"
//                                            Normal  WaitForPodScheduled  "waiting for pod web-0 to be scheduled"
//   provisionClaim, class lister error:     Warning ProvisioningFailed 'storageclass.storage.k8s.io "fast" not found'
//   … class provisioner kubernetes.io/*
//     that no in-tree plugin serves:        Warning ProvisioningFailed "no volume plugin matched name: kubernetes.io/no-provisioner"
//   provisionClaimOperationExternal:        Normal  ExternalProvisioning
//     v1.28+ (kubernetes#118262): "Waiting for a volume to be created either by the external provisioner 'ebs.csi.aws.com' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered."
//     v1.9–1.27: 'waiting for a volume to be created, either by external provisioner "ebs.csi.aws.com" or manually created by system administrator'
//     before:    'cannot find provisioner "ibm.io/ibmc-file", expecting that a volume for the claim is provisioned either manually or via external software'
//   the external provisioner itself:        Normal  Provisioning 'External provisioner is provisioning volume for claim "shop/data-0"'
//                                            Warning ProvisioningFailed 'failed to provision volume with StorageClass "gp3": rpc error: …'
//                                            Normal  ProvisioningSucceeded "Successfully provisioned volume pvc-…"
//   syncBoundClaim:                          Warning ClaimLost "Bound claim has lost its PersistentVolume. Data on the volume is lost!"
// Binding (checkVolumeSatisfyClaim, findBestMatchForClaim): an Available volume, or one whose
// claimRef names the claim, of the claim's class ("" for none), at least its size, offering every
// access mode it asks for, of its volumeMode.

import type { ClaimStorage, PodInput } from '../model/input.js';
import { apiEnum, bool, listOf, num, obj, oneOf, opt, reason, str, strs, type FactType } from './declare.js';
import { formatBytes, parseQuantity } from './extractors/quantity.js';
import { podFamilyAlways, type PodScope, type PodFamily } from './family.js';
import type { EventFacts, PodFacts, SchedulingFacts } from './types.js';
import { arr, isObject, nonEmpty, obj as asObj, str as asStr, type JsonObject as Json } from '../util/json.js';

/** What keeps a claim unbound, as the input proves it. */
export const CLAIM_BLOCKERS = [
  'no-class',
  'no-provisioner',
  'class-missing',
  'provisioner-silent',
  'provisioning-failed',
  'provisioning',
  'waiting-for-pod',
  'claim-missing',
  'lost',
] as const;
export type ClaimBlocker = (typeof CLAIM_BLOCKERS)[number];

export const NO_PROVISIONER = 'kubernetes.io/no-provisioner';
/** A claim waits this long for an external provisioner before its silence is a finding. */
export const PROVISIONER_GRACE_SECONDS = 60;

export const CLAIM = obj('A PersistentVolumeClaim the pod mounts, with what the input gives of it.', {
  name: str('The claim (spec.volumes[].persistentVolumeClaim.claimName).'),
  exists: opt(bool('true when the input gives the claim; false when the API server answered that it does not exist (live, 404) or the scheduler says persistentvolumeclaim "x" not found; absent otherwise.')),
  phase: opt(apiEnum('status.phase of the claim: Pending, Bound or Lost.', ['Pending', 'Bound', 'Lost'])),
  volumeName: opt(str('spec.volumeName: the PersistentVolume it is bound (or pre-bound) to.')),
  requests: opt(str('spec.resources.requests.storage, as written ("5Gi").')),
  accessModes: strs('spec.accessModes (ReadWriteOnce, ReadWriteMany, ReadOnlyMany, ReadWriteOncePod).'),
  classRequest: opt(
    oneOf(
      'What spec.storageClassName asks: named (a StorageClass), none ("" — only a volume of no class, never provisioned), unset (no field — the default StorageClass, which the API server sets at creation and, since v1.28, the PV controller later, when one exists); absent when the input does not say (a kubectl get pvc row prints both "" and unset as empty).',
      ['named', 'none', 'unset'],
    ),
  ),
  storageClass: opt(str('The StorageClass it names (spec.storageClassName, or the one its ProvisioningFailed event names).')),
  classExists: opt(
    bool('Its StorageClass exists: true when the input gives it; false when the API server answered 404, the PV controller says storageclass.storage.k8s.io "x" not found, or the input lists every StorageClass and it is not among them; absent otherwise.'),
  ),
  provisioner: opt(
    str('Who creates its volume: the provisioner the PV controller\'s ExternalProvisioning event names (a migrated in-tree class names its CSI driver), else the claim\'s volume.kubernetes.io/storage-provisioner annotation, else its StorageClass\'s provisioner (kubernetes.io/no-provisioner: nobody).'),
  ),
  bindingMode: opt(apiEnum('volumeBindingMode of its StorageClass: Immediate or WaitForFirstConsumer (binding and provisioning wait for a pod to be scheduled).', ['Immediate', 'WaitForFirstConsumer'])),
  classIsDefault: opt(bool('Its StorageClass is the default one (annotation storageclass.kubernetes.io/is-default-class: "true").')),
  defaultClass: opt(str('The default StorageClass among those the input gives.')),
  noDefaultClass: opt(bool('true when the input lists every StorageClass (a live list, kubectl get sc -o yaml) and none is the default; absent otherwise.')),
  volumeFits: opt(
    bool('A PersistentVolume could bind it: true when one the input gives is Available (or reserved for it by claimRef), of its class, big enough and offering its access modes; false when the input lists every PersistentVolume (a live list, kubectl get pv -o yaml) and none does; absent otherwise.'),
  ),
  volumes: strs('The PersistentVolumes of its class the input gives, and whether each fits: "local-pv-1 (Available, 10Gi): fits", "pv-2 (Available, 1Gi): smaller than 5Gi".'),
  event: opt(
    obj('The newest telling event of the claim (ProvisioningFailed, FailedBinding, ExternalProvisioning, WaitForFirstConsumer…).', {
      reason: reason('The event reason.'),
      message: opt(str('The event message.')),
      source: opt(str('The component that reported it: persistentvolume-controller, or the provisioner.')),
      count: num('How many times it happened.'),
    }),
  ),
  provisionerSeen: opt(
    bool('The external provisioner reported on the claim itself (Provisioning, ProvisioningFailed or ProvisioningSucceeded from a component other than the PV controller): it runs and serves the class; false when the claim\'s events are in the input and the PV controller\'s ExternalProvisioning is the only word on provisioning.'),
  ),
  provisioningError: opt(str('The newest ProvisioningFailed message of its provisioner (or of the PV controller for an in-tree one).')),
  waitingSeconds: opt(num('How long it has waited: since its creation, else since its first event.')),
  blocker: opt(
    oneOf(
      'What keeps it unbound, when the input proves it: no-class (no StorageClass named, none is the default, and no volume of no class fits), no-provisioner (its class\'s provisioner is kubernetes.io/no-provisioner and no volume fits), class-missing, provisioner-silent (an external provisioner was asked a minute or more ago and has not reported), provisioning-failed, provisioning (asked less than a minute ago, or the provisioner is at work), waiting-for-pod (WaitForFirstConsumer: binding waits for the pod to be scheduled), claim-missing, lost.',
      CLAIM_BLOCKERS,
    ),
  ),
  missing: opt(str('The missing piece, in words: "StorageClass fast", "a PersistentVolume of StorageClass local-storage that fits it (5Gi, ReadWriteOnce)"…')),
});
export const CLAIMS_FACTS = listOf('The PersistentVolumeClaims the pod mounts (pod.claims), each with its StorageClass and the volumes that could bind it, as far as the input gives them (src/facts/claims.ts).', 'name', CLAIM);
export type ClaimFacts = FactType<typeof CLAIM>;

const DEFAULT_CLASS_ANNOTATIONS = ['storageclass.kubernetes.io/is-default-class', 'storageclass.beta.kubernetes.io/is-default-class'];
const PROVISIONER_ANNOTATIONS = ['volume.kubernetes.io/storage-provisioner', 'volume.beta.kubernetes.io/storage-provisioner'];
/** The beta annotation that named a class before spec.storageClassName (still honoured by GetPersistentVolumeClaimClass). */
const BETA_CLASS = 'volume.beta.kubernetes.io/storage-class';
const PV_CONTROLLER = 'persistentvolume-controller';

const NO_CLASS_SET = /no persistent volumes available for this claim and no storage class is set/;
const CLASS_NOT_FOUND = /storageclass(?:es)?(?:\.storage\.k8s\.io)? "([^"]*)" not found/i;
const NO_PLUGIN = /no volume plugin matched name: (\S+)/;
/** The PV controller hands the claim to an external provisioner (every wording since v1.5). */
const EXTERNAL = [/either by the external provisioner '([^']+)'/, /either by external provisioner "([^"]+)"/, /cannot find provisioner "([^"]+)"/];

const annotation = (o: Json, keys: readonly string[]): string | undefined => {
  const a = asObj(asObj(o['metadata'])?.['annotations']) ?? {};
  for (const k of keys) {
    const v = nonEmpty(a[k]);
    if (v !== undefined) return v;
  }
  return undefined;
};
const nameOf = (o: Json) => nonEmpty(asObj(o['metadata'])?.['name']);
const isDefaultClass = (c: Json) => DEFAULT_CLASS_ANNOTATIONS.some((k) => annotation(c, [k]) === 'true');

/** The class a PersistentVolume belongs to ("" for none), as GetPersistentVolumeClass reads it. */
function volumeClass(pv: Json): string {
  return annotation(pv, [BETA_CLASS]) ?? asStr(asObj(pv['spec'])?.['storageClassName']) ?? '';
}

/** Whether a volume could bind the claim, and why not (checkVolumeSatisfyClaim, findBestMatchForClaim). */
function fit(pv: Json, claim: { ns?: string; name: string; cls: string; bytes?: number; modes: string[]; volumeMode: string; labels?: Record<string, string> }): { fits: boolean; why: string } {
  const spec = asObj(pv['spec']) ?? {};
  const phase = nonEmpty(asObj(pv['status'])?.['phase']);
  const ref = asObj(spec['claimRef']);
  const mine = ref !== undefined && nonEmpty(ref['name']) === claim.name && (claim.ns === undefined || nonEmpty(ref['namespace']) === undefined || nonEmpty(ref['namespace']) === claim.ns);
  if (ref !== undefined && !mine) return { fits: false, why: `reserved for ${nonEmpty(ref['namespace']) ?? ''}/${nonEmpty(ref['name']) ?? ''}` };
  if (!mine && phase !== undefined && phase !== 'Available') return { fits: false, why: phase };
  if (nonEmpty(asObj(pv['metadata'])?.['deletionTimestamp']) !== undefined) return { fits: false, why: 'being deleted' };
  const size = parseQuantity(asStr(asObj(spec['capacity'])?.['storage']));
  if (claim.bytes !== undefined && size !== undefined && size < claim.bytes) return { fits: false, why: `smaller than ${formatBytes(claim.bytes)}` };
  const modes = arr(spec['accessModes']).map((m) => asStr(m) ?? '');
  const lacking = claim.modes.filter((m) => !modes.includes(m));
  if (lacking.length > 0 && modes.length > 0) return { fits: false, why: `no ${lacking.join(', ')}` };
  if ((nonEmpty(spec['volumeMode']) ?? 'Filesystem') !== claim.volumeMode) return { fits: false, why: `volumeMode ${nonEmpty(spec['volumeMode']) ?? 'Filesystem'}` };
  if (claim.labels) {
    const labels = asObj(asObj(pv['metadata'])?.['labels']) ?? {};
    const off = Object.entries(claim.labels).find(([k, v]) => labels[k] !== v);
    if (off) return { fits: false, why: `no label ${off[0]}=${off[1]}` };
  }
  return { fits: true, why: mine ? 'reserved for it' : 'fits' };
}

function volumeText(pv: Json, why: string): string {
  const phase = nonEmpty(asObj(pv['status'])?.['phase']);
  const size = nonEmpty(asObj(asObj(pv['spec'])?.['capacity'])?.['storage']);
  const detail = [phase, size].filter((x): x is string => x !== undefined).join(', ');
  return `${nameOf(pv) ?? '?'}${detail ? ` (${detail})` : ''}: ${why}`;
}

const claimEventsOf = (events: readonly EventFacts[], name: string) => events.filter((e) => e.object === `PersistentVolumeClaim/${name}`);
const fromProvisioner = (e: EventFacts) => e.source !== undefined && e.source !== PV_CONTROLLER;

/** The provisioner the PV controller says it waits for. */
export function externalProvisioner(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  for (const re of EXTERNAL) {
    const m = re.exec(message);
    if (m) return m[1];
  }
  return undefined;
}

/**
 * The facts of every claim the pod mounts. `scheduling`: the scheduler's own word on the pod (a
 * claim or class it says is missing; no volume to bind on any node).
 */
export function claimFacts(input: PodInput, pod: PodFacts, events: readonly EventFacts[], scheduling: SchedulingFacts | undefined, nowMs: number): ClaimFacts[] {
  if (pod.claims.length === 0) return [];
  const storage: ClaimStorage = input.storage ?? {};
  const classes = storage.classes ?? [];
  const defaults = classes.filter(isDefaultClass);
  const reasons = scheduling?.reasons ?? [];
  return pod.claims.map((name) => {
    const raw = (input.claimObjects ?? []).find((c) => nameOf(c) === name);
    const f: ClaimFacts = { name, accessModes: [], volumes: [] };
    const evs = claimEventsOf(events, name);
    if (raw) f.exists = true;
    else if ((storage.missingClaims ?? []).includes(name) || reasons.some((r) => r.kind === 'missing-pvc' && r.detail === name)) f.exists = false;
    const spec = asObj(raw?.['spec']) ?? {};
    const md = asObj(raw?.['metadata']) ?? {};
    if (raw) {
      const phase = nonEmpty(asObj(raw['status'])?.['phase']);
      if (phase !== undefined) f.phase = phase;
      const vn = nonEmpty(spec['volumeName']);
      if (vn !== undefined) f.volumeName = vn;
      const req = nonEmpty(asObj(asObj(spec['resources'])?.['requests'])?.['storage']);
      if (req !== undefined) f.requests = req;
      f.accessModes = arr(spec['accessModes']).map((m) => asStr(m)).filter((m): m is string => m !== undefined);
      // a claim the API server returned always has its access modes and resources; a table row has neither, and prints "" and unset alike
      const fromApi = Array.isArray(spec['accessModes']) || isObject(spec['resources']);
      const beta = annotation(raw, [BETA_CLASS]);
      const sc = spec['storageClassName'];
      if ((typeof sc === 'string' && sc !== '') || beta !== undefined) f.classRequest = 'named';
      else if (sc === '') f.classRequest = 'none';
      else if (fromApi) f.classRequest = 'unset';
      const named = typeof sc === 'string' && sc !== '' ? sc : beta;
      if (named !== undefined) f.storageClass = named;
      const created = Date.parse(asStr(md['creationTimestamp']) ?? '');
      if (Number.isFinite(created)) f.waitingSeconds = Math.max(0, Math.round((nowMs - created) / 1000));
    }
    if (f.waitingSeconds === undefined) {
      const first = Math.max(...evs.map((e) => e.firstSeenSecondsAgo ?? e.lastSeenSecondsAgo ?? -1));
      if (first >= 0) f.waitingSeconds = first;
    }
    // the class a ProvisioningFailed names when the claim itself is not in the input
    const notFound = evs.map((e) => (e.reason === 'ProvisioningFailed' ? CLASS_NOT_FOUND.exec(e.message ?? '')?.[1] : undefined)).find((x) => x !== undefined);
    if (f.storageClass === undefined && notFound !== undefined && notFound !== '') f.storageClass = notFound;
    const cls = f.storageClass;
    const classObj = cls !== undefined ? classes.find((c) => nameOf(c) === cls) : undefined;
    if (classObj) {
      f.classExists = true;
      const p = nonEmpty(classObj['provisioner']);
      if (p !== undefined) f.provisioner = p;
      f.bindingMode = nonEmpty(classObj['volumeBindingMode']) ?? 'Immediate';
      f.classIsDefault = isDefaultClass(classObj);
    } else if (cls !== undefined) {
      const said = (notFound !== undefined && notFound === cls) || reasons.some((r) => r.kind === 'missing-storageclass' && r.detail === cls);
      if (said || (storage.missingClasses ?? []).includes(cls) || (storage.classesComplete === true && raw !== undefined)) f.classExists = false;
    }
    if (defaults[0]) f.defaultClass = nameOf(defaults[0]) as string;
    else if (storage.classesComplete === true) f.noDefaultClass = true;
    // the provisioner the PV controller names (a migrated in-tree class names its CSI driver), or the claim's annotation
    const external = evs.map((e) => (e.reason === 'ExternalProvisioning' ? externalProvisioner(e.message) : undefined)).find((x) => x !== undefined);
    const annotated = raw ? annotation(raw, PROVISIONER_ANNOTATIONS) : undefined;
    const noPlugin = evs.map((e) => (e.reason === 'ProvisioningFailed' ? NO_PLUGIN.exec(e.message ?? '')?.[1] : undefined)).find((x) => x !== undefined);
    const prov = external ?? annotated ?? f.provisioner ?? noPlugin;
    if (prov !== undefined) f.provisioner = prov;

    // the volumes of its class the input gives, and whether one fits
    const claimClass = f.classRequest === 'named' ? cls : f.classRequest === 'none' || f.classRequest === 'unset' ? '' : undefined;
    if (claimClass !== undefined && storage.volumes !== undefined) {
      const sel = asObj(spec['selector']);
      const selectable = sel === undefined || arr(sel['matchExpressions']).length === 0;
      const labels = sel ? (Object.fromEntries(Object.entries(asObj(sel['matchLabels']) ?? {}).map(([k, v]) => [k, asStr(v) ?? ''])) as Record<string, string>) : undefined;
      const want = { name, cls: claimClass, modes: f.accessModes, volumeMode: nonEmpty(spec['volumeMode']) ?? 'Filesystem', ...(nonEmpty(md['namespace']) !== undefined ? { ns: nonEmpty(md['namespace']) as string } : {}), ...(parseQuantity(f.requests) !== undefined ? { bytes: parseQuantity(f.requests) as number } : {}), ...(labels && Object.keys(labels).length > 0 ? { labels } : {}) };
      const mine = storage.volumes.filter((pv) => volumeClass(pv) === claimClass);
      const fits = mine.map((pv) => ({ pv, ...fit(pv, want) }));
      f.volumes = fits.slice(0, 10).map((x) => volumeText(x.pv, x.why));
      if (fits.some((x) => x.fits) && selectable) f.volumeFits = true;
      else if (storage.volumesComplete === true && selectable) f.volumeFits = false;
    }

    // the claim's own word
    const telling = evs.find((e) => e.reason !== undefined && e.reason !== 'Provisioning' && e.reason !== 'ProvisioningSucceeded') ?? evs.find((e) => e.reason !== undefined);
    if (telling) {
      f.event = { reason: telling.reason as string, count: telling.count };
      if (telling.message !== undefined) f.event.message = telling.message;
      if (telling.source !== undefined) f.event.source = telling.source;
    }
    const externalAsked = evs.some((e) => e.reason === 'ExternalProvisioning');
    const byProvisioner = evs.filter((e) => fromProvisioner(e) && (e.reason === 'Provisioning' || e.reason === 'ProvisioningFailed' || e.reason === 'ProvisioningSucceeded'));
    if (byProvisioner.length > 0) f.provisionerSeen = true;
    else if (externalAsked) f.provisionerSeen = false;
    const failed = evs.find((e) => e.reason === 'ProvisioningFailed' && e.message !== undefined && !CLASS_NOT_FOUND.test(e.message) && !(NO_PLUGIN.exec(e.message)?.[1] === NO_PROVISIONER));
    const succeeded = evs.find((e) => e.reason === 'ProvisioningSucceeded');
    const failedLast = failed !== undefined && (succeeded === undefined || (failed.lastSeenSecondsAgo ?? 0) <= (succeeded.lastSeenSecondsAgo ?? Infinity));
    if (failed?.message !== undefined && failedLast) f.provisioningError = failed.message;
    decide(f, evs, reasons.map((r) => r.kind), notFound);
    return f;
  });
}

/** What keeps the claim unbound, and the missing piece, from the facts gathered. */
function decide(f: ClaimFacts, evs: readonly EventFacts[], schedulerKinds: readonly string[], notFound: string | undefined): void {
  const set = (b: ClaimBlocker, missing?: string) => {
    f.blocker = b;
    if (missing !== undefined) f.missing = missing;
  };
  const cls = f.storageClass;
  const size = [f.requests, f.accessModes.join(', ')].filter((x) => x !== undefined && x !== '').join(', ');
  const fitsIt = size ? ` that fits it (${size})` : ' that fits it';
  if (f.exists === false) return set('claim-missing', `PersistentVolumeClaim ${f.name}`);
  if (f.phase === 'Bound') return;
  if (f.phase === 'Lost') return set('lost', f.volumeName !== undefined ? `PersistentVolume ${f.volumeName}` : 'its PersistentVolume');
  if (f.classExists === false && cls !== undefined) return set('class-missing', `StorageClass ${cls}`);
  if (notFound === '' && f.classRequest !== 'named') return set('no-class', `a default StorageClass, or a PersistentVolume of no class${fitsIt}`);
  const noClassWords = f.classRequest === 'none' ? `a PersistentVolume of no class${fitsIt} (the claim asks for none: storageClassName "")` : `a StorageClass (the claim names none and no class is the default), or a PersistentVolume of no class${fitsIt}`;
  const saysNoClass = evs.some((e) => e.reason === 'FailedBinding' && NO_CLASS_SET.test(e.message ?? ''));
  if (f.classRequest !== 'named' && (saysNoClass || (f.volumeFits === false && (f.classRequest === 'none' || (f.classRequest === 'unset' && f.noDefaultClass === true))))) return set('no-class', noClassWords);
  if (f.provisioner === NO_PROVISIONER) {
    const saysNoPlugin = evs.some((e) => e.reason === 'ProvisioningFailed' && NO_PLUGIN.exec(e.message ?? '')?.[1] === NO_PROVISIONER);
    // WaitForFirstConsumer: the scheduler found no volume to bind on any node
    const noneOnNodes = schedulerKinds.includes('no-persistent-volume');
    if (f.volumeFits === false || saysNoPlugin || noneOnNodes) return set('no-provisioner', `a PersistentVolume of StorageClass ${cls ?? '(its class)'}${fitsIt}, created by hand (${NO_PROVISIONER} provisions nothing)`);
  }
  if (f.provisioningError !== undefined) return set('provisioning-failed', `a volume from ${f.provisioner ?? 'its provisioner'}, which fails to create it`);
  const externalAsked = evs.some((e) => e.reason === 'ExternalProvisioning');
  if (externalAsked && f.provisioner !== NO_PROVISIONER) {
    if (f.provisionerSeen === false) {
      const asked = evs.filter((e) => e.reason === 'ExternalProvisioning');
      const since = Math.max(f.waitingSeconds ?? 0, ...asked.map((e) => e.firstSeenSecondsAgo ?? 0));
      const count = asked.reduce((n, e) => n + e.count, 0);
      if (since >= PROVISIONER_GRACE_SECONDS || count >= 4) return set('provisioner-silent', `the provisioner ${f.provisioner ?? '(unnamed)'}, which has not acted on the claim`);
    }
    return set('provisioning');
  }
  const waitsForPod = evs[0]?.reason === 'WaitForFirstConsumer' || evs[0]?.reason === 'WaitForPodScheduled' || (f.bindingMode === 'WaitForFirstConsumer' && evs.every((e) => e.reason === 'WaitForFirstConsumer' || e.reason === 'WaitForPodScheduled'));
  if (waitsForPod) set('waiting-for-pod');
}

/** The claims' facts read after the scheduling family (and the node fit, which marks its reasons). */
export const CLAIMS_FAMILY: PodFamily<'claims', typeof CLAIMS_FACTS> = podFamilyAlways('claims', CLAIMS_FACTS, ({ input, pod, events, facts, nowMs }: PodScope) => claimFacts(input, pod, events, facts.scheduling, nowMs), ['scheduling', 'nodeFit']);
