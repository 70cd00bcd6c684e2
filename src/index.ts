// The library API: `import { diagnoseText, diagnoseObjects, diagnoseLivePod, scanLive, explain } from 'podwhy'`.
//
// A small, stable surface over the library face (src/api/) that the CLI and the MCP server run.
// What goes in is what the CLI reads (parsed Kubernetes objects, any text podwhy reads: YAML, JSON,
// kubectl describe, event and pod tables, fragments of them; or the cluster, read-only through the
// user's kubeconfig); what comes out is the report of `podwhy -o json` (schemaVersion 1
// of SPEC.md, whose fields are only ever added). The types below are written out here, apart
// from the engine's own, so that the published declarations stand alone (no Kubernetes client
// types, no internal fact model); `checkReportShape` makes the compiler hold the two in step.
//
// Built twice: by tsc into dist/src/index.d.ts (the declarations), and by esbuild into the bundle the
// package exports (tools/build/bundle.ts), with its dependencies inside.

import { diagnosePod, troubleFirst } from './engine/diagnose.js';
import type { PodDiagnosis } from './engine/types.js';
import { PodwhyError, UsageError } from './model/errors.js';
import { reportObject, SCHEMA_VERSION } from './render/json.js';
import { wordsFor } from './render/words.js';
import { BUILTIN_RULES_DIR, loadRules as loadRuleFiles } from './catalogue/rule-files.js';
import type { RuleSet as CompiledRuleSet } from './rules/plan.js';
import { LANGS as LANG_LIST } from './model/vocabulary.js';
import { snapshotFromDocs } from './sources/file.js';
import { DocumentStream, type ParsedDoc } from './sources/reader.js';
import * as kubectlText from './sources/text/kubectl-text.js';
import { useTextReader } from './sources/text-reader.js';
import type { Snapshot } from './model/input.js';
import { time } from './util/json.js';
import { explainTerm, explanationJson } from './api/explain.js';
import { liveReportJson, type ClusterTarget } from './api/live.js';
import { checkFilter, podName } from './api/pods.js';

/**
 * The error podwhy throws for what a caller can fix: unreadable input, an invalid rule file, a
 * bad option. Its message is one line (a list, for rule files), fit to show to a user; anything
 * else thrown is a bug.
 */
export { PodwhyError };

// diagnoseText reads kubectl text synchronously on any Node: its readers are loaded with the library
useTextReader(kubectlText);

// ---- types -------------------------------------------------------------------------------------

/** A language of explanations and remedies. */
export type Lang = 'en' | 'ko';

/** The languages podwhy writes, `en` first. */
export const LANGS: readonly Lang[] = LANG_LIST;

/** How bad a finding is. */
export type Severity = 'error' | 'warning' | 'info';

/** A root cause explains the pod's state; a symptom follows from a root cause (see `supersededBy`). */
export type Role = 'root-cause' | 'symptom';

/** A step of a pod's lifecycle, where a finding belongs. */
export type Stage = 'admission' | 'scheduling' | 'sandbox' | 'volumes' | 'image' | 'init' | 'config' | 'start' | 'runtime' | 'probes' | 'termination';

/** Where a pod stands: the stage it is stuck in, or `creating`, `running`, `ready`, `completed`. */
export type PodStage = Stage | 'creating' | 'ready' | 'completed' | 'running';

/** A value that backs a finding, and where it was read (`containers[app].lastState.terminated.reason`, `events[Failed].message`). */
export interface Evidence {
  path: string;
  value: unknown;
  /** Where a value not read from the pod's status came from: its events, its log, or pasted text. */
  source?: 'event' | 'log' | 'text';
}

/** One thing podwhy found about a pod. */
export interface Finding {
  /** The id of the rule that fired (`crashloop-oomkilled`); `podwhy rules <id>` shows it. */
  rule: string;
  severity: Severity;
  role: Role;
  stage: Stage;
  /** The container the finding is about, or null for the whole pod. */
  container: string | null;
  containerType: 'init' | 'sidecar' | 'regular' | 'ephemeral' | null;
  /** One line, in the chosen language. */
  title: string;
  explanation: string;
  remedies: string[];
  /** kubectl commands to run next, filled in for this pod. */
  commands: string[];
  evidence: Evidence[];
  /** Links to the Kubernetes documentation. */
  docs: string[];
  /** For a symptom: the rule whose finding explains it. */
  supersededBy: string | null;
}

/** An entry of a pod's timeline: where its time went, oldest first. */
export interface TimelineEntry {
  /** RFC 3339, or null when the input carried no usable time. */
  at: string | null;
  stage: Stage | 'creation' | 'ready' | 'completed';
  /** created, scheduled, started, exited, ready, …, `stuck` (last, for an unhealthy pod), or an event's reason. */
  event: string;
  container: string | null;
  /** One line, in the chosen language. */
  detail: string;
}

/** A fact that kubectl's text output does not carry, and the command that shows it. */
export interface MissingFact {
  /** e.g. `waiting-message`, `events`, `pod-name` (the paste did not name the pod). */
  fact: string;
  /** The containers or conditions concerned. */
  subjects: string[];
  command: string;
}

/** The diagnosis of one pod: a pod of `podwhy -o json`. */
export interface PodReport {
  /** Null when the input does not say (a paste): never assumed. */
  namespace: string | null;
  /** Null when the input does not name the pod. */
  name: string | null;
  uid: string | null;
  owner: { kind: string; name: string } | null;
  /** Controllers above the pod, nearest first, as "Kind/name". */
  ownerChain: string[];
  /** What `kubectl get pods` shows for the pod. */
  kubectl: { ready: string | null; status: string | null; restarts: string | null; age: string };
  phase: string | null;
  stage: PodStage;
  /** verdict is healthy. */
  healthy: boolean;
  /**
   * `healthy`: no finding of severity error or warning, and the input shows health (Running and
   * Ready, or Succeeded); `problem`: a finding of severity error or warning; `unknown`: no problem
   * found in what was given, which does not show health (see `input.missing`).
   */
  verdict: 'healthy' | 'problem' | 'unknown';
  node: string | null;
  /** Root causes first, then by lifecycle stage, severity and rule id. */
  findings: Finding[];
  /**
   * Likely causes, most likely first, built only from what the input shows, when no root cause is
   * proven: never findings, never counted by --fail-on. `check` is the command that confirms or
   * rules one out.
   */
  hypotheses: { id: string; container: string | null; title: string; why: string; check: string | null; commands: string[]; remedies: string[]; evidence: Evidence[] }[];
  /** Log tails (redacted) by container, when logs were part of the input. */
  logs: Record<string, { previous: boolean; lines: string[] }>;
  /** What could not be read. */
  unreadable: string[];
  /** Odd values in the input that were noted and survived (wrong types, bad times). */
  oddities: string[];
  timeline: TimelineEntry[];
  /** Null for YAML/JSON; for kubectl text, its format (`describe`, `events-table`, `pods-table`, …) and what it does not carry; `events` for a pod made up from YAML/JSON events given without it. */
  input: { format: 'describe' | 'events-table' | 'pods-table' | 'fragment' | 'yaml-in-text' | 'logs' | 'journal' | 'mixed' | 'events' | (string & {}); missing: MissingFact[] } | null;
}

/** What `diagnoseText` and `diagnoseObjects` return: the report of `podwhy -o json`, plus the warnings. */
export interface Report {
  schemaVersion: 1;
  /** In input order. Empty when the input holds no pod. */
  pods: PodReport[];
  /** `unknown`: pods with no problem found whose health the input does not show (verdict unknown). */
  summary: { pods: number; healthy: number; findings: { error: number; warning: number; info: number }; unknown: number };
  /**
   * What the CLI writes to stderr: objects skipped (a ConfigMap, a document that is not an
   * object), pods read from objects without `kind`, events that matched no pod.
   */
  warnings: string[];
  /**
   * Where the input broke, when it is a YAML or JSON document that breaks (invalid YAML, JSON cut
   * short, a List cut inside its items): what came before the break is diagnosed above, and the
   * CLI exits 2 with `file:line:column: message`. Absent when nothing broke; text that is not a
   * document from its first line (a paste, kubectl's tables) is read tolerantly and never breaks.
   */
  damaged?: { file: string; line: number; column: number; message: string }[];
}

export interface DiagnoseOptions {
  /** The rules to run (from `loadRules`). Default: the built-in rules. */
  rules?: RuleSet;
  /** The language of titles, explanations, remedies and timeline details. Default `en`. */
  lang?: Lang;
  /**
   * The instant ages are evaluated against ("restarted 5m ago", the AGE column): a Date, epoch
   * milliseconds or an RFC 3339 string. kubectl text prints ages, not times, and counts them from
   * here too. Default: a fixture header's `now`, else the clock. Give it for reproducible reports.
   */
  now?: Date | number | string;
  /** A name for the input in warnings (`<input>` by default), e.g. the file it came from. */
  source?: string;
}

export interface LoadRulesOptions {
  /** Directories of rule files (`<id>.yaml`), read after the built-in rules, in order. */
  directories?: readonly string[];
  /** Include the built-in rules (default true). */
  builtin?: boolean;
}

// ---- rules -------------------------------------------------------------------------------------

const compiled = new WeakMap<RuleSet, CompiledRuleSet>();

/** A validated set of rules, from `loadRules`. Reuse it: loading reads and checks every file. */
export interface RuleSet {
  /** The rule ids, sorted. */
  readonly ids: readonly string[];
}

function ruleSet(rules: CompiledRuleSet): RuleSet {
  const set: RuleSet = Object.freeze({ ids: Object.freeze(rules.map((r) => r.id).sort()) });
  compiled.set(set, rules);
  return set;
}

let builtin: RuleSet | undefined;

/**
 * Load rules: the built-in ones and those of the given directories (a rule there may replace a
 * built-in one by its id with `overrides: true`). Throws a `PodwhyError` listing every problem
 * when a rule file is invalid.
 */
export function loadRules(options: LoadRulesOptions = {}): RuleSet {
  const dirs = [...(options.builtin === false ? [] : [BUILTIN_RULES_DIR]), ...(options.directories ?? [])];
  if (dirs.length === 1 && dirs[0] === BUILTIN_RULES_DIR) return (builtin ??= ruleSet(loadRuleFiles(dirs)));
  return ruleSet(loadRuleFiles(dirs));
}

// ---- diagnosis ---------------------------------------------------------------------------------

function instant(v: DiagnoseOptions['now']): number | undefined {
  if (v === undefined) return undefined;
  const t = v instanceof Date ? v.getTime() : typeof v === 'number' ? v : time(v);
  if (t === undefined || !Number.isFinite(t)) throw new UsageError(`now: ${String(v)} is not a time — give a Date, epoch milliseconds or an RFC 3339 string`);
  return t;
}

/** The options' language, checked (`en` by default). */
function langOf(options: { lang?: Lang }): Lang {
  const lang = options.lang ?? 'en';
  if (!LANG_LIST.includes(lang)) throw new UsageError(`lang: "${String(lang)}" is not supported — use ${LANG_LIST.join(' or ')}`);
  return lang;
}

function rulesOf(options: { rules?: RuleSet }): CompiledRuleSet {
  const rules = compiled.get(options.rules ?? loadRules());
  if (rules === undefined) throw new UsageError('rules: not a RuleSet — get one from loadRules()');
  return rules;
}

function report(snapshot: Snapshot, options: DiagnoseOptions, now: number | undefined): Report {
  const rules = rulesOf(options);
  const lang = langOf(options);
  const opts = now !== undefined ? { now } : {};
  const pods: PodDiagnosis[] = troubleFirst(snapshot.pods.map((p) => diagnosePod(p, rules, opts)));
  const warnings = [...snapshot.warnings];
  if (snapshot.orphanEvents.length > 0) warnings.push(`${snapshot.orphanEvents.length} event(s) matched no pod in the input`);
  const damaged = (snapshot.damaged ?? []).map((d) => ({ file: d.file, line: d.line, column: d.column, message: `${d.what} — ${d.todo}` }));
  return { ...checkReportShape(reportObject(pods, wordsFor(rules, lang))), warnings, ...(damaged.length > 0 ? { damaged } : {}) };
}

/** The compiler checks here that the JSON report has the shape the types above promise. */
function checkReportShape(r: ReturnType<typeof reportObject>): Omit<Report, 'warnings' | 'damaged'> {
  return { ...r, schemaVersion: SCHEMA_VERSION };
}

/**
 * Diagnose text, as `podwhy -f` reads it: YAML (one or many documents) or JSON of Pods, Lists,
 * Events and Nodes, or kubectl's human-readable output (`describe pod`, `get events`, `get pods`),
 * whole or in pieces, with prompts, fences and prose around it. Throws a `PodwhyError` (one-line
 * message) for input podwhy cannot read: anchors, nesting too deep, text with nothing podwhy
 * reads. A YAML or JSON document that breaks (invalid YAML, JSON cut short) is diagnosed as far
 * as it was read, and `damaged` says where it broke (the CLI exits 2 on it).
 */
export function diagnoseText(text: string, options: DiagnoseOptions = {}): Report {
  if (typeof text !== 'string') throw new UsageError('diagnoseText: expected a string — use diagnoseObjects for parsed objects');
  const now = instant(options.now);
  const docs: ParsedDoc[] = [];
  const stream = new DocumentStream(options.source ?? '<input>', (d) => docs.push(d), now !== undefined ? { now } : {});
  stream.write(text.startsWith('\uFEFF') ? text.slice(1) : text);
  stream.end();
  const damage = stream.damage;
  return report(snapshotFromDocs([{ file: options.source ?? '<input>', docs, ...(damage ? { damage } : {}) }]), options, now);
}

/**
 * Diagnose Kubernetes objects as parsed from YAML or JSON (`JSON.parse`, a YAML library, an API
 * client's plain objects): Pods, Lists/PodLists, Events (core/v1 and events.k8s.io/v1),
 * EventLists, Nodes, in any mixture; events are joined to their pods. Pass one object or an array.
 * The objects are not modified. Warnings name an object by its 1-based place in the array.
 */
export function diagnoseObjects(objects: unknown, options: DiagnoseOptions = {}): Report {
  const now = instant(options.now);
  const values = Array.isArray(objects) ? objects : [objects];
  const docs: ParsedDoc[] = values.map((value, i) => ({ value, line: i + 1 }));
  return report(snapshotFromDocs([{ file: options.source ?? '<input>', docs }]), options, now);
}

// ---- the cluster -------------------------------------------------------------------------------

/** Which cluster a live read uses: the user's kubeconfig, as kubectl reads it. */
export interface ClusterOptions {
  /** A kubeconfig file. Default: `KUBECONFIG`, else `~/.kube/config`. */
  kubeconfig?: string;
  /** A context of the kubeconfig. Default: its current context. */
  context?: string;
  /** The namespace. Default: the context's, else `default`. */
  namespace?: string;
  /** Each API request's timeout, as kubectl's `--request-timeout` takes it (`10s`, `1m`). Default 30s. */
  requestTimeout?: string;
  /** The rules to run (from `loadRules`). Default: the built-in rules. */
  rules?: RuleSet;
  /** The language of the report's texts. Default `en`. */
  lang?: Lang;
}

/** A scan's options: the namespace (or all), and a label selector. */
export interface ScanOptions extends ClusterOptions {
  /** Every namespace (needs cluster-wide list rights). */
  allNamespaces?: boolean;
  /** A label selector, as `kubectl get -l` takes it: `app=web,tier!=db`. */
  selector?: string;
}

/**
 * A live report: the pods' report, and a scan's workloads that are short of their pods (SPEC.md,
 * `workloads`). `warnings` is empty: what a live read could not read is in `summary.unreadable`
 * (and a scan's `summary.workloads.unreadable`), as in the CLI's `-o json`.
 */
export interface LiveReport extends Report {
  workloads?: Record<string, unknown>[];
}

/** The live target of the options, with the environment's kubeconfig settings. */
function clusterOf(options: ClusterOptions): ClusterTarget {
  return {
    env: process.env,
    ...(options.kubeconfig !== undefined ? { kubeconfig: options.kubeconfig } : {}),
    ...(options.context !== undefined ? { context: options.context } : {}),
    ...(options.namespace !== undefined ? { namespace: options.namespace } : {}),
    ...(options.requestTimeout !== undefined ? { requestTimeout: options.requestTimeout } : {}),
  };
}

async function liveReport(target: ClusterTarget, options: ClusterOptions): Promise<LiveReport> {
  const shaped: unknown = await liveReportJson(target, { rules: rulesOf(options), lang: langOf(options), cwd: process.cwd() });
  return { ...(shaped as Omit<LiveReport, 'warnings'>), warnings: [] };
}

/**
 * Diagnose a pod of the cluster, as `podwhy NAME` does: reads the pod, its events, its node and
 * (when a container ended badly) its previous logs, with GET requests only. Resolves to the report
 * of `podwhy NAME -o json`. Rejects with a `PodwhyError` (one line) for what the caller can fix: no
 * such pod, no kubeconfig, access denied, the server unreachable.
 */
export async function diagnoseLivePod(name: string, options: ClusterOptions & { container?: string } = {}): Promise<LiveReport> {
  if (typeof name !== 'string' || name === '') throw new UsageError('diagnoseLivePod: expected a pod name');
  return liveReport({ ...clusterOf(options), pod: podName(name), ...(options.container !== undefined ? { container: options.container } : {}) }, options);
}

/**
 * Scan a namespace (or every namespace) of the cluster, as `podwhy -n NS` / `podwhy -A` does:
 * every pod's diagnosis, and the workloads short of their desired pods. GET requests only.
 */
export async function scanLive(options: ScanOptions = {}): Promise<LiveReport> {
  if (options.allNamespaces && options.namespace !== undefined) throw new UsageError('scanLive: give namespace or allNamespaces, not both');
  const target: ClusterTarget = { ...clusterOf(options), ...(options.allNamespaces ? { allNamespaces: true } : {}), ...(options.selector !== undefined ? { selector: options.selector } : {}) };
  checkFilter(target);
  return liveReport(target, options);
}

/**
 * What a Kubernetes term means, as `podwhy explain TERM -o json` prints it: a reason
 * (CrashLoopBackOff), an exit code (137), a signal (SIGKILL), a condition (PodScheduled=False),
 * an event reason or a rule id. Throws a `PodwhyError` naming the closest terms for one podwhy
 * does not know.
 */
export function explain(term: string, options: { lang?: Lang } = {}): Record<string, unknown> {
  if (typeof term !== 'string' || term.trim() === '') throw new UsageError('explain: expected a term (a reason, exit code, signal, condition or rule id) as a string');
  const lang = langOf(options);
  return explanationJson(explainTerm(term, lang), lang);
}
