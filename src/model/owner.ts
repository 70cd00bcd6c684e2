// The controller chain above a pod, nearest first. Live mode reads it from the API; offline it is
// derived without a request where Kubernetes' naming makes it certain: a Deployment's ReplicaSet is
// named <deployment>-<pod-template-hash>, and the pod carries that hash as a label.

import { dig, nonEmpty, objs, str, type JsonObject } from '../util/json.js';

export interface OwnerRef {
  kind: string;
  name: string;
}

export function controllerOf(o: unknown): OwnerRef | undefined {
  const refs = objs(dig(o, 'metadata', 'ownerReferences'));
  const r = refs.find((x) => x['controller'] === true) ?? refs[0];
  const kind = r ? nonEmpty(r['kind']) : undefined;
  const name = r ? nonEmpty(r['name']) : undefined;
  return kind && name ? { kind, name } : undefined;
}

export function derivedOwnerChain(pod: JsonObject): OwnerRef[] {
  const owner = controllerOf(pod);
  if (!owner) return [];
  const chain = [owner];
  const hash = str(dig(pod, 'metadata', 'labels', 'pod-template-hash'));
  if (owner.kind === 'ReplicaSet' && hash && owner.name.endsWith(`-${hash}`)) {
    chain.push({ kind: 'Deployment', name: owner.name.slice(0, -hash.length - 1) });
  }
  return chain;
}
