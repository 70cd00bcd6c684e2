// Bytes in, text out, or a clear refusal: podwhy reads what users paste and what clusters send,
// so input is bounded in size, binary files are refused, UTF-8 with a BOM and UTF-16 with a BOM
// are decoded, and anything else that is not valid UTF-8 is refused with the offset it broke at.

import { InputError } from '../errors.js';

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

export function decodeInput(buf: Buffer, file: string): string {
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return utf8(buf.subarray(3), file, 3);
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder('utf-16le').decode(buf.subarray(2));
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder('utf-16be').decode(buf.subarray(2));
  const head = buf.subarray(0, 64 * 1024);
  const nul = head.indexOf(0);
  if (nul >= 0) {
    throw new InputError(`${file} looks binary (a NUL byte at offset ${nul}), not YAML or JSON — pass the output of kubectl get -o yaml or -o json (UTF-16 files need a byte-order mark)`);
  }
  return utf8(buf, file, 0);
}

function utf8(buf: Buffer, file: string, offset: number): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    // Find where it broke, for the message.
    let at = 0;
    for (let i = 0; i < buf.length; i++) {
      const b = buf[i] as number;
      const n = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
      if (n === 0) {
        at = i;
        break;
      }
      let ok = i + n <= buf.length;
      for (let j = 1; ok && j < n; j++) ok = ((buf[i + j] as number) & 0xc0) === 0x80;
      if (!ok) {
        at = i;
        break;
      }
      i += n - 1;
    }
    throw new InputError(`${file} is not UTF-8 text (invalid byte at offset ${at + offset}) — save it as UTF-8`);
  }
}
