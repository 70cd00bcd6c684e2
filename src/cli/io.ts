// The program's view of the outside world. Commands receive an IO and never touch `process`:
// tests pass a fake one, cli/main.ts passes the real one.

import { tooBig } from '../sources/decode.js';

export interface IO {
  out(s: string): void;
  err(s: string): void;
  /** Read all of standard input, refusing more than maxBytes. */
  readStdin(maxBytes: number): Promise<Buffer>;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Terminal width, when stdout is a terminal. */
  columns?: number;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Aborted on Ctrl-C, for commands that run until interrupted (--watch); SIGINT when absent. */
  interrupt?: AbortSignal;
  /** Set by commands: 0 or 1. Errors are thrown, not stored here. */
  exitCode: number;
}

export function processIO(): IO {
  return {
    out: (s) => {
      process.stdout.write(s);
    },
    err: (s) => {
      process.stderr.write(s);
    },
    readStdin: async (maxBytes) => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of process.stdin) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          process.stdin.destroy();
          throw tooBig('<stdin>', undefined, maxBytes);
        }
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    },
    stdinIsTTY: process.stdin.isTTY === true,
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    ...(process.stdout.columns ? { columns: process.stdout.columns } : {}),
    env: process.env,
    cwd: process.cwd(),
    exitCode: 0,
  };
}
