// The glossary behind `podwhy explain <term>` and its shell completion: src/i18n/glossary/*.yaml, one
// file per category, read and checked here. Only those two load it (see glossary.test.ts: a
// diagnosis never does); `npm run build` compiles the files into dist/glossary.json
// (tools/build/glossary-cache.ts), which is what a run reads while it matches the files, and what the
// single executable carries as an asset.
//
// A term's `rules:` lists only the rules whose match does not name the term (a rule about a
// consequence of it): the rules that compare a reason, event, exit code or signal with the term,
// or name its condition, are added from the rules themselves when a term is explained
// (src/catalogue/term-rules.ts), and term-rules.test.ts refuses a hand entry the rules already give.

import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import yaml from 'js-yaml';
import { InternalError } from '../model/errors.js';
import { STAGES } from '../model/vocabulary.js';
import { embeddedAsset, IN_EXECUTABLE, PACKAGE_ROOT } from './paths.js';
import { LANGS } from '../model/vocabulary.js';
import type { Term, TermCategory, TermText } from '../i18n/glossary.js';

// In the source tree only: the package ships the compiled dist/glossary.json (package.json files).
// Not under rules/, where the rule loader allows nothing but <id>.yaml, README.md and docs/.
export const GLOSSARY_DIR = join(PACKAGE_ROOT, 'src', 'i18n', 'glossary');
export const GLOSSARY_CACHE_FILE = join(PACKAGE_ROOT, 'dist', 'glossary.json');
/** The executable's asset name for the compiled glossary. */
export const GLOSSARY_ASSET = 'glossary.json';

/** The files, in the order their terms are listed (and looked up: the first name wins). */
export const GLOSSARY_FILES: readonly (readonly [file: string, category: TermCategory])[] = [
  ['waiting-reasons.yaml', 'waiting-reason'],
  ['terminated-reasons.yaml', 'terminated-reason'],
  ['pod-statuses.yaml', 'pod-status'],
  ['pod-reasons.yaml', 'pod-reason'],
  ['conditions.yaml', 'condition'],
  ['event-reasons.yaml', 'event-reason'],
  ['signals.yaml', 'signal'],
  ['exit-codes.yaml', 'exit-code'],
];

const STAGE_NAMES: readonly string[] = [...STAGES, 'lifecycle'];
const TERM_KEYS = ['name', 'aliases', 'stage', 'rules', ...LANGS];
const TEXT_KEYS = ['summary', 'causes', 'check'];

export interface GlossarySource {
  /** Shown in messages: the path relative to the package. */
  file: string;
  text: string;
}

export interface GlossaryCache {
  /** Size and mtime of each glossary file the terms were compiled from. */
  files: Record<string, { size: number; mtimeMs: number }>;
  terms: Term[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * The terms the files hold, checked: every problem is reported with its file and YAML path, and
 * any problem throws (the glossary ships with podwhy, so a broken one is podwhy's bug).
 */
export function parseGlossary(sources: readonly GlossarySource[], categories: readonly TermCategory[] = GLOSSARY_FILES.map(([, c]) => c)): Term[] {
  const problems: string[] = [];
  const terms: Term[] = [];
  const seen = new Map<string, string>();
  sources.forEach(({ file, text }, n) => {
    const category = categories[n] as TermCategory;
    let doc: unknown;
    try {
      doc = yaml.load(text, { schema: yaml.CORE_SCHEMA, filename: file });
    } catch (e) {
      problems.push(`${file}: ${(e as Error).message.split('\n')[0]}`);
      return;
    }
    if (!Array.isArray(doc)) {
      problems.push(`${file}: want a list of terms (- name: ...)`);
      return;
    }
    doc.forEach((entry: unknown, i) => {
      const at = (path: string) => `${file}: [${i}]${path}`;
      const bad = (path: string, want: string): void => void problems.push(`${at(path)}: ${want}`);
      if (!isObject(entry)) return bad('', 'want a mapping with name, stage, en and ko');
      for (const k of Object.keys(entry)) if (!TERM_KEYS.includes(k)) bad(`.${k}`, `unknown key (known: ${TERM_KEYS.join(', ')})`);
      const { name, aliases, stage, rules } = entry;
      if (!isText(name)) return bad('.name', 'want a non-empty string');
      if (aliases !== undefined && !(Array.isArray(aliases) && aliases.length > 0 && aliases.every(isText))) bad('.aliases', 'want a list of non-empty strings');
      if (typeof stage !== 'string' || !STAGE_NAMES.includes(stage)) bad('.stage', `want one of ${STAGE_NAMES.join(', ')}`);
      if (!(Array.isArray(rules) && rules.every(isText))) bad('.rules', 'want a list of rule ids');
      for (const n of [name, ...(Array.isArray(aliases) ? aliases : [])]) {
        if (typeof n !== 'string') continue;
        const key = n.trim().toLowerCase();
        const prev = seen.get(key);
        if (prev !== undefined) bad(n === name ? '.name' : '.aliases', `"${n}" is already a name or alias of ${prev}`);
        else seen.set(key, name);
      }
      const text = {} as Record<(typeof LANGS)[number], TermText>;
      for (const lang of LANGS) {
        const t = entry[lang];
        if (!isObject(t)) {
          bad(`.${lang}`, 'want a mapping with summary, causes and check');
          continue;
        }
        for (const k of Object.keys(t)) if (!TEXT_KEYS.includes(k)) bad(`.${lang}.${k}`, `unknown key (known: ${TEXT_KEYS.join(', ')})`);
        if (!isText(t['summary'])) bad(`.${lang}.summary`, 'want a non-empty string');
        for (const k of ['causes', 'check'] as const) {
          const items = t[k];
          if (!Array.isArray(items)) bad(`.${lang}.${k}`, 'want a list of strings');
          else items.forEach((x, j) => void (isText(x) || bad(`.${lang}.${k}[${j}]`, 'want a non-empty string')));
        }
        text[lang] = { summary: t['summary'] as string, causes: t['causes'] as string[], check: t['check'] as string[] };
      }
      terms.push({ name, ...(Array.isArray(aliases) ? { aliases: aliases as string[] } : {}), category, stage: stage as string, rules: rules as string[], text });
    });
  });
  if (problems.length > 0) {
    throw new InternalError(problems.length === 1 ? `invalid glossary: ${problems[0]}` : `${problems.length} problems in the glossary:\n  ${problems.join('\n  ')}`);
  }
  return terms;
}

/** The glossary files as they are in `dir` (src/i18n/glossary/ unless a test says otherwise). */
export function readGlossary(dir = GLOSSARY_DIR): Term[] {
  return parseGlossary(GLOSSARY_FILES.map(([name]) => {
    const path = join(dir, name);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      throw new InternalError(`${relative(PACKAGE_ROOT, path) || path}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}) — the glossary ships with podwhy; reinstall it`);
    }
    return { file: relative(PACKAGE_ROOT, path) || path, text };
  }));
}

/** Size and mtime of each glossary file, to tell whether a cache still describes them. */
export function glossaryStamps(dir = GLOSSARY_DIR): GlossaryCache['files'] {
  const out: GlossaryCache['files'] = {};
  for (const [name] of GLOSSARY_FILES) {
    const st = statSync(join(dir, name), { throwIfNoEntry: false });
    if (st) out[name] = { size: st.size, mtimeMs: st.mtimeMs };
  }
  return out;
}

let loads = 0;
/** How many times this process has asked for the glossary (a diagnosis must leave it at 0). */
export function glossaryLoads(): number {
  return loads;
}

let loaded: Term[] | undefined;
/** The glossary: the build's compiled copy while it matches src/i18n/glossary/, else the files themselves. */
export function loadGlossary(): Term[] {
  loads++;
  if (loaded) return loaded;
  if (IN_EXECUTABLE) return (loaded = (JSON.parse(embeddedAsset(GLOSSARY_ASSET)) as GlossaryCache).terms);
  let cache: GlossaryCache | undefined;
  try {
    cache = JSON.parse(readFileSync(GLOSSARY_CACHE_FILE, 'utf8')) as GlossaryCache;
  } catch {
    cache = undefined; // no build yet, or a broken file: the YAML is the truth
  }
  // An installed package has the compiled copy only; a source checkout has the files, which win
  // over a copy compiled from an older version of them.
  const stamps = glossaryStamps();
  if (cache && (Object.keys(stamps).length === 0 || JSON.stringify(cache.files) === JSON.stringify(stamps))) return (loaded = cache.terms);
  return (loaded = readGlossary());
}
