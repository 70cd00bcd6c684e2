// `podwhy rules [id]`: the catalogue as a table, or one rule in full with the fixtures that fire it.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../../errors.js';
import { BUILTIN_RULES_DIR, loadRules } from '../../rules/load.js';
import type { CompiledRule, Lang } from '../../rules/types.js';
import { parseText } from '../../sources/file.js';
import { isObject } from '../../util/json.js';
import type { IO } from '../io.js';
import { chooseLang } from './diagnose.js';

export const FIXTURES_DIR = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

/** Fixture files whose header lists `id` in expect.fires. */
export function fixturesFiring(id: string, dir = FIXTURES_DIR): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.yaml')).sort();
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const n of names) {
    try {
      const docs = parseText(readFileSync(join(dir, n), 'utf8'), n);
      const header = docs.find((d) => isObject(d.value) && d.value['kind'] === 'PodwhyFixture')?.value as Record<string, unknown> | undefined;
      const fires = isObject(header?.['expect']) ? (header['expect'] as Record<string, unknown>)['fires'] : undefined;
      if (Array.isArray(fires) && fires.includes(id)) out.push(`fixtures/${n}`);
    } catch {
      // an unreadable fixture is the fixture runner's business, not this listing's
    }
  }
  return out;
}

function source(t: { lit?: string; path?: string[]; filters?: { name: string; arg?: string }[] }[]): string {
  return t
    .map((p) => (p.lit !== undefined ? p.lit : `{{${(p.path ?? []).join('.')}${(p.filters ?? []).map((f) => ` | ${f.name}${f.arg ? `: ${f.arg}` : ''}`).join('')}}}`))
    .join('');
}

export function ruleSummary(r: CompiledRule, lang: Lang) {
  const t = r.text[lang] ?? r.text.en;
  return { id: r.id, severity: r.severity, stage: r.stage, scope: r.scope, title: source(t.title) };
}

export async function runRules(id: string | undefined, flags: { lang?: string; output: string; rules?: string[] }, io: IO): Promise<number> {
  const lang = chooseLang(flags.lang, io.env);
  const rules = loadRules([BUILTIN_RULES_DIR, ...(flags.rules ?? [])]);
  if (id === undefined) {
    const rows = rules.map((r) => ruleSummary(r, lang)).sort((a, b) => (a.id < b.id ? -1 : 1));
    if (flags.output === 'json') {
      io.out(`${JSON.stringify({ rules: rows }, null, 2)}\n`);
      return 0;
    }
    const w = Math.max(...rows.map((r) => r.id.length));
    io.out(`${'ID'.padEnd(w)}   SEVERITY   STAGE         TITLE\n`);
    for (const r of rows) io.out(`${r.id.padEnd(w)}   ${r.severity.padEnd(8)}   ${r.stage.padEnd(11)}   ${r.title}\n`);
    io.out(`\n${rows.length} rules\n`);
    return 0;
  }
  const r = rules.find((x) => x.id === id);
  if (!r) {
    const close = rules.map((x) => x.id).filter((x) => x.includes(id) || id.includes(x));
    throw new UsageError(`no rule "${id}"${close.length ? ` (did you mean ${close.slice(0, 3).join(', ')}?)` : ''} — run podwhy rules for the list`);
  }
  const t = r.text[lang] ?? r.text.en;
  const fixtures = fixturesFiring(r.id);
  if (flags.output === 'json') {
    io.out(
      `${JSON.stringify(
        { ...ruleSummary(r, lang), explanation: source(t.explanation), remedies: t.remedies.map(source), evidence: r.evidence.map((e) => e.path), supersedes: [...r.supersedes], fallback: r.fallback, docs: r.docs, fixtures },
        null,
        2,
      )}\n`,
    );
    return 0;
  }
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
  lines.push(`Docs: ${r.docs.join(' ')}`, `File: ${r.file}`, `Fixtures: ${fixtures.length > 0 ? fixtures.join(', ') : '(none)'}`);
  io.out(`${lines.join('\n')}\n`);
  return 0;
}
