// (pod, events, now) → Facts. Pure: no I/O, no clock but `nowMs`. Tolerant: every field may be
// missing or of the wrong type, and the result is still well formed.

import { kubectlColumns } from '../kubectl/status.js';
import type { EventRecord, PodInput } from '../model/input.js';
import { arr, bool, count, dig, isObject, nonEmpty, num, obj, objs, str, time, formatTime, type JsonObject } from '../util/json.js';
import { classifyConfigError } from './extractors/config-error.js';
import { classifyExit } from './extractors/exit-code.js';
import { parseEvictionMessage, summarizeEviction } from './extractors/eviction.js';
import { classifyImagePull } from './extractors/image-pull.js';
import { parseProbeMessage, type ProbeKind } from './extractors/probe.js';
import { isBindingError, parseSchedulingMessage } from './extractors/scheduling.js';
import { classifyStartError } from './extractors/start-error.js';
import { killedForNewDefinition, parseFailedSync } from './extractors/container-event.js';
import { effectiveRequests } from './extractors/quantity.js';
import { isRejection, parseAdmission } from './extractors/admission.js';
import { parseGoDuration } from './extractors/go-duration.js';
import { parseHookMessage } from './extractors/hook.js';
import { classifyMountError, mountSpecificity } from './extractors/mount.js';
import { classifySandboxError } from './extractors/sandbox.js';
import { execFailures, findLogSignature } from './extractors/log-signature.js';
import { derivedOwnerChain } from '../model/owner.js';
import { attributeEvents, containerNamedIn, containerOfFieldPath, imageNamedIn, isContainerReason, type ContainerRef } from './attribution.js';
import { blocksCreation, inferState, VOLUME_SYNC } from './inference.js';
import { backoff, grace, startupKill } from './arithmetic.js';
import { findOddities } from './oddities.js';
import { configRefs, lifecycleHooks, mountsOf, nodeAffinityTerms, qosClass, toleration, volumeText } from './pod-spec.js';
import { redact, redactLog, redactLogLines } from '../util/redact.js';
import { timeText } from './time-text.js';
import type {
  ConditionFacts,
  ContainerFacts,
  ContainerKind,
  EventFacts,
  EventOrigin,
  ImagePullFacts,
  Facts,
  LogFacts,
  NodeFacts,
  PodFacts,
  ProbeFacts,
  SchedulingFacts,
  StateFacts,
  TerminatedFacts,
} from './types.js';

const secondsBetween = (later: number, earlier: number) => Math.round((later - earlier) / 1000);

/** Messages are free text from the cluster: bounded in size and with secrets redacted. */
const MAX_MESSAGE = 8 * 1024;
/** `program`: the text is a program's own output (a termination message, a probe's or hook's output), redacted as logs are. */
function redactMessage(m: string, program = false): string {
  const cut = m.length > MAX_MESSAGE ? `${m.slice(0, MAX_MESSAGE / 2)} … ${m.slice(-MAX_MESSAGE / 2)}` : m;
  return program ? redactLog(cut) : redact(cut);
}
function msg(v: unknown, program = false): string | undefined {
  const s = nonEmpty(v);
  return s === undefined ? undefined : redactMessage(s, program);
}
/** Events that quote what a program printed: probe and hook output. */
const PROGRAM_OUTPUT_EVENTS = new Set(['Unhealthy', 'ProbeWarning', 'FailedPostStartHook', 'FailedPreStopHook']);

/** Waiting reasons that mean "the image could not be had". */
export const IMAGE_WAITING_REASONS = new Set([
  'ErrImagePull',
  'ImagePullBackOff',
  'ErrImageNeverPull',
  'InvalidImageName',
  'ImageInspectError',
  'RegistryUnavailable',
  'SignatureValidationFailed',
]);
const START_WAITING_REASONS = new Set(['RunContainerError', 'CreateContainerError', 'StartError', 'PreStartHookError', 'PreCreateHookError']);
const START_TERMINATED_REASONS = new Set(['StartError', 'ContainerCannotRun']);

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

  const events = normalizeEvents(input.events, nowMs);
  const pod = podFacts(raw, metadata, spec, status, nowMs);
  inferPodFields(pod, status, events);
  relatedEvents(pod, events);
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
  const containers = containerFacts(spec, status, events, nowMs, blocked, Object.keys(input.logs ?? {}));
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
  // Old statuses carry no qosClass: derive it from the spec as the API server does.
  if (pod.qosClass === undefined && obj(raw['spec'])) pod.qosClass = qosClass(containers);
  // A kill at about the liveness budget: the timing of a liveness probe that never passed.
  for (const c of containers) {
    const lv = c.probes.liveness;
    const ran = c.lastState.terminated?.ranSeconds;
    if (!lv.defined || c.probes.startup.defined || ran === undefined) continue;
    c.livenessKillLikely = ran >= lv.budgetSeconds - lv.periodSeconds && ran <= lv.budgetSeconds + lv.periodSeconds + lv.timeoutSeconds + pod.terminationGracePeriodSeconds;
  }
  const fromText = input.source?.format !== undefined;
  if (fromText) for (const c of containers) if (c.state.source === 'status') c.state.source = 'text';
  const facts: Facts = { pod, conditions, events, containers, gaps, fromText, oddities: findOddities(raw) };
  if (input.node) facts.node = nodeFacts(input.node, nowMs);
  const scheduling = schedulingFacts(pod, conditions, events);
  if (scheduling) facts.scheduling = scheduling;
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
      setIf(ev, 'topContainer', p.topContainer);
      facts.eviction = ev;
    }
  }
  return facts;
}

/** The strings of a list (numbers and booleans as text), skipping anything else. */
function strings(list: unknown): string[] {
  const out: string[] = [];
  if (!Array.isArray(list)) return out;
  for (const x of list) {
    const s = str(x);
    if (s !== undefined) out.push(s);
  }
  return out;
}

/** A field of each object of a list (gates' names, pull secrets' names), where it is a non-empty string. */
function fieldOfEach(list: unknown, field: string): string[] {
  const out: string[] = [];
  if (!Array.isArray(list)) return out;
  for (const x of list) {
    if (!isObject(x)) continue;
    const s = nonEmpty(x[field]);
    if (s !== undefined) out.push(s);
  }
  return out;
}

/** A label selector map as `key=value` texts. */
function selector(v: unknown): string[] {
  const o = obj(v);
  if (o === undefined) return [];
  return Object.entries(o).map(([k, x]) => `${k}=${str(x) ?? ''}`);
}

function setIf<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

function podFacts(raw: JsonObject, metadata: JsonObject, spec: JsonObject, status: JsonObject, nowMs: number): PodFacts {
  const owners = objs(metadata['ownerReferences']);
  const owner = owners.find((r) => bool(r['controller']) === true) ?? owners[0];
  const deletion = time(metadata['deletionTimestamp']);
  const deleting = metadata['deletionTimestamp'] !== undefined && metadata['deletionTimestamp'] !== null;
  const created = time(metadata['creationTimestamp']);
  const started = time(status['startTime']);
  const pod: PodFacts = {
    name: nonEmpty(metadata['name']) ?? nonEmpty(metadata['generateName']) ?? '<unnamed>',
    namespace: nonEmpty(metadata['namespace']) ?? 'default',
    restartPolicy: nonEmpty(spec['restartPolicy']) ?? 'Always',
    deleting,
    terminationGracePeriodSeconds: count(spec['terminationGracePeriodSeconds']) ?? 30,
    finalizers: strings(metadata['finalizers']),
    schedulingGates: fieldOfEach(spec['schedulingGates'], 'name'),
    nodeSelector: selector(spec['nodeSelector']),
    tolerations: objs(spec['tolerations']).map(toleration),
    nodeAffinity: nodeAffinityTerms(spec),
    requests: {},
    containerCount: arr(spec['containers']).length,
    initContainerCount: arr(spec['initContainers']).length,
    readinessGates: fieldOfEach(spec['readinessGates'], 'conditionType'),
    volumes: [],
    imagePullSecrets: fieldOfEach(spec['imagePullSecrets'], 'name'),
    claims: [],
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

function inferPodFields(pod: PodFacts, status: JsonObject, events: EventFacts[]): void {
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
  const phase = nonEmpty(status['phase']);
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
    setIf(e, 'message', r.message !== undefined ? redactMessage(r.message, PROGRAM_OUTPUT_EVENTS.has(r.reason ?? '')) : undefined);
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
    setIf(out, 'readyMessage', nonEmpty(ready['message']));
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
    if ((e.reason !== 'FailedCreatePodSandBox' && e.reason !== 'NetworkNotReady') || !e.message) continue;
    count += e.count;
    newest ??= e;
  }
  if (!newest?.message) return undefined;
  const c = classifySandboxError(newest.message);
  const out: NonNullable<Facts['sandbox']> = { kind: c.kind, message: c.message, reason: newest.reason as string, event: newest.reason as string, count };
  setIf(out, 'plugin', c.plugin);
  setIf(out, 'lastSeenSecondsAgo', newest.lastSeenSecondsAgo);
  return out;
}

function schedulingFacts(pod: PodFacts, conditions: Record<string, ConditionFacts>, events: EventFacts[]): SchedulingFacts | undefined {
  const sched = conditions['PodScheduled'];
  let message: string | undefined;
  let from: SchedulingFacts['from'] = 'condition';
  if (sched?.status === 'False' && sched.message && sched.reason !== 'SchedulingGated') message = sched.message;
  if (message === undefined && !pod.nodeName && sched?.status !== 'True') {
    const ev = events.find((e) => e.reason === 'FailedScheduling' && e.message);
    if (ev?.message) {
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
  const reasons = p.reasons.map((r) => ({ ...r, routine: others && isRoutine(r) }));
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

function stateFacts(state: unknown, nowMs: number): StateFacts {
  const s = obj(state);
  const waiting = obj(s?.['waiting']);
  const running = obj(s?.['running']);
  const terminated = obj(s?.['terminated']);
  const out: StateFacts = { kind: waiting ? 'waiting' : running ? 'running' : terminated ? 'terminated' : 'unknown' };
  if (waiting) {
    out.waiting = {};
    setIf(out.waiting, 'reason', nonEmpty(waiting['reason']));
    setIf(out.waiting, 'message', msg(waiting['message']));
  }
  if (running) {
    out.running = {};
    const t = time(running['startedAt']);
    if (t !== undefined) {
      out.running.startedAt = timeText(running['startedAt'], t);
      out.running.runningSeconds = secondsBetween(nowMs, t);
    }
  }
  if (terminated) {
    const tf: TerminatedFacts = {};
    setIf(tf, 'reason', nonEmpty(terminated['reason']));
    // what the program wrote to its terminationMessagePath, or the runtime's error
    setIf(tf, 'message', msg(terminated['message'], true));
    const exitCode = num(terminated['exitCode']);
    const signal = num(terminated['signal']);
    setIf(tf, 'exitCode', exitCode);
    if (signal !== undefined && signal !== 0) tf.signal = signal;
    const st = time(terminated['startedAt']);
    const fin = time(terminated['finishedAt']);
    if (st !== undefined) tf.startedAt = timeText(terminated['startedAt'], st);
    if (fin !== undefined) {
      tf.finishedAt = timeText(terminated['finishedAt'], fin);
      tf.finishedSecondsAgo = secondsBetween(nowMs, fin);
    }
    if (st !== undefined && fin !== undefined && fin >= st) tf.ranSeconds = secondsBetween(fin, st);
    const exit = classifyExit(exitCode, signal, tf.reason);
    if (exit) {
      tf.meaning = exit.meaning;
      setIf(tf, 'signalName', exit.signalName);
    }
    const exec = tf.message !== undefined ? execFailures(tf.message) : [];
    if (exec.length > 0) tf.execFailures = exec;
    out.terminated = tf;
  }
  return out;
}

const PROBE_HANDLERS = ['httpGet', 'tcpSocket', 'exec', 'grpc'] as const;

/** `specComplete`: the container spec is whole (it has an image), so a port it does not declare is truly undeclared. */
function probeFacts(probe: unknown, kind: ProbeKind, events: EventFacts[], ports: string[], specComplete = true): ProbeFacts {
  const p = obj(probe);
  const initialDelaySeconds = count(p?.['initialDelaySeconds']) ?? 0;
  const periodSeconds = count(p?.['periodSeconds']) || 10;
  const failureThreshold = count(p?.['failureThreshold']) || 3;
  const out: ProbeFacts = {
    defined: p !== undefined,
    initialDelaySeconds,
    periodSeconds,
    timeoutSeconds: count(p?.['timeoutSeconds']) || 1,
    failureThreshold,
    budgetSeconds: initialDelaySeconds + failureThreshold * periodSeconds,
    failures: 0,
  };
  if (p) {
    for (const h of PROBE_HANDLERS) {
      const handler = obj(p[h]);
      if (!handler) continue;
      out.handler = h;
      setIf(out, 'port', str(handler['port']));
      const path = nonEmpty(handler['path']);
      setIf(out, 'path', path !== undefined ? redact(path) : undefined); // "/health?token=…"
      if (h === 'exec') {
        const line = arr(handler['command']).map((x) => str(x) ?? '').join(' ').trim();
        if (line !== '') out.command = redactLog(line.length > 120 ? `${line.slice(0, 120)}…` : line);
      }
      if (out.port !== undefined && ports.length > 0) {
        out.portDeclared = ports.includes(out.port) || ports.includes(`${out.port}/TCP`);
      } else if (out.port !== undefined && !/^\d+$/.test(out.port) && specComplete) {
        out.portDeclared = false; // a named port must be declared, or the probe cannot resolve it
      }
      break;
    }
  }
  for (const e of events) {
    if (e.reason !== 'Unhealthy' || !e.message) continue;
    const f = parseProbeMessage(e.message);
    if (!f || f.probe !== kind) continue;
    out.failures += e.count;
    if (out.lastFailure === undefined) {
      out.lastFailure = e.message;
      out.failureKind = f.kind;
      setIf(out, 'failureDetail', f.detail);
    }
  }
  return out;
}

function quantities(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const o = obj(v);
  if (o === undefined) return out;
  for (const k of Object.keys(o)) {
    const s = str(o[k]);
    if (s !== undefined) out[k] = s;
  }
  return out;
}

/** What the status says of a container, for attributing events: is it failing? */
function failingStatus(st: JsonObject): boolean {
  const state = obj(st['state']);
  const w = nonEmpty(obj(state?.['waiting'])?.['reason']);
  if (w !== undefined && w !== 'ContainerCreating' && w !== 'PodInitializing') return true;
  const t = obj(state?.['terminated']);
  if (t && (num(t['exitCode']) ?? 0) !== 0) return true;
  if (t && nonEmpty(t['reason']) !== undefined && nonEmpty(t['reason']) !== 'Completed') return true;
  return false;
}

/** The name a container gets when the input shows it exists (its events) but never names it. */
export const UNNAMED_CONTAINER = '(unnamed)';

interface ContainerEntry {
  name: string;
  kind: ContainerKind;
  index: number;
  sp: JsonObject | undefined;
  st: JsonObject;
  /** The image events quote, for a container known only from its events. */
  image?: string;
  /** Restarts its events show, when the status does not say. */
  restarts?: number;
}

function containerFacts(spec: JsonObject, status: JsonObject, events: EventFacts[], nowMs: number, blocked: EventFacts | undefined, logNames: string[]): ContainerFacts[] {
  const groups: { specs: unknown; statuses: unknown; kind: ContainerKind }[] = [
    { specs: spec['initContainers'], statuses: status['initContainerStatuses'], kind: 'init' },
    { specs: spec['containers'], statuses: status['containerStatuses'], kind: 'regular' },
    { specs: spec['ephemeralContainers'], statuses: status['ephemeralContainerStatuses'], kind: 'ephemeral' },
  ];
  const entries: ContainerEntry[] = [];
  for (const g of groups) {
    // most pods have no init or ephemeral containers: no lists or maps made for those
    if (!Array.isArray(g.specs) && !Array.isArray(g.statuses)) continue;
    const specs = arr(g.specs).map((x) => obj(x) ?? {});
    const statuses = arr(g.statuses).map((x) => obj(x) ?? {});
    const names: string[] = [];
    const specByName = new Map<string, JsonObject>();
    const statusByName = new Map<string, JsonObject>();
    specs.forEach((sp, i) => {
      const name = nonEmpty(sp['name']) ?? nonEmpty(statuses[i]?.['name']) ?? `#${i + 1}`;
      if (specByName.has(name)) return;
      specByName.set(name, sp);
      names.push(name);
    });
    statuses.forEach((st, i) => {
      const name = nonEmpty(st['name']) ?? nonEmpty(specs[i]?.['name']) ?? `#${i + 1}`;
      if (statusByName.has(name)) return;
      statusByName.set(name, st);
      if (!specByName.has(name)) names.push(name);
    });
    names.forEach((name, i) => {
      const sp = specByName.get(name);
      const kind: ContainerKind = g.kind === 'init' && str(sp?.['restartPolicy']) === 'Always' ? 'sidecar' : g.kind;
      entries.push({ name, kind, index: i + 1, sp, st: statusByName.get(name) ?? {} });
    });
  }
  if (entries.length === 0) entries.push(...containersOfEvents(events));
  // a container known only by its log (kubectl logs … -c busybox pasted alone)
  for (const name of logNames) {
    if (entries.some((e) => e.name === name)) continue;
    if (entries.length === 1 && (entries[0] as ContainerEntry).name === UNNAMED_CONTAINER) (entries[0] as ContainerEntry).name = name;
    else entries.push({ name, kind: 'regular', index: entries.filter((e) => e.kind === 'regular').length + 1, sp: undefined, st: {} });
  }
  const refs: ContainerRef[] = entries.map((e) => {
    const image = nonEmpty(e.sp?.['image']) ?? nonEmpty(e.st['image']) ?? e.image;
    const r: ContainerRef = { name: e.name, kind: e.kind, failing: failingStatus(e.st) };
    if (image !== undefined) r.image = image;
    return r;
  });
  attributeEvents(events, refs);
  // A container the status is silent about but whose own events show it failing is the pod's
  // failing one too: a second pass gives it the failure events no name or image tied to anything
  // ("Back-off restarting failed container" in a pod with an init container and an app).
  if (!refs.some((r) => r.failing)) {
    const failing = refs.filter((r, i) => {
      if ((entries[i] as ContainerEntry).st['state'] !== undefined) return false;
      const w = inferState(events.filter((e) => e.container === r.name), undefined, false)?.state;
      return w !== undefined && (w.kind === 'terminated' || (w.kind === 'waiting' && w.waiting?.reason !== 'ContainerCreating' && w.waiting?.reason !== 'PodInitializing'));
    });
    if (failing.length === 1) {
      (failing[0] as ContainerRef).failing = true;
      attributeEvents(events, refs);
    }
  }
  // totals per reason and container, now that events know their containers
  const totals = new Map<string, number>();
  const key = (e: EventFacts) => `${e.reason ?? ''}\u0000${e.container ?? ''}`;
  for (const e of events) totals.set(key(e), (totals.get(key(e)) ?? 0) + e.count);
  for (const e of events) e.reasonTotal = totals.get(key(e)) ?? e.count;
  const hasInit = entries.some((e) => e.kind === 'init' || e.kind === 'sidecar');
  const pullSecrets = fieldOfEach(spec['imagePullSecrets'], 'name');
  return entries.map((e) => oneContainer(e, events, nowMs, blocked, hasInit, pullSecrets));
}

/**
 * Containers of a pod known only from its events (an events table, describe text without its
 * Containers section): the names fieldPaths and messages give, else one unnamed container when
 * events speak of a container at all. Images come from the image messages of each container.
 */
function containersOfEvents(events: EventFacts[]): ContainerEntry[] {
  const out: ContainerEntry[] = [];
  const seen = new Set<string>();
  const counts: Record<ContainerKind, number> = { init: 0, sidecar: 0, regular: 0, ephemeral: 0 };
  const add = (name: string, kind: ContainerKind) => {
    if (seen.has(name)) return;
    seen.add(name);
    out.push({ name, kind, index: ++counts[kind], sp: undefined, st: {} });
  };
  // oldest first: containers in the order they were created
  for (const e of [...events].reverse()) {
    const f = containerOfFieldPath(e.fieldPath);
    if (f) add(f.name, f.kind);
    else if (isContainerReason(e.reason, e.message)) {
      const named = containerNamedIn(e.message);
      if (named !== undefined) add(named, e.reason === 'FailedSync' && parseFailedSync(e.message ?? '')?.init ? 'init' : 'regular');
    }
  }
  if (out.length === 0 && events.some((e) => isContainerReason(e.reason, e.message))) add(UNNAMED_CONTAINER, 'regular');
  if (out.length === 1) {
    // one container: the images the events quote are its own when they agree
    const images = new Set(events.map((e) => imageNamedIn(e.message)).filter((x): x is string => x !== undefined));
    if (images.size === 1) (out[0] as ContainerEntry).image = [...images][0] as string;
  }
  return out;
}

/**
 * The pull Secrets the kubelet could not find: its FailedToRetrieveImagePullSecret event
 * ("Unable to retrieve some image pull secrets (regcred); attempting to pull the image may not
 * succeed."), or a Failed event "Error: secret "regcred" not found" naming one of the pod's
 * imagePullSecrets.
 */
function missingPullSecret(events: EventFacts[], pullSecrets: string[]): { names: string[]; event: EventFacts } | undefined {
  for (const e of events) {
    if (!e.message) continue;
    if (e.reason === 'FailedToRetrieveImagePullSecret') {
      const names = /\(([^)]*)\)/.exec(e.message)?.[1]?.split(/,\s*/).filter((x) => x !== '');
      if (names && names.length > 0) return { names, event: e };
    }
    if (e.reason === 'Failed') {
      const name = /^Error: secrets? "([^"]+)" not found/.exec(e.message)?.[1];
      // one the pod names as a pull secret, or any when the input does not show the pod's spec
      if (name !== undefined && (pullSecrets.includes(name) || pullSecrets.length === 0)) return { names: [name], event: e };
    }
  }
  return undefined;
}

function oneContainer(entry: ContainerEntry, podEvents: EventFacts[], nowMs: number, blocked: EventFacts | undefined, hasInit: boolean, pullSecrets: string[]): ContainerFacts {
  const { name, kind, index, sp, st } = entry;
  const events = podEvents.length === 0 ? [] : podEvents.filter((e) => e.container === name);
  const resources = obj(sp?.['resources']);
  let state = stateFacts(st['state'], nowMs);
  let lastState = stateFacts(st['lastState'], nowMs);
  const statusKnown = state.kind !== 'unknown';
  let inferred: Record<string, EventOrigin> | undefined;
  // The status wins when it speaks. When it is silent, or says no more than "not created yet",
  // the container's own events (newest first) tell its state; pod-level volume or sandbox
  // failures keep a silent container in ContainerCreating.
  const notCreated = state.waiting?.reason === 'ContainerCreating' || state.waiting?.reason === 'PodInitializing';
  if (!statusKnown || notCreated) {
    const inf = inferState(events, statusKnown ? undefined : blocked, hasInit);
    if (inf && (!statusKnown || (inf.state.kind === 'waiting' && inf.state.waiting?.reason !== state.waiting?.reason && !['ContainerCreating', 'PodInitializing'].includes(inf.state.waiting?.reason ?? '')))) {
      state = inf.state;
      inferred = { state: inf.origin };
      if (inf.lastState && lastState.kind === 'unknown') {
        lastState = inf.lastState;
        if (inf.lastOrigin) inferred['lastState'] = inf.lastOrigin;
      }
      if (inf.restarts !== undefined && count(st['restartCount']) === undefined) {
        inferred['restartCount'] = inf.origin;
        entry.restarts = inf.restarts;
      }
    }
  }
  if (statusKnown && state.source === undefined) state.source = 'status';
  const ports: string[] = [];
  for (const p of objs(sp?.['ports'])) {
    const port = num(p['containerPort']);
    if (port !== undefined) ports.push(`${port}/${str(p['protocol']) ?? 'TCP'}`);
    const pname = nonEmpty(p['name']);
    if (pname) ports.push(pname);
  }
  const c: ContainerFacts = {
    name,
    kind,
    specList: kind === 'init' || kind === 'sidecar' ? 'initContainers' : kind === 'ephemeral' ? 'ephemeralContainers' : 'containers',
    index,
    ready: bool(st['ready']) === true,
    // unknown when neither the status nor the events say (a container known from its spec alone)
    ...(statusKnown || entry.restarts !== undefined || count(st['restartCount']) !== undefined ? { restartCount: count(st['restartCount']) ?? entry.restarts ?? 0 } : {}),
    statusKnown,
    state,
    lastState,
    resources: {
      requests: quantities(resources?.['requests']),
      limits: quantities(resources?.['limits']),
    },
    ports,
    probes: {
      liveness: probeFacts(sp?.['livenessProbe'], 'liveness', events, ports, sp?.['image'] !== undefined),
      readiness: probeFacts(sp?.['readinessProbe'], 'readiness', events, ports, sp?.['image'] !== undefined),
      startup: probeFacts(sp?.['startupProbe'], 'startup', events, ports, sp?.['image'] !== undefined),
    },
    events,
    configRefs: configRefs(sp),
    lifecycle: lifecycleHooks(sp),
    mounts: mountsOf(sp),
    killedByLiveness: events.length > 0 && events.some((e) => e.reason === 'Killing' && /failed liveness probe/.test(e.message ?? '')),
    killedByStartup: events.length > 0 && events.some((e) => e.reason === 'Killing' && /failed startup probe/.test(e.message ?? '')),
    killedForNewDefinition: events.length > 0 && events.some((e) => e.reason === 'Killing' && killedForNewDefinition(e.message)),
    hasSpec: sp !== undefined,
  };
  if (inferred) c.inferred = inferred;
  const warning = events.length === 0 ? undefined : events.find((e) => e.type === 'Warning' && e.reason !== undefined && !(e.reason === 'BackOff' && /^Back-off restarting/i.test(e.message ?? '')));
  if (warning) {
    c.warning = { reason: warning.reason as string, count: warning.count };
    setIf(c.warning, 'message', warning.message);
  }
  setIf(c, 'image', nonEmpty(sp?.['image']) ?? nonEmpty(st['image']) ?? entry.image);
  const program = str(arr(sp?.['command'])[0]);
  if (program !== undefined && program.trim() !== '') c.command = redact(program.length > 200 ? `${program.slice(0, 200)}…` : program);
  setIf(c, 'imagePullPolicy', nonEmpty(sp?.['imagePullPolicy']));
  const started = bool(st['started']);
  if (started !== undefined) c.started = started;

  const waitingReason = state.waiting?.reason;
  const waitingMessage = state.waiting?.message;
  const failedEvent = (re: RegExp) => events.find((e) => e.reason === 'Failed' && e.message !== undefined && re.test(e.message))?.message;
  // the event the waiting message came from, when the state was read off the events
  const waitingEvent = state.source === 'event' && waitingMessage !== undefined ? inferred?.['state']?.reason : undefined;

  if (waitingReason && IMAGE_WAITING_REASONS.has(waitingReason)) {
    // ImagePullBackOff's own message is often just 'Back-off pulling image "x"': the cause is in
    // the last ErrImagePull message or the "Failed to pull image" event.
    let pull: ImagePullFacts | undefined = waitingMessage ? classifyImagePull(waitingMessage, c.image) : undefined;
    if (pull && waitingEvent) pull.event = waitingEvent;
    const ev = failedEvent(/^Failed to pull image|^Error: (?:ErrImageNeverPull|InvalidImageName)/);
    if ((!pull || pull.kind === 'unknown') && ev) pull = { ...classifyImagePull(ev, c.image), event: 'Failed' };
    if (!pull && waitingReason === 'ErrImageNeverPull') pull = classifyImagePull('ErrImageNeverPull', c.image);
    if (!pull && waitingReason === 'InvalidImageName') pull = classifyImagePull('InvalidImageName', c.image);
    if (!pull) pull = classifyImagePull(waitingReason, c.image);
    // A pull refused (or failing without a word) while the kubelet could not find the pull
    // Secret the pod names: the missing Secret is why it had no credentials.
    if (['unauthorized', 'not-found-or-unauthorized', 'unknown'].includes(pull.kind)) {
      const missing = missingPullSecret(podEvents, pullSecrets);
      if (missing) {
        // the runtime's own words when it gave any; else the kubelet's about the Secret
        const said = pull.kind === 'unknown' ? { message: missing.event.message as string, event: missing.event.reason as string } : {};
        pull = { ...pull, ...said, kind: 'pull-secret-missing', detail: missing.names.join(', ') };
      }
    }
    c.imagePull = pull;
  }
  if (waitingReason === 'CreateContainerConfigError') {
    const ev = waitingMessage === undefined ? failedEvent(/^Error: /) : undefined;
    const msg = waitingMessage ?? ev;
    if (msg) c.configError = classifyConfigError(msg);
    const from = ev !== undefined ? 'Failed' : waitingEvent;
    if (c.configError && from) c.configError.event = from;
  }
  const startTerminated = [state.terminated, lastState.terminated].find((t) => t?.reason !== undefined && START_TERMINATED_REASONS.has(t.reason));
  let startMsg =
    (waitingReason && START_WAITING_REASONS.has(waitingReason) ? waitingMessage : undefined) ??
    (state.terminated?.reason && START_TERMINATED_REASONS.has(state.terminated.reason) ? state.terminated.message : undefined) ??
    (lastState.terminated?.reason && START_TERMINATED_REASONS.has(lastState.terminated.reason) ? lastState.terminated.message : undefined);
  let startEvent = startMsg !== undefined && startMsg === waitingMessage ? waitingEvent : undefined;
  if (startMsg !== undefined && startEvent === undefined && lastState.source === 'event' && startMsg === lastState.terminated?.message) startEvent = inferred?.['lastState']?.reason;
  if (startMsg === undefined && ((waitingReason && START_WAITING_REASONS.has(waitingReason)) || startTerminated)) {
    // the status gives the reason without the runtime's words: the kubelet's event has them
    startMsg = failedEvent(/^Error: /);
    if (startMsg !== undefined) startEvent = 'Failed';
  }
  if (waitingReason === 'CrashLoopBackOff') {
    // The kubelet's own figure when its message has one, else the kubelet's formula on restartCount.
    const d = waitingMessage ? /back-off (\S+) restarting/.exec(waitingMessage)?.[1] : undefined;
    const messageDelaySeconds = d !== undefined ? parseGoDuration(d) : undefined;
    const fin = time(dig(st, 'lastState', 'terminated', 'finishedAt'));
    c.backoff = backoff({
      restartCount: c.restartCount ?? 0,
      nowMs,
      ...(messageDelaySeconds !== undefined ? { messageDelaySeconds } : {}),
      ...(fin !== undefined ? { lastFinishedMs: fin } : {}),
      ...(lastState.terminated?.ranSeconds !== undefined ? { lastRanSeconds: lastState.terminated.ranSeconds } : {}),
    });
  }
  // A startup probe that has not passed yet: when its failures would have the container killed.
  const runningSince = time(dig(st, 'state', 'running', 'startedAt'));
  const startup = c.probes.startup;
  if (startup.defined && runningSince !== undefined && c.started !== true) {
    const k = startupKill(runningSince, startup.initialDelaySeconds, startup.failureThreshold, startup.periodSeconds, nowMs);
    startup.killAt = k.killAt;
    startup.killInSeconds = k.killInSeconds;
    startup.killFormula = k.formula;
  }
  const hookMsg =
    (waitingReason === 'PostStartHookError' ? waitingMessage : undefined) ??
    events.find((e) => e.reason === 'FailedPostStartHook' && e.message)?.message ??
    events.find((e) => e.reason === 'FailedPreStopHook' && e.message)?.message;
  if (hookMsg !== undefined || events.some((e) => e.reason === 'FailedPostStartHook' || e.reason === 'FailedPreStopHook')) {
    // A failed postStart kills the container, which runs preStop: when both failed, postStart is the story.
    const preStop =
      waitingReason !== 'PostStartHookError' && !events.some((e) => e.reason === 'FailedPostStartHook') && events.some((e) => e.reason === 'FailedPreStopHook');
    const h = parseHookMessage(hookMsg ?? '');
    c.hook = { kind: preStop ? 'preStop' : 'postStart', message: h.message };
    const hookEvent = waitingReason === 'PostStartHookError' && waitingMessage !== undefined ? undefined : events.find((e) => (e.reason === 'FailedPostStartHook' || e.reason === 'FailedPreStopHook') && e.message === hookMsg)?.reason;
    if (hookEvent) c.hook.event = hookEvent;
    setIf(c.hook, 'handler', h.handler);
    setIf(c.hook, 'command', h.command);
    setIf(c.hook, 'exitCode', h.exitCode);
    setIf(c.hook, 'output', h.output);
  }
  if (startMsg) {
    c.startError = classifyStartError(startMsg.replace(/^Error:\s*/, ''));
    if (startEvent) c.startError.event = startEvent;
  }
  return c;
}
