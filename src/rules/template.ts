// {{placeholder}} templates in rule text: `{{container.name}}`, `{{e.message | truncate}}`,
// `{{container.resources.limits.memory | default "no limit"}}`. No logic: a placeholder is a fact
// path (or an alias bound by `some … as`) followed by filters, each a name and an optional
// argument (quoted when it has spaces). Paths and filters are checked at load; rendering never
// fails.

import { resolvePath, type FactNode } from '../facts/catalog.js';
import { humanDuration } from '../kubectl/duration.js';
import { unknownAt } from '../facts/unknown.js';
import { compileGetter } from './predicates.js';
import type { Template, TemplatePart, Vars } from './types.js';

/**
 * The words filling a template needs, in the language it is written in: given by the caller
 * (render/words.ts for the rules' texts), so that this room speaks no language itself.
 */
export interface TemplateWords {
  /** A value the input does not give. */
  unknown: string;
  yes: string;
  no: string;
  /** An empty map. */
  none: string;
  /** What `absent` says when the input does not say whether the value is there. */
  notInInput: string;
  /** An exit meaning key (container.lastState.terminated.meaning) in words, if there are some. */
  meaning(key: string): string | undefined;
}

interface FilterDef {
  arg: 'none' | 'optional' | 'required';
  apply: (value: unknown, arg: string | undefined, words: TemplateWords) => unknown;
}

const FILTERS: Record<string, FilterDef> = {
  /** Text to show when the value is missing or empty. */
  default: { arg: 'required', apply: (v, arg) => (isMissing(v) ? arg : v) },
  /**
   * Text to show when the input shows the value is absent ({{container.resources.limits.memory |
   * absent "no limit set"}}); when the input does not say (a paste without the container's spec),
   * "not in the input" instead. Applied by renderTemplate, which knows the path.
   */
  absent: { arg: 'required', apply: (v) => v },
  /**
   * Words for whether the input gives the fact, for a sentence that holds only when it does:
   * `{{container.killedByLiveness | known "No liveness probe killed it." | unknown "Its events are
   * not in the input, so a liveness probe is not ruled out." | default ""}}`. `known` puts its text
   * in place of a value that is there; `unknown` in place of one the input does not give.
   */
  known: { arg: 'required', apply: (v) => v },
  unknown: { arg: 'required', apply: (v) => v },
  /** Seconds as kubectl prints durations: 95 → 95s, 250 → 4m10s. */
  duration: { arg: 'none', apply: (v) => (typeof v === 'number' ? humanDuration(v * 1000) : v) },
  /**
   * Put words before a value that is there ({{pod.nodeName | prefix "node " | default "its node"}}
   * reads "node worker-3" or "its node"): a missing value stays missing for the next filter.
   */
  prefix: { arg: 'required', apply: (v, arg, w) => (isMissing(v) ? v : `${arg}${toText(v, w)}`) },
  /** Put words after a value that is there ({{c.restartCount | prefix ", " | suffix " restarts" | default ""}}). */
  suffix: { arg: 'required', apply: (v, arg, w) => (isMissing(v) ? v : `${toText(v, w)}${arg}`) },
  /** Wrap in double quotes. */
  quote: { arg: 'none', apply: (v, _a, w) => (isMissing(v) ? v : `"${toText(v, w)}"`) },
  /** Join a list with the argument instead of ", " ({{pod.nodeSelector | join ","}} for kubectl -l). */
  join: { arg: 'required', apply: (v, arg) => (Array.isArray(v) ? v.join(arg) : v) },
  /** Join a list with "; " instead of ", ". */
  lines: { arg: 'none', apply: (v) => (Array.isArray(v) ? v.join('; ') : v) },
  /** The first line only. */
  firstline: { arg: 'none', apply: (v) => (typeof v === 'string' ? (v.split('\n')[0] ?? '') : v) },
  /**
   * Cut long text to about N characters (default 400), keeping its start and its end: runtime
   * errors put the context first and the cause last ("mount failed: … Output: bad option …").
   */
  truncate: {
    arg: 'optional',
    apply: (v, arg) => {
      const max = Math.max(10, arg !== undefined && Number.isFinite(Number(arg)) ? Number(arg) : 400);
      if (typeof v !== 'string' || v.length <= max) return v;
      const head = Math.ceil(max * 0.6);
      const tail = max - head - 1;
      return `${v.slice(0, head).trimEnd()} … ${v.slice(v.length - tail).trimStart()}`;
    },
  },
  /** An exit meaning key (container.lastState.terminated.meaning) in words. */
  meaning: { arg: 'none', apply: (v, _a, w) => (typeof v === 'string' ? (w.meaning(v) ?? v) : v) },
};

export const FILTER_NAMES = Object.keys(FILTERS);

function isMissing(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

function toText(v: unknown, w: TemplateWords): string {
  if (isMissing(v)) return w.unknown;
  if (Array.isArray(v)) return v.map((x) => toText(x, w)).join(', ');
  if (typeof v === 'boolean') return v ? w.yes : w.no;
  if (typeof v === 'object' && v !== null) {
    const entries = Object.entries(v as Record<string, unknown>);
    return entries.length === 0 ? w.none : entries.map(([k, x]) => `${k}=${toText(x, w)}`).join(', ');
  }
  return String(v);
}

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/**
 * Parse and validate a template. `aliases` are the names bound by the rule's `some … as`.
 * Problems go to `errors` prefixed with `at`.
 */
export function compileTemplate(
  src: unknown,
  at: string,
  aliases: ReadonlyMap<string, FactNode>,
  hidden: ReadonlySet<string>,
  errors: string[],
): Template {
  if (typeof src !== 'string' || src.trim() === '') {
    errors.push(
      `${at}: expected non-empty text${src !== null && typeof src === 'object' ? ' (YAML read it as a mapping: quote text that contains ": ")' : ''}`,
    );
    return [];
  }
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const m of src.matchAll(PLACEHOLDER)) {
    const idx = m.index ?? 0;
    if (idx > last) parts.push({ lit: src.slice(last, idx) });
    last = idx + m[0].length;
    const [pathPart, ...filterParts] = (m[1] as string).split('|').map((x) => x.trim());
    const path = pathPart ?? '';
    const node = resolvePath(path, aliases, hidden);
    if (!node)
      errors.push(
        hidden.has(path.split('.')[0] ?? '') ? `${at}: "{{${path}}}" needs scope: container` : `${at}: unknown placeholder "{{${path}}}"`,
      );
    else if (node.type === 'object' || node.type === 'list' || (node.type === 'map' && node.of.type === 'object'))
      errors.push(`${at}: placeholder "{{${path}}}" is a ${node.type}, not a value`);
    const filters: { name: string; arg?: string }[] = [];
    for (const f of filterParts) {
      const fm = /^([a-z]+)(?:\s+(?:"([^"]*)"|(\S+)))?$/.exec(f);
      if (!fm) {
        errors.push(`${at}: cannot read filter "${f}" in "{{${m[1]?.trim()}}}" (write: name, or name "argument")`);
        continue;
      }
      const name = fm[1] as string;
      const arg = fm[2] ?? fm[3];
      const def = FILTERS[name];
      if (!def) {
        errors.push(`${at}: unknown filter "${name}" in "{{${m[1]?.trim()}}}" (known: ${FILTER_NAMES.join(', ')})`);
        continue;
      }
      if (def.arg === 'required' && arg === undefined) errors.push(`${at}: filter "${name}" needs an argument (${name} "…")`);
      if (def.arg === 'none' && arg !== undefined) errors.push(`${at}: filter "${name}" takes no argument`);
      filters.push(arg !== undefined ? { name, arg } : { name });
    }
    parts.push({ path: path.split('.'), filters });
  }
  if (last < src.length) parts.push({ lit: src.slice(last) });
  for (const p of parts) {
    if (p.lit !== undefined && (p.lit.includes('{{') || p.lit.includes('}}'))) errors.push(`${at}: unbalanced "{{" or "}}"`);
  }
  return parts;
}

const getters = new WeakMap<string[], (vars: Vars) => unknown>();

/**
 * Whether every placeholder of `t` has a value (or a `default`): a command is only worth printing
 * when it names real objects, never "unknown".
 */
export function templateComplete(t: Template, vars: Vars): boolean {
  for (const p of t) {
    if (p.lit !== undefined || p.filters?.some((f) => f.name === 'default' || f.name === 'absent' || f.name === 'unknown')) continue;
    const path = p.path as string[];
    let get = getters.get(path);
    if (!get) {
      get = compileGetter(path);
      getters.set(path, get);
    }
    if (isMissing(get(vars))) return false;
  }
  return true;
}

/**
 * Fill a template with the words of its language. `resolve` turns a value the engine left without
 * words (an object standing for a finding's title) into text; plain values pass through it untouched.
 */
export function fillTemplate(t: Template, vars: Vars, words: TemplateWords, resolve?: (v: object) => unknown): string {
  let out = '';
  for (const p of t) {
    if (p.lit !== undefined) {
      // A value that ends a sentence itself ("… does not exist.") already has its period.
      out += /[.。!?]$/.test(out) && p.lit.startsWith('.') ? p.lit.slice(1) : p.lit;
      continue;
    }
    const path = p.path as string[];
    let get = getters.get(path);
    if (!get) {
      get = compileGetter(path);
      getters.set(path, get);
    }
    let v = get(vars);
    if (resolve !== undefined && typeof v === 'object' && v !== null && !Array.isArray(v)) v = resolve(v);
    for (const f of p.filters ?? []) {
      if (f.name === 'absent') {
        if (isMissing(v)) v = unknownAt(path, vars) ? words.notInInput : f.arg;
        continue;
      }
      if (f.name === 'known') {
        if (!isMissing(v)) v = f.arg;
        continue;
      }
      if (f.name === 'unknown') {
        if (isMissing(v) && unknownAt(path, vars)) v = f.arg;
        continue;
      }
      v = (FILTERS[f.name] as FilterDef).apply(v, f.arg, words);
    }
    // `default ""` means: print nothing when the value is missing
    out += v === '' && p.filters?.some((f) => f.name === 'default' && f.arg === '') ? '' : toText(v, words);
  }
  return out;
}
