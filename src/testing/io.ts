// Test-only: an in-memory IO for running the CLI in-process.

import type { IO } from '../cli/io.js';

export interface MemoryIO extends IO {
  stdout: string;
  stderr: string;
}

export function memoryIO(env: Record<string, string | undefined> = {}, stdin = ''): MemoryIO {
  const io: MemoryIO = {
    stdout: '',
    stderr: '',
    out: (s) => {
      io.stdout += s;
    },
    err: (s) => {
      io.stderr += s;
    },
    readStdin: async () => stdin,
    stdinIsTTY: stdin === '',
    stdoutIsTTY: false,
    stderrIsTTY: false,
    env,
    cwd: process.cwd(),
    exitCode: 0,
  };
  return io;
}
