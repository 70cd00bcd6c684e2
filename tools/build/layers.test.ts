// The floor plan holds (tools/build/layers.ts): dependency-cruiser's rules over src/, tools/ and
// test/, every product module in a room, no `process` in a pure room. And each rule can fail: a small tree of its own breaks every
// rule once, beside imports that are allowed (type-only, lazy) and must not be reported.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { PACKAGE_ROOT } from '../../src/catalogue/paths.js';
import { checkLayers, FLOORS, RULES, type LayerReport } from './layers.js';

test('src/ keeps to the floor plan, and the workshop beside it', async (t) => {
  const start = performance.now();
  const r = await checkLayers(PACKAGE_ROOT);
  const ms = Math.round(performance.now() - start);
  assert.ok(r.modules > 100, `cruised ${r.modules} modules`);
  assert.deepEqual(r.violations, [], `dependency rules broken:\n  ${r.violations.join('\n  ')}`);
  assert.deepEqual(r.homeless, [], 'modules in no room: place the folder in tools/build/layers.ts FLOORS and STYLE 2.1b');
  assert.deepEqual(r.processUses, [], 'a pure room touches process: pass what it needs in from the caller');
  t.diagnostic(`checked ${r.modules} modules in ${ms} ms`);
});

const dir = mkdtempSync(join(tmpdir(), 'podwhy-layers-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const put = (file: string, text: string) => {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
};

/** A module each room may not import: the first room not below it (for a room that may import every other, a module in no room). */
function forbiddenFor(room: string): string {
  const allowed = new Set([room, ...(FLOORS[room] ?? [])]);
  const other = Object.keys(FLOORS).find((r) => !allowed.has(r));
  return other === undefined ? '../attic/old.js' : `../${other}/leaf.js`;
}

let report: LayerReport;
test('a tree that breaks every rule once', async () => {
  for (const room of [...Object.keys(FLOORS), 'sources/live']) put(`src/${room}/leaf.ts`, 'export const leaf = 1;\n');
  for (const room of Object.keys(FLOORS)) put(`src/${room}/bad-floor.ts`, `import { leaf } from '${forbiddenFor(room)}';\nexport const x = leaf;\n`);
  // cycles: a runtime one (reported), a type-only one (erased by the compiler: allowed)
  put('src/engine/cycle-a.ts', "import { b } from './cycle-b.js';\nexport const a = () => b;\n");
  put('src/engine/cycle-b.ts', "import { a } from './cycle-a.js';\nexport const b = () => a;\n");
  put('src/engine/type-a.ts', "import type { B } from './type-b.js';\nexport interface A { b?: B }\n");
  put('src/engine/type-b.ts', "import type { A } from './type-a.js';\nexport interface B { a?: A }\n");
  put('src/facts/io.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n");
  put('src/rules/up.ts', "import { leaf } from '../render/leaf.js';\nexport const u = leaf;\n");
  put('src/render/runs.ts', "import { leaf } from '../engine/leaf.js';\nexport const e = leaf;\n");
  put('src/render/types-ok.ts', "import type { A } from '../engine/type-a.js';\nexport type T = A;\n");
  put('src/render/cli.ts', "import { leaf } from '../cli/leaf.js';\nexport const c = leaf;\n");
  // the workshop: product → tools/ and test/ (reported), test/ → tools/ (reported), tools/ → test/ and src/ (allowed)
  put('tools/leaf.ts', 'export const leaf = 1;\n');
  put('test/leaf.ts', 'export const leaf = 1;\n');
  put('src/sources/dev.ts', "import { leaf } from '../../tools/leaf.js';\nexport const d = leaf;\n");
  put('src/sources/test-data.ts', "import { leaf } from '../../test/leaf.js';\nexport const d = leaf;\n");
  put('test/uses-tools.ts', "import { leaf } from '../tools/leaf.js';\nexport const t = leaf;\n");
  put('tools/uses-all.ts', "import { leaf } from '../test/leaf.js';\nimport { leaf as l } from '../src/cli/leaf.js';\nexport const u = leaf + l;\n");
  put('test/uses-product.ts', "import { leaf } from '../src/engine/leaf.js';\nexport const p = leaf;\n");
  put('src/api/static-live.ts', "import { leaf } from '../sources/live/leaf.js';\nexport const s = leaf;\n");
  put('src/api/lazy-live.ts', "export const l = async () => (await import('../sources/live/leaf.js')).leaf;\n");
  put('src/tester/lazy-live.ts', "export const l = async () => (await import('../sources/live/leaf.js')).leaf;\n");
  put('src/cli/static-mcp.ts', "import { leaf } from '../mcp/leaf.js';\nexport const m = leaf;\n");
  put('src/cli/lazy-mcp.ts', "export const m = async () => (await import('../mcp/leaf.js')).leaf;\n");
  put('src/sources/client.ts', "import { KubeConfig } from '@kubernetes/client-node';\nexport const k = KubeConfig;\n");
  put('src/attic/old.ts', 'export const old = 1;\n');
  put('src/engine/env.ts', "export const debug = process.env['X'] === '1';\n");
  put('src/util/global.ts', "export const argv = () => globalThis.process.argv;\n");
  put('src/facts/words.ts', "// the process was killed\nexport const w = { process: 'process' };\nexport const p = (o: { process: number }) => o.process;\n");
  symlinkSync(join(PACKAGE_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  report = await checkLayers(dir);
});

test('every dependency rule reports its violation', () => {
  const broken = new Set(report.violations.map((v) => v.split(':')[0]));
  for (const rule of RULES) assert.ok(broken.has(rule.name), `rule ${rule.name} never fired:\n  ${report.violations.join('\n  ')}`);
  for (const room of Object.keys(FLOORS)) assert.ok(report.violations.some((v) => v.startsWith(`floor-${room}: src/${room}/bad-floor.ts → `)), `floor-${room}`);
  assert.ok(report.violations.includes('no-cycle: src/engine/cycle-a.ts → src/engine/cycle-b.ts → src/engine/cycle-a.ts') || report.violations.includes('no-cycle: src/engine/cycle-b.ts → src/engine/cycle-a.ts → src/engine/cycle-b.ts'));
  assert.ok(report.violations.includes('pure-rooms-no-io: src/facts/io.ts → fs'), report.violations.join('\n'));
  assert.ok(report.violations.includes('offline-never-loads-live: src/api/static-live.ts → src/sources/live/leaf.ts'));
  assert.ok(report.violations.includes('only-api-loads-live: src/tester/lazy-live.ts → src/sources/live/leaf.ts'));
  assert.ok(report.violations.includes('mcp-loaded-lazily: src/cli/static-mcp.ts → src/mcp/leaf.ts'), report.violations.join('\n'));
  for (const v of ['product-never-imports-workshop: src/sources/dev.ts → tools/leaf.ts', 'product-never-imports-workshop: src/sources/test-data.ts → test/leaf.ts', 'test-support-never-imports-tools: test/uses-tools.ts → tools/leaf.ts']) {
    assert.ok(report.violations.includes(v), `${v}:\n  ${report.violations.join('\n  ')}`);
  }
});

test('allowed imports are not reported', () => {
  const quiet = ['src/cli/lazy-mcp.ts', 'src/engine/type-a.ts', 'src/engine/type-b.ts', 'src/render/types-ok.ts', 'src/api/lazy-live.ts', 'src/facts/words.ts', 'tools/uses-all.ts', 'test/uses-product.ts'];
  for (const f of quiet) assert.deepEqual(report.violations.filter((v) => v.includes(`: ${f} →`)), [], f);
});

test('a module in no room and `process` in a pure room are found', () => {
  assert.deepEqual(report.homeless, ['src/attic/old.ts']);
  assert.deepEqual(report.processUses.sort(), ['src/engine/env.ts:1: process', 'src/util/global.ts:1: process']);
});
