// Test helper: a Pod and its Events as `kubectl describe pod` prints them, to make the describe-text
// twins of the YAML fixtures (fixtures/describe/). It follows kubectl's describe printer
// (k8s.io/kubectl/pkg/describe, v1.32–v1.34: describePod, describeContainers, describeStatus,
// DescribeProbe, printLabelsMultiline, printAnnotationsMultiline, printTolerationsMultiline,
// describeVolumes, DescribeEvents) and Go's text/tabwriter with kubectl's settings (minwidth 0,
// padding 2, padchar ' '), which flushes before the Events table. Written for podwhy; the
// parser in src/sources/text/describe.ts is tested against its output and against hand-kept samples
// of real kubectl output (src/sources/text/describe.test.ts).

import { humanDuration } from '../src/kubectl/duration.js';
import { arr, dig, num, obj, objs, str, time, type JsonObject } from '../src/util/json.js';

/** Go's text/tabwriter on text whose cells end in tabs: columns aligned per block of lines. */
export function tabwrite(text: string, padding = 2): string {
  const lines = text.split('\n').map((l) => l.split('\t'));
  const out: string[] = [];
  const widths: number[] = [];
  const chars = (s: string) => [...s].length;
  const writeLines = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const cells = lines[i] as string[];
      let s = '';
      cells.forEach((c, j) => {
        s += c;
        if (j < widths.length && j < cells.length - 1) s += ' '.repeat(Math.max(0, (widths[j] as number) - chars(c)));
      });
      out[i] = s;
    }
  };
  const format = (line0: number, line1: number) => {
    const column = widths.length;
    let start = line0;
    for (let t = line0; t < line1; t++) {
      if (column >= (lines[t] as string[]).length - 1) continue;
      writeLines(start, t);
      start = t;
      let width = 0;
      for (; t < line1; t++) {
        const cells = lines[t] as string[];
        if (column >= cells.length - 1) break;
        width = Math.max(width, chars(cells[column] as string) + padding);
      }
      widths.push(width);
      format(start, t);
      widths.pop();
      start = t;
    }
    writeLines(start, line1);
  };
  format(0, lines.length);
  return out.join('\n');
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number) => String(n).padStart(2, '0');

/** Go's time.RFC1123Z in UTC: "Sun, 02 Mar 2025 09:58:00 +0000". */
export function rfc1123z(ms: number): string {
  const d = new Date(ms);
  return `${DAYS[d.getUTCDay()]}, ${pad2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} +0000`;
}

const goTime = (v: unknown) => {
  // the runtime's zero (the Unix epoch) is a real instant to Go; podwhy reads it as "never"
  const t = typeof v === 'string' && v.startsWith('1970-01-01T00:00:00') ? 0 : time(v);
  // a zero time.Time prints as Go's zero instant
  return t === undefined ? 'Mon, 01 Jan 0001 00:00:00 +0000' : rfc1123z(t);
};
const since = (v: unknown, now: number) => {
  const t = time(v);
  return t === undefined ? '<unknown>' : humanDuration(now - t);
};
const s = (v: unknown) => str(v) ?? '';

class Writer {
  private buf: string[] = [];
  private done: string[] = [];
  write(level: number, text: string): void {
    this.buf.push('  '.repeat(level) + text);
  }
  flush(): void {
    this.done.push(tabwrite(this.buf.join('')));
    this.buf = [];
  }
  toString(): string {
    this.flush();
    return this.done.join('');
  }
}

function labelsMultiline(w: Writer, title: string, labels: JsonObject | undefined): void {
  w.write(0, `${title}:\t`);
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  keys.forEach((k, i) => {
    if (i > 0) w.write(0, '\t');
    w.write(0, `${k}=${s(labels?.[k])}\n`);
  });
}

const MAX_ANNOTATION = 140;
function annotationsMultiline(w: Writer, title: string, annotations: JsonObject | undefined): void {
  w.write(0, `${title}:\t`);
  const keys = Object.keys(annotations ?? {})
    .filter((k) => k !== 'kubectl.kubernetes.io/last-applied-configuration')
    .sort();
  if (keys.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  keys.forEach((k, i) => {
    if (i > 0) w.write(0, '\t');
    const value = s(annotations?.[k]).replace(/\n$/, '');
    if (value.length + k.length + 2 > MAX_ANNOTATION || value.includes('\n')) {
      w.write(0, `${k}:\n`);
      for (const line of value.split('\n')) w.write(0, `\t  ${line.length > MAX_ANNOTATION - 2 ? `${line.slice(0, MAX_ANNOTATION - 2)}...` : line}\n`);
    } else w.write(0, `${k}: ${value}\n`);
  });
}

function tolerationsMultiline(w: Writer, tolerations: readonly JsonObject[]): void {
  w.write(0, 'Tolerations:\t');
  if (tolerations.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  const sorted = [...tolerations].sort((a, b) => (s(a['key']) < s(b['key']) ? -1 : s(a['key']) > s(b['key']) ? 1 : 0));
  sorted.forEach((t, i) => {
    if (i > 0) w.write(0, '\t');
    let line = s(t['key']);
    if (s(t['value']) !== '') line += `=${s(t['value'])}`;
    if (s(t['effect']) !== '') line += `:${s(t['effect'])}`;
    if (s(t['operator']) === 'Exists' && s(t['value']) === '') line += s(t['key']) !== '' || s(t['effect']) !== '' ? ' op=Exists' : 'op=Exists';
    const secs = num(t['tolerationSeconds']);
    if (secs !== undefined) line += ` for ${secs}s`;
    w.write(0, `${line}\n`);
  });
}

export function describeProbe(p: JsonObject): string {
  const attrs = `delay=${num(p['initialDelaySeconds']) ?? 0}s timeout=${num(p['timeoutSeconds']) ?? 1}s period=${num(p['periodSeconds']) ?? 10}s #success=${num(p['successThreshold']) ?? 1} #failure=${num(p['failureThreshold']) ?? 3}`;
  const exec = obj(p['exec']);
  const http = obj(p['httpGet']);
  const tcp = obj(p['tcpSocket']);
  const grpc = obj(p['grpc']);
  if (exec) return `exec [${arr(exec['command']).map(s).join(' ')}] ${attrs}`;
  if (http) {
    const port = s(http['port']);
    const host = s(http['host']);
    const hostPort = port !== '' ? `${host.includes(':') ? `[${host}]` : host}:${port}` : host;
    return `http-get ${(s(http['scheme']) || 'HTTP').toLowerCase()}://${hostPort}${s(http['path'])} ${attrs}`;
  }
  if (tcp) return `tcp-socket ${s(tcp['host'])}:${s(tcp['port'])} ${attrs}`;
  if (grpc) return `grpc <pod>:${s(grpc['port'])} ${s(grpc['service'])} ${attrs}`;
  return `unknown ${attrs}`;
}

function describeState(w: Writer, name: string, state: JsonObject | undefined): void {
  const running = obj(state?.['running']);
  const waiting = obj(state?.['waiting']);
  const terminated = obj(state?.['terminated']);
  if (running) {
    w.write(2, `${name}:\tRunning\n`);
    w.write(3, `Started:\t${goTime(running['startedAt'])}\n`);
  } else if (waiting) {
    w.write(2, `${name}:\tWaiting\n`);
    if (s(waiting['reason']) !== '') w.write(3, `Reason:\t${s(waiting['reason'])}\n`);
  } else if (terminated) {
    w.write(2, `${name}:\tTerminated\n`);
    if (s(terminated['reason']) !== '') w.write(3, `Reason:\t${s(terminated['reason'])}\n`);
    if (s(terminated['message']) !== '') w.write(3, `Message:\t${s(terminated['message'])}\n`);
    w.write(3, `Exit Code:\t${num(terminated['exitCode']) ?? 0}\n`);
    if ((num(terminated['signal']) ?? 0) > 0) w.write(3, `Signal:\t${num(terminated['signal'])}\n`);
    w.write(3, `Started:\t${goTime(terminated['startedAt'])}\n`);
    w.write(3, `Finished:\t${goTime(terminated['finishedAt'])}\n`);
  } else w.write(2, `${name}:\tWaiting\n`);
}

function resources(w: Writer, r: JsonObject | undefined, level: number): void {
  for (const [title, key] of [
    ['Limits', 'limits'],
    ['Requests', 'requests'],
  ] as const) {
    const q = obj(r?.[key]) ?? {};
    const names = Object.keys(q).sort();
    if (names.length > 0) w.write(level, `${title}:\n`);
    for (const n of names) w.write(level + 1, `${n}:\t${s(q[n])}\n`);
  }
}

function containers(w: Writer, label: string, specs: readonly JsonObject[], statuses: readonly JsonObject[]): void {
  w.write(0, `${label}:${specs.length === 0 ? ' <none>' : ''}\n`);
  const byName = new Map(statuses.map((st) => [s(st['name']), st]));
  for (const c of specs) {
    const st = byName.get(s(c['name']));
    w.write(1, `${s(c['name'])}:\n`);
    if (st) w.write(2, `Container ID:\t${s(st['containerID'])}\n`);
    w.write(2, `Image:\t${s(c['image'])}\n`);
    if (st) w.write(2, `Image ID:\t${s(st['imageID'])}\n`);
    const ports = objs(c['ports']);
    const portText = (field: string) =>
      ports.map((p) => `${num(p[field]) ?? 0}/${s(p['protocol']) || 'TCP'}${s(p['name']) !== '' ? ` (${s(p['name'])})` : ''}`).join(', ');
    const cp = portText('containerPort');
    w.write(2, cp.includes(',') ? `Ports:\t${cp}\n` : `Port:\t${cp || '<none>'}\n`);
    const hp = portText('hostPort');
    w.write(2, hp.includes(',') ? `Host Ports:\t${hp}\n` : `Host Port:\t${hp || '<none>'}\n`);
    const command = arr(c['command']).map(s);
    if (command.length > 0) {
      w.write(2, 'Command:\n');
      for (const part of command) for (const line of part.split('\n')) w.write(3, `${line}\n`);
    }
    const args = arr(c['args']).map(s);
    if (args.length > 0) {
      w.write(2, 'Args:\n');
      for (const part of args) for (const line of part.split('\n')) w.write(3, `${line}\n`);
    }
    if (st) {
      describeState(w, 'State', obj(st['state']));
      if (obj(dig(st, 'lastState', 'terminated'))) describeState(w, 'Last State', obj(st['lastState']));
      w.write(2, `Ready:\t${st['ready'] === true ? 'True' : 'False'}\n`);
      w.write(2, `Restart Count:\t${num(st['restartCount']) ?? 0}\n`);
    }
    resources(w, obj(c['resources']), 2);
    for (const [title, key] of [
      ['Liveness', 'livenessProbe'],
      ['Readiness', 'readinessProbe'],
      ['Startup', 'startupProbe'],
    ] as const) {
      const p = obj(c[key]);
      if (p) w.write(2, `${title}:\t${describeProbe(p)}\n`);
    }
    const envFrom = objs(c['envFrom']);
    if (envFrom.length > 0) {
      w.write(2, 'Environment Variables from:\n');
      for (const e of envFrom) {
        const cm = obj(e['configMapRef']);
        const sec = obj(e['secretRef']);
        const ref = cm ?? sec ?? {};
        const from = cm ? 'ConfigMap' : sec ? 'Secret' : '';
        const prefix = s(e['prefix']);
        w.write(3, `${s(ref['name'])}\t${from}${prefix ? ` with prefix '${prefix}'` : ''}\tOptional: ${ref['optional'] === true}\n`);
      }
    }
    const env = objs(c['env']);
    w.write(2, `Environment:${env.length === 0 ? '\t<none>' : ''}\n`);
    for (const e of env) {
      const vf = obj(e['valueFrom']);
      if (!vf) {
        s(e['value'])
          .split('\n')
          .forEach((line, i) => w.write(3, i === 0 ? `${s(e['name'])}:\t${line}\n` : `\t${line}\n`));
        continue;
      }
      const fr = obj(vf['fieldRef']);
      const rr = obj(vf['resourceFieldRef']);
      const sk = obj(vf['secretKeyRef']);
      const ck = obj(vf['configMapKeyRef']);
      if (fr) w.write(3, `${s(e['name'])}:\t (${s(fr['apiVersion']) || 'v1'}:${s(fr['fieldPath'])})\n`);
      else if (rr) w.write(3, `${s(e['name'])}:\t (${s(rr['resource'])})\n`);
      else if (sk) w.write(3, `${s(e['name'])}:\t<set to the key '${s(sk['key'])}' in secret '${s(sk['name'])}'>\tOptional: ${sk['optional'] === true}\n`);
      else if (ck) w.write(3, `${s(e['name'])}:\t<set to the key '${s(ck['key'])}' of config map '${s(ck['name'])}'>\tOptional: ${ck['optional'] === true}\n`);
    }
    const mounts = [...objs(c['volumeMounts'])].sort((a, b) => (s(a['mountPath']) < s(b['mountPath']) ? -1 : 1));
    w.write(2, `Mounts:${mounts.length === 0 ? '\t<none>' : ''}\n`);
    for (const m of mounts) {
      const flags = [m['readOnly'] === true ? 'ro' : 'rw'];
      if (s(m['subPath']) !== '') flags.push(`path=${JSON.stringify(s(m['subPath']))}`);
      w.write(3, `${s(m['mountPath'])} from ${s(m['name'])} (${flags.join(',')})\n`);
    }
  }
}

function volumes(w: Writer, vols: readonly JsonObject[]): void {
  if (vols.length === 0) {
    w.write(0, 'Volumes:\t<none>\n');
    return;
  }
  w.write(0, 'Volumes:\n');
  for (const v of vols) {
    w.write(1, `${s(v['name'])}:\n`);
    const opt = (o: JsonObject | undefined) => (o?.['optional'] === true ? 'true' : 'false');
    const secret = obj(v['secret']);
    const cm = obj(v['configMap']);
    const pvc = obj(v['persistentVolumeClaim']);
    const empty = obj(v['emptyDir']);
    const host = obj(v['hostPath']);
    const projected = obj(v['projected']);
    const nfs = obj(v['nfs']);
    const csi = obj(v['csi']);
    if (host) w.write(2, `Type:\tHostPath (bare host directory volume)\n    Path:\t${s(host['path'])}\n    HostPathType:\t${s(host['type']) || '<none>'}\n`);
    else if (empty) w.write(2, `Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t${s(empty['medium'])}\n    SizeLimit:\t${s(empty['sizeLimit']) || '<unset>'}\n`);
    else if (secret) w.write(2, `Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t${s(secret['secretName'])}\n    Optional:\t${opt(secret)}\n`);
    else if (cm) w.write(2, `Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t${s(cm['name'])}\n    Optional:\t${opt(cm)}\n`);
    else if (nfs) w.write(2, `Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t${s(nfs['server'])}\n    Path:\t${s(nfs['path'])}\n    ReadOnly:\t${nfs['readOnly'] === true}\n`);
    else if (pvc)
      w.write(2, `Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t${s(pvc['claimName'])}\n    ReadOnly:\t${pvc['readOnly'] === true}\n`);
    else if (projected) {
      w.write(2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
      for (const src of objs(projected['sources'])) {
        const sat = obj(src['serviceAccountToken']);
        const pcm = obj(src['configMap']);
        const psec = obj(src['secret']);
        if (psec) w.write(2, `SecretName:\t${s(psec['name'])}\n    Optional:\t${opt(psec)}\n`);
        else if (obj(src['downwardAPI'])) w.write(2, 'DownwardAPI:\ttrue\n');
        else if (pcm) w.write(2, `ConfigMapName:\t${s(pcm['name'])}\n    Optional:\t${opt(pcm)}\n`);
        else if (sat) w.write(2, `TokenExpirationSeconds:\t${num(sat['expirationSeconds']) ?? 3607}\n`);
      }
    } else if (csi) {
      w.write(2, `Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t${s(csi['driver'])}\n    FSType:\t${s(csi['fsType'])}\n    ReadOnly:\t${csi['readOnly'] === true}\n`);
    } else if (obj(v['downwardAPI'])) w.write(2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n');
    else w.write(1, '<unknown>\n');
  }
}

/** qos.GetPodQOS: BestEffort, Guaranteed or Burstable from requests and limits of cpu and memory. */
function podQos(spec: JsonObject): string {
  const all = [...objs(spec['containers']), ...objs(spec['initContainers'])];
  let any = false;
  let guaranteed = true;
  for (const c of all) {
    const req = obj(dig(c, 'resources', 'requests')) ?? {};
    const lim = obj(dig(c, 'resources', 'limits')) ?? {};
    for (const r of ['cpu', 'memory']) {
      if (req[r] !== undefined || lim[r] !== undefined) any = true;
      if (lim[r] === undefined) guaranteed = false;
      else if (req[r] !== undefined && s(req[r]) !== s(lim[r])) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

function describeEvents(w: Writer, events: JsonObject[], now: number): void {
  if (events.length === 0) {
    w.write(0, 'Events:\t<none>\n');
    return;
  }
  w.flush();
  // core/v1 fields, or their events.k8s.io/v1 names (the API server serves either as the other)
  const last = (e: JsonObject) => e['lastTimestamp'] ?? e['deprecatedLastTimestamp'];
  const sorted = [...events].sort((a, b) => (time(last(a)) ?? 0) - (time(last(b)) ?? 0));
  w.write(0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(1, '----\t------\t----\t----\t-------\n');
  for (const e of sorted) {
    const first = e['eventTime'] ? since(e['eventTime'], now) : since(e['firstTimestamp'] ?? e['deprecatedFirstTimestamp'], now);
    const series = obj(e['series']);
    const count = num(e['count'] ?? e['deprecatedCount']) ?? 0;
    const interval = series
      ? `${since(series['lastObservedTime'], now)} (x${num(series['count']) ?? 0} over ${first})`
      : count > 1
        ? `${since(last(e), now)} (x${count} over ${first})`
        : first;
    const source = s(dig(e, 'source', 'component')) || s(dig(e, 'deprecatedSource', 'component')) || s(e['reportingComponent']) || s(e['reportingController']);
    w.write(1, `${s(e['type'])}\t${s(e['reason'])}\t${interval}\t${source}\t${s(e['message'] ?? e['note']).trim()}\n`);
  }
}

/** A pod and its events as `kubectl describe pod` prints them at `now`. */
export function describePodText(pod: JsonObject, events: JsonObject[], now: number): string {
  const md = obj(pod['metadata']) ?? {};
  const spec = obj(pod['spec']) ?? {};
  const st = obj(pod['status']) ?? {};
  const w = new Writer();
  w.write(0, `Name:\t${s(md['name'])}\n`);
  w.write(0, `Namespace:\t${s(md['namespace'])}\n`);
  if (num(spec['priority']) !== undefined) w.write(0, `Priority:\t${num(spec['priority'])}\n`);
  if (s(spec['priorityClassName']) !== '') w.write(0, `Priority Class Name:\t${s(spec['priorityClassName'])}\n`);
  if (s(spec['runtimeClassName']) !== '') w.write(0, `Runtime Class Name:\t${s(spec['runtimeClassName'])}\n`);
  if (s(spec['serviceAccountName']) !== '') w.write(0, `Service Account:\t${s(spec['serviceAccountName'])}\n`);
  w.write(0, s(spec['nodeName']) === '' ? 'Node:\t<none>\n' : `Node:\t${s(spec['nodeName'])}/${s(st['hostIP'])}\n`);
  if (st['startTime'] !== undefined) w.write(0, `Start Time:\t${goTime(st['startTime'])}\n`);
  labelsMultiline(w, 'Labels', obj(md['labels']));
  annotationsMultiline(w, 'Annotations', obj(md['annotations']));
  const phase = s(st['phase']);
  if (md['deletionTimestamp'] !== undefined && phase !== 'Failed' && phase !== 'Succeeded') {
    w.write(0, `Status:\tTerminating (lasts ${since(md['deletionTimestamp'], now)})\n`);
    w.write(0, `Termination Grace Period:\t${num(md['deletionGracePeriodSeconds']) ?? 0}s\n`);
  } else w.write(0, `Status:\t${phase}\n`);
  if (s(st['reason']) !== '') w.write(0, `Reason:\t${s(st['reason'])}\n`);
  if (s(st['message']) !== '') w.write(0, `Message:\t${s(st['message'])}\n`);
  const seccomp = obj(dig(spec, 'securityContext', 'seccompProfile'));
  if (seccomp) w.write(0, `SeccompProfile:\t${s(seccomp['type'])}\n`);
  w.write(0, `IP:\t${s(st['podIP'])}\n`);
  const ips = objs(st['podIPs']);
  if (ips.length === 0) w.write(0, 'IPs:\t<none>\n');
  else {
    w.write(0, 'IPs:\n');
    for (const ip of ips) w.write(1, `IP:\t${s(ip['ip'])}\n`);
  }
  const owner = objs(md['ownerReferences']).find((r) => r['controller'] === true);
  if (owner) w.write(0, `Controlled By:\t${s(owner['kind'])}/${s(owner['name'])}\n`);
  if (s(st['nominatedNodeName']) !== '') w.write(0, `NominatedNodeName:\t${s(st['nominatedNodeName'])}\n`);
  if (objs(spec['initContainers']).length > 0) containers(w, 'Init Containers', objs(spec['initContainers']), objs(st['initContainerStatuses']));
  containers(w, 'Containers', objs(spec['containers']), objs(st['containerStatuses']));
  const gates = objs(spec['readinessGates']);
  if (gates.length > 0) {
    w.write(0, 'Readiness Gates:\n  Type\tStatus\n');
    for (const g of gates) {
      const c = objs(st['conditions']).find((x) => x['type'] === g['conditionType']);
      w.write(1, `${s(g['conditionType'])} \t${c ? s(c['status']) : '<none>'} \n`);
    }
  }
  const conds = objs(st['conditions']);
  if (conds.length > 0) {
    w.write(0, 'Conditions:\n  Type\tStatus\n');
    for (const c of conds) w.write(1, `${s(c['type'])} \t${s(c['status'])} \n`);
  }
  volumes(w, objs(spec['volumes']));
  w.write(0, `QoS Class:\t${s(st['qosClass']) || podQos(spec)}\n`);
  labelsMultiline(w, 'Node-Selectors', obj(spec['nodeSelector']));
  tolerationsMultiline(w, objs(spec['tolerations']));
  describeEvents(w, events, now);
  return w.toString();
}
