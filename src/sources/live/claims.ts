// Live reads of what a pending pod's claims wait for: the claims, their events, their
// StorageClasses and, when a volume made by hand could bind them, the PersistentVolumes.
// Only for pods the scheduler has not placed because of their volumes (or has not tried yet);
// a pod whose claims are bound, or that has none, costs no request.
//
// One pod: a GET per claim, its events by field selector (involvedObject.kind=PersistentVolumeClaim,
// involvedObject.name=…; a claim's events carry its uid), a GET per StorageClass named (404: it does
// not exist) or one list when a claim names none (the default class decides), the PersistentVolume
// list when a class provisions nothing (kubernetes.io/no-provisioner) or a claim has no class.
// A scan: one list of claims and one of their events per namespace (or one each for -A), one list
// of StorageClasses, at most one of PersistentVolumes, whatever the number of pods.
// A 403 or an error is a note (the diagnosis says what it could not read), never the end of the run.

import { ApiError, type ApiClient } from './client.js';
import { toEventRecord } from '../events.js';
import type { ClaimStorage, PodInput } from '../../model/input.js';
import { dig, nonEmpty, obj, objs, str, type JsonObject } from '../../util/json.js';

/** What the scheduler says when a pod's volumes keep it from a node (the VolumeBinding plugin, the claim lookups). */
const VOLUME_MESSAGE = /unbound (?:immediate )?PersistentVolumeClaims|didn't find available persistent volumes|persistentvolumeclaims? "[^"]*" (?:not found|is being deleted)|storageclass|did not have enough free storage|bound to non-existent|binding volumes/i;
const NO_PROVISIONER = 'kubernetes.io/no-provisioner';

/** The claims a pod's volumes name. */
export function claimNames(pod: JsonObject): string[] {
  const out: string[] = [];
  for (const v of objs(dig(pod, 'spec', 'volumes'))) {
    const c = nonEmpty(obj(v['persistentVolumeClaim'])?.['claimName']);
    if (c !== undefined && !out.includes(c)) out.push(c);
  }
  return out;
}

/**
 * Whether the pod's diagnosis needs its claims: it mounts some, no node has it, and the scheduler
 * blames its volumes or has not said anything yet.
 */
export function needsClaims(pod: JsonObject): boolean {
  if (claimNames(pod).length === 0 || nonEmpty(dig(pod, 'spec', 'nodeName')) !== undefined) return false;
  const phase = nonEmpty(dig(pod, 'status', 'phase'));
  if (phase !== undefined && phase !== 'Pending') return false;
  if (dig(pod, 'metadata', 'deletionTimestamp')) return false;
  const cond = objs(dig(pod, 'status', 'conditions')).find((c) => c['type'] === 'PodScheduled');
  if (cond?.['status'] === 'True' || cond?.['reason'] === 'SchedulingGated') return false;
  const message = nonEmpty(cond?.['message']);
  return message === undefined || VOLUME_MESSAGE.test(message);
}

const bound = (c: JsonObject) => dig(c, 'status', 'phase') === 'Bound';
const className = (c: JsonObject) => nonEmpty(dig(c, 'metadata', 'annotations', 'volume.beta.kubernetes.io/storage-class')) ?? str(dig(c, 'spec', 'storageClassName'));

/** A failed read as a note, or a 401 that ends the run (the caller's degrade). */
export type Degrade = (e: unknown, what: string, notes: string[]) => void;

/** A whole list, read in pages (the caller's listAll: this module is below fetch.ts). */
export type List = (path: string, query: Record<string, string | undefined>) => Promise<JsonObject[]>;

/** The classes and volumes the claims need: a GET per class named, a list when one names none, the volumes when hand-made ones could bind them. */
async function readStorage(client: ApiClient, listAll: List, claims: readonly JsonObject[], list: boolean, notes: string[], degrade: Degrade): Promise<ClaimStorage> {
  const storage: ClaimStorage = {};
  if (claims.length === 0) return storage;
  const named = [...new Set(claims.map(className).filter((c): c is string => c !== undefined && c !== ''))];
  const noClass = claims.some((c) => (className(c) ?? '') === '');
  if (list || noClass) {
    try {
      storage.classes = await listAll('/apis/storage.k8s.io/v1/storageclasses', {});
      storage.classesComplete = true;
    } catch (e) {
      degrade(e, 'storageclasses', notes);
    }
  } else {
    for (const name of named) {
      try {
        (storage.classes ??= []).push(await client.getJSON(`/apis/storage.k8s.io/v1/storageclasses/${encodeURIComponent(name)}`));
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) (storage.missingClasses ??= []).push(name);
        else degrade(e, 'storageclasses', notes);
      }
    }
  }
  const handMade = (storage.classes ?? []).some((c) => c['provisioner'] === NO_PROVISIONER && named.includes(nonEmpty(dig(c, 'metadata', 'name')) ?? ''));
  if (noClass || handMade) {
    try {
      storage.volumes = await listAll('/api/v1/persistentvolumes', {});
      storage.volumesComplete = true;
    } catch (e) {
      degrade(e, 'persistentvolumes', notes);
    }
  }
  return storage;
}

/** One pod: its claims, the events of those not bound, their classes and (if needed) the volumes. */
export async function readPodClaims(client: ApiClient, input: PodInput, listAll: List, notes: string[], degrade: Degrade): Promise<void> {
  const pod = input.pod;
  if (!needsClaims(pod)) return;
  const ns = nonEmpty(dig(pod, 'metadata', 'namespace')) ?? 'default';
  const claims: JsonObject[] = [];
  const missing: string[] = [];
  for (const name of claimNames(pod)) {
    try {
      claims.push(await client.getJSON(`/api/v1/namespaces/${encodeURIComponent(ns)}/persistentvolumeclaims/${encodeURIComponent(name)}`));
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) missing.push(name);
      else degrade(e, `claim ${name}`, notes);
    }
  }
  if (claims.length > 0) input.claimObjects = claims;
  const waiting = claims.filter((c) => !bound(c));
  for (const c of waiting) {
    const name = nonEmpty(dig(c, 'metadata', 'name')) ?? '';
    const uid = nonEmpty(dig(c, 'metadata', 'uid'));
    try {
      const list = await listAll(`/api/v1/namespaces/${encodeURIComponent(ns)}/events`, { fieldSelector: `involvedObject.kind=PersistentVolumeClaim,involvedObject.name=${name}` });
      // a claim deleted and made again under its name: only the events of this one
      input.events.push(...list.map(toEventRecord).filter((e) => uid === undefined || e.involved.uid === undefined || e.involved.uid === uid));
    } catch (e) {
      degrade(e, 'claim events', notes);
    }
  }
  const storage = await readStorage(client, listAll, waiting, false, notes, degrade);
  if (missing.length > 0) storage.missingClaims = missing;
  if (Object.keys(storage).length > 0) input.storage = storage;
}

/** A scan: the claims of the pods that need them, read in lists once, joined to each pod. */
export async function readScanClaims(
  client: ApiClient,
  inputs: readonly PodInput[],
  namespace: string | undefined,
  listAll: List,
  degrade: Degrade,
): Promise<void> {
  const needing = inputs.filter((p) => needsClaims(p.pod));
  if (needing.length === 0) return;
  // what could not be read concerns the pods that wait for their claims, not the whole scan
  const notes: string[] = [];
  try {
    await scanClaims(client, needing, namespace, listAll, notes, degrade);
  } finally {
    if (notes.length > 0) for (const p of needing) p.unreadable = [...(p.unreadable ?? []), ...notes];
  }
}

async function scanClaims(
  client: ApiClient,
  needing: readonly PodInput[],
  namespace: string | undefined,
  listAll: List,
  notes: string[],
  degrade: Degrade,
): Promise<void> {
  const base = namespace === undefined ? '/api/v1' : `/api/v1/namespaces/${encodeURIComponent(namespace)}`;
  let claims: JsonObject[];
  try {
    claims = await listAll(`${base}/persistentvolumeclaims`, {});
  } catch (e) {
    degrade(e, 'claims', notes);
    return;
  }
  const key = (ns: string | undefined, name: string | undefined) => `${ns ?? ''}/${name ?? ''}`;
  const byKey = new Map(claims.map((c) => [key(nonEmpty(dig(c, 'metadata', 'namespace')), nonEmpty(dig(c, 'metadata', 'name'))), c]));
  const waiting = new Map<string, JsonObject>();
  for (const p of needing) {
    const ns = nonEmpty(dig(p.pod, 'metadata', 'namespace'));
    const mine: JsonObject[] = [];
    const missing: string[] = [];
    for (const name of claimNames(p.pod)) {
      const c = byKey.get(key(ns, name));
      if (!c) missing.push(name);
      else {
        mine.push(c);
        if (!bound(c)) waiting.set(key(ns, name), c);
      }
    }
    if (mine.length > 0) p.claimObjects = mine;
    if (missing.length > 0) p.storage = { ...(p.storage ?? {}), missingClaims: missing };
  }
  if (waiting.size === 0) return;
  // the claims' events: one list for the namespace (or the cluster), joined by the claim's uid
  try {
    const events = await listAll(`${base}/events`, { fieldSelector: 'involvedObject.kind=PersistentVolumeClaim' });
    const byUid = new Map<string, JsonObject>([...waiting.values()].map((c) => [nonEmpty(dig(c, 'metadata', 'uid')) ?? '', c]));
    const forClaim = new Map<JsonObject, ReturnType<typeof toEventRecord>[]>();
    for (const raw of events) {
      const e = toEventRecord(raw);
      const c = e.involved.uid !== undefined ? byUid.get(e.involved.uid) : waiting.get(key(e.involved.namespace, e.involved.name));
      if (c) forClaim.set(c, [...(forClaim.get(c) ?? []), e]);
    }
    for (const p of needing) for (const c of p.claimObjects ?? []) p.events.push(...(forClaim.get(c) ?? []));
  } catch (e) {
    degrade(e, 'claim events', notes);
  }
  const storage = await readStorage(client, listAll, [...waiting.values()], true, notes, degrade);
  for (const p of needing) if ((p.claimObjects ?? []).some((c) => !bound(c))) p.storage = { ...storage, ...(p.storage ?? {}) };
}
