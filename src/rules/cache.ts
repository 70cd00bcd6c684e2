// A cache of the built-in rules' parsed YAML, written by the build (dist/rules-cache.json).
// Parsing a hundred rule files with js-yaml and proving their regexes safe was most of the time
// of a one-pod run. Each entry is keyed by the SHA-1 of the file's text, so a rule edited after
// the build is simply parsed again: the cache can be stale or missing, never wrong.

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../paths.js';
import { provenSafe } from './regex.js';

export interface RuleCache {
  version: 1;
  /** File name → hash of its text and the parsed document. */
  files: Record<string, { sha1: string; doc: unknown }>;
  /** Regexes (flags/source) proven safe when the cache was written. */
  safeRegexes: string[];
}

export const RULE_CACHE_FILE = join(PACKAGE_ROOT, 'dist', 'rules-cache.json');

let loaded: RuleCache | null | undefined;

export function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

function cache(): RuleCache | null {
  if (loaded !== undefined) return loaded;
  loaded = null;
  try {
    const c = JSON.parse(readFileSync(RULE_CACHE_FILE, 'utf8')) as RuleCache;
    if (c.version === 1 && typeof c.files === 'object' && Array.isArray(c.safeRegexes)) {
      loaded = c;
      for (const r of c.safeRegexes) provenSafe.add(r);
    }
  } catch {
    // no cache (an unbuilt checkout, a test): parse the files
  }
  return loaded;
}

/** The parsed document of a built-in rule file whose text is `text`, if the cache has it. */
export function cachedRule(name: string, text: string): unknown {
  const entry = cache()?.files[name];
  return entry && entry.sha1 === sha1(text) ? entry.doc : undefined;
}

/** Write the cache (called by the build after the rules were loaded and checked). */
export function writeRuleCache(files: RuleCache['files']): void {
  const c: RuleCache = { version: 1, files, safeRegexes: [...provenSafe].sort() };
  writeFileSync(RULE_CACHE_FILE, JSON.stringify(c));
}

/** Forget the loaded cache (tests). */
export function resetRuleCache(): void {
  loaded = undefined;
}
