// The registry is the one list of fact families: every family declared in src/facts/ is in it,
// the catalogue holds each family's own declaration at its root or container field, a family
// reads only families that run before it, and every family finds facts in some fixture (one
// wired to the wrong root, or never run, finds none).

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fixturePods } from '../../test/fixture-pods.js';
import { CONTAINER, ROOTS, type FactNode } from './catalog.js';
import type { ContainerFamily, PodFamily } from './family.js';
import { normalize } from './normalize.js';
import { CONTAINER_FAMILIES, POD_FAMILIES } from './registry.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** `node` is `declaration`, or the optional copy of it opt() makes (same fields, same element). */
function declares(node: FactNode, declaration: FactNode): boolean {
  if (node === declaration) return true;
  if (node.type !== declaration.type || node.doc !== declaration.doc) return false;
  if (node.type === 'object' && declaration.type === 'object') return node.fields === declaration.fields;
  if (node.type === 'list' && declaration.type === 'list') return node.of === declaration.of;
  return false;
}

const isFamily = (v: unknown): v is PodFamily | ContainerFamily =>
  typeof v === 'object' && v !== null && ('root' in v || 'field' in v) && 'node' in v && typeof (v as { extract?: unknown }).extract === 'function';
const isDeclaration = (v: unknown): v is FactNode => typeof v === 'object' && v !== null && 'type' in v && 'doc' in v;

/** Every module of src/facts/ and src/facts/extractors/ (tests left out), with what it exports. */
async function factModules(): Promise<{ file: string; exports: Record<string, unknown> }[]> {
  const out: { file: string; exports: Record<string, unknown> }[] = [];
  for (const dir of ['', 'extractors']) {
    for (const name of readdirSync(join(HERE, dir)).sort()) {
      if (!name.endsWith('.js') || name.endsWith('.test.js')) continue;
      const file = join(dir, name);
      out.push({ file, exports: (await import(new URL(file, new URL('.', import.meta.url)).href)) as Record<string, unknown> });
    }
  }
  return out;
}

const ALL: readonly (PodFamily | ContainerFamily)[] = [...POD_FAMILIES, ...CONTAINER_FAMILIES];

test('every family a module of src/facts/ exports is in the registry, and each declares its facts there', async () => {
  const problems: string[] = [];
  const registered = new Set<unknown>(ALL);
  for (const { file, exports } of await factModules()) {
    const families = Object.entries(exports).filter(([, v]) => isFamily(v));
    for (const [name, f] of families) if (!registered.has(f)) problems.push(`${file}: ${name} is not listed in src/facts/registry.ts`);
    // a family's declaration is exported beside it, as <NAME>_FACTS
    for (const [name, f] of families) {
      const decl = exports[name.replace(/_FAMILY$/, '_FACTS')];
      if (!isDeclaration(decl) || !declares((f as PodFamily).node, decl)) problems.push(`${file}: ${name} does not declare ${name.replace(/_FAMILY$/, '_FACTS')}, exported beside it`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every declaration of a pod root or container field made in src/facts/ is a registered family\'s', async () => {
  // (an X_FACTS spliced into the catalogue by hand, with normalize() filling it by hand, would pass
  // every other check: the registry is then no longer the list of families)
  const problems: string[] = [];
  const slots: [string, FactNode][] = [...Object.entries(ROOTS).map(([k, n]): [string, FactNode] => [k, n]), ...Object.entries(CONTAINER.fields).map(([k, n]): [string, FactNode] => [`container.${k}`, n])];
  for (const { file, exports } of await factModules()) {
    for (const [name, decl] of Object.entries(exports)) {
      if (!name.endsWith('_FACTS') || !isDeclaration(decl)) continue;
      const at = slots.filter(([, n]) => declares(n, decl)).map(([k]) => k);
      for (const slot of at) {
        const family = ALL.find((f) => ('root' in f ? f.root : `container.${f.field}`) === slot);
        if (!family || !declares(family.node, decl)) problems.push(`${file}: ${name} is the catalogue's ${slot}, which no registered family fills`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('the catalogue holds each family\'s own node at its root or field, once', () => {
  const roots = POD_FAMILIES.map((f) => f.root);
  const fields = CONTAINER_FAMILIES.map((f) => f.field);
  assert.equal(new Set(roots).size, roots.length, 'a pod root is listed twice');
  assert.equal(new Set(fields).size, fields.length, 'a container field is listed twice');
  for (const f of POD_FAMILIES) assert.equal(ROOTS[f.root], f.node, `catalogue root ${f.root} is not the family's node`);
  for (const f of CONTAINER_FAMILIES) assert.equal(CONTAINER.fields[f.field], f.node, `catalogue field container.${f.field} is not the family's node`);
});

test('a family reads only families listed before it', () => {
  const before = new Set<string>();
  for (const f of POD_FAMILIES) {
    for (const r of f.reads) assert.ok(before.has(r), `${f.root} reads ${r}, which does not run before it`);
    before.add(f.root);
  }
});

test('every family finds its facts in some fixture', () => {
  const found = new Set<string>();
  for (const { input: p } of fixturePods()) {
    const facts: Record<string, unknown> = normalize(p, p.capturedAt ?? 0);
    for (const f of POD_FAMILIES) {
      const v = facts[f.root];
      if (v !== undefined && !(Array.isArray(v) && v.length === 0)) found.add(f.root);
    }
    for (const c of facts['containers'] as Record<string, unknown>[]) for (const f of CONTAINER_FAMILIES) if (c[f.field] !== undefined) found.add(`container.${f.field}`);
  }
  const all = [...POD_FAMILIES.map((f) => f.root), ...CONTAINER_FAMILIES.map((f) => `container.${f.field}`)];
  assert.deepEqual(
    all.filter((k) => !found.has(k)),
    [],
  );
});
