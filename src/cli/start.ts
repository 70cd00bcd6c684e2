// How the bin starts the program (dist/bundle/start.cjs), once quick.cjs has not answered: load
// dist/bundle/cli.cjs through the code cache (code-cache.ts). A file apart from the quick answers,
// so that help and the version load neither node:vm nor node:os. The build defines PODWHY_CODE:
// the bundle files the loader may load, with their content hashes, and the program's command words.

import { fstatSync, statSync } from 'node:fs';
import { cacheDirectory, codeLoader, shapeOf, type CodeFiles } from './code-cache.js';

declare const PODWHY_CODE: { files: CodeFiles; commands: string[] };

/**
 * Whether standard input is a character device other than /dev/null: a terminal. For the command
 * line's shape only (code-cache.ts), so fstat alone: asking node:tty, or building process.stdin,
 * costs more than the shape is worth. /dev/null is piped input to the program (empty: an error,
 * never live mode), so its runs are of the piped shape.
 */
function stdinIsTerminal(): boolean {
  let st;
  try {
    st = fstatSync(0);
  } catch {
    return false;
  }
  if (!st.isCharacterDevice()) return false;
  try {
    return st.rdev !== statSync('/dev/null').rdev;
  } catch {
    return true; // no /dev/null to tell it from
  }
}

/** Run the program on process.argv: load dist/bundle/cli.cjs, whose top level runs it. */
export function runProgram(): void {
  const shape = shapeOf(process.argv.slice(2), PODWHY_CODE.commands, stdinIsTerminal());
  const loader = codeLoader(__dirname, PODWHY_CODE.files, shape, cacheDirectory(process.env));
  process.once('exit', () => loader.save());
  loader.load('cli.cjs');
}
