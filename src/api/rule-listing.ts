// A rule as `podwhy rules ID` and `podwhy explain ID` show it, with the fixtures that fire it
// (shared by both commands).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedAsset, FIXTURES_DIR, IN_EXECUTABLE } from '../catalogue/paths.js';
import { templateSource } from '../rules/docs.js';
import type { CompiledRule } from '../rules/types.js';
import type { Lang } from '../model/vocabulary.js';
import { parseText } from '../sources/file.js';
import { isObject } from '../util/json.js';

/** rule id → fixture file names whose header lists it in expect.fires. */
export function fixtureIndex(dir = FIXTURES_DIR): Map<string, string[]> {
  // the single executable carries the index of its build's fixtures (tools/build/release.ts)
  if (IN_EXECUTABLE && dir === FIXTURES_DIR) return new Map(Object.entries(JSON.parse(embeddedAsset('fixture-index.json')) as Record<string, string[]>));
  const index = new Map<string, string[]>();
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.yaml')).sort();
  } catch {
    return index;
  }
  for (const n of names) {
    try {
      const docs = parseText(readFileSync(join(dir, n), 'utf8'), n);
      const header = docs.find((d) => isObject(d.value) && d.value['kind'] === 'PodwhyFixture')?.value as Record<string, unknown> | undefined;
      const fires = isObject(header?.['expect']) ? (header['expect'] as Record<string, unknown>)['fires'] : undefined;
      if (!Array.isArray(fires)) continue;
      for (const id of fires) if (typeof id === 'string') index.set(id, [...(index.get(id) ?? []), n]);
    } catch {
      // an unreadable fixture is the fixture runner's business, not this listing's
    }
  }
  return index;
}

/** Fixture files whose header lists `id` in expect.fires. */
export function fixturesFiring(id: string, dir = FIXTURES_DIR): string[] {
  return (fixtureIndex(dir).get(id) ?? []).map((n) => `fixtures/${n}`);
}

const source = templateSource;

/** One rule in full, as text lines. */
export function describeRule(r: CompiledRule, lang: Lang): string[] {
  const t = r.text[lang] ?? r.text.en;
  const fixtures = fixturesFiring(r.id);
  const lines = [
    `${r.id}  [${r.severity}]  stage ${r.stage}, scope ${r.scope}${r.fallback ? ', fallback' : ''}`,
    source(t.title),
    '',
    source(t.explanation),
    '',
    'Remedies:',
    ...t.remedies.map((x, i) => `  ${i + 1}. ${source(x)}`),
    '',
    `Evidence: ${r.evidence.map((e) => e.path).join(', ')}`,
  ];
  if (r.supersedes.size > 0) lines.push(`Supersedes: ${[...r.supersedes].join(', ')}`);
  lines.push(`Docs: ${r.docs.join(' ')}`, `Fixtures: ${fixtures.length > 0 ? fixtures.join(', ') : '(none)'}`);
  return lines;
}
