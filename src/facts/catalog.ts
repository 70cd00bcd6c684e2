// The fact catalogue: every path a rule may name in `fact:`, `some:`, `evidence:` or a
// `{{placeholder}}`, with its type and meaning. The rule loader validates rules against it, the
// docs are generated from it, and evidence paths are displayed through it. It is written once:
// the builders of ./declare.ts make each node carry the TypeScript type of its values, so
// src/facts/types.ts reads the fact types off these declarations, and each extractor declares
// the facts it produces next to its parser (SANDBOX_FACTS in extractors/sandbox.ts…): the fact
// families (./registry.ts) are spliced in here from their own declarations. A test walks normalized fixtures to check the values normalize() produces at run time.

import { apiEnum, bool, listOf, mapOf, num, obj, oneOf, opt, readFrom, reason, str, strs, type FactNode, type MapOf } from './declare.js';
import { EVENT_CAUSE_FIELDS } from './extractors/event-cause.js';
import { EXIT_FIELDS } from './extractors/exit-code.js';
import { PROBE_FAILURE_FIELDS } from './extractors/probe.js';
import { containerFamilyNodes, podFamilyNodes } from './family.js';
import { CONDITION_STATUSES } from './node.js';
import { CONTAINER_FAMILIES, POD_FAMILIES } from './registry.js';
import { WORKLOAD_ROOTS } from './workload-catalog.js';

export type { FactNode, LeafNode, LeafType, ListNode, MapNode, ObjectNode } from './declare.js';

/** Closed vocabularies of the Kubernetes API, and of podwhy's own fact builders (normalize, attribution). */
export { CONDITION_STATUSES };
export const EVENT_TYPES = ['Normal', 'Warning'] as const;

export const EVENT = obj('An event about the pod (newest first).', {
  type: opt(apiEnum('Normal or Warning.', EVENT_TYPES)),
  reason: opt(reason('Event reason: FailedMount, Unhealthy, BackOff, FailedScheduling…')),
  message: opt(str('Event message as the component wrote it.')),
  ...EVENT_CAUSE_FIELDS,
  count: num('How many times this event happened (count, or series.count).'),
  reasonTotal: num('How many times events of this reason happened, summed over all of them.'),
  source: opt(str('Reporting component: kubelet, default-scheduler, attachdetach-controller…')),
  container: opt(str('The container the event is about: named by involvedObject.fieldPath, else told from the message, the image, or the pod having one (or one failing) container.')),
  containerFrom: opt(oneOf('How the container was told: fieldPath, message, image, only, failing.', ['fieldPath', 'message', 'image', 'only', 'failing'])),
  fieldPath: opt(str('involvedObject.fieldPath, e.g. spec.containers{app}.')),
  host: opt(str('The node of the kubelet that reported it (source.host).')),
  object: opt(str('"PersistentVolumeClaim/data-db-0", "Job/migrate": the object of another kind the event is about, when not the pod.')),
  firstSeenSecondsAgo: opt(num('Seconds since it first happened.')),
  lastSeenSecondsAgo: opt(num('Seconds since it last happened.')),
  lastSeen: opt(str('When it last happened (RFC 3339).')),
});

export const TERMINATED = obj('A terminated state.', {
  reason: opt(reason('Runtime reason: Completed, Error, OOMKilled, StartError, ContainerCannotRun…')),
  message: opt(str('Runtime message.')),
  exitCode: opt(num('Exit code.')),
  signal: opt(num('Signal number, when the runtime reports one.')),
  startedAt: opt(str('When the process started.')),
  finishedAt: opt(str('When the process ended.')),
  ranSeconds: opt(num('How long the process ran (finishedAt − startedAt).')),
  finishedSecondsAgo: opt(num('Seconds since the process ended.')),
  ...EXIT_FIELDS,
  execFailures: opt(
    strs(
      'Exec failures the message shows when it carries the log tail (FallbackToLogsOnError): exec-format ("exec format error"), exec-not-found ("exec /x: no such file or directory", "exec user process caused … no such file or directory"); extractor.',
    ),
  ),
});

export const EVENT_ORIGIN = obj('The event a field was read from.', { reason: reason('The event reason.'), message: opt(str('The event message.')) });
const ORIGIN = (what: string): MapOf<typeof EVENT_ORIGIN> =>
  mapOf(`${what} fields the status did not give and an event did, by field: the event's reason and message.`, 'field', what === 'Pod' ? ['nodeName', 'reason'] : ['state', 'restartCount'], EVENT_ORIGIN);

export const STATE = obj('A container state.', {
  kind: oneOf('waiting, running, terminated, or unknown when neither the status nor the events say.', ['waiting', 'running', 'terminated', 'unknown']),
  source: opt(oneOf('status, text (kubectl\'s text printing of the status), or event: inferred from the container\'s newest telling event because the status was silent.', ['status', 'text', 'event'])),
  waiting: opt(obj('Waiting state.', { reason: opt(reason('Waiting reason: CrashLoopBackOff, ImagePullBackOff, ContainerCreating…')), message: opt(str('Waiting message.')) })),
  running: opt(obj('Running state.', { startedAt: opt(str('When it started.')), runningSeconds: opt(num('Seconds it has been running.')) })),
  terminated: opt(TERMINATED),
});

export const PROBE = obj('A probe from the container spec, with its failures from Unhealthy events.', {
  defined: opt(bool('Whether the probe is set; absent when the input does not give the container\'s spec.')),
  handler: opt(oneOf('httpGet, tcpSocket, exec or grpc.', ['httpGet', 'tcpSocket', 'exec', 'grpc'])),
  port: opt(str('Probed port (number or name).')),
  path: opt(str('httpGet path.')),
  command: opt(str('An exec probe\'s command line (redacted, cut at 120 characters).')),
  initialDelaySeconds: opt(num('initialDelaySeconds (default 0) of a probe the spec sets.')),
  periodSeconds: opt(num('periodSeconds (default 10) of a probe the spec sets.')),
  timeoutSeconds: opt(num('timeoutSeconds (default 1) of a probe the spec sets.')),
  failureThreshold: opt(num('failureThreshold (default 3) of a probe the spec sets.')),
  budgetSeconds: opt(num('initialDelaySeconds + failureThreshold × periodSeconds, of a probe the spec sets.')),
  budgetFormula: opt(str('The budget\'s arithmetic with the probe\'s values filled in ("30s + 3 × 10s = 1m"), of a probe the spec sets.')),
  failures: readFrom(['Unhealthy'], opt(num('Total failures reported by Unhealthy events; absent when the pod\'s events are not in the input.'))),
  portDeclared: opt(bool('False when the probe names a port the container does not declare (only set when the container declares ports).')),
  ...PROBE_FAILURE_FIELDS,
  killAt: opt(str('Startup probe only, while the container has not started: when the kubelet kills it if the probe keeps failing (started + initialDelaySeconds + failureThreshold × periodSeconds).')),
  killInSeconds: opt(num('Startup probe only: seconds until killAt; negative when it has passed.')),
  killFormula: opt(str('Startup probe only: the arithmetic behind killAt, with the values filled in.')),
});

const RESOURCES = (what: string) =>
  mapOf(`resources.${what} by resource name (as written: "512Mi", "250m").`, 'resource name', ['cpu', 'memory', 'ephemeral-storage', 'nvidia.com/gpu'], str(`resources.${what} of one resource.`));

export const CONTAINER = obj('A container (init, sidecar, regular or ephemeral) with its spec, status and events.', {
  name: str('Container name.'),
  kind: oneOf('init, sidecar (init container with restartPolicy Always), regular or ephemeral.', ['init', 'sidecar', 'regular', 'ephemeral']),
  specList: oneOf('containers, initContainers (init containers and sidecars) or ephemeralContainers: the list of spec that holds it.', ['containers', 'initContainers', 'ephemeralContainers']),
  index: num('1-based position among containers of its kind.'),
  image: opt(str('Image reference from the spec (or status).')),
  imagePullPolicy: opt(apiEnum('Always, IfNotPresent or Never.', ['Always', 'IfNotPresent', 'Never'])),
  ready: opt(bool('Ready flag from the status; false for a container known not to be running; absent when the input does not say.')),
  started: opt(bool('Started flag from the status.')),
  restartCount: opt(num('restartCount from the status; when the status is silent, from its events (Started events less one, at least 1 after a restart back-off), else 0.')),
  statusKnown: bool('The status has a state for this container; false when it is known only from the spec or its events.'),
  unknown: strs('What the input does not say of this container, so rules cannot take it as false: state, lastState, ready, restartCount (its status) and spec (image, resources, probes, command).'),
  inferred: opt(ORIGIN('Container')),
  command: opt(str('command[0] of the container spec: the program it runs (arguments are never kept).')),
  scriptProgram: opt(str('The program a `sh -c` script of the command starts with (`sh -c \'sleeeep 2\'` → sleeeep): what a shell\'s exit 127 is usually about; extractor (the rest of the script is never shown).')),
  commandSleeps: opt(num('When the whole command is `sleep N` (also inside `sh -c`): N in seconds, after which the program ends by itself; extractor (the command line itself is never shown).')),
  endlessLoop: opt(bool('The command is an endless loop or wait: `while true` with no break or exit, `sleep infinity`, `tail -f`; false for any other command; absent without a command in the spec; extractor.')),
  preStopSleepSeconds: opt(num('How long its preStop hook sleeps: the `sleep` action, or the first `sleep N` of an exec hook; extractor.')),
  preStopOutlastsGrace: opt(bool('Its preStop hook sleeps at least as long as the pod\'s terminationGracePeriodSeconds (absent when either is not known).')),
  lifecycle: strs('Its lifecycle hooks from the spec, as "postStart exec cp" or "preStop httpGet /shutdown" (only the program or path, never arguments).'),
  configRefs: strs('ConfigMaps and Secrets its environment is built from: "Secret hcloud (key network)", "ConfigMap app-config (all keys)"; optional ones are marked.'),
  mounts: strs('Volumes it mounts, as "name at /path" (service account tokens left out).'),
  warning: opt(
    obj('The newest Warning event about this container other than its restart back-off: a clue when the status says little.', {
      reason: reason('Its reason.'),
      message: opt(str('Its message.')),
      count: num('How many times it happened.'),
    }),
  ),
  hasSpec: bool('Whether the input carried this container\'s spec.'),
  state: STATE,
  lastState: STATE,
  resources: obj('Requests and limits.', { requests: RESOURCES('requests'), limits: RESOURCES('limits') }),
  ports: strs('Declared container ports, as "8080/TCP" and by name "http".'),
  probes: obj('Probes.', { liveness: PROBE, readiness: PROBE, startup: PROBE }),
  events: listOf('Events about this container (involvedObject.fieldPath), newest first.', 'reason', EVENT),
  killedByLiveness: readFrom(['Killing'], opt(bool('A Killing event says it failed its liveness probe (events[].cause); absent when the pod\'s events are not in the input.'))),
  killedByStartup: readFrom(['Killing'], opt(bool('A Killing event says it failed its startup probe (events[].cause); absent when the pod\'s events are not in the input.'))),
  killedForNewDefinition: readFrom(['Killing'], opt(bool('A Killing event says its definition changed (the pod spec was edited in place) and it will be restarted (events[].cause); absent when the pod\'s events are not in the input.'))),
  livenessKillLikely: opt(
    bool(
      'The previous run lasted about the liveness budget (within one period before it and one period, the probe timeout and the grace period after it): what a liveness probe that never passes does. Only with a liveness probe, no startup probe and a known run time.',
    ),
  ),
  // the container families (./registry.ts): backoff, hook, logs, imagePull, configError, startError
  ...containerFamilyNodes(CONTAINER_FAMILIES),
});

export const CONDITION = obj('A pod condition.', {
  status: opt(apiEnum('True, False or Unknown.', CONDITION_STATUSES)),
  reason: opt(reason('Condition reason.')),
  message: opt(str('Condition message.')),
  lastTransitionTime: opt(str('When it last changed.')),
  secondsSince: opt(num('Seconds since it last changed.')),
});

export const POD = obj('The pod itself.', {
  name: opt(str('metadata.name; absent when the input does not name the pod (a paste that never gives it).', 'metadata.name')),
  namespace: opt(str('metadata.namespace; absent when the input does not say it (never assumed to be default).', 'metadata.namespace')),
  uid: opt(str('metadata.uid.', 'metadata.uid')),
  phase: opt(apiEnum('status.phase: Pending, Running, Succeeded, Failed, Unknown.', ['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown'], 'status.phase')),
  reason: opt(reason('status.reason: Evicted, NodeLost, OutOfcpu, DeadlineExceeded, Terminated…', 'status.reason')),
  message: opt(str('status.message.', 'status.message')),
  rejectedAtAdmission: opt(
    bool('status.message is the kubelet\'s admission rejection ("Pod was rejected: …", or "Pod …" before v1.26, but not its other messages starting "Pod "; extractor).', 'status.message'),
  ),
  nodeName: opt(str('spec.nodeName.', 'spec.nodeName')),
  hostIP: opt(str('status.hostIP.', 'status.hostIP')),
  podIP: opt(str('status.podIP.', 'status.podIP')),
  qosClass: opt(apiEnum('status.qosClass: Guaranteed, Burstable or BestEffort.', ['Guaranteed', 'Burstable', 'BestEffort'], 'status.qosClass')),
  priorityClassName: opt(str('spec.priorityClassName.', 'spec.priorityClassName')),
  restartPolicy: opt(apiEnum('spec.restartPolicy: Always (the API default for a pod spec given without it), OnFailure or Never; absent when the input has no pod spec to say it (describe text does not print it).', ['Always', 'OnFailure', 'Never'], 'spec.restartPolicy')),
  serviceAccountName: opt(str('spec.serviceAccountName.', 'spec.serviceAccountName')),
  runtimeClassName: opt(str('spec.runtimeClassName: the RuntimeClass whose handler runs the pod (gvisor, kata…); absent for the node\'s default runtime.', 'spec.runtimeClassName')),
  hostPorts: opt(strs('The ports it binds on its node, as "80/TCP" or "10.0.0.5:53/UDP": container ports with hostPort (with hostNetwork, every container port), of its containers and sidecars; what the scheduler\'s NodePorts check needs free. Absent when the input has no pod spec.', 'spec.containers[*].ports[*].hostPort')),
  hostNetwork: opt(bool('spec.hostNetwork: the pod uses the node\'s network namespace. Absent when the input has no pod spec.', 'spec.hostNetwork')),
  ownerChain: strs('Controllers above the pod, nearest first, as Kind/name (ReplicaSet/web-7d4b9c6f5, Deployment/web).', 'metadata.ownerReferences'),
  owner: opt(
    obj('The controlling owner reference.', {
      kind: str('Owner kind: ReplicaSet, StatefulSet, DaemonSet, Job, Node…', 'metadata.ownerReferences[controller].kind'),
      name: str('Owner name.', 'metadata.ownerReferences[controller].name'),
    }),
  ),
  ageSeconds: opt(num('Seconds since metadata.creationTimestamp.')),
  startedSecondsAgo: opt(num('Seconds since status.startTime.')),
  deleting: bool('metadata.deletionTimestamp is set.'),
  deletionTimestamp: opt(str('metadata.deletionTimestamp: when the grace period ends.', 'metadata.deletionTimestamp')),
  deletionGracePeriodSeconds: opt(num('metadata.deletionGracePeriodSeconds.', 'metadata.deletionGracePeriodSeconds')),
  terminationGracePeriodSeconds: opt(num('spec.terminationGracePeriodSeconds (the API default 30 for a pod spec given without it); absent when the input has no pod spec to say it.', 'spec.terminationGracePeriodSeconds')),
  secondsPastGracePeriod: opt(num('now − deletionTimestamp: positive when the grace period is over and the pod remains.')),
  gracePeriod: opt(
    obj('A deleted pod\'s grace arithmetic: SIGTERM at the delete, SIGKILL at deletionTimestamp.', {
      seconds: opt(num('metadata.deletionGracePeriodSeconds.', 'metadata.deletionGracePeriodSeconds')),
      requestedAt: opt(str('When the delete was made: deletionTimestamp − deletionGracePeriodSeconds.')),
      sigkillAt: str('When SIGKILL is due: deletionTimestamp (a preStop hook still running then gets 2s more).', 'metadata.deletionTimestamp'),
      sigkillInSeconds: num('Seconds until SIGKILL is due; negative when overdue.'),
      formula: str('The arithmetic, with the values filled in.'),
    }),
  ),
  finalizers: strs('metadata.finalizers.', 'metadata.finalizers'),
  activeDeadlineSeconds: opt(num('spec.activeDeadlineSeconds.', 'spec.activeDeadlineSeconds')),
  schedulingGates: strs('spec.schedulingGates names.', 'spec.schedulingGates'),
  nodeSelector: strs('spec.nodeSelector as key=value.', 'spec.nodeSelector'),
  tolerations: strs('spec.tolerations as key=value:Effect.', 'spec.tolerations'),
  nodeAffinity: strs('Required node affinity terms as "key In (a, b)".', 'spec.affinity.nodeAffinity'),
  podAntiAffinity: strs('Required pod anti-affinity terms as "app=db per kubernetes.io/hostname": pods it must not share that domain with.', 'spec.affinity.podAntiAffinity'),
  podAffinity: strs('Required pod affinity terms as "app=cache per kubernetes.io/hostname": pods it must share that domain with.', 'spec.affinity.podAffinity'),
  requests: mapOf(
    'The pod\'s effective requests (what the scheduler must fit): max(sum of containers and sidecars, largest init container plus sidecars).',
    'resource name',
    ['cpu', 'memory', 'ephemeral-storage', 'nvidia.com/gpu'],
    str('Effective request of one resource.', 'spec.containers[*].resources.requests'),
  ),
  containerCount: num('Number of regular containers.'),
  appContainers: strs('Names of the regular (app) containers, as the spec or status lists them.'),
  extendedRequests: strs('Requests of extended resources (nvidia.com/gpu=1, example.com/dongle=2): what only nodes that advertise them can satisfy; cpu, memory, ephemeral-storage and hugepages left out.', 'spec.containers[*].resources.requests'),
  customScheduler: opt(str('The scheduler that places the pod, when it is not default-scheduler: spec.schedulerName, else the source of its Scheduled or FailedScheduling event.', 'spec.schedulerName')),
  initContainerCount: num('Number of init containers (sidecars included).'),
  readinessGates: strs('spec.readinessGates condition types.', 'spec.readinessGates'),
  imagePullSecrets: strs('spec.imagePullSecrets names.', 'spec.imagePullSecrets'),
  volumes: strs('The pod\'s volumes as "name (kind source)": "certs (secret coturn)"; service account tokens left out.', 'spec.volumes'),
  claimEvent: opt(
    obj('The newest telling event about one of the pod\'s claims (ProvisioningFailed, FailedBinding, ExternalProvisioning…).', {
      claim: str('The claim.'),
      reason: reason('The event reason.'),
      message: opt(str('The event message.')),
      event: reason('The same as reason (where the message came from).'),
    }),
  ),
  jobEvent: opt(
    obj('The newest warning of the Job that owns the pod (BackoffLimitExceeded, DeadlineExceeded, PodFailurePolicy…).', {
      job: opt(str('The Job.')),
      reason: reason('The event reason.'),
      message: opt(str('The event message.')),
      event: reason('The same as reason (where the message came from).'),
    }),
  ),
  claims: strs('PersistentVolumeClaims named by spec.volumes; when the input does not give the volumes, the claims it ties to the pod (their events, their kubectl get pvc rows).', 'spec.volumes[*].persistentVolumeClaim.claimName'),
  rolesNotOffered: strs('For a pod on no node, beside a kubectl get nodes table: the node-role.kubernetes.io/<role> labels its nodeSelector asks for that no node of the table carries (ROLES lists every role label a node has), as "node-role.kubernetes.io/master=".'),
  nodesNotReady: strs('For a pod on no node: the nodes the input shows beside it (kubectl get nodes) that are not Ready, as "node-2 (NotReady)"; their pods are lost and the pods that replace them need room on the others.'),
  claimStates: strs('The claims it mounts that the input shows beside it (kubectl get pvc), as "data-0: Pending, StorageClass standard" or "data-0: Pending, no StorageClass" (a claim with none waits for a default StorageClass or a matching volume).'),
  creating: bool(
    'No container has been created yet: one waits in ContainerCreating/PodInitializing, or (status silent) volume or sandbox failures are reported and no container was created or started.',
  ),
  inferred: opt(ORIGIN('Pod')),
  fromCondition: opt(str('The condition reason and message were read from when status.reason was empty: DisruptionTarget (TerminationByKubelet) of a kubelet eviction.')),
  kubectl: obj('The columns `kubectl get pods` prints.', {
    ready: opt(str('READY column; absent when the input does not show every container\'s readiness.')),
    status: opt(str('STATUS column; absent when the input shows neither the pod\'s phase nor a container state.', 'kubectl.status')),
    restarts: opt(str('RESTARTS column; absent when the input does not show every container\'s restart count.')),
    age: str('AGE column.'),
  }),
});

/** The roots of a pod or container rule, in the order the docs list them. `container` is the container a container rule is about; every other root is a key of Facts. */
const POD_ROOTS = {
  pod: POD,
  conditions: mapOf('status.conditions by type.', 'condition type', ['PodScheduled', 'PodReadyToStartContainers', 'Initialized', 'ContainersReady', 'Ready', 'DisruptionTarget'], CONDITION),
  events: listOf('Events about the pod, newest first.', 'reason', EVENT),
  containers: listOf('All containers: init and sidecars first, then regular, then ephemeral.', 'name', CONTAINER),
  container: CONTAINER,
  // the pod families (./registry.ts): scheduling, eviction, mount, sandbox, admission, node, nodeFit, claims
  ...podFamilyNodes(POD_FAMILIES),
  fromText: bool('The pod was read from kubectl\'s text output (describe, tables, fragments), not from its YAML or JSON.'),
  gaps: strs('What the input lacked (spec, status, events), and what live mode could not read.'),
  unknown: strs('Facts the input does not give, so rules cannot take them as false: pod.name, pod.namespace, spec (the pod spec: restartPolicy, selectors, tolerations, volumes, requests), status (phase, conditions), events (not given; an empty events list that was read is known), node.'),
  oddities: strs('What was odd in the input and ignored: fields of the wrong type, timestamps that do not parse, negative counts.'),
};
/** The declaration Facts is read from (src/facts/types.ts). */
export type PodRoots = typeof POD_ROOTS;
export const ROOTS: Readonly<Record<string, FactNode>> = POD_ROOTS;

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

/** The catalogue nodes along a path, its root first and its own node last (an unknown path stops where it leaves the catalogue). */
export function nodesAlong(path: string, aliases: ReadonlyMap<string, FactNode> = new Map()): FactNode[] {
  const [root, ...rest] = path.split('.') as [string, ...string[]];
  let node: FactNode | undefined = aliases.get(root) ?? ROOTS[root] ?? WORKLOAD_ROOTS[root];
  const out: FactNode[] = [];
  for (const seg of rest) {
    if (!node) return out;
    out.push(node);
    node = node.type === 'object' ? node.fields[seg] : node.type === 'map' ? node.of : undefined;
  }
  if (node) out.push(node);
  return out;
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
