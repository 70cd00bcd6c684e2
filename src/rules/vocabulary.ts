// The closed vocabularies a rule's values are checked against at load. A value that a fact can
// never hold makes a predicate that never fires, silently: refuse it where it is written.
//   - a fact with a closed vocabulary (an extractor's kinds, an exit's meaning, a pod phase; the
//     catalogue's `values`) accepts only those values;
//   - a Kubernetes reason (the catalogue's `reason: true`) is an open set, since runtimes and
//     controllers add their own, but a value one or two edits from a reason Kubernetes emits and
//     not itself one is a typo ("OOMKiled").
// The built-in rules were checked by the build that cached them (src/catalogue/rule-cache.ts); these
// checks run for rule files read at run time.

import type { LeafNode } from '../facts/catalog.js';
import { CONTROLLER_REASONS, FROM_CATALOGUE, FROM_FIXTURES } from './known-reasons.js';

let known: { exact: ReadonlySet<string>; lower: Map<string, string> } | undefined;
function knownReasons() {
  if (!known) {
    const exact = new Set([...FROM_CATALOGUE, ...FROM_FIXTURES, ...CONTROLLER_REASONS]);
    const lower = new Map<string, string>();
    for (const r of exact) if (!lower.has(r.toLowerCase())) lower.set(r.toLowerCase(), r);
    known = { exact, lower };
  }
  return known;
}

/** Optimal string alignment distance (a swap of two neighbours is one edit), or max + 1 when over max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (prev2[j - 2] as number) + 1);
      cur.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length] as number;
}

/** The closest of `candidates` to `value` within `max` edits (case ignored), if any. */
function closest(value: string, candidates: Iterable<string>, max: number): string | undefined {
  const v = value.toLowerCase();
  let best: string | undefined;
  let bestD = max + 1;
  for (const c of candidates) {
    const d = editDistance(v, c.toLowerCase(), max);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return bestD <= max ? best : undefined;
}

/** " — did you mean "x"?" when `value` is within two edits of one of `candidates`, else "". */
export function didYouMean(value: unknown, candidates: readonly string[]): string {
  if (typeof value !== 'string') return '';
  const near = closest(value, candidates, 2);
  return near === undefined ? '' : ` — did you mean ${JSON.stringify(near)}?`;
}

/** How many edits make a near miss: one for a short word, where two would reach other words. */
const nearness = (s: string) => (s.length < 6 ? 1 : 2);

/** The known Kubernetes reason `value` is a near miss of, or undefined when it is known or far from all. */
export function nearMissReason(value: string, ignoreCase = false): string | undefined {
  const k = knownReasons();
  if (k.exact.has(value)) return undefined;
  // OutOf<resource> names any resource, extended ones included
  if (/^OutOf\S/.test(value)) return undefined;
  const sameButCase = k.lower.get(value.toLowerCase());
  if (sameButCase !== undefined) return ignoreCase ? undefined : sameButCase;
  return closest(value, k.exact, nearness(value));
}

/**
 * What is wrong with comparing fact `path` (its catalogue node) with `value` by `op`, or undefined.
 * `equals` and `in` need a value the fact can hold; `startsWith`, `contains` and `matches` need
 * one that some value of a closed vocabulary passes.
 */
export function valueProblem(node: LeafNode, path: string, op: string, value: unknown, ignoreCase: boolean, re?: RegExp): string | undefined {
  if ((op === 'equals' || op === 'in') && node.type !== 'string[]') {
    if (typeof value !== node.type)
      return `${JSON.stringify(value)} is a ${typeof value}, but ${path} is a ${node.type}: the rule could never match`;
  }
  if (typeof value !== 'string' && !re) return undefined;
  const values = node.values;
  if (values) {
    const fold = (s: string) => (ignoreCase ? s.toLowerCase() : s);
    const v = typeof value === 'string' ? fold(value) : '';
    const ok =
      op === 'equals' || op === 'in'
        ? values.some((x) => fold(x) === v)
        : op === 'startsWith'
          ? values.some((x) => fold(x).startsWith(v))
          : op === 'contains'
            ? values.some((x) => fold(x).includes(v))
            : op === 'matches' && re
              ? values.some((x) => re.test(x))
              : true;
    if (ok) return undefined;
    const shown = re ? `/${re.source}/` : JSON.stringify(value);
    const near = typeof value === 'string' && (op === 'equals' || op === 'in') ? closest(value, values, Math.max(2, nearness(value))) : undefined;
    const what = op === 'equals' || op === 'in' ? 'is not a value of' : op === 'matches' ? 'matches no value of' : `is not ${op === 'startsWith' ? 'the start' : 'a part'} of any value of`;
    return `${shown} ${what} ${path} — ${near !== undefined ? `did you mean ${JSON.stringify(near)}?` : `its values are ${values.join(', ')}`}`;
  }
  if (node.reason && typeof value === 'string' && (op === 'equals' || op === 'in')) {
    const near = nearMissReason(value, ignoreCase);
    if (near !== undefined) return `${JSON.stringify(value)} is not a reason Kubernetes is known to emit — did you mean ${JSON.stringify(near)}?`;
  }
  return undefined;
}
