// The part of a pod that the main thread reads while a worker thread holds the pod itself
// (protocol.ts). Everything that runs on a snapshot's pods before they are diagnosed reads only
// this: placeholders (dropPlaceholders: metadata.namespace and name), joining events
// (joinEvents: metadata.uid, namespace and name, spec.volumes' claims), joining nodes
// (spec.nodeName), -n and -l (selectPods: metadata.namespace, name and labels) and -c
// (podContainers: the containers' names in spec and status), a scan's workloads (membersOf:
// metadata.ownerReferences; a DaemonSet's pods: spec.nodeName and spec.affinity). A new reader of a pod there must
// read only these parts or add its own here: the differential test (parallel.test.ts) runs every
// fixture through the worker path and compares the output byte for byte.

import { isObject, type JsonObject } from '../../util/json.js';

/** The keys of `o` that it has, copied (the values themselves, not copies). */
function pick(o: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const k of keys) if (k in o) out[k] = o[k];
  return out;
}

/** A list of objects, each cut to `keys`; anything else as it is. */
function pickEach(v: unknown, keys: readonly string[]): unknown {
  return Array.isArray(v) ? v.map((x) => (isObject(x) ? pick(x, keys) : x)) : v;
}

const CONTAINER_LISTS = {
  spec: ['containers', 'initContainers', 'ephemeralContainers'],
  status: ['containerStatuses', 'initContainerStatuses', 'ephemeralContainerStatuses'],
} as const;

/** A pod object (kind: Pod) cut to what the main thread reads of it. */
export function podSkeleton(pod: JsonObject): JsonObject {
  const out: JsonObject = pick(pod, ['kind']);
  if ('metadata' in pod) out['metadata'] = isObject(pod['metadata']) ? pick(pod['metadata'], ['name', 'namespace', 'uid', 'labels', 'ownerReferences']) : pod['metadata'];
  if ('spec' in pod) {
    const spec = pod['spec'];
    if (isObject(spec)) {
      const s = pick(spec, ['nodeName', 'affinity']);
      if ('volumes' in spec) s['volumes'] = pickEach(spec['volumes'], ['persistentVolumeClaim']);
      for (const k of CONTAINER_LISTS.spec) if (k in spec) s[k] = pickEach(spec[k], ['name']);
      out['spec'] = s;
    } else out['spec'] = spec;
  }
  if ('status' in pod) {
    const status = pod['status'];
    if (isObject(status)) {
      const s: JsonObject = {};
      for (const k of CONTAINER_LISTS.status) if (k in status) s[k] = pickEach(status[k], ['name']);
      out['status'] = s;
    } else out['status'] = status;
  }
  return out;
}
