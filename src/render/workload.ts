// A workload's block, printed before its pods: its counts, conditions, rollout, the controller's
// events, then its root cause (the controller's failure, or its pods' most common one, with
// counts) and its other findings in brief. Also the JSON `workloads` entry.

import { Chalk } from 'chalk';
import type { WorkloadDiagnosis } from '../engine/workload.js';
import type { Finding } from '../engine/types.js';
import type { Lang } from '../model/vocabulary.js';
import { oneLine, stripControls } from '../util/sanitize.js';
import { wrap } from './layout.js';
import { isObject, type JsonObject } from '../util/json.js';
import type { Words } from './words.js';

export const WORDS = {
  en: {
    ready: 'ready',
    upToDate: 'up-to-date',
    available: 'available',
    revision: 'revision',
    conditions: 'Conditions',
    rollout: 'Rollout',
    newRs: 'new',
    oldRs: 'old',
    none: 'none',
    events: 'Controller events',
    rootCause: 'ROOT CAUSE',
    fromPods: (n: number, of: number) => `${n} of ${of} pod${of === 1 ? '' : 's'}`,
    alsoSeen: 'Also',
    pods: 'Pods',
    noPods: 'none: the controller has not created any',
    absent: {
      'scaled-to-zero': 'none: scaled to zero (nothing to run)',
      suspended: 'none: suspended',
      'job-finished': 'none left: the Job finished and its pods were deleted since',
      'job-pods-deleted': 'none now: the Job ran pods and is not finished; they were deleted, and the Job controller creates the next (after its back-off delay when pods failed)',
      'not-scheduled': 'none: no Job of it is running',
      'none-created': 'none: the controller has not created any',
    } as Record<string, string>,
    paused: 'paused',
    logsCapped: (read: number, want: number) => `Logs: read for ${read} of the ${want} pods whose previous run ended abnormally (a few of each root cause)`,
    logsNotRead: (n: number, why: string) => `Logs: not read for ${n} pod${n === 1 ? '' : 's'} (${why})`,
    unread: 'unknown: they could not be read',
    waiting: (rs: string) => `the current template has no ReplicaSet yet (paused: waits for kubectl rollout resume); running ${rs}`,
    noMatch: (rs: string) => `the current template has no ReplicaSet yet; latest ${rs}`,
    evidence: 'Evidence',
    whatToDo: 'What to do',
    next: 'Next',
    healthy: 'healthy: nothing to explain',
    job: (a: number, s: number, f: number) => `${a} active, ${s} succeeded, ${f} failed`,
    cron: 'Schedule',
    suspended: 'suspended',
    lastRun: 'last scheduled',
    ago: 'ago',
  },
  ko: {
    ready: '준비',
    upToDate: '최신',
    available: '사용 가능',
    revision: '리비전',
    conditions: '상태 조건',
    rollout: '롤아웃',
    newRs: '새',
    oldRs: '이전',
    none: '없음',
    events: '컨트롤러 이벤트',
    rootCause: '근본 원인',
    fromPods: (n: number, of: number) => `파드 ${of}개 중 ${n}개`,
    alsoSeen: '함께 보인 것',
    pods: '파드',
    noPods: '없음: 컨트롤러가 아직 하나도 만들지 못했습니다',
    absent: {
      'scaled-to-zero': '없음: 레플리카가 0으로 조정됨(실행할 것이 없음)',
      suspended: '없음: 일시 중지됨',
      'job-finished': '남은 것 없음: Job이 끝난 뒤 파드가 삭제됨',
      'job-pods-deleted': '지금은 없음: Job이 파드를 실행했지만 끝나지 않았고 그 파드가 삭제됨. Job 컨트롤러가 다음 파드를 만듭니다(실패한 파드가 있으면 백오프 대기 후)',
      'not-scheduled': '없음: 실행 중인 Job이 없음',
      'none-created': '없음: 컨트롤러가 아직 하나도 만들지 못했습니다',
    } as Record<string, string>,
    paused: '일시 중지',
    logsCapped: (read: number, want: number) => `로그: 이전 실행이 비정상 종료된 파드 ${want}개 중 ${read}개의 로그를 읽음(근본 원인마다 몇 개씩)`,
    logsNotRead: (n: number, why: string) => `로그: 파드 ${n}개는 읽지 못함 (${why})`,
    unread: '알 수 없음: 읽지 못했습니다',
    waiting: (rs: string) => `현재 템플릿의 ReplicaSet이 아직 없음(일시 중지: kubectl rollout resume을 기다림). 실행 중: ${rs}`,
    noMatch: (rs: string) => `현재 템플릿의 ReplicaSet이 아직 없음. 최근: ${rs}`,
    evidence: '근거',
    whatToDo: '조치',
    next: '다음 명령',
    healthy: '정상: 설명할 문제가 없습니다',
    job: (a: number, s: number, f: number) => `실행 중 ${a}, 성공 ${s}, 실패 ${f}`,
    cron: '일정',
    suspended: '일시 중지',
    lastRun: '마지막 예약',
    ago: '전',
  },
} as const;

const n = (v: unknown) => (typeof v === 'number' ? v : 0);

function ago(s: unknown): string {
  if (typeof s !== 'number') return '?';
  if (s < 120) return `${s}s`;
  if (s < 7200) return `${Math.floor(s / 60)}m`;
  if (s < 172800) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86400)}d`;
}

function value(v: unknown): string {
  if (Array.isArray(v)) return v.map(value).join(', ');
  return String(v);
}

/** Live: whose previous logs were read (fetch.ts readScanLogs). */
export interface WorkloadLogStats {
  read: number;
  wanted: number;
  notRead?: { pods: number; why: string };
}

export function renderWorkloadText(d: WorkloadDiagnosis, opts: { color: boolean; words: Words; cols?: number; logs?: WorkloadLogStats }): string {
  const c = new Chalk({ level: opts.color ? 1 : 0 });
  const words = opts.words;
  const w = WORDS[words.lang] ?? WORDS.en;
  const cols = Math.min(opts.cols ?? 100, 100);
  const f = d.facts;
  const out: string[] = [];
  // headline: kubectl's columns in words
  let counts = '';
  if (d.kind === 'Job') {
    const j = (f['job'] ?? {}) as JsonObject;
    counts = w.job(n(j['active']), n(j['succeeded']), n(j['failed']));
  } else if (d.kind === 'CronJob') {
    const cr = (f['cron'] ?? {}) as JsonObject;
    counts = `${w.cron} ${oneLine(String(cr['schedule'] ?? '?'))}${f['suspended'] === true ? ` (${w.suspended})` : ''}${cr['lastScheduleSecondsAgo'] !== undefined ? ` · ${w.lastRun} ${ago(cr['lastScheduleSecondsAgo'])} ${w.ago}` : ''}`;
  } else {
    counts = `${n(f['ready'])}/${n(f['desired'])} ${w.ready}`;
    if (f['updated'] !== undefined) counts += ` · ${n(f['updated'])} ${w.upToDate}`;
    if (f['available'] !== undefined) counts += ` · ${n(f['available'])} ${w.available}`;
  }
  const rollout = isObject(f['rollout']) ? (f['rollout'] as JsonObject) : undefined;
  if (rollout?.['revision'] !== undefined) counts += ` · ${w.revision} ${oneLine(String(rollout['revision']))}`;
  out.push(`${c.bold(oneLine(d.ref))} ${c.dim(`(${oneLine(d.namespace)})`)}  ${counts}`);
  const conds = isObject(f['conditions']) ? Object.entries(f['conditions'] as JsonObject) : [];
  if (conds.length > 0) {
    const text = conds.map(([t, v]) => `${t}=${String((v as JsonObject)['status'] ?? '?')}${(v as JsonObject)['reason'] ? ` (${String((v as JsonObject)['reason'])})` : ''}`).join(', ');
    out.push(...wrap(stripControls(`${w.conditions}: ${text}`), cols, '    ', '  '));
  }
  if (rollout) {
    const old = (rollout['oldReplicaSets'] as string[] | undefined) ?? [];
    const oldText = `${w.oldRs} ${old.length > 0 ? `${old.map(oneLine).join(', ')} (${n(rollout['oldReplicas'])})` : w.none}`;
    // never call "new" a ReplicaSet whose template is not the Deployment's
    const latest = `${oneLine(String(rollout['latestReplicaSet'] ?? w.none))}${rollout['latestRevision'] !== undefined ? ` (${w.revision} ${oneLine(String(rollout['latestRevision']))})` : ''}`;
    const text =
      rollout['pendingTemplate'] === true
        ? `${w.rollout}${f['paused'] === true ? ` (${w.paused})` : ''}: ${f['paused'] === true ? w.waiting(latest) : w.noMatch(latest)}`
        : `${w.rollout}${f['paused'] === true ? ` (${w.paused})` : ''}: ${w.newRs} ${oneLine(String(rollout['newReplicaSet'] ?? w.none))} (${n(rollout['newReady'])}/${n(rollout['newReplicas'])} ${w.ready}), ${oldText}`;
    out.push(...wrap(text, cols, '    ', '  '));
  }
  const events = Array.isArray(f['events']) ? (f['events'] as JsonObject[]) : [];
  const shown = events.filter((e) => e['type'] === 'Warning').slice(0, 3);
  if (shown.length > 0) {
    out.push(`  ${c.underline(w.events)}`);
    for (const e of shown) {
      const msg = oneLine(String(e['message'] ?? ''));
      const short = msg.length > 300 ? `${msg.slice(0, 297)}…` : msg;
      out.push(...wrap(stripControls(`${String(e['object'] ?? '')} ${String(e['reason'] ?? '')} ×${n(e['count'])} (${ago(e['lastSeenSecondsAgo'])}): ${short}`), cols, '      ', '    • '));
    }
  }
  out.push('');
  const root = d.rootCause;
  const rootFinding = root?.from === 'controller' ? d.findings.find((x) => x.rule === root.rule) : undefined;
  if (root) {
    const tag = root.from === 'pods' && root.count !== undefined && root.of !== undefined ? c.dim(`  ${w.fromPods(root.count, root.of)}`) : '';
    const sev = rootFinding?.severity ?? d.groups[0]?.severity ?? 'error';
    const color = sev === 'error' ? c.red.bold : sev === 'warning' ? c.yellow.bold : c.cyan;
    out.push(`${color(w.rootCause)}  ${c.bold(root.rule)} ${color(`[${sev}]`)}${tag}`);
    out.push(...wrap(stripControls(words.title(root.finding)), cols, '  ').map((l) => c.bold(l)));
    if (rootFinding) out.push(...findingBody(rootFinding, words, w, cols, c));
  } else if (d.healthy) out.push(c.green(`${w.healthy}`));
  const others = d.findings.filter((x) => x !== rootFinding);
  if (others.length > 0) {
    out.push('', `  ${c.underline(w.alsoSeen)}`);
    for (const x of others) {
      const t = words.finding(x);
      out.push(...wrap(stripControls(`${x.rule}: ${t.title}`), cols, '      ', '    • '));
      // a finding the pods' cause led to (a timed-out rollout, a failed Job) still explains itself
      if (root?.from === 'pods') out.push(...wrap(stripControls(t.explanation), cols, '      ').map((l) => c.dim(l)));
    }
  }
  const absent = typeof f['podsAbsent'] === 'string' ? f['podsAbsent'] : undefined;
  out.push('', `${c.bold(w.pods)}: ${d.pods.length === 0 ? (absent !== undefined ? (w.absent[absent] ?? w.noPods) : w.unread) : String(d.pods.length)}`);
  for (const g of d.groups) {
    const label = g.rule ? `${g.rule}: ${g.finding ? words.title(g.finding) : ''}` : d.kind === 'Job' || d.kind === 'CronJob' ? '—' : w.healthy.split(':')[0];
    const names = g.pods.slice(0, 5).join(', ') + (g.pods.length > 5 ? `, … (+${g.pods.length - 5})` : '');
    out.push(...wrap(stripControls(`${g.pods.length} × ${label} — ${names}`), cols, '      ', '    '));
  }
  // said only when not every pod that needed its logs got them read
  const logs = opts.logs;
  if (logs && logs.read < logs.wanted) out.push(...wrap(w.logsCapped(logs.read, logs.wanted), cols, '    ', '  ').map((l) => c.dim(l)));
  if (logs?.notRead && logs.notRead.pods > 0) out.push(...wrap(stripControls(w.logsNotRead(logs.notRead.pods, logs.notRead.why)), cols, '    ', '  ').map((l) => c.yellow(l)));
  return `${out.join('\n')}\n`;
}

export function findingBody(f: Finding, words: Words, w: (typeof WORDS)[Lang], cols: number, c: InstanceType<typeof Chalk>): string[] {
  const t = words.finding(f);
  const out: string[] = [];
  out.push(...wrap(stripControls(t.explanation), cols, '  '));
  if (t.evidence.length > 0) {
    out.push('', `  ${c.underline(w.evidence)}`);
    for (const e of t.evidence) {
      const v = value(e.value);
      const short = v.length > 500 ? `${v.slice(0, 300).trimEnd()} … ${v.slice(-199).trimStart()}` : v;
      out.push(...wrap(stripControls(`${c.dim(`${oneLine(e.path)}:`)} ${short}`), cols, '      ', '    • '));
    }
  }
  if (t.remedies.length > 0) {
    out.push('', `  ${c.underline(w.whatToDo)}`);
    t.remedies.forEach((r, i) => out.push(...wrap(stripControls(r), cols, ' '.repeat(4 + `${i + 1}. `.length), `    ${i + 1}. `)));
  }
  if (f.commands.length > 0) {
    out.push('', `  ${c.underline(w.next)}`);
    for (const cmd of f.commands) out.push(c.cyan(`    $ ${oneLine(cmd)}`));
  }
  return out;
}

/** The JSON entry of `workloads` (schemaVersion 1: an addition), its words in the language of `words`. */
export function workloadObject(d: WorkloadDiagnosis, words: Words) {
  const f = d.facts;
  const num = (k: string) => (typeof f[k] === 'number' ? f[k] : null);
  return {
    kind: d.kind,
    namespace: d.namespace,
    name: d.name,
    ref: d.ref,
    healthy: d.healthy,
    replicas: { desired: num('desired'), current: num('current'), ready: num('ready'), updated: num('updated'), available: num('available') },
    conditions: f['conditions'] ?? {},
    rollout: f['rollout'] ?? null,
    job: f['job'] ?? null,
    cron: f['cron'] ?? null,
    events: f['events'] ?? [],
    podsAbsent: f['podsAbsent'] ?? null,
    rootCause: d.rootCause ? { from: d.rootCause.from, rule: d.rootCause.rule, title: words.title(d.rootCause.finding), pods: d.rootCause.count ?? null, of: d.rootCause.of ?? null } : null,
    findings: d.findings.map((x) => {
      const t = words.finding(x);
      return {
      rule: x.rule,
      severity: x.severity,
      role: x.role,
      stage: x.stage,
      title: t.title,
      explanation: t.explanation,
      remedies: t.remedies,
      commands: x.commands,
      evidence: t.evidence.map((e) => ({ path: e.path, value: e.value })),
      docs: x.docs,
      supersededBy: x.supersededBy ?? null,
      };
    }),
    podGroups: d.groups.map((g) => ({ rule: g.rule, title: (g.finding ? words.title(g.finding) : '') || null, pods: g.pods })),
    unreadable: f['unreadable'] ?? [],
  };
}
