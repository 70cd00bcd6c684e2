// A live scan's workloads (`podwhy -n NS`, `-A`): the six workload lists, read beside the pod list
// (they start together), then, only when a workload's status shows it short or failed (or there is
// a CronJob: its failures show only in its events), the
// controllers' events (one list: every event not about a pod, which the pod scan reads already),
// the namespace's quotas when a message names a quota, its limit ranges then or when a LimitRange
// refused a pod. Every read is a GET, paged; a 403 (or any error) on a kind is a note, and the scan
// goes on without that kind.

import type { EventRecord, PodInput, WorkloadInput, WorkloadKind } from '../../model/input.js';
import { WORKLOAD_KINDS } from '../../model/input.js';
import type { JsonObject } from '../../util/json.js';
import { toEventRecord } from '../events.js';
import { cronWarned, namesQuota, scanTargets, unwell, workloadInputs } from '../scan-workloads.js';
import { refusedByLimitRange } from '../workloads.js';
import { ClusterError } from '../../model/errors.js';
import { ApiError, type ApiClient } from './client.js';
import { listAll } from './fetch.js';
import { WORKLOAD_PATHS } from './workload.js';

/** A read the scan could not make: what (deployments, events of controllers…) and why. */
export interface WorkloadReadNote {
  what: string;
  reason: string;
  message: string;
}

export interface ScanWorkloads {
  inputs: WorkloadInput[];
  /** How many workloads were read (all kinds, before the status check). */
  read: number;
  notes: WorkloadReadNote[];
}

const PLURAL: Record<WorkloadKind, string> = {
  Deployment: 'deployments',
  ReplicaSet: 'replicasets',
  StatefulSet: 'statefulsets',
  DaemonSet: 'daemonsets',
  Job: 'jobs',
  CronJob: 'cronjobs',
};

/** The list path of a kind in a namespace, or in all of them. */
function listPath(kind: WorkloadKind, ns: string | undefined): string {
  const p = WORKLOAD_PATHS[kind];
  return ns === undefined ? p.replace('/namespaces/{ns}', '') : p.replace('{ns}', encodeURIComponent(ns));
}

function note(e: unknown, what: string, notes: WorkloadReadNote[]): void {
  // no answer in time, or the connection failed: that kind is missing, as on an error status
  if (e instanceof ClusterError) {
    notes.push({ what, reason: 'error', message: e.message.split(' — ')[0] ?? e.message });
    return;
  }
  if (!(e instanceof ApiError)) throw e;
  notes.push({ what, reason: e.status === 403 ? 'forbidden' : `${e.status} ${e.reason}`, message: e.message });
}

/**
 * Start the six workload lists (in parallel with the caller's pod list); the promise settles
 * with the objects (each with its kind) and the notes of the lists that failed. A 401 is
 * thrown: the pod list meets it too and says it better.
 */
export function listWorkloads(client: ApiClient, ns: string | undefined, selector: string | undefined): Promise<{ objects: JsonObject[]; notes: WorkloadReadNote[] }> {
  const notes: WorkloadReadNote[] = [];
  return Promise.all(
    WORKLOAD_KINDS.map(async (kind) => {
      try {
        const l = await listAll(client, listPath(kind, ns), { labelSelector: selector });
        return l.items.map((o) => ({ ...o, kind }) as JsonObject);
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) return [];
        note(e, PLURAL[kind], notes);
        return [];
      }
    }),
  ).then((lists) => ({ objects: lists.flat(), notes }));
}

/**
 * The scan's workloads that need a diagnosis, with their children, pods and events. `pods` are
 * the scan's pods (their events joined already).
 */
export async function readScanWorkloads(client: ApiClient, ns: string | undefined, listed: { objects: JsonObject[]; notes: WorkloadReadNote[] }, pods: readonly PodInput[]): Promise<ScanWorkloads> {
  const notes = [...listed.notes];
  const all = scanTargets(listed.objects);
  let targets = all.filter(unwell);
  // a CronJob's failures show only in its events: they are read when there is one
  const crons = all.filter((o) => o['kind'] === 'CronJob' && !targets.includes(o));
  if (targets.length === 0 && crons.length === 0) return { inputs: [], read: listed.objects.length, notes };
  const base = ns === undefined ? '/api/v1' : `/api/v1/namespaces/${encodeURIComponent(ns)}`;
  let events: EventRecord[] = [];
  const unreadable: string[] = [];
  try {
    events = (await listAll(client, `${base}/events`, { fieldSelector: 'involvedObject.kind!=Pod' })).items.map(toEventRecord);
  } catch (e) {
    note(e, 'events of controllers', notes);
    const n = notes[notes.length - 1] as WorkloadReadNote;
    unreadable.push(`events (${n.reason === 'forbidden' ? `forbidden: ${n.message}` : `${n.reason}: ${n.message}`})`);
  }
  targets = [...targets, ...crons.filter((o) => cronWarned(o, events))];
  if (targets.length === 0) return { inputs: [], read: listed.objects.length, notes };
  const ctx: Parameters<typeof workloadInputs>[3] = { events, ...(unreadable.length > 0 ? { unreadable } : {}) };
  const quota = namesQuota(events, listed.objects);
  if (quota) {
    try {
      ctx.quotas = (await listAll(client, `${base}/resourcequotas`, {})).items;
    } catch (e) {
      note(e, 'resourcequotas', notes);
    }
  }
  // a quota's message may ask for limits a LimitRange would default; a LimitRange names its own refusals
  if (quota || refusedByLimitRange(events, listed.objects)) {
    try {
      ctx.limitRanges = (await listAll(client, `${base}/limitranges`, {})).items;
    } catch (e) {
      note(e, 'limitranges', notes);
    }
  }
  return { inputs: workloadInputs(targets, listed.objects, pods, ctx), read: listed.objects.length, notes };
}
