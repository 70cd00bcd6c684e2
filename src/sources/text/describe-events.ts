// The Events section of `kubectl describe` (and `kubectl get events` rows read the same way): rows
// in the current and the old (kubectl ≤ 1.8) layouts, the container an event is about, and the
// Event object each row stands for. Moved out of describe.ts unchanged.

import type { JsonObject } from '../../util/json.js';
import { blockWidth, iso, parseRfc1123, parseAge, warn, wrapJoin, type Ctx, type Line } from './describe-lines.js';
import { knownMessage } from './messages.js';

// ---- events -------------------------------------------------------------------------------------

const AGE_RE = String.raw`(?:<unknown>|<invalid>|(?:\d+[ydhms])+)`;
const DATE_RE = String.raw`(?:[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d [-+]\d{4})`;
const WHEN_RE = `(?:${AGE_RE}|${DATE_RE})`;
const FROM_RE = String.raw`(?:\{[^}]*\}|[\w.:\/-]+, [\w.:\/-]+|[\w.:\/-]+)`;
const NEW_ROW = new RegExp(String.raw`^(Normal|Warning|[A-Z]\w{0,20})\s+(\S+)\s+(${AGE_RE}(?: \(x(\d+) over (${AGE_RE})\))?)\s+(?:(${FROM_RE})(?:\s{2,}|\s+(?=\S)|$))?(.*)$`);
const OLD_ROW = new RegExp(
  String.raw`^(${WHEN_RE})\s+(${WHEN_RE})\s+(\d+)\s+(${FROM_RE})\s+(?:(spec\.\w+\{[^}]*\}|implicitly required container \S+)\s+)?(?:(Normal|Warning)\s+)?(\S+)\s*(.*)$`,
);

/** What an event's From column holds: a component (kubelet, a scheduler, a controller), not prose. */
const COMPONENT = /^(?:\{[^}]*\}|(?:kubelet|default-scheduler|karpenter|cluster-autoscaler|multus|[a-z][\w-]*-(?:controller|scheduler|manager|provisioner|autoscaler|operator|plugin|agent|webhook|proxy)s?|kube-[\w-]+|gke-[\w-]+|cilium[\w-]*|calico[\w-]*|[a-z][\w.-]*\.(?:io|com|dev|org|net|k8s)(?:\/[\w.-]+)*)(?:, [\w.:\/-]+)?)$/;

export interface EventRow {
  type?: string;
  reason?: string;
  message: string;
  count: number;
  /** Seconds before capture, or epoch ms when `absolute`. */
  first?: number;
  last?: number;
  absolute?: boolean;
  source?: string;
  /** The node of a kubelet source: "kubelet, node-1", "{kubelet node-1}". */
  host?: string;
  fieldPath?: string;
}

function when(s: string): { secs?: number; ms?: number } {
  const a = parseAge(s);
  if (a !== undefined) return { secs: a };
  const t = parseRfc1123(s);
  return t !== undefined ? { ms: t } : {};
}

function sourceComponent(from: string | undefined): string | undefined {
  if (from === undefined || from === '') return undefined;
  const s = from.replace(/^\{|\}$/g, '').trim();
  return s.split(/[ ,]/)[0] || undefined;
}

/** "kubelet, node-1" and "{kubelet node-1}" name the node the kubelet runs on. */
export function sourceHost(from: string | undefined): string | undefined {
  if (from === undefined) return undefined;
  const parts = from.replace(/^\{|\}$/g, '').trim().split(/,?\s+/);
  return parts.length === 2 && parts[0] === 'kubelet' && /^[\w.:-]+$/.test(parts[1] as string) ? parts[1] : undefined;
}

/**
 * The rows of an Events table, in either layout. `header` is the column header line (absent when
 * the table starts at its rows); a line that is not a row continues the message of the row above
 * (a terminal wrapped it).
 */
export function eventRows(lines: Line[], ctx: Ctx): EventRow[] {
  const rows: EventRow[] = [];
  const width = blockWidth(lines);
  /** The last line of the row being read (its message may go on on the next line). */
  let prevLine: Line | undefined;
  let old = false;
  let columns: Columns = { fromCol: -1, msgCol: -1 };
  for (const l of lines) {
    if (l.text === '') continue;
    if (/^Type\s+Reason\s+Age\s+From\s+Message$/.test(l.text)) {
      old = false;
      columns = headerColumns(l);
      continue;
    }
    if (/^(?:FirstSeen|LastSeen)\s+(?:FirstSeen|LastSeen)\s+Count\s+From\s+Sub[oO]bjectPath\b/.test(l.text)) {
      old = true;
      continue;
    }
    if (/^-{2,}(?:\s+-{2,})+$/.test(l.text)) continue;
    // an old-layout row pasted without its header (its first two columns are times, not a type)
    if (!old && (!/^[A-Z]/.test(l.text) || /^[A-Z][a-z]{2}, \d/.test(l.text)) && OLD_ROW.test(l.text) && !NEW_ROW.test(l.text)) old = true;
    const row = old ? oldLayoutRow(l.text) : newLayoutRow(l, columns, rows.length === 0);
    if (row) {
      rows.push(row);
      prevLine = l;
      continue;
    }
    // a row cut before its age ("Normal   SuccessfulCreate      3"): a row of its own, not the message of the one above
    const cut = !old ? /^(Normal|Warning)\s+([A-Z][A-Za-z]+)(?:\s+\S{0,12})?$/.exec(l.text) : null;
    if (cut) {
      rows.push({ type: cut[1] as string, reason: cut[2] as string, message: '', count: 1 });
      prevLine = l;
      continue;
    }
    const prev = rows[rows.length - 1];
    if (prev) {
      prev.message = prev.message === '' ? l.text : `${prev.message}${prevLine ? wrapJoin(prevLine, l, width) : ' '}${l.text}`;
      prevLine = l;
    }
    else warn(ctx, `${l.n}: an events line not understood: skipped`);
  }
  return rows;
}

/** Where the header of the current layout puts its From and Message columns (-1: not known). */
interface Columns {
  fromCol: number;
  msgCol: number;
}

function headerColumns(l: Line): Columns {
  // (a header whose spaces a web page collapsed tells no columns)
  const fromCol = / {2,}/.test(l.text) ? l.indent + l.text.indexOf('From') : -1;
  const msgCol = fromCol >= 0 ? l.indent + l.text.indexOf('Message') : -1;
  return { fromCol, msgCol };
}

/** A row of the old layout (FirstSeen, LastSeen, Count, From, SubObjectPath, Type, Reason, Message). */
function oldLayoutRow(text: string): EventRow | undefined {
  const m = OLD_ROW.exec(text);
  if (!m) return undefined;
  const a = when(m[1] as string);
  const b = when(m[2] as string);
  // FirstSeen comes first in every old layout
  const row: EventRow = { message: (m[8] ?? '').trim(), count: Math.max(1, Number(m[3])) };
  if (a.ms !== undefined || b.ms !== undefined) {
    row.absolute = true;
    if (a.ms !== undefined) row.first = a.ms;
    if (b.ms !== undefined) row.last = b.ms;
  } else {
    if (a.secs !== undefined) row.first = a.secs;
    if (b.secs !== undefined) row.last = b.secs;
  }
  const src = sourceComponent(m[4]);
  if (src) row.source = src;
  const host = sourceHost(m[4]);
  if (host) row.host = host;
  const path = m[5];
  if (path && path.startsWith('spec.')) row.fieldPath = path;
  if (m[6]) row.type = m[6];
  row.reason = m[7] as string;
  return row;
}

/**
 * A row of the current layout (Type, Reason, Age, From, Message). A first word other than Normal
 * or Warning starts a row only as the table's first, or under a header.
 */
function newLayoutRow(l: Line, { fromCol, msgCol }: Columns, first: boolean): EventRow | undefined {
  const m = NEW_ROW.exec(l.text);
  if (!m || !(m[1] === 'Normal' || m[1] === 'Warning' || first || fromCol >= 0)) return undefined;
  const row: EventRow = { type: m[1] as string, reason: m[2] as string, message: '', count: 1 };
  const ageText = m[3] as string;
  const lastAge = parseAge(ageText.split(' ')[0] as string);
  if (m[4] !== undefined) {
    row.count = Math.max(1, Number(m[4]));
    const f = parseAge(m[5] as string);
    if (f !== undefined) row.first = f;
    if (lastAge !== undefined) row.last = lastAge;
  } else if (lastAge !== undefined) {
    row.first = lastAge;
    row.last = lastAge;
  }
  let from = m[6];
  let message = m[7] ?? '';
  // An empty From column: the header says where the message starts.
  if (fromCol >= 0 && msgCol > fromCol) {
    const at = (col: number) => l.text.charAt(col - l.indent);
    if (at(fromCol) === ' ' && at(fromCol - 1) === ' ') {
      from = undefined;
      message = l.text.slice(Math.max(0, msgCol - l.indent));
    }
  } else if (fromCol < 0) {
    // No header: the tabwriter's cells are two spaces apart or more; a row of four cells
    // (Type, Reason, Age, Message) has an empty From. Spaces collapsed to one: a From is
    // a component's name, not the first word of a message.
    const cells = l.text.split(/ {2,}/);
    if (cells.length === 4 && cells[2] === ageText) {
      from = undefined;
      message = cells[3] as string;
    } else if (cells.length < 4 && from !== undefined && !COMPONENT.test(from)) {
      message = `${from} ${message}`;
      from = undefined;
    }
  }
  const src = sourceComponent(from);
  if (src) row.source = src;
  const host = sourceHost(from);
  if (host) row.host = host;
  row.message = message.trim();
  // the event's field path printed before its message ("spec.initContainers{x}: …", as some describes print it)
  const fp = /^(spec\.(?:initContainers|containers|ephemeralContainers)\{[a-z0-9][-a-z0-9.]*\}): (.*)$/.exec(row.message);
  if (fp) {
    row.fieldPath = fp[1] as string;
    row.message = fp[2] as string;
  }
  return row;
}

export const CONTAINER_REASONS = new Set(['Pulling', 'Pulled', 'Failed', 'BackOff', 'Created', 'Started', 'Killing', 'Unhealthy', 'ProbeWarning', 'FailedPostStartHook', 'FailedPreStopHook', 'ErrImageNeverPull', 'InspectFailed']);

/**
 * Which container an event is about. The new layout does not print the event's SubObjectPath; it
 * is recovered where the text is certain: the message names the container, names its image, or
 * the pod has one container.
 */
export function inferFieldPath(row: Pick<EventRow, 'reason' | 'message' | 'fieldPath'>, all: { name: string; list: string; image?: string; probes?: string[]; waiting?: string }[]): string | undefined {
  if (row.fieldPath) return row.fieldPath;
  if (!row.reason || !CONTAINER_REASONS.has(row.reason)) return undefined;
  const msg = row.message;
  const named = /\b[Cc]ontainer "?([a-z0-9][-a-z0-9.]*[a-z0-9]|[a-z0-9])"?/.exec(msg)?.[1];
  let c = named !== undefined ? all.find((x) => x.name === named) : undefined;
  if (!c) {
    const image = /image "([^"]+)"/.exec(msg)?.[1];
    if (image !== undefined) {
      const byImage = all.filter((x) => x.image === image);
      if (byImage.length === 1) c = byImage[0];
    }
  }
  if (!c) {
    // "Readiness probe failed: …": the one container with that probe
    const probe = /^(Liveness|Readiness|Startup) probe (?:failed|errored)/.exec(msg)?.[1]?.toLowerCase();
    // (only when every container's probes are known: a container the events name but the paste
    // does not show may have that probe too)
    if (probe !== undefined && all.every((x) => x.probes !== undefined)) {
      const having = all.filter((x) => x.probes?.includes(probe));
      if (having.length === 1) c = having[0];
    }
  }
  if (!c) {
    // "… (pod: "web-…_default(uid)", container: app)" in kubelet's config errors
    const inPod = /\bcontainer: ([a-z0-9][-a-z0-9.]*)\)/.exec(msg)?.[1];
    if (inPod !== undefined) c = all.find((x) => x.name === inPod);
  }
  if (!c && row.reason === 'Failed' && /^Error: /.test(msg) && !/^Error: (?:ErrImagePull|ImagePullBackOff|ErrImageNeverPull|InvalidImageName)\b/.test(msg)) {
    // "Error: …" of a container that could not be created: the one container waiting for that
    const creating = all.filter((x) => x.waiting !== undefined && /^(?:CreateContainerConfigError|CreateContainerError|RunContainerError|StartError)$/.test(x.waiting));
    if (creating.length === 1) c = creating[0];
  }
  if (!c && all.length === 1) c = all[0];
  // (a container known only by name, its list unknown, is given no event)
  return c && c.list !== '' ? `spec.${c.list}{${c.name}}` : undefined;
}

export function eventObject(row: EventRow, pod: { name?: string; namespace?: string }, now: number, fieldPath: string | undefined): JsonObject {
  const t = (v: number | undefined) => (v === undefined ? undefined : iso(row.absolute ? v : now - v * 1000));
  const involved: JsonObject = { kind: 'Pod' };
  if (pod.namespace) involved['namespace'] = pod.namespace;
  if (pod.name) involved['name'] = pod.name;
  if (fieldPath) involved['fieldPath'] = fieldPath;
  const e: JsonObject = { apiVersion: 'v1', kind: 'Event', involvedObject: involved, count: row.count, message: row.message };
  if (row.type) e['type'] = row.type;
  if (row.reason) e['reason'] = row.reason;
  const first = t(row.first ?? row.last);
  const last = t(row.last ?? row.first);
  if (first) e['firstTimestamp'] = first;
  if (last) e['lastTimestamp'] = last;
  if (row.source) e['source'] = row.host ? { component: row.source, host: row.host } : { component: row.source };
  if (pod.namespace) e['metadata'] = { namespace: pod.namespace };
  return e;
}

/**
 * An Events section a writer condensed to its messages ("Events: Liveness probe failed: … (x4 over
 * 2m8s)", further messages on the lines under it): each line that is a message the kubelet or
 * another component writes is that event, with its reason and count; when it happened is not
 * said. Lines that are no known message are left out.
 */
export function writtenEventRows(texts: string[]): EventRow[] {
  const rows: EventRow[] = [];
  for (const raw of texts) {
    const text = raw.trim();
    const times = /\s*\(x(\d+) over [^)]*\)\s*$/.exec(text);
    const message = times ? text.slice(0, times.index) : text;
    const k = knownMessage(message);
    if (!k || k.kind !== 'event' || k.at !== 0) continue;
    const row: EventRow = { message: k.message, count: times ? Number(times[1]) : 1, reason: k.reason };
    if (k.type) row.type = k.type;
    if (k.source) row.source = k.source;
    rows.push(row);
  }
  return rows;
}
