// The optional project configuration, `.podwhy.yaml`, found in the current directory or its
// parents (or given with --config):
//
//   rules: [./podwhy-rules]          # extra rule directories, relative to this file
//   disable: [pod-pending]           # rule ids that never fire
//   ignore:                          # rules reported as ignored when they fire, with why
//     container-restarted-recently: restarts are how the batch workers reload
//   severity:                        # severity overrides by rule id
//     container-restarted-recently: error
//
// Every problem is an error naming the file and the key; nothing in it can run code.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import yaml from 'js-yaml';
import { UsageError } from '../model/errors.js';
import { ruleSet, type RuleSet } from '../rules/plan.js';
import { SEVERITIES, type Severity } from '../model/vocabulary.js';
import { isObject } from '../util/json.js';
import { BUILTIN_RULES_DIR, loadRules } from '../catalogue/rule-files.js';

export const CONFIG_FILE = '.podwhy.yaml';

export interface PodwhyConfig {
  file?: string;
  rules: string[];
  disable: string[];
  /** Rule id → why it is ignored ('' when the file gives no reason). */
  ignore: Record<string, string>;
  severity: Record<string, Severity>;
}

export const EMPTY_CONFIG: PodwhyConfig = { rules: [], disable: [], ignore: {}, severity: {} };

/** The config file for cwd: --config, else .podwhy.yaml in cwd or the nearest parent. */
export function findConfig(cwd: string, explicit?: string): string | undefined {
  if (explicit !== undefined) {
    const file = resolve(cwd, explicit);
    if (!existsSync(file)) throw new UsageError(`--config ${explicit}: no such file — check the path`);
    return file;
  }
  let dir = resolve(cwd);
  for (;;) {
    const f = join(dir, CONFIG_FILE);
    if (existsSync(f)) return f;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

export function parseConfig(text: string, file: string): PodwhyConfig {
  let doc: unknown;
  try {
    doc = yaml.load(text, { schema: yaml.CORE_SCHEMA, filename: file });
  } catch (e) {
    throw new UsageError(`${file}: invalid YAML: ${(e as Error).message.split('\n')[0]} — fix the config file`);
  }
  if (doc === null || doc === undefined) return { ...EMPTY_CONFIG, file };
  if (!isObject(doc)) throw new UsageError(`${file}: expected a mapping with rules, disable, ignore, severity — fix the config file`);
  const out: PodwhyConfig = { file, rules: [], disable: [], ignore: {}, severity: {} };
  const bad = (key: string, what: string) => new UsageError(`${file}: ${key}: ${what} — fix the config file`);
  for (const key of Object.keys(doc)) if (!['rules', 'disable', 'ignore', 'severity'].includes(key)) throw bad(key, 'unknown key (expected rules, disable, ignore, severity)');
  const list = (key: string): string[] => {
    const v = doc[key];
    if (v === undefined) return [];
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw bad(key, 'expected a list of strings');
    return v;
  };
  out.rules = list('rules').map((d) => resolve(dirname(file), d));
  out.disable = list('disable');
  // ignore: a mapping of rule id to the reason, or a list of ids
  const ig = doc['ignore'];
  if (Array.isArray(ig)) for (const id of list('ignore')) out.ignore[id] = '';
  else if (isObject(ig)) {
    for (const [id, why] of Object.entries(ig)) {
      if (why !== null && typeof why !== 'string') throw bad(`ignore.${id}`, 'expected the reason, as text');
      out.ignore[id] = typeof why === 'string' ? why.trim() : '';
    }
  } else if (ig !== undefined) throw bad('ignore', 'expected a mapping of rule id to the reason it is ignored, or a list of rule ids');
  const sev = doc['severity'];
  if (sev !== undefined) {
    if (!isObject(sev)) throw bad('severity', 'expected a mapping of rule id to error, warning or info');
    for (const [id, s] of Object.entries(sev)) {
      if (typeof s !== 'string' || !(SEVERITIES as readonly string[]).includes(s)) throw bad(`severity.${id}`, `expected one of ${SEVERITIES.join(', ')}`);
      out.severity[id] = s as Severity;
    }
  }
  return out;
}

export function loadConfig(cwd: string, explicit?: string): PodwhyConfig {
  const file = findConfig(cwd, explicit);
  if (!file) return EMPTY_CONFIG;
  return parseConfig(readFileSync(file, 'utf8'), file);
}

/** Apply disables and severity overrides; unknown ids are errors (a typo must not pass silently). */
export function applyConfig(rules: RuleSet, config: PodwhyConfig): RuleSet {
  const changed = [...config.disable, ...Object.keys(config.ignore), ...Object.keys(config.severity)];
  // no config, or one that changes no rule: the set as loaded (its plan made once, when first run)
  if (changed.length === 0) return rules;
  const ids = new Set(rules.map((r) => r.id));
  const where = config.file ?? 'config';
  for (const id of changed) {
    if (!ids.has(id)) throw new UsageError(`${where}: unknown rule "${id}" — run podwhy rules for the ids`);
  }
  const disabled = new Set(config.disable);
  return ruleSet(
    rules
      .filter((r) => !disabled.has(r.id))
      .map((r) => {
        const why = config.ignore[r.id];
        const ignored = why !== undefined ? { ...r, ignore: { source: where, ...(why !== '' ? { reason: why } : {}) } } : r;
        return config.severity[r.id] ? { ...ignored, severity: config.severity[r.id] as Severity } : ignored;
      }),
  );
}

/** The rules a command runs with: built-in, the config's directories, --rules, then the config. */
export function loadRuleSet(cwd: string, flags: { rules?: string[]; config?: string }): { rules: RuleSet; config: PodwhyConfig } {
  const config = loadConfig(cwd, flags.config);
  const dirs = [BUILTIN_RULES_DIR, ...config.rules, ...(flags.rules ?? []).map((d) => resolve(cwd, d))];
  return { rules: applyConfig(loadRules(dirs), config), config };
}
