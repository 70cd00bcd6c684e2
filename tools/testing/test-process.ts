// Loaded by run-tests.ts (`node --import …/test-process.js --test …`) into the process of every
// test file. Two jobs:
//
// - It writes one line of JSON to the file named by PODWHY_TEST_LOG when the file's process
//   ends: the file, its suite and its wall time (process start to exit, module loading included),
//   so the runner can name the slowest files.
// - In the unit suite (PODWHY_TEST_SUITE=unit) it holds the suite to its definition: a unit test
//   starts no process and opens no socket. Every way Node offers to do either (child_process's
//   spawn/exec/fork families, a socket's connect, a server's listen, a UDP socket's bind/send)
//   throws, and the file's process exits 1 even if the test caught the error. A test that must do
//   one of these is an end-to-end test and is named *.e2e.test.ts.
//
// The test runner loads --import modules into its own process too; there nothing is done (that
// process has no test file in process.argv[1] and no NODE_TEST_CONTEXT).

import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import { appendFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { relative } from 'node:path';

export const UNIT_RULE = 'a unit test starts no process and opens no socket; a test that must is end-to-end: name it *.e2e.test.ts';

const file = process.argv[1] ?? '';
const inTestFile = process.env['NODE_TEST_CONTEXT'] !== undefined && /\.test\.[cm]?js$/.test(file);
const suite = process.env['PODWHY_TEST_SUITE'];
const log = process.env['PODWHY_TEST_LOG'];
const violations: string[] = [];

/** Replace obj[name] by a function that records and refuses the call. */
function refuse(obj: Record<string, unknown>, name: string, what: string): void {
  if (typeof obj[name] !== 'function') return;
  obj[name] = function refused(): never {
    const message = `${relative(process.cwd(), file)}: ${what} in the unit suite — ${UNIT_RULE}`;
    violations.push(message);
    throw new Error(message);
  };
}

if (inTestFile && suite === 'unit') {
  const cp = childProcess as unknown as Record<string, unknown>;
  for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) refuse(cp, name, `child_process.${name}() was called`);
  refuse(net.Socket.prototype as unknown as Record<string, unknown>, 'connect', 'a socket connected');
  refuse(net.Server.prototype as unknown as Record<string, unknown>, 'listen', 'a server listened');
  refuse(dgram.Socket.prototype as unknown as Record<string, unknown>, 'bind', 'a UDP socket was bound');
  refuse(dgram.Socket.prototype as unknown as Record<string, unknown>, 'send', 'a UDP socket sent');
  // `import { spawnSync } from 'node:child_process'` reads the ESM view of the module: update it
  syncBuiltinESMExports();
}

if (inTestFile) {
  process.on('exit', () => {
    if (violations.length > 0) {
      process.stderr.write(`${violations[0]}\n`);
      process.exitCode = 1;
    }
    if (log) appendFileSync(log, `${JSON.stringify({ file, suite, ms: Math.round(performance.now()), violations })}\n`);
  });
}
