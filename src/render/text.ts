// -o text: what a person reads in a terminal or a CI log. Per pod: kubectl's own columns, the
// lifecycle line, the root cause with its explanation, evidence, numbered remedies and the next
// commands, then symptoms in brief. Many pods: a summary row per root cause, a line per pod, then
// each root cause explained once (see "many pods" below).
// No data fetching here; every string from the input is stripped of control characters.

import { Chalk, type ChalkInstance } from 'chalk';
import type { Finding, PodDiagnosis } from '../engine/types.js';
import { UI, type UiText } from '../i18n/ui.js';
import type { Lang } from '../model/vocabulary.js';
import type { Words } from './words.js';
import { oneLine, stripControls } from '../util/sanitize.js';
import { columns, padEnd, width, wrap, wrapItems } from './layout.js';
import { cell } from './cells.js';
import { compactDuration } from '../i18n/timeline.js';
import { formatTime } from '../util/json.js';

export interface TextOptions {
  color: boolean;
  /** The language, and the rule texts findings are written from (wordsFor). */
  words: Words;
  /** Show healthy pods' details in multi-pod output too. */
  all: boolean;
  /**
   * Terminal width (stdout is a terminal): prose wraps at min(cols, 100), tables are narrowed to
   * it. Without it (piped), prose wraps at 80 and no table cell is cut.
   */
  cols?: number;
  /** Every pod in full in a many-pod report (--details). */
  details?: boolean;
  /** Add the pod's timeline (--timeline). */
  timeline?: boolean;
  /** Timeline times as timestamps instead of relative to creation (--absolute-time). */
  absoluteTime?: boolean;
  /** Leave out the header row of the kubectl columns (--no-headers, as kubectl get has it). */
  noHeaders?: boolean;
}

const LIFECYCLE = ['PodScheduled', 'Initialized', 'ContainersReady', 'Ready'] as const;
const LIFECYCLE_LABEL: Record<(typeof LIFECYCLE)[number], string> = {
  PodScheduled: 'Scheduled',
  Initialized: 'Initialized',
  ContainersReady: 'ContainersReady',
  Ready: 'Ready',
};

interface Ctx {
  c: ChalkInstance;
  ui: UiText;
  w: Words;
  cols: number;
  opts: TextOptions;
  /** Unreadable notes said once at the top of a many-pod report, left out under each pod. */
  shared?: ReadonlySet<string>;
}

function sevColor(ctx: Ctx, sev: Finding['severity']): (s: string) => string {
  return sev === 'error' ? ctx.c.red.bold : sev === 'warning' ? ctx.c.yellow.bold : ctx.c.cyan;
}

function subjectLabel(ctx: Ctx, f: Finding, p?: ExamplePod): string {
  if (!f.container) return '';
  const kind =
    f.containerKind === 'init'
      ? ctx.ui.initContainer
      : f.containerKind === 'sidecar'
        ? ctx.ui.sidecar
        : f.containerKind === 'ephemeral'
          ? ctx.ui.ephemeralContainer
          : ctx.ui.container;
  // Init containers run one after another: say which one of how many (kubectl's Init:i/N).
  let position = '';
  if (p && (f.containerKind === 'init' || f.containerKind === 'sidecar')) {
    const inits = p.facts.containers.filter((c) => c.kind === 'init' || c.kind === 'sidecar');
    const i = inits.findIndex((c) => c.name === f.container);
    if (i >= 0 && inits.length > 1) position = ` (${i + 1}/${inits.length})`;
  }
  return `${kind} ${oneLine(f.container)}${position}`;
}

/** kubectl's table: columns separated by three spaces, headers in capitals. */
function kubectlTable(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => width(r[i] ?? '')))) ?? [];
  return rows.map((r) =>
    r
      .map((cell, i) => (i === r.length - 1 ? cell : padEnd(cell, (widths[i] ?? 0) + 3)))
      .join('')
      .replace(/\s+$/, ''),
  );
}

function header(ctx: Ctx, p: PodDiagnosis): string[] {
  const { c, ui } = ctx;
  const meta = [p.namespace !== undefined ? `${ui.namespace} ${oneLine(p.namespace)}` : ui.namespaceUnknown];
  // The top controller first: "owner Deployment/web (ReplicaSet/web-7d4b9c6f5)".
  const chain = p.facts.pod.ownerChain;
  if (chain.length > 0) meta.push(`${ui.owner} ${oneLine(chain[chain.length - 1] as string)}${chain.length > 1 ? ` (${chain.slice(0, -1).map(oneLine).join(', ')})` : ''}`);
  else if (p.owner) meta.push(`${ui.owner} ${oneLine(p.owner.kind)}/${oneLine(p.owner.name)}`);
  if (p.facts.pod.nodeName) meta.push(`${ui.node} ${oneLine(p.facts.pod.nodeName)}`);
  // Wrap between items, never inside one.
  const metaLines: string[] = [];
  for (const item of meta) {
    const last = metaLines.length - 1;
    if (last >= 0 && width(metaLines[last] as string) + 3 + width(item) <= ctx.cols) metaLines[last] += ` · ${item}`;
    else metaLines.push(`  ${item}`);
  }
  const lines = [c.bold(p.name !== undefined ? oneLine(p.name) : ui.nameUnknown), ...metaLines.map((l) => c.dim(l))];
  const table = kubectlTable([
    ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'],
    [cell(p.name), cell(p.kubectl.ready), cell(p.kubectl.status), cell(p.kubectl.restarts), p.kubectl.age],
  ]);
  if (!ctx.opts.noHeaders) lines.push(c.dim(table[0] as string));
  lines.push(table[1] as string);
  return lines;
}

function lifecycleLine(ctx: Ctx, p: PodDiagnosis): string {
  const { c, ui } = ctx;
  const parts = LIFECYCLE.map((t) => {
    const cond = p.facts.conditions[t];
    const label = LIFECYCLE_LABEL[t];
    // A trimmed status may lack PodScheduled while spec.nodeName shows the pod was bound.
    if (t === 'PodScheduled' && !cond && p.facts.pod.nodeName) return c.green(`✓ ${label}`);
    if (cond?.status === 'True') return c.green(`✓ ${label}`);
    if (cond?.status === 'False') return c.red(`✗ ${label}`);
    if (cond?.status === 'Unknown') return c.yellow(`? ${label}`);
    return c.dim(`· ${label}`);
  });
  const stage = ui.stages[p.stage] ?? p.stage;
  // A pod whose phase is terminal is not stuck: it ended (an evicted pod, a failed Job's pod).
  const at = p.phase === 'Failed' ? ui.failedAt : p.phase === 'Succeeded' ? ui.endedAt : ui.stuckAt;
  const where = p.healthy ? c.green(stage) : p.verdict === 'unknown' ? stage : c.bold(`${at}: ${stage}`);
  return `${ui.lifecycle}: ${parts.join(c.dim(' → '))}   ${c.dim('[')}${where}${c.dim(']')}`;
}

function evidenceText(v: unknown): string {
  if (Array.isArray(v)) return v.map(evidenceText).join(', ');
  if (v !== null && typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}=${evidenceText(x)}`)
      .join(', ');
  }
  return String(v);
}

/** How much of a finding a condensed block shows (a big scan's): evidence items, log lines, docs. */
interface BlockLimits {
  evidence: number;
  logs: number;
  docs: number;
}

function findingBlock(ctx: Ctx, f: Finding, heading: string, p?: ExamplePod, limits?: BlockLimits): string[] {
  const { c, ui, cols } = ctx;
  const color = sevColor(ctx, f.severity);
  const subject = subjectLabel(ctx, f, p);
  const t = ctx.w.finding(f);
  const out: string[] = [];
  out.push(`${color(`${heading}`)}  ${c.bold(f.rule)} ${color(`[${f.severity}]`)}${subject ? c.dim(`  ${subject}`) : ''}`);
  out.push(...wrap(stripControls(t.title), cols, '  ').map((l) => c.bold(l)));
  out.push(...wrap(stripControls(t.explanation), cols, '  '));
  if (t.evidence.length > 0) {
    out.push('', `  ${c.underline(ui.evidence)}`);
    const shown = limits ? t.evidence.slice(0, limits.evidence) : t.evidence;
    for (const e of shown) {
      const value = evidenceText(e.value);
      const short = value.length > 500 ? `${value.slice(0, 300).trimEnd()} … ${value.slice(-199).trimStart()}` : value;
      // a fact the status did not give, read off an event: say so (the event itself follows)
      const inferred = e.source === 'event' && !e.path.startsWith('events[') ? ` ${c.dim(ui.fromEvents)}` : '';
      const text = `${c.dim(`${oneLine(e.path)}:`)} ${stripControls(short)}${inferred}`;
      out.push(...wrap(text, cols, '      ', '    • '));
    }
    if (shown.length < t.evidence.length) out.push(c.dim(`    ${SCAN[ctx.w.lang].moreEvidence(t.evidence.length - shown.length)}`));
  }
  if (t.remedies.length > 0) {
    out.push('', `  ${c.underline(ui.whatToDo)}`);
    t.remedies.forEach((r, i) => {
      const n = `${i + 1}. `;
      out.push(...wrap(stripControls(r), cols, ' '.repeat(4 + n.length), `    ${n}`));
    });
  }
  if (f.commands.length > 0) {
    out.push('', `  ${c.underline(ui.next)}`);
    for (const cmd of f.commands) out.push(c.cyan(`    $ ${oneLine(cmd)}`));
  }
  // The container's last log lines (redacted), when they were read.
  const logs = f.container ? p?.facts.containers.find((x) => x.name === f.container && x.kind === f.containerKind)?.logs : undefined;
  if (logs && logs.lines.length > 0) {
    out.push('', `  ${c.underline(logs.previous ? ui.logPrevious : ui.logCurrent)}`);
    for (const l of logs.lines.slice(-(limits?.logs ?? LOG_LINES_SHOWN))) out.push(...wrap(oneLine(l), ctx.cols, '    │   ', '    │ ').map((x) => c.dim(x)));
  }
  return out;
}

const LOG_LINES_SHOWN = 12;

function symptomLine(ctx: Ctx, f: Finding, p?: PodDiagnosis): string[] {
  const { c, ui, cols } = ctx;
  const subject = subjectLabel(ctx, f, p);
  const by = f.supersededBy ? c.dim(` (${ui.supersededBy} ${f.supersededBy})`) : '';
  const head = `${sevColor(ctx, f.severity)('•')} ${f.rule}${subject ? c.dim(` [${subject}]`) : ''}: ${oneLine(ctx.w.title(f))}`;
  return wrap(head, cols, '    ', '  ').map((l, i, all) => (i === all.length - 1 ? l + by : l));
}

/** The timeline as a compact aligned list: time, stage, what happened. */
export function timelineLines(ctx: Pick<Ctx, 'c' | 'ui' | 'cols' | 'w'>, p: PodDiagnosis, absolute: boolean): string[] {
  const { c, ui } = ctx;
  if (p.timeline.length === 0) return [];
  const origin = p.createdAt;
  const when = (at: number | undefined): string => {
    if (at === undefined) return '?';
    if (absolute || origin === undefined) return formatTime(at).replace('T', ' ');
    return `+${compactDuration(Math.max(0, at - origin))}`;
  };
  // The stuck line closes the list: it is about now.
  const rows = p.timeline.map((e) => ({ t: e.event === 'stuck' ? (absolute ? formatTime(p.now).replace('T', ' ') : ui.now) : when(e.at), stage: ui.stages[e.stage] ?? e.stage, e }));
  const tw = Math.max(...rows.map((r) => width(r.t)));
  const sw = Math.max(...rows.map((r) => width(r.stage)));
  const out = [c.bold(ui.timeline(absolute || origin === undefined ? undefined : formatTime(origin)))];
  for (const r of rows) {
    const lead = `  ${padEnd(r.t, tw)}  ${padEnd(r.stage, sw)}  `;
    const text = stripControls(ctx.w.timeline(r.e));
    const lines = wrap(text, ctx.cols, ' '.repeat(width(lead)), lead);
    const color = r.e.event === 'stuck' ? c.red.bold : r.e.event === 'ready' || r.e.event === 'completed' ? c.green : (s: string) => s;
    out.push(...lines.map((l, i) => (i === 0 ? c.dim(l.slice(0, lead.length)) + color(l.slice(lead.length)) : l)));
  }
  return out;
}

/** The rules ignored on a pod, one line per source and reason: "Ignored: a, b (annotation podwhy.dev/ignore: why)". */
function ignoredLines(ctx: Ctx, p: PodDiagnosis): string[] {
  const groups = new Map<string, string[]>();
  for (const i of p.ignored) {
    const key = `${i.source}${i.reason ? `: ${oneLine(i.reason)}` : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), i.rule]);
  }
  return [...groups].flatMap(([why, ids]) => wrap(`${ctx.ui.ignored}: ${ids.join(', ')} (${why})`, ctx.cols, '    ', '').map((l) => ctx.c.dim(l)));
}

function podDetails(ctx: Ctx, p: PodDiagnosis): string[] {
  const { c, ui } = ctx;
  const out = [...header(ctx, p), '', lifecycleLine(ctx, p)];
  if (ctx.opts.timeline) out.push('', ...timelineLines(ctx, p, ctx.opts.absoluteTime === true));
  const roots = p.findings.filter((f) => f.role === 'root-cause');
  const symptoms = p.findings.filter((f) => f.role === 'symptom');
  if (p.verdict === 'healthy' && roots.length === 0 && p.findings.length === 0) {
    out.push('', c.green(`✓ ${ui.healthy}: ${ui.healthyDetail}`));
  } else if (p.verdict === 'unknown' && p.ignored.length === 0) {
    // nothing wrong in what was given, which does not show health either: say what it lacks
    out.push('', c.yellow(`? ${ui.unknownVerdict}`));
    const parts = notShown(ui, p);
    if (parts.length > 0) out.push(...wrap(stripControls(ui.notShown(parts)), ctx.cols, '  ', '  '));
  }
  if (p.ignored.length > 0) out.push('', ...ignoredLines(ctx, p));
  roots.forEach((f, i) => {
    out.push('');
    const heading = f.severity === 'info' ? ui.otherFindings.toUpperCase() : roots.length > 1 ? `${ui.rootCause} ${i + 1}/${roots.length}` : ui.rootCause;
    out.push(...findingBlock(ctx, f, heading, p));
  });
  if (p.hypotheses.length > 0) {
    out.push('', `${c.yellow(ui.likelyCauses)}  ${c.dim(ui.likelyCausesNote)}`);
    p.hypotheses.forEach((h, i) => {
      const t = ctx.w.finding(h);
      const n = `${i + 1}. `;
      const subject = h.container ? ` [${oneLine(h.container)}]` : '';
      out.push(...wrap(`${stripControls(t.title)}${subject}`, ctx.cols, ' '.repeat(2 + n.length), `  ${n}`).map((l) => c.bold(l)));
      out.push(...wrap(stripControls(t.explanation), ctx.cols, ' '.repeat(2 + n.length)));
      for (const cmd of h.commands) out.push(c.cyan(`${' '.repeat(2 + n.length)}$ ${oneLine(cmd)}`));
    });
  }
  if (p.undecided.length > 0) {
    const items = p.undecided.map((u) => `${ui.decidingFact(u.fact, u.container !== undefined ? oneLine(u.container) : undefined)} (${u.rules.length <= 2 ? u.rules.join(', ') : ui.rulesCount(u.rules.length)})`);
    out.push('', ...wrap(`${ui.wouldDecide}: ${items.join('; ')}`, ctx.cols, '    ', '').map((l) => c.dim(l)));
  }
  if (symptoms.length > 0) {
    out.push('', c.bold(ui.symptoms));
    for (const f of symptoms) out.push(...symptomLine(ctx, f, p));
  }
  const docs = [...new Set(roots.flatMap((f) => f.docs))];
  if (docs.length > 0) {
    out.push('', c.dim(`${ui.docs}: ${docs[0]}`));
    for (const d of docs.slice(1)) out.push(c.dim(`      ${d}`));
  }
  const gaps = p.facts.gaps.filter((g) => ['events', 'spec', 'status'].includes(g) && (g !== 'events' || !p.healthy));
  if (gaps.length > 0) out.push(c.dim(`${ui.missing}: ${gaps.join(', ')}`));
  const unreadable = p.facts.gaps.filter((g) => !['events', 'spec', 'status'].includes(g) && !ctx.shared?.has(g));
  for (const u of unreadable) out.push(...wrap(`${ui.unreadable}: ${oneLine(u)}`, ctx.cols, '    ', '').map((l) => c.yellow(l)));
  for (const o of p.facts.oddities) out.push(...wrap(`${ui.oddity}: ${oneLine(o)}`, ctx.cols, '    ', '').map((l) => c.yellow(l)));
  // Read from kubectl describe or table text: what that text does not say, and where to see it.
  for (const m of p.source?.missing ?? []) {
    out.push(...wrap(`${ui.notInText}: ${oneLine(ui.missingFact(m.fact, m.subjects ?? []))} — ${ui.notInTextRun}: ${oneLine(m.command)}`, ctx.cols, '    ', '').map((l) => c.yellow(l)));
  }
  return out;
}

/** What a pod with no problem found would need the input to show for it to be shown healthy. */
function notShown(ui: UiText, p: PodDiagnosis): string[] {
  const f = p.facts;
  const out: string[] = [];
  if (f.unknown.includes('status')) out.push(ui.part('status'));
  else {
    if (f.pod.phase === undefined) out.push(ui.part('phase'));
    for (const x of f.containers) {
      if (x.kind === 'ephemeral') continue;
      if (x.unknown.includes('state')) out.push(ui.part('state', oneLine(x.name)));
      else if (x.kind === 'regular' && x.unknown.includes('ready') && f.conditions['Ready'] === undefined) out.push(ui.part('ready', oneLine(x.name)));
    }
    if (f.pod.phase === 'Running' && f.conditions['Ready'] === undefined && f.containers.length === 0) out.push(ui.part('conditions'));
  }
  if (f.unknown.includes('events')) out.push(ui.part('events'));
  return out;
}

// ----- many pods ------------------------------------------------------------------------------
// A summary row per root cause (largest first), one line per unhealthy pod, then each root cause
// explained once from an example pod; pods whose explanation differs in substance (not just in
// restart counts, ages or names) get theirs under it. --details adds every pod in full.

interface ScanText {
  owners: string;
  example: string;
  podList: string;
  podListAll: string;
  name: string;
  ns: string;
  pods: (n: number) => string;
  causes: (n: number) => string;
  more: (n: number) => string;
  exampleOf: (n: number, name: string) => string;
  differs: (n: number, name: string) => string;
  /** A condensed block's one line for the pods whose explanation differs from the example's. */
  differsBrief: (n: number, names: string) => string;
  otherVariants: (n: number) => string;
  healthyHidden: (n: number) => string;
  detailsHint: string;
  /** The closing line of a condensed report: what was left out, and how to see it. */
  condensed: () => string;
  /** The root causes a condensed report does not explain in a block. */
  notExplained: (causes: number, pods: number) => string;
  /** A condensed block's pods: "Pods: a, b, +N more". */
  podsLabel: string;
  /** Where a long scan's workloads are, said under its headline. */
  workloadsBelow: string;
  moreEvidence: (n: number) => string;
  allPods: (n: number) => string;
  unreadableFor: (what: string, reason: string, pods: string) => string;
  unreadableTail: string;
  logsRead: (read: number, want: number) => string;
  logsNotRead: (n: number, why: string) => string;
  noCause: string;
  healthy: string;
}

const SCAN: Record<Lang, ScanText> = {
  en: {
    owners: 'OWNERS',
    example: 'EXAMPLE',
    podList: 'Unhealthy pods',
    podListAll: 'Pods',
    name: 'NAME',
    ns: 'NAMESPACE',
    pods: (n: number) => `${n} pod${n === 1 ? '' : 's'}`,
    causes: (n: number) => `${n} root cause${n === 1 ? '' : 's'}`,
    more: (n: number) => `+${n} more`,
    exampleOf: (n: number, name: string) => `${n} pod${n === 1 ? '' : 's'} · example ${name}`,
    differs: (n: number, name: string) => `For ${n} pod${n === 1 ? '' : 's'} (e.g. ${name}) it reads differently:`,
    differsBrief: (n: number, names: string) => `For ${n} pod${n === 1 ? '' : 's'} it reads differently (e.g. ${names}): podwhy POD shows one in full`,
    otherVariants: (n: number) => `${n} more pod${n === 1 ? '' : 's'} with other details`,
    healthyHidden: (n: number) => `${n} healthy pod${n === 1 ? '' : 's'} not listed — add --all to list ${n === 1 ? 'it' : 'them'}`,
    detailsHint: 'Every pod in full: add --details, or name one pod',
    condensed: () =>
      `Shortened to fit. Everything: --all lists every pod and explains every root cause in full; -o wide prints one line per pod; -o json or -o yaml carries every finding; --details shows every pod in full; podwhy POD shows one pod.`,
    notExplained: (causes: number, pods: number) =>
      `${causes} more root cause${causes === 1 ? '' : 's'} (${pods} pod${pods === 1 ? '' : 's'}) not explained here: see the table above; podwhy POD explains one of their pods in full, --all explains them all.`,
    podsLabel: 'Pods',
    workloadsBelow: '(after the table)',
    moreEvidence: (n: number) => `+${n} more (podwhy POD shows all)`,
    allPods: (n: number) => `all ${n}`,
    unreadableFor: (what: string, reason: string, pods: string) => `${what} (${reason}) for ${pods} pods`,
    unreadableTail: 'findings that need them may be missing',
    logsRead: (read: number, want: number) =>
      want === 0 ? 'Logs: no pod ended in a way its logs would explain' : `Logs: read for ${read} of the ${want} pods whose previous run ended abnormally${read < want ? ' (a few of each root cause)' : ''}`,
    logsNotRead: (n: number, why: string) => `Logs: not read for ${n} pod${n === 1 ? '' : 's'} (${why})`,
    noCause: '(no problem found, health not shown)',
    healthy: '(healthy)',
  },
  ko: {
    owners: '소유자',
    example: '예시',
    podList: '비정상 파드',
    podListAll: '파드',
    name: '이름',
    ns: '네임스페이스',
    pods: (n: number) => `파드 ${n}개`,
    causes: (n: number) => `근본 원인 ${n}가지`,
    more: (n: number) => `외 ${n}개`,
    exampleOf: (n: number, name: string) => `파드 ${n}개 · 예시 ${name}`,
    differs: (n: number, name: string) => `파드 ${n}개(예: ${name})는 설명이 다름:`,
    differsBrief: (n: number, names: string) => `파드 ${n}개는 설명이 다름 (예: ${names}): podwhy POD로 하나를 자세히 볼 수 있음`,
    otherVariants: (n: number) => `그 밖에 세부 내용이 다른 파드 ${n}개`,
    healthyHidden: (n: number) => `정상 파드 ${n}개는 생략 — --all을 붙이면 표시`,
    detailsHint: '파드별 전체 내용: --details를 붙이거나 파드 하나를 지정',
    condensed: () =>
      `화면에 맞게 줄였습니다. 전체 내용: --all은 모든 파드를 나열하고 모든 근본 원인을 자세히 설명, -o wide는 파드마다 한 줄, -o json 또는 -o yaml은 모든 진단, --details는 파드마다 전체 내용, podwhy POD는 파드 하나.`,
    notExplained: (causes: number, pods: number) =>
      `나머지 근본 원인 ${causes}가지(파드 ${pods}개)는 여기서 설명하지 않았습니다: 위 표를 보세요. podwhy POD는 그중 파드 하나를, --all은 전부를 자세히 설명합니다.`,
    podsLabel: '파드',
    workloadsBelow: '(표 다음에)',
    moreEvidence: (n: number) => `외 ${n}개 (podwhy POD로 전부 표시)`,
    allPods: (n: number) => `전체 ${n}`,
    unreadableFor: (what: string, reason: string, pods: string) => `${what} (${reason}) — 파드 ${pods}개`,
    unreadableTail: '이 정보가 필요한 진단은 빠졌을 수 있음',
    logsRead: (read: number, want: number) =>
      want === 0 ? '로그: 로그로 설명할 비정상 종료 없음' : `로그: 이전 실행이 비정상 종료된 파드 ${want}개 중 ${read}개의 로그를 읽음${read < want ? ' (근본 원인마다 몇 개씩)' : ''}`,
    logsNotRead: (n: number, why: string) => `로그: 파드 ${n}개는 읽지 못함 (${why})`,
    noCause: '(문제는 없으나 정상 여부 알 수 없음)',
    healthy: '(정상)',
  },
};

/** What a live scan read and could not read, said once at the top of a many-pod report. */
export interface ScanNotes {
  /** Reads that failed, by kind (summarizeUnreadable). */
  unreadable?: readonly { what: string; reason: string; pods: number }[];
  /** Notes every pod carries (a namespace-wide 403): said at the top, not under each pod. */
  shared?: ReadonlySet<string>;
  /** Logs: how many pods' logs were read, of how many that ended abnormally; what was not read. */
  logs?: { read: number; wanted: number; notRead?: { pods: number; why: string } };
}

/** Strip what differs between replicas and not in substance: names, counts, ages, times. */
function substance(p: PodDiagnosis, f: Finding, w: Words): string {
  const names = [p.name, p.namespace, p.facts.pod.nodeName].filter((x): x is string => !!x).sort((a, b) => b.length - a.length);
  const norm = (t: string) => {
    let s = stripControls(t);
    for (const n of names) s = s.split(n).join('‹›');
    return s
      .replace(/\b\d{4}-\d\d-\d\dT[\d:.]+Z?\b/g, '‹t›')
      .replace(/\b(?:\d+(?:\.\d+)?(?:ms|s|m|h|d|y))+\b/g, '‹d›')
      .replace(/(?<!exit code |exit |port |signal )\b\d+(?:\.\d+)?\b(?![\w.])/g, '‹n›');
  };
  const t = w.finding(f);
  return [norm(t.title), norm(t.explanation), ...t.remedies.map(norm)].join('\u0000');
}

const MAX_VARIANTS = 4;

interface Variant {
  key: string;
  /** The pod shown for it, and its root-cause finding (chosen by end(): see example()). */
  pod: ExamplePod;
  finding: Finding;
  count: number;
  /** The first pod of each of the first few owners, for the choice of the example. */
  candidates: Map<string, Candidate>;
}

interface Candidate {
  pod: ExamplePod;
  finding: Finding;
  /** Whether the finding's container's logs were read (hasLogs). */
  logs: boolean;
}

/**
 * What a pod shown as an example of a root cause needs: a whole PodDiagnosis, or just these parts
 * of it (a pod diagnosed by a worker thread: examplePod).
 */
export interface ExamplePod {
  name?: string;
  namespace?: string;
  facts: { containers: readonly Pick<PodDiagnosis['facts']['containers'][number], 'name' | 'kind' | 'logs'>[] };
}

/** The parts of a pod that an example of its root cause `f` shows: its name, its init containers, f's container's logs. */
export function examplePod(p: PodDiagnosis, f: Finding): ExamplePod {
  const containers = p.facts.containers
    .filter((c) => c.kind === 'init' || c.kind === 'sidecar' || c.name === f.container)
    .map((c) => ({ name: c.name, kind: c.kind, ...(c.name === f.container && c.logs !== undefined ? { logs: c.logs } : {}) }));
  const out: ExamplePod = { facts: { containers } };
  if (p.name !== undefined) out.name = p.name;
  if (p.namespace !== undefined) out.namespace = p.namespace;
  return out;
}

/**
 * What a many-pod text report keeps of one pod (TextReportWriter): made where the pod is
 * diagnosed, so a worker thread sends this, not the diagnosis.
 */
export interface ScanEntry {
  namespace?: string;
  healthy: boolean;
  /** No problem found, and the input does not show health. */
  unknown?: boolean;
  /** NAMESPACE, NAME, READY, STATUS, RESTARTS, AGE. */
  row: string[];
  /** The pod in full (--details). */
  details?: string;
  /** The root cause (or the first finding) of an unhealthy pod. */
  root?: Finding;
  /** Its owner (ownerOf), for an unhealthy pod. */
  owner: string;
  /** The root cause's wording with the pod's own names, times and numbers left out (substance). */
  key?: string;
  /** Whether the root cause's container's logs were read. */
  logs: boolean;
  /** The pod, as an example of its root cause would show it. */
  example?: ExamplePod;
}

const MAX_CANDIDATES = 8;

interface Cause {
  rule: string;
  finding?: Finding;
  count: number;
  owners: Map<string, number>;
  variants: Variant[];
  /** Pods whose explanation differs from every kept variant. */
  overflow: number;
  rows: string[][];
  /** The first few pods of each owner, [namespace, name]: the pods a condensed block names. */
  named: Map<string, string[][]>;
}

/** Pods a condensed block names (with "+N more"), and how many of each owner are kept to choose from. */
const PODS_NAMED = 5;

function ownerOf(p: PodDiagnosis): string {
  const chain = p.facts.pod.ownerChain;
  return chain.length > 0 ? (chain[chain.length - 1] as string) : p.owner ? `${p.owner.kind}/${p.owner.name}` : '';
}

function hasLogs(p: ExamplePod, f: Finding): boolean {
  return p.facts.containers.some((c) => c.name === f.container && (c.logs?.lines.length ?? 0) > 0);
}

function textContext(opts: TextOptions, notes: ScanNotes): Ctx {
  return {
    c: new Chalk({ level: opts.color ? 1 : 0 }),
    ui: UI[opts.words.lang],
    w: opts.words,
    cols: Math.min(Math.max(opts.cols ?? 80, 40), 100),
    opts,
    shared: notes.shared ?? new Set(),
  };
}

/** A row with its rule column added (the row itself: no copy per pod). */
function withRule(row: string[], rule: string): string[] {
  row.push(rule);
  return row;
}

/** The row of a pod in a many-pod report, without the rule column. */
function podRow(p: PodDiagnosis): string[] {
  return [cell(p.namespace), cell(p.name), cell(p.kubectl.ready), cell(p.kubectl.status), cell(p.kubectl.restarts), p.kubectl.age];
}

/**
 * What TextReportWriter keeps of a pod in a many-pod report. `slim`: the example is examplePod's
 * parts of the pod, not the pod (it is sent to another thread).
 */
function scanEntry(ctx: Ctx, p: PodDiagnosis, slim: boolean): ScanEntry {
  const e: ScanEntry = { healthy: p.healthy, row: podRow(p), owner: '', logs: false };
  if (p.namespace !== undefined) e.namespace = p.namespace;
  if (p.verdict === 'unknown') e.unknown = true;
  if (ctx.opts.details && (ctx.opts.all || !p.healthy)) e.details = ['', ctx.c.dim('─'.repeat(Math.min(ctx.cols, 80))), ...podDetails(ctx, p)].join('\n');
  if (p.healthy) return e;
  e.owner = ownerOf(p);
  const root = p.findings.find((f) => f.role === 'root-cause') ?? p.findings[0];
  if (!root) return e;
  e.root = root;
  if (ctx.opts.details) return e;
  e.key = substance(p, root, ctx.w);
  e.logs = hasLogs(p, root);
  e.example = slim ? examplePod(p, root) : p;
  return e;
}

/** scanEntry for another thread's TextReportWriter with these options (src/api/parallel). */
export function scanEntries(opts: TextOptions, notes: ScanNotes = {}): (p: PodDiagnosis) => ScanEntry {
  const ctx = textContext(opts, notes);
  return (p) => scanEntry(ctx, p, true);
}

/**
 * renderText, fed one diagnosis at a time: a single pod is shown in full; many pods are kept only
 * as what the summary needs (a row per pod, an example per root cause), unless --details asks
 * for every pod in full.
 */
export class TextReportWriter {
  private readonly ctx: Ctx;
  private readonly scan: ScanText;
  private count = 0;
  private unhealthy = 0;
  /** Of the unhealthy: pods with no problem found whose health the input does not show. */
  private unknown = 0;
  private healthyHidden = 0;
  private namespaces = new Set<string>();
  /** The first pod, kept until a second one says this is a multi-pod report. */
  private first: PodDiagnosis | undefined;
  private readonly causes = new Map<string, Cause>();
  private readonly healthyRows: string[][] = [];
  private readonly details: string[] = [];

  constructor(
    opts: TextOptions,
    private readonly notes: ScanNotes = {},
  ) {
    this.ctx = textContext(opts, notes);
    this.scan = SCAN[opts.words.lang];
  }

  add(p: PodDiagnosis): void {
    if (++this.count === 1) {
      this.first = p;
      return;
    }
    this.takeFirst();
    this.take(scanEntry(this.ctx, p, false));
  }

  /** Pods of a many-pod report, as scanEntries made them (a worker thread's diagnoses). */
  addEntries(entries: readonly ScanEntry[]): void {
    for (const e of entries) {
      this.count++;
      this.takeFirst();
      this.take(e);
    }
  }

  /** The first pod, held in case it is the only one (shown in full), joins the scan once another comes. */
  private takeFirst(): void {
    if (!this.first) return;
    this.take(scanEntry(this.ctx, this.first, false));
    this.first = undefined;
  }

  private take(e: ScanEntry): void {
    this.namespaces.add(e.namespace ?? '');
    if (e.details !== undefined) this.details.push(e.details);
    // (the entry is this writer's: its row takes the rule column in place)
    if (e.healthy) {
      if (this.ctx.opts.all) this.healthyRows.push(withRule(e.row, this.scan.healthy));
      else this.healthyHidden++;
      return;
    }
    this.unhealthy++;
    if (e.unknown) this.unknown++;
    const root = e.root;
    const rule = root?.rule ?? this.scan.noCause;
    let cause = this.causes.get(rule);
    if (!cause) {
      cause = { rule, ...(root ? { finding: root } : {}), count: 0, owners: new Map(), variants: [], overflow: 0, rows: [], named: new Map() };
      this.causes.set(rule, cause);
    }
    cause.count++;
    const owner = e.owner;
    cause.owners.set(owner, (cause.owners.get(owner) ?? 0) + 1);
    cause.rows.push(withRule(e.row, rule));
    const named = cause.named.get(owner);
    if (!named) cause.named.set(owner, [[e.row[0] as string, e.row[1] as string]]);
    else if (named.length < PODS_NAMED) named.push([e.row[0] as string, e.row[1] as string]);
    if (!root || e.key === undefined || e.example === undefined) return;
    const key = e.key;
    const v = cause.variants.find((x) => x.key === key);
    if (v) {
      v.count++;
      const had = v.candidates.get(owner);
      // Keep a pod whose logs were read, when the owner's first one's were not.
      if (had ? !had.logs && e.logs : v.candidates.size < MAX_CANDIDATES) v.candidates.set(owner, { pod: e.example, finding: root, logs: e.logs });
    } else if (cause.variants.length < MAX_VARIANTS) cause.variants.push({ key, pod: e.example, finding: root, count: 1, candidates: new Map([[owner, { pod: e.example, finding: root, logs: e.logs }]]) });
    else cause.overflow++;
  }

  /** Each variant's example: a pod whose logs were read, else one of the owner with most pods. */
  private chooseExamples(g: Cause): void {
    for (const v of g.variants) {
      const best = [...v.candidates.entries()].sort((a, b) => Number(b[1].logs) - Number(a[1].logs) || (g.owners.get(b[0]) ?? 0) - (g.owners.get(a[0]) ?? 0))[0];
      if (best) {
        v.pod = best[1].pod;
        v.finding = best[1].finding;
      }
      v.candidates.clear();
    }
  }

  private sortedCauses(): Cause[] {
    for (const g of this.causes.values()) this.chooseExamples(g);
    return [...this.causes.values()].sort((a, b) => b.count - a.count || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0));
  }

  /** What could not be read (said once) and how many pods' logs were read. */
  private topNotes(): string[] {
    const { c } = this.ctx;
    const out: string[] = [];
    const reads = this.notes.unreadable ?? [];
    if (reads.length > 0) {
      const parts = reads.map((r) => this.scan.unreadableFor(r.what, r.reason, r.pods === this.count && this.count > 1 ? this.scan.allPods(this.count) : String(r.pods)));
      out.push(...wrap(`${this.ctx.ui.unreadable}: ${parts.join(', ')} — ${this.scan.unreadableTail}`, this.ctx.cols, '    ', '').map((l) => c.yellow(l)));
    }
    const logs = this.notes.logs;
    if (logs) {
      out.push(...wrap(this.scan.logsRead(logs.read, logs.wanted), this.ctx.cols, '    ', '').map((l) => c.dim(l)));
      if (logs.notRead && logs.notRead.pods > 0) out.push(...wrap(this.scan.logsNotRead(logs.notRead.pods, logs.notRead.why), this.ctx.cols, '    ', '').map((l) => c.yellow(l)));
    }
    return out;
  }

  /** The headline, a long scan's pointer to its workloads, and the notes said once. */
  private headline(causes: Cause[], extra: ReportExtra): string[] {
    const { c, ui } = this.ctx;
    const head = `${ui.podsSummary(this.count, this.unhealthy - this.unknown, this.unknown)}${causes.length > 1 ? ` · ${this.scan.causes(causes.length)}` : ''}`;
    const cols = this.ctx.opts.cols;
    const line = (t: string) => (cols === undefined ? [t] : wrap(t, cols, '    ', ''));
    const out = line(head).map((l) => c.bold(l));
    // the workloads follow the table: said here too (a workload that makes no pod is in no row)
    if (extra.workloadsHead !== undefined && causes.length > 0) out.push(...line(`${oneLine(extra.workloadsHead)} ${this.scan.workloadsBelow}`).map((l) => c.bold(l)));
    out.push(...this.topNotes());
    return out;
  }

  /**
   * The root-cause table: ROOT CAUSE, PODS, OWNERS, EXAMPLE. Piped (no width), every column in
   * full. In a terminal, the first layout that fits: the owners condensed (top one and "+N more",
   * then without their kind), EXAMPLE dropped, then OWNERS; nothing is ever cut: a row whose name
   * is longer than the room is let be wide, as kubectl does. `titles`: each cause's title under its row.
   */
  private table(causes: Cause[], titles: boolean): string[] {
    const { c, ui } = this.ctx;
    const s = this.scan;
    if (causes.length === 0) return [];
    const max = this.ctx.opts.cols;
    const example = (g: Cause) => cell(g.variants[0]?.pod.name ?? g.rows[0]?.[1]);
    const layouts: { owners: 3 | 1 | 0; short: boolean; example: boolean }[] = [
      { owners: 3, short: false, example: true },
      { owners: 1, short: false, example: true },
      { owners: 3, short: false, example: false },
      { owners: 1, short: false, example: false },
      { owners: 1, short: true, example: false },
      { owners: 0, short: false, example: false },
    ];
    let lines: string[] = [];
    for (const [i, l] of layouts.entries()) {
      const rows = [
        [ui.tableRootCause, ui.tablePods, ...(l.owners > 0 ? [s.owners] : []), ...(l.example ? [s.example] : [])],
        ...causes.map((g) => [g.rule, String(g.count), ...(l.owners > 0 ? [ownersText(g.owners, s.more, l.owners, l.short)] : []), ...(l.example ? [example(g)] : [])]),
      ];
      if (max !== undefined && l.owners > 0 && !l.example) {
        // OWNERS last: a row too wide for its owners' counts goes without them
        const room = max - [0, 1].reduce((a, i) => a + Math.max(...rows.map((r) => width(r[i] as string))) + 3, 0);
        causes.forEach((g, i) => {
          const row = rows[i + 1] as string[];
          if (width(row[2] as string) > room) row[2] = ownersText(g.owners, s.more, l.owners, l.short, false);
        });
      }
      lines = columns(rows);
      if (max === undefined || i === layouts.length - 1) break;
      // with EXAMPLE last, one long owner would push every example: all rows must fit; with
      // OWNERS last, a few rows may be wide (a long name) rather than the column dropped for all
      const over = lines.filter((x) => width(x) > max).length;
      if (l.example ? over === 0 : over <= Math.floor(causes.length / 10)) break;
    }
    const out = ['', c.dim(lines[0] as string)];
    lines.slice(1).forEach((l, i) => {
      const g = causes[i] as Cause;
      const sev = g.finding ? sevColor(this.ctx, g.finding.severity) : (x: string) => x;
      out.push(sev(g.rule) + l.slice(g.rule.length));
      if (titles && g.finding) {
        const title = oneLine(this.ctx.w.title(g.finding));
        out.push(...(max === undefined ? [`  ${title}`] : wrap(title, max, '    ', '  ')).map((x) => c.dim(x)));
      }
    });
    return out;
  }

  /** One line per pod, under a line per root cause, in kubectl's columns (nothing cut). */
  private podList(causes: Cause[]): string[] {
    const { c } = this.ctx;
    const s = this.scan;
    const groups = [...causes.map((g) => ({ head: `${g.rule} · ${s.pods(g.count)}`, finding: g.finding, rows: g.rows })), ...(this.healthyRows.length > 0 ? [{ head: `${s.healthy} · ${s.pods(this.healthyRows.length)}`, finding: undefined, rows: this.healthyRows }] : [])];
    if (groups.length === 0) return [];
    const withNs = this.namespaces.size > 1;
    // the rule is said by the group's line, not on every row
    const cut = (r: string[]) => (withNs ? r.slice(0, 6) : r.slice(1, 6));
    const table = [[...(withNs ? [s.ns] : []), s.name, 'READY', 'STATUS', 'RESTARTS', 'AGE'], ...groups.flatMap((g) => g.rows.map(cut))];
    const lines = columns(table);
    const out = ['', c.bold(this.ctx.opts.all ? s.podListAll : s.podList), c.dim(`  ${lines[0] as string}`)];
    let i = 1;
    for (const g of groups) {
      const sev = g.finding ? sevColor(this.ctx, g.finding.severity) : c.green;
      out.push(sev(g.head));
      for (let k = 0; k < g.rows.length; k++) out.push(`  ${lines[i++] as string}`);
    }
    return out;
  }

  /** The pods a condensed block names: the example first, then one of each owner in turn (largest first). */
  private podNames(g: Cause): string[] {
    const withNs = this.namespaces.size > 1;
    const label = (r: string[]) => (withNs ? `${r[0]}/${r[1]}` : (r[1] as string));
    const lists = [...g.named.entries()].sort((a, b) => (g.owners.get(b[0]) ?? 0) - (g.owners.get(a[0]) ?? 0)).map(([, l]) => l);
    const first = g.variants[0]?.pod;
    const out: string[] = [];
    const seen = new Set<string>();
    const add = (r: string[]) => {
      const key = `${r[0]}/${r[1]}`;
      if (seen.has(key) || out.length >= PODS_NAMED) return;
      seen.add(key);
      out.push(label(r));
    };
    if (first?.name !== undefined) add([cell(first.namespace), cell(first.name)]);
    for (let k = 0; k < PODS_NAMED && out.length < PODS_NAMED; k++) for (const l of lists) if (l[k]) add(l[k] as string[]);
    return out;
  }

  /**
   * A root cause's block. Full: its example's finding in full, then each variant's explanation.
   * Condensed (a big scan): the example's finding with a few evidence items, the last log lines
   * and the first doc, the variants in one line, and (`pods`) a few of its pods by name.
   */
  private causeBlock(g: Cause, condensed: boolean, pods: boolean): string[] {
    const { c, ui } = this.ctx;
    const s = this.scan;
    const cols = this.ctx.cols;
    const v0 = g.variants[0];
    if (!v0) return [];
    const out = ['', c.dim('─'.repeat(Math.min(cols, 80)))];
    const block = findingBlock(this.ctx, v0.finding, ui.rootCause, v0.pod, condensed ? CONDENSED : undefined);
    block.splice(1, 0, c.dim(`  ${s.exampleOf(g.count, cell(v0.pod.name))}`));
    out.push(...block);
    if (pods) {
      const names = this.podNames(g);
      const items = g.count > names.length ? [...names, s.more(g.count - names.length)] : names;
      out.push('', ...wrapItems(items, cols, '    ', `  ${s.podsLabel}: `));
    }
    if (condensed) {
      const others = g.variants.slice(1);
      const n = others.reduce((a, v) => a + v.count, 0) + g.overflow;
      if (n > 0) {
        const names = others.slice(0, 3).map((v) => cell(v.pod.name));
        out.push('', ...wrapItems(s.differsBrief(n, names.join(', ')).split(' '), cols, '    ', '  ', ' '));
      }
    } else {
      for (const v of g.variants.slice(1)) {
        out.push('', ...wrap(s.differs(v.count, cell(v.pod.name)), cols, '  ', '  ').map((l) => c.bold(l)));
        const t = this.ctx.w.finding(v.finding);
        const t0 = this.ctx.w.finding(v0.finding);
        out.push(...wrap(stripControls(t.explanation), cols, '    '));
        const same = t.remedies.length === t0.remedies.length && t.remedies.every((r, i) => r === t0.remedies[i]);
        if (!same) {
          t.remedies.forEach((r, i) => {
            const n = `${i + 1}. `;
            out.push(...wrap(stripControls(r), cols, ' '.repeat(4 + n.length), `    ${n}`));
          });
        }
      }
      if (g.overflow > 0) out.push('', c.dim(`  ${s.otherVariants(g.overflow)}`));
    }
    const docs = v0.finding.docs.slice(0, condensed ? 1 : undefined);
    if (docs.length > 0) out.push('', c.dim(`${ui.docs}: ${docs[0]}`), ...docs.slice(1).map((d) => c.dim(`      ${d}`)));
    return out;
  }

  /**
   * The report, as long as it needs to be and no longer: a scan whose report in full fits in
   * REPORT_LINES lines is shown in full (the table with each cause's title, a line per unhealthy
   * pod, each cause explained with its variants); a bigger one is condensed in steps until it
   * fits: blocks condensed; then no line per pod (each block names a few pods); then no titles
   * under the table's rows and blocks for the largest causes only, the rest pointed to the table.
   * --all and --details show everything. `extra.workloads`: the workloads' report, put after the table.
   */
  end(extra: ReportExtra = {}): string {
    if (this.count === 1 && this.first) return `${podDetails(this.ctx, this.first).join('\n')}\n`;
    const { c } = this.ctx;
    const causes = this.sortedCauses();
    const head = this.headline(causes, extra);
    const workloads = extra.workloads !== undefined ? ['', ...extra.workloads.replace(/\n+$/, '').split('\n')] : [];
    const hidden = this.healthyHidden > 0 ? [c.dim(this.scan.healthyHidden(this.healthyHidden))] : [];
    const full = (): string[] => [...head, ...this.table(causes, true), ...workloads, ...this.podList(causes), ...hidden];
    if (this.ctx.opts.details) return `${[...full(), ...this.details].join('\n')}\n`;
    const closing = (condensed: boolean) => (this.unhealthy === 0 ? [] : condensed ? ['', ...wrap(this.scan.condensed(), this.ctx.cols).map((l) => c.dim(l))] : ['', c.dim(this.scan.detailsHint)]);
    const blocks = (condensed: boolean, pods: boolean) => causes.flatMap((g) => this.causeBlock(g, condensed, pods));
    const fits = (lines: string[]) => lines.length <= REPORT_LINES;
    let lines = [...full(), ...blocks(false, false), ...closing(false)];
    if (this.ctx.opts.all || fits(lines)) return `${lines.join('\n')}\n`;
    lines = [...full(), ...blocks(true, false), ...closing(true)];
    if (fits(lines)) return `${lines.join('\n')}\n`;
    const short = [...head, ...this.table(causes, true), ...hidden, ...workloads];
    lines = [...short, ...blocks(true, true), ...closing(true)];
    if (fits(lines)) return `${lines.join('\n')}\n`;
    // the largest causes explained, as many as fit (at least a few); the rest pointed to the table
    lines = [...head, ...this.table(causes, false), ...hidden, ...workloads];
    const end = closing(true);
    const explained = causes.filter((g) => g.variants.length > 0);
    const restLines = (from: number) => {
      const rest = explained.slice(from);
      return rest.length === 0 ? [] : ['', c.dim('─'.repeat(Math.min(this.ctx.cols, 80))), ...wrap(this.scan.notExplained(rest.length, rest.reduce((a, g) => a + g.count, 0)), this.ctx.cols)];
    };
    let k = 0;
    for (const g of explained) {
      const b = this.causeBlock(g, true, true);
      if (k >= MIN_BLOCKS && lines.length + b.length + restLines(k + 1).length + end.length > REPORT_LINES) break;
      lines.push(...b);
      k++;
    }
    lines.push(...restLines(k));
    lines.push(...end);
    return `${lines.join('\n')}\n`;
  }
}

/** What a scan's report puts around its pods: the workloads' report (after the table), and its headline. */
export interface ReportExtra {
  workloads?: string;
  workloadsHead?: string;
}

/** Lines a scan's text report aims to stay within (a few screens); see end(). */
const REPORT_LINES = 360;
/** Root causes explained in a condensed report however long its table. */
const MIN_BLOCKS = 3;
const CONDENSED: BlockLimits = { evidence: 4, logs: 5, docs: 1 };

/** Owners with their pod counts (when more than one, and `counts`), the `cap` largest, then "+k more"; `short`: without their kind. */
function ownersText(owners: Map<string, number>, more: (n: number) => string, cap: number, short: boolean, counts = true): string {
  const list = [...owners.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const name = (o: string) => oneLine(short && o ? o.replace(/^[A-Za-z]+\//, '') : o || '-');
  const items = list.slice(0, cap).map(([o, k]) => (owners.size > 1 && counts ? `${name(o)} (${k})` : name(o)));
  return list.length > cap ? `${items.join(', ')}, ${more(list.length - cap)}` : items.join(', ');
}

export function renderText(pods: PodDiagnosis[], opts: TextOptions, notes?: ScanNotes): string {
  const w = new TextReportWriter(opts, notes);
  for (const p of pods) w.add(p);
  return w.end();
}
