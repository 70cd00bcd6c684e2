// The one place that touches process.exitCode and turns errors into exit codes and messages.

import { CommanderError } from 'commander';
import { PodwhyError, InternalError, RuleLoadError } from '../errors.js';
import { oneLine } from '../util/sanitize.js';
import { safeString } from '../util/json.js';
import { processIO, type IO } from './io.js';
import { createProgram } from './program.js';

export function reportFatal(e: unknown, io: IO): number {
  const debug = io.env['PODWHY_DEBUG'] === '1';
  if (e instanceof CommanderError) {
    // --help and --version exit 0; commander already printed its message for usage errors.
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
    return 2;
  }
  if (e instanceof PodwhyError && !(e instanceof InternalError)) {
    // Messages quote file names, pod names and server text: no control sequences reach the terminal.
    const text =
      e instanceof RuleLoadError && e.problems.length > 1
        ? `${e.problems.length} problems in rule files:\n  ${e.problems.map(oneLine).join('\n  ')}`
        : oneLine(e.message);
    io.err(`podwhy: ${text}\n`);
    if (debug && e.stack) io.err(`${e.stack}\n`);
    return e.exitCode;
  }
  const err = e instanceof Error ? e : new Error(safeString(e));
  io.err(`podwhy: internal error: ${oneLine(err.message.split('\n')[0] ?? '')} — this is a bug; please report it at https://github.com/podwhy/podwhy/issues (set PODWHY_DEBUG=1 for details)\n`);
  if (debug && err.stack) io.err(`${err.stack}\n`);
  return 2;
}

export async function main(argv: string[], io: IO = processIO()): Promise<number> {
  const program = createProgram(io);
  program.exitOverride();
  program.configureOutput({
    writeOut: (s) => io.out(s),
    writeErr: (s) => io.err(s),
    outputError: (s, write) => write(`podwhy: ${s.replace(/^error: /, '')}`),
  });
  for (const sub of program.commands) {
    sub.exitOverride();
    sub.configureOutput({
      writeOut: (s) => io.out(s),
      writeErr: (s) => io.err(s),
      outputError: (s, write) => write(`podwhy: ${s.replace(/^error: /, '')}`),
    });
  }
  try {
    await program.parseAsync(argv);
    return io.exitCode;
  } catch (e) {
    return reportFatal(e, io);
  }
}
