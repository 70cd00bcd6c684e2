// The main thread's side of the diagnose command's parallel run (protocol.ts). A big input's List
// items are parsed by worker threads while the main thread reads on (ParallelRun is the reader's
// ItemDeferral); the snapshot is made from what they send back; then the selected pods are
// diagnosed and rendered where they are held, and written here in input order. The output is
// the same, byte for byte, as one thread's (parallel.test.ts, parallel.e2e.test.ts).

import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { InputError } from '../../model/errors.js';
import type { PodInput } from '../../model/input.js';
import { readsItems } from '../../sources/file.js';
import { BreakError, damageOf, type Damage, type ItemDeferral, type ParsedDoc } from '../../sources/reader.js';
import { isObject } from '../../util/json.js';
import { WorkerHandler } from './handler.js';
import { BATCH, IN_FLIGHT, MIN_PARALLEL_PODS } from './policy.js';
import { STOPPED, type DiagnoseResult, type ItemResult, type ItemText, type PodJob, type Reply, type Request, type WorkerConfig, type WorkerError } from './protocol.js';

/** A channel to one worker. */
export interface Transport {
  /** Send a request; its reply, if it has one, goes to the onReply the transport was made with. */
  post(m: Request): void;
  /** Send a request and wait for its reply, blocking this thread (for synchronous readers). */
  request(m: Request): Reply;
  close(): void;
}

export type TransportFactory = (cfg: WorkerConfig, onReply: (r: Reply) => void, onFail: (e: Error) => void) => Transport;

/** What tests change (IO.testing): workers in this thread, smaller batches and thresholds. */
export interface ParallelTesting {
  transport?: TransportFactory;
  batch?: number;
  /** Selected pods from which the workers diagnose (at least 2). */
  minPods?: number;
  /** The reader's thresholds (ReadOptions): items are handed over only past fallbackMax. */
  bigDoc?: number;
  fallbackMax?: number;
}

/** A worker's error as the main thread throws it: an InputError for the input's faults (a BreakError where an item broke). */
function asError(w: WorkerError): Error {
  const b = w.broke;
  const e = b ? new BreakError(w.message, b.line, b.column, b.what, b.cut) : w.input ? new InputError(w.message) : new Error(w.message);
  if (w.stack !== undefined) e.stack = w.stack;
  return e;
}

/** The place of an item parsed by a worker, in the List it belongs to, until the input is read. */
export class StandIn {
  constructor(readonly seq: number) {}
}

export class ParallelRun implements ItemDeferral {
  private transports: Transport[] | undefined;
  private nextSeq = 0;
  private pending: ItemText[] = [];
  /** The worker that parsed each item. */
  private readonly owners: number[] = [];
  private parseBatches = 0;
  /** Parse batches not yet answered. */
  private awaiting = 0;
  private results: (ItemResult | undefined)[] = [];
  private readonly done = new Map<number, DiagnoseResult>();
  /** Pod skeletons, by the item number their pod is held under. */
  private readonly skeletons = new WeakMap<object, number>();
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly cfg: WorkerConfig,
    private readonly workers: number,
    private readonly factory: TransportFactory,
    private readonly batch = BATCH,
    /** Fewer selected pods than this are diagnosed on the main thread (MIN_PARALLEL_PODS). */
    readonly minPods = MIN_PARALLEL_PODS,
  ) {}

  /** Pods diagnosed by the workers. */
  private diagnosed = 0;

  /** What the workers did, for PODWHY_DEBUG=1. */
  get summary(): string {
    return `${this.workers} worker threads parsed ${this.nextSeq} list items and diagnosed ${this.diagnosed} pods`;
  }

  /** Whether any item was handed to a worker. */
  get started(): boolean {
    return this.transports !== undefined;
  }

  yaml(seg: string, file: string, line: number): unknown {
    return this.take({ yaml: true, text: seg, file, line });
  }

  json(text: string, file: string, line: number): unknown {
    return this.take({ yaml: false, text, file, line });
  }

  private take(it: ItemText): StandIn {
    this.start();
    this.pending.push(it);
    const s = new StandIn(this.nextSeq++);
    if (this.pending.length >= this.batch) this.flush();
    return s;
  }

  private start(): Transport[] {
    this.transports ??= Array.from({ length: this.workers }, () =>
      this.factory(
        this.cfg,
        (r) => this.onReply(r),
        (e) => this.onFail(e),
      ),
    );
    return this.transports;
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const ts = this.start();
    const w = this.parseBatches++ % ts.length;
    const first = this.nextSeq - this.pending.length;
    for (let i = 0; i < this.pending.length; i++) this.owners.push(w);
    this.awaiting++;
    (ts[w] as Transport).post({ t: 'parse', first, items: this.pending });
    this.pending = [];
  }

  behind(): boolean {
    return this.awaiting > IN_FLIGHT * this.workers;
  }

  caughtUp(): Promise<void> {
    return this.until(() => this.awaiting <= (IN_FLIGHT * this.workers) / 2);
  }

  private onReply(r: Reply): void {
    if (r.t === 'parsed') {
      r.results.forEach((x, i) => (this.results[r.first + i] = x));
      this.awaiting--;
    } else if (r.t === 'done') {
      const { t: _t, batch, ...result } = r;
      this.done.set(batch, result);
    } else if (r.t === 'failed') this.failure ??= asError(r.error);
    this.wake?.();
  }

  private onFail(e: Error): void {
    this.failure ??= e;
    this.wake?.();
  }

  private async until(ready: () => boolean): Promise<void> {
    for (;;) {
      if (this.failure) throw this.failure;
      if (ready()) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }

  /** The first error (in input order) of the items parsed so far, once all are parsed. */
  private async firstItemError(): Promise<Error | undefined> {
    this.flush();
    await this.until(() => this.awaiting === 0);
    for (const r of this.results) if (r !== undefined && 'error' in r) return asError(r.error);
    return undefined;
  }

  /**
   * The error a one-thread read would have stopped at: an item before the point where `e` was
   * thrown that did not parse, else `e` itself.
   */
  async readError(e: unknown): Promise<unknown> {
    if (!this.started) return e;
    try {
      return (await this.firstItemError()) ?? e;
    } catch {
      return e;
    }
  }

  /**
   * Once the input is read: wait for its items and put each in its place in `docs`. An item that
   * broke (a YAML or JSON fault in it) ends its input there, as a one-thread read would have
   * stopped at it: the items and documents after it are dropped and the input's damage is the
   * item's. Any other error an item met is thrown.
   */
  async settle(inputs: readonly { file?: string; docs: ParsedDoc[]; damage?: Damage }[]): Promise<void> {
    if (!this.started) return;
    const err = await this.firstItemError();
    if (err && !(err instanceof BreakError)) throw err;
    if (err) for (const input of inputs) this.cutAtBreak(input);
    for (const { docs } of inputs) {
      for (const d of docs) {
        const v = d.value;
        if (Array.isArray(v)) this.replace(v, false);
        else if (isObject(v)) for (const [k, x] of Object.entries(v)) if (Array.isArray(x)) this.replace(x, k === 'items' && readsItems(v));
      }
    }
    this.results = [];
  }

  /** The input's first item that broke (in its order), if any: the input ends there (settle). */
  private cutAtBreak(input: { file?: string; docs: ParsedDoc[]; damage?: Damage }): void {
    const broke = (x: unknown) => x instanceof StandIn && 'error' in (this.results[x.seq] as ItemResult);
    for (let j = 0; j < input.docs.length; j++) {
      const d = input.docs[j] as ParsedDoc;
      const v = d.value;
      const lists = Array.isArray(v) ? [v] : isObject(v) ? Object.values(v).filter((x): x is unknown[] => Array.isArray(x)) : [];
      for (const list of lists) {
        const i = list.findIndex(broke);
        if (i < 0) continue;
        const e = asError((this.results[(list[i] as StandIn).seq] as { error: WorkerError }).error) as BreakError;
        list.length = i;
        if (d.itemLines && list === (v as Record<string, unknown>)['items']) d.itemLines = d.itemLines.slice(0, i);
        input.docs.length = j + 1;
        input.damage = damageOf(input.file ?? '<input>', e);
        return;
      }
    }
  }

  /** Stand-ins in `list` → their items; a pod's skeleton where `asItems` (the List's items are read one by one). */
  private replace(list: unknown[], asItems: boolean): void {
    const whole: number[] = [];
    for (let i = 0; i < list.length; i++) {
      const s = list[i];
      if (!(s instanceof StandIn)) continue;
      const r = this.results[s.seq] as ItemResult;
      if ('value' in r) list[i] = r.value;
      else if ('skeleton' in r && asItems) {
        list[i] = r.skeleton;
        this.skeletons.set(r.skeleton, s.seq);
      } else whole.push(i);
    }
    if (whole.length === 0) return;
    const values = this.values(whole.map((i) => list[i]));
    whole.forEach((i, k) => (list[i] = values[k]));
  }

  /** The items of stand-ins, from the workers that hold them; blocks until they answer. */
  values(standIns: unknown[]): unknown[] {
    this.flush();
    const ts = this.start();
    const seqs = standIns.map((s) => (s instanceof StandIn ? s.seq : -1));
    const out: unknown[] = standIns.slice();
    let firstError: { seq: number; error: WorkerError } | undefined;
    ts.forEach((t, w) => {
      const mine = seqs.filter((s) => s >= 0 && this.owners[s] === w);
      const r = t.request({ t: 'values', seqs: mine });
      if (r.t === 'failed') throw asError(r.error);
      if (r.t !== 'values') throw new Error(`a worker thread answered ${r.t} to values`);
      if (r.firstError && (!firstError || r.firstError.seq < firstError.seq)) firstError = r.firstError;
      const bySeq = new Map(mine.map((s, i) => [s, r.values[i]]));
      seqs.forEach((s, i) => {
        if (bySeq.has(s)) out[i] = bySeq.get(s);
      });
    });
    if (firstError) throw asError(firstError.error);
    return out;
  }

  /** The pods of skeletons made whole again, to be diagnosed on this thread. */
  hydrate(pods: PodInput[]): void {
    const held = pods.filter((p) => this.skeletons.has(p.pod));
    if (held.length === 0) return;
    const values = this.values(held.map((p) => new StandIn(this.skeletons.get(p.pod) as number)));
    held.forEach((p, i) => (p.pod = values[i] as PodInput['pod']));
  }

  /**
   * Diagnose `pods` on the workers, in batches of consecutive pods held by the same worker (a pod
   * this thread parsed goes whole), and hand each batch's result to `take` in input order.
   */
  async diagnose(pods: readonly PodInput[], shared: ReadonlySet<string>, take: (r: DiagnoseResult) => void, brief?: (p: PodInput) => boolean): Promise<void> {
    const ts = this.start();
    for (const t of ts) t.post({ t: 'start', shared: [...shared] });
    let batch: PodJob[] = [];
    let owner = -1;
    let batches = 0;
    let spread = 0;
    const send = () => {
      if (batch.length === 0) return;
      (ts[owner] as Transport).post({ t: 'diagnose', batch: batches++, pods: batch });
      batch = [];
    };
    for (const p of pods) {
      const seq = this.skeletons.get(p.pod);
      const w = seq !== undefined ? (this.owners[seq] as number) : batch.length > 0 && batch.length < this.batch ? owner : spread++ % ts.length;
      if (w !== owner || batch.length >= this.batch) {
        send();
        owner = w;
      }
      const b = brief?.(p) === true ? { brief: true as const } : {};
      if (seq !== undefined) {
        const { pod: _pod, ...input } = p;
        batch.push({ seq, input, ...b });
      } else batch.push({ input: p, ...b });
      this.diagnosed++;
    }
    send();
    for (let next = 0; next < batches; next++) {
      await this.until(() => this.done.has(next));
      take(this.done.get(next) as DiagnoseResult);
      this.done.delete(next);
    }
  }

  close(): void {
    for (const t of this.transports ?? []) t.close();
  }
}

/**
 * A worker in this thread, for tests: each message is cloned, as between threads, and answered
 * after the current task; a synchronous request first answers those still queued.
 */
export const inProcessTransport: TransportFactory = (cfg, onReply) => {
  const h = new WorkerHandler(structuredClone(cfg));
  const queue: Request[] = [];
  let scheduled = false;
  const drain = () => {
    scheduled = false;
    while (queue.length > 0) {
      const r = h.handle(queue.shift() as Request);
      if (r) onReply(structuredClone(r));
    }
  };
  return {
    post(m) {
      queue.push(structuredClone(m));
      if (!scheduled) {
        scheduled = true;
        setImmediate(drain);
      }
    },
    request(m) {
      drain();
      return structuredClone(h.handle(structuredClone(m)) as Reply);
    },
    close() {
      queue.length = 0;
    },
  };
};

/** Worker threads running `file` (worker.ts, or the bundle's worker.cjs). */
export function threadTransport(file: string | URL): TransportFactory {
  return (cfg, onReply, onFail) => {
    const { port1, port2 } = new MessageChannel();
    const flag = new Int32Array(new SharedArrayBuffer(4));
    let closed = false;
    // (a young generation of 8 MiB, not V8's default of up to 32: with three workers the 10,000-pod
    // YAML list peaked at 382 MiB rather than 459, in the same time)
    const w = new Worker(file, { workerData: { cfg, port: port2, flag }, transferList: [port2], stdout: true, stderr: true, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    w.on('message', (r: Reply) => onReply(r));
    w.on('error', (e) => onFail(e));
    w.on('exit', (code) => {
      if (!closed) onFail(new Error(`a worker thread stopped (exit code ${code})`));
    });
    return {
      post: (m) => w.postMessage(m),
      request(m) {
        Atomics.store(flag, 0, 0);
        w.postMessage(m);
        for (;;) {
          const got = receiveMessageOnPort(port1);
          if (got) return got.message as Reply;
          if (Atomics.load(flag, 0) === STOPPED) throw new Error('a worker thread stopped before it answered');
          Atomics.wait(flag, 0, 0, 1000);
        }
      },
      close() {
        closed = true;
        port1.close();
        void w.terminate();
        w.unref();
      },
    };
  };
}
