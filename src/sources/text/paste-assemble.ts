// The paste reader's last step (paste.ts): the pieces of one pod → its Pod object, its events,
// its logs, and what the paste does not say of it. The richer source wins field by field (YAML >
// describe > fragment > pods table); containers pasted without their names get the ones the paste
// tells; events are de-duplicated, named after the pod and given to their containers.

import { dig, isObject, nonEmpty, obj, str, type JsonObject } from '../../util/json.js';
import { CONTAINER_REASONS, inferFieldPath } from './describe.js';
import { unnamed } from './tables.js';
import type { ContainerLog, MissingFact, TextFormat } from '../../model/input.js';
import { clone, CONTROLLER_KINDS, UNNAMED, type Piece } from './paste-segment.js';
import { syncStates } from './journal.js';

export interface Draft {
  name?: string;
  namespace?: string;
  /** The name was made up (the paste does not give it). */
  madeUp?: boolean;
  pieces: Piece[];
  line: number;
  order: number;
}

const NAMED_LISTS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  containerStatuses: 'name',
  initContainerStatuses: 'name',
  ephemeralContainerStatuses: 'name',
  conditions: 'type',
  volumes: 'name',
};

/** Merge b into a; a's values win, objects merge key by key, named lists item by item. */
function mergeInto(a: JsonObject, b: JsonObject): void {
  for (const [k, v] of Object.entries(b)) {
    const cur = a[k];
    if (cur === undefined || cur === null) {
      a[k] = clone(v);
      continue;
    }
    if (isObject(cur) && isObject(v)) {
      // a container's state is one of waiting, running, terminated: never two of them
      if ((k === 'state' || k === 'lastState') && ['waiting', 'running', 'terminated'].some((x) => x in cur) && !['waiting', 'running', 'terminated'].some((x) => x in cur && x in v)) continue;
      mergeInto(cur, v);
      continue;
    }
    const key = NAMED_LISTS[k];
    if (key !== undefined && Array.isArray(cur) && Array.isArray(v)) {
      for (const item of v) {
        if (!isObject(item)) continue;
        // an item without its name (a YAML excerpt "initContainers: - command: …") is the list's
        // one item when it has one; beside several it belongs to none that can be told: dropped
        if (item[key] === undefined && cur.length > 0) {
          if (cur.length === 1 && isObject(cur[0])) mergeInto(cur[0], item);
          continue;
        }
        const same = cur.find((x) => isObject(x) && x[key] === item[key]);
        if (isObject(same)) mergeInto(same, item);
        else cur.push(clone(item));
      }
    }
  }
}

const SUCCESSFULLY_ASSIGNED = /^Successfully assigned (?:([a-z0-9][-a-z0-9]*)\/)?([a-z0-9][-a-z0-9.]*) to \S+/;
// kubelet names a pod as name_namespace(uid) (format.Pod), quoted or not: "… failed container app
// in pod web-1_default(5c…)" (BackOff), "… for pod \"web-1_default(5c…)\"" (mounts, hooks); a
// pod name has no underscore, so the split is exact
const POD_IN_MESSAGE = /\bpod "?([a-z0-9][-a-z0-9.]*)_([a-z0-9][-a-z0-9]*)\(/;

/** The pod named in the messages of events that do not name it otherwise. */
export function podName(events: JsonObject[]): { name: string; namespace?: string } | undefined {
  for (const e of events) {
    const msg = str(e['message']) ?? '';
    const a = SUCCESSFULLY_ASSIGNED.exec(msg);
    if (a) return { name: a[2] as string, ...(a[1] !== undefined ? { namespace: a[1] } : {}) };
    const p = POD_IN_MESSAGE.exec(msg);
    if (p) return { name: p[1] as string, namespace: p[2] as string };
  }
  return undefined;
}

function containersOf(pod: JsonObject, list: 'containers' | 'initContainers' = 'containers'): string[] {
  const spec = obj(pod['spec']) ?? {};
  const status = obj(pod['status']) ?? {};
  const names = new Set<string>();
  for (const c of Array.isArray(spec[list]) ? spec[list] : []) if (isObject(c) && typeof c['name'] === 'string') names.add(c['name']);
  const sk = list === 'containers' ? 'containerStatuses' : 'initContainerStatuses';
  for (const c of Array.isArray(status[sk]) ? status[sk] : []) if (isObject(c) && typeof c['name'] === 'string') names.add(c['name']);
  return [...names];
}

/** Container names the events speak of ("Started container app", "… failed container app in pod …"). */
function containersInEvents(events: JsonObject[]): string[] {
  const names = new Set<string>();
  for (const e of events) {
    const m = /\bcontainer:? "?([a-z0-9][-a-z0-9.]*[a-z0-9]|[a-z0-9])"?(?:\s|$|,|\.(?:\s|$))/i.exec(str(e['message']) ?? '');
    // (a runtime's container ID — 'failed to generate container "bc34…"' — is no container name)
    if (m && m[1] !== 'image' && m[1] !== 'with' && m[1] !== 'in' && !/^[0-9a-f]{32,}$/.test(m[1] as string)) names.add(m[1] as string);
  }
  return [...names];
}

function statusOf(pod: JsonObject, name: string): JsonObject | undefined {
  const sts = obj(pod['status'])?.['containerStatuses'];
  return Array.isArray(sts) ? (sts.find((s) => isObject(s) && s['name'] === name) as JsonObject | undefined) : undefined;
}

/** A container block pasted without its name becomes the container the pod says it is. */
function nameUnnamed(pod: JsonObject, events: JsonObject[], missing: MissingFact[], yamlCmd: string): string | undefined {
  const names = containersOf(pod);
  if (!names.includes(UNNAMED)) return undefined;
  const others = names.filter((n) => n !== UNNAMED);
  let target: string | undefined;
  if (others.length === 1) target = others[0];
  else if (others.length > 1) {
    const failing = others.filter((n) => {
      const s = statusOf(pod, n);
      return s !== undefined && s['ready'] !== true;
    });
    if (failing.length === 1) target = failing[0];
  } else {
    const inEvents = containersInEvents(events);
    if (inEvents.length === 1) target = inEvents[0];
  }
  const spec = (pod['spec'] ?? {}) as JsonObject;
  const status = (pod['status'] ?? {}) as JsonObject;
  const unnamedSpec = Array.isArray(spec['containers']) ? (spec['containers'] as JsonObject[]).find((c) => c['name'] === UNNAMED) : undefined;
  const unnamedStatus = statusOf(pod, UNNAMED);
  if (target === undefined) {
    // no way to tell: called "(unnamed)" (a name no container has, so no command uses it), and said so
    target = unnamed(1)[0] as string;
    missing.push({ fact: 'container-name', command: yamlCmd });
  }
  if (Array.isArray(spec['containers'])) spec['containers'] = (spec['containers'] as JsonObject[]).filter((c) => c['name'] !== UNNAMED);
  if (Array.isArray(status['containerStatuses'])) status['containerStatuses'] = (status['containerStatuses'] as JsonObject[]).filter((c) => c['name'] !== UNNAMED);
  if (unnamedSpec) {
    const cs = (spec['containers'] ??= []) as JsonObject[];
    const same = cs.find((c) => c['name'] === target);
    if (same) mergeInto(same, { ...unnamedSpec, name: target });
    else cs.push({ ...unnamedSpec, name: target });
    pod['spec'] = spec;
  }
  if (unnamedStatus) {
    const ss = (status['containerStatuses'] ??= []) as JsonObject[];
    const same = ss.find((c) => c['name'] === target);
    // the fragment was pasted to show this container's state: its fields win
    if (same) {
      const merged = { ...unnamedStatus, name: target };
      mergeInto(merged, same);
      ss.splice(ss.indexOf(same), 1, merged);
    } else ss.push({ ...unnamedStatus, name: target });
    pod['status'] = status;
  }
  return target;
}

/** Which container pasted logs come from: named, the only one, the one failing, kubectl's default. */
function logsContainer(pod: JsonObject, events: JsonObject[], named: string | undefined): { name: string; guessed: boolean } {
  if (named !== undefined) return { name: named, guessed: false };
  const names = containersOf(pod);
  if (names.length === 1) return { name: names[0] as string, guessed: false };
  if (names.length > 1) {
    const failing = names.filter((n) => {
      const s = statusOf(pod, n);
      if (!s) return false;
      const w = obj(obj(s['state'])?.['waiting']);
      const t = obj(obj(s['state'])?.['terminated']) ?? obj(obj(s['lastState'])?.['terminated']);
      return w?.['reason'] === 'CrashLoopBackOff' || (t !== undefined && t['exitCode'] !== 0 && t['reason'] !== 'Completed');
    });
    if (failing.length === 1) return { name: failing[0] as string, guessed: true };
    const def = nonEmpty(obj(obj(pod['metadata'])?.['annotations'])?.['kubectl.kubernetes.io/default-container']);
    return { name: def ?? (names[0] as string), guessed: true };
  }
  const inEvents = containersInEvents(events);
  return { name: inEvents.length === 1 ? (inEvents[0] as string) : (unnamed(1)[0] as string), guessed: inEvents.length !== 1 };
}

/**
 * Old kubelets' event correlator replaced the events of one reason, past a threshold, by one whose
 * message is "(events with common reason combined)": it says there were more of them, not what
 * they said. Its count and times go to the newest event of that reason the paste shows.
 */
function foldCombined(events: JsonObject[]): void {
  for (let k = events.length - 1; k >= 0; k--) {
    const e = events[k] as JsonObject;
    if (str(e['message'])?.trim() !== '(events with common reason combined)') continue;
    const same = events.filter((x) => x !== e && x['reason'] === e['reason'] && str(x['message'])?.trim() !== '(events with common reason combined)');
    if (same.length === 0) continue;
    const newest = same.reduce((a, b) => (String(b['lastTimestamp'] ?? '') > String(a['lastTimestamp'] ?? '') ? b : a));
    newest['count'] = Number(newest['count'] ?? 1) + Number(e['count'] ?? 1);
    if (String(e['lastTimestamp'] ?? '') > String(newest['lastTimestamp'] ?? '')) newest['lastTimestamp'] = e['lastTimestamp'];
    if (String(e['firstTimestamp'] ?? '~') < String(newest['firstTimestamp'] ?? '~')) newest['firstTimestamp'] = e['firstTimestamp'];
    events.splice(k, 1);
  }
}

const hasState = (st: JsonObject | undefined) => isObject(st?.['state']) && Object.keys(st?.['state'] as JsonObject).length > 0;

function initStatusOf(pod: JsonObject, name: string): JsonObject | undefined {
  const sts = obj(pod['status'])?.['initContainerStatuses'];
  return Array.isArray(sts) ? (sts.find((s) => isObject(s) && s['name'] === name) as JsonObject | undefined) : undefined;
}

/**
 * A table row's part, made fit to merge into a pod a richer piece gave containers: the row's
 * made-up containers are dropped, except where the row tells what the richer piece does not — the
 * state of the pod's one container (or of a block pasted without its name), the init containers
 * of a pod shown without them.
 */
function tableIntoPod(pod: JsonObject, part: JsonObject): void {
  const st = obj(part['status']) ?? {};
  const sp = obj(part['spec']) ?? {};
  const sts = (Array.isArray(st['containerStatuses']) ? st['containerStatuses'] : []) as JsonObject[];
  const inits = (Array.isArray(st['initContainerStatuses']) ? st['initContainerStatuses'] : []) as JsonObject[];
  const notReady = sts.filter((x) => x['ready'] !== true);
  const real = containersOf(pod);
  const realInit = containersOf(pod, 'initContainers');
  let into: { from: JsonObject; to: string } | undefined;
  if (real.length === 1 && sts.length === 1 && !hasState(statusOf(pod, real[0] as string))) into = { from: sts[0] as JsonObject, to: real[0] as string };
  else if (real.length === 1 && real[0] === UNNAMED && realInit.length === 0 && notReady.length === 1) into = { from: notReady[0] as JsonObject, to: UNNAMED };
  let initInto: { from: JsonObject; to: string } | undefined;
  if (realInit.length === 1 && inits.length === 1 && !hasState(initStatusOf(pod, realInit[0] as string))) initInto = { from: inits[0] as JsonObject, to: realInit[0] as string };
  const initSpec = sp['initContainers'];
  for (const k of ['containers', 'initContainers']) delete sp[k];
  for (const k of ['containerStatuses', 'initContainerStatuses']) delete st[k];
  if (into) {
    st['containerStatuses'] = [{ ...into.from, name: into.to }];
    sp['containers'] = [{ name: into.to }];
  }
  if (initInto) {
    st['initContainerStatuses'] = [{ ...initInto.from, name: initInto.to }];
    sp['initContainers'] = [{ name: initInto.to }];
  } else if (realInit.length === 0 && inits.length > 0 && real.every((n) => !hasState(statusOf(pod, n)) || obj(obj(statusOf(pod, n)?.['state'])?.['waiting'])?.['reason'] === 'PodInitializing')) {
    // the pod is initializing and the richer piece shows no init containers: the row's
    st['initContainerStatuses'] = inits;
    if (initSpec !== undefined) sp['initContainers'] = initSpec;
  }
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface Assembled {
  pod: JsonObject;
  events: JsonObject[];
  missing: MissingFact[];
  format: TextFormat;
  placeholder: boolean;
  logs?: Record<string, ContainerLog>;
  capturedAt: number;
  line: number;
  /** The API server said the pod's node does not exist. */
  nodeGone?: boolean;
}

/** One pod being assembled from its draft's pieces: what the steps of assembleDraft share. */
interface Assembly {
  d: Draft;
  pod: JsonObject;
  events: JsonObject[];
  missing: MissingFact[];
  /** The pod's namespace as kubectl's flag (" -n shop"; "" in default or when not known). */
  ns: string;
  /** The pod's name in a command ("<pod>" when made up). */
  podRef: string;
  /** The command that shows the pod's YAML. */
  yamlCmd: string;
}

export function assembleDraft(d: Draft, now: number, nowKnown: boolean): Assembled {
  // the richest first; of two as rich, the later (kubectl get pods -w prints a pod again as it changes)
  const pieces = [...d.pieces].sort((a, b) => b.rank - a.rank || b.order - a.order || b.line - a.line);
  const withPod = pieces.filter((p) => p.pod !== undefined);
  const richest = withPod[0];
  const pod = mergePieces(withPod);
  const md = pod['metadata'] as JsonObject;
  md['name'] = d.name;
  if (d.namespace === undefined) {
    // "Successfully assigned shop/web-1 to node-2" tells the namespace
    const named = podName(d.pieces.flatMap((p) => p.events));
    if (named !== undefined && named.name === d.name && named.namespace !== undefined) d.namespace = named.namespace;
  }
  if (d.namespace !== undefined) md['namespace'] = d.namespace;
  // describe prints no creation time; a table's AGE does
  // (only when the instant the table was taken is known: its ages count from it)
  const tableCreated = nowKnown ? withPod.find((p) => p.format === 'pods-table' && nonEmpty(obj(p.pod?.['metadata'])?.['creationTimestamp']) !== undefined) : undefined;
  const describeEstimated = withPod.some((p) => p.createdEstimated);
  if (tableCreated && describeEstimated) md['creationTimestamp'] = obj(tableCreated.pod?.['metadata'])?.['creationTimestamp'];

  const events = podEvents(d);
  foldCombined(events);
  syncStatesInto(pod, events);
  const ns = d.namespace && d.namespace !== 'default' ? ` -n ${d.namespace}` : '';
  // a made-up name is no name to run a command with
  const podRef = d.madeUp ? '<pod>' : (d.name as string); // (the engine's placeholder for an unnamed pod, as in the findings' commands)
  const a: Assembly = { d, pod, events, missing: [], ns, podRef, yamlCmd: `kubectl get pod ${podRef}${ns} -o yaml` };
  const renamed = nameContainers(a, richest);
  const unattributed = !attributeEvents(pod, events);
  const logs = pastedLogs(a, pieces);

  const formats = new Set(d.pieces.map((p) => p.format));
  const format: TextFormat = formats.size === 1 ? (d.pieces[0] as Piece).format : 'mixed';
  // (a pod known by its events or its logs alone: no object of it was pasted)
  const placeholder = withPod.length === 0;
  const describeOnly = formats.size === 1 && format === 'describe' && d.pieces.length === 1;
  const estimate = d.pieces.find((p) => p.estimate !== undefined)?.estimate;
  const capturedAt = estimate ?? now;
  const { missing } = a;
  if (describeOnly) {
    // exactly what describe says it does not print
    missing.unshift(...((d.pieces[0] as Piece).missing ?? []));
  } else if (placeholder) {
    missing.unshift({ fact: 'pod-object', command: `kubectl describe pod ${podRef}${ns}` });
    if (d.madeUp) notice(a, { fact: 'pod-name', command: `kubectl get pods${ns}` });
  } else if (richest?.format === 'pods-table') {
    missing.unshift({ fact: 'pods-table', command: `kubectl describe pod ${podRef}${ns}` });
  } else noteMissing(a, withPod, { unattributed, describeEstimated, tableCreated: tableCreated !== undefined });
  if (md['creationTimestamp'] === undefined) {
    // the earliest event is a lower bound of the pod's age (as for describe text)
    const firsts = events.map((e) => Date.parse(String(e['firstTimestamp'] ?? ''))).filter(Number.isFinite);
    if (firsts.length > 0 && !placeholder) md['creationTimestamp'] = iso(Math.min(...firsts));
  }
  // what describe said it does not print, about a block pasted without its container's name: that container's
  if (renamed !== undefined) for (const m of missing) if (m.subjects) m.subjects = m.subjects.map((x) => x.split(UNNAMED).join(renamed));
  // the node kubectl was told is gone is the pod's own (a richer piece may name another)
  const gone = d.pieces.find((p) => p.nodeGone === true);
  const nodeGone = gone !== undefined && dig(gone.pod, 'spec', 'nodeName') === dig(pod, 'spec', 'nodeName');
  return { pod, events, missing, format, placeholder, ...(logs ? { logs } : {}), capturedAt, line: d.line, ...(nodeGone ? { nodeGone } : {}) };
}

/** The pod the pieces with an object make (richest first): one piece's object itself (no copy); several merged into a new one. */
function mergePieces(withPod: Piece[]): JsonObject {
  const richest = withPod[0];
  const pod: JsonObject = withPod.length === 1 ? (richest?.pod as JsonObject) : { apiVersion: 'v1', kind: 'Pod', metadata: {} };
  pod['apiVersion'] ??= 'v1';
  pod['kind'] ??= 'Pod';
  if (!isObject(pod['metadata'])) pod['metadata'] = {};
  for (const p of withPod.length === 1 ? [] : withPod) {
    // a workload's template is this pod's only when its containers are the pod's
    if (p.template && containersOf(pod).length > 0 && !containersOf(p.pod as JsonObject).every((n) => containersOf(pod).includes(n))) continue;
    const part = p.format === 'pods-table' ? clone(p.pod as JsonObject) : (p.pod as JsonObject);
    // a table row's containers are made up from READY: they never join real ones, except the one
    // container a richer piece shows without a state (or without a name)
    if (p.format === 'pods-table' && p !== richest && (containersOf(pod).length > 0 || containersOf(pod, 'initContainers').length > 0)) tableIntoPod(pod, part);
    mergeInto(pod, part);
  }
  return pod;
}

/** The events of the draft's pieces, in paste order: de-duplicated (a describe and a table of the same pod), named after the pod. */
function podEvents(d: Draft): JsonObject[] {
  const events: JsonObject[] = [];
  // the same event in two pieces (a describe's Events and an events table) is kept once
  const seen = new Map<string, { e: JsonObject; piece: Piece }>();
  for (const p of [...d.pieces].sort((a, b) => a.order - b.order || a.line - b.line)) {
    for (const e of p.events) {
      const k = `${str(e['type']) ?? ''}|${str(e['reason']) ?? ''}|${String(e['count'] ?? '')}|${(str(e['message']) ?? '').replace(/\s+/g, ' ').trim()}`;
      const was = seen.get(k);
      const prev = was && was.piece !== p && !(was.piece.inline && p.inline) ? was.e : undefined;
      if (prev) {
        const inv = obj(e['involvedObject']);
        const pinv = obj(prev['involvedObject']);
        if (pinv && inv?.['fieldPath'] !== undefined && pinv['fieldPath'] === undefined) pinv['fieldPath'] = inv['fieldPath'];
        continue;
      }
      if (!was) seen.set(k, { e, piece: p });
      const inv = (e['involvedObject'] ??= { kind: 'Pod' }) as JsonObject;
      inv['kind'] ??= 'Pod';
      // a workload controller's event in a describe's Events (of the StatefulSet, the Job): that object's, not the pod's
      const ctl = CONTROLLER_KINDS[str(obj(e['source'])?.['component']) ?? ''];
      if (inv['kind'] === 'Pod' && inv['fieldPath'] === undefined && ctl !== undefined && inv['name'] === undefined) inv['kind'] = ctl;
      if (inv['kind'] !== 'Pod') {
        // an event of the pod's claim or Job: its object stays, the pod is named in `related`
        e['related'] = { kind: 'Pod', name: d.name, ...(d.namespace !== undefined ? { namespace: d.namespace } : {}) };
        if (inv['namespace'] === undefined && d.namespace !== undefined) inv['namespace'] = d.namespace;
        events.push(e);
        continue;
      }
      inv['name'] = d.name;
      if (d.namespace !== undefined) {
        inv['namespace'] = d.namespace;
        e['metadata'] = { ...(obj(e['metadata']) ?? {}), namespace: d.namespace };
      }
      events.push(e);
    }
  }
  return events;
}

/** What the kubelet's sync errors among the events say of containers the paste shows no state of. */
function syncStatesInto(pod: JsonObject, events: JsonObject[]): void {
  for (const st of syncStates(events.map((e) => ({ reason: str(e['reason']), message: str(e['message']), at: str(e['lastTimestamp']) })))) {
    const [specKey, statusKey] = st.init ? ['initContainers', 'initContainerStatuses'] : ['containers', 'containerStatuses'];
    const status = (pod['status'] ??= {}) as JsonObject;
    const list = (Array.isArray(status[statusKey]) ? status[statusKey] : (status[statusKey] = [])) as JsonObject[];
    const had = list.find((c) => c['name'] === st.name);
    if (had && isObject(had['state'])) continue;
    if (had) had['state'] = { waiting: st.waiting };
    else list.push({ name: st.name, state: { waiting: st.waiting } });
    const spec = (pod['spec'] ??= {}) as JsonObject;
    const cs = (Array.isArray(spec[specKey]) ? spec[specKey] : (spec[specKey] = [])) as JsonObject[];
    if (!cs.some((c) => c['name'] === st.name)) cs.push({ name: st.name });
  }
}

/**
 * Containers pasted without their names get the ones the paste tells (nameUnnamed), and a table
 * row's made-up containers the one it names. The name a block pasted without its own was given.
 */
function nameContainers(a: Assembly, richest: Piece | undefined): string | undefined {
  const { pod, d, events } = a;
  // a container (status) pasted without its name, from YAML
  for (const [o, k] of [
    [obj(pod['spec']), 'containers'],
    [obj(pod['status']), 'containerStatuses'],
  ] as const) {
    const list = o?.[k];
    if (!Array.isArray(list)) continue;
    const nameless = list.filter((c) => isObject(c) && typeof c['name'] !== 'string');
    if (nameless.length === 1) (nameless[0] as JsonObject)['name'] = UNNAMED;
    if (o) o[k] = list.filter((c) => isObject(c) && typeof c['name'] === 'string');
  }
  const renamed = nameUnnamed(pod, events, a.missing, a.yamlCmd);
  // a table row's containers are made up: the one not ready takes a name the paste gives
  if (richest?.format === 'pods-table') {
    const known = new Set([...d.pieces.map((p) => p.logs?.container).filter((c): c is string => c !== undefined), ...containersInEvents(events)]);
    const sts = (obj(pod['status'])?.['containerStatuses'] ?? []) as JsonObject[];
    const notReady = sts.filter((s) => s['ready'] !== true);
    if (known.size === 1 && notReady.length === 1) {
      const from = String((notReady[0] as JsonObject)['name']);
      const to = [...known][0] as string;
      (notReady[0] as JsonObject)['name'] = to;
      for (const c of (obj(pod['spec'])?.['containers'] ?? []) as JsonObject[]) if (c['name'] === from) c['name'] = to;
    }
  }
  return renamed;
}

/**
 * Which container an event from text is about, now that the pod's containers are known. False
 * when a container's event is left about none of them.
 */
function attributeEvents(pod: JsonObject, events: JsonObject[]): boolean {
  const spec = obj(pod['spec']) ?? {};
  const all: { name: string; list: string; image?: string; probes?: string[]; waiting?: string }[] = [];
  for (const list of ['initContainers', 'containers'] as const) {
    const specs = (Array.isArray(spec[list]) ? (spec[list] as unknown[]) : []).filter(isObject);
    for (const name of containersOf(pod, list)) {
      const c = specs.find((x) => x['name'] === name) ?? {};
      const st = list === 'containers' ? statusOf(pod, name) : undefined;
      const waiting = str(obj(obj(st?.['state'])?.['waiting'])?.['reason']);
      const image = str(c['image']) ?? str(st?.['image']);
      all.push({ name, list, ...(image !== undefined ? { image } : {}), probes: ['liveness', 'readiness', 'startup'].filter((k) => c[`${k}Probe`] !== undefined), ...(waiting ? { waiting } : {}) });
    }
  }
  // containers the kubelet's own events name that the paste does not show: their probes and images are unknown
  for (const e of events) {
    const m = /^(?:Created|Started) container ([a-z0-9][-a-z0-9.]*)$|^Stopping container ([a-z0-9][-a-z0-9.]*)$|^Back-off restarting failed container ([a-z0-9][-a-z0-9.]*) in pod |^Container ([a-z0-9][-a-z0-9.]*) failed (?:liveness|startup) probe/.exec(str(e['message']) ?? '');
    const name = m ? (m[1] ?? m[2] ?? m[3] ?? m[4]) : undefined;
    // (which list it is in is not known: no event is given to it, it only keeps others from being the one)
    if (name !== undefined && !all.some((c) => c.name === name)) all.push({ name, list: '' });
  }
  let attributed = true;
  for (const e of events) {
    const inv = e['involvedObject'] as JsonObject;
    if (inv['fieldPath'] !== undefined) continue;
    const reason = str(e['reason']);
    if (reason === undefined || !CONTAINER_REASONS.has(reason)) continue;
    const fp = inferFieldPath({ reason, message: str(e['message']) ?? '' }, all);
    if (fp) inv['fieldPath'] = fp;
    else attributed = false;
  }
  return attributed;
}

/** The pasted logs, by the container each is from (noted missing when that was guessed). */
function pastedLogs(a: Assembly, pieces: Piece[]): Record<string, ContainerLog> | undefined {
  let logs: Record<string, ContainerLog> | undefined;
  for (const p of pieces) {
    if (p.logs === undefined) continue;
    const l = p.logs;
    const c = logsContainer(a.pod, a.events, l.container);
    logs ??= {};
    logs[c.name] = { text: l.text, previous: l.previous, truncated: l.truncated, origin: 'text' };
    if (c.guessed) a.missing.push({ fact: 'logs-container', subjects: [c.name], command: `kubectl logs ${a.podRef}${a.ns} -c CONTAINER${l.previous ? ' --previous' : ''}` });
  }
  return logs;
}

/** `f` into the missing facts, unless that fact is there already. */
function notice(a: Assembly, f: MissingFact): void {
  if (!a.missing.some((m) => m.fact === f.fact)) a.missing.push(f);
}

/** What the pieces of a pod pasted in parts (not one describe, not a table row alone) do not say. */
function noteMissing(a: Assembly, withPod: Piece[], o: { unattributed: boolean; describeEstimated: boolean; tableCreated: boolean }): void {
  const { d, pod, ns, podRef, yamlCmd } = a;
  for (const p of withPod) for (const m of p.missing ?? []) if (['waiting-message', 'condition-message', 'terminating-phase', 'state-line'].includes(m.fact)) notice(a, { ...m, command: m.command.replace(/kubectl get pod \S+(?: -n \S+)? -o yaml/, yamlCmd) });
  if (o.unattributed) notice(a, { fact: 'event-container', command: `kubectl get events${ns} --field-selector involvedObject.name=${podRef} -o wide` });
  if (d.madeUp) notice(a, { fact: 'pod-name', command: `kubectl get pods${ns}` });
  const hasContainers = containersOf(pod).length > 0 || containersOf(pod, 'initContainers').length > 0;
  if (!hasContainers) notice(a, { fact: 'no-containers', command: yamlCmd });
  if (pod['status'] === undefined) notice(a, { fact: 'no-status', command: yamlCmd });
  if (a.events.length === 0 && !d.pieces.some((p) => p.eventsSeen)) notice(a, { fact: 'no-events', command: `kubectl describe pod ${podRef}${ns}` });
  if (nonEmpty(obj(pod['metadata'])?.['creationTimestamp']) === undefined) notice(a, { fact: 'age', command: yamlCmd });
  else if (o.describeEstimated && !o.tableCreated) notice(a, { fact: 'creation-time', command: yamlCmd });
}
