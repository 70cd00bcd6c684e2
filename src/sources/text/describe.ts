// `kubectl describe pod` text → Pod and Event objects, shaped as `kubectl get -o yaml` would have
// them, so everything after the reader works on them unchanged.
//
// The layout is kubectl's describe printer (k8s.io/kubectl/pkg/describe: describePod,
// describeContainers, describeStatus, DescribeProbe, DescribeEvents): "Key:\tvalue" lines written
// at two-space levels through a tabwriter (padding 2), so a value starts at least two spaces after
// its key and continuation lines of Labels/Annotations/Tolerations are indented to the value column.
// Older layouts are read too: events as FirstSeen/LastSeen/Count/From/SubObjectPath/Type/Reason/
// Message (kubectl ≤ 1.8, absolute times in the oldest), "Controllers:" / "QoS Tier:" lines.
//
// What describe does not print is not invented: waiting messages, condition reasons and messages,
// creationTimestamp, the container an event is about (new layout), node affinity, restartPolicy.
// Those gaps are returned as `missing` notes with the command that shows them. Environment values
// are never kept (names and the names of referenced ConfigMaps/Secrets only); command lines and
// arguments are dropped. Anything not understood is skipped with a warning that names the line,
// never its text.

import type { JsonObject } from '../../util/json.js';
import type { MissingFact } from '../../model/input.js';
import { blockWidth, isPrompt, iso, keyValue, markTextInput, MAX_PODS, none, parseAge, parseRfc1123, toLines, warn, type Ctx, type Line, type TextInput, type TextObject, wrapJoin } from './describe-lines.js';
import { POD_KEYS } from './describe-keys.js';
import { containers } from './describe-containers.js';
import { CONTAINER_REASONS, eventObject, eventRows, inferFieldPath, writtenEventRows, type EventRow } from './describe-events.js';

// Moved to describe-lines.ts, describe-events.ts and describe-containers.ts; still importable from here.
export { parseProbe } from './describe-containers.js';
export { isPrompt, markTextInput, MAX_LINE, MAX_LINES, MAX_PODS, parseAge, parseRfc1123, sniffKubectlText, textInputOf, toLines, warn, EVENTS_HEADER, PODS_HEADER } from './describe-lines.js';
export type { Ctx, Line, TextInput, TextKind, TextObject } from './describe-lines.js';
export { CONTAINER_REASONS, eventObject, eventRows, inferFieldPath, sourceHost } from './describe-events.js';
export type { EventRow } from './describe-events.js';

// ---- the parser ---------------------------------------------------------------------------------

const TOP_KEYS = POD_KEYS;

/** A block's width and left margin (where a terminal wrapped its lines). */
type BlockWidth = ReturnType<typeof blockWidth>;

interface Section {
  key: string;
  value: string;
  /** The column the value starts at (where continuation lines of Labels/Annotations line up). */
  valueCol: number;
  line: Line;
  body: Line[];
}

function isTopKeyLine(l: Line): boolean {
  if (l.indent !== 0) return false;
  const kv = keyValue(l.text);
  return kv !== undefined && TOP_KEYS.has(kv[0]);
}

/** Cut the lines of one pod into its top-level sections. Column-0 lines that are no key continue the section. */
function sections(lines: Line[]): Section[] {
  const out: Section[] = [];
  for (const l of lines) {
    if (isTopKeyLine(l)) {
      const [key, value] = keyValue(l.text) as [string, string];
      const at = value === '' ? -1 : l.text.indexOf(value, key.length + 1);
      out.push({ key, value, valueCol: at < 0 ? -1 : l.indent + at, line: l, body: [] });
    } else if (out.length > 0) {
      (out[out.length - 1] as Section).body.push(l);
    }
  }
  return out;
}

/** Labels/Node-Selectors: "k=v" per line (kubectl ≤ 1.5: "k=v,k2=v2" on one line; values hold no commas). */
function keyEqualsValue(first: string, body: Line[]): Record<string, string> | undefined {
  const vals = [first, ...body.filter((l) => l.text !== '').map((l) => l.text)].filter((v) => !none(v)).flatMap((v) => v.split(/,(?=[^,=\s]+=)/));
  if (vals.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const v of vals) {
    const eq = v.indexOf('=');
    if (eq > 0) out[v.slice(0, eq)] = v.slice(eq + 1);
    else out[v] = '';
  }
  return out;
}

/** Annotations: "k: v" per line; long or multi-line values as "k:" and indented lines under it. */
function annotations(first: string, valueCol: number, body: Line[]): Record<string, string> | undefined {
  const rows = [{ text: first, indent: -1 }, ...body.filter((l) => l.text !== '').map((l) => ({ text: l.text, indent: l.indent }))].filter((r) => !none(r.text));
  if (rows.length === 0) return undefined;
  // keys line up at the value column; a long value's lines are two further in
  const base = valueCol >= 0 ? valueCol : Math.min(...body.filter((l) => l.text !== '').map((l) => l.indent));
  const out: Record<string, string> = {};
  let last: string | undefined;
  for (const r of rows) {
    const m = /^([\w.\/-]+):(?: (.*))?$/.exec(r.text);
    if (m && (r.indent === -1 || r.indent <= base)) {
      last = m[1] as string;
      out[last] = m[2] ?? '';
    } else if (last !== undefined) {
      out[last] = out[last] === '' ? r.text : `${out[last]}\n${r.text}`;
    }
  }
  return out;
}

/** "key=value:NoSchedule op=Exists for 300s" → a toleration. */
export function parseToleration(s: string): JsonObject {
  const t: JsonObject = {};
  let rest = s.trim();
  const secs = / for (\d+)s$/.exec(rest);
  if (secs) {
    t['tolerationSeconds'] = Number(secs[1]);
    rest = rest.slice(0, secs.index);
  }
  let exists = false;
  if (rest === 'op=Exists') {
    exists = true;
    rest = '';
  } else if (rest.endsWith(' op=Exists')) {
    exists = true;
    rest = rest.slice(0, -' op=Exists'.length);
  }
  const colon = rest.lastIndexOf(':');
  let kv = rest;
  if (colon >= 0 && /^(NoSchedule|PreferNoSchedule|NoExecute)$/.test(rest.slice(colon + 1))) {
    t['effect'] = rest.slice(colon + 1);
    kv = rest.slice(0, colon);
  }
  const eq = kv.indexOf('=');
  if (eq >= 0) {
    t['key'] = kv.slice(0, eq);
    t['operator'] = 'Equal';
    t['value'] = kv.slice(eq + 1);
  } else {
    if (kv !== '') t['key'] = kv;
    t['operator'] = exists ? 'Exists' : 'Equal';
  }
  return t;
}

/** The Conditions (and Readiness Gates) table: "Type  Status" rows. */
function conditionRows(body: Line[]): { type: string; status: string }[] {
  const out: { type: string; status: string }[] = [];
  for (const l of body) {
    const m = /^(\S+)\s+(True|False|Unknown|<none>)$/.exec(l.text);
    if (!m) continue;
    out.push({ type: m[1] as string, status: m[2] as string });
  }
  return out;
}

/** Volumes: "name:" then "Type: … (…)" and its fields. */
function volumes(body: Line[]): JsonObject[] {
  const out: JsonObject[] = [];
  const lines = body.filter((l) => l.text !== '');
  const nameIndent = lines[0]?.indent ?? 2;
  let cur: { name: string; fields: Map<string, string> } | undefined;
  const flush = () => {
    if (!cur) return;
    const f = cur.fields;
    const v: JsonObject = { name: cur.name };
    const type = (f.get('Type') ?? '').split(' ')[0];
    const optional = f.get('Optional') === 'true';
    if (type === 'Secret') v['secret'] = { secretName: f.get('SecretName') ?? '', ...(optional ? { optional: true } : {}) };
    else if (type === 'ConfigMap') v['configMap'] = { name: f.get('Name') ?? '', ...(optional ? { optional: true } : {}) };
    else if (type === 'PersistentVolumeClaim') v['persistentVolumeClaim'] = { claimName: f.get('ClaimName') ?? '', ...(f.get('ReadOnly') === 'true' ? { readOnly: true } : {}) };
    else if (type === 'EmptyDir') v['emptyDir'] = {};
    else if (type === 'HostPath') v['hostPath'] = { path: f.get('Path') ?? '' };
    else if (type === 'Projected') v['projected'] = { sources: [] };
    else if (type === 'NFS') v['nfs'] = { server: f.get('Server') ?? '', path: f.get('Path') ?? '' };
    else if (type === 'CSI') v['csi'] = { driver: f.get('Driver') ?? '' };
    else if (type === 'DownwardAPI') v['downwardAPI'] = {};
    else if (type === 'EphemeralVolume') v['ephemeral'] = {};
    out.push(v);
    cur = undefined;
  };
  for (const l of lines) {
    if (l.indent <= nameIndent) {
      const m = /^(\S+):$/.exec(l.text);
      flush();
      if (m) cur = { name: m[1] as string, fields: new Map() };
      continue;
    }
    const kv = keyValue(l.text);
    if (cur && kv && !cur.fields.has(kv[0])) cur.fields.set(kv[0], kv[1]);
  }
  flush();
  return out;
}

// ---- one pod ------------------------------------------------------------------------------------

export interface DescribedPod {
  pod: JsonObject;
  events: JsonObject[];
  missing: MissingFact[];
  line: number;
  /** The instant the ages were read against. */
  now: number;
  /** `now` was estimated from the text (no --now given). */
  estimated: boolean;
}

/**
 * What the sections of one pod's text say, as they are read: the object being built and what
 * describePod needs after the last section (the events, whether the pod is terminating, …).
 */
interface PodDraft {
  metadata: JsonObject;
  spec: JsonObject;
  status: JsonObject;
  /** The rows of its Events section. */
  rows: EventRow[];
  /** The events are known (rows, or kubectl's "<none>"). */
  hasEvents: boolean;
  terminating: boolean;
  /** Seconds the deletion has lasted ("Terminating (lasts 2m)"). */
  terminatingFor: number;
  /** Containers whose state line was put back by the reader (state-block.ts). */
  guessedStates: string[];
  /** The Conditions section's. */
  conditions: JsonObject[];
  /** The statuses the Readiness Gates section shows, by condition type. */
  gateConditions: Map<string, JsonObject[]>;
  /** The key of the last section read. */
  lastKey?: string;
}

export function describePod(lines: Line[], ctx: Ctx): DescribedPod {
  const width = blockWidth(lines);
  const d: PodDraft = { metadata: {}, spec: {}, status: {}, rows: [], hasEvents: false, terminating: false, terminatingFor: 0, guessedStates: [], conditions: [], gateConditions: new Map() };
  const { metadata, spec, status, conditions } = d;
  const pod: JsonObject = { apiVersion: 'v1', kind: 'Pod', metadata, spec, status };
  for (const s of sections(lines)) readSection(d, s, ctx, width);
  if (conditions.length === 0) for (const [, c] of d.gateConditions) conditions.push(...c);
  markSidecars(spec, status, conditions);
  readinessGateReason(spec, conditions);
  if (conditions.length > 0) status['conditions'] = conditions;
  if (Object.keys(spec).length === 0) delete pod['spec'];
  if (Object.keys(status).length === 0) delete pod['status'];

  const name = typeof metadata['name'] === 'string' ? metadata['name'] : undefined;
  const namespace = typeof metadata['namespace'] === 'string' ? metadata['namespace'] : undefined;
  const { rows } = d;
  const targets = eventTargets(spec, status);
  const paths = rows.map((r) => inferFieldPath(r, targets));
  const estimate = ctx.now === undefined ? estimateCapture(status, rows, paths) : undefined;
  const now = ctx.now ?? estimate ?? Date.now();
  if (d.terminating) metadata['deletionTimestamp'] ??= iso(now - d.terminatingFor * 1000);
  // kubectl before 1.5 printed "No events." where the Events section would be
  if (!d.hasEvents && lines.some((l) => l.indent === 0 && /^No events\.?$/.test(l.text))) d.hasEvents = true;
  const events = rows.map((r, i) => eventObject(r, { ...(name ? { name } : {}), ...(namespace ? { namespace } : {}) }, now, paths[i]));
  // Describe does not print creationTimestamp. The pod existed by its Start Time and by its
  // earliest event, so the earlier of those is a lower bound of its age: rules that wait for a
  // pod to be old enough stay quiet rather than guess. Said in the output.
  const known = [Date.parse(String(status['startTime'] ?? '')), ...events.map((e) => Date.parse(String(e['firstTimestamp'] ?? '')))].filter(Number.isFinite);
  const createdBy = known.length > 0 ? Math.min(...known) : undefined;
  if (createdBy !== undefined) metadata['creationTimestamp'] = iso(createdBy);
  const missing = missingFacts(d, events, name, namespace, createdBy !== undefined);
  return { pod, events, missing, line: lines[0]?.n ?? 1, now, estimated: estimate !== undefined };
}

/** One top-level section into the pod being read. */
function readSection(d: PodDraft, s: Section, ctx: Ctx, width: BlockWidth): void {
  const { metadata, spec, status } = d;
  const v = s.value;
  // (the Containers section is the last one read: the text may end inside it, after some of them)
  d.lastKey = s.key;
  switch (s.key) {
    case 'Name':
      metadata['name'] = v;
      break;
    case 'Namespace':
      metadata['namespace'] = v;
      break;
    case 'Priority':
      if (/^-?\d+$/.test(v)) spec['priority'] = Number(v);
      break;
    case 'Priority Class Name':
    case 'PriorityClassName':
      if (!none(v)) spec['priorityClassName'] = v;
      break;
    case 'Runtime Class Name':
      if (!none(v)) spec['runtimeClassName'] = v;
      break;
    case 'Service Account':
      if (!none(v)) spec['serviceAccountName'] = v;
      break;
    case 'Node':
    case 'Host': {
      if (none(v)) break;
      const slash = v.indexOf('/');
      const node = slash >= 0 ? v.slice(0, slash) : v;
      const ip = slash >= 0 ? v.slice(slash + 1) : '';
      if (node !== '') spec['nodeName'] = node;
      if (ip !== '') status['hostIP'] = ip;
      break;
    }
    case 'Start Time': {
      const t = parseRfc1123(v);
      if (t !== undefined) status['startTime'] = iso(t);
      else if (!none(v)) warn(ctx, `${s.line.n}: Start Time not understood: ignored`);
      break;
    }
    case 'Labels': {
      const l = keyEqualsValue(v, s.body);
      if (l) metadata['labels'] = l;
      break;
    }
    case 'Annotations': {
      const a = annotations(v, s.valueCol, s.body);
      if (a) metadata['annotations'] = a;
      break;
    }
    case 'Status':
      podStatus(d, v);
      break;
    case 'Termination Grace Period': {
      const m = /^(\d+)s$/.exec(v);
      if (m) metadata['deletionGracePeriodSeconds'] = Number(m[1]);
      break;
    }
    case 'Reason':
      if (!none(v)) status['reason'] = v;
      break;
    case 'Message': {
      const text = wrappedMessage(s, width);
      if (text !== '') status['message'] = text;
      break;
    }
    case 'IP':
      if (!none(v)) status['podIP'] = v;
      break;
    case 'IPs': {
      const ips = s.body.map((l) => /^IP:\s+(\S+)$/.exec(l.text)?.[1]).filter((x): x is string => x !== undefined);
      if (ips.length > 0) status['podIPs'] = ips.map((ip) => ({ ip }));
      break;
    }
    case 'Controlled By':
    case 'Controllers': {
      const m = /^([A-Za-z]+)\/(\S+)/.exec(v);
      if (m) metadata['ownerReferences'] = [{ kind: m[1], name: m[2], controller: true }];
      break;
    }
    case 'NominatedNodeName':
      if (!none(v)) status['nominatedNodeName'] = v;
      break;
    case 'Init Containers':
    case 'Containers':
    case 'Ephemeral Containers':
      containerSection(d, s, ctx);
      break;
    case 'Readiness Gates': {
      const rows = conditionRows(s.body);
      spec['readinessGates'] = rows.map((r) => ({ conditionType: r.type }));
      for (const r of rows) if (r.status !== '<none>') d.gateConditions.set(r.type, [{ type: r.type, status: r.status }]);
      break;
    }
    case 'Conditions':
      for (const r of conditionRows(s.body)) d.conditions.push({ type: r.type, status: r.status });
      break;
    case 'Volumes':
      if (!none(v)) break;
      if (v === '') spec['volumes'] = volumes(s.body);
      break;
    case 'QoS Class':
      if (!none(v)) status['qosClass'] = v;
      break;
    case 'Node-Selectors': {
      const n = keyEqualsValue(v, s.body);
      if (n) spec['nodeSelector'] = n;
      break;
    }
    case 'Tolerations': {
      const all = [v, ...s.body.map((l) => l.text)].filter((x) => x !== '' && !none(x));
      if (all.length > 0) spec['tolerations'] = all.map(parseToleration);
      break;
    }
    case 'Events':
      // known to be none only when kubectl says so ("<none>"); an "Events:" with no rows under
      // it is a paste cut there, and its events are unknown. A writer's condensed section
      // ("Events: Liveness probe failed: …") gives the events its messages stand for.
      if (v === '<none>') d.hasEvents = true;
      else {
        d.rows = v === '' ? eventRows(s.body, ctx) : writtenEventRows([v, ...s.body.map((l) => l.text)]);
        if (d.rows.length > 0) d.hasEvents = true;
      }
      break;
    default:
      break; // SeccompProfile, Topology Spread Constraints, old "Image(s)", …: not used
  }
}

/** "Status:": the phase, or a deletion under way. */
function podStatus(d: PodDraft, v: string): void {
  const m = /^Terminating \(lasts (\S+)\)$/.exec(v);
  // kubectl before 1.7: "Terminating (expires <deletionTimestamp>)"
  const x = /^Terminating \(expires (.+)\)$/.exec(v);
  const expires = x ? parseRfc1123(x[1] as string) : undefined;
  if (m) {
    d.terminating = true;
    d.terminatingFor = parseAge(m[1] as string) ?? 0;
  } else if (expires !== undefined) {
    d.terminating = true;
    d.metadata['deletionTimestamp'] = iso(expires);
  } else if (!none(v)) d.status['phase'] = v;
}

/** The pod's "Message:", with the lines under it. */
function wrappedMessage(s: Section, width: BlockWidth): string {
  // lines under it are the message wrapped by a terminal or a ticket (the kubelet's and the
  // scheduler's pod messages are one line): joined back with a space
  let text = s.value.trim();
  let before = s.line;
  for (const l of s.body) {
    if (l.text.trim() === '') continue;
    text = text === '' ? l.text.trim() : `${text}${wrapJoin(before, l, width)}${l.text.trim()}`;
    before = l;
  }
  return text;
}

/** An "Init Containers:", "Containers:" or "Ephemeral Containers:" section → the spec's list and the statuses. */
function containerSection(d: PodDraft, s: Section, ctx: Ctx): void {
  // (kubectl prints "<none>" for no containers: a section with nothing under it was cut)
  if (s.value === '<none>' || s.body.every((l) => l.text === '')) return;
  const cs = containers(s.body, ctx);
  for (const c of cs) if (c.stateGuessed) d.guessedStates.push(String(c.spec['name']));
  const [specKey, statusKey] = s.key === 'Init Containers' ? ['initContainers', 'initContainerStatuses'] : s.key === 'Containers' ? ['containers', 'containerStatuses'] : ['ephemeralContainers', 'ephemeralContainerStatuses'];
  d.spec[specKey as string] = cs.map((c) => c.spec);
  const sts = cs.map((c) => c.status).filter((x): x is JsonObject => x !== undefined && Object.keys(x).length > 1);
  if (sts.length > 0) d.status[statusKey as string] = sts;
}

/** The containers an event of this pod may be about (inferFieldPath), init containers first. */
function eventTargets(spec: JsonObject, status: JsonObject): { name: string; list: string; image?: string; probes?: string[]; waiting?: string }[] {
  const all: { name: string; list: string; image?: string; probes?: string[]; waiting?: string }[] = [];
  for (const list of ['initContainers', 'containers']) {
    const statuses = (status[list === 'containers' ? 'containerStatuses' : 'initContainerStatuses'] as JsonObject[] | undefined) ?? [];
    for (const c of (spec[list] as JsonObject[] | undefined) ?? []) {
      const st = statuses.find((x) => x['name'] === c['name']);
      const waiting = ((st?.['state'] as JsonObject | undefined)?.['waiting'] as JsonObject | undefined)?.['reason'];
      const image = typeof c['image'] === 'string' ? c['image'] : undefined;
      const probes = ['liveness', 'readiness', 'startup'].filter((k) => c[`${k}Probe`] !== undefined);
      // (a block pasted without its name is no container to give the pod's events to: the paste
      // reader names it first, then places the events)
      if (String(c['name']).startsWith('podwhy-unnamed')) continue;
      all.push({ name: String(c['name']), list, probes, ...(image !== undefined ? { image } : {}), ...(typeof waiting === 'string' ? { waiting } : {}) });
    }
  }
  return all;
}

/** What this text does not say, and where to see it. */
function missingFacts(d: PodDraft, events: JsonObject[], name: string | undefined, namespace: string | undefined, created: boolean): MissingFact[] {
  const { spec, status, rows } = d;
  const missing: MissingFact[] = [];
  const ns = namespace && namespace !== 'default' ? ` -n ${namespace}` : '';
  const yaml = `kubectl get pod ${name ?? '<pod>'}${ns} -o yaml`;
  const waiting: string[] = [];
  for (const key of ['initContainerStatuses', 'containerStatuses']) {
    for (const st of (status[key] as JsonObject[] | undefined) ?? []) {
      const w = (st['state'] as JsonObject | undefined)?.['waiting'] as JsonObject | undefined;
      if (w && w['reason'] !== undefined && !['ContainerCreating', 'PodInitializing'].includes(String(w['reason']))) waiting.push(`${String(st['name'])} (${String(w['reason'])})`);
    }
  }
  if (waiting.length > 0) missing.push({ fact: 'waiting-message', subjects: waiting, command: yaml });
  const notTrue = d.conditions.filter((c) => c['status'] !== 'True').map((c) => String(c['type']));
  if (notTrue.length > 0) missing.push({ fact: 'condition-message', subjects: notTrue, command: yaml });
  if (rows.some((r, i) => !r.fieldPath && r.reason && CONTAINER_REASONS.has(r.reason) && !(events[i]?.['involvedObject'] as JsonObject)['fieldPath'])) {
    missing.push({ fact: 'event-container', command: `kubectl get events${ns} --field-selector involvedObject.name=${name ?? '<pod>'} -o wide` });
  }
  if (d.guessedStates.length > 0) missing.push({ fact: 'state-line', subjects: d.guessedStates, command: yaml });
  if (d.terminating) missing.push({ fact: 'terminating-phase', command: yaml });
  missing.push({ fact: created ? 'creation-time' : 'age', command: yaml });
  if (!d.hasEvents) missing.push({ fact: 'events', command: `kubectl describe pod ${name ?? '<pod>'}${ns}` });
  if (!spec['containers']) missing.push({ fact: 'containers', command: yaml });
  // the text ends in the Containers section: the containers after the last one shown are unknown
  else if (d.lastKey === 'Containers') missing.push({ fact: 'containers-cut', command: yaml });
  return missing;
}

/**
 * When was this text taken? Describe prints some times absolute (Start Time, a container's
 * Started/Finished) and event ages relative to the moment it ran; an event that marks the same
 * instant as an absolute time gives the moment: the "Scheduled" event and the pod's Start Time,
 * the last "Started" (or "Created"/"Pulled") event of a container and its latest start. Ages are
 * truncated, so the latest of these is kept. Undefined when the text has no such pair.
 */
export function estimateCapture(status: JsonObject, rows: EventRow[], paths: (string | undefined)[]): number | undefined {
  const candidates: number[] = [];
  const start = typeof status['startTime'] === 'string' ? Date.parse(status['startTime']) : NaN;
  const latestAbs: number[] = [];
  if (Number.isFinite(start)) latestAbs.push(start);
  rows.forEach((r, i) => {
    if (r.absolute || r.last === undefined) return;
    if (r.reason === 'Scheduled' && Number.isFinite(start)) candidates.push(start + r.last * 1000);
    if (r.reason !== 'Started' && r.reason !== 'Created' && r.reason !== 'Pulled') return;
    const path = paths[i];
    const name = path ? /\{(.*)\}$/.exec(path)?.[1] : undefined;
    if (name === undefined) return;
    for (const key of ['initContainerStatuses', 'containerStatuses']) {
      for (const st of (status[key] as JsonObject[] | undefined) ?? []) {
        if (st['name'] !== name) continue;
        const state = (st['state'] ?? {}) as JsonObject;
        const last = (st['lastState'] ?? {}) as JsonObject;
        const at = (o: unknown) => (typeof o === 'string' ? Date.parse(o) : NaN);
        const run = at((state['running'] as JsonObject | undefined)?.['startedAt']);
        const term = at((state['terminated'] as JsonObject | undefined)?.['startedAt']);
        const prev = at((last['terminated'] as JsonObject | undefined)?.['startedAt']);
        const latest = [run, term, prev].filter(Number.isFinite).sort((a, b) => b - a)[0];
        if (latest !== undefined) candidates.push(latest + r.last * 1000);
      }
    }
  });
  for (const key of ['initContainerStatuses', 'containerStatuses']) {
    for (const st of (status[key] as JsonObject[] | undefined) ?? []) {
      for (const s of [st['state'], st['lastState']] as (JsonObject | undefined)[]) {
        for (const k of ['running', 'terminated']) {
          const o = s?.[k] as JsonObject | undefined;
          for (const f of ['startedAt', 'finishedAt']) if (typeof o?.[f] === 'string') latestAbs.push(Date.parse(o[f] as string));
        }
      }
    }
  }
  if (candidates.length === 0) return undefined;
  const est = Math.max(...candidates, ...latestAbs.filter(Number.isFinite));
  return est;
}

// ---- the whole text -----------------------------------------------------------------------------

export interface KubectlTextResult {
  objects: TextObject[];
  warnings: string[];
}

/**
 * The kubelet's Ready condition is False with reason ReadinessGatesNotReady exactly when every
 * container is ready and a readiness gate is not True; describe prints the gates and the condition
 * statuses but no reasons, so that reason is restored when those statuses say so.
 */
function readinessGateReason(spec: JsonObject, conditions: JsonObject[]): void {
  const gates = ((spec['readinessGates'] as JsonObject[] | undefined) ?? []).map((g) => g['conditionType']);
  if (gates.length === 0) return;
  const status = (t: string) => conditions.find((c) => c['type'] === t)?.['status'];
  const ready = conditions.find((c) => c['type'] === 'Ready');
  if (ready && ready['status'] === 'False' && status('ContainersReady') === 'True' && gates.some((g) => status(String(g)) !== 'True')) ready['reason'] = 'ReadinessGatesNotReady';
}

/**
 * Describe does not print an init container's restartPolicy, but it shows when one is a sidecar
 * (restartPolicy: Always): a classic init container cannot be running once the pod is
 * initialized, or while a regular container runs; and only a sidecar may have probes.
 */
function markSidecars(spec: JsonObject, status: JsonObject, conditions: JsonObject[]): void {
  const inits = (spec['initContainers'] as JsonObject[] | undefined) ?? [];
  if (inits.length === 0) return;
  // The API server refuses probes on init containers that are not sidecars.
  for (const c of inits) if (c['livenessProbe'] || c['readinessProbe'] || c['startupProbe']) c['restartPolicy'] = 'Always';
  const initialized = conditions.some((c) => c['type'] === 'Initialized' && c['status'] === 'True');
  const regularRunning = ((status['containerStatuses'] as JsonObject[] | undefined) ?? []).some((st) => (st['state'] as JsonObject | undefined)?.['running'] !== undefined);
  if (!initialized && !regularRunning) return;
  for (const st of (status['initContainerStatuses'] as JsonObject[] | undefined) ?? []) {
    if ((st['state'] as JsonObject | undefined)?.['running'] === undefined) continue;
    const c = inits.find((x) => x['name'] === st['name']);
    if (c) c['restartPolicy'] = 'Always';
  }
}

/**
 * Cut a describe text into pods at their "Name:" lines (followed by "Namespace:"), and read each.
 * `now` is the instant the text was taken; without it, it is estimated from the text.
 */
export function parseDescribeText(text: string, file: string, now?: number): KubectlTextResult {
  const ctx: Ctx = { file, now, warnings: [], dropped: 0 };
  const lines = toLines(text, file);
  const starts: number[] = [];
  let base = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as Line;
    if (!/^Name: +\S/.test(l.text)) continue;
    const next = lines.slice(i + 1, i + 4).find((x) => x.text !== '');
    if (next && /^Namespace: +\S/.test(next.text) && next.indent === l.indent) {
      if (starts.length === 0) base = l.indent;
      if (l.indent === base) starts.push(i);
    }
  }
  const objects: TextObject[] = [];
  if (starts.length === 0) return { objects, warnings: ctx.warnings };
  const before = lines.slice(0, starts[0]).filter((l) => l.text !== '' && !isPrompt(l.text));
  if (before.length > 0) warn(ctx, `${before[0]?.n}: ${before.length} line(s) before the first pod are not describe output: skipped`);
  for (let k = 0; k < starts.length && k < MAX_PODS; k++) {
    const block = lines.slice(starts[k], starts[k + 1] ?? lines.length).map((l) => ({ ...l, indent: Math.max(0, l.indent - base) }));
    // prompt lines between pods (several describe commands pasted together)
    const body = block.filter((l) => !(l.indent === 0 && isPrompt(l.text)));
    const d = describePod(body, ctx);
    const info: TextInput = { format: 'describe', missing: d.missing, warnings: [], capturedAt: d.now };
    markTextInput(d.pod, info);
    objects.push({ value: d.pod, line: d.line });
    for (const e of d.events) objects.push({ value: e, line: d.line });
  }
  if (ctx.dropped > 0) ctx.warnings.push(`${file}: ${ctx.dropped} more warning(s) about the describe text not shown`);
  return { objects, warnings: ctx.warnings };
}

/** An "Events:" section pasted on its own: the events of a pod whose name the text does not give. */
export function parseEventsSection(text: string, file: string, now = Date.now()): KubectlTextResult {
  const ctx: Ctx = { file, now, warnings: [], dropped: 0 };
  const lines = toLines(text, file).filter((l) => !isPrompt(l.text) && !/^Events:/.test(l.text));
  const rows = eventRows(lines, ctx);
  const name = 'pasted-events';
  const pod: JsonObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name } };
  const objects: TextObject[] = [{ value: pod, line: 1 }];
  for (const r of rows) objects.push({ value: eventObject(r, { name }, now, r.fieldPath), line: 1 });
  markTextInput(pod, {
    format: 'describe',
    missing: [{ fact: 'pod-object', command: 'kubectl describe pod <pod>' }],
    warnings: [],
    capturedAt: now,
    placeholder: true,
  });
  return { objects, warnings: ctx.warnings };
}
