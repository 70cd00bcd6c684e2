// A workload (`podwhy deploy/web`, `job/migrate`, …): read offline from what was saved or live
// from the cluster, diagnosed with its pods; and a rollout followed step by step (-w). The
// cluster code is loaded lazily, only for live reads.

import { diagnosePod, type DiagnoseOptions } from '../engine/diagnose.js';
import { diagnoseWorkload as diagnoseOne, type WorkloadDiagnosis } from '../engine/workload.js';
import type { Damage, UnreadableRead, WorkloadInput } from '../model/input.js';
import { reportObject } from '../render/json.js';
import { workloadObject } from '../render/workload.js';
import type { Words } from '../render/words.js';
import type { RuleSet } from '../rules/plan.js';
import { snapshotFromDocs } from '../sources/file.js';
import type { ClusterTarget } from '../sources/live/live.js';
import type { WorkloadStep } from '../sources/live/workload-watch.js';
import { summarizeUnreadable } from '../sources/unreadable.js';
import { workloadFromSnapshot, workloadWarnings, type WorkloadTarget } from '../sources/workloads.js';
import { obj } from '../util/json.js';
import type { ReadInput } from './read.js';
import { statuslessError } from './scan-workloads.js';

export { parseWorkloadTarget } from '../sources/workloads.js';
export type { WorkloadDiagnosis, WorkloadStep, WorkloadTarget };

/** Where a live workload is read: the namespace and the kubeconfig's cluster. */
export type WorkloadPlace = Pick<ClusterTarget, 'namespace' | 'kubeconfig' | 'context' | 'requestTimeout' | 'env'>;

/** A workload as read, with what the read says beside it. */
export interface WorkloadRead {
  input: WorkloadInput;
  /** Offline: warnings about the input (said first). */
  warnings: string[];
  /** Offline: inputs that broke (the run does not pass). */
  damaged: Damage[];
  /** Live: API requests made. */
  requests?: number;
  /** Live: whose previous logs were read. */
  logs?: { read: number; wanted: number; notRead?: { pods: number; why: string } };
}

/**
 * Offline: the workload named, from the inputs (its pods and events beside it). Throws when the
 * input does not hold it or holds only its manifest; `onDamage` hears the broken inputs first (the
 * workload may be after a break).
 */
export function workloadOffline(inputs: ReadInput[], target: WorkloadTarget, namespace: string | undefined, onDamage: (d: Damage[], warnings: string[]) => void): WorkloadRead {
  const snapshot = snapshotFromDocs(inputs);
  const warnings = workloadWarnings(snapshot.warnings);
  const damaged = snapshot.damaged ?? [];
  try {
    const input = workloadFromSnapshot(snapshot, target, namespace);
    if (obj(input.object['status']) === undefined) throw statuslessError(input.object);
    return { input, warnings, damaged };
  } catch (e) {
    onDamage(damaged, warnings);
    throw e;
  }
}

/** Live: the workload, its pods, their events and (for the unhealthy ones) previous logs. */
export async function workloadLive(target: WorkloadTarget, place: WorkloadPlace, rules: RuleSet, opts: DiagnoseOptions & { container?: string }): Promise<WorkloadRead> {
  const { readWorkload } = await import('../sources/live/workload.js');
  const { triageFor } = await import('./triage.js');
  const live = await readWorkload(target, {
    ...place,
    triage: triageFor(rules, opts.now !== undefined ? { now: opts.now } : {}),
    ...(opts.container !== undefined ? { container: opts.container } : {}),
  });
  return { input: live.input, warnings: [], damaged: [], requests: live.requests, ...(live.logs ? { logs: live.logs } : {}) };
}

/** The workload's diagnosis with its pods'; -c keeps the findings about that container (and the pod). */
export function diagnoseWorkload(input: WorkloadInput, rules: RuleSet, opts: DiagnoseOptions, container?: string): WorkloadDiagnosis {
  const d = diagnoseOne(input, rules, opts);
  if (container !== undefined) for (const p of d.pods) p.findings = p.findings.filter((f) => f.container === undefined || f.container === container);
  return d;
}

/** What could not be read of a workload's pods (a 403 on events, logs gone). */
export function workloadUnreadable(input: WorkloadInput): UnreadableRead[] {
  return summarizeUnreadable(input.pods);
}

/** Follow a rollout until it completes, fails or is deleted (or `interrupt` fires); each step to `onStep`. */
export async function watchRollout(
  target: WorkloadTarget,
  place: WorkloadPlace,
  run: { rules: RuleSet; words: Words; interrupt: AbortSignal; clock: () => number; onStep: (s: WorkloadStep) => void },
): Promise<{ end: string; namespace: string }> {
  const { watchWorkload } = await import('../sources/live/workload-watch.js');
  const { rules, words } = run;
  return watchWorkload({
    ...place,
    target,
    interrupt: run.interrupt,
    clock: run.clock,
    view: (input, now) => {
      const d = diagnosePod(input, rules, { now });
      const root = d.findings.find((f) => f.role === 'root-cause' && f.severity !== 'info');
      return { status: d.kubectl.status ?? '', ready: d.kubectl.ready ?? '', explanation: root ? words.title(root) : '' };
    },
    onStep: run.onStep,
  });
}

/**
 * A workload target's report, as `podwhy deploy/web -o json` prints it: the workload beside its
 * pods. The workload's `unreadable` lists the reads of its own that failed (resource quotas, limit
 * ranges, nodes forbidden): findings that need them may be missing.
 */
export function workloadJson(d: WorkloadDiagnosis, input: WorkloadInput, words: Words): Record<string, unknown> {
  const report = reportObject(d.pods, words);
  const unreadable = workloadUnreadable(input);
  return { schemaVersion: report.schemaVersion, workloads: [{ ...workloadObject(d, words), unreadable: input.unreadable ?? [] }], pods: report.pods, summary: { ...report.summary, ...(unreadable.length > 0 ? { unreadable } : {}) } };
}
