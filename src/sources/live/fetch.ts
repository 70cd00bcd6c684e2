// Live mode: read pods and what their diagnosis needs from the API server, read-only.
// One pod: the Pod, its Events (by uid: StatefulSet pods reuse names), its owner chain, its Node
// when the diagnosis needs it (the cluster's nodes, one list, when it cannot be scheduled), and
// the previous logs of containers that ended abnormally.
// Many pods: pods in pages (limit 500 + continue; after a 410 Expired, one list without limit), one
// events list per namespace (or one for -A), nodes in one list only if some pod needs them (its
// own node, or the cluster's when the scheduler cannot place it), and
// logs for unhealthy pods only, with bounded concurrency. The request count grows with pages,
// not with pods. What cannot be read (403 on events, nodes, logs) is reported, not fatal.

import { ClusterError, InputError } from '../../model/errors.js';
import { toEventRecord } from '../events.js';
import type { ContainerLog, EventRecord, PodInput } from '../../model/input.js';
import { dig, isObject, nonEmpty, obj, objs, str, type JsonObject } from '../../util/json.js';
import { distance } from '../../util/distance.js';
import { ApiError, RETRY, type ApiClient } from './client.js';
import { controllerOf, derivedOwnerChain } from '../../model/owner.js';
import { readPodClaims, readScanClaims } from './claims.js';

export const PAGE_SIZE = 500;
export const LOG_TAIL_LINES = 50;
export const LOG_MAX_BYTES = 16 * 1024;
/** At most this many pods get their logs read in a namespace scan. */
export const MAX_LOG_PODS = 25;
const LOG_CONCURRENCY = 4;

export interface FetchOptions {
  namespace: string;
  allNamespaces?: boolean;
  selector?: string;
  /** --field-selector: passed with the pod list. */
  fieldSelector?: string;
  /** Progress messages (a terminal line), or nothing. */
  progress?: (msg: string) => void;
  /** The kubeconfig context, for messages. */
  context?: string;
  /** -c: read the logs of this container only. */
  container?: string;
  /** Bench: read events one pod at a time (true) or as the namespace's list (false), instead of choosing (eventsOnePodAtATime). */
  eventsByPod?: boolean;
  /** Filled in by fetchPods: how many pods' logs were read, of how many wanted. */
  stats?: ScanStats;
}

export interface ScanStats {
  /** Pods whose logs were read, of the unhealthy pods that ended abnormally; how many were not read (the server went away). */
  logs?: { read: number; wanted: number; notRead?: { pods: number; why: string } };
}

/**
 * What a pod's diagnosis before its logs says: undefined for a healthy pod; else its group (root
 * cause and owner) and whether its logs could change that root cause (a log rule supersedes it).
 */
export type Triage = (p: PodInput) => { group: string; decides: boolean } | undefined;

/**
 * Without a count of the namespace's events (eventsOnePodAtATime), at most this many pods have
 * their events read one pod at a time when the namespace's are more than a page: per-pod requests
 * bound the loss to ~5 round trips where the gain on a big namespace is seconds.
 */
export const EVENTS_BY_POD_MAX = 20;
const EVENTS_CONCURRENCY = 4;

/**
 * Whether the selected pods' events are cheaper read one pod at a time (fieldSelector
 * involvedObject.name=…, EVENTS_CONCURRENCY at a time) than as the rest of the namespace's list,
 * when its first page (read in `firstMs`) says there is more: the pods left to read that way and
 * the events already read (the first pod's, a sample), or undefined for the list.
 *
 * Up to EVENTS_CONCURRENCY pods: one round of requests, never slower than a second page. More:
 * an estimate from what the server just showed. Two requests go out together: the namespace's
 * events with limit=1 and no selector, whose remainingItemCount says how many events the list
 * holds (the API server counts only for a list without selectors), timing a round trip (L); and
 * the first pod's own events, timing what a per-pod request costs (L + S: the server reads every
 * event of the namespace to filter them). The rest of the list costs its pages × the first
 * page's time; the per-pod way ceil(k/C) round trips + k × S, counted as if the server served the
 * filtering one request at a time (the loopback server does; a real one spreads it over its
 * cores, but it is its CPU either way). Measured on the loopback server, 100,000 events in the
 * namespace (node dist/tools/bench/scan.js --events --per-pod 20): per pod 2.3/7.5/44 s against the list's
 * 2.0/2.4/1.8 s for 50/200/1,000 pods at 0 ms; 3.0/11.3/76 s against 12.6/12.5/12.4 s at 50 ms.
 * A server that gives no count (an aggregated API, an old one): the old bound, `max` pods.
 */
/**
 * Past this many pods, events are never read one pod at a time (nor the estimate's two requests
 * made): in the measurements below per pod lost from 200 pods on, at 0 and at 50 ms.
 */
const EVENTS_BY_POD_CEILING = 500;

/**
 * eventsOnePodAtATime's estimate: `pods` still to read one at a time, against the rest of a list of
 * `events` (after its first page), from the times the server just took: a round trip (`rttMs`),
 * one pod's events (`podMs`: a round trip and the server's filtering), the first page (`pageMs`).
 */
export function perPodCheaper(m: { pods: number; events: number; rttMs: number; podMs: number; pageMs: number }): boolean {
  const filtering = Math.max(0, m.podMs - m.rttMs);
  const page = Math.max(m.pageMs, m.rttMs);
  // the count is of events of every kind: at most this many are the pods'
  const pages = Math.ceil(Math.max(0, m.events - PAGE_SIZE) / PAGE_SIZE);
  return Math.ceil(m.pods / EVENTS_CONCURRENCY) * m.rttMs + m.pods * filtering < pages * page;
}

async function eventsOnePodAtATime(
  client: ApiClient,
  evPath: string,
  inputs: readonly PodInput[],
  podEvents: (p: PodInput) => Promise<FullList>,
  firstMs: number,
): Promise<{ rest: readonly PodInput[]; read: JsonObject[] } | undefined> {
  if (inputs.length <= EVENTS_CONCURRENCY) return { rest: inputs, read: [] };
  if (inputs.length > EVENTS_BY_POD_CEILING) return undefined;
  const sample = inputs[0] as PodInput;
  const timed = async <T>(p: Promise<T>): Promise<{ v: T; ms: number }> => {
    const t = performance.now();
    const v = await p;
    return { v, ms: performance.now() - t };
  };
  const [count, one] = await Promise.all([timed(client.getJSON(evPath, { limit: '1' })), timed(podEvents(sample))]);
  const counted = dig(count.v, 'metadata', 'remainingItemCount');
  const left = typeof counted === 'number' && Number.isFinite(counted) ? counted : undefined;
  const cheaper = left === undefined ? inputs.length <= EVENTS_BY_POD_MAX : perPodCheaper({ pods: inputs.length - 1, events: left + 1, rttMs: count.ms, podMs: one.ms, pageMs: firstMs });
  // the sample's events are kept (it is not read again), or dropped for the list, which has them
  return cheaper ? { rest: inputs.slice(1), read: one.v.items } : undefined;
}

/** Run fn over items, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The pods whose logs a scan reads, at most `max`: first those whose logs could decide their root
 * cause, then the others; within each, one pod of each group in turn (largest groups first), so
 * every root cause and owner gets its logs read before any gets a second pod.
 */
export function chooseLogPods<T>(wanted: readonly { p: T; t: { group: string; decides: boolean } }[], max: number): T[] {
  const out: T[] = [];
  for (const decides of [true, false]) {
    const groups = new Map<string, T[]>();
    for (const w of wanted) {
      if (w.t.decides !== decides) continue;
      const g = groups.get(w.t.group);
      if (g) g.push(w.p);
      else groups.set(w.t.group, [w.p]);
    }
    const lists = [...groups.values()].sort((a, b) => b.length - a.length);
    for (let round = 0; out.length < max && lists.some((l) => l.length > round); round++) {
      for (const l of lists) {
        if (out.length >= max) break;
        if (l.length > round) out.push(l[round] as T);
      }
    }
  }
  return out;
}

/** A 403 on the pods themselves ends the run; on anything else it only narrows the diagnosis. */
function forbiddenPods(e: ApiError, verb: string, namespace: string | undefined): ClusterError {
  const where = namespace === undefined ? 'at the cluster scope (-A)' : `in namespace "${namespace}"`;
  return new ClusterError(
    `forbidden to ${verb} pods ${where}: ${e.message} — ask for RBAC that allows "${verb}" on "pods"${namespace ? ` in "${namespace}"` : ''}, or use another context`,
  );
}

function unauthorized(client: ApiClient): ClusterError {
  const t = client.target;
  return new ClusterError(
    `the API server rejected the credentials of user "${t.user ?? '?'}" (401 Unauthorized; context "${t.context}", server ${t.server}) — refresh them (for example re-run your cloud login or get a new token), then retry`,
  );
}

/** Turn an API error on a secondary read into a note, or rethrow what ends the run. */
function degrade(e: unknown, client: ApiClient, what: string, notes: string[]): void {
  // no answer in time, or the connection failed: a secondary read is missing, as on an error status
  if (e instanceof ClusterError && !(e instanceof ApiError)) {
    notes.push(`${what} (${e.message.replace(/ \(context "[^"]*", server [^)]*\)/, '').split(' — ')[0]})`);
    return;
  }
  if (e instanceof ApiError) {
    if (e.status === 401) throw unauthorized(client);
    if (e.status === 403) {
      notes.push(`${what} (forbidden: ${e.message})`);
      return;
    }
    notes.push(`${what} (${e.status} ${e.reason}: ${e.message})`);
    return;
  }
  throw e;
}

/** listAll's items, as the claims' reads take it. */
const pagedList = (client: ApiClient) => async (path: string, query: Record<string, string | undefined>) => (await listAll(client, path, query)).items;

/** A whole list, read in pages. */
export interface FullList {
  items: JsonObject[];
  /** The list's resourceVersion (a watch starts from it). */
  resourceVersion: string;
  /** Whether a continue token expired and the list was read again in one request. */
  fellBack: boolean;
}

/**
 * List everything in pages of PAGE_SIZE. When a continue token has expired (410 Expired: the list
 * took longer than etcd keeps its snapshot), a consistent result needs a fresh start; like
 * client-go's pager (FullListIfExpired), read the whole list again in one request without a
 * limit, which the API server serves from one snapshot and cannot expire.
 */
export async function listAll(
  client: ApiClient,
  path: string,
  query: Record<string, string | undefined>,
  progress?: (n: number) => void,
  first?: JsonObject,
  keep: (o: JsonObject) => JsonObject = (o) => o,
): Promise<FullList> {
  const items: JsonObject[] = [];
  let token: string | undefined;
  let resourceVersion: string | undefined;
  let given = first;
  for (;;) {
    let page: JsonObject;
    try {
      // `first`: the first page, already read by the caller
      page = given ?? (await client.getJSON(path, { ...query, limit: PAGE_SIZE, continue: token }));
      given = undefined;
    } catch (e) {
      if (e instanceof ApiError && e.status === 410 && token !== undefined) {
        const full = await client.getJSON(path, { ...query });
        const all = objs(full['items']).map(keep);
        progress?.(all.length);
        return { items: all, resourceVersion: str(dig(full, 'metadata', 'resourceVersion')) ?? '', fellBack: true };
      }
      throw e;
    }
    resourceVersion ??= str(dig(page, 'metadata', 'resourceVersion')) ?? '';
    items.push(...objs(page['items']).map(keep));
    progress?.(items.length);
    token = nonEmpty(dig(page, 'metadata', 'continue'));
    if (!token) return { items, resourceVersion, fellBack: false };
  }
}

/** Containers whose last or current run ended abnormally: the ones whose logs explain something. */
export function containersNeedingLogs(pod: JsonObject): { name: string; previous: boolean }[] {
  const out: { name: string; previous: boolean }[] = [];
  const status = obj(pod['status']) ?? {};
  for (const cs of [...objs(status['initContainerStatuses']), ...objs(status['containerStatuses'])]) {
    const name = nonEmpty(cs['name']);
    if (!name) continue;
    const abnormal = (t: unknown) => isObject(t) && ((typeof t['exitCode'] === 'number' && t['exitCode'] !== 0) || (t['reason'] !== undefined && t['reason'] !== 'Completed'));
    const last = dig(cs, 'lastState', 'terminated');
    const cur = dig(cs, 'state', 'terminated');
    if (abnormal(last)) out.push({ name, previous: true });
    else if (abnormal(cur) && !['ContainerStatusUnknown', 'OOMKilled'].includes(str(dig(cur, 'reason')) ?? '')) out.push({ name, previous: false });
  }
  return out;
}

/** Whether the diagnosis of this pod needs its Node (lost nodes, pressure, stuck deletions). */
export function needsNode(pod: JsonObject): boolean {
  const nodeName = nonEmpty(dig(pod, 'spec', 'nodeName'));
  if (!nodeName) return false;
  const status = obj(pod['status']) ?? {};
  if (dig(pod, 'metadata', 'deletionTimestamp')) return true;
  if (['NodeLost', 'Evicted', 'Terminated', 'Shutdown'].includes(str(status['reason']) ?? '')) return true;
  if (status['phase'] === 'Unknown' || status['phase'] === 'Pending') return true;
  const ready = objs(status['conditions']).find((c) => c['type'] === 'Ready');
  return ready !== undefined && ready['status'] !== 'True' && ready['reason'] === undefined;
}

/**
 * Whether the scheduler could not place this pod (PodScheduled False/Unschedulable, or a
 * FailedScheduling event while it is on no node): its diagnosis reads the cluster's nodes.
 */
export function unschedulable(pod: JsonObject, events: readonly EventRecord[]): boolean {
  if (nonEmpty(dig(pod, 'spec', 'nodeName')) !== undefined) return false;
  const sched = objs(dig(pod, 'status', 'conditions')).find((c) => c['type'] === 'PodScheduled');
  if (sched?.['status'] === 'False' && sched['reason'] === 'Unschedulable') return true;
  return events.some((e) => e.reason === 'FailedScheduling');
}

/** What a pending pod's diagnosis reads of a Node: its name, labels, taints, cordon, allocatable and health (not its images, not managedFields). */
export function slimNode(n: JsonObject): JsonObject {
  const md = obj(n['metadata']) ?? {};
  const st = obj(n['status']) ?? {};
  const keepMd: JsonObject = {};
  for (const k of ['name', 'uid', 'labels', 'creationTimestamp', 'deletionTimestamp']) if (md[k] !== undefined) keepMd[k] = md[k];
  const keepSt: JsonObject = {};
  for (const k of ['allocatable', 'capacity', 'conditions', 'nodeInfo']) if (st[k] !== undefined) keepSt[k] = st[k];
  return { apiVersion: 'v1', kind: 'Node', metadata: keepMd, spec: obj(n['spec']) ?? {}, status: keepSt };
}

/** The note for logs not read because the API server stopped answering during the log phase. */
export function logsNotReadNote(name: string, why: string): string {
  return `logs of ${name} (not read: ${why})`;
}

/** A failure of the connection (not an answer of the API server): the server is gone or hangs. */
function serverGone(e: unknown): string | undefined {
  if (!(e instanceof ClusterError)) return undefined;
  return `the API server stopped answering: ${e.message.replace(/ \(context "[^"]*", server [^)]*\)/, '').split(' — ')[0]}`;
}

/**
 * The previous (or current) logs of the containers that ended abnormally. When the server stops
 * answering, the logs read so far are kept and `gone` says why the rest were not read.
 */
async function readLogs(client: ApiClient, pod: JsonObject, notes: string[], container?: string): Promise<{ logs: Record<string, ContainerLog>; gone?: string }> {
  const ns = str(dig(pod, 'metadata', 'namespace')) ?? 'default';
  const name = str(dig(pod, 'metadata', 'name')) ?? '';
  const logs: Record<string, ContainerLog> = {};
  for (const c of containersNeedingLogs(pod).filter((x) => container === undefined || x.name === container)) {
    try {
      const text = await client.getText(
        `/api/v1/namespaces/${encodeURIComponent(ns)}/pods/${encodeURIComponent(name)}/log`,
        { container: c.name, previous: c.previous ? 'true' : undefined, tailLines: LOG_TAIL_LINES, limitBytes: LOG_MAX_BYTES },
        LOG_MAX_BYTES,
      );
      if (text !== '') logs[c.name] = { text, previous: c.previous, truncated: Buffer.byteLength(text) >= LOG_MAX_BYTES };
    } catch (e) {
      // 400: the kubelet no longer has that run's log (node restarted, container removed).
      if (e instanceof ApiError && e.status === 400) continue;
      // The pod's node was deleted: the apiserver's node lookup fails and it says so as a pods
      // error, `pods "<node>" not found`, which read as is would mean the pod is gone.
      const node = str(dig(pod, 'spec', 'nodeName'));
      if (e instanceof ApiError && e.status === 404 && node !== undefined && (e.message === `pods "${node}" not found` || e.message === `nodes "${node}" not found`)) {
        if (!notes.some((n) => n.startsWith(`logs of ${name} `))) notes.push(`logs of ${name} (unavailable: its node ${node} no longer exists, so no kubelet can serve them)`);
        continue;
      }
      const gone = serverGone(e);
      if (gone !== undefined) {
        notes.push(logsNotReadNote(name, gone));
        return { logs, gone };
      }
      degrade(e, client, `logs of ${name}/${c.name}`, notes);
    }
  }
  return { logs };
}

const OWNER_PATHS: Record<string, string> = {
  ReplicaSet: '/apis/apps/v1/namespaces/{ns}/replicasets/{name}',
  Job: '/apis/batch/v1/namespaces/{ns}/jobs/{name}',
};

/** The controller chain above the pod: ReplicaSet → Deployment, Job → CronJob. */
async function ownerChain(client: ApiClient, pod: JsonObject, notes: string[]): Promise<{ kind: string; name: string }[]> {
  const ns = str(dig(pod, 'metadata', 'namespace')) ?? 'default';
  const chain: { kind: string; name: string }[] = [];
  let cur = controllerOf(pod);
  while (cur && chain.length < 4) {
    chain.push(cur);
    const here: { kind: string; name: string } = cur;
    const path = OWNER_PATHS[here.kind];
    if (!path) break;
    try {
      const o = await client.getJSON(path.replace('{ns}', encodeURIComponent(ns)).replace('{name}', encodeURIComponent(here.name)));
      cur = controllerOf(o);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) break; // orphaned: the owner is gone
      degrade(e, client, `owner ${here.kind}/${here.name}`, notes);
      break;
    }
  }
  return chain;
}

function closestNames(want: string, names: string[]): string[] {
  return names
    .map((n) => ({ n, d: distance(want, n, 12), prefix: n.startsWith(want) || want.startsWith(n.replace(/-[a-z0-9]{5}$/, '')) }))
    .filter((x) => x.prefix || x.d <= Math.max(3, Math.floor(want.length / 3)))
    .sort((a, b) => Number(b.prefix) - Number(a.prefix) || a.d - b.d)
    .slice(0, 3)
    .map((x) => x.n);
}

/** Read one pod and everything its diagnosis needs. */
export async function fetchPod(client: ApiClient, name: string, opts: FetchOptions): Promise<PodInput> {
  const ns = opts.namespace;
  const base = `/api/v1/namespaces/${encodeURIComponent(ns)}/pods`;
  // Two round trips on the critical path: the pod and its events (by name) together, then all
  // the pod's surroundings together (owners, claims, node, the cluster's nodes, logs).
  const podRead = client.getJSON(`${base}/${encodeURIComponent(name)}`);
  const eventsRead = listAll(client, `/api/v1/namespaces/${encodeURIComponent(ns)}/events`, {
    fieldSelector: `involvedObject.kind=Pod,involvedObject.name=${name}`,
  }).then(
    (l) => ({ items: l.items }),
    (error: unknown) => ({ error }),
  );
  let pod: JsonObject;
  try {
    pod = await podRead;
  } catch (e) {
    await eventsRead;
    if (!(e instanceof ApiError)) throw e;
    if (e.status === 401) throw unauthorized(client);
    if (e.status === 403) throw forbiddenPods(e, 'get', ns);
    if (e.status === 404) {
      let hint = '';
      try {
        // every pod of the namespace, not the first page: the close name may be on any
        const names = (await listAll(client, base, {})).items.map((p) => str(dig(p, 'metadata', 'name')) ?? '');
        const close = closestNames(name, names);
        hint = close.length > 0 ? ` (did you mean ${close.join(', ')}?)` : names.length === 0 ? ' (the namespace has no pods)' : '';
      } catch {
        // listing is only for the hint
      }
      throw new InputError(`pod "${name}" not found in namespace "${ns}"${hint} — check the name, or pass -n for another namespace`);
    }
    throw new ClusterError(`reading pod "${name}" failed: ${e.status} ${e.reason}: ${e.message}`);
  }

  const uid = str(dig(pod, 'metadata', 'uid'));
  const notes: string[] = [];
  let events: EventRecord[] = [];
  const listed = await eventsRead;
  // A StatefulSet pod reuses its name: keep only the events of this pod, by uid.
  if ('items' in listed) events = listed.items.map(toEventRecord).filter((e) => !uid || !e.involved.uid || e.involved.uid === uid);
  else degrade(listed.error, client, 'events', notes);
  const input: PodInput = { pod, events, source: { file: `${client.target.context}/${ns}/${name}`, input: `cluster ${client.target.context}` } };
  // each read keeps its own notes, joined in this order whatever order they finish in
  const parts = { owner: [] as string[], claims: [] as string[], node: [] as string[], nodes: [] as string[], logs: [] as string[] };
  const nodeName = str(dig(pod, 'spec', 'nodeName'));
  await Promise.all([
    ownerChain(client, pod, parts.owner).then((chain) => {
      input.ownerChain = chain;
    }),
    readPodClaims(client, input, pagedList(client), parts.claims, (e, what, n) => degrade(e, client, what, n)),
    needsNode(pod) && nodeName !== undefined
      ? client.getJSON(`/api/v1/nodes/${encodeURIComponent(nodeName)}`).then(
          (n) => {
            input.node = n;
          },
          (e: unknown) => {
            if (!(e instanceof ApiError && e.status === 404)) degrade(e, client, `node ${nodeName}`, parts.node);
            else {
              parts.node.push(`node ${nodeName} (it no longer exists)`);
              input.nodeGone = true;
            }
          },
        )
      : undefined,
    // a pod the scheduler cannot place: the cluster's nodes say which one could ever take it
    unschedulable(pod, events)
      ? listAll(client, '/api/v1/nodes', {}, undefined, undefined, slimNode).then(
          (l) => {
            input.clusterNodes = l.items;
          },
          (e: unknown) => degrade(e, client, 'nodes', parts.nodes),
        )
      : undefined,
    readLogs(client, pod, parts.logs, opts.container).then(({ logs }) => {
      if (Object.keys(logs).length > 0) input.logs = logs;
    }),
  ]);
  notes.push(...parts.owner, ...parts.claims, ...parts.node, ...parts.nodes, ...parts.logs);
  if (notes.length > 0) input.unreadable = notes;
  return input;
}

/** Read every pod selected (a namespace, or all with -A; -l narrows), with events joined. */
export async function fetchPods(client: ApiClient, opts: FetchOptions, triage: Triage): Promise<PodInput[]> {
  const notes: string[] = [];
  const ns = opts.allNamespaces ? undefined : opts.namespace;
  const podsPath = ns === undefined ? '/api/v1/pods' : `/api/v1/namespaces/${encodeURIComponent(ns)}/pods`;
  let pods: JsonObject[];
  try {
    pods = (await listAll(client, podsPath, { labelSelector: opts.selector, fieldSelector: opts.fieldSelector }, (n) => opts.progress?.(`listing pods… ${n}`))).items;
  } catch (e) {
    if (e instanceof ApiError) {
      if (e.status === 401) throw unauthorized(client);
      if (e.status === 403) throw forbiddenPods(e, 'list', ns);
      if (e.status === 400) throw new InputError(`the API server refused the query: ${e.message} — check -l and --field-selector`);
      throw new ClusterError(`listing pods failed: ${e.status} ${e.reason}: ${e.message}${e.status === 429 || e.status >= 500 ? ` (tried ${RETRY.attempts} times) — the API server is overloaded or failing; retry later` : ''}`);
    }
    throw e;
  }

  const inputs: PodInput[] = pods.map((pod) => ({
    pod,
    events: [],
    source: { file: `${client.target.context}/${str(dig(pod, 'metadata', 'namespace')) ?? ''}/${str(dig(pod, 'metadata', 'name')) ?? ''}`, input: `cluster ${client.target.context}` },
    ownerChain: derivedOwnerChain(pod),
  }));
  if (inputs.length === 0) return inputs;

  // Events joined by involvedObject.uid: one list for the namespace (or the cluster), unless it
  // is longer than a page and reading each selected pod's own events (by field selector: the
  // namespace's list does not shrink with -l) is estimated cheaper (eventsOnePodAtATime).
  try {
    const byUid = new Map<string, PodInput>();
    const byName = new Map<string, PodInput>();
    for (const p of inputs) {
      const uid = str(dig(p.pod, 'metadata', 'uid'));
      if (uid) byUid.set(uid, p);
      byName.set(`${str(dig(p.pod, 'metadata', 'namespace'))}/${str(dig(p.pod, 'metadata', 'name'))}`, p);
    }
    const join = (raw: JsonObject) => {
      const e = toEventRecord(raw);
      const target = e.involved.uid ? byUid.get(e.involved.uid) : byName.get(`${e.involved.namespace}/${e.involved.name}`);
      target?.events.push(e);
    };
    const evPath = ns === undefined ? '/api/v1/events' : `/api/v1/namespaces/${encodeURIComponent(ns)}/events`;
    const query = { fieldSelector: 'involvedObject.kind=Pod' };
    const podEvents = (p: PodInput) => {
      const pns = str(dig(p.pod, 'metadata', 'namespace')) ?? 'default';
      const name = str(dig(p.pod, 'metadata', 'name')) ?? '';
      return listAll(client, `/api/v1/namespaces/${encodeURIComponent(pns)}/events`, { fieldSelector: `involvedObject.kind=Pod,involvedObject.name=${name}` });
    };
    const t0 = performance.now();
    const first = await client.getJSON(evPath, { ...query, limit: PAGE_SIZE });
    const firstMs = performance.now() - t0;
    const more = nonEmpty(dig(first, 'metadata', 'continue')) !== undefined;
    const perPod = !more || opts.eventsByPod === false ? undefined : opts.eventsByPod === true ? { rest: inputs, read: [] } : await eventsOnePodAtATime(client, evPath, inputs, podEvents, firstMs);
    if (perPod) {
      // More than a page of events, and each pod's own (by field selector) is the cheaper read.
      for (const raw of perPod.read) join(raw);
      await eachLimited(perPod.rest, EVENTS_CONCURRENCY, async (p) => {
        for (const raw of (await podEvents(p)).items) join(raw);
      });
    } else {
      const events = (await listAll(client, evPath, query, (n) => opts.progress?.(`listing events… ${n}`), first)).items;
      for (const raw of events) join(raw);
    }
  } catch (e) {
    for (const p of inputs) p.events = [];
    degrade(e, client, 'events', notes);
  }

  await readNodesAndClaims(client, inputs, ns);

  const logs = await readScanLogs(client, inputs, triage, opts);
  if (opts.stats) opts.stats.logs = logs;
  if (notes.length > 0) for (const p of inputs) p.unreadable = [...notes, ...(p.unreadable ?? [])];
  return inputs;
}

/**
 * What pods already read with their events need from the cluster around them (a scan's, a
 * workload's): the nodes (one list, when some pod's diagnosis needs its node or the scheduler
 * cannot place some pod) and the claims pending pods wait on (lists read once). A read that fails
 * is a note on the pods that needed it.
 */
export async function readNodesAndClaims(client: ApiClient, inputs: readonly PodInput[], ns: string | undefined): Promise<void> {
  // Nodes: one list, only when some pod's diagnosis needs its node, or the scheduler cannot place
  // some pod (then every such pod reads the same list); a list that cannot be read is said on them.
  const needing = inputs.filter((p) => needsNode(p.pod));
  const pending = inputs.filter((p) => unschedulable(p.pod, p.events));
  if (needing.length > 0 || pending.length > 0) {
    try {
      const nodes = (await listAll(client, '/api/v1/nodes', {}, undefined, undefined, pending.length > 0 ? slimNode : undefined)).items;
      const byName = new Map(nodes.map((n) => [str(dig(n, 'metadata', 'name')) ?? '', n]));
      for (const p of needing) {
        const n = byName.get(str(dig(p.pod, 'spec', 'nodeName')) ?? '');
        if (n) p.node = n;
      }
      for (const p of pending) p.clusterNodes = nodes;
    } catch (e) {
      const nodeNotes: string[] = [];
      degrade(e, client, 'nodes', nodeNotes);
      for (const p of new Set([...needing, ...pending])) p.unreadable = [...(p.unreadable ?? []), ...nodeNotes];
    }
  }

  // Claims, their events, classes and volumes: lists read once, only when a pending pod waits on its volumes.
  await readScanClaims(client, inputs, ns, pagedList(client), (e, what, n) => degrade(e, client, what, n));
}

/**
 * Logs of a scan: unhealthy pods with abnormal terminations only, a few at a time, a bounded
 * number, chosen across root-cause groups (see chooseLogPods). A server that stops answering ends
 * this phase, not the run: the pods are diagnosed from what was read, and the rest say so. Also
 * the final diagnosis of --watch, which reads logs as a one-shot run does.
 */
export async function readScanLogs(client: ApiClient, inputs: readonly PodInput[], triage: Triage, opts: Pick<FetchOptions, 'container' | 'progress'>): Promise<NonNullable<ScanStats['logs']>> {
  const wanted = inputs
    .filter((p) => containersNeedingLogs(p.pod).some((c) => opts.container === undefined || c.name === opts.container))
    .map((p) => ({ p, t: triage(p) }))
    .filter((x): x is { p: PodInput; t: { group: string; decides: boolean } } => x.t !== undefined);
  const forLogs = chooseLogPods(wanted, MAX_LOG_PODS);
  let done = 0;
  let gone: string | undefined;
  await eachLimited(forLogs, LOG_CONCURRENCY, async (p) => {
    if (gone !== undefined) {
      p.unreadable = [...(p.unreadable ?? []), logsNotReadNote(str(dig(p.pod, 'metadata', 'name')) ?? '', gone)];
      return;
    }
    const podNotes: string[] = [];
    const r = await readLogs(client, p.pod, podNotes, opts.container);
    gone ??= r.gone;
    if (Object.keys(r.logs).length > 0) p.logs = r.logs;
    if (podNotes.length > 0) p.unreadable = [...(p.unreadable ?? []), ...podNotes];
    opts.progress?.(`reading logs… ${++done}/${forLogs.length}`);
  });
  return { read: forLogs.length, wanted: wanted.length, ...(gone !== undefined ? { notRead: { pods: forLogs.filter((p) => (p.unreadable ?? []).some((n) => n.includes(' (not read: '))).length, why: gone } } : {}) };
}
