// Bench-only: `node --import dist/tools/bench/rss-hook.js …` writes the process's peak resident set
// (KiB, from getrusage) to the file named by PODWHY_BENCH_RSS when it exits.

import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const file = process.env['PODWHY_BENCH_RSS'];
  if (file) writeFileSync(file, String(process.resourceUsage().maxRSS));
});
