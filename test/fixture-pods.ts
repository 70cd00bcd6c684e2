// Test-only: every pod of every fixture file (YAML, JSON, kubectl text), as the readers give it,
// for tests that hold an invariant over all of them. Files unreadable on purpose (hostile inputs)
// are left out: the fixture tests cover them.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../src/catalogue/paths.js';
import { snapshotFromTexts } from '../src/sources/file.js';
import type { PodInput } from '../src/model/input.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(ya?ml|json|txt)$/.test(f) ? [p] : [];
  });
}

let cache: { file: string; input: PodInput }[] | undefined;

/** Every fixture pod, with its file relative to fixtures/ (read once per test process). */
export function fixturePods(): { file: string; input: PodInput }[] {
  if (cache) return cache;
  const out: { file: string; input: PodInput }[] = [];
  for (const file of files(FIXTURES_DIR)) {
    let snap;
    try {
      snap = snapshotFromTexts([{ file, text: readFileSync(file, 'utf8') }]);
    } catch {
      continue;
    }
    for (const input of snap.pods) out.push({ file: file.slice(FIXTURES_DIR.length + 1), input });
  }
  cache = out;
  return out;
}
