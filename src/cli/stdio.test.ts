import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { FdWriter, type StdioHost } from './stdio.js';

class Exit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/** A host whose descriptors take at most `chunk` bytes a call and fail as `fail` says. */
function host(opts: { chunk?: number; fail?: (fd: number, call: number) => string | undefined; exitCode?: number } = {}) {
  const written: Record<number, Buffer[]> = { 1: [], 2: [] };
  const streamed: string[] = [];
  const stream = Object.assign(new EventEmitter(), { write: (s: string | Uint8Array) => streamed.push(Buffer.from(s).toString()) });
  let calls = 0;
  const h: StdioHost = {
    writeSync: (fd, buf, offset) => {
      const code = opts.fail?.(fd, calls++);
      if (code) throw Object.assign(new Error(`${code}: it failed, write`), { code });
      const n = Math.min(opts.chunk ?? Infinity, buf.length - offset);
      written[fd]?.push(Buffer.from(buf.subarray(offset, offset + n)));
      return n;
    },
    stream: () => stream as unknown as NodeJS.WritableStream,
    exit: (code) => {
      throw new Exit(code);
    },
    exitCode: () => opts.exitCode,
  };
  const text = (fd: number) => Buffer.concat(written[fd] ?? []).toString();
  return { h, text, streamed, stream };
}

test('writes everything, however little each write takes', () => {
  const { h, text } = host({ chunk: 3 });
  const w = new FdWriter(1, h);
  w.write('hello, 세계\n');
  w.write('two');
  assert.equal(text(1), 'hello, 세계\ntwo');
});

test('long text, one- and three-byte characters, on either side of the encoding buffer\'s size', () => {
  const { h, text } = host({ chunk: 65536 });
  const w = new FdWriter(1, h);
  const pieces = ['a'.repeat(200_000), '세'.repeat(80_000), '계'.repeat(90_000), 'b'.repeat(300_000), `x${'한'.repeat(87_381)}`, 'end\n'];
  for (const p of pieces) w.write(p);
  assert.equal(text(1), pieces.join(''));
});

test('a full non-blocking descriptor: the rest, and everything after, goes through the stream in order', () => {
  const { h, text, streamed } = host({ chunk: 4, fail: (fd, call) => (call === 1 ? 'EAGAIN' : undefined) });
  const w = new FdWriter(1, h);
  w.write('abcdefgh');
  w.write('ij');
  assert.equal(text(1), 'abcd');
  assert.deepEqual(streamed, ['efgh', 'ij']);
});

test('a reader that left (EPIPE) ends the run quietly with the exit code it had', () => {
  for (const exitCode of [undefined, 1]) {
    const { h, text } = host({ fail: () => 'EPIPE', exitCode });
    assert.throws(() => new FdWriter(1, h).write('x'), (e: unknown) => e instanceof Exit && e.code === (exitCode ?? 0));
    assert.equal(text(2), '');
  }
});

test('output that cannot be written is one line on stderr and exit 2; messages that cannot be, exit 2', () => {
  const out = host({ fail: (fd) => (fd === 1 ? 'ENOSPC' : undefined) });
  assert.throws(() => new FdWriter(1, out.h).write('x'), (e: unknown) => e instanceof Exit && e.code === 2);
  assert.equal(out.text(2), 'podwhy: cannot write the output: ENOSPC: it failed, write\n');
  const err = host({ fail: () => 'EIO' });
  assert.throws(() => new FdWriter(2, err.h).write('x'), (e: unknown) => e instanceof Exit && e.code === 2);
});

test('an error on the stream it fell back to is handled the same way', () => {
  const { h, stream, text } = host({ fail: (fd, call) => (call === 0 ? 'EAGAIN' : undefined) });
  new FdWriter(1, h).write('x');
  assert.throws(() => stream.emit('error', Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' })), (e: unknown) => e instanceof Exit && e.code === 2);
  assert.equal(text(2), 'podwhy: cannot write the output: EIO: i/o error, write\n');
});
