// The readers of kubectl's human-readable output and of pastes (kubectl-text.ts, and behind it
// paste*.ts, describe*.ts, tables.ts, messages.ts…: some 190 KB of the bundle) are needed only
// when such text comes in, and DocumentStream (reader.ts) decides that synchronously, in the
// middle of a stream. So they are loaded on first use with require(): Node 20.19+ and 22.12+
// require() an ES module synchronously and hand back the same instance `import` would. In the
// esbuild bundle (src/build/bundle.ts) they are an entry of their own, text-reader.js, beside
// the chunk that holds this code; the bundler defines PODWHY_TEXT_READER to say so.
// A Node without require(esm) gets them before the first input is read (preloadTextReader(), by
// the CLI), and the library (src/index.ts, whose diagnoseText is synchronous) hands them over itself.

import { createRequire } from 'node:module';

declare const PODWHY_TEXT_READER: string | undefined;

type TextReader = typeof import('./kubectl-text.js');

const SPECIFIER = typeof PODWHY_TEXT_READER === 'string' ? PODWHY_TEXT_READER : './kubectl-text.js';
let loaded: TextReader | undefined;

/** The text readers, loaded now if they are not yet. */
export function textReader(): TextReader {
  return (loaded ??= createRequire(import.meta.url)(SPECIFIER) as TextReader);
}

/** On a Node that cannot require() an ES module, load the text readers ahead (by import). */
export async function preloadTextReader(): Promise<void> {
  if (loaded || process.features.require_module === true) return;
  loaded = (await import(new URL(SPECIFIER, import.meta.url).href)) as TextReader;
}

/** Use these text readers (the library imports them statically and passes them in). */
export function useTextReader(reader: TextReader): void {
  loaded ??= reader;
}
