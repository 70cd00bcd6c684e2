// When the diagnose command runs worker threads, and how many (pool.ts runs them). Apart from
// pool.ts so that a run deciding against them loads neither it nor node:worker_threads.

import { availableParallelism } from 'node:os';
import type { Deferrer, ItemDeferral } from '../../sources/reader.js';
import type { ParallelRun } from './pool.js';

/** Items per parse batch, and pods per diagnose batch. */
export const BATCH = 64;
/** Fewer selected pods than this are diagnosed on the main thread (the workers hand theirs back). */
export const MIN_PARALLEL_PODS = 2 * BATCH;
/** Parse batches handed to each worker and not yet answered, beyond which reading waits. */
export const IN_FLIGHT = 4;
/** CPUs from which worker threads are run unless PODWHY_WORKERS says otherwise. */
const MIN_CPUS = 4;
/**
 * At most this many worker threads unless PODWHY_WORKERS says otherwise: each holds its share of
 * the parsed pods in a heap of its own, and every heap keeps room to grow. The 10,000-pod YAML list
 * peaked at 226 MiB on one thread, 346 MiB with two workers and 382 MiB with three (young
 * generations of 8 MiB: pool.ts).
 */
const MAX_WORKERS = 2;

/**
 * How many worker threads to run: PODWHY_WORKERS when set (0: none), else, from MIN_CPUS CPUs
 * this process may use, one per CPU beyond the one the main thread reads and writes on, at most
 * MAX_WORKERS. Two CPUs are often two threads of one core: measured on such a machine, two
 * busy processes ran at 1.2 times the speed of one, and the diagnosis of 10,000 pods was 10–15%
 * slower with a worker than without (closing note of 2026-12-02).
 */
export function workerCount(env: Record<string, string | undefined>, cpus: () => number = availableParallelism): number {
  const set = env['PODWHY_WORKERS']?.trim();
  if (set !== undefined && /^\d{1,3}$/.test(set)) return Math.min(Number(set), 64);
  const n = cpus();
  return n >= MIN_CPUS ? Math.min(n - 1, MAX_WORKERS) : 0;
}

declare const PODWHY_WORKER: string | undefined;

/**
 * The worker threads' file: worker.js beside this module in the tsc build; in a bundle, the file
 * the build names (dist/bundle/worker.cjs), or none (the single executable has no files beside it).
 */
export function workerFile(): URL | undefined {
  if (typeof PODWHY_WORKER === 'string') return PODWHY_WORKER === '' ? undefined : new URL(PODWHY_WORKER, import.meta.url);
  return new URL('./worker.js', import.meta.url);
}

/** Bytes read from which the workers are started (the reader hands items over from FALLBACK_MAX on). */
export const START_AT = 4 * 1024 * 1024;

/**
 * The diagnose command's Deferrer: loads pool.ts and starts the workers only once the input is
 * big enough for them, so that a small input's run loads neither; then paces the reading by them.
 */
export class ParallelGate implements Deferrer {
  run: ParallelRun | undefined;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly load: () => Promise<ParallelRun>,
    private readonly startAt = START_AT,
  ) {}

  current(): ItemDeferral | undefined {
    return this.run;
  }

  pace(bytes: number): Promise<void> | undefined {
    if (this.run) return this.run.behind() ? this.run.caughtUp() : undefined;
    if (bytes < this.startAt) return undefined;
    this.loading ??= this.load().then((r) => {
      this.run = r;
    });
    return this.loading;
  }
}
