// Kubernetes' own messages, known by their words: a line a user pasted with nothing around it
// ("0/3 nodes are available: 3 Insufficient memory.", "Back-off restarting failed container",
// "The node was low on resource: memory. …") stands for the event, the pod status or the
// container state that carries it, with the reason its component gives it.
//
// The formats are Kubernetes' (design/REASONS.md, and the kubelet, scheduler and controller
// sources they cite): the scheduler's FitError ("0/N nodes are available: …", before 1.8 "No
// nodes are available that match all of the following predicates:: …", in 1.0 "Failed for reason
// X and possibly others"), the kubelet's events (pkg/kubelet/events; "Failed create pod sandbox"
// before 1.17, "Failed to create pod sandbox" after), the eviction manager's message fragments
// (pkg/kubelet/eviction/helpers.go), the admission rejection (kubelet rejectPod: the status
// message is the handler's message after "Pod " — "Pod was rejected: " since 1.25), the node
// shutdown manager's two messages, the CrashLoopBackOff waiting message ("back-off 5m0s
// restarting failed container=C pod=P_NS(UID)"). Consoles that print a waiting reason before its
// message ("ImagePullBackOff: Back-off pulling image …", Rancher's "CrashLoopBackOff (back-off …)")
// are read as that waiting state.

/** What a known message stands for. */
export interface KnownMessage {
  /** An event about the pod, the pod's status (phase Failed, reason, message), a container's state. */
  kind: 'event' | 'pod-status' | 'container-waiting' | 'container-terminated';
  reason: string;
  type?: 'Normal' | 'Warning';
  /** The component that reports it. */
  source?: string;
  message: string;
  /** The pod the message names ("Successfully assigned ns/web-1 to node", "pod=web-1_ns(uid)"). */
  pod?: { name: string; namespace?: string };
  /** The container the message names. */
  container?: string;
  /** The kind of object the event is about, when not the pod (a claim's provisioning). */
  object?: string;
  /** Where the message starts in the text it was found in. */
  at: number;
  /** Where it ends (exclusive). */
  end: number;
}

interface Entry {
  re: RegExp;
  kind: KnownMessage['kind'];
  reason: string | ((m: RegExpExecArray) => string);
  type?: 'Normal' | 'Warning';
  source?: string;
  /** The pod and container the message names, from the match. */
  names?: (m: RegExpExecArray) => Pick<KnownMessage, 'pod' | 'container'>;
  /** The message starts after this many characters of the match (a prefix that is not part of it). */
  skip?: (m: RegExpExecArray) => number;
  /** The kind of object the event is about, when not the pod. */
  object?: string;
}

const Q = `["“”]`; // a quote as kubectl prints it, or as a forum curled it
const NAME = String.raw`[a-z0-9](?:[-a-z0-9.]*[a-z0-9])?`;
/** `pod=web-1_shop(uid)`, `Pod "web-1_shop(uid)"`: kubelet's format.Pod. */
const POD_REF = new RegExp(String.raw`(${NAME})_(${NAME})(?:\(|$)`);
const podOf = (s: string | undefined): KnownMessage['pod'] | undefined => {
  const m = s !== undefined ? POD_REF.exec(s) : null;
  return m ? { name: m[1] as string, namespace: m[2] as string } : undefined;
};

/** The kubelet's "Error: …" of a container that could not be created or started: the errors it wraps. */
const KUBELET_ERROR = new RegExp(
  String.raw`^Error: (?:ErrImagePull|ImagePullBackOff|InvalidImageName|ErrImageNeverPull|ImageInspectError|RegistryUnavailable|SignatureValidationFailed|CreateContainerConfigError|CreateContainerError|RunContainerError)\b|` +
    String.raw`^Error: (?:secrets? ${Q}|configmaps? ${Q}|couldn't find key |container has runAsNonRoot |failed to (?:start|create|generate|reserve|prepare|resolve|get|run|mkdir|stat|mount)\b|container create failed|cannot find volume |context deadline exceeded|Error response from daemon|OCI runtime |stat \S+: no such file|open \S+: no such file|CreateContainer|StartContainer|CreateContainerRequest|container_linux\.go|runc |failed to sync secret cache|failed to sync configmap cache|services have not yet been read|no command specified|exec: |executable file not found|chdir )`,
);

const ENTRIES: Entry[] = [
  // -- the scheduler ----------------------------------------------------------------------------
  { re: /^\d+\/\d+ nodes are available\b/, kind: 'event', type: 'Warning', reason: 'FailedScheduling', source: 'default-scheduler' },
  { re: /^No nodes are available that match all of the following predicates/, kind: 'event', type: 'Warning', reason: 'FailedScheduling', source: 'default-scheduler' },
  { re: /^no nodes available to schedule pods/, kind: 'event', type: 'Warning', reason: 'FailedScheduling', source: 'default-scheduler' },
  { re: /^Failed for reason \w+ and possibly others/, kind: 'event', type: 'Warning', reason: 'FailedScheduling', source: 'scheduler' },
  { re: /^(?:running "VolumeBinding" filter plugin for pod "[^"]*": )?pod has unbound (?:immediate )?PersistentVolumeClaims/, kind: 'event', type: 'Warning', reason: 'FailedScheduling', source: 'default-scheduler' },
  // GKE's console before the scheduler's reasons
  { re: /^Cannot schedule pods: (?=\S)/, kind: 'event', type: 'Warning', reason: 'FailedScheduling', source: 'default-scheduler', skip: (m) => m[0].length },
  { re: /^Preempted by /, kind: 'event', type: 'Normal', reason: 'Preempted', source: 'default-scheduler' },
  { re: /^Successfully assigned (?:([a-z0-9][-a-z0-9]*)\/)?([a-z0-9][-a-z0-9.]*) to \S/, kind: 'event', type: 'Normal', reason: 'Scheduled', source: 'default-scheduler', names: (m) => ({ pod: { name: m[2] as string, ...(m[1] !== undefined ? { namespace: m[1] } : {}) } }) },
  // -- the kubelet: images ----------------------------------------------------------------------
  { re: new RegExp(`^Failed to pull image ${Q}`), kind: 'event', type: 'Warning', reason: 'Failed', source: 'kubelet' },
  { re: new RegExp(`^Back-off pulling image ${Q}`), kind: 'event', type: 'Normal', reason: 'BackOff', source: 'kubelet' },
  { re: new RegExp(`^[Pp]ulling image ${Q}`), kind: 'event', type: 'Normal', reason: 'Pulling', source: 'kubelet' },
  { re: new RegExp(`^Successfully pulled image ${Q}|^Container image ${Q}[^"“”]+${Q} already present on machine`), kind: 'event', type: 'Normal', reason: 'Pulled', source: 'kubelet' },
  { re: new RegExp(`^Container image ${Q}[^"“”]+${Q} is not present with pull policy of Never`), kind: 'event', type: 'Warning', reason: 'ErrImageNeverPull', source: 'kubelet' },
  { re: new RegExp(`^Failed to (?:apply default image tag|inspect image) ${Q}`), kind: 'event', type: 'Warning', reason: 'InspectFailed', source: 'kubelet' },
  { re: KUBELET_ERROR, kind: 'event', type: 'Warning', reason: 'Failed', source: 'kubelet' },
  // the API server cannot decrypt a stored Secret or ConfigMap (its encryption configuration
  // changed or went missing: storage.NewInternalErrorf "unable to transform key %q: %v"); the
  // kubelet building the pod's configuration gets the same error for the object the pod names
  {
    re: /^(?:Error from server \(InternalError\): )?(?:Internal error occurred: )?unable to transform key ["“]\/registry\/(?:secrets|configmaps)\//,
    kind: 'event',
    type: 'Warning',
    reason: 'Failed',
    source: 'kubelet',
    skip: (m) => /^Error from server \(InternalError\): /.exec(m[0])?.[0].length ?? 0,
  },
  // -- the kubelet: containers ------------------------------------------------------------------
  { re: /^Created container\b/, kind: 'event', type: 'Normal', reason: 'Created', source: 'kubelet' },
  { re: /^Started container\b/, kind: 'event', type: 'Normal', reason: 'Started', source: 'kubelet' },
  { re: /^Back-off restarting failed (?:docker )?container\b/, kind: 'event', type: 'Warning', reason: 'BackOff', source: 'kubelet' },
  { re: /^(?:Liveness|Readiness|Startup) probe (?:failed|errored)\b/, kind: 'event', type: 'Warning', reason: 'Unhealthy', source: 'kubelet' },
  { re: /^(?:Liveness|Readiness|Startup) probe warning\b/, kind: 'event', type: 'Warning', reason: 'ProbeWarning', source: 'kubelet' },
  { re: new RegExp(`^Container ${Q}?(${NAME})${Q}? failed (?:liveness|startup) probe, will be restarted`), kind: 'event', type: 'Normal', reason: 'Killing', source: 'kubelet', names: (m) => ({ container: m[1] as string }) },
  { re: new RegExp(`^Stopping container ${Q}?(${NAME})`), kind: 'event', type: 'Normal', reason: 'Killing', source: 'kubelet', names: (m) => ({ container: m[1] as string }) },
  { re: /^Killing container with (?:id|docker id) \S/, kind: 'event', type: 'Normal', reason: 'Killing', source: 'kubelet' },
  { re: /^PreStopHook failed\b/, kind: 'event', type: 'Warning', reason: 'FailedPreStopHook', source: 'kubelet' },
  // kubelet's lifecycle handler error: the same words for both hooks, told apart by the hook's command when it says
  { re: /^(?:Exec|HTTP) lifecycle hook \((?=[^)]*pre-?stop)/i, kind: 'event', type: 'Warning', reason: 'FailedPreStopHook', source: 'kubelet' },
  { re: /^(?:Exec|HTTP) lifecycle hook \((?=[^)]*post-?start)/i, kind: 'event', type: 'Warning', reason: 'FailedPostStartHook', source: 'kubelet' },
  { re: /^PostStartHook failed\b/, kind: 'event', type: 'Warning', reason: 'FailedPostStartHook', source: 'kubelet' },
  { re: /^Container runtime did not kill the pod within specified grace period/, kind: 'event', type: 'Warning', reason: 'ExceededGracePeriod', source: 'kubelet' },
  { re: /^error killing pod: /, kind: 'event', type: 'Warning', reason: 'FailedKillPod', source: 'kubelet' },
  { re: /^Error syncing pod\b/, kind: 'event', type: 'Warning', reason: 'FailedSync', source: 'kubelet' },
  // -- the kubelet and the attach/detach controller: volumes ---------------------------------
  { re: /^MountVolume\.[A-Za-z]+ failed for volume /, kind: 'event', type: 'Warning', reason: 'FailedMount', source: 'kubelet' },
  { re: /^MapVolume\.[A-Za-z]+ failed for volume /, kind: 'event', type: 'Warning', reason: 'FailedMapVolume', source: 'kubelet' },
  { re: /^Unable to (?:attach or )?mount volumes\b/, kind: 'event', type: 'Warning', reason: 'FailedMount', source: 'kubelet' },
  { re: /^(?:Multi-Attach error for volume |AttachVolume\.Attach failed\b|Failed to attach volume )/, kind: 'event', type: 'Warning', reason: 'FailedAttachVolume', source: 'attachdetach-controller' },
  // -- the kubelet: sandboxes and the network --------------------------------------------------
  { re: /^Failed (?:to )?create pod sandbox: /, kind: 'event', type: 'Warning', reason: 'FailedCreatePodSandBox', source: 'kubelet' },
  // the container runtime's own words when it cannot give the sandbox an address (dockershim's bridge network)
  { re: /^(?:Error response from daemon: \{"message":")?no available IPv4 addresses on this network's address pools/, kind: 'event', type: 'Warning', reason: 'FailedCreatePodSandBox', source: 'kubelet' },
  { re: /^Pod sandbox changed, it will be killed and re-created/, kind: 'event', type: 'Normal', reason: 'SandboxChanged', source: 'kubelet' },
  { re: /^network is not ready: /, kind: 'event', type: 'Warning', reason: 'NetworkNotReady', source: 'kubelet' },
  { re: /^Marking for deletion Pod /, kind: 'event', type: 'Normal', reason: 'TaintManagerEviction', source: 'taint-controller' },
  // -- the persistent volume controller and provisioners: events of the pod's claim ------------
  { re: /^no persistent volumes available for this claim and no storage class is set/, kind: 'event', type: 'Normal', reason: 'FailedBinding', source: 'persistentvolume-controller', object: 'PersistentVolumeClaim' },
  { re: /^storageclass\.storage\.k8s\.io "[^"]+" not found/, kind: 'event', type: 'Warning', reason: 'ProvisioningFailed', source: 'persistentvolume-controller', object: 'PersistentVolumeClaim' },
  { re: /^[Ff]ailed to provision volume with StorageClass "/, kind: 'event', type: 'Warning', reason: 'ProvisioningFailed', source: 'persistentvolume-controller', object: 'PersistentVolumeClaim' },
  { re: /^waiting for a volume to be created, either by external provisioner "/, kind: 'event', type: 'Normal', reason: 'ExternalProvisioning', source: 'persistentvolume-controller', object: 'PersistentVolumeClaim' },
  { re: /^waiting for first consumer to be created before binding/, kind: 'event', type: 'Normal', reason: 'WaitForFirstConsumer', source: 'persistentvolume-controller', object: 'PersistentVolumeClaim' },
  // v1.28+ (kubernetes#118262) words the hand-over to an external provisioner so; before v1.9 "cannot find provisioner"
  { re: /^Waiting for a volume to be created either by the external provisioner '/, kind: 'event', type: 'Normal', reason: 'ExternalProvisioning', source: 'persistentvolume-controller', object: 'PersistentVolumeClaim' },
  { re: /^cannot find provisioner "[^"]+", expecting that a volume for the claim is provisioned/, kind: 'event', type: 'Normal', reason: 'ExternalProvisioning', source: 'persistentvolume-controller', object: 'PersistentVolumeClaim' },
  { re: /^no volume plugin matched name: kubernetes\.io\//, kind: 'event', type: 'Warning', reason: 'ProvisioningFailed', source: 'persistentvolume-controller', object: 'PersistentVolumeClaim' },
  { re: /^waiting for pods? \S+ to be scheduled/, kind: 'event', type: 'Normal', reason: 'WaitForPodScheduled', source: 'persistentvolume-controller', object: 'PersistentVolumeClaim' },
  // -- the pod's status: eviction, admission, node shutdown, deadlines -------------------------
  {
    re: /^(?:Pod (?:was rejected: )?)?(?:The node was low on resource: |The node had condition: |Pod ephemeral local storage usage exceeds the total limit of containers |Usage of EmptyDir volume "[^"]*" exceeds the limit |Container \S+ exceeded its local ephemeral storage limit )/,
    kind: 'pod-status',
    reason: 'Evicted',
  },
  { re: /^(?:Pod (?:was rejected: )?)?Node didn't have enough resource: ([\w.\/-]+), requested/, kind: 'pod-status', reason: (m) => `OutOf${m[1] as string}` },
  { re: /^(?:Pod (?:was rejected: )?)?Predicate (\w+) failed\b/, kind: 'pod-status', reason: (m) => m[1] as string },
  { re: /^(?:Pod (?:was rejected: )?)?(?:Pod )?Allocate failed due to .*which is unexpected/, kind: 'pod-status', reason: 'UnexpectedAdmissionError' },
  { re: /^(?:Pod (?:was rejected: )?)?Pod was rejected as the node is shutting down/, kind: 'pod-status', reason: 'NodeShutdown' },
  { re: /^Pod was terminated in response to imminent node shutdown/, kind: 'pod-status', reason: 'Terminated' },
  // the kubelet's soft admission (lifecycle/handlers.go): the pod stays Pending with this reason
  { re: /^Cannot enforce (AppArmor|NoNewPrivs): /, kind: 'pod-status', reason: (m) => m[1] as string },
  { re: /^Pod was active on the node longer than the specified deadline/, kind: 'pod-status', reason: 'DeadlineExceeded' },
  { re: /^Preempted in order to admit critical pod/, kind: 'pod-status', reason: 'Preempting' },
  { re: /^Node \S+ which was running pod \S+ is unresponsive/, kind: 'pod-status', reason: 'NodeLost' },
  // -- a container's waiting state: the kubelet's message, or a console's "Reason: message" -----
  {
    re: new RegExp(String.raw`^[Bb]ack-off \S+ restarting failed container=(${NAME}) pod=(\S+)`),
    kind: 'container-waiting',
    reason: 'CrashLoopBackOff',
    names: (m) => ({ container: m[1] as string, ...(podOf(m[2]) ? { pod: podOf(m[2]) } : {}) }),
  },
  {
    re: /^(CrashLoopBackOff|ImagePullBackOff|ErrImagePull|CreateContainerConfigError|CreateContainerError|RunContainerError|InvalidImageName|ErrImageNeverPull|PostStartHookError|PreStartHookError)(?:: | \()(?=\S)/,
    kind: 'container-waiting',
    reason: (m) => m[1] as string,
    skip: (m) => m[0].length,
  },
  { re: /^(ContainerCannotRun|StartError)(?:: | \()(?=\S)/, kind: 'container-terminated', reason: (m) => m[1] as string, skip: (m) => m[0].length },
];

/** The words any known message starts with: a quick test before the catalogue is tried. */
export const STARTS =
  /\d+\/\d+ nodes are available|No nodes are available|no nodes available|Failed for reason|running "VolumeBinding"|pod has unbound|Cannot schedule pods|Preempted|Successfully assigned|Failed to pull image|Back-off|[Pp]ulling image|Successfully pulled|Container image|Failed to (?:apply|inspect|attach|create)|Failed create|Error: |Created container|Started container|(?:Liveness|Readiness|Startup) probe|Container |Stopping container|Killing container|PreStopHook|PostStartHook|Exec lifecycle hook|HTTP lifecycle hook|error killing pod|Error syncing pod|MountVolume\.|MapVolume\.|Unable to (?:attach|mount)|Multi-Attach|AttachVolume\.|Pod sandbox changed|network is not ready|Error response from daemon: \{"message":"no available IPv4|no available IPv4 addresses|Marking for deletion|no persistent volumes|storageclass\.storage|[Ff]ailed to provision|waiting for (?:a volume|first consumer)|Pod |The node (?:was|had)|Usage of EmptyDir|Node didn't|Node \S+ which|Predicate |Allocate failed|Cannot enforce|Preempted in order|back-off|CrashLoopBackOff|ImagePullBackOff|ErrImagePull|CreateContainer|RunContainerError|InvalidImageName|ErrImageNeverPull|PostStartHookError|PreStartHookError|ContainerCannotRun|StartError|Error from server \(InternalError\): (?:Internal error occurred: )?unable to transform key|Internal error occurred: unable to transform key|unable to transform key/g;

/** Where a message may begin: the start of the text, or after a space, a quote, a backtick, a colon, a bracket. */
const BOUNDARY = /[\s"'`“‘(\[:>*|-]/;

/**
 * The known message that starts at the beginning of `text`, if any. The message runs to the end
 * of the text (the caller cuts the text where the message must end: a closing quote or backtick).
 */
export function knownMessage(text: string, at = 0): KnownMessage | undefined {
  const s = at === 0 ? text : text.slice(at);
  for (const e of ENTRIES) {
    const m = e.re.exec(s);
    if (!m || m.index !== 0) continue;
    const skip = e.skip ? e.skip(m) : 0;
    let message = s.slice(skip).trim();
    let end = text.length;
    if (e.reason === 'Evicted') {
      // the eviction message is its fragments: what follows them is not part of it
      const ev = evictionEnd(message);
      if (ev !== undefined) {
        end = at + skip + (s.slice(skip).length - s.slice(skip).trimStart().length) + ev;
        message = message.slice(0, ev).trim();
      }
    }
    if (e.kind === 'container-waiting' && s.charAt(skip - 1) === '(' && message.endsWith(')')) message = message.slice(0, -1);
    if (message === '' && e.kind !== 'event') continue;
    const reason = typeof e.reason === 'string' ? e.reason : e.reason(m);
    const out: KnownMessage = { kind: e.kind, reason, message, at, end };
    if (e.type) out.type = e.type;
    if (e.source) out.source = e.source;
    if (e.object) out.object = e.object;
    if (e.names) Object.assign(out, e.names(m));
    if (e.kind === 'container-waiting' && out.container === undefined) {
      // "CrashLoopBackOff (back-off 5m0s restarting failed container=app pod=web_ns(uid))"
      const inner = /restarting failed container=([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?) pod=(\S+)/.exec(message);
      if (inner) {
        out.container = inner[1] as string;
        const p = podOf(inner[2]);
        if (p) out.pod = p;
      }
    }
    if (out.pod === undefined) {
      // kubelet's messages name the pod as name_namespace(uid): lifecycle hooks, mounts, sync errors
      const p = /\b[Pp]od "?([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)_([a-z0-9](?:[-a-z0-9]*[a-z0-9])?)\(/.exec(message);
      if (p) out.pod = { name: p[1] as string, namespace: p[2] as string };
    }
    return out;
  }
  return undefined;
}

/**
 * The end of an eviction message: its fragments, each ending in ". " (helpers.go), and nothing
 * after them (a sentence a user wrote right after the message is not part of it).
 */
function evictionEnd(s: string): number | undefined {
  const FRAG =
    /^(?:Pod (?:was rejected: )?)?(?:The node was low on resource: [\w.\/-]+\.|The node had condition: \[[^\]]*\]\.|Threshold quantity: [^,]+, available: [^.\s]+\.|Container \S+ was using \S+, (?:request is \S+, has larger consumption of [\w.\/-]+|which exceeds its request of [^.\s]+(?:\.\d+)?)\.|Pod ephemeral local storage usage exceeds the total limit of containers [^.\s]+(?:\.\d+)?\.|Usage of EmptyDir volume "[^"]*" exceeds the limit "[^"]*"\.|Container \S+ exceeded its local ephemeral storage limit "[^"]*"\.)\s*/;
  let at = 0;
  let n = 0;
  for (;;) {
    const m = FRAG.exec(s.slice(at));
    if (!m) break;
    at += m[0].length;
    n++;
    if (n > 64) break;
  }
  return n > 0 ? at : undefined;
}

/**
 * The first known message in a line of text, where a message may begin (at the start, or after a
 * space, quote, backtick, colon or bracket: "It said `…`", "Reason: …", "2025-05-03 … WARNING - …").
 */
export function findKnownMessage(text: string): KnownMessage | undefined {
  STARTS.lastIndex = 0;
  let m: RegExpExecArray | null;
  let tries = 0;
  while ((m = STARTS.exec(text)) && tries++ < 64) {
    const at = m.index;
    if (at > 0 && !BOUNDARY.test(text.charAt(at - 1))) continue;
    const k = knownMessage(text, at);
    if (k) return k;
  }
  return undefined;
}

/** Does the text hold a word a known message starts with? (a quick test before a line is read part by part) */
export function mayHoldMessage(text: string): boolean {
  STARTS.lastIndex = 0;
  let m: RegExpExecArray | null;
  let tries = 0;
  while ((m = STARTS.exec(text)) && tries++ < 64) if (m.index === 0 || BOUNDARY.test(text.charAt(m.index - 1))) return true;
  return false;
}

/** Reasons the kubelet, the scheduler and controllers give a pod's events (a row's Reason column). */
export const EVENT_REASONS = new Set([
  'Scheduled',
  'FailedScheduling',
  'Preempted',
  'Pulling',
  'Pulled',
  'Failed',
  'BackOff',
  'ErrImageNeverPull',
  'InspectFailed',
  'Created',
  'Started',
  'Killing',
  'Preempting',
  'Unhealthy',
  'ProbeWarning',
  'ExceededGracePeriod',
  'FailedKillPod',
  'FailedCreatePodContainer',
  'FailedPreStopHook',
  'FailedPostStartHook',
  'FailedMount',
  'FailedMapVolume',
  'FailedAttachVolume',
  'SuccessfulAttachVolume',
  'SuccessfulMountVolume',
  'FailedCreatePodSandBox',
  'FailedPodSandBoxStatus',
  'SandboxChanged',
  'NetworkNotReady',
  'FailedSync',
  'FailedValidation',
  'Evicted',
  'TaintManagerEviction',
  'NodeNotReady',
  'OutOfcpu',
  'OutOfmemory',
  'OutOfpods',
  'UnexpectedAdmissionError',
  'NodeAffinity',
  'NodeShutdown',
  'AddedInterface',
  'NotTriggerScaleUp',
  'TriggeredScaleUp',
  'ProvisioningFailed',
  'FailedBinding',
  'ExternalProvisioning',
  'Provisioning',
  'ProvisioningSucceeded',
  'SuccessfulCreate',
  'FailedCreate',
  'DeadlineExceeded',
  'BackoffLimitExceeded',
  'Completed',
  'WaitForFirstConsumer',
]);
