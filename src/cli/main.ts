// The one place that touches process.exitCode and turns errors into exit codes and messages.

import { CommanderError } from 'commander';
import { PodwhyError, InternalError, RuleLoadError } from '../model/errors.js';
import { oneLine } from '../util/sanitize.js';
import { safeString } from '../util/json.js';
import { processIO, type IO } from './io.js';
import { createProgram } from './program.js';
import { invocationName } from './invocation.js';
import type { Command } from 'commander';

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

/** Short options that take a value (-o, -n, -l, -f, -c…), in the program and its commands. */
function valueShorts(program: Command): Set<string> {
  const out = new Set<string>();
  for (const cmd of [program, ...program.commands]) {
    for (const o of cmd.options) if (o.short && (o.required || o.optional)) out.add(o.short);
  }
  return out;
}

/**
 * kubectl (pflag) reads `-o=json` as `-o json`; commander would take "=json" as the value.
 * Rewrite `-X=VALUE` for the short options that take a value, up to a `--`.
 */
export function splitShortEquals(args: string[], shorts: Set<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--') {
      out.push(...args.slice(i));
      break;
    }
    const m = /^(-[A-Za-z])=(.*)$/s.exec(a);
    if (m && shorts.has(m[1] as string)) out.push(m[1] as string, m[2] as string);
    else out.push(a);
  }
  return out;
}

const baseName = (p: string | undefined) => (p ?? '').split(/[\\/]/).pop() ?? '';

export async function main(argv: string[], io: IO = processIO()): Promise<number> {
  // Shell completion: the scripts call `podwhy __complete WORDS…`; kubectl (1.26+) runs
  // kubectl_complete-podwhy WORDS… for `kubectl podwhy <TAB>`. Both print candidates, never errors.
  if (baseName(argv[1]).startsWith('kubectl_complete-') || argv[2] === '__complete') {
    const { runComplete } = await import('./completion.js');
    await runComplete(argv.slice(argv[2] === '__complete' && !baseName(argv[1]).startsWith('kubectl_complete-') ? 3 : 2), io);
    return 0;
  }
  if (io.env['PODWHY_DEBUG'] === '1') (await import('../api/read.js')).traceReaderBails();
  const program = createProgram(io, invocationName(argv[1]));
  argv = [...argv.slice(0, 2), ...splitShortEquals(argv.slice(2), valueShorts(program))];
  program.exitOverride();
  // A flag error is one line, as every error: commander's message and its suggestion ("Did you
  // mean …?") joined, and where to read the usage.
  const usage = `run ${program.name()} --help for usage`;
  const oneLineError = (s: string, write: (s: string) => void) =>
    write(`podwhy: ${s.replace(/^error: /, '').split('\n').map((l) => l.trim()).filter((l) => l !== '').join(' ').replace(/[.]?$/, '')} — ${usage}\n`);
  program.configureOutput({
    writeOut: (s) => io.out(s),
    writeErr: (s) => io.err(s),
    outputError: oneLineError,
  });
  for (const sub of program.commands) {
    sub.exitOverride();
    sub.configureOutput({
      writeOut: (s) => io.out(s),
      writeErr: (s) => io.err(s),
      outputError: oneLineError,
    });
  }
  try {
    await program.parseAsync(argv);
    return io.exitCode;
  } catch (e) {
    return reportFatal(e, io);
  }
}
