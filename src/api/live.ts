// Live: a pod, or the pods of a namespace (a scan, with its workloads), read from the cluster
// through the user's kubeconfig. The cluster code (sources/live/) is loaded here, lazily, and only
// when a live read starts: the offline path never loads it.
//
// The first requests leave before the rules are loaded (startLive, then setRules), so a one-pod
// run's critical path is its round trips, not our start-up.

import type { DiagnoseOptions } from '../engine/diagnose.js';
import type { Lang } from '../model/vocabulary.js';
import type { RuleSet } from '../rules/plan.js';
import type { ClusterTarget, LiveResult } from '../sources/live/live.js';
import type { Triage } from '../sources/live/fetch.js';
import { summarizeUnreadable } from '../sources/unreadable.js';

export { unreadableLine } from '../sources/unreadable.js';
import { selectContainer } from './pods.js';
import { reportJson, type Gathered } from './report.js';
import { WorkloadCollector } from './scan-workloads.js';
import { triageFor } from './triage.js';

export type { ClusterTarget, Impersonation } from '../sources/live/live.js';

/** A live read under way. */
export interface LiveRead {
  result: Promise<LiveResult>;
  /** Give the read the rules (a scan groups its pods by their root cause before reading logs). */
  setRules(rules: RuleSet, opts: DiagnoseOptions): void;
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

/**
 * The pods (and workloads) of a finished live read, as a run's gathered input (api/report.ts),
 * with what could not be read and the namespace read; -c keeps the pods that have the container.
 */
export async function livePods(read: LiveRead, target: Pick<ClusterTarget, 'pod' | 'container'>): Promise<Gathered> {
  const live = await read.result;
  let pods = live.inputs;
  const w = live.workloads;
  const workloads = w ? new WorkloadCollector({ inputs: w.inputs, read: w.read, unreadable: w.notes.map((n) => `${n.what} (${n.reason})`), single: false }) : undefined;
  // (-c narrows the pods read; a scan that read none but its workloads has nothing to narrow)
  if (target.container !== undefined && pods.length > 0) pods = selectContainer(pods, target.container, target.pod !== undefined);
  return {
    pods,
    damaged: [],
    unreadable: summarizeUnreadable(pods),
    ...(live.stats.logs ? { logStats: live.stats.logs } : {}),
    ...(live.target.namespace !== undefined ? { liveNamespace: live.target.namespace } : {}),
    ...(workloads ? { workloads } : {}),
  };
}

/**
 * Read live pods (one by name, or a namespace's) and report them as `-o json` does: the MCP
 * server's live tools and the library's live functions.
 */
export async function liveReportJson(target: ClusterTarget, run: { rules: RuleSet; lang: Lang; cwd: string }): Promise<Record<string, unknown>> {
  const read = await startLive(target);
  read.setRules(run.rules, {});
  const got = await livePods(read, target);
  const { report } = await reportJson(got, { rules: run.rules, opts: {}, lang: run.lang, failOn: 'never', cwd: run.cwd, ...(target.allNamespaces ? { allNamespaces: true } : {}), ...(target.container !== undefined ? { container: target.container } : {}) });
  return report;
}
