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

export function findOddities(pod: JsonObject): string[] {
  const out: string[] = [];
  const note = (s: string) => {
    if (out.length < MAX_NOTES) out.push(s);
  };
  const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v);
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
  const expectTime = (v: unknown, path: string) => {
    if (v === undefined || v === null) return;
    if (time(v) === undefined && !(typeof v === 'string' && ZERO_TIME.test(v))) note(`${path} "${short(v)}" is not a time: ignored`);
  };
  const expectMessage = (v: unknown, path: string) => {
    if (typeof v === 'string' && v.length > 8192) note(`${path} is ${v.length} characters long: shortened`);
  };

  const md = expectObj(pod['metadata'], 'metadata');
  if (!md || typeof md['name'] !== 'string' || md['name'] === '') note('metadata.name is missing');
  expectTime(md?.['creationTimestamp'], 'metadata.creationTimestamp');
  expectTime(md?.['deletionTimestamp'], 'metadata.deletionTimestamp');
  const spec = expectObj(pod['spec'], 'spec');
  for (const list of ['initContainers', 'containers', 'ephemeralContainers']) {
    expectList(spec?.[list], `spec.${list}`).forEach((c, i) => {
      if (!isObject(c)) note(`spec.${list}[${i}] is ${typeOf(c)}, not a container: ignored`);
      else if (typeof c['name'] !== 'string') note(`spec.${list}[${i}] has no name`);
    });
  }
  const status = expectObj(pod['status'], 'status');
  if (status && status['phase'] !== undefined && !(typeof status['phase'] === 'string' && PHASES.has(status['phase']))) note(`status.phase "${short(status['phase'])}" is not a phase Kubernetes uses`);
  expectTime(status?.['startTime'], 'status.startTime');
  expectMessage(status?.['message'], 'status.message');
  expectList(status?.['conditions'], 'status.conditions').forEach((c, i) => {
    if (!isObject(c)) note(`status.conditions[${i}] is ${typeOf(c)}, not a condition: ignored`);
    else expectTime(c['lastTransitionTime'], `status.conditions[${i}].lastTransitionTime`);
  });
  for (const list of ['initContainerStatuses', 'containerStatuses', 'ephemeralContainerStatuses']) {
    expectList(status?.[list], `status.${list}`).forEach((cs, i) => {
      const at = `status.${list}[${i}]`;
      if (!isObject(cs)) {
        note(`${at} is ${typeOf(cs)}, not a container status: ignored`);
        return;
      }
      if (typeof cs['name'] !== 'string') note(`${at} has no name`);
      const rc = cs['restartCount'];
      if (rc !== undefined && !(typeof rc === 'number' && Number.isInteger(rc) && rc >= 0)) note(`${at}.restartCount ${short(rc)} is not a count: read as 0`);
      for (const st of ['state', 'lastState']) {
        const s = expectObj(cs[st], `${at}.${st}`);
        const term = s && isObject(s['terminated']) ? s['terminated'] : undefined;
        expectTime(term?.['startedAt'], `${at}.${st}.terminated.startedAt`);
        expectTime(term?.['finishedAt'], `${at}.${st}.terminated.finishedAt`);
        expectMessage(term?.['message'], `${at}.${st}.terminated.message`);
        const run = s && isObject(s['running']) ? s['running'] : undefined;
        expectTime(run?.['startedAt'], `${at}.${st}.running.startedAt`);
        const wait = s && isObject(s['waiting']) ? s['waiting'] : undefined;
        expectMessage(wait?.['message'], `${at}.${st}.waiting.message`);
      }
    });
  }
  return out;
}
