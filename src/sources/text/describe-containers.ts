// A container block of `kubectl describe pod` (describeContainerBasicInfo, describeContainerState,
// describeStatus, DescribeProbe, describeContainerEnvVars, describeContainerVolumes): its keys →
// the container's spec and status. Container names at any indentation a paste left them; a state
// kind line the reader put back (state-block.ts) is noted as guessed. Moved out of describe.ts.

import type { JsonObject } from '../../util/json.js';
import { iso, keyValue, none, parseRfc1123, warn, type Ctx, type Line } from './describe-lines.js';
import { CONTAINER_KEYS } from './describe-keys.js';

/** "http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3" → a probe. */
export function parseProbe(s: string): JsonObject | undefined {
  const m = /^(http-get|tcp-socket|exec|grpc|unknown)\b(.*?)\s*delay=(\d+)s timeout=(\d+)s period=(\d+)s #success=(\d+) #failure=(\d+)\s*$/.exec(s.trim());
  if (!m) return undefined;
  const probe: JsonObject = {
    initialDelaySeconds: Number(m[3]),
    timeoutSeconds: Number(m[4]),
    periodSeconds: Number(m[5]),
    successThreshold: Number(m[6]),
    failureThreshold: Number(m[7]),
  };
  const target = (m[2] as string).trim();
  const port = (p: string): string | number => (/^\d+$/.test(p) ? Number(p) : p);
  if (m[1] === 'http-get') {
    // kubectl prints scheme://host:port/path; the scheme is empty for a probe the API server did
    // not default ("//:8080/healthz"), and some versions bracket an empty host ("http://[:8080]/")
    const u = /^(?:(https?):)?\/\/(\[[^\]]*\]|[^/:]*)(?::([^/]*))?(\/.*)?$/.exec(target);
    const h: JsonObject = {};
    if (u) {
      if (u[4] !== undefined) h['path'] = u[4];
      let host = u[2] ?? '';
      let p = u[3];
      const bracket = /^\[:(\w+)\]$/.exec(host);
      if (bracket && p === undefined) {
        p = bracket[1];
        host = '';
      }
      if (p !== undefined && p !== '') h['port'] = port(p);
      if (host) h['host'] = host.replace(/^\[|\]$/g, '');
      if (u[1]) h['scheme'] = u[1].toUpperCase();
    }
    probe['httpGet'] = h;
  } else if (m[1] === 'tcp-socket') {
    const c = target.lastIndexOf(':');
    const h: JsonObject = {};
    if (c >= 0) {
      if (target.slice(0, c) !== '') h['host'] = target.slice(0, c);
      h['port'] = port(target.slice(c + 1));
    }
    probe['tcpSocket'] = h;
  } else if (m[1] === 'exec') {
    const c = /^\[(.*)\]$/.exec(target);
    probe['exec'] = { command: c ? (c[1] as string).split(' ').filter((x) => x !== '') : [] };
  } else if (m[1] === 'grpc') {
    const g = /^<pod>:(\d+)(?:\s+(\S+))?$/.exec(target);
    const h: JsonObject = {};
    if (g) {
      h['port'] = Number(g[1]);
      if (g[2]) h['service'] = g[2];
    }
    probe['grpc'] = h;
  }
  return probe;
}

/** One container state block ("State:  Terminated" with its indented lines) → state object. */
function containerState(kind: string, fields: [string, string][], ctx: Ctx, at: Line): JsonObject {
  const f = new Map(fields);
  const time = (k: string) => {
    const v = f.get(k);
    // Go's zero time: the kubelet never set it (the YAML has no time there)
    if (v === undefined || /\b0001 00:00:00\b/.test(v)) return undefined;
    const t = parseRfc1123(v);
    if (t === undefined) warn(ctx, `${at.n}: ${k} time not understood: ignored`);
    return t === undefined ? undefined : iso(t);
  };
  if (kind === 'Running') {
    const s: JsonObject = {};
    const st = time('Started');
    if (st) s['startedAt'] = st;
    return { running: s };
  }
  if (kind === 'Terminated') {
    const s: JsonObject = {};
    const reason = f.get('Reason');
    if (reason) s['reason'] = reason;
    // the runtime's and the kubelet's messages (StartError, ContainerCannotRun, ContainerStatusUnknown)
    // are one line: its line breaks are a wrap's; a program's own termination message keeps them
    const raw = f.get('Message');
    const message = raw !== undefined && /^(?:StartError|ContainerCannotRun|ContainerStatusUnknown)$/.test(reason ?? '') ? raw.split('\n').map((x) => x.trim()).filter((x) => x !== '').join(' ') : raw;
    if (message) s['message'] = message;
    const code = f.get('Exit Code');
    if (code !== undefined && /^-?\d+$/.test(code)) s['exitCode'] = Number(code);
    const sig = f.get('Signal');
    if (sig !== undefined && /^\d+$/.test(sig)) s['signal'] = Number(sig);
    const st = time('Started');
    if (st) s['startedAt'] = st;
    const fin = time('Finished');
    if (fin) s['finishedAt'] = fin;
    return { terminated: s };
  }
  const s: JsonObject = {};
  const reason = f.get('Reason');
  if (reason) s['reason'] = reason;
  return { waiting: s };
}

export interface ParsedContainer {
  spec: JsonObject;
  status: JsonObject | undefined;
  /** Its state block was pasted without its "State:" / "Last State:" line, and which one it is was guessed. */
  stateGuessed?: boolean;
}

/** The lines of a "Containers:" section → containers and their statuses. */
export function containers(body: Line[], ctx: Ctx): ParsedContainer[] {
  const out: ParsedContainer[] = [];
  const lines = body.filter((l) => l.text !== '');
  const nameIndent = lines[0]?.indent ?? 2;
  let cur: ParsedContainer | undefined;
  let fieldIndent = -1;
  let i = 0;
  while (i < lines.length) {
    const l = lines[i] as Line;
    if (l.indent <= nameIndent || (cur !== undefined && l.indent <= fieldIndent && nameLine(lines, i, nameIndent) !== null)) {
      const m = nameLine(lines, i, nameIndent);
      if (m) {
        cur = { spec: { name: m[1] }, status: undefined };
        out.push(cur);
        fieldIndent = -1;
      } else warn(ctx, `${l.n}: a line in the container list not understood: skipped`);
      i++;
      continue;
    }
    if (!cur) {
      warn(ctx, `${l.n}: a line before the first container: skipped`);
      i++;
      continue;
    }
    if (fieldIndent < 0) fieldIndent = l.indent;
    const kv = l.indent === fieldIndent ? keyValue(l.text) : undefined;
    if (!kv) {
      warn(ctx, `${l.n}: a line of container "${String(cur.spec['name'])}" not understood: skipped`);
      i++;
      continue;
    }
    const [key, value] = kv;
    const { sub, next } = STATE_KEYS.has(key) ? stateLines(lines, i + 1, fieldIndent) : linesUnder(lines, i + 1, fieldIndent);
    i = next;
    containerField(cur, key, value, sub, l, ctx);
  }
  return out;
}

/**
 * A container's name line, at any indentation a paste left it: at or left of the first name's
 * column, or deeper when a container's own key follows further in ("app:" at column 0 after a
 * block at column 2, a second block pasted with other indentation).
 */
function nameLine(lines: Line[], k: number, nameIndent: number): RegExpExecArray | null {
  const l = lines[k] as Line;
  const m = /^([a-z0-9]([-a-z0-9.]*[a-z0-9])?):$/.exec(l.text);
  if (!m || l.indent <= nameIndent) return m;
  const n = lines[k + 1];
  return n !== undefined && n.indent > l.indent && CONTAINER_KEYS.has(keyValue(n.text)?.[0] ?? '') ? m : null;
}

const STATE_KEYS = new Set(['State', 'Last State', 'Last Termination State']);

/** The lines from `from` indented under a field at `indent`, and the index after them. */
function linesUnder(lines: Line[], from: number, indent: number): { sub: Line[]; next: number } {
  const sub: Line[] = [];
  let j = from;
  while (j < lines.length && (lines[j] as Line).indent > indent) sub.push(lines[j++] as Line);
  return { sub, next: j };
}

/**
 * The lines of a state block, as linesUnder; a terminated state's message may span lines of any
 * indentation (kubectl prints its line breaks as they are), up to its "Exit Code:" line: they
 * are joined to its "Message:" line.
 */
function stateLines(lines: Line[], from: number, fieldIndent: number): { sub: Line[]; next: number } {
  const sub: Line[] = [];
  let j = from;
  let inMessage = false;
  while (j < lines.length) {
    const s = lines[j] as Line;
    if (inMessage) {
      if (s.indent > fieldIndent && /^Exit Code:/.test(s.text)) inMessage = false;
      else {
        const last = sub[sub.length - 1] as Line;
        sub[sub.length - 1] = { ...last, text: `${last.text}\n${' '.repeat(Math.max(0, s.indent))}${s.text}` };
        j++;
        continue;
      }
    }
    if (s.indent <= fieldIndent) break;
    if (/^Message:/.test(s.text)) inMessage = true;
    sub.push(s);
    j++;
  }
  return { sub, next: j };
}

/** One "Key: value" field of a container (`sub`: the lines under it; `l`: its line) into its spec and status. */
function containerField(cur: ParsedContainer, key: string, value: string, sub: Line[], l: Line, ctx: Ctx): void {
  const status = (cur.status ??= { name: cur.spec['name'] });
  switch (key) {
    case 'Container ID':
      if (!none(value)) status['containerID'] = value;
      break;
    case 'Image':
      if (!none(value)) {
        cur.spec['image'] = value;
        status['image'] = value;
      }
      break;
    case 'Image ID':
      if (!none(value)) status['imageID'] = value;
      break;
    case 'Port':
    case 'Ports': {
      const ports = parsePorts(value);
      if (ports.length > 0) cur.spec['ports'] = ports;
      break;
    }
    case 'State':
    case 'Last State':
    case 'Last Termination State':
      status[key === 'State' ? 'state' : 'lastState'] = containerState(value, stateFields(sub), ctx, l);
      if (l.guessed) cur.stateGuessed = true;
      break;
    case 'Ready':
      status['ready'] = value === 'True' || value === 'true';
      break;
    case 'Restart Count':
      if (/^\d+$/.test(value)) status['restartCount'] = Number(value);
      break;
    case 'Started':
      // kubectl ≥ 1.x prints it for containers with a startup probe in some versions
      if (value === 'True' || value === 'true' || value === 'False' || value === 'false') status['started'] = value.toLowerCase() === 'true';
      break;
    case 'Limits':
    case 'Requests': {
      const q = quantities(value, sub);
      if (Object.keys(q).length === 0) break;
      const res = (cur.spec['resources'] ??= {}) as JsonObject;
      res[key === 'Limits' ? 'limits' : 'requests'] = q;
      break;
    }
    case 'Liveness':
    case 'Readiness':
    case 'Startup': {
      const p = parseProbe(value);
      if (p) cur.spec[`${key.toLowerCase()}Probe`] = p;
      else warn(ctx, `${l.n}: ${key} probe line not understood: skipped`);
      break;
    }
    case 'Environment':
    case 'Environment Variables': {
      const env = envVars(sub);
      if (env.length > 0) cur.spec['env'] = env;
      break;
    }
    case 'Environment Variables from': {
      const from = envFrom(sub);
      if (from.length > 0) cur.spec['envFrom'] = from;
      break;
    }
    case 'Mounts': {
      const mounts = volumeMounts(sub);
      if (mounts.length > 0) cur.spec['volumeMounts'] = mounts;
      break;
    }
    case 'Command':
    case 'Args': {
      // kubectl prints each element on its own line (an element's own line breaks too), or a
      // one-element list on the key's line. Kept whole in the spec like a YAML pod's: the facts
      // read off them (the program, a script's first program, a sleep) are all that is ever
      // shown, since the arguments may carry credentials.
      const words = [...(value !== '' && !none(value) ? [value] : []), ...sub.map((x) => x.text)].filter((x) => x !== '');
      if (words.length > 0) cur.spec[key === 'Command' ? 'command' : 'args'] = words;
      break;
    }
    default:
      break; // Host Port(s), SeccompProfile, Devices…: not used
  }
}

/** "8080/TCP", "8080/TCP (http)" (kubectl ≥ 1.31 names the port), several joined by ", " → container ports. */
function parsePorts(value: string): JsonObject[] {
  return value
    .split(', ')
    .map((p) => /^(\d+)\/(TCP|UDP|SCTP)(?: \(([^)]+)\))?$/.exec(p.trim()))
    .filter((p): p is RegExpExecArray => p !== null)
    .map((p) => ({ ...(p[3] ? { name: p[3] } : {}), containerPort: Number(p[1]), protocol: p[2] }));
}

/** A state block's "Key: value" lines (stateLines) → its fields; the message keeps its continuation lines. */
function stateFields(sub: Line[]): [string, string][] {
  const fields = sub.map((s) => keyValue(s.text.split('\n')[0] as string)).filter((x): x is [string, string] => x !== undefined);
  const msg = sub.find((s) => /^Message:/.test(s.text));
  if (msg) {
    const idx = fields.findIndex(([k]) => k === 'Message');
    const text = msg.text.replace(/^Message:\s*/, '');
    if (idx >= 0) fields[idx] = ['Message', text];
  }
  return fields;
}

/** "Limits:" / "Requests:" → resource quantities by name. */
function quantities(value: string, sub: Line[]): Record<string, string> {
  const q: Record<string, string> = {};
  // (a paste that lost its line breaks: "Limits:  memory: 90Mi", "cpu: 1, memory: 2Gi")
  for (const m of value.matchAll(/([\w./-]+):\s*([\w.]+)/g)) q[m[1] as string] = m[2] as string;
  for (const s of sub) {
    const kv2 = keyValue(s.text);
    if (kv2 && kv2[1] !== '') q[kv2[0]] = kv2[1];
  }
  return q;
}

/** "Environment:" → env entries. Names only: values are never kept. References name their ConfigMap or Secret and key. */
function envVars(sub: Line[]): JsonObject[] {
  const env: JsonObject[] = [];
  const entryIndent = sub[0]?.indent;
  for (const s of sub) {
    if (s.indent !== entryIndent) continue; // continuation lines of multi-line values
    const m = /^([A-Za-z_][\w.-]*):(?:\s+(.*))?$/.exec(s.text);
    if (!m) continue;
    const e: JsonObject = { name: m[1] };
    const rest = m[2] ?? '';
    const sec = /^<set to the key '([^']*)' in secret '([^']*)'>/.exec(rest);
    const cm = /^<set to the key '([^']*)' of config map '([^']*)'>/.exec(rest);
    const optional = /Optional: true\s*$/.test(rest);
    if (sec) e['valueFrom'] = { secretKeyRef: { key: sec[1], name: sec[2], ...(optional ? { optional: true } : {}) } };
    else if (cm) e['valueFrom'] = { configMapKeyRef: { key: cm[1], name: cm[2], ...(optional ? { optional: true } : {}) } };
    env.push(e);
  }
  return env;
}

/** "Environment Variables from:" → envFrom entries. */
function envFrom(sub: Line[]): JsonObject[] {
  const from: JsonObject[] = [];
  for (const s of sub) {
    const m = /^(\S+)\s+(ConfigMap|Secret)(?: with prefix '([^']*)')?\s+Optional: (true|false)$/.exec(s.text);
    if (!m) continue;
    const ref = { name: m[1], ...(m[4] === 'true' ? { optional: true } : {}) };
    from.push({ ...(m[2] === 'ConfigMap' ? { configMapRef: ref } : { secretRef: ref }), ...(m[3] ? { prefix: m[3] } : {}) });
  }
  return from;
}

/** "Mounts:" → volume mounts ("/data from data (rw,path="sub")"). */
function volumeMounts(sub: Line[]): JsonObject[] {
  const mounts: JsonObject[] = [];
  for (const s of sub) {
    const m = /^(\S.*?) from (\S+) \((ro|rw)(?:,path="(.*)")?\)$/.exec(s.text);
    if (!m) continue;
    mounts.push({ mountPath: m[1], name: m[2], ...(m[3] === 'ro' ? { readOnly: true } : {}), ...(m[4] ? { subPath: m[4] } : {}) });
  }
  return mounts;
}
