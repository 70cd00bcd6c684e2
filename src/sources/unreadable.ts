// What a live run could not read, for the whole run: each pod carries notes such as
// "events (forbidden: …)" or "logs of web-1/app (forbidden: …)"; a run that lacks what its
// diagnoses need must say so once (stderr, the JSON summary) and a CI gate must be able to fail on
// it (--fail-on-unreadable), or a user without RBAC on events turns a red check green.

import type { PodInput, UnreadableRead } from '../model/input.js';

/** A note that states a fact about the cluster rather than a read that failed. */
const FACT = /\((?:it no longer exists|unavailable: its node .* no longer exists[^)]*)\)$/;

function classify(note: string): { what: string; reason: string } | undefined {
  if (FACT.test(note)) return undefined;
  const m = /^(events|nodes|node \S+|logs of \S+|owner \S+|claims|claim \S+|storageclasses|persistentvolumes) \((.*)\)$/s.exec(note);
  if (!m) return { what: note.split(' ')[0] ?? note, reason: 'error' };
  const head = m[1] as string;
  const what =
    head === 'events' ? 'events' : head.startsWith('node') ? 'nodes' : head.startsWith('logs') ? 'logs' : head === 'storageclasses' || head === 'persistentvolumes' ? head : head.startsWith('claim') ? (head === 'claim events' ? 'claim events' : 'claims') : 'owners';
  const detail = m[2] as string;
  const reason = detail.startsWith('forbidden') ? 'forbidden' : (/^(\d{3} \w+)/.exec(detail)?.[1] ?? 'error');
  return { what, reason };
}

/** The reads that failed, by kind and reason, with how many pods lack each; empty when none. */
export function summarizeUnreadable(inputs: readonly PodInput[]): UnreadableRead[] {
  const by = new Map<string, UnreadableRead>();
  for (const p of inputs) {
    const seen = new Set<string>();
    for (const note of p.unreadable ?? []) {
      const c = classify(note);
      if (!c) continue;
      const k = `${c.what}\u0000${c.reason}`;
      if (seen.has(k)) continue;
      seen.add(k);
      const r = by.get(k);
      if (r) r.pods++;
      else by.set(k, { ...c, pods: 1 });
    }
  }
  return [...by.values()].sort((a, b) => b.pods - a.pods || a.what.localeCompare(b.what));
}

/** One line for stderr. */
export function unreadableLine(reads: readonly UnreadableRead[], total: number, gate: boolean): string {
  const parts = reads.map((r) => `${r.what} (${r.reason}) for ${r.pods === total && total > 1 ? `all ${total}` : r.pods} pod${r.pods === 1 ? '' : 's'}`);
  const tail = gate ? 'exit 3 (--fail-on-unreadable)' : 'findings that need them may be missing; --fail-on-unreadable makes this exit 3';
  return `podwhy: warning: could not read ${parts.join(', ')} — ${tail}`;
}
