// Live mode for `podwhy deploy/web`: the workload, its ReplicaSets or Jobs, its pods, the
// namespace's events (one paged list serves pods and controllers), the namespace's ResourceQuotas
// only when the controller's message names a quota, its LimitRanges when it names a quota or is
// the LimitRanger's refusal (the message gives the figure, not the LimitRange), a DaemonSet's
// nodes, and the previous logs of the pods whose diagnosis needs them (at most MAX_LOG_PODS, as a
// scan reads them). Every read is a GET, lists are paged (listAll); a 403 on anything but the
// workload itself becomes a note, as for pods.

import { ClusterError, InputError } from '../../model/errors.js';
import { toEventRecord } from '../events.js';
import { joinEvents } from '../file.js';
import type { PodInput } from '../../model/input.js';
import { childKind, eventsOf, membersOf, refusedByLimitRange, type WorkloadTarget } from '../workloads.js';
import type { WorkloadInput, WorkloadKind } from '../../model/input.js';
import { derivedOwnerChain } from '../../model/owner.js';
import { dig, obj, str, type JsonObject } from '../../util/json.js';
import { ApiError, type ApiClient } from './client.js';
import { connect } from './connect.js';
import { listAll, readNodesAndClaims, readScanLogs, type Triage } from './fetch.js';
import { namesQuota } from '../scan-workloads.js';
import type { ClusterTarget } from './live.js';

/** Where each workload kind is listed, per namespace ({ns}): the reads and the watch share it. */
export const WORKLOAD_PATHS: Record<WorkloadKind, string> = {
  Deployment: '/apis/apps/v1/namespaces/{ns}/deployments',
  ReplicaSet: '/apis/apps/v1/namespaces/{ns}/replicasets',
  StatefulSet: '/apis/apps/v1/namespaces/{ns}/statefulsets',
  DaemonSet: '/apis/apps/v1/namespaces/{ns}/daemonsets',
  Job: '/apis/batch/v1/namespaces/{ns}/jobs',
  CronJob: '/apis/batch/v1/namespaces/{ns}/cronjobs',
};

/** matchLabels of a selector as a labelSelector query (matchExpressions are checked client-side). */
function labelQuery(selector: unknown): string | undefined {
  const ml = obj(obj(selector)?.['matchLabels']);
  if (!ml || Object.keys(ml).length === 0) return undefined;
  return Object.entries(ml)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',');
}

export interface WorkloadFetchOptions {
  /** Which pods' previous logs the diagnosis needs, as a scan chooses them; no logs without it. */
  triage?: Triage;
  /** -c: only this container's logs. */
  container?: string;
}

export async function fetchWorkload(client: ApiClient, target: WorkloadTarget, ns: string, opts: WorkloadFetchOptions = {}): Promise<WorkloadInput & { logs?: LogStats }> {
  const notes: string[] = [];
  const enc = encodeURIComponent;
  const base = (kind: string) => (WORKLOAD_PATHS[kind as WorkloadKind] as string).replace('{ns}', enc(ns));
  const degrade = (e: unknown, what: string) => {
    if (!(e instanceof ApiError)) throw e;
    if (e.status === 401) throw new ClusterError(`the API server rejected the credentials (401 Unauthorized; context "${client.target.context}") — refresh them, then retry`);
    notes.push(e.status === 403 ? `${what} (forbidden: ${e.message})` : `${what} (${e.status} ${e.reason}: ${e.message})`);
  };
  let object: JsonObject;
  try {
    object = await client.getJSON(`${base(target.kind)}/${enc(target.name)}`);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.status === 404) throw new InputError(`${target.kind} "${target.name}" not found in namespace "${ns}" — check the name, or pass -n for another namespace`);
    if (e.status === 403) throw new ClusterError(`forbidden to get ${target.kind} "${target.name}" in namespace "${ns}": ${e.message} — ask for RBAC that allows "get" on it, or use another context`);
    if (e.status === 401) throw new ClusterError(`the API server rejected the credentials (401 Unauthorized; context "${client.target.context}") — refresh them, then retry`);
    throw new ClusterError(`reading ${target.kind} "${target.name}" failed: ${e.status} ${e.reason}: ${e.message}`);
  }
  object = { ...object, kind: target.kind };
  const ck = childKind(target.kind);
  let objects: JsonObject[] = [];
  if (ck) {
    try {
      // a Deployment's ReplicaSets carry its selector's labels; a CronJob's Jobs are found by owner
      const q = ck === 'ReplicaSet' ? labelQuery(dig(object, 'spec', 'selector')) : undefined;
      objects = (await listAll(client, base(ck), { labelSelector: q })).items.map((o) => ({ ...o, kind: ck }));
    } catch (e) {
      degrade(e, ck === 'ReplicaSet' ? 'replicasets' : 'jobs');
    }
  }
  // pods: by the workload's selector (a CronJob has none: its Jobs' pods are found by owner)
  let rawPods: JsonObject[] = [];
  try {
    const q = labelQuery(dig(object, 'spec', 'selector'));
    rawPods = (await listAll(client, `/api/v1/namespaces/${enc(ns)}/pods`, { labelSelector: q })).items;
  } catch (e) {
    degrade(e, 'pods');
  }
  const pods: PodInput[] = rawPods.map((pod) => ({
    pod: { ...pod, kind: 'Pod' },
    events: [],
    source: { file: `${client.target.context}/${ns}/${str(dig(pod, 'metadata', 'name')) ?? ''}`, input: `cluster ${client.target.context}` },
    ownerChain: derivedOwnerChain(pod),
  }));
  const members = membersOf(target.kind, object, objects, pods);
  let events: ReturnType<typeof toEventRecord>[] = [];
  try {
    events = (await listAll(client, `/api/v1/namespaces/${enc(ns)}/events`, {})).items.map(toEventRecord);
  } catch (e) {
    degrade(e, 'events');
  }
  const orphans = joinEvents(members.pods, events);
  const input: WorkloadInput = { kind: target.kind, object, children: members.children, pods: members.pods, events: eventsOf(target.kind, object, members.children, orphans) };
  // quotas and limit ranges: only when a controller's message names a quota (both: a LimitRange's
  // defaults are often what a quota counts), or is the LimitRanger's refusal (limit ranges only:
  // the message gives the figure, not the LimitRange's name)
  const quotaNamed = namesQuota(input.events, [object, ...members.children]);
  const limitRefused = refusedByLimitRange(input.events, [object, ...members.children]);
  if (quotaNamed) {
    try {
      input.quotas = (await listAll(client, `/api/v1/namespaces/${enc(ns)}/resourcequotas`, {})).items;
    } catch (e) {
      degrade(e, 'resourcequotas');
    }
  }
  if (quotaNamed || limitRefused) {
    try {
      input.limitRanges = (await listAll(client, `/api/v1/namespaces/${enc(ns)}/limitranges`, {})).items;
    } catch (e) {
      degrade(e, 'limitranges');
    }
  }
  // the nodes and claims its pods need (pending pods: the cluster's nodes, their claims), as a scan reads them
  await readNodesAndClaims(client, input.pods, ns);
  if (target.kind === 'DaemonSet') {
    // a DaemonSet's placement reads every node: the list its pending pods read serves, else one of its own
    const read = input.pods.find((p) => p.clusterNodes)?.clusterNodes;
    if (read) input.nodes = read;
    else {
      try {
        input.nodes = (await listAll(client, '/api/v1/nodes', {})).items;
      } catch (e) {
        degrade(e, 'nodes');
      }
    }
  }
  // previous logs of the pods whose diagnosis needs them (ended abnormally, unhealthy), at most
  // MAX_LOG_PODS across root-cause groups, as a scan reads them (fetch.ts readScanLogs)
  let logs: LogStats | undefined;
  if (opts.triage && input.pods.length > 0) logs = await readScanLogs(client, input.pods, opts.triage, opts.container !== undefined ? { container: opts.container } : {});
  if (notes.length > 0) {
    input.unreadable = notes;
    for (const p of input.pods) p.unreadable = [...notes, ...(p.unreadable ?? [])];
  }
  return logs ? { ...input, logs } : input;
}

type LogStats = Awaited<ReturnType<typeof readScanLogs>>;

/** Live mode for a workload target (podwhy deploy/web): connect, read, close. */
export async function readWorkload(
  target: WorkloadTarget,
  opts: Pick<ClusterTarget, 'namespace' | 'kubeconfig' | 'context' | 'requestTimeout' | 'env'> & WorkloadFetchOptions,
): Promise<{ input: WorkloadInput; requests: number; logs?: LogStats }> {
  const { target: kube, client } = await connect(opts);
  try {
    await client.init();
    const { logs, ...input } = await fetchWorkload(client, target, kube.namespace, opts);
    return { input, requests: client.requests.length, ...(logs ? { logs } : {}) };
  } finally {
    client.close();
  }
}
