// Readers of a pod's spec for the facts (normalize.ts): what a container mounts, its lifecycle hooks,
// the ConfigMaps and Secrets it refers to, the pod's volumes, tolerations, QoS class and node
// affinity, each as the short text or list the rules and evidence show. Moved out of normalize.ts
// unchanged.

import { arr, dig, nonEmpty, num, obj, objs, str, type JsonObject } from '../util/json.js';
import { redact } from '../util/redact.js';
import type { ContainerFacts } from './types.js';

/** "certs at /certs": the volumes a container mounts, service account tokens left out. */
export function mountsOf(sp: JsonObject | undefined): string[] {
  const list = sp?.['volumeMounts'];
  if (!Array.isArray(list) || list.length === 0) return [];
  const out: string[] = [];
  for (const m of objs(list)) {
    const name = str(m['name']) ?? '?';
    const path = str(m['mountPath']) ?? '?';
    if (isTokenVolume(name) || path === '/var/run/secrets/kubernetes.io/serviceaccount') continue;
    out.push(`${name} at ${path}`);
  }
  return out;
}

/** "postStart exec cp", "preStop httpGet /shutdown": the hooks of a container spec, program or path only. */
export function lifecycleHooks(sp: JsonObject | undefined): string[] {
  if (sp?.['lifecycle'] === undefined) return [];
  const out: string[] = [];
  for (const when of ['postStart', 'preStop'] as const) {
    const h = obj(dig(sp, 'lifecycle', when));
    if (!h) continue;
    const exec = str(arr(dig(h, 'exec', 'command'))[0]);
    const http = obj(h['httpGet']);
    if (exec !== undefined) out.push(redact(`${when} exec ${exec.length > 80 ? `${exec.slice(0, 80)}…` : exec}`));
    else if (http) out.push(redact(`${when} httpGet ${str(http['path']) ?? '/'}`));
    else if (obj(h['sleep'])) out.push(`${when} sleep`);
    else out.push(when);
  }
  return out;
}

/** "Secret hcloud (key network)", "ConfigMap app-config (all keys)": what the kubelet must find to build the container's environment. */
export function configRefs(sp: JsonObject | undefined): string[] {
  if (sp === undefined || (sp['env'] === undefined && sp['envFrom'] === undefined)) return [];
  const out = new Set<string>();
  const opt = (o: JsonObject) => (o['optional'] === true ? ', optional' : '');
  for (const e of objs(sp['env'])) {
    const from = obj(e['valueFrom']);
    if (!from) continue;
    for (const [key, kind] of [['secretKeyRef', 'Secret'], ['configMapKeyRef', 'ConfigMap']] as const) {
      const r = obj(from[key]);
      const name = r ? nonEmpty(r['name']) : undefined;
      if (r && name !== undefined) out.add(`${kind} ${name} (key ${str(r['key']) ?? '?'}${opt(r)})`);
    }
  }
  for (const e of objs(sp['envFrom'])) {
    for (const [key, kind] of [['secretRef', 'Secret'], ['configMapRef', 'ConfigMap']] as const) {
      const r = obj(e[key]);
      const name = r ? nonEmpty(r['name']) : undefined;
      if (r && name !== undefined) out.add(`${kind} ${name} (all keys${opt(r)})`);
    }
  }
  return [...out];
}

/** Projected service account tokens and their old Secret form: every pod has one, they say nothing. */
const TOKEN_VOLUME = /^(?:kube-api-access-\w+|default-token-\w+|[\w-]+-token-\w{5})$/;
const isTokenVolume = (name: string) => name.includes('-token-') || name.startsWith('kube-api-access-') ? TOKEN_VOLUME.test(name) : false;

/** "certs (secret coturn)", "data (persistentVolumeClaim data-db-0)", "cache (emptyDir)". */
export function volumeText(v: JsonObject): string | undefined {
  const name = nonEmpty(v['name']);
  if (name === undefined || isTokenVolume(name)) return undefined;
  for (const [kind, key] of [['secret', 'secretName'], ['configMap', 'name'], ['persistentVolumeClaim', 'claimName'], ['hostPath', 'path'], ['nfs', 'path'], ['csi', 'driver']] as const) {
    const src = obj(v[kind]);
    if (src) {
      const what = nonEmpty(src[key]);
      return what !== undefined ? `${name} (${kind} ${what})` : `${name} (${kind})`;
    }
  }
  const kind = Object.keys(v).find((k) => k !== 'name');
  return kind !== undefined ? `${name} (${kind})` : name;
}

export function toleration(t: JsonObject): string {
  const key = str(t['key']) ?? '';
  const op = str(t['operator']) ?? 'Equal';
  const value = str(t['value']);
  const effect = str(t['effect']);
  let out = key === '' && op === 'Exists' ? '*' : op === 'Exists' ? `${key}` : `${key}=${value ?? ''}`;
  if (effect) out += `:${effect}`;
  const secs = num(t['tolerationSeconds']);
  if (secs !== undefined) out += ` for ${secs}s`;
  return out;
}

/** The QoS class the API server assigns (pkg/apis/core/helper/qos), from requests and limits. */
export function qosClass(containers: ContainerFacts[]): string {
  const relevant = containers.filter((c) => c.kind !== 'ephemeral');
  let any = false;
  let guaranteed = relevant.length > 0;
  for (const c of relevant) {
    const { requests, limits } = c.resources;
    for (const r of ['cpu', 'memory']) {
      const req = requests[r] ?? limits[r]; // a limit without a request defaults the request to it
      if (req !== undefined || limits[r] !== undefined) any = true;
      if (limits[r] === undefined || (req !== undefined && req !== limits[r])) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

/** Required node affinity as readable terms: "topology.kubernetes.io/zone In (eu-west-1a, eu-west-1b)". */
export function nodeAffinityTerms(spec: JsonObject): string[] {
  const affinity = obj(spec['affinity']);
  if (affinity === undefined) return [];
  const terms = objs(dig(affinity, 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', 'nodeSelectorTerms'));
  return terms.map((t) =>
    [...objs(t['matchExpressions']), ...objs(t['matchFields'])]
      .map((e) => {
        const key = str(e['key']) ?? '?';
        const op = str(e['operator']) ?? '?';
        const values = arr(e['values']).map((v) => str(v) ?? '?');
        return values.length > 0 ? `${key} ${op} (${values.join(', ')})` : `${key} ${op}`;
      })
      .join(' and '),
  ).filter((t) => t !== '');
}

/**
 * Required inter-pod (anti-)affinity terms as "app=db per kubernetes.io/hostname": the pods it
 * must (affinity) or must not (anti-affinity) share a topology domain with, and the domain.
 */
export function podAffinityTerms(spec: JsonObject, kind: 'podAffinity' | 'podAntiAffinity'): string[] {
  const affinity = obj(spec['affinity']);
  if (affinity === undefined) return [];
  return objs(dig(affinity, kind, 'requiredDuringSchedulingIgnoredDuringExecution'))
    .map((t) => {
      const sel = obj(t['labelSelector']);
      const labels = Object.entries(obj(sel?.['matchLabels']) ?? {}).map(([k, v]) => `${k}=${str(v) ?? ''}`);
      const exprs = objs(sel?.['matchExpressions']).map((e) => `${str(e['key']) ?? '?'} ${str(e['operator']) ?? '?'}${arr(e['values']).length > 0 ? ` (${arr(e['values']).map((v) => str(v) ?? '?').join(', ')})` : ''}`);
      const what = [...labels, ...exprs].join(', ') || 'any pod';
      return `${what} per ${str(t['topologyKey']) ?? '?'}`;
    });
}
