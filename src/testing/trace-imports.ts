// Test-only: `node --import ./dist/testing/trace-imports.js …` records every module URL the
// program resolves into the file named by PODWHY_TRACE_IMPORTS (one per line). Used to prove that
// the offline path never loads @kubernetes/client-node. Modules loaded by require() (the lazily
// required parts of the bundle: src/sources/text-reader.ts, src/build/bundle.ts) do not pass the
// loader hooks: their files are added from require's cache when the process exits.

import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

register(new URL('./trace-hooks.js', import.meta.url));

const require = createRequire(import.meta.url);
process.on('exit', () => {
  const file = process.env['PODWHY_TRACE_IMPORTS'];
  const required = Object.keys(require.cache).map((p) => `${pathToFileURL(p).href}\n`);
  if (file && required.length > 0) appendFileSync(file, required.join(''));
});
