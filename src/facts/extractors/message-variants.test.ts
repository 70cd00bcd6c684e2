// Config, volume, sandbox, eviction and admission messages as real clusters printed them, old
// and new, each row naming the post it was pasted in (or, for a wording no post in reach showed,
// the source that writes it).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseAdmission } from './admission.js';
import { classifyConfigError } from './config-error.js';
import { parseEvictionMessage } from './eviction.js';
import { classifyMountError } from './mount.js';
import { classifySandboxError } from './sandbox.js';

describe('config errors (CreateContainerConfigError)', () => {
  const rows: { src: string; msg: string; kind: string; object?: string; key?: string; objectKind?: string }[] = [
    { src: 'https://github.com/cloudfoundry/eirini-release/issues/111', msg: 'Error: secrets "secrets-2.16.4-1" not found', kind: 'missing-secret', object: 'secrets-2.16.4-1' },
    { src: 'https://github.com/k8tre/k8tre/issues/136', msg: 'Error: secret "gitea-db-secret" not found', kind: 'missing-secret', object: 'gitea-db-secret' },
    { src: 'https://github.com/thoth-station/thoth-application/issues/2593', msg: 'configmap "thoth" not found', kind: 'missing-configmap', object: 'thoth' },
    {
      src: 'https://github.com/kubernetes/kubernetes/issues/31768 (kubelet log, v1.3)',
      msg: "Couldn't get configMap default/bigquery: configmaps \"bigquery\" not found",
      kind: 'missing-configmap',
      object: 'bigquery',
    },
    {
      src: 'https://github.com/aws-samples/eks-workshop-v2/issues/314',
      msg: "Error: couldn't find key name in Secret catalog/catalog-db",
      kind: 'missing-key',
      object: 'catalog-db',
      key: 'name',
      objectKind: 'Secret',
    },
    {
      src: 'https://github.com/sentry-kubernetes/charts/issues/1433',
      msg: "Error: couldn't find key postgresql-password in Secret test/my-postgresql",
      kind: 'missing-key',
      object: 'my-postgresql',
      key: 'postgresql-password',
    },
    {
      src: 'pkg/kubelet/kubelet_pods.go makeEnvironmentVariables (configMapKeyRef)',
      msg: "couldn't find key LOG_LEVEL in ConfigMap shop/web-config",
      kind: 'missing-key',
      object: 'web-config',
      key: 'LOG_LEVEL',
      objectKind: 'ConfigMap',
    },
    {
      // quotes dropped by the console the message was copied from
      src: 'negative of the quoting: the name as consoles that drop quotes print it (written for this test)',
      msg: 'Error: secret gitea-db-secret not found',
      kind: 'missing-secret',
      object: 'gitea-db-secret',
    },
    { src: 'negative case written for this test: prose, not a kubelet message', msg: 'the secret is not found in this namespace', kind: 'unknown' },
    {
      src: 'https://github.com/Unleash/unleash-edge/issues/483',
      msg: 'Error: container has runAsNonRoot and image will run as root (pod: "runai-backend-unleash-edge-747fc6ccbd-vx9d4_runai-backend(f03e42ed-3150-4c34-96f6-485c1ebbe7b2)", container: unleash-edge)',
      kind: 'run-as-non-root',
    },
    { src: 'https://github.com/giantswarm/helloworld/pull/20', msg: 'Error: container has runAsNonRoot and image will run as root', kind: 'run-as-non-root' },
  ];
  for (const r of rows) {
    test(`${r.kind}: ${r.msg.slice(0, 70)} (${r.src})`, () => {
      const c = classifyConfigError(r.msg);
      assert.equal(c.kind, r.kind);
      if (r.object !== undefined) assert.equal(c.object, r.object);
      if (r.key !== undefined) assert.equal(c.key, r.key);
      if (r.objectKind !== undefined) assert.equal(c.objectKind, r.objectKind);
    });
  }
});

describe('volume errors (FailedMount, FailedAttachVolume)', () => {
  const rows: { src: string; msg: string; kind: string; volume?: string; detail?: string }[] = [
    {
      src: 'https://github.com/kubernetes/kubernetes/issues/28772',
      msg: 'Unable to mount volumes for pod "some_pod_default(9cefb7b2-4762-11e6-9fd3-fa163e0da9df)": timeout expired waiting for volumes to attach/mount for pod "some_pod"/"default". list of unattached/unmounted volumes=[config-volume]',
      kind: 'timeout',
      detail: 'config-volume',
    },
    {
      src: 'https://github.com/kubernetes/kubernetes/issues/31768',
      msg: 'Unable to mount volumes for pod "spartakus-collector-3999054429-atph7_default(95609653-6f30-11e6-8513-42010a800005)": timeout expired waiting for volumes to attach/mount for pod "spartakus-collector-3999054429-atph7"/"default". list of unattached/unmounted volumes=[bigquery]',
      kind: 'timeout',
      detail: 'bigquery',
    },
    {
      src: 'https://github.com/kubernetes-sigs/kind/issues/1002',
      msg: 'Unable to mount volumes for pod "singlecluster-parallel-555v9-1569980942_default(4c8aff17-b63b-45ef-8ee9-6a470701c1ab)": timeout expired waiting for volumes to attach or mount for pod "default"/"singlecluster-parallel-555v9-1569980942". list of unmounted volumes=[docker-sock docker-lib]. list of unattached volumes=[docker-sock docker-lib default-token-xq9gk]',
      kind: 'timeout',
      detail: 'docker-sock docker-lib',
    },
    {
      src: 'https://github.com/kubernetes/kubernetes/issues/40905',
      msg: 'MountVolume.SetUp failed for volume "kubernetes.io/configmap/39e819a4-e9ad-11e6-addf-080027893417-config-volume" (spec.Name: "config-volume") pod "39e819a4-e9ad-11e6-addf-080027893417" (UID: "39e819a4-e9ad-11e6-addf-080027893417") with: configmaps "prometheus" not found',
      kind: 'missing-configmap',
      volume: 'config-volume',
      detail: 'prometheus',
    },
    {
      src: 'https://github.com/kubernetes/kubernetes/issues/44536',
      msg: 'Failed to attach volume "v2222222222222" on node "da-kk73n6cdy4-0-z5nbegh6ltn6-kube-minion-gka5gie7czuk" with: Expected HTTP response code [200] when accessing [POST http://172.20.0.2:8774/v2/035bf9cd68ad41dfa7d57e2a7b9691ca/servers/8574841d-caf1-4283-b27c-0aa926fea5ee/os-volume_attachments], but got 400 instead',
      kind: 'attach-failed',
      volume: 'v2222222222222',
    },
    {
      src: 'https://github.com/jaconi-io/helm-charts/issues/50',
      msg: 'MountVolume.SetUp failed for volume "certs" : secret "coturn" not found',
      kind: 'missing-secret',
      volume: 'certs',
      detail: 'coturn',
    },
    {
      src: 'https://github.com/kubernetes/kubernetes/issues/90363',
      msg: 'MountVolume.SetUp failed for volume "data-vol" : hostPath type check failed: /home/maziar/Documents/templates/data is not a directory',
      kind: 'hostpath-type',
      detail: '/home/maziar/Documents/templates/data',
    },
    {
      src: 'https://github.com/argoproj/argo-workflows/issues/5243',
      msg: 'MountVolume.SetUp failed for volume "docker-sock" : hostPath type check failed: /var/run/docker.sock is not a socket file',
      kind: 'hostpath-type',
      detail: '/var/run/docker.sock',
    },
    {
      src: 'https://github.com/kubernetes-csi/csi-driver-host-path/issues/71',
      msg: 'MountVolume.MountDevice failed for volume "pvc-4d70c760-a4b0-11e9-8376-1866da0e836f" : driver name hostpath.csi.k8s.io not found in the list of registered CSI drivers',
      kind: 'csi-driver-missing',
      detail: 'hostpath.csi.k8s.io',
    },
    {
      src: 'https://github.com/longhorn/longhorn/issues/5345',
      msg: 'Multi-Attach error for volume "pvc-80c52f0e-8ebc-4f29-b93a-12bd0978be8b" Volume is already exclusively attached to one node and can\'t be attached to another',
      kind: 'multi-attach',
    },
    {
      src: 'https://tech.cloud.nongshim.co.kr/blog/aws/3395',
      msg: 'AttachVolume.Attach failed :\nvolume is in a different availability zone',
      kind: 'attach-failed',
    },
    {
      src: 'https://github.com/kubernetes/kubernetes/issues/10729 (v1.0, pasted cut off)',
      msg: 'Unable to mount volumes for pod "zookeeper-cluster1-krw60_default": failed to instantiate volume plugin for (volume.Spec){Name:(string)data VolumeSource:(api.VolumeSource){HostPath:(*api.HostPathVolumeSource)<nil>',
      kind: 'unknown',
    },
    {
      // util-linux's helper hint on a local filesystem is not a missing helper
      src: 'util-linux mount(8) on a corrupt ext4 volume (pkg/volume/util/operationexecutor MountDevice)',
      msg: 'MountVolume.MountDevice failed for volume "pvc-9f1" : mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t ext4 -o defaults /dev/xvdbc /var/lib/kubelet/plugins/kubernetes.io/aws-ebs/mounts/vol-0a1\nOutput: mount: wrong fs type, bad option, bad superblock on /dev/xvdbc, missing codepage or helper program, or other error',
      kind: 'mount-failed',
    },
    {
      src: 'https://github.com/kubernetes-sigs/nfs-subdir-external-provisioner/issues/120',
      msg: 'MountVolume.SetUp failed for volume "nfs-subdir-external-provisioner-root" : mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t nfs XXXXXXXXXXX /var/snap/microk8s/common/var/lib/kubelet/pods/XXXXXXXXXXXXXXXXXXXXXXXXXXXX/volumes/kubernetes.io~nfs/nfs-subdir-external-provisioner-root\nOutput: mount: /var/snap/microk8s/common/var/lib/kubelet/pods/XXXXXXXXXXXXXXXXXXXXXXXXXX/volumes/kubernetes.io~nfs/nfs-subdir-external-provisioner-root: bad option; for several filesystems (e.g. nfs, cifs) you might need a /sbin/mount.<type> helper program.',
      kind: 'mount-helper',
      detail: 'nfs',
    },
  ];
  for (const r of rows) {
    test(`${r.kind}: ${r.msg.replace(/\s+/g, ' ').slice(0, 70)} (${r.src})`, () => {
      const m = classifyMountError(r.msg);
      assert.equal(m.kind, r.kind);
      if (r.volume !== undefined) assert.equal(m.volume, r.volume);
      if (r.detail !== undefined) assert.equal(m.detail, r.detail);
    });
  }
});

describe('sandbox errors (FailedCreatePodSandBox)', () => {
  const rows: { src: string; msg: string; kind: string; plugin?: string }[] = [
    {
      src: 'https://github.com/projectcalico/calico/issues/5712 (dockershim names no plugin)',
      msg: 'Failed to create pod sandbox: rpc error: code = Unknown desc = [failed to set up sandbox container "3dcfdb21462e" network for pod "pod-with-cm": networkPlugin cni failed to set up pod "pod-with-cm_default" network: error getting ClusterInformation: connection is unauthorized: Unauthorized, failed to clean up sandbox container "3dcfdb21462e" network for pod "pod-with-cm": networkPlugin cni failed to teardown pod "pod-with-cm_default" network: error getting ClusterInformation: connection is unauthorized: Unauthorized]',
      kind: 'cni-unauthorized',
      plugin: 'calico',
    },
    {
      src: 'https://github.com/aws/amazon-vpc-cni-k8s/issues/668',
      msg: '(combined from similar events): Failed create pod sandbox: rpc error: code = Unknown desc = failed to set up sandbox container "9234234234de" network for pod "custom-test-endpoint-5659dd6f47-92rj7": NetworkPlugin cni failed to set up pod "custom-test-endpoint-523422f47-92rj7_default" network: add cmd: failed to assign an IP address to container',
      kind: 'ip-exhausted',
      plugin: 'aws-cni',
    },
    {
      src: 'https://github.com/flannel-io/flannel/issues/2264',
      msg: 'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "566461a58438": plugin type="flannel" failed (add): failed to allocate for range 0: no IP addresses available in range set: 192.168.1.1-192.168.1.254',
      kind: 'ip-exhausted',
      plugin: 'flannel',
    },
    {
      src: 'https://github.com/kubernetes/kubernetes/issues/62504',
      msg: 'Error response from daemon: {"message":"no available IPv4 addresses on this network\'s address pools: bridge (872bba0c06bf6f65e6185240b5b6)"}',
      kind: 'ip-exhausted',
    },
    {
      src: 'https://github.com/flannel-io/flannel/issues/2253',
      msg: 'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "3c05350cf571": plugin type="flannel" failed (add): loadFlannelSubnetEnv failed: open /run/flannel/subnet.env: no such file or directory',
      kind: 'cni-not-ready',
      plugin: 'flannel',
    },
    {
      src: 'https://github.com/defenseunicorns/uds-core/issues/1547',
      msg: 'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "7918dd799f39": plugin type="istio-cni" name="istio-cni" failed (add): istio-cni cmdAdd failed to contact node Istio CNI agent: unable to push CNI event (status code 500): pod add cannot be retried: exit status 2',
      kind: 'cni-not-ready',
      plugin: 'istio-cni',
    },
    {
      src: 'https://github.com/kubernetes/kubernetes/issues/62451',
      msg: 'rpc error: code = Unknown desc = NetworkPlugin cni failed to set up pod "kube-dns-86f4d74b45-kgjbk_kube-system" network: stat /var/lib/calico/nodename: no such file or directory: check that the calico/node container is running and has mounted /var/lib/calico/',
      kind: 'cni-not-ready',
      plugin: 'calico',
    },
    {
      src: 'weave-net plugin (weave/plugin/net/cni.go: the IPAM call to the local agent on 127.0.0.1:6784)',
      msg: 'NetworkPlugin cni failed to set up pod "web-6d4b8c_default" network: unable to allocate IP address: Post http://127.0.0.1:6784/ip/0b5e2f1c: dial tcp 127.0.0.1:6784: connect: connection refused',
      kind: 'cni-not-ready',
      plugin: 'weave',
    },
    {
      src: 'https://github.com/jinnypark9393/jinnypark9393.github.io (CKA mock exam 3-09: dockershim name conflict)',
      msg: 'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create a sandbox for pod "kube-contro1ler-manager-controlplane": Error response from daemon: Conflict. The container name "/k8s_POD_kube-contro1ler-manager-controlplane_kube-system_d1b03e68f195_0" is already in use by container "775fa97beafb". You have to remove (or rename) that container to be able to reuse that name.',
      kind: 'runtime',
    },
    {
      // a pod named after a plugin does not name the plugin
      src: 'negative case written for this test: a pod named weave-scope-agent on a runtime that timed out',
      msg: 'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to reserve sandbox name "weave-scope-agent-x8k2l_weave_0a1b_0": name "weave-scope-agent-x8k2l_weave_0a1b_0" is reserved for "4f2c9e"',
      kind: 'runtime',
    },
  ];
  for (const r of rows) {
    test(`${r.kind}: ${r.msg.slice(0, 70)} (${r.src})`, () => {
      const s = classifySandboxError(r.msg);
      assert.equal(s.kind, r.kind);
      assert.equal(s.plugin, r.plugin);
    });
  }
});

describe('eviction messages', () => {
  const rows: { src: string; msg: string; kind: string; resource?: string; condition?: string; containers?: string[] }[] = [
    {
      src: 'https://github.com/kubernetes/kubernetes/issues/48632 (v1.6)',
      msg: 'Pod The node was low on resource: [MemoryPressure].',
      kind: 'node-pressure',
      resource: 'memory',
      condition: 'MemoryPressure',
    },
    {
      src: 'https://github.com/libero/reviewer/issues/977',
      msg: 'Pod The node had condition: [DiskPressure].',
      kind: 'node-condition',
      condition: 'DiskPressure',
    },
    {
      src: 'https://github.com/FederatedAI/KubeFATE/issues/64',
      msg: 'The node had condition: [MemoryPressure].',
      kind: 'node-condition',
      condition: 'MemoryPressure',
    },
    {
      src: 'https://github.com/concourse/hush-house/issues/8',
      msg: 'The node was low on resource: ephemeral-storage. Container hush-house-worker\n    was using 73712Ki, which exceeds its request of 0. ',
      kind: 'node-pressure',
      resource: 'ephemeral-storage',
      containers: ['hush-house-worker'],
    },
    {
      src: 'https://github.com/cloud-ark/kubeplus/issues/1382',
      msg: 'The node was low on resource: ephemeral-storage. Threshold quantity: 2146223340, available: 1883424Ki. Container helmer was using 10304Ki, request is 10Mi, has larger consumption of ephemeral-storage. Container consumerui was using 52676Ki, request is 10Mi, has larger consumption of ephemeral-storage.',
      kind: 'node-pressure',
      resource: 'ephemeral-storage',
      containers: ['helmer', 'consumerui'],
    },
    {
      src: 'https://github.com/squat/kilo/issues/329',
      msg: 'The node was low on resource: memory. Container kilo was using 30332Ki, which exceeds its request of 0.',
      kind: 'node-pressure',
      resource: 'memory',
      containers: ['kilo'],
    },
    {
      src: 'https://github.com/cloud-ark/kubeplus/issues/1389',
      msg: 'Container consumerui exceeded its local ephemeral storage limit "20Mi".',
      kind: 'container-storage-limit',
      resource: 'ephemeral-storage',
    },
    {
      src: 'https://github.com/substratusai/runbooks/issues/246',
      msg: 'Pod ephemeral local storage usage exceeds the total limit of containers 100Gi.',
      kind: 'pod-storage-limit',
      resource: 'ephemeral-storage',
    },
  ];
  for (const r of rows) {
    test(`${r.kind}: ${r.msg.slice(0, 70)} (${r.src})`, () => {
      const e = parseEvictionMessage(r.msg);
      assert.equal(e.kind, r.kind);
      if (r.resource !== undefined) assert.equal(e.resource, r.resource);
      if (r.condition !== undefined) assert.equal(e.condition, r.condition);
      if (r.containers !== undefined) assert.deepEqual(e.containers.map((c) => c.name), r.containers);
    });
  }
});

describe('admission rejections', () => {
  const rows: { src: string; msg: string; resource?: string; requested?: string; predicate?: string }[] = [
    { src: 'https://github.com/red-hat-storage/ocs-ci/issues/12362', msg: "Pod was rejected: Node didn't have enough resource: cpu, requested: 150, used: 11388, capacity: 11500", resource: 'cpu', requested: '150m' },
    { src: 'https://github.com/ContainerSolutions/runbooks/issues/19', msg: "Pod Node didn't have enough resource: pods, requested: 1, used: 110, capacity: 110", resource: 'pods', requested: '1' },
    { src: 'https://github.com/kubernetes/kubernetes/issues/93338', msg: 'Pod Predicate NodeAffinity failed', predicate: 'NodeAffinity' },
    { src: 'pkg/kubelet/lifecycle/predicate.go before v1.16 (the scheduler predicate names)', msg: 'Pod Predicate MatchNodeSelector failed', predicate: 'MatchNodeSelector' },
    {
      src: 'https://github.com/kubernetes/kubernetes/issues/130145',
      msg: 'Pod was rejected: Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected',
      resource: 'nvidia.com/gpu',
    },
    {
      src: 'pkg/kubelet/cm/devicemanager/manager.go (devicesToAllocate: unhealthy devices)',
      msg: "Pod was rejected: Allocate failed due to can't allocate unhealthy devices nvidia.com/gpu, which is unexpected",
      resource: 'nvidia.com/gpu',
    },
  ];
  for (const r of rows) {
    test(`${r.msg.slice(0, 70)} (${r.src})`, () => {
      const a = parseAdmission(r.msg);
      assert.equal(a.resource, r.resource);
      if (r.requested !== undefined) assert.equal(a.requested, r.requested);
      assert.equal(a.predicate, r.predicate);
    });
  }
});
