// The disk side of the rule catalogue: read every rules/*.yaml of the given directories (the
// built-in ones through the build's cache, catalogue/rule-cache.ts) and hand their text to
// rules/load.ts, which validates and compiles without touching the disk.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { RuleLoadError } from '../model/errors.js';
import { checkBuiltinRule, checkRuleSet, compileRule, trustedRule } from '../rules/load.js';
import { ruleSet, type RuleSet } from '../rules/plan.js';
import type { CompiledRule } from '../rules/types.js';
import { BUILTIN_RULES_DIR, IN_EXECUTABLE } from './paths.js';
import { cachedRule, cachedRuleCount, embeddedRuleNames } from './rule-cache.js';

export { BUILTIN_RULES_DIR } from './paths.js';

/**
 * Load every rule in the given directories, in order. A rule may reuse the id of a rule from an
 * earlier directory (a built-in one) only when it says `overrides: true`; it then replaces it.
 * `builtinDir`: the directory of the package's own rules, held to the built-in rules' stricter
 * checks (rules/load.ts checkBuiltinRule: no conditions on message text); only tests name another.
 * Throws RuleLoadError listing every problem.
 */
export function loadRules(dirs: string[] = [BUILTIN_RULES_DIR], builtinDir: string = BUILTIN_RULES_DIR): RuleSet {
  const errors: string[] = [];
  const loaded: CompiledRule[] = [];
  // every rule taken from the build's cache, and all of them (none deleted since): the build checked
  // exactly this set (it writes the cache only after loading and checking every built-in rule), so
  // the set checks (ids, supersedes, cycles) are not run again
  let allCached = true;
  for (const dir of dirs) {
    let names: string[];
    try {
      names = IN_EXECUTABLE && dir === BUILTIN_RULES_DIR ? embeddedRuleNames() : readdirSync(dir).sort();
    } catch (e) {
      throw new RuleLoadError([`${dir}: cannot read the rules directory (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`]);
    }
    // (the built-in directory is absolute and normalized, ending in a separator: its files' paths
    // are a concatenation, not 128 calls of path.join, ~1 ms of a one-pod run)
    const builtin = dir === BUILTIN_RULES_DIR && dir.endsWith(sep);
    for (const name of names) {
      const file = builtin ? dir + name : join(dir, name);
      if (name === 'README.md') continue;
      // the generated pages (src/rules/docs.ts): a folder, so no rule file can be mistaken for it
      if (name === 'docs' && statSync(file, { throwIfNoEntry: false })?.isDirectory()) continue;
      if (!name.endsWith('.yaml')) {
        errors.push(`${file}: not a rule file (rules are <id>.yaml; README.md and the docs/ folder are the only other entries allowed)`);
        continue;
      }
      const cached = dir === BUILTIN_RULES_DIR ? cachedRule(name, file) : undefined;
      if (cached === undefined) allCached = false;
      const r = cached !== undefined ? trustedRule(cached, file) : compileRule(readFileSync(file, 'utf8'), file, errors);
      // (a cached rule passed this check when the build loaded it)
      if (r && cached === undefined && dir === builtinDir) checkBuiltinRule(r, errors);
      if (r) loaded.push(r);
    }
  }
  const byId = new Map<string, CompiledRule>();
  for (const r of loaded) {
    const prev = byId.get(r.id);
    if (prev && r.overrides && dirname(prev.file) !== dirname(r.file)) byId.set(r.id, r);
    else if (prev) errors.push(`${r.file}: id: "${r.id}" is already defined in ${prev.file}${r.overrides ? '' : '; set overrides: true to replace it, or choose another id'}`);
    else if (r.overrides) errors.push(`${r.file}: overrides: there is no earlier rule "${r.id}" to replace`);
    else byId.set(r.id, r);
  }
  const rules = [...byId.values()];
  if (!allCached || loaded.length !== cachedRuleCount()) checkRuleSet(rules, errors);
  if (errors.length > 0) throw new RuleLoadError(errors);
  return ruleSet(rules);
}
