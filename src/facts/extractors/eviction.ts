// The kubelet eviction manager's message (status.message of an Evicted pod, and its Evicted event),
// built from fragments (pkg/kubelet/eviction/helpers.go):
//   The node was low on resource: memory. Threshold quantity: 100Mi, available: 87Mi. Container app
//   was using 1.2Gi, request is 256Mi, has larger consumption of memory.
// Older kubelets: "Container app was using 1.2Gi, which exceeds its request of 256Mi."
// Node condition:  "The node had condition: [DiskPressure]."
// v1.6–1.7:        "The node was low on resource: [MemoryPressure]." (the condition, in brackets)
// Local storage:   "Pod ephemeral local storage usage exceeds the total limit of containers 1Gi."
//                  "Usage of EmptyDir volume "cache" exceeds the limit "1Gi"."
//                  "Container app exceeded its local ephemeral storage limit "500Mi"."

import { listOf, obj, oneOf, opt, reason, str, strs, type FactType } from '../declare.js';
import { podFamily, type PodScope, type PodFamilyOf } from '../family.js';
import { setIf } from '../values.js';
import { formatBytes, parseQuantity } from './quantity.js';

/** Every kind parseEvictionMessage returns: the fact catalogue's eviction.kind values. */
export const EVICTION_KINDS = ['node-pressure', 'pod-storage-limit', 'container-storage-limit', 'emptydir-limit', 'node-condition', 'unknown'] as const;
export type EvictionKind = (typeof EVICTION_KINDS)[number];

/** The node conditions of the eviction manager, one per kind of signal. */
export const PRESSURE_CONDITIONS = ['MemoryPressure', 'DiskPressure', 'PIDPressure'] as const;
export type PressureCondition = (typeof PRESSURE_CONDITIONS)[number];

/**
 * The node condition the kubelet sets while a resource named in an eviction message is short: the
 * resource is what the eviction manager's signal reclaims (memory; ephemeral-storage for nodefs,
 * imagefs and containerfs; inodes; pids), or the signal itself on old kubelets.
 */
export function pressureConditionOf(resource: string): PressureCondition | undefined {
  const r = resource.toLowerCase();
  if (r === 'memory' || r.startsWith('memory.') || r.startsWith('allocatablememory')) return 'MemoryPressure';
  if (r === 'ephemeral-storage' || r === 'inodes' || /^(?:nodefs|imagefs|containerfs)\b/.test(r)) return 'DiskPressure';
  if (r === 'pids' || r.startsWith('pid.')) return 'PIDPressure';
  return undefined;
}

/** The pod's `eviction` facts: the message parsed here, with where it came from and a summary. */
export const EVICTION_FACTS = obj('The eviction message of an Evicted pod, parsed (extractor).', {
  message: str('The whole message.'),
  event: opt(reason('Evicted when the message came from the kubelet\'s event, not status.message.')),
  // node-pressure: the node ran low on a resource; the *-limit kinds: the pod exceeded its own
  // ephemeral-storage limit (the node was fine); node-condition: rejected for a node condition.
  kind: oneOf('node-pressure (the node ran low), pod-storage-limit, container-storage-limit, emptydir-limit (the pod exceeded its own ephemeral-storage limit), node-condition, unknown.', EVICTION_KINDS),
  limit: opt(str('The ephemeral-storage limit exceeded, for the *-limit kinds.')),
  volume: opt(str('The emptyDir volume over its sizeLimit.')),
  resource: opt(str('The resource the node was low on: memory, ephemeral-storage, pids, nodefs…')),
  threshold: opt(str('Eviction threshold.')),
  available: opt(str('What was available.')),
  condition: opt(str('Node condition named, e.g. DiskPressure.')),
  // The eviction manager sets one node condition per signal (pkg/kubelet/eviction: memory.available
  // → MemoryPressure; nodefs.*, imagefs.*, containerfs.* → DiskPressure; pid.available → PIDPressure),
  // and the node lifecycle controller taints the node with it (node.kubernetes.io/memory-pressure…).
  nodeCondition: opt(oneOf('The node condition the kubelet reports while the node is low on this resource: MemoryPressure, DiskPressure or PIDPressure (node-pressure evictions; the condition named, for node-condition rejections).', PRESSURE_CONDITIONS)),
  containers: listOf(
    'Per-container usage from the message.',
    'name',
    obj('A container named in the message.', {
      name: str('Container.'),
      usage: opt(str('Usage.')),
      request: opt(str('Request.')),
      limit: opt(str('The ephemeral-storage limit it exceeded (container-storage-limit).')),
    }),
  ),
  summary: strs('One line per container: usage against request.'),
  nodeDisk: opt(str('For a node short of ephemeral-storage: the node filesystem a df table in the input shows, the fullest of / and /var ("/ (/dev/root) 90% used, 895M of 8.7G available").')),
  /** The container most over its request (usage − request), as the eviction manager ranks them. */
  topContainer: opt(str('The container furthest over its request.')),
});
export type EvictionFacts = FactType<typeof EVICTION_FACTS>;
export type EvictedContainer = EvictionFacts['containers'][number];
/** What one message tells. */
export type ParsedEviction = Omit<EvictionFacts, 'message' | 'event' | 'summary' | 'nodeDisk'>;

export function parseEvictionMessage(message: string): ParsedEviction {
  const msg = message.replace(/\s+/g, ' ');
  const out: ParsedEviction = { kind: 'unknown', containers: [] };
  const low = /The node was low on resource: \[?([\w./-]+?)\]?\./.exec(msg);
  if (low) {
    const r = low[1] as string;
    // v1.6–1.7 named the node condition instead of the resource
    const byCondition: Record<string, string> = { MemoryPressure: 'memory', DiskPressure: 'ephemeral-storage', PIDPressure: 'pids' };
    out.resource = byCondition[r] ?? r;
    if (byCondition[r] !== undefined) out.condition = r;
  }
  const th = /Threshold quantity: ([^,]+), available: ([^.\s]+(?:\.\d+[^.\s]*)?)\./.exec(msg);
  if (th) {
    out.threshold = (th[1] as string).trim();
    out.available = (th[2] as string).trim();
  }
  const cond = /The node had condition: \[?([\w, ]+?)\]?\./.exec(msg);
  if (cond) out.condition = (cond[1] as string).trim();
  for (const m of msg.matchAll(/Container (\S+) was using (\S+?), (?:request is|which exceeds its request of) ([^,.\s]+(?:\.\d+[^,.\s]*)?)/g)) {
    out.containers.push({ name: m[1] as string, usage: m[2] as string, request: m[3] as string });
  }
  for (const m of msg.matchAll(/Container (\S+) exceeded its local ephemeral storage limit "([^"]+)"/g)) {
    out.resource ??= 'ephemeral-storage';
    out.containers.push({ name: m[1] as string, limit: m[2] as string });
  }
  const podLimit = /Pod ephemeral local storage usage exceeds the total limit of containers (\S+?)\.?(?:\s|$)/.exec(msg);
  const emptyDir = /Usage of EmptyDir volume "([^"]*)" exceeds the limit "([^"]*)"/.exec(msg);
  if (podLimit || emptyDir) out.resource ??= 'ephemeral-storage';
  if (low) {
    out.kind = 'node-pressure';
    const c = pressureConditionOf(out.resource as string);
    if (c !== undefined) out.nodeCondition = c;
  }
  else if (podLimit) {
    out.kind = 'pod-storage-limit';
    out.limit = podLimit[1] as string;
  } else if (emptyDir) {
    out.kind = 'emptydir-limit';
    out.volume = emptyDir[1] as string;
    out.limit = emptyDir[2] as string;
  } else if (out.containers.some((c) => c.limit !== undefined)) {
    out.kind = 'container-storage-limit';
    out.limit = out.containers.find((c) => c.limit !== undefined)?.limit as string;
  } else if (cond) {
    out.kind = 'node-condition';
    // one pressure condition named: the node was short of its resource
    const c = PRESSURE_CONDITIONS.find((x) => x === out.condition);
    if (c !== undefined) {
      out.nodeCondition = c;
      out.resource ??= c === 'MemoryPressure' ? 'memory' : c === 'DiskPressure' ? 'ephemeral-storage' : 'pids';
    }
  }
  let best = -Infinity;
  for (const c of out.containers) {
    const over = (parseQuantity(c.usage) ?? 0) - (parseQuantity(c.request) ?? 0);
    if (c.usage !== undefined && over > best) {
      best = over;
      out.topContainer = c.name;
    }
  }
  return out;
}

/**
 * One language-neutral line per container, in Kubernetes' own terms so it reads the same in every
 * language: "app: 1.2Gi used, requests 256Mi (+0.9Gi)", "app: limits 500Mi exceeded".
 */
export function summarizeEviction(p: ParsedEviction): string[] {
  return p.containers.map((c) => {
    if (c.limit !== undefined) return `${c.name}: limits ${c.limit} exceeded`;
    const over = (parseQuantity(c.usage) ?? NaN) - (parseQuantity(c.request) ?? NaN);
    const extra = Number.isFinite(over) && over > 0 && p.resource === 'memory' ? ` (+${formatBytes(over)})` : '';
    return `${c.name}: ${c.usage ?? '?'} used, requests ${c.request ?? '?'}${extra}`;
  });
}

/**
 * An Evicted pod's message parsed: status.message, else the kubelet's Evicted event, else the
 * condition the reason was read from (DisruptionTarget).
 */
export function extractEviction({ pod, events, conditions, input }: Pick<PodScope, 'pod' | 'events' | 'conditions' | 'input'>): EvictionFacts | undefined {
  if (pod.reason !== 'Evicted') return undefined;
  const fromEvent = pod.message === undefined ? events.find((e) => e.reason === 'Evicted' && e.message) : undefined;
  const message = pod.message ?? fromEvent?.message ?? (pod.fromCondition ? conditions[pod.fromCondition]?.message : undefined);
  if (message === undefined) return undefined;
  const p = parseEvictionMessage(message);
  const ev: EvictionFacts = { message, kind: p.kind, containers: p.containers, summary: summarizeEviction(p) };
  if (fromEvent) ev.event = 'Evicted';
  setIf(ev, 'limit', p.limit);
  setIf(ev, 'volume', p.volume);
  setIf(ev, 'resource', p.resource);
  setIf(ev, 'threshold', p.threshold);
  setIf(ev, 'available', p.available);
  setIf(ev, 'condition', p.condition);
  setIf(ev, 'nodeCondition', p.nodeCondition);
  if (p.resource === 'ephemeral-storage' && p.kind === 'node-pressure') setIf(ev, 'nodeDisk', input.nodeDisk);
  setIf(ev, 'topContainer', p.topContainer);
  return ev;
}

export const EVICTION_FAMILY: PodFamilyOf<'eviction', typeof EVICTION_FACTS> = podFamily('eviction', EVICTION_FACTS, extractEviction);
