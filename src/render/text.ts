// -o text: what a person reads in a terminal or a CI log. Per pod: kubectl's own columns, the
// lifecycle line, the root cause with its explanation, evidence, numbered remedies and the next
// commands, then symptoms in brief. Many pods: a summary table grouped by root cause first.
// No data fetching here; every string from the input is stripped of control characters.

import { Chalk, type ChalkInstance } from 'chalk';
import Table from 'cli-table3';
import type { Finding, PodDiagnosis } from '../engine/types.js';
import { UI, type UiText } from '../i18n/ui.js';
import type { Lang } from '../rules/types.js';
import { oneLine, stripControls } from '../util/sanitize.js';
import { fit, padEnd, width, wrap } from './layout.js';
import { compactDuration } from '../i18n/timeline.js';
import { formatTime } from '../util/json.js';

export interface TextOptions {
  color: boolean;
  lang: Lang;
  /** Show healthy pods' details in multi-pod output too. */
  all: boolean;
  /** Terminal width; text wraps at min(cols, 100). */
  cols?: number;
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
  cols: number;
  opts: TextOptions;
}

function sevColor(ctx: Ctx, sev: Finding['severity']): (s: string) => string {
  return sev === 'error' ? ctx.c.red.bold : sev === 'warning' ? ctx.c.yellow.bold : ctx.c.cyan;
}

function subjectLabel(ctx: Ctx, f: Finding, p?: PodDiagnosis): string {
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
  const meta = [`${ui.namespace} ${oneLine(p.namespace)}`];
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
  const lines = [c.bold(oneLine(p.name)), ...metaLines.map((l) => c.dim(l))];
  const table = kubectlTable([
    ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'],
    [oneLine(p.name), p.kubectl.ready, oneLine(p.kubectl.status), p.kubectl.restarts, p.kubectl.age],
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
  const where = p.healthy ? c.green(stage) : c.bold(`${ui.stuckAt}: ${stage}`);
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

function findingBlock(ctx: Ctx, f: Finding, heading: string, p?: PodDiagnosis): string[] {
  const { c, ui, cols } = ctx;
  const color = sevColor(ctx, f.severity);
  const subject = subjectLabel(ctx, f, p);
  const out: string[] = [];
  out.push(`${color(`${heading}`)}  ${c.bold(f.rule)} ${color(`[${f.severity}]`)}${subject ? c.dim(`  ${subject}`) : ''}`);
  out.push(...wrap(stripControls(f.title), cols, '  ').map((l) => c.bold(l)));
  out.push(...wrap(stripControls(f.explanation), cols, '  '));
  if (f.evidence.length > 0) {
    out.push('', `  ${c.underline(ui.evidence)}`);
    for (const e of f.evidence) {
      const value = evidenceText(e.value);
      const short = value.length > 500 ? `${value.slice(0, 300).trimEnd()} … ${value.slice(-199).trimStart()}` : value;
      // a fact the status did not give, read off an event: say so (the event itself follows)
      const inferred = e.source === 'event' && !e.path.startsWith('events[') ? ` ${c.dim(ui.fromEvents)}` : '';
      const text = `${c.dim(`${oneLine(e.path)}:`)} ${stripControls(short)}${inferred}`;
      out.push(...wrap(text, cols, '      ', '    • '));
    }
  }
  if (f.remedies.length > 0) {
    out.push('', `  ${c.underline(ui.whatToDo)}`);
    f.remedies.forEach((r, i) => {
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
    for (const l of logs.lines.slice(-LOG_LINES_SHOWN)) out.push(...wrap(oneLine(l), ctx.cols, '    │   ', '    │ ').map((x) => c.dim(x)));
  }
  return out;
}

const LOG_LINES_SHOWN = 12;

function symptomLine(ctx: Ctx, f: Finding, p?: PodDiagnosis): string[] {
  const { c, ui, cols } = ctx;
  const subject = subjectLabel(ctx, f, p);
  const by = f.supersededBy ? c.dim(` (${ui.supersededBy} ${f.supersededBy})`) : '';
  const head = `${sevColor(ctx, f.severity)('•')} ${f.rule}${subject ? c.dim(` [${subject}]`) : ''}: ${oneLine(f.title)}`;
  return wrap(head, cols, '    ', '  ').map((l, i, all) => (i === all.length - 1 ? l + by : l));
}

/** The timeline as a compact aligned list: time, stage, what happened. */
export function timelineLines(ctx: Pick<Ctx, 'c' | 'ui' | 'cols'>, p: PodDiagnosis, absolute: boolean): string[] {
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
    const text = stripControls(r.e.detail);
    const lines = wrap(text, ctx.cols, ' '.repeat(width(lead)), lead);
    const color = r.e.event === 'stuck' ? c.red.bold : r.e.event === 'ready' || r.e.event === 'completed' ? c.green : (s: string) => s;
    out.push(...lines.map((l, i) => (i === 0 ? c.dim(l.slice(0, lead.length)) + color(l.slice(lead.length)) : l)));
  }
  return out;
}

function podDetails(ctx: Ctx, p: PodDiagnosis): string[] {
  const { c, ui } = ctx;
  const out = [...header(ctx, p), '', lifecycleLine(ctx, p)];
  if (ctx.opts.timeline) out.push('', ...timelineLines(ctx, p, ctx.opts.absoluteTime === true));
  const roots = p.findings.filter((f) => f.role === 'root-cause');
  const symptoms = p.findings.filter((f) => f.role === 'symptom');
  if (roots.length === 0 && p.findings.length === 0) {
    out.push('', c.green(`✓ ${ui.healthy}: ${ui.healthyDetail}`));
  }
  roots.forEach((f, i) => {
    out.push('');
    const heading = f.severity === 'info' ? ui.otherFindings.toUpperCase() : roots.length > 1 ? `${ui.rootCause} ${i + 1}/${roots.length}` : ui.rootCause;
    out.push(...findingBlock(ctx, f, heading, p));
  });
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
  const unreadable = p.facts.gaps.filter((g) => !['events', 'spec', 'status'].includes(g));
  for (const u of unreadable) out.push(...wrap(`${ui.unreadable}: ${oneLine(u)}`, ctx.cols, '    ', '').map((l) => c.yellow(l)));
  for (const o of p.facts.oddities) out.push(...wrap(`${ui.oddity}: ${oneLine(o)}`, ctx.cols, '    ', '').map((l) => c.yellow(l)));
  // Read from kubectl describe or table text: what that text does not say, and where to see it.
  for (const m of p.source?.missing ?? []) {
    out.push(...wrap(`${ui.notInText}: ${oneLine(ui.missingFact(m.fact, m.subjects ?? []))} — ${ui.notInTextRun}: ${oneLine(m.command)}`, ctx.cols, '    ', '').map((l) => c.yellow(l)));
  }
  return out;
}

type Groups = Map<string, { rule: string; title: string; owner: string; pods: string[] }>;

/** Group an unhealthy pod by root-cause rule and owner: "3 pods of ReplicaSet/web: crashloop-oomkilled". */
function addToGroups(groups: Groups, p: PodDiagnosis): void {
  const root = p.findings.find((f) => f.role === 'root-cause');
  const rule = root?.rule ?? '-';
  const chain = p.facts.pod.ownerChain;
  const owner = chain.length > 0 ? (chain[chain.length - 1] as string) : p.owner ? `${p.owner.kind}/${p.owner.name}` : '';
  const key = `${rule}\u0000${owner}`;
  const g = groups.get(key) ?? { rule, title: root ? oneLine(root.title) : '', owner, pods: [] };
  g.pods.push(p.name);
  groups.set(key, g);
}

function summaryTable(ctx: Ctx, total: number, unhealthy: number, groups: Groups): string[] {
  const { c, ui } = ctx;
  const out = [c.bold(ui.podsSummary(total, unhealthy))];
  if (unhealthy === 0) return out;
  const sorted = [...groups.values()].sort((a, b) => b.pods.length - a.pods.length || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0) || (a.owner < b.owner ? -1 : 1));
  const table = new Table({
    head: [ui.tableRootCause, ui.tablePods, ui.owner, ui.tableExamples],
    style: { head: ctx.opts.color ? ['bold'] : [], border: ctx.opts.color ? ['grey'] : [], compact: true },
    wordWrap: true,
    colWidths: [30, 6, 20, 20],
  });
  const MAX_ROWS = 25;
  // Cells are cut to their column here: cli-table3's own truncation measures the text again for
  // every character it drops, which made this 25-row table cost more than the rest of a report.
  for (const g of sorted.slice(0, MAX_ROWS)) {
    const names = g.pods.slice(0, 2).map((n, i, a) => fit(`${oneLine(n)}${i < a.length - 1 || g.pods.length > 2 ? ',' : ''}`, 18));
    if (g.pods.length > 2) names.push('…');
    // as many on a line as fit, like the word wrapping of the other cells
    const cell: string[] = [];
    for (const n of names) {
      const last = cell.length - 1;
      if (last >= 0 && width(cell[last] as string) + 1 + width(n) <= 18) cell[last] += ` ${n}`;
      else cell.push(n);
    }
    table.push([`${g.rule}\n${c.dim(g.title)}`, String(g.pods.length), fit(oneLine(g.owner), 18) || '-', cell.join('\n')]);
  }
  out.push(table.toString());
  if (sorted.length > MAX_ROWS) out.push(c.dim(ui.moreGroups(sorted.length - MAX_ROWS)));
  return out;
}

export function renderText(pods: PodDiagnosis[], opts: TextOptions): string {
  const w = new TextReportWriter(opts);
  for (const p of pods) w.add(p);
  return w.end();
}

/**
 * renderText, fed one diagnosis at a time: each pod's details are rendered as it comes and only
 * what the summary table needs is kept, so a big report does not hold every diagnosis.
 */
export class TextReportWriter {
  private readonly ctx: Ctx;
  private count = 0;
  private unhealthy = 0;
  /** The first pod, kept until a second one says this is a multi-pod report. */
  private first: PodDiagnosis | undefined;
  private readonly groups: Groups = new Map();
  private readonly details: string[] = [];

  constructor(opts: TextOptions) {
    this.ctx = {
      c: new Chalk({ level: opts.color ? 1 : 0 }),
      ui: UI[opts.lang],
      cols: Math.min(Math.max(opts.cols ?? 80, 40), 100),
      opts,
    };
  }

  add(p: PodDiagnosis): void {
    if (++this.count === 1) {
      this.first = p;
      return;
    }
    if (this.first) {
      this.take(this.first);
      this.first = undefined;
    }
    this.take(p);
  }

  private take(p: PodDiagnosis): void {
    if (!p.healthy) {
      this.unhealthy++;
      addToGroups(this.groups, p);
    }
    if (this.ctx.opts.all || !p.healthy) {
      this.details.push(['', this.ctx.c.dim('─'.repeat(Math.min(this.ctx.cols, 80))), ...podDetails(this.ctx, p)].join('\n'));
    }
  }

  end(): string {
    const lines = this.count === 1 && this.first ? podDetails(this.ctx, this.first) : [...summaryTable(this.ctx, this.count, this.unhealthy, this.groups), ...this.details];
    return `${lines.join('\n')}\n`;
  }
}
