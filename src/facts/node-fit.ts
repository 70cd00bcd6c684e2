// A pending pod read against the cluster's nodes: what the scheduler's message can only count,
// named. For a pod on no node, beside complete Node objects (offline: the input's; live: one list
// of the cluster's nodes, read when a pod is unschedulable), the static part of the scheduler's
// filters is computed as kube-scheduler does it:
//   - the pod's effective request per resource (noderesources' computePodResourceRequest: the sum
//     of the containers, the max with each init container, plus spec.overhead) against each node's
//     status.allocatable: a request above every node's allocatable fits no node, even an empty one;
//   - which nodes the pod may use at all (NodeName; NodeAffinity: spec.nodeSelector, then required
//     node affinity terms, ORed, each with matchExpressions In/NotIn/Exists/DoesNotExist/Gt/Lt and
//     matchFields metadata.name In/NotIn, ANDed, an empty term matching nothing);
//   - of those, the NoSchedule/NoExecute taints the pod does not tolerate (TaintToleration, with
//     v1 helper ToleratesTaint: an empty effect tolerates every effect, an empty key with Exists
//     every key, Equal compares values), and cordoned nodes (NodeUnschedulable).
// What depends on the pods already placed (free room, ports, pod affinity, spread) is not computed:
// the scheduler's message says it. A taint blocks the pod only when every node it may use carries
// one it does not tolerate (a pinned node, a selector only tainted nodes satisfy); taints of nodes it
// could never use, or of some nodes while others it may use carry none, are background. Pure.

import { arr, dig, nonEmpty, obj, objs, str, type JsonObject } from '../util/json.js';
import { bool, listOf, mapOf, num, obj as node, opt, str as sstr, strs } from './declare.js';
import type { FactType } from './declare.js';
import { formatQuantity, parseQuantity } from './extractors/quantity.js';
import type { SchedulingFacts } from './extractors/scheduling.js';
import { podFamily, type PodScope, type PodFamilyOf } from './family.js';

/** Names listed at most in a fact (a big cluster's eligible nodes). */
const MAX_NAMES = 10;

export const NODE_FIT_FACTS = node(
  'For a pod on no node: its constraints read against the nodes the input gives beside it (offline: Node objects in the input; live: the cluster\'s nodes, listed once when a pod is unschedulable). Absent when the input gives no complete Node object (a kubectl get nodes table has no allocatable, labels or taints).',
  {
    nodes: num('How many nodes were read.'),
    allNodes: bool('The nodes read are as many as the scheduler counted ("0/N nodes are available"), or its message gives no count: what is said of every node holds for the cluster the scheduler saw.'),
    requestsKnown: bool('The input gives every container\'s resources (a table row or a cut paste does not): requests and tooLarge are empty otherwise.'),
    constraintsKnown: bool('The input gives the pod\'s nodeSelector, node affinity and tolerations (describe text prints no node affinity): which nodes it may use, and their taints, are not claimed otherwise.'),
    requests: mapOf(
      'The pod\'s effective request per resource as kube-scheduler computes it: the larger of the containers\' sum (sidecars included) and each init container (plus the sidecars before it), plus spec.overhead; a limit stands for a missing request, as the API server defaults it.',
      'resource name',
      ['cpu', 'memory', 'ephemeral-storage', 'nvidia.com/gpu'],
      sstr('Effective request of one resource, as kubectl shows quantities.'),
    ),
    tooLarge: listOf(
      'Resources the pod requests more of than any node read has allocatable: it fits no node, even an empty one, and no preemption can make room.',
      'resource',
      node('A resource requested beyond every node.', {
        resource: sstr('The resource: cpu, memory, nvidia.com/gpu…'),
        request: sstr('What the pod requests of it.'),
        largest: sstr('The largest allocatable of it on any node read ("0" when no node offers it).'),
        largestNode: opt(sstr('The node with that allocatable (absent when no node offers the resource).')),
      }),
    ),
    restricted: bool('The pod limits the nodes it may use: spec.nodeName, spec.nodeSelector or required node affinity.'),
    eligible: strs('The nodes its nodeName, nodeSelector and required node affinity allow (at most 10 names).'),
    eligibleCount: num('How many nodes its nodeName, nodeSelector and required node affinity allow.'),
    selectorMatchesNone: bool('The pod limits its nodes and no node read satisfies that.'),
    pinnedTo: opt(sstr('The only node the pod may use, when its constraints allow exactly one.')),
    blockingTaints: strs('Taints the pod does not tolerate (NoSchedule, NoExecute) when every node it may use carries one, as "worker-3: dedicated=gpu:NoSchedule": what keeps it off the nodes it is meant for.'),
    blockingTaint: opt(sstr('The first of blockingTaints, for explanations.')),
    cordoned: strs('Nodes it may use that are cordoned (spec.unschedulable).'),
    backgroundTaints: strs('Taints the pod does not tolerate on nodes it could not use anyway, or on some nodes while other nodes it may use carry none: background, not a cause, as "cp-1: node-role.kubernetes.io/control-plane:NoSchedule".'),
  },
);
export type NodeFitFacts = FactType<typeof NODE_FIT_FACTS>;

interface Taint {
  key: string;
  value: string;
  effect: string;
}

/** "dedicated=gpu:NoSchedule", or "node-role.kubernetes.io/control-plane:NoSchedule" without a value. */
export const taintText = (t: Taint): string => `${t.key}${t.value !== '' ? `=${t.value}` : ''}:${t.effect}`;

function taintsOf(n: JsonObject): Taint[] {
  return objs(dig(n, 'spec', 'taints')).map((t) => ({ key: str(t['key']) ?? '', value: str(t['value']) ?? '', effect: str(t['effect']) ?? '' }));
}

/** v1 helper ToleratesTaint: whether one toleration tolerates one taint. */
export function tolerates(tol: JsonObject, taint: Taint): boolean {
  const effect = str(tol['effect']) ?? '';
  if (effect !== '' && effect !== taint.effect) return false;
  const key = str(tol['key']) ?? '';
  if (key !== '' && key !== taint.key) return false;
  const op = str(tol['operator']) ?? '';
  if (op === 'Exists') return true;
  if (op === '' || op === 'Equal') return (str(tol['value']) ?? '') === taint.value;
  return false;
}

/** The taints of a node the TaintToleration filter holds against the pod: NoSchedule and NoExecute ones it does not tolerate. */
export function untolerated(n: JsonObject, tolerations: readonly JsonObject[]): Taint[] {
  return taintsOf(n).filter((t) => (t.effect === 'NoSchedule' || t.effect === 'NoExecute') && !tolerations.some((tol) => tolerates(tol, t)));
}

/** One matchExpressions requirement against a node's labels (component-helpers' label requirement). */
function matchesExpression(e: JsonObject, labels: Record<string, string>): boolean {
  const key = str(e['key']) ?? '';
  const values = arr(e['values']).map((v) => str(v) ?? '');
  const has = Object.prototype.hasOwnProperty.call(labels, key);
  const value = labels[key];
  switch (str(e['operator'])) {
    case 'In':
      return has && values.includes(value as string);
    case 'NotIn':
      return !has || !values.includes(value as string);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      if (!has || values.length !== 1) return false;
      const a = Number(value);
      const b = Number(values[0]);
      if (!/^-?\d+$/.test(value as string) || !/^-?\d+$/.test(values[0] as string)) return false;
      return str(e['operator']) === 'Gt' ? a > b : a < b;
    }
    default:
      return false;
  }
}

/** One matchFields requirement: only metadata.name, with In or NotIn. */
function matchesField(e: JsonObject, name: string): boolean {
  if (str(e['key']) !== 'metadata.name') return false;
  const values = arr(e['values']).map((v) => str(v) ?? '');
  const op = str(e['operator']);
  if (op === 'In') return values.includes(name);
  if (op === 'NotIn') return !values.includes(name);
  return false;
}

/** Whether the pod's nodeName, nodeSelector and required node affinity allow this node. */
export function nodeAllows(spec: JsonObject, n: JsonObject): boolean {
  const name = str(dig(n, 'metadata', 'name')) ?? '';
  const labels: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(dig(n, 'metadata', 'labels')) ?? {})) labels[k] = str(v) ?? '';
  const nodeName = nonEmpty(spec['nodeName']);
  if (nodeName !== undefined && nodeName !== name) return false;
  for (const [k, v] of Object.entries(obj(spec['nodeSelector']) ?? {})) if (labels[k] !== (str(v) ?? '')) return false;
  const required = obj(dig(spec, 'affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution'));
  if (required === undefined) return true;
  // terms are ORed; a term with no requirement matches nothing
  return objs(required['nodeSelectorTerms']).some((t) => {
    const exprs = objs(t['matchExpressions']);
    const fields = objs(t['matchFields']);
    if (exprs.length === 0 && fields.length === 0) return false;
    return exprs.every((e) => matchesExpression(e, labels)) && fields.every((f) => matchesField(f, name));
  });
}

/** Whether the pod limits the nodes it may use. */
function restricts(spec: JsonObject): boolean {
  return (
    nonEmpty(spec['nodeName']) !== undefined ||
    Object.keys(obj(spec['nodeSelector']) ?? {}).length > 0 ||
    obj(dig(spec, 'affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution')) !== undefined
  );
}

/**
 * The pod's effective request as numbers (cores, bytes, counts): containers and sidecars summed,
 * the max with each init container plus the sidecars started before it, then spec.overhead added
 * (noderesources' computePodResourceRequest). A container's limit stands for its missing request.
 */
export function podRequest(spec: JsonObject): Map<string, number> {
  const of = (c: JsonObject): Record<string, number> => {
    const res = obj(c['resources']) ?? {};
    const out: Record<string, number> = {};
    for (const src of [obj(res['limits']) ?? {}, obj(res['requests']) ?? {}]) {
      for (const [k, v] of Object.entries(src)) {
        const q = parseQuantity(typeof v === 'number' ? String(v) : str(v));
        if (q !== undefined) out[k] = q;
      }
    }
    return out;
  };
  const sum = new Map<string, number>();
  const add = (m: Map<string, number>, r: Record<string, number>) => {
    for (const [k, v] of Object.entries(r)) m.set(k, (m.get(k) ?? 0) + v);
  };
  for (const c of objs(spec['containers'])) add(sum, of(c));
  const sidecars = new Map<string, number>();
  const initMax = new Map<string, number>();
  for (const c of objs(spec['initContainers'])) {
    const r = of(c);
    if (c['restartPolicy'] === 'Always') {
      add(sum, r);
      add(sidecars, r);
      continue;
    }
    for (const [k, v] of Object.entries(r)) initMax.set(k, Math.max(initMax.get(k) ?? 0, v + (sidecars.get(k) ?? 0)));
  }
  for (const [k, v] of initMax) sum.set(k, Math.max(sum.get(k) ?? 0, v));
  const overhead = obj(spec['overhead']) ?? {};
  for (const [k, v] of Object.entries(overhead)) {
    const q = parseQuantity(typeof v === 'number' ? String(v) : str(v));
    if (q !== undefined && sum.has(k)) sum.set(k, (sum.get(k) ?? 0) + q);
    else if (q !== undefined) sum.set(k, q);
  }
  for (const [k, v] of sum) if (v <= 0) sum.delete(k);
  return sum;
}

/** A Node object as the API returns it: with labels and allocatable (a table row has neither). */
const complete = (n: JsonObject) => obj(dig(n, 'status', 'allocatable')) !== undefined && obj(dig(n, 'metadata', 'labels')) !== undefined && str(dig(n, 'metadata', 'name')) !== undefined;

function allocatable(n: JsonObject, resource: string): number {
  const v = dig(n, 'status', 'allocatable', resource);
  return parseQuantity(typeof v === 'number' ? String(v) : str(v)) ?? 0;
}

const RESOURCE_ORDER = ['cpu', 'memory', 'ephemeral-storage'];

/** Taints the node lifecycle and cloud controllers set on unhealthy or uninitialised nodes. */
const NODE_HEALTH = /^node\.(?:cloudprovider\.)?kubernetes\.io\//;

/**
 * The pod's constraints against the nodes given; undefined when the pod is on a node, has no spec,
 * or no complete Node object is given (then nothing of the nodes is known).
 */
export function nodeFitFacts(
  spec: JsonObject | undefined,
  nodes: readonly JsonObject[] | undefined,
  schedulerCount: number | undefined,
  known: { requests: boolean; constraints: boolean } = { requests: true, constraints: true },
): NodeFitFacts | undefined {
  if (spec === undefined || nodes === undefined || nodes.length === 0) return undefined;
  if (nodes.some((n) => !complete(n))) return undefined;
  const tolerations = objs(spec['tolerations']);
  const name = (n: JsonObject) => str(dig(n, 'metadata', 'name')) as string;
  const request = known.requests ? podRequest(spec) : new Map<string, number>();
  const requests: Record<string, string> = {};
  const resources = [...request.keys()].sort((a, b) => (RESOURCE_ORDER.indexOf(a) + 1 || 99) - (RESOURCE_ORDER.indexOf(b) + 1 || 99) || (a < b ? -1 : 1));
  for (const r of resources) requests[r] = formatQuantity(r, request.get(r) as number);

  const tooLarge: NodeFitFacts['tooLarge'] = [];
  for (const r of resources) {
    if (r === 'pods') continue;
    // the largest node; of equals, one the pod may use and whose taints it tolerates
    let best: JsonObject | undefined;
    let most = 0;
    const usable = (n: JsonObject) => nodeAllows(spec, n) && untolerated(n, tolerations).length === 0;
    for (const n of nodes) {
      const a = allocatable(n, r);
      if (a > most || (a === most && a > 0 && best !== undefined && !usable(best) && usable(n))) [most, best] = [a, n];
    }
    const want = request.get(r) as number;
    // quantities compared in the scheduler's own units: millicores, bytes, counts
    const scale = r === 'cpu' ? 1000 : 1;
    if (Math.round(want * scale) > Math.round(most * scale)) {
      const item: NodeFitFacts['tooLarge'][number] = { resource: r, request: formatQuantity(r, want), largest: formatQuantity(r, most) };
      if (best !== undefined) item.largestNode = name(best);
      tooLarge.push(item);
    }
  }

  const eligible = known.constraints ? nodes.filter((n) => nodeAllows(spec, n)) : [];
  const blocked = eligible.map((n) => ({ n, taints: untolerated(n, tolerations), cordoned: dig(n, 'spec', 'unschedulable') === true && !tolerations.some((t) => tolerates(t, { key: 'node.kubernetes.io/unschedulable', value: '', effect: 'NoSchedule' })) }));
  const everyTainted = eligible.length > 0 && blocked.every((b) => b.taints.length > 0 || b.cordoned) && blocked.some((b) => b.taints.length > 0);
  const on = (n: JsonObject, t: Taint) => `${name(n)}: ${taintText(t)}`;
  // a taint of an unhealthy or uninitialised node blocks it, but says the node is down, not reserved
  // (the scheduler's message names it, and unschedulable-node-conditions speaks of it)
  const blockingTaints = everyTainted ? blocked.flatMap((b) => b.taints.filter((t) => !NODE_HEALTH.test(t.key)).map((t) => on(b.n, t))) : [];
  const eligibleSet = new Set(eligible);
  const backgroundTaints = known.constraints ? nodes.flatMap((n) => (eligibleSet.has(n) && everyTainted ? [] : untolerated(n, tolerations).map((t) => on(n, t)))) : [];

  const out: NodeFitFacts = {
    nodes: nodes.length,
    allNodes: schedulerCount === undefined || schedulerCount === nodes.length,
    requestsKnown: known.requests,
    constraintsKnown: known.constraints,
    requests,
    tooLarge,
    restricted: restricts(spec),
    eligible: eligible.slice(0, MAX_NAMES).map(name),
    eligibleCount: eligible.length,
    selectorMatchesNone: known.constraints && restricts(spec) && eligible.length === 0,
    blockingTaints: blockingTaints.slice(0, MAX_NAMES),
    cordoned: blocked.filter((b) => b.cordoned).map((b) => name(b.n)).slice(0, MAX_NAMES),
    backgroundTaints: [...new Set(backgroundTaints)].slice(0, MAX_NAMES),
  };
  if (known.constraints && eligible.length === 1 && restricts(spec)) out.pinnedTo = name(eligible[0] as JsonObject);
  if (blockingTaints[0] !== undefined) out.blockingTaint = blockingTaints[0];
  return out;
}

/** What of the pod's spec the input gives: every container's resources; its node selector, affinity and tolerations. */
export function fitKnown(f: { unknown: readonly string[]; containers: readonly { unknown: readonly string[] }[] }): { requests: boolean; constraints: boolean } {
  return {
    requests: !f.unknown.includes('spec') && f.containers.length > 0 && f.containers.every((c) => !c.unknown.includes('spec')),
    constraints: !['spec', 'pod.nodeSelector', 'pod.nodeAffinity', 'pod.tolerations'].some((u) => f.unknown.includes(u)),
  };
}

/** The taint a scheduler clause names ("dedicated=gpu", "node-role.kubernetes.io/control-plane") is this one ("worker-3: dedicated=gpu:NoSchedule"). */
const clauseNames = (detail: string | undefined, t: string) => {
  if (detail === undefined) return true;
  const taint = t.slice(t.indexOf(': ') + 2);
  const kv = taint.slice(0, taint.lastIndexOf(':'));
  return kv === detail || kv.split('=')[0] === detail;
};

/**
 * The scheduler's clauses re-read with the nodes known (all of them, as the scheduler counted):
 * an untolerated-taint clause whose taint blocks no node the pod is meant for is routine
 * (background); a node-affinity or node-name clause is routine when some node satisfies the pod's
 * constraints (the nodes it counts are nodes the pod was never meant for), and not when none does.
 * When the nodes leave no clause standing (they disagree with what the scheduler saw), the
 * message's own marks stay.
 */
export function markWithNodes(s: SchedulingFacts, fit: NodeFitFacts): void {
  if (!fit.allNodes || !fit.constraintsKnown) return;
  const decisive = (r: SchedulingFacts['reasons'][number]): boolean | undefined => {
    if (r.kind === 'untolerated-taint') return NODE_HEALTH.test(r.detail ?? '') ? undefined : fit.blockingTaints.some((t) => clauseNames(r.detail, t));
    if ((r.kind === 'node-affinity' || r.kind === 'node-name') && fit.restricted) return fit.eligibleCount === 0;
    return undefined;
  };
  const marks = s.reasons.map((r) => {
    const d = decisive(r);
    return d === undefined ? r.routine : !d;
  });
  if (marks.every((m) => m)) return;
  s.reasons.forEach((r, i) => {
    r.routine = marks[i] as boolean;
  });
  s.taints = [...new Set(s.reasons.filter((r) => r.kind === 'untolerated-taint' && !r.routine && r.detail).map((r) => r.detail as string))];
}

/**
 * A pod on no node, beside the cluster's nodes: what keeps it off each of them. The fit then marks
 * the scheduler's reasons it decides (a taint no node lacks is no routine one), so it runs after
 * the scheduling family.
 */
export function extractNodeFit({ input, pod, facts }: Pick<PodScope, 'input' | 'pod' | 'facts'>): NodeFitFacts | undefined {
  if (pod.nodeName !== undefined) return undefined;
  const scheduling = facts.scheduling;
  const fit = nodeFitFacts(obj(input.pod['spec']), input.clusterNodes, scheduling?.nodes, fitKnown(facts));
  if (fit && scheduling) markWithNodes(scheduling, fit);
  return fit;
}

export const NODE_FIT_FAMILY: PodFamilyOf<'nodeFit', typeof NODE_FIT_FACTS> = podFamily('nodeFit', NODE_FIT_FACTS, extractNodeFit, ['scheduling']);
