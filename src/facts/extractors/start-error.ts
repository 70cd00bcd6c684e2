// Why a container process could not be started (terminated reason StartError / ContainerCannotRun,
// waiting reason RunContainerError / CreateContainerError). The text is the OCI runtime's:
//   failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create
//   failed: unable to start container process: exec: "foo": executable file not found in $PATH: unknown

export interface StartError {
  kind: string;
  message: string;
  path?: string;
}

export function classifyStartError(message: string): StartError {
  const msg = message.trim();
  // exec: "foo" — CRI-O and old Docker wrap the runtime's message, escaping its quotes: exec: \"foo\"
  const quoted = /exec: \\*"([^"\\]*)\\*"/.exec(msg)?.[1];
  // Mount, cgroup and sysctl errors also say "no such file" or "permission denied": not the program.
  const setup = /rootfs_linux\.go|mounting \\*"|error mounting|cgroup|sysctl|volume-subpaths|process_linux\.go:\d+: (?:setting|applying)/.test(msg) && !/exec: \\*"/.test(msg);
  const withPath = (kind: string, path?: string): StartError => (path ? { kind, message: msg, path } : { kind, message: msg });
  if (/executable file not found in \$PATH|executable file not found/.test(msg)) return withPath('executable-not-found', quoted);
  if (/exec format error/.test(msg)) return withPath('exec-format', quoted);
  if (setup) return withPath('container-setup');
  if (/permission denied/.test(msg)) return withPath('permission-denied', quoted ?? /(\/[^\s:"]+): permission denied/.exec(msg)?.[1]);
  if (/no such file or directory/.test(msg)) return withPath('no-such-file', quoted ?? /stat ([^\s:]+): no such file/.exec(msg)?.[1]);
  if (/no command specified/i.test(msg)) return withPath('no-command');
  if (/is already in use|failed to reserve container name|name is reserved/.test(msg)) return withPath('name-conflict');
  if (/context deadline exceeded|DeadlineExceeded/.test(msg)) return withPath('runtime-timeout');
  return withPath('unknown');
}
