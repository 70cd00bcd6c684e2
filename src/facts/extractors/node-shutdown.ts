// The kubelet's graceful node shutdown, as the pod's status (or its DisruptionTarget condition)
// tells it. The kubelet's words (pkg/kubelet/nodeshutdown/nodeshutdown_manager_linux.go):
//   v1.21+  reason Terminated,  "Pod was terminated in response to imminent node shutdown."
//           (nodeShutdownMessage; from v1.26 also the message of DisruptionTarget, reason
//           TerminationByKubelet, which outlives a status rewritten by a later sync)
//           reason NodeShutdown, "Pod was rejected as the node is shutting down."
//           (nodeShutdownNotAdmittedReason/Message: the admission rejection)
//   v1.20   reason Shutdown,    "Node is shutting, evicting pods"             (NodeShutdownMessage)
//           reason Shutdown,    "Pod Node is in progress of shutting down, not admitting any new pods"
//           (the admission handler's message, which the kubelet prefixes with "Pod ")

import { obj, oneOf, opt, readFrom, str, type FactType } from '../declare.js';
import { podFamily, type PodFamilyOf, type PodScope } from '../family.js';

export const NODE_SHUTDOWN_KINDS = ['terminated', 'rejected'] as const;
export const NODE_SHUTDOWN_SOURCES = ['status', 'condition'] as const;

/** The pod's `nodeShutdown` facts: absent when the input does not say the node's shutdown touched the pod. */
export const NODE_SHUTDOWN_FACTS = obj('The kubelet\'s graceful node shutdown, as the pod\'s status or its DisruptionTarget condition says it (extractor).', {
  // the pod reasons (Terminated, v1.20's Shutdown; NodeShutdown) and the condition it is read from
  kind: readFrom(
    { terminated: ['Terminated', 'Shutdown', 'DisruptionTarget'], rejected: ['NodeShutdown', 'Shutdown'] },
    oneOf('terminated (the kubelet stopped the pod because its node was shutting down), rejected (the kubelet refused to admit the pod while its node was shutting down).', NODE_SHUTDOWN_KINDS),
  ),
  source: oneOf('Where it was read: status (status.reason and status.message) or condition (the DisruptionTarget condition\'s message).', NODE_SHUTDOWN_SOURCES),
  message: opt(str('The kubelet\'s message it was read from (absent for a bare reason NodeShutdown).')),
});
export type NodeShutdownFacts = FactType<typeof NODE_SHUTDOWN_FACTS>;

const TERMINATED = 'in response to imminent node shutdown';

/** What the pod's status and conditions say of a graceful node shutdown, when they say it. */
export function extractNodeShutdown({ pod, conditions }: Pick<PodScope, 'pod' | 'conditions'>): NodeShutdownFacts | undefined {
  const message = pod.message;
  if (message !== undefined && message.includes(TERMINATED)) return { kind: 'terminated', source: 'status', message };
  const dt = conditions['DisruptionTarget']?.message;
  if (dt !== undefined && dt.includes(TERMINATED)) return { kind: 'terminated', source: 'condition', message: dt };
  if (pod.reason === 'Shutdown' && message !== undefined) {
    if (message.includes('evicting pods')) return { kind: 'terminated', source: 'status', message };
    if (message.includes('not admitting any new pods')) return { kind: 'rejected', source: 'status', message };
  }
  if (pod.reason === 'NodeShutdown') return message !== undefined ? { kind: 'rejected', source: 'status', message } : { kind: 'rejected', source: 'status' };
  return undefined;
}

export const NODE_SHUTDOWN_FAMILY: PodFamilyOf<'nodeShutdown', typeof NODE_SHUTDOWN_FACTS> = podFamily('nodeShutdown', NODE_SHUTDOWN_FACTS, extractNodeShutdown);
