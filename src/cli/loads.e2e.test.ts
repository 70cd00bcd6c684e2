// The offline path must never load @kubernetes/client-node (from node_modules it costs ~260 ms
// and 115 MiB, bundled ~55 ms); live mode loads it by dynamic import only. The bin runs the
// esbuild bundle, so what is checked is which bundle chunks a run loads, and the bundle's
// metafile says which chunks hold client-node, the cluster code, the renderers and the engine.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Meta {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}
const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'bundle-meta.json'), 'utf8')) as Meta;

/** Bundle files (base names) holding any input whose path matches re. */
function chunksWith(re: RegExp): string[] {
  return Object.entries(meta.outputs)
    .filter(([out, o]) => out.endsWith('.js') && Object.keys(o.inputs).some((i) => re.test(i)))
    .map(([out]) => basename(out));
}

const CLIENT_NODE = chunksWith(/node_modules\/@kubernetes\/client-node\//);
const CLUSTER = chunksWith(/^src\/sources\/live\//);

/** The bundle files a run of bin/podwhy.js loads. */
function loadedChunks(args: string[], env: Record<string, string> = {}): string[] {
  const trace = join(mkdtempSync(join(tmpdir(), 'podwhy-trace-')), 'imports.txt');
  spawnSync(process.execPath, ['--import', join(ROOT, 'dist', 'testing', 'trace-imports.js'), join(ROOT, 'bin', 'podwhy.js'), ...args], {
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: tmpdir(), PODWHY_TRACE_IMPORTS: trace, ...env },
  });
  const urls = readFileSync(trace, 'utf8').split('\n').filter(Boolean);
  // nothing may come from node_modules or the unbundled build: the bundle holds it all
  assert.deepEqual(urls.filter((u) => u.includes('/node_modules/') || /\/dist\/(?!bundle\/)/.test(u)), []);
  return urls.filter((u) => u.includes('/dist/bundle/')).map((u) => basename(u));
}

test('the bundle keeps client-node and the cluster code out of the entry chunk', () => {
  assert.ok(CLIENT_NODE.length > 0 && CLUSTER.length > 0, 'the metafile names them');
  assert.ok(!CLIENT_NODE.includes('podwhy.js') && !CLUSTER.includes('podwhy.js'));
});

test('the offline path never loads @kubernetes/client-node', () => {
  const loaded = loadedChunks(['-f', join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml'), '-o', 'json']);
  assert.ok(loaded.some((c) => chunksWith(/^src\/engine\/diagnose\.ts$/).includes(c)), 'the trace works');
  assert.deepEqual(loaded.filter((c) => CLIENT_NODE.includes(c) || CLUSTER.includes(c)), []);
});

test('help and the version load no chunk of the program: the bin answers them from quick.cjs', () => {
  for (const args of [['--help'], ['explain', '--help'], ['--version']]) assert.deepEqual(loadedChunks(args), ['quick.cjs', 'help.json'], args.join(' '));
  // anything else goes to the program
  assert.ok(loadedChunks(['rules', '--help', 'x']).includes('podwhy.js'));
});

test('YAML input loads neither the kubectl-text readers nor js-yaml nor the regex checker; text input loads the readers', () => {
  assert.ok('dist/bundle/text-reader.js' in meta.outputs, 'the text readers are an entry of their own');
  const TEXT = ['text-reader.js', ...chunksWith(/^src\/sources\/(kubectl-text|paste|describe|tables|messages)\.ts$/)];
  const pod = join(mkdtempSync(join(tmpdir(), 'podwhy-pod-')), 'pod.yaml');
  writeFileSync(pod, readFileSync(join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml'), 'utf8').split(/^---$/m)[1] ?? '');
  const yaml = loadedChunks(['-f', pod, '-o', 'json']);
  assert.ok(yaml.some((c) => chunksWith(/^src\/engine\/diagnose\.ts$/).includes(c)), 'the trace works');
  assert.deepEqual(yaml.filter((c) => TEXT.includes(c) || (c.endsWith('.cjs') && c !== 'quick.cjs')), []);
  assert.ok(loadedChunks(['-f', join(ROOT, 'fixtures', 'pastes', 'aks-2064.txt'), '-o', 'json']).includes('text-reader.js'));
});

test('live mode loads client-node (by dynamic import)', () => {
  const loaded = loadedChunks(['some-pod'], { KUBECONFIG: join(tmpdir(), 'no-such-kubeconfig') });
  assert.ok(loaded.some((c) => CLIENT_NODE.includes(c)));
});
