// (pod, events, now) → Facts. Pure: no I/O, no clock but `nowMs`. Tolerant: every field may be
// missing or of the wrong type, and the result is still well formed.

import { kubectlColumns } from '../kubectl/status.js';
import type { EventRecord, PodInput } from '../model/input.js';
import { arr, bool, count, dig, isObject, nonEmpty, obj, objs, str, time, formatTime, type JsonObject } from '../util/json.js';
import { parseEvictionMessage, summarizeEviction } from './extractors/eviction.js';
import { incidentalTaint, isBindingError, parseSchedulingMessage } from './extractors/scheduling.js';
import { effectiveRequests } from './extractors/quantity.js';
import { isRejection, parseAdmission } from './extractors/admission.js';
import { classifyMountError, mountSpecificity } from './extractors/mount.js';
import { classifySandboxError, missingCniPlugins } from './extractors/sandbox.js';
import { findLogSignature } from './extractors/log-signature.js';
import { derivedOwnerChain } from '../model/owner.js';
import { containerOfFieldPath } from './attribution.js';
import { blocksCreation, SANDBOX_SYNC, VOLUME_SYNC } from './inference.js';
import { grace } from './arithmetic.js';
import { findOddities } from './oddities.js';
import { hostNetworkOf, hostPortsOf } from './host-ports.js';
import { nodeAffinityTerms, podAffinityTerms, qosClass, toleration, volumeText } from './pod-spec.js';
import { redactLogLines } from '../util/redact.js';
import { timeText } from './time-text.js';
import type { ConditionFacts, ContainerFacts, EventFacts, EventOrigin, Facts, LogFacts, NodeFacts, PodFacts, SchedulingFacts } from './types.js';
import { boundMessage, fieldOfEach, msg, secondsBetween, setIf, strings } from './values.js';
import { containerFacts } from './containers.js';
import { fitKnown, markWithNodes, nodeFitFacts } from './node-fit.js';
import { claimFacts } from './claims.js';

export function normalize(input: PodInput, nowMs: number): Facts {
  const raw = input.pod;
  const metadata = obj(raw['metadata']) ?? {};
  const spec = obj(raw['spec']) ?? {};
  const status = obj(raw['status']) ?? {};
  const gaps: string[] = [];
  if (!obj(raw['spec'])) gaps.push('spec');
  // No status, or one that says nothing (describe text of a pod without its status prints an empty one)
  const saysNothing = (st: JsonObject) =>
    nonEmpty(st['phase']) === undefined && nonEmpty(st['reason']) === undefined && arr(st['conditions']).length === 0 &&
    ['containerStatuses', 'initContainerStatuses', 'ephemeralContainerStatuses'].every((k) =>
      objs(st[k]).every((c) => !obj(c['state']) && !obj(c['lastState']) && c['ready'] !== true && !((count(c['restartCount']) ?? 0) > 0)),
    );
  if (!obj(raw['status']) || saysNothing(status)) gaps.push('status');
  if (input.events.length === 0) gaps.push('events');
  for (const u of input.unreadable ?? []) gaps.push(u);
  const fromText = input.source?.format !== undefined;

  const events = normalizeEvents(input.events, nowMs);
  const pod = podFacts(raw, metadata, spec, status, nowMs, fromText, input.source?.missing?.some((m) => m.fact === 'pod-name') === true);
  // a get pods row says Terminating, not since when (the reader marks it deleted at the capture):
  // the deletion's time and grace are unknown
  if (input.source?.format === 'pods-table' && pod.deleting) {
    delete pod.deletionTimestamp;
    delete pod.secondsPastGracePeriod;
    delete pod.gracePeriod;
  }
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
  inferPodFields(pod, status, events, fromText);
  relatedEvents(pod, events);
  // the volumes not in the input: the claims the input ties to the pod (their events, their rows) are its claims
  if (!Array.isArray(spec['volumes'])) {
    const tied = [...(input.claimObjects ?? []).map((c) => nonEmpty(obj(c['metadata'])?.['name'])), ...events.map((e) => (e.object?.startsWith('PersistentVolumeClaim/') ? nonEmpty(e.object.slice('PersistentVolumeClaim/'.length)) : undefined))];
    for (const c of tied) if (c !== undefined && !pod.claims.includes(c)) pod.claims.push(c);
  }
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

  // The kubelet's DisruptionTarget condition says why it stopped the pod when status.reason
  // does not (TerminationByKubelet with the eviction message: a node-pressure eviction)
  const disruption = conditions['DisruptionTarget'];
  if (pod.reason === undefined && disruption?.reason === 'TerminationByKubelet' && disruption.message !== undefined && EVICTION_MESSAGE.test(disruption.message)) {
    pod.reason = 'Evicted';
    pod.fromCondition = 'DisruptionTarget';
  }
  const blocked = status['phase'] === undefined || status['phase'] === 'Pending' ? events.find(blocksCreation) : undefined;
  // A pod status the API wrote lists every container the kubelet has created: one it does not list
  // was not created yet (not ready, no restarts). Pasted text may simply have left it out, unless
  // it shows a pending pod no node took yet.
  const phase = nonEmpty(status['phase']);
  const absentMeansNotCreated = phase !== undefined && (!fromText || (phase === 'Pending' && nonEmpty(spec['nodeName']) === undefined));
  const containers = containerFacts(spec, status, events, nowMs, blocked, Object.keys(input.logs ?? {}), {
    absentMeansNotCreated,
    fromText,
    eventsKnown: !unknownEvents(input, fromText),
  });
  for (const c of containers) {
    const log = input.logs?.[c.name];
    if (log) c.logs = logFacts(log.text, log.previous);
  }
  pod.creating = containers.some((c) => c.state.waiting?.reason === 'ContainerCreating' || c.state.waiting?.reason === 'PodInitializing');
  // Events alone, with no container to hang them on: volume or sandbox failures and no sign
  // that a container was ever created.
  if (!pod.creating && containers.length === 0 && blocked && !events.some((e) => e.reason === 'Created' || e.reason === 'Started')) pod.creating = true;
  pod.ownerChain = (input.ownerChain ?? derivedOwnerChain(raw)).map((o) => `${o.kind}/${o.name}`);
  pod.requests = effectiveRequests(containers.map((c) => ({ kind: c.kind, requests: c.resources.requests })));
  pod.extendedRequests = Object.entries(pod.requests)
    .filter(([k]) => k.includes('/') || !/^(?:cpu|memory|ephemeral-storage|storage|pods|hugepages-.*)$/.test(k))
    .map(([k, v]) => `${k}=${v}`);
  pod.appContainers = containers.filter((c) => c.kind === 'regular').map((c) => c.name);
  // a second scheduler keeps its own account of what fits: the one that placed (or tried) the pod
  const scheduler = nonEmpty(spec['schedulerName']) ?? events.find((e) => (e.reason === 'Scheduled' || e.reason === 'FailedScheduling') && e.source !== undefined)?.source;
  if (scheduler !== undefined && scheduler !== 'default-scheduler') pod.customScheduler = scheduler;
  // Old statuses carry no qosClass: derive it from the spec as the API server does.
  // (only from resources the input gives: a table row's or a name-only container's are unknown)
  if (pod.qosClass === undefined && obj(raw['spec']) && containers.length > 0 && !containers.some((c) => c.unknown.includes('spec'))) pod.qosClass = qosClass(containers);
  // A preStop sleep that uses up the whole grace period: every deletion ends in SIGKILL.
  for (const c of containers) {
    if (c.preStopSleepSeconds !== undefined && pod.terminationGracePeriodSeconds !== undefined) c.preStopOutlastsGrace = c.preStopSleepSeconds >= pod.terminationGracePeriodSeconds;
  }
  // A kill at about the liveness budget: the timing of a liveness probe that never passed.
  for (const c of containers) {
    const lv = c.probes.liveness;
    const ran = c.lastState.terminated?.ranSeconds;
    if (!lv.defined || c.probes.startup.defined !== false || ran === undefined || lv.budgetSeconds === undefined) continue;
    const period = lv.periodSeconds ?? 10;
    c.livenessKillLikely = ran >= lv.budgetSeconds - period && ran <= lv.budgetSeconds + period + (lv.timeoutSeconds ?? 1) + (pod.terminationGracePeriodSeconds ?? 30);
  }
  if (fromText) for (const c of containers) if (c.state.source === 'status') c.state.source = 'text';
  const facts: Facts = { pod, conditions, events, containers, claims: [], gaps, unknown: unknownFacts(input, pod, gaps, fromText), fromText, oddities: findOddities(raw) };
  knownColumns(pod, containers, gaps, input.source?.missing?.some((m) => m.fact === 'containers-cut') === true);
  if (input.node) facts.node = nodeFacts(input.node, nowMs);
  // the API server said the node does not exist: no kubelet is left to finish this pod
  else if (input.nodeGone === true && pod.nodeName !== undefined) facts.node = { name: pod.nodeName, status: 'NotFound', gone: true, unschedulable: false, taints: [], pressure: [] };
  const scheduling = schedulingFacts(pod, conditions, events);
  if (scheduling) facts.scheduling = scheduling;
  // a pod on no node, beside the cluster's nodes: what keeps it off each of them
  const fit = pod.nodeName === undefined ? nodeFitFacts(obj(raw['spec']), input.clusterNodes, scheduling?.nodes, fitKnown(facts)) : undefined;
  if (fit) facts.nodeFit = fit;
  if (fit && scheduling) markWithNodes(scheduling, fit);
  facts.claims = claimFacts(input, pod, events, scheduling, nowMs);
  const mount = mountFacts(events);
  if (mount) facts.mount = mount;
  const sandbox = sandboxFacts(events);
  if (sandbox) facts.sandbox = sandbox;
  pod.rejectedAtAdmission = pod.message !== undefined && isRejection(pod.message);
  if (pod.message !== undefined && pod.inferred?.['message'] === undefined && /^(?:Pod was rejected: |Pod )/.test(pod.message)) facts.admission = parseAdmission(pod.message);
  else {
    // The kubelet reports a rejection as an event of the same reason too (OutOfcpu: "Node didn't
    // have enough resource: cpu, requested: 1000, …"): the evidence when the status is cut or absent.
    const ev = events.find((e) => e.reason !== undefined && e.message !== undefined && e.reason === pod.reason && ADMISSION_MESSAGE.test(e.message));
    if (ev) facts.admission = { ...parseAdmission(ev.message as string), event: ev.reason as string };
  }
  if (pod.reason === 'Evicted') {
    const fromEvent = pod.message === undefined ? events.find((e) => e.reason === 'Evicted' && e.message) : undefined;
    const message = pod.message ?? fromEvent?.message ?? (pod.fromCondition ? conditions[pod.fromCondition]?.message : undefined);
    if (message !== undefined) {
      const p = parseEvictionMessage(message);
      const ev: Facts['eviction'] = { message, kind: p.kind, containers: p.containers, summary: summarizeEviction(p) };
      if (fromEvent) ev.event = 'Evicted';
      setIf(ev, 'limit', p.limit);
      setIf(ev, 'volume', p.volume);
      setIf(ev, 'resource', p.resource);
      setIf(ev, 'threshold', p.threshold);
      setIf(ev, 'available', p.available);
      setIf(ev, 'condition', p.condition);
      setIf(ev, 'nodeCondition', p.nodeCondition);
      if (p.resource === 'ephemeral-storage' && p.kind === 'node-pressure') setIf(ev, 'nodeDisk', input.nodeDisk);
      setIf(ev, 'topContainer', p.topContainer);
      facts.eviction = ev;
    }
  }
  return facts;
}

/** A label selector map as `key=value` texts. */
function selector(v: unknown): string[] {
  const o = obj(v);
  if (o === undefined) return [];
  return Object.entries(o).map(([k, x]) => `${k}=${str(x) ?? ''}`);
}

/**
 * What the input does not give of the pod, by fact: rules must not take these as false, and a
 * pod whose health rests on them is not shown healthy. An events list that was read and is empty
 * (describe's "Events: <none>", a live read) is known; a YAML pod given without events is not.
 */
function unknownFacts(input: PodInput, pod: PodFacts, gaps: string[], fromText: boolean): string[] {
  const out: string[] = [];
  // a paste that does not name the pod did not give its header either (owner, age, finalizers)
  if (pod.name === undefined) out.push('pod.name', 'metadata');
  if (pod.namespace === undefined) out.push('pod.namespace');
  const format = input.source?.format;
  // a whole describe prints the spec podwhy reads (node selectors, tolerations, volumes, the
  // containers' resources and probes); fragments and table rows do not
  if (gaps.includes('spec') || (fromText && format !== 'describe' && format !== 'yaml-in-text')) out.push('spec');
  // describe does not print affinity
  if (fromText && format !== 'yaml-in-text' && pod.nodeAffinity.length === 0) out.push('pod.nodeAffinity');
  if (gaps.includes('status')) out.push('status');
  if (pod.terminationGracePeriodSeconds === undefined) out.push('pod.terminationGracePeriodSeconds');
  if (pod.deleting && pod.deletionTimestamp === undefined) out.push('pod.deletionTimestamp');
  if (unknownEvents(input, fromText)) out.push('events');
  if (pod.restartPolicy === undefined) out.push('pod.restartPolicy');
  return out;
}

/**
 * Whether the input does not give the pod's events: none given, and none known to be none (a live
 * read, or describe's "Events: <none>"); a YAML pod given without its events does not say.
 */
function unknownEvents(input: PodInput, fromText: boolean): boolean {
  if (input.events.length > 0) return false;
  const missing = input.source?.missing ?? [];
  const format = input.source?.format;
  const live = input.source?.input?.startsWith('cluster ') === true;
  const unreadable = (input.unreadable ?? []).some((u) => u.startsWith('events'));
  // text: known only where it had an Events section ("Events: <none>" included)
  const textEvents = format === 'describe' || format === 'mixed' || format === 'fragment';
  return fromText ? !textEvents || missing.some((m) => m.fact === 'events' || m.fact === 'no-events' || m.fact === 'pods-table' || m.fact === 'pod-object') : !live || unreadable;
}

/**
 * kubectl's columns say only what the input shows: READY needs every container's readiness,
 * RESTARTS every restart count, STATUS a phase or a container state; otherwise the column is
 * unknown rather than the 0/0, 0 or blank the arithmetic gives an empty status.
 */
function knownColumns(pod: PodFacts, containers: ContainerFacts[], gaps: string[], containersCut: boolean): void {
  const k = pod.kubectl;
  if (k.status === '') delete k.status;
  const shown = containers.filter((c) => c.kind !== 'ephemeral' && c.kind !== 'init');
  // (READY's total is the spec's container count, RESTARTS the status's sum: a pod known only from
  // its events has neither, whatever the events say of one container)
  if (gaps.includes('spec') || containersCut || (containers.length === 0 ? gaps.includes('status') : shown.some((c) => c.ready === undefined))) delete k.ready;
  if (gaps.includes('status') || containersCut || (containers.length === 0 ? false : containers.some((c) => c.kind !== 'ephemeral' && c.restartCount === undefined))) delete k.restarts;
}

function podFacts(raw: JsonObject, metadata: JsonObject, spec: JsonObject, status: JsonObject, nowMs: number, fromText: boolean, nameMadeUp: boolean): PodFacts {
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

/**
 * Pod fields a silent status leaves open and the pod's events fill: the node from the scheduler's
 * "Successfully assigned ns/pod to node", an eviction from the kubelet's Evicted event.
 */
/** Routine events of claims: nothing wrong in them. */
const ROUTINE_CLAIM = new Set(['ProvisioningSucceeded', 'ExternalProvisioning', 'WaitForFirstConsumer', 'Provisioning']);

/** The claim's and the Job's own words, when the input has their events (joined by the reader). */
function relatedEvents(pod: PodFacts, events: EventFacts[]): void {
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

/** Reasons the kubelet gives a pod it rejects at admission, as status.reason and as an event. */
const ADMISSION_REASON = /^(?:OutOf\w+|UnexpectedAdmissionError|NodeAffinity|NodeSelectorMismatching|NodePorts|PodFitsHostPorts|HostPortConflict|InvalidNodeInfo|NodeShutdown|Predicate\w*|SysctlForbidden|AppArmor|TopologyAffinityError|UnsupportedSupplementalGroupsPolicy)$/;
/** What the kubelet's admission messages say. */
const ADMISSION_MESSAGE = /Node didn't have enough resource|Predicate \w+ failed|didn't match (?:Pod's )?node|Allocate failed|unhealthy devices|node is shutting down|Pod was rejected|is forbidden by|not (?:found|supported) on the node|Resources cannot be allocated/i;

function inferPodFields(pod: PodFacts, status: JsonObject, events: EventFacts[], fromText: boolean): void {
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

/** Reasons Kubernetes v1.0–1.1 wrote in lowerCamelCase ("failedScheduling", "backOff"), by their later names. */
const MODERN_REASON: Record<string, string> = Object.fromEntries(
  [
    'Scheduled', 'FailedScheduling', 'Pulling', 'Pulled', 'Failed', 'BackOff', 'Created', 'Started', 'Killing', 'Unhealthy',
    'FailedMount', 'FailedAttachVolume', 'FailedSync', 'FailedValidation', 'InspectFailed', 'ErrImageNeverPull',
    'HostPortConflict', 'NodeSelectorMismatching', 'OutOfDisk', 'InsufficientFreeCPU', 'InsufficientFreeMemory',
    'FailedKillPod', 'ExceededGracePeriod', 'Evicted', 'Preempting', 'NodeNotReady',
  ].map((r) => [`${r.charAt(0).toLowerCase()}${r.slice(1)}`, r]),
);

function normalizeEvents(records: EventRecord[], nowMs: number): EventFacts[] {
  if (records.length === 0) return []; // a list of pods without their events
  const indexed = records.map((r, i) => ({ r, i }));
  // Newest first; events without times keep their input order after the timed ones.
  indexed.sort((a, b) => {
    const la = a.r.last ?? -Infinity;
    const lb = b.r.last ?? -Infinity;
    if (la !== lb) return lb - la;
    return b.i - a.i;
  });
  const totals = new Map<string, number>();
  const key = (r: EventRecord) => `${r.reason ?? ''}\u0000${containerOfFieldPath(r.involved.fieldPath)?.name ?? ''}`;
  for (const r of records) totals.set(key(r), (totals.get(key(r)) ?? 0) + r.count);
  return indexed.map(({ r }) => {
    const e: EventFacts = { count: r.count, reasonTotal: totals.get(key(r)) ?? r.count };
    setIf(e, 'type', r.type);
    setIf(e, 'reason', r.reason !== undefined ? (MODERN_REASON[r.reason] ?? r.reason) : undefined);
    // redacted where the event was read (toEventRecord), before any cut
    setIf(e, 'message', r.message !== undefined ? boundMessage(r.message) : undefined);
    setIf(e, 'source', r.source);
    setIf(e, 'host', r.host);
    setIf(e, 'container', containerOfFieldPath(r.involved.fieldPath)?.name);
    setIf(e, 'fieldPath', r.involved.fieldPath);
    if (r.involved.kind !== undefined && r.involved.kind !== 'Pod') e.object = `${r.involved.kind}/${r.involved.name ?? ''}`;
    if (r.first !== undefined) e.firstSeenSecondsAgo = secondsBetween(nowMs, r.first);
    if (r.last !== undefined) {
      e.lastSeenSecondsAgo = secondsBetween(nowMs, r.last);
      e.lastSeen = formatTime(r.last);
    }
    return e;
  });
}

const LOG_LINES = 50;

function logFacts(text: string, previous: boolean): LogFacts {
  const all = text.replace(/\r\n?/g, '\n').split('\n');
  if (all[all.length - 1] === '') all.pop();
  // redacted before the tail is cut: a private key whose BEGIN line falls off the tail is still seen whole
  const lines = redactLogLines(all.length > 4 * LOG_LINES ? all.slice(-4 * LOG_LINES) : all)
    .slice(-LOG_LINES)
    .map((l) => l.slice(0, 500));
  const out: LogFacts = { lines, previous };
  for (let i = lines.length - 1; i >= 0; i--) {
    if ((lines[i] as string).trim() !== '') {
      out.last = (lines[i] as string).trim();
      break;
    }
  }
  const sig = findLogSignature(lines);
  if (sig) {
    out.signature = sig.kind;
    out.signatureLine = sig.line;
  }
  return out;
}

function nodeFacts(node: JsonObject, nowMs: number): NodeFacts {
  const conds = objs(dig(node, 'status', 'conditions'));
  const ready = conds.find((c) => c['type'] === 'Ready');
  const readyStatus = nonEmpty(ready?.['status']);
  const unschedulable = dig(node, 'spec', 'unschedulable') === true;
  const out: NodeFacts = {
    name: nonEmpty(dig(node, 'metadata', 'name')) ?? '<unnamed>',
    status: `${readyStatus === 'True' ? 'Ready' : readyStatus === undefined ? 'Unknown' : 'NotReady'}${unschedulable ? ',SchedulingDisabled' : ''}`,
    unschedulable: dig(node, 'spec', 'unschedulable') === true,
    taints: objs(dig(node, 'spec', 'taints')).map((t) => `${str(t['key']) ?? ''}${t['value'] !== undefined && t['value'] !== '' ? `=${str(t['value'])}` : ''}:${str(t['effect']) ?? ''}`),
    pressure: conds.filter((c) => c['type'] !== 'Ready' && c['status'] === 'True').map((c) => str(c['type']) ?? ''),
  };
  if (ready) {
    setIf(out, 'ready', nonEmpty(ready['status']));
    setIf(out, 'readyReason', nonEmpty(ready['reason']));
    setIf(out, 'readyMessage', msg(ready['message']));
    const t = time(ready['lastTransitionTime']);
    if (t !== undefined) out.readySecondsSince = secondsBetween(nowMs, t);
    const hb = time(ready['lastHeartbeatTime']);
    if (hb !== undefined) out.heartbeatSecondsAgo = secondsBetween(nowMs, hb);
  }
  setIf(out, 'kubeletVersion', nonEmpty(dig(node, 'status', 'nodeInfo', 'kubeletVersion')));
  return out;
}

const MOUNT_REASONS = new Set(['FailedMount', 'FailedAttachVolume', 'FailedMapVolume']);

/** The most specific volume failure (a timeout only says something failed first), newest first. */
function mountFacts(events: EventFacts[]): Facts['mount'] {
  let best: { e: EventFacts; m: ReturnType<typeof classifyMountError> } | undefined;
  let count = 0;
  for (const e of events) {
    if (!e.reason || !e.message || !(MOUNT_REASONS.has(e.reason) || (e.reason === 'FailedSync' && VOLUME_SYNC.test(e.message)))) continue;
    count += e.count;
    const m = classifyMountError(e.message);
    if (!best || mountSpecificity(m.kind) > mountSpecificity(best.m.kind)) best = { e, m };
  }
  if (!best) return undefined;
  const out: NonNullable<Facts['mount']> = { kind: best.m.kind, message: best.m.message, reason: best.e.reason as string, event: best.e.reason as string, count };
  setIf(out, 'volume', best.m.volume);
  setIf(out, 'detail', best.m.detail);
  setIf(out, 'lastSeenSecondsAgo', best.e.lastSeenSecondsAgo);
  return out;
}

function sandboxFacts(events: EventFacts[]): Facts['sandbox'] {
  let newest: EventFacts | undefined;
  let count = 0;
  for (const e of events) {
    // (kubelets before 1.10 recorded it as FailedSync: inference.ts SANDBOX_SYNC)
    const oldSync = e.reason === 'FailedSync' && SANDBOX_SYNC.test(e.message ?? '');
    if ((e.reason !== 'FailedCreatePodSandBox' && e.reason !== 'NetworkNotReady' && !oldSync) || !e.message) continue;
    count += e.count;
    newest ??= e;
  }
  if (!newest?.message) return undefined;
  const c = classifySandboxError(newest.message);
  const out: NonNullable<Facts['sandbox']> = { kind: c.kind, message: c.message, reason: newest.reason as string, event: newest.reason as string, count };
  setIf(out, 'plugin', c.plugin);
  const missing = missingCniPlugins(events.filter((e) => e.reason === newest?.reason).map((e) => e.message ?? ''));
  if (missing.length > 0) out.missingPlugins = missing;
  setIf(out, 'lastSeenSecondsAgo', newest.lastSeenSecondsAgo);
  return out;
}

/**
 * Events only a pod bound to a node gets: the scheduler's Scheduled, and what the kubelet (or the
 * attach/detach controller, for the node it was placed on) does with it.
 */
const PLACED_EVENTS = new Set([
  'Scheduled', 'Pulling', 'Pulled', 'Created', 'Started', 'Killing', 'BackOff', 'Unhealthy',
  'SuccessfulAttachVolume', 'FailedAttachVolume', 'SuccessfulMountVolume', 'FailedMount',
  'FailedCreatePodSandBox', 'SandboxChanged', 'FailedSync',
]);

/**
 * A FailedScheduling event that a later placement outdates: the scheduler failed, then (the claim
 * created, a node freed) placed the pod, and the kubelet went on with it. Told by the events' own
 * times only; without them the order of a paste proves nothing.
 */
export function placedSince(failed: EventFacts, events: readonly EventFacts[]): boolean {
  const at = failed.lastSeenSecondsAgo;
  if (at === undefined) return false;
  return events.some((e) => e.reason !== undefined && PLACED_EVENTS.has(e.reason) && e.lastSeenSecondsAgo !== undefined && e.lastSeenSecondsAgo < at);
}

function schedulingFacts(pod: PodFacts, conditions: Record<string, ConditionFacts>, events: EventFacts[]): SchedulingFacts | undefined {
  const sched = conditions['PodScheduled'];
  let message: string | undefined;
  let from: SchedulingFacts['from'] = 'condition';
  if (sched?.status === 'False' && sched.message && sched.reason !== 'SchedulingGated') message = sched.message;
  if (message === undefined && !pod.nodeName && sched?.status !== 'True') {
    const ev = events.find((e) => e.reason === 'FailedScheduling' && e.message);
    if (ev?.message && !placedSince(ev, events)) {
      message = ev.message;
      from = 'event';
    }
  }
  if (message === undefined) return undefined;
  const p = parseSchedulingMessage(message);
  const isRoutine = (r: { kind: string; detail?: string }) =>
    (r.kind === 'untolerated-taint' && /^node-role\.kubernetes\.io\/(?:control-plane|master)\b/.test(r.detail ?? '')) ||
    (r.kind === 'node-affinity' && pod.owner?.kind === 'DaemonSet');
  const others = p.reasons.some((r) => !isRoutine(r));
  const reasons = p.reasons.map((r) => ({ ...r, routine: others && (isRoutine(r) || incidentalTaint(r, p.reasons)) }));
  const out: SchedulingFacts = {
    message,
    reasons,
    from,
    bindingError: isBindingError(message),
    summary: reasons.map((r) => (r.count !== undefined ? `${r.count} × ${r.text}` : r.text)),
    insufficient: [...new Set(reasons.filter((r) => r.kind === 'insufficient-resource' && r.detail).map((r) => r.detail as string))],
    taints: [...new Set(reasons.filter((r) => r.kind === 'untolerated-taint' && !r.routine && r.detail).map((r) => r.detail as string))],
  };
  if (from === 'event') out.event = 'FailedScheduling';
  setIf(out, 'nodes', p.nodes);
  setIf(out, 'preemption', p.preemption);
  return out;
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
