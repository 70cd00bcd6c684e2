// A pending pod against the cluster's nodes: the scheduler's static filters as tables, and the
// facts normalize() makes from a pod beside its nodes.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { markWithNodes, nodeAllows, nodeFitFacts, podRequest, tolerates, untolerated } from './node-fit.js';
import { incidentalTaint, parseSchedulingMessage } from './extractors/scheduling.js';
import { normalize } from './normalize.js';
import type { SchedulingFacts } from './extractors/scheduling.js';
import type { JsonObject } from '../util/json.js';

function node(name: string, o: { cpu?: string; memory?: string; labels?: Record<string, string>; taints?: JsonObject[]; unschedulable?: boolean; extra?: Record<string, string> } = {}): JsonObject {
  return {
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, ...o.labels } },
    spec: { ...(o.taints ? { taints: o.taints } : {}), ...(o.unschedulable ? { unschedulable: true } : {}) },
    status: { allocatable: { cpu: o.cpu ?? '2', memory: o.memory ?? '3880268Ki', pods: '110', ...o.extra } },
  };
}
const CP = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };
const GPU = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
const spec = (o: JsonObject = {}, requests: Record<string, string> = { cpu: '500m' }): JsonObject => ({ containers: [{ name: 'app', resources: { requests } }], ...o });

describe('the pod\'s effective request (computePodResourceRequest)', () => {
  test('containers summed, the max with each init container, overhead added, a limit for a missing request', () => {
    const r = podRequest({
      initContainers: [{ name: 'migrate', resources: { requests: { cpu: '3', memory: '64Mi' } } }],
      containers: [
        { name: 'a', resources: { requests: { cpu: '1', memory: '1Gi' } } },
        { name: 'b', resources: { limits: { cpu: '500m', memory: '512Mi' } } },
      ],
      overhead: { cpu: '250m', memory: '120Mi' },
    });
    assert.equal(r.get('cpu'), 3.25);
    assert.equal(r.get('memory'), 1.5 * 2 ** 30 + 120 * 2 ** 20);
  });

  test('a sidecar counts with the containers and under every init container started after it', () => {
    const r = podRequest({
      initContainers: [
        { name: 'proxy', restartPolicy: 'Always', resources: { requests: { cpu: '1' } } },
        { name: 'setup', resources: { requests: { cpu: '2' } } },
      ],
      containers: [{ name: 'app', resources: { requests: { cpu: '500m' } } }],
    });
    assert.equal(r.get('cpu'), 3); // setup (2) + proxy (1) beats app (0.5) + proxy (1)
  });
});

describe('toleration matching (ToleratesTaint)', () => {
  const table: [JsonObject, boolean][] = [
    [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }, true],
    [{ key: 'dedicated', value: 'gpu' }, true], // empty effect: every effect; empty operator: Equal
    [{ key: 'dedicated', operator: 'Equal', value: 'db' }, false],
    [{ key: 'dedicated', operator: 'Exists' }, true],
    [{ key: 'dedicated', operator: 'Exists', effect: 'NoExecute' }, false],
    [{ operator: 'Exists' }, true], // empty key with Exists: every taint
    [{ key: 'other', operator: 'Exists' }, false],
  ];
  for (const [tol, want] of table) test(JSON.stringify(tol), () => assert.equal(tolerates(tol, { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }), want));

  test('PreferNoSchedule taints do not keep a pod off', () => {
    const n = node('n', { taints: [{ key: 'soft', effect: 'PreferNoSchedule' }, GPU] });
    assert.deepEqual(untolerated(n, []).map((t) => t.key), ['dedicated']);
  });
});

describe('which nodes the pod may use (NodeName, NodeAffinity)', () => {
  const n = node('worker-3', { labels: { zone: 'a', gen: '5', disk: 'ssd' } });
  const affinity = (...terms: JsonObject[]): JsonObject => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } });
  const table: [string, JsonObject, boolean][] = [
    ['no constraint', {}, true],
    ['nodeSelector match', { nodeSelector: { zone: 'a' } }, true],
    ['nodeSelector mismatch', { nodeSelector: { zone: 'b' } }, false],
    ['nodeName', { nodeName: 'worker-1' }, false],
    ['In', affinity({ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a', 'b'] }] }), true],
    ['NotIn', affinity({ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }), false],
    ['NotIn of an absent label', affinity({ matchExpressions: [{ key: 'gpu', operator: 'NotIn', values: ['x'] }] }), true],
    ['Exists', affinity({ matchExpressions: [{ key: 'disk', operator: 'Exists' }] }), true],
    ['DoesNotExist', affinity({ matchExpressions: [{ key: 'disk', operator: 'DoesNotExist' }] }), false],
    ['Gt', affinity({ matchExpressions: [{ key: 'gen', operator: 'Gt', values: ['4'] }] }), true],
    ['Lt', affinity({ matchExpressions: [{ key: 'gen', operator: 'Lt', values: ['4'] }] }), false],
    ['Gt of a non-integer', affinity({ matchExpressions: [{ key: 'zone', operator: 'Gt', values: ['1'] }] }), false],
    ['matchFields metadata.name', affinity({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker-3'] }] }), true],
    ['terms are ORed', affinity({ matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] }, { matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }] }), true],
    ['requirements in a term are ANDed', affinity({ matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }], matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker-1'] }] }), false],
    ['an empty term matches nothing', affinity({}), false],
  ];
  for (const [what, s, want] of table) test(what, () => assert.equal(nodeAllows(s, n), want));
});

describe('node fit facts', () => {
  const cluster = [node('cp-1', { taints: [CP], labels: { 'node-role.kubernetes.io/control-plane': '' } }), node('worker-1'), node('worker-2'), node('worker-3', { cpu: '8', taints: [GPU] })];

  test('a request above every node: the resource, the request and the largest node', () => {
    const f = nodeFitFacts(spec({}, { cpu: '3', memory: '1Gi' }), cluster.slice(0, 3), 3);
    assert.deepEqual(f?.tooLarge, [{ resource: 'cpu', request: '3', largest: '2', largestNode: 'worker-1' }], 'of equal nodes, one the pod may use untainted');
    assert.equal(f?.allNodes, true);
    assert.deepEqual(nodeFitFacts(spec({}, { cpu: '2' }), cluster.slice(0, 3), 3)?.tooLarge, [], 'equal to allocatable fits');
    assert.deepEqual(nodeFitFacts(spec({}, { 'nvidia.com/gpu': '1' }), cluster.slice(0, 3), 3)?.tooLarge, [{ resource: 'nvidia.com/gpu', request: '1', largest: '0' }]);
  });

  test('pinned to a tainted node: that taint blocks; the control-plane taint is background', () => {
    const f = nodeFitFacts(spec({ nodeSelector: { 'kubernetes.io/hostname': 'worker-3' } }), cluster, 4);
    assert.equal(f?.pinnedTo, 'worker-3');
    assert.deepEqual(f?.blockingTaints, ['worker-3: dedicated=gpu:NoSchedule']);
    assert.deepEqual(f?.backgroundTaints, ['cp-1: node-role.kubernetes.io/control-plane:NoSchedule']);
  });

  test('a taint on some nodes while others the pod may use carry none is background', () => {
    const f = nodeFitFacts(spec(), cluster, 4);
    assert.deepEqual(f?.blockingTaints, []);
    assert.equal(f?.backgroundTaints.length, 2);
    assert.equal(f?.restricted, false);
  });

  test('a selector no node satisfies: no taint blocks, every taint is background', () => {
    const f = nodeFitFacts(spec({ nodeSelector: { 'kubernetes.io/hostname': 'worker-4' } }), cluster, 4);
    assert.equal(f?.selectorMatchesNone, true);
    assert.deepEqual(f?.blockingTaints, []);
  });

  test('a cordoned node and a tainted one: together they block, the taint is named', () => {
    const nodes = [node('a', { unschedulable: true, labels: { pool: 'db' } }), node('b', { taints: [GPU], labels: { pool: 'db' } }), node('c')];
    const f = nodeFitFacts(spec({ nodeSelector: { pool: 'db' } }), nodes, 3);
    assert.deepEqual(f?.cordoned, ['a']);
    assert.deepEqual(f?.blockingTaints, ['b: dedicated=gpu:NoSchedule']);
  });

  test('a node that is down blocks the pod, but its health taint is not named as a reservation', () => {
    const down = node('worker-3', { taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }] });
    const f = nodeFitFacts(spec({ nodeSelector: { 'kubernetes.io/hostname': 'worker-3' } }), [node('worker-1'), down], 2);
    assert.deepEqual(f?.blockingTaints, []);
    assert.equal(f?.pinnedTo, 'worker-3');
  });

  test('what the input does not give is not claimed: no requests, no constraints', () => {
    const pinned = spec({ nodeSelector: { 'kubernetes.io/hostname': 'worker-3' } }, { cpu: '30' });
    const noReq = nodeFitFacts(pinned, cluster, 4, { requests: false, constraints: true });
    assert.deepEqual([noReq?.tooLarge, noReq?.requests, noReq?.requestsKnown], [[], {}, false]);
    assert.deepEqual(noReq?.blockingTaints, ['worker-3: dedicated=gpu:NoSchedule']);
    const noAffinity = nodeFitFacts(pinned, cluster, 4, { requests: true, constraints: false });
    assert.equal(noAffinity?.tooLarge[0]?.resource, 'cpu');
    assert.deepEqual([noAffinity?.blockingTaints, noAffinity?.backgroundTaints, noAffinity?.selectorMatchesNone, noAffinity?.pinnedTo], [[], [], false, undefined]);
  });

  test('describe text gives no node affinity: the nodes decide nothing about the clauses', () => {
    const s = parseSchedulingMessage("0/4 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 3 Insufficient cpu.");
    const facts = { message: '', from: 'condition' as const, bindingError: false, summary: [], insufficient: [], taints: ['dedicated=gpu'], reasons: s.reasons.map((r) => ({ ...r, routine: false })) };
    markWithNodes(facts, nodeFitFacts(spec(), cluster, 4, { requests: true, constraints: false }) as NonNullable<ReturnType<typeof nodeFitFacts>>);
    assert.deepEqual(facts.reasons.map((r) => r.routine), [false, false]);
  });

  test('unknown unless every node is a complete object; not the whole cluster when the counts differ', () => {
    const row = { kind: 'Node', metadata: { name: 'worker-9' }, status: { conditions: [{ type: 'Ready', status: 'True' }] } };
    assert.equal(nodeFitFacts(spec(), [...cluster, row], undefined), undefined);
    assert.equal(nodeFitFacts(undefined, cluster, 4), undefined);
    assert.equal(nodeFitFacts(spec(), cluster, 7)?.allNodes, false);
  });
});

describe('the scheduler\'s clauses re-read with the nodes', () => {
  const sched = (message: string): SchedulingFacts => {
    const p = parseSchedulingMessage(message);
    const reasons = p.reasons.map((r) => ({ ...r, routine: false }));
    return { message, reasons, from: 'condition', bindingError: false, summary: [], insufficient: [], taints: reasons.filter((r) => r.kind === 'untolerated-taint' && r.detail).map((r) => r.detail as string) };
  };
  const PINNED = "0/4 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) didn't match Pod's node affinity/selector.";
  const cluster = [node('cp-1', { taints: [CP] }), node('worker-1'), node('worker-2'), node('worker-3', { taints: [GPU] })];

  test('pinned: the pinned node\'s taint stands, the rest is routine', () => {
    const s = sched(PINNED);
    markWithNodes(s, nodeFitFacts(spec({ nodeSelector: { 'kubernetes.io/hostname': 'worker-3' } }), cluster, 4) as NonNullable<ReturnType<typeof nodeFitFacts>>);
    assert.deepEqual(s.reasons.map((r) => [r.kind, r.detail ?? '', r.routine]), [
      ['untolerated-taint', 'dedicated=gpu', false],
      ['untolerated-taint', 'node-role.kubernetes.io/control-plane', true],
      ['node-affinity', '', true],
    ]);
    assert.deepEqual(s.taints, ['dedicated=gpu']);
  });

  test('a selector that matches no node: the selector stands, every taint is routine', () => {
    const s = sched(PINNED);
    markWithNodes(s, nodeFitFacts(spec({ nodeSelector: { 'kubernetes.io/hostname': 'worker-30' } }), cluster, 4) as NonNullable<ReturnType<typeof nodeFitFacts>>);
    assert.deepEqual(s.reasons.map((r) => r.routine), [true, true, false]);
    assert.deepEqual(s.taints, []);
  });

  test('nodes that disagree with the message leave its marks alone', () => {
    // the nodes say the pod may use untainted nodes, the message has only taint clauses
    const s = sched('0/2 nodes are available: 2 node(s) had untolerated taint {dedicated: gpu}.');
    markWithNodes(s, nodeFitFacts(spec(), [node('a'), node('b')], 2) as NonNullable<ReturnType<typeof nodeFitFacts>>);
    assert.deepEqual(s.reasons.map((r) => r.routine), [false]);
    const other = sched(PINNED);
    markWithNodes(other, nodeFitFacts(spec({ nodeSelector: { 'kubernetes.io/hostname': 'worker-3' } }), cluster, 9) as NonNullable<ReturnType<typeof nodeFitFacts>>);
    assert.deepEqual(other.reasons.map((r) => r.routine), [false, false, false], 'not the cluster the scheduler counted');
  });
});

describe('an incidental taint, from the message alone', () => {
  const clauses = (m: string) => parseSchedulingMessage(m).reasons;
  const table: [string, boolean][] = [
    ['0/3 nodes are available: 1 node(s) had untolerated taint {nvidia.com/gpu: present}, 2 Insufficient memory.', true],
    ['0/4 nodes are available: 3 node(s) had untolerated taint {dedicated: batch}, 1 node(s) didn\'t have free ports for the requested pod ports.', true],
    ['0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 2 node(s) didn\'t match Pod\'s node affinity/selector.', false],
    ['0/3 nodes are available: 2 node(s) had untolerated taint {nvidia.com/gpu: present}, 1 Insufficient nvidia.com/gpu.', false],
    ['0/4 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/not-ready: }, 3 Insufficient cpu.', false],
    ['0/2 nodes are available: 2 node(s) had untolerated taint {dedicated: gpu}.', false],
  ];
  for (const [m, want] of table) {
    test(m, () => {
      const all = clauses(m);
      const taint = all.find((r) => r.kind === 'untolerated-taint');
      assert.ok(taint);
      assert.equal(incidentalTaint(taint, all), want);
    });
  }
});

describe('normalize: a pending pod beside its nodes', () => {
  const pod = (nodeSelector?: Record<string, string>): JsonObject => ({
    metadata: { name: 'p', namespace: 'ns' },
    spec: spec(nodeSelector ? { nodeSelector } : {}, { cpu: '3' }),
    status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu.' }] },
  });
  const nodes = [node('cp-1', { taints: [CP] }), node('worker-1'), node('worker-2')];

  test('nodeFit is set for a pod on no node, and not without nodes or for a pod on a node', () => {
    const f = normalize({ pod: pod(), events: [], clusterNodes: nodes }, 0);
    assert.equal(f.nodeFit?.tooLarge[0]?.resource, 'cpu');
    assert.deepEqual(f.nodeFit?.requests, { cpu: '3' });
    assert.equal(normalize({ pod: pod(), events: [] }, 0).nodeFit, undefined);
    const placed = pod();
    (placed['spec'] as JsonObject)['nodeName'] = 'worker-1';
    assert.equal(normalize({ pod: placed, events: [], clusterNodes: nodes }, 0).nodeFit, undefined);
  });
});
