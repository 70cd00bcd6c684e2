// The answers the bin gives before it loads the program: help and the version. Bundled on its own
// as dist/bundle/quick.cjs (CommonJS: the bin is CommonJS, so these runs never start Node's ES
// module loader either), with the help pages the build read off the real program
// (dist/bundle/help.json, src/cli/help-pages.ts). Anything but the exact forms below goes to the
// program, which answers them all the same way: this only makes the common ones cheap.

import { fstatSync, writeSync } from 'node:fs';
import { formatHelpPage, type HelpPages } from './help-page.js';
import { invocationName } from './invocation.js';
import { oneLine } from '../util/sanitize.js';

/** The words that ask for help or the version: a run without one never loads the pages. */
const ASKS = new Set(['--help', '-h', 'help', '--version', '-V', 'version']);

/** What argv (after node and the script) asks: a command's help page, the version, or neither. */
export function quickRequest(args: readonly string[], commands: readonly string[]): { help: string } | 'version' | undefined {
  const [a, b, ...rest] = args;
  if (rest.length > 0 || a === undefined) return undefined;
  if (b === undefined) {
    if (a === '--help' || a === '-h' || a === 'help') return { help: '' };
    if (a === '--version' || a === '-V' || a === 'version') return 'version';
    return undefined;
  }
  if (a === 'help' && commands.includes(b)) return { help: b };
  if ((b === '--help' || b === '-h') && commands.includes(a)) return { help: a };
  return undefined;
}

/** Write all of text to stdout; a failure is reported as the program reports it. */
function writeOut(text: string): void {
  const buf = Buffer.from(text);
  let done = 0;
  try {
    while (done < buf.length) done += writeSync(1, buf, done);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // `podwhy --help | head -1`: the reader left, as the program's own EPIPE handling has it
    if (code === 'EPIPE') return;
    // a non-blocking pipe that is full: the rest goes the asynchronous way, as the program writes
    if (code === 'EAGAIN') {
      process.stdout.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EPIPE') process.exitCode = 2;
      });
      process.stdout.write(buf.subarray(done));
      return;
    }
    // as the program reports it (src/cli/run.ts): the machine's trouble, not a bug
    try {
      writeSync(2, `podwhy: cannot write the output: ${oneLine((e as Error).message)}\n`);
    } catch {
      // stderr cannot be written either
    }
    process.exitCode = 2;
  }
}

/**
 * commander's width: the terminal's columns, none (80) when stdout is not a terminal. A pipe or a
 * file is told by fstat: asking node:tty (or process.stdout, which loads it) costs as much as the
 * rest of the run.
 */
function helpWidth(): number | undefined {
  try {
    if (!fstatSync(1).isCharacterDevice()) return undefined;
  } catch {
    return undefined;
  }
  return process.stdout.isTTY ? process.stdout.columns : undefined;
}

/**
 * Answer argv here if it asks for help or the version, and say whether it did. `pages` loads the
 * build's help pages (asked only when needed).
 */
export function quickAnswer(argv: readonly string[], pages: () => HelpPages): boolean {
  const args = argv.slice(2);
  if (args.length === 0 || args.length > 2 || !args.some((a) => ASKS.has(a))) return false;
  if (((argv[1] ?? '').split(/[\\/]/).pop() ?? '').startsWith('kubectl_complete-')) return false;
  const all = pages();
  const byCommand = all.names[invocationName(argv[1])];
  if (!byCommand) return false;
  const request = quickRequest(args, Object.keys(byCommand).filter((c) => c !== ''));
  if (request === undefined) return false;
  if (request === 'version') {
    writeOut(`${all.version}\n`);
    return true;
  }
  const page = byCommand[request.help];
  if (!page) return false;
  writeOut(formatHelpPage(page, helpWidth()));
  return true;
}
