// Start and create errors as the runtimes relayed them (containerd, CRI-O, dockershim, old runc),
// each row naming the post it was pasted in. A row gives the kind and, when the message names
// one, the program or directory.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyStartError } from './start-error.js';

const ROWS: { src: string; msg: string; kind: string; path?: string }[] = [
  // containerd
  {
    src: 'https://github.com/vdesabou/kafka-docker-playground/issues/8515',
    msg: 'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "": executable file not found in $PATH',
    kind: 'executable-not-found',
  },
  {
    src: 'https://github.com/GoogleCloudPlatform/gke-fleet-management/pull/97',
    msg: 'Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "/usr/sbin/membership-to-clusterprofile.sh": permission denied',
    kind: 'permission-denied',
    path: '/usr/sbin/membership-to-clusterprofile.sh',
  },
  {
    src: 'https://github.com/velero-io/velero/issues/8776',
    msg: 'Error: failed to generate container "bc349ad4ba2d73af6d9a2f4b2fdaab5d418929de0f56a41ff9de84cace338716" spec: failed to generate spec: no command specified',
    kind: 'no-command',
  },
  // dockershim
  {
    src: 'https://github.com/storageos/cluster-operator/issues/141',
    msg: 'Error: failed to start container "storageos": Error response from daemon: OCI runtime create failed: container_linux.go:345: starting container process caused "exec: \\"storageos\\": executable file not found in $PATH": unknown',
    kind: 'executable-not-found',
    path: 'storageos',
  },
  {
    src: 'https://github.com/jimmidyson/configmap-reload/issues/110',
    msg: 'Error: failed to start container "module-configmap-reloader": Error response from daemon: OCI runtime create failed: container_linux.go:348: starting container process caused "chdir to cwd (\\"/home/nonroot\\") set in config.json failed: permission denied": unknown',
    kind: 'working-dir',
    path: '/home/nonroot',
  },
  {
    src: 'https://github.com/ibm-ecm/ibm-fncm-containers/issues/11',
    msg: 'Error: Error response from daemon: No command specified',
    kind: 'no-command',
  },
  {
    src: 'https://github.com/PaddlePaddle/PaddleCloud/issues/195',
    msg: 'mkdir /mnt/hdfs_mulan: file exists',
    kind: 'container-setup',
  },
  {
    src: 'https://github.com/jinnypark9393/jinnypark9393.github.io/blob/main/content/220519-kubernetes-cka-mock-exam-3-09/index.md',
    msg: 'Error: failed to start container "kube-contro1ler-manager": Error response from daemon: OCI runtime create failed: container_linux.go:367: starting container process caused: exec: "kube-contro1ler-manager": executable file not found in $PATH: unknown',
    kind: 'executable-not-found',
    path: 'kube-contro1ler-manager',
  },
  // CRI-O
  {
    src: 'https://github.com/opendatahub-io/opendatahub-operator/issues/132',
    msg: 'container create failed: time="2021-05-17T04:32:59Z" level=error msg="container_linux.go:366: starting container process caused: chdir to cwd (\\"/root/\\") set in config.json failed: permission denied"',
    kind: 'working-dir',
    path: '/root/',
  },
  {
    src: 'https://github.com/neuvector/neuvector-helm/issues/403',
    msg: 'Error: container create failed: time="2024-05-29T02:09:06Z" level=error msg="runc create failed: unable to start container process: error during container init: error mounting \\"/var/lib/kubelet/pods/779d1a72-beca-430f-a781-05f1246fda92/volume-subpaths/cert/neuvector-manager-pod/1\\" to rootfs at \\"/etc/neuvector/certs/ssl-cert.pem\\": mount /var/lib/kubelet/pods/779d1a72-beca-430f-a781-05f1246fda92/volume-subpaths/cert/neuvector-manager-pod/1:/etc/neuvector/certs/ssl-cert.pem (via /proc/self/fd/6), flags: 0x5001, data: context=\\"system_u:object_r:container_file_t:s0:c32,c29\\": not a directory"',
    kind: 'container-setup',
  },
  // crun (CRI-O's runtime on Fedora CoreOS and OpenShift 4.x)
  {
    src: 'crun src/libcrun/container.c (executable file `%s` not found in $PATH), as podman and CRI-O relay it',
    msg: 'Error: container create failed: executable file `sleep 3600` not found in $PATH: No such file or directory: OCI runtime attempted to invoke a command that was not found',
    kind: 'executable-not-found',
    path: 'sleep 3600',
  },
  {
    src: 'https://github.com/delimitrou/DeathStarBench/issues/358',
    msg: 'Error: failed to start container "hotel-reserv-user": Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "./user": stat ./user: no such file or directory: unknown',
    kind: 'no-such-file',
    path: './user',
  },
  {
    src: 'runc libcontainer/standard_init_linux.go (exec.LookPath on a path through a regular file)',
    msg: 'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/run.sh/start": stat /app/run.sh/start: not a directory: unknown',
    kind: 'no-such-file',
    path: '/app/run.sh/start',
  },
  // old runc: the failure comes from inside the new process
  {
    src: 'https://github.com/geerlingguy/kubernetes-101/issues/31',
    msg: 'standard_init_linux.go:219: exec user process caused: exec format error',
    kind: 'exec-format',
  },
  {
    src: 'https://github.com/cilium/tetragon/issues/2309',
    msg: 'exec /usr/bin/bash: exec format error',
    kind: 'exec-format',
  },
];

for (const row of ROWS) {
  test(`start ${row.kind}: ${row.msg.slice(0, 70)} (${row.src})`, () => {
    const r = classifyStartError(row.msg);
    assert.equal(r.kind, row.kind);
    assert.equal(r.path, row.path);
  });
}
