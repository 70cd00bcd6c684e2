// The paste reader's pieces from YAML and JSON inside a paste (paste.ts): whole or cut, with its
// indentation broken by a copy, a Python repr, members without their braces, a part of a pod (a
// status, a list of container statuses, one state), a workload's template, a Job's status. Moved
// out of paste-pieces.ts unchanged.

import yaml from 'js-yaml';
import { isObject, nonEmpty, obj, str, type JsonObject } from '../../util/json.js';
import { isEventObject } from '../events.js';
import { F_FENCE, F_GAP, isEllipsis } from './paste-lines.js';
import { parsePythonDict, PYTHON_DICT } from './dumps.js';
import { JSON_MEMBER, parseCutJson, wrapMembers } from './json-cut.js';
import { reindentPodYaml } from './yaml-schema.js';
import { clone, eventPieces, MAX_BLOCK, UNNAMED, type Block, type Piece, type Reader } from './paste-segment.js';

const YAML_OPTS = { schema: yaml.CORE_SCHEMA, json: true, maxDepth: 64 } as yaml.LoadOptions;

function refuseAnchors(event: string, state: { anchor?: string | null }): void {
  if (event === 'close' && state.anchor) throw new Error('anchor');
}

function loadAll(text: string): unknown[] | undefined {
  try {
    return yaml.loadAll(text, undefined, { ...YAML_OPTS, listener: refuseAnchors as never } as yaml.LoadOptions) as unknown[];
  } catch {
    return undefined;
  }
}

function loadOne(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: yaml.load(text, { ...YAML_OPTS, listener: refuseAnchors as never } as yaml.LoadOptions) };
  } catch {
    return { ok: false };
  }
}

interface YLine {
  /** Index in the paste. */
  i: number;
  indent: number;
  text: string;
}

const render = (ls: YLine[], by: number) => ls.map((l) => (l.text === '' ? '' : `${' '.repeat(Math.max(0, l.indent - by))}${l.text}`)).join('\n');

/**
 * YAML that does not parse whole (a copy lost some indentation, a line was cut) is read piece by
 * piece: each line at the outermost column with the lines under it is parsed on its own; one that
 * fails is read key by key inside, down to single lines. What still fails is skipped and counted.
 */
export function recoverYaml(ls: YLine[], skipped: number[], depth = 0): unknown {
  const content = ls.filter((l) => l.text !== '' && !isEllipsis(l.text));
  if (content.length === 0) return undefined;
  const base = Math.min(...content.map((l) => l.indent));
  const whole = loadOne(render(content, base));
  if (whole.ok) return whole.value;
  if (depth > 8 || content.length === 1) {
    for (const l of content) skipped.push(l.i);
    return undefined;
  }
  // segments: a line at the base column and the deeper lines after it; deeper lines before the
  // first one (a copy that began mid-block) are a segment of their own
  const segs: YLine[][] = [];
  for (const l of content) {
    const prev = segs[segs.length - 1];
    // "key:" with its list at the same column ("volumes:\n- name: x") is one segment
    const compact = prev !== undefined && l.indent === base && /^-(?: |$)/.test(l.text) && /^[^\s-][^:]*:\s*$/.test((prev[0] as YLine).text) && (prev[0] as YLine).indent === base;
    if ((l.indent === base && !compact) || segs.length === 0) segs.push([l]);
    else (prev as YLine[]).push(l);
  }
  const isItem = (s: YLine[]) => /^-(?: |$)/.test((s[0] as YLine).text) && (s[0] as YLine).indent === base;
  const seq = isItem(segs[0] as YLine[]) || (segs.length > 1 && (segs[0] as YLine[])[0]?.indent !== base && isItem(segs[1] as YLine[]));
  const items: unknown[] = [];
  const map: JsonObject = {};
  for (const s of segs) {
    const head = s[0] as YLine;
    if (head.indent !== base) {
      // leading deeper lines: inside a key's value, part of it (an indentation slip); at the top
      // of a document, a copy that began inside a block whose parent the paste does not show
      const v = recoverYaml(s, skipped, depth + 1);
      if (depth > 0 && isObject(v) && !seq) for (const [k, x] of Object.entries(v)) if (!(k in map)) map[k] = x;
      continue;
    }
    if (seq !== isItem(s)) {
      for (const l of s) skipped.push(l.i);
      continue;
    }
    const one = loadOne(render(s, base));
    if (one.ok) {
      if (seq && Array.isArray(one.value)) items.push(...one.value);
      else if (!seq && isObject(one.value)) Object.assign(map, one.value);
      else for (const l of s) skipped.push(l.i);
      continue;
    }
    if (seq) {
      // "- key: v" and its lines: the item's content is two columns in
      const inner: YLine[] = [{ i: head.i, indent: base + 2, text: head.text.replace(/^-\s*/, '') }, ...s.slice(1)];
      const v = head.text.replace(/^-\s*/, '') === '' ? recoverYaml(s.slice(1), skipped, depth + 1) : recoverYaml(inner, skipped, depth + 1);
      if (v !== undefined) items.push(v);
      continue;
    }
    const km = /^("[^"]*"|'[^']*'|[^\s:#'"][^:#]*?):(?:\s+(.*))?$/.exec(head.text);
    if (!km) {
      for (const l of s) skipped.push(l.i);
      continue;
    }
    const key = (km[1] as string).replace(/^["']|["']$/g, '');
    const inline = km[2];
    if (inline === undefined || inline === '' || /^[|>][-+0-9]*$/.test(inline) || /^#/.test(inline)) {
      if (/^[|>]/.test(inline ?? '')) {
        // a block scalar whose lines lost their column: keep them as text
        map[key] = s
          .slice(1)
          .map((l) => l.text)
          .join('\n');
        continue;
      }
      const body = s.slice(1);
      // a compact list under its key: the items are one column deeper for the parser
      const v = recoverYaml(body.map((l) => (l.indent === base ? { ...l, indent: base + 1 } : l)), skipped, depth + 1);
      if (v !== undefined) map[key] = v;
      continue;
    }
    // "key: value" with lines under it that do not fit: the value alone, the rest skipped
    const v = loadOne(`${km[1] as string}: ${inline}`);
    if (v.ok && isObject(v.value)) Object.assign(map, v.value);
    else skipped.push(head.i);
    for (const l of s.slice(1)) skipped.push(l.i);
  }
  return seq ? items : Object.keys(map).length > 0 ? map : undefined;
}

/** The YAML documents of a block (split at "---"), parsed whole or recovered. */
export function yamlValues(r: Reader, b: Block): unknown[] {
  const ls: YLine[] = [];
  let size = 0;
  for (let i = b.from; i < b.to; i++) {
    const f = r.L.flags[i] as number;
    if (f & F_FENCE) continue;
    if (f & F_GAP && ls.length > 0) ls.push({ i, indent: 0, text: '' });
    const text = r.L.text[i] as string;
    size += text.length;
    ls.push({ i, indent: r.L.indent[i] as number, text });
  }
  if (size > MAX_BLOCK) {
    for (const l of ls) if (l.text !== '') r.skipped.push(l.i);
    return [];
  }
  const docs: YLine[][] = [[]];
  for (const l of ls) {
    if (/^---(?:\s|$)/.test(l.text) && l.indent === 0) {
      docs.push([]);
      const rest = l.text.slice(3).trim();
      if (rest !== '') (docs[docs.length - 1] as YLine[]).push({ ...l, text: rest });
    } else if (l.text === '...' && l.indent === 0) docs.push([]);
    else (docs[docs.length - 1] as YLine[]).push(l);
  }
  const out: unknown[] = [];
  for (const d of docs) {
    const content = d.filter((l) => l.text !== '');
    if (content.length === 0) continue;
    const base = Math.min(...content.map((l) => l.indent));
    const all = loadAll(render(d.filter((l) => !isEllipsis(l.text)), base));
    if (all) out.push(...all.filter((v) => v !== null && v !== undefined));
    else {
      // indentation lost or broken: put back from a pod's shape, else read piece by piece
      const re = reindentPodYaml(content.filter((l) => !isEllipsis(l.text)).map((l) => ({ indent: l.indent, text: l.text })));
      const fixed = re !== undefined ? loadAll(re) : undefined;
      if (fixed && fixed.some((v) => isObject(v))) out.push(...fixed.filter((v) => v !== null && v !== undefined));
      else {
        const v = recoverYaml(d, r.skipped);
        if (v !== undefined) out.push(v);
      }
    }
  }
  return out;
}

export function jsonValues(r: Reader, b: Block): unknown[] {
  const parts: string[] = [];
  for (let i = b.from; i < b.to; i++) if (!((r.L.flags[i] as number) & F_FENCE)) parts.push(r.L.text[i] as string);
  let text = parts.join('\n');
  // the Python client's repr
  if (PYTHON_DICT.test(text)) {
    const v = parsePythonDict(text);
    if (v !== undefined) return [v];
  }
  // `"containerStatuses": [ … ],` — a member without its object's braces
  if (JSON_MEMBER.test(text)) text = wrapMembers(text);
  try {
    return [JSON.parse(text)];
  } catch {
    // flow YAML is a superset of JSON (trailing commas aside)
    const all = loadAll(text);
    if (all && all.some((v) => isObject(v) || Array.isArray(v))) return all;
    // JSON cut off in the middle: what was complete
    const cut = parseCutJson(text);
    const substance = (v: unknown): boolean => (Array.isArray(v) ? v.some(substance) : isObject(v) ? Object.entries(v).some(([k, x]) => !['kind', 'apiVersion'].includes(k) && (isObject(x) || Array.isArray(x) ? substance(x) : x !== null)) : v !== null && v !== undefined);
    if ((isObject(cut) || Array.isArray(cut)) && substance(cut)) {
      r.warnings.push(`${r.file}: JSON cut off after line ${r.L.n[b.to - 1] as number}: what was complete before the cut is read`);
      return [cut];
    }
    for (let i = b.from; i < b.to; i++) if (!((r.L.flags[i] as number) & F_FENCE)) r.skipped.push(i);
    return [];
  }
}

const STATUS_KEYS = ['containerStatuses', 'initContainerStatuses', 'ephemeralContainerStatuses', 'phase', 'conditions', 'podIP', 'hostIP', 'qosClass', 'startTime'];
const SPEC_KEYS = ['containers', 'initContainers', 'nodeName', 'restartPolicy', 'volumes', 'serviceAccountName', 'nodeSelector', 'tolerations', 'affinity'];
const isStatusLike = (o: JsonObject) => isObject(o['state']) || isObject(o['lastState']) || 'restartCount' in o || 'containerID' in o || 'imageID' in o || 'ready' in o;

/** Environment values are never kept from a paste: names and references only. */
function dropEnvValues(pod: JsonObject): void {
  const spec = obj(pod['spec']);
  if (!spec) return;
  for (const list of ['initContainers', 'containers', 'ephemeralContainers']) {
    const cs = spec[list];
    if (!Array.isArray(cs)) continue;
    for (const c of cs) {
      if (!isObject(c) || !Array.isArray(c['env'])) continue;
      for (const e of c['env']) if (isObject(e)) delete e['value'];
    }
  }
}

/** A YAML or JSON value found in a paste → pieces (pods, pod fragments, events). */
export function valuePieces(r: Reader, v: unknown, b: Block, order: number, depth = 0): Piece[] {
  const line = r.L.n[b.from] as number;
  const piece = (pod: JsonObject, rank: number): Piece => {
    dropEnvValues(pod);
    const md = obj(pod['metadata']) ?? {};
    const p: Piece = { format: 'yaml-in-text', rank, line, order, pod, events: [], eventsSeen: false };
    const name = nonEmpty(md['name']);
    const namespace = nonEmpty(md['namespace']);
    if (name !== undefined) p.name = name;
    if (namespace !== undefined) p.namespace = namespace;
    return p;
  };
  if (depth > 3) return [];
  // `kubectl get pod x -o json | jq .status`: the value is that part of the pod
  if (depth === 0 && b.cmd?.path !== undefined && b.cmd.path !== '.' && (b.cmd.verb === 'get' || b.cmd.verb === undefined)) {
    const wrapped = underPath(b.cmd.path, v);
    if (wrapped !== undefined) return valuePieces(r, wrapped, { ...b, cmd: { ...b.cmd, path: '.' } }, order, depth);
  }
  if (Array.isArray(v)) {
    const os = v.filter(isObject);
    if (os.length === 0) return [];
    if (os.every((o) => typeof o['name'] === 'string' && isStatusLike(o))) return [piece({ status: { containerStatuses: os } }, 3)];
    if (os.every((o) => typeof o['type'] === 'string' && typeof o['status'] === 'string' && !('kind' in o))) return [piece({ status: { conditions: os } }, 3)];
    if (os.every((o) => typeof o['name'] === 'string' && (typeof o['image'] === 'string' || Array.isArray(o['command']))) && !os.some((o) => 'kind' in o)) return [piece({ spec: { containers: os } }, 3)];
    return os.flatMap((o) => valuePieces(r, o, b, order, depth + 1));
  }
  if (!isObject(v)) {
    r.skippedObjects.push(line);
    return [];
  }
  const kind = str(v['kind']);
  if (kind === 'Pod') return [piece(v, 5)];
  if (kind === 'PodwhyFixture') return [];
  if (kind === 'Event' || (kind === undefined && isEventObject(v))) return eventPieces(r, [{ value: v, line }], order, 'yaml-in-text', b.cmd);
  if ((kind === undefined || kind.endsWith('List')) && Array.isArray(v['items'])) {
    const implied = kind === 'PodList' ? 'Pod' : kind === 'EventList' ? 'Event' : undefined;
    return v['items'].flatMap((item) => valuePieces(r, implied && isObject(item) && item['kind'] === undefined ? { ...item, kind: implied } : item, b, order, depth + 1));
  }
  if (kind === 'Node') {
    r.others.push({ value: v, line });
    return [];
  }
  // a Job's status: the events its controller records for its conditions (BackoffLimitExceeded…)
  if (kind === 'Job' || (kind === undefined && (isJobStatus(v) || (isObject(v['status']) && isJobStatus(v['status']))))) {
    const md = obj(v['metadata']) ?? {};
    const st = kind === 'Job' || isObject(v['status']) ? obj(v['status']) : v;
    const jobName = nonEmpty(md['name']) ?? (b.cmd?.object?.kind === 'Job' ? b.cmd.object.name : undefined);
    const jobNs = nonEmpty(md['namespace']) ?? b.cmd?.namespace;
    if (st) jobEvidence(r, st, jobName, jobNs, line, order);
  }
  // a workload's pod template: the spec its pods are made from
  const template = kind !== undefined ? templateOf(v, kind) : undefined;
  if (template) {
    const p = piece({ metadata: { ...(isObject(template['metadata']) && isObject(template['metadata']['labels']) ? { labels: template['metadata']['labels'] } : {}) }, spec: clone(template['spec'] as JsonObject) }, 2);
    delete p.name;
    delete p.namespace;
    p.template = true;
    return [p];
  }
  if (kind === 'Job' || (kind === undefined && (isJobStatus(v) || (isObject(v['status']) && isJobStatus(v['status']))))) return [];
  if (kind !== undefined) {
    r.skippedObjects.push(line);
    return [];
  }
  // a pod without "kind", or a part of one
  if (isObject(v['metadata']) || isObject(v['spec']) || isObject(v['status'])) return [piece(v, isObject(v['metadata']) && (isObject(v['spec']) || isObject(v['status'])) ? 5 : 3)];
  if (STATUS_KEYS.some((k) => k in v)) return [piece({ status: v }, 3)];
  if (SPEC_KEYS.some((k) => k in v)) return [piece({ spec: v }, 3)];
  if (isObject(v['state']) || isObject(v['lastState'])) {
    const name = typeof v['name'] === 'string' ? v['name'] : UNNAMED;
    return [piece({ status: { containerStatuses: [{ ...v, name }] } }, 3)];
  }
  if (isObject(v['waiting']) || isObject(v['running']) || isObject(v['terminated'])) return [piece({ status: { containerStatuses: [{ name: UNNAMED, state: v }] } }, 3)];
  // one condition (jq '.status.conditions[]' prints them one by one)
  if (typeof v['type'] === 'string' && typeof v['status'] === 'string' && /^(?:True|False|Unknown)$/.test(v['status'])) return [piece({ status: { conditions: [v] } }, 3)];
  // a container's spec ("livenessProbe:", "image:" and their kin, pasted alone)
  if (CONTAINER_SPEC_KEYS.filter((k) => k in v).length >= 1 && Object.keys(v).every((k) => CONTAINER_SPEC_KEYS.includes(k) || k === 'name')) {
    return [piece({ spec: { containers: [{ ...v, name: typeof v['name'] === 'string' ? v['name'] : UNNAMED }] } }, 3)];
  }
  // a pod inside something else: a log entry's jsonPayload, an API response, a webhook body
  if (depth < 3) {
    const inner: Piece[] = [];
    const skipped = r.skippedObjects.length;
    for (const x of Object.values(v)) if (isObject(x) || Array.isArray(x)) inner.push(...valuePieces(r, x, b, order, depth + 1));
    r.skippedObjects.length = skipped;
    if (inner.length > 0) return inner;
  }
  r.skippedObjects.push(line);
  return [];
}

/** A value printed from a path of a pod (".status.conditions[]") put back where it was in the pod. */
function underPath(path: string, v: unknown): JsonObject | undefined {
  const steps = path.split('.').slice(1);
  if (steps.length === 0 || steps.length > 4 || !/^(?:metadata|spec|status)(?:\[|$)/.test(steps[0] as string)) return undefined;
  let cur: unknown = v;
  for (let i = steps.length - 1; i >= 0; i--) {
    const m = /^(\w+)(\[\d*\])?$/.exec(steps[i] as string);
    if (!m) return undefined;
    cur = { [m[1] as string]: m[2] !== undefined && !Array.isArray(cur) ? [cur] : cur };
  }
  return cur as JsonObject;
}

/** Keys of a container's spec that tell it apart from other objects. */
const CONTAINER_SPEC_KEYS = ['image', 'imagePullPolicy', 'command', 'args', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle', 'resources', 'ports', 'env', 'envFrom', 'volumeMounts', 'securityContext', 'workingDir'];

/** The pod template of a workload (Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob, a Knative Service…). */
function templateOf(v: JsonObject, kind: string): JsonObject | undefined {
  const spec = obj(v['spec']);
  if (!spec) return undefined;
  const t = kind === 'CronJob' ? obj(obj(obj(obj(spec['jobTemplate'])?.['spec'])?.['template'])) : obj(spec['template']);
  const ts = obj(t?.['spec']);
  if (!t || !ts || !Array.isArray(ts['containers'])) return undefined;
  return t;
}

/** The Warning events the job controller records with a Job's Failed condition: evidence for its pods. */
function jobEvidence(r: Reader, st: JsonObject, name: string | undefined, namespace: string | undefined, line: number, order: number): void {
  const conds = Array.isArray(st['conditions']) ? st['conditions'].filter(isObject) : [];
  for (const c of conds) {
    if (c['type'] !== 'Failed' || c['status'] !== 'True' || typeof c['reason'] !== 'string') continue;
    const at = nonEmpty(c['lastTransitionTime']) ?? nonEmpty(c['lastProbeTime']);
    const event: JsonObject = {
      apiVersion: 'v1',
      kind: 'Event',
      type: 'Warning',
      reason: c['reason'],
      message: str(c['message']) ?? '',
      count: 1,
      involvedObject: { kind: 'Job', ...(name !== undefined ? { name } : {}), ...(namespace !== undefined ? { namespace } : {}) },
      source: { component: 'job-controller' },
      ...(at !== undefined ? { firstTimestamp: at, lastTimestamp: at } : {}),
    };
    r.evidence.push({ event, line, order });
  }
}

/** A Job's status: conditions of the types a Job has, and its pod counts. */
function isJobStatus(v: unknown): boolean {
  if (!isObject(v)) return false;
  const conds = Array.isArray(v['conditions']) ? v['conditions'].filter(isObject) : [];
  const jobTypes = conds.length > 0 && conds.every((c) => /^(?:Complete|Failed|Suspended|FailureTarget|SuccessCriteriaMet)$/.test(String(c['type'])));
  return jobTypes || (conds.length === 0 && ['active', 'succeeded', 'failed'].some((k) => typeof v[k] === 'number') && !('phase' in v));
}
