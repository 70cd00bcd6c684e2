// `npm run build` step 2: bundle the CLI with esbuild for the bin. Node spends most of a short
// run resolving and reading hundreds of small modules; one ESM file (plus lazily loaded chunks)
// starts in a fraction of that. Code splitting keeps what only some runs need in chunks loaded by
// the program's existing dynamic imports: the cluster code with @kubernetes/client-node (live
// mode only), the renderers, the CI formats. The tsc build in dist/ stays for tests and the
// library API. The metafile is kept so tests can check which chunk holds client-node.

import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BUNDLE_DIR = join(ROOT, 'dist', 'bundle');

const result = await build({
  entryPoints: { podwhy: join(ROOT, 'src', 'cli', 'run.ts') },
  outdir: BUNDLE_DIR,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // the bundle sits in dist/bundle/: the package root is two levels up (src/paths.ts)
  define: { PODWHY_BUNDLE_DEPTH: '"../../"' },
  // CommonJS dependencies (cli-table3, parts of client-node) call require(): give them one
  banner: { js: "import { createRequire as __podwhyRequire } from 'node:module'; const require = __podwhyRequire(import.meta.url);" },
  // tr46 and whatwg-url (under client-node's node-fetch 2) require('punycode'): Node's built-in one
  // prints a DEP0040 warning on stderr from Node 21 on. The trailing slash names the npm package
  // of the same name instead (a devDependency), so it is bundled and nothing is printed.
  alias: { punycode: 'punycode/' },
  chunkNames: 'chunk-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
writeFileSync(join(BUNDLE_DIR, 'meta.json'), JSON.stringify(result.metafile));
