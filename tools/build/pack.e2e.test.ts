// The package as users get it: `npm pack` of the built tree, installed into a scratch project
// with no network, then used the three ways it is meant to be: imported from ESM, type-checked
// with TypeScript (nodenext, strict, the package's own declarations checked too), and run as the
// `podwhy` bin. Also what the tarball must (LICENSE, the notices) and must not hold (tests,
// fixtures, the test API server, the bundle's metafile). Needs `npm run build` first, as every
// test here does; packs with --ignore-scripts so that it does not build again.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { before, describe, test } from 'node:test';
import yaml from 'js-yaml';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

// the checks after the install are independent: they run side by side
describe('the npm package', { concurrency: true }, () => {
  let packed: Packed;
  let project: string;

  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'podwhy-pack-'));
    const { stdout } = await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT });
    packed = (JSON.parse(stdout) as Packed[])[0] as Packed;
    project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'scratch', version: '1.0.0', private: true, type: 'module' }));
    // no runtime dependencies: nothing to fetch, so --offline must be enough
    await run(npm, ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', join(dir, packed.filename)], { cwd: project });
  });

  test('the README states its size as npm pack measures it (to 0.1 MB)', () => {
    const m = /Package size: ([\d.]+) MB to download, ([\d.]+) MB installed/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    assert.ok(m, 'the README states the package size');
    const mb = (n: number) => Math.round(n / 1e5) / 10;
    assert.deepEqual([Number(m[1]), Number(m[2])], [mb(packed.size), mb(packed.unpackedSize)], 'update the README\'s package size');
  });

  test('holds the bundle, the declarations, the rules, README and LICENSE, and nothing test-only', () => {
    const paths = packed.files.map((f) => f.path);
    for (const p of ['LICENSE', 'README.md', 'package.json', 'bin/podwhy.js', 'bin/podwhy', 'bin/package.json', 'bin/kubectl-podwhy', 'bin/kubectl_complete-podwhy', 'dist/bundle/quick.cjs', 'dist/bundle/start.cjs', 'dist/bundle/cli.cjs', 'dist/bundle/client-node.cjs', 'dist/bundle/mcp.cjs', 'dist/bundle/index.js', 'dist/src/index.d.ts', 'dist/rules-cache.json', 'dist/THIRD-PARTY-NOTICES.txt', 'rules/crashloop-oomkilled.yaml']) {
      assert.ok(paths.includes(p), `${p} is packed`);
    }
    const testOnly = paths.filter((p) => /\.test\.|(^|\/)(fixtures|tools|test|testing|bench|__golden__)\/|^src\/|meta\.json$|\.tsbuildinfo$/.test(p));
    assert.deepEqual(testOnly, []);
    // the unbundled tsc build stays out: only the bundle runs
    assert.deepEqual(paths.filter((p) => p.startsWith('dist/') && p.endsWith('.js') && !p.startsWith('dist/bundle/')), []);
    assert.equal(readFileSync(join(project, 'node_modules', 'podwhy', 'LICENSE'), 'utf8'), readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
    // exactly this build's chunks, none left over from an earlier one
    const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'bundle-meta.json'), 'utf8')) as { outputs: Record<string, unknown> };
    assert.deepEqual(paths.filter((p) => p.startsWith('dist/bundle/')).sort(), Object.keys(meta.outputs).sort());
  });

  test('stays small: client-node contributes its KubeConfig, not its generated API clients (13 MB)', () => {
    assert.ok(packed.unpackedSize < 8_000_000, `unpacked ${packed.unpackedSize} bytes`);
  });

  test('installs nothing but itself', () => {
    assert.deepEqual(
      readdirSync(join(project, 'node_modules')).filter((n) => !n.startsWith('.')),
      ['podwhy'],
    );
  });

  test('imports from ESM and diagnoses a pod object and a pasted describe', async () => {
    const pod = JSON.stringify(fixturePod('crashloop-oomkilled-jvm.yaml'));
    const describeText = JSON.stringify(readFileSync(join(ROOT, 'fixtures', 'describe', 'crashloop-oomkilled-jvm.txt'), 'utf8'));
    writeFileSync(
      join(project, 'use.js'),
      `import { diagnoseObjects, diagnoseText, loadRules, LANGS, PodwhyError } from 'podwhy';
const now = '2025-03-02T10:00:00Z';
const root = (r) => r.pods[0].findings.find((f) => f.role === 'root-cause').rule;
const fromObject = diagnoseObjects(${pod}, { now });
const fromText = diagnoseText(${describeText}, { now, lang: 'ko' });
let error;
try { diagnoseText('a: [1', {}); } catch (e) { error = e instanceof PodwhyError; }
console.log(JSON.stringify({ object: root(fromObject), text: root(fromText), format: fromText.pods[0].input.format, rules: loadRules().ids.length, langs: LANGS, error }));
`,
    );
    const { stdout } = await run(process.execPath, ['use.js'], { cwd: project });
    const out = JSON.parse(stdout) as Record<string, unknown>;
    assert.deepEqual(out, { object: 'crashloop-oomkilled', text: 'crashloop-oomkilled', format: 'describe', rules: out['rules'], langs: ['en', 'ko'], error: true });
    assert.ok((out['rules'] as number) > 50);
  });

  test('type-checks against its declarations (nodenext, strict, skipLibCheck off)', async () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022'], strict: true, skipLibCheck: false, noEmit: true, types: [] }, files: ['check.ts'] }),
    );
    writeFileSync(
      join(project, 'check.ts'),
      `import { diagnoseObjects, diagnoseText, loadRules, PodwhyError, type DiagnoseOptions, type Finding, type Lang, type PodReport, type Report, type RuleSet } from 'podwhy';
const rules: RuleSet = loadRules({ directories: ['./my-rules'] });
const lang: Lang = 'ko';
const options: DiagnoseOptions = { rules, lang, now: new Date() };
const report: Report = diagnoseText('kubectl describe text', options);
const pod: PodReport | undefined = diagnoseObjects([{ kind: 'Pod' }]).pods[0];
const root: Finding | undefined = pod?.findings.find((f) => f.role === 'root-cause');
const severity: 'error' | 'warning' | 'info' | undefined = root?.severity;
const version: 1 = report.schemaVersion;
const isPodwhy = (e: unknown): boolean => e instanceof PodwhyError && typeof e.message === 'string';
// @ts-expect-error: the languages are en and ko
diagnoseText('', { lang: 'fr' });
export { severity, version, isPodwhy };
`,
    );
    await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: project }).catch((e: { stdout?: string }) => assert.fail(`tsc: ${e.stdout ?? e}`));
  });

  test('runs the installed bin on a fixture', async () => {
    const bin = join(project, 'node_modules', '.bin', 'podwhy');
    const fixture = join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml');
    const r = await run(bin, ['-f', fixture, '-o', 'json', '--fail-on', 'never'], { cwd: project, env: { PATH: process.env['PATH'] ?? '', HOME: project } });
    const report = JSON.parse(r.stdout) as { pods: { findings: { rule: string; role: string }[] }[] };
    assert.equal(report.pods[0]?.findings.find((f) => f.role === 'root-cause')?.rule, 'crashloop-oomkilled');
    assert.equal(r.stderr, '');
  });
});

/** The Pod object of a fixture file (its documents are the header, the Pod, maybe events). */
function fixturePod(name: string): unknown {
  const docs = yaml.loadAll(readFileSync(join(ROOT, 'fixtures', name), 'utf8')) as { kind?: string }[];
  return docs.find((d) => d.kind === 'Pod');
}
