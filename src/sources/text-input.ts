// Pods read from kubectl's human-readable output (describe.ts, tables.ts) carry what the text
// could not say; this turns that into PodInput fields when the snapshot is made, and drops the
// placeholder pods of events tables when the input gives the pod itself. Logs pasted with the text
// (`kubectl logs` output) become the pod's log tails.

import { nonEmpty, obj, type JsonObject } from '../util/json.js';
import { textInputOf } from './text/describe-lines.js';
import type { ContainerLog, PodInput, SourceRef } from '../model/input.js';

/** Fields to add to the PodInput of a pod object (nothing for YAML/JSON pods); its warnings go to `warnings`. */
export function podInputFields(pod: JsonObject, warnings: string[]): { capturedAt?: number; logs?: Record<string, ContainerLog>; nodeGone?: boolean; nodeDisk?: string } {
  const info = textInputOf(pod);
  if (!info) return {};
  warnings.push(...info.warnings);
  info.warnings = [];
  return { capturedAt: info.capturedAt, ...(info.logs ? { logs: info.logs } : {}), ...(info.nodeGone ? { nodeGone: true } : {}), ...(info.nodeDisk !== undefined ? { nodeDisk: info.nodeDisk } : {}) };
}

/** The source details of a pod read from text, to merge into its SourceRef. */
export function textSource(pod: JsonObject): Pick<SourceRef, 'format' | 'missing'> {
  const info = textInputOf(pod);
  return info ? { format: info.format, missing: info.missing } : {};
}

/** Placeholder pods made from events are dropped when a pod of that namespace and name was given. */
export function dropPlaceholders(pods: PodInput[]): PodInput[] {
  const key = (p: PodInput) => {
    const md = obj(p.pod['metadata']) ?? {};
    return `${nonEmpty(md['namespace']) ?? ''}/${nonEmpty(md['name']) ?? ''}`;
  };
  const real = new Set(pods.filter((p) => !textInputOf(p.pod)?.placeholder).map(key));
  const realNames = new Set(pods.filter((p) => !textInputOf(p.pod)?.placeholder).map((p) => key(p).split('/')[1]));
  return pods.filter((p) => {
    if (!textInputOf(p.pod)?.placeholder) return true;
    const k = key(p);
    // an events table without NAMESPACE names pods without their namespace
    return !real.has(k) && !(k.startsWith('/') && realNames.has(k.slice(1)));
  });
}
