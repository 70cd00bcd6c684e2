// `podwhy deploy/web`, `podwhy job migrate`, offline (-f) or live: the workload's block first,
// then its pods as the pod diagnosis prints them. -o json adds a `workloads` array beside `pods`.

import { loadRuleSet } from '../../api/config.js';
import { expandFiles } from '../../api/files.js';
import { unreadableLine } from '../../api/live.js';
import { damageLine } from '../../api/offline.js';
import { exitStatus } from '../../api/pods.js';
import { DEFAULT_MAX_BYTES, parseMaxBytes, readInputs, type ReadOptions } from '../../api/read.js';
import { diagnoseWorkload, watchRollout as followRollout, workloadLive, workloadJson, workloadOffline, workloadUnreadable, type WorkloadDiagnosis, type WorkloadRead, type WorkloadTarget } from '../../api/workload.js';
import { UsageError } from '../../model/errors.js';
import type { FailOn } from '../../model/vocabulary.js';
import { wordsFor } from '../../render/words.js';
import { formatTime } from '../../util/json.js';
import { oneLine } from '../../util/sanitize.js';
import { colorEnabled } from '../color.js';
import { interruptOf, type IO } from '../io.js';
import { chooseLang, clusterPlace, formatName, parseNow, type DiagnoseFlags } from '../options.js';

/** Exit status: 1 when the workload or one of its pods has a finding at or above --fail-on. */
function workloadStatus(d: WorkloadDiagnosis, failOn: FailOn): number {
  return exitStatus([...d.pods, { findings: d.findings }], failOn);
}

const ROLLOUT_END: Record<string, { en: string; ko: string }> = {
  complete: { en: 'the rollout is complete', ko: '롤아웃이 완료됨' },
  failed: { en: 'the rollout failed', ko: '롤아웃이 실패함' },
  deleted: { en: 'the workload was deleted', ko: '워크로드가 삭제됨' },
  interrupted: { en: 'stopped', ko: '중단됨' },
};

/**
 * -w on a workload: follow the rollout until it completes or fails (or Ctrl-C), one line per step
 * (the workload's state, a pod's new STATUS with its explanation), then the final diagnosis of
 * the workload as a one-shot run prints it.
 */
async function watchRollout(target: WorkloadTarget, flags: DiagnoseFlags, io: IO): Promise<number> {
  if (flags.file && flags.file.length > 0) throw new UsageError('--watch follows a workload in a cluster and cannot read files — drop -f');
  if (flags.output.kind !== 'text' && flags.output.kind !== 'json') throw new UsageError(`--watch prints text or JSON lines, not ${formatName(flags.output)} — use -o text or -o json`);
  const lang = chooseLang(flags.lang, io.env);
  const fixedNow = parseNow(flags.now);
  const clock = fixedNow !== undefined ? () => fixedNow : Date.now;
  const { rules } = loadRuleSet(io.cwd, flags);
  const words = wordsFor(rules, lang);
  const json = flags.output.kind === 'json';
  const { signal: interrupt, cleanup } = interruptOf(io);
  const when = (ms: number) => (flags.absoluteTime ? formatTime(ms) : new Date(ms).toTimeString().slice(0, 8));
  const self = `${target.kind.toLowerCase()}/${target.name}`;
  const place = clusterPlace(flags, io);
  let result;
  try {
    result = await followRollout(target, place, {
      rules,
      words,
      interrupt,
      clock,
      onStep: (s) => {
        if (json) {
          const body =
            s.kind === 'workload'
              ? { workload: self, state: s.line }
              : s.kind === 'event'
                ? { event: { object: s.object, type: 'Warning', reason: s.reason, message: s.message, count: s.count } }
                : { pod: s.name, change: s.change, status: s.view?.status ?? null, ready: s.view?.ready ?? null, explanation: s.view?.explanation ?? null };
          io.out(`${JSON.stringify({ type: 'step', at: formatTime(s.at), ...body })}\n`);
          return;
        }
        if (s.kind === 'workload') io.out(`${when(s.at)} ${oneLine(self)}  ${oneLine(s.line)}\n`);
        else if (s.kind === 'event') {
          const msg = oneLine(s.message);
          io.out(`${when(s.at)} ${oneLine(s.object)}  Warning ${oneLine(s.reason)}${s.count > 1 ? ` ×${s.count}` : ''}: ${msg.length > 300 ? `${msg.slice(0, 297)}…` : msg}\n`);
        }
        else if (s.change === 'deleted') io.out(`${when(s.at)} ${oneLine(s.name)}  ${lang === 'ko' ? '삭제됨' : 'deleted'}\n`);
        else {
          const v = s.view as { status: string; ready: string; explanation: string };
          const status = v.status === 'Running' ? `Running ${v.ready}` : oneLine(v.status);
          io.out(`${when(s.at)} ${oneLine(s.name)}  ${status}${v.explanation ? `: ${oneLine(v.explanation)}` : ''}\n`);
        }
      },
    });
  } finally {
    cleanup();
  }
  const end = ROLLOUT_END[result.end] ?? { en: result.end, ko: result.end };
  if (!json) io.out(`${lang === 'ko' ? '감시 끝' : 'watch ended'}: ${end[lang]}\n\n`);
  if (result.end === 'deleted') return 0;
  // the final diagnosis, as a one-shot run prints it (its namespace is the one the watch used);
  // with -o json it is the last line of the stream, as `podwhy <pod> -w -o json` ends
  const buf: string[] = [];
  const status = await runWorkload(target, { ...flags, watch: false, namespace: result.namespace }, json ? { ...io, out: (x: string) => void buf.push(x) } : io);
  if (json) io.out(`${JSON.stringify({ type: 'final', reason: result.end, ...(JSON.parse(buf.join('')) as object) })}\n`);
  return result.end === 'failed' && status === 0 && flags.failOn !== 'never' ? 1 : status;
}

export async function runWorkload(target: WorkloadTarget, flags: DiagnoseFlags, io: IO): Promise<number> {
  if (flags.watch) return watchRollout(target, flags, io);
  if (flags.allNamespaces) throw new UsageError('a workload cannot be read by name across all namespaces (-A) — give its namespace with -n');
  const lang = chooseLang(flags.lang, io.env);
  const now = parseNow(flags.now);
  const maxBytes = flags.maxBytes !== undefined ? parseMaxBytes(flags.maxBytes) : DEFAULT_MAX_BYTES;
  if (maxBytes === undefined) throw new UsageError(`--max-bytes "${flags.maxBytes}" is not a size — use e.g. 256Mi or 1000000`);
  const { rules } = loadRuleSet(io.cwd, flags);
  const read: ReadOptions = now !== undefined ? { now } : {};
  const files = expandFiles(flags.file ?? [], flags.recursive === true, io.cwd);
  let got: WorkloadRead;
  if (files.length > 0) {
    const inputs = await readInputs(files, io, maxBytes, read);
    got = workloadOffline(inputs, target, flags.namespace, (damaged, warnings) => {
      // the workload may be after the break
      for (const w of warnings) io.err(`podwhy: warning: ${oneLine(w)}\n`);
      for (const d of damaged) io.err(`podwhy: ${oneLine(damageLine(d))}\n`);
    });
    for (const w of got.warnings) io.err(`podwhy: warning: ${oneLine(w)}\n`);
  } else {
    got = await workloadLive(target, clusterPlace(flags, io), rules, { ...(now !== undefined ? { now } : {}), ...(flags.container !== undefined ? { container: flags.container } : {}) });
  }
  const { input, damaged, logs } = got;
  const d = diagnoseWorkload(input, rules, now !== undefined ? { now } : {}, flags.container);
  const words = wordsFor(rules, lang);
  if (flags.output.kind === 'json') {
    io.out(`${JSON.stringify(workloadJson(d, input, words), null, 2)}\n`);
  } else if (flags.output.kind === 'text') {
    const { renderWorkloadText } = await import('../../render/workload.js');
    const color = colorEnabled(flags.color, io);
    io.out(renderWorkloadText(d, { color, words, ...(io.columns ? { cols: io.columns } : {}), ...(logs ? { logs } : {}) }));
    const unhealthy = d.pods.filter((p) => !p.healthy);
    const shown = flags.all ? d.pods : unhealthy;
    if (shown.length > 0) {
      const { TextReportWriter } = await import('../../render/text.js');
      const report = new TextReportWriter({ color, words, all: flags.all === true, ...(io.columns ? { cols: io.columns } : {}), ...(flags.headers === false ? { noHeaders: true } : {}) });
      for (const p of shown) report.add(p);
      io.out(`\n${report.end()}`);
    }
  } else {
    throw new UsageError(`-o ${formatName(flags.output)} is not supported for a workload yet — use text or json`);
  }
  const unreadable = workloadUnreadable(input);
  if (input.unreadable && input.unreadable.length > 0) {
    io.err(`podwhy: warning: could not read ${input.unreadable.join(', ')} — findings that need them may be missing${flags.failOnUnreadable ? '; exit 3 (--fail-on-unreadable)' : ''}\n`);
    if (flags.failOnUnreadable) return 3;
  } else if (unreadable.length > 0) {
    io.err(`${unreadableLine(unreadable, d.pods.length, flags.failOnUnreadable === true)}\n`);
    if (flags.failOnUnreadable) return 3;
  }
  for (const dm of damaged) io.err(`podwhy: ${oneLine(damageLine(dm))}\n`);
  return damaged.length > 0 ? 2 : workloadStatus(d, flags.failOn);
}
