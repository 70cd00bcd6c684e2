// The rule-visible model of a workload (`workload.*`, described in src/facts/workload-catalog.ts):
// a Deployment, ReplicaSet, StatefulSet, DaemonSet, Job or CronJob, its ReplicaSets or Jobs, the
// controllers' events, and a summary of its pods' diagnoses. Built from raw objects; every field
// may be absent.

import type { EventRecord, WorkloadInput, WorkloadKind } from '../model/input.js';
import { arr, dig, isObject, nonEmpty, obj, objs, str, time, type JsonObject } from '../util/json.js';
import { parseFailedCreate, parsePodFailurePolicy, type FailedCreate, type FailedCreateFacts } from './extractors/controller.js';
import { parseQuantity } from './extractors/quantity.js';
import { msg } from './values.js';

/** What the pods' diagnoses say, as the workload facts need it (src/engine/workload.ts fills it). */
export interface PodSummary {
  total: number;
  ready: number;
  unhealthy: number;
  rootCause?: string;
  /** Its title: words the edge writes (engine/types.ts TitleOf), so not a string here. */
  rootCauseTitle?: unknown;
  rootCauseCount?: number;
  rootCauseStatus?: string;
  names?: string[];
  /** kubectl STATUS and root-cause title (as rootCauseTitle) by pod name (StatefulSet ordinals). */
  byName: Map<string, { ready: boolean; status: string; cause?: unknown }>;
}

const KIND_TYPE: Record<WorkloadKind, string> = {
  Deployment: 'deployment',
  ReplicaSet: 'replicaset',
  StatefulSet: 'statefulset',
  DaemonSet: 'daemonset',
  Job: 'job',
  CronJob: 'cronjob',
};

export function workloadRef(kind: WorkloadKind, name: string): string {
  return `${KIND_TYPE[kind]}/${name}`;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const secondsSince = (t: unknown, now: number): number | undefined => {
  const ms = time(t);
  return ms === undefined ? undefined : Math.max(0, Math.round((now - ms) / 1000));
};

function conditionsOf(o: JsonObject, now: number): Record<string, JsonObject> {
  const out: Record<string, JsonObject> = {};
  for (const c of objs(dig(o, 'status', 'conditions'))) {
    const type = nonEmpty(c['type']);
    if (!type) continue;
    const f: JsonObject = {};
    for (const k of ['status', 'reason'] as const) {
      const v = str(c[k]);
      if (v !== undefined) f[k] = v;
    }
    const m = msg(c['message']);
    if (m !== undefined) f['message'] = m;
    const since = secondsSince(c['lastTransitionTime'] ?? c['lastUpdateTime'], now);
    if (since !== undefined) f['secondsSince'] = since;
    out[type] = f;
  }
  return out;
}

function nameOf(o: unknown): string {
  return str(dig(o, 'metadata', 'name')) ?? '';
}

/** Taints a pod template does not tolerate, of the effects that keep a DaemonSet pod off a node. */
function untolerated(node: JsonObject, tolerations: JsonObject[]): string[] {
  const out: string[] = [];
  for (const t of objs(dig(node, 'spec', 'taints'))) {
    const effect = str(t['effect']);
    if (effect !== 'NoSchedule' && effect !== 'NoExecute') continue;
    const key = str(t['key']) ?? '';
    const value = str(t['value']);
    const ok = tolerations.some((tol) => {
      const te = str(tol['effect']);
      if (te !== undefined && te !== '' && te !== effect) return false;
      const tk = str(tol['key']);
      const op = str(tol['operator']) ?? 'Equal';
      if (tk === undefined || tk === '') return op === 'Exists';
      if (tk !== key) return false;
      return op === 'Exists' || (str(tol['value']) ?? '') === (value ?? '');
    });
    if (!ok) out.push(`${key}${value !== undefined && value !== '' ? `=${value}` : ''}:${effect}`);
  }
  return out;
}

/** The node a DaemonSet pod is for, from the node affinity the controller sets (metadata.name In [node]). */
function daemonNode(pod: JsonObject): string | undefined {
  const terms = objs(dig(pod, 'spec', 'affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', 'nodeSelectorTerms'));
  for (const t of terms) for (const f of objs(t['matchFields'])) if (f['key'] === 'metadata.name' && Array.isArray(f['values'])) return nonEmpty(f['values'][0]);
  return undefined;
}

/** The DaemonSet controller adds tolerations of its own to every pod it creates (daemonset/util). */
const DAEMON_TOLERATIONS: JsonObject[] = [
  'node.kubernetes.io/not-ready',
  'node.kubernetes.io/unreachable',
  'node.kubernetes.io/disk-pressure',
  'node.kubernetes.io/memory-pressure',
  'node.kubernetes.io/pid-pressure',
  'node.kubernetes.io/unschedulable',
].map((key) => ({ key, operator: 'Exists' }));

/** JSON with object keys sorted: two templates compare equal whatever order their fields came in. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** Two pod templates equal but for the pod-template-hash label the Deployment controller adds to its ReplicaSets'. */
export function equalIgnoreHash(a: JsonObject | undefined, b: JsonObject | undefined): boolean {
  if (!a || !b) return false;
  const strip = (t: JsonObject): JsonObject => {
    const labels = obj(dig(t, 'metadata', 'labels'));
    if (!labels || !('pod-template-hash' in labels)) return t;
    const { 'pod-template-hash': _hash, ...rest } = labels;
    return { ...t, metadata: { ...(obj(t['metadata']) ?? {}), labels: rest } };
  };
  return canonical(strip(a)) === canonical(strip(b));
}

const pairsOf = (m: unknown) => (isObject(m) ? Object.entries(m).map(([k, v]) => `${k}=${String(v)}`).join(', ') : undefined);

/** "limits: Container max cpu=1, memory=1Gi; default cpu=500m": a LimitRange as evidence shows it. */
function describeLimitRange(lr: JsonObject): string {
  const items = objs(dig(lr, 'spec', 'limits')).map((l) => {
    const parts = (['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio'] as const).map((k) => (isObject(l[k]) ? `${k} ${pairsOf(l[k]) ?? ''}` : undefined)).filter((x) => x !== undefined);
    return `${str(l['type']) ?? '?'}${parts.length > 0 ? ` ${parts.join(' ')}` : ''}`;
  });
  return `${nameOf(lr)}: ${items.join('; ')}`;
}

const sameQuantity = (a: unknown, b: string): boolean => {
  const s = typeof a === 'number' ? String(a) : str(a);
  if (s === undefined) return false;
  if (s === b) return true;
  const x = parseQuantity(s);
  const y = parseQuantity(b);
  return x !== undefined && y !== undefined && Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x));
};

/** The LimitRange whose item of that type sets that figure for that resource (the admission does not name it). */
function limitRangeHolding(ranges: JsonObject[], f: FailedCreate): string | undefined {
  const field = f.limitBound;
  if (field === undefined) return undefined;
  if (f.limitResource === undefined || f.limitAllowed === undefined) return undefined;
  const hit = ranges.find((lr) => objs(dig(lr, 'spec', 'limits')).some((l) => (f.limitType === undefined || str(l['type']) === f.limitType) && sameQuantity(obj(l[field])?.[f.limitResource as string], f.limitAllowed as string)));
  return hit ? nameOf(hit) : undefined;
}

/**
 * Why a workload has no pod, when it has none and the input says why: scaled-to-zero (spec.replicas
 * 0, or a DaemonSet no node is meant to run), suspended, job-finished (Complete or Failed: its pods
 * were deleted afterwards, by hand or by ttlSecondsAfterFinished), job-pods-deleted (the Job ran
 * pods and is not finished: the ones it had were deleted, and the controller creates replacements
 * while it may), not-scheduled (a CronJob between runs), none-created (the controller should have
 * made pods and has not). Absent when it has pods or when its pods could not be read.
 */
function podsAbsent(w: JsonObject, input: WorkloadInput, total: number): string | undefined {
  if (total > 0) return undefined;
  if ((input.unreadable ?? []).some((n) => /^pods\b/.test(n))) return undefined;
  const kind = input.kind;
  const desired = typeof w['desired'] === 'number' ? w['desired'] : undefined;
  if (kind === 'CronJob') return w['suspended'] === true ? 'suspended' : 'not-scheduled';
  if (kind === 'Job') {
    const conds = (w['conditions'] ?? {}) as Record<string, JsonObject>;
    if (conds['Complete']?.['status'] === 'True' || conds['Failed']?.['status'] === 'True') return 'job-finished';
    if (w['suspended'] === true) return 'suspended';
    const j = (w['job'] ?? {}) as JsonObject;
    const ran = ['active', 'succeeded', 'failed'].some((k) => typeof j[k] === 'number' && (j[k] as number) > 0) || ['succeeded', 'failed'].some((k) => arr(dig(input.object, 'status', 'uncountedTerminatedPods', k)).length > 0);
    return ran ? 'job-pods-deleted' : 'none-created';
  }
  if (desired === 0) return 'scaled-to-zero';
  return 'none-created';
}

export function normalizeWorkload(input: WorkloadInput, now: number, pods: PodSummary): JsonObject {
  const o = input.object;
  const spec = obj(o['spec']) ?? {};
  const status = obj(o['status']) ?? {};
  const kind = input.kind;
  const w: JsonObject = {
    kind,
    name: nameOf(o),
    namespace: str(dig(o, 'metadata', 'namespace')) ?? 'default',
    ref: workloadRef(kind, nameOf(o)),
  };
  const set = (k: string, v: unknown) => {
    if (v !== undefined) w[k] = v;
  };
  set('generation', num(dig(o, 'metadata', 'generation')));
  set('observedGeneration', num(status['observedGeneration']));
  set('ageSeconds', secondsSince(dig(o, 'metadata', 'creationTimestamp'), now));
  countFacts(w, kind, spec, status);

  // conditions: the workload's own; a Deployment's new ReplicaSet's ReplicaFailure too
  const conditions = conditionsOf(o, now);
  // events, newest first
  const events = [...input.events].sort((a, b) => (b.last ?? 0) - (a.last ?? 0));
  w['events'] = events.map((e) => eventFacts(e, now));
  if (kind === 'Deployment') w['rollout'] = rolloutFacts(input, spec, conditions, now);
  w['conditions'] = conditions;
  set('failedCreate', failedCreateFacts(input, w, events, conditions, now));
  if (kind === 'Job') w['job'] = jobFacts(spec, status, conditions, now);
  if (kind === 'CronJob') w['cron'] = cronFacts(input, spec, status, events, now);
  if (kind === 'StatefulSet') w['ordinal'] = ordinalFacts(spec, nameOf(o), (w['desired'] as number | undefined) ?? 1, pods);
  if (kind === 'DaemonSet') w['daemon'] = daemonFacts(input, spec, status, pods);

  set('podsAbsent', podsAbsent(w, input, pods.total));
  w['pods'] = podsFacts(pods);
  if (input.unreadable && input.unreadable.length > 0) w['unreadable'] = input.unreadable;
  return w;
}

/** How many pods the controller wants, has, has ready, updated and available, as its kind counts them. */
function countFacts(w: JsonObject, kind: WorkloadKind, spec: JsonObject, status: JsonObject): void {
  const set = (k: string, v: number) => {
    w[k] = v;
  };
  if (kind === 'Deployment' || kind === 'ReplicaSet' || kind === 'StatefulSet') {
    set('desired', num(spec['replicas']) ?? 1);
    set('current', num(status['replicas']) ?? 0);
    set('ready', num(status['readyReplicas']) ?? 0);
    if (kind !== 'ReplicaSet') set('updated', num(status['updatedReplicas']) ?? 0);
    set('available', num(status['availableReplicas']) ?? 0);
  } else if (kind === 'DaemonSet') {
    set('desired', num(status['desiredNumberScheduled']) ?? 0);
    set('current', num(status['currentNumberScheduled']) ?? 0);
    set('ready', num(status['numberReady']) ?? 0);
    set('updated', num(status['updatedNumberScheduled']) ?? 0);
    set('available', num(status['numberAvailable']) ?? 0);
  } else if (kind === 'Job') {
    set('desired', num(spec['completions']) ?? num(spec['parallelism']) ?? 1);
    set('current', num(status['active']) ?? 0);
    set('ready', num(status['ready']) ?? 0);
  }
  if (typeof w['desired'] === 'number' && typeof w['available'] === 'number') w['unavailable'] = Math.max(0, w['desired'] - w['available']);
  if (spec['paused'] === true) w['paused'] = true;
  if (spec['suspend'] === true) w['suspended'] = true;
}

/** One event of the workload or its children. */
function eventFacts(e: EventRecord, now: number): JsonObject {
  const f: JsonObject = { count: e.count };
  if (e.type) f['type'] = e.type;
  if (e.reason) f['reason'] = e.reason;
  if (e.message !== undefined) f['message'] = e.message;
  if (e.involved.kind && e.involved.name) f['object'] = `${e.involved.kind}/${e.involved.name}`;
  if (e.source) f['source'] = e.source;
  const ago = e.last !== undefined ? Math.max(0, Math.round((now - e.last) / 1000)) : undefined;
  if (ago !== undefined) f['lastSeenSecondsAgo'] = ago;
  return f;
}

const rsRev = (rs: JsonObject) => str(dig(rs, 'metadata', 'annotations', 'deployment.kubernetes.io/revision'));

/**
 * A Deployment's rollout: its revision, its newest and its new ReplicaSet, the old ones still
 * holding pods. The new ReplicaSet is the one whose template equals the Deployment's, ignoring the
 * pod-template-hash label (the controller's FindNewReplicaSet / EqualIgnoreHash). When the
 * templates are in the input and none matches, there is no new ReplicaSet: a paused Deployment's
 * controller creates none for a changed template. Without the templates (a trimmed input), the
 * revision annotation is all there is. The new ReplicaSet's ReplicaFailure joins `conditions`.
 */
function rolloutFacts(input: WorkloadInput, spec: JsonObject, conditions: Record<string, JsonObject>, now: number): JsonObject {
  const revision = rsRev(input.object);
  const sorted = [...input.children].sort((a, b) => Number(rsRev(b) ?? 0) - Number(rsRev(a) ?? 0));
  const template = obj(spec['template']);
  const templatesKnown = template !== undefined && sorted.length > 0 && sorted.every((rs) => obj(dig(rs, 'spec', 'template')) !== undefined);
  const byAge = [...sorted].sort((a, b) => (time(dig(a, 'metadata', 'creationTimestamp')) ?? 0) - (time(dig(b, 'metadata', 'creationTimestamp')) ?? 0));
  const newRs = templatesKnown
    ? byAge.find((rs) => equalIgnoreHash(template, obj(dig(rs, 'spec', 'template'))))
    : ((revision !== undefined ? sorted.find((rs) => rsRev(rs) === revision) : undefined) ?? sorted[0]);
  const rollout: JsonObject = {};
  if (revision !== undefined) rollout['revision'] = revision;
  if (templatesKnown) rollout['pendingTemplate'] = newRs === undefined;
  if (sorted[0]) {
    rollout['latestReplicaSet'] = nameOf(sorted[0]);
    const r = rsRev(sorted[0]);
    if (r !== undefined) rollout['latestRevision'] = r;
  }
  if (newRs) {
    rollout['newReplicaSet'] = nameOf(newRs);
    rollout['newReplicas'] = num(dig(newRs, 'status', 'replicas')) ?? 0;
    rollout['newReady'] = num(dig(newRs, 'status', 'readyReplicas')) ?? 0;
    const failure = conditionsOf(newRs, now)['ReplicaFailure'];
    if (failure && !conditions['ReplicaFailure']) conditions['ReplicaFailure'] = failure;
  }
  const old = sorted.filter((rs) => rs !== newRs && ((num(dig(rs, 'status', 'replicas')) ?? 0) > 0 || (num(dig(rs, 'spec', 'replicas')) ?? 0) > 0));
  rollout['oldReplicaSets'] = old.map(nameOf);
  rollout['oldReplicas'] = old.reduce((s, rs) => s + (num(dig(rs, 'status', 'replicas')) ?? 0), 0);
  rollout['progressDeadlineSeconds'] = num(spec['progressDeadlineSeconds']) ?? 600;
  const strategy = str(dig(spec, 'strategy', 'type'));
  if (strategy !== undefined) rollout['strategy'] = strategy;
  return rollout;
}

/**
 * Why pods (or claims, or Jobs) could not be created: the newest FailedCreate event, else a
 * ReplicaFailure condition, parsed; with the quota and the LimitRanges it names when they were read.
 */
function failedCreateFacts(input: WorkloadInput, w: JsonObject, events: EventRecord[], conditions: Record<string, JsonObject>, now: number): FailedCreateFacts | undefined {
  const failures = events.filter((e) => e.reason === 'FailedCreate' && e.message !== undefined);
  const fromCondition = conditions['ReplicaFailure'];
  const newest = failures[0];
  const failedMessage = newest?.message ?? (fromCondition?.['reason'] === 'FailedCreate' && fromCondition['status'] === 'True' ? msg(fromCondition['message']) : undefined);
  if (failedMessage === undefined) return undefined;
  const parsed = parseFailedCreate(failedMessage);
  const fc: FailedCreateFacts = { ...parsed };
  const newRs = dig(w, 'rollout', 'newReplicaSet');
  if (newest?.involved.kind && newest.involved.name) fc.object = `${newest.involved.kind}/${newest.involved.name}`;
  else if (input.kind === 'Deployment' && typeof newRs === 'string') fc.object = `ReplicaSet/${newRs}`;
  else fc.object = `${input.kind}/${nameOf(input.object)}`;
  fc.count = failures.reduce((s, e) => s + e.count, 0) || 1;
  if (newest?.last !== undefined) fc.lastSeenSecondsAgo = Math.max(0, Math.round((now - newest.last) / 1000));
  const q = parsed.quota !== undefined ? input.quotas?.find((x) => nameOf(x) === parsed.quota) : undefined;
  if (q) {
    const hard = pairsOf(dig(q, 'status', 'hard') ?? dig(q, 'spec', 'hard'));
    const used = pairsOf(dig(q, 'status', 'used'));
    if (hard) fc.quotaHard = hard;
    if (used) fc.quotaUsed = used;
  }
  if (input.limitRanges && (parsed.quota !== undefined || parsed.kind === 'limit-range')) {
    fc.limitRanges = input.limitRanges.map(describeLimitRange);
    if (parsed.kind === 'limit-range') {
      const holder = limitRangeHolding(input.limitRanges, parsed);
      if (holder !== undefined) fc.limitRange = holder;
    }
  }
  return fc;
}

/** A Job's counts and limits, how long it ran, and why it failed (its pod failure policy's rule, parsed). */
function jobFacts(spec: JsonObject, status: JsonObject, conditions: Record<string, JsonObject>, now: number): JsonObject {
  const job: JsonObject = {};
  const put = (k: string, v: unknown) => {
    if (v !== undefined) job[k] = v;
  };
  put('active', num(status['active']) ?? 0);
  put('succeeded', num(status['succeeded']) ?? 0);
  put('failed', num(status['failed']) ?? 0);
  put('completions', num(spec['completions']));
  put('parallelism', num(spec['parallelism']));
  put('backoffLimit', num(spec['backoffLimit']) ?? 6);
  put('activeDeadlineSeconds', num(spec['activeDeadlineSeconds']));
  const failed = conditions['Failed']?.['status'] === 'True' ? conditions['Failed'] : conditions['FailureTarget']?.['status'] === 'True' ? conditions['FailureTarget'] : undefined;
  const start = time(status['startTime']);
  if (start !== undefined) {
    const end = time(objs(status['conditions']).find((c) => c['type'] === 'Failed')?.['lastTransitionTime']) ?? now;
    put('ranSeconds', Math.max(0, Math.round((end - start) / 1000)));
  }
  if (failed) {
    put('failedReason', str(failed['reason']));
    put('failedMessage', msg(failed['message']));
    const pm = parsePodFailurePolicy(str(failed['message']) ?? '');
    if (pm) {
      put('policyContainer', pm.container);
      put('policyPod', pm.pod);
      put('policyExitCode', pm.exitCode);
      put('policyRule', pm.rule);
    }
  }
  return job;
}

/** A CronJob's schedule and policy, its active Jobs, and what its events say of missed or forbidden runs. */
function cronFacts(input: WorkloadInput, spec: JsonObject, status: JsonObject, events: EventRecord[], now: number): JsonObject {
  const cron: JsonObject = {};
  const put = (k: string, v: unknown) => {
    if (v !== undefined) cron[k] = v;
  };
  put('schedule', str(spec['schedule']));
  put('timeZone', str(spec['timeZone']));
  put('concurrencyPolicy', str(spec['concurrencyPolicy']) ?? 'Allow');
  put('startingDeadlineSeconds', num(spec['startingDeadlineSeconds']));
  const active = objs(status['active']).map((r) => str(r['name'])).filter((x): x is string => x !== undefined);
  put('active', active);
  put('lastScheduleSecondsAgo', secondsSince(status['lastScheduleTime'], now));
  put('lastSuccessfulSecondsAgo', secondsSince(status['lastSuccessfulTime'], now));
  const missed = events.filter((e) => e.reason === 'MissSchedule');
  if (missed[0]?.message) put('missedAt', missed[0].message.replace(/^Missed scheduled time to start a job:\s*/, ''));
  if (missed.length > 0) put('missedCount', missed.reduce((s, e) => s + e.count, 0));
  if (events.some((e) => e.reason === 'TooManyMissedTimes')) put('tooManyMissed', true);
  const forbidden = events.filter((e) => e.reason === 'JobAlreadyActive');
  if (forbidden.length > 0) put('forbiddenCount', forbidden.reduce((s, e) => s + e.count, 0));
  const starts = input.children.filter((j) => active.includes(nameOf(j))).map((j) => time(dig(j, 'status', 'startTime'))).filter((t): t is number => t !== undefined);
  if (starts.length > 0) put('oldestActiveSeconds', Math.max(0, Math.round((now - Math.min(...starts)) / 1000)));
  return cron;
}

/** A StatefulSet's ordinals: the pods missing, and (OrderedReady) the one not ready that holds the next back. */
function ordinalFacts(spec: JsonObject, name: string, desired: number, pods: PodSummary): JsonObject {
  const ord: JsonObject = {};
  const policy = str(spec['podManagementPolicy']) ?? 'OrderedReady';
  ord['policy'] = policy;
  ord['claimTemplates'] = objs(spec['volumeClaimTemplates']).map(nameOf).filter((x) => x !== '');
  const missing: string[] = [];
  let blocked: string | undefined;
  for (let i = 0; i < desired; i++) {
    const podName = `${name}-${i}`;
    const p = pods.byName.get(podName);
    if (!p) missing.push(podName);
    else if (!p.ready && blocked === undefined && missing.length === 0) blocked = podName;
  }
  ord['missing'] = missing;
  if (blocked !== undefined && missing.length > 0) {
    ord['blockedBy'] = blocked;
    const p = pods.byName.get(blocked);
    if (p?.status) ord['blockedStatus'] = p.status;
    if (p?.cause) ord['blockedCause'] = p.cause;
  }
  return ord;
}

/** A DaemonSet's pods not running (with their nodes), and the nodes it skips for taints its pods do not tolerate. */
function daemonFacts(input: WorkloadInput, spec: JsonObject, status: JsonObject, pods: PodSummary): JsonObject {
  const d: JsonObject = {};
  d['misscheduled'] = num(status['numberMisscheduled']) ?? 0;
  d['notRunning'] = input.pods
    .filter((p) => !pods.byName.get(nameOf(p.pod))?.ready)
    .map((p) => `${nameOf(p.pod)}@${str(dig(p.pod, 'spec', 'nodeName')) ?? daemonNode(p.pod) ?? '?'}`);
  if (input.nodes && input.nodes.length > 0) {
    d['nodes'] = input.nodes.length;
    const withPod = new Set(input.pods.map((p) => str(dig(p.pod, 'spec', 'nodeName'))).filter((x) => x !== undefined));
    const tolerations = [...objs(dig(spec, 'template', 'spec', 'tolerations')), ...DAEMON_TOLERATIONS];
    d['skippedNodes'] = input.nodes
      .filter((n) => !withPod.has(nameOf(n)))
      .map((n) => ({ n: nameOf(n), t: untolerated(n, tolerations) }))
      .filter((x) => x.t.length > 0)
      .map((x) => `${x.n} (${x.t.join(', ')})`);
  }
  return d;
}

/** What the pods' diagnoses say: how many, how many ready or unhealthy, and their common root cause. */
function podsFacts(pods: PodSummary): JsonObject {
  const pw: JsonObject = { total: pods.total, ready: pods.ready, unhealthy: pods.unhealthy };
  if (pods.rootCause !== undefined) {
    pw['rootCause'] = pods.rootCause;
    if (pods.rootCauseTitle !== undefined) pw['rootCauseTitle'] = pods.rootCauseTitle;
    if (pods.rootCauseCount !== undefined) pw['rootCauseCount'] = pods.rootCauseCount;
    if (pods.rootCauseStatus !== undefined) pw['rootCauseStatus'] = pods.rootCauseStatus;
    if (pods.names) pw['names'] = pods.names;
  }
  return pw;
}
