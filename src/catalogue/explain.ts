// `podwhy explain <term>`: find what a query names (a reason, status, condition, event, exit code,
// signal or rule id) in the knowledge base and the rule catalogue, or suggest close matches.

import { classifyExit, SIGNALS } from '../facts/extractors/exit-code.js';
import type { CompiledRule } from '../rules/types.js';
import { withRules } from './term-rules.js';
import type { Term } from '../i18n/glossary.js';
import { distance } from '../util/distance.js';

export type Explained =
  | { kind: 'term'; term: Term; query: string; /** Set for "Init:X": X seen on an init container. */ init?: boolean; status?: string }
  | { kind: 'exit-code'; query: string; code: number; meaning: string; signal?: string; term?: Term }
  | { kind: 'rule'; query: string; rule: CompiledRule }
  | { kind: 'unknown'; query: string; suggestions: string[] };

const norm = (s: string) => s.trim().toLowerCase();

export function buildIndex(terms: readonly Term[]): Map<string, Term> {
  const index = new Map<string, Term>();
  for (const t of terms) for (const n of [t.name, ...(t.aliases ?? [])]) if (!index.has(norm(n))) index.set(norm(n), t);
  return index;
}

export function explain(query: string, terms: readonly Term[], rules: readonly CompiledRule[]): Explained {
  const q = query.trim();
  const index = buildIndex(terms);
  const find = (s: string) => {
    const t = index.get(norm(s));
    return t && withRules(t, rules);
  };

  // Init:ErrImagePull → ErrImagePull on an init container; Init:0/2 → the Init status itself.
  const init = /^Init:(.+)$/i.exec(q);
  if (init) {
    const rest = init[1] as string;
    if (/^\d+\/\d+$/.test(rest)) {
      const t = find('Init');
      if (t) return { kind: 'term', term: t, query: q };
    } else {
      const inner = explain(rest, terms, rules);
      if (inner.kind === 'term') return { ...inner, query: q, init: true };
      if (inner.kind === 'exit-code') return { ...inner, query: q };
    }
  }

  // Exit codes: "137", "ExitCode:137", "exit 137"; signals: "Signal:9", "SIGKILL", "KILL", "9".
  const code = /^(?:exit\s*code[: ]?\s*|exitcode:|exit\s+)?(\d{1,3})$/i.exec(q);
  if (code) {
    const n = Number(code[1]);
    if (n <= 255) {
      const c = classifyExit(n);
      const r: Explained = { kind: 'exit-code', query: q, code: n, meaning: c?.meaning ?? 'app-error' };
      if (c?.signalName) r.signal = c.signalName;
      const t = find(String(n));
      if (t) r.term = t;
      return r;
    }
  }
  const sig = /^signal:(\d+)$/i.exec(q);
  if (sig) {
    const name = SIGNALS[Number(sig[1])];
    const t = name ? find(name) : undefined;
    if (t) return { kind: 'term', term: t, query: q };
  }

  // Conditions with a status: "PodScheduled=False", "Ready=True".
  const cond = /^(\w+)\s*=\s*(True|False|Unknown)$/i.exec(q);
  if (cond) {
    const t = find(cond[1] as string);
    if (t && t.category === 'condition') {
      const s = (cond[2] as string).toLowerCase();
      return { kind: 'term', term: t, query: q, status: s === 'true' ? 'True' : s === 'false' ? 'False' : 'Unknown' };
    }
  }

  const t = find(q) ?? (/^sig/i.test(q) ? undefined : find(`SIG${q}`));
  if (t) return { kind: 'term', term: t, query: q };
  const rule = rules.find((r) => r.id === norm(q));
  if (rule) return { kind: 'rule', query: q, rule };

  // Close matches: names, aliases and rule ids within a distance that grows with the length.
  const candidates = [...new Set([...terms.flatMap((x) => [x.name, ...(x.aliases ?? [])]), ...rules.map((r) => r.id)])];
  const limit = Math.max(2, Math.floor(q.length / 4));
  const scored = candidates
    .map((c) => ({ c, d: distance(norm(q), norm(c), limit) }))
    .filter((x) => x.d <= limit || (q.length >= 4 && norm(x.c).includes(norm(q))))
    .sort((a, b) => a.d - b.d || (a.c < b.c ? -1 : 1));
  return { kind: 'unknown', query: q, suggestions: scored.slice(0, 3).map((x) => x.c) };
}
