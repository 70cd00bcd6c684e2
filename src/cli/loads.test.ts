// The offline path must never load @kubernetes/client-node (it costs ~260 ms and 115 MiB);
// live mode loads it by dynamic import only.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function loadedModules(args: string[], env: Record<string, string> = {}): string[] {
  const trace = join(mkdtempSync(join(tmpdir(), 'podwhy-trace-')), 'imports.txt');
  spawnSync(process.execPath, ['--import', join(ROOT, 'dist', 'testing', 'trace-imports.js'), join(ROOT, 'bin', 'podwhy.js'), ...args], {
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: tmpdir(), PODWHY_TRACE_IMPORTS: trace, ...env },
  });
  return readFileSync(trace, 'utf8').split('\n').filter(Boolean);
}

test('the offline path never loads @kubernetes/client-node', () => {
  const mods = loadedModules(['-f', join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml'), '-o', 'json']);
  assert.ok(mods.some((m) => m.includes('/dist/engine/diagnose.js')), 'the trace works');
  assert.deepEqual(mods.filter((m) => m.includes('@kubernetes/client-node') || m.includes('/dist/cluster/')), []);
});

test('--help loads neither the cluster code nor the renderers', () => {
  const mods = loadedModules(['--help']);
  assert.deepEqual(mods.filter((m) => /@kubernetes\/client-node|\/dist\/(cluster|render|engine)\//.test(m)), []);
});

test('live mode loads client-node (by dynamic import)', () => {
  const mods = loadedModules(['some-pod'], { KUBECONFIG: join(tmpdir(), 'no-such-kubeconfig') });
  assert.ok(mods.some((m) => m.includes('@kubernetes/client-node')));
});
