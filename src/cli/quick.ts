// The answers the bin gives before it loads the program: help and the version. Bundled on its own
// as dist/bundle/quick.cjs (CommonJS: the bin is CommonJS, so these runs never start Node's ES
// module loader either), with the help pages the build read off the real program
// (dist/bundle/help.json, src/cli/help-pages.ts). Anything but the exact forms below goes to the
// program, which answers them all the same way: this only makes the common ones cheap.

import { formatHelpPage, type HelpPages } from './help-page.js';
import { invocationName } from './invocation.js';
import { FdWriter, isTerminal } from './stdio.js';

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

/**
 * commander's width: the terminal's columns, none (80) when stdout is not a terminal (a pipe, a
 * file or /dev/null is told without loading node:tty: stdio.ts).
 */
function helpWidth(): number | undefined {
  return isTerminal(1) ? process.stdout.columns : undefined;
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
    new FdWriter(1).write(`${all.version}\n`);
    return true;
  }
  const page = byCommand[request.help];
  if (!page) return false;
  new FdWriter(1).write(formatHelpPage(page, helpWidth()));
  return true;
}
