// The program's view of the outside world. Commands receive an IO and never touch `process`:
// tests pass a fake one, cli/main.ts passes the real one.

import type { ParallelTesting } from '../api/parallel/pool.js';
import { FdWriter, isTerminal } from './stdio.js';

export interface IO {
  out(s: string): void;
  err(s: string): void;
  /** Standard input as byte chunks (read once; limits are applied by the reader). */
  stdin(): AsyncIterable<Buffer>;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Terminal width, when stdout is a terminal (or COLUMNS says it for piped output). */
  columns?: number;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Aborted on Ctrl-C, for commands that run until interrupted (--watch); SIGINT when absent. */
  interrupt?: AbortSignal;
  /** Set by commands: 0 or 1. Errors are thrown, not stored here. */
  exitCode: number;
  /** Tests only: the diagnose command's workers in-process, and lower thresholds (parallel/pool.ts). */
  testing?: ParallelTesting;
}

/**
 * The width text is laid out for: the terminal's; piped, the COLUMNS variable's when it is set
 * (as ls and Python's get_terminal_size honour it: `COLUMNS=80 podwhy … | less`), else none.
 */
export function columnsOf(stdoutIsTTY: boolean, env: string | undefined): { columns?: number } {
  if (stdoutIsTTY && process.stdout.columns) return { columns: process.stdout.columns };
  const n = env !== undefined && /^\d{1,4}$/.test(env.trim()) ? Number(env) : 0;
  return n > 0 ? { columns: n } : {};
}

export function processIO(): IO {
  // (written with fs.writeSync: src/cli/stdio.ts)
  const out = new FdWriter(1);
  const err = new FdWriter(2);
  const stdoutIsTTY = isTerminal(1);
  return {
    out: (s) => out.write(s),
    err: (s) => err.write(s),
    stdin: () => process.stdin as AsyncIterable<Buffer>,
    // read when asked: process.stdin builds its stream on first touch, a cost (~2 ms) that runs
    // with -f, --help and the like never need
    get stdinIsTTY() {
      return process.stdin.isTTY === true;
    },
    stdoutIsTTY,
    stderrIsTTY: isTerminal(2),
    ...columnsOf(stdoutIsTTY, process.env['COLUMNS']),
    env: process.env,
    cwd: process.cwd(),
    exitCode: 0,
  };
}

/**
 * Ctrl-C as a signal, for commands that run until interrupted (--watch): the IO's own (tests),
 * else SIGINT for as long as the command runs; cleanup() gives SIGINT back.
 */
export function interruptOf(io: IO): { signal: AbortSignal; cleanup: () => void } {
  if (io.interrupt) return { signal: io.interrupt, cleanup: () => {} };
  const ac = new AbortController();
  const onSigint = () => ac.abort();
  process.once('SIGINT', onSigint);
  return { signal: ac.signal, cleanup: () => process.removeListener('SIGINT', onSigint) };
}
