// What is odd about an input pod: fields of the wrong type, negative counts, timestamps that do
// not parse, unknown phases, huge messages. The diagnosis still runs on what is sound (every read
// goes through the safe accessors); these notes tell the user which parts were ignored.

import { isObject, safeString, time, ZERO_TIME, type JsonObject } from '../util/json.js';

const MAX_NOTES = 20;
const PHASES = new Set(['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown']);

function short(v: unknown): string {
  const s = safeString(v);
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
}

/** A value that is there but is not a time Kubernetes prints (Go's zero time is one: "never"). */
const badTime = (v: unknown) => v !== undefined && v !== null && time(v) === undefined && !(typeof v === 'string' && ZERO_TIME.test(v));
const longMessage = (v: unknown): v is string => typeof v === 'string' && v.length > 8192;
const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v);

// Every pod is checked, and nearly every pod is sound: the paths a note names are written only
// when there is something to note, not for each field checked.
export function findOddities(pod: JsonObject): string[] {
  const out: string[] = [];
  const note = (s: string) => {
    if (out.length < MAX_NOTES) out.push(s);
  };
  const expectObj = (v: unknown, path: string): JsonObject | undefined => {
    if (v === undefined) return undefined;
    if (!isObject(v)) {
      note(`${path} is ${typeOf(v)}, not an object: ignored`);
      return undefined;
    }
    return v;
  };
  const expectList = (v: unknown, path: string): unknown[] => {
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) {
      note(`${path} is ${typeOf(v)}, not a list: ignored`);
      return [];
    }
    return v;
  };
  const notTime = (v: unknown, path: string) => note(`${path} "${short(v)}" is not a time: ignored`);
  const shortened = (v: string, path: string) => note(`${path} is ${v.length} characters long: shortened`);

  const md = expectObj(pod['metadata'], 'metadata');
  if (!md || typeof md['name'] !== 'string' || md['name'] === '') note('metadata.name is missing');
  if (badTime(md?.['creationTimestamp'])) notTime(md?.['creationTimestamp'], 'metadata.creationTimestamp');
  if (badTime(md?.['deletionTimestamp'])) notTime(md?.['deletionTimestamp'], 'metadata.deletionTimestamp');
  const spec = expectObj(pod['spec'], 'spec');
  for (const list of ['initContainers', 'containers', 'ephemeralContainers']) {
    const cs = spec?.[list];
    if (cs === undefined || cs === null) continue;
    expectList(cs, `spec.${list}`).forEach((c, i) => {
      if (!isObject(c)) note(`spec.${list}[${i}] is ${typeOf(c)}, not a container: ignored`);
      else if (typeof c['name'] !== 'string') note(`spec.${list}[${i}] has no name`);
    });
  }
  const status = expectObj(pod['status'], 'status');
  if (status && status['phase'] !== undefined && !(typeof status['phase'] === 'string' && PHASES.has(status['phase']))) note(`status.phase "${short(status['phase'])}" is not a phase Kubernetes uses`);
  if (badTime(status?.['startTime'])) notTime(status?.['startTime'], 'status.startTime');
  if (longMessage(status?.['message'])) shortened(status?.['message'] as string, 'status.message');
  expectList(status?.['conditions'], 'status.conditions').forEach((c, i) => {
    if (!isObject(c)) note(`status.conditions[${i}] is ${typeOf(c)}, not a condition: ignored`);
    else if (badTime(c['lastTransitionTime'])) notTime(c['lastTransitionTime'], `status.conditions[${i}].lastTransitionTime`);
  });
  for (const list of ['initContainerStatuses', 'containerStatuses', 'ephemeralContainerStatuses']) {
    const statuses = status?.[list];
    if (statuses === undefined || statuses === null) continue;
    expectList(statuses, `status.${list}`).forEach((cs, i) => {
      const at = () => `status.${list}[${i}]`;
      if (!isObject(cs)) {
        note(`${at()} is ${typeOf(cs)}, not a container status: ignored`);
        return;
      }
      if (typeof cs['name'] !== 'string') note(`${at()} has no name`);
      const rc = cs['restartCount'];
      if (rc !== undefined && !(typeof rc === 'number' && Number.isInteger(rc) && rc >= 0)) note(`${at()}.restartCount ${short(rc)} is not a count: read as 0`);
      for (const st of ['state', 'lastState']) {
        const sv = cs[st];
        if (sv === undefined) continue;
        const s = expectObj(sv, `${at()}.${st}`);
        if (!s) continue;
        const term = isObject(s['terminated']) ? s['terminated'] : undefined;
        if (term) {
          if (badTime(term['startedAt'])) notTime(term['startedAt'], `${at()}.${st}.terminated.startedAt`);
          if (badTime(term['finishedAt'])) notTime(term['finishedAt'], `${at()}.${st}.terminated.finishedAt`);
          if (longMessage(term['message'])) shortened(term['message'], `${at()}.${st}.terminated.message`);
        }
        const run = isObject(s['running']) ? s['running'] : undefined;
        if (run && badTime(run['startedAt'])) notTime(run['startedAt'], `${at()}.${st}.running.startedAt`);
        const wait = isObject(s['waiting']) ? s['waiting'] : undefined;
        if (wait && longMessage(wait['message'])) shortened(wait['message'], `${at()}.${st}.waiting.message`);
      }
    });
  }
  return out;
}
