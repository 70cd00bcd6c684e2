// What a *real* `kubectl describe pod` prints for every fixture pod, captured from the kubectl
// builds on this machine against the loopback API server (./apiserver.ts), and kept as data in
// fixtures/kubectl-describe/ (<fixture>.txt, workloads/<fixture>.<pod>.txt, and index.json saying
// which kubectl printed each, when, and what had to be filled in). The paste-variation suite
// (./paste-variations.ts) cuts and reshapes these texts; our own printer (./describe-printer.ts)
// is not the reference, kubectl is.
//
//   node dist/test/kubectl-describe.js [FIXTURE.yaml…]     (default: every fixture)
//
// Per fixture: a fresh server at kubectl's minor version, every object of the fixture loaded with
// each timestamp moved by (the clock − the fixture's `now`) in whole seconds, so the ages kubectl
// counts against the clock read as at the fixture's `now`; then `kubectl describe pod NAME -n NS`
// for each of its pods. The absolute times kubectl prints (Start Time, Started, Finished) are the
// moved ones; index.json keeps `capturedAt` (the fixture's `now`, moved the same way), the instant
// to read the text at. Fixtures are spread over the kubectl builds 1.27–1.33; a pod keeps the
// build it was first captured with, a new one gets the least used. A pod the server or kubectl
// refuses is listed under `refused` with kubectl's error, never made up.
//
// What is filled in, as a real API server and kubelet would have it (listed per pod in `filled`):
// a namespace (`default`) and a uid for a pod without one (the uid its events name, if they do); the pod's uid and namespace in the
// involvedObject of an event that names the pod without them (kubectl asks for events by
// involvedObject.name, .namespace and .uid, and every component that records an event about a pod
// records its uid); an event's namespace from its object.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import yaml from 'js-yaml';
import { isObject, str, type JsonObject } from '../src/util/json.js';
import { FakeApiServer } from './apiserver.js';

export const CAPTURE_DIR = join('fixtures', 'kubectl-describe');
export const INDEX_FILE = join(CAPTURE_DIR, 'index.json');
/** Where the kubectl builds are: the Cloud SDK's, beside its `kubectl` dispatcher, unless PODWHY_KUBECTL_BIN says. */
export const KUBECTL_BIN = process.env['PODWHY_KUBECTL_BIN'] ?? '/usr/lib/google-cloud-sdk/bin';

/** The kubectl build of a minor version (kubectl.1.<minor>), or undefined when it is not installed. */
export function kubectlBinary(minor: number): string | undefined {
  const bin = join(KUBECTL_BIN, `kubectl.1.${minor}`);
  return existsSync(bin) ? bin : undefined;
}
export const KUBECTL_MINORS = [27, 28, 29, 30, 31, 32, 33] as const;

export interface Capture {
  /** The fixture file, relative to the project. */
  fixture: string;
  namespace: string;
  pod: string;
  /** kubectl's client gitVersion. */
  kubectl: string;
  /** The instant the text reads at (RFC 3339): the fixture's `now`, moved by the capture's shift. */
  capturedAt: string;
  /** The fixture's own `now`. */
  fixtureNow: string;
  /** What was filled in before loading (see the head of this file); empty when nothing was. */
  filled: string[];
}

export interface Refused {
  fixture: string;
  namespace: string;
  pod: string;
  kubectl: string;
  error: string;
}

export interface CaptureIndex {
  '//': string;
  captures: Record<string, Capture>;
  refused: Record<string, Refused>;
}

const INDEX_NOTE =
  'What a real `kubectl describe pod` printed for each fixture pod (the .txt beside this file), written by `node dist/test/kubectl-describe.js`: the kubectl build, the instant the text reads at (capturedAt: the fixture\'s now moved to the capture\'s clock), what had to be filled in as a real server would have it, and the pods kubectl or the server refused.';

/** The id of a fixture pod's capture: the fixture's name, and for workload fixtures the pod's too. */
export function captureId(fixture: string, pod: string): string {
  const name = basename(fixture).replace(/\.ya?ml$/, '');
  return basename(dirname(fixture)) === 'workloads' ? `workloads/${name}.${pod}` : name;
}

export function captureFile(id: string): string {
  return join(CAPTURE_DIR, `${id}.txt`);
}

export function readIndex(file = INDEX_FILE): CaptureIndex {
  if (!existsSync(file)) return { '//': INDEX_NOTE, captures: {}, refused: {} };
  return JSON.parse(readFileSync(file, 'utf8')) as CaptureIndex;
}

/** Every fixture file kubectl-describe reads: fixtures/*.yaml and fixtures/workloads/*.yaml. */
export function fixtureFiles(root = 'fixtures'): string[] {
  const yamls = (d: string) => (existsSync(d) ? readdirSync(d).filter((f) => f.endsWith('.yaml')).sort().map((f) => join(d, f)) : []);
  return [...yamls(root), ...yamls(join(root, 'workloads'))];
}

export interface FixtureObjects {
  now: number;
  /** Every object of the fixture but its header, List items unwrapped, with kind. */
  objects: JsonObject[];
  pods: JsonObject[];
}

/** A fixture file's objects as an API server would hold them (kinds filled in for List items). */
export function fixtureObjects(file: string, text = readFileSync(file, 'utf8')): FixtureObjects {
  let now: number | undefined;
  const objects: JsonObject[] = [];
  const visit = (v: unknown, itemKind?: string) => {
    if (!isObject(v)) return;
    const kind = str(v['kind']) ?? itemKind ?? (isObject(v['involvedObject']) || isObject(v['regarding']) ? 'Event' : undefined);
    if (kind === 'PodwhyFixture') {
      const t = Date.parse(String(v['now']));
      if (Number.isFinite(t)) now = t;
      return;
    }
    if (Array.isArray(v['items'])) {
      const k = str(v['kind']);
      for (const i of v['items']) visit(i, k?.endsWith('List') && k !== 'List' ? k.slice(0, -4) : undefined);
      return;
    }
    if (kind) objects.push({ ...v, kind });
  };
  for (const d of yaml.loadAll(text, undefined, { schema: yaml.CORE_SCHEMA })) visit(d);
  if (now === undefined) throw new Error(`${file}: no PodwhyFixture header with a now`);
  return { now, objects, pods: objects.filter((o) => o['kind'] === 'Pod') };
}

const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Every RFC 3339 string in v moved by `shiftSeconds` (whole seconds, so fractions are kept as written). */
export function shiftTimes<T>(v: T, shiftSeconds: number): T {
  if (typeof v === 'string') {
    const m = RFC3339.exec(v);
    if (!m) return v;
    const t = Date.parse(`${m[1]}${m[3]}`);
    if (!Number.isFinite(t)) return v;
    return `${new Date(t + shiftSeconds * 1000).toISOString().slice(0, 19)}${m[2] ?? ''}Z` as T;
  }
  if (Array.isArray(v)) return v.map((x) => shiftTimes(x, shiftSeconds)) as T;
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shiftTimes(x, shiftSeconds)])) as T;
  return v;
}

function uuidFrom(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The fixture's objects as a real API server would serve them: pods with a namespace and a uid,
 * events about a pod carrying its uid and namespace. Returns what was filled in, per pod.
 */
export function asServed(fx: FixtureObjects, fixture: string): { objects: JsonObject[]; filled: Map<JsonObject, string[]> } {
  const objects = structuredClone(fx.objects);
  const filled = new Map<JsonObject, string[]>();
  const pods = objects.filter((o) => o['kind'] === 'Pod');
  for (const p of pods) {
    const notes: string[] = [];
    const md = (isObject(p['metadata']) ? p['metadata'] : (p['metadata'] = {})) as JsonObject;
    if (!str(md['namespace'])) {
      md['namespace'] = 'default';
      notes.push('pod namespace: default');
    }
    if (!str(md['uid'])) {
      // the uid its events recorded, else a made-up one
      const seen = objects.flatMap((e) => {
        const ref = e['kind'] === 'Event' ? (e['involvedObject'] ?? e['regarding']) : undefined;
        return isObject(ref) && ref['name'] === md['name'] && (ref['kind'] === undefined || ref['kind'] === 'Pod') && str(ref['uid']) ? [String(ref['uid'])] : [];
      });
      md['uid'] = seen[0] ?? uuidFrom(`${fixture}/${String(md['name'])}`);
      notes.push(seen[0] ? "pod uid: its events'" : 'pod uid');
    }
    filled.set(p, notes);
  }
  for (const e of objects) {
    if (e['kind'] !== 'Event') continue;
    const core = !str(e['apiVersion'])?.startsWith('events.k8s.io/');
    const ref = (core ? e['involvedObject'] : e['regarding']) as JsonObject | undefined;
    if (!isObject(ref)) continue;
    const emd = (isObject(e['metadata']) ? e['metadata'] : (e['metadata'] = {})) as JsonObject;
    const pod = pods.find((p) => {
      const md = p['metadata'] as JsonObject;
      return (ref['kind'] === undefined || ref['kind'] === 'Pod') && ref['name'] === md['name'] && (ref['namespace'] === undefined || ref['namespace'] === md['namespace']);
    });
    if (!pod) {
      if (!str(emd['namespace']) && str(ref['namespace'])) emd['namespace'] = ref['namespace'];
      continue;
    }
    const md = pod['metadata'] as JsonObject;
    const notes = filled.get(pod) as string[];
    const reason = str(e['reason']) ?? '(no reason)';
    if (ref['namespace'] === undefined) {
      ref['namespace'] = md['namespace'];
      notes.push(`event ${reason}: involvedObject.namespace`);
    }
    if (ref['kind'] === undefined) {
      ref['kind'] = 'Pod';
      notes.push(`event ${reason}: involvedObject.kind`);
    }
    if (!str(ref['uid'])) {
      ref['uid'] = md['uid'];
      notes.push(`event ${reason}: involvedObject.uid`);
    }
    if (!str(emd['namespace'])) emd['namespace'] = ref['namespace'];
    if (!str(emd['name'])) {
      emd['name'] = `${String(md['name'])}.${createHash('sha256').update(JSON.stringify(e)).digest('hex').slice(0, 16)}`;
      notes.push(`event ${reason}: metadata.name`);
    }
  }
  return { objects, filled };
}

function run(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // async: the server answering kubectl runs in this process's event loop
    execFile(bin, args, { env, encoding: 'utf8', timeout: 60_000, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : 1) : 0;
      resolve({ code, stdout, stderr: stderr || (err && !stderr ? err.message : '') });
    });
  });
}

const versions = new Map<number, string>();
async function clientVersion(minor: number, env: NodeJS.ProcessEnv): Promise<string> {
  const known = versions.get(minor);
  if (known) return known;
  const bin = kubectlBinary(minor);
  if (!bin) throw new Error(`no kubectl.1.${minor} in ${KUBECTL_BIN} — install the Cloud SDK's kubectl builds, or set PODWHY_KUBECTL_BIN to their directory`);
  const r = await run(bin, ['version', '--client', '-o', 'json'], env);
  let v: string | undefined;
  try {
    v = str((JSON.parse(r.stdout) as { clientVersion?: JsonObject }).clientVersion?.['gitVersion']);
  } catch {
    v = undefined;
  }
  if (!v) throw new Error(`${bin} version --client: no version (${(r.stderr || r.stdout).trim().split('\n')[0]})`);
  versions.set(minor, v);
  return v;
}

/** The minor version for each pod id: the one recorded before, else the least used so far. */
export function assignMinors(ids: string[], index: CaptureIndex): Map<string, number> {
  const out = new Map<string, number>();
  const use = new Map<number, number>(KUBECTL_MINORS.map((m) => [m, 0]));
  const recorded = (id: string) => {
    const v = index.captures[id]?.kubectl ?? index.refused[id]?.kubectl;
    const m = v ? /^v1\.(\d+)\./.exec(v) : null;
    return m && use.has(Number(m[1])) ? Number(m[1]) : undefined;
  };
  for (const id of ids) {
    const m = recorded(id);
    if (m !== undefined) {
      out.set(id, m);
      use.set(m, (use.get(m) ?? 0) + 1);
    }
  }
  for (const id of ids) {
    if (out.has(id)) continue;
    const m = [...use.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0])[0]?.[0] as number;
    out.set(id, m);
    use.set(m, (use.get(m) ?? 0) + 1);
  }
  return out;
}

export interface CaptureResult {
  id: string;
  capture?: Capture;
  text?: string;
  refused?: Refused;
}

/** Capture every pod of one fixture with kubectl 1.<minor> (pods of one fixture share a build). */
export async function captureFixture(file: string, minorOf: (id: string) => number, home: string): Promise<CaptureResult[]> {
  const fx = fixtureObjects(file);
  const { objects, filled } = asServed(fx, file);
  const pods = objects.filter((o) => o['kind'] === 'Pod');
  const out: CaptureResult[] = [];
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, TZ: 'UTC', LANG: 'C.UTF-8' };
  for (const pod of pods) {
    const md = pod['metadata'] as JsonObject;
    const name = String(md['name']);
    const namespace = String(md['namespace']);
    const id = captureId(file, name);
    const minor = minorOf(id);
    const kubectl = await clientVersion(minor, env);
    const server = new FakeApiServer({ minor });
    await server.start();
    try {
      // The shift is taken just before the objects are loaded, so kubectl's clock reads the
      // fixture's `now` (give or take the second kubectl takes to start).
      const shift = Math.round((Date.now() - fx.now) / 1000);
      server.add(...shiftTimes(objects, shift));
      const kubeconfig = server.writeKubeconfig(home);
      const r = await run(kubectlBinary(minor) as string, ['--kubeconfig', kubeconfig, 'describe', 'pod', name, '-n', namespace], env);
      rmSync(kubeconfig, { force: true });
      if (r.code !== 0 || r.stdout.trim() === '') {
        out.push({ id, refused: { fixture: file, namespace, pod: name, kubectl, error: (r.stderr.trim() || `exit ${r.code}, nothing printed`).split('\n').slice(0, 3).join(' / ') } });
        continue;
      }
      out.push({
        id,
        text: r.stdout,
        capture: { fixture: file, namespace, pod: name, kubectl, capturedAt: new Date(fx.now + shift * 1000).toISOString(), fixtureNow: new Date(fx.now).toISOString(), filled: filled.get(pod) ?? [] },
      });
    } finally {
      await server.stop();
    }
  }
  return out;
}

async function main(args: string[]): Promise<void> {
  const all = fixtureFiles();
  const files = args.length > 0 ? args.map((a) => relative(process.cwd(), a)) : all;
  const index = readIndex();
  // every pod's id, so a pod keeps its build and a new one evens the spread
  const ids: string[] = [];
  for (const f of all) for (const p of fixtureObjects(f).pods) ids.push(captureId(f, String((p['metadata'] as JsonObject | undefined)?.['name'])));
  const minors = assignMinors(ids.sort(), index);
  const home = mkdtempSync(join(tmpdir(), 'podwhy-kubectl-'));
  const results: CaptureResult[] = [];
  try {
    // two fixtures at a time: each kubectl is a process of its own, each server is in this one
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const f = files[next++] as string;
        results.push(...(await captureFixture(f, (id) => minors.get(id) ?? 31, home)));
      }
    };
    await Promise.all([worker(), worker()]);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  const captured = new Set(files);
  // a fixture captured again replaces all it had; fixtures no longer present are dropped
  const keep = <T extends { fixture: string }>(m: Record<string, T>) => Object.fromEntries(Object.entries(m).filter(([, v]) => !captured.has(v.fixture) && all.includes(v.fixture)));
  const captures: Record<string, Capture> = keep(index.captures);
  const refused: Record<string, Refused> = keep(index.refused);
  for (const r of results) {
    if (r.capture && r.text !== undefined) {
      captures[r.id] = r.capture;
      mkdirSync(dirname(captureFile(r.id)), { recursive: true });
      writeFileSync(captureFile(r.id), r.text);
    } else if (r.refused) {
      refused[r.id] = r.refused;
      rmSync(captureFile(r.id), { force: true });
    }
  }
  const sorted = <T>(m: Record<string, T>) => Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(INDEX_FILE, `${JSON.stringify({ '//': INDEX_NOTE, captures: sorted(captures), refused: sorted(refused) }, null, 2)}\n`);
  const byVersion = new Map<string, number>();
  for (const c of Object.values(captures)) byVersion.set(c.kubectl, (byVersion.get(c.kubectl) ?? 0) + 1);
  process.stdout.write(`${Object.keys(captures).length} captured (${[...byVersion].sort().map(([v, n]) => `${v}: ${n}`).join(', ')}), ${Object.keys(refused).length} refused\n`);
  for (const [id, r] of Object.entries(refused)) process.stdout.write(`refused ${id} (${r.kubectl}): ${r.error}\n`);
}

if (process.argv[1] && basename(process.argv[1]) === 'kubectl-describe.js') {
  main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`kubectl-describe: ${(e as Error).message}\n`);
    process.exitCode = 1;
  });
}
