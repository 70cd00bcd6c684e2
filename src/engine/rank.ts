// Root cause versus symptom, and a stable order. Pure.
//
// 1. A fallback finding is dropped when anything specific fired on its subject (for a pod-level
//    fallback: anything at all on the pod), or when another fallback supersedes it.
// 2. `supersedes`: a finding demotes the findings it names on the same container, or anywhere
//    when it is pod-level; a finding on container A never demotes one on container B.
// 3. Among the rest (errors and warnings; info only when there is nothing else), the earliest
//    lifecycle stage is the root cause: per container, and pod-level findings against all. A pod
//    that cannot pull an image never reaches its probes, so the probe finding is a symptom; two
//    containers failing on their own are two root causes.
// 4. Order: root causes first, then stage, severity, rule id, container order.

import { severityRank, STAGES, type Stage } from '../model/vocabulary.js';
import type { RawFinding } from './evaluate.js';
import type { Role } from './types.js';

const STAGE_RANK = new Map<Stage, number>(STAGES.map((s, i) => [s, i]));

export interface RankedFinding {
  raw: RawFinding;
  role: Role;
  supersededBy?: string;
}

const subjectKey = (f: RawFinding) => (f.container ? `c:${f.container.kind}:${f.container.name}` : 'pod');

export function rank(raw: RawFinding[]): RankedFinding[] {
  // most pods of a scan: nothing fired, and none of the sets and maps below is needed
  if (raw.length === 0) return [];
  // 1. Fallbacks. A container fallback is dropped when a specific rule fired on its container, or
  //    another fallback there supersedes it; a pod fallback when anything else fired on the pod,
  //    or another pod fallback supersedes it.
  const specificOn = new Set<string>();
  let anySpecific = false;
  let anyContainerFallback = false;
  for (const f of raw) {
    if (f.rule.fallback) {
      if (f.container) anyContainerFallback = true;
      continue;
    }
    anySpecific = true;
    specificOn.add(subjectKey(f));
  }
  const supersededFallback = (f: RawFinding) =>
    raw.some((g) => g !== f && g.rule.fallback && g.rule.supersedes.has(f.rule.id) && (f.container ? subjectKey(g) === subjectKey(f) : !g.container));
  const kept = raw.filter((f) => {
    if (!f.rule.fallback) return true;
    if (supersededFallback(f)) return false;
    return f.container ? !specificOn.has(subjectKey(f)) : !anySpecific && !anyContainerFallback;
  });

  // 2. Supersedes.
  const supersededBy = new Map<RawFinding, string>();
  for (const a of kept) {
    if (a.rule.supersedes.size === 0) continue;
    for (const b of kept) {
      if (a === b || !a.rule.supersedes.has(b.rule.id)) continue;
      // Pod-level findings demote anything; container findings demote pod-level ones and their own.
      const related = !a.container || !b.container || subjectKey(a) === subjectKey(b);
      if (!related) continue;
      if (!supersededBy.has(b)) supersededBy.set(b, a.rule.id);
    }
  }

  // Name the finding that really explains a symptom: follow "superseded by" to the top.
  for (const [b, by] of supersededBy) {
    let top = by;
    for (let hops = 0; hops < 8; hops++) {
      const holder = kept.find((f) => f.rule.id === top && (!b.container || !f.container || subjectKey(f) === subjectKey(b)));
      const next = holder ? supersededBy.get(holder) : undefined;
      if (!next || next === b.rule.id) break;
      top = next;
    }
    supersededBy.set(b, top);
  }

  // 3. Stages.
  const candidates = kept.filter((f) => !supersededBy.has(f));
  const serious = candidates.filter((f) => f.rule.severity !== 'info');
  const considered = new Set(serious.length > 0 ? serious : candidates);
  const stageOf = (f: RawFinding) => STAGE_RANK.get(f.stage) ?? STAGES.length;
  let globalMin = Infinity;
  let podMin = Infinity;
  const subjectMin = new Map<string, number>();
  for (const f of considered) {
    const s = stageOf(f);
    globalMin = Math.min(globalMin, s);
    if (!f.container) podMin = Math.min(podMin, s);
    else subjectMin.set(subjectKey(f), Math.min(subjectMin.get(subjectKey(f)) ?? Infinity, s));
  }
  const isRoot = (f: RawFinding) => {
    if (!considered.has(f)) return false;
    const s = stageOf(f);
    if (!f.container) return s === globalMin;
    return s === subjectMin.get(subjectKey(f)) && s <= podMin;
  };

  const out: RankedFinding[] = kept.map((f) => {
    const r: RankedFinding = { raw: f, role: isRoot(f) ? 'root-cause' : 'symptom' };
    const by = supersededBy.get(f);
    if (by) r.supersededBy = by;
    return r;
  });
  const containerOrder = (f: RawFinding) => {
    if (!f.container) return -1;
    const kindRank = { init: 0, sidecar: 0, regular: 1, ephemeral: 2 }[f.container.kind];
    return kindRank * 10_000 + f.container.index;
  };
  out.sort(
    (a, b) =>
      (a.role === 'root-cause' ? 0 : 1) - (b.role === 'root-cause' ? 0 : 1) ||
      stageOf(a.raw) - stageOf(b.raw) ||
      severityRank(a.raw.rule.severity) - severityRank(b.raw.rule.severity) ||
      (a.raw.rule.id < b.raw.rule.id ? -1 : a.raw.rule.id > b.raw.rule.id ? 1 : 0) ||
      containerOrder(a.raw) - containerOrder(b.raw),
  );
  return out;
}
