// Which rules diagnose a glossary term, read off the rules themselves: a rule belongs to a term
// when its compiled match (src/rules/tree.ts) compares a reason, event, exit code or signal with
// the term's name or one of its aliases, names the term's condition in a fact path
// (conditions.PodScheduled.status), or tests a fact the catalogue says is read from the term
// (`from` in src/facts/declare.ts: sandbox.kind from FailedCreatePodSandBox events,
// container.killedByLiveness from Killing events). A new rule that tests `waiting.reason:
// CrashLoopBackOff` is listed under CrashLoopBackOff without anyone editing the glossary; the
// glossary's own `rules:` lists keep only what neither shows (a rule about a consequence of the term).

import type { Term } from '../i18n/glossary.js';
import type { FactWords } from '../facts/declare.js';
import { nodesAlong } from '../facts/catalog.js';
import { aliasTypesOf, walkTree, type FactTest, type PredicateNode } from '../rules/tree.js';
import type { CompiledRule } from '../rules/types.js';

/** Fact names whose values are Kubernetes' own words for a state: what glossary terms are. */
const NAMING_FIELDS = new Set(['reason', 'event', 'exitCode', 'signalName', 'readyReason']);

/** The words a rule's match compares a naming fact with, and the condition names its paths hold. */
export function namedTerms(tree: PredicateNode, out = new Set<string>()): Set<string> {
  const aliases = aliasTypesOf(tree, NOTHING_HIDDEN);
  walkTree(tree, (n) => {
    // what a rule excludes is not what it diagnoses
    if (n.kind === 'not') return false;
    if (n.kind !== 'fact') return true;
    const segments = n.path.split('.');
    if (segments[0] === 'conditions' && segments[1]) out.add(segments[1]);
    for (const node of nodesAlong(n.path, aliases)) if (node.from) wordsFrom(node.from, n.tests, out);
    if (!NAMING_FIELDS.has(segments[segments.length - 1] as string)) return true;
    for (const t of n.tests) {
      if (t.op === 'equals') out.add(String(t.value));
      else if (t.op === 'in') for (const v of t.values) out.add(String(v));
    }
    return true;
  });
  return out;
}

const NOTHING_HIDDEN: ReadonlySet<string> = new Set();

/** The words a fact is read from (its declaration's `from`) that these tests of it concern. */
function wordsFrom(from: FactWords, tests: readonly FactTest[], out: Set<string>): void {
  if (isWordList(from)) {
    // `exists: false` says the fact is not there: what the rule excludes, not what it diagnoses
    if (tests.some((t) => !(t.op === 'exists' && !t.value))) for (const w of from) out.add(w);
    return;
  }
  for (const t of tests) {
    const values = t.op === 'equals' ? [t.value] : t.op === 'in' ? t.values : [];
    for (const v of values) for (const w of from[String(v)] ?? []) out.add(w);
  }
}

const isWordList = (from: FactWords): from is readonly string[] => Array.isArray(from);

const byRuleSet = new WeakMap<readonly CompiledRule[], Map<string, string[]>>();

/** Rule ids by the term words their matches name, for one rule set (computed once per set). */
function index(rules: readonly CompiledRule[]): Map<string, string[]> {
  let idx = byRuleSet.get(rules);
  if (idx) return idx;
  idx = new Map();
  for (const r of rules) {
    for (const word of namedTerms(r.tree)) {
      const list = idx.get(word) ?? [];
      list.push(r.id);
      idx.set(word, list);
    }
  }
  byRuleSet.set(rules, idx);
  return idx;
}

/** The rules a term's match names (derived), in rule order. */
export function derivedRules(term: Term, rules: readonly CompiledRule[]): string[] {
  const idx = index(rules);
  const ids = new Set<string>();
  for (const word of [term.name, ...(term.aliases ?? [])]) for (const id of idx.get(word) ?? []) ids.add(id);
  return [...ids];
}

/** The term with its full rule list: the glossary's hand-kept ones, then the derived ones. */
export function withRules(term: Term, rules: readonly CompiledRule[]): Term {
  const all = [...new Set([...term.rules, ...derivedRules(term, rules)])];
  return all.length === term.rules.length ? term : { ...term, rules: all };
}
