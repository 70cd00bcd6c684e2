// The diagnosis of a run's pods and workloads: in order, on this thread or in the worker threads
// (parallel/), each diagnosis handed to the caller as soon as it is made, so that none outlives
// its rendering; and the run's verdict against --fail-on.

import { diagnosePod, troubleFirst, type DiagnoseOptions } from '../engine/diagnose.js';
import type { PodDiagnosis } from '../engine/types.js';
import type { WorkloadDiagnosis } from '../engine/workload.js';
import type { PodInput } from '../model/input.js';
import type { FailOn, Lang, OutputFormat } from '../model/vocabulary.js';
import { workersServe } from '../render/pieces.js';
import type { TextOptions } from '../render/text.js';
import type { RuleSet } from '../rules/plan.js';
import { BATCH, MIN_PARALLEL_PODS, ParallelGate, workerCount, workerFile } from './parallel/policy.js';
import type { ParallelTesting } from './parallel/pool.js';
import type { DiagnoseResult, WorkerConfig } from './parallel/protocol.js';
import { exitStatus, onlyContainer } from './pods.js';
import type { WorkloadCollector } from './scan-workloads.js';

export type { DiagnoseResult, DiagnoseOptions, RuleSet, PodDiagnosis, WorkloadDiagnosis };
export { ParallelGate };

/** How a run diagnoses its pods. */
export interface PodRun {
  rules: RuleSet;
  opts: DiagnoseOptions;
  /** -c: findings about other containers are left out. */
  container?: string;
  failOn: FailOn;
  /** The worker threads, when started (parallelGate). */
  gate?: ParallelGate;
  /** Notes every pod carries, said once at the top of a report (sharedNotes). */
  shared?: ReadonlySet<string>;
  /** The workloads diagnosed beside the pods: given the briefs of their pods. */
  workloads?: WorkloadCollector;
}

/**
 * Diagnose the pods, in order, handing each diagnosis to `take` (or, where the worker threads
 * diagnose and render, each pod's rendered pieces to `taken`, when the caller's writer takes
 * them). Each pod's object is let go once it is diagnosed: a big dump's pods need not outlive it.
 * Returns the run's status so far: 1 when a finding is at or above --fail-on, else 0.
 */
export async function diagnosePods(pods: PodInput[], run: PodRun, take: (d: PodDiagnosis) => void, taken?: (r: DiagnoseResult) => void): Promise<number> {
  const { rules, opts, container, failOn, workloads } = run;
  const parallel = run.gate?.run;
  const inParallel = parallel?.started === true && pods.length >= parallel.minPods;
  if (!inParallel) parallel?.hydrate(pods);
  const queue: (PodInput | undefined)[] = pods;
  let status = 0;
  if (inParallel && taken) {
    await parallel.diagnose(
      pods,
      run.shared ?? new Set(),
      (r) => {
        workloads?.takeBriefs(r.briefs);
        taken(r);
        if (status === 0) status = r.status;
      },
      workloads && !workloads.empty ? workloads.wants : undefined,
    );
    return status;
  }
  const one = (d: PodDiagnosis) => {
    workloads?.take(d);
    take(d);
    if (status === 0) status = exitStatus([d], failOn);
  };
  // a paste (pods read from kubectl text: a few, never a big dump) is shown in trouble first
  if (queue.length > 1 && queue.every((p) => p?.source?.format !== undefined)) {
    const ds = troubleFirst(queue.map((p) => onlyContainer(diagnosePod(p as PodInput, rules, opts), container)));
    queue.length = 0;
    for (const d of ds) one(d);
    return status;
  }
  for (let i = 0; i < queue.length; i++) {
    const d = onlyContainer(diagnosePod(queue[i] as PodInput, rules, opts), container);
    queue[i] = undefined;
    one(d);
  }
  return status;
}

/** The workloads' diagnoses, once every pod is diagnosed, and their status (they count like pods). */
export function diagnoseWorkloads(workloads: WorkloadCollector, rules: RuleSet, opts: DiagnoseOptions, failOn: FailOn): { diagnoses: WorkloadDiagnosis[]; status: number } {
  const diagnoses = workloads.diagnose(rules, opts);
  return { diagnoses, status: exitStatus(diagnoses.map((d) => ({ findings: d.rootCause ? [d.rootCause.finding, ...d.findings] : d.findings })), failOn) };
}

/** What the worker threads need to know of a run (they load the same rules and render alike). */
export interface ParallelSettings {
  cwd: string;
  ruleFlags: WorkerConfig['ruleFlags'];
  lang: Lang;
  now?: number;
  output: OutputFormat;
  text: Omit<TextOptions, 'words'>;
  all: boolean;
  container?: string;
  failOn: FailOn;
  env: Record<string, string | undefined>;
  testing?: ParallelTesting;
}

/** Worker threads for a run, when it may use them (these formats, PODWHY_WORKERS), to start if the input is big. */
export function parallelGate(s: ParallelSettings): ParallelGate | undefined {
  if (!workersServe(s.output)) return undefined;
  const format = s.output.kind;
  const workers = workerCount(s.env);
  if (workers === 0) return undefined;
  const file = workerFile();
  if (file === undefined) return undefined;
  const cfg: WorkerConfig = {
    cwd: s.cwd,
    ruleFlags: s.ruleFlags,
    lang: s.lang,
    ...(s.now !== undefined ? { now: s.now } : {}),
    format,
    ...(format === 'text' ? { text: s.text } : {}),
    all: s.all,
    ...(s.container !== undefined ? { container: s.container } : {}),
    failOn: s.failOn,
  };
  const t = s.testing;
  return new ParallelGate(async () => {
    const { ParallelRun: Run, threadTransport } = await import('./parallel/pool.js');
    return new Run(cfg, workers, t?.transport ?? threadTransport(file), t?.batch ?? BATCH, Math.max(2, t?.minPods ?? MIN_PARALLEL_PODS));
  }, t?.fallbackMax !== undefined ? 0 : undefined);
}
