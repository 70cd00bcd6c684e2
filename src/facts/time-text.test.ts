import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { formatTime, time } from '../util/json.js';
import { timeText } from './time-text.js';

test('timeText is formatTime of the instant, for canonical and other texts', () => {
  const texts = ['2025-03-02T10:00:00Z', '2024-02-29T23:59:59Z', '2023-02-29T00:00:00Z', '2025-13-01T00:00:00Z', '2025-04-31T00:00:00Z', '2025-01-01T24:00:00Z', '2025-01-01T00:60:00Z', '2025-01-01T00:00:60Z', '1900-02-29T00:00:00Z', '2000-02-29T12:00:00Z', '2025-03-02T10:00:00.5Z', '2025-03-02t10:00:00z', '2025-03-02T10:00:00+02:00', '2025-00-10T00:00:00Z', '2025-01-00T00:00:00Z'];
  for (const s of texts) {
    const t = time(s);
    if (t !== undefined) assert.equal(timeText(s, t), formatTime(t), s);
  }
  // a canonical text is returned as it is, not rebuilt
  const s = '2025-03-02T10:00:00Z';
  assert.equal(timeText(s, time(s) as number), s);
});

test('timeText agrees with formatTime on generated timestamps', () => {
  const d2 = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
  fc.assert(
    fc.property(fc.integer({ min: 1970, max: 2400 }), d2(14), d2(33), d2(25), d2(61), d2(61), (y, mo, d, h, mi, s) => {
      const text = `${y}-${mo}-${d}T${h}:${mi}:${s}Z`;
      const t = time(text);
      if (t !== undefined) assert.equal(timeText(text, t), formatTime(t), text);
    }),
    { numRuns: 2000 },
  );
});
