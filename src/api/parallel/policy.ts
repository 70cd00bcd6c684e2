// When the diagnose command runs worker threads, and how many (pool.ts runs them). Apart from
// pool.ts so that a run without them loads neither it nor node:worker_threads.

import type { Deferrer, ItemDeferral } from '../../sources/reader.js';
import type { ParallelRun } from './pool.js';

/** Items per parse batch, and pods per diagnose batch. */
export const BATCH = 64;
/** Fewer selected pods than this are diagnosed on the main thread (the workers hand theirs back). */
export const MIN_PARALLEL_PODS = 2 * BATCH;
/** Parse batches handed to each worker and not yet answered, beyond which reading waits. */
export const IN_FLIGHT = 4;
/**
 * How many worker threads to run: PODWHY_WORKERS (at most 64), else none. Off unless asked for,
 * because nowhere it could be measured were they faster: on the two-vCPU machine of the closing
 * note of 2026-12-02, a 10,000-pod list took 10–30% longer with one or two workers than without,
 * whether two busy processes ran there at 1.2 times the speed of one (at times) or at 1.9 (at
 * others: then two podwhy runs side by side still took 1.5 times as long each). One thread of
 * podwhy already keeps ~1.4 CPUs busy (V8 collects garbage and compiles on threads of its own), and
 * each worker's heap holds its share of the pods with its own room to grow (226 MiB on one thread,
 * ~350 with two workers). `npm run bench` measures them (the workers row) where they may pay.
 */
export function workerCount(env: Record<string, string | undefined>): number {
  const set = env['PODWHY_WORKERS']?.trim();
  return set !== undefined && /^\d{1,3}$/.test(set) ? Math.min(Number(set), 64) : 0;
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
