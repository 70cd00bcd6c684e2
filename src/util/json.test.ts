import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { formatTime, time } from './json.js';

/** The general RFC 3339 path, forced by a trailing space the parser trims. */
const general = (s: string) => time(`${s} `);

test('time: the fast path for canonical timestamps agrees with the general parser', () => {
  for (const s of ['2025-03-02T10:00:00Z', '0001-01-01T00:00:00Z', '0099-12-31T23:59:59Z', '1970-01-01T00:00:00Z', '2024-02-30T10:00:00Z', '2025-13-01T00:00:00Z', '2025-03-02T10:00:0xZ', '2025-03-02 10:00:00Z']) {
    assert.equal(time(s), general(s), s);
  }
  assert.equal(time('2025-03-02T10:00:00Z'), Date.UTC(2025, 2, 2, 10));
  assert.equal(time('0001-01-01T00:00:00Z'), undefined);
  const digit = fc.constantFrom(...'0123456789x'.split(''));
  const stamp = fc.array(digit, { minLength: 14, maxLength: 14 }).map((d) => `${d.slice(0, 4).join('')}-${d.slice(4, 6).join('')}-${d.slice(6, 8).join('')}T${d.slice(8, 10).join('')}:${d.slice(10, 12).join('')}:${d.slice(12).join('')}Z`);
  fc.assert(fc.property(stamp, (s) => time(s) === general(s)), { numRuns: 2000 });
});

test('formatTime prints second precision in UTC, as Kubernetes does', () => {
  assert.equal(formatTime(Date.UTC(2025, 2, 2, 10, 0, 0, 999)), '2025-03-02T10:00:00Z');
  assert.equal(formatTime(Date.UTC(12000, 0, 1)), '+012000-01-01T00:00:00Z');
  // out of a Date's range or not a number: no exception on the way out
  for (const ms of [-8.7e15, 8.64e15 + 1, Number.NaN, Number.POSITIVE_INFINITY]) assert.equal(formatTime(ms), 'invalid time');
  fc.assert(fc.property(fc.integer({ min: -62e12, max: 253e12 }), (ms) => time(formatTime(ms)) === Math.floor(ms / 1000) * 1000 || ms < 1000));
  // the runtime's zero (1970-01-01T00:00:00Z) and Go's (0001-01-01T00:00:00Z) are no instant
  assert.equal(time('1970-01-01T00:00:00Z'), undefined);
  assert.equal(time('0001-01-01T00:00:00Z'), undefined);
  // the calendar arithmetic prints what Date does, across the whole range and its edges
  const viaDate = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  for (const ms of [0, -1, 951782400000, 951868799999, 4107542399000, -62167219200000, -62167219200001, 253402300799999, 253402300800000]) assert.equal(formatTime(ms), viaDate(ms), String(ms));
  fc.assert(fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => formatTime(ms) === viaDate(ms)), { numRuns: 20000 });
});
