// Test-only: an in-memory IO for running the CLI in-process.

import type { IO } from '../src/cli/io.js';

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
    // in 4 KiB chunks, so multi-byte characters and lines are split across chunks as a pipe splits them
    stdin: function* () {
      const b = Buffer.from(stdin);
      for (let i = 0; i < b.length; i += 4096) yield b.subarray(i, i + 4096);
    } as unknown as () => AsyncIterable<Buffer>,
    stdinIsTTY: stdin === '',
    stdoutIsTTY: false,
    stderrIsTTY: false,
    env,
    cwd: process.cwd(),
    exitCode: 0,
  };
  return io;
}
