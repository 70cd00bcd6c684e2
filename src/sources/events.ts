// Events come in two API shapes: core/v1 Event (what `kubectl get events -o yaml` prints) and
// events.k8s.io/v1 Event (regarding/note/deprecated* fields). Both become one EventRecord.

import { count, dig, nonEmpty, obj, str, time, type JsonObject } from '../util/json.js';
import type { EventRecord } from '../model/input.js';

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
  if (message !== undefined) rec.message = message.replace(/^\(combined from similar events\):\s*/, '').trim();
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
