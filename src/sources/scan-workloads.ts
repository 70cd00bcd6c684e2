// A scan's workloads (`podwhy -n NS`, `-A`, or a file without a target): which of the workloads
// read are worth a diagnosis, and each one's input from what the scan read (its children, pods
// and events). A workload is reported once, at its top: a ReplicaSet under a Deployment read in
// the same scan is the Deployment's. Which ones are worth it is decided from their status alone,
// cheaply, before any event is read (`unwell`); the diagnosis then decides what is wrong.

import type { EventRecord, PodInput, WorkloadInput, WorkloadKind } from '../model/input.js';
import { WORKLOAD_KINDS } from '../model/input.js';
import { dig, nonEmpty, obj, objs, str, type JsonObject } from '../util/json.js';
import { eventsOf, membersOf } from './workloads.js';

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const nameOf = (o: unknown) => str(dig(o, 'metadata', 'name')) ?? '';
const nsOf = (o: unknown) => nonEmpty(dig(o, 'metadata', 'namespace')) ?? 'default';
const kindOf = (o: JsonObject) => str(o['kind']) as WorkloadKind;

export function isWorkload(o: JsonObject): boolean {
  return (WORKLOAD_KINDS as readonly string[]).includes(str(o['kind']) ?? '');
}

function condition(o: JsonObject, type: string): JsonObject | undefined {
  return objs(dig(o, 'status', 'conditions')).find((c) => c['type'] === type);
}
const isTrue = (o: JsonObject, type: string) => condition(o, type)?.['status'] === 'True';
const isFalse = (o: JsonObject, type: string) => condition(o, type)?.['status'] === 'False';

/** The controller's reference of an object, if any. */
function controllerRef(o: JsonObject): JsonObject | undefined {
  return objs(dig(o, 'metadata', 'ownerReferences')).find((r) => r['controller'] === true);
}

/**
 * The workloads a scan reports on, each once: every Deployment, StatefulSet, DaemonSet, Job and
 * CronJob, and the ReplicaSets whose Deployment is not among those read.
 */
export function scanTargets(objects: readonly JsonObject[]): JsonObject[] {
  const deployments = new Set<string>();
  for (const o of objects) {
    if (o['kind'] !== 'Deployment') continue;
    deployments.add(`${nsOf(o)}/name/${nameOf(o)}`);
    const uid = nonEmpty(dig(o, 'metadata', 'uid'));
    if (uid) deployments.add(`uid/${uid}`);
  }
  return objects.filter((o) => {
    if (!isWorkload(o)) return false;
    if (o['kind'] !== 'ReplicaSet') return true;
    const ref = controllerRef(o);
    if (!ref || ref['kind'] !== 'Deployment') return true;
    const uid = nonEmpty(ref['uid']);
    return !(uid !== undefined && deployments.has(`uid/${uid}`)) && !deployments.has(`${nsOf(o)}/name/${str(ref['name']) ?? ''}`);
  });
}

/**
 * Whether a workload's status shows it short of what it asks for, or failed: the ones a scan
 * diagnoses. A workload without a status (a manifest) is not judged: nothing says how it runs.
 */
export function unwell(o: JsonObject): boolean {
  const spec = obj(o['spec']) ?? {};
  const status = obj(o['status']);
  if (!status) return false;
  switch (kindOf(o)) {
    case 'Deployment': {
      const desired = num(spec['replicas']) ?? 1;
      if (isTrue(o, 'ReplicaFailure') || isFalse(o, 'Progressing')) return true;
      if (spec['paused'] === true) return true; // a change may be waiting: the diagnosis says
      return desired > 0 && ((num(status['availableReplicas']) ?? 0) < desired || (num(status['updatedReplicas']) ?? 0) < desired || (num(status['readyReplicas']) ?? 0) < desired);
    }
    case 'ReplicaSet':
    case 'StatefulSet': {
      const desired = num(spec['replicas']) ?? 1;
      if (isTrue(o, 'ReplicaFailure')) return true;
      return desired > 0 && ((num(status['readyReplicas']) ?? 0) < desired || (num(status['replicas']) ?? 0) < desired);
    }
    case 'DaemonSet': {
      const desired = num(status['desiredNumberScheduled']) ?? 0;
      return (num(status['numberReady']) ?? 0) < desired || (num(status['currentNumberScheduled']) ?? 0) < desired || (num(status['numberMisscheduled']) ?? 0) > 0;
    }
    case 'Job': {
      if (isTrue(o, 'Failed') || isTrue(o, 'FailureTarget')) return true;
      if (isTrue(o, 'Complete') || isTrue(o, 'SuccessCriteriaMet') || spec['suspend'] === true) return false;
      // not finished, and no pod running it now, or pods have failed already
      return (num(status['active']) ?? 0) === 0 || (num(status['failed']) ?? 0) > 0;
    }
    case 'CronJob': {
      if (spec['suspend'] === true) return true;
      // the last scheduled run has not succeeded, and none runs now
      const last = Date.parse(str(status['lastScheduleTime']) ?? '');
      const ok = Date.parse(str(status['lastSuccessfulTime']) ?? '');
      return !Number.isNaN(last) && objs(status['active']).length === 0 && (Number.isNaN(ok) || ok < last);
    }
    default:
      return false;
  }
}

/**
 * A CronJob whose controller warned about it since its last success (a Job it could not create, a
 * missed start), or skipped a run because the last one still runs (JobAlreadyActive, a Normal
 * event): its status cannot show that, its events do. Read where the controllers' events are.
 */
export function cronWarned(o: JsonObject, events: readonly EventRecord[]): boolean {
  if (o['kind'] !== 'CronJob' || dig(o, 'spec', 'suspend') === true) return false;
  const ok = Date.parse(str(dig(o, 'status', 'lastSuccessfulTime')) ?? '');
  return events.some(
    (e) => (e.type === 'Warning' || e.reason === 'JobAlreadyActive') && e.involved.kind === 'CronJob' && e.involved.name === nameOf(o) && (e.involved.namespace ?? nsOf(o)) === nsOf(o) && (Number.isNaN(ok) || (e.last ?? Infinity) > ok),
  );
}

/** What the scan read besides the workloads and pods. */
export interface ScanContext {
  /** Events that belong to no pod (the controllers'), or all of them. */
  events: readonly EventRecord[];
  quotas?: readonly JsonObject[];
  limitRanges?: readonly JsonObject[];
  nodes?: readonly JsonObject[];
  /** What could not be read, said on every workload (e.g. "events (forbidden: …)"). */
  unreadable?: readonly string[];
  capturedAt?: number;
}

/**
 * Objects by the owners their ownerReferences name, so that a scan finds a workload's pods without
 * reading every pod for every workload: by owner uid, and by namespace/kind/name for references
 * without a uid (ownedBy's rule: uids decide when both sides have one).
 */
class OwnerIndex<T> {
  private readonly byUid = new Map<string, T[]>();
  private readonly byName = new Map<string, { item: T; uid: boolean }[]>();
  /** Items without any owner reference (a workload's selector may claim them). */
  readonly ownerless: T[] = [];

  constructor(items: readonly T[], objectOf: (t: T) => unknown) {
    for (const item of items) {
      const o = objectOf(item);
      const refs = objs(dig(o, 'metadata', 'ownerReferences'));
      if (refs.length === 0) this.ownerless.push(item);
      for (const r of refs) {
        const uid = nonEmpty(r['uid']);
        if (uid !== undefined) push(this.byUid, uid, item);
        push(this.byName, `${nsOf(o)}/${str(r['kind']) ?? ''}/${str(r['name']) ?? ''}`, { item, uid: uid !== undefined });
      }
    }
  }

  /** The items owned by `owner` (of `kind`). */
  of(owner: JsonObject, kind: string): T[] {
    const uid = nonEmpty(dig(owner, 'metadata', 'uid'));
    const named = this.byName.get(`${nsOf(owner)}/${kind}/${nameOf(owner)}`) ?? [];
    const out = new Set<T>(uid !== undefined ? (this.byUid.get(uid) ?? []) : []);
    for (const n of named) if (uid === undefined || !n.uid) out.add(n.item);
    return [...out];
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}

/** Each target's input: its children (ReplicaSets, Jobs) and pods among those read, its events. */
export function workloadInputs(targets: readonly JsonObject[], objects: readonly JsonObject[], pods: readonly PodInput[], ctx: ScanContext): WorkloadInput[] {
  const children = new OwnerIndex(
    objects.filter((o) => o['kind'] === 'ReplicaSet' || o['kind'] === 'Job'),
    (o) => o,
  );
  const podIndex = new OwnerIndex(pods, (p) => p.pod);
  return targets.map((o) => {
    const kind = kindOf(o);
    const ns = nsOf(o);
    // membersOf's answer, from the indexes: the children it owns (and, for a Deployment, the
    // ReplicaSets without owners its selector matches), then their pods or its own
    const ck = kind === 'Deployment' ? 'ReplicaSet' : kind === 'CronJob' ? 'Job' : undefined;
    const mine = ck ? [...children.of(o, kind), ...children.ownerless].filter((c) => c['kind'] === ck) : [];
    const candidates = ck ? [...new Set(mine.flatMap((c) => podIndex.of(c, ck)))] : podIndex.of(o, kind);
    const m = membersOf(kind, o, mine, [...candidates, ...podIndex.ownerless]);
    const input: WorkloadInput = { kind, object: o, children: m.children, pods: m.pods, events: eventsOf(kind, o, m.children, ctx.events as EventRecord[]) };
    const inNs = (l: readonly JsonObject[] | undefined) => (l ?? []).filter((x) => nsOf(x) === ns);
    if (ctx.quotas) input.quotas = inNs(ctx.quotas);
    if (ctx.limitRanges) input.limitRanges = inNs(ctx.limitRanges);
    if (ctx.nodes && ctx.nodes.length > 0 && kind === 'DaemonSet') input.nodes = [...ctx.nodes];
    if (ctx.unreadable && ctx.unreadable.length > 0) input.unreadable = [...ctx.unreadable];
    if (ctx.capturedAt !== undefined) input.capturedAt = ctx.capturedAt;
    return input;
  });
}

/** Whether a controller's message names a quota: then the namespace's quotas and limit ranges are worth reading. */
export function namesQuota(events: readonly EventRecord[], objects: readonly JsonObject[]): boolean {
  return events.some((e) => /exceeded quota:|failed quota:/i.test(e.message ?? '')) || objects.some((o) => JSON.stringify(dig(o, 'status', 'conditions') ?? []).includes('quota:'));
}

/** The key a pod is known by across threads: namespace/name. */
export const podKey = (pod: JsonObject): string => `${nsOf(pod)}/${nameOf(pod)}`;
