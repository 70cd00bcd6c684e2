// Writes src/rules/known-reasons.ts: the Kubernetes reasons the rule loader knows, so that a rule
// value one or two edits away from one of them is refused as a typo (src/rules/vocabulary.ts).
//   node dist/tools/build/known-reasons-gen.js [--write] [--optional] [path/to/REASONS.md]
// (`npm run docs` runs it with --write --optional.)
// It reads the design catalogue (../shared/design/REASONS.md beside the checkout: not shipped,
// so the loader never reads it) and the reasons the fixtures carry. Without --write it prints the
// file; known-reasons.test.ts fails when the checked-in list lacks a reason either source has.

import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOTS, type FactNode } from '../../src/facts/catalog.js';
import { normalize } from '../../src/facts/normalize.js';
import { FIXTURES_DIR, PACKAGE_ROOT } from '../../src/catalogue/paths.js';
import { snapshotFromTexts } from '../../src/sources/file.js';
import { CONTROLLER_REASONS } from '../../src/rules/known-reasons.js';

export const REASONS_MD = join(PACKAGE_ROOT, '..', 'shared', 'design', 'REASONS.md');

/**
 * The reasons the catalogue lists: the backticked names in the "Reason" columns of its tables,
 * and its list of the kubelet's event reason constants (not the Go identifiers in "Origin").
 */
export function reasonsFromMarkdown(text: string): string[] {
  const out = new Set<string>();
  const add = (s: string) => {
    for (const m of s.matchAll(/`([^`\s]+)`/g)) {
      const w = m[1] as string;
      // OOMKilled, FailedMount, OutOfnvidia.com/gpu; not field paths, templates or Init:X
      if (/^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*(?:[./-][A-Za-z0-9./-]+)?$/.test(w)) out.add(w);
    }
  };
  const lines = text.split('\n');
  let header: string[] = [];
  const cells = (l: string) => l.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
  lines.forEach((line, i) => {
    if (!line.startsWith('|')) {
      header = [];
      if (/^Event reason constants/.test(line)) add(line);
      return;
    }
    if (header.length === 0) {
      if (/^\|[-| ]+\|$/.test(lines[i + 1] ?? '')) header = cells(line);
      return;
    }
    if (/^\|[-| ]+\|$/.test(line)) return;
    cells(line).forEach((c, k) => {
      if (/^Reason\b/.test(header[k] ?? '') && !/^Reason text/.test(header[k] ?? '')) add(c);
    });
  });
  return [...out].sort();
}

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(ya?ml|json|txt)$/.test(name)) out.push(p);
  }
  return out;
}

/** Every value of a reason fact (catalog `reason: true`) in the normalized facts of the fixtures. */
export function reasonsFromFixtures(dir = FIXTURES_DIR): string[] {
  const out = new Set<string>();
  const walk = (value: unknown, node: FactNode | undefined): void => {
    if (value === undefined || value === null || !node) return;
    if (node.type === 'string') {
      if (node.reason && typeof value === 'string' && value !== '') out.add(value);
    } else if (node.type === 'list') {
      if (Array.isArray(value)) for (const v of value) walk(v, node.of);
    } else if (node.type === 'map') {
      if (typeof value === 'object') for (const v of Object.values(value)) walk(v, node.of);
    } else if (node.type === 'object' && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, node.fields[k]);
    }
  };
  for (const file of files(dir)) {
    let pods;
    try {
      pods = snapshotFromTexts([{ file, text: readFileSync(file, 'utf8') }]).pods;
    } catch {
      continue; // not a pod input (a workload, a broken-on-purpose fixture)
    }
    for (const p of pods) {
      const facts = normalize(p, p.capturedAt ?? 0) as unknown as Record<string, unknown>;
      for (const [root, v] of Object.entries(facts)) walk(v, ROOTS[root]);
    }
  }
  return [...out].sort();
}

export function renderKnownReasons(fromCatalogue: readonly string[], fromFixtures: readonly string[]): string {
  const catalogue = new Set(fromCatalogue);
  const all = [...fromCatalogue, ...fromFixtures, ...CONTROLLER_REASONS];
  // a reason cut short by describe's column width ("ProvisioningFai") is no reason of its own
  const cut = (r: string) => all.some((x) => x !== r && x.startsWith(r));
  const onlyFixtures = fromFixtures.filter((r) => !catalogue.has(r) && !CONTROLLER_REASONS.includes(r) && !cut(r));
  const list = (xs: readonly string[]) => xs.map((x) => `  ${JSON.stringify(x)},`).join('\n');
  const src = readFileSync(join(PACKAGE_ROOT, 'src', 'rules', 'known-reasons.ts'), 'utf8');
  const hand = src.slice(src.indexOf('/** Reasons of the workload controllers'));
  return `// Kubernetes reasons the rule loader knows (src/rules/vocabulary.ts): a rule value one or two
// edits away from one of these, and not one of them, is refused as a typo.
// FROM_CATALOGUE and FROM_FIXTURES are generated by \`node dist/tools/build/known-reasons-gen.js --write\`
// from ../shared/design/REASONS.md and the fixtures; CONTROLLER_REASONS is kept by hand.

/** Generated: the reasons ../shared/design/REASONS.md lists. */
export const FROM_CATALOGUE: readonly string[] = [
${list(fromCatalogue)}
];

/** Generated: reasons the fixtures carry that the catalogue does not list. */
export const FROM_FIXTURES: readonly string[] = [
${list(onlyFixtures)}
];

${hand.trimEnd()}
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const md = args.find((a) => !a.startsWith('--')) ?? REASONS_MD;
  if (!existsSync(md)) {
    // (npm run docs passes --optional: a checkout without the design catalogue keeps the list it has)
    console.error(`known-reasons-gen: ${md}: not found${args.includes('--optional') ? '; src/rules/known-reasons.ts left as it is' : ''}`);
    process.exit(args.includes('--optional') ? 0 : 2);
  }
  const text = renderKnownReasons(reasonsFromMarkdown(readFileSync(md, 'utf8')), reasonsFromFixtures());
  if (args.includes('--write')) writeFileSync(join(PACKAGE_ROOT, 'src', 'rules', 'known-reasons.ts'), text);
  else process.stdout.write(text);
}
