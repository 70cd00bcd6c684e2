// (pod, events, now) → Facts. Pure: no I/O, no clock but `nowMs`. Tolerant: every field may be
// missing or of the wrong type, and the result is still well formed.
//
// The assembly, step by step: what the input lacks (gaps); the pod's own facts (./pod.ts) and its
// events (./events.ts), the fields a silent status leaves to them, its conditions; the containers
// (./containers.ts, which runs the container families); what the containers tell of the pod; then
// the pod's fact families, in the order ./registry.ts lists them.

import type { PodInput } from '../model/input.js';
import { arr, count, nonEmpty, obj, objs, type JsonObject } from '../util/json.js';
import { derivedOwnerChain } from '../model/owner.js';
import { effectiveRequests } from './extractors/quantity.js';
import { isRejection } from './extractors/admission.js';
import { containerFacts } from './containers.js';
import { normalizeEvents } from './events.js';
import type { PodScope } from './family.js';
import { blocksCreation } from './inference.js';
import { findOddities } from './oddities.js';
import { conditionFacts, evictedByCondition, inferPodFields, neighbourFacts, podFacts, relatedEvents } from './pod.js';
import { qosClass } from './pod-spec.js';
import { POD_FAMILIES } from './registry.js';
import type { ContainerFacts, EventFacts, Facts, PodFacts } from './types.js';

export function normalize(input: PodInput, nowMs: number): Facts {
  const raw = input.pod;
  const spec = obj(raw['spec']) ?? {};
  const status = obj(raw['status']) ?? {};
  const gaps = inputGaps(input);
  const fromText = input.source?.format !== undefined;

  const events = normalizeEvents(input.events, nowMs);
  const pod = podFacts(raw, nowMs, fromText, input.source?.missing?.some((m) => m.fact === 'pod-name') === true);
  // a get pods row says Terminating, not since when (the reader marks it deleted at the capture):
  // the deletion's time and grace are unknown
  if (input.source?.format === 'pods-table' && pod.deleting) {
    delete pod.deletionTimestamp;
    delete pod.secondsPastGracePeriod;
    delete pod.gracePeriod;
  }
  neighbourFacts(pod, input, spec, nowMs);
  inferPodFields(pod, status, events, fromText);
  relatedEvents(pod, events);
  // the volumes not in the input: the claims the input ties to the pod (their events, their rows) are its claims
  if (!Array.isArray(spec['volumes'])) tiedClaims(pod, input, events);
  const conditions = conditionFacts(status, nowMs);
  evictedByCondition(pod, conditions);

  const blocked = status['phase'] === undefined || status['phase'] === 'Pending' ? events.find(blocksCreation) : undefined;
  const containers = podContainers(input, spec, status, events, blocked, nowMs, fromText);
  fromContainers(pod, containers, input, spec, events, blocked);
  if (fromText) for (const c of containers) if (c.state.source === 'status') c.state.source = 'text';
  const facts: Facts = { pod, conditions, events, containers, claims: [], gaps, unknown: unknownFacts(input, pod, gaps, fromText), fromText, oddities: findOddities(raw) };
  knownColumns(pod, containers, gaps, input.source?.missing?.some((m) => m.fact === 'containers-cut') === true);
  pod.rejectedAtAdmission = pod.message !== undefined && isRejection(pod.message);
  runFamilies({ input, spec, pod, conditions, events, facts, nowMs });
  return facts;
}

/**
 * Each pod family fills the root of its name, in the registry's order. The catalogue declares
 * each root as the family's own node (catalog.ts podFamilyNodes), so the value is of that root's type.
 */
function runFamilies(scope: PodScope): void {
  const roots: Record<string, unknown> = scope.facts;
  for (const f of POD_FAMILIES) {
    const v = f.extract(scope);
    if (v !== undefined) roots[f.root] = v;
  }
}

/** What the input lacks: spec, status (none, or one that says nothing), events, and what could not be read. */
function inputGaps(input: PodInput): string[] {
  const raw = input.pod;
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
  return gaps;
}

/** The claims the input ties to the pod (their objects, their events) when it does not give the pod's volumes. */
function tiedClaims(pod: PodFacts, input: PodInput, events: EventFacts[]): void {
  const tied = [...(input.claimObjects ?? []).map((c) => nonEmpty(obj(c['metadata'])?.['name'])), ...events.map((e) => (e.object?.startsWith('PersistentVolumeClaim/') ? nonEmpty(e.object.slice('PersistentVolumeClaim/'.length)) : undefined))];
  for (const c of tied) if (c !== undefined && !pod.claims.includes(c)) pod.claims.push(c);
}

/**
 * The containers' facts. A pod status the API wrote lists every container the kubelet has created:
 * one it does not list was not created yet (not ready, no restarts). Pasted text may simply have
 * left it out, unless it shows a pending pod no node took yet.
 */
function podContainers(input: PodInput, spec: JsonObject, status: JsonObject, events: EventFacts[], blocked: EventFacts | undefined, nowMs: number, fromText: boolean): ContainerFacts[] {
  const phase = nonEmpty(status['phase']);
  const absentMeansNotCreated = phase !== undefined && (!fromText || (phase === 'Pending' && nonEmpty(spec['nodeName']) === undefined));
  return containerFacts(spec, status, events, nowMs, blocked, Object.keys(input.logs ?? {}), {
    absentMeansNotCreated,
    fromText,
    eventsKnown: !unknownEvents(input, fromText),
    logs: input.logs,
  });
}

/** What the containers tell of the pod: creating, its requests, its QoS class, and their timing against its grace period. */
function fromContainers(pod: PodFacts, containers: ContainerFacts[], input: PodInput, spec: JsonObject, events: EventFacts[], blocked: EventFacts | undefined): void {
  pod.creating = containers.some((c) => c.state.waiting?.reason === 'ContainerCreating' || c.state.waiting?.reason === 'PodInitializing');
  // Events alone, with no container to hang them on: volume or sandbox failures and no sign
  // that a container was ever created.
  if (!pod.creating && containers.length === 0 && blocked && !events.some((e) => e.reason === 'Created' || e.reason === 'Started')) pod.creating = true;
  pod.ownerChain = (input.ownerChain ?? derivedOwnerChain(input.pod)).map((o) => `${o.kind}/${o.name}`);
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
  if (pod.qosClass === undefined && obj(input.pod['spec']) && containers.length > 0 && !containers.some((c) => c.unknown.includes('spec'))) pod.qosClass = qosClass(containers);
  for (const c of containers) graceTiming(c, pod);
}

/**
 * A container's timing against the pod's grace period: a preStop sleep that uses up the whole
 * grace period (every deletion ends in SIGKILL); a kill at about the liveness budget (the timing
 * of a liveness probe that never passed).
 */
function graceTiming(c: ContainerFacts, pod: PodFacts): void {
  if (c.preStopSleepSeconds !== undefined && pod.terminationGracePeriodSeconds !== undefined) c.preStopOutlastsGrace = c.preStopSleepSeconds >= pod.terminationGracePeriodSeconds;
  const lv = c.probes.liveness;
  const ran = c.lastState.terminated?.ranSeconds;
  if (!lv.defined || c.probes.startup.defined !== false || ran === undefined || lv.budgetSeconds === undefined) return;
  const period = lv.periodSeconds ?? 10;
  c.livenessKillLikely = ran >= lv.budgetSeconds - period && ran <= lv.budgetSeconds + period + (lv.timeoutSeconds ?? 1) + (pod.terminationGracePeriodSeconds ?? 30);
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

