// Scheduler messages as real clusters printed them, old and new, each row naming where it was
// seen: the public post it was pasted in, or the Kubernetes / autoscaler source that writes it.
// A row gives the clauses as [kind, count, detail].

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSchedulingMessage } from './scheduling.js';

type Clause = [string, number | undefined, string | undefined];

const ROWS: { src: string; msg: string; want: Clause[]; nodes?: number }[] = [
  // v1.0–1.1: one predicate name, nothing more
  {
    src: 'https://github.com/kubernetes/kubernetes/issues/11453',
    msg: 'Failed for reason PodFitsResources and possibly others',
    want: [['insufficient-resource', undefined, undefined]],
  },
  {
    src: 'https://github.com/openshift/origin/issues/11260',
    msg: 'Failed for reason PodFitsHostPorts and possibly others',
    want: [['host-port', undefined, undefined]],
  },
  // v1.2–1.4: one line per node
  {
    src: 'https://github.com/kubernetes/kubernetes/issues/9207',
    msg: 'pod (loudmail-deployment-1671311517-s1nb9) failed to fit in any node\nfit failure on node (ip-10-0-0-11): Insufficient cpu\nfit failure on node (ip-10-0-0-12): Insufficient cpu\nfit failure on node (ip-10-0-0-13): PodFitsHostPorts\n',
    want: [
      ['insufficient-resource', 2, 'cpu'],
      ['host-port', 1, undefined],
    ],
    nodes: 3,
  },
  // v1.5: a summary with bracketed counts
  {
    src: 'https://github.com/kubernetes/kubernetes/issues/41070',
    msg: 'pod (test-1012964845-v8915) failed to fit in any node\nfit failure summary on nodes : Insufficient pods (2), PodToleratesNodeTaints (1)',
    want: [
      ['too-many-pods', 2, undefined],
      ['untolerated-taint', 1, undefined],
    ],
  },
  {
    src: 'https://github.com/kubernetes/kops/issues/2730',
    msg: 'pod (vsphere-e2e-j11sb) failed to fit in any node - fit failure summary on nodes : MatchNodeSelector (2), PodToleratesNodeTaints (1)',
    want: [
      ['node-affinity', 2, undefined],
      ['untolerated-taint', 1, undefined],
    ],
  },
  // v1.6–1.7: "predicates::" with bracketed counts
  {
    src: 'https://github.com/Yolean/kubernetes-kafka/issues/29',
    msg: 'No nodes are available that match all of the following predicates:: Insufficient cpu (1), Insufficient memory (1).',
    want: [
      ['insufficient-resource', 1, 'cpu'],
      ['insufficient-resource', 1, 'memory'],
    ],
  },
  {
    src: 'https://github.com/argoproj/argo-workflows/issues/190',
    msg: 'No nodes are available that match all of the following predicates:: Insufficient cpu (17), Insufficient memory (18), MatchNodeSelector (18).',
    want: [
      ['insufficient-resource', 17, 'cpu'],
      ['insufficient-resource', 18, 'memory'],
      ['node-affinity', 18, undefined],
    ],
  },
  {
    src: 'https://github.com/kubernetes/kubernetes/issues/52166',
    msg: 'No nodes are available that match all of the following predicates::\n      NodeUnderMemoryPressure (1).',
    want: [['node-not-ready', 1, undefined]],
  },
  // v1.7–1.9: "N/M nodes are available" with bare predicate names
  {
    src: 'https://github.com/openshift/origin/issues/19506',
    msg: '0/3 nodes are available: 1 ExistingPodsAntiAffinityRulesNotMatch, 1 MatchInterPodAffinity, 2 CheckServiceAffinity.',
    want: [
      ['pod-anti-affinity', 1, undefined],
      ['pod-affinity', 1, undefined],
      ['service-affinity', 2, undefined],
    ],
    nodes: 3,
  },
  {
    src: 'https://github.com/NVIDIA/k8s-device-plugin/issues/36',
    msg: '0/2 nodes are available: 1 PodToleratesNodeTaints, 2 Insufficient nvidia.com/gpu.',
    want: [
      ['untolerated-taint', 1, undefined],
      ['insufficient-resource', 2, 'nvidia.com/gpu'],
    ],
  },
  {
    src: 'https://github.com/kubernetes/kubernetes/issues/57574',
    msg: '0/4 nodes are available: 1 Insufficient cpu, 1 Insufficient memory, 1 NodeUnschedulable, 3 MatchNodeSelector.',
    want: [
      ['insufficient-resource', 1, 'cpu'],
      ['insufficient-resource', 1, 'memory'],
      ['unschedulable-node', 1, undefined],
      ['node-affinity', 3, undefined],
    ],
  },
  {
    src: 'plugin/pkg/scheduler/algorithm/predicates/error.go (v1.7: NoVolumeZoneConflict, NoDiskConflict, MaxVolumeCount)',
    msg: '0/6 nodes are available: 2 NoVolumeZoneConflict, 1 NoDiskConflict, 3 MaxVolumeCount.',
    want: [
      ['volume-zone', 2, undefined],
      ['disk-conflict', 1, undefined],
      ['volume-limit', 3, undefined],
    ],
  },
  // v1.10–1.17 sentences that name what the old predicates checked
  {
    src: 'https://github.com/kubernetes/kubernetes/issues/107194',
    msg: '0/5 nodes are available: 2 node(s) were unschedulable, 3 Insufficient pods.',
    want: [
      ['unschedulable-node', 2, undefined],
      ['too-many-pods', 3, undefined],
    ],
  },
  {
    src: 'pkg/scheduler/algorithm/predicates/error.go (v1.14: CheckServiceAffinity, NodeNetworkUnavailable, NodeUnknownCondition)',
    msg: "0/5 nodes are available: 1 node(s) didn't match service affinity, 2 node(s) had unavailable network, 2 node(s) had unknown conditions.",
    want: [
      ['service-affinity', 1, undefined],
      ['node-not-ready', 2, undefined],
      ['node-not-ready', 2, undefined],
    ],
  },
  {
    src: 'pkg/scheduler/algorithm/predicates/predicates.go (v1.12: ErrVolumeZoneConflict, ErrDiskConflict)',
    msg: '0/3 nodes are available: 1 node(s) had no available disk, 2 node(s) had no available volume zone.',
    want: [
      ['disk-conflict', 1, undefined],
      ['volume-zone', 2, undefined],
    ],
  },
  {
    src: 'https://github.com/kubernetes/kubernetes/issues/81714 (Prometheus StatefulSet)',
    msg: 'pod has unbound immediate PersistentVolumeClaims',
    want: [['unbound-pvc', undefined, undefined]],
  },
  {
    src: 'https://github.com/kubernetes/website/issues/26943',
    msg: '0/3 nodes are available: 3 pod has unbound immediate PersistentVolumeClaims.  ',
    want: [['unbound-pvc', 3, undefined]],
  },
  {
    src: 'pkg/controller/volume/scheduling/scheduler_binder.go (v1.11–1.16 shouldDelayBinding returns the class lookup error)',
    msg: 'storageclass.storage.k8s.io "standard" not found',
    want: [['missing-storageclass', undefined, 'standard']],
  },
  {
    src: 'pkg/scheduler/framework/plugins/volumebinding (v1.18 wraps filter errors)',
    msg: 'running "VolumeBinding" filter plugin for pod "prometheus-0": storageclass.storage.k8s.io "local-storage" not found',
    want: [['missing-storageclass', undefined, 'local-storage']],
  },
  {
    src: 'https://github.com/kubernetes/kubernetes/pull/95541 (PreFilter UnschedulableAndUnresolvable)',
    msg: '0/3 nodes are available: persistentvolumeclaim "pvc-b" not found. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..',
    want: [['missing-pvc', undefined, 'pvc-b']],
  },
  {
    src: 'https://github.com/kubernetes/kubernetes/pull/105245',
    msg: '0/10 nodes are available: 1 persistentvolumeclaim "foo" bound to non-existent persistentvolume "bar".',
    want: [['missing-pv', 1, undefined]],
  },
  {
    src: 'https://github.com/minio/directpv/issues/100',
    msg: '0/4 nodes are available: 4 node(s) had volume node affinity conflict.',
    want: [['volume-node-affinity', 4, undefined]],
  },
  // taint wordings: ≤1.24 "had taint …, that the pod didn't tolerate", 1.25–1.33 "untolerated taint {…}"
  {
    src: 'https://ondemand.tistory.com/category/Cloud%20%26%20Dev.%20Story?page=5',
    msg: "0/2 nodes are available: 1 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate, 1 node(s) had taint {spray: mortein}, that the pod didn't tolerate.",
    want: [
      ['untolerated-taint', 1, 'node-role.kubernetes.io/master'],
      ['untolerated-taint', 1, 'spray=mortein'],
    ],
  },
  {
    src: 'https://juyoungpang.tistory.com/m/45',
    msg: '0/2 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) had untolerated taint {spray: mortein}. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
    want: [
      ['untolerated-taint', 1, 'node-role.kubernetes.io/control-plane'],
      ['untolerated-taint', 1, 'spray=mortein'],
    ],
  },
  {
    src: 'https://github.com/scylladb/scylla-operator/issues/523',
    msg: "0/6 nodes are available: 2 node(s) had taint {node.kubernetes.io/unreachable: }, that the pod didn't tolerate, 4 node(s) didn't find available persistent volumes to bind.",
    want: [
      ['untolerated-taint', 2, 'node.kubernetes.io/unreachable'],
      ['no-persistent-volume', 4, undefined],
    ],
  },
  {
    src: 'https://github.com/kubernetes/kubernetes/issues/116133',
    msg: '0/1 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..',
    want: [['untolerated-taint', 1, 'node-role.kubernetes.io/control-plane']],
  },
  {
    src: 'https://velog.io/@yulmwu/kubernetes-eks-max-pods',
    msg: '0/1 nodes are available: 1 Too many pods. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
    want: [['too-many-pods', 1, undefined]],
  },
  {
    src: 'https://github.com/openebs/lvm-localpv/issues/349',
    msg: '0/1 nodes are available: 1 node(s) did not have enough free storage. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..',
    want: [['volume-capacity', 1, undefined]],
  },
  // GKE's console
  {
    src: 'https://github.com/GoogleCloudPlatform/click-to-deploy/issues/348',
    msg: "Cannot schedule pods: node(s) didn't satisfy existing pods anti-affinity rules.",
    want: [['pod-anti-affinity', undefined, undefined]],
  },
  {
    src: 'https://github.com/GoogleCloudPlatform/click-to-deploy/issues/348',
    msg: "Cannot schedule pods: node(s) didn't match pod affinity/anti-affinity.",
    want: [['pod-affinity', undefined, undefined]],
  },
  // the cluster autoscaler (NotTriggerScaleUp)
  {
    src: 'https://github.com/kubernetes/autoscaler/issues/5692',
    msg: "pod didn't trigger scale-up: 12 node(s) didn't match Pod's node affinity/selector, 3 max node group size reached",
    want: [
      ['node-affinity', 12, undefined],
      ['max-node-group-size', 3, undefined],
    ],
  },
  {
    src: 'https://github.com/kubernetes/autoscaler/issues/3503',
    msg: "pod didn't trigger scale-up (it wouldn't fit if a new node is added): 1 node(s) didn't match node selector",
    want: [['node-affinity', 1, undefined]],
  },
  {
    src: 'https://github.com/kubernetes/autoscaler/issues/3268',
    msg: "pod didn't trigger scale-up (it wouldn't fit if a new node is added): 1 max limit reached",
    want: [['max-node-group-size', 1, undefined]],
  },
  {
    src: 'cluster-autoscaler/processors/status/eventing_scale_up_processor.go',
    msg: "pod didn't trigger scale-up: 1 in backoff after failed scale-up, 2 Insufficient memory",
    want: [
      ['scale-up-backoff', 1, undefined],
      ['insufficient-resource', 2, 'memory'],
    ],
  },
];

for (const row of ROWS) {
  test(`scheduler: ${row.msg.replace(/\s+/g, ' ').slice(0, 80)} (${row.src})`, () => {
    const p = parseSchedulingMessage(row.msg);
    assert.deepEqual(
      p.reasons.map((r) => [r.kind, r.count, r.detail]),
      row.want,
    );
    if (row.nodes !== undefined) assert.equal(p.nodes, row.nodes);
  });
}
