// `npm run fuzz`: the property tests of src/engine/fuzz.test.ts with many more cases than
// `npm test` runs, from a random seed unless PODWHY_FUZZ_SEED names one. The seed is printed
// before the run and again after a failure, so the failing run can be replayed:
//
//   PODWHY_FUZZ_SEED=<seed> npm run fuzz          (PODWHY_FUZZ_RUNS: cases per property, default 25000)
//
// fast-check's own failure message adds the path of the shrunk case ("seed: …, path: …").

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fuzzSeed, randomSeed } from '../../test/fuzz-seed.js';

const TESTS = fileURLToPath(new URL('../../src/engine/fuzz.test.js', import.meta.url));

function main(): number {
  let seed: number;
  try {
    seed = fuzzSeed(process.env['PODWHY_FUZZ_SEED'], randomSeed());
  } catch (e) {
    process.stderr.write(`fuzz: ${(e as Error).message}\n`);
    return 2;
  }
  const runs = process.env['PODWHY_FUZZ_RUNS'] || '25000';
  const replay = `PODWHY_FUZZ_SEED=${seed} PODWHY_FUZZ_RUNS=${runs} npm run fuzz`;
  process.stdout.write(`fuzz: seed ${seed}, ${runs} cases per property (replay: ${replay})\n`);
  const env: NodeJS.ProcessEnv = { ...process.env, PODWHY_FUZZ_SEED: String(seed), PODWHY_FUZZ_RUNS: runs };
  delete env['NODE_TEST_CONTEXT'];
  const r = spawnSync(process.execPath, ['--test', '--test-reporter=spec', TESTS], { stdio: 'inherit', env });
  if (r.status !== 0) process.stderr.write(`fuzz: failed with seed ${seed}; replay: ${replay}\n`);
  return r.status ?? 1;
}

process.exitCode = main();
