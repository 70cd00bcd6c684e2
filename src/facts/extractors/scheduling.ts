// The scheduler's FitError message, split clause by clause:
//   0/5 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: },
//   4 Insufficient memory. preemption: 0/5 nodes are available: 1 Preemption is not helpful for
//   scheduling, 4 No preemption victims found for incoming pod.
// Filter reasons carry a node count ("4 Insufficient memory"); PreFilter rejections do not
// ("pod has unbound immediate PersistentVolumeClaims"). Older schedulers wrote other shapes, all
// read here into the same clauses:
//   v1.0–1.1   Failed for reason PodFitsResources and possibly others
//   v1.2–1.4   pod (web-1) failed to fit in any node⏎fit failure on node (n1): Insufficient cpu⏎…
//   v1.5       pod (web-1) failed to fit in any node⏎fit failure summary on nodes : Insufficient pods (2), PodToleratesNodeTaints (1)
//   v1.6–1.7   No nodes are available that match all of the following predicates:: Insufficient cpu (17), MatchNodeSelector (18).
//   v1.7–1.9   0/3 nodes are available: 1 PodToleratesNodeTaints, 2 Insufficient nvidia.com/gpu.   (predicate names)
// GKE's console prefixes "Cannot schedule pods: "; the cluster autoscaler's NotTriggerScaleUp event
// reads "pod didn't trigger scale-up (it wouldn't fit if a new node is added): 1 node(s) didn't
// match node selector, 2 max node group size reached" (counts are node groups there).
// Anything unrecognised becomes kind "unknown" with its text, never an error.

import { bool, listOf, num, obj, oneOf, opt, reason, str, strs, type FactType } from '../declare.js';
import { podFamily, type PodScope, type PodFamilyOf } from '../family.js';
import type { EventFacts } from '../types.js';
import { setIf } from '../values.js';

/** Every kind a clause of a scheduler message is given: the fact catalogue's scheduling.reasons[].kind values. */
export const SCHEDULING_KINDS = [
  'insufficient-resource',
  'too-many-pods',
  'untolerated-taint',
  'node-affinity',
  'node-name',
  'unschedulable-node',
  'host-port',
  'pod-affinity',
  'pod-anti-affinity',
  'service-affinity',
  'topology-spread',
  'unbound-pvc',
  'missing-pvc',
  'pvc-deleting',
  'missing-storageclass',
  'volume-node-affinity',
  'volume-zone',
  'disk-conflict',
  'no-persistent-volume',
  'volume-capacity',
  'missing-pv',
  'volume-limit',
  'node-not-ready',
  'no-nodes',
  'max-node-group-size',
  'scale-up-backoff',
  'plugin',
  'unknown',
] as const;
export type SchedulingKind = (typeof SCHEDULING_KINDS)[number];

/** The pod's `scheduling` facts: the scheduler's message split here; normalize marks routine clauses and sums them up. */
export const SCHEDULING_FACTS = obj('The scheduler\'s message (PodScheduled condition or FailedScheduling event), split (extractor).', {
  message: str('The whole message.'),
  nodes: opt(num('N in "0/N nodes are available".')),
  reasons: listOf(
    'One entry per clause.',
    'kind',
    obj('A clause of the scheduler message.', {
      kind: oneOf(
        'insufficient-resource, too-many-pods, untolerated-taint, node-affinity, node-name, unschedulable-node, host-port, pod-affinity, pod-anti-affinity, service-affinity, topology-spread, unbound-pvc, missing-pvc, pvc-deleting, missing-storageclass, volume-node-affinity, volume-zone, disk-conflict, no-persistent-volume, volume-capacity, missing-pv, volume-limit, node-not-ready, no-nodes, max-node-group-size, scale-up-backoff (the cluster autoscaler\'s), plugin, unknown. Predicate names of schedulers before v1.10 (PodFitsResources, MatchNodeSelector…) map to the same kinds.',
        SCHEDULING_KINDS,
      ),
      /** Undefined for pod-level (PreFilter) reasons. */
      count: opt(num('How many nodes this clause applies to.')),
      text: str('The clause as written.'),
      detail: opt(str('What it names: the resource, the taint (key or key=value), the PVC.')),
      routine: bool('The clause only rules out nodes the pod was never meant for (control-plane taints; a DaemonSet pod pinned to its node), and other clauses remain.'),
    }),
  ),
  preemption: opt(str('The text after "preemption:".')),
  summary: strs('One line per clause: "3 nodes: Insufficient memory".'),
  insufficient: strs('Resources named by "Insufficient …" clauses.'),
  taints: strs('Taints named by untolerated-taint clauses.'),
  from: oneOf('condition or event.', ['condition', 'event']),
  bindingError: bool('The message is an error of the binding cycle, after a node was chosen (a Reserve, Permit, PreBind or Bind plugin failed; extractor).'),
  event: opt(reason('FailedScheduling when the message came from that event.')),
});
export type SchedulingFacts = FactType<typeof SCHEDULING_FACTS>;
export type SchedulingReasonFacts = SchedulingFacts['reasons'][number];
/** What one message tells: its clauses (routine is decided by normalize, which knows the pod). */
export type SchedulingReason = Omit<SchedulingReasonFacts, 'routine'>;
export type ParsedScheduling = Pick<SchedulingFacts, 'nodes' | 'preemption'> & { reasons: SchedulingReason[] };

interface Pattern {
  kind: SchedulingKind;
  re: RegExp;
  /** Which capture group is the detail. */
  detail?: number;
}

const PATTERNS: Pattern[] = [
  // "Insufficient pods" is how schedulers before v1.9 said "Too many pods".
  { kind: 'too-many-pods', re: /^Too many pods|^Insufficient pods\b/i },
  { kind: 'insufficient-resource', re: /^Insufficient ([\w./-]+?)(?: \(\d+\))?$/, detail: 1 },
  // "node(s) had untolerated taint {k: v}" (<=1.33), "node(s) had untolerated taint(s)" (1.34+),
  // "node(s) had taint {k: v}, that the pod didn't tolerate" (<=1.24)
  { kind: 'untolerated-taint', re: /(?:untolerated taint|had taints?)\s*(?:\(s\))?\s*(\{[^}]*\})?/, detail: 1 },
  { kind: 'node-affinity', re: /didn't match (?:Pod's node affinity|node selector|node affinity)|didn't satisfy plugin\(s\) \[NodeAffinity\]|didn't have the requested labels|MatchNodeSelector/ },
  { kind: 'node-name', re: /didn't match the requested (?:node name|hostname)/ },
  { kind: 'unschedulable-node', re: /were unschedulable|node\(s\) were cordoned/ },
  { kind: 'host-port', re: /didn't have free ports/ },
  { kind: 'pod-anti-affinity', re: /didn't (?:match pod anti-affinity rules|satisfy existing pods anti-affinity rules)/ },
  { kind: 'pod-affinity', re: /didn't match pod affinity(?: rules|\/anti-affinity)/ },
  { kind: 'service-affinity', re: /didn't match service affinity/ },
  { kind: 'topology-spread', re: /topology spread constraints/ },
  { kind: 'volume-capacity', re: /did not have enough free storage/ },
  { kind: 'missing-pv', re: /bound to non-existent (?:pv|persistentvolume)/i },
  { kind: 'unbound-pvc', re: /unbound immediate PersistentVolumeClaims|unbound PersistentVolumeClaims/ },
  { kind: 'missing-pvc', re: /persistentvolumeclaims? "([^"]*)" not found/, detail: 1 },
  { kind: 'pvc-deleting', re: /persistentvolumeclaim "([^"]*)" is being deleted/, detail: 1 },
  // Schedulers before v1.17 failed volume binding with the class lookup's own error.
  { kind: 'missing-storageclass', re: /storageclass(?:\.storage\.k8s\.io|es\.storage\.k8s\.io)? "([^"]*)" not found/i, detail: 1 },
  { kind: 'volume-node-affinity', re: /volume node affinity conflict|didn't match PersistentVolume's node affinity/ },
  { kind: 'volume-zone', re: /had no available volume zone/ },
  { kind: 'disk-conflict', re: /had no available disk/ },
  { kind: 'no-persistent-volume', re: /didn't find available persistent volumes to bind/ },
  { kind: 'volume-limit', re: /exceed max volume count|max volume count/ },
  {
    kind: 'node-not-ready',
    re: /node\(s\) (?:were not ready|had condition|were out of disk|had unavailable network|had unknown conditions)|node\(s\) had (?:memory|disk|pid) pressure/,
  },
  // the cluster autoscaler's own reasons (NotTriggerScaleUp): counts are node groups
  { kind: 'max-node-group-size', re: /^max (?:node group size|limit) reached|^max cluster (?:cpu|memory|size)/i },
  { kind: 'scale-up-backoff', re: /^in backoff after failed scale-up/i },
  { kind: 'plugin', re: /didn't satisfy plugins?(?:\(s\))? \[?([\w ]+?)\]?(?: simultaneously)?$/, detail: 1 },
];

/**
 * The predicate names schedulers before v1.10 printed instead of a sentence ("1 PodToleratesNodeTaints",
 * "Failed for reason PodFitsResources …"), and the framework plugins that replaced them.
 */
const PREDICATES: Record<string, SchedulingKind> = {
  PodFitsResources: 'insufficient-resource',
  NodeResourcesFit: 'insufficient-resource',
  PodFitsHostPorts: 'host-port',
  PodFitsPorts: 'host-port',
  NodePorts: 'host-port',
  MatchNodeSelector: 'node-affinity',
  NodeAffinity: 'node-affinity',
  CheckNodeLabelPresence: 'node-affinity',
  HostName: 'node-name',
  PodFitsHost: 'node-name',
  NodeName: 'node-name',
  PodToleratesNodeTaints: 'untolerated-taint',
  TaintToleration: 'untolerated-taint',
  NodeUnschedulable: 'unschedulable-node',
  CheckNodeUnschedulable: 'unschedulable-node',
  MatchInterPodAffinity: 'pod-affinity',
  PodAffinityRulesNotMatch: 'pod-affinity',
  PodAntiAffinityRulesNotMatch: 'pod-anti-affinity',
  ExistingPodsAntiAffinityRulesNotMatch: 'pod-anti-affinity',
  CheckServiceAffinity: 'service-affinity',
  EvenPodsSpread: 'topology-spread',
  PodTopologySpread: 'topology-spread',
  NoVolumeZoneConflict: 'volume-zone',
  VolumeZone: 'volume-zone',
  NoDiskConflict: 'disk-conflict',
  VolumeRestrictions: 'disk-conflict',
  NoVolumeNodeConflict: 'volume-node-affinity',
  MaxVolumeCount: 'volume-limit',
  MaxEBSVolumeCount: 'volume-limit',
  MaxGCEPDVolumeCount: 'volume-limit',
  MaxAzureDiskVolumeCount: 'volume-limit',
  MaxCinderVolumeCount: 'volume-limit',
  MaxCSIVolumeCountPred: 'volume-limit',
  NodeVolumeLimits: 'volume-limit',
  NodeUnderMemoryPressure: 'node-not-ready',
  NodeUnderDiskPressure: 'node-not-ready',
  NodeUnderPIDPressure: 'node-not-ready',
  CheckNodeMemoryPressure: 'node-not-ready',
  CheckNodeDiskPressure: 'node-not-ready',
  CheckNodePIDPressure: 'node-not-ready',
  CheckNodeCondition: 'node-not-ready',
  NodeNotReady: 'node-not-ready',
  NodeOutOfDisk: 'node-not-ready',
  NodeNetworkUnavailable: 'node-not-ready',
  NodeUnknownCondition: 'node-not-ready',
};

function classify(text: string): { kind: SchedulingKind; detail?: string } {
  const predicate = /^([A-Z][A-Za-z]+)$/.exec(text)?.[1];
  if (predicate !== undefined && PREDICATES[predicate] !== undefined) return { kind: PREDICATES[predicate] as SchedulingKind };
  for (const p of PATTERNS) {
    const m = p.re.exec(text);
    if (m) {
      const d = p.detail !== undefined ? m[p.detail] : undefined;
      return d ? { kind: p.kind, detail: d } : { kind: p.kind };
    }
  }
  return { kind: 'unknown' };
}

/** Split a "a, b, c" list whose items start with a count, keeping commas inside items. */
function splitClauses(body: string): string[] {
  return body
    .split(/,\s+(?=\d+\s)/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function trimDots(s: string): string {
  return s.replace(/[.\s]+$/, '').trim();
}

function parseClause(clause: string): SchedulingReason {
  const m = /^(\d+)\s+(.*)$/s.exec(clause);
  const count = m ? Number(m[1]) : undefined;
  const text = trimDots(m ? (m[2] as string) : clause);
  const { kind, detail } = classify(text);
  const out: SchedulingReason = { kind, text };
  if (count !== undefined) out.count = count;
  if (detail !== undefined) {
    // "{node-role.kubernetes.io/control-plane: }" → "node-role.kubernetes.io/control-plane"
    const t = /^\{\s*([^:}]*?)\s*:\s*([^}]*?)\s*\}$/.exec(detail);
    out.detail = t ? (t[2] ? `${t[1]}=${t[2]}` : (t[1] as string)) : detail;
  }
  return out;
}

/** "Insufficient cpu (17), MatchNodeSelector (18)" (v1.5–1.7): the count follows each reason in brackets. */
function bracketClauses(body: string): string[] {
  return trimDots(body)
    .split(/(?<=\(\d+\))\s*,\s*/)
    .map((c) => {
      const m = /^(.*?)\s*\((\d+)\)$/.exec(c.trim());
      return m ? `${m[2]} ${m[1]}` : c.trim();
    })
    .filter((c) => c !== '');
}

/**
 * Whether the scheduler failed after choosing a node, in a plugin of the binding cycle (Reserve,
 * Permit, PreBind, Bind): 'running PreBind plugin "VolumeBinding": …', 'binding rejected: running
 * Bind plugin "DefaultBinder": …', or since v1.27 'error while running "VolumeBinding" prebind plugin …'.
 */
export function isBindingError(message: string): boolean {
  return /^(?:binding rejected: )?(?:running (?:Reserve|Permit|PreBind|Bind) plugin|error while running "[^"]+" (?:reserve|permit|prebind|bind) plugin)/.test(message);
}

export function parseSchedulingMessage(message: string): ParsedScheduling {
  // One line per node (v1.2–1.4) is read before whitespace is folded.
  const perNode = [...message.matchAll(/fit failure on node \([^)]*\):\s*([^\n]+)/g)].map((m) => trimDots(m[1] as string));
  const msg = message
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^Cannot schedule pods:\s*/i, '');
  if (/^no nodes available to schedule pods/i.test(msg)) {
    return { nodes: 0, reasons: [{ kind: 'no-nodes', count: 0, text: 'no nodes available to schedule pods' }] };
  }
  if (perNode.length > 0) {
    const counts = new Map<string, number>();
    for (const r of perNode) counts.set(r, (counts.get(r) ?? 0) + 1);
    return { nodes: perNode.length, reasons: [...counts].map(([r, n]) => parseClause(`${n} ${r}`)) };
  }
  const old = /(?:fit failure summary on nodes\s*:|No nodes are available that match all of the following predicates::?)\s*(.*)$/i.exec(msg);
  if (old) {
    const reasons = bracketClauses(old[1] as string).map(parseClause);
    return { reasons: reasons.length > 0 ? reasons : [{ kind: 'unknown', text: msg }] };
  }
  const possibly = /^Failed for reason (\S+?) and possibly others/i.exec(msg);
  if (possibly) return { reasons: [parseClause(possibly[1] as string)] };
  const scaleUp = /^pod didn't trigger scale-up(?: \(it wouldn't fit if a new node is added\))?:?\s*(.*)$/i.exec(msg);
  if (scaleUp) {
    const clauses = splitClauses(trimDots(scaleUp[1] as string));
    return { reasons: clauses.length > 0 ? clauses.map(parseClause) : [{ kind: 'unknown', text: trimDots(msg) }] };
  }
  const head = /(\d+)\/(\d+) nodes are available:?\s*/.exec(msg);
  if (!head) {
    // A plugin error ("running "VolumeBinding" filter plugin for pod "x": pod has unbound …")
    // or a message of a shape we do not know: classify the whole text.
    const text = trimDots(msg.replace(/^(?:error while )?running "[^"]+" (?:filter|prefilter|PreFilter) plugin(?: for pod "[^"]*")?:\s*/, ''));
    return { reasons: [{ ...classify(text), text }] };
  }
  const nodes = Number(head[2]);
  const rest = msg.slice(head.index + head[0].length);
  // Since v1.24 the message is "<PreFilter>. <Filter reasons>. <PostFilter>." where PostFilter
  // messages of several plugins are joined with ", " ("no new claims to deallocate, preemption:
  // …"). Everything from the section holding "preemption:" on is the preemption part.
  let preemption: string | undefined;
  const clauses: string[] = [];
  const sections = rest.split(/\.\s+(?=\S)/);
  for (let i = 0; i < sections.length; i++) {
    const sec = sections[i] as string;
    const p = sec.search(/(?:^|,\s*)preemption:\s*/);
    if (p >= 0) {
      preemption = trimDots([sec.slice(p).replace(/^,?\s*preemption:\s*/, ''), ...sections.slice(i + 1)].join('. '));
      break;
    }
    if (/^no new claims to deallocate/.test(sec)) continue;
    clauses.push(...splitClauses(trimDots(sec)));
  }
  const reasons = clauses.map(parseClause);
  if (reasons.length === 0 && nodes === 0) reasons.push({ kind: 'no-nodes', count: 0, text: 'no nodes' });
  const out: ParsedScheduling = { nodes, reasons };
  if (preemption) out.preemption = preemption;
  return out;
}

/**
 * Clauses of filters that run after TaintToleration and NodeAffinity (NodePorts, NodeResourcesFit,
 * the volume filters, PodTopologySpread, InterPodAffinity): kube-scheduler counts a node under the
 * first filter it fails, so a node counted here tolerated the pod's taints and matched its
 * selector. It is a node the pod is meant for, failing for another reason.
 */
const PAST_TAINTS_AND_SELECTOR: ReadonlySet<SchedulingKind> = new Set<SchedulingKind>([
  'host-port', 'insufficient-resource', 'too-many-pods', 'volume-capacity', 'volume-node-affinity', 'volume-zone',
  'disk-conflict', 'no-persistent-volume', 'volume-limit', 'topology-spread', 'pod-affinity', 'pod-anti-affinity',
]);

/**
 * Whether an untolerated-taint clause is incidental, read from the message alone: other nodes
 * passed the pod's taints and selector and failed for another reason (no room, a port, spread),
 * so the pod is meant for those, and nodes whose taint it has no toleration for are nodes reserved
 * for other pods (a GPU or dedicated pool). Not when those nodes lack an extended resource the pod
 * requests (nvidia.com/gpu…): then the tainted nodes are likely the ones that offer it, and the
 * missing toleration may be the cause.
 */
export function incidentalTaint(r: Pick<SchedulingReason, 'kind' | 'detail'>, all: readonly Pick<SchedulingReason, 'kind' | 'detail' | 'count'>[]): boolean {
  if (r.kind !== 'untolerated-taint') return false;
  // a taint of unhealthy nodes says the node is down, not reserved
  if (/^node\.(?:cloudprovider\.)?kubernetes\.io\//.test(r.detail ?? '')) return false;
  const extended = (x: Pick<SchedulingReason, 'kind' | 'detail'>) => x.kind === 'insufficient-resource' && x.detail !== undefined && (x.detail.includes('/') || !/^(?:cpu|memory|ephemeral-storage|pods|hugepages-.*)$/.test(x.detail));
  if (all.some(extended)) return false;
  return all.some((x) => x.count !== undefined && x.count > 0 && PAST_TAINTS_AND_SELECTOR.has(x.kind));
}

/**
 * Events only a pod bound to a node gets: the scheduler's Scheduled, and what the kubelet (or the
 * attach/detach controller, for the node it was placed on) does with it.
 */
const PLACED_EVENTS = new Set([
  'Scheduled', 'Pulling', 'Pulled', 'Created', 'Started', 'Killing', 'BackOff', 'Unhealthy',
  'SuccessfulAttachVolume', 'FailedAttachVolume', 'SuccessfulMountVolume', 'FailedMount',
  'FailedCreatePodSandBox', 'SandboxChanged', 'FailedSync',
]);

/**
 * A FailedScheduling event that a later placement outdates: the scheduler failed, then (the claim
 * created, a node freed) placed the pod, and the kubelet went on with it. Told by the events' own
 * times only; without them the order of a paste proves nothing.
 */
export function placedSince(failed: EventFacts, events: readonly EventFacts[]): boolean {
  const at = failed.lastSeenSecondsAgo;
  if (at === undefined) return false;
  return events.some((e) => e.reason !== undefined && PLACED_EVENTS.has(e.reason) && e.lastSeenSecondsAgo !== undefined && e.lastSeenSecondsAgo < at);
}

/**
 * The scheduler's word on a pod it has not placed: the PodScheduled condition's message, else its
 * newest FailedScheduling event that no later placement outdates; split into clauses, the routine
 * ones (a control-plane taint beside a real cause) marked.
 */
export function extractScheduling({ pod, conditions, events }: Pick<PodScope, 'pod' | 'conditions' | 'events'>): SchedulingFacts | undefined {
  const sched = conditions['PodScheduled'];
  let message: string | undefined;
  let from: SchedulingFacts['from'] = 'condition';
  if (sched?.status === 'False' && sched.message && sched.reason !== 'SchedulingGated') message = sched.message;
  if (message === undefined && !pod.nodeName && sched?.status !== 'True') {
    const ev = events.find((e) => e.reason === 'FailedScheduling' && e.message);
    if (ev?.message && !placedSince(ev, events)) {
      message = ev.message;
      from = 'event';
    }
  }
  if (message === undefined) return undefined;
  const p = parseSchedulingMessage(message);
  const isRoutine = (r: { kind: string; detail?: string }) =>
    (r.kind === 'untolerated-taint' && /^node-role\.kubernetes\.io\/(?:control-plane|master)\b/.test(r.detail ?? '')) ||
    (r.kind === 'node-affinity' && pod.owner?.kind === 'DaemonSet');
  const others = p.reasons.some((r) => !isRoutine(r));
  const reasons = p.reasons.map((r) => ({ ...r, routine: others && (isRoutine(r) || incidentalTaint(r, p.reasons)) }));
  const out: SchedulingFacts = {
    message,
    reasons,
    from,
    bindingError: isBindingError(message),
    summary: reasons.map((r) => (r.count !== undefined ? `${r.count} × ${r.text}` : r.text)),
    insufficient: [...new Set(reasons.filter((r) => r.kind === 'insufficient-resource' && r.detail).map((r) => r.detail as string))],
    taints: [...new Set(reasons.filter((r) => r.kind === 'untolerated-taint' && !r.routine && r.detail).map((r) => r.detail as string))],
  };
  if (from === 'event') out.event = 'FailedScheduling';
  setIf(out, 'nodes', p.nodes);
  setIf(out, 'preemption', p.preemption);
  return out;
}

export const SCHEDULING_FAMILY: PodFamilyOf<'scheduling', typeof SCHEDULING_FACTS> = podFamily('scheduling', SCHEDULING_FACTS, extractScheduling);
