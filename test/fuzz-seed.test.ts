import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fuzzSeed, randomSeed } from './fuzz-seed.js';

test('PODWHY_FUZZ_SEED: unset or empty gives the fallback; an int32 is taken; anything else is refused', () => {
  assert.equal(fuzzSeed(undefined, 7), 7);
  assert.equal(fuzzSeed('', 7), 7);
  assert.equal(fuzzSeed('42', 7), 42);
  assert.equal(fuzzSeed('-1204389257', 7), -1204389257);
  assert.equal(fuzzSeed('2147483647', 7), 2147483647);
  for (const bad of ['x', '1.5', '2147483648', '-2147483649', '1e3', '0x10', 'random']) {
    assert.throws(() => fuzzSeed(bad, 7), /^Error: PODWHY_FUZZ_SEED: ".*" is not a seed \(an integer from -2147483648 to 2147483647\)$/, bad);
  }
  const r = randomSeed();
  assert.ok(Number.isInteger(r) && r >= 0 && r < 2 ** 31);
  assert.equal(fuzzSeed(String(r), 7), r);
});
