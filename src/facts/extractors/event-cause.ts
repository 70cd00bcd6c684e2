// What an event's message says caused it, for the reasons whose message alone tells the cause
// (rules match this named fact, never the message text). The components' own words:
//   Killing     Container app failed liveness probe, will be restarted
//               Container app failed startup probe, will be restarted
//                 (kubelet, pkg/kubelet/kuberuntime/kuberuntime_manager.go computePodActions:
//                 "Container %s failed %s probe", killed with ", will be restarted" appended)
//               Container app definition changed, will be restarted
//                 (the same function: "Container %s definition changed", the pod spec edited in place)
//   Preempted   Preempted by pod 6d4f…-uid on node node-2          (kube-scheduler, v1.22+:
//                 pkg/scheduler/framework/preemption/preemption.go "Preempted by pod %v on node %v")
//               Preempted by default/high-prio on node node-2     (older schedulers: "Preempted by %v/%v on node %v")
//   Preempting  Preempted in order to admit critical pod         (kubelet, pkg/kubelet/preemption/preemption.go:
//                 const message, with event reason events.PreemptContainer "Preempting")

import { oneOf, opt } from '../declare.js';

/** Every cause eventCause returns: the fact catalogue's events[].cause values. */
export const EVENT_CAUSES = ['liveness-probe', 'startup-probe', 'definition-changed', 'scheduler-preemption', 'critical-pod-preemption'] as const;
export type EventCause = (typeof EVENT_CAUSES)[number];

/** The field this extractor fills in each event (facts/catalog.ts puts it in EVENT). */
export const EVENT_CAUSE_FIELDS = {
  cause: opt(
    oneOf(
      'What the message says caused the event, for the reasons whose message tells it (extractor): Killing → liveness-probe ("failed liveness probe"), startup-probe ("failed startup probe"), definition-changed (the pod spec was edited in place); Preempted → scheduler-preemption ("Preempted by …", from kube-scheduler); Preempting → critical-pod-preemption (the kubelet stopped it to admit a critical pod). Absent for any other event, and when the message does not say.',
      EVENT_CAUSES,
    ),
  ),
};

/** The cause an event of this reason and message names, when it names one. */
export function eventCause(reason: string | undefined, message: string | undefined): EventCause | undefined {
  if (message === undefined) return undefined;
  switch (reason) {
    case 'Killing':
      if (message.includes('failed liveness probe')) return 'liveness-probe';
      if (message.includes('failed startup probe')) return 'startup-probe';
      if (message.includes('definition changed')) return 'definition-changed';
      return undefined;
    case 'Preempted':
      return message.startsWith('Preempted by') ? 'scheduler-preemption' : undefined;
    case 'Preempting':
      return message.includes('critical pod') ? 'critical-pod-preemption' : undefined;
    default:
      return undefined;
  }
}
