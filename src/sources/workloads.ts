// `podwhy deploy/web`, `podwhy sts db`: which workload a target names (kubectl's short and long
// resource names), and, offline, the workload with its ReplicaSets or Jobs, pods and events
// gathered from the input (`kubectl get deploy,rs,pods,events -o yaml` output, in any files).

import { InputError, UsageError } from '../model/errors.js';
import { WORKLOAD_KINDS, type WorkloadInput, type WorkloadKind } from '../model/input.js';
import { dig, nonEmpty, obj, objs, str, type JsonObject } from '../util/json.js';
import type { EventRecord, PodInput, Snapshot } from '../model/input.js';

/** kubectl's names for each kind: singular, plural, short name, and with the API group. */
const TYPE_NAMES: Record<string, WorkloadKind> = {};
for (const [kind, names, group] of [
  ['Deployment', ['deployment', 'deployments', 'deploy'], 'apps'],
  ['ReplicaSet', ['replicaset', 'replicasets', 'rs'], 'apps'],
  ['StatefulSet', ['statefulset', 'statefulsets', 'sts'], 'apps'],
  ['DaemonSet', ['daemonset', 'daemonsets', 'ds'], 'apps'],
  ['Job', ['job', 'jobs'], 'batch'],
  ['CronJob', ['cronjob', 'cronjobs', 'cj'], 'batch'],
] as const) {
  for (const n of names) {
    TYPE_NAMES[n] = kind;
    TYPE_NAMES[`${n}.${group}`] = kind;
  }
}

export interface WorkloadTarget {
  kind: WorkloadKind;
  name: string;
}

/** The workload kind a kubectl resource type names (deploy, deployments.apps, cj…), if any. */
export function workloadKind(type: string): WorkloadKind | undefined {
  return TYPE_NAMES[type.toLowerCase()];
}

/**
 * The workload the arguments name: `TYPE/NAME`, or `TYPE NAME` (two arguments). Undefined when
 * they name a pod (NAME, pod/NAME). A type podwhy does not read is a usage error.
 */
export function parseWorkloadTarget(first: string | undefined, second: string | undefined): WorkloadTarget | undefined {
  if (first === undefined) return undefined;
  const slash = first.indexOf('/');
  if (second !== undefined) {
    const kind = workloadKind(first);
    if (slash >= 0 || !kind) {
      if (/^(?:pods?|po)$/i.test(first)) throw new UsageError(`give the pod as NAME or pod/NAME, not "${first} ${second}" — e.g. podwhy pod/${second}`);
      throw new UsageError(`"${first} ${second}": expected TYPE NAME with TYPE one of ${Object.keys(TYPE_NAMES).filter((k) => !k.includes('.')).join(', ')} — or a pod name alone`);
    }
    if (second === '' || second.includes('/')) throw new UsageError(`"${second}" is not a ${kind} name`);
    return { kind, name: second };
  }
  if (slash < 0) return undefined;
  const type = first.slice(0, slash);
  const name = first.slice(slash + 1);
  if (/^(?:pods?|po)$/i.test(type)) return undefined;
  const kind = workloadKind(type);
  if (!kind) {
    throw new UsageError(`"${type}" is not a kind podwhy diagnoses — use pod/NAME, or one of deploy, rs, sts, ds, job, cronjob (kubectl's names)`);
  }
  if (name === '' || name.includes('/')) throw new UsageError(`"${first}" is not TYPE/NAME — e.g. ${type}/web`);
  return { kind, name };
}

const nameOf = (o: unknown) => str(dig(o, 'metadata', 'name')) ?? '';
const nsOf = (o: unknown) => nonEmpty(dig(o, 'metadata', 'namespace')) ?? 'default';
const uidOf = (o: unknown) => nonEmpty(dig(o, 'metadata', 'uid'));

/** Whether `child` names `owner` as its controller (by uid when both have one, else by kind and name). */
export function ownedBy(child: unknown, owner: JsonObject, kind: string): boolean {
  const refs = objs(dig(child, 'metadata', 'ownerReferences'));
  const uid = uidOf(owner);
  return refs.some((r) => (uid !== undefined && r['uid'] === uid) || ((r['uid'] === undefined || uid === undefined) && r['kind'] === kind && r['name'] === nameOf(owner)));
}

/** A label selector (matchLabels and matchExpressions) as a predicate over labels. */
export function selectorMatcher(selector: unknown): ((labels: Record<string, unknown>) => boolean) | undefined {
  const sel = obj(selector);
  if (!sel) return undefined;
  const ml = obj(sel['matchLabels']) ?? {};
  const exprs = objs(sel['matchExpressions']);
  if (Object.keys(ml).length === 0 && exprs.length === 0) return undefined;
  return (labels) => {
    for (const [k, v] of Object.entries(ml)) if (labels[k] !== v) return false;
    for (const e of exprs) {
      const key = str(e['key']) ?? '';
      const values = Array.isArray(e['values']) ? (e['values'] as unknown[]) : [];
      const has = Object.hasOwn(labels, key);
      switch (str(e['operator'])) {
        case 'In':
          if (!has || !values.includes(labels[key])) return false;
          break;
        case 'NotIn':
          if (has && values.includes(labels[key])) return false;
          break;
        case 'Exists':
          if (!has) return false;
          break;
        case 'DoesNotExist':
          if (has) return false;
          break;
        default:
          return false;
      }
    }
    return true;
  };
}

/** The kind of the objects a workload's pods belong to directly: a Deployment's pods belong to its ReplicaSets. */
export function childKind(kind: WorkloadKind): 'ReplicaSet' | 'Job' | undefined {
  return kind === 'Deployment' ? 'ReplicaSet' : kind === 'CronJob' ? 'Job' : undefined;
}

/** The children (ReplicaSets, Jobs) and pods of a workload, among objects and pods read. */
export function membersOf(kind: WorkloadKind, object: JsonObject, objects: JsonObject[], pods: PodInput[]): { children: JsonObject[]; pods: PodInput[] } {
  const ns = nsOf(object);
  const ck = childKind(kind);
  const select = selectorMatcher(dig(object, 'spec', 'selector'));
  const labelsOf = (o: unknown) => (obj(dig(o, 'metadata', 'labels')) ?? {}) as Record<string, unknown>;
  const hasOwners = (o: unknown) => objs(dig(o, 'metadata', 'ownerReferences')).length > 0;
  const children = ck
    ? objs(objects).filter((o) => str(o['kind']) === ck && nsOf(o) === ns && (ownedBy(o, object, kind) || (!hasOwners(o) && kind === 'Deployment' && select?.(labelsOf(o)) === true)))
    : [];
  const owners = ck ? children.map((c) => ({ o: c, kind: ck as string })) : [{ o: object, kind: kind as string }];
  const mine = pods.filter((p) => {
    if (nsOf(p.pod) !== ns) return false;
    if (owners.some((x) => ownedBy(p.pod, x.o, x.kind))) return true;
    // a trimmed pod without ownerReferences: the workload's selector decides
    return !hasOwners(p.pod) && ck === undefined && select?.(labelsOf(p.pod)) === true;
  });
  return { children, pods: mine };
}

/** Events about the workload or one of its children. */
export function eventsOf(kind: WorkloadKind, object: JsonObject, children: JsonObject[], events: EventRecord[]): EventRecord[] {
  const ns = nsOf(object);
  const subjects = [{ kind: kind as string, o: object }, ...children.map((c) => ({ kind: str(c['kind']) ?? childKind(kind) ?? '', o: c }))];
  return events.filter((e) =>
    subjects.some(
      (s) =>
        e.involved.kind === s.kind &&
        e.involved.name === nameOf(s.o) &&
        (e.involved.namespace === undefined || e.involved.namespace === ns) &&
        (e.involved.uid === undefined || uidOf(s.o) === undefined || e.involved.uid === uidOf(s.o)),
    ),
  );
}

/** The LimitRanger admission's refusal (plugin/pkg/admission/limitranger: a min or max constraint, a limit/request ratio). */
export const LIMIT_RANGE_REFUSAL = /(?:minimum|maximum) \S+ usage per \S+ is |max limit to request ratio per /;

/**
 * Whether a controller's events or the conditions of the workload and its children carry the
 * LimitRanger's refusal: then the namespace's LimitRanges are worth reading (the message gives
 * the figure, not the LimitRange's name).
 */
export function refusedByLimitRange(events: readonly EventRecord[], objects: readonly JsonObject[]): boolean {
  return events.some((e) => LIMIT_RANGE_REFUSAL.test(e.message ?? '')) || objects.some((o) => LIMIT_RANGE_REFUSAL.test(JSON.stringify(dig(o, 'status', 'conditions') ?? [])));
}

/** Warnings of an input read for a workload, less the "skipped Deployment …" ones: those objects are what it reads. */
export function workloadWarnings(warnings: string[]): string[] {
  return warnings.filter((w) => !/: skipped (?:Deployment|ReplicaSet|StatefulSet|DaemonSet|Job|CronJob|ResourceQuota|LimitRange|Node)\b/.test(w));
}

/** Offline: the workload a target names, with everything the input holds about it. */
export function workloadFromSnapshot(snapshot: Snapshot, target: WorkloadTarget, namespace: string | undefined): WorkloadInput {
  const objects = snapshot.objects ?? [];
  const candidates = objects.filter((o) => str(o['kind']) === target.kind && nameOf(o) === target.name && (namespace === undefined || nsOf(o) === namespace));
  if (candidates.length === 0) {
    const same = objects.filter((o) => str(o['kind']) === target.kind).map((o) => `${nsOf(o)}/${nameOf(o)}`);
    const hint = same.length > 0 ? ` (the input has ${same.slice(0, 5).join(', ')}${same.length > 5 ? ', …' : ''})` : ` (the input has no ${target.kind})`;
    throw new InputError(`${target.kind} "${target.name}" not found in the input${hint} — pass it with -f, e.g. kubectl get ${target.kind.toLowerCase()},${childKind(target.kind)?.toLowerCase() ?? 'pod'},pods,events -o yaml`);
  }
  if (candidates.length > 1) throw new InputError(`${candidates.length} objects ${target.kind} "${target.name}" in the input, in namespaces ${candidates.map(nsOf).join(', ')} — choose one with -n`);
  const object = candidates[0] as JsonObject;
  const { children, pods } = membersOf(target.kind, object, objects, snapshot.pods);
  const ns = nsOf(object);
  const input: WorkloadInput = {
    kind: target.kind,
    object,
    children,
    pods,
    events: eventsOf(target.kind, object, children, snapshot.orphanEvents),
    quotas: objects.filter((o) => str(o['kind']) === 'ResourceQuota' && nsOf(o) === ns),
    limitRanges: objects.filter((o) => str(o['kind']) === 'LimitRange' && nsOf(o) === ns),
  };
  if (snapshot.nodes && snapshot.nodes.length > 0) input.nodes = snapshot.nodes;
  const header = snapshot.fixtures[0]?.header;
  const captured = header?.now !== undefined ? Date.parse(header.now) : NaN;
  if (!Number.isNaN(captured)) input.capturedAt = captured;
  return input;
}

export { WORKLOAD_KINDS };
