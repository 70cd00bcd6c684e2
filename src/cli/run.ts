// The program's entry: bundled as CommonJS (dist/bundle/cli.cjs, which bin/podwhy.js loads, and
// the single executable's main script), so no top-level await.

import { writeSync } from 'node:fs';
import { main, reportFatal } from './main.js';
import { oneLine } from '../util/sanitize.js';
import { processIO } from './io.js';

// `podwhy … | head` closes the pipe early: that is not an error. Output that cannot be written (a
// full disk, /dev/full, a revoked terminal) is the machine's trouble, not a bug: one line, exit 2.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    try {
      writeSync(2, `podwhy: cannot write the ${stream === process.stdout ? 'output' : 'messages'}: ${oneLine(e.message)}\n`);
    } catch {
      // stderr is what failed
    }
    process.exit(2);
  });
}

// Anything that escapes main() is a bug: one line asking for a report, the stack only on request.
const fatal = (e: unknown) => {
  process.exitCode = reportFatal(e, processIO());
  process.exit();
};
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);

// main() reports its own errors and resolves to the exit code
void main(process.argv).then((code) => {
  process.exitCode = code;
});
