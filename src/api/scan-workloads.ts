// The workloads of a scan or of a file without a target, on the command's side: which ones to
// diagnose (sources/scan-workloads.ts decides from their status), the briefs of their pods taken
// as the pods are diagnosed (here or in a worker thread), then their diagnoses, and their output
// beside the pods' (text before, JSON `workloads`, the CI formats' entries).

import { diagnosePod, type DiagnoseOptions } from '../engine/diagnose.js';
import type { PodDiagnosis } from '../engine/types.js';
import { podBrief, workloadFromBriefs, type PodBrief, type WorkloadDiagnosis } from '../engine/workload.js';
import { parseSelector } from '../kubectl/selector.js';
import type { PodInput, Snapshot, WorkloadInput } from '../model/input.js';
import type { RuleSet } from '../rules/plan.js';
import { cronWarned, isWorkload, podKey, scanTargets, unwell, workloadInputs } from '../sources/scan-workloads.js';
import { dig, nonEmpty, obj, str, type JsonObject } from '../util/json.js';
import { InputError } from '../model/errors.js';
import { oneLine } from '../util/sanitize.js';
import type { PodFilter } from './pods.js';

/** The workloads a run diagnoses, and what it read of them. */
export interface WorkloadScan {
  inputs: WorkloadInput[];
  /** How many workloads were read (all, before the status check). */
  read: number;
  /** Kinds that could not be read, in words ("deployments (forbidden)"). */
  unreadable: string[];
  /** One workload given alone (a file holding one, no pods): shown in full, whatever its state. */
  single: boolean;
  /** Offline: workloads the input gives without a status (manifests), not judged. */
  statusless?: number;
}

const labelsOf = (o: JsonObject): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(dig(o, 'metadata', 'labels')) ?? {})) {
    const s = str(v);
    if (s !== undefined) out[k] = s;
  }
  return out;
};

/** A workload given without a status (a manifest): nothing says how it runs, so there is nothing to diagnose. */
export function statuslessError(o: JsonObject): InputError {
  const kind = String(o['kind']);
  const name = str(dig(o, 'metadata', 'name')) ?? '';
  return new InputError(
    `${kind} "${oneLine(name)}" in the input has no status: it is a manifest, not what the cluster reports — pass \`kubectl get ${kind.toLowerCase()} ${oneLine(name)} -o yaml\` (with its pods and events for the whole picture)`,
  );
}

/**
 * Offline: the workloads of the input, as a scan of the same objects would read them (-n and -l
 * apply to them as kubectl's would). Undefined when the input holds no workload.
 */
export function offlineWorkloads(snapshot: Snapshot, flags: Pick<PodFilter, 'namespace' | 'allNamespaces' | 'selector'>): WorkloadScan | undefined {
  const objects = snapshot.objects ?? [];
  if (!objects.some(isWorkload)) return undefined;
  const match = flags.selector !== undefined ? parseSelector(flags.selector) : undefined;
  const targets = scanTargets(objects).filter(
    (o) => (!flags.namespace || flags.allNamespaces || (nonEmpty(dig(o, 'metadata', 'namespace')) ?? 'default') === flags.namespace) && (match === undefined || match(labelsOf(o))),
  );
  const single = snapshot.pods.length === 0 && targets.length === 1;
  // a manifest (no status) says nothing of how the workload runs: unknown, never healthy
  const statusless = targets.filter((o) => obj(o['status']) === undefined);
  if (single && statusless.length === 1) throw statuslessError(targets[0] as JsonObject);
  const kind = (k: string) => objects.filter((o) => o['kind'] === k);
  const header = snapshot.fixtures[0]?.header;
  const captured = header?.now !== undefined ? Date.parse(header.now) : NaN;
  const chosen = single ? targets : targets.filter((o) => unwell(o) || cronWarned(o, snapshot.orphanEvents));
  const inputs = workloadInputs(chosen, objects, snapshot.pods, {
    events: snapshot.orphanEvents,
    quotas: kind('ResourceQuota'),
    limitRanges: kind('LimitRange'),
    ...(snapshot.nodes ? { nodes: snapshot.nodes } : {}),
    ...(Number.isNaN(captured) ? {} : { capturedAt: captured }),
  });
  return { inputs, read: targets.length, unreadable: [], single, statusless: statusless.length };
}

/**
 * Collects the briefs of the workloads' pods as the scan diagnoses them, then diagnoses the
 * workloads. A pod no diagnosis was taken for (left out by -c) is diagnosed here.
 */
export class WorkloadCollector {
  private readonly wanted = new Set<string>();
  private readonly briefs = new Map<string, PodBrief>();

  constructor(readonly scan: WorkloadScan) {
    for (const w of scan.inputs) for (const p of w.pods) this.wanted.add(podKey(p.pod));
  }

  get empty(): boolean {
    return this.scan.inputs.length === 0;
  }

  /** Whether a pod's brief is wanted (a worker thread is asked for it). */
  wants = (p: PodInput): boolean => this.wanted.has(podKey(p.pod));

  take(d: PodDiagnosis): void {
    const key = `${d.namespace ?? 'default'}/${d.name ?? ''}`;
    if (this.wanted.has(key)) this.briefs.set(key, podBrief(d));
  }

  takeBriefs(list: readonly { key: string; brief: PodBrief }[] | undefined): void {
    for (const b of list ?? []) this.briefs.set(b.key, b.brief);
  }

  /** The workloads' diagnoses: the unhealthy ones (every one, for a workload given alone). */
  diagnose(rules: RuleSet, opts: DiagnoseOptions): WorkloadDiagnosis[] {
    const out: WorkloadDiagnosis[] = [];
    for (const w of this.scan.inputs) {
      const now = opts.now ?? w.capturedAt ?? Date.now();
      const briefs = w.pods.map((p) => this.briefs.get(podKey(p.pod)) ?? podBrief(diagnosePod(p, rules, { now })));
      const d = workloadFromBriefs(w, rules, briefs, now);
      if (this.scan.single || !d.healthy) out.push(d);
    }
    return out;
  }
}

/** The JSON `summary.workloads` figures. */
export function workloadSummary(scan: WorkloadScan, ds: readonly WorkloadDiagnosis[]): JsonObject {
  return { read: scan.read, unhealthy: ds.filter((d) => !d.healthy).length, ...(scan.unreadable.length > 0 ? { unreadable: scan.unreadable } : {}) };
}
