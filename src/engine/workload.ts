// A workload's diagnosis: its pods diagnosed as always, grouped by root cause; then the rules of
// `scope: workload` on the workload's facts. The workload's root cause is the controller's failure
// when it could not create pods (a finding at stage admission: quota, Pod Security, a missing
// ServiceAccount, a webhook, a CronJob that did not start its Job); else the most common root
// cause of its pods, with counts; else its own most important finding.

import { normalizeWorkload, workloadRef, type PodSummary } from '../facts/workload.js';
import type { WorkloadInput } from '../model/input.js';
import type { RuleSet } from '../rules/plan.js';
import type { Vars } from '../rules/types.js';
import { SEVERITIES, severityRank, STAGES } from '../model/vocabulary.js';
import { dig, str, type JsonObject } from '../util/json.js';
import { diagnosePod, toFinding, type DiagnoseOptions } from './diagnose.js';
import type { RawFinding } from './evaluate.js';
import { rank } from './rank.js';
import type { Finding, PodDiagnosis, TitleOf } from './types.js';

export interface PodGroup {
  /** The root-cause rule, or null for healthy pods or pods with no root cause. */
  rule: string | null;
  /** The first pod's root-cause finding (its title names the group), or null. */
  finding: Finding | null;
  severity: string | null;
  pods: string[];
}

export interface WorkloadRootCause {
  /** "controller": the workload's own finding; "pods": its pods' most common root cause. */
  from: 'controller' | 'pods';
  rule: string;
  /** The finding: the workload's own, or the first of its pods with that root cause. */
  finding: Finding;
  /** For "pods": how many of how many pods have it. */
  count?: number;
  of?: number;
}

export interface WorkloadDiagnosis {
  kind: string;
  name: string;
  namespace: string;
  ref: string;
  facts: JsonObject;
  findings: Finding[];
  rootCause: WorkloadRootCause | null;
  healthy: boolean;
  pods: PodDiagnosis[];
  groups: PodGroup[];
  now: number;
}

const STAGE_RANK = new Map<string, number>(STAGES.map((s, i) => [s, i]));

/**
 * What a workload's diagnosis needs of each of its pods' diagnoses: a scan diagnoses the pods once
 * (maybe in worker threads) and hands their briefs to the workloads (podBrief).
 */
export interface PodBrief {
  name: string | undefined;
  healthy: boolean;
  /** Ready condition True. */
  ready: boolean;
  /** Succeeded phase (a finished Job's pod counts as ready). */
  succeeded: boolean;
  /** kubectl's STATUS. */
  status: string;
  /** The root-cause findings (the rest are not read). */
  findings: Finding[];
}

export function podBrief(p: PodDiagnosis): PodBrief {
  return {
    name: p.name,
    healthy: p.healthy,
    ready: p.facts.conditions['Ready']?.status === 'True',
    succeeded: p.facts.pod.phase === 'Succeeded',
    status: p.kubectl.status ?? '',
    findings: p.findings.filter((f) => f.role === 'root-cause'),
  };
}

/** Pods grouped by root cause: unhealthy groups first, biggest first, then by stage. */
export function groupPods(pods: readonly Pick<PodBrief, 'name' | 'findings'>[]): PodGroup[] {
  const groups = new Map<string, PodGroup & { stage: number; sev: number }>();
  for (const p of pods) {
    const root = p.findings.find((f) => f.role === 'root-cause' && f.severity !== 'info');
    const key = root ? root.rule : '';
    let g = groups.get(key);
    if (!g) {
      g = { rule: root?.rule ?? null, finding: root ?? null, severity: root?.severity ?? null, pods: [], stage: root ? (STAGE_RANK.get(root.stage) ?? 99) : 99, sev: root ? severityRank(root.severity) : SEVERITIES.length };
      groups.set(key, g);
    }
    g.pods.push(p.name ?? '');
  }
  return [...groups.values()]
    .sort((a, b) => Number(a.rule === null) - Number(b.rule === null) || a.sev - b.sev || b.pods.length - a.pods.length || a.stage - b.stage || (a.rule ?? '').localeCompare(b.rule ?? ''))
    .map(({ rule, finding, severity, pods: names }) => ({ rule, finding, severity, pods: names }));
}

/** A pod finding's title as a workload fact quotes it: written at the edge, in the output's language. */
const titleOf = (f: Finding): TitleOf => ({ titleOf: f });

export function diagnoseWorkload(input: WorkloadInput, rules: RuleSet, opts: DiagnoseOptions = {}): WorkloadDiagnosis {
  const now = opts.now ?? input.capturedAt ?? Date.now();
  const pods = input.pods.map((p) => diagnosePod(p, rules, { now }));
  return { ...workloadFromBriefs(input, rules, pods.map(podBrief), now), pods };
}

/**
 * The workload's own diagnosis from its pods' briefs (their diagnoses made elsewhere: a scan's).
 * `pods` is empty: the caller has the pods' diagnoses.
 */
export function workloadFromBriefs(input: WorkloadInput, rules: RuleSet, briefs: readonly PodBrief[], now: number): WorkloadDiagnosis {
  const groups = groupPods(briefs);
  const top = groups[0]?.rule ? groups[0] : undefined;
  const summary: PodSummary = {
    total: briefs.length,
    ready: briefs.filter((p) => p.ready || p.succeeded).length,
    unhealthy: briefs.filter((p) => !p.healthy).length,
    byName: new Map(
      briefs.map((p) => {
        const root = p.findings.find((f) => f.role === 'root-cause');
        return [p.name ?? '', { ready: p.ready, status: p.status, ...(root ? { cause: titleOf(root) } : {}) }];
      }),
    ),
  };
  if (top) {
    summary.rootCause = top.rule as string;
    summary.rootCauseTitle = titleOf(top.finding as Finding);
    summary.rootCauseCount = top.pods.length;
    summary.names = top.pods;
    const first = briefs.find((p) => p.name === top.pods[0]);
    if (first) summary.rootCauseStatus = first.status;
  }
  const facts = normalizeWorkload(input, now, summary);
  const vars: Vars = { workload: facts };
  const raw: RawFinding[] = [];
  for (const rule of rules) {
    if (rule.scope !== 'workload') continue;
    if (rule.match(vars)) raw.push({ rule, stage: rule.stage, vars: { ...vars } });
    if (rule.aliasLists.size > 0) for (const alias of rule.aliasLists.keys()) if (vars[alias] !== undefined) vars[alias] = undefined;
  }
  const ranked = rank(raw);
  let findings: Finding[] = ranked.map(toFinding);
  const own = findings.find((f) => f.role === 'root-cause' && f.severity !== 'info');
  let rootCause: WorkloadRootCause | null = null;
  if (own && own.stage === 'admission') rootCause = { from: 'controller', rule: own.rule, finding: own };
  else if (top) {
    rootCause = { from: 'pods', rule: top.rule as string, finding: top.finding as Finding, count: top.pods.length, of: briefs.length };
    // the workload's own findings (a timed-out rollout, a failed Job) are what the pods' cause led to
    findings = findings.map((f) => (f.role === 'root-cause' ? { ...f, role: 'symptom' as const, supersededBy: top.rule as string } : f));
  } else if (own) rootCause = { from: 'controller', rule: own.rule, finding: own };
  const healthy = !findings.some((f) => f.severity === 'error' || f.severity === 'warning') && !briefs.some((p) => !p.healthy);
  return {
    kind: input.kind,
    name: str(dig(input.object, 'metadata', 'name')) ?? '',
    namespace: str(dig(input.object, 'metadata', 'namespace')) ?? 'default',
    ref: workloadRef(input.kind, str(dig(input.object, 'metadata', 'name')) ?? ''),
    facts,
    findings,
    rootCause,
    healthy,
    pods: [],
    groups,
    now,
  };
}
