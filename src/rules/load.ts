// Rules from their text (the files are read by catalogue/rule-files.ts): parse, validate every field against the fact catalogue, and compile
// predicates, regexes and templates once. Every problem is collected and reported together as
// "rules/x.yaml: match.all[1].fact: unknown fact "container.lastSate.reason"".

import yaml from 'js-yaml';
import { hiddenRoots, resolvePath } from '../facts/catalog.js';
import { STAGES, type Stage } from '../model/vocabulary.js';
import { RuleLoadError } from '../model/errors.js';
import { isObject } from '../util/json.js';
import { compileGetter, predicateOf } from './predicates.js';
import { aliasListsOf, aliasTypesOf, compileTree, walkTree, type PredicateNode, type TreeContext } from './tree.js';
import { compileTemplate } from './template.js';
import { didYouMean } from './vocabulary.js';
import type { CompiledRule, CompiledText, Scope, Template } from './types.js';
import { LANGS, SEVERITIES, type Lang, type Severity } from '../model/vocabulary.js';


const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const TOP_KEYS = ['id', 'severity', 'stage', 'scope', 'containers', 'match', 'supersedes', 'fallback', 'unexplained', 'hypothesis', 'rank', 'overrides', 'evidence', 'commands', 'docs', 'text'];
const CONTAINER_KINDS = ['init', 'sidecar', 'regular', 'ephemeral'];
const DEFAULT_CONTAINER_KINDS = ['init', 'sidecar', 'regular'];

/**
 * Parse one rule file's text. Returns the compiled rule or pushes errors (prefixed with the file).
 * `trusted`: a built-in rule from the build's cache, whose values the build checked already;
 * `tree`: its compiled match, from the cache (the document then has `tree` instead of `match`).
 */
export function compileRule(source: string, file: string, errors: string[], parsed?: unknown, trusted = false, cachedTree?: PredicateNode): CompiledRule | undefined {
  const problems: string[] = [];
  let doc: unknown = parsed;
  if (doc === undefined) {
    try {
      doc = yaml.load(source, { schema: yaml.CORE_SCHEMA, filename: file });
    } catch (e) {
      errors.push(`${file}: ${(e as Error).message.split('\n')[0]}`);
      return undefined;
    }
  }
  if (!isObject(doc)) {
    errors.push(`${file}: expected a mapping (a rule object)`);
    return undefined;
  }
  for (const k of Object.keys(doc)) if (!TOP_KEYS.includes(k) && !(cachedTree && k === 'tree')) problems.push(`${k}: unknown field (expected one of ${TOP_KEYS.join(', ')})${didYouMean(k, TOP_KEYS)}`);

  const fileId = file.replace(/^.*[\\/]/, '').replace(/\.yaml$/, '');
  const id = doc['id'];
  if (typeof id !== 'string' || !ID.test(id)) problems.push(`id: expected a kebab-case id like "crashloop-oomkilled"`);
  else if (id !== fileId) problems.push(`id: "${id}" must equal the file name "${fileId}"`);

  const severity = doc['severity'];
  if (typeof severity !== 'string' || !(SEVERITIES as readonly string[]).includes(severity))
    problems.push(`severity: expected one of ${SEVERITIES.join(', ')}${didYouMean(severity, SEVERITIES)}`);
  const stage = doc['stage'];
  if (typeof stage !== 'string' || !(STAGES as readonly string[]).includes(stage)) problems.push(`stage: expected one of ${STAGES.join(', ')}${didYouMean(stage, STAGES)}`);
  const scope = doc['scope'];
  if (scope !== 'pod' && scope !== 'container' && scope !== 'workload') problems.push(`scope: expected pod, container or workload${didYouMean(scope, ['pod', 'container', 'workload'])}`);

  let containerKinds = DEFAULT_CONTAINER_KINDS;
  if (doc['containers'] !== undefined) {
    const ck = doc['containers'];
    if (scope !== 'container') problems.push(`containers: only for scope: container`);
    if (!Array.isArray(ck) || ck.length === 0 || !ck.every((k) => typeof k === 'string' && CONTAINER_KINDS.includes(k)))
      problems.push(`containers: expected a list of ${CONTAINER_KINDS.join(', ')}`);
    else containerKinds = ck as string[];
  }

  const hidden = hiddenRoots(scope);
  const ctx: TreeContext = { aliases: new Map(), allAliases: new Map(), hidden, errors: problems, checkValues: !trusted };
  let tree = cachedTree;
  if (tree) ctx.allAliases = aliasTypesOf(tree, hidden);
  else if (doc['match'] === undefined) problems.push('match: required');
  else tree = compileTree(doc['match'], 'match', ctx);
  const aliases = ctx.allAliases;

  const checkPath = (path: unknown, at: string): string | undefined => {
    if (typeof path !== 'string') {
      problems.push(`${at}: expected a fact path`);
      return undefined;
    }
    const node = resolvePath(path, aliases, hidden);
    if (!node) problems.push(`${at}: ${hidden.has(path.split('.')[0] ?? '') ? `"${path}" needs scope: ${path.startsWith('workload.') || path === 'workload' ? 'workload' : scope === 'workload' ? 'pod or container' : 'container'}` : `unknown fact "${path}"`}`);
    else if (node.type === 'object' || (node.type === 'map' && node.of.type === 'object'))
      problems.push(`${at}: "${path}" is a ${node.type}, not a value`);
    return path;
  };

  const evidence: CompiledRule['evidence'] = [];
  if (!Array.isArray(doc['evidence']) || doc['evidence'].length === 0) problems.push('evidence: expected a non-empty list of fact paths');
  else
    doc['evidence'].forEach((p, i) => {
      const path = checkPath(p, `evidence[${i}]`);
      if (path) evidence.push({ path, segments: path.split('.'), get: compileGetter(path.split('.')) });
    });

  const supersedes: string[] = [];
  if (doc['supersedes'] !== undefined) {
    if (!Array.isArray(doc['supersedes']) || !doc['supersedes'].every((x) => typeof x === 'string'))
      problems.push('supersedes: expected a list of rule ids');
    else supersedes.push(...(doc['supersedes'] as string[]));
  }
  const hypothesis = checkKind(doc, severity, scope, problems);

  const docs: string[] = [];
  if (!Array.isArray(doc['docs']) || doc['docs'].length === 0) problems.push('docs: expected at least one https link');
  else
    doc['docs'].forEach((d, i) => {
      if (typeof d !== 'string' || !/^https:\/\/\S+$/.test(d)) problems.push(`docs[${i}]: expected an https URL`);
      else docs.push(d);
    });

  const templateErrors = (at: string, src: unknown) => compileTemplate(src, at, aliases, hidden, problems);

  const commands: ReturnType<typeof templateErrors>[] = [];
  if (doc['commands'] !== undefined) {
    if (!Array.isArray(doc['commands'])) problems.push('commands: expected a list of command templates');
    else for (const [i, c] of doc['commands'].entries()) commands.push(templateErrors(`commands[${i}]`, c));
  }

  const text = compileTexts(doc['text'], templateErrors, problems);

  if (problems.length > 0 || !tree) {
    for (const p of problems) errors.push(`${file}: ${p}`);
    return undefined;
  }
  return {
    id: id as string,
    severity: severity as Severity,
    stage: stage as Stage,
    scope: scope as Scope,
    containerKinds: new Set(containerKinds),
    tree,
    match: predicateOf(tree),
    supersedes: new Set(supersedes),
    fallback: doc['fallback'] === true,
    unexplained: doc['unexplained'] === true,
    hypothesis,
    rank: typeof doc['rank'] === 'number' ? doc['rank'] : 100,
    overrides: doc['overrides'] === true,
    evidence,
    aliasLists: aliasListsOf(tree),
    commands,
    docs,
    text: text as CompiledRule['text'],
    file,
  };
}

/** The rule's texts, each template compiled; problems said as the rule's. */
function compileTexts(rawText: unknown, templateErrors: (at: string, src: unknown) => Template, problems: string[]): Partial<Record<Lang, CompiledText>> {
  const text: Partial<Record<Lang, CompiledText>> = {};
  if (!isObject(rawText)) problems.push('text: expected a mapping of languages (en, ko) to title, explanation, remedies');
  else {
    if (!isObject(rawText['en'])) problems.push('text.en: required');
    for (const [lang, t] of Object.entries(rawText)) {
      const at = `text.${lang}`;
      if (!(LANGS as readonly string[]).includes(lang)) {
        problems.push(`${at}: unknown language (expected ${LANGS.join(', ')})`);
        continue;
      }
      if (!isObject(t)) {
        problems.push(`${at}: expected title, explanation and remedies`);
        continue;
      }
      for (const k of Object.keys(t)) if (!['title', 'explanation', 'remedies'].includes(k)) problems.push(`${at}.${k}: unknown field`);
      const remedies = t['remedies'];
      if (!Array.isArray(remedies) || remedies.length === 0) problems.push(`${at}.remedies: expected a non-empty list`);
      text[lang as Lang] = {
        title: templateErrors(`${at}.title`, t['title']),
        explanation: templateErrors(`${at}.explanation`, t['explanation']),
        remedies: Array.isArray(remedies) ? remedies.map((r, i) => templateErrors(`${at}.remedies[${i}]`, r)) : [],
      };
    }
  }
  return text;
}

/** The flags that say what kind of rule it is (fallback, unexplained, overrides, hypothesis): whether it is a hypothesis. */
function checkKind(doc: Record<string, unknown>, severity: unknown, scope: unknown, problems: string[]): boolean {
  if (doc['fallback'] !== undefined && typeof doc['fallback'] !== 'boolean') problems.push('fallback: expected true or false');
  if (doc['overrides'] !== undefined && typeof doc['overrides'] !== 'boolean') problems.push('overrides: expected true or false');
  if (doc['unexplained'] !== undefined && typeof doc['unexplained'] !== 'boolean') problems.push('unexplained: expected true or false');
  const hypothesis = doc['hypothesis'] === true;
  if (doc['hypothesis'] !== undefined && typeof doc['hypothesis'] !== 'boolean') problems.push('hypothesis: expected true or false');
  if (hypothesis) {
    // a likely cause is never a finding: no severity of its own, nothing it demotes or stands in for
    if (severity !== 'info') problems.push('severity: a hypothesis is not a finding: give it severity info');
    if (doc['supersedes'] !== undefined || doc['fallback'] !== undefined || doc['unexplained'] !== undefined) problems.push('hypothesis: a hypothesis takes no supersedes, fallback or unexplained');
    if (scope === 'workload') problems.push('hypothesis: only for scope pod or container');
    if (!Array.isArray(doc['commands']) || doc['commands'].length === 0) problems.push('commands: a hypothesis needs the command that confirms or rules it out');
  }
  if (doc['rank'] !== undefined && (!hypothesis || !Number.isInteger(doc['rank']) || (doc['rank'] as number) < 1)) problems.push('rank: a whole number from 1 (most likely), for hypotheses only');
  return hypothesis;
}

/**
 * A built-in rule from the build's cache (src/catalogue/rule-cache.ts): the build loaded and checked
 * it with this same code and stored its compiled tree, so what a run needs at once (id, scope,
 * severity, the tree the planner reads) is read off the document; its predicate is built from the
 * tree when the rule first runs, and its evidence, commands and texts are compiled when a finding
 * first needs them. A one-pod run evaluates a fraction of the rules (src/rules/plan.ts lets through
 * only those a pod's facts can match) and renders the texts of fewer still.
 */
export function trustedRule(doc: Record<string, unknown>, file: string): CompiledRule {
  const tree = doc['tree'] as PredicateNode;
  let full: CompiledRule | undefined;
  const compiled = (): CompiledRule => {
    if (!full) {
      const errors: string[] = [];
      full = compileRule('', file, errors, doc, true, tree);
      // only if the fact catalogue changed since the build, which a build rewrites the cache for
      if (!full) throw new RuleLoadError(errors);
      for (const k of TEXTUAL) settle(k, full[k]);
    }
    return full;
  };
  // The lazy parts are getters of the object itself (a copy, `{ ...rule }`, reads them); from the
  // first read on, each is a plain property, as fast to read as a compiled rule's.
  const rule: CompiledRule = {
    id: doc['id'] as string,
    severity: doc['severity'] as Severity,
    stage: doc['stage'] as Stage,
    scope: doc['scope'] as Scope,
    containerKinds: new Set(Array.isArray(doc['containers']) ? (doc['containers'] as string[]) : DEFAULT_CONTAINER_KINDS),
    tree,
    supersedes: new Set(Array.isArray(doc['supersedes']) ? (doc['supersedes'] as string[]) : []),
    fallback: doc['fallback'] === true,
    unexplained: doc['unexplained'] === true,
    hypothesis: doc['hypothesis'] === true,
    rank: typeof doc['rank'] === 'number' ? doc['rank'] : 100,
    overrides: doc['overrides'] === true,
    docs: doc['docs'] as string[],
    file,
    get match() {
      return settle('match', predicateOf(tree));
    },
    get aliasLists() {
      return settle('aliasLists', aliasListsOf(tree));
    },
    get evidence() {
      return compiled().evidence;
    },
    get commands() {
      return compiled().commands;
    },
    get text() {
      return compiled().text;
    },
  };
  function settle<K extends keyof CompiledRule>(k: K, v: CompiledRule[K]): CompiledRule[K] {
    Object.defineProperty(rule, k, { value: v, enumerable: true, writable: true, configurable: true });
    return v;
  }
  return rule;
}

/** What a finding needs and evaluation does not. */
const TEXTUAL = ['evidence', 'commands', 'text'] as const;

/**
 * The conditions of a built-in rule that test message text: a fact whose path ends in `message`
 * compared with anything but `exists`. The package's rules match named facts only, so what a
 * message says is read once, by an extractor (src/facts/extractors/), where its source is noted
 * and its tests sit; a user's rules (--rules) may still match message text.
 */
export function messageTextTests(tree: PredicateNode): string[] {
  const out: string[] = [];
  walkTree(tree, (n) => {
    if (n.kind !== 'fact' || !/(?:^|\.)message$/.test(n.path)) return;
    for (const t of n.tests) {
      if (t.op === 'exists') continue;
      const value = t.op === 'in' ? `[${t.values.join(', ')}]` : t.op === 'matches' ? `/${t.source}/` : JSON.stringify(t.value);
      out.push(`${n.path} ${t.op} ${value}`);
    }
  });
  return out;
}

/** Refuse a built-in rule whose match tests message text (messageTextTests), one line each. */
export function checkBuiltinRule(rule: CompiledRule, errors: string[]): void {
  for (const test of messageTextTests(rule.tree))
    errors.push(`${rule.file}: match: a built-in rule may not test message text (${test}): add an extractor that names what the message says as a fact, and match that (rules/README.md, "Adding a diagnosis")`);
}

/** Check cross-rule references: supersedes targets exist and form no cycle. */
export function checkRuleSet(rules: CompiledRule[], errors: string[]): void {
  const byId = new Map<string, CompiledRule>();
  for (const r of rules) {
    const prev = byId.get(r.id);
    if (prev) errors.push(`${r.file}: id: "${r.id}" is already defined in ${prev.file}`);
    byId.set(r.id, r);
  }
  for (const r of rules) {
    for (const t of r.supersedes) {
      if (!byId.has(t)) errors.push(`${r.file}: supersedes: unknown rule "${t}"`);
      if (t === r.id) errors.push(`${r.file}: supersedes: a rule cannot supersede itself`);
    }
  }
  // Cycle check (depth-first, colouring).
  const state = new Map<string, 1 | 2>();
  const visit = (id: string, path: string[]): void => {
    const s = state.get(id);
    if (s === 2) return;
    if (s === 1) {
      const cycle = [...path.slice(path.indexOf(id)), id];
      errors.push(`${byId.get(id)?.file ?? id}: supersedes: cycle ${cycle.join(' → ')}`);
      return;
    }
    state.set(id, 1);
    for (const t of byId.get(id)?.supersedes ?? []) if (byId.has(t)) visit(t, [...path, id]);
    state.set(id, 2);
  };
  for (const r of rules) visit(r.id, []);
}
