// `kubectl set image deployment/web app=registry/web:v2` pasted before the pods it made: the image
// the rollout's new pods run is in the command line, not in any table row. The paste reader gives
// it to the pods of the Deployment's newest ReplicaSet (the youngest pod-template-hash among the
// pods named after the Deployment), when their containers have no image of their own.

import { isObject, nonEmpty, obj, type JsonObject } from '../../util/json.js';
/** A container name a table row made up (tables.ts unnamed()). */
const isUnnamed = (name: string): boolean => name.startsWith('(unnamed');

export interface SetImage {
  /** The Deployment (or StatefulSet, DaemonSet) named. */
  kind: string;
  name: string;
  namespace?: string;
  /** container → image; `*` for every container. */
  images: Record<string, string>;
}

const KINDS: Record<string, string> = {
  deployment: 'Deployment', deployments: 'Deployment', deploy: 'Deployment',
  statefulset: 'StatefulSet', statefulsets: 'StatefulSet', sts: 'StatefulSet',
  daemonset: 'DaemonSet', daemonsets: 'DaemonSet', ds: 'DaemonSet',
};
const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
/** An image reference as a command line gives it: no spaces, no shell quoting left. */
const IMAGE = /^[A-Za-z0-9][\w.\-/:@]*$/;

/** The arguments of `kubectl set image` after the verb (tokens with flags' values taken off), or undefined. */
export function parseSetImage(tokens: string[], namespace: string | undefined): SetImage | undefined {
  if (tokens[0] !== 'image') return undefined;
  let kind: string | undefined;
  let name: string | undefined;
  let i = 1;
  const first = tokens[1];
  if (first === undefined) return undefined;
  if (first.includes('/')) {
    kind = KINDS[first.slice(0, first.indexOf('/')).toLowerCase().split('.')[0] ?? ''];
    name = first.slice(first.indexOf('/') + 1);
    i = 2;
  } else {
    kind = KINDS[first.toLowerCase().split('.')[0] ?? ''];
    name = tokens[2];
    i = 3;
  }
  if (kind === undefined || name === undefined || !NAME.test(name)) return undefined;
  const images: Record<string, string> = {};
  for (const t of tokens.slice(i)) {
    const eq = t.indexOf('=');
    if (eq <= 0) continue;
    const c = t.slice(0, eq);
    const image = t.slice(eq + 1);
    if ((c === '*' || NAME.test(c)) && IMAGE.test(image)) images[c] = image;
  }
  if (Object.keys(images).length === 0) return undefined;
  return { kind, name, ...(namespace !== undefined ? { namespace } : {}), images };
}

/**
 * Give the images of `set` to the pods of its rollout: a Deployment's pods are NAME-HASH-XXXXX,
 * and the newest ReplicaSet's pods are the youngest; only containers the input gives no image
 * (a table row's) take it, by name, or the one container of a pod for a single image.
 * Returns the pods changed.
 */
export function applySetImage(set: SetImage, pods: JsonObject[]): JsonObject[] {
  if (set.kind !== 'Deployment') return [];
  const prefix = `${set.name}-`;
  const groups = new Map<string, { pods: JsonObject[]; created: number }>();
  for (const p of pods) {
    const md = obj(p['metadata']) ?? {};
    const name = nonEmpty(md['name']);
    const ns = nonEmpty(md['namespace']);
    if (name === undefined || !name.startsWith(prefix) || (set.namespace !== undefined && ns !== undefined && ns !== set.namespace)) continue;
    const m = /^([a-z0-9]{5,10})-[a-z0-9]{5}$/.exec(name.slice(prefix.length));
    if (!m) continue;
    const created = Date.parse(String(md['creationTimestamp'] ?? ''));
    const g = groups.get(m[1] as string) ?? { pods: [], created: -Infinity };
    g.pods.push(p);
    if (Number.isFinite(created)) g.created = Math.max(g.created, created);
    groups.set(m[1] as string, g);
  }
  // the newest ReplicaSet: its pods are strictly the youngest (a tie says nothing)
  const ranked = [...groups.values()].sort((a, b) => b.created - a.created);
  const newest = ranked[0];
  if (!newest || !Number.isFinite(newest.created) || (ranked[1] !== undefined && ranked[1].created >= newest.created)) return [];
  const changed: JsonObject[] = [];
  for (const p of newest.pods) {
    const spec = obj(p['spec']);
    const containers = (Array.isArray(spec?.['containers']) ? spec['containers'] : []).filter(isObject) as JsonObject[];
    const entries = Object.entries(set.images);
    let touched = false;
    for (const c of containers) {
      if (nonEmpty(c['image']) !== undefined) continue;
      const name = String(c['name'] ?? '');
      const image = set.images[name] ?? set.images['*'] ?? (containers.length === 1 && entries.length === 1 ? entries[0]?.[1] : undefined);
      if (image === undefined) continue;
      // a made-up name takes the container's real one from the command
      if (isUnnamed(name) && containers.length === 1 && entries.length === 1 && entries[0]?.[0] !== '*') renameContainer(p, name, entries[0]?.[0] as string);
      c['image'] = image;
      touched = true;
    }
    if (touched) changed.push(p);
  }
  return changed;
}

function renameContainer(pod: JsonObject, from: string, to: string): void {
  for (const c of [...((obj(pod['spec'])?.['containers'] as unknown[]) ?? []), ...((obj(pod['status'])?.['containerStatuses'] as unknown[]) ?? [])]) {
    if (isObject(c) && c['name'] === from) c['name'] = to;
  }
}
