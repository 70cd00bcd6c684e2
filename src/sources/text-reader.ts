// The readers of kubectl's human-readable output and of pastes (kubectl-text.ts, and behind it
// paste*.ts, describe*.ts, tables.ts, messages.ts…: some 190 KB of code) are needed only when such
// text comes in, and DocumentStream (reader.ts) decides that synchronously, in the middle of a
// stream. So they are loaded on first use with require() (Node 20.19+ and 22.12+ require() an ES
// module synchronously and hand back the same instance `import` would). The CLI's CommonJS bundle
// (tools/build/cli-bundle.ts) rewrites the call below to a require() of the module itself, which
// esbuild keeps in the one file and initialises on that first call. The library (src/index.ts,
// whose diagnoseText is synchronous) imports them and hands them over.

import { createRequire } from 'node:module';

type TextReader = typeof import('./text/kubectl-text.js');

let loaded: TextReader | undefined;

/** The text readers, loaded now if they are not yet. */
export function textReader(): TextReader {
  return (loaded ??= createRequire(import.meta.url)('./text/kubectl-text.js') as TextReader);
}

/** Use these text readers (the library imports them statically and passes them in). */
export function useTextReader(reader: TextReader): void {
  loaded ??= reader;
}
