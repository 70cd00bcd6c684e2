// The fuzz tests' seed, read from PODWHY_FUZZ_SEED: a 32-bit signed integer, as fast-check
// prints it in a failure ("seed: -1204389257, path: …").

/** The seed in text (PODWHY_FUZZ_SEED), or the fallback when there is none; anything else is refused. */
export function fuzzSeed(text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const n = Number(text);
  if (!/^\s*-?\d+\s*$/.test(text) || !Number.isSafeInteger(n) || n < -(2 ** 31) || n >= 2 ** 31) {
    throw new Error(`PODWHY_FUZZ_SEED: "${text}" is not a seed (an integer from -2147483648 to 2147483647)`);
  }
  return n;
}

/** A random seed for `npm run fuzz`, in the range fast-check draws its own from. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
