// The host ports a pod binds on its node, as the scheduler's NodePorts plugin counts them
// (pkg/scheduler/framework/plugins/nodeports: every container port with hostPort > 0, of the
// regular containers and, since v1.29 with sidecars, of restartable init containers). With
// hostNetwork true the API defaults each container port's hostPort to its containerPort
// (pkg/apis/core/v1/defaults.go), so a manifest that was never stored gets the same reading.

import { nonEmpty, num, objs, str, type JsonObject } from '../util/json.js';

/** "80/TCP", "10.0.0.5:53/UDP": the host ports of a pod spec; undefined when the input has no spec to say. */
export function hostPortsOf(spec: JsonObject, specGiven: boolean): string[] | undefined {
  if (!specGiven || !Array.isArray(spec['containers'])) return undefined;
  const hostNetwork = spec['hostNetwork'] === true;
  const containers = [...objs(spec['containers']), ...objs(spec['initContainers']).filter((c) => c['restartPolicy'] === 'Always')];
  const out: string[] = [];
  for (const c of containers) {
    for (const p of objs(c['ports'])) {
      const port = num(p['hostPort']) ?? (hostNetwork ? num(p['containerPort']) : undefined);
      if (port === undefined || port <= 0) continue;
      const ip = nonEmpty(p['hostIP']);
      const text = `${ip !== undefined && ip !== '0.0.0.0' ? `${ip}:` : ''}${port}/${str(p['protocol']) ?? 'TCP'}`;
      if (!out.includes(text)) out.push(text);
    }
  }
  return out;
}

/** Whether the pod spec says hostNetwork (false when a stored spec omits it). */
export function hostNetworkOf(spec: JsonObject, specGiven: boolean): boolean | undefined {
  return specGiven ? spec['hostNetwork'] === true : undefined;
}
