// A cache of the built-in rules, written by the build (dist/rules-cache.json): each rule's parsed
// YAML with its `match` replaced by the compiled tree (src/rules/tree.ts). Parsing a hundred rule
// files with js-yaml, checking them against the fact catalogue and proving their regexes safe was
// most of the time of a one-pod run. An entry is used when its file has the size and modification time it had at
// the build, or else the same content (SHA-1): a rule edited after the build is simply parsed
// again, so the cache can be stale or missing, never wrong. The texts (most of the bytes, two
// languages) are kept apart, after the JSON of the rest: a run parses that JSON only, and a
// rule's texts when a finding of it is written.
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
  /** Where the JSON of the rule's `text` is in the cache's texts: start and length. */
  text: [number, number];
}

/**
 * The cache file (ASCII): one line of JSON, `{"version": 4, "files": {name: CachedFile}}`, a line
 * break, then the JSON of every rule's texts, one after another.
 */
export interface RuleCache {
  version: 4;
  files: Record<string, CachedFile>;
}

/** A rule as the build hands it to writeRuleCache: `text` the JSON of its texts. */
export type RuleCacheInput = Record<string, Omit<CachedFile, 'text'> & { text: string }>;

interface LoadedCache extends RuleCache {
  /** What follows the JSON line: the texts. */
  texts: string;
}

export const RULE_CACHE_FILE = join(PACKAGE_ROOT, 'dist', 'rules-cache.json');

let loaded: LoadedCache | null | undefined;

export function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** The cache file's content, read; null when it is not a cache of this version. */
export function parseRuleCache(content: string): LoadedCache | null {
  const end = content.indexOf('\n');
  if (end < 0) return null;
  const c = JSON.parse(content.slice(0, end)) as RuleCache;
  if (c.version !== 4 || typeof c.files !== 'object' || c.files === null) return null;
  return { ...c, texts: content.slice(end + 1) };
}

function cache(): LoadedCache | null {
  if (loaded !== undefined) return loaded;
  loaded = null;
  try {
    // ASCII: latin1 reads it without decoding UTF-8
    loaded = parseRuleCache(IN_EXECUTABLE ? embeddedAsset('rules-cache.json') : readFileSync(RULE_CACHE_FILE, 'latin1'));
  } catch {
    // no cache (an unbuilt checkout, a test): parse the files
  }
  return loaded;
}

/** The rule document, with `text` parsed only when first read. */
function documentOf(entry: CachedFile, texts: string): Record<string, unknown> {
  const doc: Record<string, unknown> = { ...entry.head };
  let text: unknown;
  Object.defineProperty(doc, 'text', {
    get: () => (text ??= JSON.parse(texts.slice(entry.text[0], entry.text[0] + entry.text[1]))),
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
  const c = cache();
  const entry = c?.files[name];
  if (!c || !entry) return undefined;
  if (IN_EXECUTABLE) return documentOf(entry, c.texts);
  if (text === undefined) {
    try {
      const st = statSync(path);
      if (st.size === entry.size && st.mtimeMs === entry.mtimeMs) return documentOf(entry, c.texts);
      text = readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  }
  return sha1(text) === entry.sha1 ? documentOf(entry, c.texts) : undefined;
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
 * The cache file's content for these rules (the build writes it after the rules were loaded and
 * checked). All in ASCII, the texts' Korean as escapes inside each rule's own JSON: reading the
 * file then skips a UTF-8 decode of half a megabyte, and the JSON line parses into one-byte
 * strings; the texts, after it, are parsed only for the rules whose findings are written (reading
 * them with the rest cost ~8 M instructions of a one-pod run).
 */
export function ruleCacheContent(files: RuleCacheInput): string {
  let texts = '';
  const index: RuleCache['files'] = {};
  for (const [name, f] of Object.entries(files)) {
    const json = asciiJson(f.text);
    index[name] = { ...f, text: [texts.length, json.length] };
    texts += json;
  }
  const c: RuleCache = { version: 4, files: index };
  return `${asciiJson(JSON.stringify(c))}\n${texts}`;
}

/** Write the cache (called by the build). */
export function writeRuleCache(files: RuleCacheInput): void {
  writeFileSync(RULE_CACHE_FILE, ruleCacheContent(files));
}

/** Forget the loaded cache (tests). */
export function resetRuleCache(): void {
  loaded = undefined;
}
