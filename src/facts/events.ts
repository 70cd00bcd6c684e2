// The pod's events as rules see them: newest first, old lowerCamelCase reasons renamed, messages
// bounded, each with the container its fieldPath names and how often its reason happened.

import type { EventRecord } from '../model/input.js';
import { formatTime } from '../util/json.js';
import { containerOfFieldPath } from './attribution.js';
import { eventCause } from './extractors/event-cause.js';
import type { EventFacts } from './types.js';
import { boundMessage, secondsBetween, setIf } from './values.js';

/** Reasons Kubernetes v1.0–1.1 wrote in lowerCamelCase ("failedScheduling", "backOff"), by their later names. */
const MODERN_REASON: Record<string, string> = Object.fromEntries(
  [
    'Scheduled', 'FailedScheduling', 'Pulling', 'Pulled', 'Failed', 'BackOff', 'Created', 'Started', 'Killing', 'Unhealthy',
    'FailedMount', 'FailedAttachVolume', 'FailedSync', 'FailedValidation', 'InspectFailed', 'ErrImageNeverPull',
    'HostPortConflict', 'NodeSelectorMismatching', 'OutOfDisk', 'InsufficientFreeCPU', 'InsufficientFreeMemory',
    'FailedKillPod', 'ExceededGracePeriod', 'Evicted', 'Preempting', 'NodeNotReady',
  ].map((r) => [`${r.charAt(0).toLowerCase()}${r.slice(1)}`, r]),
);

export function normalizeEvents(records: EventRecord[], nowMs: number): EventFacts[] {
  if (records.length === 0) return []; // a list of pods without their events
  const indexed = records.map((r, i) => ({ r, i }));
  // Newest first; events without times keep their input order after the timed ones.
  indexed.sort((a, b) => {
    const la = a.r.last ?? -Infinity;
    const lb = b.r.last ?? -Infinity;
    if (la !== lb) return lb - la;
    return b.i - a.i;
  });
  const totals = new Map<string, number>();
  const key = (r: EventRecord) => `${r.reason ?? ''}\u0000${containerOfFieldPath(r.involved.fieldPath)?.name ?? ''}`;
  for (const r of records) totals.set(key(r), (totals.get(key(r)) ?? 0) + r.count);
  return indexed.map(({ r }) => {
    const e: EventFacts = { count: r.count, reasonTotal: totals.get(key(r)) ?? r.count };
    setIf(e, 'type', r.type);
    setIf(e, 'reason', r.reason !== undefined ? (MODERN_REASON[r.reason] ?? r.reason) : undefined);
    // redacted where the event was read (toEventRecord), before any cut
    setIf(e, 'message', r.message !== undefined ? boundMessage(r.message) : undefined);
    setIf(e, 'cause', eventCause(e.reason, e.message));
    setIf(e, 'source', r.source);
    setIf(e, 'host', r.host);
    setIf(e, 'container', containerOfFieldPath(r.involved.fieldPath)?.name);
    setIf(e, 'fieldPath', r.involved.fieldPath);
    if (r.involved.kind !== undefined && r.involved.kind !== 'Pod') e.object = `${r.involved.kind}/${r.involved.name ?? ''}`;
    if (r.first !== undefined) e.firstSeenSecondsAgo = secondsBetween(nowMs, r.first);
    if (r.last !== undefined) {
      e.lastSeenSecondsAgo = secondsBetween(nowMs, r.last);
      e.lastSeen = formatTime(r.last);
    }
    return e;
  });
}

