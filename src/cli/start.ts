// How the bin starts the program (dist/bundle/start.cjs), once quick.cjs has not answered: load
// dist/bundle/cli.cjs through the code cache (code-cache.ts). A file apart from the quick answers,
// so that help and the version load neither node:vm nor node:os. The build defines PODWHY_CODE:
// the bundle files the loader may load, with their content hashes, and the program's command words.

import { fstatSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDirectory, codeLoader, shapeOf, type CodeFiles } from './code-cache.js';

declare const PODWHY_CODE: { files: CodeFiles; commands: string[] };

/**
 * Whether standard input is a character device: a terminal, or /dev/null. For the command line's
 * shape only (code-cache.ts), so fstat alone: asking node:tty, or building process.stdin, costs
 * more than the shape is worth.
 */
function stdinIsTerminal(): boolean {
  try {
    return fstatSync(0).isCharacterDevice();
  } catch {
    return false;
  }
}

/** Run the program on process.argv: load dist/bundle/cli.cjs, whose top level runs it. */
export function runProgram(): void {
  const shape = shapeOf(process.argv.slice(2), PODWHY_CODE.commands, stdinIsTerminal());
  const loader = codeLoader(__dirname, PODWHY_CODE.files, shape, cacheDirectory(process.env));
  process.once('exit', () => loader.save());
  loader.load('cli.cjs');
}
