// podwhy deploy/web -w: follow a rollout until it completes or fails, narrating each step. Three
// reflectors (src/sources/live/watch.ts): one on the workload object (by metadata.name), one on its
// pods (by the workload's selector; a CronJob has none, so its pods are not followed), and one on
// the namespace's events (the same one list a one-shot run reads, then a watch; kept to the events
// of the workload, its ReplicaSets or Jobs, and its pods, client-side: a field selector cannot say
// "this object or its children").
// A step is a new line of the workload's state (what `kubectl rollout status` waits on: updated,
// ready and available replicas, the Progressing condition), a new STATUS/READY of one of its pods,
// with the pod's one-line explanation (its events included, as pod watch does), or a Warning event
// of the workload or its children (FailedCreate: what no pod's status can show). The caller prints
// the final diagnosis.

import { connect } from './connect.js';
import type { ClusterTarget } from './live.js';
import { ClusterError, InputError } from '../../model/errors.js';
import type { EventRecord, PodInput } from '../../model/input.js';
import { toEventRecord } from '../events.js';
import type { WorkloadKind } from '../../model/input.js';
import type { WorkloadTarget } from '../workloads.js';
import { dig, obj, objs, str, type JsonObject } from '../../util/json.js';
import { ApiError } from './client.js';
import { Reflector, type PodView } from './watch.js';
import { WORKLOAD_PATHS } from './workload.js';

export type RolloutEnd = 'complete' | 'failed' | 'deleted' | 'interrupted';

/** Where a workload's rollout stands: one line, and whether it is over. */
export interface RolloutState {
  line: string;
  end?: 'complete' | 'failed';
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function condition(o: JsonObject, type: string): JsonObject | undefined {
  return objs(dig(o, 'status', 'conditions')).find((c) => c['type'] === type);
}

/** Whether the controller has seen the latest spec (a rollout judged on an older one is not over). */
function observed(o: JsonObject): boolean {
  return num(dig(o, 'status', 'observedGeneration')) >= num(dig(o, 'metadata', 'generation'));
}

/**
 * The rollout's state as kubectl rollout status judges it (kubectl/pkg/polymorphichelpers/rollout_status.go):
 * a Deployment is done when the controller observed the latest generation and every replica is
 * updated and available with no old one left, and has failed when Progressing is False with
 * ProgressDeadlineExceeded; a StatefulSet when every replica is ready at the update revision; a
 * DaemonSet when every desired pod is updated and available; a Job when Complete or Failed.
 */
export function rolloutState(kind: WorkloadKind, o: JsonObject): RolloutState {
  const st = obj(o['status']) ?? {};
  const replicas = typeof dig(o, 'spec', 'replicas') === 'number' ? num(dig(o, 'spec', 'replicas')) : 1;
  switch (kind) {
    case 'Deployment': {
      const updated = num(st['updatedReplicas']);
      const available = num(st['availableReplicas']);
      const total = num(st['replicas']);
      const p = condition(o, 'Progressing');
      const tail = p ? ` (Progressing=${str(p['status']) ?? '?'}${str(p['reason']) ? ` ${str(p['reason'])}` : ''})` : '';
      const line = `${num(st['readyReplicas'])}/${replicas} ready · ${updated} up-to-date · ${available} available${total > updated ? ` · ${total - updated} old` : ''}${tail}`;
      if (p?.['status'] === 'False' && p['reason'] === 'ProgressDeadlineExceeded') return { line, end: 'failed' };
      if (observed(o) && updated >= replicas && total <= updated && available >= updated) return { line, end: 'complete' };
      return { line };
    }
    case 'ReplicaSet': {
      const line = `${num(st['readyReplicas'])}/${replicas} ready · ${num(st['availableReplicas'])} available`;
      return observed(o) && num(st['readyReplicas']) >= replicas && num(st['availableReplicas']) >= replicas ? { line, end: 'complete' } : { line };
    }
    case 'StatefulSet': {
      const ready = num(st['readyReplicas']);
      const updated = num(st['updatedReplicas']);
      const line = `${ready}/${replicas} ready · ${updated} updated`;
      const atRevision = str(st['updateRevision']) === undefined || str(st['updateRevision']) === str(st['currentRevision']) || updated >= replicas;
      return observed(o) && ready >= replicas && atRevision ? { line, end: 'complete' } : { line };
    }
    case 'DaemonSet': {
      const desired = num(st['desiredNumberScheduled']);
      const updated = num(st['updatedNumberScheduled']);
      const available = num(st['numberAvailable']);
      const line = `${num(st['numberReady'])}/${desired} ready · ${updated} updated · ${available} available`;
      return observed(o) && updated >= desired && available >= desired ? { line, end: 'complete' } : { line };
    }
    case 'Job': {
      const line = `${num(st['active'])} active · ${num(st['succeeded'])} succeeded · ${num(st['failed'])} failed`;
      if (condition(o, 'Failed')?.['status'] === 'True') return { line: `${line} (Failed: ${str(condition(o, 'Failed')?.['reason']) ?? 'failed'})`, end: 'failed' };
      if (condition(o, 'Complete')?.['status'] === 'True') return { line, end: 'complete' };
      return { line };
    }
    case 'CronJob': {
      const active = objs(st['active']).length;
      return { line: `${active} active job${active === 1 ? '' : 's'} · last scheduled ${str(st['lastScheduleTime']) ?? 'never'}${dig(o, 'spec', 'suspend') === true ? ' · suspended' : ''}` };
    }
  }
}

export type WorkloadStep =
  | { at: number; kind: 'workload'; line: string }
  | { at: number; kind: 'event'; object: string; reason: string; message: string; count: number }
  | { at: number; kind: 'pod'; name: string; change: 'new' | 'change' | 'deleted'; view?: PodView };

export interface WorkloadWatchOptions extends Pick<ClusterTarget, 'namespace' | 'kubeconfig' | 'context' | 'requestTimeout' | 'env'> {
  target: WorkloadTarget;
  interrupt: AbortSignal;
  clock?: () => number;
  /** A pod as the caller's rules see it. */
  view: (input: PodInput, now: number) => PodView;
  onStep: (s: WorkloadStep) => void;
  watchTimeoutSeconds?: number;
}

/** matchLabels and matchExpressions of a label selector as a labelSelector query. */
export function selectorQuery(selector: unknown): string | undefined {
  const s = obj(selector);
  if (!s) return undefined;
  const parts = Object.entries(obj(s['matchLabels']) ?? {}).map(([k, v]) => `${k}=${String(v)}`);
  for (const e of objs(s['matchExpressions'])) {
    const key = str(e['key']);
    const values = (Array.isArray(e['values']) ? e['values'] : []).map(String);
    if (!key) continue;
    const op = str(e['operator']);
    if (op === 'In') parts.push(`${key} in (${values.join(',')})`);
    else if (op === 'NotIn') parts.push(`${key} notin (${values.join(',')})`);
    else if (op === 'Exists') parts.push(key);
    else if (op === 'DoesNotExist') parts.push(`!${key}`);
  }
  return parts.length > 0 ? parts.join(',') : undefined;
}

/** Warning events already there when the watch starts that are shown (the newest), per run. */
export const EARLIER_WARNINGS_SHOWN = 5;

/** The safe alphabet of the pod-template-hash the deployment controller appends (rand.SafeEncodeString). */
const HASH = '[bcdfghjklmnpqrstvwxz2456789]+';
const escapeRe = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether an event's object is the workload or one of its children, by the names the controllers
 * give them: a Deployment's ReplicaSets are NAME-HASH (deployment util: d.Name + "-" + the
 * pod-template-hash), a CronJob's Jobs NAME-MINUTES (cronjob controller getJobName).
 */
export function eventOfWorkload(kind: WorkloadKind, name: string, involved: { kind?: string; name?: string }): boolean {
  if (involved.kind === kind && involved.name === name) return true;
  const n = involved.name ?? '';
  if (kind === 'Deployment' && involved.kind === 'ReplicaSet') return new RegExp(`^${escapeRe(name)}-${HASH}$`).test(n);
  if (kind === 'CronJob' && involved.kind === 'Job') return new RegExp(`^${escapeRe(name)}-\\d+$`).test(n);
  return false;
}

/** Follow the rollout until it completes, fails, the workload is deleted, or the user interrupts. */
export async function watchWorkload(opts: WorkloadWatchOptions): Promise<{ end: RolloutEnd; namespace: string }> {
  const { target: kube, client } = await connect(opts, true);
  const ns = kube.namespace;
  const clock = opts.clock ?? Date.now;
  const stop = new AbortController();
  const onInterrupt = () => stop.abort();
  opts.interrupt.addEventListener('abort', onInterrupt, { once: true });
  const { kind, name } = opts.target;
  const path = WORKLOAD_PATHS[kind].replace('{ns}', encodeURIComponent(ns));
  let end: RolloutEnd = 'interrupted';
  const reflectors: Reflector[] = [];
  try {
    await client.init();
    let object: JsonObject;
    try {
      object = await client.getJSON(`${path}/${encodeURIComponent(name)}`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) throw new InputError(`${kind} "${name}" not found in namespace "${ns}" — check the name, or pass -n for another namespace`);
      if (e instanceof ApiError) throw new ClusterError(`reading ${kind} "${name}" failed: ${e.status} ${e.reason}: ${e.message}`);
      throw e;
    }
    let lastLine: string | undefined;
    let synced = 0;
    const podLast = new Map<string, string>();
    const pods = new Map<string, JsonObject>();
    /** Events by pod name (as pod watch joins them), and the controllers' warnings already shown. */
    const podEvents = new Map<string, Map<string, EventRecord>>();
    const shown = new Map<string, string>();
    let eventsSynced = false;
    const early: { key: string; at: number; step: Extract<WorkloadStep, { kind: 'event' }> }[] = [];
    const finish = (why: RolloutEnd) => {
      end = why;
      stop.abort();
    };
    const onWorkload = (type: 'ADDED' | 'MODIFIED' | 'DELETED', o: JsonObject) => {
      if (type === 'DELETED') return finish('deleted');
      object = o;
      const s = rolloutState(kind, o);
      if (s.line !== lastLine) {
        lastLine = s.line;
        opts.onStep({ at: clock(), kind: 'workload', line: s.line });
      }
      if (s.end) finish(s.end);
    };
    const podName = (o: JsonObject) => str(dig(o, 'metadata', 'name')) ?? '';
    const onPod = (type: 'ADDED' | 'MODIFIED' | 'DELETED', o: JsonObject) => {
      const n = podName(o);
      if (type === 'DELETED') {
        pods.delete(n);
        if (podLast.delete(n) && synced > 0) opts.onStep({ at: clock(), kind: 'pod', name: n, change: 'deleted' });
        return;
      }
      pods.set(n, o);
      evaluatePod(n);
    };
    const evaluatePod = (n: string) => {
      const o = pods.get(n);
      // as pod watch does: a pod's first line waits for the events, so it already knows them
      if (!o || !eventsSynced) return;
      const now = clock();
      const uid = str(dig(o, 'metadata', 'uid'));
      const events = [...(podEvents.get(n)?.values() ?? [])].filter((e) => !e.involved.uid || !uid || e.involved.uid === uid);
      const view = opts.view({ pod: o, events, source: { file: `${kube.context}/${ns}/${n}`, input: `cluster ${kube.context}` } }, now);
      const sig = `${view.status}\u0000${view.ready}`;
      if (podLast.get(n) === sig) return;
      const first = !podLast.has(n);
      podLast.set(n, sig);
      opts.onStep({ at: now, kind: 'pod', name: n, change: first ? 'new' : 'change', view });
    };
    const onEvent = (type: 'ADDED' | 'MODIFIED' | 'DELETED', o: JsonObject) => {
      const rec = toEventRecord(o);
      const key = `${str(dig(o, 'metadata', 'name')) ?? ''}`;
      if (rec.involved.kind === 'Pod' && rec.involved.name !== undefined) {
        const n = rec.involved.name;
        if (type === 'DELETED') podEvents.get(n)?.delete(key);
        else {
          const m = podEvents.get(n) ?? new Map<string, EventRecord>();
          m.set(key, rec);
          podEvents.set(n, m);
        }
        if (pods.has(n)) evaluatePod(n);
        return;
      }
      if (type === 'DELETED' || rec.type !== 'Warning' || !eventOfWorkload(kind, name, rec.involved)) return;
      const message = rec.message ?? '';
      // a repeat of the same warning (its count going up) is not a new step; a new message is
      if (shown.get(key) === message) return;
      shown.set(key, message);
      const step = { at: clock(), kind: 'event' as const, object: `${rec.involved.kind ?? ''}/${rec.involved.name ?? ''}`, reason: rec.reason ?? '', message, count: rec.count };
      if (eventsSynced) opts.onStep(step);
      else early.push({ key, at: rec.last ?? 0, step });
    };
    const secs = opts.watchTimeoutSeconds ?? 300;
    // the workload's line first, then its pods: the first lines say where the rollout stands
    onWorkload('ADDED', object);
    if (stop.signal.aborted) return { end, namespace: ns };
    const wr = new Reflector(client, path, { fieldSelector: `metadata.name=${name}` }, onWorkload, stop.signal, secs, () => synced++);
    reflectors.push(wr);
    const runs = [wr.run()];
    const q = selectorQuery(dig(object, 'spec', 'selector'));
    if (kind !== 'CronJob' && q !== undefined) {
      const pr = new Reflector(client, `/api/v1/namespaces/${encodeURIComponent(ns)}/pods`, { labelSelector: q }, onPod, stop.signal, secs, () => synced++);
      reflectors.push(pr);
      runs.push(
        pr.run().catch((e) => {
          // the pods only add detail to the rollout's own state
          if (!(e instanceof ApiError && e.status === 403)) throw e;
        }),
      );
    }
    // the namespace's events: the warnings of the workload and its children as steps, its pods'
    // events into their explanations; forbidden events only take that detail away
    const er = new Reflector(client, `/api/v1/namespaces/${encodeURIComponent(ns)}/events`, {}, onEvent, stop.signal, secs, () => {
      eventsSynced = true;
      // what was already there: the newest few, oldest first
      for (const e of early.sort((a, b) => a.at - b.at).slice(-EARLIER_WARNINGS_SHOWN)) opts.onStep(e.step);
      early.length = 0;
      for (const n of pods.keys()) evaluatePod(n);
    });
    reflectors.push(er);
    runs.push(
      er.run().catch((e) => {
        if (!(e instanceof ApiError && e.status === 403)) throw e;
        // without events, the pods are still followed
        if (!eventsSynced) {
          eventsSynced = true;
          for (const n of pods.keys()) evaluatePod(n);
        }
      }),
    );
    await Promise.race([Promise.all(runs), new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true }))]);
    stop.abort();
    await Promise.all(runs);
  } catch (e) {
    stop.abort();
    if (e instanceof ApiError) {
      if (e.status === 403) throw new ClusterError(`forbidden to watch ${kind} "${name}" in namespace "${ns}": ${e.message} — ask for RBAC that allows "watch" on it`);
      throw new ClusterError(`watching ${kind} "${name}" failed: ${e.status} ${e.reason}: ${e.message}`);
    }
    throw e;
  } finally {
    opts.interrupt.removeEventListener('abort', onInterrupt);
    for (const r of reflectors) r.abort();
    client.close();
  }
  return { end, namespace: ns };
}
