// Bench inputs: pod lists as big clusters print them. Pods are cloned from the fixtures (so they
// are shaped like real `kubectl get pod -o yaml` output), about 70% from the healthy ones and 30%
// spread over every unhealthy kind, renamed, and given managedFields as deep as the object, as
// the API server keeps them (fixtures trim theirs). Lists are written as `kubectl get pods -A -o yaml` (go-yaml layout) and
// `-o json` (four-space indentation) print them. Deterministic for a given count.

import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { toKubectlYamlItem } from '../../test/kubectl-yaml.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Bump when the shape of generated inputs changes, so cached files are rebuilt. */
const GENERATOR_VERSION = 1;

export interface FixturePods {
  healthy: Obj[];
  unhealthy: Obj[];
}

export function fixturePods(fixturesDir: string): FixturePods {
  const out: FixturePods = { healthy: [], unhealthy: [] };
  for (const f of readdirSync(fixturesDir).filter((n) => n.endsWith('.yaml')).sort()) {
    const docs = yaml.loadAll(readFileSync(join(fixturesDir, f), 'utf8'), null, { schema: yaml.CORE_SCHEMA, json: true }).filter(isObj);
    const header = docs.find((d) => d['kind'] === 'PodwhyFixture');
    const pod = docs.find((d) => d['kind'] === 'Pod');
    if (!pod || !isObj(pod['status'])) continue;
    const fires = isObj(header?.['expect']) ? header['expect']['fires'] : undefined;
    (Array.isArray(fires) && fires.length === 0 ? out.healthy : out.unhealthy).push(pod);
  }
  return out;
}

/** A small deterministic PRNG (mulberry32): the same inputs on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function uid(rand: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** fieldsV1 as server-side apply records it: f:<field>, k:{<merge key>} for keyed list items. */
function fieldsOf(v: unknown, top = false): Obj {
  if (isObj(v)) {
    const o: Obj = top ? {} : { '.': {} };
    for (const [k, child] of Object.entries(v)) o[`f:${k}`] = isObj(child) || Array.isArray(child) ? fieldsOf(child) : {};
    return o;
  }
  if (Array.isArray(v)) {
    const o: Obj = {};
    for (const item of v) {
      if (!isObj(item)) continue;
      const key = item['name'] !== undefined ? { name: item['name'] } : item['type'] !== undefined ? { type: item['type'] } : item['containerPort'] !== undefined ? { containerPort: item['containerPort'], protocol: item['protocol'] ?? 'TCP' } : item['ip'] !== undefined ? { ip: item['ip'] } : undefined;
      if (key) o[`k:${JSON.stringify(key)}`] = fieldsOf(item);
    }
    return o;
  }
  return {};
}

function managedFields(pod: Obj): Obj[] {
  const md = isObj(pod['metadata']) ? pod['metadata'] : {};
  const created = typeof md['creationTimestamp'] === 'string' ? md['creationTimestamp'] : '2025-01-01T00:00:00Z';
  const meta: Obj = {};
  for (const k of ['generateName', 'labels', 'annotations', 'ownerReferences']) if (md[k] !== undefined) meta[k] = md[k];
  const { status, ...rest } = pod;
  void rest;
  const status2 = isObj(status) ? { ...status } : {};
  delete status2['qosClass'];
  return [
    { apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: fieldsOf({ metadata: meta, spec: pod['spec'] }, true), manager: 'kube-controller-manager', operation: 'Update', time: created },
    { apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: fieldsOf({ status: status2 }, true), manager: 'kubelet', operation: 'Update', subresource: 'status', time: created },
  ];
}

/** `count` pods, ~30% unhealthy, each with managedFields. */
export function generatePods(count: number, fixturesDir: string, seed = 42): Obj[] {
  const { healthy, unhealthy } = fixturePods(fixturesDir);
  if (healthy.length === 0 || unhealthy.length === 0) throw new Error(`no healthy or no unhealthy fixture pods in ${fixturesDir}`);
  const rand = prng(seed);
  const pods: Obj[] = [];
  for (let i = 0; i < count; i++) {
    const sick = rand() < 0.3;
    const from = sick ? unhealthy : healthy;
    const pod = structuredClone(from[Math.floor(rand() * from.length)] as Obj);
    const md = (isObj(pod['metadata']) ? pod['metadata'] : (pod['metadata'] = {})) as Obj;
    const base = String(md['name'] ?? 'pod').replace(/-[a-z0-9]{5}$/, '');
    md['name'] = `${base}-${i.toString(36).padStart(5, '0')}`;
    md['namespace'] = `team-${i % 25}`;
    md['uid'] = uid(rand);
    md['resourceVersion'] = String(1_000_000 + i);
    // Fixtures keep their managedFields short; a cluster's are as deep as the object itself.
    md['managedFields'] = managedFields(pod);
    pods.push(pod);
  }
  return pods;
}

export function listOf(items: Obj[]): Obj {
  return { apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } };
}

/** Write (or reuse) `<dir>/pods-<count>.yaml` and `.json`. */
export function benchInputs(dir: string, count: number, fixturesDir: string): { yaml: string; json: string; bytes: { yaml: number; json: number } } {
  mkdirSync(dir, { recursive: true });
  const stem = join(dir, `pods-${count}-v${GENERATOR_VERSION}`);
  const y = `${stem}.yaml`;
  const j = `${stem}.json`;
  const exists = (f: string) => {
    try {
      return statSync(f).size > 0;
    } catch {
      return false;
    }
  };
  if (!exists(y) || !exists(j)) {
    const list = listOf(generatePods(count, fixturesDir));
    // kubectl prints each list item through the same marshaller; emitting item by item keeps the
    // generator's memory to one pod's text at a time.
    const items = list['items'] as Obj[];
    const parts: string[] = ['apiVersion: v1\nitems:\n'];
    for (const item of items) parts.push(toKubectlYamlItem(item));
    parts.push('kind: List\nmetadata:\n  resourceVersion: ""\n');
    writeFileSync(y, parts.join(''));
    writeFileSync(j, `${JSON.stringify(list, null, 4)}\n`);
  }
  return { yaml: y, json: j, bytes: { yaml: statSync(y).size, json: statSync(j).size } };
}
