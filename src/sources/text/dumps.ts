// A pod's status as programs print it, not as kubectl does: Go's %+v of a PodStatus (e2e failure
// messages, operator logs: `{Phase:Failed Conditions:[] Message:… Reason:OutOfpods …}`), a
// go-template's map printing (`kubectl get pod -o go-template='{{.status.conditions}}'`:
// `[map[type:PodScheduled … reason:Unschedulable status:False]]`), and the Python client's repr
// (`{'api_version': 'v1', 'kind': 'Pod', … 'container_statuses': [{'container_id': None, …`).
// Each becomes the JSON object it prints, with the API's field names.

import { isObject, type JsonObject } from '../../util/json.js';

// ---- Go %+v ------------------------------------------------------------------------------------

/** Field names of PodStatus and what it holds, as Go prints them. */
const GO_FIELDS = new Set([
  'Phase', 'Conditions', 'Message', 'Reason', 'NominatedNodeName', 'HostIP', 'HostIPs', 'PodIP', 'PodIPs', 'StartTime',
  'InitContainerStatuses', 'ContainerStatuses', 'QOSClass', 'EphemeralContainerStatuses', 'Resize', 'ResourceClaimStatuses', 'ObservedGeneration',
  'Type', 'Status', 'LastProbeTime', 'LastTransitionTime',
  'Name', 'State', 'LastTerminationState', 'Ready', 'RestartCount', 'Image', 'ImageID', 'ContainerID', 'Started', 'AllocatedResources', 'Resources', 'VolumeMounts', 'User', 'AllocatedResourcesStatus', 'StopSignal',
  'Waiting', 'Running', 'Terminated', 'StartedAt', 'ExitCode', 'Signal', 'FinishedAt', 'IP',
]);
const GO_JSON: Record<string, string> = { QOSClass: 'qosClass', HostIP: 'hostIP', HostIPs: 'hostIPs', PodIP: 'podIP', PodIPs: 'podIPs', IP: 'ip', ImageID: 'imageID', ContainerID: 'containerID', LastTerminationState: 'lastState' };
const jsonName = (go: string) => GO_JSON[go] ?? go.charAt(0).toLowerCase() + go.slice(1);

/** Go's time.Time: "2023-11-07 15:05:54 +0000 UTC" (the zero time is no time). */
function goTime(s: string): string | undefined {
  const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.\d+)? ([+-]\d\d)(\d\d)(?: [A-Z]{2,5})?$/.exec(s);
  if (!m) return undefined;
  if (m[1] === '0001-01-01') return '';
  const ms = Date.parse(`${m[1] as string}T${m[2] as string}${m[3] as string}:${m[4] as string}`);
  return Number.isFinite(ms) ? new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z') : undefined;
}

function goScalar(key: string, raw: string): unknown {
  // (protobuf's String() ends each field with a comma)
  let s = raw.trim().replace(/^\*/, '').replace(/,$/, '');
  if (s === '' || s === 'nil' || s === '<nil>') return undefined;
  if (/^(?:RestartCount|ExitCode|Signal|ObservedGeneration)$/.test(key) && /^-?\d+$/.test(s)) return Number(s);
  if (/^(?:Ready|Started)$/.test(key) && /^(?:true|false)$/.test(s)) return s === 'true';
  const t = goTime(s);
  if (t !== undefined) return t === '' ? undefined : t;
  if (s.startsWith('"') && s.endsWith('"')) s = s.slice(1, -1);
  return s;
}

/**
 * Go's %+v (or %v with & pointers) of a struct: `{Key:value Key:value …}`, nested structs, lists
 * of structs. A scalar runs to the next known field name; the structure is read only as deep as
 * it stays well formed.
 */
export function parseGoStruct(text: string, at = 0): { value: JsonObject; end: number } | undefined {
  let i = at;
  const m = /^&?(?:[A-Z]\w*)?\{/.exec(text.slice(i, i + 64));
  if (!m) return undefined;
  i += m[0].length;
  const out: JsonObject = {};
  let guard = 0;
  while (i < text.length && guard++ < 500) {
    while (text.charAt(i) === ' ' || text.charAt(i) === ',') i++;
    if (text.charAt(i) === '}') return { value: out, end: i + 1 };
    const km = /^([A-Z][A-Za-z]*):/.exec(text.slice(i, i + 64));
    if (!km || !GO_FIELDS.has(km[1] as string)) return Object.keys(out).length > 0 ? { value: out, end: i } : undefined;
    const key = km[1] as string;
    i += km[0].length;
    const c = text.charAt(i);
    if (c === '{' || c === '&' || /^[A-Z]\w*\{/.test(text.slice(i, i + 64))) {
      const inner = parseGoStruct(text, i);
      if (!inner) return undefined;
      if (Object.keys(inner.value).length > 0) out[jsonName(key)] = inner.value;
      i = inner.end;
      continue;
    }
    if (c === '[') {
      const list: unknown[] = [];
      i++;
      let g = 0;
      while (i < text.length && text.charAt(i) !== ']' && g++ < 200) {
        while (text.charAt(i) === ' ' || text.charAt(i) === ',') i++;
        if (text.charAt(i) === ']') break;
        const inner = parseGoStruct(text, i);
        if (inner) {
          list.push(inner.value);
          i = inner.end;
          continue;
        }
        // a list of scalars: to the next space, comma or bracket
        const sm = /^[^\s,\]]+/.exec(text.slice(i));
        if (!sm) break;
        list.push(sm[0]);
        i += sm[0].length;
      }
      i++;
      if (list.length > 0) out[jsonName(key)] = list;
      continue;
    }
    // a scalar: to the next " Key:" (or ",Key:") of a known field, or the struct's end
    const rest = text.slice(i);
    const next = /[ ,]([A-Z][A-Za-z]*):|\}/g;
    let end = rest.length;
    let nm: RegExpExecArray | null;
    while ((nm = next.exec(rest))) {
      if (nm[0] === '}' || GO_FIELDS.has(nm[1] as string)) {
        end = nm.index;
        break;
      }
    }
    const v = goScalar(key, rest.slice(0, end));
    if (v !== undefined) out[jsonName(key)] = v;
    i += end;
  }
  return Object.keys(out).length > 0 ? { value: out, end: i } : undefined;
}

/** Where a Go dump of a pod status starts in a line. */
export const GO_STRUCT_START = /(?:&(?:v1\.)?PodStatus)?\{Phase:/;

// ---- go-template map printing ------------------------------------------------------------------

/** JSON field names a go-template dump of a pod's status holds. */
const MAP_KEYS = new Set(['type', 'status', 'reason', 'message', 'lastProbeTime', 'lastTransitionTime', 'name', 'state', 'lastState', 'ready', 'restartCount', 'image', 'imageID', 'containerID', 'started', 'waiting', 'running', 'terminated', 'startedAt', 'finishedAt', 'exitCode', 'signal', 'phase', 'conditions', 'containerStatuses', 'initContainerStatuses', 'hostIP', 'podIP', 'startTime', 'qosClass', 'nominatedNodeName']);

/** `map[k:v k:v]` (and `[map[…] map[…]]`): Go's printing of a JSON object in a go-template. */
export function parseGoMap(text: string, at = 0): { value: unknown; end: number } | undefined {
  let i = at;
  if (text.startsWith('[', i) && !text.startsWith('[map[', i) && !text.startsWith('[]', i)) return undefined;
  if (text.startsWith('[]', i)) return { value: [], end: i + 2 };
  if (text.charAt(i) === '[') {
    const list: unknown[] = [];
    i++;
    let g = 0;
    while (i < text.length && text.charAt(i) !== ']' && g++ < 200) {
      while (text.charAt(i) === ' ') i++;
      const inner = parseGoMap(text, i);
      if (!inner) return undefined;
      list.push(inner.value);
      i = inner.end;
    }
    return { value: list, end: i + 1 };
  }
  if (!text.startsWith('map[', i)) return undefined;
  i += 4;
  const out: JsonObject = {};
  let g = 0;
  while (i < text.length && g++ < 200) {
    while (text.charAt(i) === ' ') i++;
    if (text.charAt(i) === ']') return { value: out, end: i + 1 };
    const km = /^([A-Za-z]\w*):/.exec(text.slice(i, i + 64));
    if (!km) return undefined;
    const key = km[1] as string;
    i += km[0].length;
    if (text.startsWith('map[', i) || text.startsWith('[map[', i) || text.startsWith('[]', i)) {
      const inner = parseGoMap(text, i);
      if (!inner) return undefined;
      out[key] = inner.value;
      i = inner.end;
      continue;
    }
    // a scalar: to the next " key:" of a known field, or the map's end
    const rest = text.slice(i);
    const next = / ([A-Za-z]\w*):|\]/g;
    let end = rest.length;
    let nm: RegExpExecArray | null;
    while ((nm = next.exec(rest))) {
      if (nm[0] === ']') {
        // the map's "]" is followed by a space, another "]" or the end; one inside a message ("[MemoryPressure].") is not
        if (!/^\](?:\s|\]|$)/.test(rest.slice(nm.index))) continue;
        end = nm.index;
        break;
      }
      if (MAP_KEYS.has(nm[1] as string)) {
        end = nm.index;
        break;
      }
    }
    const raw = rest.slice(0, end).trim();
    if (raw !== '<nil>' && raw !== '') out[key] = /^(?:restartCount|exitCode|signal)$/.test(key) && /^-?\d+$/.test(raw) ? Number(raw) : /^(?:ready|started)$/.test(key) && /^(?:true|false)$/.test(raw) ? raw === 'true' : raw;
    i += end;
  }
  return undefined;
}

// ---- the Python client's repr ---------------------------------------------------------------------

/** snake_case → the API's camelCase ("container_statuses" → containerStatuses, "pod_ip" → podIP, "pod_i_ps" → podIPs). */
export function camelKey(k: string): string {
  const special: Record<string, string> = { pod_ip: 'podIP', pod_i_ps: 'podIPs', host_ip: 'hostIP', host_i_ps: 'hostIPs', image_id: 'imageID', container_id: 'containerID', qos_class: 'qosClass', _continue: 'continue' };
  if (special[k] !== undefined) return special[k];
  return k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Python's repr of the client's to_dict() (pprint-wrapped or not) → JSON: single-quoted strings
 * (and adjacent ones pprint split a long string into), None/True/False, datetime.datetime(…).
 * Keys of objects are camelCased, except under labels, annotations, selectors and resource lists,
 * whose keys are data. Undefined when the text is not one.
 */
export function parsePythonDict(text: string): unknown {
  const s = text;
  let i = 0;
  const ws = () => {
    while (i < s.length && /\s/.test(s.charAt(i))) i++;
  };
  const str = (): string | undefined => {
    let out = '';
    let any = false;
    for (;;) {
      ws();
      const q = s.charAt(i);
      if (q !== "'" && q !== '"') break;
      any = true;
      i++;
      while (i < s.length && s.charAt(i) !== q) {
        if (s.charAt(i) === '\\') {
          const n = s.charAt(i + 1);
          out += n === 'n' ? '\n' : n === 't' ? '\t' : n;
          i += 2;
          continue;
        }
        out += s.charAt(i);
        i++;
      }
      if (i >= s.length) return undefined;
      i++;
    }
    return any ? out : undefined;
  };
  const DATA = new Set(['labels', 'annotations', 'node_selector', 'limits', 'requests', 'capacity', 'allocatable', 'match_labels', 'selector']);
  let depth = 0;
  const value = (dataKeys: boolean): unknown => {
    if (++depth > 64) throw new Error('deep');
    try {
      ws();
      const c = s.charAt(i);
      if (c === '{') {
        i++;
        const o: JsonObject = {};
        for (;;) {
          ws();
          if (s.charAt(i) === '}') {
            i++;
            return o;
          }
          const k = str();
          if (k === undefined) throw new Error('key');
          ws();
          if (s.charAt(i) !== ':') throw new Error(':');
          i++;
          const v = value(DATA.has(k));
          if (v !== undefined && v !== null) o[dataKeys ? k : camelKey(k)] = v;
          ws();
          if (s.charAt(i) === ',') i++;
        }
      }
      if (c === '[') {
        i++;
        const a: unknown[] = [];
        for (;;) {
          ws();
          if (s.charAt(i) === ']') {
            i++;
            return a;
          }
          a.push(value(false));
          ws();
          if (s.charAt(i) === ',') i++;
        }
      }
      if (c === "'" || c === '"') return str();
      const dt = /^datetime\.datetime\((\d+), (\d+), (\d+)(?:, (\d+))?(?:, (\d+))?(?:, (\d+))?(?:, \d+)?(?:, tzinfo=[\w.()]+)?\)/.exec(s.slice(i, i + 120));
      if (dt) {
        i += dt[0].length;
        const n = (k: number) => String(Number(dt[k] ?? 0)).padStart(2, '0');
        return `${dt[1] as string}-${n(2)}-${n(3)}T${n(4)}:${n(5)}:${n(6)}Z`;
      }
      const lit = /^(None|True|False|-?\d+(?:\.\d+)?)/.exec(s.slice(i, i + 40));
      if (!lit) throw new Error('value');
      i += lit[0].length;
      return lit[1] === 'None' ? null : lit[1] === 'True' ? true : lit[1] === 'False' ? false : Number(lit[1]);
    } finally {
      depth--;
    }
  };
  try {
    const v = value(false);
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The start of a Python repr of a Kubernetes object or a part of one. */
export const PYTHON_DICT = /^\{'(?:api_version|kind|metadata|spec|status|conditions|container_statuses|phase|state|last_state|items)'\s*:/;
