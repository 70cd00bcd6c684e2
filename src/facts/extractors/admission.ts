// Why the kubelet rejected the pod at admission (phase Failed, status.reason the rejection):
//   Pod was rejected: Node didn't have enough resource: cpu, requested: 2000, used: 3500, capacity: 4000
//   Pod was rejected: Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector
//   Pod was rejected: Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected
// (v1.24–v1.25 prefix the message with "Pod " instead of "Pod was rejected: ", and kubelets before
// v1.16 named the old scheduler predicates: "Pod Predicate MatchNodeSelector failed".)

import { obj, opt, reason, str, type FactType } from '../declare.js';
import { podFamily, type PodScope, type PodFamilyOf } from '../family.js';

/** The pod's `admission` facts: the rejection message parsed here; normalize adds the event it came from. */
export const ADMISSION_FACTS = obj('The kubelet\'s rejection message (status.message of a rejected pod), parsed.', {
  message: str('The message without the "Pod was rejected: " prefix.'),
  event: opt(reason('The kubelet\'s event of the same reason (OutOfcpu…) when the message came from it rather than status.message.')),
  resource: opt(str('The resource the node lacked (OutOf…) or the device.')),
  requested: opt(str('Requested amount (cpu in millicores, memory in bytes).')),
  used: opt(str('Already used on the node.')),
  capacity: opt(str('Node capacity.')),
  predicate: opt(str('The failed predicate (NodeAffinity, NodeName, NodePorts…).')),
});
export type AdmissionFacts = FactType<typeof ADMISSION_FACTS>;
/** What one message tells. */
export type Admission = Omit<AdmissionFacts, 'event'>;

/**
 * Whether status.message is the kubelet's admission rejection: "Pod was rejected: <message>"
 * (v1.26+) or "Pod <message>" (older). Other kubelet messages that also start with "Pod " are not
 * rejections (a pod that was active too long, terminated in response to a node shutdown, or over
 * its ephemeral local storage).
 */
export function isRejection(message: string): boolean {
  return /^(?:Pod was rejected: |Pod (?!was active on the node|was terminated in response|ephemeral local storage))/.test(message);
}

export function parseAdmission(message: string): Admission {
  const msg = message.replace(/^(?:Pod was rejected: |Pod )/, '').trim();
  const out: Admission = { message: msg };
  const m = /Node didn't have enough resource: ([^,]+), requested: (\d+), used: (\d+), capacity: (\d+)/.exec(msg);
  if (m) {
    out.resource = m[1] as string;
    // cpu is printed in millicores, memory in bytes.
    const unit = m[1] === 'cpu' ? 'm' : '';
    out.requested = `${m[2]}${unit}`;
    out.used = `${m[3]}${unit}`;
    out.capacity = `${m[4]}${unit}`;
  }
  const p = /Predicate (\w+) failed/.exec(msg);
  if (p) out.predicate = p[1] as string;
  const dev = /(?:unavailable|unhealthy devices) (?:for )?([\w./-]*\w)/.exec(msg);
  if (dev && !out.resource) out.resource = dev[1] as string;
  return out;
}

/** Reasons the kubelet gives a pod it rejects at admission, as status.reason and as an event. */
export const ADMISSION_REASON = /^(?:OutOf\w+|UnexpectedAdmissionError|NodeAffinity|NodeSelectorMismatching|NodePorts|PodFitsHostPorts|HostPortConflict|InvalidNodeInfo|NodeShutdown|Predicate\w*|SysctlForbidden|AppArmor|TopologyAffinityError|UnsupportedSupplementalGroupsPolicy)$/;
/** What the kubelet's admission messages say. */
export const ADMISSION_MESSAGE = /Node didn't have enough resource|Predicate \w+ failed|didn't match (?:Pod's )?node|Allocate failed|unhealthy devices|node is shutting down|Pod was rejected|is forbidden by|not (?:found|supported) on the node|Resources cannot be allocated/i;

/**
 * The pod's rejection: status.message when the status has it (not a message read off an event),
 * else the kubelet's event of the pod's reason (OutOfcpu: "Node didn't have enough resource: cpu,
 * requested: 1000, …"), the evidence when the status is cut or absent.
 */
export function extractAdmission({ pod, events }: Pick<PodScope, 'pod' | 'events'>): AdmissionFacts | undefined {
  if (pod.message !== undefined && pod.inferred?.['message'] === undefined && /^(?:Pod was rejected: |Pod )/.test(pod.message)) return parseAdmission(pod.message);
  const ev = events.find((e) => e.reason !== undefined && e.message !== undefined && e.reason === pod.reason && ADMISSION_MESSAGE.test(e.message));
  return ev ? { ...parseAdmission(ev.message as string), event: ev.reason as string } : undefined;
}

export const ADMISSION_FAMILY: PodFamilyOf<'admission', typeof ADMISSION_FACTS> = podFamily('admission', ADMISSION_FACTS, extractAdmission);
