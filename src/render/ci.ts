// The report formats CI systems read: JUnit XML (Jenkins, GitLab), SARIF 2.1.0 (GitHub code
// scanning), GitHub workflow-command annotations, and Markdown for a pull-request comment or
// $GITHUB_STEP_SUMMARY. All of them are built from the same diagnosis as -o json, and every
// string from the input is made safe for the target (XML escaping and invalid characters,
// workflow-command escaping, Markdown/HTML escaping, no @mentions).

import { createHash } from 'node:crypto';
import { relative, sep } from 'node:path';
import type * as Sarif from 'sarif';
import type { Finding, PodDiagnosis } from '../engine/types.js';
import type { WorkloadDiagnosis } from '../engine/workload.js';
import type { CompiledRule } from '../rules/types.js';
import { atOrAbove as severityAtOrAbove, severityRank, type FailOn, type Lang, type Severity } from '../model/vocabulary.js';
import { templateSource } from '../rules/docs.js';
import { oneLine, stripControls } from '../util/sanitize.js';
import { cell as known, UNKNOWN_CELL } from './cells.js';
import { wordsFor, type FindingText } from './words.js';

export interface CiOptions {
  failOn: FailOn;
  lang: Lang;
  /** The rule set: the findings' texts, and SARIF's tool.driver.rules. */
  rules: readonly CompiledRule[];
  version: string;
  /** For relative file paths in SARIF and annotations. */
  cwd: string;
  /** A scan's workloads not as desired (scan-workloads), reported beside the pods. */
  workloads?: readonly WorkloadDiagnosis[];
}

/** namespace/kind/name of a workload. */
const workloadId = (d: WorkloadDiagnosis) => `${d.namespace}/${d.ref}`;

/** A workload's findings a CI report lists: its root cause (its own, or its pods'), then its own others. */
function workloadFindings(d: WorkloadDiagnosis): Finding[] {
  const root = d.rootCause?.finding;
  return [...(root ? [root] : []), ...d.findings.filter((f) => f !== root && f.rule !== root?.rule)];
}

/** Whether a finding counts against --fail-on. */
export function atOrAbove(f: Finding, failOn: FailOn): boolean {
  return severityAtOrAbove(f.severity, failOn);
}

/** namespace/name as the input gives them; what it does not give is `<unknown>`. */
const podId = (p: PodDiagnosis) => `${known(p.namespace)}/${known(p.name)}`;
const subject = (f: Finding) => (f.container ? ` [${f.containerKind === 'regular' ? 'container' : `${f.containerKind ?? 'container'}`} ${oneLine(f.container)}]` : '');

/** The file a pod came from, relative to cwd with forward slashes; undefined for stdin and live. */
function artifact(p: PodDiagnosis, cwd: string): string | undefined {
  const file = p.source?.file;
  if (!file || file === '<stdin>' || p.source?.line === undefined || p.source.input !== file) return undefined;
  const rel = relative(cwd, file);
  return (rel.startsWith('..') ? file : rel).split(sep).join('/');
}

function findingText(f: Finding, t: FindingText): string {
  const lines = [stripControls(t.explanation)];
  if (t.evidence.length > 0) {
    lines.push('', 'Evidence:');
    for (const e of t.evidence) lines.push(`  ${e.path}: ${stripControls(Array.isArray(e.value) ? e.value.join(', ') : typeof e.value === 'object' ? JSON.stringify(e.value) : String(e.value))}`);
  }
  if (t.remedies.length > 0) {
    lines.push('', 'What to do:');
    t.remedies.forEach((r, i) => lines.push(`  ${i + 1}. ${stripControls(r)}`));
  }
  if (f.commands.length > 0) {
    lines.push('', 'Next:');
    for (const c of f.commands) lines.push(`  $ ${oneLine(c)}`);
  }
  if (f.docs.length > 0) lines.push('', `Docs: ${f.docs.join(' ')}`);
  return lines.join('\n');
}

// ----- JUnit XML ---------------------------------------------------------------------------

// Characters XML 1.0 does not allow at all: removed, not escaped.
const XML_INVALID = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export function xmlEscape(s: string): string {
  return stripControls(s)
    .replace(XML_INVALID, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function renderJUnit(pods: PodDiagnosis[], opts: CiOptions): string {
  const w = wordsFor(opts.rules, opts.lang);
  const suites = new Map<string, PodDiagnosis[]>();
  for (const p of pods) {
    const key = p.source?.input ?? p.source?.file ?? 'input';
    suites.set(key, [...(suites.get(key) ?? []), p]);
  }
  let total = 0;
  let failures = 0;
  const body: string[] = [];
  for (const [name, list] of suites) {
    const cases: string[] = [];
    let suiteFailures = 0;
    for (const p of list) {
      const failing = p.findings.filter((f) => atOrAbove(f, opts.failOn));
      const other = p.findings.filter((f) => !atOrAbove(f, opts.failOn));
      suiteFailures += failing.length > 0 ? 1 : 0;
      const classname = `podwhy.${p.namespace ?? UNKNOWN_CELL}${p.facts.pod.ownerChain.length > 0 ? `.${p.facts.pod.ownerChain[p.facts.pod.ownerChain.length - 1]}` : ''}`;
      const inner: string[] = [];
      for (const f of failing) {
        const t = w.finding(f);
        const message = `${f.rule}${subject(f)}: ${oneLine(t.title)}`;
        inner.push(`      <failure message="${xmlEscape(message)}" type="${xmlEscape(f.rule)}">${xmlEscape(findingText(f, t))}</failure>`);
      }
      const out = [`kubectl: READY ${p.kubectl.ready}, STATUS ${p.kubectl.status}, RESTARTS ${p.kubectl.restarts}, AGE ${p.kubectl.age}`];
      for (const f of other) out.push(`[${f.severity}] ${f.rule}${subject(f)}: ${oneLine(w.title(f))}`);
      inner.push(`      <system-out>${xmlEscape(out.join('\n'))}</system-out>`);
      cases.push(`    <testcase name="${xmlEscape(podId(p))}" classname="${xmlEscape(classname)}" time="0">\n${inner.join('\n')}\n    </testcase>`);
    }
    total += list.length;
    failures += suiteFailures;
    body.push(
      `  <testsuite name="${xmlEscape(name)}" tests="${list.length}" failures="${suiteFailures}" errors="0" skipped="0" time="0">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  if (opts.workloads && opts.workloads.length > 0) {
    const cases: string[] = [];
    let suiteFailures = 0;
    for (const d of opts.workloads) {
      const fs = workloadFindings(d);
      const failing = fs.filter((f) => atOrAbove(f, opts.failOn));
      suiteFailures += failing.length > 0 ? 1 : 0;
      const inner = failing.map((f) => {
        const t = w.finding(f);
        return `      <failure message="${xmlEscape(`${f.rule}: ${oneLine(t.title)}`)}" type="${xmlEscape(f.rule)}">${xmlEscape(findingText(f, t))}</failure>`;
      });
      const other = fs.filter((f) => !atOrAbove(f, opts.failOn)).map((f) => `[${f.severity}] ${f.rule}: ${oneLine(w.title(f))}`);
      if (other.length > 0) inner.push(`      <system-out>${xmlEscape(other.join('\n'))}</system-out>`);
      cases.push(`    <testcase name="${xmlEscape(workloadId(d))}" classname="${xmlEscape(`podwhy.${d.namespace}.workloads`)}" time="0">${inner.length > 0 ? `\n${inner.join('\n')}\n    ` : ''}</testcase>`);
    }
    total += opts.workloads.length;
    failures += suiteFailures;
    body.push(`  <testsuite name="workloads" tests="${opts.workloads.length}" failures="${suiteFailures}" errors="0" skipped="0" time="0">\n${cases.join('\n')}\n  </testsuite>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="podwhy" tests="${total}" failures="${failures}" errors="0" time="0">\n${body.join('\n')}\n</testsuites>\n`;
}

// ----- SARIF 2.1.0 -------------------------------------------------------------------------

const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

function ruleDescriptor(r: CompiledRule, lang: Lang): Sarif.ReportingDescriptor {
  const t = r.text[lang] ?? r.text.en;
  const title = templateSource(t.title);
  const explanation = templateSource(t.explanation).trim();
  const remedies = t.remedies.map((x) => templateSource(x));
  return {
    id: r.id,
    name: r.id
      .split('-')
      .map((w) => (w[0] ?? '').toUpperCase() + w.slice(1))
      .join(''),
    shortDescription: { text: title },
    fullDescription: { text: explanation },
    help: {
      text: `${explanation}\n\nWhat to do:\n${remedies.map((x, i) => `${i + 1}. ${x}`).join('\n')}`,
      markdown: `${explanation}\n\n**What to do**\n\n${remedies.map((x, i) => `${i + 1}. ${x}`).join('\n')}\n\n${r.docs.map((d) => `- <${d}>`).join('\n')}`,
    },
    ...(r.docs[0] ? { helpUri: r.docs[0] } : {}),
    defaultConfiguration: { level: SARIF_LEVEL[r.severity] },
    properties: { tags: ['kubernetes', 'pod', r.stage], precision: 'high', 'problem.severity': r.severity === 'info' ? 'recommendation' : r.severity },
  };
}

export function renderSarif(pods: PodDiagnosis[], opts: CiOptions): string {
  const rules = [...opts.rules].sort((a, b) => (a.id < b.id ? -1 : 1));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const w = wordsFor(opts.rules, opts.lang);
  const results: Sarif.Result[] = [];
  for (const p of pods) {
    for (const f of p.findings) {
      const uri = artifact(p, opts.cwd);
      const logical: Sarif.LogicalLocation = { fullyQualifiedName: f.container ? `${podId(p)}/${f.container}` : podId(p), kind: 'resource' };
      const location: Sarif.Location = uri
        ? { physicalLocation: { artifactLocation: { uri }, region: { startLine: p.source?.line ?? 1 } }, logicalLocations: [logical] }
        : { logicalLocations: [logical] };
      const result: Sarif.Result = {
        ruleId: f.rule,
        level: SARIF_LEVEL[f.severity],
        message: { text: `${podId(p)}${subject(f)}: ${oneLine(w.title(f))}. ${stripControls(w.finding(f).explanation)}` },
        locations: [location],
        partialFingerprints: { 'podwhyFinding/v1': createHash('sha256').update(`${podId(p)}\u0000${f.container ?? ''}\u0000${f.rule}`).digest('hex').slice(0, 32) },
        properties: { role: f.role, stage: f.stage, kubectlStatus: p.kubectl.status },
      };
      const ri = index.get(f.rule);
      if (ri !== undefined) result.ruleIndex = ri;
      results.push(result);
    }
  }
  for (const d of opts.workloads ?? []) {
    for (const f of workloadFindings(d)) {
      const result: Sarif.Result = {
        ruleId: f.rule,
        level: SARIF_LEVEL[f.severity],
        message: { text: `${workloadId(d)}: ${oneLine(w.title(f))}. ${stripControls(w.finding(f).explanation)}` },
        locations: [{ logicalLocations: [{ fullyQualifiedName: workloadId(d), kind: 'resource' }] }],
        partialFingerprints: { 'podwhyFinding/v1': createHash('sha256').update(`${workloadId(d)}\u0000\u0000${f.rule}`).digest('hex').slice(0, 32) },
        properties: { role: f === d.rootCause?.finding ? 'root-cause' : f.role, stage: f.stage, workload: d.ref },
      };
      const ri = index.get(f.rule);
      if (ri !== undefined) result.ruleIndex = ri;
      results.push(result);
    }
  }
  const log: Sarif.Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'podwhy',
            version: opts.version,
            informationUri: 'https://github.com/podwhy/podwhy',
            rules: rules.map((r) => ruleDescriptor(r, opts.lang)),
          },
        },
        results,
        columnKind: 'unicodeCodePoints',
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

// ----- GitHub workflow commands ------------------------------------------------------------

const ghData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const ghProp = (s: string) => ghData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * One cause of a report: a rule, with the pods it was found on (as the root cause, or a finding at
 * or above --fail-on that no root cause explains) and the workloads it explains. CI readers get a
 * report per cause, not per pod: 200 pods crash-looping for one reason are one thing to fix.
 */
export interface Cause {
  rule: string;
  severity: Severity;
  /** The finding on the first pod (or workload) it was found on: its words speak for the cause. */
  example: Finding;
  pods: { pod: PodDiagnosis; finding: Finding }[];
  /** Workloads whose root cause it is (their own, or their pods'). */
  workloads: WorkloadDiagnosis[];
}

/** The causes of a report, the most severe first, then the most widespread, then by rule id. */
export function causesOf(pods: readonly PodDiagnosis[], opts: Pick<CiOptions, 'failOn' | 'workloads'>): Cause[] {
  const byRule = new Map<string, Cause>();
  const causeFor = (f: Finding) => {
    let c = byRule.get(f.rule);
    if (!c) byRule.set(f.rule, (c = { rule: f.rule, severity: f.severity, example: f, pods: [], workloads: [] }));
    if (severityRank(f.severity) < severityRank(c.severity)) c.severity = f.severity;
    return c;
  };
  for (const p of pods) {
    for (const f of p.findings) {
      // Root causes always; other findings at or above --fail-on unless a root cause explains them.
      if (f.role !== 'root-cause' && (f.supersededBy !== undefined || !atOrAbove(f, opts.failOn))) continue;
      const c = causeFor(f);
      if (!c.pods.some((e) => e.pod === p)) c.pods.push({ pod: p, finding: f });
    }
  }
  for (const d of opts.workloads ?? []) {
    const f = d.rootCause?.finding;
    if (f) causeFor(f).workloads.push(d);
  }
  return [...byRule.values()].sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || b.pods.length + b.workloads.length - (a.pods.length + a.workloads.length) || a.rule.localeCompare(b.rule));
}

/** "3 pods, 1 workload" */
function countsOf(c: Cause): string {
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
  return [c.pods.length > 0 ? n(c.pods.length, 'pod') : '', c.workloads.length > 0 ? n(c.workloads.length, 'workload') : ''].filter(Boolean).join(', ');
}

/** GitHub shows at most 10 annotations of each kind per step and drops the rest. */
export const MAX_ANNOTATIONS = 10;

const ghCommand = (s: Severity) => (s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'notice');

/**
 * Workflow-command annotations, one per cause (at most MAX_ANNOTATIONS: past that, the last one
 * lists the causes left), on the fixture or manifest line of its first pod when the input is a
 * file, naming how many pods and workloads share it. The full report goes to the step summary
 * (the CLI writes renderMarkdown there when $GITHUB_STEP_SUMMARY is set).
 */
export function renderGitHub(pods: PodDiagnosis[], opts: CiOptions): string {
  const w = wordsFor(opts.rules, opts.lang);
  const causes = causesOf(pods, opts);
  const shown = causes.length > MAX_ANNOTATIONS ? causes.slice(0, MAX_ANNOTATIONS - 1) : causes;
  const out: string[] = [];
  for (const c of shown) {
    const first = c.pods[0];
    const uri = first ? artifact(first.pod, opts.cwd) : undefined;
    const props = [...(uri && first ? [`file=${ghProp(uri)}`, `line=${first.pod.source?.line ?? 1}`] : []), `title=${ghProp(`podwhy ${c.rule}${c.pods.length + c.workloads.length > 1 ? ` (${countsOf(c)})` : ''}`)}`];
    const t = w.finding(c.example);
    const names = [...c.pods.map((e) => `${podId(e.pod)}${subject(e.finding)}`), ...c.workloads.map(workloadId)];
    const who = names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
    // A workload whose pods are the cause says how many of its pods share it.
    const only = !first && c.workloads.length === 1 ? c.workloads[0] : undefined;
    const share = only?.rootCause?.from === 'pods' ? ` (${only.rootCause.count ?? 0} of ${only.rootCause.of ?? 0} pods)` : '';
    const msg = `${who}: ${oneLine(t.title)}.${share} ${stripControls(t.explanation)}${t.remedies[0] ? `\nFix: ${stripControls(t.remedies[0])}` : ''}`;
    out.push(`::${ghCommand(c.severity)} ${props.join(',')}::${ghData(msg)}`);
  }
  if (shown.length < causes.length) {
    const rest = causes.slice(shown.length);
    const worst = rest.reduce<Severity>((s, c) => (severityRank(c.severity) < severityRank(s) ? c.severity : s), 'info');
    const msg = `${rest.length} more root causes: ${rest.map((c) => `${c.rule} (${countsOf(c)})`).join(', ')}. The step summary (or -o markdown) explains each.`;
    out.push(`::${ghCommand(worst)} title=${ghProp(`podwhy: ${rest.length} more root causes`)}::${ghData(msg)}`);
  }
  return out.length > 0 ? `${out.join('\n')}\n` : '';
}

// ----- Markdown ----------------------------------------------------------------------------

/** Text that renders literally in GitHub/GitLab Markdown: HTML and Markdown syntax escaped, no @mentions. */
export function mdEscape(s: string): string {
  return stripControls(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_{}[\]()#+!|~])/g, '\\$1')
    .replace(/@/g, '&#64;');
}
const cell = (s: string) => mdEscape(oneLine(s)).replace(/\n/g, ' ');

/** A pull-request comment holds 65,536 characters; the report stays under this, saying what it left out. */
export const MAX_MARKDOWN = 60_000;
/** Pods named under a cause, at most. */
const NAMED_PODS = 30;

/**
 * Markdown for a pull-request comment or the step summary, grouped by cause as the text report is:
 * a table of causes, the workloads not as desired, then each cause explained once (its first
 * pod's evidence and remedies) with the pods it was found on. Past MAX_MARKDOWN characters, the
 * causes' details are left out from the least severe and least widespread up, and it says so.
 */
export function renderMarkdown(pods: PodDiagnosis[], opts: CiOptions, maxChars = MAX_MARKDOWN): string {
  const w = wordsFor(opts.rules, opts.lang);
  const unhealthy = pods.filter((p) => !p.healthy);
  const failing = pods.filter((p) => p.findings.some((f) => atOrAbove(f, opts.failOn)));
  const wl = opts.workloads ?? [];
  const wlFailing = wl.some((d) => workloadFindings(d).some((f) => atOrAbove(f, opts.failOn)));
  const icon = failing.length > 0 || wlFailing ? '❌' : unhealthy.length > 0 || wl.length > 0 ? '⚠️' : '✅';
  const causes = causesOf(pods, opts);
  const head: string[] = [];
  head.push(`## ${icon} podwhy: ${pods.length} pod${pods.length === 1 ? '' : 's'}, ${unhealthy.length} unhealthy${wl.length > 0 ? ` · ${wl.length} workload${wl.length === 1 ? '' : 's'} not as desired` : ''}`, '');
  if (causes.length === 0 && wl.length === 0) {
    head.push(pods.length === 0 ? 'No pods in the input.' : 'Every pod is healthy.', '');
    return head.join('\n');
  }
  const code = (s: string) => `\`${cell(s).replace(/`/g, '')}\``;
  if (causes.length > 0) {
    head.push('| Root cause | Severity | Affected | Example |', '|---|---|---|---|');
    for (const c of causes) {
      const ex = c.pods[0] ? podId(c.pods[0].pod) : c.workloads[0] ? workloadId(c.workloads[0]) : '';
      head.push(`| **${cell(c.rule)}**: ${cell(w.title(c.example))} | ${c.severity} | ${countsOf(c)} | ${code(ex)} |`);
    }
    head.push('');
  }
  if (wl.length > 0) {
    head.push('| Workload | Root cause | Severity |', '|---|---|---|');
    for (const d of wl) {
      const f = d.rootCause?.finding;
      const share = d.rootCause?.from === 'pods' ? ` (${d.rootCause.count ?? 0} of ${d.rootCause.of ?? 0} pods)` : '';
      head.push(`| ${code(workloadId(d))} | ${f ? `**${cell(f.rule)}**: ${cell(w.title(f))}${share}` : ''} | ${f?.severity ?? ''} |`);
    }
    head.push('');
  }

  const detail = (c: Cause): string => {
    const out: string[] = [];
    out.push('<details>', `<summary>${mdEscape(c.rule)}: ${mdEscape(countsOf(c))}</summary>`, '');
    const first = c.pods[0];
    const t = w.finding(c.example);
    out.push(`### ${mdEscape(c.rule)}: ${mdEscape(oneLine(t.title))}`, '');
    if (first) {
      const p = first.pod;
      out.push(`Example: ${code(podId(p))}${mdEscape(subject(first.finding))} · READY ${cell(p.kubectl.ready ?? UNKNOWN_CELL)} · STATUS ${cell(p.kubectl.status ?? UNKNOWN_CELL)} · RESTARTS ${cell(p.kubectl.restarts ?? UNKNOWN_CELL)} · AGE ${cell(p.kubectl.age)}`, '');
    }
    out.push(mdEscape(t.explanation), '');
    if (t.evidence.length > 0) {
      out.push('**Evidence**', '');
      for (const e of t.evidence) out.push(`- \`${e.path.replace(/`/g, '')}\`: ${mdEscape(Array.isArray(e.value) ? e.value.join(', ') : typeof e.value === 'object' ? JSON.stringify(e.value) : String(e.value))}`);
      out.push('');
    }
    if (t.remedies.length > 0) {
      out.push('**What to do**', '');
      t.remedies.forEach((r, i) => out.push(`${i + 1}. ${mdEscape(r)}`));
      out.push('');
    }
    if (c.example.commands.length > 0) out.push('```sh', ...c.example.commands.map((x) => oneLine(x).replace(/```/g, '')), '```', '');
    if (c.pods.length > 1) {
      const named = c.pods.slice(0, NAMED_PODS).map((e) => code(podId(e.pod)));
      out.push(`Pods (${c.pods.length}): ${named.join(', ')}${c.pods.length > NAMED_PODS ? `, and ${c.pods.length - NAMED_PODS} more` : ''}`, '');
    }
    if (c.workloads.length > 0) out.push(`Workloads: ${c.workloads.map((d) => code(workloadId(d))).join(', ')}`, '');
    out.push('</details>', '');
    return out.join('\n');
  };

  let text = `${head.join('\n')}\n`;
  const left: Cause[] = [];
  const note = (n: number) => `_${n} root cause${n === 1 ? "'s" : "s'"} details left out to stay within a comment's size: run podwhy with -o text or -o json for everything._\n`;
  for (const c of causes) {
    const d = detail(c);
    // room is kept for the note saying what was left out
    if (left.length > 0 || text.length + d.length + note(causes.length).length + 1 > maxChars) left.push(c);
    else text += `${d}\n`;
  }
  if (left.length > 0) text += note(left.length);
  // (the tables alone past the limit: a cut at a line boundary, said)
  if (text.length > maxChars) {
    const cut = text.lastIndexOf('\n', maxChars - 200);
    text = `${text.slice(0, cut)}\n\n_The report was cut at ${maxChars} characters: run podwhy with -o text or -o json for everything._\n`;
  }
  return text;
}
