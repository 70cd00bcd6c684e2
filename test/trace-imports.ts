// Test-only: `node --import ./dist/test/trace-imports.js …` records every module URL the
// program resolves into the file named by PODWHY_TRACE_IMPORTS (one per line). Used to prove that
// the offline path never loads @kubernetes/client-node. Modules loaded by require() do not pass
// the loader hooks: their files are added from require's cache when the process exits. The files
// of the bundle that the bin's loader compiles itself (src/cli/code-cache.ts) pass neither: the
// files it opens are recorded too.

import fs, { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

register(new URL('./trace-hooks.js', import.meta.url));

const opened = new Set<string>();
const openSync = fs.openSync;
fs.openSync = function (this: unknown, path: fs.PathLike, ...rest: unknown[]) {
  if (typeof path === 'string' && /\.c?js$/.test(path)) opened.add(path);
  return (openSync as (...a: unknown[]) => number).call(this, path, ...rest);
} as typeof fs.openSync;

const require = createRequire(import.meta.url);
process.on('exit', () => {
  const file = process.env['PODWHY_TRACE_IMPORTS'];
  const required = [...Object.keys(require.cache), ...opened].map((p) => `${pathToFileURL(p).href}\n`);
  if (file && required.length > 0) appendFileSync(file, required.join(''));
});
