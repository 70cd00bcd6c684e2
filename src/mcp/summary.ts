// The few lines a tool result opens with (its text content): what a model reads first, before
// the structured report. Made from the report itself, so the two never disagree.

import { objs, str, type JsonObject as Obj } from '../util/json.js';

/** At most this many pods are named; the rest are counted. */
const SHOWN = 10;

function podLine(p: Obj): string {
  const k = (p['kubectl'] ?? {}) as Obj;
  const who = p['name'] === null ? 'a pod the input does not name' : nameOf(p);
  const state = [str(k['status']), str(k['ready'])].filter((x) => x !== undefined && x !== null).join(' ');
  const root = objs(p['findings']).find((f) => f['role'] === 'root-cause');
  const hyp = objs(p['hypotheses'])[0];
  const verdict = str(p['verdict']);
  const why = root
    ? `${str(root['severity'])}: ${str(root['title'])} [${str(root['rule'])}]`
    : hyp
      ? `not proven; likely: ${str(hyp['title'])} (check: ${str(hyp['check']) ?? 'see hypotheses'})`
      : verdict === 'unknown'
        ? 'no problem found in what was given, which does not show its health (see input.missing)'
        : verdict === 'healthy'
          ? 'healthy'
          : 'no root cause found';
  const missing = objs(((p['input'] ?? {}) as Obj)['missing']).map((m) => str(m['fact'])).filter((x): x is string => x !== undefined);
  return `- ${who}${state ? ` (${state})` : ''}: ${why}${missing.length > 0 ? `; the input does not show: ${missing.join(', ')} (input.missing has the commands)` : ''}`;
}

const nameOf = (p: Obj) => [str(p['namespace']), str(p['name'])].filter((x) => x !== undefined).join('/') || '(unnamed)';

/** Many pods, as a scan reads best: grouped by root cause, the biggest group first, each naming a few of its pods. */
function grouped(pods: readonly Obj[]): string[] {
  const groups = new Map<string, { title: string; names: string[] }>();
  let healthy = 0;
  for (const p of pods) {
    if (p['healthy'] === true) {
      healthy++;
      continue;
    }
    const root = objs(p['findings']).find((f) => f['role'] === 'root-cause');
    const key = root ? String(root['rule']) : p['verdict'] === 'unknown' ? '(unknown: the input does not show their health)' : '(no root cause proven: see hypotheses)';
    const g = groups.get(key) ?? { title: root ? String(root['title']) : '', names: [] };
    g.names.push(nameOf(p));
    groups.set(key, g);
  }
  const out = [...groups.entries()]
    .sort((a, b) => b[1].names.length - a[1].names.length)
    .slice(0, SHOWN)
    .map(([key, g]) => `- ${key}${g.title ? `: ${g.title}` : ''} — ${g.names.length} pod(s): ${g.names.slice(0, 5).join(', ')}${g.names.length > 5 ? ', …' : ''}`);
  if (groups.size > SHOWN) out.push(`- … and ${groups.size - SHOWN} more root causes in the structured result`);
  if (healthy > 0) out.push(`- ${healthy} healthy pod(s)`);
  return out;
}

/** A pod report's summary: counts, then one line per pod (a few) or per root cause (many), then notes. */
export function reportSummary(report: Obj, notes: readonly string[]): string {
  const pods = objs(report['pods']);
  const s = (report['summary'] ?? {}) as Obj;
  const f = (s['findings'] ?? {}) as Obj;
  const lines = [`${String(s['pods'] ?? pods.length)} pod(s): ${String(s['healthy'] ?? 0)} healthy, ${String(s['unknown'] ?? 0)} unknown; findings: ${String(f['error'] ?? 0)} error, ${String(f['warning'] ?? 0)} warning, ${String(f['info'] ?? 0)} info.`];
  if (pods.length > 3) lines.push(...grouped(pods));
  else for (const p of pods) lines.push(podLine(p));
  for (const w of objs(report['workloads']).filter((x) => x['healthy'] !== true).slice(0, SHOWN)) {
    const rc = (w['rootCause'] ?? null) as Obj | null;
    lines.push(`- workload ${String(w['kind'])}/${String(w['name'])}: ${rc ? `${str(rc['title'])} [${str(rc['rule'])}]` : 'short of its desired pods'}`);
  }
  const t = report['truncated'] as Obj | undefined;
  if (t) lines.push(String(t['note']));
  lines.push(...notRead(s));
  for (const n of notes) lines.push(`note: ${n}`);
  return lines.join('\n');
}

/** What a live read could not read, as the report's summary lists it (findings that need it may be missing). */
function notRead(summary: Obj): string[] {
  const reads = objs(summary['unreadable']).map((u) => `${String(u['what'])} (${String(u['reason'])}${typeof u['pods'] === 'number' ? `, ${String(u['pods'])} pod(s)` : ''})`);
  const kinds = ((summary['workloads'] ?? {}) as Obj)['unreadable'];
  const lists = Array.isArray(kinds) ? kinds.map(String) : [];
  return [
    ...(reads.length > 0 ? [`could not read: ${reads.join(', ')} — findings that need them may be missing`] : []),
    ...(lists.length > 0 ? [`could not list: ${lists.join(', ')} — workloads of those kinds were not checked`] : []),
  ];
}

/** A workload report's summary: the workload's state and root cause, then its unhealthy pods. */
export function workloadSummaryText(report: Obj): string {
  const w = objs(report['workloads'])[0] ?? {};
  const r = (w['replicas'] ?? {}) as Obj;
  const rc = (w['rootCause'] ?? null) as Obj | null;
  const lines = [
    `${String(w['kind'])}/${String(w['name'])}${str(w['namespace']) ? ` in ${String(w['namespace'])}` : ''}: ${w['healthy'] === true ? 'healthy' : 'not healthy'}; replicas desired ${String(r['desired'] ?? '?')}, ready ${String(r['ready'] ?? '?')}, available ${String(r['available'] ?? '?')}.`,
  ];
  if (rc) lines.push(`root cause: ${str(rc['title'])} [${str(rc['rule'])}]`);
  const own = Array.isArray(w['unreadable']) ? w['unreadable'].map(String) : [];
  if (own.length > 0) lines.push(`could not read: ${own.join(', ')} — findings that need them may be missing`);
  lines.push(...notRead((report['summary'] ?? {}) as Obj));
  for (const p of objs(report['pods']).filter((x) => x['healthy'] !== true).slice(0, SHOWN)) lines.push(podLine(p));
  return lines.join('\n');
}
