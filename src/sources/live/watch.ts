// podwhy --watch: follow pods live through the watch API, as kubectl's reflectors do. Loaded by
// dynamic import in live mode only (with the rest of src/sources/live).
//
// Two reflectors, one on the pods (one pod by metadata.name, or every pod -l selects, new ones
// included) and one on their events. Each lists first (resourceVersion of the list), then
// watches from it; a stream that ends or breaks is resumed from the last resourceVersion seen
// (events and BOOKMARKs advance it), a 410 Gone / Expired makes it list again and report what
// changed meanwhile. A change already seen (same object, same resourceVersion) is ignored, so a
// replay never prints twice. Every pod change or event re-diagnoses the pod; a new STATUS or READY
// (what `kubectl get pods` would show) is a transition, printed with its one-line explanation.
// One pod ends when it is Ready, Succeeded, Failed or deleted; every watch ends on interrupt.

import { connect } from './connect.js';
import type { ClusterTarget } from './live.js';
import { ClusterError, InputError, UsageError } from '../../model/errors.js';
import { toEventRecord } from '../events.js';
import type { EventRecord, PodInput } from '../../model/input.js';
import { dig, objs, str, type JsonObject } from '../../util/json.js';
import { ApiError, ApiClient, type WatchEnd, type WatchEvent, type WatchHandle } from './client.js';
import type { KubeTarget } from './kubeconfig.js';
import { listAll, readScanLogs, type Triage } from './fetch.js';

/** What the caller's diagnosis says about a pod: enough to print a transition and decide the end. */
export interface PodView {
  status: string;
  ready: string;
  /** One line: the root cause's title, or what last happened to a healthy pod. */
  explanation: string;
}

export interface Transition {
  /** When podwhy saw it (epoch ms). */
  at: number;
  namespace: string;
  name: string;
  /** change (a new STATUS or READY), new (first seen), deleted. */
  kind: 'new' | 'change' | 'deleted';
  view: PodView;
  input: PodInput;
}

export type WatchEndReason = 'ready' | 'succeeded' | 'failed' | 'deleted' | 'interrupted';

export interface WatchOptions extends ClusterTarget {
  /** Ctrl-C. */
  interrupt: AbortSignal;
  clock?: () => number;
  /** Diagnose a pod as the caller's rules see it. */
  view: (input: PodInput, now: number) => PodView;
  onTransition: (t: Transition) => void;
  /** Server-side stream length, seconds (the apiserver ends a watch after it; we resume). */
  watchTimeoutSeconds?: number;
  /** Which pods' logs the final diagnosis needs (as a scan chooses them); no logs without it. */
  triage?: Triage;
}

export interface WatchResult {
  reason: WatchEndReason;
  /** The pods as last seen (deleted ones included for a single pod), for the final diagnosis. */
  inputs: PodInput[];
  target: KubeTarget;
  stats: { pods: Reflector['stats']; events: Reflector['stats'] };
}

/**
 * Waits before reconnecting after consecutive failures (a stream that broke without delivering
 * anything, or a connection that could not be made); after the last one, give up. A broken
 * stream that had delivered events resets the count: it is resumed at once.
 */
const RETRY_MS = [0, 0, 250, 1000, 2000, 4000, 8000];

/**
 * A watch the server ended cleanly within a second without sending anything is a "very short
 * watch" (a proxy or load balancer closing it, an apiserver shutting down): reopening it at once
 * would loop as fast as the network allows. Back off as client-go's reflector does, from 800 ms
 * doubling up to 30 s, each wait stretched by up to as much again at random (jitter), and reset
 * once a watch lasts or delivers something. Any reconnect also waits for MIN_RECONNECT_MS after
 * the previous watch opened.
 */
export const SHORT_WATCH_MS = 1000;
export const SHORT_WATCH_BACKOFF = { initialMs: 800, maxMs: 30_000, factor: 2, jitter: 1 };
export const MIN_RECONNECT_MS = 100;

/** The wait before the n-th consecutive reconnect after a very short watch (n ≥ 1). */
export function shortWatchDelay(n: number, random: () => number = Math.random): number {
  const b = SHORT_WATCH_BACKOFF;
  const base = Math.min(b.maxMs, b.initialMs * b.factor ** Math.max(0, n - 1));
  return Math.round(base * (1 + b.jitter * random()));
}

interface Known {
  rv: string;
  obj: JsonObject;
}

type OnChange = (type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: JsonObject) => void;

function keyOf(o: JsonObject): string {
  return `${str(dig(o, 'metadata', 'namespace')) ?? ''}/${str(dig(o, 'metadata', 'name')) ?? ''}`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** List then watch one collection, resuming and relisting as the apiserver requires. */
export class Reflector {
  private known = new Map<string, Known>();
  private rv = '';
  private handle?: WatchHandle;
  /** Watch and relist counts, for tests and the closing note. */
  readonly stats = { lists: 0, watches: 0, resumed: 0, relisted: 0, duplicates: 0, shortWatches: 0 };

  constructor(
    private readonly client: ApiClient,
    private readonly path: string,
    private readonly query: Record<string, string | undefined>,
    private readonly onChange: OnChange,
    private readonly stop: AbortSignal,
    private readonly timeoutSeconds: number,
    /** Called once, after the first list. */
    private readonly onSynced: () => void = () => {},
    private readonly clock: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  /** List everything (paged), report what is new, changed or gone since the last list. */
  private async list(): Promise<void> {
    this.stats.lists++;
    const seen = new Set<string>();
    const { items, resourceVersion: listRV } = await listAll(this.client, this.path, this.query);
    for (const o of items) {
      const k = keyOf(o);
      seen.add(k);
      const rv = str(dig(o, 'metadata', 'resourceVersion')) ?? '';
      const before = this.known.get(k);
      if (before && before.rv === rv && rv !== '') continue;
      this.known.set(k, { rv, obj: o });
      this.onChange(before ? 'MODIFIED' : 'ADDED', o);
    }
    for (const [k, v] of [...this.known]) {
      if (seen.has(k)) continue;
      this.known.delete(k);
      this.onChange('DELETED', v.obj);
    }
    this.rv = listRV;
  }

  private event(e: WatchEvent, gone: { expired: boolean }): void {
    if (e.type === 'BOOKMARK') {
      const rv = str(dig(e.object, 'metadata', 'resourceVersion'));
      if (rv) this.rv = rv;
      return;
    }
    if (e.type === 'ERROR') {
      const code = e.object['code'];
      if (code === 410 || e.object['reason'] === 'Expired' || e.object['reason'] === 'Gone') {
        gone.expired = true;
        return;
      }
      throw new ClusterError(`the watch of ${this.path} failed: ${str(e.object['message']) ?? JSON.stringify(e.object)}`);
    }
    if (e.type !== 'ADDED' && e.type !== 'MODIFIED' && e.type !== 'DELETED') return;
    const o = e.object;
    const k = keyOf(o);
    const rv = str(dig(o, 'metadata', 'resourceVersion')) ?? '';
    const before = this.known.get(k);
    if (rv !== '') this.rv = rv;
    if (e.type === 'DELETED') {
      if (!before) {
        this.stats.duplicates++;
        return;
      }
      this.known.delete(k);
    } else {
      // Seen already (a replay after a reconnect, or the list and the watch overlapping).
      if (before && before.rv === rv && rv !== '') {
        this.stats.duplicates++;
        return;
      }
      this.known.set(k, { rv, obj: o });
    }
    this.onChange(e.type, o);
  }

  async run(): Promise<void> {
    let failures = 0;
    let short = 0;
    let needList = true;
    while (!this.stop.aborted) {
      try {
        if (needList) {
          if (this.stats.lists > 0) this.stats.relisted++;
          const first = this.stats.lists === 0;
          await this.list();
          needList = false;
          if (first) this.onSynced();
        }
        if (this.stop.aborted) return;
        const gone = { expired: false };
        let err: unknown;
        let delivered = 0;
        this.stats.watches++;
        const opened = this.clock();
        const h = this.client.watch(this.path, { ...this.query, resourceVersion: this.rv || undefined, allowWatchBookmarks: 'true', timeoutSeconds: this.timeoutSeconds }, (e) => {
          if (err !== undefined) return;
          delivered++;
          try {
            this.event(e, gone);
            failures = 0;
          } catch (x) {
            err = x;
            h.abort();
          }
        });
        this.handle = h;
        const onStop = () => h.abort();
        this.stop.addEventListener('abort', onStop, { once: true });
        let end: WatchEnd;
        try {
          end = await h.done;
        } finally {
          this.stop.removeEventListener('abort', onStop);
        }
        if (err !== undefined) throw err;
        if (this.stop.aborted || end === 'aborted') return;
        if (gone.expired) {
          needList = true;
          continue;
        }
        this.stats.resumed++;
        const lasted = this.clock() - opened;
        if (end === 'dropped') {
          failures++;
          if (failures >= RETRY_MS.length) throw new ClusterError(`the watch of ${this.path} keeps breaking — check your connection to the API server`);
          await sleep(Math.max(RETRY_MS[failures - 1] as number, MIN_RECONNECT_MS - lasted), this.stop);
        } else {
          failures = 0;
          if (delivered === 0 && lasted < SHORT_WATCH_MS) {
            short++;
            this.stats.shortWatches++;
            await sleep(Math.max(shortWatchDelay(short, this.random), MIN_RECONNECT_MS - lasted), this.stop);
          } else {
            short = 0;
            await sleep(MIN_RECONNECT_MS - lasted, this.stop);
          }
        }
      } catch (e) {
        if (this.stop.aborted) return;
        if (e instanceof ApiError) {
          if (e.status === 410) {
            needList = true;
            continue;
          }
          throw e;
        }
        // A connection that cannot be made again: retry a few times, then give up.
        if (e instanceof ClusterError && failures + 1 < RETRY_MS.length && !/forbidden|Unauthorized/.test(e.message)) {
          failures++;
          await sleep(RETRY_MS[failures] as number, this.stop);
          continue;
        }
        throw e;
      }
    }
  }

  abort(): void {
    this.handle?.abort();
  }
}

interface PodState {
  pod: JsonObject;
  last?: string;
  deleted?: boolean;
}

function isReady(pod: JsonObject): boolean {
  return objs(dig(pod, 'status', 'conditions')).some((c) => c['type'] === 'Ready' && c['status'] === 'True');
}

/** Follow one pod, or every pod a selector matches, until it settles or the user interrupts. */
export async function watchPods(opts: WatchOptions): Promise<WatchResult> {
  if (opts.pod !== undefined && opts.allNamespaces) throw new UsageError('a pod cannot be watched by name across all namespaces (-A) — give its namespace with -n');
  const { target, client } = await connect(opts, true);
  const clock = opts.clock ?? Date.now;
  const stop = new AbortController();
  const onInterrupt = () => stop.abort();
  opts.interrupt.addEventListener('abort', onInterrupt, { once: true });
  let reason: WatchEndReason = 'interrupted';
  const pods = new Map<string, PodState>();
  const events = new Map<string, EventRecord & { key: string; podKey: string }>();
  const single = opts.pod !== undefined;
  const ns = opts.allNamespaces ? undefined : target.namespace;
  const base = ns === undefined ? '/api/v1' : `/api/v1/namespaces/${encodeURIComponent(ns)}`;

  const inputOf = (key: string, st: PodState): PodInput => ({
    pod: st.pod,
    events: [...events.values()].filter((e) => e.podKey === key && (!e.involved.uid || !str(dig(st.pod, 'metadata', 'uid')) || e.involved.uid === str(dig(st.pod, 'metadata', 'uid')))),
    source: { file: `${target.context}/${key}`, input: `cluster ${target.context}` },
  });

  // Nothing is printed before both first lists are in: the first line of a pod then already
  // knows its events (an image pull error says which image and why).
  let synced = 0;
  const onSynced = () => {
    if (++synced !== 2) return;
    for (const key of [...pods.keys()]) evaluate(key, pods.get(key)?.deleted ? 'deleted' : 'change');
  };
  const evaluate = (key: string, kind: 'change' | 'deleted') => {
    const st = pods.get(key);
    if (!st || stop.signal.aborted || synced < 2) return;
    const now = clock();
    const input = inputOf(key, st);
    const view = opts.view(input, now);
    const sig = kind === 'deleted' ? 'deleted' : `${view.status}\u0000${view.ready}`;
    if (sig === st.last) return;
    const first = st.last === undefined;
    st.last = sig;
    const [namespace, name] = key.split('/') as [string, string];
    opts.onTransition({ at: now, namespace, name, kind: kind === 'deleted' ? 'deleted' : first ? 'new' : 'change', view, input });
    if (!single) return;
    const phase = str(dig(st.pod, 'status', 'phase'));
    if (kind === 'deleted') reason = 'deleted';
    else if (phase === 'Succeeded') reason = 'succeeded';
    else if (phase === 'Failed') reason = 'failed';
    else if (isReady(st.pod)) reason = 'ready';
    else return;
    stop.abort();
  };

  const onPod: OnChange = (type, o) => {
    const key = keyOf(o);
    if (type === 'DELETED') {
      const st = pods.get(key) ?? { pod: o };
      st.pod = o;
      st.deleted = true;
      pods.set(key, st);
      evaluate(key, 'deleted');
      if (!single) {
        // A rollout replaces pods for as long as it runs: forget the gone ones and their events.
        pods.delete(key);
        for (const [k, e] of events) if (e.podKey === key) events.delete(k);
      }
      return;
    }
    const st = pods.get(key);
    // A pod recreated with the same name (StatefulSet) is a new pod.
    if (st && str(dig(st.pod, 'metadata', 'uid')) !== str(dig(o, 'metadata', 'uid'))) st.last = undefined;
    if (st) st.pod = o;
    else pods.set(key, { pod: o });
    evaluate(key, 'change');
  };

  const onEvent: OnChange = (type, o) => {
    const rec = toEventRecord(o);
    const k = keyOf(o);
    if (type === 'DELETED') {
      events.delete(k);
      return;
    }
    const podKey = `${rec.involved.namespace ?? str(dig(o, 'metadata', 'namespace')) ?? ''}/${rec.involved.name ?? ''}`;
    events.set(k, { ...rec, key: k, podKey });
    if (pods.has(podKey)) evaluate(podKey, 'change');
  };

  const podQuery: Record<string, string | undefined> = single ? { fieldSelector: `metadata.name=${opts.pod}` } : { labelSelector: opts.selector, fieldSelector: opts.fieldSelector };
  const eventQuery: Record<string, string | undefined> = { fieldSelector: single ? `involvedObject.kind=Pod,involvedObject.name=${opts.pod}` : 'involvedObject.kind=Pod' };
  const secs = opts.watchTimeoutSeconds ?? 300;
  const finalInputs = () => [...pods.entries()].filter(([, st]) => single || !st.deleted).map(([k, st]) => inputOf(k, st));
  let final: PodInput[] | undefined;
  /** What the watch could not read (events forbidden), said on every pod at the end. */
  const eventNotes: string[] = [];
  const podR = new Reflector(client, `${base}/pods`, podQuery, onPod, stop.signal, secs, onSynced);
  const evR = new Reflector(client, `${base}/events`, eventQuery, onEvent, stop.signal, secs, onSynced);
  try {
    await client.init();
    // Check the pod exists before watching it: a typo should fail at once, not wait forever.
    if (single) {
      try {
        await client.getJSON(`${base}/pods/${encodeURIComponent(opts.pod as string)}`);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) throw new InputError(`pod "${opts.pod}" not found in namespace "${ns}" — check the name, or pass -n for another namespace`);
        throw translate(e, ns);
      }
    }
    const runs = [podR.run(), evR.run().catch((e) => {
      // Events only sharpen explanations: without them (forbidden), keep following the pods, and
      // say so at the end as a one-shot run says it.
      if (e instanceof ApiError && e.status === 403) {
        eventNotes.push(`events (forbidden: ${e.message})`);
        if (evR.stats.lists <= 1) onSynced();
        return;
      }
      throw e;
    })];
    await Promise.race([Promise.all(runs), new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true }))]);
    stop.abort();
    await Promise.allSettled(runs);
    await Promise.all(runs);
    // The final diagnosis reads previous logs as a one-shot run does (the watches are over; the
    // client is still open).
    if (opts.triage) {
      final = finalInputs();
      try {
        await readScanLogs(client, final, opts.triage, opts.container !== undefined ? { container: opts.container } : {});
      } catch {
        // logs only sharpen the final diagnosis
      }
    }
  } catch (e) {
    stop.abort();
    throw translate(e, ns);
  } finally {
    opts.interrupt.removeEventListener('abort', onInterrupt);
    podR.abort();
    evR.abort();
    client.close();
  }
  const inputs = final ?? finalInputs();
  if (eventNotes.length > 0) for (const p of inputs) p.unreadable = [...eventNotes, ...(p.unreadable ?? [])];
  return { reason, inputs, target, stats: { pods: podR.stats, events: evR.stats } };
}

function translate(e: unknown, ns: string | undefined): unknown {
  if (!(e instanceof ApiError)) return e;
  if (e.status === 401) return new ClusterError(`the API server rejected the credentials (401 Unauthorized) — refresh them, then retry`);
  if (e.status === 403) return new ClusterError(`forbidden to watch pods ${ns === undefined ? 'at the cluster scope' : `in namespace "${ns}"`}: ${e.message} — ask for RBAC that allows "watch" on "pods"`);
  if (e.status === 400) return new InputError(`the API server refused the watch: ${e.message} — check -l`);
  return new ClusterError(`watching failed: ${e.status} ${e.reason}: ${e.message}`);
}
