// The pod's timeline: where its time went, from the timestamps the API already holds.
// Sources: metadata.creationTimestamp and deletionTimestamp, status.conditions[].lastTransitionTime,
// container state / lastState startedAt and finishedAt, and the pod's events (firstTimestamp,
// lastTimestamp, eventTime, count, series — already folded into EventRecord by the source).
//
// Cheap by design (it runs for every pod of a 10,000-pod JSON report): one pass over conditions,
// containers and events, a sort of a few dozen entries, and only constant regular expressions.
// Pure: no clock but `now`, no I/O. Entries carry structured data; words come from i18n/timeline.ts.

import { parseGoDurationMs } from '../kubectl/duration.js';
import type { EventRecord, PodInput } from '../model/input.js';
import { nonEmpty, num, obj, objs, str, time, type JsonObject } from '../util/json.js';
import { oneLine } from '../util/sanitize.js';
import { redact } from '../util/redact.js';
import type { Timeline, TimelineEntry, TimelineStage } from '../model/timeline.js';

const MAX_MESSAGE = 200;

/** Lifecycle order: breaks ties between entries of the same second, places undated entries. */
const ORDER: Record<TimelineStage, number> = {
  creation: 0,
  admission: 1,
  scheduling: 2,
  sandbox: 3,
  volumes: 4,
  image: 5,
  init: 6,
  config: 7,
  start: 8,
  runtime: 9,
  probes: 10,
  ready: 11,
  termination: 12,
  completed: 13,
};

/** Event reason → stage. Reasons not listed fall into runtime. */
const EVENT_STAGE: Record<string, TimelineStage> = {
  Scheduled: 'scheduling',
  FailedScheduling: 'scheduling',
  Preempted: 'scheduling',
  Preempting: 'termination',
  NotTriggerScaleUp: 'scheduling',
  TriggeredScaleUp: 'scheduling',
  SchedulingGated: 'scheduling',
  FailedCreatePodSandBox: 'sandbox',
  SandboxChanged: 'sandbox',
  NetworkNotReady: 'sandbox',
  FailedCreatePodContainer: 'sandbox',
  FailedMount: 'volumes',
  FailedAttachVolume: 'volumes',
  FailedMapVolume: 'volumes',
  SuccessfulAttachVolume: 'volumes',
  SuccessfulMountVolume: 'volumes',
  Pulling: 'image',
  Pulled: 'image',
  ErrImageNeverPull: 'image',
  InspectFailed: 'image',
  Created: 'start',
  Started: 'start',
  FailedPostStartHook: 'start',
  Unhealthy: 'probes',
  ProbeWarning: 'probes',
  Killing: 'runtime',
  BackOff: 'runtime',
  FailedPreStopHook: 'termination',
  FailedKillPod: 'termination',
  ExceededGracePeriod: 'termination',
  Evicted: 'termination',
  TaintManagerEviction: 'termination',
  NodeNotReady: 'runtime',
  OutOfmemory: 'admission',
  OutOfcpu: 'admission',
  NodeAffinity: 'admission',
};

const PULLED_IN = / in ([0-9.]+(?:ms|s|m[0-9.]*s?|h[0-9.ms]*))/;
/**
 * util/json time() for the common "2025-03-02T07:12:40Z" without a regular expression (a pod has a
 * dozen timestamps; this is most of a timeline's cost otherwise); anything else goes to time().
 */
function ts(v: unknown): number | undefined {
  if (typeof v !== 'string' || v.length !== 20 || v.charCodeAt(19) !== 90 /* Z */ || v.charCodeAt(10) !== 84 /* T */) return time(v);
  const n = (i: number, len: number) => {
    let x = 0;
    for (let k = i; k < i + len; k++) {
      const c = v.charCodeAt(k) - 48;
      if (c < 0 || c > 9) return NaN;
      x = x * 10 + c;
    }
    return x;
  };
  if (v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45 || v.charCodeAt(13) !== 58 || v.charCodeAt(16) !== 58) return time(v);
  const y = n(0, 4);
  const mo = n(5, 2);
  const d = n(8, 2);
  const h = n(11, 2);
  const mi = n(14, 2);
  const s = n(17, 2);
  if (!(y > 1970 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h <= 23 && mi <= 59 && s <= 60)) return time(v);
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** The text between the first pair of double quotes: the image of Pulling/Pulled messages. */
function quoted(s: string): string | undefined {
  const a = s.indexOf('"');
  if (a < 0) return undefined;
  const b = s.indexOf('"', a + 1);
  return b > a ? s.slice(a + 1, b) : undefined;
}

/** spec.containers{app} → app (without a regular expression: this runs per event). */
function containerOf(fieldPath: string | undefined): string | undefined {
  if (!fieldPath || !fieldPath.startsWith('spec.')) return undefined;
  const a = fieldPath.indexOf('{');
  const b = fieldPath.indexOf('}', a + 1);
  return a > 0 && b > a ? fieldPath.slice(a + 1, b) : undefined;
}


/** Events whose line quotes their message; the others say all there is without it. */
const QUOTES_MESSAGE = new Set(['Pulling', 'Pulled', 'Scheduled', 'Started', 'BackOff']);

function shortMessage(m: string | undefined): string | undefined {
  if (m === undefined) return undefined;
  const one = oneLine(m).trim();
  if (one === '') return undefined;
  // redacted with room past the cut: a credential that straddles it is seen whole, and a long one
  // shortened before it cannot pull the rest of another into view
  const red = redact(one.length > MAX_MESSAGE * 20 ? one.slice(0, MAX_MESSAGE * 20) : one);
  return red.length > MAX_MESSAGE ? `${red.slice(0, MAX_MESSAGE - 1)}…` : red;
}

function probeOf(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message.startsWith('Liveness')) return 'liveness';
  if (message.startsWith('Readiness')) return 'readiness';
  if (message.startsWith('Startup')) return 'startup';
  return undefined;
}

function eventEntry(e: EventRecord): TimelineEntry | undefined {
  const reason = e.reason;
  if (!reason) return undefined;
  // Created is always followed by Started or Failed: it adds a line, not information.
  if (reason === 'Created') return undefined;
  // The kubelet repeats each pull failure as "Error: ErrImagePull" / "Error: ImagePullBackOff": nothing new.
  if (reason === 'Failed' && (e.message === 'Error: ErrImagePull' || e.message === 'Error: ImagePullBackOff')) return undefined;
  let stage: TimelineStage = EVENT_STAGE[reason] ?? 'runtime';
  const msg = e.message ?? '';
  const entry: TimelineEntry = { stage, event: reason };
  if (e.first !== undefined) entry.at = e.first;
  if (e.count > 1) {
    entry.count = e.count;
    if (e.last !== undefined && e.last !== e.first) entry.last = e.last;
  }
  const container = containerOf(e.involved.fieldPath);
  if (container) entry.container = container;
  if (e.involved.fieldPath?.startsWith('spec.initContainers')) entry.containerKind = 'init';
  if (reason === 'Scheduled') {
    // "Successfully assigned shop/web-1 to node-3"
    const i = msg.lastIndexOf(' to ');
    if (i >= 0) entry.node = msg.slice(i + 4).trim();
  } else if (reason === 'Pulling' || reason === 'Pulled') {
    const image = quoted(msg);
    if (image) entry.image = image;
    if (reason === 'Pulled') {
      const d = PULLED_IN.exec(msg)?.[1];
      const ms = d !== undefined ? parseGoDurationMs(d) : undefined;
      if (ms !== undefined) entry.tookMs = ms;
      if (msg.includes('already present')) entry.reason = 'already-present';
    }
  } else if (reason === 'Failed' || reason === 'BackOff') {
    if (msg.startsWith('Failed to pull image') || msg.startsWith('Back-off pulling image') || msg.startsWith('Error: ErrImagePull') || msg.startsWith('Error: ImagePullBackOff')) {
      stage = entry.stage = 'image';
      const image = quoted(msg);
      if (image) entry.image = image;
    } else if (reason === 'Failed') {
      stage = entry.stage = msg.startsWith('Error: configmap') || msg.startsWith('Error: secret') || msg.startsWith('Error: couldn\'t find key') ? 'config' : 'start';
    }
  } else if (reason === 'Unhealthy' || reason === 'ProbeWarning') {
    const p = probeOf(msg);
    if (p) entry.probe = p;
  } else if (reason === 'Killing') {
    // "Container app failed liveness probe, will be restarted" vs "Stopping container app"
    if (msg.includes('failed liveness probe')) entry.probe = 'liveness';
    else if (msg.includes('failed startup probe')) entry.probe = 'startup';
    else entry.stage = 'termination';
  }
  // An init container's start, restarts and back-off belong to the init stage.
  if (entry.containerKind === 'init' && (entry.stage === 'start' || entry.stage === 'runtime')) entry.stage = 'init';
  // The probe kind is already said; keep what failed. "Stopping container x" says nothing more.
  let text = e.message;
  if (reason === 'Unhealthy' && text !== undefined) {
    const i = text.indexOf(': ');
    if (i > 0 && i < 60) text = text.slice(i + 2);
  } else if ((reason === 'Killing' && (entry.probe !== undefined || text?.startsWith('Stopping container'))) || (QUOTES_MESSAGE.has(reason) && entry.stage !== 'image')) text = undefined;
  else if (reason === 'Pulling' || reason === 'Pulled' || (reason === 'BackOff' && entry.stage === 'image')) text = undefined;
  // "Failed to pull image "x": rpc error: …": the image is said already, keep the error.
  if (reason === 'Failed' && entry.stage === 'image' && text !== undefined && entry.image !== undefined) {
    const i = text.indexOf(`"${entry.image}": `);
    if (i >= 0 && i < 40) text = text.slice(i + entry.image.length + 4);
  }
  const m = shortMessage(text);
  if (m !== undefined) entry.message = m;
  return entry;
}

interface Run {
  startedAt?: number;
  finishedAt?: number;
  exitCode?: number;
  reason?: string;
}

function runOf(state: unknown): Run | undefined {
  const s = obj(state);
  if (s === undefined) return undefined;
  const t = obj(s['terminated']);
  if (t) {
    const r: Run = {};
    const st = ts(t['startedAt']);
    const fin = ts(t['finishedAt']);
    if (st !== undefined) r.startedAt = st;
    if (fin !== undefined) r.finishedAt = fin;
    const code = num(t['exitCode']);
    if (code !== undefined) r.exitCode = code;
    const reason = nonEmpty(t['reason']);
    if (reason !== undefined) r.reason = reason;
    return r;
  }
  const running = obj(s['running']);
  if (running) {
    const st = ts(running['startedAt']);
    return st !== undefined ? { startedAt: st } : {};
  }
  return undefined;
}

function containerEntries(status: JsonObject, out: TimelineEntry[], startedFromStatus: Set<string>): void {
  const groups: [unknown, 'init' | 'regular' | 'ephemeral'][] = [
    [status['initContainerStatuses'], 'init'],
    [status['containerStatuses'], 'regular'],
    [status['ephemeralContainerStatuses'], 'ephemeral'],
  ];
  for (const [list, kind] of groups) {
    for (const cs of objs(list)) {
      const name = nonEmpty(cs['name']);
      if (name === undefined) continue;
      const stage: TimelineStage = kind === 'init' ? 'init' : 'start';
      // The previous run first, then the current one.
      for (let k = 0; k < 2; k++) {
        const run = runOf(k === 0 ? cs['lastState'] : cs['state']);
        if (!run) continue;
        if (run.startedAt !== undefined) {
          out.push({ at: run.startedAt, stage, event: 'started', container: name, containerKind: kind });
          startedFromStatus.add(name);
        }
        if (run.finishedAt !== undefined || run.exitCode !== undefined) {
          const e: TimelineEntry = { stage: kind === 'init' ? 'init' : 'runtime', event: 'exited', container: name, containerKind: kind };
          if (run.finishedAt !== undefined) e.at = run.finishedAt;
          if (run.exitCode !== undefined) e.exitCode = run.exitCode;
          if (run.reason !== undefined) e.reason = run.reason;
          if (run.startedAt !== undefined && run.finishedAt !== undefined && run.finishedAt >= run.startedAt) e.tookMs = run.finishedAt - run.startedAt;
          out.push(e);
        }
      }
    }
  }
}

/** Build the timeline of one pod. */
export function buildTimeline(input: PodInput): Timeline {
  const pod = input.pod;
  const metadata = obj(pod['metadata']) ?? {};
  const spec = obj(pod['spec']) ?? {};
  const status = obj(pod['status']) ?? {};
  const entries: TimelineEntry[] = [];
  const created = ts(metadata['creationTimestamp']);
  if (created !== undefined) entries.push({ at: created, stage: 'creation', event: 'created' });

  // Events first: a Scheduled event names the node, so the condition is only a fallback.
  const startedFromStatus = new Set<string>();
  containerEntries(status, entries, startedFromStatus);
  let scheduledEvent = false;
  for (const ev of input.events) {
    const e = eventEntry(ev);
    if (!e) continue;
    // A container's Started event once is the status's startedAt again; repeated, it counts restarts.
    if (e.event === 'Started' && e.container !== undefined && startedFromStatus.has(e.container) && (e.count ?? 1) === 1) continue;
    if (e.event === 'Scheduled') scheduledEvent = true;
    entries.push(e);
  }

  const nodeName = nonEmpty(spec['nodeName']);
  const initCount = objs(spec['initContainers']).length;
  let readyAt: number | undefined;
  let containersReady: TimelineEntry | undefined;
  for (const c of objs(status['conditions'])) {
    const type = str(c['type']);
    const st = str(c['status']);
    const t = ts(c['lastTransitionTime']);
    const reason = nonEmpty(c['reason']);
    const base = (stage: TimelineStage, event: string): TimelineEntry => {
      const e: TimelineEntry = { stage, event };
      if (t !== undefined) e.at = t;
      if (reason !== undefined) e.reason = reason;
      return e;
    };
    if (type === 'PodScheduled') {
      if (st === 'True' && !scheduledEvent) {
        const e = base('scheduling', 'scheduled');
        if (nodeName) e.node = nodeName;
        entries.push(e);
      } else if (st === 'False') {
        const e = base('scheduling', 'unschedulable');
        const m = shortMessage(str(c['message']));
        if (m !== undefined) e.message = m;
        // The FailedScheduling event says the same with a count: keep one.
        if (!input.events.some((x) => x.reason === 'FailedScheduling')) entries.push(e);
      }
    } else if (type === 'PodReadyToStartContainers' && st === 'True') {
      entries.push(base('sandbox', 'sandbox-ready'));
    } else if (type === 'Initialized' && st === 'True' && initCount > 0) {
      entries.push(base('init', 'initialized'));
    } else if (type === 'ContainersReady' && st === 'True') {
      containersReady = base('probes', 'containers-ready');
    } else if (type === 'Ready') {
      if (st === 'True') {
        readyAt = t;
        entries.push(base('ready', 'ready'));
      } else if (st === 'False' && t !== undefined && (created === undefined || t > created)) {
        entries.push(base('probes', 'not-ready'));
      }
    } else if (type === 'DisruptionTarget' && st === 'True') {
      const e = base('termination', 'disruption');
      const m = shortMessage(str(c['message']));
      if (m !== undefined) e.message = m;
      entries.push(e);
    }
  }
  // ContainersReady differs from Ready only with readiness gates; otherwise it repeats it.
  if (containersReady && (readyAt === undefined || containersReady.at !== readyAt)) entries.push(containersReady);

  // Without a PodScheduled condition or Scheduled event, startTime (the kubelet took the pod) stands in.
  if (!entries.some((e) => e.event === 'scheduled' || e.event === 'Scheduled')) {
    const started = ts(status['startTime']);
    if (started !== undefined && nodeName) entries.push({ at: started, stage: 'scheduling', event: 'scheduled', node: nodeName });
  }

  const phase = str(status['phase']);
  if (phase === 'Succeeded' || phase === 'Failed') {
    let end: number | undefined;
    for (const e of entries) if (e.event === 'exited' && e.containerKind === 'regular' && e.at !== undefined) end = Math.max(end ?? e.at, e.at);
    const e: TimelineEntry = { stage: 'completed', event: phase === 'Succeeded' ? 'completed' : 'failed' };
    if (end !== undefined) e.at = end;
    const reason = nonEmpty(status['reason']);
    if (reason) e.reason = reason;
    entries.push(e);
  }

  const deletion = ts(metadata['deletionTimestamp']);
  if (deletion !== undefined) {
    const grace = num(metadata['deletionGracePeriodSeconds']);
    if (grace !== undefined) entries.push({ at: deletion - grace * 1000, stage: 'termination', event: 'delete-requested', graceSeconds: grace });
    entries.push({ at: deletion, stage: 'termination', event: 'grace-period-ends' });
  }

  return order({ entries, ...(created !== undefined ? { createdAt: created } : {}) });
}

/**
 * Sort by time; a timestamp before the pod's creation is clock skew (the kubelet's or scheduler's
 * clock against the API server's) and is placed at creation. Undated entries follow the last dated
 * entry of an earlier or equal stage. Durations are then filled in from the ordered entries.
 */
function order(t: Timeline): Timeline {
  const created = t.createdAt;
  const keyed = t.entries.map((e, i) => {
    let at = e.at;
    if (at !== undefined && created !== undefined && at < created && e.event !== 'created') {
      if (created - at >= 1000) e.skewMs = created - at;
      at = created;
    }
    // Deletion is requested before the kubelet stops anything.
    return { e, at, rank: e.event === 'delete-requested' ? ORDER.termination - 0.5 : ORDER[e.stage], i };
  });
  // Undated entries: after the newest dated entry at or before their stage.
  const dated = keyed.filter((k) => k.at !== undefined);
  for (const k of keyed) {
    if (k.at !== undefined) continue;
    let best: number | undefined;
    for (const d of dated) if (d.rank <= k.rank && (best === undefined || (d.at as number) > best)) best = d.at as number;
    k.at = best ?? created ?? -Infinity;
  }
  keyed.sort((a, b) => (a.at as number) - (b.at as number) || Number(a.e.at === undefined) - Number(b.e.at === undefined) || a.rank - b.rank || a.i - b.i);
  const entries = keyed.map((k) => k.e);

  // Durations: scheduling took, time to Ready, sandbox after scheduling.
  let scheduledAt: number | undefined;
  for (const e of entries) if ((e.event === 'scheduled' || e.event === 'Scheduled') && e.at !== undefined && scheduledAt === undefined) scheduledAt = e.at;
  for (const e of entries) {
    if ((e.event === 'scheduled' || e.event === 'Scheduled') && e.at !== undefined) {
      if (created !== undefined) e.tookMs = Math.max(0, e.at - created);
    } else if (e.event === 'sandbox-ready' && e.at !== undefined && scheduledAt !== undefined) {
      e.tookMs = Math.max(0, e.at - scheduledAt);
    } else if ((e.event === 'ready' || e.event === 'completed' || e.event === 'failed') && e.at !== undefined && created !== undefined) {
      e.sinceCreatedMs = Math.max(0, e.at - created);
    }
  }
  // An image pull without "in 14.2s" in its message: Pulled − Pulling of the same image.
  for (const e of entries) {
    if (e.event !== 'Pulled' || e.tookMs !== undefined || e.reason === 'already-present' || e.at === undefined) continue;
    const pulling = entries.find((x) => x.event === 'Pulling' && x.image === e.image && x.at !== undefined && (x.at as number) <= (e.at as number));
    if (pulling?.at !== undefined) e.tookMs = e.at - pulling.at;
  }
  return { entries, ...(created !== undefined ? { createdAt: created } : {}) };
}

/** The entry that says where the pod is stuck, appended when the diagnosis finds a problem. */
export function stuckEntry(t: Timeline, stage: TimelineStage, now: number): TimelineEntry {
  // Since the first entry of that stage, else since the newest entry.
  const first = t.entries.find((e) => e.stage === stage && e.at !== undefined);
  let since = first?.at;
  if (since === undefined) for (const e of t.entries) if (e.at !== undefined) since = Math.max(since ?? e.at, e.at);
  const e: TimelineEntry = { stage, event: 'stuck' };
  if (since !== undefined) {
    e.at = since;
    e.tookMs = Math.max(0, now - since);
  }
  return e;
}
