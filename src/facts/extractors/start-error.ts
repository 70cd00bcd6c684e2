// Why a container process could not be started (terminated reason StartError / ContainerCannotRun,
// waiting reason RunContainerError / CreateContainerError). The text is the OCI runtime's, wrapped
// by whoever relayed it:
//   containerd  failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create
//               failed: unable to start container process: exec: "foo": executable file not found in $PATH: unknown
//   CRI-O       container create failed: time="2021-05-17T04:32:59Z" level=error msg="container_linux.go:366:
//               starting container process caused: chdir to cwd (\"/root/\") set in config.json failed: permission denied"
//   dockershim  Error response from daemon: OCI runtime create failed: container_linux.go:345: starting container
//               process caused "exec: \"storageos\": executable file not found in $PATH": unknown
//   crun        executable file `foo` not found in $PATH: No such file or directory: OCI runtime attempted to invoke a command that was not found
//   old runc    … starting container process caused "exec: \"/bin/bash\": stat /bin/bash: no such file or directory"
//               exec user process caused "exec format error" / "no such file or directory"

import { bool, obj, oneOf, opt, reason, str, type FactType } from '../declare.js';
import { containerFamily, failedEvent, waitingEvent, type ContainerScope, type ContainerFamilyOf } from '../family.js';

/** Every kind classifyStartError returns: the fact catalogue's container.startError.kind values. */
export const START_ERROR_KINDS = [
  'executable-not-found',
  'permission-denied',
  'exec-format',
  'no-such-file',
  'no-command',
  'working-dir',
  'container-setup',
  'name-conflict',
  'runtime-timeout',
  'unknown',
] as const;
export type StartErrorKind = (typeof START_ERROR_KINDS)[number];

/** A container's `startError` facts, read from the runtime's message here; normalize adds the event it came from. */
export const START_ERROR_FACTS = obj('Why the process could not start (StartError, RunContainerError, CreateContainerError; extractor).', {
  kind: oneOf(
    'executable-not-found, permission-denied, exec-format, no-such-file, no-command, working-dir (runc could not enter the working directory: chdir to cwd failed), container-setup (a mount, mount point, cgroup, sysctl or security-profile step failed, not the program), name-conflict, runtime-timeout, unknown.',
    START_ERROR_KINDS,
  ),
  message: str('The runtime message.'),
  event: opt(reason('The event the message came from (Failed), when the status did not carry it.')),
  path: opt(str('The program or file named.')),
  noCommand: bool('The message says the image and the pod give no command ("No command specified"), whatever its kind.'),
  program: bool('The message is about the program the runtime tried to exec (exec: "x", exec /x, exec user process, executable file), not a mount, sysctl or device.'),
});
export type StartErrorFacts = FactType<typeof START_ERROR_FACTS>;
/** What one message tells. */
export type StartError = Omit<StartErrorFacts, 'event'>;

export function classifyStartError(message: string): StartError {
  const msg = message.trim();
  // exec: "foo" — CRI-O and old Docker wrap the runtime's message, escaping its quotes: exec: \"foo\"
  const quoted = /exec: \\*"([^"\\]*)\\*"/.exec(msg)?.[1];
  // Mount, cgroup, sysctl and security-profile errors also say "no such file" or "permission
  // denied": not the program. So does a mount point the runtime could not create ("mkdir /mnt/x:
  // file exists", "not a directory … mount a directory onto a file").
  const setup =
    /rootfs_linux\.go|mounting \\*"|error mounting|cgroup|sysctl|volume-subpaths|process_linux\.go:\d+: (?:setting|applying)|apparmor|seccomp|mkdir \S+: file exists|mount a directory onto a file|cannot find volume "[^"]*" to mount/.test(msg) &&
    !/exec: \\*"/.test(msg);
  // runc enters the working directory before it executes the program: "chdir to cwd ("/root/") set
  // in config.json failed: permission denied" (OpenShift's random UID may not enter the image's
  // WORKDIR) or "… no such file or directory".
  const cwd = /chdir to cwd \(\\*"([^"\\]*)\\*"\) set in config\.json failed/.exec(msg);
  const noCommand = /no command specified/i.test(msg);
  const program = /exec: \\?"|exec \/|exec user process|executable/.test(msg);
  const withPath = (kind: StartErrorKind, path?: string): StartError => (path ? { kind, message: msg, path, noCommand, program } : { kind, message: msg, noCommand, program });
  // runc: exec: "foo": executable file not found in $PATH; crun (CRI-O's default on Fedora and
  // OpenShift 4.x): executable file `foo` not found in $PATH: No such file or directory
  const crun = /executable file [`'"]([^`'"]*)[`'"] not found/.exec(msg);
  if (crun) return withPath('executable-not-found', quoted ?? crun[1]);
  if (/executable file not found in \$PATH|executable file not found/.test(msg)) return withPath('executable-not-found', quoted);
  if (/exec format error/i.test(msg)) return withPath('exec-format', quoted);
  if (cwd) return withPath('working-dir', cwd[1] || undefined);
  if (setup) return withPath('container-setup');
  if (/permission denied/i.test(msg)) return withPath('permission-denied', quoted ?? /(\/[^\s:"]+): permission denied/i.exec(msg)?.[1]);
  if (/no such file or directory/i.test(msg)) return withPath('no-such-file', quoted ?? /stat ([^\s:]+): no such file/i.exec(msg)?.[1]);
  // exec: "/app/bin/run/start": stat …: not a directory — a file where the path needs a directory
  if (/not a directory/.test(msg) && quoted !== undefined) return withPath('no-such-file', quoted);
  if (/no command specified/i.test(msg)) return withPath('no-command');
  if (/is already in use|failed to reserve container name|name is reserved/.test(msg)) return withPath('name-conflict');
  if (/context deadline exceeded|DeadlineExceeded/.test(msg)) return withPath('runtime-timeout');
  return withPath('unknown');
}

const START_WAITING_REASONS = new Set(['RunContainerError', 'CreateContainerError', 'StartError', 'PreStartHookError', 'PreCreateHookError']);
const START_TERMINATED_REASONS = new Set(['StartError', 'ContainerCannotRun']);

/**
 * Why the process could not start: the runtime's words in the waiting message (RunContainerError,
 * CreateContainerError…) or in a StartError/ContainerCannotRun termination, now or last time;
 * else, when the status gives the reason without them, the kubelet's Failed event.
 */
export function extractStartError(s: Pick<ContainerScope, 'c' | 'events'>): StartErrorFacts | undefined {
  const { state, lastState } = s.c;
  const waitingReason = state.waiting?.reason;
  const waitingMessage = state.waiting?.message;
  const startWaiting = waitingReason !== undefined && START_WAITING_REASONS.has(waitingReason);
  const startTerminated = (t: typeof state.terminated) => t?.reason !== undefined && START_TERMINATED_REASONS.has(t.reason);
  let message = (startWaiting ? waitingMessage : undefined) ?? (startTerminated(state.terminated) ? state.terminated?.message : undefined) ?? (startTerminated(lastState.terminated) ? lastState.terminated?.message : undefined);
  let event = message !== undefined && message === waitingMessage ? waitingEvent(s.c) : undefined;
  if (message !== undefined && event === undefined && lastState.source === 'event' && message === lastState.terminated?.message) event = s.c.inferred?.['lastState']?.reason;
  if (message === undefined && (startWaiting || startTerminated(state.terminated) || startTerminated(lastState.terminated))) {
    // the status gives the reason without the runtime's words: the kubelet's event has them
    message = failedEvent(s.events, /^Error: /);
    if (message !== undefined) event = 'Failed';
  }
  if (!message) return undefined;
  const out: StartErrorFacts = classifyStartError(message.replace(/^Error:\s*/, ''));
  if (event) out.event = event;
  return out;
}

export const START_ERROR_FAMILY: ContainerFamilyOf<'startError', typeof START_ERROR_FACTS> = containerFamily('startError', START_ERROR_FACTS, extractStartError);
