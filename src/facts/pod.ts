// The pod's own facts: its metadata, spec and status read into PodFacts, the fields a silent
// status leaves open filled from the pod's events, its conditions, and what the objects the input
// gives beside it (nodes, claims) say of it. normalize() assembles them with the containers' facts.

import { kubectlColumns } from '../kubectl/status.js';
import type { PodInput } from '../model/input.js';
import { arr, bool, count, isObject, nonEmpty, obj, objs, str, time, type JsonObject } from '../util/json.js';
import { grace } from './arithmetic.js';
import { ADMISSION_MESSAGE, ADMISSION_REASON } from './extractors/admission.js';
import { hostNetworkOf, hostPortsOf } from './host-ports.js';
import { nodeFacts } from './node.js';
import { nodeAffinityTerms, podAffinityTerms, toleration, volumeText } from './pod-spec.js';
import { timeText } from './time-text.js';
import type { ConditionFacts, EventFacts, EventOrigin, PodFacts } from './types.js';
import { fieldOfEach, msg, secondsBetween, setIf, strings } from './values.js';

/** A label selector map as `key=value` texts. */
function selector(v: unknown): string[] {
  const o = obj(v);
  if (o === undefined) return [];
  return Object.entries(o).map(([k, x]) => `${k}=${str(x) ?? ''}`);
}

/** The pod's metadata, spec and status read into PodFacts; `nameMadeUp`: the reader gave a text without a name one of its own. */
export function podFacts(raw: JsonObject, nowMs: number, fromText: boolean, nameMadeUp: boolean): PodFacts {
  const metadata = obj(raw['metadata']) ?? {};
  const spec = obj(raw['spec']) ?? {};
  const status = obj(raw['status']) ?? {};
  const owners = objs(metadata['ownerReferences']);
  const owner = owners.find((r) => bool(r['controller']) === true) ?? owners[0];
  const deletion = time(metadata['deletionTimestamp']);
  const deleting = metadata['deletionTimestamp'] !== undefined && metadata['deletionTimestamp'] !== null;
  const created = time(metadata['creationTimestamp']);
  const started = time(status['startTime']);
  const pod: PodFacts = {
    deleting,
    finalizers: strings(metadata['finalizers']),
    schedulingGates: fieldOfEach(spec['schedulingGates'], 'name'),
    nodeSelector: selector(spec['nodeSelector']),
    tolerations: objs(spec['tolerations']).map(toleration),
    nodeAffinity: nodeAffinityTerms(spec),
    podAntiAffinity: podAffinityTerms(spec, 'podAntiAffinity'),
    podAffinity: podAffinityTerms(spec, 'podAffinity'),
    requests: {},
    containerCount: arr(spec['containers']).length,
    appContainers: [],
    extendedRequests: [],
    initContainerCount: arr(spec['initContainers']).length,
    readinessGates: fieldOfEach(spec['readinessGates'], 'conditionType'),
    volumes: [],
    imagePullSecrets: fieldOfEach(spec['imagePullSecrets'], 'name'),
    claims: [],
    claimStates: [],
    nodesNotReady: [],
    rolesNotOffered: [],
    creating: false,
    kubectl: kubectlColumns(raw, nowMs),
    ownerChain: [],
  };
  // one pass over the volumes: what they are, and the claims among them
  for (const v of objs(spec['volumes'])) {
    const text = volumeText(v);
    if (text !== undefined) pod.volumes.push(text);
    const claim = nonEmpty(obj(v['persistentVolumeClaim'])?.['claimName']);
    if (claim !== undefined && !pod.claims.includes(claim)) pod.claims.push(claim);
  }
  if (!nameMadeUp) setIf(pod, 'name', nonEmpty(metadata['name']) ?? nonEmpty(metadata['generateName']));
  setIf(pod, 'namespace', nonEmpty(metadata['namespace']));
  // The API defaults both on every pod spec it stores, so a pod spec given without them (a
  // manifest) has the defaults; kubectl's text prints neither, so there they are unknown.
  const specGiven = !fromText && isObject(raw['spec']);
  setIf(pod, 'restartPolicy', nonEmpty(spec['restartPolicy']) ?? (specGiven ? 'Always' : undefined));
  setIf(pod, 'terminationGracePeriodSeconds', count(spec['terminationGracePeriodSeconds']) ?? (specGiven ? 30 : undefined));
  setIf(pod, 'uid', nonEmpty(metadata['uid']));
  setIf(pod, 'phase', nonEmpty(status['phase']));
  setIf(pod, 'reason', nonEmpty(status['reason']));
  setIf(pod, 'message', msg(status['message']));
  setIf(pod, 'nodeName', nonEmpty(spec['nodeName']));
  setIf(pod, 'hostIP', nonEmpty(status['hostIP']));
  setIf(pod, 'podIP', nonEmpty(status['podIP']));
  setIf(pod, 'qosClass', nonEmpty(status['qosClass']));
  setIf(pod, 'priorityClassName', nonEmpty(spec['priorityClassName']));
  setIf(pod, 'serviceAccountName', nonEmpty(spec['serviceAccountName']));
  setIf(pod, 'runtimeClassName', nonEmpty(spec['runtimeClassName']));
  setIf(pod, 'hostPorts', hostPortsOf(spec, specGiven));
  setIf(pod, 'hostNetwork', hostNetworkOf(spec, specGiven));
  setIf(pod, 'activeDeadlineSeconds', count(spec['activeDeadlineSeconds']));
  setIf(pod, 'deletionGracePeriodSeconds', count(metadata['deletionGracePeriodSeconds']));
  if (owner) {
    const kind = nonEmpty(owner['kind']);
    const name = nonEmpty(owner['name']);
    if (kind && name) pod.owner = { kind, name };
  }
  if (created !== undefined) pod.ageSeconds = secondsBetween(nowMs, created);
  if (started !== undefined) pod.startedSecondsAgo = secondsBetween(nowMs, started);
  if (deletion !== undefined) {
    pod.deletionTimestamp = timeText(metadata['deletionTimestamp'], deletion);
    pod.secondsPastGracePeriod = secondsBetween(nowMs, deletion);
    pod.gracePeriod = grace(deletion, pod.deletionGracePeriodSeconds, nowMs);
  }
  return pod;
}

/** Routine events of claims: nothing wrong in them. */
const ROUTINE_CLAIM = new Set(['ProvisioningSucceeded', 'ExternalProvisioning', 'WaitForFirstConsumer', 'Provisioning']);

/** The claim's and the Job's own words, when the input has their events (joined by the reader). */
export function relatedEvents(pod: PodFacts, events: EventFacts[]): void {
  if (!events.some((e) => e.object !== undefined)) return;
  for (const e of events) {
    if (!e.object || !e.reason) continue;
    const [kind, name] = e.object.split('/') as [string, string];
    if (kind === 'PersistentVolumeClaim' && !pod.claimEvent && !ROUTINE_CLAIM.has(e.reason)) {
      pod.claimEvent = { claim: name, reason: e.reason, event: e.reason };
      setIf(pod.claimEvent, 'message', e.message);
    }
    if (kind === 'Job' && !pod.jobEvent && e.type === 'Warning') {
      pod.jobEvent = { reason: e.reason, event: e.reason };
      // a describe's Events do not name the Job: the pod's owner does
      setIf(pod.jobEvent, 'job', nonEmpty(name) ?? (pod.owner?.kind === 'Job' ? pod.owner.name : undefined));
      setIf(pod.jobEvent, 'message', e.message);
    }
  }
  // nothing telling: the routine message still says what the claim waits for
  if (!pod.claimEvent) {
    const e = events.find((x) => x.object?.startsWith('PersistentVolumeClaim/') && x.reason);
    if (e) {
      pod.claimEvent = { claim: (e.object as string).split('/')[1] as string, reason: e.reason as string, event: e.reason as string };
      setIf(pod.claimEvent, 'message', e.message);
    }
  }
}

/** What the kubelet's eviction manager writes (pkg/kubelet/eviction/helpers.go). */
const EVICTION_MESSAGE = /The node was low on resource|The node had condition|exceeds its request|exceeded its local ephemeral storage limit|ephemeral local storage usage exceeds|Usage of EmptyDir volume/;

/**
 * Pod fields a silent status leaves open and the pod's events fill: the node from the scheduler's
 * "Successfully assigned ns/pod to node", an eviction from the kubelet's Evicted event.
 */
export function inferPodFields(pod: PodFacts, status: JsonObject, events: EventFacts[], fromText: boolean): void {
  const inferred: Record<string, EventOrigin> = {};
  if (pod.nodeName === undefined) {
    for (const e of events) {
      const m = e.reason === 'Scheduled' ? /^Successfully assigned (?:\S+\/)?\S+ to (\S+)$/.exec(e.message ?? '') : null;
      if (m) {
        pod.nodeName = m[1] as string;
        inferred['nodeName'] = { reason: 'Scheduled', message: e.message as string };
        break;
      }
    }
  }
  // or the node of the kubelet that reports about the pod ("kubelet, node-1")
  if (pod.nodeName === undefined) {
    const e = events.find((x) => x.host !== undefined && (x.source === undefined || x.source === 'kubelet'));
    if (e) {
      pod.nodeName = e.host as string;
      inferred['nodeName'] = { reason: e.reason ?? 'kubelet' };
    }
  }
  // kubectl's text prints "Terminating" in place of a deleted pod's phase (get pods STATUS, describe
  // Status): the phase a text reader gives such a pod is its guess
  const phase = fromText && pod.deleting ? undefined : nonEmpty(status['phase']);
  if (pod.reason === undefined && (phase === undefined || phase === 'Failed')) {
    // the kubelet's Evicted event, or its admission rejection (reason OutOfcpu, UnexpectedAdmissionError…)
    const ev = events.find((e) => e.message && (e.reason === 'Evicted' || (e.reason !== undefined && ADMISSION_REASON.test(e.reason) && ADMISSION_MESSAGE.test(e.message))));
    if (ev) {
      pod.reason = ev.reason as string;
      inferred['reason'] = { reason: ev.reason as string, message: ev.message as string };
    }
  }
  // the kubelet's event of the status's own reason carries the message the status lacks
  if (pod.reason !== undefined && pod.message === undefined) {
    const ev = events.find((e) => e.reason === pod.reason && e.message);
    if (ev && (ev.reason === 'Evicted' || ADMISSION_REASON.test(ev.reason as string))) {
      pod.message = ev.message as string;
      inferred['message'] = { reason: ev.reason as string, message: ev.message as string };
    }
  }
  if (Object.keys(inferred).length > 0) pod.inferred = inferred;
}

/** The prefix of the labels kubectl get nodes prints as ROLES. */
const NODE_ROLE = 'node-role.kubernetes.io/';

/** A claim the input gives beside the pod, as its table row says it: "data-0: Pending, StorageClass standard". */
export function claimState(c: JsonObject): string | undefined {
  const name = nonEmpty(obj(c['metadata'])?.['name']);
  if (name === undefined) return undefined;
  const phase = nonEmpty(obj(c['status'])?.['phase']) ?? (nonEmpty(obj(c['metadata'])?.['deletionTimestamp']) !== undefined ? 'Terminating' : undefined);
  const spec = obj(c['spec']) ?? {};
  const sc = nonEmpty(spec['storageClassName']);
  const volume = nonEmpty(spec['volumeName']);
  const parts = [phase ?? 'phase not given'];
  if (volume !== undefined) parts.push(`volume ${volume}`);
  // a Pending claim without a class: waits for a default StorageClass (or a volume of no class)
  if (sc !== undefined) parts.push(`StorageClass ${sc}`);
  else if (phase === 'Pending') parts.push('no StorageClass');
  return `${name}: ${parts.join(', ')}`;
}

/**
 * What the objects the input gives beside the pod say of it: the nodes of a cluster table that
 * are not Ready, the node roles its nodeSelector asks for that no node carries, its claims' rows.
 */
export function neighbourFacts(pod: PodFacts, input: PodInput, spec: JsonObject, nowMs: number): void {
  for (const n of input.clusterNodes ?? []) {
    const nf = nodeFacts(n, nowMs);
    if (!nf.status.startsWith('Ready')) pod.nodesNotReady.push(`${nf.name} (${nf.status})`);
  }
  if (input.clusterNodes && input.clusterNodes.length > 0) {
    const roles = new Set(input.clusterNodes.flatMap((n) => Object.keys(obj(obj(n['metadata'])?.['labels']) ?? {}).filter((k) => k.startsWith(NODE_ROLE))));
    for (const [k, v] of Object.entries(obj(spec['nodeSelector']) ?? {})) if (k.startsWith(NODE_ROLE) && !roles.has(k)) pod.rolesNotOffered.push(`${k}=${str(v) ?? ''}`);
  }
  for (const c of input.claimObjects ?? []) {
    const state = claimState(c);
    if (state !== undefined) pod.claimStates.push(state);
  }
}

/** status.conditions by type (the first of a type wins). */
export function conditionFacts(status: JsonObject, nowMs: number): Record<string, ConditionFacts> {
  const conditions: Record<string, ConditionFacts> = {};
  for (const c of objs(status['conditions'])) {
    const type = nonEmpty(c['type']);
    if (type === undefined || conditions[type]) continue;
    const cf: ConditionFacts = {};
    setIf(cf, 'status', nonEmpty(c['status']));
    setIf(cf, 'reason', nonEmpty(c['reason']));
    setIf(cf, 'message', msg(c['message']));
    const t = time(c['lastTransitionTime']);
    if (t !== undefined) {
      cf.lastTransitionTime = timeText(c['lastTransitionTime'], t);
      cf.secondsSince = secondsBetween(nowMs, t);
    }
    conditions[type] = cf;
  }
  return conditions;
}

/**
 * The kubelet's DisruptionTarget condition says why it stopped the pod when status.reason does not
 * (TerminationByKubelet with the eviction message: a node-pressure eviction).
 */
export function evictedByCondition(pod: PodFacts, conditions: Record<string, ConditionFacts>): void {
  const disruption = conditions['DisruptionTarget'];
  if (pod.reason === undefined && disruption?.reason === 'TerminationByKubelet' && disruption.message !== undefined && EVICTION_MESSAGE.test(disruption.message)) {
    pod.reason = 'Evicted';
    pod.fromCondition = 'DisruptionTarget';
  }
}
