// A scan's workloads in text, printed before its pods: the workloads not as desired, grouped by
// root cause like the pods are. A group whose cause is the controller's (quota, Pod Security, a
// Job's back-off limit…) is explained in full under it; a group whose cause is its pods' names it
// and leaves the explanation to the pods' report that follows.

import { Chalk } from 'chalk';
import type { WorkloadDiagnosis } from '../engine/workload.js';
import { oneLine, stripControls } from '../util/sanitize.js';
import { isObject, type JsonObject } from '../util/json.js';
import { width as textWidth, wrap } from './layout.js';
import { findingBody, WORDS as WORKLOAD_WORDS } from './workload.js';
import type { Words } from './words.js';

const WORDS = {
  en: {
    head: (bad: number, read: number) => `Workloads: ${bad} not as desired${read > 0 ? ` (of ${read} read)` : ''}`,
    causes: (n: number) => ` · ${n} root cause${n === 1 ? '' : 's'}`,
    group: (n: number) => `${n} workload${n === 1 ? '' : 's'}`,
    byPods: 'Short because of their pods (explained with the pods below):',
    noCause: 'no root cause found',
    more: (n: number) => `+${n} more`,
    unreadable: (what: string) => `not read: ${what} — workloads of that kind were not checked`,
  },
  ko: {
    head: (bad: number, read: number) => `워크로드: ${read > 0 ? `읽은 ${read}개 중 ` : ''}${bad}개가 원하는 상태가 아닙니다`,
    causes: (n: number) => ` · 근본 원인 ${n}가지`,
    group: (n: number) => `워크로드 ${n}개`,
    byPods: '파드 때문에 모자란 워크로드 (원인은 아래 파드 보고에서 설명):',
    noCause: '근본 원인을 찾지 못함',
    more: (n: number) => `외 ${n}개`,
    unreadable: (what: string) => `읽지 못함: ${what} — 이 종류의 워크로드는 확인하지 못했습니다`,
  },
} as const;

const MAX_LISTED = 20;
/** Workloads named on a group's line when their pods explain them. */
const MAX_INLINE = 4;
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** kubectl's READY-like count of a workload, in words: "2/3 ready", a Job's "0/1 succeeded", a CronJob's state. */
export function workloadCounts(d: WorkloadDiagnosis, lang: 'en' | 'ko'): string {
  const w = WORKLOAD_WORDS[lang];
  const f = d.facts;
  if (d.kind === 'Job') {
    const j = (isObject(f['job']) ? f['job'] : {}) as JsonObject;
    return w.job(num(j['active']) ?? 0, num(j['succeeded']) ?? 0, num(j['failed']) ?? 0);
  }
  if (d.kind === 'CronJob') return f['suspended'] === true ? w.suspended : `${w.cron} ${oneLine(String((f['cron'] as JsonObject | undefined)?.['schedule'] ?? '?'))}`;
  return `${num(f['ready']) ?? 0}/${num(f['desired']) ?? 0} ${w.ready}`;
}

interface Group {
  rule: string | null;
  from: 'controller' | 'pods' | null;
  items: WorkloadDiagnosis[];
}

/** Group workloads by root cause: the controller's causes first, then the pods', biggest first. */
export function groupWorkloads(ds: readonly WorkloadDiagnosis[]): Group[] {
  const by = new Map<string, Group>();
  for (const d of ds) {
    const key = d.rootCause ? `${d.rootCause.from}\u0000${d.rootCause.rule}` : '';
    let g = by.get(key);
    if (!g) by.set(key, (g = { rule: d.rootCause?.rule ?? null, from: d.rootCause?.from ?? null, items: [] }));
    g.items.push(d);
  }
  const rank = (g: Group) => (g.from === 'controller' ? 0 : g.from === 'pods' ? 1 : 2);
  return [...by.values()].sort((a, b) => rank(a) - rank(b) || b.items.length - a.items.length || (a.rule ?? '').localeCompare(b.rule ?? ''));
}

export interface WorkloadScanText {
  color: boolean;
  words: Words;
  cols?: number;
  /** How many workloads were read (0: not known). */
  read: number;
  /** Kinds that could not be read ("deployments (forbidden)"). */
  unreadable?: string[];
  /** Show the namespace after each workload (several namespaces). */
  namespaces: boolean;
}

/** The workloads' headline: "Workloads: 3 not as desired (of 12 read) · 2 root causes". */
export function workloadHead(ds: readonly WorkloadDiagnosis[], opts: Pick<WorkloadScanText, 'words' | 'read'>): string {
  const t = WORDS[opts.words.lang === 'ko' ? 'ko' : 'en'];
  const causes = groupWorkloads(ds).filter((g) => g.rule !== null).length;
  return `${t.head(ds.length, opts.read)}${causes > 0 ? t.causes(causes) : ''}`;
}

export function renderWorkloadScan(ds: readonly WorkloadDiagnosis[], opts: WorkloadScanText): string {
  const c = new Chalk({ level: opts.color ? 1 : 0 });
  const lang = opts.words.lang === 'ko' ? 'ko' : 'en';
  const t = WORDS[lang];
  const cols = Math.min(opts.cols ?? 100, 100);
  const out: string[] = [];
  const groups = groupWorkloads(ds);
  const label = (d: WorkloadDiagnosis) => `${oneLine(d.ref)}${opts.namespaces ? ` (${oneLine(d.namespace)})` : ''}`;
  /** Ready of desired, or a Job's or CronJob's state in brief. */
  const shortCounts = (d: WorkloadDiagnosis) => (d.kind === 'Job' || d.kind === 'CronJob' ? workloadCounts(d, lang) : `${num(d.facts['ready']) ?? 0}/${num(d.facts['desired']) ?? 0}`);
  out.push(c.bold(workloadHead(ds, opts)));
  for (const u of opts.unreadable ?? []) out.push(...wrap(stripControls(t.unreadable(u)), cols, '    ', '  ').map((l) => c.yellow(l)));
  // the controllers' own failures first, each explained in full: no pod shows them
  for (const g of groups.filter((x) => x.from === 'controller')) {
    out.push('');
    const first = g.items[0] as WorkloadDiagnosis;
    const own = first.findings.find((f) => f.rule === g.rule) ?? first.rootCause?.finding;
    const sev = own?.severity ?? 'warning';
    const color = sev === 'error' ? c.red.bold : sev === 'warning' ? c.yellow.bold : c.cyan;
    out.push(`${color(g.rule ?? '')} ${color(`[${sev}]`)} · ${t.group(g.items.length)}`);
    if (own) out.push(...wrap(stripControls(opts.words.title(own)), cols, '  ').map((l) => c.bold(l)));
    for (const d of g.items.slice(0, MAX_LISTED)) out.push(...wrap(stripControls(`${label(d)}  ${workloadCounts(d, lang)}`), cols, '      ', '    '));
    if (g.items.length > MAX_LISTED) out.push(`    ${t.more(g.items.length - MAX_LISTED)}`);
    if (own) out.push(...findingBody(own, opts.words, WORKLOAD_WORDS[lang], cols, c));
  }
  // the rest, one line each: their pods' root causes are explained with the pods below
  const rest = groups.filter((x) => x.from !== 'controller');
  if (rest.length > 0) {
    out.push('', c.bold(t.byPods));
    const width = Math.max(...rest.map((g) => (g.rule ?? t.noCause).length));
    // One line each: as many workloads as fit, then "+N more". Narrower, in one form for every
    // line, the first that lets nine lines in ten fit: without the ready counts, without the
    // kind, without the group's count. A name is never cut: one too long makes its line wide.
    const lineFor = (g: Group, form: number): string => {
      const n = g.items.length;
      const more = (k: number) => (n > k ? `, ${t.more(n - k)}` : '');
      const name = (d: WorkloadDiagnosis) => stripControls(form === 0 ? `${label(d)} (${shortCounts(d)})` : form === 1 ? label(d) : opts.namespaces ? `${oneLine(d.name)} (${oneLine(d.namespace)})` : oneLine(d.name));
      const head = form === 3 ? '' : `${t.group(n)}: `;
      const names = g.items.slice(0, MAX_INLINE).map(name);
      let k = 1;
      const text = (j: number) => `${head}${names.slice(0, j).join(', ')}${more(j)}`;
      while (k < names.length && 4 + width + textWidth(text(k + 1)) <= cols) k++;
      return text(k);
    };
    let texts: string[] = [];
    for (let form = 0; form < 4; form++) {
      texts = rest.map((g) => lineFor(g, form));
      if (texts.filter((x) => 4 + width + textWidth(x) > cols).length <= Math.floor(rest.length / 10)) break;
    }
    for (const [i, g] of rest.entries()) {
      const sev = g.items[0]?.rootCause?.finding.severity ?? 'warning';
      const color = g.rule === null ? c.bold : sev === 'error' ? c.red : sev === 'warning' ? c.yellow : c.cyan;
      out.push(`  ${color((g.rule ?? t.noCause).padEnd(width))}  ${texts[i] as string}`);
    }
  }
  return `${out.join('\n')}\n`;
}
