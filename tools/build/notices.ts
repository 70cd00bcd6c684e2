// `npm run build` step 3: dist/THIRD-PARTY-NOTICES.txt, the licence of every package the bundle
// carries. The bundle (tools/build/bundle.ts) holds commander, chalk, js-yaml, client-node and the
// packages they use, and the package installs none of them, so their copyright and licence
// notices (which MIT, ISC, BSD and Apache-2.0 ask to go with every copy) travel in this file.
// The packages are those the bundle's metafile lists as inputs that put bytes in the output.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const NOTICES_FILE = join(ROOT, 'dist', 'THIRD-PARTY-NOTICES.txt');
const META_FILE = join(ROOT, 'dist', 'bundle-meta.json');

interface Meta {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

/** Package directories (relative to the root) of the node_modules inputs the bundle holds. */
function bundledPackages(meta: Meta): string[] {
  const dirs = new Set<string>();
  for (const out of Object.values(meta.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
      // the last node_modules/<name> or node_modules/@scope/<name> of the path (nested installs)
      const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (m && bytesInOutput > 0) dirs.add(m[1] as string);
    }
  }
  return [...dirs].sort();
}

function notice(dir: string): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string; author?: unknown; repository?: unknown };
  const files = readdirSync(join(ROOT, dir))
    .filter((f) => /^(licen[cs]e|copying|notice)/i.test(f))
    .sort();
  const texts = files.map((f) => readFileSync(join(ROOT, dir, f), 'utf8').trim());
  if (texts.length === 0) {
    // no licence file (stream-buffers: Unlicense; tr46: MIT): the package.json says what it is
    const author = typeof pkg.author === 'string' ? pkg.author : (pkg.author as { name?: string } | undefined)?.name;
    texts.push(`License: ${pkg.license ?? 'see the package'}${author ? `\nAuthor: ${author}` : ''} (the package ships no licence file)`);
  }
  return `${pkg.name} ${pkg.version} (${pkg.license ?? 'no license field'})\n\n${texts.join('\n\n')}`;
}

const meta = JSON.parse(readFileSync(META_FILE, 'utf8')) as Meta;
const dirs = bundledPackages(meta);
const rule = '-'.repeat(78);
const head = `podwhy's JavaScript bundle (dist/bundle/) includes the following packages. Their licences follow.\n`;
writeFileSync(NOTICES_FILE, `${head}\n${dirs.map(notice).join(`\n\n${rule}\n\n`)}\n`);
console.error(`notices: ${dirs.length} bundled packages`);
