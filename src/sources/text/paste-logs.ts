// The paste reader's pieces from logs (paste.ts): `kubectl logs` output after its prompt, a
// container's own output pasted alone (log-lines.ts), kubectl's refusal because the container
// waits, and the kubelet's or the container runtime's journal lines, read as the events they stand
// for (journal.ts).

import type { JsonObject } from '../../util/json.js';
import { eventObject, type EventRow, type TextObject } from './describe.js';
import { F_FENCE, F_GAP, isEllipsis, WAITING_TO_START } from './paste-lines.js';
import { journalEvents, parseJournalLine, type JournalEvent } from './journal.js';
import { eventPieces, MAX_LOG, type Block, type Piece, type Reader } from './paste-segment.js';

/** What `kubectl logs` says when the container has not started: the old messages, and the reason. */
function waitingReason(s: string): string | undefined {
  if (/^[A-Z][A-Za-z]+$/.test(s)) return s;
  if (/trying and failing to pull image/i.test(s)) return 'ErrImagePull';
  if (/image can'?t be pulled/i.test(s)) return 'ImagePullBackOff';
  return undefined;
}

export function waitingPiece(r: Reader, b: Block, order: number): Piece | undefined {
  const m = WAITING_TO_START.exec(r.L.text[b.from] as string);
  if (!m) return undefined;
  const reason = waitingReason((m[3] as string).trim());
  const container = m[1] as string;
  // (what kubectl logs said: the container waits; not whether it is ready or how often it restarted)
  const st: JsonObject = { name: container, state: { waiting: reason ? { reason } : {} } };
  const piece: Piece = { format: 'fragment', rank: 2, line: r.L.n[b.from] as number, order, name: m[2] as string, pod: { spec: { containers: [{ name: container }] }, status: { containerStatuses: [st] } }, events: [], eventsSeen: false };
  if (b.cmd?.namespace) piece.namespace = b.cmd.namespace;
  return piece;
}

/** The errno tail of a C program's error ("(13: Permission denied)") alone on a line. */
const WRAPPED_ERRNO = /^\(\d{1,3}: [A-Z][\w ,'-]*\)$/;

export function logsPiece(r: Reader, b: Block, order: number): Piece {
  const lines: string[] = [];
  let container = b.cmd?.container;
  let truncated = b.cmd?.tail === true;
  let nodeGone: string | undefined;
  if (b.logText !== undefined) lines.push(b.logText);
  for (let i = b.logText !== undefined ? b.to : b.from; i < b.to; i++) {
    const t = r.L.text[i] as string;
    const f = r.L.flags[i] as number;
    if (f & F_FENCE) continue;
    if (f & F_GAP && lines.length > 0) lines.push('');
    // kubectl's own words around the log
    const dc = /^Defaulted container "([^"]+)" out of:/.exec(t);
    if (dc) {
      container ??= dc[1];
      continue;
    }
    // kubectl logs asks the pod's node: 'nodes "x" not found' says which node the pod is on, and that it is gone
    const gone = /^Error from server \(NotFound\): nodes "([^"]+)" not found/.exec(t);
    if (gone) nodeGone = gone[1];
    if (/^(?:Error from server\b|error: |unable to retrieve container logs\b|Unable to retrieve container logs\b)/.test(t)) continue;
    if (isEllipsis(t) && lines.length > 0) {
      truncated = true;
      continue;
    }
    // a terminal or a blog wrapped the line: nginx's "… failed" with its "(1: Operation not
    // permitted)" (errno and strerror) on the next line is one line
    const prev = lines.length > 0 ? (lines[lines.length - 1] as string) : '';
    if (WRAPPED_ERRNO.test(t) && prev.trim() !== '' && !WRAPPED_ERRNO.test(prev.trim())) {
      lines[lines.length - 1] = `${prev} ${t}`;
      continue;
    }
    lines.push(`${' '.repeat(r.L.indent[i] as number)}${t}`);
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  let text = lines.join('\n');
  if (text.length > MAX_LOG) {
    text = text.slice(text.length - MAX_LOG);
    truncated = true;
  }
  const piece: Piece = { format: 'logs', rank: 0, line: r.L.n[b.from] as number, order, events: [], eventsSeen: false, logs: { text, previous: b.cmd?.previous === true, truncated, ...(container !== undefined ? { container } : {}) } };
  if (nodeGone !== undefined) {
    piece.pod = { spec: { nodeName: nodeGone } };
    piece.nodeGone = true;
    if (text === '') delete piece.logs;
  }
  if (b.cmd?.pod !== undefined) piece.name = b.cmd.pod;
  if (b.cmd?.namespace !== undefined) piece.namespace = b.cmd.namespace;
  return piece;
}

/**
 * Journal lines (journal.ts) → the events they stand for, from the kubelet on the node the prefix
 * names; the same event on many lines is one event with its count. Lines that stand for none are
 * counted as skipped.
 */
export function journalPieces(r: Reader, b: Block, order: number, now: number): Piece[] {
  const events: TextObject[] = [];
  const same = new Map<string, JsonObject>();
  const read: { i: number; evs: JournalEvent[] }[] = [];
  for (let i = b.from; i < b.to; i++) {
    if ((r.L.flags[i] as number) & F_FENCE) continue;
    const line = parseJournalLine(r.L.text[i] as string);
    read.push({ i, evs: line ? journalEvents(line) : [] });
  }
  // the event recorder's own lines are the events; what other lines say of the same is not a second one
  const recorded = new Set(read.flatMap((x) => x.evs.filter((e) => e.recorded).map((e) => `${e.pod?.name ?? ''}|${e.reason.toLowerCase()}`)));
  for (const { i, evs: all } of read) {
    const evs = all.filter((e) => e.recorded || !recorded.has(`${e.pod?.name ?? ''}|${e.reason.toLowerCase()}`));
    if (evs.length === 0) {
      r.skipped.push(i);
      continue;
    }
    for (const ev of evs) {
      const row: EventRow = { type: ev.type, reason: ev.reason, message: ev.message, count: 1, source: 'kubelet', ...(ev.host !== undefined ? { host: ev.host } : {}) };
      if (ev.at !== undefined) {
        row.absolute = true;
        row.first = ev.at;
        row.last = ev.at;
      }
      const fieldPath = ev.container !== undefined ? `spec.${ev.init ? 'initContainers' : 'containers'}{${ev.container}}` : undefined;
      const key = [ev.reason, ev.message, ev.pod?.namespace, ev.pod?.name, fieldPath, ev.host].join('|');
      const was = same.get(key);
      if (was) {
        was['count'] = Number(was['count'] ?? 1) + 1;
        const t = ev.at !== undefined ? new Date(ev.at).toISOString().replace(/\.\d{3}Z$/, 'Z') : undefined;
        if (t !== undefined && String(was['lastTimestamp'] ?? '') < t) was['lastTimestamp'] = t;
        if (t !== undefined && (was['firstTimestamp'] === undefined || String(was['firstTimestamp']) > t)) was['firstTimestamp'] = t;
        continue;
      }
      const e = eventObject(row, { ...(ev.pod?.name !== undefined ? { name: ev.pod.name } : {}), ...(ev.pod?.namespace !== undefined ? { namespace: ev.pod.namespace } : {}) }, now, fieldPath);
      same.set(key, e);
      events.push({ value: e, line: r.L.n[i] as number });
    }
  }
  return eventPieces(r, events, order, 'journal', b.cmd);
}
