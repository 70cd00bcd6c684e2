// Events come in two API shapes: core/v1 Event (what `kubectl get events -o yaml` prints) and
// events.k8s.io/v1 Event (regarding/note/deprecated* fields). Both become one EventRecord.

import { count, dig, nonEmpty, obj, str, time, type JsonObject } from '../util/json.js';
import type { EventRecord, PodInput } from '../model/input.js';
import { redact } from '../util/redact.js';

export function isEventObject(o: JsonObject): boolean {
  const kind = str(o['kind']);
  if (kind === 'Event') return true;
  if (kind !== undefined) return false;
  return obj(o['involvedObject']) !== undefined || obj(o['regarding']) !== undefined;
}

export function toEventRecord(o: JsonObject): EventRecord {
  const involved = obj(o['involvedObject']) ?? obj(o['regarding']) ?? {};
  const series = obj(o['series']);
  const first = time(o['firstTimestamp']) ?? time(o['deprecatedFirstTimestamp']) ?? time(o['eventTime']);
  const last =
    time(series?.['lastObservedTime']) ?? time(o['lastTimestamp']) ?? time(o['deprecatedLastTimestamp']) ?? time(o['eventTime']) ?? first;
  const n = count(series?.['count']) ?? count(o['count']) ?? count(o['deprecatedCount']) ?? 1;
  const rec: EventRecord = {
    count: Math.max(1, n),
    involved: {},
  };
  const type = nonEmpty(o['type']);
  if (type) rec.type = type;
  const reason = nonEmpty(o['reason']);
  if (reason) rec.reason = reason;
  const message = str(o['message']) ?? str(o['note']);
  // The event correlator rewrites spammy messages as "(combined from similar events): <msg>".
  // Redacted here, where every event enters (files, pasted text, live lists and watches), so no
  // consumer (facts, timeline, workload and claim reports, capture) can show a secret it carries.
  if (message !== undefined) rec.message = redact(message.replace(/^\(combined from similar events\):\s*/, '').trim());
  if (first !== undefined) rec.first = first;
  if (last !== undefined) rec.last = last;
  const source =
    nonEmpty(dig(o, 'source', 'component')) ??
    nonEmpty(o['reportingComponent']) ??
    nonEmpty(o['reportingController']) ??
    nonEmpty(dig(o, 'deprecatedSource', 'component'));
  if (source) rec.source = source;
  const host = nonEmpty(dig(o, 'source', 'host')) ?? nonEmpty(dig(o, 'deprecatedSource', 'host'));
  if (host) rec.host = host;
  for (const k of ['kind', 'namespace', 'name', 'uid', 'fieldPath'] as const) {
    const v = nonEmpty(involved[k]);
    if (v !== undefined) rec.involved[k] = v;
  }
  const related = obj(o['related']);
  if (related) {
    rec.related = {};
    for (const k of ['kind', 'namespace', 'name'] as const) {
      const v = nonEmpty(related[k]);
      if (v !== undefined) rec.related[k] = v;
    }
  }
  // Events are namespaced objects; the involved object's namespace may be left out.
  if (rec.involved.namespace === undefined) {
    const ns = nonEmpty(dig(o, 'metadata', 'namespace'));
    if (ns) rec.involved.namespace = ns;
  }
  return rec;
}

/**
 * With no pod in the input, the pods its events are about (`kubectl get events -o yaml` alone):
 * one per pod an event names, as its involvedObject (`regarding` in events.k8s.io/v1) or as its
 * related object, made up from what the events say of it (namespace, name, uid when they agree)
 * and marked as such (`input.format: events`, `missing: pod-object`), as an events table's pods
 * are (text/tables.ts). `where` gives the file and line of an event, for the pod's source.
 */
export function eventPods(events: readonly EventRecord[], where: (e: EventRecord) => { file: string; line: number } | undefined): PodInput[] {
  const pods = new Map<string, { namespace?: string; name: string; uids: Set<string>; from?: { file: string; line: number } }>();
  for (const e of events) {
    const inv = e.involved;
    const ref = inv.kind === 'Pod' && inv.name !== undefined ? { namespace: inv.namespace, name: inv.name, uid: inv.uid } : e.related?.name !== undefined && (e.related.kind === undefined || e.related.kind === 'Pod') ? { namespace: e.related.namespace ?? inv.namespace, name: e.related.name, uid: undefined } : undefined;
    if (!ref) continue;
    const key = `${ref.namespace ?? ''}/${ref.name}`;
    let p = pods.get(key);
    if (!p) {
      p = { name: ref.name, uids: new Set() };
      if (ref.namespace !== undefined) p.namespace = ref.namespace;
      const at = where(e);
      if (at) p.from = at;
      pods.set(key, p);
    }
    if (ref.uid !== undefined) p.uids.add(ref.uid);
  }
  return [...pods.values()].map((p) => {
    const uid = p.uids.size === 1 ? [...p.uids][0] : undefined;
    const pod: JsonObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: p.name, ...(p.namespace !== undefined ? { namespace: p.namespace } : {}), ...(uid !== undefined ? { uid } : {}) } };
    const ns = p.namespace !== undefined && p.namespace !== 'default' ? ` -n ${p.namespace}` : '';
    const file = p.from?.file ?? '<input>';
    return { pod, events: [], source: { file, input: file, line: p.from?.line ?? 1, format: 'events', missing: [{ fact: 'pod-object', command: `kubectl describe pod ${p.name}${ns}` }] } };
  });
}
