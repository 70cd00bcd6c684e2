// Image-pull errors as real clusters relayed them (dockershim and Docker daemons of 2016–2021,
// containerd 1.x–2.x, CRI-O), each row naming the post it was pasted in. A row gives the kind,
// and the detail when the extractor has one (the host for network errors, tag or repository for
// not-found).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyImagePull } from './image-pull.js';

const ROWS: { src: string; msg: string; kind: string; detail?: string; image?: string }[] = [
  // Kubernetes 1.2 with Docker: the kubelet's own "no credentials" guess on every failure
  {
    src: 'https://github.com/kubernetes/kubernetes/issues/6888',
    msg: 'image pull failed for gcr.io/google_containers/spark:1.5.2_v1, this may be because there are no credentials on this request.  details: (API error (500): unable to ping registry endpoint https://gcr.io/v0/\nv2 ping attempt failed with error: Get https://gcr.io/v2/: dial tcp: lookup gcr.io: Temporary failure in name resolution\n v1 ping attempt failed with error: Get https://gcr.io/v1/_ping: dial tcp: lookup gcr.io: Temporary failure in name resolution\n)',
    kind: 'network',
    detail: 'gcr.io',
  },
  {
    src: 'https://github.com/UKHomeOffice/kb8or/issues/68',
    msg: 'Failed to pull image "quay.io/ukhomeofficedigital/s3registry:v2.0.0-bob": image pull failed for quay.io/ukhomeofficedigital/s3registry:v2.0.0-bob, this may be because there are no credentials on this request.  details: (Tag v2.0.0-bob not found in repository quay.io/ukhomeofficedigital/s3registry)',
    kind: 'not-found',
    detail: 'tag',
  },
  {
    src: 'https://github.com/UKHomeOffice/kb8or/issues/48',
    msg: 'Failed to pull image "10.101.100.100:30000/nfidd_mysql_management:0.1.0.3-999": API error (500): invalid registry endpoint "http://10.101.100.100:30000/v0/". HTTPS attempt: unable to ping registry endpoint https://10.101.100.100:30000/v0/\nv2 ping attempt failed with error: Get https://10.101.100.100:30000/v2/: dial tcp 10.101.100.100:30000: i/o timeout\n v1 ping attempt failed with error: Get https://10.101.100.100:30000/v1/_ping: dial tcp 10.101.100.100:30000: i/o timeout',
    kind: 'network',
  },
  // Docker daemon (dockershim)
  {
    src: 'https://github.com/kubernetes/kubernetes/issues/43924',
    msg: 'Failed to pull image "10.78.0.228:5000/monitorms": Error response from daemon: {"message":"Get https://10.78.0.228:5000/v1/_ping: x509: certificate signed by unknown authority"}',
    kind: 'tls',
  },
  {
    src: 'https://github.com/kubernetes/community/issues/760',
    msg: 'rpc error: code = 2 desc = Error response from daemon: {"message":"Get https://registry.<myip>.nip.io/v1/_ping: x509: certificate signed by unknown authority"}',
    kind: 'tls',
  },
  {
    // v1.3–1.5 kubelets repeated the error in a FailedSync event, escaped once more
    src: 'https://github.com/kubernetes/community/issues/760',
    msg: 'Error syncing pod, skipping: failed to "StartContainer" for "my-private-reg-container" with ErrImagePull: "rpc error: code = 2 desc = Error response from daemon: {\\"message\\":\\"Get https://registry.<myip>.nip.io/v1/_ping: x509: certificate signed by unknown authority\\"}"',
    kind: 'tls',
  },
  {
    src: 'https://github.com/hjacobs/kube-ops-view/issues/176',
    msg: 'Failed to pull image "hjacobs/kube-ops-view:0.8.1": rpc error: code = Unknown desc = Error response from daemon: Get https://registry-1.docker.io/v2/: dial tcp: lookup registry-1.docker.io on 127.0.0.53:53: server misbehaving',
    kind: 'network',
    detail: 'registry-1.docker.io',
  },
  {
    src: 'https://github.com/Cloud-and-Distributed-Systems/Erms/issues/1',
    msg: 'Failed to pull image "k.harbor.siat.ac.cn/ms/memcached": rpc error: code = Unknown desc = Error response from daemon: Get "https://k.harbor.siat.ac.cn/v2/": dial tcp: lookup k.harbor.siat.ac.cn on 192.168.65.2:53: no such host',
    kind: 'network',
    detail: 'k.harbor.siat.ac.cn',
  },
  {
    src: 'https://github.com/kubeup/okdc/issues/11',
    msg: 'Failed to pull image "gcr.io/google_containers/kubernetes-dashboard-amd64:v1.6.3": rpc error: code = 2 desc = Get https://gcr.io/v1/_ping: dial tcp 74.125.203.82:443: i/o timeout',
    kind: 'network',
  },
  {
    src: 'https://github.com/kubernetes-retired/dashboard/issues/4315',
    msg: 'Failed to pull image "kubernetesui/dashboard:v2.0.0-beta4": rpc error: code = Unknown desc = error pulling image configuration: Get https://production.cloudflare.docker.com/registry-v2/docker/registry/v2/blobs/sha256/68/6802d83967b9/data?verify=1568998309: dial tcp: lookup production.cloudflare.docker.com on 192.168.73.1:53: read udp 192.168.73.91:35778->192.168.73.1:53: i/o timeout',
    kind: 'network',
    detail: 'production.cloudflare.docker.com',
  },
  {
    src: 'https://github.com/mattmattox/drain-node-on-crash/issues/7',
    msg: 'ErrImagePull: rpc error: code = Unknown desc = Error response from daemon: manifest for drainnode/leader:v1.0-rc9 not found: manifest unknown: manifest unknown',
    kind: 'not-found',
    detail: 'tag',
  },
  {
    src: 'https://github.com/luksa/kubernetes-in-action/issues/37',
    msg: 'Failed to pull image "tutum/curl": rpc error: code = Unknown desc = Error response from daemon: pull access denied for tutum/curl, repository does not exist or may require \'docker login\'',
    kind: 'not-found-or-unauthorized',
  },
  {
    src: 'https://github.com/microsoft/pai/issues/3572',
    msg: "rpc error: code = Unknown desc = Error response from daemon: pull access denied for nginx211, repository does not exist or may require 'docker login'",
    kind: 'not-found-or-unauthorized',
  },
  {
    // k9s cut the line at the screen edge
    src: 'https://github.com/octarinesec/kube-scan/issues/72',
    msg: '"octarinesec/kubescan-scanner-ui:20.5": rpc error: code = Unknown desc = Error response from daemon: pull access denied for octarinesec/kubescan-scanner-ui, repositor',
    kind: 'not-found-or-unauthorized',
  },
  {
    src: 'https://github.com/rhdemo/2019-demo4-optaplanner/issues/19',
    msg: 'Failed to pull image "optaplanner/optaplanner-demo:snapshot-190326-101059-0997": rpc error: code = Unknown desc = Error reading manifest snapshot-190326-101059-0997 in docker.io/optaplanner/optaplanner-demo: errors:\ndenied: requested access to the resource is denied\nunauthorized: authentication required',
    kind: 'not-found-or-unauthorized',
  },
  {
    src: 'https://github.com/ceph/ceph-csi/issues/2029',
    msg: 'Failed to pull image "docker.io/library/busybox:1.29": rpc error: code = Unknown desc = Error response from daemon: toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit',
    kind: 'rate-limited',
  },
  {
    src: 'https://github.com/oracle/cloudtestdrive/issues/128',
    msg: 'Failed to pull image "fra.ocir.io/fri8nesdgloc/atpdocker_pi/atp01:latest": rpc error: code = Unknown desc = Get "https://fra.ocir.io/v2/fri8nesdgloc/atpdocker_pi/atp01/manifests/latest": unknown: Unauthorized',
    kind: 'unauthorized',
  },
  {
    src: 'https://github.com/tableau/tableau-server-in-kubernetes/issues/14',
    msg: 'Failed to pull image "CENSORED": rpc error: code = Unknown desc = failed to register layer: Error processing tar file(exit status 1): write /tableau-server-CENSORED.rpm: no space left on device',
    kind: 'disk-full',
  },
  {
    src: 'https://github.com/kubernetes/kubernetes/issues/32542',
    msg: 'Failed to pull image "gcr.io/hivemp/hivemp-nat-punchthrough-service:1.5.10-build-41": failed to register layer: Untar re-exec error: exit status 1: output: open /srv/node_modules/grpc/third_party/boringssl/fuzz/client_corpus/4c7f90f4d64c: no space left on device',
    kind: 'disk-full',
  },
  // containerd
  {
    src: 'https://github.com/cilium/image-tools/issues/61',
    msg: 'Failed to pull image "docker.io/cilium/startup-script:af2a99046eca96c0138551393b21a5c044c7fe79": rpc error: code = Unknown desc = no matching manifest for linux/arm/v7 in the manifest list entries',
    kind: 'platform',
  },
  {
    src: 'https://github.com/rancher/rancher/issues/32340',
    msg: 'Failed to pull image \u201crancher/istio-kubectl:1.5.10\u201d: rpc error: code = NotFound desc = failed to pull and unpack image \u201cdocker.io/rancher/istio-kubectl:1.5.10\u201d: no match for platform in manifest: not found',
    kind: 'platform',
    image: 'rancher/istio-kubectl',
  },
  {
    src: 'https://github.com/codefactoryhu/manifest/issues/11',
    msg: 'Failed to pull image "ghcr.io/codefactoryhu/manifest:0.1.5": rpc error: code = NotFound desc = failed to pull and unpack image "ghcr.io/codefactoryhu/manifest:0.1.5": no match for platform in manifest: not found',
    kind: 'platform',
  },
  {
    src: 'https://github.com/ciiiii/cloudflare-docker-proxy/issues/85',
    msg: 'Failed to pull image "registry.k8s.io/ingress-nginx/controller:v1.11.2": rpc error: code = DeadlineExceeded desc = failed to pull and unpack image "registry.k8s.io/ingress-nginx/controller:v1.11.2": failed to resolve reference "registry.k8s.io/ingress-nginx/controller:v1.11.2": failed to do request: Head "https://us-west2-docker.pkg.dev/v2/k8s-artifacts-prod/images/ingress-nginx/controller/manifests/v1.11.2": dial tcp 74.125.203.82:443: i/o timeout',
    kind: 'network',
  },
  {
    src: 'https://github.com/komari-monitor/komari/issues/326',
    msg: 'Failed to pull image "ghcr.io/komari-monitor/komari:1.0.0": rpc error: code = NotFound desc = failed to pull and unpack image "ghcr.io/komari-monitor/komari:1.0.0": failed to copy: httpReadSeeker: failed open: content at https://ghcr.io/v2/komari-monitor/komari/manifests/sha256:3611825abb0c not found: not found',
    kind: 'not-found',
    detail: 'tag',
  },
  {
    src: 'https://github.com/kata-containers/kata-containers/issues/10109',
    msg: 'Failed to pull image "busybox": rpc error: code = Unknown\ndesc = failed to pull and unpack image "docker.io/library/busybox:latest": failed to copy: httpReadSeeker: failed open:\nunexpected status code https://registry-1.docker.io/v2/library/busybox/manifests/sha256:50aa4698fa62:\n429 Too Many Requests - Server message: toomanyrequests: You have reached your pull rate limit.',
    kind: 'rate-limited',
  },
  {
    src: 'https://github.com/rancher/k3os/issues/55 (containerd log of the failed unpack)',
    msg: 'failed to extract layer sha256:5dacd731af1b0386ead06c8b1feff9f65d9e0bdfec032d2cd0bc03690698feda: mount callback failed on /var/lib/rancher/k3s/agent/containerd/tmpmounts/containerd-mount252943319: write /var/lib/rancher/k3s/agent/containerd/tmpmounts/containerd-mount252943319/lib/x86_64-linux-gnu/libc-2.24.so: no space left on device: unknown',
    kind: 'disk-full',
  },
];

for (const row of ROWS) {
  test(`image pull ${row.kind}: ${row.msg.replace(/\s+/g, ' ').slice(0, 70)} (${row.src})`, () => {
    const r = classifyImagePull(row.msg);
    assert.equal(r.kind, row.kind);
    if (row.detail !== undefined) assert.equal(r.detail, row.detail);
    if (row.image !== undefined) assert.equal(r.repository, row.image);
  });
}
