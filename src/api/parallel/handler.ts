// A worker thread's side of the diagnose command's parallel run (protocol.ts): parse the items
// it is given and keep them, then diagnose and render the pods it is asked to. Plain functions of
// the messages, so that tests run it in-process (pool.ts: inProcessTransport).

import { diagnosePod } from '../../engine/diagnose.js';
import { podBrief } from '../../engine/workload.js';
import type { PodDiagnosis } from '../../engine/types.js';
import { InputError } from '../../model/errors.js';
import type { PodInput } from '../../model/input.js';
import { piecesFor } from '../../render/pieces.js';
import { scanEntries, type ScanEntry } from '../../render/text.js';
import { wordsFor, type Words } from '../../render/words.js';
import type { RuleSet } from '../../rules/plan.js';
import { BreakError, parseJsonItem, parseYamlItem } from '../../sources/reader.js';
import { isObject, type JsonObject } from '../../util/json.js';
import { loadRuleSet } from '../config.js';
import { exitStatus, onlyContainer } from '../pods.js';
import type { DiagnoseResult, ItemResult, PodJob, Reply, Request, WorkerConfig, WorkerError } from './protocol.js';
import { podSkeleton } from './skeleton.js';

export function workerError(e: unknown): WorkerError {
  const err = e instanceof Error ? e : new Error(String(e));
  const broke = e instanceof BreakError ? { broke: { line: e.line, column: e.column, what: e.what, cut: e.cut } } : {};
  return { message: err.message, input: e instanceof InputError, ...(err.stack !== undefined ? { stack: err.stack } : {}), ...broke };
}

export class WorkerHandler {
  /** Parsed items by number, until diagnosed (pods) or phase 2 begins (the rest). */
  private readonly held = new Map<number, unknown>();
  private readonly pods = new Set<number>();
  private firstError: { seq: number; error: WorkerError } | undefined;
  private ready: { rules: RuleSet; words: Words; entry?: (p: PodDiagnosis) => ScanEntry } | undefined;

  constructor(private readonly cfg: WorkerConfig) {}

  handle(m: Request): Reply | undefined {
    try {
      switch (m.t) {
        case 'parse':
          return { t: 'parsed', first: m.first, results: m.items.map((it, i) => this.parse(m.first + i, it.yaml, it.text, it.file, it.line)) };
        case 'values':
          return { t: 'values', values: m.seqs.map((s) => this.held.get(s)), ...(this.firstError ? { firstError: this.firstError } : {}) };
        case 'start':
          for (const s of this.held.keys()) if (!this.pods.has(s)) this.held.delete(s);
          this.prepare(m.shared);
          return undefined;
        case 'diagnose':
          return { t: 'done', batch: m.batch, ...this.diagnose(m.pods) };
      }
    } catch (e) {
      return { t: 'failed', error: workerError(e) };
    }
  }

  private parse(seq: number, yaml: boolean, text: string, file: string, line: number): ItemResult {
    try {
      const v = yaml ? parseYamlItem(text, file, line) : parseJsonItem(text, file, line);
      this.held.set(seq, v);
      if (isObject(v) && v['kind'] === 'Pod') {
        this.pods.add(seq);
        return { skeleton: podSkeleton(v) };
      }
      return { value: v };
    } catch (e) {
      const error = workerError(e);
      if (!this.firstError || seq < this.firstError.seq) this.firstError = { seq, error };
      return { error };
    }
  }

  private prepare(shared: string[]): void {
    const { rules } = loadRuleSet(this.cfg.cwd, this.cfg.ruleFlags);
    const words = wordsFor(rules, this.cfg.lang);
    this.ready = { rules, words, ...(this.cfg.format === 'text' && this.cfg.text ? { entry: scanEntries({ ...this.cfg.text, words }, { shared: new Set(shared) }) } : {}) };
  }

  private diagnose(jobs: PodJob[]): DiagnoseResult {
    if (!this.ready) this.prepare([]);
    const { rules, words, entry } = this.ready as NonNullable<WorkerHandler['ready']>;
    const opts = this.cfg.now !== undefined ? { now: this.cfg.now } : {};
    let status = 0;
    const ds: PodDiagnosis[] = [];
    const briefs: NonNullable<DiagnoseResult['briefs']> = [];
    for (const job of jobs) {
      let input: PodInput;
      if ('seq' in job) {
        input = { ...job.input, pod: this.held.get(job.seq) as JsonObject };
        this.held.delete(job.seq);
        this.pods.delete(job.seq);
      } else input = job.input;
      const d = onlyContainer(diagnosePod(input, rules, opts), this.cfg.container);
      if (status === 0) status = exitStatus([d], this.cfg.failOn);
      if (job.brief) briefs.push({ key: `${d.namespace ?? 'default'}/${d.name ?? ''}`, brief: podBrief(d) });
      ds.push(d);
    }
    const b = briefs.length > 0 ? { briefs } : {};
    return { status, ...piecesFor(this.cfg.format, ds, words, this.cfg.all, entry), ...b };
  }
}
