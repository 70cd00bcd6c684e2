// Bytes in, text out, or a clear refusal: podwhy reads what users paste and what clusters send,
// so input is bounded in size, binary files are refused, UTF-8 with a BOM and UTF-16 with a BOM
// are decoded, and anything else that is not valid UTF-8 is refused with the offset it broke at.

import { isAscii } from 'node:buffer';
import { InputError } from '../model/errors.js';

export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB`;
  if (n >= 1024) return `${Math.round((n / 1024) * 10) / 10} KiB`;
  return `${n} bytes`;
}

export function tooBig(file: string, size: number | undefined, max: number): InputError {
  return new InputError(
    `${file} is ${size !== undefined ? `${formatBytes(size)}, more than` : 'larger than'} --max-bytes ${formatBytes(max)} — narrow the input (-n, -l) or raise --max-bytes`,
  );
}

/** Parse --max-bytes: a number of bytes, or with a Ki/Mi/Gi (or K/M/G) suffix. */
export function parseMaxBytes(v: string): number | undefined {
  const m = /^(\d+)\s*(K|M|G|Ki|Mi|Gi|KiB|MiB|GiB|KB|MB|GB)?$/i.exec(v.trim());
  if (!m) return undefined;
  const unit = (m[2] ?? '').toLowerCase().replace(/b$/, '');
  const mult = unit === '' ? 1 : unit.startsWith('k') ? 1024 : unit.startsWith('m') ? 1024 ** 2 : 1024 ** 3;
  return Number(m[1]) * mult;
}

/** Decode a whole input at once (see StreamDecoder for the checks). */
export function decodeInput(buf: Buffer, file: string, maxBytes = Number.MAX_SAFE_INTEGER): string {
  const d = new StreamDecoder(file, maxBytes, buf.length);
  return d.push(buf) + d.end();
}

/**
 * Compressed files, by their first bytes (RFC 1952, RFC 8878, the xz format): said as such, with
 * the command that decompresses them, rather than as binary. A cut one is the same.
 */
const COMPRESSED = [
  { name: 'gzip', magic: [0x1f, 0x8b], command: 'gunzip -c' },
  { name: 'zstd', magic: [0x28, 0xb5, 0x2f], command: 'zstd -dc' },
  { name: 'xz', magic: [0xfd, 0x37, 0x7a], command: 'xz -dc' },
];

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function invalidUtf8At(buf: Buffer): number {
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i] as number;
    const n = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (n === 0) return i;
    let ok = i + n <= buf.length;
    for (let j = 1; ok && j < n; j++) ok = ((buf[i + j] as number) & 0xc0) === 0x80;
    if (!ok) return i;
    i += n - 1;
  }
  return 0;
}

/**
 * decodeInput for input that arrives in chunks: the same checks (size, BOM, binary, UTF-8),
 * with memory bounded by the chunk, not the input. ASCII chunks, the common case, are turned
 * into strings without a UTF-8 decoder pass.
 */
export class StreamDecoder {
  private size = 0;
  private head: Buffer[] = [];
  private mode: 'start' | 'utf8' | 'utf16' = 'start';
  private utf16: Buffer[] = [];
  private utf16le = true;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  /** Whether the decoder holds the start of a multi-byte character from the last chunk. */
  private partial = false;

  constructor(
    private readonly file: string,
    private readonly maxBytes: number,
    private readonly knownSize?: number,
  ) {}

  push(buf: Buffer): string {
    this.size += buf.length;
    if (this.size > this.maxBytes) throw tooBig(this.file, this.knownSize, this.maxBytes);
    if (this.mode === 'start') {
      // kept across calls, so copied: callers may reuse their buffer
      this.head.push(Buffer.from(buf));
      const h = Buffer.concat(this.head);
      if (h.length < 3) return '';
      this.head = [];
      return this.begin(h);
    }
    return this.more(buf, this.size - buf.length);
  }

  end(): string {
    if (this.mode === 'start') {
      const h = Buffer.concat(this.head);
      this.head = [];
      return h.length === 0 ? '' : `${this.begin(h)}${this.end()}`;
    }
    if (this.mode === 'utf16') {
      const text = new TextDecoder(this.utf16le ? 'utf-16le' : 'utf-16be').decode(Buffer.concat(this.utf16));
      this.utf16 = [];
      return text;
    }
    try {
      return this.decoder.decode();
    } catch {
      throw new InputError(`${this.file} is not UTF-8 text (it ends inside a character) — save it as UTF-8`);
    }
  }

  private begin(h: Buffer): string {
    const packed = COMPRESSED.find((c) => c.magic.every((b, i) => h[i] === b));
    if (packed) throw new InputError(`${this.file} is ${packed.name}-compressed, not YAML or JSON — decompress it first: ${packed.command} FILE | podwhy`);
    if (h[0] === 0xff && h[1] === 0xfe) {
      this.mode = 'utf16';
      this.utf16.push(h.subarray(2));
      return '';
    }
    if (h[0] === 0xfe && h[1] === 0xff) {
      this.mode = 'utf16';
      this.utf16le = false;
      this.utf16.push(h.subarray(2));
      return '';
    }
    this.mode = 'utf8';
    if (h[0] === 0xef && h[1] === 0xbb && h[2] === 0xbf) return this.more(h.subarray(3), 3);
    return this.more(h, 0);
  }

  private more(buf: Buffer, offset: number): string {
    if (this.mode === 'utf16') {
      this.utf16.push(Buffer.from(buf));
      return '';
    }
    if (offset < 64 * 1024) {
      const nul = buf.subarray(0, 64 * 1024 - offset).indexOf(0);
      if (nul >= 0) {
        throw new InputError(`${this.file} looks binary (a NUL byte at offset ${offset + nul}), not YAML or JSON — pass the output of kubectl get -o yaml or -o json (UTF-16 files need a byte-order mark)`);
      }
    }
    if (!this.partial && isAscii(buf)) return buf.toString('latin1');
    const carried = this.partial;
    try {
      const s = this.decoder.decode(buf, { stream: true });
      const last = buf.length > 0 ? (buf[buf.length - 1] as number) : 0;
      // a chunk that ends inside a character leaves the decoder holding its first bytes
      this.partial = last >= 0x80;
      return s;
    } catch {
      // bytes that finish a character begun in the last chunk are not where it broke
      let skip = 0;
      while (carried && skip < 3 && skip < buf.length && ((buf[skip] as number) & 0xc0) === 0x80) skip++;
      throw new InputError(`${this.file} is not UTF-8 text (invalid byte at offset ${offset + skip + invalidUtf8At(buf.subarray(skip))}) — save it as UTF-8`);
    }
  }
}
