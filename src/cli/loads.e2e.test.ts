// The offline path must never load @kubernetes/client-node (from node_modules it costs ~260 ms
// and 115 MiB, bundled ~55-150 ms); live mode loads it only for a legacy auth-provider or a
// proxy-url (src/sources/live/auth.ts authenticates everything else). The bin loads the program from
// the bundle: dist/bundle/quick.cjs answers help and the version, and otherwise start.cjs
// compiles dist/bundle/cli.cjs; that requires client-node.cjs, js-yaml.cjs and safe-regex2.cjs
// only when it needs them. So what is checked is which bundle files a run reads; the bundle's
// metafile says which file holds what.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Meta {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}
const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'bundle-meta.json'), 'utf8')) as Meta;

/** Bundle files (base names) holding any input whose path matches re. */
function filesWith(re: RegExp): string[] {
  return Object.entries(meta.outputs)
    .filter(([out, o]) => /\.c?js$/.test(out) && Object.keys(o.inputs).some((i) => re.test(i)))
    .map(([out]) => basename(out));
}

/** The bundle files a run of bin/podwhy.js reads, in order, each once. */
function loaded(args: string[], env: Record<string, string> = {}): string[] {
  const trace = join(mkdtempSync(join(tmpdir(), 'podwhy-trace-')), 'imports.txt');
  spawnSync(process.execPath, ['--import', join(ROOT, 'dist', 'test', 'trace-imports.js'), join(ROOT, 'bin', 'podwhy.js'), ...args], {
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: tmpdir(), PODWHY_TRACE_IMPORTS: trace, ...env },
  });
  const urls = readFileSync(trace, 'utf8').split('\n').filter(Boolean);
  // nothing may come from node_modules or the unbundled build: the bundle holds it all
  assert.deepEqual(urls.filter((u) => u.includes('/node_modules/') || /\/dist\/(?!bundle\/|testing\/trace-)/.test(u)), []);
  return [...new Set(urls.filter((u) => u.includes('/dist/bundle/')).map((u) => basename(u)))];
}

const CLI = filesWith(/^src\/engine\/diagnose\.ts$/).filter((f) => f.endsWith('.cjs')).sort();

test('the CLI file holds the program and not client-node, which is a file of its own', () => {
  // (worker.cjs: the diagnose command's worker threads, which diagnose too)
  assert.deepEqual(CLI, ['cli.cjs', 'worker.cjs']);
  assert.deepEqual(filesWith(/^src\/cli\/(program|main)\.ts$/).filter((f) => f.endsWith('.cjs')), ['cli.cjs'], 'the workers have no command line');
  assert.deepEqual(filesWith(/node_modules\/@kubernetes\/client-node\//).filter((f) => f.endsWith('.cjs')), ['client-node.cjs']);
  // (client-node has its own js-yaml, for kubeconfig files)
  assert.deepEqual(filesWith(/node_modules\/js-yaml\//).filter((f) => f.endsWith('.cjs')).sort(), ['client-node.cjs', 'js-yaml.cjs']);
});

test('the offline path never loads @kubernetes/client-node', () => {
  const files = loaded(['-f', join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml'), '-o', 'json']);
  assert.ok(files.includes('cli.cjs'), 'the trace works');
  assert.ok(!files.includes('client-node.cjs'), files.join(' '));
});

test('help and the version load no part of the program: the bin answers them from quick.cjs', () => {
  for (const args of [['--help'], ['explain', '--help'], ['--version']]) assert.deepEqual(loaded(args), ['quick.cjs', 'help.json'], args.join(' '));
  // anything else goes to the program
  assert.ok(loaded(['rules', '--help', 'x']).includes('cli.cjs'));
});

test('YAML input loads neither js-yaml nor the regex checker; a paste, not client-node', () => {
  const pod = join(mkdtempSync(join(tmpdir(), 'podwhy-pod-')), 'pod.yaml');
  writeFileSync(pod, readFileSync(join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml'), 'utf8').split(/^---$/m)[1] ?? '');
  assert.deepEqual(loaded(['-f', pod, '-o', 'json']), ['quick.cjs', 'start.cjs', 'cli.cjs']);
  const paste = loaded(['-f', join(ROOT, 'fixtures', 'pastes', 'aks-2064.txt'), '-o', 'json']);
  assert.ok(paste.includes('cli.cjs') && !paste.includes('client-node.cjs'), paste.join(' '));
});

/** A mapping in kubectl's block style. */
function block(o: Record<string, unknown>, indent: string): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? [`${indent}${k}:`, ...block(v as Record<string, unknown>, `${indent}  `)] : [`${indent}${k}: ${String(v)}`]));
}

/** A kubeconfig for a server that is not there, with this user entry, written as JSON (YAML's subset) or as kubectl writes YAML. */
function kubeconfig(user: Record<string, unknown>, json = false): string {
  const file = join(mkdtempSync(join(tmpdir(), 'podwhy-kc-')), json ? 'config.json' : 'config');
  if (!json) {
    writeFileSync(
      file,
      [
        'apiVersion: v1',
        'clusters:',
        '- cluster:',
        '    insecure-skip-tls-verify: true',
        '    server: https://127.0.0.1:1',
        '  name: c',
        'contexts:',
        '- context:',
        '    cluster: c',
        '    user: u',
        '  name: x',
        'current-context: x',
        'kind: Config',
        'preferences: {}',
        'users:',
        '- name: u',
        '  user:',
        ...block(user, '    '),
        '',
      ].join('\n'),
    );
    return file;
  }
  const cfg = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'c', cluster: { server: 'https://127.0.0.1:1', 'insecure-skip-tls-verify': true } }],
    users: [{ name: 'u', user }],
    contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
    'current-context': 'x',
  };
  writeFileSync(file, JSON.stringify(cfg));
  return file;
}

test('live mode with the kubeconfigs of today (a token, certificates, an exec plugin) does not load client-node', () => {
  // (kubectl's own YAML, as `kubectl config view --raw` prints it, is read without js-yaml too)
  for (const json of [true, false]) {
    for (const user of [{ token: 'abc' }, { exec: { apiVersion: 'client.authentication.k8s.io/v1beta1', command: 'true' } }]) {
      assert.deepEqual(loaded(['some-pod', '--request-timeout', '1s'], { KUBECONFIG: kubeconfig(user, json) }), ['quick.cjs', 'start.cjs', 'cli.cjs'], JSON.stringify(user));
    }
  }
});

test('a legacy auth-provider loads client-node, through the loader', () => {
  const files = loaded(['some-pod', '--request-timeout', '1s'], { KUBECONFIG: kubeconfig({ 'auth-provider': { name: 'oidc', config: { 'id-token': 'x', 'idp-issuer-url': 'https://127.0.0.1:1' } } }, true) });
  assert.deepEqual(files.filter((f) => f !== 'js-yaml.cjs'), ['quick.cjs', 'start.cjs', 'cli.cjs', 'client-node.cjs']);
});
