// A run's report: the gathered pods (offline or live) and the workloads beside them, diagnosed
// into a writer of the format asked for (render/writers.ts). The CLI writes to stdout; the MCP
// server into a buffer it hands back as the tool's result: the same report either way.

import type { Damage, PodInput, UnreadableRead } from '../model/input.js';
import type { ScanNotes } from '../render/text.js';
import { wordsFor } from '../render/words.js';
import { writerFor, type FormatWriter } from '../render/writers.js';
import type { DiagnoseOptions } from '../engine/diagnose.js';
import type { RuleSet } from '../rules/plan.js';
import { VERSION, type FailOn, type Lang } from '../model/vocabulary.js';
import { diagnosePods, diagnoseWorkloads, type PodRun } from './diagnose.js';
import { sharedNotes } from './pods.js';
import { workloadSummary, type WorkloadCollector } from './scan-workloads.js';

/** The pods a run diagnoses, with what came with them. */
export interface Gathered {
  pods: PodInput[];
  /** Inputs that broke (YAML or JSON damaged): the run does not pass. */
  damaged: Damage[];
  /** What a live run could not read (empty offline). */
  unreadable: UnreadableRead[];
  /** A live scan: how many pods' logs were read. */
  logStats?: ScanNotes['logs'];
  /** The namespace a live run read. */
  liveNamespace?: string;
  /** The workloads diagnosed beside the pods: a scan's, or a file's without a target. */
  workloads?: WorkloadCollector;
}

/**
 * Said once at the top of a many-pod report: what could not be read (notes every pod carries are
 * left out under each pod) and how many pods' logs were read.
 */
export function scanNotesOf(got: Gathered): ScanNotes {
  const notes: ScanNotes = {};
  if (got.pods.length <= 1) return notes;
  if (got.unreadable.length > 0) notes.unreadable = got.unreadable;
  const shared = sharedNotes(got.pods);
  if (shared.size > 0) notes.shared = shared;
  if (got.logStats) notes.logs = got.logStats;
  return notes;
}

/**
 * Diagnose the gathered pods, then the workloads, into `writer` (made with `scanNotesOf(got)`:
 * `run.shared` is its `shared`), and end it. Returns the status: 1 when a finding (of a pod or a
 * workload) is at or above --fail-on, else 0.
 */
export async function writeDiagnoses(got: Gathered, run: Omit<PodRun, 'workloads'>, writer: FormatWriter, ending: { allNamespaces?: boolean; noPods?: string } = {}): Promise<number> {
  const { workloads } = got;
  let status = await diagnosePods(
    got.pods,
    { ...run, ...(workloads ? { workloads } : {}) },
    (d) => writer.add(d),
    writer.addPieces ? (r) => writer.addPieces?.(r) : undefined,
  );
  const wd = workloads ? diagnoseWorkloads(workloads, run.rules, run.opts, run.failOn) : undefined;
  const wds = wd?.diagnoses ?? [];
  if (status === 0 && wd) status = wd.status;
  const scan = workloads?.scan;
  await writer.end({
    unreadable: got.unreadable,
    ...(scan
      ? { workloads: { diagnoses: wds, read: scan.read, unreadable: scan.unreadable, single: scan.single, summary: workloadSummary(scan, wds), namespaces: new Set(wds.map((d) => d.namespace)).size > 1 || ending.allNamespaces === true } }
      : {}),
    ...(ending.noPods !== undefined ? { noPods: ending.noPods } : {}),
  });
  return status;
}

/** The report of `-o json` (schemaVersion 1 of SPEC.md) as an object, and the run's status. */
export async function reportJson(got: Gathered, run: { rules: RuleSet; opts: DiagnoseOptions; lang: Lang; failOn: FailOn; container?: string; cwd: string; allNamespaces?: boolean }): Promise<{ report: Record<string, unknown>; status: number }> {
  const chunks: string[] = [];
  const notes = scanNotesOf(got);
  const settings = {
    words: wordsFor(run.rules, run.lang),
    lang: run.lang,
    failOn: run.failOn,
    rules: run.rules,
    version: VERSION,
    cwd: run.cwd,
    all: false,
    headers: true,
    text: { color: false, all: false },
    scanNotes: notes,
    podCount: got.pods.length,
  };
  const writer = await writerFor({ kind: 'json' }, settings, { out: (s) => void chunks.push(s), err: () => {} });
  const status = await writeDiagnoses(got, { rules: run.rules, opts: run.opts, failOn: run.failOn, ...(notes.shared ? { shared: notes.shared } : {}), ...(run.container !== undefined ? { container: run.container } : {}) }, writer, run.allNamespaces ? { allNamespaces: true } : {});
  return { report: JSON.parse(chunks.join('')) as Record<string, unknown>, status };
}
