// The paste reader's second pass (paste.ts): each block turned into pieces of evidence — describe
// blocks, event and pod tables, console events, nodes, kubectl output inside sentences. Logs are
// paste-logs.ts's, YAML and JSON paste-values.ts's.

import { nonEmpty, type JsonObject } from '../../util/json.js';
import { describePod, eventObject, eventRows, parseAge, type EventRow, type Ctx, type Line, type TextObject } from './describe.js';
import { describeKey, EVENT_HEADER, EVENT_ROW, isContainerHeader, keyValue, OLD_EVENT_HEADER, OLD_EVENT_ROW } from './paste-lines.js';
import { stateBlock } from './state-block.js';
import { knownMessage } from './messages.js';
import { eventsTableLines, kindName, podFromRow, podsTableLines } from './tables.js';
import { blockLines, joinTerminalWraps, joinValueWraps, CONSOLE_START, eventPieces, EVIDENCE_KINDS, OPENSHIFT_FROM, UNNAMED, type Block, type Piece, type Reader } from './paste-segment.js';
import { valuePieces } from './paste-values.js';
import { objectTableLines } from './object-tables.js';

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
  // (lines a terminal cut at its width go back on the line they continue)
  const all = joinValueWraps(joinTerminalWraps(blockLines(r, b), r.termWidth ?? 0));
  // a copy that began at the first key lost that line's indentation
  const [l0, l1] = all;
  if (l0 && l1 && l1.indent > l0.indent && describeKey(l0.text)?.kind === 'top' && describeKey(l1.text)?.kind === 'top' && !/^IPs?:/.test(l1.text)) all[0] = { ...l0, indent: l1.indent };
  for (const part of describePods(all)) {
    const lines = normalizeDescribe(part);
    if (lines.length === 0) continue;
    const d = describePod(lines, ctx);
    const md = (d.pod['metadata'] ?? {}) as JsonObject;
    const name = nonEmpty(md['name']);
    // event rows alone under `kubectl describe pvc NAME` (or a Job): that object's events, evidence for the pods that use it
    const object = b.cmd?.object;
    if (object !== undefined && EVIDENCE_KINDS.has(object.kind) && name === undefined && d.pod['spec'] === undefined && d.pod['status'] === undefined && d.events.length > 0) {
      for (const e of d.events) {
        const inv = (e['involvedObject'] ??= {}) as JsonObject;
        inv['kind'] = object.kind;
        inv['name'] = object.name;
        if (b.cmd?.namespace !== undefined) inv['namespace'] = b.cmd.namespace;
        else delete inv['namespace'];
        r.evidence.push({ event: e, line: d.line, order });
      }
      continue;
    }
    // a fragment's namespace: its own, else the one its command asked for (kubectl describe pod -n NS | grep Events -A5)
    const namespace = nonEmpty(md['namespace']) ?? (b.cmd?.verb === 'describe' && b.cmd.pod === undefined ? b.cmd.namespace : undefined);
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

// ---- tables, errors ------------------------------------------------------------------------------

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

/** `kubectl get nodes` / `pvc` / `pv` (object-tables.ts): the objects go on as they are, beside the pods. */
export function objectTable(r: Reader, b: Block, now: number): void {
  const t = objectTableLines(blockLines(r, b), now);
  r.others.push(...t.objects);
  r.skippedLines.push(...t.skipped);
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
