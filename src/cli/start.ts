// The bin's CommonJS half (dist/bundle/start.cjs): answer help and the version from the build's
// pages (quick.ts), or load the program (dist/bundle/cli.cjs) through the code cache
// (code-cache.ts). The build defines PODWHY_CODE: the bundle files the loader may load, with their
// content hashes, and the program's command words.

import { fstatSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDirectory, codeLoader, shapeOf, type CodeFiles } from './code-cache.js';

export { quickAnswer } from './quick.js';

declare const PODWHY_CODE: { files: CodeFiles; commands: string[] };

/** Whether standard input is a terminal (fstat: cheaper than node:tty). */
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
