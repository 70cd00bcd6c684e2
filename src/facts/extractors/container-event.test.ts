// What a kubelet event says about one container. Rows name where the message is from.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyContainerEvent } from './container-event.js';

test('container events → the waiting reason the kubelet reports', () => {
  const rows: [string, string, string | undefined, string | undefined][] = [
    // reason, message, kind, waitingReason
    ['BackOff', 'Back-off restarting failed container', 'crashloop', 'CrashLoopBackOff'], // apisix-dashboard#2503 (kubelet < 1.26)
    ['BackOff', 'Back-off restarting failed container app in pod web_default(uid)', 'crashloop', 'CrashLoopBackOff'], // kubelet ≥ 1.26
    ['BackOff', 'Back-off pulling image "obsidiandynamics/kafdrop:latest"', 'image-backoff', 'ImagePullBackOff'], // ocs-ci#4494
    ['Failed', 'Error: ImagePullBackOff', 'image-backoff', 'ImagePullBackOff'],
    ['Failed', 'Error: ErrImagePull', 'image-pull-echo', 'ErrImagePull'],
    ['Failed', 'Failed to pull image "quay.io/cortexproject/cortex": rpc error: code = Unknown desc = Error response from daemon: manifest for quay.io/cortexproject/cortex:latest not found', 'image-pull', 'ErrImagePull'], // cortex#1805
    ['ErrImageNeverPull', 'Container image "app:dev" is not present with pull policy of Never', 'never-pull', 'ErrImageNeverPull'],
    ['InspectFailed', 'Failed to apply default image tag "Nginx": couldn\'t parse image reference "Nginx": invalid reference format: repository name must be lowercase', 'invalid-image', 'InvalidImageName'],
    ['Failed', "Error: couldn't find key VALUE in Secret default/aegis-secret-aegis-workload-demo", 'config', 'CreateContainerConfigError'], // aegis#293
    ['Failed', 'Error: configmap "autotune-config-key" not found', 'config', 'CreateContainerConfigError'], // kruize/autotune#35
    ['Failed', 'Error: secret "my-password" not found', 'config', 'CreateContainerConfigError'],
    ['Failed', 'Error: container has runAsNonRoot and image will run as root (pod: "web_default(1)", container: app)', 'config', 'CreateContainerConfigError'],
    ['Failed', 'Error: failed to create containerd task: OCI runtime create failed: container_linux.go:380: starting container process caused: exec: "/coredns": permission denied: unknown', 'start', 'RunContainerError'], // chaos-mesh/k8s_dns_chaos#20
    ['Failed', 'Error: container create failed: time="2021-05-01T10:00:00Z" level=error msg="container_linux.go:367: starting container process caused: exec: \\"/app\\": stat /app: no such file or directory"', 'create', 'CreateContainerError'], // CRI-O
    ['Failed', 'Error: failed to start container "app": Error response from daemon: OCI runtime create failed', 'start', 'RunContainerError'], // dockershim
    ['Started', 'Started container app', 'started', undefined],
    ['Created', 'Created container app', 'created', undefined],
    ['Pulling', 'Pulling image "nginx"', 'pulling', undefined],
    ['Unhealthy', 'Liveness probe failed: HTTP probe failed with statuscode: 500', 'probed', undefined],
    ['Failed', 'Failed create pod sandbox: rpc error', undefined, undefined],
    // kubelets of every age echo the waiting reason they set
    ['Failed', 'Error: ImageInspectError', 'invalid-image', 'ImageInspectError'], // pkg/kubelet/images/image_manager.go
    ['Failed', 'Error: InvalidImageName', 'invalid-image', 'InvalidImageName'], // digitalocean/clusterlint#71
    ['Failed', 'Error: PreStartHookError', 'start', 'PreStartHookError'], // pkg/kubelet/kuberuntime/kuberuntime_container.go
    // Kubernetes v1.0–1.1 events: lowerCamelCase reasons, as the scheduled/failedScheduling/failedMount rows of kubernetes/kubernetes#11453 and #10729 show
    ['failed', 'Failed to pull image "gcr.io/google_containers/spark:1.5.2_v1": image pull failed for gcr.io/google_containers/spark:1.5.2_v1, this may be because there are no credentials on this request.', 'image-pull', 'ErrImagePull'],
    ['pulling', 'pulling image "mysql"', 'pulling', undefined],
  ];
  for (const [reason, message, kind, waiting] of rows) {
    const c = classifyContainerEvent(reason, message);
    assert.equal(c?.kind, kind, message);
    assert.equal(c?.waitingReason, waiting, message);
  }
  // the status carries the message without "Error: "
  assert.equal(classifyContainerEvent('Failed', 'Error: secret "s" not found')?.message, 'secret "s" not found');
});

test('FailedSync of kubelets up to 1.5 names the container, the reason and the message', () => {
  // kubernetes/kubernetes#19578-era paste (c1 corpus, spark image on a 1.2 cluster)
  const pull = 'Error syncing pod, skipping: failed to "StartContainer" for "spark-master" with ErrImagePull: "image pull failed for gcr.io/google_containers/spark:1.5.2_v1, this may be because there are no credentials on this request."';
  assert.equal(classifyContainerEvent('FailedSync', pull)?.waitingReason, 'ErrImagePull');
  // helm/charts#139: an init container exiting 1
  const init = 'Error syncing pod, skipping: [failed to "InitContainer" for "remove-lost-found" with RunInitContainerError: "init container \\"remove-lost-found\\" exited with 1"';
  const c = classifyContainerEvent('FailedSync', init);
  assert.equal(c?.kind, 'init-exit');
  assert.equal(c?.exitCode, 1);
  assert.equal(c?.message, 'init container "remove-lost-found" exited with 1');
  assert.equal(classifyContainerEvent('FailedSync', 'Error syncing pod, skipping: failed to "StartContainer" for "web" with CrashLoopBackOff: "Back-off 5m0s restarting failed container=web pod=web-1_default(1)"')?.waitingReason, 'CrashLoopBackOff');
  // a volume timeout is the pod's, not a container's
  assert.equal(classifyContainerEvent('FailedSync', 'Error syncing pod, skipping: timeout expired waiting for volumes to attach/mount for pod "x"/"default". list of unattached/unmounted volumes=[v]'), undefined);
});
