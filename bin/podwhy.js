#!/usr/bin/env node
// The bin is CommonJS (bin/package.json), so the runs it answers itself start no ES module loader:
// help and the version come from dist/bundle/quick.cjs and the help pages the build read off the
// program (src/cli/quick.ts). Everything else runs the bundled CLI (dist/bundle, built by
// src/build/bundle.ts), after turning on V8's code cache on Node 22.1+ (module.enableCompileCache):
// a run after the first skips parsing and compiling the chunks it loads. It must be on before the
// bundle is compiled, hence the dynamic import. The cache sits where Node puts it by default
// (node-compile-cache in the OS temp directory, or $NODE_COMPILE_CACHE), is checked against each
// file's content (a rebuilt or upgraded bundle is compiled afresh), and NODE_DISABLE_COMPILE_CACHE=1
// turns it off. Node 20 has no such API. A failure (say, an unwritable temp directory) only costs
// the time it would save.
'use strict';

function fail(e) {
  process.stderr.write(`podwhy: cannot load the program (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); in a checkout, run npm run build\n`);
  process.exitCode = 2;
}

let answered = false;
try {
  answered = require('../dist/bundle/quick.cjs').quickAnswer(process.argv, () => require('../dist/bundle/help.json'));
} catch (e) {
  fail(e);
}
if (!answered && process.exitCode === undefined) {
  try {
    require('node:module').enableCompileCache?.();
  } catch {
    // run without the cache
  }
  import('../dist/bundle/podwhy.js').catch(fail);
}
