// The MCP server's tools: each a JSON Schema for its input, a description written for a model,
// read-only annotations, an output schema, and a run that calls the library face (src/api/), as
// the CLI does. A tool's result is the report `-o json` prints (structured) and a short summary.

import type { ClusterTarget } from '../api/live.js';
import type { Gathered } from '../api/report.js';
import type { Lang } from '../model/vocabulary.js';
import { str } from '../util/json.js';
import type { Face } from './face.js';
import { EXPLANATION, INPUTS, REPORT, TOOL_LANGS, WORKLOAD_REPORT } from './schemas.js';
import { reportSummary, workloadSummaryText } from './summary.js';

/** What every tool call may use: the session's fixed cluster, where it runs, its limits. */
export interface Session {
  /** The library face (face.ts). */
  face: Face;
  cwd: string;
  env: Record<string, string | undefined>;
  /** `podwhy mcp --context`/`--kubeconfig`: the session's cluster, fixed. */
  context?: string;
  kubeconfig?: string;
  /** `--rules`/`--config` of `podwhy mcp`. */
  ruleFlags: { rules?: string[]; config?: string };
  /** The largest text diagnose_text reads, in bytes. */
  maxBytes: number;
}

/** A tool's answer: the structured report and a few lines for the model to read first. */
export interface ToolAnswer {
  structured: Record<string, unknown>;
  text: string;
}

export interface Tool {
  name: keyof typeof INPUTS;
  title: string;
  description: string;
  inputSchema: (typeof INPUTS)[keyof typeof INPUTS];
  outputSchema: Record<string, unknown>;
  /** Reads the cluster (the world outside the input): openWorldHint. */
  live: boolean;
  run(args: Record<string, unknown>, s: Session): Promise<ToolAnswer>;
}

type Args = Record<string, unknown>;
const optStr = (a: Args, k: string): string | undefined => str(a[k]);
const langOf = (a: Args): Lang => ((TOOL_LANGS as readonly string[]).includes(String(a['lang'])) ? (a['lang'] as Lang) : 'en');

/** The live target of a call: the session's cluster, unless the call names another context (refused when the session fixed one). */
function placeOf(a: Args, s: Session): Pick<ClusterTarget, 'context' | 'kubeconfig' | 'env' | 'namespace'> {
  const context = optStr(a, 'context');
  if (context !== undefined && s.context !== undefined && context !== s.context) {
    throw new s.face.UsageError(`this server reads context "${s.context}" only (podwhy mcp --context) — leave out context, or start another server for "${context}"`);
  }
  const ctx = context ?? s.context;
  const namespace = optStr(a, 'namespace');
  return { env: s.env, ...(ctx !== undefined ? { context: ctx } : {}), ...(s.kubeconfig !== undefined ? { kubeconfig: s.kubeconfig } : {}), ...(namespace !== undefined ? { namespace } : {}) };
}

const rulesOf = (s: Session) => s.face.loadRuleSet(s.cwd, s.ruleFlags).rules;

/** Read live pods (one by name, or a namespace's) and report them as `-o json` does. */
const liveReport = (target: ClusterTarget, lang: Lang, s: Session) => s.face.liveReportJson(target, { rules: rulesOf(s), lang, cwd: s.cwd });

/** At most this many pods in diagnose_text's result (a big dump's pods are counted, not all listed). */
const TEXT_POD_LIMIT = 50;

/** A report cut to `limit` pods, keeping unhealthy ones first, in report order; what was left out is counted. */
export function capPods(report: Record<string, unknown>, limit: number): Record<string, unknown> {
  const pods = Array.isArray(report['pods']) ? (report['pods'] as Record<string, unknown>[]) : [];
  if (pods.length <= limit) return report;
  const unhealthy = pods.filter((p) => p['healthy'] !== true);
  const kept = new Set([...unhealthy, ...pods.filter((p) => p['healthy'] === true)].slice(0, limit));
  const shown = pods.filter((p) => kept.has(p));
  const omittedHealthy = pods.filter((p) => !kept.has(p) && p['healthy'] === true).length;
  const omitted = pods.length - shown.length;
  const note = `${omitted} of ${pods.length} pods left out of the structured result (${omittedHealthy} of them healthy); its summary counts every pod — narrow the input, the namespace or the selector, or raise limit where the tool has one (at most 200)`;
  return { ...report, pods: shown, truncated: { shown: shown.length, omitted, omittedHealthy, note } };
}

export const TOOLS: readonly Tool[] = [
  {
    name: 'diagnose_text',
    title: 'Diagnose pasted Kubernetes text',
    description:
      'Explain why a Kubernetes pod is in the state it is in, from text the user pasted or saved: `kubectl get pod -o yaml`/JSON, `kubectl describe pod`, `kubectl get events` or `get pods` rows, fragments, container logs. Returns the root cause first with the evidence that proves it and concrete remedies, per pod; when the text lacks what would prove a cause, says what is missing (input.missing) and gives likely causes as hypotheses, never as facts. Pass the text verbatim. Reads no cluster.',
    inputSchema: INPUTS.diagnose_text,
    outputSchema: REPORT,
    live: false,
    async run(a, s) {
      const { time, UsageError, InputError, readText, selectOffline, reportJson } = s.face;
      const lang = langOf(a);
      const nowText = optStr(a, 'now');
      const now = nowText !== undefined ? time(nowText) : undefined;
      if (nowText !== undefined && now === undefined) throw new UsageError(`now: "${nowText}" is not an RFC 3339 time — e.g. 2025-03-02T10:00:00Z`);
      const text = String(a['text']);
      if (Buffer.byteLength(text, 'utf8') > s.maxBytes) throw new InputError(`text is larger than ${s.maxBytes} bytes (podwhy mcp --max-bytes) — pass the pod's part of it`);
      const input = await readText(text, '<text>', s.maxBytes, now !== undefined ? { now } : {});
      const pod = optStr(a, 'pod');
      const sel = selectOffline([input], pod !== undefined ? { pod } : {});
      if (sel.end?.error) throw sel.end.error;
      const rules = rulesOf(s);
      const got: Gathered = { pods: sel.pods, damaged: sel.damaged, unreadable: [], ...(sel.workloads ? { workloads: sel.workloads } : {}) };
      const { report: full } = await reportJson(got, { rules, opts: now !== undefined ? { now } : {}, lang, failOn: 'never', cwd: s.cwd });
      const report = capPods(full, TEXT_POD_LIMIT);
      const cut = report['truncated'] as Record<string, unknown> | undefined;
      const notes = [...sel.warnings, ...sel.damaged.map((d) => `the input breaks at line ${d.line}: ${d.what}`), ...(sel.end?.note !== undefined ? [sel.end.note] : []), ...(cut ? [String(cut['note'])] : [])];
      return { structured: report, text: reportSummary(full, notes) };
    },
  },
  {
    name: 'diagnose_pod',
    title: 'Diagnose a live pod',
    description:
      "Explain why a pod in the user's cluster is in the state it is in: reads the pod, its events, its node and (when it crashed) its previous logs through the user's kubeconfig, read-only, and returns the root cause first with evidence and remedies, plus kubectl's STATUS/READY/RESTARTS. Use when the user names a pod of a cluster they can reach.",
    inputSchema: INPUTS.diagnose_pod,
    outputSchema: REPORT,
    live: true,
    async run(a, s) {
      const container = optStr(a, 'container');
      const target: ClusterTarget = { ...placeOf(a, s), pod: s.face.podName(String(a['name'])), ...(container !== undefined ? { container } : {}) };
      const report = await liveReport(target, langOf(a), s);
      return { structured: report, text: reportSummary(report, []) };
    },
  },
  {
    name: 'diagnose_workload',
    title: 'Diagnose a live workload',
    description:
      "Explain why a Deployment, StatefulSet, DaemonSet, ReplicaSet, Job or CronJob has no pods or unready ones (quota, admission webhooks, a stuck rollout, failing pods): reads the workload, its pods and their events through the user's kubeconfig, read-only. Give KIND/NAME, e.g. deploy/web.",
    inputSchema: INPUTS.diagnose_workload,
    outputSchema: WORKLOAD_REPORT,
    live: true,
    async run(a, s) {
      const { parseWorkloadTarget, UsageError, workloadLive, diagnoseWorkload, workloadJson, wordsFor } = s.face;
      const ref = String(a['workload']);
      const target = ref.includes('/') ? parseWorkloadTarget(ref, undefined) : undefined;
      if (target === undefined) throw new UsageError(`workload "${ref}" is not KIND/NAME — e.g. deploy/web, sts/db, ds/agent, job/migrate, cronjob/nightly`);
      const lang = langOf(a);
      const rules = rulesOf(s);
      const got = await workloadLive(target, placeOf(a, s), rules, {});
      const d = diagnoseWorkload(got.input, rules, {});
      const report = workloadJson(d, got.input, wordsFor(rules, lang));
      return { structured: report, text: workloadSummaryText(report) };
    },
  },
  {
    name: 'scan',
    title: 'Scan a namespace for unhealthy pods and workloads',
    description:
      "Find what is wrong in a namespace (or every namespace) of the user's cluster: every pod's diagnosis, grouped by root cause, and the workloads short of their desired pods, read-only through the user's kubeconfig. The result is capped (limit): unhealthy pods are kept first, and it says what it left out.",
    inputSchema: INPUTS.scan,
    outputSchema: REPORT,
    live: true,
    async run(a, s) {
      const selector = optStr(a, 'selector');
      s.face.checkFilter(selector !== undefined ? { selector } : {});
      const all = a['allNamespaces'] === true;
      if (all && a['namespace'] !== undefined) throw new s.face.UsageError('give namespace or allNamespaces, not both');
      const target: ClusterTarget = { ...placeOf(a, s), ...(all ? { allNamespaces: true } : {}), ...(selector !== undefined ? { selector } : {}) };
      const limit = typeof a['limit'] === 'number' ? (a['limit'] as number) : 25;
      const full = await liveReport(target, langOf(a), s);
      const report = capPods(full, limit);
      // the summary counts every pod read, the structured result holds the ones kept
      return { structured: report, text: reportSummary(full, report['truncated'] ? [String((report['truncated'] as Record<string, unknown>)['note'])] : []) };
    },
  },
  {
    name: 'explain',
    title: 'Explain a Kubernetes reason, exit code or condition',
    description:
      'What a Kubernetes term means and what usually causes it, offline: a container or pod reason (CrashLoopBackOff, ImagePullBackOff, CreateContainerConfigError, Evicted), an event reason (FailedScheduling, FailedMount), an exit code (137) or signal (SIGKILL), a condition (PodScheduled=False), or a podwhy rule id. Lists the checks to run and the podwhy rules that diagnose it.',
    inputSchema: INPUTS.explain,
    outputSchema: EXPLANATION,
    live: false,
    async run(a, s) {
      const { explainTerm, explanationJson, renderExplained } = s.face;
      const lang = langOf(a);
      const e = explainTerm(String(a['term']), lang);
      return { structured: explanationJson(e, lang), text: renderExplained(e, lang, 100).join('\n') };
    },
  },
];
