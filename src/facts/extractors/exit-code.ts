// What a container's exit code and signal mean. The kernel reports death by signal n as
// 128 + n; runtimes add their own codes (128 for a process that never started under containerd).

import { apiEnum, oneOf, opt, type FieldsType } from '../declare.js';

/** Every meaning an exit can have: the fact catalogue's terminated.meaning values. */
export const EXIT_MEANINGS = [
  'success',
  'app-error',
  'shell-misuse',
  'not-executable',
  'command-not-found',
  'start-failed',
  'oom-killed',
  'killed',
  'terminated',
  'segfault',
  'aborted',
  'interrupted',
  'signal',
  'out-of-range',
] as const;
export type ExitMeaning = (typeof EXIT_MEANINGS)[number];

/** Linux signal numbers to names (x86 and arm64 agree on these). */
export const SIGNALS: Record<number, string> = {
  1: 'SIGHUP',
  2: 'SIGINT',
  3: 'SIGQUIT',
  4: 'SIGILL',
  5: 'SIGTRAP',
  6: 'SIGABRT',
  7: 'SIGBUS',
  8: 'SIGFPE',
  9: 'SIGKILL',
  10: 'SIGUSR1',
  11: 'SIGSEGV',
  12: 'SIGUSR2',
  13: 'SIGPIPE',
  14: 'SIGALRM',
  15: 'SIGTERM',
  16: 'SIGSTKFLT',
  17: 'SIGCHLD',
  18: 'SIGCONT',
  19: 'SIGSTOP',
  20: 'SIGTSTP',
  21: 'SIGTTIN',
  22: 'SIGTTOU',
  23: 'SIGURG',
  24: 'SIGXCPU',
  25: 'SIGXFSZ',
  26: 'SIGVTALRM',
  27: 'SIGPROF',
  28: 'SIGWINCH',
  29: 'SIGIO',
  30: 'SIGPWR',
  31: 'SIGSYS',
};

/** Fields of a terminated state this extractor fills (facts/catalog.ts puts them under container.state.terminated). */
export const EXIT_FIELDS = {
  meaning: opt(
    oneOf(
      'What the exit means: success, app-error, shell-misuse, not-executable, command-not-found, start-failed, oom-killed, killed, terminated, segfault, aborted, interrupted, signal, out-of-range.',
      EXIT_MEANINGS,
    ),
  ),
  signalName: opt(apiEnum('Signal behind the exit: SIGKILL for 137, SIGTERM for 143…', Object.values(SIGNALS))),
};
/** What classifyExit returns: a meaning always, a signal when there was one. */
export type ExitFacts = FieldsType<typeof EXIT_FIELDS> & { meaning: ExitMeaning };

/**
 * Classify a termination. `reason` is the runtime's terminated reason (OOMKilled, Error,
 * Completed, StartError, ContainerCannotRun…), `signal` the rarely-set signal field.
 */
export function classifyExit(exitCode: number | undefined, signal?: number, reason?: string): ExitFacts | undefined {
  if (reason === 'OOMKilled') return { meaning: 'oom-killed', signalName: 'SIGKILL' };
  if (signal !== undefined && signal > 0) {
    return withSignal(signal);
  }
  if (exitCode === undefined) return undefined;
  if (reason === 'StartError' || reason === 'ContainerCannotRun') {
    if (exitCode === 126) return { meaning: 'not-executable' };
    if (exitCode === 127) return { meaning: 'command-not-found' };
    return { meaning: 'start-failed' };
  }
  if (exitCode === 0) return { meaning: 'success' };
  if (exitCode === 2) return { meaning: 'shell-misuse' };
  if (exitCode === 126) return { meaning: 'not-executable' };
  if (exitCode === 127) return { meaning: 'command-not-found' };
  // 128 means "could not start" when the runtime set it (StartError, above) or left no reason;
  // a process that calls exit(128) itself is reported with reason Error.
  if (exitCode === 128) return reason === 'Error' ? { meaning: 'app-error' } : { meaning: 'start-failed' };
  if (exitCode > 128 && exitCode < 128 + 32) return withSignal(exitCode - 128);
  if (exitCode === 255 || exitCode < 0 || exitCode > 255) return { meaning: 'out-of-range' };
  return { meaning: 'app-error' };
}

function withSignal(n: number): ExitFacts {
  const signalName = SIGNALS[n] ?? `signal ${n}`;
  switch (n) {
    case 9:
      return { meaning: 'killed', signalName };
    case 15:
      return { meaning: 'terminated', signalName };
    case 11:
      return { meaning: 'segfault', signalName };
    case 6:
      return { meaning: 'aborted', signalName };
    case 2:
      return { meaning: 'interrupted', signalName };
    default:
      return { meaning: 'signal', signalName };
  }
}
