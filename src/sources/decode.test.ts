import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { InputError } from '../model/errors.js';
import { decodeInput, StreamDecoder } from './decode.js';

function chunked(buf: Buffer, cuts: number[], max = Number.MAX_SAFE_INTEGER): string {
  const d = new StreamDecoder('x', max);
  let out = '';
  let at = 0;
  for (const c of [...cuts].sort((a, b) => a - b)) {
    out += d.push(buf.subarray(at, Math.max(at, c)));
    at = Math.max(at, c);
  }
  out += d.push(buf.subarray(at));
  return out + d.end();
}

function outcome(f: () => string): string {
  try {
    return `ok:${f()}`;
  } catch (e) {
    assert.ok(e instanceof InputError, `not an InputError: ${String(e)}`);
    return `error:${e.message}`;
  }
}

describe('decodeInput', () => {
  test('UTF-8, UTF-8 with a BOM, UTF-16 LE and BE with a BOM', () => {
    const text = 'name: 파드 — ok\n';
    assert.equal(decodeInput(Buffer.from(text), 'x'), text);
    assert.equal(decodeInput(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'x'), text);
    assert.equal(decodeInput(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), 'x'), text);
    const be = Buffer.from(text, 'utf16le');
    be.swap16();
    assert.equal(decodeInput(Buffer.concat([Buffer.from([0xfe, 0xff]), be]), 'x'), text);
  });

  test('a compressed file, whole or cut, is named as such with the command that opens it', () => {
    const gz = gzipSync(Buffer.from('apiVersion: v1\nkind: Pod\n'.repeat(50)));
    for (const b of [gz, gz.subarray(0, 20), gz.subarray(0, 2)])
      assert.throws(
        () => decodeInput(b, 'pods.yaml.gz'),
        (e: unknown) => e instanceof InputError && e.message === 'pods.yaml.gz is gzip-compressed, not YAML or JSON — decompress it first: gunzip -c FILE | podwhy',
      );
    assert.throws(() => decodeInput(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0, 0]), 'x.zst'), /x\.zst is zstd-compressed/);
    assert.throws(() => decodeInput(Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0]), 'x.xz'), /x\.xz is xz-compressed/);
  });

  test('refuses binary and invalid UTF-8 with the offset', () => {
    assert.throws(() => decodeInput(Buffer.from('kind: Pod\n\0\0'), 'a.bin'), /a\.bin looks binary \(a NUL byte at offset 10\)/);
    assert.throws(() => decodeInput(Buffer.from([0x61, 0x62, 0xff, 0x63]), 'a.txt'), /a\.txt is not UTF-8 text \(invalid byte at offset 2\)/);
    assert.throws(() => decodeInput(Buffer.from([0x61, 0x62, 0x63, 0xe2, 0x82]), 'a.txt'), /ends inside a character/);
  });

  test('refuses more than maxBytes', () => {
    assert.throws(() => chunked(Buffer.alloc(100, 0x61), [10, 50], 60), /x is larger than --max-bytes 60 bytes/);
  });
});

describe('StreamDecoder', () => {
  test('any chunking gives the text decoding the whole input gives, or refuses what it refuses', () => {
    const pieces = ['a', 'kind: Pod\n', '파드', '€', '😀', '\u00e9', '\n', ' '];
    const bytes = fc.oneof(
      fc.array(fc.constantFrom(...pieces)).map((a) => Buffer.from(a.join(''))),
      fc.uint8Array({ maxLength: 40 }).map((a) => Buffer.from(a)),
      fc.tuple(fc.constantFrom(Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff]), Buffer.alloc(0)), fc.array(fc.constantFrom(...pieces))).map(([bom, a]) => {
        const t = a.join('');
        if (bom[0] === 0xff) return Buffer.concat([bom, Buffer.from(t, 'utf16le')]);
        if (bom[0] === 0xfe) return Buffer.concat([bom, Buffer.from(t, 'utf16le').swap16()]);
        return Buffer.concat([bom, Buffer.from(t)]);
      }),
    );
    fc.assert(
      fc.property(bytes, fc.array(fc.nat(60), { maxLength: 8 }), (buf, cuts) => {
        const whole = outcome(() => decodeInput(buf, 'x'));
        const parts = outcome(() => chunked(buf, cuts));
        // text must be the same; a refusal may name another fault (a chunk cannot see a NUL
        // byte that follows bad UTF-8 in a later chunk), but it must be a refusal
        if (whole.startsWith('ok:')) assert.equal(parts, whole);
        else assert.match(parts, /^error:x (is not UTF-8|looks binary)/);
      }),
      { numRuns: Number(process.env['PODWHY_FUZZ_RUNS'] ?? 400) },
    );
  });
});
