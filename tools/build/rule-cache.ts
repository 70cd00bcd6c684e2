// `npm run build` step 3: load and check the built-in rules once, and write dist/rules-cache.json
// (their parsed YAML with the compiled tree for `match`, by content hash, the texts apart) for
// src/catalogue/rule-cache.ts.

import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { BUILTIN_RULES_DIR } from '../../src/catalogue/paths.js';
import { RULE_CACHE_FILE, sha1, writeRuleCache, type RuleCacheInput } from '../../src/catalogue/rule-cache.js';
import { loadRules } from '../../src/catalogue/rule-files.js';

// Start from nothing (every rule is read from its file and checked), and fail the build on a
// broken rule: a cache is written only for rules that load.
rmSync(RULE_CACHE_FILE, { force: true });
const rules = loadRules([BUILTIN_RULES_DIR]);
const trees = new Map(rules.map((r) => [r.file, r.tree]));
const files: RuleCacheInput = {};
for (const name of readdirSync(BUILTIN_RULES_DIR).filter((n) => n.endsWith('.yaml'))) {
  const path = join(BUILTIN_RULES_DIR, name);
  const text = readFileSync(path, 'utf8');
  const st = statSync(path);
  const { text: texts, match: _match, ...head } = yaml.load(text, { schema: yaml.CORE_SCHEMA }) as Record<string, unknown>;
  head['tree'] = trees.get(path);
  files[name] = { size: st.size, mtimeMs: st.mtimeMs, sha1: sha1(text), head, text: JSON.stringify(texts) };
}
writeRuleCache(files);
console.error(`rules cache: ${rules.length} rules`);
