// Typed errors. Each maps to one exit code in cli/main.ts, the only place that decides exits.
// Messages are one line: "<what> — <what to do>".

export abstract class PodwhyError extends Error {
  abstract readonly exitCode: number;
}

/** Bad flags or arguments (exit 2). */
export class UsageError extends PodwhyError {
  readonly exitCode = 2;
}

/** Unreadable or invalid input, no pod in it, pod not found (exit 2). */
export class InputError extends PodwhyError {
  readonly exitCode = 2;
}

/** One or more rule files are invalid (exit 2). All problems are listed. */
export class RuleLoadError extends PodwhyError {
  readonly exitCode = 2;
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? `invalid rule: ${problems[0]}` : `${problems.length} problems in rule files:\n  ${problems.join('\n  ')}`);
  }
}

/** The cluster could not be used: unreachable, timeout, TLS, auth, forbidden (exit 3). */
export class ClusterError extends PodwhyError {
  readonly exitCode = 3;
}

/** A bug in podwhy. */
export class InternalError extends PodwhyError {
  readonly exitCode = 2;
}
