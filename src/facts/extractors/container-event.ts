// What a kubelet event says about one container, for pods whose status is silent (a manifest
// pasted with `kubectl get events`, describe text without the container's state) or whose status
// has a reason but no message. The kubelet's own wording (pkg/kubelet/events, kuberuntime,
// images/image_manager.go) across versions:
//   BackOff  Back-off restarting failed container app in pod web_default(uid)   (≥1.26)
//   BackOff  Back-off restarting failed container                              (older)
//   BackOff  Back-off pulling image "nginx:1.99"
//   Failed   Failed to pull image "nginx:1.99": rpc error: code = NotFound desc = …
//   Failed   Error: ErrImagePull | Error: ImagePullBackOff | Error: InvalidImageName | Error: ErrImageNeverPull
//   Failed   Error: couldn't find key VALUE in Secret default/x                  (CreateContainerConfigError)
//   Failed   Error: failed to create containerd task: … exec: "x": …           (RunContainerError / StartError)
//   Failed   Error: container create failed: …                                  (CRI-O: CreateContainerError)
//   ErrImageNeverPull  Container image "x" is not present with pull policy of Never
//   InspectFailed      Failed to apply default image tag "x": couldn't parse image reference "x": invalid reference format
//   Created / Started  Created container app / Started container app           (newest: Container created / started)
// Each is turned into the waiting reason the kubelet would have put in the status, and the
// message it would have carried there.

import { classifyConfigError } from './config-error.js';

export type ContainerEventKind =
  | 'crashloop'
  | 'image-backoff'
  | 'image-pull'
  | 'image-pull-echo'
  | 'never-pull'
  | 'invalid-image'
  | 'config'
  | 'create'
  | 'start'
  | 'started'
  | 'created'
  | 'pulling'
  | 'init-exit'
  | 'probed';

export interface ContainerEvent {
  kind: ContainerEventKind;
  /** The waiting reason the kubelet reports for this failure, when it is one. */
  waitingReason?: string;
  /** The message as the status would carry it ("Error: " taken off). */
  message?: string;
  /** init-exit: the code an init container exited with (kubelets ≤ 1.5 reported it only in FailedSync). */
  exitCode?: number;
}

const ERROR_PREFIX = /^Error:\s*/;

/** Errors that come from creating the container (CreateContainerError) rather than starting it. */
const CREATE = /^(?:container create failed|failed to create container(?!d)|failed to generate container|cannot find volume|Error response from daemon: (?:Conflict|invalid|No such)|failed to reserve container name|the container name .* is already in use|failed to prepare|generate container config)/i;

/** Kubernetes v1.0–1.1 wrote event reasons in lowerCamelCase ("failed", "backOff", "pulling"). */
const OLD_REASONS: Record<string, string> = {
  failed: 'Failed',
  backOff: 'BackOff',
  pulling: 'Pulling',
  pulled: 'Pulled',
  created: 'Created',
  started: 'Started',
  inspectFailed: 'InspectFailed',
  errImageNeverPull: 'ErrImageNeverPull',
};

/** Waiting reasons the kubelet echoes in a Failed event ("Error: ErrImagePull"). */
const IMAGE_ECHOES: Record<string, ContainerEventKind> = {
  ErrImagePull: 'image-pull-echo',
  ImagePullBackOff: 'image-backoff',
  ErrImageNeverPull: 'never-pull',
  InvalidImageName: 'invalid-image',
  ImageInspectError: 'invalid-image',
  RegistryUnavailable: 'image-pull-echo',
  SignatureValidationFailed: 'image-pull-echo',
};

/**
 * Kubelets up to 1.5 reported container failures as FailedSync:
 *   Error syncing pod, skipping: failed to "StartContainer" for "web" with ErrImagePull: "image pull failed for …"
 *   Error syncing pod, skipping: [failed to "InitContainer" for "migrate" with RunInitContainerError: "init container \"migrate\" exited with 1"
 * The container, the waiting reason and the kubelet's message, unescaped.
 */
export function parseFailedSync(message: string): { container: string; init: boolean; reason: string; message: string } | undefined {
  const m = /failed to "(StartContainer|InitContainer|KillContainer)" for "([^"]+)" with (\w+): "((?:[^"\\]|\\.)*)/.exec(message);
  if (!m) return undefined;
  return { container: m[2] as string, init: m[1] === 'InitContainer', reason: m[3] as string, message: (m[4] as string).replace(/\\(.)/g, '$1').trim() };
}

export function classifyContainerEvent(rawReason: string | undefined, message: string | undefined): ContainerEvent | undefined {
  let msg = (message ?? '').trim();
  let reason = rawReason !== undefined ? (OLD_REASONS[rawReason] ?? rawReason) : undefined;
  if (reason === 'FailedSync') {
    const sync = parseFailedSync(msg);
    if (!sync) return undefined;
    // an init container that exited non-zero: its own state was terminated with that code
    const exit = /exited with (\d+)/.exec(sync.message);
    if (sync.reason === 'RunInitContainerError' && exit) return { kind: 'init-exit', exitCode: Number(exit[1]), message: sync.message };
    if (sync.reason === 'CrashLoopBackOff') return { kind: 'crashloop', waitingReason: 'CrashLoopBackOff', message: sync.message };
    if (sync.reason === 'ImagePullBackOff') return { kind: 'image-backoff', waitingReason: 'ImagePullBackOff', message: sync.message };
    if (sync.reason === 'ErrImagePull') return { kind: 'image-pull', waitingReason: 'ErrImagePull', message: `Failed to pull image: ${sync.message}` };
    reason = 'Failed';
    msg = `Error: ${sync.message}`;
  }
  switch (reason) {
    case 'BackOff':
      if (/^Back-off restarting failed/i.test(msg)) return { kind: 'crashloop', waitingReason: 'CrashLoopBackOff', message: msg };
      if (/^Back-off pulling image/i.test(msg)) return { kind: 'image-backoff', waitingReason: 'ImagePullBackOff', message: msg };
      return undefined;
    case 'ErrImageNeverPull':
      return { kind: 'never-pull', waitingReason: 'ErrImageNeverPull', message: msg };
    case 'InspectFailed':
      return { kind: 'invalid-image', waitingReason: /invalid reference|couldn't parse|InvalidImageName/i.test(msg) ? 'InvalidImageName' : 'ImageInspectError', message: msg };
    case 'Created':
      return { kind: 'created' };
    // the kubelet probes only a running container: a probe's report says it was running then
    case 'Unhealthy':
    case 'ProbeWarning':
      return /^(?:Liveness|Readiness|Startup) probe/.test(msg) ? { kind: 'probed' } : undefined;
    case 'Started':
      return { kind: 'started' };
    case 'Pulling':
      return { kind: 'pulling' };
    case 'Failed':
      break;
    default:
      return undefined;
  }
  if (/^Failed to pull image|^failed to pull and unpack image/i.test(msg)) return { kind: 'image-pull', waitingReason: 'ErrImagePull', message: msg };
  if (!ERROR_PREFIX.test(msg)) return undefined;
  const body = msg.replace(ERROR_PREFIX, '');
  // the kubelet's echo of the reason it put in the status
  const echo = IMAGE_ECHOES[body];
  if (echo) return { kind: echo, waitingReason: body };
  switch (body) {
    case 'CreateContainerConfigError':
      return { kind: 'config', waitingReason: 'CreateContainerConfigError' };
    case 'CreateContainerError':
    case 'RunContainerError':
      return { kind: body === 'RunContainerError' ? 'start' : 'create', waitingReason: body };
    case 'PreStartHookError':
    case 'PreCreateHookError':
      return { kind: 'start', waitingReason: body };
    default:
      break;
  }
  if (classifyConfigError(body).kind !== 'unknown') return { kind: 'config', waitingReason: 'CreateContainerConfigError', message: body };
  if (CREATE.test(body)) return { kind: 'create', waitingReason: 'CreateContainerError', message: body };
  return { kind: 'start', waitingReason: 'RunContainerError', message: body };
}

/** Kinds that say the container failed (the others say what it went through). */
export function isFailure(kind: ContainerEventKind): boolean {
  return kind !== 'started' && kind !== 'created' && kind !== 'pulling' && kind !== 'probed';
}
