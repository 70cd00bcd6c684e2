// `npm run build` step 2: bundle the CLI (for the bin) and the library (src/index.ts, the
// package's export) with esbuild, every runtime dependency inside, so an install pulls nothing.
// Node spends most of a short run resolving and reading hundreds of small modules; one file
// starts in a fraction of that.
//
// The CLI is CommonJS: dist/bundle/cli.cjs, which the bin loads through V8's code cache
// (src/cli/code-cache.ts, from dist/bundle/start.cjs; help and the version are answered by
// dist/bundle/quick.cjs without it), beside the files it requires on first use: client-node.cjs
// (live mode), mcp.cjs (`podwhy mcp`), js-yaml.cjs, safe-regex2.cjs and jsonpath-plus.cjs. One
// file, because esbuild cannot split CommonJS, and because with the code cache what a run never
// calls costs it only the reading.
// The library is ES modules (dist/bundle/index.js and its chunks). The tsc build in dist/ stays
// for tests and the library's declarations. The metafile is kept, beside the bundle and out of
// the package, so tests can check which file holds what.

import { build, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { helpPages } from '../../src/cli/help-pages.js';
import { asciiSource } from './ascii.js';
import { cliRewrites } from './cli-bundle.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
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
const LAZY_PACKAGES = ['js-yaml', 'safe-regex2', 'jsonpath-plus'];
const lazyPackages: Plugin = {
  name: 'lazy-packages',
  setup(b) {
    const filter = new RegExp(`^(${LAZY_PACKAGES.join('|')})$`);
    b.onResolve({ filter }, (a) => (/[\\/]src[\\/]/.test(a.importer) ? { path: a.path, namespace: 'podwhy-lazy-package' } : undefined));
    b.onResolve({ filter: /\.cjs$/, namespace: 'podwhy-lazy-package' }, (a) => ({ path: a.path, external: true }));
    // live mode's KubeConfig: a file of its own, required when kubeconfig.ts first imports it (by
    // the CLI, and by the library's live functions: one copy in the package)
    b.onResolve({ filter: /^\.\/client-node\.js$/ }, (a) => (/[\\/]src[\\/]sources[\\/]live[\\/]/.test(a.importer) ? { path: 'client-node', namespace: 'podwhy-lazy-package' } : undefined));
    // `podwhy mcp`: the MCP server with its SDK (zod, ajv: ~600 KB), a file of its own, required when the command runs
    b.onResolve({ filter: /^\.\.\/\.\.\/mcp\/server\.js$/ }, (a) => (/[\\/]src[\\/]cli[\\/]commands[\\/]/.test(a.importer) && b.initialOptions.format === 'cjs' ? { path: 'mcp', namespace: 'podwhy-lazy-package' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'podwhy-lazy-package' }, async (a) => {
      if (a.path === 'client-node') return { loader: 'js', contents: "module.exports = require('./client-node.cjs');\n" };
      if (a.path === 'mcp') return { loader: 'js', contents: "module.exports = require('./mcp.cjs');\n" };
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

const fail = (message: string): never => {
  throw new Error(message);
};
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
const common = { bundle: true, platform: 'node', target: 'node20', legalComments: 'none', logLevel: 'warning', metafile: true } as const;

// chunk names change with their content: an old build's chunks would linger and be packed
rmSync(BUNDLE_DIR, { recursive: true, force: true });

// the library, ES modules
const BANNER = "import { createRequire as __podwhyRequire } from 'node:module'; const require = __podwhyRequire(import.meta.url);";
const library = await build({
  ...common,
  entryPoints: { index: join(ROOT, 'src', 'index.ts') },
  outdir: BUNDLE_DIR,
  splitting: true,
  format: 'esm',
  // the bundle sits in dist/bundle/: the package root is two levels up (src/catalogue/paths.ts)
  define: { PODWHY_BUNDLE_DEPTH: '"../../"' },
  // CommonJS dependencies (cli-table3) call require(): give them one (only the chunks that call
  // it keep it: see below)
  banner: { js: BANNER },
  chunkNames: 'chunk-[hash]',
  plugins: [lazyBuiltins, lazyPackages],
});
// The banner's require() costs every chunk that loads a createRequire call; most never call it.
for (const out of Object.keys(library.metafile.outputs)) {
  if (!out.endsWith('.js')) continue;
  const file = join(ROOT, out);
  const code = readFileSync(file, 'utf8');
  if (code.startsWith(BANNER) && !/\brequire\b/.test(code.slice(BANNER.length))) writeFileSync(file, code.slice(BANNER.length).replace(/^\n/, ''));
}

// The CLI and the files it requires on first use, CommonJS. tr46 and whatwg-url (under
// client-node's node-fetch 2) require('punycode'): Node's built-in one prints a DEP0040 warning
// on stderr from Node 21 on. The trailing slash names the npm package of the same name instead (a
// devDependency), so it is bundled and nothing is printed.
const cjs = { ...common, outdir: BUNDLE_DIR, outExtension: { '.js': '.cjs' }, format: 'cjs', alias: { punycode: 'punycode/' } } as const;
const apart = await build({
  ...cjs,
  entryPoints: { ...Object.fromEntries(LAZY_PACKAGES.map((p) => [p, requireHere.resolve(p)])), 'client-node': join(ROOT, 'src', 'sources', 'live', 'client-node.ts'), mcp: join(ROOT, 'src', 'mcp', 'server.ts') },
});
const cli = await build({
  ...cjs,
  // worker.cjs: the diagnose command's worker threads (src/api/parallel), started from its file
  entryPoints: { cli: join(ROOT, 'src', 'cli', 'run.ts'), worker: join(ROOT, 'src', 'api', 'parallel', 'worker.ts') },
  // import.meta.url, in CommonJS: the file's own URL
  define: { PODWHY_BUNDLE_DEPTH: '"../../"', PODWHY_WORKER: '"./worker.cjs"', 'import.meta.url': '__podwhyUrl' },
  banner: { js: 'const __podwhyUrl = require("node:url").pathToFileURL(__filename).href;' },
  plugins: [cliRewrites(fail), lazyBuiltins, lazyPackages],
});
// mcp.cjs holds the MCP server and its SDK (and util/'s stateless helpers) only: the face it calls
// is the CLI's, handed to it (src/mcp/face.ts), so a second copy of the product there would be a
// second rule cache and a second set of error classes
const mcpInputs = Object.keys(apart.metafile.outputs['dist/bundle/mcp.cjs']?.inputs ?? {}).filter((i) => i.startsWith('src/') && !/^src\/(mcp|util)\//.test(i));
if (mcpInputs.length > 0) fail(`dist/bundle/mcp.cjs bundles product code it should be handed (src/mcp/face.ts): ${mcpInputs.join(', ')}`);
// What the loader may load, with content hashes for the code cache's file names.
const files: Record<string, string> = {};
for (const out of [...Object.keys(apart.metafile.outputs), ...Object.keys(cli.metafile.outputs)]) {
  const file = join(ROOT, out);
  if (!out.endsWith('.cjs')) continue;
  const code = readFileSync(file, 'utf8');
  if (/\bimport\(/.test(code)) fail(`${out}: a dynamic import() is left; the loader's vm.Script cannot run it (src/cli/code-cache.ts)`);
  // ASCII, so the loader reads it as latin1 rather than decoding UTF-8 into a two-byte string (tools/build/ascii.ts)
  const ascii = asciiSource(code, out);
  if (ascii !== code) writeFileSync(file, ascii);
  files[out.split('/').pop() as string] = sha(file);
}
// the bin's CommonJS half: the quick answers (help and the version), and the loader
const pages = helpPages();
const start = await build({
  ...cjs,
  entryPoints: { quick: join(ROOT, 'src', 'cli', 'quick.ts'), start: join(ROOT, 'src', 'cli', 'start.ts') },
  define: { PODWHY_CODE: JSON.stringify({ files, commands: Object.keys(pages.names['podwhy'] ?? {}).filter((c) => c !== '') }) },
});
// the help pages the quick answers print, read off the real program
const help = JSON.stringify(pages);
writeFileSync(join(BUNDLE_DIR, 'help.json'), help);
const meta = {
  inputs: { ...library.metafile.inputs, ...apart.metafile.inputs, ...cli.metafile.inputs, ...start.metafile.inputs },
  // help.json is written here, not by esbuild: listed so the package tests know it belongs
  outputs: { ...library.metafile.outputs, ...apart.metafile.outputs, ...cli.metafile.outputs, ...start.metafile.outputs, 'dist/bundle/help.json': { inputs: {}, bytes: Buffer.byteLength(help) } },
};
writeFileSync(META_FILE, JSON.stringify(meta));
