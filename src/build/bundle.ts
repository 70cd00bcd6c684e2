// `npm run build` step 2: bundle the CLI (for the bin) and the library (src/index.ts, the
// package's export) with esbuild, every runtime dependency inside, so an install pulls nothing. Node spends most of a short
// run resolving and reading hundreds of small modules; one ESM file (plus lazily loaded chunks)
// starts in a fraction of that. Code splitting keeps what only some runs need in chunks loaded by
// the program's existing dynamic imports: the cluster code with @kubernetes/client-node (live
// mode only), the renderers, the CI formats; the two entries share the engine's chunks. The tsc
// build in dist/ stays for tests and the library's declarations. The metafile is kept, beside the
// bundle and out of the package, so tests can check which chunk holds client-node.

import { build, type Plugin } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { helpPages } from '../cli/help-pages.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BUNDLE_DIR = join(ROOT, 'dist', 'bundle');
export const META_FILE = join(ROOT, 'dist', 'bundle-meta.json');
const requireHere = createRequire(import.meta.url);

/**
 * Node built-ins that cost a run measurable CPU to load and that the common runs never call:
 * commander requires node:child_process for executable subcommands podwhy does not have (1–2 ms
 * on Node 20 and 24), and the rule cache imports node:crypto for a hash it takes only when a rule
 * file changed after the build (1.3 ms on Node 20, 4.5 ms on Node 24). Their importers in the bundle
 * get a stand-in whose every export is a getter that loads the real module on first use. The
 * cluster code (live mode only, with client-node) keeps the real ones.
 */
const LAZY_BUILTINS = ['child_process', 'crypto'];
const lazyBuiltins: Plugin = {
  name: 'lazy-builtins',
  setup(b) {
    const filter = new RegExp(`^(node:)?(${LAZY_BUILTINS.join('|')})$`);
    b.onResolve({ filter }, (a) => (/[\\/]node_modules[\\/]commander[\\/]|[\\/]src[\\/](rules|render|catalogue)[\\/]/.test(a.importer) ? { path: a.path.replace(/^node:/, ''), namespace: 'podwhy-lazy' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'podwhy-lazy' }, async (a) => {
      const names = Object.keys((await import(`node:${a.path}`)) as object).filter((k) => k !== 'default');
      const getters = names.map((k) => `${JSON.stringify(k)}: { get: () => load()[${JSON.stringify(k)}], enumerable: true }`).join(',\n  ');
      return { loader: 'js', contents: `let real;\nconst load = () => (real ??= require('node:${a.path}'));\nmodule.exports = Object.defineProperties({}, {\n  ${getters}\n});\n` };
    });
  },
};

/**
 * npm packages our code calls synchronously, and only on some runs: js-yaml (a YAML input that the
 * kubectl-YAML reader declines, a rule file that is not in the build's cache, a config file,
 * -o yaml) and safe-regex2 with its regex parser ret (a rule regex the build did not prove safe).
 * Each is bundled apart, as CommonJS (dist/bundle/<name>.cjs, no shared state with the rest), and
 * our imports of it get a stand-in that require()s that file on first use: a getter per export, or
 * a function that forwards its calls when the package's export is a function. A run that never
 * calls them never compiles them (js-yaml is 100 KB, ret and safe-regex2 30 KB).
 */
const LAZY_PACKAGES = ['js-yaml', 'safe-regex2'];
const lazyPackages: Plugin = {
  name: 'lazy-packages',
  setup(b) {
    const filter = new RegExp(`^(${LAZY_PACKAGES.join('|')})$`);
    b.onResolve({ filter }, (a) => (/[\\/]src[\\/]/.test(a.importer) ? { path: a.path, namespace: 'podwhy-lazy-package' } : undefined));
    b.onResolve({ filter: /\.cjs$/, namespace: 'podwhy-lazy-package' }, (a) => ({ path: a.path, external: true }));
    b.onLoad({ filter: /.*/, namespace: 'podwhy-lazy-package' }, async (a) => {
      const real = (await import(a.path)) as Record<string, unknown>;
      const load = `let real;\nconst load = () => (real ??= require('./${a.path}.cjs'));\n`;
      if (typeof real['default'] === 'function') return { loader: 'js', contents: `${load}module.exports = function (...args) { return load()(...args); };\n` };
      const getters = Object.keys(real)
        .filter((k) => k !== 'default')
        .map((k) => `${JSON.stringify(k)}: { get: () => load()[${JSON.stringify(k)}], enumerable: true }`)
        .join(',\n  ');
      return { loader: 'js', contents: `${load}module.exports = Object.defineProperties({}, {\n  ${getters}\n});\n` };
    });
  },
};

const BANNER = "import { createRequire as __podwhyRequire } from 'node:module'; const require = __podwhyRequire(import.meta.url);";

// chunk names change with their content: an old build's chunks would linger and be packed
rmSync(BUNDLE_DIR, { recursive: true, force: true });
const result = await build({
  entryPoints: {
    podwhy: join(ROOT, 'src', 'cli', 'run.ts'),
    index: join(ROOT, 'src', 'index.ts'),
    // kubectl text and paste readers, required on first use by src/sources/text-reader.ts
    'text-reader': join(ROOT, 'src', 'sources', 'kubectl-text.ts'),
  },
  outdir: BUNDLE_DIR,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // the bundle sits in dist/bundle/: the package root is two levels up (src/catalogue/paths.ts)
  define: { PODWHY_BUNDLE_DEPTH: '"../../"', PODWHY_TEXT_READER: '"./text-reader.js"' },
  // CommonJS dependencies (cli-table3, parts of client-node) call require(): give them one
  // (only the chunks that call it keep it: see below)
  banner: { js: BANNER },
  // tr46 and whatwg-url (under client-node's node-fetch 2) require('punycode'): Node's built-in one
  // prints a DEP0040 warning on stderr from Node 21 on. The trailing slash names the npm package
  // of the same name instead (a devDependency), so it is bundled and nothing is printed.
  alias: { punycode: 'punycode/' },
  chunkNames: 'chunk-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [lazyBuiltins, lazyPackages],
});
// CommonJS files: the lazily required packages (above), and the bin's quick answers (help and the
// version, src/cli/quick.ts), CommonJS like the bin, so those runs start no ES module loader
const cjs = await build({
  entryPoints: { ...Object.fromEntries(LAZY_PACKAGES.map((p) => [p, requireHere.resolve(p)])), quick: join(ROOT, 'src', 'cli', 'quick.ts') },
  outdir: BUNDLE_DIR,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
// The banner's require() costs every chunk that loads a createRequire call; most never call it.
for (const out of Object.keys(result.metafile.outputs)) {
  if (!out.endsWith('.js')) continue;
  const file = join(ROOT, out);
  const code = readFileSync(file, 'utf8');
  if (code.startsWith(BANNER) && !/\brequire\b/.test(code.slice(BANNER.length))) writeFileSync(file, code.slice(BANNER.length).replace(/^\n/, ''));
}
// the help pages the quick answers print, read off the real program
const help = JSON.stringify(helpPages());
writeFileSync(join(BUNDLE_DIR, 'help.json'), help);
const meta = {
  inputs: { ...cjs.metafile.inputs, ...result.metafile.inputs },
  // help.json is written here, not by esbuild: listed so the package tests know it belongs
  outputs: { ...result.metafile.outputs, ...cjs.metafile.outputs, 'dist/bundle/help.json': { inputs: {}, bytes: Buffer.byteLength(help) } },
};
writeFileSync(META_FILE, JSON.stringify(meta));
