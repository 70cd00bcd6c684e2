// The rule-visible model of a pod: what rules can match on and what explanations can quote.
// Rules never see the raw Pod. Field names follow the Kubernetes API where a field exists there
// (container.state.waiting.reason, container.lastState.terminated.exitCode), so rule authors can
// read them as they read `kubectl get pod -o yaml`; derived facts (made by extractors) sit beside
// them under names of their own. Every field may be absent: trimmed pods are normal input.
//
// src/facts/catalog.ts describes every path below; keep the two in step (a test checks it).

export type ContainerKind = 'init' | 'sidecar' | 'regular' | 'ephemeral';

/** Where a fact came from: the pod's status, its events, its log, or kubectl text that printed the status. */
export type Provenance = 'status' | 'event' | 'log' | 'text';

/** The event a fact was read from, when the status did not say it. */
export interface EventOrigin {
  /** The event's reason: Failed, BackOff, Evicted, Scheduled… */
  reason: string;
  message?: string;
}

export interface OwnerFacts {
  kind: string;
  name: string;
}

export interface PodFacts {
  name: string;
  namespace: string;
  uid?: string;
  phase?: string;
  reason?: string;
  message?: string;
  /** Extractor (extractors/admission.ts): the message is the kubelet's admission rejection. */
  rejectedAtAdmission?: boolean;
  nodeName?: string;
  hostIP?: string;
  podIP?: string;
  qosClass?: string;
  priorityClassName?: string;
  restartPolicy: string;
  serviceAccountName?: string;
  owner?: OwnerFacts;
  /** Controllers above the pod, nearest first, as "Kind/name" (ReplicaSet/web-7d4b9c6f5, Deployment/web). */
  ownerChain: string[];
  /** Seconds since metadata.creationTimestamp. */
  ageSeconds?: number;
  /** Seconds since status.startTime (the kubelet accepted the pod). */
  startedSecondsAgo?: number;
  deleting: boolean;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  terminationGracePeriodSeconds: number;
  /** now − deletionTimestamp: > 0 means the grace period is over and the pod is still there. */
  secondsPastGracePeriod?: number;
  /** A deleted pod's grace arithmetic: when it was deleted, when SIGKILL is due (facts/arithmetic.ts). */
  gracePeriod?: { seconds?: number; requestedAt?: string; sigkillAt: string; sigkillInSeconds: number; formula: string };
  finalizers: string[];
  activeDeadlineSeconds?: number;
  schedulingGates: string[];
  /** spec.nodeSelector as "k=v" strings. */
  nodeSelector: string[];
  /** Required node affinity terms, as "key In (a, b)"; terms are ORed, expressions in a term ANDed. */
  nodeAffinity: string[];
  /** The pod's effective requests as the scheduler sums them (init containers, sidecars included). */
  requests: Record<string, string>;
  tolerations: string[];
  containerCount: number;
  initContainerCount: number;
  readinessGates: string[];
  /** spec.imagePullSecrets names. */
  imagePullSecrets: string[];
  /** The pod's volumes as "name (kind source)": "certs (secret coturn)", "data (persistentVolumeClaim data-db-0)". */
  volumes: string[];
  /** PersistentVolumeClaims the pod's volumes name (spec.volumes[].persistentVolumeClaim.claimName). */
  claims: string[];
  /** The newest event about one of its claims that is not routine (ProvisioningFailed, FailedBinding…). */
  claimEvent?: { claim: string; reason: string; message?: string; event: string };
  /** The newest warning of the Job that owns the pod (BackoffLimitExceeded, DeadlineExceeded…). */
  jobEvent?: { job?: string; reason: string; message?: string; event: string };
  /**
   * No container of the pod has been created yet, as far as the input tells: a container waits
   * in ContainerCreating or PodInitializing, or (the status being silent) volume, attach or
   * sandbox failures are reported and no container was ever created or started.
   */
  creating: boolean;
  /** The condition reason and message came from when status.reason was empty (DisruptionTarget of a kubelet eviction). */
  fromCondition?: string;
  /** Fields the status did not give and an event did (nodeName from Scheduled, reason from Evicted), by field. */
  inferred?: Record<string, EventOrigin>;
  kubectl: { ready: string; status: string; restarts: string; age: string };
}

export interface ConditionFacts {
  status?: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  /** Seconds since lastTransitionTime. */
  secondsSince?: number;
}

export interface EventFacts {
  type?: string;
  reason?: string;
  message?: string;
  count: number;
  /** Sum of the counts of all this pod's events with the same reason (and container). */
  reasonTotal: number;
  /** Reporting component: kubelet, default-scheduler, attachdetach-controller… */
  source?: string;
  /** The container the event is about (see facts/attribution.ts), if any. */
  container?: string;
  /** How that container was told: fieldPath, message, image, only (the pod's only container), failing (its only failing one). */
  containerFrom?: string;
  /** involvedObject.fieldPath: spec.containers{app}. */
  fieldPath?: string;
  /** The node of the kubelet that reported it (source.host). */
  host?: string;
  /** "PersistentVolumeClaim/data-db-0", "Job/migrate": the object of another kind the event is about (its claim, its Job). */
  object?: string;
  firstSeenSecondsAgo?: number;
  lastSeenSecondsAgo?: number;
  lastSeen?: string;
}

export interface SchedulingReasonFacts {
  /** insufficient-resource, untolerated-taint, node-affinity, … (see extractors/scheduling.ts). */
  kind: string;
  /** Nodes this reason applies to; undefined for pod-level (PreFilter) reasons. */
  count?: number;
  /** The clause as the scheduler wrote it. */
  text: string;
  /** Resource name, taint, PVC name: what the clause is about. */
  detail?: string;
  /**
   * The clause rules out nodes the pod was never meant for, next to other clauses that are the
   * real obstacle: control-plane taints, and a DaemonSet pod's node pinning.
   */
  routine: boolean;
}

export interface SchedulingFacts {
  message: string;
  /** N in "0/N nodes are available". */
  nodes?: number;
  reasons: SchedulingReasonFacts[];
  preemption?: string;
  /** One line per clause: "3 nodes: Insufficient memory". */
  summary: string[];
  /** Resources named by "Insufficient …" clauses. */
  insufficient: string[];
  /** Taints named by untolerated-taint clauses (key or key=value). */
  taints: string[];
  /** Where the message came from: the PodScheduled condition or a FailedScheduling event. */
  from: 'condition' | 'event';
  /** Extractor: the message is an error of the binding cycle (Reserve, Permit, PreBind, Bind plugins). */
  bindingError: boolean;
  /** FailedScheduling when the message came from that event. */
  event?: string;
}

export interface EvictionContainerFacts {
  name: string;
  usage?: string;
  request?: string;
}

export interface EvictionFacts {
  message: string;
  /** Evicted when the message came from the kubelet's event rather than status.message. */
  event?: string;
  /** node-pressure | pod-storage-limit | container-storage-limit | emptydir-limit | node-condition | unknown */
  kind: string;
  limit?: string;
  volume?: string;
  /** memory, ephemeral-storage, pids, nodefs… */
  resource?: string;
  threshold?: string;
  available?: string;
  /** Node condition named by "The node had condition: [X]". */
  condition?: string;
  containers: EvictionContainerFacts[];
  /** Containers as "name used 1.2Gi (request 256Mi)". */
  summary: string[];
  /** The container using the most over its request, as eviction ranks them. */
  topContainer?: string;
}

export interface TerminatedFacts {
  reason?: string;
  message?: string;
  exitCode?: number;
  signal?: number;
  startedAt?: string;
  finishedAt?: string;
  /** Seconds the process ran (finishedAt − startedAt). */
  ranSeconds?: number;
  /** Seconds since finishedAt. */
  finishedSecondsAgo?: number;
  /** Extractor: what the exit code means (see extractors/exit-code.ts). */
  meaning?: string;
  /** Extractor: the signal behind a 128+n exit code or the signal field, e.g. SIGKILL. */
  signalName?: string;
  /** Extractor (extractors/log-signature.ts): exec failures the message shows (exec-format, exec-not-found). */
  execFailures?: string[];
}

export interface StateFacts {
  /** waiting | running | terminated | unknown */
  kind: string;
  /** Where the state was read: the status (or kubectl text printing it), or inferred from the container's events. */
  source?: Provenance;
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: string; runningSeconds?: number };
  terminated?: TerminatedFacts;
}

export interface ProbeFacts {
  defined: boolean;
  /** httpGet | tcpSocket | exec | grpc */
  handler?: string;
  port?: string;
  path?: string;
  /** An exec probe's command line (redacted, cut at 120 characters). */
  command?: string;
  initialDelaySeconds: number;
  periodSeconds: number;
  timeoutSeconds: number;
  failureThreshold: number;
  /** initialDelaySeconds + failureThreshold × periodSeconds: how long until a never-passing probe acts. */
  budgetSeconds: number;
  /** Sum of the counts of this probe's Unhealthy events. */
  failures: number;
  /** False when the probe names a port the container does not declare (while it declares some). */
  portDeclared?: boolean;
  lastFailure?: string;
  /** Extractor: http-status | connection-refused | timeout | exec-failed | … */
  failureKind?: string;
  failureDetail?: string;
  /** Startup probe not passed yet: when the kubelet kills the container if it keeps failing. */
  killAt?: string;
  killInSeconds?: number;
  killFormula?: string;
}

export interface ImagePullFacts {
  /** Extractor: not-found | unauthorized | rate-limited | network | tls | platform | invalid-name | never-pull | … */
  kind: string;
  message: string;
  /** The reason of the event the message came from, when the status had none. */
  event?: string;
  registry?: string;
  repository?: string;
  tag?: string;
  detail?: string;
}

export interface ConfigErrorFacts {
  /** Extractor: missing-configmap | missing-secret | missing-key | run-as-non-root | unknown */
  kind: string;
  message: string;
  /** The reason of the event the message came from, when the status had none. */
  event?: string;
  /** The ConfigMap or Secret. */
  object?: string;
  objectKind?: string;
  key?: string;
  user?: string;
}

export interface StartErrorFacts {
  /** Extractor: executable-not-found | permission-denied | exec-format | no-such-file | no-command | unknown */
  kind: string;
  message: string;
  /** The reason of the event the message came from, when the status had none. */
  event?: string;
  path?: string;
  /** Extractor: the message says no command was given (whatever its kind). */
  noCommand: boolean;
  /** Extractor: the message is about the program exec'd, not a mount, sysctl or device. */
  program: boolean;
}

export interface ContainerFacts {
  name: string;
  kind: ContainerKind;
  /** The list of the pod's spec that holds it (for jsonpath in commands). */
  specList: 'containers' | 'initContainers' | 'ephemeralContainers';
  /** 1-based position among containers of its kind. */
  index: number;
  image?: string;
  imagePullPolicy?: string;
  ready: boolean;
  started?: boolean;
  /** restartCount of the status, or what the events show when it is silent; absent when neither says. */
  restartCount?: number;
  /** The status has a state for this container (else state and restartCount come from its events, or are unknown). */
  statusKnown: boolean;
  /** Fields the status did not give and the container's events did (state, restartCount), by field. */
  inferred?: Record<string, EventOrigin>;
  /** Its lifecycle hooks from the spec: "postStart exec cp", "preStop httpGet /shutdown". */
  lifecycle: string[];
  /** ConfigMaps and Secrets its environment is built from: "Secret hcloud (key network)", "ConfigMap app-config (all keys)". */
  configRefs: string[];
  /** Volumes it mounts, as "name at /path" (volumeMounts), service account tokens left out. */
  mounts: string[];
  /** The newest warning event about this container other than its restart back-off: a clue when the status says little. */
  warning?: { reason: string; message?: string; count: number };
  /** The program the container runs: command[0] of its spec (arguments are never kept). */
  command?: string;
  state: StateFacts;
  lastState: StateFacts;
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  ports: string[];
  probes: { liveness: ProbeFacts; readiness: ProbeFacts; startup: ProbeFacts };
  /** Events whose involvedObject.fieldPath names this container, newest first. */
  events: EventFacts[];
  killedByLiveness: boolean;
  killedByStartup: boolean;
  /** Extractor (extractors/container-event.ts): a Killing event says its definition changed. */
  killedForNewDefinition: boolean;
  /**
   * The previous run was killed about when a never-passing liveness probe would have had it
   * killed: its run time is within one probe period of the liveness budget (plus the grace
   * period the kill may take). Set only with a liveness probe, no startup probe and a known run time.
   */
  livenessKillLikely?: boolean;
  /** The CrashLoopBackOff wait: the kubelet's message, else its formula on restartCount (facts/arithmetic.ts). */
  backoff?: { delaySeconds: number; source: 'kubelet' | 'restart-count'; nextRestartAt?: string; nextRestartInSeconds?: number; reset?: boolean; formula: string };
  /** A failed lifecycle hook (PostStartHookError, FailedPostStartHook, FailedPreStopHook). */
  hook?: { kind: string; handler?: string; command?: string; exitCode?: number; output?: string; message: string; event?: string };
  imagePull?: ImagePullFacts;
  configError?: ConfigErrorFacts;
  startError?: StartErrorFacts;
  /** Whether spec for this container was present in the input. */
  hasSpec: boolean;
  /** The tail of its log (live mode, or a fixture's logs). */
  logs?: LogFacts;
}

export interface MountFacts {
  /** Extractor (extractors/mount.ts): missing-configmap, missing-secret, multi-attach, csi-driver-missing, timeout… */
  kind: string;
  message: string;
  volume?: string;
  detail?: string;
  /** The event reason: FailedMount, FailedAttachVolume or FailedMapVolume. */
  reason: string;
  /** The event the message came from (the same as reason). */
  event: string;
  /** All volume failure events, summed. */
  count: number;
  lastSeenSecondsAgo?: number;
}

export interface SandboxFacts {
  /** Extractor (extractors/sandbox.ts): cni-not-ready, ip-exhausted, cni-unauthorized, cni-failed, sandbox-image, runtime, unknown */
  kind: string;
  message: string;
  plugin?: string;
  reason: string;
  /** The event the message came from (the same as reason). */
  event: string;
  count: number;
  lastSeenSecondsAgo?: number;
}

export interface AdmissionFacts {
  message: string;
  /** The kubelet's event of the same reason, when the message came from it rather than status.message. */
  event?: string;
  resource?: string;
  requested?: string;
  used?: string;
  capacity?: string;
  predicate?: string;
}

export interface Facts {
  pod: PodFacts;
  conditions: Record<string, ConditionFacts>;
  /** All events of the pod, newest first. */
  events: EventFacts[];
  containers: ContainerFacts[];
  scheduling?: SchedulingFacts;
  eviction?: EvictionFacts;
  /** The most telling volume attach/mount failure among the pod's events. */
  mount?: MountFacts;
  /** The newest sandbox (network) failure among the pod's events. */
  sandbox?: SandboxFacts;
  /** status.message of a pod the kubelet rejected, parsed. */
  admission?: AdmissionFacts;
  /** The pod's Node, when live mode read it. */
  node?: NodeFacts;
  /** What the input lacked, for "the diagnosis could not see …" notes. */
  gaps: string[];
  /** The pod was read from kubectl's text output (describe, tables, fragments), not its YAML or JSON. */
  fromText: boolean;
  /** What was odd in the input and ignored (wrong types, bad timestamps…). */
  oddities: string[];
}

export interface NodeFacts {
  name: string;
  /** The STATUS kubectl get nodes prints: Ready, NotReady, Unknown (no Ready condition), with ",SchedulingDisabled" when cordoned. */
  status: string;
  /** Status of the node's Ready condition: True, False or Unknown. */
  ready?: string;
  readyReason?: string;
  readyMessage?: string;
  /** Seconds since the Ready condition last changed. */
  readySecondsSince?: number;
  /** Seconds since the kubelet last posted its status. */
  heartbeatSecondsAgo?: number;
  unschedulable: boolean;
  /** "key=value:Effect". */
  taints: string[];
  /** Pressure conditions that are True: MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable. */
  pressure: string[];
  kubeletVersion?: string;
}

export interface LogFacts {
  /** The last lines (at most 50), secrets redacted. */
  lines: string[];
  /** From the previous, terminated run of the container. */
  previous: boolean;
  /** Extractor: exec-format, go-panic, java-oom, node-oom, python-oom, address-in-use, connection-refused, dns, permission-denied, missing-env, missing-file. */
  signature?: string;
  /** The line that showed the signature, redacted. */
  signatureLine?: string;
  /** The last line that says something (not blank), redacted: what the program said last. */
  last?: string;
}
