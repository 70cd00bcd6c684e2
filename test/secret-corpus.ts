// Test-only: the secret corpus (test/data/secret-corpus.txt) read into entries. Each
// entry is the text a log line or an event message carries, the secret values in it, and what
// redaction must make of it (every value replaced by ***; ordinary text unchanged).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/catalogue/paths.js';

export const SECRET_CORPUS_FILE = join(PACKAGE_ROOT, 'test', 'data', 'secret-corpus.txt');

export interface CorpusEntry {
  /** What kind of secret the text carries ("aws-credentials-file", …), or "ok" for ordinary text. */
  kind: string;
  /** Line number in the corpus file. */
  line: number;
  /** The text (lines joined with \n for a multi-line entry). */
  text: string;
  /** The secret values in it, as marked. */
  secrets: string[];
  /** What redaction must give: each secret replaced by ***. */
  expected: string;
}

export function readSecretCorpus(file = SECRET_CORPUS_FILE): CorpusEntry[] {
  const entries: { kind: string; line: number; raw: string }[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((l, i) => {
      if (l.trim() === '' || l.startsWith('#')) return;
      const tab = l.indexOf('\t');
      if (tab < 0) throw new Error(`${file}:${i + 1}: no tab between kind and text`);
      const kind = l.slice(0, tab);
      const raw = l.slice(tab + 1);
      if (kind === '+') {
        const last = entries[entries.length - 1];
        if (!last) throw new Error(`${file}:${i + 1}: "+" continues nothing`);
        last.raw += `\n${raw}`;
      } else entries.push({ kind, line: i + 1, raw });
    });
  return entries.map(({ kind, line, raw }) => {
    const secrets = [...raw.matchAll(/«([^»]*)»/g)].map((m) => m[1] as string);
    if (kind === 'ok' && secrets.length > 0) throw new Error(`${file}:${line}: an ordinary line marks a secret`);
    if (kind !== 'ok' && secrets.length === 0) throw new Error(`${file}:${line}: a ${kind} line marks no secret`);
    return { kind, line, text: raw.replace(/[«»]/g, ''), secrets, expected: raw.replace(/«[^»]*»/g, '***') };
  });
}

/**
 * Distinctive pieces of a secret to look for in output: the value itself, and each line of it
 * and its longest run of letters and digits (found also where a format escapes the rest: &amp;,
 * \" or %2F). PEM armour lines (BEGIN/END) are no secret.
 */
export function secretNeedles(secret: string): string[] {
  const out = new Set<string>();
  for (const piece of secret.split(/\n|\\n/)) {
    if (piece === '' || /^-----(?:BEGIN|END) /.test(piece)) continue;
    out.add(piece);
    const runs = piece.match(/[A-Za-z0-9]+/g) ?? [];
    const longest = runs.reduce((a, b) => (b.length > a.length ? b : a), '');
    if (longest.length >= 6) out.add(longest);
  }
  return [...out];
}
