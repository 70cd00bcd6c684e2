// kubectl output inside a sentence, and single lines of it with something wrapped around them:
// what the paste reader (paste.ts) falls back to for a line that starts no block.
//
//   It said `Warning  Failed  Failed to pull image "…": …`            an event row in inline code
//   I get this `monitorms-mmqhm   0/1   ImagePullBackOff`              a pods row, cut after STATUS
//   No nodes are available that match all of the following predicates:: Insufficient cpu (1).
//   2025-05-03 17:50:50,140 - MainThread - WARNING - The node was low on resource: memory. …
//   INFO: At 2023-11-07 15:05:54 +0000 UTC - event for web-1: {kubelet node-1} Failed: …   (e2e)
//   logger.go:42: 23:52:09 | t | 2022-12-08 23:51:53 +0000 UTC  Warning  Pod web-1.spec.containers{app}  FailedPreStopHook  …
//   CrashLoopBackOff (back-off 5m0s restarting failed container=c pod=web_ns(uid)) | Last state: Terminated with 1: Error
//
// A line is looked at as a whole and by its parts (inline code, quoted text); each part is tried
// as an event row in any of kubectl's layouts (or a loose one: a type, a reason and a message), a
// pods row, a kubectl command, and a known Kubernetes message (messages.ts).

import { parseAge, parseRfc1123, sourceHost, type EventRow } from './describe.js';
import { isObject } from '../../util/json.js';
import { GO_STRUCT_START, parseGoMap, parseGoStruct } from './dumps.js';
import { EVENT_REASONS, findKnownMessage, knownMessage, mayHoldMessage, type KnownMessage } from './messages.js';
import { parseCommand, promptCommand, type Command } from './paste-lines.js';

export interface PodRef {
  name: string;
  namespace?: string;
}

export interface InlineEvent {
  row: EventRow;
  pod?: PodRef;
  /** The involved object's kind, when not a pod. */
  kind?: string;
  objectName?: string;
}

export interface InlineState {
  kind: 'pod-status' | 'container-waiting' | 'container-terminated';
  reason: string;
  message: string;
  pod?: PodRef;
  container?: string;
  /** A console's "Last state: Terminated with 1: Error". */
  last?: { reason?: string; exitCode?: number };
}

export interface InlinePodRow {
  NAME: string;
  READY: string;
  STATUS: string;
  RESTARTS?: string;
  AGE?: string;
}

export interface InlineItems {
  events: InlineEvent[];
  states: InlineState[];
  rows: InlinePodRow[];
  commands: Command[];
  /** Objects a program printed: a Go dump of a PodStatus, a go-template's map printing. */
  values: unknown[];
}

const AGE = String.raw`(?:<unknown>|<invalid>|(?:\d+[ydhms])+)`;
const AGE_CELL = new RegExp(String.raw`^(${AGE})(?: \(x(\d+) over (${AGE})\))?$`);
/** Go's time.Time ("2023-11-07 15:05:54.097 +0000 UTC"), RFC 3339, or RFC 1123Z. */
const ABS_TIME = String.raw`(?:\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?(?: ?[+-]\d\d:?\d\d)?(?: [A-Z]{2,5})?Z?|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z|[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d [-+]\d{4})`;
const ABS_AT_END = new RegExp(`(${ABS_TIME})\\s*$`);
const COMPONENT_CELL = /^(?:\{[^}]*\}|kubelet(?:, \S+)?|default-scheduler|[a-z][\w-]*-(?:controller|scheduler|manager|provisioner|autoscaler|operator|plugin|agent)s?|kube-[\w-]+|karpenter|cluster-autoscaler)$/;
const OBJECT_CELL = /^(?:pod\/|Pod\s+|pods\/)([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?|[^\s]*<[^>]*>[^\s]*)(?:\.(spec\.[\w]+\{[^}]*\}))?$/;

/** A time printed in a row: an age before capture, or an absolute time (Go, RFC 3339, RFC 1123). */
function absTime(s: string): number | undefined {
  const t = s.trim();
  const rfc = parseRfc1123(t);
  if (rfc !== undefined) return rfc;
  const m = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:[.,](\d+))?(?: ?([+-]\d\d):?(\d\d))?(?: [A-Z]{2,5})?(Z)?$/.exec(t);
  if (!m) return undefined;
  const tz = m[6] ? 'Z' : m[4] ? `${m[4]}:${m[5] as string}` : 'Z';
  const ms = Date.parse(`${m[1] as string}T${m[2] as string}${tz}`);
  return Number.isFinite(ms) ? ms : undefined;
}

function setWhen(row: EventRow, ageCell: string | undefined, abs: number | undefined): void {
  if (abs !== undefined) {
    row.absolute = true;
    row.first = abs;
    row.last = abs;
    return;
  }
  if (ageCell === undefined) return;
  const m = AGE_CELL.exec(ageCell);
  if (!m) return;
  const last = parseAge(m[1] as string);
  if (last !== undefined) row.last = last;
  if (m[2] !== undefined) {
    row.count = Math.max(1, Number(m[2]));
    const f = parseAge(m[3] as string);
    if (f !== undefined) row.first = f;
  }
  row.first ??= row.last;
}

const sourceOf = (cell: string) => cell.replace(/^\{|\}$/g, '').trim().split(/[ ,]/)[0] || undefined;

/**
 * An event row of any layout, found where `Normal` or `Warning` begins: before it, a time or an
 * age (events tables, e2e and kuttl logs); after it, in any order, the reason, an age, a source
 * and the object, then the message. Returns undefined unless the reason is one Kubernetes gives or
 * the message is a known one.
 */
export function looseEventRow(text: string): InlineEvent | undefined {
  const tm = /(?:^|[\s"'`(*|>])(Normal|Warning)(?:\s+|$)/.exec(text);
  if (!tm) return undefined;
  const type = tm[1] as string;
  const before = text.slice(0, tm.index + tm[0].indexOf(type)).trim();
  let rest = text.slice(tm.index + tm[0].length);
  const ev: InlineEvent = { row: { type, message: '', count: 1 } };
  // before the type: an age (events table) or an absolute time (kuttl), maybe a namespace
  const abs = ABS_AT_END.exec(before);
  let absT = abs ? absTime(abs[1] as string) : undefined;
  let ageCell = /(?:^|\s)((?:<unknown>|<invalid>|(?:\d+[ydhms])+)(?: \(x\d+ over (?:\d+[ydhms])+\))?)$/.exec(before)?.[1];
  let reason: string | undefined;
  let source: string | undefined;
  let host: string | undefined;
  // cells: two spaces or more apart (a tab became two spaces)
  for (let k = 0; k < 6 && rest !== ''; k++) {
    const m = /^(\S+(?: \S+)*?)(?:\s{2,}|$)/.exec(rest);
    if (!m) break;
    const cell = m[1] as string;
    const obj = OBJECT_CELL.exec(cell);
    if (obj && ev.pod === undefined) {
      ev.pod = { name: obj[1] as string };
      if (obj[2]) ev.row.fieldPath = obj[2];
    } else if (/^[A-Z][a-z]+[A-Za-z]*\/\S+$/.test(cell) && !ev.kind) {
      // another kind of object: persistentvolumeclaim/x, PersistentVolumeClaim/x
      const [kind, name] = cell.split('/') as [string, string];
      ev.kind = kind;
      ev.objectName = name;
    } else if (/^[a-z]+\/\S+$/.test(cell) && !/^pod\//.test(cell) && !ev.kind) {
      const [kind, name] = cell.split('/') as [string, string];
      ev.kind = kind;
      ev.objectName = name;
    } else if (AGE_CELL.test(cell) && reason === undefined ? ageCell === undefined : AGE_CELL.test(cell)) {
      ageCell = cell;
    } else if (COMPONENT_CELL.test(cell) && source === undefined) {
      source = sourceOf(cell);
      host = sourceHost(cell);
    } else if (reason === undefined && /^[A-Za-z][A-Za-z]+$/.test(cell) && (EVENT_REASONS.has(cell) || /^[A-Z][a-z]+[A-Z][A-Za-z]+$/.test(cell) || /^[a-z]+[A-Z][A-Za-z]+$/.test(cell))) {
      reason = cell;
    } else break;
    rest = rest.slice(m[0].length);
  }
  if (reason === undefined) {
    // spaces collapsed: "Warning Failed 3m kubelet Error: …"
    const m = new RegExp(String.raw`^([A-Z][A-Za-z]+)\s+(?:(${AGE}(?: \(x\d+ over ${AGE}\))?)\s+)?(?:(kubelet(?:, \S+)?|default-scheduler|\{[^}]*\})\s+)?(.*)$`).exec(rest);
    if (m && (EVENT_REASONS.has(m[1] as string) || knownMessage((m[4] ?? '').trim()))) {
      reason = m[1] as string;
      if (m[2]) ageCell = m[2];
      if (m[3]) {
        source = sourceOf(m[3]);
        host = sourceHost(m[3]);
      }
      rest = m[4] ?? '';
    }
  }
  let message = rest.replace(/\*\*\s*$/, '').trim();
  const known = knownMessage(message);
  if (reason === undefined) {
    if (!known || known.kind !== 'event') return undefined;
    reason = known.reason;
  } else if (!EVENT_REASONS.has(reason) && !known) return undefined;
  if (known && known.end < message.length && known.kind === 'pod-status') message = message.slice(0, known.end).trim();
  ev.row.reason = reason;
  ev.row.message = message;
  if (source ?? known?.source) ev.row.source = (source ?? known?.source) as string;
  if (host !== undefined) ev.row.host = host;
  if (absT === undefined && ageCell === undefined) absT = undefined;
  setWhen(ev.row, ageCell, absT);
  if (ev.pod === undefined && known?.pod) ev.pod = known.pod;
  if (ev.kind === undefined && ev.pod === undefined && known?.object) ev.kind = known.object;
  return ev;
}

/** e2e's event dump: "At <time> - event for <name>: {<component> <host>} <Reason>: <message>". */
const E2E_EVENT = new RegExp(String.raw`\bAt (${ABS_TIME}) - event for ([a-z0-9][-a-z0-9.]*): \{([^}]*)\} (\w+): (.*)$`);

export function e2eEvent(text: string): InlineEvent | undefined {
  const m = E2E_EVENT.exec(text);
  if (!m) return undefined;
  const row: EventRow = { reason: m[4] as string, message: (m[5] as string).trim(), count: 1 };
  const known = knownMessage(row.message);
  row.type = known?.type ?? (/^(?:Failed|BackOff|Unhealthy|FailedMount|FailedScheduling|FailedCreatePodSandBox|Evicted|FailedAttachVolume|FailedKillPod|FailedPreStopHook|FailedPostStartHook|ExceededGracePeriod|OutOf\w+|ProbeWarning|NetworkNotReady)$/.test(row.reason ?? '') ? 'Warning' : 'Normal');
  const src = sourceOf(m[3] as string);
  if (src) row.source = src;
  const host = sourceHost(m[3] as string);
  if (host) row.host = host;
  setWhen(row, undefined, absTime(m[1] as string));
  return { row, pod: { name: m[2] as string } };
}

/** A console's "| Last state: Terminated with 1: Error, started: …, finished: …" after a waiting reason. */
function lastState(s: string): InlineState['last'] | undefined {
  const m = /Last state: Terminated with (\d*)\s*:\s*(\w+)/i.exec(s);
  if (!m) return undefined;
  return { ...(m[2] ? { reason: m[2] } : {}), ...(m[1] !== '' ? { exitCode: Number(m[1]) } : {}) };
}

const STATUSES = /^(?:Running|Pending|Succeeded|Failed|Unknown|Completed|Terminating|ContainerCreating|PodInitializing|CrashLoopBackOff|ImagePullBackOff|ErrImagePull|ErrImageNeverPull|InvalidImageName|CreateContainerConfigError|CreateContainerError|RunContainerError|PostStartHookError|PreStartHookError|StartError|ContainerCannotRun|OOMKilled|Error|Evicted|NodeLost|NodeAffinity|NodeShutdown|Shutdown|Terminated|UnexpectedAdmissionError|ContainerStatusUnknown|DeadlineExceeded|OutOf[\w.\/-]+|Init:\S+|Signal:\d+|ExitCode:\d+|SchedulingGated)$/;
const POD_ROW = /^([a-z0-9][-a-z0-9.]*)\s+(\d+\/\d+)\s+(\S+)(?:\s+(\d+(?: \([\w.]+ ago\))?))?(?:\s+((?:\d+[ydhms])+|<unknown>|<invalid>))?\s*$/;

/** A `kubectl get pods` row cut after its STATUS or RESTARTS ("web-1   0/1   ImagePullBackOff"). */
export function partialPodRow(text: string): InlinePodRow | undefined {
  const m = POD_ROW.exec(text.trim());
  if (!m || !STATUSES.test(m[3] as string)) return undefined;
  return { NAME: m[1] as string, READY: m[2] as string, STATUS: m[3] as string, ...(m[4] !== undefined ? { RESTARTS: m[4] } : {}), ...(m[5] !== undefined ? { AGE: m[5] } : {}) };
}

/** The parts of a line worth reading on their own: inline code, quoted text, and the line itself. */
function parts(line: string): string[] {
  const out: string[] = [];
  // `inline code`, closed or running to the end of the line
  const code = /`([^`]+)(?:`|$)/g;
  let m: RegExpExecArray | null;
  while ((m = code.exec(line))) out.push(m[1] as string);
  // **bold** text
  const bold = /\*\*([^*]+)\*\*/g;
  while ((m = bold.exec(line))) out.push(m[1] as string);
  // "quoted text" that holds a row or a command (a message's own quotes are left in it)
  const quoted = /(?:^|\s)"\s*((?:Normal|Warning|kubectl|oc|k)\s[^"]*(?:"[^"\s][^"]*"[^"]*)*)(?:"|$)/g;
  while ((m = quoted.exec(line))) out.push(m[1] as string);
  return out;
}

/** Emphasis, curly quotes and trailing decoration a forum put on kubectl's text. */
export function plain(s: string): string {
  return s
    .replace(/\*\*/g, '')
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .trim();
}

/** A known message as what it stands for. */
function addKnown(out: InlineItems, k: KnownMessage, tail: string): void {
  if (k.kind === 'event') {
    const row: EventRow = { type: k.type ?? 'Warning', reason: k.reason, message: k.message, count: 1 };
    if (k.source) row.source = k.source;
    out.events.push({ row, ...(k.pod ? { pod: k.pod } : {}), ...(k.object ? { kind: k.object } : {}) });
    return;
  }
  const st: InlineState = { kind: k.kind, reason: k.reason, message: k.message };
  if (k.pod) st.pod = k.pod;
  if (k.container) st.container = k.container;
  const last = lastState(tail);
  if (last) st.last = last;
  out.states.push(st);
}

/** Something in a line that may be kubectl output: a quick test before the line is read part by part. */
const WORTH = /[`"“]|Normal|Warning|map\[|\{Phase:|event for |\d\/\d/;

/** Everything a line (of prose, or of output wrapped in something) holds that podwhy reads. */
export function inlineItems(line: string): InlineItems {
  const out: InlineItems = { events: [], states: [], rows: [], commands: [], values: [] };
  if (!WORTH.test(line) && !mayHoldMessage(line)) return out;
  const text = plain(line);
  // a Go dump of a PodStatus ("failed with status: {Phase:Failed … Reason:OutOfpods …}")
  const go = GO_STRUCT_START.exec(text);
  if (go) {
    const v = parseGoStruct(text, go.index + go[0].indexOf('{'));
    if (v) {
      // e2e's 'pod "x" failed with status: {…}' names it
      const named = /\bpod "([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)"[^{]*$/.exec(text.slice(0, go.index));
      out.values.push({ ...(named ? { metadata: { name: named[1] } } : {}), status: v.value });
      return out;
    }
  }
  // a go-template's printing of a map or a list of maps ("[map[type:PodScheduled … status:False]]")
  const gm = /(?:^|\s)(\[?map\[)/.exec(text);
  if (gm) {
    const v = parseGoMap(text, gm.index + gm[0].indexOf(gm[1] as string));
    if (v && (isObject(v.value) || Array.isArray(v.value))) {
      out.values.push(v.value);
      return out;
    }
  }
  const tried = new Set<string>();
  const one = (s: string, whole: boolean): void => {
    const t = s.trim();
    if (t === '' || tried.has(t)) return;
    tried.add(t);
    if (!whole) {
      const c = /^(?:\$\s*)?(?:sudo\s+)?(?:kubectl|oc|k|microk8s[. ]kubectl)\s/.test(t) ? (promptCommand(t) ?? parseCommand(t)) : undefined;
      // a command that names a pod (or a claim, a Job): what follows is its output
      if (c && c.verb !== undefined && (c.pod !== undefined || c.object !== undefined)) {
        out.commands.push(c);
        return;
      }
      const row = partialPodRow(t);
      if (row) {
        out.rows.push(row);
        return;
      }
    }
    const e2e = e2eEvent(t);
    if (e2e) {
      out.events.push(e2e);
      return;
    }
    const ev = looseEventRow(t);
    if (ev) {
      out.events.push(ev);
      return;
    }
    // a console's "Reason (message) | Last state: …"
    const segs = t.split(/\s+\|\s+/);
    const k = findKnownMessage(segs[0] as string);
    if (k) {
      // "pod/web-1   Failed to pull image …": the object named before the message is the pod
      const named = k.pod === undefined ? /(?:^|\s)pods?\/([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)\s/.exec((segs[0] as string).slice(0, k.at)) : null;
      addKnown(out, named ? { ...k, pod: { name: named[1] as string } } : k, segs.slice(1).join(' | '));
    }
  };
  for (const p of parts(line.replace(/[“”]/g, '"'))) one(plain(p), false);
  if (out.events.length + out.states.length + out.rows.length === 0) one(text, true);
  return out;
}
