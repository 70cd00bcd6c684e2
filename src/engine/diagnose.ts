// The library entry point: pods (with their events) and rules in, a diagnosis per pod out.
// Pure apart from reading the clock when no instant is given.

import { normalize } from '../facts/normalize.js';
import { buildTimeline, stuckEntry } from '../facts/timeline.js';
import type { TimelineStage } from '../model/timeline.js';
import type { Facts } from '../facts/types.js';
import type { RuleSet } from '../rules/plan.js';
import type { PodInput } from '../model/input.js';
import { dig, str } from '../util/json.js';
import { collectEvidence, evaluate, findingCommands, findingParams } from './evaluate.js';
import { rank, type RankedFinding } from './rank.js';
import type { Finding, Hypothesis, IgnoredRule, PodDiagnosis, PodStage, Undecided, Verdict } from './types.js';
import { decide, openingEntries } from '../rules/three-valued.js';
import { unknownEntry } from '../facts/unknown.js';
import type { Vars } from '../rules/types.js';

export interface DiagnoseOptions {
  /** Evaluate ages against this instant (epoch ms). Default: the fixture's capture time, else the clock. */
  now?: number;
}

export const IGNORE_ANNOTATION = 'podwhy.dev/ignore';
/** Why the rules of podwhy.dev/ignore are ignored, in the team's words (as kube-linter's ignore annotations carry one). */
export const IGNORE_REASON_ANNOTATION = 'podwhy.dev/ignore-reason';

export function ignoredRules(pod: unknown): Set<string> {
  const v = str(dig(pod, 'metadata', 'annotations', IGNORE_ANNOTATION));
  return new Set((v ?? '').split(',').map((x) => x.trim()).filter((x) => x !== ''));
}

type Ignore = Omit<IgnoredRule, 'rule'>;

const CONFIG_IGNORES = new WeakMap<RuleSet, ReadonlyMap<string, Ignore>>();
/** The rules the project's configuration ignores (CompiledRule.ignore), once per rule set. */
function configIgnores(rules: RuleSet): ReadonlyMap<string, Ignore> {
  let m = CONFIG_IGNORES.get(rules);
  if (!m) {
    const found = new Map<string, Ignore>();
    for (const r of rules) if (r.ignore) found.set(r.id, r.ignore);
    CONFIG_IGNORES.set(rules, (m = found));
  }
  return m;
}

/** What is ignored on this pod: its annotation's rules (or `*`), and the rules the project ignores. */
function ignoresOf(pod: unknown, rules: RuleSet): ((id: string) => Ignore | undefined) | undefined {
  const listed = dig(pod, 'metadata', 'annotations', IGNORE_ANNOTATION) !== undefined ? ignoredRules(pod) : undefined;
  const byConfig = configIgnores(rules);
  if (!listed?.size && byConfig.size === 0) return undefined;
  const reason = str(dig(pod, 'metadata', 'annotations', IGNORE_REASON_ANNOTATION))?.trim();
  const annotation: Ignore = { source: `annotation ${IGNORE_ANNOTATION}`, ...(reason ? { reason } : {}) };
  return (id) => (listed && (listed.has(id) || listed.has('*')) ? annotation : byConfig.get(id));
}

export function lifecycleStage(f: Facts): PodStage {
  if (f.pod.deleting) return 'termination';
  if (f.pod.phase === 'Succeeded') return 'completed';
  if (f.conditions['PodScheduled']?.status !== 'True' && !f.pod.nodeName) return 'scheduling';
  if (f.conditions['Initialized'] && f.conditions['Initialized'].status !== 'True') return 'init';
  if (f.conditions['Ready']?.status === 'True') return 'ready';
  if (f.containers.some((c) => c.state.waiting?.reason === 'ContainerCreating' || c.state.waiting?.reason === 'PodInitializing')) return 'creating';
  return 'running';
}

/**
 * Whether the input shows the pod healthy: Succeeded, or Running with its Ready condition True
 * (or, without conditions, every app container known ready). A pod the input shows less of is
 * not healthy, whatever fired: unknown is not healthy.
 */
export function showsHealth(f: Facts): boolean {
  if (f.pod.deleting) return false;
  if (f.pod.phase === 'Succeeded') return true;
  if (f.pod.phase !== 'Running') return false;
  const ready = f.conditions['Ready']?.status;
  if (ready !== undefined) return ready === 'True';
  // without the Ready condition, every app container known ready; a describe fragment may have
  // left containers out, a table row (READY 1/1) and a pod's YAML do not
  if (f.fromText && !f.pod.kubectl.ready) return false;
  const app = f.containers.filter((c) => c.kind === 'regular');
  return app.length > 0 && app.every((c) => c.ready === true);
}

export function verdictOf(findings: readonly Finding[], f: Facts): Verdict {
  if (findings.some((x) => x.severity === 'error' || x.severity === 'warning')) return 'problem';
  return showsHealth(f) ? 'healthy' : 'unknown';
}

/** Diagnosis stages a pod can be stuck in, as timeline stages ('creating' is the start of containers). */
const STUCK_STAGE: Partial<Record<PodStage, TimelineStage>> = {
  admission: 'admission',
  scheduling: 'scheduling',
  sandbox: 'sandbox',
  volumes: 'volumes',
  image: 'image',
  init: 'init',
  config: 'config',
  start: 'start',
  runtime: 'runtime',
  probes: 'probes',
  termination: 'termination',
  creating: 'start',
  running: 'runtime',
};

/** A ranked finding as pod and workload diagnoses both return it: no words, the values for them. */
export function toFinding(r: RankedFinding): Finding {
  const f: Finding = {
    rule: r.raw.rule.id,
    severity: r.raw.rule.severity,
    role: r.role,
    stage: r.raw.stage,
    params: findingParams(r.raw),
    commands: findingCommands(r.raw),
    evidence: collectEvidence(r.raw),
    docs: r.raw.rule.docs,
  };
  if (r.raw.container) {
    f.container = r.raw.container.name;
    f.containerKind = r.raw.container.kind;
  }
  if (r.supersededBy) f.supersededBy = r.supersededBy;
  return f;
}

export function diagnosePod(input: PodInput, rules: RuleSet, opts: DiagnoseOptions = {}): PodDiagnosis {
  const now = opts.now ?? input.capturedAt ?? Date.now();
  const facts = normalize(input, now);
  const raw = evaluate(facts, rules);
  let ranked = raw.length === 0 ? [] : rank(raw);
  // Ignored rules (metadata.annotations["podwhy.dev/ignore"] = "rule-a,rule-b" or "*", and the
  // project's ignore:) are ranked with the rest, so that the fallbacks they silence stay silent;
  // then they, and what only they explained, leave, and the rest is ranked again.
  const ignored: IgnoredRule[] = [];
  const ignoreOf = ranked.length > 0 ? ignoresOf(input.pod, rules) : undefined;
  if (ignoreOf) {
    const gone = new Set<string>();
    for (const r of ranked) {
      const ig = ignoreOf(r.raw.rule.id);
      if (!ig) continue;
      gone.add(r.raw.rule.id);
      if (!ignored.some((x) => x.rule === r.raw.rule.id)) ignored.push({ rule: r.raw.rule.id, ...ig });
    }
    if (gone.size > 0) ranked = rank(ranked.filter((r) => !gone.has(r.raw.rule.id) && !(r.supersededBy !== undefined && gone.has(r.supersededBy))).map((r) => r.raw));
  }
  const findings: Finding[] = ranked.map(toFinding);
  const root = findings.find((f) => f.role === 'root-cause');
  const stage = root?.severity === 'info' || !root ? lifecycleStage(facts) : root.stage;
  const verdict = verdictOf(findings, facts);
  // Likely causes, and the missing facts that would decide, only for a pod not shown healthy
  // whose cause is not proven: no root cause, or only findings that say what is wrong without
  // why (a pod Pending and the input does not say why). Most pods of a big list are neither.
  // (a pod whose cause the team ignored is not re-explained by likely causes either)
  const open = verdict !== 'healthy' && ignored.length === 0 && !ranked.some((r) => r.role === 'root-cause' && !r.raw.rule.unexplained && r.raw.rule.severity !== 'info');
  const hypotheses = open ? likelyCauses(facts, rules, input.pod) : [];
  const undecided = open ? undecidedRules(facts, rules, new Set(ranked.map((r) => `${r.raw.rule.id}\u0000${r.raw.container?.name ?? ''}`))) : [];
  const healthy = verdict === 'healthy';
  const tl = buildTimeline(input);
  // Where it is stuck closes the story of a pod with a problem.
  if (verdict === 'problem' && stage in STUCK_STAGE) tl.entries.push(stuckEntry(tl, STUCK_STAGE[stage] as TimelineStage, now));
  const d: PodDiagnosis = {
    kubectl: facts.pod.kubectl,
    stage,
    healthy,
    verdict,
    findings,
    ignored,
    hypotheses,
    undecided,
    facts,
    timeline: tl.entries,
    now,
  };
  if (facts.pod.name !== undefined) d.name = facts.pod.name;
  if (facts.pod.namespace !== undefined) d.namespace = facts.pod.namespace;
  if (tl.createdAt !== undefined) d.createdAt = tl.createdAt;
  if (facts.pod.uid) d.uid = facts.pod.uid;
  if (facts.pod.owner) d.owner = facts.pod.owner;
  if (facts.pod.phase) d.phase = facts.pod.phase;
  if (input.source) d.source = input.source;
  return d;
}

/**
 * The rules no fact of the input decides: their match is neither true nor false with what is
 * given, by the facts that would decide them (the last state of a container, the events, the spec).
 */
function undecidedRules(facts: Facts, rules: RuleSet, fired: ReadonlySet<string>): Undecided[] {
  const byFact = new Map<string, Undecided>();
  const check = (rule: RuleSet[number], vars: Vars, container: string | undefined) => {
    if (fired.has(`${rule.id}\u0000${container ?? ''}`)) return;
    const open = new Set<string>();
    if (decide(rule.tree, vars, open) !== 'unknown') return;
    for (const path of open) {
      const e = unknownEntry(path.split('.'), vars);
      if (!e) continue;
      const key = `${e.entry}\u0000${e.container ?? ''}`;
      let u = byFact.get(key);
      if (!u) {
        u = { fact: e.entry, rules: [] };
        if (e.container !== undefined) u.container = e.container;
        byFact.set(key, u);
      }
      if (!u.rules.includes(rule.id)) u.rules.push(rule.id);
    }
  };
  // what this pod's input lacks: a rule none of whose facts it could be missing is decided
  const lacking = new Set<string>(facts.unknown);
  for (const c of facts.containers) for (const e of c.unknown) lacking.add(e);
  if (lacking.size === 0) return [];
  const pod: Vars = { ...facts };
  for (const rule of rules) {
    if (rule.hypothesis || rule.scope === 'workload') continue;
    let touches = false;
    for (const e of openingEntries(rule.tree)) if (lacking.has(e)) touches = true;
    if (!touches) continue;
    if (rule.scope === 'pod') check(rule, pod, undefined);
    else for (const c of facts.containers) if (rule.containerKinds.has(c.kind)) check(rule, { ...facts, container: c }, c.name);
  }
  return [...byFact.values()];
}

/** The hypotheses whose match holds, most likely first, each once per subject. */
function likelyCauses(facts: Facts, rules: RuleSet, pod: unknown): Hypothesis[] {
  if (rules.plan.hypotheses.count === 0) return [];
  let raw = evaluate(facts, rules, true);
  if (raw.length > 0 && dig(pod, 'metadata', 'annotations', IGNORE_ANNOTATION) !== undefined) {
    const ignore = ignoredRules(pod);
    raw = raw.filter((f) => !ignore.has(f.rule.id) && !ignore.has('*'));
  }
  return raw
    .map((r): Hypothesis => {
      const h: Hypothesis = { rule: r.rule.id, stage: r.stage, params: findingParams(r), commands: findingCommands(r), evidence: collectEvidence(r), rank: r.rule.rank };
      if (r.container) {
        h.container = r.container.name;
        h.containerKind = r.container.kind;
      }
      return h;
    })
    .sort((a, b) => a.rank - b.rank || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0));
}

const VERDICT_ORDER: Record<Verdict, number> = { problem: 0, unknown: 1, healthy: 2 };

/**
 * Pods read from pasted text, the ones in trouble first: a paste of a rollout often lists the
 * old healthy pod before the new failing one, and the pod a reader looks at first is the failing
 * one. Stable: pods of the same verdict keep their order. YAML and JSON keep the input's order.
 */
export function troubleFirst(ds: PodDiagnosis[]): PodDiagnosis[] {
  if (ds.length < 2 || !ds.every((d) => d.source?.format !== undefined)) return ds;
  return ds
    .map((d, i) => ({ d, i }))
    .sort((a, b) => VERDICT_ORDER[a.d.verdict] - VERDICT_ORDER[b.d.verdict] || a.i - b.i)
    .map((x) => x.d);
}

export function diagnose(inputs: readonly PodInput[], rules: RuleSet, opts: DiagnoseOptions = {}): PodDiagnosis[] {
  return inputs.map((p) => diagnosePod(p, rules, opts));
}
