// Tables of the objects beside a pod: `kubectl get nodes`, `kubectl get pvc`, `kubectl get pv` →
// Node, PersistentVolumeClaim and PersistentVolume objects with what each row says, nothing more.
// They go to the snapshot as YAML input's do (sources/file.ts: a Node joins the pods whose
// spec.nodeName is its name; claims and volumes are kept in snapshot.objects).
//
// The columns are the API server's table printers (pkg/printers/internalversion):
//   nodes: NAME STATUS ROLES AGE VERSION [INTERNAL-IP EXTERNAL-IP OS-IMAGE KERNEL-VERSION
//          CONTAINER-RUNTIME] — STATUS is "Ready" (the Ready condition True), "NotReady" (False or
//          Unknown: kubectl does not say which), "Unknown" (no Ready condition), with
//          ",SchedulingDisabled" for spec.unschedulable; ROLES from node-role.kubernetes.io/<role>
//          labels; older kubectl: NAME STATUS AGE, NAME LABELS STATUS.
//   pvc:   [NAMESPACE] NAME STATUS VOLUME CAPACITY ACCESS MODES STORAGECLASS [VOLUMEATTRIBUTESCLASS]
//          AGE [VOLUMEMODE] — STATUS the phase ("Terminating" when deleted), VOLUME spec.volumeName;
//          CAPACITY and ACCESS MODES are the status's, printed once a volume is named.
//   pv:    NAME CAPACITY ACCESS MODES RECLAIM POLICY STATUS CLAIM STORAGECLASS
//          [VOLUMEATTRIBUTESCLASS] REASON AGE [VOLUMEMODE] — CLAIM "ns/name" (spec.claimRef).
// Cells are cut at the header's columns (a Pending claim's VOLUME, CAPACITY and ACCESS MODES are
// empty); a row that lost its alignment is read by whitespace when it has a cell for each column.

import type { JsonObject } from '../../util/json.js';
import { parseAge, type Line, type TextObject } from './describe-lines.js';

export const NODES_HEADER = /^NAME +(?:STATUS +(?:ROLES +)?AGE(?: +VERSION)?|LABELS +STATUS|STATUS +ROLES +AGE)\b/;
export const PVC_HEADER = /^(?:NAMESPACE +)?NAME +STATUS +VOLUME +CAPACITY +ACCESS MODES +STORAGECLASS\b/;
export const PV_HEADER = /^NAME +CAPACITY +ACCESS MODES +RECLAIM POLICY +STATUS +CLAIM +STORAGECLASS\b/;

/** Is this line the header of one of these tables? */
export function objectTableHeader(text: string): 'nodes' | 'pvc' | 'pv' | undefined {
  if (PVC_HEADER.test(text)) return 'pvc';
  if (PV_HEADER.test(text)) return 'pv';
  if (NODES_HEADER.test(text)) return 'nodes';
  return undefined;
}

interface Column {
  name: string;
  start: number;
}

/** A header's columns: names of one or more words (ACCESS MODES), two spaces or more apart. */
function columns(header: Line): Column[] {
  const out: Column[] = [];
  const re = /\S+(?: \S+)*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(header.text))) out.push({ name: m[0], start: header.indent + m.index });
  return out;
}

/** A row's cells, cut at the columns; by whitespace when it has a cell for each column. */
function cells(row: Line, cols: Column[]): Record<string, string> | undefined {
  const text = ' '.repeat(row.indent) + row.text;
  const fits = cols.every((c, i) => i === 0 || c.start >= text.length || text.charAt(c.start - 1) === ' ');
  if (fits) {
    const out: Record<string, string> = {};
    cols.forEach((c, i) => {
      out[c.name] = text.slice(c.start, cols[i + 1]?.start).trim();
    });
    // a cell that runs on into the next column's place means the alignment is not the header's
    if (cols.every((c, i) => i === cols.length - 1 || !/\s{2,}/.test(out[c.name] ?? ''))) return out;
  }
  const parts = row.text.split(/\s+/);
  if (parts.length !== cols.length) return undefined;
  return Object.fromEntries(cols.map((c, i) => [c.name, parts[i] as string]));
}

const none = (v: string | undefined) => v === undefined || v === '' || v === '<none>' || v === '<unset>' || v === '<unknown>';
const isoAt = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const MODES: Record<string, string> = { RWO: 'ReadWriteOnce', ROX: 'ReadOnlyMany', RWX: 'ReadWriteMany', RWOP: 'ReadWriteOncePod' };

function metadata(c: Record<string, string>, now: number): JsonObject {
  const md: JsonObject = { name: c['NAME'] };
  if (!none(c['NAMESPACE'])) md['namespace'] = c['NAMESPACE'];
  const age = parseAge(c['AGE'] ?? '');
  if (age !== undefined) md['creationTimestamp'] = isoAt(now - age * 1000);
  return md;
}

/** A `kubectl get nodes` row → a Node with what it says. */
export function nodeFromRow(c: Record<string, string>, now: number): JsonObject | undefined {
  const m = /^(Ready|NotReady|Unknown)((?:,\w+)*)$/.exec(c['STATUS'] ?? '');
  if (!m || none(c['NAME'])) return undefined;
  const md = metadata(c, now);
  delete md['namespace'];
  const roles = (c['ROLES'] ?? '').split(',').filter((r) => !none(r));
  if (roles.length > 0) md['labels'] = Object.fromEntries(roles.map((r) => [`node-role.kubernetes.io/${r}`, '']));
  const status: JsonObject = {};
  // NotReady: the Ready condition is False or Unknown, kubectl does not say which
  if (m[1] !== 'Unknown') status['conditions'] = [{ type: 'Ready', status: m[1] === 'Ready' ? 'True' : 'Unknown' }];
  const info: JsonObject = {};
  if (!none(c['VERSION'])) info['kubeletVersion'] = c['VERSION'];
  if (!none(c['OS-IMAGE'])) info['osImage'] = c['OS-IMAGE'];
  if (!none(c['KERNEL-VERSION'])) info['kernelVersion'] = c['KERNEL-VERSION'];
  if (!none(c['CONTAINER-RUNTIME'])) info['containerRuntimeVersion'] = c['CONTAINER-RUNTIME'];
  if (Object.keys(info).length > 0) status['nodeInfo'] = info;
  const addresses = [
    ['InternalIP', c['INTERNAL-IP']],
    ['ExternalIP', c['EXTERNAL-IP']],
  ].filter(([, v]) => !none(v));
  if (addresses.length > 0) status['addresses'] = addresses.map(([type, address]) => ({ type, address }));
  const node: JsonObject = { apiVersion: 'v1', kind: 'Node', metadata: md, status };
  if (/SchedulingDisabled/.test(m[2] ?? '')) node['spec'] = { unschedulable: true };
  return node;
}

/** A `kubectl get pvc` row → a PersistentVolumeClaim with what it says. */
export function claimFromRow(c: Record<string, string>, now: number): JsonObject | undefined {
  const phase = c['STATUS'] ?? '';
  if (!/^(?:Pending|Bound|Lost|Terminating)$/.test(phase) || none(c['NAME'])) return undefined;
  const md = metadata(c, now);
  if (phase === 'Terminating') md['deletionTimestamp'] = isoAt(now);
  const spec: JsonObject = {};
  const status: JsonObject = {};
  if (phase !== 'Terminating') status['phase'] = phase;
  if (!none(c['VOLUME'])) spec['volumeName'] = c['VOLUME'];
  if (!none(c['STORAGECLASS'])) spec['storageClassName'] = c['STORAGECLASS'];
  if (!none(c['VOLUMEATTRIBUTESCLASS'])) spec['volumeAttributesClassName'] = c['VOLUMEATTRIBUTESCLASS'];
  if (!none(c['VOLUMEMODE'])) spec['volumeMode'] = c['VOLUMEMODE'];
  if (!none(c['CAPACITY'])) status['capacity'] = { storage: c['CAPACITY'] };
  const modes = (c['ACCESS MODES'] ?? '').split(',').map((x) => MODES[x.trim()]).filter((x): x is string => x !== undefined);
  if (modes.length > 0) status['accessModes'] = modes;
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: md, spec, status };
}

/** A `kubectl get pv` row → a PersistentVolume with what it says. */
export function volumeFromRow(c: Record<string, string>, now: number): JsonObject | undefined {
  const phase = c['STATUS'] ?? '';
  if (!/^(?:Pending|Available|Bound|Released|Failed|Terminating)$/.test(phase) || none(c['NAME'])) return undefined;
  const md = metadata(c, now);
  delete md['namespace'];
  if (phase === 'Terminating') md['deletionTimestamp'] = isoAt(now);
  const spec: JsonObject = {};
  const status: JsonObject = {};
  if (phase !== 'Terminating') status['phase'] = phase;
  if (!none(c['CAPACITY'])) spec['capacity'] = { storage: c['CAPACITY'] };
  const modes = (c['ACCESS MODES'] ?? '').split(',').map((x) => MODES[x.trim()]).filter((x): x is string => x !== undefined);
  if (modes.length > 0) spec['accessModes'] = modes;
  if (!none(c['RECLAIM POLICY'])) spec['persistentVolumeReclaimPolicy'] = c['RECLAIM POLICY'];
  const claim = /^([^/\s]+)\/([^/\s]+)$/.exec(c['CLAIM'] ?? '');
  if (claim) spec['claimRef'] = { kind: 'PersistentVolumeClaim', namespace: claim[1], name: claim[2] };
  if (!none(c['STORAGECLASS'])) spec['storageClassName'] = c['STORAGECLASS'];
  if (!none(c['VOLUMEATTRIBUTESCLASS'])) spec['volumeAttributesClassName'] = c['VOLUMEATTRIBUTESCLASS'];
  if (!none(c['VOLUMEMODE'])) spec['volumeMode'] = c['VOLUMEMODE'];
  if (!none(c['REASON'])) status['reason'] = c['REASON'];
  return { apiVersion: 'v1', kind: 'PersistentVolume', metadata: md, spec, status };
}

/** The lines of one of these tables (the first its header) → objects, and the lines not understood. */
export function objectTableLines(lines: Line[], now: number): { objects: TextObject[]; skipped: number[] } {
  const header = lines[0];
  const kind = header ? objectTableHeader(header.text) : undefined;
  if (!header || !kind) return { objects: [], skipped: lines.map((l) => l.n) };
  const cols = columns(header);
  const objects: TextObject[] = [];
  const skipped: number[] = [];
  for (const l of lines.slice(1)) {
    if (l.text === '') continue;
    const c = cells(l, cols);
    const o = c === undefined ? undefined : kind === 'nodes' ? nodeFromRow(c, now) : kind === 'pvc' ? claimFromRow(c, now) : volumeFromRow(c, now);
    if (o) objects.push({ value: o, line: l.n });
    else skipped.push(l.n);
  }
  return { objects, skipped };
}
