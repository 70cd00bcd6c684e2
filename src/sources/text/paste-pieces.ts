// The paste reader's second pass (paste.ts): each block turned into pieces of evidence — describe
// blocks, event and pod tables, error lines, console events, log tails, and YAML or JSON recovered
// from mangled indentation or cut ends. Moved out of paste.ts unchanged.

import yaml from 'js-yaml';
import { isObject, nonEmpty, obj, str, type JsonObject } from '../../util/json.js';
import { describePod, eventObject, eventRows, parseAge, type EventRow, type Ctx, type Line, type TextObject } from './describe.js';
import { isEventObject } from '../events.js';
import { describeKey, EVENT_HEADER, EVENT_ROW, F_FENCE, F_GAP, isContainerHeader, isEllipsis, keyValue, OLD_EVENT_HEADER, OLD_EVENT_ROW, WAITING_TO_START, type Command } from './paste-lines.js';
import { parsePythonDict, PYTHON_DICT } from './dumps.js';
import { JSON_MEMBER, parseCutJson, wrapMembers } from './json-cut.js';
import { reindentPodYaml } from './yaml-schema.js';
import { stateBlock } from './state-block.js';
import { knownMessage } from './messages.js';
import { eventsTableLines, kindName, podFromRow, podsTableLines } from './tables.js';
import type { TextFormat } from '../../model/input.js';
import { blockLines, clone, CONSOLE_START, MAX_BLOCK, MAX_LOG, OPENSHIFT_FROM, UNNAMED, type Block, type Piece, type Reader } from './paste-segment.js';

// ---- describe blocks --------------------------------------------------------------------------

/**
 * A describe that lost its indentation (pasted into a page that collapses spaces): the structure is
 * put back from the keys kubectl prints at each level.
 */
export function reindentFlat(lines: Line[]): Line[] {
  // a fragment that starts inside a container block (its name, or its keys) is in Containers
  const l0 = lines[0]?.text ?? '';
  const d0 = describeKey(l0);
  let section = d0?.kind === 'container' || d0?.kind === 'state' || (d0 === undefined && isContainerHeader(l0) !== undefined) ? 'Containers' : '';
  let inState = false;
  let sub = '';
  return lines.map((l) => {
    const t = l.text;
    const d = describeKey(t);
    let indent = 0;
    const containers = section === 'Containers' || section === 'Init Containers' || section === 'Ephemeral Containers';
    if (d?.kind === 'top' && !(containers && (inState && (d.key === 'Reason' || d.key === 'Message'))) && !(section === 'IPs' && d.key === 'IP')) {
      section = d.key;
      inState = false;
      sub = '';
      indent = 0;
    } else if (containers) {
      if (d?.kind === 'container' && !(inState && d.key === 'Started' && !/^(?:True|False|true|false)$/.test(d.value))) {
        indent = 4;
        inState = d.key === 'State' || d.key === 'Last State' || d.key === 'Last Termination State';
        sub = d.value === '' ? d.key : '';
      } else if (inState && d?.kind !== undefined && (d.kind === 'state' || d.key === 'Reason' || d.key === 'Message')) indent = 6;
      else if (isContainerHeader(t) !== undefined && !keyValue(t)?.[1] && sub === '') {
        indent = 2;
        inState = false;
      } else if (sub !== '') indent = 6;
      else indent = 6;
    } else if (section === 'Volumes') indent = isContainerHeader(t) !== undefined ? 2 : 4;
    else if (section === 'Annotations' || section === 'Labels' || section === 'Node-Selectors' || section === 'Tolerations') indent = 16;
    else indent = 2;
    return { ...l, indent };
  });
}

/** Has this describe text lost its indentation? (a section's body at the section's own column) */
function isFlat(lines: Line[]): boolean {
  for (let k = 0; k < lines.length - 1; k++) {
    const l = lines[k] as Line;
    const n = lines[k + 1] as Line;
    if (n.indent > l.indent) continue;
    if (/^(?:Init )?Containers:$/.test(l.text) && (isContainerHeader(n.text) !== undefined || describeKey(n.text)?.kind === 'container')) return true;
    if (/^Events:$/.test(l.text) && (EVENT_HEADER.test(n.text) || EVENT_ROW.test(n.text))) return true;
    if (/^Conditions:$/.test(l.text) && /^Type\s+Status$/.test(n.text)) return true;
  }
  return false;
}

/**
 * Make describe lines (whole or a fragment) into what describePod reads: top-level keys at column
 * 0; a container block, event rows or condition rows that come before any top-level key wrapped
 * in the section they belong to (a container block without its name line gets UNNAMED).
 */
export function normalizeDescribe(input: Line[]): Line[] {
  let lines = input;
  if (isFlat(lines)) lines = reindentFlat(lines);
  if (lines.length === 0) return lines;
  const min = Math.min(...lines.map((l) => l.indent));
  // the first top-level key at the outermost column
  let top = lines.findIndex((l) => {
    const d = describeKey(l.text);
    return d?.kind === 'top' && l.indent === min && !(d.key === 'Reason' || d.key === 'Message' || d.key === 'IP');
  });
  // (a "Reason:" after a container's "State:" is the state's, however flat the block)
  const stateAt = lines.findIndex((l) => /^(?:State|Last State|Last Termination State):/.test(l.text));
  if (top < 0) top = lines.findIndex((l, k) => describeKey(l.text)?.kind === 'top' && l.indent === min && !EVENT_ROW.test(l.text) && !(stateAt >= 0 && k > stateAt && /^(?:Reason|Message):/.test(l.text)) && lines.some((x) => x !== l && describeKey(x.text)?.kind === 'top' && x.indent === min));
  // the pod's own Reason / Message (no container state under them): its top-level keys
  if (top < 0 && /^(?:Reason|Message):/.test((lines[0] as Line).text) && (lines[0] as Line).indent === min && stateBlock(lines.slice(0, 16).map((l) => l.text)) === undefined) top = 0;
  let lead = top < 0 ? lines : lines.slice(0, top);
  const rest = top < 0 ? [] : lines.slice(top).map((l) => ({ ...l, indent: Math.max(0, l.indent - min) }));
  const out: Line[] = [];
  // a container state pasted from its keys on: its kind line put back (describeStatus's layout)
  const sb = lead.length > 0 && /^(?:Reason|Message|Exit Code|Signal|Started|Finished):/.test((lead[0] as Line).text) ? stateBlock(lead.slice(0, 16).map((l) => l.text)) : undefined;
  if (sb) {
    const state = lead.slice(0, sb.length);
    const after = lead.slice(sb.length);
    const col = after.length > 0 ? Math.min(...after.map((l) => l.indent)) : Math.max(0, (state[0] as Line).indent - 2);
    const smin = Math.min(...state.map((l) => l.indent));
    lead = [{ n: (state[0] as Line).n, indent: col, text: sb.line, ...(sb.guessed ? { guessed: true } : {}) }, ...state.map((l) => ({ ...l, indent: l.indent - smin + col + 2 })), ...after];
  }
  if (lead.length > 0) {
    const first = lead[0] as Line;
    const lmin = Math.min(...lead.map((l) => l.indent));
    const shift = (by: number) => lead.map((l) => ({ ...l, indent: Math.max(0, l.indent + by) }));
    if (EVENT_HEADER.test(first.text) || OLD_EVENT_HEADER.test(first.text) || EVENT_ROW.test(first.text) || OLD_EVENT_ROW.test(first.text)) {
      out.push({ n: first.n, indent: 0, text: 'Events:' }, ...shift(2 - lmin));
    } else if (/^Type\s+Status$/.test(first.text) || /^\w+\s+(?:True|False|Unknown)$/.test(first.text)) {
      out.push({ n: first.n, indent: 0, text: 'Conditions:' }, ...shift(2 - lmin));
    } else {
      const d = describeKey(first.text);
      // a container block that lost its indentation (its keys, and its state's, at one column)
      const flat = lead.length > 2 && lead.every((l) => l.indent === lmin);
      if (d?.kind === 'container' || d?.kind === 'state') {
        const header = { n: first.n, indent: 0, text: `${UNNAMED}:` };
        if (flat) out.push(...reindentFlat([{ n: first.n, indent: 0, text: 'Containers:' }, header, ...lead]));
        else out.push({ n: first.n, indent: 0, text: 'Containers:' }, { ...header, indent: 2 }, ...shift(4 - lmin));
      } else {
        const named = lead.map((l, k) => (k === 0 && isContainerHeader(l.text) === undefined && /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(l.text) ? { ...l, text: `${l.text}:` } : l));
        if (flat) out.push(...reindentFlat([{ n: first.n, indent: 0, text: 'Containers:' }, ...named]));
        else out.push({ n: first.n, indent: 0, text: 'Containers:' }, ...named.map((l) => ({ ...l, indent: Math.max(0, l.indent + 2 - first.indent) })));
      }
    }
  }
  out.push(...rest);
  return out;
}

/** Cut a describe block into pods at "Name:" lines that have "Namespace:" right after them. */
function describePods(lines: Line[]): Line[][] {
  const starts: number[] = [];
  let base = -1;
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k] as Line;
    if (!/^Name:\s+\S/.test(l.text)) continue;
    const next = lines.slice(k + 1, k + 4).find((x) => /^Namespace:/.test(x.text));
    if (!next || next.indent !== l.indent) continue;
    if (base < 0) base = l.indent;
    if (l.indent === base) starts.push(k);
  }
  if (starts.length <= 1) return [lines];
  const out: Line[][] = [];
  if ((starts[0] as number) > 0) out.push(lines.slice(0, starts[0]));
  for (let k = 0; k < starts.length; k++) out.push(lines.slice(starts[k], starts[k + 1] ?? lines.length));
  return out;
}

export function describePieces(r: Reader, b: Block, order: number): Piece[] {
  const ctx: Ctx = { file: r.file, now: r.now, warnings: [], dropped: 0, skippedLines: r.skippedLines };
  const out: Piece[] = [];
  const all = blockLines(r, b);
  // a copy that began at the first key lost that line's indentation
  const [l0, l1] = all;
  if (l0 && l1 && l1.indent > l0.indent && describeKey(l0.text)?.kind === 'top' && describeKey(l1.text)?.kind === 'top' && !/^IPs?:/.test(l1.text)) all[0] = { ...l0, indent: l1.indent };
  for (const part of describePods(all)) {
    const lines = normalizeDescribe(part);
    if (lines.length === 0) continue;
    const d = describePod(lines, ctx);
    const md = (d.pod['metadata'] ?? {}) as JsonObject;
    const name = nonEmpty(md['name']);
    const namespace = nonEmpty(md['namespace']);
    const piece: Piece = {
      format: name !== undefined ? 'describe' : 'fragment',
      rank: name !== undefined ? 4 : 3,
      line: d.line,
      order,
      events: d.events,
      eventsSeen: !d.missing.some((m) => m.fact === 'events'),
      missing: d.missing,
      createdEstimated: d.missing.some((m) => m.fact === 'creation-time'),
    };
    if (name !== undefined) piece.name = name;
    if (namespace !== undefined) piece.namespace = namespace;
    if (d.pod['spec'] !== undefined || d.pod['status'] !== undefined || name !== undefined) piece.pod = d.pod;
    if (d.estimated) piece.estimate = d.now;
    out.push(piece);
  }
  if (ctx.dropped > 0) ctx.warnings.push(`${r.file}: ${ctx.dropped} more warning(s) about the describe text not shown`);
  r.warnings.push(...ctx.warnings);
  return out;
}

// ---- tables, errors, logs -----------------------------------------------------------------------

/** A table parser's "row not understood: skipped" warnings become lines counted as skipped. */
function tableWarnings(r: Reader, warnings: string[]): void {
  for (const w of warnings) {
    const m = /:(\d+): .*: skipped$/.exec(w);
    if (m) r.skippedLines.push(Number(m[1]));
    else r.warnings.push(w);
  }
}

export function eventsTablePieces(r: Reader, b: Block, order: number, now: number): Piece[] {
  const lines = blockLines(r, b);
  const t = eventsTableLines(lines, r.file, now);
  tableWarnings(r, t.warnings);
  return eventPieces(r, t.events, order, 'events-table', b.cmd);
}

/** The kind of object a workload controller's events are about, by the controller. */
export const CONTROLLER_KINDS: Record<string, string> = {
  'job-controller': 'Job',
  'cronjob-controller': 'CronJob',
  'statefulset-controller': 'StatefulSet',
  'replicaset-controller': 'ReplicaSet',
  'daemonset-controller': 'DaemonSet',
  'deployment-controller': 'Deployment',
  'replication-controller': 'ReplicationController',
};

/** Kinds whose events are evidence for the pods that use them. */
const EVIDENCE_KINDS = new Set(['PersistentVolumeClaim', 'Job']);

/** Events grouped into pieces by the pod they name; events of a pod's claims or Job are evidence; others are passed on. */
function eventPieces(r: Reader, events: TextObject[], order: number, format: TextFormat, cmd: Command | undefined): Piece[] {
  const byPod = new Map<string, Piece>();
  const out: Piece[] = [];
  for (const e of events) {
    const inv = obj(e.value['involvedObject']) ?? {};
    const kind = str(inv['kind']);
    if (kind !== undefined && kind !== 'Pod') {
      if (EVIDENCE_KINDS.has(kind)) r.evidence.push({ event: e.value, line: e.line, order });
      else r.others.push(e);
      continue;
    }
    const name = nonEmpty(inv['name']);
    const namespace = nonEmpty(inv['namespace']) ?? nonEmpty(obj(e.value['metadata'])?.['namespace']) ?? cmd?.namespace;
    const key = `${namespace ?? ''}/${name ?? ''}`;
    let p = byPod.get(key);
    if (!p) {
      p = { format, rank: 0, line: e.line, order, events: [], eventsSeen: true };
      if (name !== undefined) p.name = name;
      if (namespace !== undefined) p.namespace = namespace;
      byPod.set(key, p);
      out.push(p);
    }
    p.events.push(e.value);
  }
  return out;
}

export function podsTablePieces(r: Reader, b: Block, order: number, now: number): Piece[] {
  const t = podsTableLines(blockLines(r, b), r.file, now);
  tableWarnings(r, t.warnings);
  return t.pods.map((p) => {
    const md = (p.value['metadata'] ?? {}) as JsonObject;
    if (md['namespace'] === undefined && b.cmd?.namespace !== undefined) md['namespace'] = b.cmd.namespace;
    const piece: Piece = { format: 'pods-table', rank: 1, line: p.line, order, pod: p.value, events: [], eventsSeen: false };
    const name = nonEmpty(md['name']);
    const namespace = nonEmpty(md['namespace']);
    if (name !== undefined) piece.name = name;
    if (namespace !== undefined) piece.namespace = namespace;
    return piece;
  });
}

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

/**
 * `kubectl describe pvc` or `kubectl describe job`: its events are evidence for the pods that use
 * the claim (its "Used By:" / "Mounted By:") or that the Job runs.
 */
export function otherDescribeEvidence(r: Reader, b: Block, order: number, now: number): void {
  const lines = blockLines(r, b);
  const keys = new Map<string, string>();
  const usedBy: string[] = [];
  let section = '';
  let eventsAt = -1;
  const base = Math.min(...lines.map((l) => l.indent));
  lines.forEach((l, k) => {
    const kv = l.indent === base ? keyValue(l.text) : undefined;
    if (kv) {
      section = kv[0];
      if (!keys.has(kv[0])) keys.set(kv[0], kv[1]);
      if ((section === 'Used By' || section === 'Mounted By') && kv[1] !== '' && kv[1] !== '<none>') usedBy.push(...kv[1].split(/[\s,]+/));
      if (section === 'Events' && eventsAt < 0) eventsAt = k;
      return;
    }
    if ((section === 'Used By' || section === 'Mounted By') && /^[a-z0-9][-a-z0-9.]*$/.test(l.text)) usedBy.push(l.text);
  });
  const kind = b.cmd?.object?.kind ?? (['StorageClass', 'Access Modes', 'VolumeMode', 'Used By', 'Mounted By'].some((k) => keys.has(k)) ? 'PersistentVolumeClaim' : ['Parallelism', 'Completions', 'Pods Statuses', 'Completion Mode'].some((k) => keys.has(k)) ? 'Job' : undefined);
  const name = keys.get('Name');
  if (kind === 'PersistentVolumeClaim') r.claimUsers.push(...usedBy.filter((u) => u !== '<none>'));
  if (kind === undefined || !EVIDENCE_KINDS.has(kind) || name === undefined || eventsAt < 0) return;
  const namespace = keys.get('Namespace') || b.cmd?.namespace;
  const ctx: Ctx = { file: r.file, now: r.now, warnings: [], dropped: 0, skippedLines: r.skippedLines };
  const rows = eventRows(lines.slice(eventsAt + 1), ctx);
  for (const row of rows) {
    const e = eventObject(row, namespace ? { namespace } : {}, now, undefined);
    const inv = e['involvedObject'] as JsonObject;
    inv['kind'] = kind;
    inv['name'] = name;
    r.evidence.push({ event: e, line: lines[0]?.n ?? 1, order, ...(usedBy.length > 0 ? { usedBy: usedBy.filter((u) => u !== '<none>') } : {}) });
  }
}

/** A web console's event list (Sealos's "Reason, Last Occur: 6s" groups; OpenShift's "Generated from … / N times in the last …"). */
export function consolePieces(r: Reader, b: Block, order: number, now: number): Piece[] {
  const lines = blockLines(r, b);
  const events: TextObject[] = [];
  let cur: { row: EventRow; line: number; msg: string[] } | undefined;
  const flush = () => {
    if (!cur) return;
    let message = cur.msg.join(' ').trim();
    const known = knownMessage(message.replace(/^\(combined from similar events\):\s*/, ''));
    if (cur.row.reason === undefined && !known) {
      cur = undefined;
      return;
    }
    if (known?.kind === 'pod-status' && known.end < message.length) message = message.slice(0, known.end).trim();
    cur.row.message = message;
    cur.row.reason ??= known?.reason;
    cur.row.type ??= known?.type ?? (/^(?:Failed|BackOff|Unhealthy|Failed\w+|Evicted|OutOf\w+)$/.test(cur.row.reason ?? '') && known?.type !== 'Normal' ? 'Warning' : 'Normal');
    if (known?.source && cur.row.source === undefined) cur.row.source = known.source;
    events.push({ value: eventObject(cur.row, known?.pod ? { name: known.pod.name, ...(known.pod.namespace ? { namespace: known.pod.namespace } : {}) } : {}, now, undefined), line: cur.line });
    cur = undefined;
  };
  for (const l of lines) {
    const sealos = CONSOLE_START.exec(l.text);
    const os = OPENSHIFT_FROM.exec(l.text);
    if (sealos || os) {
      flush();
      const row: EventRow = { message: '', count: 1 };
      if (sealos) {
        row.reason = sealos[1] as string;
        const a = parseAge(sealos[2] as string);
        if (a !== undefined) row.last = a;
      } else row.source = os?.[1] as string;
      cur = { row, line: l.n, msg: [] };
      continue;
    }
    if (!cur) continue;
    const first = /^First Seen: ((?:\d+[ydhms])+)$/.exec(l.text);
    const count = /^count: (\d+)$/i.exec(l.text) ?? /^(\d+) times? in the last /.exec(l.text);
    if (first && cur.msg.length === 0) {
      const a = parseAge(first[1] as string);
      if (a !== undefined) cur.row.first = a;
    } else if (count && cur.msg.length === 0) cur.row.count = Math.max(1, Number(count[1]));
    else cur.msg.push(l.text);
  }
  flush();
  for (const e of events) {
    // the first seen of a Sealos group is before its last
    const v = e.value;
    if (v['firstTimestamp'] === undefined) v['firstTimestamp'] = v['lastTimestamp'];
  }
  return eventPieces(r, events, order, 'fragment', b.cmd);
}

/**
 * `kubectl get nodes`: each row a Node with what its STATUS says (Ready, NotReady — kubectl prints
 * it for a Ready condition that is False or Unknown, so Unknown is all it tells —, SchedulingDisabled),
 * joined to the pods that run on it.
 */
export function nodesTable(r: Reader, b: Block): void {
  for (const l of blockLines(r, b).slice(1)) {
    const m = /^(\S+)\s+(Ready|NotReady|Unknown)((?:,\w+)*)\s/.exec(l.text);
    if (!m) continue;
    const ready = m[2] === 'Ready' ? 'True' : 'Unknown';
    const node: JsonObject = { apiVersion: 'v1', kind: 'Node', metadata: { name: m[1] }, status: { conditions: [{ type: 'Ready', status: ready }] } };
    if (/SchedulingDisabled/.test(m[3] ?? '')) node['spec'] = { unschedulable: true };
    r.others.push({ value: node, line: l.n });
  }
}

/** What an inline block holds → events, a status, container states, table rows. */
export function inlinePieces(r: Reader, b: Block, order: number, now: number): Piece[] {
  const items = b.items;
  if (!items) return [];
  const line = r.L.n[b.from] as number;
  const out: Piece[] = [];
  const events: TextObject[] = [];
  for (const ev of items.events) {
    const e = eventObject(ev.row, { ...(ev.pod ? { name: ev.pod.name } : {}), ...(ev.pod?.namespace ? { namespace: ev.pod.namespace } : {}) }, now, ev.row.fieldPath);
    if (ev.kind !== undefined) {
      const inv = e['involvedObject'] as JsonObject;
      inv['kind'] = kindName(ev.kind);
      if (ev.objectName !== undefined) inv['name'] = ev.objectName;
      // a claim's message under `kubectl describe pvc NAME`: that claim's
      else if (b.cmd?.object !== undefined && b.cmd.object.kind === inv['kind']) {
        inv['name'] = b.cmd.object.name;
        if (b.cmd.namespace !== undefined) inv['namespace'] = b.cmd.namespace;
      }
    }
    events.push({ value: e, line });
  }
  // (each line its own occurrence: the same message twice is two events, not one pasted twice)
  for (const p of eventPieces(r, events, order, 'fragment', b.cmd)) out.push({ ...p, inline: true });
  for (const st of items.states) {
    let pod: JsonObject;
    // (the message says the pod's reason, not its phase)
    if (st.kind === 'pod-status') pod = { status: { reason: st.reason, message: st.message } };
    else {
      const c: JsonObject = { name: st.container ?? UNNAMED };
      const s: JsonObject = { name: st.container ?? UNNAMED, state: st.kind === 'container-waiting' ? { waiting: { reason: st.reason, message: st.message } } : { terminated: { reason: st.reason, message: st.message } } };
      if (st.last) s['lastState'] = { terminated: { ...(st.last.reason ? { reason: st.last.reason } : {}), ...(st.last.exitCode !== undefined ? { exitCode: st.last.exitCode } : {}) } };
      pod = { spec: { containers: [c] }, status: { containerStatuses: [s] } };
    }
    const p: Piece = { format: 'fragment', rank: 2, line, order, pod, events: [], eventsSeen: false, inline: true };
    if (st.pod) {
      p.name = st.pod.name;
      if (st.pod.namespace !== undefined) p.namespace = st.pod.namespace;
    }
    out.push(p);
  }
  for (const v of items.values) out.push(...valuePieces(r, v, b, order));
  for (const row of items.rows) {
    const pod = podFromRow({ ...row }, now);
    const md = pod['metadata'] as JsonObject;
    if (b.cmd?.namespace !== undefined) md['namespace'] = b.cmd.namespace;
    const p: Piece = { format: 'pods-table', rank: 1, line, order, pod, events: [], eventsSeen: false, name: row.NAME };
    if (b.cmd?.namespace !== undefined) p.namespace = b.cmd.namespace;
    out.push(p);
  }
  return out;
}

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
    if (text === '') delete piece.logs;
  }
  if (b.cmd?.pod !== undefined) piece.name = b.cmd.pod;
  if (b.cmd?.namespace !== undefined) piece.namespace = b.cmd.namespace;
  return piece;
}

// ---- YAML and JSON inside text --------------------------------------------------------------------

const YAML_OPTS = { schema: yaml.CORE_SCHEMA, json: true, maxDepth: 64 } as yaml.LoadOptions;

function refuseAnchors(event: string, state: { anchor?: string | null }): void {
  if (event === 'close' && state.anchor) throw new Error('anchor');
}

function loadAll(text: string): unknown[] | undefined {
  try {
    return yaml.loadAll(text, undefined, { ...YAML_OPTS, listener: refuseAnchors as never } as yaml.LoadOptions) as unknown[];
  } catch {
    return undefined;
  }
}

function loadOne(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: yaml.load(text, { ...YAML_OPTS, listener: refuseAnchors as never } as yaml.LoadOptions) };
  } catch {
    return { ok: false };
  }
}

interface YLine {
  /** Index in the paste. */
  i: number;
  indent: number;
  text: string;
}

const render = (ls: YLine[], by: number) => ls.map((l) => (l.text === '' ? '' : `${' '.repeat(Math.max(0, l.indent - by))}${l.text}`)).join('\n');

/**
 * YAML that does not parse whole (a copy lost some indentation, a line was cut) is read piece by
 * piece: each line at the outermost column with the lines under it is parsed on its own; one that
 * fails is read key by key inside, down to single lines. What still fails is skipped and counted.
 */
export function recoverYaml(ls: YLine[], skipped: number[], depth = 0): unknown {
  const content = ls.filter((l) => l.text !== '' && !isEllipsis(l.text));
  if (content.length === 0) return undefined;
  const base = Math.min(...content.map((l) => l.indent));
  const whole = loadOne(render(content, base));
  if (whole.ok) return whole.value;
  if (depth > 8 || content.length === 1) {
    for (const l of content) skipped.push(l.i);
    return undefined;
  }
  // segments: a line at the base column and the deeper lines after it; deeper lines before the
  // first one (a copy that began mid-block) are a segment of their own
  const segs: YLine[][] = [];
  for (const l of content) {
    const prev = segs[segs.length - 1];
    // "key:" with its list at the same column ("volumes:\n- name: x") is one segment
    const compact = prev !== undefined && l.indent === base && /^-(?: |$)/.test(l.text) && /^[^\s-][^:]*:\s*$/.test((prev[0] as YLine).text) && (prev[0] as YLine).indent === base;
    if ((l.indent === base && !compact) || segs.length === 0) segs.push([l]);
    else (prev as YLine[]).push(l);
  }
  const isItem = (s: YLine[]) => /^-(?: |$)/.test((s[0] as YLine).text) && (s[0] as YLine).indent === base;
  const seq = isItem(segs[0] as YLine[]) || (segs.length > 1 && (segs[0] as YLine[])[0]?.indent !== base && isItem(segs[1] as YLine[]));
  const items: unknown[] = [];
  const map: JsonObject = {};
  for (const s of segs) {
    const head = s[0] as YLine;
    if (head.indent !== base) {
      // leading deeper lines: inside a key's value, part of it (an indentation slip); at the top
      // of a document, a copy that began inside a block whose parent the paste does not show
      const v = recoverYaml(s, skipped, depth + 1);
      if (depth > 0 && isObject(v) && !seq) for (const [k, x] of Object.entries(v)) if (!(k in map)) map[k] = x;
      continue;
    }
    if (seq !== isItem(s)) {
      for (const l of s) skipped.push(l.i);
      continue;
    }
    const one = loadOne(render(s, base));
    if (one.ok) {
      if (seq && Array.isArray(one.value)) items.push(...one.value);
      else if (!seq && isObject(one.value)) Object.assign(map, one.value);
      else for (const l of s) skipped.push(l.i);
      continue;
    }
    if (seq) {
      // "- key: v" and its lines: the item's content is two columns in
      const inner: YLine[] = [{ i: head.i, indent: base + 2, text: head.text.replace(/^-\s*/, '') }, ...s.slice(1)];
      const v = head.text.replace(/^-\s*/, '') === '' ? recoverYaml(s.slice(1), skipped, depth + 1) : recoverYaml(inner, skipped, depth + 1);
      if (v !== undefined) items.push(v);
      continue;
    }
    const km = /^("[^"]*"|'[^']*'|[^\s:#'"][^:#]*?):(?:\s+(.*))?$/.exec(head.text);
    if (!km) {
      for (const l of s) skipped.push(l.i);
      continue;
    }
    const key = (km[1] as string).replace(/^["']|["']$/g, '');
    const inline = km[2];
    if (inline === undefined || inline === '' || /^[|>][-+0-9]*$/.test(inline) || /^#/.test(inline)) {
      if (/^[|>]/.test(inline ?? '')) {
        // a block scalar whose lines lost their column: keep them as text
        map[key] = s
          .slice(1)
          .map((l) => l.text)
          .join('\n');
        continue;
      }
      const body = s.slice(1);
      // a compact list under its key: the items are one column deeper for the parser
      const v = recoverYaml(body.map((l) => (l.indent === base ? { ...l, indent: base + 1 } : l)), skipped, depth + 1);
      if (v !== undefined) map[key] = v;
      continue;
    }
    // "key: value" with lines under it that do not fit: the value alone, the rest skipped
    const v = loadOne(`${km[1] as string}: ${inline}`);
    if (v.ok && isObject(v.value)) Object.assign(map, v.value);
    else skipped.push(head.i);
    for (const l of s.slice(1)) skipped.push(l.i);
  }
  return seq ? items : Object.keys(map).length > 0 ? map : undefined;
}

/** The YAML documents of a block (split at "---"), parsed whole or recovered. */
export function yamlValues(r: Reader, b: Block): unknown[] {
  const ls: YLine[] = [];
  let size = 0;
  for (let i = b.from; i < b.to; i++) {
    const f = r.L.flags[i] as number;
    if (f & F_FENCE) continue;
    if (f & F_GAP && ls.length > 0) ls.push({ i, indent: 0, text: '' });
    const text = r.L.text[i] as string;
    size += text.length;
    ls.push({ i, indent: r.L.indent[i] as number, text });
  }
  if (size > MAX_BLOCK) {
    for (const l of ls) if (l.text !== '') r.skipped.push(l.i);
    return [];
  }
  const docs: YLine[][] = [[]];
  for (const l of ls) {
    if (/^---(?:\s|$)/.test(l.text) && l.indent === 0) {
      docs.push([]);
      const rest = l.text.slice(3).trim();
      if (rest !== '') (docs[docs.length - 1] as YLine[]).push({ ...l, text: rest });
    } else if (l.text === '...' && l.indent === 0) docs.push([]);
    else (docs[docs.length - 1] as YLine[]).push(l);
  }
  const out: unknown[] = [];
  for (const d of docs) {
    const content = d.filter((l) => l.text !== '');
    if (content.length === 0) continue;
    const base = Math.min(...content.map((l) => l.indent));
    const all = loadAll(render(d.filter((l) => !isEllipsis(l.text)), base));
    if (all) out.push(...all.filter((v) => v !== null && v !== undefined));
    else {
      // indentation lost or broken: put back from a pod's shape, else read piece by piece
      const re = reindentPodYaml(content.filter((l) => !isEllipsis(l.text)).map((l) => ({ indent: l.indent, text: l.text })));
      const fixed = re !== undefined ? loadAll(re) : undefined;
      if (fixed && fixed.some((v) => isObject(v))) out.push(...fixed.filter((v) => v !== null && v !== undefined));
      else {
        const v = recoverYaml(d, r.skipped);
        if (v !== undefined) out.push(v);
      }
    }
  }
  return out;
}

export function jsonValues(r: Reader, b: Block): unknown[] {
  const parts: string[] = [];
  for (let i = b.from; i < b.to; i++) if (!((r.L.flags[i] as number) & F_FENCE)) parts.push(r.L.text[i] as string);
  let text = parts.join('\n');
  // the Python client's repr
  if (PYTHON_DICT.test(text)) {
    const v = parsePythonDict(text);
    if (v !== undefined) return [v];
  }
  // `"containerStatuses": [ … ],` — a member without its object's braces
  if (JSON_MEMBER.test(text)) text = wrapMembers(text);
  try {
    return [JSON.parse(text)];
  } catch {
    // flow YAML is a superset of JSON (trailing commas aside)
    const all = loadAll(text);
    if (all && all.some((v) => isObject(v) || Array.isArray(v))) return all;
    // JSON cut off in the middle: what was complete
    const cut = parseCutJson(text);
    const substance = (v: unknown): boolean => (Array.isArray(v) ? v.some(substance) : isObject(v) ? Object.entries(v).some(([k, x]) => !['kind', 'apiVersion'].includes(k) && (isObject(x) || Array.isArray(x) ? substance(x) : x !== null)) : v !== null && v !== undefined);
    if ((isObject(cut) || Array.isArray(cut)) && substance(cut)) {
      r.warnings.push(`${r.file}: JSON cut off after line ${r.L.n[b.to - 1] as number}: what was complete before the cut is read`);
      return [cut];
    }
    for (let i = b.from; i < b.to; i++) if (!((r.L.flags[i] as number) & F_FENCE)) r.skipped.push(i);
    return [];
  }
}

const STATUS_KEYS = ['containerStatuses', 'initContainerStatuses', 'ephemeralContainerStatuses', 'phase', 'conditions', 'podIP', 'hostIP', 'qosClass', 'startTime'];
const SPEC_KEYS = ['containers', 'initContainers', 'nodeName', 'restartPolicy', 'volumes', 'serviceAccountName', 'nodeSelector', 'tolerations', 'affinity'];
const isStatusLike = (o: JsonObject) => isObject(o['state']) || isObject(o['lastState']) || 'restartCount' in o || 'containerID' in o || 'imageID' in o || 'ready' in o;

/** Environment values are never kept from a paste: names and references only. */
function dropEnvValues(pod: JsonObject): void {
  const spec = obj(pod['spec']);
  if (!spec) return;
  for (const list of ['initContainers', 'containers', 'ephemeralContainers']) {
    const cs = spec[list];
    if (!Array.isArray(cs)) continue;
    for (const c of cs) {
      if (!isObject(c) || !Array.isArray(c['env'])) continue;
      for (const e of c['env']) if (isObject(e)) delete e['value'];
    }
  }
}

/** A YAML or JSON value found in a paste → pieces (pods, pod fragments, events). */
export function valuePieces(r: Reader, v: unknown, b: Block, order: number, depth = 0): Piece[] {
  const line = r.L.n[b.from] as number;
  const piece = (pod: JsonObject, rank: number): Piece => {
    dropEnvValues(pod);
    const md = obj(pod['metadata']) ?? {};
    const p: Piece = { format: 'yaml-in-text', rank, line, order, pod, events: [], eventsSeen: false };
    const name = nonEmpty(md['name']);
    const namespace = nonEmpty(md['namespace']);
    if (name !== undefined) p.name = name;
    if (namespace !== undefined) p.namespace = namespace;
    return p;
  };
  if (depth > 3) return [];
  // `kubectl get pod x -o json | jq .status`: the value is that part of the pod
  if (depth === 0 && b.cmd?.path !== undefined && b.cmd.path !== '.' && (b.cmd.verb === 'get' || b.cmd.verb === undefined)) {
    const wrapped = underPath(b.cmd.path, v);
    if (wrapped !== undefined) return valuePieces(r, wrapped, { ...b, cmd: { ...b.cmd, path: '.' } }, order, depth);
  }
  if (Array.isArray(v)) {
    const os = v.filter(isObject);
    if (os.length === 0) return [];
    if (os.every((o) => typeof o['name'] === 'string' && isStatusLike(o))) return [piece({ status: { containerStatuses: os } }, 3)];
    if (os.every((o) => typeof o['type'] === 'string' && typeof o['status'] === 'string' && !('kind' in o))) return [piece({ status: { conditions: os } }, 3)];
    if (os.every((o) => typeof o['name'] === 'string' && (typeof o['image'] === 'string' || Array.isArray(o['command']))) && !os.some((o) => 'kind' in o)) return [piece({ spec: { containers: os } }, 3)];
    return os.flatMap((o) => valuePieces(r, o, b, order, depth + 1));
  }
  if (!isObject(v)) {
    r.skippedObjects.push(line);
    return [];
  }
  const kind = str(v['kind']);
  if (kind === 'Pod') return [piece(v, 5)];
  if (kind === 'PodwhyFixture') return [];
  if (kind === 'Event' || (kind === undefined && isEventObject(v))) return eventPieces(r, [{ value: v, line }], order, 'yaml-in-text', b.cmd);
  if ((kind === undefined || kind.endsWith('List')) && Array.isArray(v['items'])) {
    const implied = kind === 'PodList' ? 'Pod' : kind === 'EventList' ? 'Event' : undefined;
    return v['items'].flatMap((item) => valuePieces(r, implied && isObject(item) && item['kind'] === undefined ? { ...item, kind: implied } : item, b, order, depth + 1));
  }
  if (kind === 'Node') {
    r.others.push({ value: v, line });
    return [];
  }
  // a Job's status: the events its controller records for its conditions (BackoffLimitExceeded…)
  if (kind === 'Job' || (kind === undefined && (isJobStatus(v) || (isObject(v['status']) && isJobStatus(v['status']))))) {
    const md = obj(v['metadata']) ?? {};
    const st = kind === 'Job' || isObject(v['status']) ? obj(v['status']) : v;
    const jobName = nonEmpty(md['name']) ?? (b.cmd?.object?.kind === 'Job' ? b.cmd.object.name : undefined);
    const jobNs = nonEmpty(md['namespace']) ?? b.cmd?.namespace;
    if (st) jobEvidence(r, st, jobName, jobNs, line, order);
  }
  // a workload's pod template: the spec its pods are made from
  const template = kind !== undefined ? templateOf(v, kind) : undefined;
  if (template) {
    const p = piece({ metadata: { ...(isObject(template['metadata']) && isObject(template['metadata']['labels']) ? { labels: template['metadata']['labels'] } : {}) }, spec: clone(template['spec'] as JsonObject) }, 2);
    delete p.name;
    delete p.namespace;
    p.template = true;
    return [p];
  }
  if (kind === 'Job' || (kind === undefined && (isJobStatus(v) || (isObject(v['status']) && isJobStatus(v['status']))))) return [];
  if (kind !== undefined) {
    r.skippedObjects.push(line);
    return [];
  }
  // a pod without "kind", or a part of one
  if (isObject(v['metadata']) || isObject(v['spec']) || isObject(v['status'])) return [piece(v, isObject(v['metadata']) && (isObject(v['spec']) || isObject(v['status'])) ? 5 : 3)];
  if (STATUS_KEYS.some((k) => k in v)) return [piece({ status: v }, 3)];
  if (SPEC_KEYS.some((k) => k in v)) return [piece({ spec: v }, 3)];
  if (isObject(v['state']) || isObject(v['lastState'])) {
    const name = typeof v['name'] === 'string' ? v['name'] : UNNAMED;
    return [piece({ status: { containerStatuses: [{ ...v, name }] } }, 3)];
  }
  if (isObject(v['waiting']) || isObject(v['running']) || isObject(v['terminated'])) return [piece({ status: { containerStatuses: [{ name: UNNAMED, state: v }] } }, 3)];
  // one condition (jq '.status.conditions[]' prints them one by one)
  if (typeof v['type'] === 'string' && typeof v['status'] === 'string' && /^(?:True|False|Unknown)$/.test(v['status'])) return [piece({ status: { conditions: [v] } }, 3)];
  // a container's spec ("livenessProbe:", "image:" and their kin, pasted alone)
  if (CONTAINER_SPEC_KEYS.filter((k) => k in v).length >= 1 && Object.keys(v).every((k) => CONTAINER_SPEC_KEYS.includes(k) || k === 'name')) {
    return [piece({ spec: { containers: [{ ...v, name: typeof v['name'] === 'string' ? v['name'] : UNNAMED }] } }, 3)];
  }
  // a pod inside something else: a log entry's jsonPayload, an API response, a webhook body
  if (depth < 3) {
    const inner: Piece[] = [];
    const skipped = r.skippedObjects.length;
    for (const x of Object.values(v)) if (isObject(x) || Array.isArray(x)) inner.push(...valuePieces(r, x, b, order, depth + 1));
    r.skippedObjects.length = skipped;
    if (inner.length > 0) return inner;
  }
  r.skippedObjects.push(line);
  return [];
}

/** A value printed from a path of a pod (".status.conditions[]") put back where it was in the pod. */
function underPath(path: string, v: unknown): JsonObject | undefined {
  const steps = path.split('.').slice(1);
  if (steps.length === 0 || steps.length > 4 || !/^(?:metadata|spec|status)(?:\[|$)/.test(steps[0] as string)) return undefined;
  let cur: unknown = v;
  for (let i = steps.length - 1; i >= 0; i--) {
    const m = /^(\w+)(\[\d*\])?$/.exec(steps[i] as string);
    if (!m) return undefined;
    cur = { [m[1] as string]: m[2] !== undefined && !Array.isArray(cur) ? [cur] : cur };
  }
  return cur as JsonObject;
}

/** Keys of a container's spec that tell it apart from other objects. */
const CONTAINER_SPEC_KEYS = ['image', 'imagePullPolicy', 'command', 'args', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle', 'resources', 'ports', 'env', 'envFrom', 'volumeMounts', 'securityContext', 'workingDir'];

/** The pod template of a workload (Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob, a Knative Service…). */
function templateOf(v: JsonObject, kind: string): JsonObject | undefined {
  const spec = obj(v['spec']);
  if (!spec) return undefined;
  const t = kind === 'CronJob' ? obj(obj(obj(obj(spec['jobTemplate'])?.['spec'])?.['template'])) : obj(spec['template']);
  const ts = obj(t?.['spec']);
  if (!t || !ts || !Array.isArray(ts['containers'])) return undefined;
  return t;
}

/** The Warning events the job controller records with a Job's Failed condition: evidence for its pods. */
function jobEvidence(r: Reader, st: JsonObject, name: string | undefined, namespace: string | undefined, line: number, order: number): void {
  const conds = Array.isArray(st['conditions']) ? st['conditions'].filter(isObject) : [];
  for (const c of conds) {
    if (c['type'] !== 'Failed' || c['status'] !== 'True' || typeof c['reason'] !== 'string') continue;
    const at = nonEmpty(c['lastTransitionTime']) ?? nonEmpty(c['lastProbeTime']);
    const event: JsonObject = {
      apiVersion: 'v1',
      kind: 'Event',
      type: 'Warning',
      reason: c['reason'],
      message: str(c['message']) ?? '',
      count: 1,
      involvedObject: { kind: 'Job', ...(name !== undefined ? { name } : {}), ...(namespace !== undefined ? { namespace } : {}) },
      source: { component: 'job-controller' },
      ...(at !== undefined ? { firstTimestamp: at, lastTimestamp: at } : {}),
    };
    r.evidence.push({ event, line, order });
  }
}

/** A Job's status: conditions of the types a Job has, and its pod counts. */
function isJobStatus(v: unknown): boolean {
  if (!isObject(v)) return false;
  const conds = Array.isArray(v['conditions']) ? v['conditions'].filter(isObject) : [];
  const jobTypes = conds.length > 0 && conds.every((c) => /^(?:Complete|Failed|Suspended|FailureTarget|SuccessCriteriaMet)$/.test(String(c['type'])));
  return jobTypes || (conds.length === 0 && ['active', 'succeeded', 'failed'].some((k) => typeof v[k] === 'number') && !('phase' in v));
}
