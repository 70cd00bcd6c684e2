// Live: a pod, or the pods of a namespace (a scan, with its workloads), read from the cluster
// through the user's kubeconfig. The cluster code (sources/live/) is loaded here, lazily, and only
// when a live read starts: the offline path never loads it.
//
// The first requests leave before the rules are loaded (startLive, then setRules), so a one-pod
// run's critical path is its round trips, not our start-up.

import type { DiagnoseOptions } from '../engine/diagnose.js';
import type { PodInput, UnreadableRead } from '../model/input.js';
import type { RuleSet } from '../rules/plan.js';
import type { ClusterTarget, LiveResult } from '../sources/live/live.js';
import type { Triage } from '../sources/live/fetch.js';
import { summarizeUnreadable } from '../sources/unreadable.js';

export { unreadableLine } from '../sources/unreadable.js';
import { selectContainer } from './pods.js';
import { WorkloadCollector } from './scan-workloads.js';
import { triageFor } from './triage.js';

export type { ClusterTarget, Impersonation } from '../sources/live/live.js';

/** A live read under way. */
export interface LiveRead {
  result: Promise<LiveResult>;
  /** Give the read the rules (a scan groups its pods by their root cause before reading logs). */
  setRules(rules: RuleSet, opts: DiagnoseOptions): void;
}

/** The pods a live run diagnoses, with what came with them. */
export interface LivePods {
  pods: PodInput[];
  /** What could not be read (a 403 on events, logs gone), by kind. */
  unreadable: UnreadableRead[];
  /** A scan: how many pods' logs were read. */
  logStats?: { read: number; wanted: number; notRead?: { pods: number; why: string } };
  /** The namespace read (the kubeconfig's when none was given). */
  namespace?: string;
  /** A scan's workloads that need a diagnosis. */
  workloads?: WorkloadCollector;
}

/**
 * Start a live read; resolves once it waits on the network or a credential plugin (or has
 * ended), so that the caller loads its rules while the answers travel.
 */
export async function startLive(target: ClusterTarget, progress?: (msg: string) => void): Promise<LiveRead> {
  let triage: Triage | undefined;
  let waiting: () => void = () => {};
  const waited = new Promise<void>((r) => (waiting = r));
  const result = import('../sources/live/live.js').then(({ readLive }) =>
    readLive({
      ...target,
      ...(progress ? { progress } : {}),
      // called only once the pods are read, after setRules
      triage: (p) => (triage as Triage)(p),
      onWaiting: waiting,
    }),
  );
  await Promise.race([waited, result.then(
    () => undefined,
    () => undefined,
  )]);
  return { result, setRules: (rules, opts) => (triage = triageFor(rules, opts)) };
}

/** The pods (and workloads) of a finished live read; -c keeps the pods that have the container. */
export async function livePods(read: LiveRead, target: Pick<ClusterTarget, 'pod' | 'container'>): Promise<LivePods> {
  const live = await read.result;
  let pods = live.inputs;
  const w = live.workloads;
  const workloads = w ? new WorkloadCollector({ inputs: w.inputs, read: w.read, unreadable: w.notes.map((n) => `${n.what} (${n.reason})`), single: false }) : undefined;
  // (-c narrows the pods read; a scan that read none but its workloads has nothing to narrow)
  if (target.container !== undefined && pods.length > 0) pods = selectContainer(pods, target.container, target.pod !== undefined);
  return {
    pods,
    unreadable: summarizeUnreadable(pods),
    ...(live.stats.logs ? { logStats: live.stats.logs } : {}),
    ...(live.target.namespace !== undefined ? { namespace: live.target.namespace } : {}),
    ...(workloads ? { workloads } : {}),
  };
}
