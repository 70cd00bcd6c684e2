// The paste reader: whatever a user pasted (kubectl describe output whole or cut, event rows,
// tables, YAML or JSON inside a ticket, `kubectl logs` output, with prompts, fences, quote marks,
// k9s borders and prose around them) → the Pod and Event objects it stands for.
//
//   1. paste-lines.ts cleans and classifies each line.
//   2. segment() cuts the lines into blocks: a describe (whole or a fragment), an events table, a
//      pods table, YAML, JSON, logs, a kubectl error; lines in no block are skipped and counted.
//      A prompt's command ("kubectl logs web -c app -p") says what the block after it is and
//      which pod it belongs to.
//   3. Each block becomes pieces: a partial pod object, events, a log tail, each with the pod it
//      names (or none).
//   4. assemble() joins the pieces of one pod: by the name they give, else the name of the prompt,
//      else "the pod of the paste" (the only one, the only one read in full, the nearest before),
//      else a pod named from the events ("Successfully assigned ns/name to node") or made up. The
//      richer source wins field by field (YAML > describe > fragment > pods table). What the paste
//      does not carry is listed per pod (TextInput.missing), with the command that shows it.
//
// Nothing pasted is ever echoed in a warning (line numbers and counts only), and environment
// values are never kept.

import { InputError } from '../../model/errors.js';
import { dig, isObject, nonEmpty, obj, str, type JsonObject } from '../../util/json.js';
import { CONTAINER_REASONS, inferFieldPath, markTextInput, textInputOf, type KubectlTextResult, type TextObject } from './describe.js';
import { F_FENCE, NO_RESOURCES, pasteLines, promptCommand } from './paste-lines.js';
import { applySetImage } from './set-image.js';
import { nodeDiskSummary, readDf } from './df.js';
import { unnamed } from './tables.js';
import type { ContainerLog, MissingFact, TextFormat } from '../../model/input.js';
import { clone, CONTROLLER_KINDS, Segmenter, UNNAMED, type LogPiece, type PasteOptions, type Piece, type Reader } from './paste-segment.js';
import { consolePieces, describePieces, eventsTablePieces, inlinePieces, objectTable, otherDescribeEvidence, podsTablePieces } from './paste-pieces.js';
import { jsonValues, valuePieces, yamlValues } from './paste-values.js';
import { journalPieces, logsPiece, waitingPiece } from './paste-logs.js';
import { syncStates } from './journal.js';

// Moved to paste-segment.ts and paste-pieces.ts; still importable from here.
export { Segmenter, type PasteOptions } from './paste-segment.js';
export { normalizeDescribe, reindentFlat } from './paste-pieces.js';
export { recoverYaml } from './paste-values.js';

/** A container block pasted without its name line: renamed when the pod tells which one it is. */
// ---- assembly ---------------------------------------------------------------------------------

interface Draft {
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
const POD_IN_MESSAGE = /\bpod "([a-z0-9][-a-z0-9.]*)_([a-z0-9][-a-z0-9]*)\(/;

/** The pod named in the messages of events that do not name it otherwise. */
function podName(events: JsonObject[]): { name: string; namespace?: string } | undefined {
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

interface Assembled {
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

function assembleDraft(d: Draft, now: number, nowKnown: boolean): Assembled {
  // the richest first; of two as rich, the later (kubectl get pods -w prints a pod again as it changes)
  const pieces = [...d.pieces].sort((a, b) => b.rank - a.rank || b.order - a.order || b.line - a.line);
  const withPod = pieces.filter((p) => p.pod !== undefined);
  const richest = withPod[0];
  // one piece: its object is the pod (no copy); several: merged into a new one
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

  // events: de-duplicated (a describe and a table of the same pod), named after the pod
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

  foldCombined(events);
  // what the kubelet's sync errors among the events say of containers the paste shows no state of
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
  const ns = d.namespace && d.namespace !== 'default' ? ` -n ${d.namespace}` : '';
  // a made-up name is no name to run a command with
  const podRef = d.madeUp ? '<pod>' : (d.name as string); // (the engine's placeholder for an unnamed pod, as in the findings' commands)
  const yamlCmd = `kubectl get pod ${podRef}${ns} -o yaml`;
  const missing: MissingFact[] = [];
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
  const renamed = nameUnnamed(pod, events, missing, yamlCmd);
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

  // which container an event from text is about, now that the pod's containers are known
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
  let unattributed = false;
  for (const e of events) {
    const inv = e['involvedObject'] as JsonObject;
    if (inv['fieldPath'] !== undefined) continue;
    const reason = str(e['reason']);
    if (reason === undefined || !CONTAINER_REASONS.has(reason)) continue;
    const fp = inferFieldPath({ reason, message: str(e['message']) ?? '' }, all);
    if (fp) inv['fieldPath'] = fp;
    else unattributed = true;
  }

  // logs
  let logs: Record<string, ContainerLog> | undefined;
  const logPieces = pieces.filter((p) => p.logs !== undefined);
  for (const p of logPieces) {
    const l = p.logs as LogPiece;
    const c = logsContainer(pod, events, l.container);
    logs ??= {};
    logs[c.name] = { text: l.text, previous: l.previous, truncated: l.truncated, origin: 'text' };
    if (c.guessed) missing.push({ fact: 'logs-container', subjects: [c.name], command: `kubectl logs ${podRef}${ns} -c CONTAINER${l.previous ? ' --previous' : ''}` });
  }

  const formats = new Set(d.pieces.map((p) => p.format));
  const format: TextFormat = formats.size === 1 ? (d.pieces[0] as Piece).format : 'mixed';
  // (a pod known by its events or its logs alone: no object of it was pasted)
  const placeholder = withPod.length === 0;
  const describeOnly = formats.size === 1 && format === 'describe' && d.pieces.length === 1;
  const estimate = d.pieces.find((p) => p.estimate !== undefined)?.estimate;
  const capturedAt = estimate ?? now;
  const notice = (f: MissingFact) => {
    if (!missing.some((m) => m.fact === f.fact)) missing.push(f);
  };
  if (describeOnly) {
    // exactly what describe says it does not print
    missing.unshift(...((d.pieces[0] as Piece).missing ?? []));
  } else if (placeholder) {
    missing.unshift({ fact: 'pod-object', command: `kubectl describe pod ${podRef}${ns}` });
    if (d.madeUp) notice({ fact: 'pod-name', command: `kubectl get pods${ns}` });
  } else if (richest?.format === 'pods-table') {
    missing.unshift({ fact: 'pods-table', command: `kubectl describe pod ${podRef}${ns}` });
  } else {
    const from: MissingFact[] = [];
    for (const p of withPod) for (const m of p.missing ?? []) if (['waiting-message', 'condition-message', 'terminating-phase', 'state-line'].includes(m.fact)) from.push({ ...m, command: m.command.replace(/kubectl get pod \S+(?: -n \S+)? -o yaml/, yamlCmd) });
    for (const m of from) notice(m);
    if (unattributed) notice({ fact: 'event-container', command: `kubectl get events${ns} --field-selector involvedObject.name=${podRef} -o wide` });
    if (d.madeUp) notice({ fact: 'pod-name', command: `kubectl get pods${ns}` });
    const hasContainers = containersOf(pod).length > 0 || containersOf(pod, 'initContainers').length > 0;
    if (!hasContainers) notice({ fact: 'no-containers', command: yamlCmd });
    if (pod['status'] === undefined) notice({ fact: 'no-status', command: yamlCmd });
    if (events.length === 0 && !d.pieces.some((p) => p.eventsSeen)) notice({ fact: 'no-events', command: `kubectl describe pod ${podRef}${ns}` });
    if (nonEmpty(md['creationTimestamp']) === undefined) notice({ fact: 'age', command: yamlCmd });
    else if (describeEstimated && !tableCreated) notice({ fact: 'creation-time', command: yamlCmd });
  }
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

/** The claims a draft's pod mounts (spec.volumes[].persistentVolumeClaim.claimName). */
function claimsOf(d: Draft): string[] {
  const out: string[] = [];
  for (const p of d.pieces) {
    const vols = obj(p.pod?.['spec'])?.['volumes'];
    if (!Array.isArray(vols)) continue;
    for (const v of vols) {
      const c = isObject(v) ? nonEmpty(obj(v['persistentVolumeClaim'])?.['claimName']) : undefined;
      if (c !== undefined) out.push(c);
    }
  }
  return out;
}

/**
 * Events about a claim or a Job go to the pods that use them: those the paste says ("Used By:"),
 * those whose volumes name the claim (whose name the Job's pods start with), else the paste's one
 * pod. With no pod in the paste, they make one (its name made up, or the one "Used By:" gives).
 */
function joinEvidence(r: Reader, drafts: Draft[], find: (name: string, namespace: string | undefined) => Draft | undefined): void {
  for (const ev of r.evidence) {
    const inv = obj(ev.event['involvedObject']) ?? {};
    const kind = str(inv['kind']);
    const name = nonEmpty(inv['name']);
    const namespace = nonEmpty(inv['namespace']);
    let targets: Draft[] = [];
    for (const u of ev.usedBy ?? []) {
      const d = find(u, namespace);
      if (d) targets.push(d);
    }
    if (targets.length === 0 && name !== undefined) {
      targets = drafts.filter((d) => (d.namespace === undefined || namespace === undefined || d.namespace === namespace) && (kind === 'Job' ? (d.name ?? '').startsWith(`${name}-`) : claimsOf(d).includes(name)));
    }
    if (targets.length === 0 && drafts.length === 1) targets = [drafts[0] as Draft];
    if (targets.length === 0 && drafts.length === 0) {
      const used = ev.usedBy?.length === 1 ? ev.usedBy[0] : undefined;
      const d: Draft = { pieces: [], line: ev.line, order: ev.order, ...(used !== undefined ? { name: used } : { name: 'pasted-events', madeUp: true }), ...(namespace !== undefined ? { namespace } : {}) };
      drafts.push(d);
      targets = [d];
    }
    if (targets.length === 0) {
      r.others.push({ value: ev.event, line: ev.line });
      continue;
    }
    for (const d of targets) d.pieces.push({ format: 'events-table', rank: 0, line: ev.line, order: ev.order, events: [targets.length > 1 ? clone(ev.event) : ev.event], eventsSeen: false });
  }
}

// ---- the reader -------------------------------------------------------------------------------

/** Line numbers as ranges: "3-5, 9, 12-20", the first few. */
function ranges(nums: number[]): string {
  const s = [...new Set(nums)].sort((a, b) => a - b);
  const out: string[] = [];
  let k = 0;
  while (k < s.length && out.length < 8) {
    let e = k;
    while (e + 1 < s.length && (s[e + 1] as number) === (s[e] as number) + 1) e++;
    out.push(e > k ? `${s[k] as number}-${s[e] as number}` : `${s[k] as number}`);
    k = e + 1;
  }
  return out.join(', ') + (k < s.length ? ', …' : '');
}

export function notReadable(file: string): InputError {
  return new InputError(
    `${file} is not YAML, JSON or kubectl output podwhy reads — pass kubectl get pod NAME -o yaml, kubectl describe pod NAME, kubectl get events or kubectl get pods output`,
  );
}

export function notAPod(file: string): InputError {
  return new InputError(`${file} looks like kubectl describe output of something other than a pod — podwhy reads kubectl describe pod output (or kubectl get pod NAME -o yaml)`);
}

/** The state of a container status as kind and reason ("terminated/OOMKilled"), to compare two fragments. */
function stateKey(st: JsonObject): string | undefined {
  const state = obj(st['state']);
  if (!state) return undefined;
  for (const k of ['waiting', 'running', 'terminated']) {
    const x = obj(state[k]);
    if (x) return `${k}/${str(x['reason']) ?? ''}`;
  }
  return undefined;
}

/** Two fragments of pod text that cannot be the same pod at the same time: another status reason or message, another state of the same container. */
function contradicts(d: Draft, p: Piece): boolean {
  if (!p.pod || p.inline || p.template || p.format === 'pods-table') return false;
  const b = obj(p.pod['status']);
  if (!b) return false;
  for (const q of d.pieces) {
    if (!q.pod || q.inline || q.template || q.format === 'pods-table') continue;
    const a = obj(q.pod['status']);
    if (!a) continue;
    for (const k of ['reason', 'message']) {
      const x = nonEmpty(a[k]);
      const y = nonEmpty(b[k]);
      if (x !== undefined && y !== undefined && x !== y) return true;
    }
    for (const list of ['containerStatuses', 'initContainerStatuses']) {
      const as = Array.isArray(a[list]) ? (a[list] as unknown[]).filter(isObject) : [];
      const bs = Array.isArray(b[list]) ? (b[list] as unknown[]).filter(isObject) : [];
      for (const y of bs) {
        const x = as.find((c) => c['name'] === y['name']);
        const kx = x ? stateKey(x) : undefined;
        const ky = stateKey(y);
        // ("State: Waiting" cut before its reason, and the reason in another fragment: one state)
        const kind = (k: string) => k.split('/')[0];
        const bare = (k: string) => k.endsWith('/');
        if (kx !== undefined && ky !== undefined && kx !== ky && !(kind(kx) === kind(ky) && (bare(kx) || bare(ky)))) return true;
      }
    }
  }
  return false;
}

/** Which pod a piece that names none belongs to. */
function ownerOf(p: Piece, drafts: Draft[]): Draft | undefined {
  if (drafts.length === 1) return drafts[0];
  if (p.namespace !== undefined) {
    // events of one namespace (kubectl describe pod -n NS | grep Events -A5): the one pod that may be in it
    const there = drafts.filter((d) => d.namespace === undefined || d.namespace === p.namespace);
    if (there.length === 1) return there[0];
  }
  const rich = drafts.filter((d) => d.pieces.some((x) => x.rank >= 3));
  if (rich.length === 1) return rich[0];
  const before = rich.filter((d) => d.order <= p.order).sort((a, b) => b.order - a.order)[0];
  if (before) return before;
  if (rich.length === 0 && drafts.length > 1) {
    // a pods table: the one pod in it that is not running well
    const bad = drafts.filter((d) => {
      const status = obj(d.pieces.find((x) => x.pod)?.pod?.['status']);
      const phase = str(status?.['phase']);
      const sts = Array.isArray(status?.['containerStatuses']) ? (status?.['containerStatuses'] as JsonObject[]) : [];
      return phase !== 'Succeeded' && (phase !== 'Running' || sts.some((s) => s['ready'] !== true));
    });
    if (bad.length === 1) return bad[0];
  }
  return undefined;
}

/**
 * Read a pasted text. Throws the one-line refusal when nothing in it is kubectl output (or YAML or
 * JSON of a pod or its events) podwhy reads.
 */
export function readPaste(text: string, file: string, opts: PasteOptions = {}): KubectlTextResult {
  const L = pasteLines(text, file, opts.lineOffset ?? 0);
  const seg = new Segmenter(L);
  seg.run();
  const r: Reader = { file, L, now: opts.now, termWidth: seg.termWidth, warnings: [], skipped: [], skippedLines: [], others: [], skippedObjects: [], evidence: [], claimUsers: [] };
  // describe first: its text may tell when it was taken, which the tables' ages need
  const pieces: Piece[] = [];
  seg.blocks.forEach((b, k) => {
    if (b.kind === 'describe') pieces.push(...describePieces(r, b, k));
  });
  const estimated = pieces.find((p) => p.estimate !== undefined)?.estimate;
  const now = opts.now ?? estimated ?? Date.now();
  const nowKnown = opts.now !== undefined || estimated !== undefined;
  let noEvents = false;
  let otherDescribe = false;
  seg.blocks.forEach((b, k) => {
    switch (b.kind) {
      case 'events-table':
        pieces.push(...eventsTablePieces(r, b, k, now));
        break;
      case 'pods-table':
        pieces.push(...podsTablePieces(r, b, k, now));
        break;
      case 'yaml':
        for (const v of yamlValues(r, b)) pieces.push(...valuePieces(r, v, b, k));
        break;
      case 'json':
        for (const v of jsonValues(r, b)) pieces.push(...valuePieces(r, v, b, k));
        break;
      case 'logs': {
        const p = logsPiece(r, b, k);
        if ((p.logs !== undefined && p.logs.text !== '') || p.pod !== undefined) pieces.push(p);
        break;
      }
      case 'journal':
        pieces.push(...journalPieces(r, b, k, now));
        break;
      case 'waiting': {
        const p = waitingPiece(r, b, k);
        if (p) pieces.push(p);
        break;
      }
      case 'no-resources': {
        const m = NO_RESOURCES.exec(L.text[b.from] as string);
        const isEvents = m?.[1] === 'events' || b.cmd?.verb === 'events' || /^(?:events?|ev)$/.test(b.cmd?.resource ?? '');
        if (!isEvents) break;
        noEvents = true;
        const p: Piece = { format: 'events-table', rank: 0, line: L.n[b.from] as number, order: k, events: [], eventsSeen: true };
        if (b.cmd?.pod !== undefined) p.name = b.cmd.pod;
        const ns = m?.[2] ?? b.cmd?.namespace;
        if (ns !== undefined) p.namespace = ns;
        pieces.push(p);
        break;
      }
      case 'inline':
        pieces.push(...inlinePieces(r, b, k, now));
        break;
      case 'object-table':
        objectTable(r, b, now);
        break;
      case 'console-events':
        pieces.push(...consolePieces(r, b, k, now));
        break;
      case 'other-describe':
        otherDescribe = true;
        otherDescribeEvidence(r, b, k, now);
        break;
      default:
        break;
    }
  });

  // a prompt's pod names the output under it
  for (const p of pieces) {
    const b = seg.blocks[p.order];
    if (p.name === undefined && b?.cmd?.pod !== undefined && (p.format !== 'pods-table' && p.format !== 'events-table' ? true : p.events.length > 0 || p.eventsSeen)) {
      p.name = b.cmd.pod;
      if (p.namespace === undefined && b.cmd.namespace !== undefined) p.namespace = b.cmd.namespace;
    }
    if (p.namespace === undefined && p.name !== undefined && b?.cmd?.namespace !== undefined && b.cmd.pod === p.name) p.namespace = b.cmd.namespace;
  }

  // pieces → drafts, by name (a namespace-less name matches the same name in any namespace)
  const drafts: Draft[] = [];
  const byName = new Map<string, Draft[]>();
  const find = (name: string, namespace: string | undefined) => (byName.get(name) ?? []).find((d) => d.namespace === undefined || namespace === undefined || d.namespace === namespace);
  const add = (d: Draft) => {
    drafts.push(d);
    if (d.name !== undefined) byName.set(d.name, [...(byName.get(d.name) ?? []), d]);
  };
  const anonymous: Piece[] = [];
  const emptyEvents: Piece[] = [];
  for (const p of pieces.sort((a, b) => a.order - b.order || a.line - b.line)) {
    if (p.name === undefined) {
      if (p.rank === 0 && p.events.length === 0 && p.logs === undefined) emptyEvents.push(p);
      else anonymous.push(p);
      continue;
    }
    let d = find(p.name, p.namespace);
    if (!d) {
      d = { name: p.name, pieces: [], line: p.line, order: p.order };
      add(d);
    }
    if (d.namespace === undefined && p.namespace !== undefined) d.namespace = p.namespace;
    d.pieces.push(p);
  }
  // pieces that name no pod: the pod of the paste, else one pod for all of them (two fragments
  // that contradict each other — "with 300Mi: OOMKilled", "with 500Mi: Running" — are two pods)
  const looses: Draft[] = [];
  for (const p of anonymous) {
    const named = podName(p.events);
    let d = named ? find(named.name, named.namespace) : undefined;
    d ??= ownerOf(p, drafts);
    if (d && looses.includes(d) && contradicts(d, p)) d = looses.find((x) => !contradicts(x, p));
    if (!d) {
      d = { pieces: [], line: p.line, order: p.order };
      drafts.push(d);
      looses.push(d);
      if (named) {
        d.name = named.name;
        if (named.namespace !== undefined) d.namespace = named.namespace;
      }
    }
    d.pieces.push(p);
  }
  looses.forEach((loose, k) => {
    if (loose.name !== undefined) return;
    const named = podName(loose.pieces.flatMap((p) => p.events));
    const users = [...new Set(r.claimUsers)];
    if (named) {
      loose.name = named.name;
      if (named.namespace !== undefined) loose.namespace = named.namespace;
    } else if (k === 0 && users.length === 1 && !find(users[0] as string, undefined)) {
      // the one pod a described claim says uses it
      loose.name = users[0] as string;
    } else {
      loose.name = `${loose.pieces.every((p) => p.pod === undefined && p.logs === undefined) ? 'pasted-events' : 'pasted-pod'}${k > 0 ? `-${k + 1}` : ''}`;
      loose.madeUp = true;
    }
  });
  for (const p of emptyEvents) {
    const d = drafts.length === 1 ? drafts[0] : ownerOf(p, drafts);
    if (d) d.pieces.push(p);
  }
  joinEvidence(r, drafts, find);

  const objects: TextObject[] = [];
  let first: TextObject | undefined;
  const assembled: JsonObject[] = [];
  // df's table pasted with one pod: the node's disk, as the user's shell saw it
  const nodeDisk = drafts.length === 1 ? nodeDiskSummary(readDf(L.text)) : undefined;
  for (const d of drafts.sort((a, b) => a.order - b.order || a.line - b.line)) {
    const a = assembleDraft(d, now, nowKnown);
    assembled.push(a.pod);
    const info = { format: a.format, missing: a.missing, warnings: [] as string[], capturedAt: a.capturedAt, ...(a.placeholder ? { placeholder: true } : {}), ...(a.logs ? { logs: a.logs } : {}), ...(a.nodeGone ? { nodeGone: true } : {}), ...(nodeDisk !== undefined ? { nodeDisk } : {}) };
    markTextInput(a.pod, info);
    const o = { value: a.pod, line: a.line };
    first ??= o;
    objects.push(o);
    for (const e of a.events) objects.push({ value: e, line: a.line });
  }
  objects.push(...r.others);
  // `kubectl set image` typed before the pods it made: their image is in the command line
  for (let i = 0; i < L.count; i++) {
    const t = L.text[i] as string;
    if (!t.includes('set image')) continue;
    const set = promptCommand(t)?.setImage;
    if (set) applySetImage(set, assembled);
  }

  // what could not be placed, counted (never shown)
  const unplaced: number[] = [...r.skipped.map((i) => L.n[i] as number), ...r.skippedLines];
  for (let i = 0; i < L.count; i++) if (!seg.placed[i] && !((L.flags[i] as number) & F_FENCE)) unplaced.push(L.n[i] as number);
  const warnings = [...r.warnings];
  if (r.skippedObjects.length > 0) warnings.push(`${file}: ${r.skippedObjects.length} YAML/JSON object(s) that are not pods or events were skipped (line${new Set(r.skippedObjects).size > 1 ? 's' : ''} ${ranges(r.skippedObjects)})`);
  const nSkipped = new Set(unplaced).size;
  if (nSkipped > 0 && objects.length > 0) warnings.push(`${file}: ${nSkipped} line(s) could not be read and were skipped (line${nSkipped > 1 ? 's' : ''} ${ranges(unplaced)})`);

  if (objects.length === 0) {
    if (otherDescribe) throw notAPod(file);
    if (noEvents) throw new InputError(`${file}: kubectl found no events here, and the text names no pod — pass kubectl describe pod NAME (or kubectl get pod NAME -o yaml)`);
    if (seg.blocks.some((b) => b.kind === 'yaml' || b.kind === 'json') && r.skippedObjects.length > 0) return { objects: [], warnings };
    throw notReadable(file);
  }
  if (first) {
    const info = textInputOf(first.value);
    if (info) info.warnings.push(...warnings);
    return { objects, warnings: [] };
  }
  return { objects, warnings };
}
