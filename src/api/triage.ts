// What a live scan knows of a pod before its logs are read (its root-cause group), shared by the
// scan and --watch.

import { diagnosePod, type DiagnoseOptions } from '../engine/diagnose.js';
import type { RuleSet } from '../rules/plan.js';
import { pathsOf } from '../rules/tree.js';
import type { Triage } from '../sources/live/fetch.js';

/** Rules whose own root causes a log rule can replace: for these, a pod's logs decide. */
function logDecided(rules: RuleSet): Set<string> {
  const out = new Set<string>();
  for (const r of rules) if (pathsOf(r.tree).some((p) => p.split('.').includes('logs'))) for (const s of r.supersedes) out.add(s);
  return out;
}

/** For a live scan: a pod's root-cause group (rule and owner) before its logs are read. */
export function triageFor(rules: RuleSet, opts: DiagnoseOptions): Triage {
  const decided = logDecided(rules);
  return (p) => {
    const d = diagnosePod(p, rules, opts);
    if (d.healthy) return undefined;
    const root = d.findings.find((f) => f.role === 'root-cause') ?? d.findings[0];
    const rule = root?.rule ?? '';
    const chain = d.facts.pod.ownerChain;
    const owner = chain.length > 0 ? (chain[chain.length - 1] as string) : d.owner ? `${d.owner.kind}/${d.owner.name}` : '';
    return { group: `${rule}\u0000${owner}`, decides: decided.has(rule) };
  };
}
