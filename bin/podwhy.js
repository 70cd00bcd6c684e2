#!/usr/bin/env node
// The bin is CommonJS (bin/package.json) and starts no ES module loader: dist/bundle/quick.cjs
// answers help and the version from the help pages the build read off the program
// (src/cli/quick.ts); otherwise dist/bundle/start.cjs loads the program, dist/bundle/cli.cjs,
// compiled with the V8 code cache it keeps per user (src/cli/code-cache.ts;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off).
'use strict';

function fail(e) {
  process.stderr.write(`podwhy: cannot load the program (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); in a checkout, run npm run build\n`);
  process.exitCode = 2;
}

try {
  if (!require('../dist/bundle/quick.cjs').quickAnswer(process.argv, () => require('../dist/bundle/help.json'))) require('../dist/bundle/start.cjs').runProgram();
} catch (e) {
  fail(e);
}
