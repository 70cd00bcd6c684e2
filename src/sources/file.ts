// Offline input: YAML (multi-document) or JSON text → pods with their events joined.
// Accepts what kubectl prints: Pod, List/PodList of pods, Event, EventList, List of events (and
// events.k8s.io/v1 Events), Nodes (joined to the pods that run on them), plus the
// `kind: PodwhyFixture` header of fixture files. Other kinds are skipped with a warning. Trimmed pods (no kind, no spec) are read as far as they go.

import type { ParsedDoc } from './reader.js';
import { readText } from './reader.js';
import { arr, isObject, nonEmpty, obj, objs, str, time, type JsonObject } from '../util/json.js';
import { eventPods, isEventObject, toEventRecord } from './events.js';
import { dropPlaceholders, podInputFields, textSource } from './text-input.js';
import type { ClaimStorage, Damage, EventRecord, FixtureHeader, PodInput, Snapshot } from '../model/input.js';

export { MAX_DEPTH, MAX_DOCUMENTS, parseText, type ParsedDoc } from './reader.js';

/** Kinds kept for workload diagnoses (src/sources/workloads.ts). */
export const WORKLOAD_OBJECT_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob', 'ResourceQuota', 'LimitRange']);

/** Objects a pod depends on, kept beside the pods in snapshot.objects: the claims it mounts, their volumes and classes. */
export const NEIGHBOUR_KINDS = new Set(['PersistentVolumeClaim', 'PersistentVolume', 'StorageClass']);

function looksLikePod(o: JsonObject): boolean {
  const spec = obj(o['spec']);
  const status = obj(o['status']);
  return Array.isArray(spec?.['containers']) || Array.isArray(status?.['containerStatuses']) || (status?.['phase'] !== undefined && isObject(o['metadata']));
}

function describe(o: JsonObject): string {
  const kind = str(o['kind']) ?? 'object';
  const name = nonEmpty(obj(o['metadata'])?.['name']);
  return name ? `${kind} "${name}"` : kind;
}

interface Collector {
  pods: PodInput[];
  events: EventRecord[];
  nodes: JsonObject[];
  /** Workloads (Deployment, ReplicaSet, StatefulSet, DaemonSet, Job, CronJob), ResourceQuotas and LimitRanges (read by `podwhy TYPE/NAME`), claims and volumes. */
  objects?: JsonObject[];
  warnings: string[];
  fixtures: { file: string; header: FixtureHeader }[];
  /** The file and line each event was read from. */
  eventSources?: WeakMap<EventRecord, { file: string; line: number }>;
  /** Neighbours read as items of a List (kubectl get sc,pv -o yaml): the cluster's whole list of their kind. */
  listed?: WeakSet<JsonObject>;
}

/** What visit() makes of an object: the branch it takes. */
type Branch = 'fixture' | 'pod' | 'node' | 'workload' | 'neighbour' | 'event' | 'list' | 'kindless-pod' | 'other';

function branchOf(o: JsonObject, kind: string | undefined, depth: number): Branch {
  if (kind === 'PodwhyFixture') return 'fixture';
  if (kind === 'Pod') return 'pod';
  if (kind === 'Node') return 'node';
  if (kind !== undefined && WORKLOAD_OBJECT_KINDS.has(kind)) return 'workload';
  if (kind !== undefined && NEIGHBOUR_KINDS.has(kind)) return 'neighbour';
  if (kind === 'Event' || (kind === undefined && isEventObject(o))) return 'event';
  if ((kind === undefined || kind.endsWith('List')) && Array.isArray(o['items']) && depth < 2) return 'list';
  if (kind === undefined && looksLikePod(o)) return 'kindless-pod';
  return 'other';
}

/**
 * Whether a document's `items` are read one by one as the objects of a List (the worker threads'
 * stand-ins for items are resolved to what is read of them only there: src/api/parallel).
 */
export function readsItems(doc: unknown): boolean {
  return isObject(doc) && branchOf(doc, str(doc['kind']), 0) === 'list';
}

function visit(o: unknown, file: string, line: number, acc: Collector, impliedKind: string | undefined, depth: number, itemLines?: number[]): void {
  if (o === null || o === undefined) return;
  if (!isObject(o)) {
    acc.warnings.push(`${file}:${line}: skipped a document that is not an object`);
    return;
  }
  const kind = str(o['kind']) ?? impliedKind;
  switch (branchOf(o, kind, depth)) {
    case 'fixture': {
      const header: FixtureHeader = { raw: o };
      const d = str(o['description']);
      if (d !== undefined) header.description = d;
      const now = str(o['now']) ?? str(o['capturedAt']);
      if (now !== undefined) header.now = now;
      if (isObject(o['expect'])) header.expect = o['expect'] as FixtureHeader['expect'];
      if (isObject(o['logs'])) {
        header.logs = {};
        for (const [c, t] of Object.entries(o['logs'])) if (typeof t === 'string') header.logs[c] = t;
      }
      acc.fixtures.push({ file, header });
      return;
    }
    case 'pod':
      // Pods read from kubectl describe/table text carry their gaps and warnings (text-input.ts).
      acc.pods.push({ pod: o, events: [], source: { file, input: file, line, ...textSource(o) }, ...podInputFields(o, acc.warnings) });
      return;
    case 'node':
      acc.nodes.push(o);
      return;
    case 'workload':
      // kept for `podwhy TYPE/NAME` (which drops this warning); a pod diagnosis skips it, as before
      (acc.objects ??= []).push(o);
      acc.warnings.push(`${file}:${line}: skipped ${describe(o)} (podwhy reads Pods and Events)`);
      return;
    case 'neighbour':
      (acc.objects ??= []).push(o);
      if (depth > 0) (acc.listed ??= new WeakSet()).add(o);
      return;
    case 'event': {
      const e = toEventRecord(o);
      acc.events.push(e);
      (acc.eventSources ??= new WeakMap()).set(e, { file, line });
      return;
    }
    case 'list': {
      const implied = kind === 'PodList' ? 'Pod' : kind === 'EventList' ? 'Event' : kind === 'NodeList' ? 'Node' : kind !== undefined && (WORKLOAD_OBJECT_KINDS.has(kind.slice(0, -4)) || NEIGHBOUR_KINDS.has(kind.slice(0, -4))) ? kind.slice(0, -4) : undefined;
      arr(o['items']).forEach((item, i) => visit(item, file, itemLines?.[i] ?? line, acc, implied, depth + 1));
      return;
    }
    case 'kindless-pod':
      acc.warnings.push(`${file}:${line}: an object without "kind" was read as a Pod`);
      acc.pods.push({ pod: o, events: [], source: { file, input: file, line } });
      return;
    default:
      acc.warnings.push(`${file}:${line}: skipped ${describe(o)} (podwhy reads Pods and Events)`);
  }
}

/** Read parsed documents of one file into the collector. */
export function collectDocuments(docs: ParsedDoc[], file: string, acc: Collector): void {
  const firstPod = acc.pods.length;
  const firstFixture = acc.fixtures.length;
  for (const d of docs) visit(d.value, file, d.line, acc, undefined, 0, d.itemLines);
  const header = acc.fixtures.slice(firstFixture)[0]?.header;
  const capturedAt = time(header?.now);
  for (const p of acc.pods.slice(firstPod)) {
    if (capturedAt !== undefined) p.capturedAt = capturedAt;
    if (header?.logs) p.logs = { ...(p.logs ?? {}), ...Object.fromEntries(Object.entries(header.logs).map(([c, text]) => [c, { text, previous: true, truncated: false, origin: 'fixture' as const }])) };
  }
}

/** Join events to pods: by involvedObject.uid when both have one, else by namespace and name. */
export function joinEvents(pods: PodInput[], events: EventRecord[]): EventRecord[] {
  const byUid = new Map<string, PodInput>();
  const byName = new Map<string, PodInput[]>();
  for (const p of pods) {
    const md = obj(p.pod['metadata']) ?? {};
    const uid = nonEmpty(md['uid']);
    if (uid) byUid.set(uid, p);
    const name = nonEmpty(md['name']);
    if (name) {
      const list = byName.get(name) ?? [];
      list.push(p);
      byName.set(name, list);
    }
  }
  const orphans: EventRecord[] = [];
  // the claims each pod mounts: a claim's events (ProvisioningFailed, "storageclass … not found") are the pod's
  const byClaim = new Map<string, PodInput[]>();
  for (const p of pods) {
    const ns = nonEmpty(obj(p.pod['metadata'])?.['namespace']) ?? '';
    for (const v of arr(obj(p.pod['spec'])?.['volumes'])) {
      const claim = isObject(v) ? nonEmpty(obj(v['persistentVolumeClaim'])?.['claimName']) : undefined;
      if (claim === undefined) continue;
      const key = `${ns}/${claim}`;
      byClaim.set(key, [...(byClaim.get(key) ?? []), p]);
    }
  }
  const sameNs = (p: PodInput, ns: string | undefined) => {
    const pns = nonEmpty(obj(p.pod['metadata'])?.['namespace']);
    return pns === undefined || ns === undefined || pns === ns;
  };
  for (const e of events) {
    const inv = e.involved;
    if (inv.kind !== undefined && inv.kind !== 'Pod') {
      // an event of another object joins the pod it names as related, or the pods mounting its claim
      const rel = e.related;
      const relPods = rel?.name !== undefined && (rel.kind === undefined || rel.kind === 'Pod') ? (byName.get(rel.name) ?? []).filter((p) => sameNs(p, rel.namespace ?? inv.namespace)) : [];
      const claimPods = inv.kind === 'PersistentVolumeClaim' && inv.name !== undefined ? [...byClaim.entries()].filter(([k]) => k.endsWith(`/${inv.name}`) && (inv.namespace === undefined || k.startsWith(`${inv.namespace}/`) || k.startsWith('/'))).flatMap(([, ps]) => ps) : [];
      const to = relPods.length > 0 ? relPods : claimPods;
      if (to.length === 0) orphans.push(e);
      for (const p of new Set(to)) p.events.push(e);
      continue;
    }
    let target: PodInput | undefined;
    if (inv.uid && byUid.has(inv.uid)) target = byUid.get(inv.uid);
    else if (inv.name) {
      target = (byName.get(inv.name) ?? []).find((p) => {
        const md = obj(p.pod['metadata']) ?? {};
        const ns = nonEmpty(md['namespace']);
        const uid = nonEmpty(md['uid']);
        // A uid on both sides that differs means another pod of the same name (StatefulSets reuse names).
        if (inv.uid && uid && inv.uid !== uid) return false;
        return ns === undefined || inv.namespace === undefined || ns === inv.namespace;
      });
    }
    if (target) target.events.push(e);
    else orphans.push(e);
  }
  return orphans;
}

/** Parse every input text and join events to pods. */
export function snapshotFromTexts(inputs: { file: string; text: string }[]): Snapshot {
  return snapshotFromDocs(inputs.map(({ file, text }) => ({ file, ...readText(text, file) })));
}

/** Read the parsed documents of every input and join events to pods; `damage`: where an input broke (what came before is in its docs). */
export function snapshotFromDocs(inputs: { file: string; docs: ParsedDoc[]; damage?: Damage }[]): Snapshot {
  const acc: Collector = { pods: [], events: [], nodes: [], warnings: [], fixtures: [] };
  for (const { file, docs } of inputs) collectDocuments(docs, file, acc);
  const damaged = inputs.flatMap((i) => (i.damage ? [i.damage] : []));
  acc.pods = dropPlaceholders(acc.pods);
  let orphanEvents = joinEvents(acc.pods, acc.events);
  // events alone (kubectl get events -o yaml): diagnosed from the events, as an events table is
  if (acc.pods.length === 0 && orphanEvents.length > 0) {
    acc.pods = eventPods(orphanEvents, (e) => acc.eventSources?.get(e));
    orphanEvents = joinEvents(acc.pods, orphanEvents);
  }
  // Nodes given with the pods (kubectl get node -o yaml) join by spec.nodeName.
  if (acc.nodes.length > 0) {
    const byName = new Map(acc.nodes.map((n) => [nonEmpty(obj(n['metadata'])?.['name']) ?? '', n]));
    for (const p of acc.pods) {
      const nodeName = nonEmpty(obj(p.pod['spec'])?.['nodeName']);
      const n = byName.get(nodeName ?? '\u0000');
      if (n) p.node = n;
      // One pod and one node, and the pod's node not given (its status cut off): a ticket that
      // pastes `kubectl get nodes` with one row pastes the pod's node.
      else if (nodeName === undefined && acc.nodes.length === 1 && acc.pods.length === 1 && !unplaced(p.pod)) p.node = acc.nodes[0];
      // a pod on none of them (Pending): the nodes are the cluster it waits to be placed in
      if (!p.node && nodeName === undefined) p.clusterNodes = acc.nodes;
    }
  }
  // Claims given with the pods (kubectl get pvc) join the pods that mount them.
  if (acc.objects) joinClaims(acc.pods, acc.objects, (o) => acc.listed?.has(o) === true);
  return { pods: acc.pods, orphanEvents, warnings: acc.warnings, fixtures: acc.fixtures, ...(acc.objects ? { objects: acc.objects } : {}), ...(acc.nodes.length > 0 ? { nodes: acc.nodes } : {}), ...(damaged.length > 0 ? { damaged } : {}) };
}

/** The scheduler says it has not placed the pod (PodScheduled False): a node beside it is its cluster, not its node. */
const unplaced = (pod: JsonObject) => objs(obj(pod['status'])?.['conditions']).some((c) => c['type'] === 'PodScheduled' && c['status'] === 'False');

/**
 * Each pod gets the claims of the input it mounts: those its spec.volumes name; when the input
 * does not give its volumes (a describe cut short, a table row), the claims a StatefulSet's
 * volumeClaimTemplates make for it, named TEMPLATE-POD.
 */
export function joinClaims(pods: PodInput[], objects: readonly JsonObject[], listed: (o: JsonObject) => boolean = () => false): void {
  // the classes and volumes claims wait for: a List of them is the cluster's whole list
  const classes = objects.filter((o) => o['kind'] === 'StorageClass');
  const pvs = objects.filter((o) => o['kind'] === 'PersistentVolume');
  const storage: ClaimStorage = {};
  if (classes.length > 0) Object.assign(storage, { classes, classesComplete: classes.some(listed) });
  if (pvs.length > 0) Object.assign(storage, { volumes: pvs, volumesComplete: pvs.some(listed) });
  if (classes.length > 0 || pvs.length > 0) {
    for (const p of pods) if (arr(obj(p.pod['spec'])?.['volumes']).some((v) => isObject(v) && isObject(v['persistentVolumeClaim']))) p.storage = storage;
  }
  const claims = objects.filter((o) => o['kind'] === 'PersistentVolumeClaim');
  if (claims.length === 0) return;
  for (const p of pods) {
    const md = obj(p.pod['metadata']) ?? {};
    const name = nonEmpty(md['name']);
    const ns = nonEmpty(md['namespace']);
    const volumes = obj(p.pod['spec'])?.['volumes'];
    const named = Array.isArray(volumes) ? volumes.map((v) => nonEmpty(obj(obj(v)?.['persistentVolumeClaim'])?.['claimName'])).filter((c): c is string => c !== undefined) : undefined;
    const mine = claims.filter((c) => {
      const cmd = obj(c['metadata']) ?? {};
      const cn = nonEmpty(cmd['name']);
      const cns = nonEmpty(cmd['namespace']);
      if (cn === undefined || (ns !== undefined && cns !== undefined && ns !== cns)) return false;
      if (named !== undefined) return named.includes(cn);
      return name !== undefined && cn.endsWith(`-${name}`);
    });
    if (mine.length > 0) p.claimObjects = mine;
    if (mine.length > 0 && (classes.length > 0 || pvs.length > 0)) p.storage = storage;
  }
}
