// How the program writes its output: straight to file descriptors 1 and 2 (fs.writeSync), not
// through process.stdout and process.stderr. Touching those builds Node's stream machinery (on a
// pipe, its net.Socket): ~3 ms, a tenth of a short run's own time, for what is on Linux and macOS
// a synchronous write anyway. The streams are used only where they are needed: a non-blocking
// descriptor that is full (EAGAIN: the rest goes through the stream, which waits for it to drain,
// and so does everything after), and a terminal's width.
//
// A reader that closes the pipe early (`podwhy … | head`) is not an error: the run ends quietly,
// with the exit code it had. Output that cannot be written (a full disk, /dev/full, a revoked
// terminal) is the machine's trouble, not a bug: one line on stderr, exit 2.

import { fstatSync, statSync, writeSync } from 'node:fs';
import { oneLine } from '../util/sanitize.js';

/** What a writer needs from the process (tests pass their own). */
export interface StdioHost {
  writeSync(fd: number, buf: Uint8Array, offset: number): number;
  /** The stream for fd (process.stdout or process.stderr). */
  stream(fd: 1 | 2): NodeJS.WritableStream;
  /** End the process now with this exit code. */
  exit(code: number): never;
  /** The exit code the run has so far. */
  exitCode(): number | undefined;
}

const processHost: StdioHost = {
  writeSync: (fd, buf, offset) => writeSync(fd, buf, offset),
  stream: (fd) => (fd === 1 ? process.stdout : process.stderr),
  exit: (code) => process.exit(code),
  exitCode: () => (typeof process.exitCode === 'number' ? process.exitCode : undefined),
};

/** The size of FdWriter's encoding buffer. */
const SCRATCH_BYTES = 256 * 1024;

/** A writer of one descriptor (1: the output, 2: the messages). */
export class FdWriter {
  private stream: NodeJS.WritableStream | undefined;

  constructor(
    private readonly fd: 1 | 2,
    private readonly host: StdioHost = processHost,
  ) {}

  write(s: string): void {
    if (this.stream) {
      this.stream.write(s);
      return;
    }
    // UTF-8 takes at most 3 bytes per UTF-16 unit: text that fits is encoded into one buffer kept
    // for the purpose (the JSON writer hands over 64 K characters at a time) rather than a new one
    let buf: Buffer;
    if (s.length * 3 <= SCRATCH_BYTES) {
      this.scratch ??= Buffer.allocUnsafe(SCRATCH_BYTES);
      buf = this.scratch.subarray(0, this.scratch.write(s));
    } else buf = Buffer.from(s);
    let done = 0;
    try {
      while (done < buf.length) done += this.host.writeSync(this.fd, buf, done);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') this.failed(e as NodeJS.ErrnoException);
      // full for now: the stream queues the rest and writes it as the reader takes it (a copy, so
      // that the stream never shares the encoding buffer)
      this.stream = this.host.stream(this.fd);
      this.stream.on('error', (err: NodeJS.ErrnoException) => this.failed(err));
      this.stream.write(Buffer.from(buf.subarray(done)));
    }
  }

  private scratch: Buffer | undefined;

  private failed(e: NodeJS.ErrnoException): never {
    if (e.code === 'EPIPE') this.host.exit(this.host.exitCode() ?? 0);
    try {
      const line = Buffer.from(`podwhy: cannot write the ${this.fd === 1 ? 'output' : 'messages'}: ${oneLine(e.message)}\n`);
      if (this.fd === 1) this.host.writeSync(2, line, 0);
    } catch {
      // stderr cannot be written either
    }
    return this.host.exit(2);
  }
}

let nullDevice: number | undefined;

/**
 * Whether fd is a terminal. Asked of node:tty (through process.stdout and the like) only for a
 * character device other than /dev/null: a pipe, a file or /dev/null never loads it.
 */
export function isTerminal(fd: 0 | 1 | 2): boolean {
  try {
    const st = fstatSync(fd);
    if (!st.isCharacterDevice()) return false;
    nullDevice ??= statSync('/dev/null').rdev;
    if (st.rdev === nullDevice) return false;
  } catch {
    // (no /dev/null: ask node:tty)
  }
  const stream = fd === 0 ? process.stdin : fd === 1 ? process.stdout : process.stderr;
  return stream.isTTY === true;
}
