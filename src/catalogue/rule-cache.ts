// A cache of the built-in rules, written by the build (dist/rules-cache.json): each rule's parsed
// YAML with its `match` replaced by the compiled tree (src/rules/tree.ts). Parsing a hundred rule
// files with js-yaml, checking them against the fact catalogue and proving their regexes safe was
// most of the time of a one-pod run. An entry is used when its file has the size and modification time it had at
// the build, or else the same content (SHA-1): a rule edited after the build is simply parsed
// again, so the cache can be stale or missing, never wrong. The texts (most of the bytes, two
// languages) stay a JSON string until a rule that fired needs them.
// In the single executable (src/catalogue/paths.ts) the cache is an embedded asset and the only copy of
// the built-in rules: there are no files to compare it with.

import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedAsset, IN_EXECUTABLE, PACKAGE_ROOT } from './paths.js';

export interface CachedFile {
  size: number;
  mtimeMs: number;
  sha1: string;
  /** The parsed rule without `text`, and with `tree` (the compiled `match`) instead of `match`. */
  head: Record<string, unknown>;
  /** JSON of the rule's `text`. */
  text: string;
}

export interface RuleCache {
  version: 3;
  files: Record<string, CachedFile>;
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
    const c = JSON.parse(IN_EXECUTABLE ? embeddedAsset('rules-cache.json') : readFileSync(RULE_CACHE_FILE, 'utf8')) as RuleCache;
    if (c.version === 3 && typeof c.files === 'object') loaded = c;
  } catch {
    // no cache (an unbuilt checkout, a test): parse the files
  }
  return loaded;
}

/** The rule document, with `text` parsed only when first read. */
function documentOf(entry: CachedFile): Record<string, unknown> {
  const doc: Record<string, unknown> = { ...entry.head };
  let text: unknown;
  Object.defineProperty(doc, 'text', {
    get: () => (text ??= JSON.parse(entry.text)),
    enumerable: true,
    configurable: true,
  });
  return doc;
}

/**
 * The parsed document of the built-in rule file `path` (named `name`), if the cache has it as
 * the file is now. `text`, when the caller has read the file already, skips the stat.
 */
export function cachedRule(name: string, path: string, text?: string): Record<string, unknown> | undefined {
  const entry = cache()?.files[name];
  if (!entry) return undefined;
  if (IN_EXECUTABLE) return documentOf(entry);
  if (text === undefined) {
    try {
      const st = statSync(path);
      if (st.size === entry.size && st.mtimeMs === entry.mtimeMs) return documentOf(entry);
      text = readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  }
  return sha1(text) === entry.sha1 ? documentOf(entry) : undefined;
}

/** How many rules the cache holds (0 without a cache). */
export function cachedRuleCount(): number {
  const c = cache();
  return c ? Object.keys(c.files).length : 0;
}

/** The built-in rule files' names, in the single executable (which has no rules directory to list). */
export function embeddedRuleNames(): string[] {
  const c = cache();
  if (!c) throw new Error('the executable carries no rules-cache.json asset');
  return Object.keys(c.files).sort();
}

/** JSON text with every non-ASCII character written as a \\u escape: the same value, in ASCII. */
export function asciiJson(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Write the cache (called by the build after the rules were loaded and checked). All in ASCII, the
 * texts' Korean as escapes inside each rule's own JSON: reading the file then skips a UTF-8 decode
 * of half a megabyte, and the outer parse makes one-byte strings; the escapes are undone only for
 * the rules whose texts are written (~10 M instructions of a one-pod run).
 */
export function writeRuleCache(files: RuleCache['files']): void {
  const ascii = Object.fromEntries(Object.entries(files).map(([name, f]) => [name, { ...f, text: asciiJson(f.text) }]));
  const c: RuleCache = { version: 3, files: ascii };
  writeFileSync(RULE_CACHE_FILE, asciiJson(JSON.stringify(c)));
}

/** Forget the loaded cache (tests). */
export function resetRuleCache(): void {
  loaded = undefined;
}
