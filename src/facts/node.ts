// The pod's Node (live mode reads it when the diagnosis needs it; a file may give it beside the
// pod), as `kubectl get nodes` and `describe node` tell it: Ready or not, cordoned, tainted, under
// pressure. The same reading tells the nodes of a cluster table beside an unplaced pod.

import { dig, nonEmpty, objs, str, time, type JsonObject } from '../util/json.js';
import { apiEnum, bool, num, obj, opt, reason, str as sstr, strs, type FactType } from './declare.js';
import { podFamily, type PodScope, type PodFamilyOf } from './family.js';
import { msg, secondsBetween, setIf } from './values.js';

/** The Kubernetes API's condition statuses. */
export const CONDITION_STATUSES = ['True', 'False', 'Unknown'] as const;

export const NODE_FACTS = obj('The pod\'s Node (live mode reads it when the diagnosis needs it).', {
  name: sstr('Node name.'),
  status: sstr('The STATUS kubectl get nodes prints: Ready, NotReady, Unknown, with ",SchedulingDisabled" when cordoned; NotFound when the Node object no longer exists.'),
  gone: opt(bool('The API server answered that the Node does not exist (nodes "x" not found): it was removed, and nothing of it (conditions, taints) is known.')),
  ready: opt(apiEnum('Status of the node\'s Ready condition: True, False or Unknown.', CONDITION_STATUSES)),
  readyReason: opt(reason('Reason of the Ready condition (KubeletReady, KubeletNotReady, NodeStatusUnknown).')),
  readyMessage: opt(sstr('Message of the Ready condition.')),
  readySecondsSince: opt(num('Seconds since the Ready condition changed.')),
  heartbeatSecondsAgo: opt(num('Seconds since the kubelet last posted the Ready condition.')),
  unschedulable: bool('spec.unschedulable (cordoned).'),
  taints: strs('Taints as key=value:Effect.'),
  pressure: strs('Node conditions that are True: MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable.'),
  kubeletVersion: opt(sstr('status.nodeInfo.kubeletVersion.')),
});

export type NodeFacts = FactType<typeof NODE_FACTS>;

export function nodeFacts(node: JsonObject, nowMs: number): NodeFacts {
  const conds = objs(dig(node, 'status', 'conditions'));
  const ready = conds.find((c) => c['type'] === 'Ready');
  const readyStatus = nonEmpty(ready?.['status']);
  const unschedulable = dig(node, 'spec', 'unschedulable') === true;
  const out: NodeFacts = {
    name: nonEmpty(dig(node, 'metadata', 'name')) ?? '<unnamed>',
    status: `${readyStatus === 'True' ? 'Ready' : readyStatus === undefined ? 'Unknown' : 'NotReady'}${unschedulable ? ',SchedulingDisabled' : ''}`,
    unschedulable: dig(node, 'spec', 'unschedulable') === true,
    taints: objs(dig(node, 'spec', 'taints')).map((t) => `${str(t['key']) ?? ''}${t['value'] !== undefined && t['value'] !== '' ? `=${str(t['value'])}` : ''}:${str(t['effect']) ?? ''}`),
    pressure: conds.filter((c) => c['type'] !== 'Ready' && c['status'] === 'True').map((c) => str(c['type']) ?? ''),
  };
  if (ready) {
    setIf(out, 'ready', nonEmpty(ready['status']));
    setIf(out, 'readyReason', nonEmpty(ready['reason']));
    setIf(out, 'readyMessage', msg(ready['message']));
    const t = time(ready['lastTransitionTime']);
    if (t !== undefined) out.readySecondsSince = secondsBetween(nowMs, t);
    const hb = time(ready['lastHeartbeatTime']);
    if (hb !== undefined) out.heartbeatSecondsAgo = secondsBetween(nowMs, hb);
  }
  setIf(out, 'kubeletVersion', nonEmpty(dig(node, 'status', 'nodeInfo', 'kubeletVersion')));
  return out;
}

/** The pod's Node as the input gives it, or what the API server said of it: it does not exist. */
export function extractNode({ input, pod, nowMs }: Pick<PodScope, 'input' | 'pod' | 'nowMs'>): NodeFacts | undefined {
  if (input.node) return nodeFacts(input.node, nowMs);
  // the API server said the node does not exist: no kubelet is left to finish this pod
  if (input.nodeGone === true && pod.nodeName !== undefined) return { name: pod.nodeName, status: 'NotFound', gone: true, unschedulable: false, taints: [], pressure: [] };
  return undefined;
}

export const NODE_FAMILY: PodFamilyOf<'node', typeof NODE_FACTS> = podFamily('node', NODE_FACTS, extractNode);
