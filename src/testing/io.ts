// Test-only: an in-memory IO for running the CLI in-process.

import type { IO } from '../cli/io.js';
import { tooBig } from '../sources/decode.js';

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
    readStdin: async (max) => {
      const b = Buffer.from(stdin);
      if (b.length > max) throw tooBig('<stdin>', b.length, max);
      return b;
    },
    stdinIsTTY: stdin === '',
    stdoutIsTTY: false,
    stderrIsTTY: false,
    env,
    cwd: process.cwd(),
    exitCode: 0,
  };
  return io;
}
