// What the main thread and the diagnose command's worker threads say to each other (pool.ts on
// the main thread, handler.ts in a worker). Two phases:
//
//   1. parse: while the main thread reads a big input, it hands the items of its Lists, as text,
//      to the workers in batches (round robin). A worker parses them as the main thread would
//      (reader.ts: parseYamlItem, parseJsonItem) and keeps each one; it answers with the item
//      itself, or for a Pod with only the part the main thread reads (skeleton.ts). The main
//      thread builds the snapshot from those (events joined, -n/-l/-c applied) as it always does.
//   2. diagnose: the main thread sends each selected pod's PodInput (without the pod, which the
//      worker holds; with it, for a pod the main thread parsed) in batches to the worker holding
//      it, and writes the workers' rendered pods in input order.
//
// Messages are structured clones: plain data only.

import type { PodBrief } from '../../engine/workload.js';
import type { PodInput } from '../../model/input.js';
import type { PieceFormat } from '../../render/pieces.js';
import type { TextOptions } from '../../render/text.js';
import type { Pieces } from '../../render/writers.js';
import type { FailOn, Lang } from '../../model/vocabulary.js';

/** What a worker needs to know before it diagnoses anything (workerData). */
export interface WorkerConfig {
  cwd: string;
  /** --rules and --config, to load the same rule set (loadRuleSet). */
  ruleFlags: { rules?: string[]; config?: string };
  lang: Lang;
  now?: number;
  format: PieceFormat;
  /** Text output's options, less the words (made from `lang` in the worker). */
  text?: Omit<TextOptions, 'words'>;
  all: boolean;
  container?: string;
  failOn: FailOn;
}

export interface ItemText {
  /** YAML (a "- " entry) or JSON (a List item's object). */
  yaml: boolean;
  text: string;
  file: string;
  line: number;
}

/** An error of a worker: an input error (InputError), or a bug. */
export interface WorkerError {
  message: string;
  input: boolean;
  stack?: string;
  /** Where an item that does not parse broke (a BreakError: reader/damage.ts). */
  broke?: { line: number; column: number; what: string; cut: boolean };
}

/** A parsed item: the item, or a Pod's skeleton, or why it did not parse. */
export type ItemResult = { value: unknown } | { skeleton: object } | { error: WorkerError };

export type Request =
  | { t: 'parse'; first: number; items: ItemText[] }
  /** The items themselves (asked synchronously), and the first error of any item so far. */
  | { t: 'values'; seqs: number[] }
  /** Phase 2 begins: items other than pods are let go; `shared` as ScanNotes.shared. */
  | { t: 'start'; shared: string[] }
  | { t: 'diagnose'; batch: number; pods: PodJob[] };

/** A pod to diagnose: held by the worker (seq), or given whole; `brief`: a scan's workload wants its brief. */
export type PodJob = ({ seq: number; input: Omit<PodInput, 'pod'> } | { input: PodInput }) & { brief?: true };

/** A batch's pods rendered for the format (render/pieces.ts), and what the main thread counts. */
export interface DiagnoseResult extends Pieces {
  /** 1 when a pod's findings reach --fail-on (exitStatus), else 0. */
  status: number;
  /** The briefs asked for (PodJob.brief), by namespace/name. */
  briefs?: { key: string; brief: PodBrief }[];
}

export type Reply =
  | { t: 'parsed'; first: number; results: ItemResult[] }
  | { t: 'values'; values: unknown[]; firstError?: { seq: number; error: WorkerError } }
  | ({ t: 'done'; batch: number } & DiagnoseResult)
  /** A request failed as a whole (a bug): the run stops with it. */
  | { t: 'failed'; error: WorkerError };

/** What a worker stores in the flag the main thread waits on for a synchronous request (worker.ts). */
export const ANSWERED = 1;
export const STOPPED = 2;
