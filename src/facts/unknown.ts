// Which facts the input does not give. normalize() lists them per pod (`unknown`: pod.name,
// pod.namespace, metadata, spec, status, events…) and per container (`container.unknown`: state,
// lastState, ready, restartCount, spec); this maps a fact path to the entry that makes it unknown,
// so that templates can tell "not in the input" from "known to be none", and the engine can tell a
// rule that needs a missing fact from one that is simply false. Pure.

/** A rule's variables: the fact roots, `container`, and `some … as` aliases. */
type Vars = Readonly<Record<string, unknown>>;

/** Container fields, by the entry of `container.unknown` that covers them. */
const CONTAINER_FIELD: Readonly<Record<string, string>> = {
  state: 'state',
  lastState: 'lastState',
  ready: 'ready',
  started: 'ready',
  restartCount: 'restartCount',
  backoff: 'restartCount',
  image: 'spec',
  imagePullPolicy: 'spec',
  resources: 'spec',
  ports: 'spec',
  probes: 'spec',
  command: 'spec',
  commandLine: 'spec',
  scriptProgram: 'spec',
  commandSleeps: 'spec',
  endlessLoop: 'spec',
  preStopSleepSeconds: 'spec',
  lifecycle: 'spec',
  configRefs: 'spec',
  mounts: 'spec',
};

/** Pod fields, by the entry of the pod's `unknown` that covers them. */
const POD_FIELD: Readonly<Record<string, string>> = {
  name: 'pod.name',
  namespace: 'pod.namespace',
  uid: 'metadata',
  owner: 'metadata',
  ownerChain: 'metadata',
  finalizers: 'metadata',
  ageSeconds: 'metadata',
  restartPolicy: 'pod.restartPolicy',
  deletionTimestamp: 'pod.deletionTimestamp',
  secondsPastGracePeriod: 'pod.deletionTimestamp',
  gracePeriod: 'pod.deletionTimestamp',
  terminationGracePeriodSeconds: 'pod.terminationGracePeriodSeconds',
  nodeSelector: 'spec',
  tolerations: 'spec',
  nodeAffinity: 'pod.nodeAffinity',
  podAntiAffinity: 'pod.nodeAffinity',
  podAffinity: 'pod.nodeAffinity',
  requests: 'spec',
  extendedRequests: 'spec',
  volumes: 'spec',
  claims: 'spec',
  imagePullSecrets: 'spec',
  schedulingGates: 'spec',
  readinessGates: 'spec',
  activeDeadlineSeconds: 'spec',
  priorityClassName: 'spec',
  serviceAccountName: 'spec',
  runtimeClassName: 'spec',
  containerCount: 'spec',
  initContainerCount: 'spec',
  phase: 'status',
  reason: 'status',
  message: 'status',
  qosClass: 'status',
  hostIP: 'status',
  podIP: 'status',
  startedSecondsAgo: 'status',
};

/** Container fields the pod's events give (a kill the kubelet reported, probe failures). */
const CONTAINER_EVENT_FIELD: ReadonlySet<string> = new Set(['events', 'killedByLiveness', 'killedByStartup', 'killedForNewDefinition', 'warning']);
const PROBE_EVENT_FIELD: ReadonlySet<string> = new Set(['failures', 'lastFailure', 'failureKind', 'failureDetail']);

/** Roots whose every fact one entry covers. */
const ROOT_ENTRY: Readonly<Record<string, string>> = { conditions: 'status', events: 'events', node: 'node' };

/** Whether a container-shaped value (the bound `container`, or a `some … as c` alias) does not say `field`. */
function containerUnknown(c: unknown, field: string | undefined): boolean {
  if (field === undefined || typeof c !== 'object' || c === null) return false;
  const list = (c as { unknown?: unknown }).unknown;
  const entry = CONTAINER_FIELD[field];
  return entry !== undefined && Array.isArray(list) && list.includes(entry);
}

/**
 * Whether the fact at `path` (as a rule or template names it: container.state.waiting.reason,
 * pod.restartPolicy, c.ready) is one the input does not give. `vars` are the rule's variables:
 * the fact roots, `container`, and `some … as` aliases.
 */
export function unknownAt(path: readonly string[], vars: Vars): boolean {
  const root = path[0];
  if (root === undefined) return false;
  const podUnknown = vars['unknown'];
  const has = (entry: string) => Array.isArray(podUnknown) && podUnknown.includes(entry);
  if (root === 'pod') {
    const entry = POD_FIELD[path[1] ?? ''];
    return entry !== undefined && has(entry);
  }
  const whole = ROOT_ENTRY[root];
  if (whole !== undefined) return has(whole);
  const v = vars[root];
  // `container`, or an alias bound to a container (it carries its own unknown list)
  if (typeof v === 'object' && v !== null && Array.isArray((v as { unknown?: unknown }).unknown)) {
    if (CONTAINER_EVENT_FIELD.has(path[1] ?? '') || (path[1] === 'probes' && PROBE_EVENT_FIELD.has(path[3] ?? ''))) return has('events');
    return containerUnknown(v, path[1]);
  }
  return false;
}

/**
 * The entry of the pod's or a container's `unknown` list that makes `path` unknown, and the
 * container it is about: what a diagnosis lists as "not in the input, and it would decide".
 */
export function unknownEntry(path: readonly string[], vars: Vars): { entry: string; container?: string } | undefined {
  if (!unknownAt(path, vars)) return undefined;
  const root = path[0] as string;
  if (root === 'pod') return { entry: POD_FIELD[path[1] ?? ''] as string };
  const whole = ROOT_ENTRY[root];
  if (whole !== undefined) return { entry: whole };
  const c = vars[root] as { name?: unknown };
  if (CONTAINER_EVENT_FIELD.has(path[1] ?? '') || (path[1] === 'probes' && PROBE_EVENT_FIELD.has(path[3] ?? ''))) return { entry: 'events' };
  const entry = CONTAINER_FIELD[path[1] ?? ''] as string;
  return typeof c.name === 'string' ? { entry, container: c.name } : { entry };
}

/**
 * The entries of `unknown` lists (the pod's, or a container's) that could make a fact at `path`
 * unknown, whatever the pod: `pod.restartPolicy` → pod.restartPolicy; `container.state.…` →
 * state; `events` → events. A rule none of whose facts' entries a pod lacks is decided on what is
 * known, so the engine skips deciding it (facts/unknown.ts's answer for such a pod is false for
 * every path of it). Paths through an alias are read as a container's.
 */
export function possibleEntries(path: readonly string[]): string[] {
  const root = path[0];
  if (root === undefined) return [];
  if (root === 'pod') {
    const entry = POD_FIELD[path[1] ?? ''];
    return entry === undefined ? [] : [entry];
  }
  const whole = ROOT_ENTRY[root];
  if (whole !== undefined) return [whole];
  if (CONTAINER_EVENT_FIELD.has(path[1] ?? '') || (path[1] === 'probes' && PROBE_EVENT_FIELD.has(path[3] ?? ''))) return ['events'];
  const entry = CONTAINER_FIELD[path[1] ?? ''];
  return entry === undefined ? [] : [entry];
}
