// The fact catalogue: every path a rule may name in `fact:`, `some:`, `evidence:` or a
// `{{placeholder}}`, with its type and meaning. The rule loader validates rules against it, the
// docs are generated from it, and evidence paths are displayed through it. It mirrors
// src/facts/types.ts; a test walks normalized fixtures to keep the two in step.

import { CONFIG_ERROR_KINDS } from './extractors/config-error.js';
import { EVICTION_KINDS } from './extractors/eviction.js';
import { EXIT_MEANINGS, SIGNALS } from './extractors/exit-code.js';
import { IMAGE_PULL_KINDS } from './extractors/image-pull.js';
import { LOG_SIGNATURE_KINDS } from './extractors/log-signature.js';
import { MOUNT_KINDS } from './extractors/mount.js';
import { PROBE_FAILURE_KINDS } from './extractors/probe.js';
import { SANDBOX_KINDS } from './extractors/sandbox.js';
import { SCHEDULING_KINDS } from './extractors/scheduling.js';
import { START_ERROR_KINDS } from './extractors/start-error.js';
import { WORKLOAD_ROOTS } from './workload-catalog.js';

export type LeafType = 'string' | 'number' | 'boolean' | 'string[]';

export interface LeafNode {
  type: LeafType;
  doc: string;
  /** Where the value comes from in the Pod, for evidence ("status.phase"). Default: the fact path. */
  display?: string;
  /**
   * A closed vocabulary: every value the fact can hold (an extractor's exported list, or a field
   * the Kubernetes API allows only these values in). A rule comparing it with another is refused.
   */
  values?: readonly string[];
  /** A Kubernetes reason (event, waiting, terminated, pod, condition): an open set, but a near miss of a known reason is refused. */
  reason?: true;
}
export interface ObjectNode {
  type: 'object';
  doc: string;
  fields: Record<string, FactNode>;
}
export interface MapNode {
  type: 'map';
  doc: string;
  /** What a key names, e.g. "condition type". */
  key: string;
  /** Known keys, listed in docs; other keys are still accepted. */
  examples: string[];
  of: FactNode;
}
export interface ListNode {
  type: 'list';
  doc: string;
  /** The element field that names an element in evidence paths: events[FailedMount]. */
  keyField: string;
  of: ObjectNode;
}
export type FactNode = LeafNode | ObjectNode | MapNode | ListNode;

const s = (doc: string, display?: string): LeafNode => (display ? { type: 'string', doc, display } : { type: 'string', doc });
const n = (doc: string, display?: string): LeafNode => (display ? { type: 'number', doc, display } : { type: 'number', doc });
const b = (doc: string, display?: string): LeafNode => (display ? { type: 'boolean', doc, display } : { type: 'boolean', doc });
const sl = (doc: string, display?: string): LeafNode => (display ? { type: 'string[]', doc, display } : { type: 'string[]', doc });
const o = (doc: string, fields: Record<string, FactNode>): ObjectNode => ({ type: 'object', doc, fields });
/** A string fact with a closed vocabulary. */
export const e = (doc: string, values: readonly string[], display?: string): LeafNode =>
  display ? { type: 'string', doc, values, display } : { type: 'string', doc, values };
/** A string fact holding a Kubernetes reason. */
export const r = (doc: string, display?: string): LeafNode => (display ? { type: 'string', doc, reason: true, display } : { type: 'string', doc, reason: true });

/** Closed vocabularies of the Kubernetes API, and of podwhy's own fact builders (normalize, attribution). */
export const CONDITION_STATUSES = ['True', 'False', 'Unknown'] as const;
export const EVENT_TYPES = ['Normal', 'Warning'] as const;

const EVENT = o('An event about the pod (newest first).', {
  type: e('Normal or Warning.', EVENT_TYPES),
  reason: r('Event reason: FailedMount, Unhealthy, BackOff, FailedScheduling…'),
  message: s('Event message as the component wrote it.'),
  count: n('How many times this event happened (count, or series.count).'),
  reasonTotal: n('How many times events of this reason happened, summed over all of them.'),
  source: s('Reporting component: kubelet, default-scheduler, attachdetach-controller…'),
  container: s('The container the event is about: named by involvedObject.fieldPath, else told from the message, the image, or the pod having one (or one failing) container.'),
  containerFrom: e('How the container was told: fieldPath, message, image, only, failing.', ['fieldPath', 'message', 'image', 'only', 'failing']),
  fieldPath: s('involvedObject.fieldPath, e.g. spec.containers{app}.'),
  host: s('The node of the kubelet that reported it (source.host).'),
  object: s('"PersistentVolumeClaim/data-db-0", "Job/migrate": the object of another kind the event is about, when not the pod.'),
  firstSeenSecondsAgo: n('Seconds since it first happened.'),
  lastSeenSecondsAgo: n('Seconds since it last happened.'),
  lastSeen: s('When it last happened (RFC 3339).'),
});

const TERMINATED = o('A terminated state.', {
  reason: r('Runtime reason: Completed, Error, OOMKilled, StartError, ContainerCannotRun…'),
  message: s('Runtime message.'),
  exitCode: n('Exit code.'),
  signal: n('Signal number, when the runtime reports one.'),
  startedAt: s('When the process started.'),
  finishedAt: s('When the process ended.'),
  ranSeconds: n('How long the process ran (finishedAt − startedAt).'),
  finishedSecondsAgo: n('Seconds since the process ended.'),
  meaning: e(
    'What the exit means: success, app-error, shell-misuse, not-executable, command-not-found, start-failed, oom-killed, killed, terminated, segfault, aborted, interrupted, signal, out-of-range.',
    EXIT_MEANINGS,
  ),
  signalName: e('Signal behind the exit: SIGKILL for 137, SIGTERM for 143…', Object.values(SIGNALS)),
  execFailures: sl('Exec failures the message shows when it carries the log tail (FallbackToLogsOnError): exec-format ("exec format error"), exec-not-found ("exec /x: no such file or directory", "exec user process caused … no such file or directory"); extractor.'),
});

const ORIGIN = (what: string): MapNode => ({
  type: 'map',
  doc: `${what} fields the status did not give and an event did, by field: the event's reason and message.`,
  key: 'field',
  examples: what === 'Pod' ? ['nodeName', 'reason'] : ['state', 'restartCount'],
  of: o('The event a field was read from.', { reason: r('The event reason.'), message: s('The event message.') }),
});

const STATE = o('A container state.', {
  kind: e('waiting, running, terminated, or unknown when neither the status nor the events say.', ['waiting', 'running', 'terminated', 'unknown']),
  source: e('status, text (kubectl\'s text printing of the status), or event: inferred from the container\'s newest telling event because the status was silent.', ['status', 'text', 'event']),
  waiting: o('Waiting state.', { reason: r('Waiting reason: CrashLoopBackOff, ImagePullBackOff, ContainerCreating…'), message: s('Waiting message.') }),
  running: o('Running state.', { startedAt: s('When it started.'), runningSeconds: n('Seconds it has been running.') }),
  terminated: TERMINATED,
});

const PROBE = o('A probe from the container spec, with its failures from Unhealthy events.', {
  defined: b('Whether the probe is set.'),
  handler: e('httpGet, tcpSocket, exec or grpc.', ['httpGet', 'tcpSocket', 'exec', 'grpc']),
  port: s('Probed port (number or name).'),
  path: s('httpGet path.'),
  command: s('An exec probe\'s command line (redacted, cut at 120 characters).'),
  initialDelaySeconds: n('initialDelaySeconds (default 0).'),
  periodSeconds: n('periodSeconds (default 10).'),
  timeoutSeconds: n('timeoutSeconds (default 1).'),
  failureThreshold: n('failureThreshold (default 3).'),
  budgetSeconds: n('initialDelaySeconds + failureThreshold × periodSeconds.'),
  failures: n('Total failures reported by Unhealthy events.'),
  portDeclared: b('False when the probe names a port the container does not declare (only set when the container declares ports).'),
  lastFailure: s('Newest Unhealthy event message for this probe.'),
  failureKind: e('http-status, connection-refused, timeout, no-route, dns, grpc-not-serving, connection-reset, exec-failed, errored.', PROBE_FAILURE_KINDS),
  failureDetail: s('HTTP status code, address, or the first line of exec output.'),
  killAt: s('Startup probe only, while the container has not started: when the kubelet kills it if the probe keeps failing (started + initialDelaySeconds + failureThreshold × periodSeconds).'),
  killInSeconds: n('Startup probe only: seconds until killAt; negative when it has passed.'),
  killFormula: s('Startup probe only: the arithmetic behind killAt, with the values filled in.'),
});

const RESOURCES = (what: string): MapNode => ({
  type: 'map',
  doc: `resources.${what} by resource name (as written: "512Mi", "250m").`,
  key: 'resource name',
  examples: ['cpu', 'memory', 'ephemeral-storage', 'nvidia.com/gpu'],
  of: s(`resources.${what} of one resource.`),
});

export const CONTAINER = o('A container (init, sidecar, regular or ephemeral) with its spec, status and events.', {
  name: s('Container name.'),
  kind: e('init, sidecar (init container with restartPolicy Always), regular or ephemeral.', ['init', 'sidecar', 'regular', 'ephemeral']),
  specList: e('containers, initContainers (init containers and sidecars) or ephemeralContainers: the list of spec that holds it.', ['containers', 'initContainers', 'ephemeralContainers']),
  index: n('1-based position among containers of its kind.'),
  image: s('Image reference from the spec (or status).'),
  imagePullPolicy: e('Always, IfNotPresent or Never.', ['Always', 'IfNotPresent', 'Never']),
  ready: b('Ready flag from the status.'),
  started: b('Started flag from the status.'),
  restartCount: n('restartCount from the status; when the status is silent, from its events (Started events less one, at least 1 after a restart back-off), else 0.'),
  statusKnown: b('The status has a state for this container; false when it is known only from the spec or its events.'),
  inferred: ORIGIN('Container'),
  command: s('command[0] of the container spec: the program it runs (arguments are never kept).'),
  lifecycle: sl('Its lifecycle hooks from the spec, as "postStart exec cp" or "preStop httpGet /shutdown" (only the program or path, never arguments).'),
  configRefs: sl('ConfigMaps and Secrets its environment is built from: "Secret hcloud (key network)", "ConfigMap app-config (all keys)"; optional ones are marked.'),
  mounts: sl('Volumes it mounts, as "name at /path" (service account tokens left out).'),
  warning: o('The newest Warning event about this container other than its restart back-off: a clue when the status says little.', {
    reason: r('Its reason.'),
    message: s('Its message.'),
    count: n('How many times it happened.'),
  }),
  hasSpec: b('Whether the input carried this container\'s spec.'),
  state: STATE,
  lastState: STATE,
  resources: o('Requests and limits.', { requests: RESOURCES('requests'), limits: RESOURCES('limits') }),
  ports: sl('Declared container ports, as "8080/TCP" and by name "http".'),
  probes: o('Probes.', { liveness: PROBE, readiness: PROBE, startup: PROBE }),
  events: { type: 'list', doc: 'Events about this container (involvedObject.fieldPath), newest first.', keyField: 'reason', of: EVENT },
  killedByLiveness: b('A Killing event says it failed its liveness probe.'),
  killedByStartup: b('A Killing event says it failed its startup probe.'),
  killedForNewDefinition: b('A Killing event says its definition changed (the pod spec was edited in place) and it will be restarted.'),
  livenessKillLikely: b('The previous run lasted about the liveness budget (within one period before it and one period, the probe timeout and the grace period after it): what a liveness probe that never passes does. Only with a liveness probe, no startup probe and a known run time.'),
  backoff: o('The CrashLoopBackOff wait: the kubelet\'s back-off message, else the kubelet\'s formula on restartCount.', {
    delaySeconds: n('Current back-off: 10s doubling per restart up to 300s (min(10s × 2^(restartCount−1), 300s)); 0 after a run of over 10 minutes, which resets it.'),
    source: e('kubelet (from its message) or restart-count (estimated, assuming no earlier reset).', ['kubelet', 'restart-count']),
    nextRestartAt: s('When the kubelet starts it again: lastState finishedAt + back-off.'),
    nextRestartInSeconds: n('Seconds until the next start: lastState finishedAt + delay − now.'),
    reset: b('The last run lasted over 10 minutes (2 × the 5-minute cap), which resets the back-off.'),
    formula: s('The arithmetic, with the values filled in.'),
  }),
  hook: o('A failed lifecycle hook.', {
    kind: e('postStart or preStop.', ['postStart', 'preStop']),
    handler: e('exec or http.', ['exec', 'http']),
    command: s('The hook command or URL path.'),
    exitCode: n('Exit code of an exec hook.'),
    output: s('What the hook printed, or the HTTP error.'),
    message: s('The kubelet message.'),
    event: e('FailedPostStartHook or FailedPreStopHook when the message came from that event.', ['FailedPostStartHook', 'FailedPreStopHook']),
  }),
  logs: o('The tail of the container\'s log (live mode reads the previous run of a crashed container; fixtures may carry it).', {
    lines: sl('The last lines (at most 50), secrets redacted.'),
    previous: b('The lines are from the previous, terminated run.'),
    signature: e('Extractor: exec-format, exec-not-found (exec /x: no such file or directory), exec-permission, command-not-found (a script called a program the image lacks), missing-module (ModuleNotFoundError, Cannot find module, ClassNotFoundException…), go-panic, java-oom, node-oom, python-oom, address-in-use, connection-refused, dns, permission-denied, missing-env, missing-file.', LOG_SIGNATURE_KINDS),
    signatureLine: s('The log line that showed the signature, redacted.'),
    last: s('The last line that says something, redacted: what the program said last.'),
  }),
  imagePull: o('Why the image pull failed (extractor), when the container waits on its image.', {
    kind: e('pull-secret-missing (the kubelet could not find the pull Secret the pod names, and the pull failed), not-found, not-found-or-unauthorized, unauthorized, rate-limited, network, tls, platform, invalid-name, never-pull, signature, disk-full (the node could not write the layers: no space left on device), unknown.', IMAGE_PULL_KINDS),
    message: s('The runtime error as relayed by the kubelet.'),
    event: r('The event the message came from (Failed), when the status did not carry it.'),
    registry: s('Registry host (docker.io for Docker Hub).'),
    repository: s('Repository path.'),
    tag: s('Tag or digest.'),
    detail: s('For not-found: tag or repository; for network: the host that did not resolve.'),
  }),
  configError: o('Why the container config could not be built (CreateContainerConfigError; extractor).', {
    kind: e('missing-configmap, missing-secret, missing-key, run-as-non-root (the image would run as root), run-as-non-root-non-numeric, run-as-user-root (runAsUser 0 under runAsNonRoot), unknown.', CONFIG_ERROR_KINDS),
    message: s('The kubelet message.'),
    event: r('The event the message came from (Failed), when the status did not carry it.'),
    object: s('The missing ConfigMap or Secret, or the one lacking the key.'),
    objectKind: e('ConfigMap or Secret.', ['ConfigMap', 'Secret']),
    key: s('The missing key.'),
    user: s('Non-numeric USER of the image.'),
  }),
  startError: o('Why the process could not start (StartError, RunContainerError, CreateContainerError; extractor).', {
    kind: e('executable-not-found, permission-denied, exec-format, no-such-file, no-command, working-dir (runc could not enter the working directory: chdir to cwd failed), container-setup (a mount, mount point, cgroup, sysctl or security-profile step failed, not the program), name-conflict, runtime-timeout, unknown.', START_ERROR_KINDS),
    message: s('The runtime message.'),
    event: r('The event the message came from (Failed), when the status did not carry it.'),
    path: s('The program or file named.'),
    noCommand: b('The message says the image and the pod give no command ("No command specified"), whatever its kind.'),
    program: b('The message is about the program the runtime tried to exec (exec: "x", exec /x, exec user process, executable file), not a mount, sysctl or device.'),
  }),
});

const CONDITION = o('A pod condition.', {
  status: e('True, False or Unknown.', CONDITION_STATUSES),
  reason: r('Condition reason.'),
  message: s('Condition message.'),
  lastTransitionTime: s('When it last changed.'),
  secondsSince: n('Seconds since it last changed.'),
});

export const ROOTS: Record<string, FactNode> = {
  pod: o('The pod itself.', {
    name: s('metadata.name.', 'metadata.name'),
    namespace: s('metadata.namespace (default if absent).', 'metadata.namespace'),
    uid: s('metadata.uid.', 'metadata.uid'),
    phase: e('status.phase: Pending, Running, Succeeded, Failed, Unknown.', ['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown'], 'status.phase'),
    reason: r('status.reason: Evicted, NodeLost, OutOfcpu, DeadlineExceeded, Terminated…', 'status.reason'),
    message: s('status.message.', 'status.message'),
    rejectedAtAdmission: b('status.message is the kubelet\'s admission rejection ("Pod was rejected: …", or "Pod …" before v1.26, but not its other messages starting "Pod "; extractor).', 'status.message'),
    nodeName: s('spec.nodeName.', 'spec.nodeName'),
    hostIP: s('status.hostIP.', 'status.hostIP'),
    podIP: s('status.podIP.', 'status.podIP'),
    qosClass: e('status.qosClass: Guaranteed, Burstable or BestEffort.', ['Guaranteed', 'Burstable', 'BestEffort'], 'status.qosClass'),
    priorityClassName: s('spec.priorityClassName.', 'spec.priorityClassName'),
    restartPolicy: e('spec.restartPolicy: Always (the default), OnFailure or Never.', ['Always', 'OnFailure', 'Never'], 'spec.restartPolicy'),
    serviceAccountName: s('spec.serviceAccountName.', 'spec.serviceAccountName'),
    ownerChain: sl('Controllers above the pod, nearest first, as Kind/name (ReplicaSet/web-7d4b9c6f5, Deployment/web).', 'metadata.ownerReferences'),
    owner: o('The controlling owner reference.', {
      kind: s('Owner kind: ReplicaSet, StatefulSet, DaemonSet, Job, Node…', 'metadata.ownerReferences[controller].kind'),
      name: s('Owner name.', 'metadata.ownerReferences[controller].name'),
    }),
    ageSeconds: n('Seconds since metadata.creationTimestamp.'),
    startedSecondsAgo: n('Seconds since status.startTime.'),
    deleting: b('metadata.deletionTimestamp is set.'),
    deletionTimestamp: s('metadata.deletionTimestamp: when the grace period ends.', 'metadata.deletionTimestamp'),
    deletionGracePeriodSeconds: n('metadata.deletionGracePeriodSeconds.', 'metadata.deletionGracePeriodSeconds'),
    terminationGracePeriodSeconds: n('spec.terminationGracePeriodSeconds (default 30).', 'spec.terminationGracePeriodSeconds'),
    secondsPastGracePeriod: n('now − deletionTimestamp: positive when the grace period is over and the pod remains.'),
    gracePeriod: o('A deleted pod\'s grace arithmetic: SIGTERM at the delete, SIGKILL at deletionTimestamp.', {
      seconds: n('metadata.deletionGracePeriodSeconds.', 'metadata.deletionGracePeriodSeconds'),
      requestedAt: s('When the delete was made: deletionTimestamp − deletionGracePeriodSeconds.'),
      sigkillAt: s('When SIGKILL is due: deletionTimestamp (a preStop hook still running then gets 2s more).', 'metadata.deletionTimestamp'),
      sigkillInSeconds: n('Seconds until SIGKILL is due; negative when overdue.'),
      formula: s('The arithmetic, with the values filled in.'),
    }),
    finalizers: sl('metadata.finalizers.', 'metadata.finalizers'),
    activeDeadlineSeconds: n('spec.activeDeadlineSeconds.', 'spec.activeDeadlineSeconds'),
    schedulingGates: sl('spec.schedulingGates names.', 'spec.schedulingGates'),
    nodeSelector: sl('spec.nodeSelector as key=value.', 'spec.nodeSelector'),
    tolerations: sl('spec.tolerations as key=value:Effect.', 'spec.tolerations'),
    nodeAffinity: sl('Required node affinity terms as "key In (a, b)".', 'spec.affinity.nodeAffinity'),
    requests: {
      type: 'map',
      doc: 'The pod\'s effective requests (what the scheduler must fit): max(sum of containers and sidecars, largest init container plus sidecars).',
      key: 'resource name',
      examples: ['cpu', 'memory', 'ephemeral-storage', 'nvidia.com/gpu'],
      of: s('Effective request of one resource.', 'spec.containers[*].resources.requests'),
    },
    containerCount: n('Number of regular containers.'),
    initContainerCount: n('Number of init containers (sidecars included).'),
    readinessGates: sl('spec.readinessGates condition types.', 'spec.readinessGates'),
    imagePullSecrets: sl('spec.imagePullSecrets names.', 'spec.imagePullSecrets'),
    volumes: sl('The pod\'s volumes as "name (kind source)": "certs (secret coturn)"; service account tokens left out.', 'spec.volumes'),
    claimEvent: o('The newest telling event about one of the pod\'s claims (ProvisioningFailed, FailedBinding, ExternalProvisioning…).', {
      claim: s('The claim.'),
      reason: r('The event reason.'),
      message: s('The event message.'),
      event: r('The same as reason (where the message came from).'),
    }),
    jobEvent: o('The newest warning of the Job that owns the pod (BackoffLimitExceeded, DeadlineExceeded, PodFailurePolicy…).', {
      job: s('The Job.'),
      reason: r('The event reason.'),
      message: s('The event message.'),
      event: r('The same as reason (where the message came from).'),
    }),
    claims: sl('PersistentVolumeClaims named by spec.volumes.', 'spec.volumes[*].persistentVolumeClaim.claimName'),
    creating: b('No container has been created yet: one waits in ContainerCreating/PodInitializing, or (status silent) volume or sandbox failures are reported and no container was created or started.'),
    inferred: ORIGIN('Pod'),
    fromCondition: s('The condition reason and message were read from when status.reason was empty: DisruptionTarget (TerminationByKubelet) of a kubelet eviction.'),
    kubectl: o('The columns `kubectl get pods` prints.', {
      ready: s('READY column.'),
      status: s('STATUS column.', 'kubectl.status'),
      restarts: s('RESTARTS column.'),
      age: s('AGE column.'),
    }),
  }),
  conditions: {
    type: 'map',
    doc: 'status.conditions by type.',
    key: 'condition type',
    examples: ['PodScheduled', 'PodReadyToStartContainers', 'Initialized', 'ContainersReady', 'Ready', 'DisruptionTarget'],
    of: CONDITION,
  },
  events: { type: 'list', doc: 'Events about the pod, newest first.', keyField: 'reason', of: EVENT },
  containers: { type: 'list', doc: 'All containers: init and sidecars first, then regular, then ephemeral.', keyField: 'name', of: CONTAINER },
  container: CONTAINER,
  scheduling: o('The scheduler\'s message (PodScheduled condition or FailedScheduling event), split (extractor).', {
    message: s('The whole message.'),
    nodes: n('N in "0/N nodes are available".'),
    reasons: {
      type: 'list',
      doc: 'One entry per clause.',
      keyField: 'kind',
      of: o('A clause of the scheduler message.', {
        kind: e(
          'insufficient-resource, too-many-pods, untolerated-taint, node-affinity, node-name, unschedulable-node, host-port, pod-affinity, pod-anti-affinity, service-affinity, topology-spread, unbound-pvc, missing-pvc, pvc-deleting, missing-storageclass, volume-node-affinity, volume-zone, disk-conflict, no-persistent-volume, volume-capacity, missing-pv, volume-limit, node-not-ready, no-nodes, max-node-group-size, scale-up-backoff (the cluster autoscaler\'s), plugin, unknown. Predicate names of schedulers before v1.10 (PodFitsResources, MatchNodeSelector…) map to the same kinds.',
          SCHEDULING_KINDS,
        ),
        count: n('How many nodes this clause applies to.'),
        text: s('The clause as written.'),
        detail: s('What it names: the resource, the taint (key or key=value), the PVC.'),
        routine: b('The clause only rules out nodes the pod was never meant for (control-plane taints; a DaemonSet pod pinned to its node), and other clauses remain.'),
      }),
    },
    preemption: s('The text after "preemption:".'),
    summary: sl('One line per clause: "3 nodes: Insufficient memory".'),
    insufficient: sl('Resources named by "Insufficient …" clauses.'),
    taints: sl('Taints named by untolerated-taint clauses.'),
    from: e('condition or event.', ['condition', 'event']),
    bindingError: b('The message is an error of the binding cycle, after a node was chosen (a Reserve, Permit, PreBind or Bind plugin failed; extractor).'),
    event: r('FailedScheduling when the message came from that event.'),
  }),
  eviction: o('The eviction message of an Evicted pod, parsed (extractor).', {
    message: s('The whole message.'),
    event: r('Evicted when the message came from the kubelet\'s event, not status.message.'),
    kind: e('node-pressure (the node ran low), pod-storage-limit, container-storage-limit, emptydir-limit (the pod exceeded its own ephemeral-storage limit), node-condition, unknown.', EVICTION_KINDS),
    limit: s('The ephemeral-storage limit exceeded, for the *-limit kinds.'),
    volume: s('The emptyDir volume over its sizeLimit.'),
    resource: s('The resource the node was low on: memory, ephemeral-storage, pids, nodefs…'),
    threshold: s('Eviction threshold.'),
    available: s('What was available.'),
    condition: s('Node condition named, e.g. DiskPressure.'),
    containers: {
      type: 'list',
      doc: 'Per-container usage from the message.',
      keyField: 'name',
      of: o('A container named in the message.', { name: s('Container.'), usage: s('Usage.'), request: s('Request.') }),
    },
    summary: sl('One line per container: usage against request.'),
    topContainer: s('The container furthest over its request.'),
  }),
  mount: o('The most telling volume failure among the events (extractor).', {
    kind: e('missing-configmap, missing-secret, not-registered, mount-helper, nfs, mount-failed, hostpath-type, csi-driver-missing, multi-attach, attach-failed, timeout, permission, unknown.', MOUNT_KINDS),
    message: s('The event message.'),
    volume: s('The volume named.'),
    detail: s('The ConfigMap/Secret, CSI driver, hostPath, or the pods holding a multi-attached volume.'),
    reason: r('FailedMount, FailedAttachVolume or FailedMapVolume.'),
    event: r('The event the message came from (the same as reason).'),
    count: n('All volume failure events, summed.'),
    lastSeenSecondsAgo: n('Seconds since the newest one.'),
  }),
  sandbox: o('The newest sandbox/network failure among the events (extractor).', {
    kind: e('cni-not-ready, ip-exhausted, cni-unauthorized, cni-failed, sandbox-image, runtime, unknown.', SANDBOX_KINDS),
    message: s('The event message.'),
    plugin: s('CNI plugin named (calico, flannel, aws-cni, cilium…).'),
    reason: r('FailedCreatePodSandBox or NetworkNotReady.'),
    event: r('The event the message came from (the same as reason).'),
    count: n('All sandbox failure events, summed.'),
    lastSeenSecondsAgo: n('Seconds since the newest one.'),
  }),
  admission: o('The kubelet\'s rejection message (status.message of a rejected pod), parsed.', {
    message: s('The message without the "Pod was rejected: " prefix.'),
    event: r('The kubelet\'s event of the same reason (OutOfcpu…) when the message came from it rather than status.message.'),
    resource: s('The resource the node lacked (OutOf…) or the device.'),
    requested: s('Requested amount (cpu in millicores, memory in bytes).'),
    used: s('Already used on the node.'),
    capacity: s('Node capacity.'),
    predicate: s('The failed predicate (NodeAffinity, NodeName, NodePorts…).'),
  }),
  node: o('The pod\'s Node (live mode reads it when the diagnosis needs it).', {
    name: s('Node name.'),
    status: s('The STATUS kubectl get nodes prints: Ready, NotReady, Unknown, with ",SchedulingDisabled" when cordoned.'),
    ready: e('Status of the node\'s Ready condition: True, False or Unknown.', CONDITION_STATUSES),
    readyReason: r('Reason of the Ready condition (KubeletReady, KubeletNotReady, NodeStatusUnknown).'),
    readyMessage: s('Message of the Ready condition.'),
    readySecondsSince: n('Seconds since the Ready condition changed.'),
    heartbeatSecondsAgo: n('Seconds since the kubelet last posted the Ready condition.'),
    unschedulable: b('spec.unschedulable (cordoned).'),
    taints: sl('Taints as key=value:Effect.'),
    pressure: sl('Node conditions that are True: MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable.'),
    kubeletVersion: s('status.nodeInfo.kubeletVersion.'),
  }),
  fromText: b('The pod was read from kubectl\'s text output (describe, tables, fragments), not from its YAML or JSON.'),
  gaps: sl('What the input lacked (spec, status, events), and what live mode could not read.'),
  oddities: sl('What was odd in the input and ignored: fields of the wrong type, timestamps that do not parse, negative counts.'),
};

const NO_ROOTS: ReadonlySet<string> = new Set();

/** Roots a rule of this scope cannot name: `container` outside container scope, `workload` outside workload scope, and every pod root inside it. */
export function hiddenRoots(scope: unknown): ReadonlySet<string> {
  if (scope === 'workload') return new Set(Object.keys(ROOTS));
  return scope === 'container' ? new Set(Object.keys(WORKLOAD_ROOTS)) : new Set(['container', ...Object.keys(WORKLOAD_ROOTS)]);
}

/**
 * Look a path up in the catalogue. `aliases` maps names bound by `some … as` to their element
 * node; `hidden` roots are not available (`container` outside container scope). Returns
 * undefined for an unknown path.
 */
export function resolvePath(
  path: string,
  aliases: ReadonlyMap<string, FactNode> = new Map(),
  hidden: ReadonlySet<string> = NO_ROOTS,
): FactNode | undefined {
  const segs = path.split('.');
  if (segs.some((x) => x === '')) return undefined;
  const [root, ...rest] = segs as [string, ...string[]];
  let node: FactNode | undefined = aliases.get(root) ?? (hidden.has(root) ? undefined : (ROOTS[root] ?? WORKLOAD_ROOTS[root]));
  for (const seg of rest) {
    if (!node) return undefined;
    if (node.type === 'object') node = node.fields[seg];
    else if (node.type === 'map') node = node.of;
    else return undefined;
  }
  return node;
}

/** Every leaf and list path, for docs and `podwhy rules facts`. */
export function allPaths(): { path: string; node: FactNode }[] {
  const out: { path: string; node: FactNode }[] = [];
  const walk = (prefix: string, node: FactNode) => {
    if (node.type === 'object') for (const [k, v] of Object.entries(node.fields)) walk(`${prefix}.${k}`, v);
    else if (node.type === 'map') walk(`${prefix}.<${node.key.replace(/ /g, '-')}>`, node.of);
    else {
      out.push({ path: prefix, node });
      if (node.type === 'list') for (const [k, v] of Object.entries(node.of.fields)) walk(`${prefix}[].${k}`, v);
    }
  };
  for (const [k, v] of Object.entries({ ...ROOTS, ...WORKLOAD_ROOTS })) {
    if (k === 'containers') {
      out.push({ path: k, node: v });
      continue;
    }
    walk(k, v);
  }
  return out;
}
