// The offline knowledge base behind `podwhy explain <term>`: for each reason, status, condition,
// event reason, exit code and signal a user can meet, what it means, where in the pod lifecycle it
// belongs, its usual causes and what to check, in English and Korean.
//
// Message texts quoted here are the ones verified in /work/notes/kubelet-messages.md and
// /work/notes/runtime-scheduler-messages.md (placeholders in <angle brackets>). A name or alias is
// unique across all terms, compared case-insensitively (see terms.test.ts): where Kubernetes uses
// one word for two things (Failed as a phase and as an event reason, Evicted as a pod reason and as
// an event reason) a single term explains both.

import type { Term } from './types.js';

export const TERMS: Term[] = [
  // ── Container waiting reasons (state.waiting.reason) ──
  {
    name: 'ContainerCreating',
    category: 'waiting-reason',
    stage: 'sandbox',
    rules: ['container-creating-stuck', 'sandbox-create-failed', 'sandbox-cni-not-ready', 'sandbox-ip-exhausted', 'volume-mount-failed', 'volume-secret-missing', 'volume-configmap-missing', 'volume-csi-driver-missing', 'volume-hostpath-type', 'volume-mount-helper-missing', 'volume-mount-timeout', 'volume-attach-failed', 'volume-multi-attach'],
    text: {
      en: {
        summary:
          "The kubelet has accepted the pod but has not created this container yet: it is still setting up the pod sandbox and network, mounting volumes or pulling the image. A few seconds to a minute is normal; longer means one of these steps is stuck, and the pod's events name it.",
        causes: [
          'A volume cannot be mounted: a Secret or ConfigMap it refers to does not exist, a PersistentVolume is still attaching or attached elsewhere (FailedAttachVolume, Multi-Attach error), or an NFS or CSI mount fails (FailedMount).',
          'The sandbox or its network cannot be set up: the CNI plugin fails or is not ready on the node (FailedCreatePodSandBox, NetworkNotReady).',
          'A large image is still being pulled (a Pulling event with no Pulled yet); by default the kubelet pulls one image at a time (serializeImagePulls: true), so pulls queue up behind each other.',
          'The container runtime on the node is slow or unhealthy, for example under heavy disk I/O (context deadline exceeded in the events).',
        ],
        check: [
          'kubectl describe pod <pod>: the Events at the bottom (FailedMount, FailedAttachVolume, FailedCreatePodSandBox, Pulling) say which step is stuck.',
          'kubectl get events -n <ns> --field-selector involvedObject.name=<pod> --sort-by=.lastTimestamp for the whole history in order.',
          'For volumes: kubectl get pvc,secret,configmap -n <ns> and kubectl get volumeattachment, to see whether what the pod mounts exists and is attached to this node.',
          'For the network: kubectl get pods -n kube-system -o wide --field-selector spec.nodeName=<node> to check the CNI pods on that node.',
        ],
      },
      ko: {
        summary:
          'kubelet이 파드를 받아들였지만 이 컨테이너는 아직 만들어지지 않은 상태입니다. 파드 샌드박스와 네트워크를 준비하거나, 볼륨을 마운트하거나, 이미지를 pull하는 중입니다. 몇 초에서 1분 정도는 정상이며, 그보다 길어지면 이 중 한 단계가 멈춘 것이고 파드의 이벤트에 어느 단계인지 나옵니다.',
        causes: [
          '볼륨을 마운트하지 못합니다. 볼륨이 참조하는 Secret이나 ConfigMap이 없거나, PersistentVolume이 아직 연결(attach) 중이거나 다른 노드에 연결되어 있거나(FailedAttachVolume, Multi-Attach error), NFS나 CSI 마운트가 실패합니다(FailedMount).',
          '샌드박스나 네트워크를 준비하지 못합니다. 노드의 CNI 플러그인이 실패하거나 아직 준비되지 않았습니다(FailedCreatePodSandBox, NetworkNotReady).',
          '큰 이미지를 아직 pull하고 있습니다(Pulling 이벤트만 있고 Pulled가 없음). kubelet은 기본적으로 이미지를 하나씩 pull하므로(serializeImagePulls: true) pull이 줄지어 대기합니다.',
          '노드의 컨테이너 런타임이 느리거나 비정상입니다. 예를 들어 디스크 I/O가 많으면 이벤트에 context deadline exceeded가 나옵니다.',
        ],
        check: [
          'kubectl describe pod <pod> 출력 맨 아래의 Events를 확인하세요. FailedMount, FailedAttachVolume, FailedCreatePodSandBox, Pulling 이벤트가 멈춘 단계를 알려 줍니다.',
          '전체 이벤트를 순서대로 보려면 kubectl get events -n <ns> --field-selector involvedObject.name=<pod> --sort-by=.lastTimestamp를 실행하세요.',
          '볼륨 문제라면 kubectl get pvc,secret,configmap -n <ns>와 kubectl get volumeattachment로 파드가 마운트하는 대상이 있는지, 이 노드에 연결되어 있는지 확인하세요.',
          '네트워크 문제라면 kubectl get pods -n kube-system -o wide --field-selector spec.nodeName=<node>로 해당 노드의 CNI 파드를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'PodInitializing',
    category: 'waiting-reason',
    stage: 'init',
    rules: ['init-container-running-long', 'sandbox-create-failed', 'volume-mount-failed', 'volume-attach-failed'],
    text: {
      en: {
        summary:
          'The app containers of a pod that has init containers are waiting to be created. In such pods the kubelet uses PodInitializing where it would otherwise say ContainerCreating: while the init containers run (kubectl then shows Init:i/N), and after they finish until the app containers exist.',
        causes: [
          'Init containers are still running: a slow one, or one that loops waiting for a Service, database or migration that is not ready, holds everything back.',
          'The init containers are done and the app containers are still being prepared: their images are being pulled or a volume step is slow.',
          'A failing init container does not show as PodInitializing but as Init:<reason> (Init:Error, Init:CrashLoopBackOff), so look there if the pod shows that.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.initContainerStatuses[*].state}' to see which init container has not finished.",
          'kubectl logs <pod> -c <init-container> for what it is doing or waiting for.',
          'kubectl describe pod <pod>: Pulling events for the app images and the Initialized condition message (containers with incomplete status: [...]).',
        ],
      },
      ko: {
        summary:
          'init 컨테이너가 있는 파드에서 앱 컨테이너가 생성되기를 기다리는 상태입니다. 이런 파드에서는 kubelet이 ContainerCreating 대신 PodInitializing을 씁니다. init 컨테이너가 실행되는 동안(kubectl에는 Init:i/N으로 표시)과, init 컨테이너가 끝난 뒤 앱 컨테이너가 만들어질 때까지가 여기에 해당합니다.',
        causes: [
          'init 컨테이너가 아직 실행 중입니다. 느린 init 컨테이너나, 준비되지 않은 Service, 데이터베이스, 마이그레이션을 기다리며 반복하는 init 컨테이너가 전체를 붙잡고 있습니다.',
          'init 컨테이너는 끝났고 앱 컨테이너를 준비하는 중입니다. 앱 이미지를 pull하고 있거나 볼륨 단계가 느립니다.',
          '실패한 init 컨테이너는 PodInitializing이 아니라 Init:<reason>(Init:Error, Init:CrashLoopBackOff)으로 표시되므로, 파드가 그렇게 보인다면 그쪽을 살펴봐야 합니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.initContainerStatuses[*].state}' 명령으로 끝나지 않은 init 컨테이너를 확인하세요.",
          'kubectl logs <pod> -c <init-container>로 그 init 컨테이너가 무엇을 하고 있는지, 무엇을 기다리는지 확인하세요.',
          'kubectl describe pod <pod>에서 앱 이미지의 Pulling 이벤트와 Initialized condition의 message(containers with incomplete status: [...])를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'CrashLoopBackOff',
    category: 'waiting-reason',
    stage: 'runtime',
    rules: ['crashloop-backoff', 'crashloop-app-error', 'crashloop-oomkilled', 'crashloop-exit-zero', 'crashloop-killed', 'crashloop-sigterm', 'crashloop-segfault', 'crashloop-aborted', 'liveness-probe-failing', 'startup-probe-failing'],
    text: {
      en: {
        summary:
          'The container keeps exiting and the kubelet is waiting before it starts it again. The wait starts at 10 s and doubles with each restart up to 5 minutes; it is reset once the container has run for 10 minutes without trouble. The pod phase stays Running while Ready is False, and the waiting message reads like back-off 5m0s restarting failed container=app pod=web-7d4b9c8f5-x2k4p_default(<uid>). The real cause is in lastState.terminated and in the logs of the previous run.',
        causes: [
          'The application exits with an error (exit code 1 or another non-zero code): a missing environment variable or config file, a database or API it cannot reach at start-up, a bug. lastState.terminated.reason is Error.',
          'It runs out of memory: lastState.terminated.reason is OOMKilled and the exit code 137.',
          'A liveness or startup probe kills it: Unhealthy events and Killing with "failed liveness probe, will be restarted", exit code 137 or 143.',
          'The process finishes normally (exit code 0, reason Completed) but restartPolicy is Always, so the kubelet keeps restarting it: a command that runs once, or a process that daemonizes.',
          'The command cannot be started at all (lastState StartError, exit code 128), alternating with RunContainerError.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated}' for the previous run's reason, exitCode and finishedAt.",
          'kubectl logs <pod> -c <container> --previous for the output of the run that ended; the current one may not have started yet.',
          'kubectl describe pod <pod>: Unhealthy and Killing events point to probes; BackOff events only confirm the back-off.',
          "Compare the container's command, args, env and mounted config with what the image expects.",
        ],
      },
      ko: {
        summary:
          '컨테이너가 계속 종료되어 kubelet이 다시 시작하기 전에 대기하고 있는 상태입니다. 대기 시간은 10초에서 시작해 재시작할 때마다 두 배로 늘어 최대 5분이 되며, 컨테이너가 10분 동안 문제없이 실행되면 초기화됩니다. 파드의 phase는 Running으로 남고 Ready는 False이며, waiting message는 back-off 5m0s restarting failed container=app pod=web-7d4b9c8f5-x2k4p_default(<uid>) 형태입니다. 실제 원인은 lastState.terminated와 이전 실행의 로그에 있습니다.',
        causes: [
          '애플리케이션이 오류로 종료합니다(종료 코드 1 등 0이 아닌 값). 환경 변수나 설정 파일이 없거나, 시작할 때 데이터베이스나 API에 연결하지 못하거나, 버그가 있는 경우이며 lastState.terminated.reason은 Error입니다.',
          '메모리가 부족해 강제 종료됩니다. lastState.terminated.reason은 OOMKilled이고 종료 코드는 137입니다.',
          'liveness 프로브나 startup 프로브 실패로 kubelet이 컨테이너를 종료합니다. Unhealthy 이벤트와 "failed liveness probe, will be restarted"라는 Killing 이벤트가 남고, 종료 코드는 137이나 143입니다.',
          '프로세스가 정상 종료(종료 코드 0, reason Completed)했지만 restartPolicy가 Always여서 kubelet이 계속 재시작합니다. 한 번 실행하고 끝나는 명령이거나, 프로세스가 백그라운드로 빠지는(daemonize) 경우입니다.',
          '명령 자체를 시작하지 못합니다(lastState가 StartError, 종료 코드 128). 이때는 RunContainerError와 번갈아 표시됩니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated}' 명령으로 이전 실행의 reason, exitCode, finishedAt을 확인하세요.",
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)를 확인하세요. 현재 실행은 아직 시작되지 않았을 수 있습니다.',
          'kubectl describe pod <pod>의 이벤트를 확인하세요. Unhealthy와 Killing 이벤트가 있으면 프로브 문제이고, BackOff 이벤트는 재시작 대기 중이라는 사실만 알려 줍니다.',
          '컨테이너의 command, args, env와 마운트한 설정이 이미지가 기대하는 것과 맞는지 비교하세요.',
        ],
      },
    },
  },
  {
    name: 'ImagePullBackOff',
    category: 'waiting-reason',
    stage: 'image',
    rules: ['image-pull-failed', 'image-pull-not-found', 'image-pull-unauthorized', 'image-pull-access-denied', 'image-pull-rate-limited', 'image-pull-network', 'image-pull-tls', 'image-platform-mismatch'],
    text: {
      en: {
        summary:
          'An earlier pull of this image failed and the kubelet is waiting before it tries again (10 s, doubling up to 5 minutes). The waiting message is Back-off pulling image "<image>"; from v1.32 it also carries the previous error (…: ErrImagePull: <runtime error>). On older clusters the error is in the Failed events.',
        causes: [
          'The repository or tag does not exist (not found, manifest unknown): a typo, or a tag that was never pushed.',
          'The registry refuses the pull: a private repository without imagePullSecrets, or a wrong or expired credential (401 Unauthorized, 403 Forbidden, pull access denied).',
          "Docker Hub's pull rate limit (429 Too Many Requests, toomanyrequests).",
          'The node cannot reach the registry: DNS, proxy, firewall or TLS trouble (no such host, i/o timeout, x509: certificate signed by unknown authority).',
          "The image has no variant for the node's CPU architecture (no match for platform in manifest).",
        ],
        check: [
          'kubectl describe pod <pod>: the Failed event Failed to pull image "<image>": <error> holds the real reason.',
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].image} {.spec.imagePullSecrets}' and check the registry, repository, tag and secret name.",
          "Check that the pull secret is in the pod's namespace, has type kubernetes.io/dockerconfigjson and names the same registry host as the image (pull secrets can also come from the ServiceAccount).",
          "On the node, crictl pull <image> shows the runtime's error first hand.",
        ],
      },
      ko: {
        summary:
          '이 이미지를 pull하는 데 앞서 실패해서 kubelet이 다시 시도하기 전에 대기하고 있는 상태입니다(10초부터 두 배씩 늘어 최대 5분). waiting message는 Back-off pulling image "<image>"이며, v1.32부터는 직전 오류(…: ErrImagePull: <runtime error>)도 함께 나옵니다. 그보다 오래된 클러스터에서는 Failed 이벤트에서 오류를 확인할 수 있습니다.',
        causes: [
          '리포지토리나 태그가 없습니다(not found, manifest unknown). 오타이거나 push된 적이 없는 태그입니다.',
          '레지스트리가 pull을 거부합니다. imagePullSecrets 없이 비공개 리포지토리를 쓰거나, 자격 증명이 틀렸거나 만료되었습니다(401 Unauthorized, 403 Forbidden, pull access denied).',
          'Docker Hub의 pull rate limit에 걸렸습니다(429 Too Many Requests, toomanyrequests).',
          '노드가 레지스트리에 접근하지 못합니다. DNS, 프록시, 방화벽, TLS 문제입니다(no such host, i/o timeout, x509: certificate signed by unknown authority).',
          '노드의 CPU 아키텍처에 맞는 이미지가 없습니다(no match for platform in manifest).',
        ],
        check: [
          'kubectl describe pod <pod>에서 Failed 이벤트(Failed to pull image "<image>": <error>)를 확인하세요. 실제 원인은 여기에 있습니다.',
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].image} {.spec.imagePullSecrets}' 명령으로 레지스트리, 리포지토리, 태그, Secret 이름을 확인하세요.",
          'pull Secret이 파드와 같은 네임스페이스에 있는지, type이 kubernetes.io/dockerconfigjson인지, 이미지와 같은 레지스트리 호스트를 가리키는지 확인하세요. pull Secret은 ServiceAccount에서 올 수도 있습니다.',
          '노드에서 crictl pull <image>를 실행해 컨테이너 런타임의 오류를 직접 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'ErrImagePull',
    category: 'waiting-reason',
    stage: 'image',
    rules: ['image-pull-failed', 'image-pull-not-found', 'image-pull-unauthorized', 'image-pull-access-denied', 'image-pull-rate-limited', 'image-pull-network', 'image-pull-tls', 'image-platform-mismatch'],
    text: {
      en: {
        summary:
          'The last attempt to pull the image failed. The waiting message is the container runtime\'s error as it came, for example rpc error: code = NotFound desc = failed to pull and unpack image "<image>": failed to resolve reference "<image>": <image>: not found. After a failure the reason turns into ImagePullBackOff while the kubelet waits before the next attempt.',
        causes: [
          'The repository or tag does not exist, or the name is misspelled (not found, manifest unknown).',
          'Missing or wrong credentials for a private registry (401 Unauthorized, 403 Forbidden, pull access denied, repository does not exist or may require authorization).',
          'Registry rate limiting (429 Too Many Requests).',
          "Network, DNS or TLS problems between the node and the registry; note that pulls use the node's DNS resolver, not the cluster DNS.",
          "No image for the node's architecture (no match for platform in manifest).",
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].state.waiting.message}' for the full runtime error.",
          'From your machine: docker manifest inspect <image> (or crane manifest <image>) to see whether the reference exists and which platforms it has.',
          "kubectl get pod <pod> -o jsonpath='{.spec.imagePullSecrets} {.spec.serviceAccountName}' and the secrets attached to that ServiceAccount.",
          "On the node: crictl pull <image>, and the node's /etc/resolv.conf and proxy settings if the error is about the network.",
        ],
      },
      ko: {
        summary:
          '마지막 이미지 pull 시도가 실패한 상태입니다. waiting message는 컨테이너 런타임의 오류 그대로이며, 예를 들면 rpc error: code = NotFound desc = failed to pull and unpack image "<image>": failed to resolve reference "<image>": <image>: not found입니다. 실패하고 나면 kubelet이 다음 시도를 기다리는 동안 reason이 ImagePullBackOff로 바뀝니다.',
        causes: [
          '리포지토리나 태그가 없거나 이름에 오타가 있습니다(not found, manifest unknown).',
          '비공개 레지스트리의 자격 증명이 없거나 틀렸습니다(401 Unauthorized, 403 Forbidden, pull access denied, repository does not exist or may require authorization).',
          '레지스트리의 rate limit에 걸렸습니다(429 Too Many Requests).',
          '노드와 레지스트리 사이의 네트워크, DNS, TLS 문제입니다. 이미지 pull은 클러스터 DNS가 아니라 노드의 DNS resolver를 사용합니다.',
          '노드의 아키텍처에 맞는 이미지가 없습니다(no match for platform in manifest).',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].state.waiting.message}' 명령으로 런타임 오류 전체를 확인하세요.",
          '작업 중인 PC에서 docker manifest inspect <image>(또는 crane manifest <image>)를 실행해 그 이미지가 있는지, 어떤 플랫폼을 지원하는지 확인하세요.',
          "kubectl get pod <pod> -o jsonpath='{.spec.imagePullSecrets} {.spec.serviceAccountName}' 명령의 결과와 그 ServiceAccount에 연결된 Secret을 확인하세요.",
          '노드에서 crictl pull <image>를 실행하고, 네트워크 오류라면 노드의 /etc/resolv.conf와 프록시 설정을 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'ErrImageNeverPull',
    category: 'waiting-reason',
    stage: 'image',
    rules: ['image-never-pull', 'image-pull-failed'],
    text: {
      en: {
        summary:
          'imagePullPolicy is Never and the image is not on the node, so the kubelet will not start the container. The waiting message and the Warning event of the same name read Container image "<image>" is not present with pull policy of Never.',
        causes: [
          'The image was built or loaded on another machine or node: a local docker build never reaches the cluster by itself (kind needs kind load docker-image, minikube needs minikube image load).',
          'The pod landed on a node that does not have the image; Never only works if every node the pod can run on has it.',
          'The tag in the pod differs from the one loaded on the node.',
          "The kubelet's image garbage collection removed the image when the node's disk filled up.",
        ],
        check: [
          'crictl images on the node (for kind: docker exec <node> crictl images) to list what is there.',
          'kubectl get pod <pod> -o wide for the node, and the image reference in spec.containers.',
          'Load the image onto every node the pod may use, or push it to a registry and set imagePullPolicy to IfNotPresent.',
        ],
      },
      ko: {
        summary:
          'imagePullPolicy가 Never인데 노드에 이미지가 없어서 kubelet이 컨테이너를 시작하지 않는 상태입니다. waiting message와 같은 이름의 Warning 이벤트에 Container image "<image>" is not present with pull policy of Never라고 나옵니다.',
        causes: [
          '이미지를 다른 머신이나 다른 노드에서 빌드하거나 로드했습니다. 로컬에서 docker build한 이미지는 클러스터로 저절로 옮겨지지 않습니다(kind는 kind load docker-image, minikube는 minikube image load가 필요합니다).',
          '이미지가 없는 노드에 파드가 배치되었습니다. Never는 파드가 실행될 수 있는 모든 노드에 이미지가 있을 때만 동작합니다.',
          '파드의 태그가 노드에 로드한 이미지의 태그와 다릅니다.',
          '노드 디스크가 찼을 때 kubelet의 이미지 가비지 컬렉션이 이미지를 지웠습니다.',
        ],
        check: [
          '노드에서 crictl images(kind라면 docker exec <node> crictl images)로 노드에 있는 이미지를 확인하세요.',
          'kubectl get pod <pod> -o wide로 노드를 확인하고, spec.containers의 이미지 이름과 비교하세요.',
          '파드가 실행될 수 있는 모든 노드에 이미지를 로드하거나, 이미지를 레지스트리에 push하고 imagePullPolicy를 IfNotPresent로 바꾸세요.',
        ],
      },
    },
  },
  {
    name: 'InvalidImageName',
    category: 'waiting-reason',
    stage: 'image',
    rules: ['image-invalid-name', 'image-pull-failed'],
    text: {
      en: {
        summary:
          'The kubelet cannot parse the image reference, so it never tries to pull. The message reads Failed to apply default image tag "<image>": couldn\'t parse image name "<image>": invalid reference format, sometimes followed by a note that the repository name must be lowercase; the event reason is InspectFailed.',
        causes: [
          'Upper-case letters in the repository path.',
          'A URL scheme or stray characters: https:// in front, a space, a trailing or doubled colon.',
          'A template variable that came out empty, giving myrepo/app: with no tag or :1.2 with no name.',
          'A malformed digest (it must be @sha256: followed by 64 hex characters).',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].image}' and look at the exact string, spaces included.",
          'Render the manifests (helm template, kustomize build) and check the values that build the image reference.',
          "Fix the image in the workload's pod template (Deployment, StatefulSet, Job); the rollout replaces the pod.",
        ],
      },
      ko: {
        summary:
          'kubelet이 이미지 참조를 해석하지 못해 pull을 시도조차 하지 않는 상태입니다. message는 Failed to apply default image tag "<image>": couldn\'t parse image name "<image>": invalid reference format이며, 뒤에 리포지토리 이름은 소문자여야 한다는 설명이 붙기도 합니다. 이벤트 reason은 InspectFailed입니다.',
        causes: [
          '리포지토리 경로에 대문자가 들어 있습니다.',
          'URL scheme이나 불필요한 문자가 들어 있습니다. 앞에 붙은 https://, 공백, 끝에 붙거나 두 번 들어간 콜론 등입니다.',
          '템플릿 변수가 비어 있어 태그 없는 myrepo/app:이나 이름 없는 :1.2가 만들어졌습니다.',
          '다이제스트 형식이 틀렸습니다(@sha256: 뒤에 16진수 64자가 와야 합니다).',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].image}' 명령으로 공백까지 포함한 정확한 문자열을 확인하세요.",
          '매니페스트를 렌더링해서(helm template, kustomize build) 이미지 참조를 만드는 값을 확인하세요.',
          '워크로드(Deployment, StatefulSet, Job)의 파드 템플릿에서 이미지를 고치세요. 롤아웃이 파드를 교체합니다.',
        ],
      },
    },
  },
  {
    name: 'ImageInspectError',
    category: 'waiting-reason',
    stage: 'image',
    rules: ['image-pull-failed'],
    text: {
      en: {
        summary:
          'The container runtime could not inspect the image, so the kubelet cannot read its configuration. The message reads Failed to inspect image "<image>": <error>.',
        causes: [
          "The runtime's image store on the node is damaged or inconsistent, e.g. after an interrupted pull, disk errors or a full disk.",
          'The container runtime is unhealthy or restarting.',
          "The stored image's manifest or config cannot be read by this runtime.",
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].state.waiting.message}' for the runtime's error.",
          "On the node: crictl inspecti <image>, and the runtime's log (journalctl -u containerd, or -u crio).",
          'Remove the image (crictl rmi <image>) so that it is pulled again, and check the disk (df -h /var/lib/containerd).',
        ],
      },
      ko: {
        summary:
          '컨테이너 런타임이 이미지를 검사(inspect)하지 못해 kubelet이 이미지 설정을 읽을 수 없는 상태입니다. message는 Failed to inspect image "<image>": <error>입니다.',
        causes: [
          '노드에 있는 런타임의 이미지 저장소가 손상되었거나 일관성이 깨졌습니다. pull이 중간에 끊겼거나, 디스크 오류가 있거나, 디스크가 가득 찬 경우입니다.',
          '컨테이너 런타임이 비정상이거나 재시작 중입니다.',
          '저장된 이미지의 manifest나 config를 이 런타임이 읽지 못합니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].state.waiting.message}' 명령으로 런타임 오류를 확인하세요.",
          '노드에서 crictl inspecti <image>를 실행하고 런타임 로그(journalctl -u containerd 또는 -u crio)를 확인하세요.',
          '이미지를 지워서(crictl rmi <image>) 다시 pull되게 하고, 디스크 여유 공간(df -h /var/lib/containerd)을 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'RegistryUnavailable',
    category: 'waiting-reason',
    stage: 'image',
    rules: ['image-pull-network', 'image-pull-failed'],
    text: {
      en: {
        summary:
          "The container runtime reported that the registry could not be reached during the pull. The message reads image pull failed for <image> because the registry is unavailable (newer kubelets append the runtime's details).",
        causes: [
          'The registry is down or overloaded: a self-hosted registry, a pull-through mirror, or a provider outage.',
          'The node cannot reach it: a firewall, missing proxy settings for the runtime, no outbound route from a private subnet, DNS.',
          'A registry mirror configured in the runtime points to a host that no longer answers.',
        ],
        check: [
          'From the node: curl -v https://<registry>/v2/ ; an HTTP answer (even 401) means it is reachable, a timeout means it is not.',
          "The runtime's registry and proxy configuration (/etc/containerd/config.toml, /etc/containerd/certs.d, the HTTPS_PROXY of the containerd or crio service).",
          "Whether pods pulling from the same registry work on other nodes: if only one node fails, look at that node's network.",
        ],
      },
      ko: {
        summary:
          '이미지를 pull하는 동안 레지스트리에 접근할 수 없다고 컨테이너 런타임이 보고한 상태입니다. message는 image pull failed for <image> because the registry is unavailable이며, 최근 kubelet은 런타임의 상세 내용을 뒤에 붙입니다.',
        causes: [
          '레지스트리가 다운되었거나 과부하 상태입니다. 직접 운영하는 레지스트리, pull-through 미러, 클라우드 레지스트리 장애 등입니다.',
          '노드가 레지스트리에 접근하지 못합니다. 방화벽, 런타임의 프록시 설정 누락, 사설 서브넷의 외부 경로 부재, DNS 문제입니다.',
          '런타임에 설정된 레지스트리 미러가 더 이상 응답하지 않는 호스트를 가리킵니다.',
        ],
        check: [
          '노드에서 curl -v https://<registry>/v2/를 실행하세요. HTTP 응답이 오면(401이라도) 접근할 수 있는 것이고, 타임아웃이면 접근할 수 없는 것입니다.',
          '런타임의 레지스트리와 프록시 설정(/etc/containerd/config.toml, /etc/containerd/certs.d, containerd나 crio 서비스의 HTTPS_PROXY)을 확인하세요.',
          '같은 레지스트리를 쓰는 파드가 다른 노드에서는 잘 되는지 확인하세요. 한 노드에서만 실패한다면 그 노드의 네트워크를 살펴보세요.',
        ],
      },
    },
  },
  {
    name: 'SignatureValidationFailed',
    category: 'waiting-reason',
    stage: 'image',
    rules: ['image-signature-invalid', 'image-pull-failed'],
    text: {
      en: {
        summary:
          "The container runtime's image signature policy rejected the image (CRI-O with /etc/containers/policy.json or sigstore verification). The message reads image pull failed for <image> because the signature validation failed: …, for example Source image rejected: A signature was required, but no signature exists.",
        causes: [
          "The image is not signed, and the node's policy requires a signature for that registry or repository.",
          'It is signed, but not by a key or identity (issuer, subject) that the policy trusts.',
          'The policy or the registries.d / sigstore configuration on the node is wrong, or the public key is missing.',
        ],
        check: [
          'On the node: /etc/containers/policy.json and the files under /etc/containers/registries.d/.',
          'Verify the signature yourself, e.g. cosign verify --key <key> <image>.',
          'Use a signed image (by digest) or sign yours; loosen the policy only deliberately, not to make one image pass.',
        ],
      },
      ko: {
        summary:
          '컨테이너 런타임의 이미지 서명 정책이 이미지를 거부한 상태입니다(CRI-O의 /etc/containers/policy.json이나 sigstore 검증). message는 image pull failed for <image> because the signature validation failed: …이며, 예를 들면 Source image rejected: A signature was required, but no signature exists입니다.',
        causes: [
          '이미지가 서명되지 않았는데, 노드의 정책은 해당 레지스트리나 리포지토리에 서명을 요구합니다.',
          '서명은 있지만 정책이 신뢰하는 키나 신원(issuer, subject)으로 서명되지 않았습니다.',
          '노드의 정책이나 registries.d, sigstore 설정이 잘못되었거나 공개 키가 없습니다.',
        ],
        check: [
          '노드에서 /etc/containers/policy.json과 /etc/containers/registries.d/ 아래 파일을 확인하세요.',
          'cosign verify --key <key> <image> 등으로 서명을 직접 검증하세요.',
          '서명된 이미지를 다이제스트로 쓰거나 이미지에 서명하세요. 이미지 하나를 통과시키려고 정책을 느슨하게 하지 말고, 바꾼다면 의도적으로 바꾸세요.',
        ],
      },
    },
  },
  {
    name: 'CreateContainerConfigError',
    category: 'waiting-reason',
    stage: 'config',
    rules: ['config-error', 'config-missing-configmap', 'config-missing-secret', 'config-missing-key', 'config-run-as-non-root', 'config-run-as-user-root'],
    text: {
      en: {
        summary:
          'The kubelet could not build the container\'s configuration, so it never asked the runtime to create it. The waiting message (and the Failed event, as Error: <message>) says what is wrong, e.g. configmap "app-config" not found, secret "db-creds" not found, couldn\'t find key DB_HOST in ConfigMap default/app-config, or container has runAsNonRoot and image will run as root (pod: "…", container: app).',
        causes: [
          "A ConfigMap or Secret used by env, envFrom or valueFrom does not exist in the pod's namespace: not created yet, another name, or another namespace.",
          "The ConfigMap or Secret exists but lacks the key a valueFrom asks for (couldn't find key … in ConfigMap/Secret …).",
          'securityContext.runAsNonRoot is true but the image runs as root (uid 0), or as a non-numeric user the kubelet cannot verify (image has non-numeric user (…), cannot verify user is non-root).',
          'The object was created a moment ago or the kubelet just restarted: object "<ns>"/"<name>" not registered, which usually clears on its own.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].state.waiting.message}' for the exact text.",
          'kubectl get configmap,secret -n <ns> to compare names; kubectl describe configmap <name> -n <ns> and kubectl describe secret <name> -n <ns> list the keys (not the secret values).',
          'For runAsNonRoot: set securityContext.runAsUser to a non-zero uid, or use an image whose USER is a numeric non-root uid.',
          'Mark the reference optional: true if the container can start without it.',
        ],
      },
      ko: {
        summary:
          'kubelet이 컨테이너 설정을 만들지 못해 런타임에 컨테이너 생성을 요청하지도 못한 상태입니다. waiting message(그리고 Failed 이벤트의 Error: <message>)에 무엇이 잘못되었는지 나옵니다. 예: configmap "app-config" not found, secret "db-creds" not found, couldn\'t find key DB_HOST in ConfigMap default/app-config, container has runAsNonRoot and image will run as root (pod: "…", container: app).',
        causes: [
          'env, envFrom, valueFrom이 참조하는 ConfigMap이나 Secret이 파드의 네임스페이스에 없습니다. 아직 만들지 않았거나, 이름이 다르거나, 다른 네임스페이스에 있습니다.',
          "ConfigMap이나 Secret은 있지만 valueFrom이 요구하는 key가 없습니다(couldn't find key … in ConfigMap/Secret …).",
          'securityContext.runAsNonRoot가 true인데 이미지가 root(uid 0)로 실행되거나, kubelet이 확인할 수 없는 숫자가 아닌 사용자로 실행됩니다(image has non-numeric user (…), cannot verify user is non-root).',
          '객체를 방금 만들었거나 kubelet이 막 재시작되었습니다. 이때 나오는 object "<ns>"/"<name>" not registered는 보통 저절로 해결됩니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].state.waiting.message}' 명령으로 정확한 메시지를 확인하세요.",
          'kubectl get configmap,secret -n <ns>로 이름을 비교하고, kubectl describe configmap <name> -n <ns>와 kubectl describe secret <name> -n <ns>로 key 목록을 확인하세요(Secret 값은 출력되지 않습니다).',
          'runAsNonRoot 문제라면 securityContext.runAsUser를 0이 아닌 uid로 지정하거나, USER가 root가 아닌 숫자 uid인 이미지를 사용하세요.',
          '참조 대상이 없어도 컨테이너가 시작될 수 있다면 그 참조에 optional: true를 지정하세요.',
        ],
      },
    },
  },
  {
    name: 'CreateContainerError',
    category: 'waiting-reason',
    stage: 'start',
    rules: ['start-no-command', 'start-executable-not-found', 'start-permission-denied', 'start-no-such-file', 'start-error', 'container-waiting-unknown'],
    text: {
      en: {
        summary:
          'The container runtime failed to create the container (the CRI CreateContainer call). The waiting message is the runtime\'s description and the Failed event reads Error: <description>, for example failed to generate container "…" spec: failed to generate spec: no command specified, failed to reserve container name "…": name "…" is reserved for "…", or context deadline exceeded.',
        causes: [
          'No command to run: the image has no ENTRYPOINT or CMD and the pod sets no command.',
          "The runtime is slow or overloaded (context deadline exceeded), and the kubelet's retry collides with the earlier request still in progress (name … is reserved for …); heavy disk I/O on the node is a common reason.",
          'On CRI-O the process is prepared at create time, so a missing or non-executable entrypoint (executable file not found in $PATH) shows up here rather than as RunContainerError.',
          "The runtime's storage on the node is broken or full (/var/lib/containerd or /var/lib/containers).",
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].state.waiting.message}' for the runtime's text.",
          "For no command specified: kubectl get pod <pod> -o jsonpath='{.spec.containers[*].command}' and docker image inspect <image> --format '{{.Config.Entrypoint}} {{.Config.Cmd}}'.",
          "On the node: crictl ps -a, the runtime's log (journalctl -u containerd, or -u crio), load and disk I/O (top, iostat), free space (df -h).",
        ],
      },
      ko: {
        summary:
          '컨테이너 런타임이 컨테이너를 생성하지 못한 상태입니다(CRI CreateContainer 호출). waiting message는 런타임의 설명이고, Failed 이벤트는 Error: <설명> 형태입니다. 예: failed to generate container "…" spec: failed to generate spec: no command specified, failed to reserve container name "…": name "…" is reserved for "…", context deadline exceeded.',
        causes: [
          '실행할 명령이 없습니다. 이미지에 ENTRYPOINT나 CMD가 없고 파드에도 command가 없습니다.',
          '런타임이 느리거나 과부하 상태여서(context deadline exceeded) kubelet의 재시도가 아직 처리 중인 이전 요청과 충돌합니다(name … is reserved for …). 노드의 디스크 I/O가 많은 것이 흔한 원인입니다.',
          'CRI-O는 생성 단계에서 프로세스를 준비하므로, 실행 파일이 없거나 실행할 수 없는 경우(executable file not found in $PATH)가 RunContainerError가 아니라 여기서 나타납니다.',
          '노드에 있는 런타임 저장소(/var/lib/containerd 또는 /var/lib/containers)가 손상되었거나 가득 찼습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].state.waiting.message}' 명령으로 런타임의 메시지를 확인하세요.",
          "no command specified라면 kubectl get pod <pod> -o jsonpath='{.spec.containers[*].command}' 명령의 결과와 docker image inspect <image> --format '{{.Config.Entrypoint}} {{.Config.Cmd}}' 명령의 결과를 비교하세요.",
          '노드에서 crictl ps -a, 런타임 로그(journalctl -u containerd 또는 -u crio), 부하와 디스크 I/O(top, iostat), 여유 공간(df -h)을 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'RunContainerError',
    category: 'waiting-reason',
    stage: 'start',
    rules: ['start-executable-not-found', 'start-permission-denied', 'start-no-such-file', 'start-error', 'container-waiting-unknown'],
    text: {
      en: {
        summary:
          'The runtime created the container but could not start its process (the CRI StartContainer call). With containerd the failed attempt shows in lastState.terminated as reason StartError, exit code 128, startedAt 1970-01-01T00:00:00Z and a message such as failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "x": executable file not found in $PATH. It alternates with CrashLoopBackOff while the kubelet backs off.',
        causes: [
          'The command or entrypoint does not exist in the image (executable file not found in $PATH, no such file or directory): a typo, or a binary that lives elsewhere in a slimmer image.',
          'The file exists but cannot be executed (permission denied): no execute bit, a noexec mount, or a directory.',
          "A volume is mounted over the directory that holds the entrypoint, hiding the image's files.",
          'workingDir or a mount cannot be set up by the OCI runtime (runc, crun).',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated.message}' for the OCI runtime's error.",
          "Compare command and args with the image: docker image inspect <image> --format '{{.Config.Entrypoint}} {{.Config.Cmd}} {{.Config.WorkingDir}}'.",
          "Look inside the image: docker run --rm -it --entrypoint sh <image> (or kubectl debug), then ls -l the program's path.",
          "Check the container's volumeMounts against the path where the image keeps its program.",
        ],
      },
      ko: {
        summary:
          '런타임이 컨테이너는 만들었지만 프로세스를 시작하지 못한 상태입니다(CRI StartContainer 호출). containerd에서는 실패한 시도가 lastState.terminated에 reason StartError, 종료 코드 128, startedAt 1970-01-01T00:00:00Z로 남고, message는 failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "x": executable file not found in $PATH 같은 형태입니다. kubelet이 back-off하는 동안 CrashLoopBackOff와 번갈아 표시됩니다.',
        causes: [
          'command나 entrypoint가 이미지에 없습니다(executable file not found in $PATH, no such file or directory). 오타이거나, 더 가벼운 이미지에서는 바이너리 위치가 다른 경우입니다.',
          '파일은 있지만 실행할 수 없습니다(permission denied). 실행 권한이 없거나, noexec 옵션으로 마운트되었거나, 디렉터리입니다.',
          'entrypoint가 있는 디렉터리 위에 볼륨이 마운트되어 이미지의 파일을 가립니다.',
          'OCI 런타임(runc, crun)이 workingDir이나 마운트를 설정하지 못합니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated.message}' 명령으로 OCI 런타임의 오류를 확인하세요.",
          "docker image inspect <image> --format '{{.Config.Entrypoint}} {{.Config.Cmd}} {{.Config.WorkingDir}}'의 결과를 파드의 command, args와 비교하세요.",
          'docker run --rm -it --entrypoint sh <image>(또는 kubectl debug)로 이미지 안에 들어가 프로그램 경로를 ls -l로 확인하세요.',
          '컨테이너의 volumeMounts 경로가 이미지에서 프로그램이 있는 경로와 겹치지 않는지 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'PostStartHookError',
    category: 'waiting-reason',
    stage: 'start',
    rules: ['poststart-hook-failed'],
    text: {
      en: {
        summary:
          'The container\'s lifecycle.postStart hook failed, so the kubelet killed the container; it is restarted according to restartPolicy. The waiting message is the hook\'s error, e.g. Exec lifecycle hook ([/bin/sh -c badcmd]) for Container "app" in Pod "…" failed - error: command \'/bin/sh -c badcmd\' exited with 127: , message: "/bin/sh: badcmd: not found\\n". Events: FailedPostStartHook, then Killing.',
        causes: [
          "The hook's command fails or does not exist in the image (exit 127 means not found), or a shell it relies on is missing (distroless images have no /bin/sh).",
          'The hook runs at the same time as the entrypoint, with no ordering guarantee: an httpGet hook or a script that talks to the app fails because the app is not listening yet.',
          'The hook hangs or takes too long; the container is not marked Running until postStart has finished.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].lifecycle.postStart}' to see the hook.",
          "kubectl describe pod <pod>: the FailedPostStartHook event and the waiting message with the hook's output.",
          'Run the same command by hand while the container is up (kubectl exec <pod> -c <container> -- <command>), or make the hook retry until the app answers.',
        ],
      },
      ko: {
        summary:
          '컨테이너의 lifecycle.postStart 훅이 실패해 kubelet이 컨테이너를 종료한 상태이며, restartPolicy에 따라 재시작됩니다. waiting message는 훅의 오류이며, 예를 들면 Exec lifecycle hook ([/bin/sh -c badcmd]) for Container "app" in Pod "…" failed - error: command \'/bin/sh -c badcmd\' exited with 127: , message: "/bin/sh: badcmd: not found\\n"입니다. 이벤트는 FailedPostStartHook, 이어서 Killing이 남습니다.',
        causes: [
          '훅의 명령이 실패하거나 이미지에 없습니다(종료 코드 127은 명령을 찾지 못했다는 뜻입니다). 훅이 기대하는 셸이 없을 수도 있습니다(distroless 이미지에는 /bin/sh가 없습니다).',
          '훅은 entrypoint와 동시에 실행되며 순서가 보장되지 않습니다. 그래서 httpGet 훅이나 앱에 접속하는 스크립트가, 앱이 아직 요청을 받지 않는 시점에 실행되어 실패합니다.',
          '훅이 멈추거나 너무 오래 걸립니다. postStart가 끝날 때까지 컨테이너는 Running으로 표시되지 않습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].lifecycle.postStart}' 명령으로 훅 내용을 확인하세요.",
          'kubectl describe pod <pod>에서 FailedPostStartHook 이벤트와 훅의 출력이 담긴 waiting message를 확인하세요.',
          '컨테이너가 떠 있는 동안 같은 명령을 직접 실행해 보거나(kubectl exec <pod> -c <container> -- <command>), 앱이 응답할 때까지 훅이 재시도하도록 바꾸세요.',
        ],
      },
    },
  },
  {
    name: 'PreStartHookError',
    category: 'waiting-reason',
    stage: 'start',
    rules: ['start-error'],
    text: {
      en: {
        summary:
          "The kubelet's own internal pre-start step failed; it is not a hook from the pod spec. After the runtime created the container, the kubelet's resource managers (CPU manager, memory manager, topology manager) could not register or pin it. The event reads Internal PreStartContainer hook failed: <error>.",
        causes: [
          'The static CPU manager policy could not apply the exclusive CPUs it assigned to the container.',
          'The Static memory manager or the topology manager could not set up the NUMA placement it decided on.',
          "The kubelet's resource-manager state no longer matches the node, e.g. after a kubelet restart or a policy change.",
        ],
        check: [
          'kubectl describe pod <pod> for the Internal PreStartContainer hook failed event and its error.',
          'On the node: journalctl -u kubelet around that time, and the kubelet configuration (cpuManagerPolicy, memoryManagerPolicy, topologyManagerPolicy).',
          'Whether the pod is Guaranteed QoS with whole CPUs (the case the static policies pin), and kubectl describe node <node> for allocatable CPU and memory.',
        ],
      },
      ko: {
        summary:
          'kubelet 내부의 pre-start 단계가 실패한 상태입니다. 파드 spec에 정의하는 훅이 아닙니다. 런타임이 컨테이너를 만든 뒤 kubelet의 리소스 관리자(CPU manager, memory manager, topology manager)가 컨테이너를 등록하거나 CPU·메모리에 고정하지 못했습니다. 이벤트에는 Internal PreStartContainer hook failed: <error>라고 나옵니다.',
        causes: [
          'static CPU manager 정책이 컨테이너에 배정한 전용 CPU를 적용하지 못했습니다.',
          'Static memory manager나 topology manager가 결정한 NUMA 배치를 설정하지 못했습니다.',
          'kubelet 재시작이나 정책 변경 뒤에 kubelet의 리소스 관리자 상태가 노드의 실제 상태와 맞지 않습니다.',
        ],
        check: [
          'kubectl describe pod <pod>에서 Internal PreStartContainer hook failed 이벤트와 오류 내용을 확인하세요.',
          '노드에서 해당 시각의 journalctl -u kubelet과 kubelet 설정(cpuManagerPolicy, memoryManagerPolicy, topologyManagerPolicy)을 확인하세요.',
          '파드가 정수 CPU를 요청하는 Guaranteed QoS인지(static 정책이 고정하는 경우) 확인하고, kubectl describe node <node>로 allocatable CPU와 메모리를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'PreCreateHookError',
    category: 'waiting-reason',
    stage: 'start',
    rules: ['start-error'],
    text: {
      en: {
        summary:
          "The kubelet's own internal pre-create step failed before the container was created; it is not a hook from the pod spec. The kubelet's resource managers could not work out the container's CPU set or NUMA memory. The event reads Internal PreCreateContainer hook failed: <error>.",
        causes: [
          'The static CPU manager policy could not determine the CPU set for the container.',
          'The Static memory manager policy could not determine the NUMA memory nodes for it.',
          "The kubelet's resource-manager state no longer matches the node, e.g. after a kubelet restart or a policy change.",
        ],
        check: [
          'kubectl describe pod <pod> for the Internal PreCreateContainer hook failed event and its error.',
          'On the node: journalctl -u kubelet around that time, and the kubelet configuration (cpuManagerPolicy, memoryManagerPolicy, topologyManagerPolicy).',
          "kubectl describe node <node> for allocatable CPU and memory, and the pod's requests and limits (Guaranteed pods with whole CPUs are the ones pinned).",
        ],
      },
      ko: {
        summary:
          '컨테이너를 생성하기 전에 kubelet 내부의 pre-create 단계가 실패한 상태입니다. 파드 spec에 정의하는 훅이 아닙니다. kubelet의 리소스 관리자가 컨테이너의 CPU 집합이나 NUMA 메모리를 정하지 못했습니다. 이벤트에는 Internal PreCreateContainer hook failed: <error>라고 나옵니다.',
        causes: [
          'static CPU manager 정책이 컨테이너의 CPU 집합을 정하지 못했습니다.',
          'Static memory manager 정책이 컨테이너의 NUMA 메모리 노드를 정하지 못했습니다.',
          'kubelet 재시작이나 정책 변경 뒤에 kubelet의 리소스 관리자 상태가 노드의 실제 상태와 맞지 않습니다.',
        ],
        check: [
          'kubectl describe pod <pod>에서 Internal PreCreateContainer hook failed 이벤트와 오류 내용을 확인하세요.',
          '노드에서 해당 시각의 journalctl -u kubelet과 kubelet 설정(cpuManagerPolicy, memoryManagerPolicy, topologyManagerPolicy)을 확인하세요.',
          'kubectl describe node <node>로 allocatable CPU와 메모리를 확인하고, 파드의 request와 limit을 확인하세요(정수 CPU를 요청하는 Guaranteed 파드가 고정 대상입니다).',
        ],
      },
    },
  },
  // ── Container terminated reasons (state.terminated.reason, lastState.terminated.reason) ──
  {
    name: 'Completed',
    category: 'terminated-reason',
    stage: 'runtime',
    rules: ['crashloop-exit-zero'],
    text: {
      en: {
        summary:
          "The container's process exited with code 0. For a Job, an init container or a one-off task that is success. In a pod whose restartPolicy is Always (every Deployment, StatefulSet and DaemonSet) the kubelet starts it again, and repeated clean exits end in CrashLoopBackOff with Completed in lastState. kubectl prints Completed as the pod STATUS when the first container with a reason finished this way.",
        causes: [
          'The work is done: a Job, an init container or a batch task finished as intended.',
          'The command is not a long-running server: a script that ends, a shell running echo, or an image whose default CMD is a one-shot tool.',
          'The main process daemonizes: it forks into the background and the foreground process exits (a service start script, a server started without its foreground option).',
          'The application exits 0 after a handled error (missing config, lost connection) instead of failing loudly.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.restartPolicy} {.metadata.ownerReferences[*].kind}': run-to-completion work belongs in a Job (restartPolicy OnFailure or Never).",
          'kubectl logs <pod> -c <container> --previous to see how the run ended.',
          'Check command and args: the main process must stay in the foreground.',
        ],
      },
      ko: {
        summary:
          '컨테이너의 프로세스가 종료 코드 0으로 끝난 상태입니다. Job, init 컨테이너, 일회성 작업이라면 성공입니다. restartPolicy가 Always인 파드(모든 Deployment, StatefulSet, DaemonSet)에서는 kubelet이 다시 시작하므로, 정상 종료가 반복되면 lastState가 Completed인 CrashLoopBackOff 상태가 됩니다. reason이 있는 첫 번째 컨테이너가 이렇게 끝났다면 kubectl은 파드의 STATUS를 Completed로 표시합니다.',
        causes: [
          '작업이 끝났습니다. Job, init 컨테이너, 배치 작업이 의도대로 완료되었습니다.',
          '명령이 계속 실행되는 서버가 아닙니다. 끝나는 스크립트, echo만 실행하는 셸, 기본 CMD가 일회성 도구인 이미지 등입니다.',
          '메인 프로세스가 백그라운드로 빠집니다(daemonize). 포그라운드 프로세스는 종료되고 자식 프로세스만 남는 경우로, 서비스 시작 스크립트나 포그라운드 옵션 없이 실행한 서버가 그렇습니다.',
          '애플리케이션이 오류(설정 누락, 연결 끊김)를 처리한 뒤 실패로 알리지 않고 0으로 종료합니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.restartPolicy} {.metadata.ownerReferences[*].kind}' 명령으로 재시작 정책과 소유자를 확인하세요. 끝나는 작업은 Job(restartPolicy OnFailure 또는 Never)으로 실행하세요.",
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)로 실행이 어떻게 끝났는지 확인하세요.',
          'command와 args를 확인하세요. 메인 프로세스는 포그라운드에 머물러야 합니다.',
        ],
      },
    },
  },
  {
    name: 'Error',
    category: 'terminated-reason',
    stage: 'runtime',
    rules: ['container-exited-error', 'crashloop-app-error', 'container-restarted-recently', 'start-exec-format', 'pod-failed'],
    text: {
      en: {
        summary:
          "The container's process exited with a non-zero code and the runtime gave no more specific reason (it was not OOMKilled). exitCode tells how: 1 an application error, 2 bad usage or a Go panic, 127 command not found, 137 SIGKILL, 139 a segmentation fault, 143 SIGTERM. kubectl prints Error as STATUS when this is the first container with a reason, and Init:Error for an init container.",
        causes: [
          'The application failed: an unhandled exception, a failed start-up check, a missing config or environment variable, a dependency it could not reach.',
          'It was killed by a signal: by the kubelet stopping it (deletion, liveness probe, eviction) or by itself (abort, segfault); see the exit codes 137, 143, 139 and 134.',
          'Wrong arguments or shell usage (exit code 2), or a command a shell could not find or run (127, 126).',
          'The pod was being deleted or its node shut down: Error is then the expected result of the stop, not a bug.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].state.terminated}' (or lastState.terminated after a restart) for exitCode, message and finishedAt.",
          'kubectl logs <pod> -c <container> (add --previous if it restarted) for the last lines before the exit.',
          'podwhy explain <exitCode> for what the code means.',
          'kubectl describe pod <pod>: Killing or Unhealthy events mean the kubelet stopped it.',
        ],
      },
      ko: {
        summary:
          '컨테이너의 프로세스가 0이 아닌 종료 코드로 끝났고, 런타임이 더 구체적인 reason을 주지 않은 상태입니다(OOMKilled가 아님). exitCode가 어떻게 끝났는지 알려 줍니다. 1은 애플리케이션 오류, 2는 잘못된 사용법이나 Go panic, 127은 명령을 찾지 못함, 137은 SIGKILL, 139는 세그멘테이션 폴트, 143은 SIGTERM입니다. reason이 있는 첫 번째 컨테이너라면 kubectl STATUS에 Error로, init 컨테이너라면 Init:Error로 표시됩니다.',
        causes: [
          '애플리케이션이 실패했습니다. 처리되지 않은 예외, 시작 시 점검 실패, 설정이나 환경 변수 누락, 연결할 수 없는 의존 대상 등입니다.',
          '시그널로 종료되었습니다. kubelet이 멈췄거나(삭제, liveness 프로브, 축출) 프로세스가 스스로 종료했습니다(abort, segfault). 자세한 내용은 종료 코드 137, 143, 139, 134 항목에 있습니다.',
          '잘못된 인자나 셸 사용(종료 코드 2), 또는 셸이 찾거나 실행하지 못한 명령(127, 126)입니다.',
          '파드가 삭제되는 중이었거나 노드가 종료되었습니다. 이 경우 Error는 종료 처리의 정상적인 결과이며 버그가 아닙니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].state.terminated}' 명령으로(재시작했다면 lastState.terminated) exitCode, message, finishedAt을 확인하세요.",
          '종료 직전의 로그(kubectl logs <pod> -c <container>, 재시작했다면 --previous 추가)를 확인하세요.',
          'podwhy explain <exitCode>로 종료 코드의 의미를 확인하세요.',
          'kubectl describe pod <pod>에서 Killing이나 Unhealthy 이벤트가 있는지 확인하세요. 있다면 kubelet이 멈춘 것입니다.',
        ],
      },
    },
  },
  {
    name: 'OOMKilled',
    category: 'terminated-reason',
    stage: 'runtime',
    rules: ['container-oomkilled', 'crashloop-oomkilled', 'recently-oomkilled'],
    text: {
      en: {
        summary:
          "The kernel's OOM killer killed the container because it used more memory than its limit (resources.limits.memory); the exit code is 137 (SIGKILL). Under restartPolicy Always it is restarted and usually ends up in CrashLoopBackOff with OOMKilled in lastState.",
        causes: [
          'limits.memory is lower than what the application needs at its peak (start-up, large requests, caches).',
          'A memory leak: usage climbs steadily until it hits the limit, every time.',
          "The runtime does not size itself to the container: a JVM whose -Xmx is at or above the limit (heap plus metaspace, threads and native memory must all fit), Node.js --max-old-space-size, worker counts based on the node's CPUs.",
          "Files written to an emptyDir with medium: Memory (tmpfs) count against the container's memory.",
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated}' for reason OOMKilled and finishedAt.",
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].resources}' for the limit, and kubectl top pod <pod> --containers for current usage (needs metrics-server).",
          'Look at memory over time in your monitoring (container_memory_working_set_bytes) to tell a leak from a peak.',
          "Raise limits.memory, or lower the application's own memory settings so they fit under it.",
        ],
      },
      ko: {
        summary:
          '컨테이너가 메모리 limit(resources.limits.memory)보다 많은 메모리를 써서 커널의 OOM killer가 강제 종료한 상태입니다. 종료 코드는 137(SIGKILL)입니다. restartPolicy가 Always라면 재시작되며, 대개 lastState가 OOMKilled인 CrashLoopBackOff 상태가 됩니다.',
        causes: [
          'limits.memory가 애플리케이션의 최대 사용량(시작 시, 큰 요청 처리, 캐시)보다 낮습니다.',
          '메모리 누수가 있습니다. 사용량이 매번 꾸준히 늘어 limit에 닿습니다.',
          '런타임이 컨테이너 크기에 맞춰 설정되지 않았습니다. -Xmx가 limit 이상인 JVM(힙, metaspace, 스레드, 네이티브 메모리가 모두 limit 안에 들어가야 합니다), Node.js의 --max-old-space-size, 노드 CPU 수에 맞춘 워커 수 등입니다.',
          'medium: Memory인 emptyDir(tmpfs)에 쓴 파일도 컨테이너의 메모리 사용량에 포함됩니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated}' 명령으로 reason OOMKilled와 finishedAt을 확인하세요.",
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].resources}' 명령으로 limit을, kubectl top pod <pod> --containers 명령으로 현재 사용량을 확인하세요(metrics-server가 필요합니다).",
          '모니터링에서 시간에 따른 메모리 사용량(container_memory_working_set_bytes)을 보고 누수인지 순간 최대치인지 구분하세요.',
          'limits.memory를 올리거나, 애플리케이션 자체의 메모리 설정을 limit 안에 들어오도록 낮추세요.',
        ],
      },
    },
  },
  {
    name: 'StartError',
    category: 'terminated-reason',
    stage: 'start',
    rules: ['start-executable-not-found', 'start-permission-denied', 'start-no-such-file', 'start-error', 'start-exec-format'],
    text: {
      en: {
        summary:
          'containerd could not start the container\'s process, so it never ran: exit code 128, startedAt 1970-01-01T00:00:00Z, and a message from the OCI runtime such as failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "x": executable file not found in $PATH. Meanwhile the container waits with RunContainerError or CrashLoopBackOff.',
        causes: [
          'The command or entrypoint is missing from the image or misspelled (executable file not found in $PATH, no such file or directory).',
          'The file cannot be executed (permission denied): no execute bit, a noexec mount, or a directory.',
          "A volume mounted over the entrypoint's directory hides it.",
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated.message}' for the OCI runtime's error.",
          "docker image inspect <image> --format '{{.Config.Entrypoint}} {{.Config.Cmd}} {{.Config.WorkingDir}}' against the pod's command, args and workingDir.",
          'docker run --rm -it --entrypoint sh <image> (or kubectl debug) to check that the file exists and is executable.',
          'If the logs say exec format error instead, the image is built for another CPU architecture; that shows as Error, not StartError, because the process did start.',
        ],
      },
      ko: {
        summary:
          'containerd가 컨테이너의 프로세스를 시작하지 못해 한 번도 실행되지 않은 상태입니다. 종료 코드는 128, startedAt은 1970-01-01T00:00:00Z이며, message는 OCI 런타임의 오류로 failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "x": executable file not found in $PATH 같은 형태입니다. 그동안 컨테이너는 RunContainerError나 CrashLoopBackOff 상태로 대기합니다.',
        causes: [
          'command나 entrypoint가 이미지에 없거나 오타가 있습니다(executable file not found in $PATH, no such file or directory).',
          '파일을 실행할 수 없습니다(permission denied). 실행 권한이 없거나, noexec 마운트이거나, 디렉터리입니다.',
          'entrypoint가 있는 디렉터리 위에 볼륨이 마운트되어 파일을 가립니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated.message}' 명령으로 OCI 런타임의 오류를 확인하세요.",
          "docker image inspect <image> --format '{{.Config.Entrypoint}} {{.Config.Cmd}} {{.Config.WorkingDir}}'의 결과를 파드의 command, args, workingDir과 비교하세요.",
          'docker run --rm -it --entrypoint sh <image>(또는 kubectl debug)로 파일이 있는지, 실행 권한이 있는지 확인하세요.',
          '로그에 exec format error가 나오는지 확인하세요. 나온다면 다른 CPU 아키텍처용 이미지이며, 프로세스가 일단 시작되므로 StartError가 아니라 Error로 표시됩니다.',
        ],
      },
    },
  },
  {
    name: 'ContainerCannotRun',
    category: 'terminated-reason',
    stage: 'start',
    rules: ['start-executable-not-found', 'start-permission-denied', 'start-no-such-file', 'start-error'],
    text: {
      en: {
        summary:
          "Docker (dockershim or cri-dockerd) could not start the container's process; it is the older counterpart of containerd's StartError. The exit code is 127 when the executable was not found and 126 when permission was denied, and the message is Docker's error, e.g. OCI runtime create failed: container_linux.go:380: starting container process caused: exec: \"/app/run\": stat /app/run: no such file or directory.",
        causes: [
          'The command or entrypoint does not exist in the image or is misspelled (exit code 127).',
          'The file is not executable or not permitted (exit code 126).',
          "A volume mounted over the program's directory hides it.",
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated}' for exitCode and message.",
          "docker image inspect <image> --format '{{.Config.Entrypoint}} {{.Config.Cmd}}' against the pod's command and args.",
          'docker run --rm -it --entrypoint sh <image> to look for the file and its permissions.',
        ],
      },
      ko: {
        summary:
          'Docker(dockershim 또는 cri-dockerd)가 컨테이너의 프로세스를 시작하지 못한 상태로, containerd의 StartError에 해당하는 예전 reason입니다. 실행 파일을 찾지 못하면 종료 코드 127, 권한이 없으면 126이며, message는 Docker의 오류로 예를 들면 OCI runtime create failed: container_linux.go:380: starting container process caused: exec: "/app/run": stat /app/run: no such file or directory입니다.',
        causes: [
          'command나 entrypoint가 이미지에 없거나 오타가 있습니다(종료 코드 127).',
          '파일을 실행할 수 없거나 권한이 없습니다(종료 코드 126).',
          '프로그램이 있는 디렉터리 위에 볼륨이 마운트되어 파일을 가립니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated}' 명령으로 exitCode와 message를 확인하세요.",
          "docker image inspect <image> --format '{{.Config.Entrypoint}} {{.Config.Cmd}}'의 결과를 파드의 command, args와 비교하세요.",
          'docker run --rm -it --entrypoint sh <image>로 이미지 안에서 파일과 권한을 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'ContainerStatusUnknown',
    category: 'terminated-reason',
    stage: 'termination',
    rules: ['container-status-unknown', 'pod-evicted', 'evicted-storage-limit'],
    text: {
      en: {
        summary:
          'The kubelet lost track of the container: it could not find it when the pod was terminated or deleted, so it recorded a terminated state with exit code 137 and the message The container could not be located when the pod was terminated (or The container could not be located when the pod was deleted.  The container used to be Running). On evicted pods kubectl prints this as STATUS instead of Evicted.',
        causes: [
          'The pod was evicted for node pressure and its containers were removed (status.reason Evicted, status.message says why).',
          'The node or its container runtime restarted, or the node was replaced, and the container no longer exists.',
          "The container was removed behind the kubelet's back (crictl rm, runtime garbage collection).",
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.reason} {.status.message}' for an eviction or other pod-level reason.",
          'kubectl describe node <node> and kubectl get events -n <ns> --field-selector involvedObject.name=<pod> for eviction, reboot or NodeNotReady around that time.',
          'Do not read the 137 as an OOM kill or a real SIGKILL: the kubelet sets it; look for the cause on the pod and the node.',
        ],
      },
      ko: {
        summary:
          'kubelet이 컨테이너를 놓친 상태입니다. 파드를 종료하거나 삭제할 때 컨테이너를 찾지 못해서, 종료 코드 137과 The container could not be located when the pod was terminated(또는 The container could not be located when the pod was deleted.  The container used to be Running)라는 message로 terminated 상태를 기록했습니다. 축출된 파드에서는 kubectl STATUS에 Evicted 대신 이 값이 표시됩니다.',
        causes: [
          '노드 압력으로 파드가 축출되어 컨테이너가 제거되었습니다(status.reason이 Evicted이고, status.message에 이유가 나옵니다).',
          '노드나 컨테이너 런타임이 재시작되었거나 노드가 교체되어 컨테이너가 더 이상 없습니다.',
          'kubelet 모르게 컨테이너가 제거되었습니다(crictl rm, 런타임의 가비지 컬렉션).',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.reason} {.status.message}' 명령으로 축출 등 파드 단위의 사유를 확인하세요.",
          'kubectl describe node <node>와 kubectl get events -n <ns> --field-selector involvedObject.name=<pod>로 그 시각의 축출, 재부팅, NodeNotReady를 확인하세요.',
          '여기서 137은 kubelet이 채운 값이므로 OOM이나 실제 SIGKILL로 해석하지 말고, 파드와 노드에서 원인을 찾으세요.',
        ],
      },
    },
  },
  // ── Pod statuses as kubectl get pods prints them ──
  {
    name: 'Pending',
    category: 'pod-status',
    stage: 'lifecycle',
    rules: ['pod-pending', 'unschedulable', 'unschedulable-insufficient-resources', 'unschedulable-too-many-pods', 'unschedulable-untolerated-taint', 'unschedulable-node-conditions', 'unschedulable-node-selector', 'unschedulable-pod-affinity', 'unschedulable-topology-spread', 'unschedulable-host-port', 'unschedulable-cordoned', 'unschedulable-unbound-pvc', 'unschedulable-volume-node-affinity', 'unschedulable-no-nodes'],
    text: {
      en: {
        summary:
          'Phase Pending: the API server accepted the pod but not all of its containers have started. It covers waiting for a node and, on the node, setting up the sandbox, mounting volumes and pulling images. kubectl prints Pending as STATUS only while no container reports a reason, which in practice mostly means the pod has not been scheduled yet.',
        causes: [
          'No node fits: not enough CPU or memory, untolerated taints, a nodeSelector or affinity no node matches, an unbound PersistentVolumeClaim (PodScheduled=False with reason Unschedulable, FailedScheduling events).',
          'The cluster autoscaler is adding a node and the pod waits for it (TriggeredScaleUp), or it cannot help (NotTriggerScaleUp).',
          'The pod is scheduled and the node is still preparing it: sandbox, volumes or image pulls (kubectl then usually shows ContainerCreating or Init:…).',
          'spec.nodeName binds the pod to a node whose kubelet is not running, so nothing starts it.',
        ],
        check: [
          'kubectl get pod <pod> -o wide: an empty NODE column means it is not scheduled.',
          'kubectl describe pod <pod>: the PodScheduled condition and the FailedScheduling events (0/N nodes are available: …).',
          'kubectl describe nodes (Allocatable, Allocated resources, Taints) and kubectl get pvc -n <ns>, to compare with what the pod asks for.',
        ],
      },
      ko: {
        summary:
          'phase가 Pending인 상태입니다. API 서버가 파드를 받아들였지만 컨테이너가 모두 시작되지는 않았습니다. 노드 배정을 기다리는 단계와, 노드에서 샌드박스 준비, 볼륨 마운트, 이미지 pull을 하는 단계가 모두 여기에 포함됩니다. kubectl은 reason을 보고하는 컨테이너가 하나도 없을 때만 STATUS를 Pending으로 표시하므로, 실제로는 대부분 아직 스케줄링되지 않은 파드입니다.',
        causes: [
          '맞는 노드가 없습니다. CPU나 메모리 부족, toleration이 없는 taint, 어떤 노드와도 맞지 않는 nodeSelector나 affinity, 바인딩되지 않은 PersistentVolumeClaim 때문입니다(PodScheduled=False, reason Unschedulable, FailedScheduling 이벤트).',
          'Cluster Autoscaler가 노드를 추가하는 중이라 기다리고 있거나(TriggeredScaleUp), 노드를 추가해도 해결되지 않습니다(NotTriggerScaleUp).',
          '스케줄링은 되었고 노드가 아직 준비 중입니다. 샌드박스, 볼륨, 이미지 pull 단계이며, 이때 kubectl은 대개 ContainerCreating이나 Init:…을 표시합니다.',
          'spec.nodeName이 kubelet이 동작하지 않는 노드를 가리켜서 아무도 파드를 시작하지 않습니다.',
        ],
        check: [
          'kubectl get pod <pod> -o wide에서 NODE 열을 확인하세요. 비어 있다면 아직 스케줄링되지 않은 것입니다.',
          'kubectl describe pod <pod>에서 PodScheduled condition과 FailedScheduling 이벤트(0/N nodes are available: …)를 확인하세요.',
          'kubectl describe nodes(Allocatable, Allocated resources, Taints)와 kubectl get pvc -n <ns>의 결과를 파드가 요구하는 것과 비교하세요.',
        ],
      },
    },
  },
  {
    name: 'Running',
    category: 'pod-status',
    stage: 'lifecycle',
    rules: ['pod-not-ready', 'readiness-probe-failing', 'liveness-probe-failing', 'container-restarted-recently', 'recently-oomkilled'],
    text: {
      en: {
        summary:
          'Phase Running: the pod is bound to a node, all its containers have been created and at least one is running, starting or restarting. Running does not mean healthy: READY shows how many containers are ready, RESTARTS how often they restarted, and a pod in CrashLoopBackOff is in phase Running too.',
        causes: [
          'A readiness probe fails: the pod runs but shows 0/1 in READY and gets no Service traffic.',
          'A container restarts from time to time (RESTARTS grows): crashes, OOM kills or liveness kills between runs.',
          'The application is up but misbehaving in ways Kubernetes cannot see (errors in its own logs, wrong configuration).',
        ],
        check: [
          'kubectl get pod <pod>: the READY and RESTARTS columns.',
          "kubectl describe pod <pod>: the Ready and ContainersReady conditions, Unhealthy events, and each container's Last State.",
          'kubectl logs <pod> -c <container> (and --previous after a restart).',
        ],
      },
      ko: {
        summary:
          'phase가 Running인 상태입니다. 파드가 노드에 바인딩되었고 모든 컨테이너가 생성되었으며, 적어도 하나가 실행 중이거나 시작 또는 재시작 중입니다. Running이 정상이라는 뜻은 아닙니다. READY 열은 준비된 컨테이너 수를, RESTARTS 열은 재시작 횟수를 보여 주며, CrashLoopBackOff 상태의 파드도 phase는 Running입니다.',
        causes: [
          'readiness 프로브가 실패합니다. 파드는 실행 중이지만 READY가 0/1이고 Service 트래픽을 받지 못합니다.',
          '컨테이너가 가끔 재시작됩니다(RESTARTS 증가). 실행 사이사이에 비정상 종료, OOM으로 인한 강제 종료, liveness 프로브로 인한 종료가 일어납니다.',
          '애플리케이션은 떠 있지만 Kubernetes가 알 수 없는 방식으로 오동작합니다(애플리케이션 로그의 오류, 잘못된 설정).',
        ],
        check: [
          'kubectl get pod <pod>의 READY와 RESTARTS 열을 확인하세요.',
          'kubectl describe pod <pod>에서 Ready와 ContainersReady condition, Unhealthy 이벤트, 각 컨테이너의 Last State를 확인하세요.',
          '컨테이너 로그(kubectl logs <pod> -c <container>, 재시작 뒤에는 --previous 추가)를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'Succeeded',
    category: 'pod-status',
    stage: 'lifecycle',
    rules: [],
    text: {
      en: {
        summary:
          'Phase Succeeded: every container has terminated with exit code 0 and none will be restarted (restartPolicy Never or OnFailure). It is the normal end of a Job or CronJob pod; kubectl usually prints Completed as its STATUS. Ready and ContainersReady are False with reason PodCompleted.',
        causes: [
          'A Job or CronJob pod finished its work.',
          'A bare pod with restartPolicy Never or OnFailure whose command ended successfully.',
          'A program meant to keep running exited 0 too early (see Completed).',
        ],
        check: [
          'kubectl logs <pod> to read the output of the finished run.',
          "kubectl get job <job> -n <ns> for the completion count; finished pods stay until the Job's ttlSecondsAfterFinished or the CronJob's history limits remove them.",
        ],
      },
      ko: {
        summary:
          'phase가 Succeeded인 상태입니다. 모든 컨테이너가 종료 코드 0으로 끝났고 다시 시작되지 않습니다(restartPolicy Never 또는 OnFailure). Job이나 CronJob 파드의 정상적인 끝이며, kubectl STATUS에는 대개 Completed로 표시됩니다. Ready와 ContainersReady는 reason PodCompleted와 함께 False가 됩니다.',
        causes: [
          'Job이나 CronJob의 파드가 작업을 마쳤습니다.',
          'restartPolicy가 Never나 OnFailure인 단독 파드의 명령이 성공적으로 끝났습니다.',
          '계속 실행되어야 하는 프로그램이 너무 일찍 0으로 종료했습니다(Completed 항목 참고).',
        ],
        check: [
          'kubectl logs <pod>로 끝난 실행의 출력을 확인하세요.',
          'kubectl get job <job> -n <ns>로 완료 수를 확인하세요. 끝난 파드는 Job의 ttlSecondsAfterFinished나 CronJob의 이력 보존 개수에 따라 지워질 때까지 남아 있습니다.',
        ],
      },
    },
  },
  {
    name: 'Failed',
    category: 'pod-status',
    stage: 'lifecycle',
    rules: ['pod-failed', 'container-exited-error', 'pod-evicted', 'evicted-storage-limit', 'admission-rejected', 'image-pull-failed', 'config-error'],
    text: {
      en: {
        summary:
          'As a pod phase: all containers have terminated, at least one with a non-zero exit code or stopped by the system, and none will be restarted; or the kubelet rejected or evicted the pod, and status.reason says why (Evicted, OutOfcpu, NodeAffinity, DeadlineExceeded, Terminated…). Failed is also a Warning event reason from the kubelet for one container\'s failed step: Failed to pull image "<image>": <error>, then Error: ErrImagePull or Error: ImagePullBackOff, or Error: <message> when the container could not be configured, created or started.',
        causes: [
          'A container of a Job, or of a pod with restartPolicy Never or OnFailure, exited non-zero (reason Error or OOMKilled).',
          'The kubelet stopped or refused the pod: node-pressure eviction (Evicted), admission rejection (OutOfcpu, OutOfmemory, NodeAffinity, UnexpectedAdmissionError, NodeShutdown), activeDeadlineSeconds (DeadlineExceeded), graceful node shutdown (Terminated).',
          'As an event: an image pull error (the text after Failed to pull image) or a config, create or start error (the text after Error:).',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.reason} {.status.message}' for a pod-level reason.",
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].state.terminated}' for each container's exit code and reason.",
          "kubectl logs <pod> -c <container> for the failing container's last output.",
          'kubectl get events -n <ns> --field-selector involvedObject.name=<pod>,reason=Failed for the Failed events and their messages.',
        ],
      },
      ko: {
        summary:
          '파드 phase로서는 모든 컨테이너가 종료되었고, 적어도 하나가 0이 아닌 종료 코드로 끝났거나 시스템에 의해 종료되었으며, 다시 시작되지 않는 상태입니다. kubelet이 파드를 거부하거나 축출한 경우도 여기에 해당하며, 이때는 status.reason에 이유가 나옵니다(Evicted, OutOfcpu, NodeAffinity, DeadlineExceeded, Terminated 등). Failed는 컨테이너 하나의 단계가 실패했을 때 kubelet이 남기는 Warning 이벤트의 reason이기도 합니다. Failed to pull image "<image>": <error> 다음에 Error: ErrImagePull이나 Error: ImagePullBackOff가 오고, 컨테이너를 설정, 생성, 시작하지 못했을 때는 Error: <message>가 남습니다.',
        causes: [
          'Job의 컨테이너, 또는 restartPolicy가 Never나 OnFailure인 파드의 컨테이너가 0이 아닌 값으로 종료했습니다(reason Error 또는 OOMKilled).',
          'kubelet이 파드를 멈추거나 거부했습니다. 노드 압력 축출(Evicted), 어드미션 거부(OutOfcpu, OutOfmemory, NodeAffinity, UnexpectedAdmissionError, NodeShutdown), activeDeadlineSeconds 초과(DeadlineExceeded), 노드의 정상 종료(Terminated)입니다.',
          '이벤트로서는 이미지 pull 오류(Failed to pull image 뒤의 내용)이거나 설정, 생성, 시작 오류(Error: 뒤의 내용)입니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.reason} {.status.message}' 명령으로 파드 단위의 사유를 확인하세요.",
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].state.terminated}' 명령으로 컨테이너별 종료 코드와 reason을 확인하세요.",
          '실패한 컨테이너의 마지막 출력(kubectl logs <pod> -c <container>)을 확인하세요.',
          'kubectl get events -n <ns> --field-selector involvedObject.name=<pod>,reason=Failed 명령으로 Failed 이벤트와 message를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'Unknown',
    category: 'pod-status',
    stage: 'lifecycle',
    rules: ['node-lost'],
    text: {
      en: {
        summary:
          "The pod's state cannot be obtained, almost always because its node stopped reporting to the API server. kubectl prints Unknown when the phase is Unknown, or when a pod being deleted has status.reason NodeLost. On current clusters a pod on an unreachable node more often shows Ready=False, and Terminating once taint-based eviction deletes it (after 300 s by default). Unknown is also a container's terminated reason, with exit code 255, when the runtime lost the container.",
        causes: [
          'The node is down, powered off or was removed by the cloud provider.',
          'A network partition between the node and the control plane.',
          'The kubelet on the node stopped or cannot reach the API server (crashed, expired certificate, node out of resources).',
          "As a container's terminated reason (exit code 255): the node or the container runtime restarted and the container that was running is gone; it is not a crash of the application.",
        ],
        check: [
          'kubectl get nodes and kubectl describe node <node>: a Ready condition of Unknown and the node.kubernetes.io/unreachable taint.',
          'Reach the node itself (SSH, cloud console): systemctl status kubelet, journalctl -u kubelet.',
          'If the node is gone for good, delete its Node object so its pods are cleaned up; force-delete pods (kubectl delete pod <pod> --grace-period=0 --force) only when you are sure their containers no longer run, above all for StatefulSets.',
        ],
      },
      ko: {
        summary:
          '파드의 상태를 알 수 없는 상태입니다. 거의 항상 파드가 있는 노드가 API 서버에 보고를 멈췄기 때문입니다. kubectl은 phase가 Unknown일 때, 또는 삭제 중인 파드의 status.reason이 NodeLost일 때 Unknown을 표시합니다. 최근 클러스터에서는 연결이 끊긴 노드의 파드가 대개 Ready=False로 표시되고, taint 기반 축출이 파드를 삭제하면(기본 300초 뒤) Terminating으로 표시됩니다. 컨테이너의 terminated reason이 Unknown(종료 코드 255)이라면 런타임이 컨테이너를 놓쳤다는 뜻입니다.',
        causes: [
          '노드가 다운되었거나 전원이 꺼졌거나 클라우드 제공자가 노드를 제거했습니다.',
          '노드와 컨트롤 플레인 사이의 네트워크가 분리되었습니다.',
          '노드의 kubelet이 멈췄거나 API 서버에 접근하지 못합니다(비정상 종료, 인증서 만료, 노드 리소스 고갈).',
          '컨테이너의 terminated reason으로서는(종료 코드 255) 노드나 컨테이너 런타임이 재시작되어 실행 중이던 컨테이너가 사라졌다는 뜻입니다. 애플리케이션의 비정상 종료가 아닙니다.',
        ],
        check: [
          'kubectl get nodes와 kubectl describe node <node>에서 Ready condition이 Unknown인지, node.kubernetes.io/unreachable taint가 있는지 확인하세요.',
          '노드에 직접 접속해서(SSH, 클라우드 콘솔) systemctl status kubelet과 journalctl -u kubelet을 확인하세요.',
          '노드가 영구히 사라졌다면 Node 객체를 삭제해 파드가 정리되게 하세요. 파드 강제 삭제(kubectl delete pod <pod> --grace-period=0 --force)는 컨테이너가 더 이상 실행되지 않는다고 확신할 때만 하세요. StatefulSet이라면 특히 주의하세요.',
        ],
      },
    },
  },
  {
    name: 'Terminating',
    category: 'pod-status',
    stage: 'termination',
    rules: ['terminating-stuck', 'terminating-finalizers', 'grace-period-exceeded', 'node-lost'],
    text: {
      en: {
        summary:
          "The pod has been asked to stop: metadata.deletionTimestamp is set and the phase is not yet Succeeded or Failed. The kubelet runs preStop hooks, sends SIGTERM to each container's main process, waits up to the grace period (terminationGracePeriodSeconds, default 30 s), then sends SIGKILL; a preStop hook still running at the end gets a one-off 2 s extension. Terminating overrides every other STATUS, CrashLoopBackOff included.",
        causes: [
          'A normal shutdown in progress: the application takes up to the grace period to exit (a long preStop, or an app that ignores SIGTERM and is killed at the end).',
          'Finalizers in metadata.finalizers that no controller removes: the object stays after the containers are gone.',
          'The node is unreachable, so no kubelet confirms that the containers stopped; the pod stays until the node returns or the pod is force-deleted.',
          'The runtime cannot stop the containers or tear down the sandbox (FailedKillPod), e.g. a CNI error on delete or a process stuck in I/O on a dead NFS mount.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.metadata.deletionTimestamp} {.metadata.deletionGracePeriodSeconds} {.metadata.finalizers}'.",
          "kubectl describe pod <pod> for Killing, FailedKillPod, FailedPreStopHook and ExceededGracePeriod events, and kubectl get node <node> for the node's state.",
          'Remove a stale finalizer only when its controller is really gone: kubectl patch pod <pod> --type=merge -p \'{"metadata":{"finalizers":null}}\'.',
          'Last resort: kubectl delete pod <pod> --grace-period=0 --force removes the object without waiting for the kubelet; the containers may keep running if the node is alive.',
        ],
      },
      ko: {
        summary:
          '파드에 종료가 요청된 상태입니다. metadata.deletionTimestamp가 설정되었고 phase는 아직 Succeeded나 Failed가 아닙니다. kubelet은 PreStop 훅을 실행하고, 각 컨테이너의 메인 프로세스에 SIGTERM을 보낸 뒤 유예 기간(terminationGracePeriodSeconds, 기본 30초)만큼 기다렸다가 SIGKILL을 보냅니다. 유예 기간이 끝났는데 PreStop 훅이 아직 실행 중이면 한 번에 한해 2초를 더 줍니다. Terminating은 CrashLoopBackOff를 포함한 다른 모든 STATUS보다 우선해서 표시됩니다.',
        causes: [
          '정상적인 종료 처리가 진행 중입니다. 애플리케이션이 종료하는 데 유예 기간을 다 쓰고 있습니다(긴 PreStop 훅, 또는 SIGTERM을 무시하다가 마지막에 강제 종료되는 앱).',
          'metadata.finalizers에 남은 finalizer를 어떤 컨트롤러도 제거하지 않습니다. 컨테이너가 모두 사라진 뒤에도 객체가 남아 있습니다.',
          '노드에 연결할 수 없어 컨테이너가 멈췄다고 확인해 줄 kubelet이 없습니다. 노드가 돌아오거나 파드를 강제 삭제할 때까지 남아 있습니다.',
          '런타임이 컨테이너를 멈추거나 샌드박스를 정리하지 못합니다(FailedKillPod). 예를 들어 삭제 시 CNI 오류가 나거나, 응답 없는 NFS 마운트에서 프로세스가 I/O 대기에 걸려 있습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.metadata.deletionTimestamp} {.metadata.deletionGracePeriodSeconds} {.metadata.finalizers}' 명령으로 삭제 시각, 유예 기간, finalizer를 확인하세요.",
          'kubectl describe pod <pod>에서 Killing, FailedKillPod, FailedPreStopHook, ExceededGracePeriod 이벤트를 확인하고, kubectl get node <node>로 노드 상태를 확인하세요.',
          'finalizer를 처리할 컨트롤러가 정말 없어졌을 때만 finalizer를 제거하세요: kubectl patch pod <pod> --type=merge -p \'{"metadata":{"finalizers":null}}\'.',
          'kubectl delete pod <pod> --grace-period=0 --force는 다른 방법이 없을 때 마지막 수단으로만 쓰세요. kubelet을 기다리지 않고 객체를 지우므로, 노드가 살아 있다면 컨테이너는 계속 실행될 수 있습니다.',
        ],
      },
    },
  },
  {
    name: 'NotReady',
    category: 'pod-status',
    stage: 'probes',
    rules: ['pod-not-ready'],
    text: {
      en: {
        summary:
          "A STATUS kubectl prints in one narrow case: a container has finished as Completed while another is still running and ready, and the pod's Ready condition is not True. A running pod whose readiness probe fails still prints Running, with 0/1 in READY; NotReady in kubectl get nodes is something else, the node's Ready condition.",
        causes: [
          'A Job pod whose main container finished while a helper written as a regular container (a proxy, a log shipper) keeps running, so the pod never completes.',
          'A multi-container pod with restartPolicy OnFailure or Never in which one container ended normally and another still runs.',
          'Under restartPolicy Always, a container that exits 0 shows this way for a moment before it is restarted.',
        ],
        check: [
          "kubectl describe pod <pod>: each container's State shows which one completed and which still runs.",
          'Make long-running helpers native sidecars (an init container with restartPolicy: Always, on by default since v1.29) so the pod can complete when the main container ends, or let the helper exit when the main container is done.',
        ],
      },
      ko: {
        summary:
          'kubectl이 한 가지 좁은 경우에만 표시하는 STATUS입니다. 한 컨테이너는 Completed로 끝났는데 다른 컨테이너는 아직 실행 중이고 준비된 상태이며, 파드의 Ready condition이 True가 아닐 때입니다. readiness 프로브가 실패하는 실행 중인 파드는 여전히 Running으로 표시되고 READY가 0/1이 됩니다. kubectl get nodes의 NotReady는 노드의 Ready condition으로, 이것과는 다릅니다.',
        causes: [
          'Job 파드의 메인 컨테이너는 끝났지만 일반 컨테이너로 넣은 보조 컨테이너(프록시, 로그 수집기)가 계속 실행되어 파드가 완료되지 않습니다.',
          'restartPolicy가 OnFailure나 Never인 다중 컨테이너 파드에서 한 컨테이너는 정상 종료했고 다른 컨테이너는 아직 실행 중입니다.',
          'restartPolicy가 Always일 때 종료 코드 0으로 끝난 컨테이너가 재시작되기 전 잠깐 이렇게 표시됩니다.',
        ],
        check: [
          'kubectl describe pod <pod>에서 각 컨테이너의 State를 보고 어느 컨테이너가 끝났고 어느 컨테이너가 아직 실행 중인지 확인하세요.',
          '계속 실행되는 보조 컨테이너는 네이티브 사이드카(restartPolicy: Always인 init 컨테이너, v1.29부터 기본 활성화)로 바꿔 메인 컨테이너가 끝나면 파드가 완료되게 하거나, 메인 컨테이너가 끝나면 보조 컨테이너도 종료하게 하세요.',
        ],
      },
    },
  },
  {
    name: 'SchedulingGated',
    category: 'pod-status',
    stage: 'scheduling',
    rules: ['scheduling-gated'],
    text: {
      en: {
        summary:
          'The pod has scheduling gates (spec.schedulingGates is not empty), so the scheduler does not even try to place it. The API server sets PodScheduled=False with reason SchedulingGated and message Scheduling is blocked due to non-empty scheduling gates; there are no FailedScheduling events. Whoever added the gates has to remove them.',
        causes: [
          'A queueing or quota controller (for example Kueue) holds the pod until its workload is admitted.',
          'The controller that should remove the gate is not installed, not running, or does not recognise the pod.',
          'The gate was written into the manifest or added by a mutating webhook by mistake.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.schedulingGates}' for the gate names, and find the component that owns them.",
          "That component's logs and objects (for Kueue: kubectl get workloads -n <ns>).",
          'Gates can only be removed, never added back: kubectl patch pod <pod> --type=json -p \'[{"op":"remove","path":"/spec/schedulingGates"}]\' releases the pod if you are sure it should run now.',
        ],
      },
      ko: {
        summary:
          '파드에 스케줄링 게이트가 있어(spec.schedulingGates가 비어 있지 않음) 스케줄러가 배치를 시도조차 하지 않는 상태입니다. API 서버가 PodScheduled=False, reason SchedulingGated, message Scheduling is blocked due to non-empty scheduling gates를 설정하며, FailedScheduling 이벤트는 생기지 않습니다. 게이트를 추가한 쪽이 게이트를 제거해야 합니다.',
        causes: [
          '대기열이나 쿼터를 관리하는 컨트롤러(예: Kueue)가 워크로드가 승인될 때까지 파드를 붙잡고 있습니다.',
          '게이트를 제거해야 할 컨트롤러가 설치되지 않았거나, 실행 중이 아니거나, 이 파드를 인식하지 못합니다.',
          '매니페스트에 게이트를 잘못 적었거나 mutating webhook이 실수로 추가했습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.schedulingGates}' 명령으로 게이트 이름을 확인하고, 그 게이트를 담당하는 구성 요소를 찾으세요.",
          '그 구성 요소의 로그와 객체를 확인하세요(Kueue라면 kubectl get workloads -n <ns>).',
          '게이트는 제거만 할 수 있고 다시 추가할 수는 없습니다. 지금 실행되어야 하는 파드라고 확신한다면 kubectl patch pod <pod> --type=json -p \'[{"op":"remove","path":"/spec/schedulingGates"}]\' 명령으로 풀어 주세요.',
        ],
      },
    },
  },
  {
    name: 'Evicted',
    category: 'pod-status',
    stage: 'termination',
    rules: ['pod-evicted', 'evicted-storage-limit'],
    text: {
      en: {
        summary:
          "The kubelet evicted the pod to reclaim a resource the node was short of (memory, ephemeral-storage, inodes, PIDs), or because the pod went over its own ephemeral-storage limit. status.reason is Evicted, the phase Failed, and status.message says why, e.g. The node was low on resource: memory. Threshold quantity: 100Mi, available: 87Mi. Container app was using 1.2Gi, request is 256Mi, has larger consumption of memory. The Warning event Evicted carries the same text. kubectl often prints the containers' ContainerStatusUnknown, Error or Completed instead of Evicted. An evicted pod is not restarted; its controller creates a new one.",
        causes: [
          'Node memory pressure: pods using the most memory above their requests go first (BestEffort pods, then Burstable pods over their requests).',
          "Node disk pressure (ephemeral-storage or inodes): container logs, writable layers and emptyDir volumes filled the node's disk.",
          'The pod went over its own limits: Container <c> exceeded its local ephemeral storage limit, Pod ephemeral local storage usage exceeds the total limit of containers, or Usage of EmptyDir volume exceeds the limit (emptyDir sizeLimit).',
          'The node already had a pressure condition when the pod arrived: Pod was rejected: The node had condition: [DiskPressure].',
          'PID pressure: too many processes on the node.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.message}' for the resource and the usage per container.",
          'kubectl describe node <node>: Conditions (MemoryPressure, DiskPressure, PIDPressure), Allocated resources and taints.',
          "Compare each container's requests with real usage (kubectl top pod) and set requests and limits; for storage, set ephemeral-storage limits and emptyDir sizeLimit.",
          'Clean up once the cause is known: kubectl delete pods -n <ns> --field-selector status.phase=Failed.',
        ],
      },
      ko: {
        summary:
          '노드에 부족해진 리소스(메모리, ephemeral-storage, inode, PID)를 되찾으려고, 또는 파드가 자신의 ephemeral-storage limit을 넘어서 kubelet이 파드를 축출한 상태입니다. status.reason은 Evicted, phase는 Failed이며, status.message에 이유가 나옵니다. 예: The node was low on resource: memory. Threshold quantity: 100Mi, available: 87Mi. Container app was using 1.2Gi, request is 256Mi, has larger consumption of memory. 같은 내용이 Evicted Warning 이벤트에도 남습니다. kubectl은 Evicted 대신 컨테이너의 ContainerStatusUnknown, Error, Completed를 표시하는 경우가 많습니다. 축출된 파드는 재시작되지 않고, 컨트롤러가 새 파드를 만듭니다.',
        causes: [
          '노드 메모리 압력입니다. request보다 메모리를 가장 많이 초과해 쓰는 파드부터 축출됩니다(BestEffort 파드, 그다음 request를 넘긴 Burstable 파드).',
          '노드 디스크 압력(ephemeral-storage 또는 inode)입니다. 컨테이너 로그, 쓰기 가능한 레이어, emptyDir 볼륨이 노드 디스크를 채웠습니다.',
          '파드가 자신의 limit을 넘었습니다. Container <c> exceeded its local ephemeral storage limit, Pod ephemeral local storage usage exceeds the total limit of containers, Usage of EmptyDir volume exceeds the limit(emptyDir sizeLimit) 같은 message가 나옵니다.',
          '파드가 도착했을 때 노드에 이미 압력 condition이 있었습니다(Pod was rejected: The node had condition: [DiskPressure]).',
          'PID 압력입니다. 노드의 프로세스가 너무 많습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.message}' 명령으로 부족했던 리소스와 컨테이너별 사용량을 확인하세요.",
          'kubectl describe node <node>에서 Conditions(MemoryPressure, DiskPressure, PIDPressure), Allocated resources, taint를 확인하세요.',
          '컨테이너별 request를 실제 사용량(kubectl top pod)과 비교해 request와 limit을 설정하세요. 스토리지라면 ephemeral-storage limit과 emptyDir sizeLimit을 설정하세요.',
          '원인을 파악한 뒤 kubectl delete pods -n <ns> --field-selector status.phase=Failed로 남은 파드를 정리하세요.',
        ],
      },
    },
  },
  {
    name: 'Init',
    aliases: ['Init:'],
    category: 'pod-status',
    stage: 'init',
    rules: ['init-container-running-long'],
    text: {
      en: {
        summary:
          'kubectl prints Init:… while the init containers have not all finished. Init:i/N means i of the N init containers have finished and the next one is running or being prepared; Init:<reason> (Init:CrashLoopBackOff, Init:Error, Init:ErrImagePull, Init:CreateContainerConfigError…) means the first unfinished init container has that problem. Init containers run one at a time in order, each must exit 0 before the next starts, and the app containers start only after all of them; sidecars (restartPolicy: Always) only need to have started.',
        causes: [
          'An init container waits for something that is not there yet (a Service, a database, a migration) and loops: Init:0/1 for a long time.',
          'An init container fails and is restarted: Init:Error, then Init:CrashLoopBackOff; under restartPolicy Never the whole pod fails instead.',
          'Its image cannot be pulled or its config built: Init:ErrImagePull, Init:ImagePullBackOff, Init:CreateContainerConfigError.',
          'It is simply slow: a large download, a data copy, a schema migration.',
        ],
        check: [
          'kubectl describe pod <pod> to find the first init container that has not terminated with exit code 0.',
          'kubectl logs <pod> -c <init-container> (add --previous after a restart).',
          'podwhy explain <reason> for the part after Init: (it means the same as on an app container).',
        ],
      },
      ko: {
        summary:
          'init 컨테이너가 모두 끝나지 않은 동안 kubectl은 Init:…을 표시합니다. Init:i/N은 init 컨테이너 N개 중 i개가 끝났고 다음 컨테이너가 실행 중이거나 준비 중이라는 뜻입니다. Init:<reason>(Init:CrashLoopBackOff, Init:Error, Init:ErrImagePull, Init:CreateContainerConfigError 등)은 끝나지 않은 첫 번째 init 컨테이너에 그 문제가 있다는 뜻입니다. init 컨테이너는 순서대로 하나씩 실행되고, 각각 종료 코드 0으로 끝나야 다음 것이 시작되며, 앱 컨테이너는 모두 끝난 뒤에야 시작됩니다. 사이드카(restartPolicy: Always)는 시작되기만 하면 됩니다.',
        causes: [
          'init 컨테이너가 아직 없는 대상(Service, 데이터베이스, 마이그레이션)을 기다리며 반복합니다. Init:0/1이 오래 유지됩니다.',
          'init 컨테이너가 실패하고 재시작됩니다. Init:Error에 이어 Init:CrashLoopBackOff가 표시되며, restartPolicy가 Never라면 파드 전체가 실패합니다.',
          'init 컨테이너의 이미지를 pull하지 못하거나 설정을 만들지 못합니다(Init:ErrImagePull, Init:ImagePullBackOff, Init:CreateContainerConfigError).',
          '그냥 느립니다. 큰 파일 다운로드, 데이터 복사, 스키마 마이그레이션 등입니다.',
        ],
        check: [
          'kubectl describe pod <pod>에서 종료 코드 0으로 끝나지 않은 첫 번째 init 컨테이너를 찾으세요.',
          '그 init 컨테이너의 로그(kubectl logs <pod> -c <init-container>, 재시작 뒤에는 --previous 추가)를 확인하세요.',
          'Init: 뒤의 reason은 앱 컨테이너에서와 뜻이 같으니 podwhy explain <reason>으로 확인하세요.',
        ],
      },
    },
  },
  // ── Pod status.reason values ──
  {
    name: 'NodeLost',
    category: 'pod-reason',
    stage: 'runtime',
    rules: ['node-lost'],
    text: {
      en: {
        summary:
          'status.reason set on the pods of a node that stopped responding, with the message Node <node> which was running pod <pod> is unresponsive; kubectl then prints Unknown while the pod is being deleted. It comes from the node lifecycle controller of older releases; newer clusters mostly mark such pods Ready=False and evict them through the node.kubernetes.io/unreachable taint instead.',
        causes: [
          'The node crashed, was powered off or was removed.',
          'A network partition cut the node off from the control plane.',
          'The kubelet stopped or cannot reach the API server.',
        ],
        check: [
          'kubectl get nodes and kubectl describe node <node> (Ready condition, taints, last heartbeat).',
          'Reach the node itself: systemctl status kubelet, journalctl -u kubelet.',
          'StatefulSet pods are not replaced until the old pod object is gone; force-delete (kubectl delete pod <pod> --grace-period=0 --force) only when the node is truly down.',
        ],
      },
      ko: {
        summary:
          '응답을 멈춘 노드의 파드에 설정되는 status.reason이며, message는 Node <node> which was running pod <pod> is unresponsive입니다. 삭제 중인 파드에 이 reason이 있으면 kubectl은 Unknown을 표시합니다. 예전 릴리스의 노드 라이프사이클 컨트롤러가 설정하던 값으로, 최근 클러스터에서는 이런 파드를 대개 Ready=False로 표시하고 node.kubernetes.io/unreachable taint로 축출합니다.',
        causes: [
          '노드가 비정상 종료되었거나 전원이 꺼졌거나 제거되었습니다.',
          '네트워크 분리로 노드가 컨트롤 플레인과 끊겼습니다.',
          'kubelet이 멈췄거나 API 서버에 접근하지 못합니다.',
        ],
        check: [
          'kubectl get nodes와 kubectl describe node <node>에서 Ready condition, taint, 마지막 heartbeat를 확인하세요.',
          '노드에 직접 접속해 systemctl status kubelet과 journalctl -u kubelet을 확인하세요.',
          'StatefulSet 파드는 이전 파드 객체가 사라질 때까지 교체되지 않습니다. 노드가 정말 다운되었을 때만 강제 삭제(kubectl delete pod <pod> --grace-period=0 --force)하세요.',
        ],
      },
    },
  },
  {
    name: 'UnexpectedAdmissionError',
    category: 'pod-reason',
    stage: 'admission',
    rules: ['admission-unexpected-error', 'admission-rejected'],
    text: {
      en: {
        summary:
          'The kubelet rejected the pod at admission because one of its admit handlers failed in a way it did not expect, usually the device manager, CPU manager or memory manager. The phase is Failed and the message starts with Pod was rejected: (Pod on kubelets before v1.26), e.g. Pod was rejected: Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected. The pod is not retried; its controller creates a new one.',
        causes: [
          'Devices the scheduler counted as free (GPUs, other extended resources) are not available to the kubelet: the device plugin restarted, has not re-registered since a kubelet restart, or reports unhealthy devices.',
          'Devices are still held by pods that have ended but have not been cleaned up yet.',
          'The CPU manager or memory manager (static policies) could not allocate what a Guaranteed pod asked for.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.message}'.",
          'kubectl describe node <node>: Capacity and Allocatable of the resource (for example nvidia.com/gpu).',
          'The device plugin pod on that node (kubectl get pods -A -o wide --field-selector spec.nodeName=<node>) and the kubelet log around the rejection.',
          'Delete the rejected pods once the node is fixed: kubectl delete pods -n <ns> --field-selector status.phase=Failed.',
        ],
      },
      ko: {
        summary:
          'kubelet의 어드미션 핸들러 중 하나가 예상하지 못한 방식으로 실패해 kubelet이 파드를 거부한 상태입니다. 주로 device manager, CPU manager, memory manager입니다. phase는 Failed이고 message는 Pod was rejected:로 시작합니다(v1.26 이전 kubelet은 Pod). 예: Pod was rejected: Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected. 파드는 다시 시도되지 않으며 컨트롤러가 새 파드를 만듭니다.',
        causes: [
          '스케줄러가 비어 있다고 본 장치(GPU 등 확장 리소스)를 kubelet이 쓸 수 없습니다. device plugin이 재시작되었거나, kubelet 재시작 뒤 아직 다시 등록되지 않았거나, 장치를 비정상으로 보고합니다.',
          '종료되었지만 아직 정리되지 않은 파드가 장치를 붙잡고 있습니다.',
          'CPU manager나 memory manager(static 정책)가 Guaranteed 파드가 요청한 것을 할당하지 못했습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.message}' 명령으로 거부 사유를 확인하세요.",
          'kubectl describe node <node>에서 해당 리소스(예: nvidia.com/gpu)의 Capacity와 Allocatable을 확인하세요.',
          '해당 노드의 device plugin 파드(kubectl get pods -A -o wide --field-selector spec.nodeName=<node>)와 거부 시각의 kubelet 로그를 확인하세요.',
          '노드를 고친 뒤 kubectl delete pods -n <ns> --field-selector status.phase=Failed로 거부된 파드를 지우세요.',
        ],
      },
    },
  },
  {
    name: 'OutOfcpu',
    aliases: ['OutOfmemory', 'OutOfpods', 'OutOfephemeral-storage', 'OutOfnvidia.com/gpu', 'OutOf<resource>'],
    category: 'pod-reason',
    stage: 'admission',
    rules: ['admission-out-of-resources', 'admission-rejected'],
    text: {
      en: {
        summary:
          "The kubelet rejected the pod at admission because the node does not have enough of a resource for it: OutOfcpu, OutOfmemory, OutOfpods, OutOfephemeral-storage, or OutOf<name> for an extended resource such as OutOfnvidia.com/gpu. The phase is Failed and the message reads like Pod was rejected: Node didn't have enough resource: cpu, requested: 2000, used: 3500, capacity: 4000 (cpu in millicores, memory in bytes). The scheduler normally prevents this, so something bypassed it or saw an outdated picture.",
        causes: [
          "The pod sets spec.nodeName directly, which skips the scheduler's resource check.",
          'After a kubelet restart the device plugin of an extended resource has not re-registered yet, so its capacity is 0 (OutOfnvidia.com/gpu).',
          "The scheduler's view and the kubelet's differ for a moment: pods still terminating on the node, or allocatable lowered by a change of the kubelet's reservations.",
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.message} {.spec.nodeName}'.",
          'kubectl describe node <node>: Allocatable and the Allocated resources table.',
          'Find what set nodeName (an operator, a manifest) and let the scheduler choose instead, using nodeSelector or affinity.',
        ],
      },
      ko: {
        summary:
          "노드에 파드가 쓸 리소스가 부족해 kubelet이 어드미션 단계에서 파드를 거부한 상태입니다. reason은 OutOfcpu, OutOfmemory, OutOfpods, OutOfephemeral-storage이거나, 확장 리소스라면 OutOfnvidia.com/gpu 같은 OutOf<name>입니다. phase는 Failed이고 message는 Pod was rejected: Node didn't have enough resource: cpu, requested: 2000, used: 3500, capacity: 4000 같은 형태입니다(cpu는 밀리코어, 메모리는 바이트 단위). 보통은 스케줄러가 이런 일을 막으므로, 무언가 스케줄러를 우회했거나 스케줄러가 오래된 정보를 보았다는 뜻입니다.",
        causes: [
          '파드가 spec.nodeName을 직접 지정해서 스케줄러의 리소스 검사를 건너뛰었습니다.',
          'kubelet 재시작 뒤 확장 리소스의 device plugin이 아직 다시 등록되지 않아 용량이 0입니다(OutOfnvidia.com/gpu).',
          '스케줄러와 kubelet이 보는 상태가 잠시 다릅니다. 노드에 아직 종료 중인 파드가 있거나, kubelet의 예약 설정이 바뀌어 allocatable이 줄었습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.message} {.spec.nodeName}' 명령으로 거부 메시지와 노드를 확인하세요.",
          'kubectl describe node <node>에서 Allocatable과 Allocated resources 표를 확인하세요.',
          'nodeName을 설정한 주체(오퍼레이터, 매니페스트)를 찾아서, nodeSelector나 affinity를 쓰고 노드 선택은 스케줄러에 맡기세요.',
        ],
      },
    },
  },
  {
    name: 'NodeAffinity',
    category: 'pod-reason',
    stage: 'admission',
    rules: ['admission-node-mismatch', 'admission-rejected', 'unschedulable-node-selector'],
    text: {
      en: {
        summary:
          "The kubelet rejected the pod at admission because the node does not match the pod's nodeSelector or required node affinity. The phase is Failed and the message reads Pod was rejected: Predicate NodeAffinity failed (newer kubelets add the reason, e.g. : node(s) didn't match Pod's node affinity/selector). NodeAffinity is also the scheduler plugin behind the FailedScheduling reason node(s) didn't match Pod's node affinity/selector.",
        causes: [
          "The node's labels changed between scheduling and start: a label was removed, or the node was recreated under the same name with different labels.",
          "spec.nodeName was set directly to a node that does not match the pod's own nodeSelector or affinity.",
          "A controller (an operator, a DaemonSet) placed the pod while the node's labels were being changed.",
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.nodeSelector} {.spec.affinity.nodeAffinity}'.",
          'kubectl get node <node> --show-labels and compare.',
          'kubectl get pods -n <ns> --field-selector status.phase=Failed to find the rejected pods, and delete them once fixed.',
        ],
      },
      ko: {
        summary:
          "노드가 파드의 nodeSelector나 필수 node affinity와 맞지 않아 kubelet이 어드미션 단계에서 파드를 거부한 상태입니다. phase는 Failed이고 message는 Pod was rejected: Predicate NodeAffinity failed입니다(최근 kubelet은 : node(s) didn't match Pod's node affinity/selector처럼 이유를 덧붙입니다). NodeAffinity는 FailedScheduling 사유 node(s) didn't match Pod's node affinity/selector를 만드는 스케줄러 플러그인의 이름이기도 합니다.",
        causes: [
          '스케줄링과 시작 사이에 노드 레이블이 바뀌었습니다. 레이블이 제거되었거나, 같은 이름으로 다시 만든 노드의 레이블이 다릅니다.',
          'spec.nodeName을 파드 자신의 nodeSelector나 affinity와 맞지 않는 노드로 직접 지정했습니다.',
          '노드 레이블이 바뀌는 동안 컨트롤러(오퍼레이터, DaemonSet)가 파드를 배치했습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.nodeSelector} {.spec.affinity.nodeAffinity}' 명령으로 파드의 조건을 확인하세요.",
          'kubectl get node <node> --show-labels의 결과와 비교하세요.',
          'kubectl get pods -n <ns> --field-selector status.phase=Failed로 거부된 파드를 찾고, 원인을 고친 뒤 지우세요.',
        ],
      },
    },
  },
  {
    name: 'NodeShutdown',
    category: 'pod-reason',
    stage: 'admission',
    rules: ['admission-node-shutdown'],
    text: {
      en: {
        summary:
          'The kubelet rejected the pod at admission because its node is shutting down (graceful node shutdown is under way); the phase is Failed and the admission message is Pod was rejected as the node is shutting down. Pods that were already running on that node get the reason Terminated instead.',
        causes: [
          'The pod was scheduled to a node that had just started a shutdown or reboot (maintenance, OS update, spot or preemptible reclaim).',
          'The node was not cordoned before it shut down, so controllers kept placing pods on it.',
        ],
        check: [
          'kubectl get node <node> and kubectl describe node <node> for its state and recent events.',
          "kubectl get pod <pod> -o jsonpath='{.status.message}'.",
          'Cordon and drain nodes before planned shutdowns: kubectl drain <node> --ignore-daemonsets.',
        ],
      },
      ko: {
        summary:
          '노드가 종료 중이어서(graceful node shutdown 진행 중) kubelet이 어드미션 단계에서 파드를 거부한 상태입니다. phase는 Failed이고 어드미션 message는 Pod was rejected as the node is shutting down입니다. 그 노드에서 이미 실행 중이던 파드에는 대신 reason Terminated가 설정됩니다.',
        causes: [
          '종료나 재부팅을 막 시작한 노드에 파드가 배치되었습니다(유지 보수, OS 업데이트, spot 또는 preemptible 인스턴스 회수).',
          '노드를 종료하기 전에 cordon하지 않아서 컨트롤러가 계속 그 노드에 파드를 배치했습니다.',
        ],
        check: [
          'kubectl get node <node>와 kubectl describe node <node>로 노드 상태와 최근 이벤트를 확인하세요.',
          "kubectl get pod <pod> -o jsonpath='{.status.message}' 명령으로 거부 메시지를 확인하세요.",
          '계획된 종료 전에는 노드를 cordon하고 drain하세요(kubectl drain <node> --ignore-daemonsets).',
        ],
      },
    },
  },
  {
    name: 'Terminated',
    aliases: ['Shutdown'],
    category: 'pod-reason',
    stage: 'termination',
    rules: ['node-shutdown'],
    text: {
      en: {
        summary:
          "Graceful node shutdown: the kubelet saw its node shutting down and stopped the pod, giving it up to shutdownGracePeriod (shutdownGracePeriodCriticalPods for critical pods). status.reason is Terminated, the message Pod was terminated in response to imminent node shutdown., the phase Failed, and the pod gets DisruptionTarget=True with reason TerminationByKubelet. kubectl usually prints the containers' Error or Completed instead. It is not an application failure. (v1.21 used the reason Shutdown.)",
        causes: [
          'A planned shutdown or reboot of the node (maintenance, OS or kernel update).',
          'The cloud provider reclaimed a spot or preemptible instance.',
          'A shutdown triggered by the machine itself (power event, an automatic update agent).',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.reason} {.status.message}'.",
          "kubectl describe pod <pod> for the DisruptionTarget condition, and the node's events.",
          'If pods did not get enough time to stop, look at the kubelet settings shutdownGracePeriod and shutdownGracePeriodCriticalPods.',
        ],
      },
      ko: {
        summary:
          '노드의 정상 종료(graceful node shutdown) 때문에 종료된 상태입니다. kubelet이 노드가 종료되는 것을 감지하고 파드를 멈췄으며, shutdownGracePeriod(중요 파드는 shutdownGracePeriodCriticalPods)만큼 시간을 주었습니다. status.reason은 Terminated, message는 Pod was terminated in response to imminent node shutdown., phase는 Failed이며, 파드에 reason TerminationByKubelet인 DisruptionTarget=True가 추가됩니다. kubectl은 대개 컨테이너의 Error나 Completed를 대신 표시합니다. 애플리케이션 장애가 아닙니다(v1.21에서는 reason이 Shutdown이었습니다).',
        causes: [
          '계획된 노드 종료나 재부팅입니다(유지 보수, OS나 커널 업데이트).',
          '클라우드 제공자가 spot 또는 preemptible 인스턴스를 회수했습니다.',
          '머신 스스로 종료를 시작했습니다(전원 이벤트, 자동 업데이트 에이전트).',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.reason} {.status.message}' 명령으로 사유를 확인하세요.",
          'kubectl describe pod <pod>에서 DisruptionTarget condition을, 노드의 이벤트에서 종료 시각을 확인하세요.',
          '파드가 종료하기에 시간이 부족했다면 kubelet 설정의 shutdownGracePeriod와 shutdownGracePeriodCriticalPods를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'Preempting',
    category: 'pod-reason',
    stage: 'termination',
    rules: ['pod-preempted'],
    text: {
      en: {
        summary:
          'The kubelet killed the pod to make room for a critical pod (priority class system-node-critical or system-cluster-critical) that it could not admit otherwise. status.reason is Preempting with the message Preempted in order to admit critical pod, a Warning event of the same reason is recorded, and the pod gets DisruptionTarget=True with reason TerminationByKubelet. This is not scheduler preemption (event Preempted).',
        causes: [
          'A critical DaemonSet or static pod (CNI, kube-proxy, a node agent) arrived on a node whose resources were fully requested.',
          'Node allocatable leaves too little room for system pods next to the workloads.',
        ],
        check: [
          'kubectl get events -n <ns> --field-selector reason=Preempting.',
          'kubectl describe node <node>: Allocated resources, and which critical pods run there (kubectl get pods -A -o wide --field-selector spec.nodeName=<node>).',
          'Leave room for critical pods: size requests to real usage and keep spare capacity on each node.',
        ],
      },
      ko: {
        summary:
          '달리 받아들일 방법이 없는 중요 파드(priority class가 system-node-critical 또는 system-cluster-critical)를 위해 kubelet이 이 파드를 종료한 상태입니다. status.reason은 Preempting, message는 Preempted in order to admit critical pod이고, 같은 reason의 Warning 이벤트가 남으며, 파드에 reason TerminationByKubelet인 DisruptionTarget=True가 추가됩니다. 스케줄러의 선점(이벤트 Preempted)과는 다릅니다.',
        causes: [
          '리소스 request가 꽉 찬 노드에 중요한 DaemonSet이나 static 파드(CNI, kube-proxy, 노드 에이전트)가 들어왔습니다.',
          '노드의 allocatable에 워크로드 외에 시스템 파드를 위한 여유가 충분하지 않습니다.',
        ],
        check: [
          'kubectl get events -n <ns> --field-selector reason=Preempting으로 선점 이벤트를 확인하세요.',
          'kubectl describe node <node>의 Allocated resources와, 그 노드에서 실행 중인 중요 파드(kubectl get pods -A -o wide --field-selector spec.nodeName=<node>)를 확인하세요.',
          '중요 파드가 들어올 자리를 남겨 두세요. request를 실제 사용량에 맞추고 노드마다 여유 용량을 확보하세요.',
        ],
      },
    },
  },
  {
    name: 'DeadlineExceeded',
    category: 'pod-reason',
    stage: 'termination',
    rules: ['pod-deadline-exceeded'],
    text: {
      en: {
        summary:
          "The pod ran longer than spec.activeDeadlineSeconds, so the kubelet stopped it: phase Failed, reason DeadlineExceeded, message Pod was active on the node longer than the specified deadline. The deadline counts from status.startTime, so image pulls and init containers use it up too. A Job's own activeDeadlineSeconds also ends with the reason DeadlineExceeded, on the Job's Failed condition, and the Job controller then deletes its running pods.",
        causes: [
          'The deadline is too short for the work, or for a slow start (a large image pull, a long init).',
          'The workload hangs: waiting forever on a lock or on a network call without a timeout.',
          'activeDeadlineSeconds was set on a long-running pod by a template or mutating webhook without meaning a time limit.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.activeDeadlineSeconds} {.status.startTime}'.",
          "kubectl get job <job> -o jsonpath='{.spec.activeDeadlineSeconds}' and kubectl describe job <job> for the Job's conditions.",
          'kubectl logs <pod> to see how far the work got before it was stopped.',
        ],
      },
      ko: {
        summary:
          '파드가 spec.activeDeadlineSeconds보다 오래 실행되어 kubelet이 종료한 상태입니다. phase는 Failed, reason은 DeadlineExceeded, message는 Pod was active on the node longer than the specified deadline입니다. 기한은 status.startTime부터 세므로 이미지 pull과 init 컨테이너 시간도 포함됩니다. Job 자체의 activeDeadlineSeconds가 지나도 Job의 Failed condition에 reason DeadlineExceeded가 설정되고, Job 컨트롤러가 실행 중인 파드를 삭제합니다.',
        causes: [
          '작업량에 비해, 또는 느린 시작(큰 이미지 pull, 긴 init)에 비해 기한이 너무 짧습니다.',
          '워크로드가 멈춰 있습니다. 락을 무한정 기다리거나 타임아웃 없는 네트워크 호출에 걸려 있습니다.',
          '템플릿이나 mutating webhook이 시간 제한을 의도하지 않은 채 오래 실행되는 파드에 activeDeadlineSeconds를 설정했습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.activeDeadlineSeconds} {.status.startTime}' 명령으로 기한과 시작 시각을 확인하세요.",
          "kubectl get job <job> -o jsonpath='{.spec.activeDeadlineSeconds}' 명령과 kubectl describe job <job>으로 Job의 기한과 condition을 확인하세요.",
          'kubectl logs <pod>로 종료되기 전까지 작업이 어디까지 진행되었는지 확인하세요.',
        ],
      },
    },
  },
  // ── Pod conditions (their False reasons are aliases) ──
  {
    name: 'PodScheduled',
    aliases: ['Unschedulable', 'SchedulerError'],
    category: 'condition',
    stage: 'lifecycle',
    rules: ['unschedulable', 'scheduler-error', 'scheduling-gated', 'unschedulable-insufficient-resources', 'unschedulable-too-many-pods', 'unschedulable-untolerated-taint', 'unschedulable-node-conditions', 'unschedulable-node-selector', 'unschedulable-pod-affinity', 'unschedulable-topology-spread', 'unschedulable-host-port', 'unschedulable-cordoned', 'unschedulable-unbound-pvc', 'unschedulable-volume-node-affinity', 'unschedulable-no-nodes'],
    text: {
      en: {
        summary:
          'Whether the pod has been assigned to a node. True: the scheduler bound it (event Scheduled). False: it is still waiting, and the reason says why: Unschedulable (no node fits; the message is the scheduler\'s 0/N nodes are available: …), SchedulingGated (spec.schedulingGates holds it back), or SchedulerError (an internal error, e.g. running PreBind plugin "VolumeBinding": binding volumes: timed out waiting for the condition). Unknown is not normally used. While it is False the pod stays Pending and the scheduler keeps retrying.',
        causes: [
          'Unschedulable for resources: Insufficient cpu, Insufficient memory, Too many pods.',
          "Unschedulable for placement rules: node(s) had untolerated taint, node(s) didn't match Pod's node affinity/selector, pod anti-affinity or topology spread constraints, node(s) were unschedulable (cordoned).",
          'Unschedulable for volumes: pod has unbound immediate PersistentVolumeClaims, persistentvolumeclaim "<name>" not found, a volume whose node affinity no node satisfies.',
          'SchedulingGated: a controller has not lifted its gate. SchedulerError: a scheduler plugin failed, often volume binding that timed out.',
        ],
        check: [
          'kubectl get pod <pod> -o jsonpath=\'{.status.conditions[?(@.type=="PodScheduled")]}\' for status, reason and the full message (the FailedScheduling event is cut at 1024 bytes).',
          'Read the message\'s counts: each "<n> <reason>" says how many nodes were rejected for that reason; the part after preemption: says whether evicting lower-priority pods would help.',
          'kubectl describe nodes for Allocatable, Allocated resources, Taints and labels, and kubectl get pvc -n <ns> for the claims.',
        ],
      },
      ko: {
        summary:
          '파드가 노드에 배정되었는지를 나타냅니다. True는 스케줄러가 파드를 바인딩했다는 뜻입니다(이벤트 Scheduled). False는 아직 기다리는 중이라는 뜻이며 reason이 이유를 알려 줍니다. Unschedulable(맞는 노드가 없음, message는 스케줄러의 0/N nodes are available: …), SchedulingGated(spec.schedulingGates가 막고 있음), SchedulerError(내부 오류, 예: running PreBind plugin "VolumeBinding": binding volumes: timed out waiting for the condition)입니다. Unknown은 보통 쓰이지 않습니다. False인 동안 파드는 Pending으로 남고 스케줄러가 계속 재시도합니다.',
        causes: [
          '리소스 때문에 Unschedulable입니다. Insufficient cpu, Insufficient memory, Too many pods.',
          "배치 규칙 때문에 Unschedulable입니다. node(s) had untolerated taint, node(s) didn't match Pod's node affinity/selector, pod anti-affinity나 topology spread 제약, node(s) were unschedulable(cordon된 노드).",
          '볼륨 때문에 Unschedulable입니다. pod has unbound immediate PersistentVolumeClaims, persistentvolumeclaim "<name>" not found, 어떤 노드도 만족하지 못하는 볼륨의 node affinity.',
          'SchedulingGated는 컨트롤러가 게이트를 풀지 않은 경우이고, SchedulerError는 스케줄러 플러그인이 실패한 경우로 볼륨 바인딩 타임아웃이 흔합니다.',
        ],
        check: [
          'kubectl get pod <pod> -o jsonpath=\'{.status.conditions[?(@.type=="PodScheduled")]}\' 명령으로 status, reason, 전체 message를 확인하세요(FailedScheduling 이벤트는 1024바이트에서 잘립니다).',
          'message의 숫자를 읽으세요. "<n> <reason>"은 그 사유로 제외된 노드 수이고, preemption: 뒤의 내용은 우선순위가 낮은 파드를 축출하면 해결되는지를 알려 줍니다.',
          'kubectl describe nodes로 Allocatable, Allocated resources, Taints, 레이블을 확인하고, kubectl get pvc -n <ns>로 PVC를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'PodReadyToStartContainers',
    aliases: ['PodHasNetwork'],
    category: 'condition',
    stage: 'lifecycle',
    rules: ['sandbox-create-failed', 'sandbox-cni-not-ready', 'sandbox-ip-exhausted'],
    text: {
      en: {
        summary:
          "Whether the pod's sandbox is ready on the node, created and with its network configured, so that containers can start. True once the runtime and the CNI plugin are done; False before that, or while the sandbox has to be re-created (after a node reboot or a sandbox crash). The kubelet sets it where the feature is on (beta and on by default since v1.29; named PodHasNetwork in v1.25 to v1.27).",
        causes: [
          'The CNI plugin fails to set up the network (FailedCreatePodSandBox: … plugin type="calico" failed (add): …), or has no IP address left to give.',
          "The node's network plugin is not ready yet (NetworkNotReady: … cni plugin not initialized).",
          'The sandbox (pause) image cannot be pulled, or the runtime fails to create the sandbox.',
          'The sandbox died and is being re-created (SandboxChanged).',
        ],
        check: [
          'kubectl describe pod <pod>: FailedCreatePodSandBox, NetworkNotReady and SandboxChanged events.',
          'kubectl get pods -n kube-system -o wide --field-selector spec.nodeName=<node> for the CNI pods on that node, and their logs.',
          'On the node: ls /etc/cni/net.d, and journalctl -u containerd (or -u crio) and -u kubelet for sandbox errors.',
        ],
      },
      ko: {
        summary:
          '노드에서 파드 샌드박스가 생성되고 네트워크가 설정되어 컨테이너를 시작할 준비가 되었는지를 나타냅니다. 런타임과 CNI 플러그인이 작업을 마치면 True가 되고, 그 전이나 샌드박스를 다시 만들어야 할 때(노드 재부팅, 샌드박스 비정상 종료 뒤)는 False입니다. 이 기능이 켜져 있을 때 kubelet이 설정합니다(v1.29부터 beta이며 기본 활성화, v1.25~v1.27에서는 이름이 PodHasNetwork였습니다).',
        causes: [
          'CNI 플러그인이 네트워크 설정에 실패하거나(FailedCreatePodSandBox: … plugin type="calico" failed (add): …) 할당할 IP 주소가 남아 있지 않습니다.',
          '노드의 네트워크 플러그인이 아직 준비되지 않았습니다(NetworkNotReady: … cni plugin not initialized).',
          '샌드박스(pause) 이미지를 pull하지 못하거나 런타임이 샌드박스를 만들지 못합니다.',
          '샌드박스가 죽어서 다시 만들어지는 중입니다(SandboxChanged).',
        ],
        check: [
          'kubectl describe pod <pod>에서 FailedCreatePodSandBox, NetworkNotReady, SandboxChanged 이벤트를 확인하세요.',
          'kubectl get pods -n kube-system -o wide --field-selector spec.nodeName=<node> 명령으로 그 노드의 CNI 파드를 찾고 로그를 확인하세요.',
          '노드에서 ls /etc/cni/net.d를 실행하고, journalctl -u containerd(또는 -u crio)와 -u kubelet에서 샌드박스 오류를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'Initialized',
    aliases: ['ContainersNotInitialized'],
    category: 'condition',
    stage: 'lifecycle',
    rules: ['init-container-running-long'],
    text: {
      en: {
        summary:
          'Whether all init containers have completed successfully (and native sidecars have started). It is True right away for pods without init containers. False with reason ContainersNotInitialized and a message such as containers with incomplete status: [init-db] names the init containers still to finish; kubectl shows the pod as Init:… meanwhile.',
        causes: [
          'An init container is still running, often waiting for a dependency.',
          'An init container keeps failing (Init:Error, Init:CrashLoopBackOff).',
          'An init container cannot start: image, config or volume errors (Init:ErrImagePull, Init:CreateContainerConfigError, ContainerCreating).',
        ],
        check: [
          "kubectl describe pod <pod>: the Initialized condition's message, and each init container's State and Last State.",
          'kubectl logs <pod> -c <init-container> (add --previous after a restart).',
        ],
      },
      ko: {
        summary:
          '모든 init 컨테이너가 성공적으로 끝났는지(네이티브 사이드카는 시작되었는지)를 나타냅니다. init 컨테이너가 없는 파드는 처음부터 True입니다. False일 때는 reason ContainersNotInitialized와 함께 containers with incomplete status: [init-db] 같은 message가 아직 끝나지 않은 init 컨테이너를 알려 주며, 그동안 kubectl은 파드를 Init:…으로 표시합니다.',
        causes: [
          'init 컨테이너가 아직 실행 중이며, 흔히 의존 대상을 기다리고 있습니다.',
          'init 컨테이너가 계속 실패합니다(Init:Error, Init:CrashLoopBackOff).',
          'init 컨테이너를 시작하지 못합니다. 이미지, 설정, 볼륨 오류입니다(Init:ErrImagePull, Init:CreateContainerConfigError, ContainerCreating).',
        ],
        check: [
          'kubectl describe pod <pod>에서 Initialized condition의 message와 각 init 컨테이너의 State, Last State를 확인하세요.',
          '그 init 컨테이너의 로그(kubectl logs <pod> -c <init-container>, 재시작 뒤에는 --previous 추가)를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'ContainersReady',
    aliases: ['ContainersNotReady'],
    category: 'condition',
    stage: 'lifecycle',
    rules: ['readiness-probe-failing', 'startup-probe-failing', 'pod-not-ready'],
    text: {
      en: {
        summary:
          'Whether every container in the pod is ready: running, with its startup and readiness probes passing (a container without probes is ready as soon as it runs). False with reason ContainersNotReady and a message such as containers with unready status: [app]; reason PodCompleted once all containers have terminated successfully.',
        causes: [
          'A readiness probe fails (Unhealthy events: Readiness probe failed: …).',
          'A container is not running: waiting (CrashLoopBackOff, ImagePullBackOff, ContainerCreating) or terminated.',
          'A startup probe has not succeeded yet.',
        ],
        check: [
          "kubectl get pod <pod> for the READY column, and kubectl describe pod <pod> for each container's Ready flag and the Unhealthy events.",
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].readinessProbe}', then call the endpoint from inside the container (kubectl exec <pod> -c <container> -- wget -qO- http://localhost:<port>/<path>, if the image has wget).",
        ],
      },
      ko: {
        summary:
          '파드의 모든 컨테이너가 준비되었는지를 나타냅니다. 준비되었다는 것은 실행 중이고 startup 프로브와 readiness 프로브를 통과했다는 뜻입니다(프로브가 없는 컨테이너는 실행되자마자 준비된 것으로 봅니다). False일 때는 reason ContainersNotReady와 containers with unready status: [app] 같은 message가 나오고, 모든 컨테이너가 성공적으로 끝나면 reason이 PodCompleted가 됩니다.',
        causes: [
          'readiness 프로브가 실패합니다(Unhealthy 이벤트: Readiness probe failed: …).',
          '컨테이너가 실행 중이 아닙니다. 대기 중(CrashLoopBackOff, ImagePullBackOff, ContainerCreating)이거나 종료되었습니다.',
          'startup 프로브가 아직 성공하지 않았습니다.',
        ],
        check: [
          'kubectl get pod <pod>의 READY 열과, kubectl describe pod <pod>의 컨테이너별 Ready 값과 Unhealthy 이벤트를 확인하세요.',
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].readinessProbe}' 명령으로 프로브 설정을 확인한 뒤, 컨테이너 안에서 엔드포인트를 직접 호출해 보세요(이미지에 wget이 있다면 kubectl exec <pod> -c <container> -- wget -qO- http://localhost:<port>/<path>).",
        ],
      },
    },
  },
  {
    name: 'Ready',
    aliases: ['ReadinessGatesNotReady', 'PodCompleted'],
    category: 'condition',
    stage: 'lifecycle',
    rules: ['pod-not-ready', 'readiness-probe-failing', 'readiness-gates-not-ready', 'node-lost'],
    text: {
      en: {
        summary:
          'Whether the pod can serve: ContainersReady is True and every readiness gate in spec.readinessGates has its condition True. Only Ready pods are listed as ready endpoints in their Services\' EndpointSlices. Reasons for False: ContainersNotReady (containers with unready status: [app]), ReadinessGatesNotReady (corresponding condition of pod readiness gate "<type>" does not exist. or the status of pod readiness gate "<type>" is not "True", but False), PodCompleted (all containers finished). Ready=False with no reason while ContainersReady is still True is what the node lifecycle controller sets when the node stops reporting.',
        causes: [
          'A container is not ready: a failing readiness probe, a crash loop, a slow start.',
          "A readiness gate is missing or False: the controller that should set it (for example a load balancer controller's target-health gate) has not registered the pod.",
          'The pod has completed (a Job) and no longer serves.',
          'The node is unreachable, and the node lifecycle controller marked the pod not ready.',
        ],
        check: [
          'kubectl describe pod <pod>: Conditions (Ready, ContainersReady) and Readiness Gates.',
          'kubectl get pod <pod> -o wide: the READINESS GATES column shows how many of the gates are True.',
          'kubectl get endpointslices -n <ns> -l kubernetes.io/service-name=<service> -o yaml to see whether the pod is listed as ready.',
          'kubectl get node <node> when Ready is False without a reason.',
        ],
      },
      ko: {
        summary:
          '파드가 요청을 처리할 수 있는지를 나타냅니다. ContainersReady가 True이고 spec.readinessGates의 모든 readiness gate condition이 True여야 합니다. Ready인 파드만 Service의 EndpointSlice에 준비된 엔드포인트로 올라갑니다. False의 reason은 ContainersNotReady(containers with unready status: [app]), ReadinessGatesNotReady(corresponding condition of pod readiness gate "<type>" does not exist. 또는 the status of pod readiness gate "<type>" is not "True", but False), PodCompleted(모든 컨테이너 종료)입니다. ContainersReady는 아직 True인데 Ready가 reason 없이 False라면, 노드가 보고를 멈춰서 노드 라이프사이클 컨트롤러가 설정한 것입니다.',
        causes: [
          '준비되지 않은 컨테이너가 있습니다. readiness 프로브 실패, 재시작 반복, 느린 시작 등입니다.',
          'readiness gate가 없거나 False입니다. 이를 설정해야 할 컨트롤러(예: 로드 밸런서 컨트롤러의 target-health gate)가 파드를 등록하지 않았습니다.',
          '파드가 완료되어(Job) 더 이상 요청을 처리하지 않습니다.',
          '노드에 연결할 수 없어 노드 라이프사이클 컨트롤러가 파드를 준비되지 않음으로 표시했습니다.',
        ],
        check: [
          'kubectl describe pod <pod>에서 Conditions(Ready, ContainersReady)와 Readiness Gates를 확인하세요.',
          'kubectl get pod <pod> -o wide의 READINESS GATES 열에서 True인 gate 수를 확인하세요.',
          'kubectl get endpointslices -n <ns> -l kubernetes.io/service-name=<service> -o yaml 명령으로 파드가 준비된 엔드포인트로 올라가 있는지 확인하세요.',
          'Ready가 reason 없이 False라면 kubectl get node <node>로 노드 상태를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'DisruptionTarget',
    aliases: ['PreemptionByScheduler', 'EvictionByEvictionAPI', 'DeletionByTaintManager', 'DeletionByPodGC', 'TerminationByKubelet'],
    category: 'condition',
    stage: 'lifecycle',
    rules: ['pod-preempted', 'pod-drained', 'pod-garbage-collected', 'pod-evicted', 'evicted-storage-limit', 'node-shutdown', 'node-lost'],
    text: {
      en: {
        summary:
          "Added with status True when the pod is about to be deleted or stopped because of a disruption rather than a failure of its own; the reason says who did it. On by default since v1.26, GA in v1.31. A Job's podFailurePolicy can match it (onPodConditions) so that such pods do not count as failures.",
        causes: [
          'PreemptionByScheduler: the scheduler preempted the pod for a higher-priority one (message default-scheduler: preempting to accommodate a higher priority pod).',
          'EvictionByEvictionAPI: an eviction through the Eviction API, usually kubectl drain or a node upgrade (message Eviction API: evicting).',
          'DeletionByTaintManager: a NoExecute taint the pod does not tolerate, such as node.kubernetes.io/unreachable after the default 300 s (message Taint manager: deleting due to NoExecute taint).',
          "DeletionByPodGC: the pod's node no longer exists and the pod garbage collector removed it (message PodGC: node no longer exists).",
          'TerminationByKubelet: the kubelet itself stopped the pod for node-pressure eviction, critical-pod preemption or graceful node shutdown (the message is the same as status.message).',
        ],
        check: [
          "kubectl describe pod <pod>: the DisruptionTarget condition's reason, message and time.",
          'kubectl get events -n <ns> --field-selector involvedObject.name=<pod> and kubectl describe node <node> for the drain, taint or pressure around that time.',
          'Protect important workloads with a PodDisruptionBudget (the Eviction API honours it) and a suitable priorityClassName.',
        ],
      },
      ko: {
        summary:
          '파드 자신의 장애가 아니라 중단(disruption) 때문에 곧 삭제되거나 종료될 때 status True로 추가되는 condition이며, reason이 누가 그렇게 했는지 알려 줍니다. v1.26부터 기본 활성화되었고 v1.31에서 GA가 되었습니다. Job의 podFailurePolicy에서 이 condition을 지정하면(onPodConditions) 이런 파드를 실패로 세지 않을 수 있습니다.',
        causes: [
          'PreemptionByScheduler: 스케줄러가 우선순위가 더 높은 파드를 위해 이 파드를 선점했습니다(message default-scheduler: preempting to accommodate a higher priority pod).',
          'EvictionByEvictionAPI: Eviction API를 통한 축출로, 대개 kubectl drain이나 노드 업그레이드입니다(message Eviction API: evicting).',
          'DeletionByTaintManager: 파드가 toleration을 갖지 않은 NoExecute taint 때문입니다. 예를 들어 기본 300초가 지난 node.kubernetes.io/unreachable입니다(message Taint manager: deleting due to NoExecute taint).',
          'DeletionByPodGC: 파드의 노드가 더 이상 없어서 파드 가비지 컬렉터가 제거했습니다(message PodGC: node no longer exists).',
          'TerminationByKubelet: 노드 압력 축출, 중요 파드를 위한 선점, 노드의 정상 종료 때문에 kubelet이 직접 파드를 멈췄습니다(message는 status.message와 같습니다).',
        ],
        check: [
          'kubectl describe pod <pod>에서 DisruptionTarget condition의 reason, message, 시각을 확인하세요.',
          'kubectl get events -n <ns> --field-selector involvedObject.name=<pod>와 kubectl describe node <node>로 그 시각의 drain, taint, 압력 상황을 확인하세요.',
          '중요한 워크로드는 PodDisruptionBudget(Eviction API가 이를 지킵니다)과 알맞은 priorityClassName으로 보호하세요.',
        ],
      },
    },
  },
  // ── Event reasons ──
  {
    name: 'FailedScheduling',
    category: 'event-reason',
    stage: 'scheduling',
    rules: ['unschedulable', 'scheduler-error', 'unschedulable-insufficient-resources', 'unschedulable-too-many-pods', 'unschedulable-untolerated-taint', 'unschedulable-node-conditions', 'unschedulable-node-selector', 'unschedulable-pod-affinity', 'unschedulable-topology-spread', 'unschedulable-host-port', 'unschedulable-cordoned', 'unschedulable-unbound-pvc', 'unschedulable-volume-node-affinity', 'unschedulable-no-nodes'],
    text: {
      en: {
        summary:
          "Warning from the scheduler (default-scheduler) each time it fails to place the pod. The message has the form 0/<N> nodes are available: <count> <reason>, <count> <reason>. preemption: 0/<N> nodes are available: …, with the reasons sorted as text. It equals the PodScheduled condition's message, except that the event is cut at 1024 bytes.",
        causes: [
          'Not enough allocatable resources: Insufficient cpu, Insufficient memory, Insufficient nvidia.com/gpu, Too many pods.',
          'Taints the pod does not tolerate: node(s) had untolerated taint {node-role.kubernetes.io/control-plane: } (newer: node(s) had untolerated taint(s)).',
          "Placement rules no node meets: node(s) didn't match Pod's node affinity/selector, pod anti-affinity, topology spread constraints, free host ports.",
          'Volumes: pod has unbound immediate PersistentVolumeClaims, persistentvolumeclaim "<name>" not found, PersistentVolume node affinity that no node matches.',
          'Cordoned nodes: node(s) were unschedulable.',
        ],
        check: [
          'The full text: kubectl get pod <pod> -o jsonpath=\'{.status.conditions[?(@.type=="PodScheduled")].message}\'.',
          'Per reason: kubectl describe nodes (Allocatable, Allocated resources, Taints), kubectl get nodes --show-labels, kubectl get pvc -n <ns>.',
          'With the cluster autoscaler, its events on the pod (TriggeredScaleUp, NotTriggerScaleUp) tell whether a node is coming.',
        ],
      },
      ko: {
        summary:
          '스케줄러(default-scheduler)가 파드를 배치하지 못할 때마다 남기는 Warning 이벤트입니다. message는 0/<N> nodes are available: <count> <reason>, <count> <reason>. preemption: 0/<N> nodes are available: … 형태이며, 사유는 문자열 순으로 정렬됩니다. PodScheduled condition의 message와 같지만, 이벤트는 1024바이트에서 잘립니다.',
        causes: [
          '할당 가능한 리소스가 부족합니다. Insufficient cpu, Insufficient memory, Insufficient nvidia.com/gpu, Too many pods.',
          '파드에 toleration이 없는 taint가 있습니다. node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }(최근 버전은 node(s) had untolerated taint(s)).',
          "어떤 노드도 만족하지 못하는 배치 규칙입니다. node(s) didn't match Pod's node affinity/selector, pod anti-affinity, topology spread 제약, 비어 있는 호스트 포트.",
          '볼륨 문제입니다. pod has unbound immediate PersistentVolumeClaims, persistentvolumeclaim "<name>" not found, 어떤 노드와도 맞지 않는 PersistentVolume의 node affinity.',
          'cordon된 노드입니다. node(s) were unschedulable.',
        ],
        check: [
          '전체 메시지는 kubectl get pod <pod> -o jsonpath=\'{.status.conditions[?(@.type=="PodScheduled")].message}\' 명령으로 확인하세요.',
          '사유별로 kubectl describe nodes(Allocatable, Allocated resources, Taints), kubectl get nodes --show-labels, kubectl get pvc -n <ns>를 확인하세요.',
          'Cluster Autoscaler를 쓴다면 파드에 남은 이벤트(TriggeredScaleUp, NotTriggerScaleUp)로 노드가 추가될지 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'Scheduled',
    category: 'event-reason',
    stage: 'scheduling',
    rules: [],
    text: {
      en: {
        summary:
          'Normal event from the scheduler: Successfully assigned <ns>/<pod> to <node>. The pod is bound (PodScheduled=True) and the kubelet on that node takes over from here.',
        causes: [
          'Every scheduled pod gets it; it is not a problem by itself.',
          'If nothing follows (no Pulling, no Created), the kubelet on the node is not acting on the pod: the node is NotReady, the kubelet is down or the node is overloaded.',
          'If FailedMount, FailedCreatePodSandBox or Pulling follow and stop there, that later step is the one stuck.',
        ],
        check: [
          'kubectl get pod <pod> -o wide for the node, then kubectl get node <node>.',
          'kubectl get events -n <ns> --field-selector involvedObject.name=<pod> --sort-by=.lastTimestamp to see what came after.',
        ],
      },
      ko: {
        summary:
          '스케줄러가 남기는 Normal 이벤트로, message는 Successfully assigned <ns>/<pod> to <node>입니다. 파드가 바인딩되었고(PodScheduled=True) 이제부터는 그 노드의 kubelet이 맡습니다.',
        causes: [
          '스케줄링된 모든 파드에 남는 이벤트이며, 그 자체로는 문제가 아닙니다.',
          '뒤따르는 이벤트가 없다면(Pulling도 Created도 없음) 노드의 kubelet이 파드를 처리하지 않고 있습니다. 노드가 NotReady이거나, kubelet이 멈췄거나, 노드에 부하가 큽니다.',
          'FailedMount, FailedCreatePodSandBox, Pulling이 이어지다 멈췄다면 그 다음 단계가 멈춘 것입니다.',
        ],
        check: [
          'kubectl get pod <pod> -o wide로 노드를 확인한 뒤 kubectl get node <node>로 노드 상태를 확인하세요.',
          'kubectl get events -n <ns> --field-selector involvedObject.name=<pod> --sort-by=.lastTimestamp 명령으로 그 뒤에 무엇이 이어졌는지 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'Pulling',
    category: 'event-reason',
    stage: 'image',
    rules: ['image-pull-failed'],
    text: {
      en: {
        summary:
          'Normal event from the kubelet: Pulling image "<image>". A pull has started; Pulled follows on success, Failed on error. A long gap between them is a slow pull.',
        causes: [
          'Every pull under imagePullPolicy Always, or IfNotPresent when the image is not on the node yet (the default policy is Always for :latest or untagged images, IfNotPresent otherwise).',
          'A slow pull: a large image, a slow or distant registry, or waiting behind other pulls, since the kubelet pulls one image at a time by default (serializeImagePulls: true).',
          'Repeated Pulling events come from retries after ErrImagePull and ImagePullBackOff.',
        ],
        check: [
          'kubectl get events -n <ns> --field-selector involvedObject.name=<pod> --sort-by=.lastTimestamp for the time between Pulling and Pulled.',
          'The Pulled message\'s "including waiting" time: far above the pull time means the pull queued behind others.',
          "The image's size and where the registry is relative to the nodes; a mirror or a smaller image helps.",
        ],
      },
      ko: {
        summary:
          'kubelet이 남기는 Normal 이벤트로, message는 Pulling image "<image>"입니다. pull이 시작되었다는 뜻이며, 성공하면 Pulled가, 실패하면 Failed가 이어집니다. 둘 사이의 간격이 길다면 pull이 느린 것입니다.',
        causes: [
          'imagePullPolicy가 Always일 때마다, 또는 IfNotPresent인데 노드에 아직 이미지가 없을 때 pull합니다(:latest나 태그 없는 이미지의 기본 정책은 Always, 그 밖에는 IfNotPresent).',
          'pull이 느립니다. 이미지가 크거나, 레지스트리가 느리거나 멀리 있거나, 다른 pull을 기다리고 있습니다. kubelet은 기본적으로 이미지를 하나씩 pull합니다(serializeImagePulls: true).',
          'Pulling 이벤트가 반복된다면 ErrImagePull과 ImagePullBackOff 뒤의 재시도입니다.',
        ],
        check: [
          'kubectl get events -n <ns> --field-selector involvedObject.name=<pod> --sort-by=.lastTimestamp 명령으로 Pulling과 Pulled 사이의 시간을 확인하세요.',
          'Pulled message의 "including waiting" 시간을 확인하세요. pull 시간보다 훨씬 길다면 다른 pull 뒤에서 대기한 것입니다.',
          '이미지 크기와 노드에서 레지스트리까지의 거리를 확인하세요. 미러나 더 작은 이미지가 도움이 됩니다.',
        ],
      },
    },
  },
  {
    name: 'Pulled',
    category: 'event-reason',
    stage: 'image',
    rules: [],
    text: {
      en: {
        summary:
          'Normal event from the kubelet once the image is there: Successfully pulled image "<image>" in 3.042s (5.118s including waiting). Image size: <n> bytes. (older kubelets leave out the waiting time and size), or Container image "<image>" already present on machine when no pull was needed.',
        causes: [
          'The image was pulled (imagePullPolicy Always, or not present on the node).',
          'already present on machine: IfNotPresent or Never found it locally; with a tag that gets re-pushed, the node may then run an older build than the registry holds.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].imageID}' for the digest that actually runs, to compare with the registry.",
          'Use immutable tags or digests, or imagePullPolicy: Always, when the same tag is pushed again.',
        ],
      },
      ko: {
        summary:
          '이미지가 준비되면 kubelet이 남기는 Normal 이벤트입니다. message는 Successfully pulled image "<image>" in 3.042s (5.118s including waiting). Image size: <n> bytes.(예전 kubelet은 대기 시간과 크기를 빼고 표시)이거나, pull이 필요 없었다면 Container image "<image>" already present on machine입니다.',
        causes: [
          '이미지를 pull했습니다(imagePullPolicy가 Always이거나 노드에 이미지가 없었음).',
          'already present on machine은 IfNotPresent나 Never 정책으로 노드에 있는 이미지를 찾았다는 뜻입니다. 같은 태그를 다시 push하는 경우 레지스트리보다 오래된 빌드가 실행될 수 있습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].imageID}' 명령으로 실제로 실행 중인 다이제스트를 확인하고 레지스트리와 비교하세요.",
          '같은 태그를 다시 push한다면 변경되지 않는 태그나 다이제스트를 쓰거나 imagePullPolicy: Always를 지정하세요.',
        ],
      },
    },
  },
  {
    name: 'BackOff',
    category: 'event-reason',
    stage: 'runtime',
    rules: ['crashloop-backoff', 'image-pull-failed'],
    text: {
      en: {
        summary:
          'The kubelet is waiting before it retries something that failed, with a delay that starts at 10 s and doubles up to 5 minutes. Two kinds: Back-off pulling image "<image>" (Normal), behind ImagePullBackOff, and Back-off restarting failed container <c> in pod <pod> (Warning; Back-off restarting failed container before v1.26), behind CrashLoopBackOff.',
        causes: [
          'Image pulls keep failing (see ErrImagePull).',
          'A container keeps exiting: an application error, OOMKilled, liveness probe kills, or exit 0 under restartPolicy Always.',
        ],
        check: [
          'For the image kind: the Failed events (Failed to pull image "<image>": …) before it.',
          "For the restart kind: kubectl logs <pod> -c <container> --previous and the container's lastState.terminated.",
        ],
      },
      ko: {
        summary:
          '실패한 작업을 다시 시도하기 전에 kubelet이 대기하고 있다는 이벤트이며, 대기 시간은 10초에서 시작해 두 배씩 늘어 최대 5분이 됩니다. 두 가지가 있습니다. Back-off pulling image "<image>"(Normal)는 ImagePullBackOff의 이벤트이고, Back-off restarting failed container <c> in pod <pod>(Warning, v1.26 이전에는 Back-off restarting failed container)는 CrashLoopBackOff의 이벤트입니다.',
        causes: [
          '이미지 pull이 계속 실패합니다(ErrImagePull 항목 참고).',
          '컨테이너가 계속 종료됩니다. 애플리케이션 오류, OOMKilled, liveness 프로브로 인한 종료, restartPolicy Always에서의 종료 코드 0 등입니다.',
        ],
        check: [
          '이미지 back-off라면 그 앞의 Failed 이벤트(Failed to pull image "<image>": …)를 확인하세요.',
          '재시작 back-off라면 이전 실행의 로그(kubectl logs <pod> -c <container> --previous)와 컨테이너의 lastState.terminated를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'Unhealthy',
    category: 'event-reason',
    stage: 'probes',
    rules: ['liveness-probe-failing', 'readiness-probe-failing', 'startup-probe-failing', 'probe-port-undeclared'],
    text: {
      en: {
        summary:
          'Warning from the kubelet when a probe fails: Liveness, Readiness or Startup probe failed: <output>, e.g. Liveness probe failed: HTTP probe failed with statuscode: 500 or Readiness probe failed: Get "http://10.244.1.7:8080/healthz": dial tcp 10.244.1.7:8080: connect: connection refused. When the probe itself errors, older kubelets say … probe errored: <error>, newer ones … probe errored and resulted in unknown state: <error>. Liveness and startup failures kill the container after failureThreshold failures in a row; readiness failures take the pod out of its Services\' endpoints.',
        causes: [
          'The application starts slowly and the probe begins too early (initialDelaySeconds too small, no startupProbe).',
          "The probe's port, path or scheme does not match what the app serves (connection refused, 404).",
          'timeoutSeconds (default 1 s) is too short under load (context deadline exceeded (Client.Timeout exceeded while awaiting headers)).',
          'The app really is unhealthy: a dependency the health endpoint checks is down, a deadlock, exhausted worker threads.',
          "An exec probe's command is missing from the image or times out.",
        ],
        check: [
          'kubectl describe pod <pod>: the Unhealthy messages and the probe settings (delay, timeout, period, failure threshold).',
          'Call the endpoint yourself from inside the container (kubectl exec <pod> -c <container> -- wget -qO- http://localhost:<port>/<path>); the kubelet calls the pod IP from the node.',
          'Give slow starters a startupProbe, and keep liveness checks cheap and free of external dependencies.',
        ],
      },
      ko: {
        summary:
          '프로브가 실패했을 때 kubelet이 남기는 Warning 이벤트입니다. message는 Liveness, Readiness, Startup 중 하나의 probe failed: <output> 형태이며, 예를 들면 Liveness probe failed: HTTP probe failed with statuscode: 500이나 Readiness probe failed: Get "http://10.244.1.7:8080/healthz": dial tcp 10.244.1.7:8080: connect: connection refused입니다. 프로브 실행 자체가 오류를 내면 예전 kubelet은 … probe errored: <error>, 최근 kubelet은 … probe errored and resulted in unknown state: <error>라고 남깁니다. liveness 프로브와 startup 프로브는 failureThreshold만큼 연속으로 실패하면 컨테이너를 종료하고, readiness 프로브가 실패하면 파드가 Service 엔드포인트에서 빠집니다.',
        causes: [
          '애플리케이션이 늦게 시작되는데 프로브가 너무 일찍 시작됩니다(initialDelaySeconds가 작거나 startupProbe가 없음).',
          '프로브의 포트, 경로, scheme이 앱이 제공하는 것과 다릅니다(connection refused, 404).',
          '부하가 있을 때 timeoutSeconds(기본 1초)가 너무 짧습니다(context deadline exceeded (Client.Timeout exceeded while awaiting headers)).',
          '앱이 실제로 비정상입니다. 헬스 엔드포인트가 확인하는 의존 대상이 다운되었거나, 교착 상태이거나, 워커 스레드가 고갈되었습니다.',
          'exec 프로브의 명령이 이미지에 없거나 타임아웃됩니다.',
        ],
        check: [
          'kubectl describe pod <pod>에서 Unhealthy message와 프로브 설정(delay, timeout, period, failure threshold)을 확인하세요.',
          '컨테이너 안에서 엔드포인트를 직접 호출해 보세요(kubectl exec <pod> -c <container> -- wget -qO- http://localhost:<port>/<path>). kubelet은 노드에서 파드 IP로 호출한다는 점도 고려하세요.',
          '시작이 느린 앱에는 startupProbe를 추가하고, liveness 검사는 가볍게 유지하며 외부 의존 대상을 확인하지 않게 하세요.',
        ],
      },
    },
  },
  {
    name: 'Killing',
    category: 'event-reason',
    stage: 'termination',
    rules: ['liveness-probe-failing', 'startup-probe-failing', 'terminating-stuck', 'grace-period-exceeded'],
    text: {
      en: {
        summary:
          'Normal event from the kubelet when it stops a container. The message says why: Stopping container <c> (the pod is being deleted), Container <c> failed liveness probe, will be restarted, Container <c> failed startup probe, will be restarted, Container <c> definition changed, will be restarted, or FailedPostStartHook. The container gets SIGTERM and, when the grace period is over, SIGKILL.',
        causes: [
          'The pod is being deleted: a rollout, scale-down, drain or eviction (Stopping container).',
          'A liveness or startup probe failed failureThreshold times in a row.',
          "The container's spec changed in place (for example its image was edited on the pod).",
          'A postStart hook failed.',
        ],
        check: [
          'kubectl describe pod <pod>: the Killing message and the Unhealthy events before it.',
          "The container's lastState.terminated.exitCode afterwards: 143 means it exited on SIGTERM, 137 that it had to be killed when the grace period ran out.",
        ],
      },
      ko: {
        summary:
          'kubelet이 컨테이너를 멈출 때 남기는 Normal 이벤트이며, message에 이유가 나옵니다. Stopping container <c>(파드 삭제 중), Container <c> failed liveness probe, will be restarted, Container <c> failed startup probe, will be restarted, Container <c> definition changed, will be restarted, FailedPostStartHook입니다. 컨테이너는 SIGTERM을 받고, 유예 기간이 끝나면 SIGKILL을 받습니다.',
        causes: [
          '파드가 삭제되는 중입니다. 롤아웃, 축소(scale down), drain, 축출 등입니다(Stopping container).',
          'liveness 프로브나 startup 프로브가 failureThreshold만큼 연속으로 실패했습니다.',
          '컨테이너 spec이 그 자리에서 바뀌었습니다(예: 파드의 이미지를 직접 수정).',
          'postStart 훅이 실패했습니다.',
        ],
        check: [
          'kubectl describe pod <pod>에서 Killing message와 그 앞의 Unhealthy 이벤트를 확인하세요.',
          '그 뒤 컨테이너의 lastState.terminated.exitCode를 확인하세요. 143이면 SIGTERM을 받고 종료한 것이고, 137이면 유예 기간이 끝나 강제 종료된 것입니다.',
        ],
      },
    },
  },
  {
    name: 'FailedMount',
    category: 'event-reason',
    stage: 'volumes',
    rules: ['volume-mount-failed', 'volume-secret-missing', 'volume-configmap-missing', 'volume-csi-driver-missing', 'volume-hostpath-type', 'volume-mount-helper-missing', 'volume-mount-timeout'],
    text: {
      en: {
        summary:
          'Warning from the kubelet when it cannot mount a volume for the pod; the containers stay in ContainerCreating (or PodInitializing). Per volume: MountVolume.SetUp failed for volume "<volume>" : <error>, e.g. secret "web-tls" not found, configmap "app-config" not found, mount failed: exit status 32 (followed by the mount command and its output), hostPath type check failed: /mnt/data is not a directory. Kubelets also report Unable to attach or mount volumes: unmounted volumes=[…], unattached volumes=[…], failed to process volumes=[…]: timed out waiting for the condition (newer kubelets no longer emit this one on a plain timeout).',
        causes: [
          "A Secret or ConfigMap mounted as a volume does not exist in the pod's namespace.",
          'A network filesystem mount fails: the NFS server is unreachable or refuses the export, the node lacks the client helper (mount.nfs), wrong mount options.',
          'The CSI driver is not running on the node or fails to stage or publish the volume.',
          'The volume is not attached yet (see FailedAttachVolume), or a hostPath with type Directory or File does not exist on the node.',
        ],
        check: [
          'kubectl describe pod <pod>: the FailedMount message names the volume and the error.',
          'kubectl get secret,configmap -n <ns> and kubectl get pvc -n <ns>, kubectl get pv for what the volume refers to.',
          'The CSI node plugin on that node (kubectl get pods -A -o wide --field-selector spec.nodeName=<node>) and its logs.',
          'On the node: the kubelet log (journalctl -u kubelet), and the same mount tried by hand.',
        ],
      },
      ko: {
        summary:
          'kubelet이 파드의 볼륨을 마운트하지 못할 때 남기는 Warning 이벤트이며, 컨테이너는 ContainerCreating(또는 PodInitializing) 상태로 남습니다. 볼륨별 message는 MountVolume.SetUp failed for volume "<volume>" : <error> 형태이며, 예를 들면 secret "web-tls" not found, configmap "app-config" not found, mount failed: exit status 32(뒤에 mount 명령과 출력이 이어짐), hostPath type check failed: /mnt/data is not a directory입니다. kubelet은 Unable to attach or mount volumes: unmounted volumes=[…], unattached volumes=[…], failed to process volumes=[…]: timed out waiting for the condition도 남깁니다(최근 kubelet은 단순 타임아웃에는 이 이벤트를 남기지 않습니다).',
        causes: [
          '볼륨으로 마운트하는 Secret이나 ConfigMap이 파드의 네임스페이스에 없습니다.',
          '네트워크 파일 시스템 마운트가 실패합니다. NFS 서버에 접근할 수 없거나 export를 거부하거나, 노드에 클라이언트 도구(mount.nfs)가 없거나, 마운트 옵션이 틀렸습니다.',
          'CSI 드라이버가 노드에서 실행되지 않거나 볼륨을 stage 또는 publish하지 못합니다.',
          '볼륨이 아직 연결(attach)되지 않았거나(FailedAttachVolume 항목 참고), type이 Directory나 File인 hostPath가 노드에 없습니다.',
        ],
        check: [
          'kubectl describe pod <pod>에서 FailedMount message를 확인하세요. 볼륨 이름과 오류가 나옵니다.',
          'kubectl get secret,configmap -n <ns>와 kubectl get pvc -n <ns>, kubectl get pv로 볼륨이 참조하는 대상을 확인하세요.',
          '그 노드의 CSI 노드 플러그인(kubectl get pods -A -o wide --field-selector spec.nodeName=<node>)과 그 로그를 확인하세요.',
          '노드에서 kubelet 로그(journalctl -u kubelet)를 확인하고 같은 마운트를 직접 시도해 보세요.',
        ],
      },
    },
  },
  {
    name: 'FailedAttachVolume',
    category: 'event-reason',
    stage: 'volumes',
    rules: ['volume-attach-failed', 'volume-multi-attach'],
    text: {
      en: {
        summary:
          'Warning from the attach/detach controller when it cannot attach a volume to the pod\'s node. Typical messages: Multi-Attach error for volume "<pv>" Volume is already exclusively attached to one node and can\'t be attached to another (or … Volume is already used by pod(s) <names>), and AttachVolume.Attach failed for volume "<pv>" : <error>. The pod waits in ContainerCreating.',
        causes: [
          "A ReadWriteOnce volume is still attached to another node: the old pod still exists (a Deployment's rolling update with an RWO claim), or its node died and the volume was never detached.",
          "The attach itself fails: the disk is in another zone than the node, the node's volume attach limit is reached, missing permissions or quota.",
          'The CSI controller (its external-attacher) is not running or failing.',
        ],
        check: [
          'kubectl get volumeattachment to see which node the PersistentVolume is attached to.',
          'kubectl get pods -A -o wide to find other pods using the same claim, and kubectl describe pv <pv> for access modes and node affinity (zone).',
          'For a Deployment with an RWO volume, use strategy type Recreate (or a StatefulSet) so the old pod lets go of the volume first.',
          "The CSI controller's logs when the message is an AttachVolume.Attach error.",
        ],
      },
      ko: {
        summary:
          'attach/detach 컨트롤러가 볼륨을 파드의 노드에 연결(attach)하지 못할 때 남기는 Warning 이벤트입니다. 대표적인 message는 Multi-Attach error for volume "<pv>" Volume is already exclusively attached to one node and can\'t be attached to another(또는 … Volume is already used by pod(s) <names>)와 AttachVolume.Attach failed for volume "<pv>" : <error>입니다. 파드는 ContainerCreating 상태로 대기합니다.',
        causes: [
          'ReadWriteOnce 볼륨이 아직 다른 노드에 연결되어 있습니다. 이전 파드가 아직 있거나(RWO PVC를 쓰는 Deployment의 롤링 업데이트), 노드가 죽어서 볼륨이 분리되지 않았습니다.',
          '연결 자체가 실패합니다. 디스크가 노드와 다른 zone에 있거나, 노드의 볼륨 연결 한도에 닿았거나, 권한이나 쿼터가 부족합니다.',
          'CSI 컨트롤러(external-attacher)가 실행되지 않거나 실패합니다.',
        ],
        check: [
          'kubectl get volumeattachment로 PersistentVolume이 어느 노드에 연결되어 있는지 확인하세요.',
          'kubectl get pods -A -o wide로 같은 PVC를 쓰는 다른 파드를 찾고, kubectl describe pv <pv>로 access mode와 node affinity(zone)를 확인하세요.',
          'RWO 볼륨을 쓰는 Deployment라면 strategy type을 Recreate로 하거나 StatefulSet을 써서 이전 파드가 먼저 볼륨을 놓게 하세요.',
          'message가 AttachVolume.Attach 오류라면 CSI 컨트롤러의 로그를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'FailedCreatePodSandBox',
    category: 'event-reason',
    stage: 'sandbox',
    rules: ['sandbox-create-failed', 'sandbox-cni-not-ready', 'sandbox-ip-exhausted'],
    text: {
      en: {
        summary:
          'Warning from the kubelet when the runtime cannot create the pod\'s sandbox (the pause container and its network namespace): Failed to create pod sandbox: <error>. Most often the CNI plugin failed, e.g. … failed to setup network for sandbox "<id>": plugin type="calico" failed (add): …. The containers stay in ContainerCreating and the kubelet retries.',
        causes: [
          'The CNI plugin on the node is broken or not ready: its DaemonSet pod is crashing, its config is missing from /etc/cni/net.d, or it cannot reach its datastore (calico: error getting ClusterInformation: connection is unauthorized: Unauthorized; flannel: open /run/flannel/subnet.env: no such file or directory).',
          'No IP address is left for pods on the node or in the subnet (aws-cni: failed to assign an IP address to container).',
          'The sandbox (pause) image cannot be pulled, e.g. the node cannot resolve or reach registry.k8s.io.',
          'The container runtime itself fails on that node (cgroup, disk or configuration problems).',
        ],
        check: [
          'kubectl describe pod <pod>: the full message; the text after failed (add): comes from the CNI plugin.',
          'kubectl get pods -n kube-system -o wide --field-selector spec.nodeName=<node>, and the logs of the CNI pod on that node.',
          'On the node: ls /etc/cni/net.d, crictl pods, journalctl -u containerd (or -u crio).',
          "For IP exhaustion: the CNI's IP pool or the subnet's free addresses, and the node's maximum pod count.",
        ],
      },
      ko: {
        summary:
          '런타임이 파드 샌드박스(pause 컨테이너와 그 네트워크 네임스페이스)를 만들지 못할 때 kubelet이 남기는 Warning 이벤트로, message는 Failed to create pod sandbox: <error>입니다. 대부분 CNI 플러그인의 실패이며, 예를 들면 … failed to setup network for sandbox "<id>": plugin type="calico" failed (add): …입니다. 컨테이너는 ContainerCreating 상태로 남고 kubelet이 재시도합니다.',
        causes: [
          '노드의 CNI 플러그인이 고장 났거나 준비되지 않았습니다. DaemonSet 파드가 재시작을 반복하거나, /etc/cni/net.d에 설정이 없거나, 데이터 저장소에 접근하지 못합니다(calico: error getting ClusterInformation: connection is unauthorized: Unauthorized, flannel: open /run/flannel/subnet.env: no such file or directory).',
          '노드나 서브넷에 파드에 줄 IP 주소가 남아 있지 않습니다(aws-cni: failed to assign an IP address to container).',
          '샌드박스(pause) 이미지를 pull하지 못합니다. 예를 들어 노드가 registry.k8s.io의 이름을 풀거나 접근하지 못합니다.',
          '그 노드의 컨테이너 런타임 자체가 실패합니다(cgroup, 디스크, 설정 문제).',
        ],
        check: [
          'kubectl describe pod <pod>에서 전체 message를 확인하세요. failed (add): 뒤의 내용이 CNI 플러그인의 오류입니다.',
          'kubectl get pods -n kube-system -o wide --field-selector spec.nodeName=<node> 명령으로 그 노드의 CNI 파드를 찾고 로그를 확인하세요.',
          '노드에서 ls /etc/cni/net.d, crictl pods, journalctl -u containerd(또는 -u crio)를 확인하세요.',
          'IP 고갈이라면 CNI의 IP 풀이나 서브넷의 남은 주소, 노드의 최대 파드 수를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'NetworkNotReady',
    category: 'event-reason',
    stage: 'sandbox',
    rules: ['sandbox-cni-not-ready', 'sandbox-create-failed'],
    text: {
      en: {
        summary:
          "Warning from the kubelet when it cannot start a pod because the node's container network is not ready: network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized. The node usually reports NotReady for the same reason; pods with hostNetwork still start.",
        causes: [
          'No CNI plugin is installed yet (a new cluster before the network add-on is applied).',
          'The CNI DaemonSet pod on that node is not running, or has not written its config to /etc/cni/net.d yet.',
          'The CNI config or binaries were removed, or the runtime looks in another directory (conf_dir, bin_dir).',
        ],
        check: [
          "kubectl get nodes and kubectl describe node <node>: the Ready condition's message.",
          'kubectl get pods -n kube-system -o wide --field-selector spec.nodeName=<node> for the CNI pod, and its logs.',
          'On the node: ls /etc/cni/net.d /opt/cni/bin and journalctl -u containerd.',
        ],
      },
      ko: {
        summary:
          '노드의 컨테이너 네트워크가 준비되지 않아 파드를 시작할 수 없을 때 kubelet이 남기는 Warning 이벤트입니다. message는 network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized입니다. 보통 같은 이유로 노드도 NotReady가 되며, hostNetwork 파드는 그래도 시작됩니다.',
        causes: [
          'CNI 플러그인이 아직 설치되지 않았습니다(네트워크 애드온을 적용하기 전의 새 클러스터).',
          '그 노드의 CNI DaemonSet 파드가 실행되지 않거나, 아직 /etc/cni/net.d에 설정을 쓰지 않았습니다.',
          'CNI 설정이나 바이너리가 지워졌거나, 런타임이 다른 디렉터리(conf_dir, bin_dir)를 보고 있습니다.',
        ],
        check: [
          'kubectl get nodes와 kubectl describe node <node>에서 Ready condition의 message를 확인하세요.',
          'kubectl get pods -n kube-system -o wide --field-selector spec.nodeName=<node> 명령으로 CNI 파드를 찾고 로그를 확인하세요.',
          '노드에서 ls /etc/cni/net.d /opt/cni/bin과 journalctl -u containerd를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'SandboxChanged',
    category: 'event-reason',
    stage: 'sandbox',
    rules: ['sandbox-create-failed'],
    text: {
      en: {
        summary:
          "Normal event from the kubelet: Pod sandbox changed, it will be killed and re-created. The kubelet found the pod's sandbox gone or not ready, so it tears it down, creates a new one and restarts every container in it; restart counts go up without any container having crashed.",
        causes: [
          'The node rebooted, or the container runtime or the kubelet restarted and the sandbox did not survive.',
          'The sandbox (pause) process was killed, e.g. by the kernel under node-wide memory pressure or by someone cleaning up containers.',
          "The sandbox's network was lost or changed, for example after the CNI plugin was restarted or reinstalled.",
          'Repeated SandboxChanged together with FailedCreatePodSandBox means the new sandbox fails too.',
        ],
        check: [
          'kubectl get events -n <ns> --field-selector involvedObject.name=<pod> --sort-by=.lastTimestamp, and kubectl describe node <node> for Rebooted or Starting events.',
          'On the node: uptime, journalctl -u kubelet and -u containerd around that time, dmesg for OOM kills.',
        ],
      },
      ko: {
        summary:
          'kubelet이 남기는 Normal 이벤트로, message는 Pod sandbox changed, it will be killed and re-created.입니다. 파드의 샌드박스가 사라졌거나 준비되지 않은 것을 kubelet이 발견하고, 샌드박스를 정리한 뒤 새로 만들고 그 안의 모든 컨테이너를 재시작합니다. 컨테이너가 비정상 종료하지 않았는데도 재시작 횟수가 늘어납니다.',
        causes: [
          '노드가 재부팅되었거나, 컨테이너 런타임이나 kubelet이 재시작되면서 샌드박스가 살아남지 못했습니다.',
          '샌드박스(pause) 프로세스가 종료되었습니다. 예를 들어 노드 전체의 메모리 부족으로 커널이 종료했거나, 누군가 컨테이너를 정리했습니다.',
          '샌드박스의 네트워크가 사라지거나 바뀌었습니다. 예를 들어 CNI 플러그인을 재시작하거나 다시 설치했습니다.',
          'SandboxChanged가 FailedCreatePodSandBox와 함께 반복된다면 새 샌드박스도 실패하고 있습니다.',
        ],
        check: [
          'kubectl get events -n <ns> --field-selector involvedObject.name=<pod> --sort-by=.lastTimestamp 명령과 kubectl describe node <node>에서 Rebooted나 Starting 이벤트를 확인하세요.',
          '노드에서 uptime, 해당 시각의 journalctl -u kubelet과 -u containerd, OOM 종료를 보여 주는 dmesg를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'ExceededGracePeriod',
    category: 'event-reason',
    stage: 'termination',
    rules: ['grace-period-exceeded'],
    text: {
      en: {
        summary:
          'Warning from the kubelet: Container runtime did not kill the pod within specified grace period. The kubelet asked the runtime to stop the pod, typically when the kubelet itself evicts or preempts it, and the runtime had not finished when the grace period (plus a short margin) ran out.',
        causes: [
          'A process that cannot be killed quickly, stuck in uninterruptible I/O (state D), often on an unresponsive NFS or block device.',
          'The container runtime is overloaded or hung; the node is often under the same memory or disk pressure that caused the eviction.',
          'A long preStop hook or SIGTERM handling plus a runtime slow to confirm the stop.',
        ],
        check: [
          'kubectl describe pod <pod> and kubectl describe node <node> for pressure conditions.',
          'On the node: crictl ps -a and crictl pods for leftovers, ps -eo pid,stat,cmd for processes in state D, journalctl -u containerd.',
        ],
      },
      ko: {
        summary:
          'kubelet이 남기는 Warning 이벤트로, message는 Container runtime did not kill the pod within specified grace period.입니다. kubelet이 런타임에 파드를 멈추라고 요청했는데(대개 kubelet 자신이 축출하거나 선점할 때), 유예 기간(과 약간의 여유)이 끝날 때까지 런타임이 마치지 못했습니다.',
        causes: [
          '빨리 종료할 수 없는 프로세스가 있습니다. 인터럽트할 수 없는 I/O 대기(D 상태)에 걸린 경우로, 응답 없는 NFS나 블록 장치에서 흔합니다.',
          '컨테이너 런타임이 과부하 상태이거나 멈췄습니다. 축출을 일으킨 메모리나 디스크 압력이 노드에 그대로 남아 있는 경우가 많습니다.',
          '긴 PreStop 훅이나 SIGTERM 처리에 더해, 런타임이 종료를 늦게 확인합니다.',
        ],
        check: [
          'kubectl describe pod <pod>와 kubectl describe node <node>에서 압력 condition을 확인하세요.',
          '노드에서 crictl ps -a와 crictl pods로 남은 것을 확인하고, ps -eo pid,stat,cmd로 D 상태 프로세스를 찾고, journalctl -u containerd를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'FailedKillPod',
    category: 'event-reason',
    stage: 'termination',
    rules: ['terminating-stuck'],
    text: {
      en: {
        summary:
          'Warning from the kubelet when stopping the pod failed: error killing pod: <error>, for example a container or the sandbox that the runtime could not stop. The pod stays Terminating and the kubelet keeps retrying.',
        causes: [
          'The CNI plugin fails to tear down the sandbox\'s network (an error from plugin type="<name>" failed (delete)), often because the CNI pod on the node is gone or cannot reach its datastore.',
          'The runtime cannot stop a container: a process stuck in uninterruptible I/O, a hung shim, runtime errors.',
          'The node is under heavy pressure and runtime calls time out.',
        ],
        check: [
          'kubectl describe pod <pod> for the full FailedKillPod message.',
          'On the node: crictl pods and crictl ps -a for what is left of the pod, journalctl -u kubelet and -u containerd, and the CNI pod on that node.',
          'Fix the CNI plugin or the runtime first; force-deleting the pod object does not clean up the node.',
        ],
      },
      ko: {
        summary:
          '파드를 멈추지 못했을 때 kubelet이 남기는 Warning 이벤트로, message는 error killing pod: <error>입니다. 예를 들어 런타임이 멈추지 못한 컨테이너나 샌드박스가 있습니다. 파드는 Terminating 상태로 남고 kubelet이 계속 재시도합니다.',
        causes: [
          'CNI 플러그인이 샌드박스의 네트워크를 정리하지 못합니다(plugin type="<name>" failed (delete) 오류). 노드의 CNI 파드가 없어졌거나 데이터 저장소에 접근하지 못하는 경우가 많습니다.',
          '런타임이 컨테이너를 멈추지 못합니다. 인터럽트할 수 없는 I/O 대기에 걸린 프로세스, 멈춘 shim, 런타임 오류 등입니다.',
          '노드에 압력이 커서 런타임 호출이 타임아웃됩니다.',
        ],
        check: [
          'kubectl describe pod <pod>에서 FailedKillPod의 전체 message를 확인하세요.',
          '노드에서 crictl pods와 crictl ps -a로 파드의 잔여물을 확인하고, journalctl -u kubelet과 -u containerd, 그 노드의 CNI 파드를 확인하세요.',
          'CNI 플러그인이나 런타임을 먼저 고치세요. 파드 객체를 강제 삭제해도 노드는 정리되지 않습니다.',
        ],
      },
    },
  },
  {
    name: 'FailedPreStopHook',
    category: 'event-reason',
    stage: 'termination',
    rules: ['prestop-hook-failed'],
    text: {
      en: {
        summary:
          'Warning from the kubelet when a container\'s lifecycle.preStop hook failed: PreStopHook failed (from v1.26; older kubelets give the handler\'s whole error, e.g. Exec lifecycle hook ([…]) for Container "<c>" in Pod "<pod>" failed - error: …). Termination goes on regardless: the container still gets SIGTERM, so whatever the hook was for (draining, deregistering) may not have happened.',
        causes: [
          "The hook's command is not in the image (no sh or sleep in distroless images), or it exits non-zero.",
          'An httpGet hook targets a port or path the app does not serve, or the app has already stopped listening.',
          'The hook ran past the grace period and was cut off.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].lifecycle.preStop}'.",
          'Run the same command in a running container: kubectl exec <pod> -c <container> -- <command>.',
          'In images without a shell, use the sleep action (lifecycle.preStop.sleep, v1.30+) instead of exec sleep, and keep the hook plus the shutdown within terminationGracePeriodSeconds.',
        ],
      },
      ko: {
        summary:
          '컨테이너의 lifecycle.preStop 훅이 실패했을 때 kubelet이 남기는 Warning 이벤트로, message는 PreStopHook failed입니다(v1.26부터, 예전 kubelet은 Exec lifecycle hook ([…]) for Container "<c>" in Pod "<pod>" failed - error: … 같은 핸들러 오류 전체를 남깁니다). 종료 처리는 그대로 진행되어 컨테이너는 SIGTERM을 받으므로, 훅이 하려던 일(연결 정리, 등록 해제)이 이루어지지 않았을 수 있습니다.',
        causes: [
          '훅의 명령이 이미지에 없거나(distroless 이미지에는 sh나 sleep이 없음) 0이 아닌 값으로 종료합니다.',
          'httpGet 훅이 앱이 제공하지 않는 포트나 경로를 호출하거나, 앱이 이미 요청을 받지 않습니다.',
          '훅이 유예 기간을 넘겨 중간에 끊겼습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].lifecycle.preStop}' 명령으로 훅 내용을 확인하세요.",
          '실행 중인 컨테이너에서 같은 명령을 실행해 보세요(kubectl exec <pod> -c <container> -- <command>).',
          '셸이 없는 이미지라면 exec sleep 대신 sleep 액션(lifecycle.preStop.sleep, v1.30 이상)을 쓰고, 훅과 종료 처리 시간을 합쳐 terminationGracePeriodSeconds 안에 들어오게 하세요.',
        ],
      },
    },
  },
  {
    name: 'FailedPostStartHook',
    category: 'event-reason',
    stage: 'start',
    rules: ['poststart-hook-failed'],
    text: {
      en: {
        summary:
          "Warning from the kubelet when a container's lifecycle.postStart hook failed: PostStartHook failed (from v1.26; older kubelets give the handler's whole error). The kubelet then kills the container (a Killing event with the message FailedPostStartHook) and restarts it according to restartPolicy; the waiting reason is PostStartHookError.",
        causes: [
          "The hook's command fails or is not in the image (exit 127 means not found).",
          'The hook runs alongside the entrypoint with no ordering guarantee, so it calls the app before the app is listening.',
          'The hook hangs or takes too long.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].lifecycle.postStart}'.",
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].state.waiting.message}' for the hook's output.",
          'Try the command by hand with kubectl exec, or make the hook wait and retry until the app answers.',
        ],
      },
      ko: {
        summary:
          '컨테이너의 lifecycle.postStart 훅이 실패했을 때 kubelet이 남기는 Warning 이벤트로, message는 PostStartHook failed입니다(v1.26부터, 예전 kubelet은 핸들러 오류 전체를 남깁니다). 이어서 kubelet이 컨테이너를 종료하고(message가 FailedPostStartHook인 Killing 이벤트) restartPolicy에 따라 재시작하며, waiting reason은 PostStartHookError입니다.',
        causes: [
          '훅의 명령이 실패하거나 이미지에 없습니다(종료 코드 127은 명령을 찾지 못했다는 뜻입니다).',
          '훅은 entrypoint와 함께 실행되고 순서가 보장되지 않아서, 앱이 요청을 받기 전에 앱을 호출합니다.',
          '훅이 멈추거나 너무 오래 걸립니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].lifecycle.postStart}' 명령으로 훅 내용을 확인하세요.",
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].state.waiting.message}' 명령으로 훅의 출력을 확인하세요.",
          'kubectl exec 명령으로 훅의 명령을 직접 실행해 보거나, 앱이 응답할 때까지 훅이 기다렸다가 재시도하게 바꾸세요.',
        ],
      },
    },
  },
  {
    name: 'Preempted',
    category: 'event-reason',
    stage: 'termination',
    rules: ['pod-preempted'],
    text: {
      en: {
        summary:
          'Event from the scheduler on a pod it evicts to make room for a higher-priority pod: Preempted by pod <uid> on node <node> (older schedulers: Preempted by <ns>/<name> on node <node>). The victim gets DisruptionTarget=True with reason PreemptionByScheduler and is deleted with its grace period; its controller recreates it, and the new pod may wait in Pending.',
        causes: [
          'A pod with a higher priority could not be scheduled anywhere without evicting lower-priority pods.',
          'This pod has a low priority (0 when no priorityClassName is set) and the cluster is close to full.',
          'A PriorityClass with globalDefault: true, or a workload given a high priority by mistake, preempts routine pods.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.priorityClassName} {.spec.priority}' and kubectl get priorityclass.",
          'kubectl get events -A --field-selector reason=Preempted to see how often it happens.',
          'Add capacity, set priorities on purpose, and use PodDisruptionBudgets (the scheduler tries to respect them when it picks victims).',
        ],
      },
      ko: {
        summary:
          '스케줄러가 우선순위가 더 높은 파드를 위해 축출하는 파드에 남기는 이벤트로, message는 Preempted by pod <uid> on node <node>입니다(예전 스케줄러는 Preempted by <ns>/<name> on node <node>). 선점된 파드에는 reason PreemptionByScheduler인 DisruptionTarget=True가 추가되고 유예 기간을 거쳐 삭제됩니다. 컨트롤러가 파드를 다시 만들며, 새 파드는 Pending으로 대기할 수 있습니다.',
        causes: [
          '우선순위가 더 높은 파드를 우선순위가 낮은 파드를 축출하지 않고는 어디에도 배치할 수 없었습니다.',
          '이 파드의 우선순위가 낮고(priorityClassName이 없으면 0) 클러스터가 거의 꽉 찼습니다.',
          'globalDefault: true인 PriorityClass나, 실수로 높은 우선순위를 받은 워크로드가 일반 파드를 선점합니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.priorityClassName} {.spec.priority}' 명령과 kubectl get priorityclass로 우선순위를 확인하세요.",
          'kubectl get events -A --field-selector reason=Preempted 명령으로 선점이 얼마나 자주 일어나는지 확인하세요.',
          '용량을 늘리고, 우선순위를 의도적으로 정하고, PodDisruptionBudget을 쓰세요(스케줄러는 선점 대상을 고를 때 이를 지키려고 합니다).',
        ],
      },
    },
  },
  {
    name: 'TaintManagerEviction',
    category: 'event-reason',
    stage: 'termination',
    rules: ['node-lost'],
    text: {
      en: {
        summary:
          "Normal event from the taint eviction controller: Marking for deletion Pod <ns>/<pod> when the pod's node has a NoExecute taint the pod does not tolerate (or its tolerationSeconds ran out), and Cancelling deletion of Pod <ns>/<pod> when the taint went away in time. The deleted pod gets DisruptionTarget=True with reason DeletionByTaintManager.",
        causes: [
          'The node became unreachable or not ready (taints node.kubernetes.io/unreachable, node.kubernetes.io/not-ready); pods tolerate these for 300 s by default and are then evicted.',
          'Someone added a NoExecute taint (kubectl taint nodes <node> key=value:NoExecute).',
          'The node was marked out of service (node.kubernetes.io/out-of-service) after a non-graceful shutdown.',
        ],
        check: [
          'kubectl describe node <node>: Taints and Conditions.',
          "kubectl get pod <pod> -o jsonpath='{.spec.tolerations}' for the tolerationSeconds on not-ready and unreachable.",
          'kubectl get events -n <ns> --field-selector involvedObject.name=<pod> for when the deletion was marked.',
        ],
      },
      ko: {
        summary:
          'taint eviction 컨트롤러가 남기는 Normal 이벤트입니다. 파드의 노드에 파드가 toleration을 갖지 않은 NoExecute taint가 생기면(또는 tolerationSeconds가 지나면) Marking for deletion Pod <ns>/<pod>를, 그 전에 taint가 사라지면 Cancelling deletion of Pod <ns>/<pod>를 남깁니다. 삭제된 파드에는 reason DeletionByTaintManager인 DisruptionTarget=True가 추가됩니다.',
        causes: [
          '노드에 연결할 수 없거나 노드가 준비되지 않았습니다(taint node.kubernetes.io/unreachable, node.kubernetes.io/not-ready). 파드는 기본적으로 이 taint를 300초 동안 허용하고, 그 뒤 축출됩니다.',
          '누군가 NoExecute taint를 추가했습니다(kubectl taint nodes <node> key=value:NoExecute).',
          '비정상 종료된 노드에 out-of-service 표시(node.kubernetes.io/out-of-service)를 했습니다.',
        ],
        check: [
          'kubectl describe node <node>에서 Taints와 Conditions를 확인하세요.',
          "kubectl get pod <pod> -o jsonpath='{.spec.tolerations}' 명령으로 not-ready와 unreachable의 tolerationSeconds를 확인하세요.",
          'kubectl get events -n <ns> --field-selector involvedObject.name=<pod> 명령으로 삭제가 표시된 시각을 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'NodeNotReady',
    category: 'event-reason',
    stage: 'runtime',
    rules: ['node-lost'],
    text: {
      en: {
        summary:
          "Warning recorded on the pod by the node lifecycle controller: Node is not ready. The pod's node stopped reporting or reported NotReady, so the controller marked the pod Ready=False; if the node stays that way, taint-based eviction deletes the pod after its tolerationSeconds (300 s by default).",
        causes: [
          'The kubelet stopped, crashed or cannot reach the API server.',
          'The node is down or cut off by the network.',
          'The node is starved of resources (memory, disk, PIDs) and the kubelet or runtime stopped responding.',
        ],
        check: [
          'kubectl get nodes and kubectl describe node <node>: conditions, taints and the last heartbeat.',
          'On the node: systemctl status kubelet, journalctl -u kubelet, free -m, df -h.',
        ],
      },
      ko: {
        summary:
          '노드 라이프사이클 컨트롤러가 파드에 남기는 Warning 이벤트로, message는 Node is not ready입니다. 파드의 노드가 보고를 멈췄거나 NotReady를 보고해서 컨트롤러가 파드를 Ready=False로 표시했습니다. 노드가 계속 그 상태라면 taint 기반 축출이 tolerationSeconds(기본 300초) 뒤에 파드를 삭제합니다.',
        causes: [
          'kubelet이 멈췄거나 비정상 종료했거나 API 서버에 접근하지 못합니다.',
          '노드가 다운되었거나 네트워크에서 분리되었습니다.',
          '노드의 리소스(메모리, 디스크, PID)가 고갈되어 kubelet이나 런타임이 응답하지 않습니다.',
        ],
        check: [
          'kubectl get nodes와 kubectl describe node <node>에서 condition, taint, 마지막 heartbeat를 확인하세요.',
          '노드에서 systemctl status kubelet, journalctl -u kubelet, free -m, df -h를 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'InspectFailed',
    category: 'event-reason',
    stage: 'image',
    rules: ['image-invalid-name', 'image-pull-failed'],
    text: {
      en: {
        summary:
          'Warning from the kubelet when it cannot use the image reference or inspect the image: Failed to apply default image tag "<image>": couldn\'t parse image name "<image>": invalid reference format (the container waits with InvalidImageName), or Failed to inspect image "<image>": <error> (it waits with ImageInspectError).',
        causes: [
          'The image reference is malformed: upper-case letters, a scheme such as https://, an empty tag from a template.',
          "The runtime's image store on the node is damaged, or the runtime is unhealthy.",
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].image}' for the exact reference.",
          "On the node: crictl inspecti <image> and the runtime's log.",
        ],
      },
      ko: {
        summary:
          'kubelet이 이미지 참조를 쓸 수 없거나 이미지를 검사하지 못할 때 남기는 Warning 이벤트입니다. message는 Failed to apply default image tag "<image>": couldn\'t parse image name "<image>": invalid reference format(컨테이너는 InvalidImageName으로 대기)이거나 Failed to inspect image "<image>": <error>(ImageInspectError로 대기)입니다.',
        causes: [
          '이미지 참조 형식이 잘못되었습니다. 대문자, https:// 같은 scheme, 템플릿에서 비어 버린 태그 등입니다.',
          '노드의 런타임 이미지 저장소가 손상되었거나 런타임이 비정상입니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].image}' 명령으로 정확한 참조를 확인하세요.",
          '노드에서 crictl inspecti <image>와 런타임 로그를 확인하세요.',
        ],
      },
    },
  },
  // ── Signals ──
  {
    name: 'SIGKILL',
    aliases: ['KILL', 'Signal:9', 'signal 9'],
    category: 'signal',
    stage: 'termination',
    rules: ['container-oomkilled', 'crashloop-oomkilled', 'crashloop-killed', 'liveness-probe-failing', 'grace-period-exceeded'],
    text: {
      en: {
        summary:
          "Signal 9: kill at once. It cannot be caught, blocked or ignored, so the process gets no chance to clean up; a container killed by it exits with 137. Kubernetes sends it when the grace period of a stop has run out, and the kernel's OOM killer uses it too.",
        causes: [
          'The container went over its memory limit and the OOM killer stopped it (reason OOMKilled).',
          'A stop (deletion, rollout, eviction, liveness or startup probe failure) outlasted the grace period because the process did not exit on SIGTERM.',
          'PID 1 without a SIGTERM handler, or an entrypoint script that does not pass SIGTERM on, so only SIGKILL ends it.',
          'Something outside Kubernetes ran kill -9, or the kernel killed the process under node-wide memory pressure.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated}': OOMKilled or Error, and finishedAt.",
          'kubectl describe pod <pod>: if finishedAt comes about terminationGracePeriodSeconds after the Killing event, the stop ran out of time.',
          'Make the app exit on SIGTERM (exec-form ENTRYPOINT, exec in shell scripts, or a small init such as tini) so stops end with 0 or 143.',
        ],
      },
      ko: {
        summary:
          '9번 시그널로, 즉시 강제 종료하라는 뜻입니다. 잡거나 막거나 무시할 수 없어서 프로세스는 정리할 기회를 얻지 못하며, 이 시그널로 종료된 컨테이너의 종료 코드는 137입니다. Kubernetes는 종료 처리의 유예 기간이 끝났을 때 이 시그널을 보내고, 커널의 OOM killer도 이 시그널을 씁니다.',
        causes: [
          '컨테이너가 메모리 limit을 넘어서 OOM killer가 강제 종료했습니다(reason OOMKilled).',
          '프로세스가 SIGTERM을 받고도 종료하지 않아 종료 처리(삭제, 롤아웃, 축출, liveness 또는 startup 프로브 실패)가 유예 기간을 넘겼습니다.',
          'PID 1에 SIGTERM 핸들러가 없거나, entrypoint 스크립트가 SIGTERM을 전달하지 않아 SIGKILL로만 끝납니다.',
          'Kubernetes 밖에서 누군가 kill -9를 실행했거나, 노드 전체의 메모리가 부족해 커널이 프로세스를 종료했습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated}' 명령으로 reason(OOMKilled 또는 Error)과 finishedAt을 확인하세요.",
          'kubectl describe pod <pod>에서 Killing 이벤트 시각을 확인하세요. finishedAt이 그보다 terminationGracePeriodSeconds만큼 늦다면 유예 기간 안에 종료하지 못한 것입니다.',
          '앱이 SIGTERM을 받으면 종료하도록 하세요(exec 형식의 ENTRYPOINT, 스크립트에서 exec 사용, tini 같은 작은 init). 그러면 종료 처리가 0이나 143으로 끝납니다.',
        ],
      },
    },
  },
  {
    name: 'SIGTERM',
    aliases: ['TERM', 'Signal:15', 'signal 15'],
    category: 'signal',
    stage: 'termination',
    rules: ['crashloop-sigterm', 'terminating-stuck'],
    text: {
      en: {
        summary:
          "Signal 15: please terminate. When Kubernetes stops a container, the runtime sends it to the container's main process (PID 1), unless the image sets another STOPSIGNAL; the process then has terminationGracePeriodSeconds (default 30 s, preStop time included) before SIGKILL. A process that dies of it exits with 143; one that handles it and exits cleanly ends with 0.",
        causes: [
          'Normal stops: deletion, rollout, scale-down, drain, eviction, and liveness or startup probe failures.',
          'PID 1 in a container ignores SIGTERM unless the program installs a handler, so an app without one waits out the whole grace period and is then killed (137).',
          'An entrypoint script that starts the app without exec keeps the shell as PID 1, and the shell does not pass SIGTERM on to the app.',
        ],
        check: [
          "The time between the Killing event and the container's finishedAt: close to the grace period means SIGTERM was not acted on.",
          'Use exec-form ENTRYPOINT/CMD, exec "$@" at the end of scripts, or an init such as tini or dumb-init that forwards signals.',
          'Raise terminationGracePeriodSeconds if the app needs longer to finish in-flight work.',
        ],
      },
      ko: {
        summary:
          '15번 시그널로, 종료해 달라는 요청입니다. Kubernetes가 컨테이너를 멈출 때 런타임이 컨테이너의 메인 프로세스(PID 1)에 보내며, 이미지에 다른 STOPSIGNAL이 지정되어 있으면 그 시그널을 보냅니다. 프로세스에는 SIGKILL 전까지 terminationGracePeriodSeconds(기본 30초, PreStop 훅 시간 포함)가 주어집니다. 이 시그널로 죽은 프로세스의 종료 코드는 143이고, 처리한 뒤 정상 종료하면 0입니다.',
        causes: [
          '정상적인 종료 처리입니다. 삭제, 롤아웃, 축소(scale down), drain, 축출, liveness 또는 startup 프로브 실패 등입니다.',
          '컨테이너의 PID 1은 프로그램이 핸들러를 등록하지 않으면 SIGTERM을 무시합니다. 그래서 핸들러가 없는 앱은 유예 기간을 다 기다린 뒤 강제 종료됩니다(137).',
          'entrypoint 스크립트가 exec 없이 앱을 실행하면 셸이 PID 1로 남고, 셸은 SIGTERM을 앱에 전달하지 않습니다.',
        ],
        check: [
          'Killing 이벤트와 컨테이너의 finishedAt 사이의 시간을 확인하세요. 유예 기간에 가깝다면 SIGTERM에 반응하지 않은 것입니다.',
          'exec 형식의 ENTRYPOINT/CMD를 쓰거나, 스크립트 끝에서 exec "$@" 형식을 쓰거나, 시그널을 전달하는 tini나 dumb-init 같은 init을 쓰세요.',
          '앱이 처리 중인 작업을 마치는 데 시간이 더 필요하다면 terminationGracePeriodSeconds를 늘리세요.',
        ],
      },
    },
  },
  {
    name: 'SIGSEGV',
    aliases: ['SEGV', 'Signal:11', 'signal 11'],
    category: 'signal',
    stage: 'runtime',
    rules: ['crashloop-segfault', 'container-exited-error'],
    text: {
      en: {
        summary:
          'Signal 11: segmentation fault. The process touched memory it may not, and the kernel killed it; exit code 139. Almost always a bug or a mismatch in native code.',
        causes: [
          'A bug in native code: C, C++, unsafe Rust, or a native extension of Python, Node.js or Ruby.',
          'Native libraries that do not match the image: built for glibc but run on musl (alpine), another library version, another CPU variant.',
          'A stack overflow in native code, e.g. deep recursion on a small thread stack.',
        ],
        check: [
          'kubectl logs <pod> -c <container> --previous for what it was doing last.',
          'Whether the crashes started with an image or base-image change; run the same image and input locally.',
          "The image's architecture against the node's: kubectl get node <node> -o jsonpath='{.status.nodeInfo.architecture}'.",
        ],
      },
      ko: {
        summary:
          '11번 시그널로, 세그멘테이션 폴트입니다. 프로세스가 접근할 수 없는 메모리에 접근해서 커널이 종료시켰으며, 종료 코드는 139입니다. 거의 항상 네이티브 코드의 버그나 불일치가 원인입니다.',
        causes: [
          '네이티브 코드의 버그입니다. C, C++, unsafe Rust, Python, Node.js, Ruby의 네이티브 확장 등입니다.',
          '네이티브 라이브러리가 이미지와 맞지 않습니다. glibc용으로 빌드했는데 musl(alpine)에서 실행하거나, 라이브러리 버전이나 CPU 변형이 다릅니다.',
          '네이티브 코드의 스택 오버플로입니다. 예를 들어 작은 스레드 스택에서 깊은 재귀를 합니다.',
        ],
        check: [
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)에서 마지막으로 무엇을 하고 있었는지 확인하세요.',
          '이미지나 베이스 이미지를 바꾼 뒤부터 비정상 종료가 시작되었는지 확인하고, 같은 이미지와 입력으로 로컬에서 재현해 보세요.',
          "이미지의 아키텍처를 노드의 아키텍처(kubectl get node <node> -o jsonpath='{.status.nodeInfo.architecture}')와 비교하세요.",
        ],
      },
    },
  },
  {
    name: 'SIGABRT',
    aliases: ['ABRT', 'Signal:6', 'signal 6'],
    category: 'signal',
    stage: 'runtime',
    rules: ['crashloop-aborted', 'container-exited-error'],
    text: {
      en: {
        summary:
          "Signal 6: abort. Nearly always raised by the process itself through abort(): a failed assertion, detected memory corruption or a runtime's fatal error; exit code 134.",
        causes: [
          'A failed assert or an explicit abort() in native code; glibc aborts on heap corruption (double free or corruption).',
          'Node.js running out of V8 heap (JavaScript heap out of memory) aborts.',
          'A JVM fatal error (an hs_err_pid file) or an uncaught C++ exception (std::terminate).',
        ],
        check: [
          'kubectl logs <pod> -c <container> --previous: the last lines usually name the assertion or fatal error.',
          'Compare heap settings (--max-old-space-size, -Xmx) with limits.memory.',
          "Check that native libraries match the image's C library and CPU architecture.",
        ],
      },
      ko: {
        summary:
          '6번 시그널로, 중단(abort)입니다. 거의 항상 프로세스가 abort()로 스스로 보냅니다. assertion 실패, 메모리 손상 감지, 런타임의 치명적 오류 등이며, 종료 코드는 134입니다.',
        causes: [
          '네이티브 코드의 assert 실패나 명시적인 abort()입니다. glibc는 힙 손상을 발견하면 중단합니다(double free or corruption).',
          'Node.js의 V8 힙이 부족하면(JavaScript heap out of memory) 중단합니다.',
          'JVM의 치명적 오류(hs_err_pid 파일)나 잡히지 않은 C++ 예외(std::terminate)입니다.',
        ],
        check: [
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)를 확인하세요. 마지막 몇 줄에 대개 assertion이나 치명적 오류가 나옵니다.',
          '힙 설정(--max-old-space-size, -Xmx)을 limits.memory와 비교하세요.',
          '네이티브 라이브러리가 이미지의 C 라이브러리와 CPU 아키텍처에 맞는지 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'SIGINT',
    aliases: ['INT', 'Signal:2', 'signal 2'],
    category: 'signal',
    stage: 'runtime',
    rules: ['crashloop-app-error', 'container-exited-error'],
    text: {
      en: {
        summary:
          'Signal 2: interrupt, what Ctrl-C sends. A process without a handler dies of it with exit code 130. Kubernetes does not send it, unless the image declares it as its STOPSIGNAL.',
        causes: [
          'Ctrl-C in an attached session (kubectl run -it, kubectl attach).',
          "The image's STOPSIGNAL is SIGINT, so each normal stop sends it.",
          'Another process in the pod or a supervisor sent it.',
        ],
        check: [
          "docker image inspect <image> --format '{{.Config.StopSignal}}'.",
          'kubectl describe pod <pod>: whether a Killing event (a stop by the kubelet) came just before.',
        ],
      },
      ko: {
        summary:
          '2번 시그널로, Ctrl-C가 보내는 인터럽트입니다. 핸들러가 없는 프로세스는 이 시그널로 죽고 종료 코드는 130입니다. 이미지가 STOPSIGNAL로 지정하지 않는 한 Kubernetes는 이 시그널을 보내지 않습니다.',
        causes: [
          '연결된 세션(kubectl run -it, kubectl attach)에서 Ctrl-C를 눌렀습니다.',
          '이미지의 STOPSIGNAL이 SIGINT여서 종료 처리 때마다 이 시그널이 갑니다.',
          '파드 안의 다른 프로세스나 관리 프로세스가 보냈습니다.',
        ],
        check: [
          "docker image inspect <image> --format '{{.Config.StopSignal}}' 명령으로 이미지의 STOPSIGNAL을 확인하세요.",
          'kubectl describe pod <pod>에서 직전에 Killing 이벤트(kubelet의 종료 처리)가 있었는지 확인하세요.',
        ],
      },
    },
  },
  {
    name: 'SIGHUP',
    aliases: ['HUP', 'Signal:1', 'signal 1'],
    category: 'signal',
    stage: 'runtime',
    rules: ['crashloop-app-error', 'container-exited-error'],
    text: {
      en: {
        summary:
          'Signal 1: hangup. Originally the terminal going away; many daemons (nginx, HAProxy and others) take it as "reload your configuration". A process without a handler dies of it with exit code 129. Kubernetes does not send it to containers.',
        causes: [
          'A sidecar or script sends HUP to ask for a configuration reload (for example after a ConfigMap change, with shareProcessNamespace), and the main process does not handle it.',
          'Processes started through kubectl exec -it receive it when the session closes.',
        ],
        check: [
          "What in the pod sends signals: kubectl get pod <pod> -o jsonpath='{.spec.shareProcessNamespace}', the sidecars and scripts.",
          'Whether the program treats HUP as a reload; if not, reload another way (restart the pod, an HTTP reload endpoint).',
        ],
      },
      ko: {
        summary:
          '1번 시그널로, hangup입니다. 원래는 터미널이 끊겼다는 뜻이며, 많은 데몬(nginx, HAProxy 등)은 이를 "설정을 다시 읽으라"는 뜻으로 씁니다. 핸들러가 없는 프로세스는 이 시그널로 죽고 종료 코드는 129입니다. Kubernetes는 컨테이너에 이 시그널을 보내지 않습니다.',
        causes: [
          '사이드카나 스크립트가 설정을 다시 읽게 하려고 HUP을 보내는데(예: ConfigMap 변경 뒤, shareProcessNamespace 사용) 메인 프로세스가 이를 처리하지 않습니다.',
          'kubectl exec -it 명령으로 시작한 프로세스는 세션이 닫힐 때 이 시그널을 받습니다.',
        ],
        check: [
          "파드 안에서 시그널을 보내는 것이 무엇인지 확인하세요(kubectl get pod <pod> -o jsonpath='{.spec.shareProcessNamespace}', 사이드카, 스크립트).",
          '프로그램이 HUP을 설정 재로드로 처리하는지 확인하고, 그렇지 않다면 다른 방법(파드 재시작, HTTP 재로드 엔드포인트)으로 설정을 다시 읽게 하세요.',
        ],
      },
    },
  },
  {
    name: 'SIGQUIT',
    aliases: ['QUIT', 'Signal:3', 'signal 3'],
    category: 'signal',
    stage: 'runtime',
    rules: ['crashloop-app-error', 'container-exited-error'],
    text: {
      en: {
        summary:
          "Signal 3: quit with a core dump, often given another use: the JVM prints a thread dump and keeps running, a Go program prints every goroutine's stack and exits with status 2, nginx shuts down gracefully (the official nginx image sets STOPSIGNAL SIGQUIT). A process without a handler dies with exit code 131.",
        causes: [
          "The image's STOPSIGNAL is SIGQUIT, so a normal stop sends QUIT instead of TERM.",
          'Someone asked for a thread or goroutine dump (kill -QUIT 1 through kubectl exec).',
        ],
        check: [
          "docker image inspect <image> --format '{{.Config.StopSignal}}'.",
          'kubectl logs <pod> -c <container> --previous: a Go program prints goroutine stacks on SIGQUIT, a JVM a full thread dump.',
        ],
      },
      ko: {
        summary:
          '3번 시그널로, 코어 덤프와 함께 종료하라는 뜻이지만 다른 용도로 쓰이는 경우가 많습니다. JVM은 스레드 덤프를 출력하고 계속 실행되며, Go 프로그램은 모든 goroutine의 스택을 출력하고 종료 상태 2로 끝나고, nginx는 정상 종료합니다(공식 nginx 이미지는 STOPSIGNAL SIGQUIT을 씁니다). 핸들러가 없는 프로세스는 종료 코드 131로 끝납니다.',
        causes: [
          '이미지의 STOPSIGNAL이 SIGQUIT이어서 종료 처리 때 TERM 대신 QUIT이 갑니다.',
          '누군가 스레드나 goroutine 덤프를 요청했습니다(kubectl exec 명령으로 kill -QUIT 1 실행).',
        ],
        check: [
          "docker image inspect <image> --format '{{.Config.StopSignal}}' 명령으로 이미지의 STOPSIGNAL을 확인하세요.",
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)를 확인하세요. Go 프로그램은 SIGQUIT을 받으면 goroutine 스택을, JVM은 전체 스레드 덤프를 출력합니다.',
        ],
      },
    },
  },
  {
    name: 'SIGBUS',
    aliases: ['BUS', 'Signal:7', 'signal 7'],
    category: 'signal',
    stage: 'runtime',
    rules: ['crashloop-app-error', 'container-exited-error'],
    text: {
      en: {
        summary:
          'Signal 7: bus error, an access to memory that cannot be backed, typically a memory-mapped file or shared memory; exit code 135.',
        causes: [
          "Shared memory (/dev/shm) ran out: the runtime's default /dev/shm is 64 MiB, too small for PyTorch DataLoader workers, Chromium and some databases.",
          'A memory-mapped file was truncated, or its storage went away, while in use (for example on a network volume).',
          'Misaligned memory access in native code on a CPU that enforces alignment.',
        ],
        check: [
          'kubectl exec <pod> -c <container> -- df -h /dev/shm.',
          'kubectl logs <pod> -c <container> --previous for a mention of shared memory or bus error.',
          "Mount an emptyDir with medium: Memory (and a sizeLimit) at /dev/shm; it counts against the container's memory.",
        ],
      },
      ko: {
        summary:
          '7번 시그널로, 버스 오류입니다. 실제 저장 공간으로 뒷받침할 수 없는 메모리에 접근했다는 뜻이며, 주로 메모리 매핑 파일이나 공유 메모리에서 일어납니다. 종료 코드는 135입니다.',
        causes: [
          '공유 메모리(/dev/shm)가 부족합니다. 런타임 기본 /dev/shm은 64MiB여서 PyTorch DataLoader 워커, Chromium, 일부 데이터베이스에는 너무 작습니다.',
          '사용 중인 메모리 매핑 파일이 잘렸거나 그 저장소가 사라졌습니다(예: 네트워크 볼륨).',
          '정렬을 강제하는 CPU에서 네이티브 코드가 정렬되지 않은 메모리에 접근했습니다.',
        ],
        check: [
          'kubectl exec <pod> -c <container> -- df -h /dev/shm 명령으로 공유 메모리 크기를 확인하세요.',
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)에 shared memory나 bus error가 언급되는지 확인하세요.',
          '/dev/shm에 medium: Memory인 emptyDir(sizeLimit 포함)를 마운트하세요. 이 용량은 컨테이너의 메모리 사용량에 포함됩니다.',
        ],
      },
    },
  },
  {
    name: 'SIGILL',
    aliases: ['ILL', 'Signal:4', 'signal 4'],
    category: 'signal',
    stage: 'runtime',
    rules: ['crashloop-app-error', 'container-exited-error'],
    text: {
      en: {
        summary:
          'Signal 4: illegal instruction. The CPU met an instruction it cannot execute; exit code 132.',
        causes: [
          'The binary uses CPU features the node lacks: built with -march=native or for AVX2 or AVX-512 (some prebuilt machine-learning, database and crypto builds) and run on an older or different CPU.',
          'A deliberate trap: some compilers and runtimes stop on undefined behaviour or a failed check with an illegal instruction (ud2 on x86).',
          'A corrupted binary or library in the image.',
        ],
        check: [
          "Whether it fails only on some nodes: kubectl get pods -o wide across the crashes, and compare the nodes' CPUs (Node Feature Discovery labels such as feature.node.kubernetes.io/cpu-cpuid.AVX2 help).",
          'Rebuild for a generic CPU target, or pin the pod to nodes with the needed features (nodeSelector or affinity).',
        ],
      },
      ko: {
        summary:
          '4번 시그널로, 잘못된 명령어(illegal instruction)입니다. CPU가 실행할 수 없는 명령어를 만났다는 뜻이며, 종료 코드는 132입니다.',
        causes: [
          '바이너리가 노드의 CPU에 없는 기능을 씁니다. -march=native로 빌드했거나 AVX2, AVX-512용으로 빌드한 것(일부 머신러닝, 데이터베이스, 암호화 라이브러리의 배포 빌드)을 더 오래되거나 다른 CPU에서 실행했습니다.',
          '의도된 trap입니다. 일부 컴파일러와 런타임은 정의되지 않은 동작이나 검사 실패 시 잘못된 명령어(x86의 ud2)로 멈춥니다.',
          '이미지 안의 바이너리나 라이브러리가 손상되었습니다.',
        ],
        check: [
          '특정 노드에서만 실패하는지 확인하세요. 비정상 종료한 파드들의 노드(kubectl get pods -o wide)를 보고 노드의 CPU를 비교하세요(Node Feature Discovery를 쓴다면 feature.node.kubernetes.io/cpu-cpuid.AVX2 같은 레이블이 도움이 됩니다).',
          '범용 CPU 대상으로 다시 빌드하거나, 필요한 기능이 있는 노드에만 배치되도록 nodeSelector나 affinity를 지정하세요.',
        ],
      },
    },
  },
  {
    name: 'SIGPIPE',
    aliases: ['PIPE', 'Signal:13', 'signal 13'],
    category: 'signal',
    stage: 'runtime',
    rules: ['crashloop-app-error', 'container-exited-error'],
    text: {
      en: {
        summary:
          'Signal 13: a write to a pipe or socket whose reading end is closed. The default action kills the process with exit code 141; most servers ignore the signal and handle the write error instead.',
        causes: [
          "A shell pipeline whose reader exits early (cmd | head) in a script run with set -o pipefail, which turns the writer's 141 into the script's exit status.",
          'The program writes to a socket or pipe whose other end has gone, without ignoring SIGPIPE.',
          'A helper process it writes to (a compressor, a logger) died first.',
        ],
        check: [
          'kubectl logs <pod> -c <container> --previous for the last command that ran.',
          'Scripts: pipelines under set -o pipefail; accept 141 where an early close is expected.',
        ],
      },
      ko: {
        summary:
          '13번 시그널로, 읽는 쪽이 닫힌 파이프나 소켓에 썼다는 뜻입니다. 기본 동작은 프로세스를 종료하며 종료 코드는 141입니다. 대부분의 서버는 이 시그널을 무시하고 쓰기 오류로 처리합니다.',
        causes: [
          'set -o pipefail로 실행되는 스크립트에서 셸 파이프라인의 읽는 쪽이 먼저 끝났습니다(cmd | head). 이때 쓰는 쪽의 141이 스크립트의 종료 상태가 됩니다.',
          '프로그램이 SIGPIPE를 무시하지 않은 채, 상대편이 사라진 소켓이나 파이프에 썼습니다.',
          '출력을 넘겨받는 보조 프로세스(압축기, 로거)가 먼저 죽었습니다.',
        ],
        check: [
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)에서 마지막으로 실행된 명령을 확인하세요.',
          '스크립트에서 set -o pipefail 아래의 파이프라인을 확인하고, 읽는 쪽이 일찍 닫히는 것이 정상이라면 141을 허용하세요.',
        ],
      },
    },
  },
  // ── Exit codes ──
  {
    name: '0',
    category: 'exit-code',
    stage: 'runtime',
    rules: ['crashloop-exit-zero'],
    text: {
      en: {
        summary:
          'Success (terminated reason Completed). For a Job that is the goal; under restartPolicy Always the kubelet starts the container again, and repeated clean exits end in CrashLoopBackOff.',
        causes: [
          'The work is finished: a Job, an init container, a batch task.',
          'The command is not a long-running process, or the process daemonizes and its foreground part exits.',
          'The app exits 0 after a handled error instead of failing.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.restartPolicy}': run-to-completion work belongs in a Job.",
          'kubectl logs <pod> -c <container> --previous to see how the run ended.',
        ],
      },
      ko: {
        summary:
          '성공입니다(terminated reason Completed). Job이라면 목표한 결과이지만, restartPolicy가 Always라면 kubelet이 컨테이너를 다시 시작하므로 정상 종료가 반복되면 CrashLoopBackOff 상태가 됩니다.',
        causes: [
          '작업이 끝났습니다. Job, init 컨테이너, 배치 작업 등입니다.',
          '명령이 계속 실행되는 프로세스가 아니거나, 프로세스가 백그라운드로 빠지면서(daemonize) 포그라운드 부분이 종료되었습니다.',
          '앱이 오류를 처리한 뒤 실패로 알리지 않고 0으로 종료했습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.spec.restartPolicy}' 명령으로 재시작 정책을 확인하세요. 끝나는 작업은 Job으로 실행하세요.",
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)로 실행이 어떻게 끝났는지 확인하세요.',
        ],
      },
    },
  },
  {
    name: '1',
    category: 'exit-code',
    stage: 'runtime',
    rules: ['crashloop-app-error', 'container-exited-error', 'container-restarted-recently'],
    text: {
      en: {
        summary:
          "The generic failure code: the application chose to exit with an error, or its runtime did on an uncaught exception (Java, Python and Node.js all exit with 1 then). The terminated reason is Error; the explanation is in the container's log.",
        causes: [
          'Missing or wrong configuration: an environment variable, config file or flag the app requires.',
          'Something it needs at start-up is unreachable: a database, a message broker, another Service, DNS.',
          'An unhandled exception or bug, or a failed start-up step (migrations, permissions on a mounted volume).',
        ],
        check: [
          'kubectl logs <pod> -c <container> --previous for the last lines before the exit.',
          'kubectl get pod <pod> -o yaml: env, envFrom and volumeMounts against what the app expects.',
          'Reachability from inside the cluster: kubectl run -it --rm debug --image=busybox --restart=Never -- nslookup <service>.',
        ],
      },
      ko: {
        summary:
          '일반적인 실패 코드입니다. 애플리케이션이 스스로 오류로 종료했거나, 처리되지 않은 예외 때문에 런타임이 종료했습니다(Java, Python, Node.js 모두 이때 1로 종료합니다). terminated reason은 Error이며, 자세한 내용은 컨테이너 로그에 있습니다.',
        causes: [
          '설정이 없거나 틀렸습니다. 앱이 요구하는 환경 변수, 설정 파일, 플래그 등입니다.',
          '시작할 때 필요한 대상에 접근하지 못합니다. 데이터베이스, 메시지 브로커, 다른 Service, DNS 등입니다.',
          '처리되지 않은 예외나 버그, 또는 시작 단계(마이그레이션, 마운트한 볼륨의 권한)의 실패입니다.',
        ],
        check: [
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)에서 종료 직전의 내용을 확인하세요.',
          'kubectl get pod <pod> -o yaml에서 env, envFrom, volumeMounts를 앱이 기대하는 것과 비교하세요.',
          '클러스터 안에서 접근 가능한지 확인하세요: kubectl run -it --rm debug --image=busybox --restart=Never -- nslookup <service>.',
        ],
      },
    },
  },
  {
    name: '2',
    category: 'exit-code',
    stage: 'runtime',
    rules: ['crashloop-app-error', 'container-exited-error', 'container-restarted-recently'],
    text: {
      en: {
        summary:
          "By convention, wrong usage: bash exits 2 on a syntax error and many tools (Python's argparse, grep, ls) on invalid arguments. A Go program that panics also exits with 2.",
        causes: [
          'Wrong command or args: an unknown flag, a missing required argument.',
          'A shell script syntax error, for example bash syntax run by sh.',
          'A Go program panicked (the log shows panic: and a goroutine trace).',
        ],
        check: [
          'kubectl logs <pod> -c <container> --previous: usage text, a syntax error or a panic trace.',
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].command} {.spec.containers[*].args}' compared with the program's --help.",
        ],
      },
      ko: {
        summary:
          '관례상 잘못된 사용법을 뜻합니다. bash는 문법 오류에, 많은 도구(Python의 argparse, grep, ls)는 잘못된 인자에 2로 종료합니다. panic이 난 Go 프로그램도 2로 종료합니다.',
        causes: [
          'command나 args가 틀렸습니다. 알 수 없는 플래그나 빠진 필수 인자입니다.',
          '셸 스크립트에 문법 오류가 있습니다. 예를 들어 bash 문법을 sh로 실행했습니다.',
          'Go 프로그램에서 panic이 났습니다(로그에 panic:과 goroutine 트레이스가 나옵니다).',
        ],
        check: [
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)에서 사용법 안내, 문법 오류, panic 트레이스를 확인하세요.',
          "kubectl get pod <pod> -o jsonpath='{.spec.containers[*].command} {.spec.containers[*].args}' 명령의 결과를 프로그램의 --help와 비교하세요.",
        ],
      },
    },
  },
  {
    name: '126',
    category: 'exit-code',
    stage: 'start',
    rules: ['start-permission-denied'],
    text: {
      en: {
        summary:
          "The command was found but could not be executed, usually permission denied. A shell (sh -c, an entrypoint script) exits 126 when the file exists but is not executable; Docker's ContainerCannotRun uses 126 for the same case, while containerd reports it as StartError with 128.",
        causes: [
          'The file lacks the execute bit (a script copied without chmod +x).',
          'It lives on a volume mounted noexec, or the path is a directory.',
          "The container's user (runAsUser) may not read or run it.",
          'A script whose #! line has Windows line endings (CRLF); shells report this as 126 or 127.',
        ],
        check: [
          'kubectl logs <pod> -c <container> --previous for Permission denied.',
          'docker run --rm -it --entrypoint sh <image> (or kubectl debug), then ls -l <path>.',
          "The volume mounts over that path and the container's securityContext.runAsUser.",
        ],
      },
      ko: {
        summary:
          '명령은 찾았지만 실행할 수 없었다는 뜻으로, 대개 권한 문제(permission denied)입니다. 셸(sh -c, entrypoint 스크립트)은 파일은 있지만 실행할 수 없을 때 126으로 종료합니다. Docker의 ContainerCannotRun도 같은 경우에 126을 쓰지만, containerd는 이를 StartError와 128로 보고합니다.',
        causes: [
          '파일에 실행 권한이 없습니다(chmod +x 없이 복사한 스크립트).',
          'noexec 옵션으로 마운트된 볼륨에 있거나, 경로가 디렉터리입니다.',
          '컨테이너의 사용자(runAsUser)가 그 파일을 읽거나 실행할 권한이 없습니다.',
          '#! 줄이 Windows 줄 끝(CRLF)으로 된 스크립트입니다. 셸에 따라 126이나 127로 보고합니다.',
        ],
        check: [
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)에 Permission denied가 있는지 확인하세요.',
          'docker run --rm -it --entrypoint sh <image>(또는 kubectl debug)로 들어가 ls -l <path>로 권한을 확인하세요.',
          '그 경로에 겹치는 볼륨 마운트와 컨테이너의 securityContext.runAsUser를 확인하세요.',
        ],
      },
    },
  },
  {
    name: '127',
    category: 'exit-code',
    stage: 'start',
    rules: ['start-executable-not-found'],
    text: {
      en: {
        summary:
          "Command not found. A shell (sh -c, an entrypoint script) exits 127 when the command it should run does not exist or is not on PATH; Docker's ContainerCannotRun uses 127 when the entrypoint itself is missing (containerd reports that as StartError with 128). Exec probes and hooks fail with 127 for the same reason.",
        causes: [
          'A typo in command or args, or a tool that is not installed in this image (slim, alpine and distroless images lack many).',
          "PATH inside the container does not include the program's directory.",
          'A binary built for glibc in a musl (alpine) image: its loader is missing, so the shell says not found although the file exists.',
          'A script whose #! line has Windows line endings (CRLF).',
        ],
        check: [
          'kubectl logs <pod> -c <container> --previous for lines like sh: <cmd>: not found.',
          'docker run --rm -it --entrypoint sh <image>, then which <cmd> and echo $PATH.',
        ],
      },
      ko: {
        summary:
          '명령을 찾을 수 없다는 뜻입니다(command not found). 셸(sh -c, entrypoint 스크립트)은 실행할 명령이 없거나 PATH에 없을 때 127로 종료합니다. Docker의 ContainerCannotRun은 entrypoint 자체가 없을 때 127을 씁니다(containerd는 이를 StartError와 128로 보고합니다). exec 프로브와 훅도 같은 이유로 127로 실패합니다.',
        causes: [
          'command나 args에 오타가 있거나, 이 이미지에 설치되지 않은 도구입니다(slim, alpine, distroless 이미지에는 없는 도구가 많습니다).',
          '컨테이너 안의 PATH에 프로그램 디렉터리가 없습니다.',
          'glibc용으로 빌드한 바이너리를 musl(alpine) 이미지에서 실행했습니다. 로더가 없어서 파일이 있는데도 셸이 not found라고 합니다.',
          '#! 줄이 Windows 줄 끝(CRLF)으로 된 스크립트입니다.',
        ],
        check: [
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)에서 sh: <cmd>: not found 같은 줄을 확인하세요.',
          'docker run --rm -it --entrypoint sh <image>로 들어가 which <cmd>와 echo $PATH를 확인하세요.',
        ],
      },
    },
  },
  {
    name: '128',
    category: 'exit-code',
    stage: 'start',
    rules: ['start-executable-not-found', 'start-permission-denied', 'start-no-such-file', 'start-error'],
    text: {
      en: {
        summary:
          'Under containerd: the container\'s process could not be started at all. The terminated reason is StartError, startedAt is 1970-01-01T00:00:00Z, and the message comes from the OCI runtime (e.g. exec: "x": executable file not found in $PATH). Some programs also exit 128 themselves (git does on fatal errors).',
        causes: [
          'The entrypoint or command is missing from the image or misspelled.',
          'The file is not executable (permission denied) or the path is a directory.',
          "A volume mounted over the program's directory hides it.",
          'With reason Error rather than StartError, the program ran and chose 128 itself.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated}' for the reason and message.",
          "docker image inspect <image> --format '{{.Config.Entrypoint}} {{.Config.Cmd}}' against the pod's command and args.",
          'With reason Error: kubectl logs <pod> -c <container> --previous.',
        ],
      },
      ko: {
        summary:
          'containerd에서는 컨테이너의 프로세스를 아예 시작하지 못했다는 뜻입니다. terminated reason은 StartError, startedAt은 1970-01-01T00:00:00Z이며, message는 OCI 런타임의 오류(예: exec: "x": executable file not found in $PATH)입니다. 스스로 128로 종료하는 프로그램도 있습니다(git은 치명적 오류에 128을 씁니다).',
        causes: [
          'entrypoint나 command가 이미지에 없거나 오타가 있습니다.',
          '파일을 실행할 수 없거나(permission denied) 경로가 디렉터리입니다.',
          '프로그램이 있는 디렉터리 위에 볼륨이 마운트되어 파일을 가립니다.',
          'reason이 StartError가 아니라 Error라면 프로그램이 실행되었고 스스로 128을 골랐습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated}' 명령으로 reason과 message를 확인하세요.",
          "docker image inspect <image> --format '{{.Config.Entrypoint}} {{.Config.Cmd}}'의 결과를 파드의 command, args와 비교하세요.",
          'reason이 Error라면 이전 실행의 로그(kubectl logs <pod> -c <container> --previous)를 확인하세요.',
        ],
      },
    },
  },
  {
    name: '130',
    category: 'exit-code',
    stage: 'runtime',
    rules: ['crashloop-app-error', 'container-exited-error'],
    text: {
      en: {
        summary:
          'The process died of SIGINT (signal 2), what Ctrl-C sends. Kubernetes sends it only when the image declares SIGINT as its STOPSIGNAL.',
        causes: [
          'Ctrl-C in an attached session (kubectl run -it, kubectl attach).',
          "The image's STOPSIGNAL is SIGINT and the process does not handle it, so a normal stop ends with 130 rather than 143.",
          'Another process in the pod sent SIGINT.',
        ],
        check: [
          "docker image inspect <image> --format '{{.Config.StopSignal}}'.",
          'kubectl describe pod <pod>: whether a Killing event (a stop by the kubelet) came just before.',
        ],
      },
      ko: {
        summary:
          '프로세스가 SIGINT(2번 시그널, Ctrl-C가 보내는 시그널)로 종료되었다는 뜻입니다. Kubernetes는 이미지가 STOPSIGNAL로 SIGINT를 지정했을 때만 이 시그널을 보냅니다.',
        causes: [
          '연결된 세션(kubectl run -it, kubectl attach)에서 Ctrl-C를 눌렀습니다.',
          '이미지의 STOPSIGNAL이 SIGINT인데 프로세스가 이를 처리하지 않아서, 정상적인 종료 처리가 143이 아니라 130으로 끝납니다.',
          '파드 안의 다른 프로세스가 SIGINT를 보냈습니다.',
        ],
        check: [
          "docker image inspect <image> --format '{{.Config.StopSignal}}' 명령으로 이미지의 STOPSIGNAL을 확인하세요.",
          'kubectl describe pod <pod>에서 직전에 Killing 이벤트(kubelet의 종료 처리)가 있었는지 확인하세요.',
        ],
      },
    },
  },
  {
    name: '134',
    category: 'exit-code',
    stage: 'runtime',
    rules: ['crashloop-aborted', 'container-exited-error'],
    text: {
      en: {
        summary:
          "The process aborted (SIGABRT, signal 6), almost always by itself: a failed assertion, abort() after detected corruption, or a runtime's fatal error handler.",
        causes: [
          'A failed assert or abort() in native code; glibc aborts on heap corruption (double free or corruption).',
          'Node.js ran out of V8 heap (JavaScript heap out of memory): --max-old-space-size, or its default, is too small for the work.',
          'A JVM fatal error (hs_err_pid file) or an uncaught C++ exception.',
        ],
        check: [
          'kubectl logs <pod> -c <container> --previous: the last lines usually name the assertion or fatal error.',
          'Heap settings (--max-old-space-size, -Xmx) against limits.memory.',
          "Native libraries against the image's C library and CPU architecture.",
        ],
      },
      ko: {
        summary:
          '프로세스가 중단(SIGABRT, 6번 시그널)되었다는 뜻입니다. 거의 항상 프로세스 스스로 일으킨 것으로, assertion 실패, 손상을 감지한 뒤의 abort(), 런타임의 치명적 오류 처리 등입니다.',
        causes: [
          '네이티브 코드의 assert 실패나 abort()입니다. glibc는 힙 손상을 발견하면 중단합니다(double free or corruption).',
          'Node.js의 V8 힙이 부족합니다(JavaScript heap out of memory). --max-old-space-size(또는 기본값)가 작업량에 비해 작습니다.',
          'JVM의 치명적 오류(hs_err_pid 파일)나 잡히지 않은 C++ 예외입니다.',
        ],
        check: [
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)를 확인하세요. 마지막 몇 줄에 대개 assertion이나 치명적 오류가 나옵니다.',
          '힙 설정(--max-old-space-size, -Xmx)을 limits.memory와 비교하세요.',
          '네이티브 라이브러리가 이미지의 C 라이브러리와 CPU 아키텍처에 맞는지 확인하세요.',
        ],
      },
    },
  },
  {
    name: '137',
    category: 'exit-code',
    stage: 'runtime',
    rules: ['container-oomkilled', 'crashloop-oomkilled', 'crashloop-killed', 'liveness-probe-failing', 'startup-probe-failing', 'grace-period-exceeded', 'container-status-unknown'],
    text: {
      en: {
        summary:
          "The process was killed with SIGKILL (signal 9), which cannot be caught, so it had no chance to clean up. In Kubernetes that is most often the OOM killer (reason OOMKilled), the end of a stop whose grace period ran out (after a liveness or startup probe failure, a deletion, an eviction), or the kubelet's stand-in for a container it lost (reason ContainerStatusUnknown).",
        causes: [
          'OOMKilled: memory use went over limits.memory.',
          'A liveness or startup probe failed and the process ignored SIGTERM until the grace period ended (PID 1 without a signal handler ignores SIGTERM).',
          'A deletion, rollout or eviction in which the app did not exit within terminationGracePeriodSeconds.',
          'ContainerStatusUnknown: the kubelet could not find the container and recorded 137 without any real kill.',
          'Something outside Kubernetes sent kill -9, or the kernel killed it under node-wide memory pressure.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated.reason}': OOMKilled, Error or ContainerStatusUnknown.",
          'kubectl describe pod <pod>: Unhealthy and Killing (failed liveness probe) events point to probes, Killing with Stopping container to a deletion.',
          'Memory use against limits.memory: kubectl top pod <pod> --containers.',
          'Make the app exit on SIGTERM (exec-form ENTRYPOINT, exec in scripts, or tini) so that stops end with 0 or 143.',
        ],
      },
      ko: {
        summary:
          '프로세스가 잡을 수 없는 SIGKILL(9번 시그널)로 강제 종료되어 정리할 기회가 없었다는 뜻입니다. Kubernetes에서는 OOM killer(reason OOMKilled), 유예 기간이 끝난 종료 처리(liveness 또는 startup 프로브 실패, 삭제, 축출 뒤), 또는 kubelet이 놓친 컨테이너에 채워 넣는 값(reason ContainerStatusUnknown)인 경우가 가장 많습니다.',
        causes: [
          'OOMKilled: 메모리 사용량이 limits.memory를 넘었습니다.',
          'liveness 또는 startup 프로브가 실패했고, 프로세스가 유예 기간이 끝날 때까지 SIGTERM을 무시했습니다(시그널 핸들러가 없는 PID 1은 SIGTERM을 무시합니다).',
          '삭제, 롤아웃, 축출 때 앱이 terminationGracePeriodSeconds 안에 종료하지 않았습니다.',
          'ContainerStatusUnknown: kubelet이 컨테이너를 찾지 못해, 실제 강제 종료 없이 137을 기록했습니다.',
          'Kubernetes 밖에서 kill -9를 보냈거나, 노드 전체의 메모리가 부족해 커널이 종료했습니다.',
        ],
        check: [
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated.reason}' 명령으로 reason이 OOMKilled, Error, ContainerStatusUnknown 중 무엇인지 확인하세요.",
          'kubectl describe pod <pod>의 이벤트를 확인하세요. Unhealthy와 Killing(failed liveness probe) 이벤트는 프로브 때문이고, Stopping container라는 Killing 이벤트는 삭제 때문입니다.',
          '메모리 사용량을 limits.memory와 비교하세요(kubectl top pod <pod> --containers).',
          '앱이 SIGTERM을 받으면 종료하도록 하세요(exec 형식의 ENTRYPOINT, 스크립트에서 exec 사용, tini). 그러면 종료 처리가 0이나 143으로 끝납니다.',
        ],
      },
    },
  },
  {
    name: '139',
    category: 'exit-code',
    stage: 'runtime',
    rules: ['crashloop-segfault', 'container-exited-error'],
    text: {
      en: {
        summary:
          'Segmentation fault (SIGSEGV, signal 11): the process accessed memory it may not; almost always a bug or a mismatch in native code.',
        causes: [
          'A bug in native code (C, C++, unsafe Rust, a native extension of Python, Node.js or Ruby).',
          'Native libraries that do not match: built for glibc but run on musl (alpine), another library version, another CPU variant.',
          'A stack overflow in native code.',
        ],
        check: [
          'kubectl logs <pod> -c <container> --previous for what it was doing last.',
          'Whether the crashes began with an image or base-image change; reproduce locally with the same image and input.',
          "The image's architecture against the node's: kubectl get node <node> -o jsonpath='{.status.nodeInfo.architecture}'.",
        ],
      },
      ko: {
        summary:
          '세그멘테이션 폴트(SIGSEGV, 11번 시그널)입니다. 프로세스가 접근할 수 없는 메모리에 접근했다는 뜻이며, 거의 항상 네이티브 코드의 버그나 불일치가 원인입니다.',
        causes: [
          '네이티브 코드의 버그입니다(C, C++, unsafe Rust, Python, Node.js, Ruby의 네이티브 확장).',
          '네이티브 라이브러리가 맞지 않습니다. glibc용으로 빌드했는데 musl(alpine)에서 실행하거나, 라이브러리 버전이나 CPU 변형이 다릅니다.',
          '네이티브 코드의 스택 오버플로입니다.',
        ],
        check: [
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)에서 마지막으로 무엇을 하고 있었는지 확인하세요.',
          '이미지나 베이스 이미지를 바꾼 뒤부터 비정상 종료가 시작되었는지 확인하고, 같은 이미지와 입력으로 로컬에서 재현해 보세요.',
          "이미지의 아키텍처를 노드의 아키텍처(kubectl get node <node> -o jsonpath='{.status.nodeInfo.architecture}')와 비교하세요.",
        ],
      },
    },
  },
  {
    name: '143',
    category: 'exit-code',
    stage: 'termination',
    rules: ['crashloop-sigterm', 'liveness-probe-failing', 'container-exited-error'],
    text: {
      en: {
        summary:
          'The process died of SIGTERM (signal 15), the stop signal the kubelet sends first. Expected when a pod is deleted, rolled out, scaled down or drained; a process that handles SIGTERM and exits cleanly ends with 0 instead.',
        causes: [
          'A normal stop: deletion, rollout, scale-down, drain or eviction.',
          'A liveness or startup probe failure (the kubelet stops the container the same way).',
          'A supervisor or script inside the container sent TERM to the main process.',
        ],
        check: [
          'kubectl describe pod <pod>: a Killing event (Stopping container, or failed liveness probe) just before.',
          "In CrashLoopBackOff's lastState, look for Unhealthy events: Kubernetes sends SIGTERM only when it stops the container.",
          'Handle SIGTERM in the app to finish work and exit 0 within the grace period.',
        ],
      },
      ko: {
        summary:
          '프로세스가 SIGTERM(15번 시그널)으로 종료되었다는 뜻입니다. kubelet이 가장 먼저 보내는 종료 시그널이므로, 파드를 삭제, 롤아웃, 축소, drain할 때는 예상된 결과입니다. SIGTERM을 처리하고 정상 종료하는 프로세스라면 0으로 끝납니다.',
        causes: [
          '정상적인 종료 처리입니다. 삭제, 롤아웃, 축소(scale down), drain, 축출 등입니다.',
          'liveness 또는 startup 프로브가 실패했습니다(kubelet은 같은 방식으로 컨테이너를 멈춥니다).',
          '컨테이너 안의 관리 프로세스나 스크립트가 메인 프로세스에 TERM을 보냈습니다.',
        ],
        check: [
          'kubectl describe pod <pod>에서 직전에 Killing 이벤트(Stopping container 또는 failed liveness probe)가 있었는지 확인하세요.',
          'CrashLoopBackOff의 lastState에 이 값이 있다면 Unhealthy 이벤트를 확인하세요. Kubernetes는 컨테이너를 멈출 때만 SIGTERM을 보냅니다.',
          '앱이 SIGTERM을 처리해서 유예 기간 안에 작업을 마치고 0으로 종료하게 하세요.',
        ],
      },
    },
  },
  {
    name: '255',
    category: 'exit-code',
    stage: 'runtime',
    rules: ['crashloop-app-error', 'container-exited-error'],
    text: {
      en: {
        summary:
          "The highest exit status: usually exit(-1) in the program, which wraps around to 255, or a status out of range; ssh also uses 255 for its own errors. With the terminated reason Unknown it is not the program's status at all: the runtime lost the container.",
        causes: [
          'Terminated reason Unknown: the node or the container runtime restarted and the container that was running is gone, so the runtime reports 255; the application did not crash.',
          'The program called exit(-1) or returned -1 from main, a common way to say "fatal".',
          'A launcher or wrapper script (an entrypoint script, a process manager) exits -1 when the real process fails.',
          'ssh or a similar tool failed to connect, in a container that runs remote commands.',
        ],
        check: [
          'kubectl logs <pod> -c <container> --previous for the error printed before the exit.',
          'Read the entrypoint script or launcher to see where it exits with -1.',
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated.reason}': Unknown points to a node or runtime restart (check the node's uptime and events).",
        ],
      },
      ko: {
        summary:
          '가장 큰 종료 상태입니다. 대개 프로그램의 exit(-1)이 255로 바뀐 것이거나 범위를 벗어난 종료 상태이며, ssh도 자체 오류에 255를 씁니다. terminated reason이 Unknown이라면 프로그램의 종료 상태가 아니라 런타임이 컨테이너를 놓쳤다는 뜻입니다.',
        causes: [
          'terminated reason이 Unknown입니다. 노드나 컨테이너 런타임이 재시작되어 실행 중이던 컨테이너가 사라졌고, 그래서 런타임이 255를 보고합니다. 애플리케이션이 비정상 종료한 것이 아닙니다.',
          '프로그램이 exit(-1)을 호출했거나 main에서 -1을 반환했습니다. "치명적 오류"를 알리는 흔한 방식입니다.',
          '실행기나 래퍼 스크립트(entrypoint 스크립트, 프로세스 관리자)가 실제 프로세스가 실패하면 -1로 종료합니다.',
          '원격 명령을 실행하는 컨테이너에서 ssh 같은 도구가 접속에 실패했습니다.',
        ],
        check: [
          '이전 실행의 로그(kubectl logs <pod> -c <container> --previous)에서 종료 직전에 출력된 오류를 확인하세요.',
          'entrypoint 스크립트나 실행기를 읽고 어디에서 -1로 종료하는지 확인하세요.',
          "kubectl get pod <pod> -o jsonpath='{.status.containerStatuses[*].lastState.terminated.reason}' 명령으로 reason을 확인하세요. Unknown이라면 노드나 런타임이 재시작된 것이니 노드의 uptime과 이벤트도 확인하세요.",
        ],
      },
    },
  },
];
