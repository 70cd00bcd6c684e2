// `kubectl get events` and `kubectl get pods` tables → Event and Pod objects.
//
// Both are printed by kubectl's table printer through a tabwriter: every cell of a column starts
// at the column of its header, at least three spaces after the cell before it. Cells are cut at
// the header's columns when the row fits them, and by whitespace otherwise (a paste that lost
// its alignment). The layouts read:
//   events, kubectl ≥ 1.14:  [NAMESPACE] LAST SEEN  TYPE  REASON  OBJECT  MESSAGE
//           with -o wide:    … OBJECT  SUBOBJECT  SOURCE  MESSAGE  FIRST SEEN  COUNT  NAME
//           `kubectl events`: [NAMESPACE] LAST SEEN  TYPE  REASON  OBJECT  MESSAGE, with
//                             "3m (x12 over 10m)" in LAST SEEN
//   events, kubectl ≤ 1.13:  [NAMESPACE] LAST SEEN  FIRST SEEN  COUNT  NAME  KIND  SUBOBJECT  TYPE
//                             REASON  SOURCE  MESSAGE  (LASTSEEN/FIRSTSEEN in the oldest)
//   pods:                    [NAMESPACE] NAME  READY  STATUS  RESTARTS  AGE  [IP  NODE …]
// A pods table is weak input: it tells STATUS and RESTARTS, nothing of why; the pods it gives are
// marked so the output says the diagnosis is limited. Events whose pod the input does not give
// get a placeholder pod, so a diagnosis can be made from the events alone.

import { eventObject, EVENTS_HEADER, sourceHost, isPrompt, markTextInput, parseAge, PODS_HEADER, toLines, type EventRow, type KubectlTextResult, type Line, type TextObject } from './describe.js';
import { EVENTS_TABLE_ROW, PODS_TABLE_ROW, SHORT_PODS_ROW } from './paste-lines.js';
import { blockWidth, wrapJoin } from './describe-lines.js';
import type { JsonObject } from '../../util/json.js';

interface Column {
  name: string;
  start: number;
}

/** The header names kubectl prints for events and pods, longest first where one starts another. */
const HEADER = /(?<![\w%/])(?:NAMESPACE|LAST SEEN|FIRST SEEN|LASTSEEN|FIRSTSEEN|TYPE|REASON|OBJECT|SUBOBJECT|SOURCE|MESSAGE|COUNT|NAME|KIND|READY|STATUS|RESTARTS|AGE|IP|NOMINATED NODE|NODE|READINESS GATES|PF|CPU|MEM|%CPU\/R|%CPU\/L|%MEM\/R|%MEM\/L|QOS|LABELS|VALID)(?![\w/])/g;

function columns(header: string, indent: number): Column[] {
  const out: Column[] = [];
  let m: RegExpExecArray | null;
  // k9s marks the sorted column with an arrow
  header = header.replace(/[↑↓]/g, ' ');
  HEADER.lastIndex = 0;
  while ((m = HEADER.exec(header))) out.push({ name: m[0], start: indent + m.index });
  return out;
}

/** Cut a row at the header's columns; undefined when the row does not fit them. */
function cells(row: string, cols: Column[]): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (let i = 0; i < cols.length; i++) {
    const c = cols[i] as Column;
    const next = cols[i + 1];
    if (i > 0 && c.start < row.length && row.charAt(c.start - 1) !== ' ') return undefined;
    if (next && next.start < row.length && row.charAt(next.start - 1) !== ' ') return undefined;
    const cell = row.slice(c.start, next ? next.start : undefined).trim();
    out[c.name] = cell;
  }
  return out;
}

function whenRow(lastSeen: string, firstSeen?: string, count?: string): Pick<EventRow, 'first' | 'last' | 'count'> {
  const out: Pick<EventRow, 'first' | 'last' | 'count'> = { count: 1 };
  const m = /^(\S+) \(x(\d+) over (\S+)\)$/.exec(lastSeen);
  const last = parseAge(m ? (m[1] as string) : lastSeen);
  if (last !== undefined) out.last = last;
  if (m) {
    out.count = Math.max(1, Number(m[2]));
    const f = parseAge(m[3] as string);
    if (f !== undefined) out.first = f;
  }
  if (firstSeen !== undefined) {
    const f = parseAge(firstSeen);
    if (f !== undefined) out.first = f;
  }
  if (count !== undefined && /^\d+$/.test(count)) out.count = Math.max(1, Number(count));
  out.first ??= out.last;
  return out;
}

export interface PodRef {
  namespace?: string;
  name: string;
}

/** `kubectl get events` (any layout) → events, with the pods they name. */
export function parseEventsTable(text: string, file: string, now: number): KubectlTextResult {
  const all = toLines(text, file).filter((l) => l.text !== '' && !isPrompt(l.text));
  const lines = all.slice(Math.max(0, all.findIndex((l) => EVENTS_HEADER.test(l.text))));
  if (!lines[0] || !EVENTS_HEADER.test(lines[0].text)) return { objects: [], warnings: [] };
  const r = eventsTableLines(lines, file, now);
  const objects: TextObject[] = r.events.map((e) => ({ value: e.value, line: e.line }));
  for (const p of r.pods.values()) objects.push({ value: placeholderPod(p, now), line: 1 });
  return { objects, warnings: r.warnings.slice(0, 20) };
}

/** An old-layout (kubectl ≤ 1.13) events row without its header. */
const OLD_TABLE_ROW = new RegExp(
  String.raw`^(?:([a-z0-9][-a-z0-9.]*)\s+)?((?:\d+[ydhms])+|<unknown>|<invalid>)\s+((?:\d+[ydhms])+|<unknown>|<invalid>)\s+(\d+)\s+(\S+)\s+([A-Z]\w+)\s+(?:(spec\.\S+|\S*\{\S*\})\s+)?(Normal|Warning)\s+(\S+)\s+(\{[^}]*\}|(?:[\w.:\/-]+, )?[\w.:\/-]+)\s+(.*)$`,
);

/**
 * The lines of an events table → Event objects and the pods they name. The first line is the
 * header; without one (rows pasted alone) each row is read by whitespace.
 */
export function eventsTableLines(lines: Line[], file: string, now: number): { events: TextObject[]; pods: Map<string, PodRef>; warnings: string[] } {
  const warnings: string[] = [];
  const header = lines[0] && EVENTS_HEADER.test(lines[0].text) ? lines[0] : undefined;
  const cols = header ? columns(header.text, header.indent) : [];
  const names = new Set(cols.map((c) => c.name));
  let oldLayout = names.has('SUBOBJECT') && names.has('KIND');
  const events: TextObject[] = [];
  const pods = new Map<string, PodRef>();
  let prev: JsonObject | undefined;
  let prevLine: Line | undefined;
  const width = blockWidth(lines);
  for (const l of header ? lines.slice(1) : lines) {
    if (l.text === '' || /^-{2,}(?:\s+-{2,})+$/.test(l.text)) continue;
    const row = ' '.repeat(l.indent) + l.text;
    let c = header ? cells(row, cols) : undefined;
    if (!c && !names.has('SUBOBJECT')) {
      // alignment lost, or no header: [NAMESPACE] LAST SEEN TYPE REASON OBJECT MESSAGE by whitespace
      const m = EVENTS_TABLE_ROW.exec(l.text);
      if (m && (!header || names.has('NAMESPACE') === (m[1] !== undefined))) c = { NAMESPACE: m[1] ?? '', 'LAST SEEN': m[2] as string, TYPE: m[3] as string, REASON: m[4] as string, OBJECT: m[5] as string, MESSAGE: m[6] ?? '' };
    }
    if (!c && (!header || oldLayout)) {
      const m = OLD_TABLE_ROW.exec(l.text);
      if (m) {
        oldLayout = true;
        c = { NAMESPACE: m[1] ?? '', 'LAST SEEN': m[2] as string, 'FIRST SEEN': m[3] as string, COUNT: m[4] as string, NAME: m[5] as string, KIND: m[6] as string, SUBOBJECT: m[7] ?? '', TYPE: m[8] as string, REASON: m[9] as string, SOURCE: m[10] as string, MESSAGE: m[11] as string };
      }
    }
    const type = c?.['TYPE'];
    if (!c || (type !== 'Normal' && type !== 'Warning')) {
      // a terminal wrapped the message of the row above
      if (prev) {
        prev['message'] = `${String(prev['message'] ?? '')}${prevLine ? wrapJoin(prevLine, l, width) : ' '}${l.text}`.trim();
        prevLine = l;
      }
      else warnings.push(`${file}:${l.n}: an events table row not understood: skipped`);
      continue;
    }
    let kind: string;
    let name: string;
    let fieldPath: string | undefined;
    if (oldLayout && c['KIND'] !== undefined) {
      kind = c['KIND'] ?? '';
      // the event's name is <object name>.<hex id>
      name = (c['NAME'] ?? '').replace(/\.[0-9a-f]{8,}$/, '');
      fieldPath = c['SUBOBJECT'] || undefined;
    } else {
      const obj = c['OBJECT'] ?? '';
      const slash = obj.indexOf('/');
      kind = slash >= 0 ? obj.slice(0, slash) : obj;
      name = slash >= 0 ? obj.slice(slash + 1) : '';
      fieldPath = c['SUBOBJECT'] || undefined;
    }
    const namespace = c['NAMESPACE'] || undefined;
    const er: EventRow = {
      type,
      reason: c['REASON'] ?? '',
      message: c['MESSAGE'] ?? '',
      ...whenRow(c['LAST SEEN'] ?? c['LASTSEEN'] ?? '', c['FIRST SEEN'] ?? c['FIRSTSEEN'], c['COUNT']),
    };
    const source = (c['SOURCE'] ?? '').replace(/^\{|\}$/g, '').trim().split(/[ ,]/)[0];
    if (source) er.source = source;
    const host = sourceHost(c['SOURCE']);
    if (host) er.host = host;
    const isPod = kind.toLowerCase() === 'pod';
    const e = eventObject(er, { ...(isPod ? { name } : {}), ...(namespace ? { namespace } : {}) }, now, fieldPath);
    if (!isPod) (e['involvedObject'] as JsonObject)['kind'] = kind === '' ? undefined : kindName(kind);
    if (!isPod) (e['involvedObject'] as JsonObject)['name'] = name;
    events.push({ value: e, line: l.n });
    prev = e;
    prevLine = l;
    if (isPod && name !== '') pods.set(`${namespace ?? ''}/${name}`, { name, ...(namespace ? { namespace } : {}) });
  }
  return { events, pods, warnings };
}

const KINDS: Record<string, string> = {
  pod: 'Pod',
  persistentvolumeclaim: 'PersistentVolumeClaim',
  pvc: 'PersistentVolumeClaim',
  persistentvolume: 'PersistentVolume',
  pv: 'PersistentVolume',
  job: 'Job',
  cronjob: 'CronJob',
  replicaset: 'ReplicaSet',
  deployment: 'Deployment',
  statefulset: 'StatefulSet',
  daemonset: 'DaemonSet',
  replicationcontroller: 'ReplicationController',
  node: 'Node',
  service: 'Service',
  endpoints: 'Endpoints',
  horizontalpodautoscaler: 'HorizontalPodAutoscaler',
  poddisruptionbudget: 'PodDisruptionBudget',
  ingress: 'Ingress',
  configmap: 'ConfigMap',
  secret: 'Secret',
  namespace: 'Namespace',
  serviceaccount: 'ServiceAccount',
};

/** The kind an events table's OBJECT column names ("persistentvolumeclaim/x" → PersistentVolumeClaim; "job.batch/x" → Job). */
export function kindName(resource: string): string {
  const r = resource.split('.')[0] ?? resource;
  return KINDS[r.toLowerCase()] ?? (r.charAt(0).toUpperCase() + r.slice(1));
}

/** A pod named by events but not given: only its name, so the events can be diagnosed. */
function placeholderPod(p: PodRef, now: number): JsonObject {
  const pod: JsonObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: p.name, ...(p.namespace ? { namespace: p.namespace } : {}) } };
  const ns = p.namespace && p.namespace !== 'default' ? ` -n ${p.namespace}` : '';
  markTextInput(pod, {
    format: 'events-table',
    missing: [{ fact: 'pod-object', command: `kubectl describe pod ${p.name}${ns}` }],
    warnings: [],
    capturedAt: now,
    placeholder: true,
  });
  return pod;
}

/** Waiting reasons kubectl shows as STATUS for a container that has not started. */
export const WAITING = /^(?:CrashLoopBackOff|ImagePullBackOff|ErrImagePull|ErrImageNeverPull|InvalidImageName|CreateContainerConfigError|CreateContainerError|RunContainerError|ContainerCreating|PodInitializing|ImageInspectError|RegistryUnavailable|SignatureValidationFailed|PreCreateHookError|PreStartHookError|PostStartHookError)$/;
/**
 * A terminated state from the reason kubectl's STATUS column shows: only Completed fixes the exit
 * code (the kubelet says Completed for exit 0 alone); Error is any other code, and an OOM kill's
 * code is the process's (137 when the killed process is the container's own, not always), so the
 * row does not say it.
 */
function terminatedByReason(reason: string): JsonObject {
  return reason === 'Completed' ? { reason, exitCode: 0 } : { reason };
}

export const TERMINATED = /^(?:OOMKilled|Error|Completed|ContainerCannotRun|StartError|Signal:\d+|ExitCode:\d+)$/;
/**
 * Reasons the pod's status carries (status.reason), shown as STATUS when no container has a
 * reason: eviction, node loss, the kubelet's admission rejections (the soft ones, AppArmor and
 * NoNewPrivs, leave the pod Pending), node shutdown, deadlines.
 */
export const POD_REASONS = /^(?:Evicted|AppArmor|NoNewPrivs|NodeLost|NodeAffinity|NodeName|NodePorts|TaintToleration|NodeShutdown|Shutdown|Terminated|UnexpectedAdmissionError|UnexpectedPredicateFailureType|UnknownReason|DeadlineExceeded|Preempting|SysctlForbidden|TopologyAffinityError|PodOSNotSupported|PodOSSelectorNodeLabelDoesNotMatch|InvalidNodeInfo|OutOf[\w.\/-]+)$/;

/**
 * The names a table row gives its containers: none. They are called "(unnamed)" (one) or
 * "(unnamed 1)", "(unnamed 2)" … — init containers first, then the others, numbered on — names no
 * container can have, so no command is ever written with them.
 */
export function unnamed(total: number, from = 0): string[] {
  return total === 1 && from === 0 ? ['(unnamed)'] : Array.from({ length: total }, (_, i) => `(unnamed ${from + i + 1})`);
}

/** A container name podwhy made up (a table row's, a fragment's): no command may use it. */
export const isUnnamed = (name: string): boolean => name.startsWith('(unnamed');

const isoAt = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** One `kubectl get pods` row → a pod carrying just what the row says (kubectl's STATUS recomputes to the row's). */
export function podFromRow(c: Record<string, string>, now: number): JsonObject {
  // `kubectl get sts,pod` (more than one kind) prints each name as kind/name: "pod/web-1"
  const name = (c['NAME'] ?? '').replace(/^pods?\//, '');
  const namespace = c['NAMESPACE'] || undefined;
  const status = c['STATUS'] ?? '';
  const ready = /^(\d+)\/(\d+)$/.exec(c['READY'] ?? '');
  const total = ready ? Number(ready[2]) : 1;
  const readyCount = ready ? Number(ready[1]) : 0;
  const restartsM = /^(\d+)(?: \((\S+) ago\))?$/.exec(c['RESTARTS'] ?? '');
  // (a row cut before its RESTARTS column says nothing of restarts)
  const restarts = restartsM ? Number(restartsM[1]) : undefined;
  const lastRestartAgo = restartsM?.[2] !== undefined ? parseAge(restartsM[2]) : undefined;
  const age = parseAge(c['AGE'] ?? '');
  const metadata: JsonObject = { name, ...(namespace ? { namespace } : {}) };
  if (age !== undefined) metadata['creationTimestamp'] = isoAt(now - age * 1000);
  const st: JsonObject = {};
  const node = c['NODE'];
  const spec: JsonObject = { containers: [] as JsonObject[] };
  if (node && node !== '<none>') spec['nodeName'] = node;
  if (c['IP'] && c['IP'] !== '<none>') st['podIP'] = c['IP'];
  const init = /^Init:(.+)$/.exec(status);
  const initCount = init ? Math.max(1, Number(/^(\d+)\/(\d+)$/.exec(init[1] as string)?.[2] ?? 1)) : 0;
  const names = unnamed(Math.max(1, total), initCount);
  spec['containers'] = names.map((n) => ({ name: n }));
  let phase = 'Running';
  const statuses: JsonObject[] = names.map((n, i) => ({ name: n, ready: i < readyCount, ...(restarts !== undefined ? { restartCount: i === 0 ? restarts : 0 } : {}), state: { running: {} } }));
  // the container the row's reason belongs to: the first one not ready
  const first = statuses[Math.min(readyCount, statuses.length - 1)] as JsonObject;
  if (lastRestartAgo !== undefined) {
    first['lastState'] = { terminated: { finishedAt: isoAt(now - lastRestartAgo * 1000) } };
  }
  if (status === 'Pending') {
    // not started: the containers that are not ready have no state yet
    phase = 'Pending';
    for (const [i, s] of statuses.entries()) if (i >= readyCount) delete s['state'];
  }
  else if (status === 'Completed' || status === 'Succeeded') {
    phase = 'Succeeded';
    for (const s of statuses) s['state'] = { terminated: { reason: 'Completed', exitCode: 0 } };
  } else if (status === 'Failed') phase = 'Failed';
  else if (POD_REASONS.test(status)) {
    // the pod's own reason: containers that are not ready carry no state of their own (a state
    // with a reason, or an empty terminated one, would be printed instead)
    phase = status === 'NodeLost' ? 'Running' : 'Failed';
    st['reason'] = status;
    for (const [i, s] of statuses.entries()) if (i >= readyCount) delete s['state'];
  } else if (status === 'NotReady') {
    // printPod: a container Completed beside a ready running one, and the pod's Ready condition not True
    for (const [i, s] of statuses.entries()) if (i >= readyCount) s['state'] = { terminated: { reason: 'Completed', exitCode: 0 } };
    st['conditions'] = [{ type: 'Ready', status: 'False' }];
  } else if (status === 'Terminating') {
    metadata['deletionTimestamp'] = isoAt(now);
  } else if (status === 'Unknown') phase = 'Unknown';
  else if (status === 'SchedulingGated') {
    phase = 'Pending';
    st['conditions'] = [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }];
    for (const s of statuses) delete s['state'];
  } else if (init) {
    // Init:2/3 — two init containers done, the third running; Init:<reason> — the first one waits or failed
    phase = 'Pending';
    const m = /^(\d+)\/(\d+)$/.exec(init[1] as string);
    const n = m ? Math.max(1, Number(m[2])) : 1;
    const done = m ? Math.min(Number(m[1]), n - 1) : 0;
    const inits = Array.from({ length: n }, (_, i) => `(unnamed ${i + 1})`);
    spec['initContainers'] = inits.map((name) => ({ name }));
    const stateOf = (i: number): JsonObject => {
      if (i < done) return { terminated: { reason: 'Completed', exitCode: 0 } };
      if (i > done) return { waiting: { reason: 'PodInitializing' } };
      if (m) return { running: {} };
      const r = init[1] as string;
      const sig = /^Signal:(\d+)$/.exec(r);
      const code = /^ExitCode:(\d+)$/.exec(r);
      if (sig) return { terminated: { signal: Number(sig[1]), exitCode: 128 + Number(sig[1]) } };
      if (code) return { terminated: { exitCode: Math.max(1, Number(code[1])) } };
      return WAITING.test(r) ? { waiting: { reason: r } } : TERMINATED.test(r) ? { terminated: terminatedByReason(r) } : { waiting: { reason: r } };
    };
    st['initContainerStatuses'] = inits.map((name, i) => ({ name, ready: i < done, ...(restarts !== undefined ? { restartCount: i === done ? restarts : 0 } : {}), state: stateOf(i) }));
    for (const s of statuses) {
      s['state'] = { waiting: { reason: 'PodInitializing' } };
      // (an app container does not restart before the init containers are done)
      s['restartCount'] = 0;
      s['ready'] = false;
    }
    delete first['lastState'];
  } else if (WAITING.test(status)) {
    if (status === 'ContainerCreating' || status === 'PodInitializing' || /^(?:ErrImagePull|ImagePullBackOff|InvalidImageName|ErrImageNeverPull)$/.test(status)) phase = (restarts ?? 0) > 0 ? 'Running' : 'Pending';
    first['state'] = { waiting: { reason: status } };
    first['ready'] = false;
  } else if (status === 'ContainerStatusUnknown') {
    // the kubelet lost the container (evicted pods show it): terminated, exit code 137
    first['state'] = { terminated: { reason: status, exitCode: 137 } };
    first['ready'] = false;
    if (readyCount === 0) phase = 'Failed';
  } else if (TERMINATED.test(status)) {
    const sig = /^Signal:(\d+)$/.exec(status);
    const code = /^ExitCode:(\d+)$/.exec(status);
    first['state'] = { terminated: sig ? { signal: Number(sig[1]), exitCode: 128 + Number(sig[1]) } : code ? { exitCode: Number(code[1]) } : terminatedByReason(status) };
    first['ready'] = false;
  }
  st['phase'] = phase;
  st['containerStatuses'] = statuses;
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec, status: st };
}

/** `kubectl get pods` → weak pods. */
export function parsePodsTable(text: string, file: string, now: number): KubectlTextResult {
  const all = toLines(text, file).filter((l) => l.text !== '' && !isPrompt(l.text));
  const lines = all.slice(Math.max(0, all.findIndex((l) => PODS_HEADER.test(l.text))));
  if (!lines[0] || !PODS_HEADER.test(lines[0].text)) return { objects: [], warnings: [] };
  const r = podsTableLines(lines, file, now);
  for (const p of r.pods) markWeak(p.value, now);
  return { objects: r.pods, warnings: r.warnings.slice(0, 20) };
}

/** Mark a pod read from a `kubectl get pods` row: its diagnosis is limited. */
export function markWeak(pod: JsonObject, now: number): void {
  const md = (pod['metadata'] ?? {}) as JsonObject;
  const ns = md['namespace'] && md['namespace'] !== 'default' ? ` -n ${String(md['namespace'])}` : '';
  markTextInput(pod, {
    format: 'pods-table',
    missing: [{ fact: 'pods-table', command: `kubectl describe pod ${String(md['name'])}${ns}` }],
    warnings: [],
    capturedAt: now,
  });
}

/** The lines of a pods table (the first the header, or rows alone) → weak pods. */
export function podsTableLines(lines: Line[], file: string, now: number): { pods: TextObject[]; warnings: string[] } {
  const warnings: string[] = [];
  const header = lines[0] && PODS_HEADER.test(lines[0].text.replace(/[↑↓]/g, '')) ? lines[0] : undefined;
  const cols = header ? columns(header.text, header.indent) : [];
  const hasNs = header ? cols[0]?.name === 'NAMESPACE' : undefined;
  const pods: TextObject[] = [];
  for (const l of header ? lines.slice(1) : lines) {
    if (l.text === '' || /^\[?(?:\.{2,}|…)\]?$/.test(l.text)) continue;
    const row = ' '.repeat(l.indent) + l.text;
    let c = header ? cells(row, cols) : undefined;
    if (!c || !/^\d+\/\d+$/.test(c['READY'] ?? '')) {
      const m = PODS_TABLE_ROW.exec(l.text);
      if (m && (hasNs === undefined || hasNs === (m[1] !== undefined))) {
        c = { NAMESPACE: m[1] ?? '', NAME: m[2] as string, READY: m[3] as string, STATUS: m[4] as string, RESTARTS: m[5] as string, AGE: m[6] as string };
        // -o wide: IP NODE NOMINATED NODE READINESS GATES
        const rest = (m[7] ?? '').split(/\s+/);
        if (rest[0] && /^(?:[\d.:a-f]+|<none>)$/.test(rest[0])) {
          c['IP'] = rest[0];
          if (rest[1]) c['NODE'] = rest[1];
        }
      }
    }
    if (!header && (!c || !/^\d+\/\d+$/.test(c['READY'] ?? ''))) {
      // a row cut after STATUS or RESTARTS: what it shows, no more (its age stays unknown)
      const m = SHORT_PODS_ROW.exec(l.text);
      if (m) c = { NAMESPACE: m[1] ?? '', NAME: m[2] as string, READY: m[3] as string, STATUS: m[4] as string, ...(m[5] !== undefined ? { RESTARTS: m[5] } : {}) };
    }
    if (!c || !/^\d+\/\d+$/.test(c['READY'] ?? '') || !c['NAME']) {
      warnings.push(`${file}:${l.n}: a pods table row not understood: skipped`);
      continue;
    }
    pods.push({ value: podFromRow(c, now), line: l.n });
  }
  return { pods, warnings };
}
