// What the CLI's CommonJS bundles share: dist/bundle/cli.cjs, which the bin loads (bundle.ts), and
// the single executable's main script (release.ts). The CLI is written as ES modules; one line of
// it is rewritten for a CommonJS bundle, and must be found exactly once, so that a change to it
// stops the build instead of slipping through.

import type { Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';

const REWRITES: { file: RegExp; from: string; to: string }[] = [
  // The text readers are required on first use from a file of the tsc build; in a bundle, a
  // require() of the module itself, which esbuild keeps in the one file and initialises on that
  // first call (src/sources/text-reader.ts).
  {
    file: /[\\/]src[\\/]sources[\\/]text-reader\.ts$/,
    from: "createRequire(import.meta.url)('./text/kubectl-text.js') as TextReader",
    to: "require('./text/kubectl-text.js') as TextReader",
  },
];

/** The esbuild plugin making the rewrites; `fail` reports a line not found exactly once. */
export function cliRewrites(fail: (message: string) => never): Plugin {
  return {
    name: 'podwhy-cli-rewrites',
    setup(b) {
      for (const r of REWRITES) {
        b.onLoad({ filter: r.file }, (a) => {
          const source = readFileSync(a.path, 'utf8');
          if (source.split(r.from).length !== 2) fail(`${a.path}: expected exactly one ${r.from} to rewrite for a CommonJS bundle (tools/build/cli-bundle.ts)`);
          return { contents: source.replace(r.from, r.to), loader: 'ts' };
        });
      }
    },
  };
}
