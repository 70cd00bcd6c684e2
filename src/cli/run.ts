// The program's entry: bundled as CommonJS (dist/bundle/cli.cjs, which bin/podwhy.js loads, and
// the single executable's main script), so no top-level await.

import { main, reportFatal } from './main.js';
import { processIO } from './io.js';

// Anything that escapes main() is a bug: one line asking for a report, the stack only on request.
const fatal = (e: unknown) => {
  process.exitCode = reportFatal(e, processIO());
  process.exit();
};
// This process is the command's own: what it alone may do (end itself past a hung credential
// plugin, src/sources/live/client.ts) is allowed, never in a library's host.
(globalThis as Record<symbol, unknown>)[Symbol.for('podwhy.cli-process')] = true;
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);

// main() reports its own errors and resolves to the exit code
void main(process.argv).then((code) => {
  process.exitCode = code;
});
