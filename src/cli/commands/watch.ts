// podwhy <pod> -w / podwhy -l app=web -w: print each transition of the pods as it happens, one
// line with its explanation, then the final diagnosis (with the timeline) when the pod settles or
// on Ctrl-C. -o json streams one JSON object per line. The cluster code is loaded only here.

import { loadRuleSet } from '../../api/config.js';
import { unreadableLine } from '../../api/live.js';
import { checkFilter, exitStatus } from '../../api/pods.js';
import { watchPods } from '../../api/watch.js';
import { UsageError } from '../../model/errors.js';
import { formatTime } from '../../util/json.js';
import { oneLine } from '../../util/sanitize.js';
import { interruptOf, type IO } from '../io.js';
import type { DiagnoseFlags } from '../options.js';
import { chooseLang, clusterTarget, parseNow, formatName } from '../options.js';
import { colorEnabled } from '../color.js';
import { wordsFor } from '../../render/words.js';

const END_TEXT: Record<string, { en: string; ko: string }> = {
  ready: { en: 'the pod is Ready', ko: '파드가 Ready 상태가 됨' },
  succeeded: { en: 'the pod Succeeded', ko: '파드가 Succeeded로 끝남' },
  failed: { en: 'the pod Failed', ko: '파드가 Failed로 끝남' },
  deleted: { en: 'the pod was deleted', ko: '파드가 삭제됨' },
  interrupted: { en: 'stopped', ko: '중단됨' },
};

export async function runWatch(pod: string | undefined, flags: DiagnoseFlags, io: IO): Promise<number> {
  if (flags.file && flags.file.length > 0) {
    throw new UsageError('--watch follows pods in a cluster and cannot read files — drop -f, or use --timeline to see where a saved pod\'s time went');
  }
  if (flags.output.kind !== 'text' && flags.output.kind !== 'json') throw new UsageError(`--watch prints text or JSON lines, not ${formatName(flags.output)} — use -o text or -o json`);
  const lang = chooseLang(flags.lang, io.env);
  const fixedNow = parseNow(flags.now);
  checkFilter({ ...(flags.selector !== undefined ? { selector: flags.selector } : {}) });
  const { rules } = loadRuleSet(io.cwd, flags);
  const words = wordsFor(rules, lang);
  const json = flags.output.kind === 'json';
  const clock = fixedNow !== undefined ? () => fixedNow : Date.now;
  const single = pod !== undefined;

  // Ctrl-C ends the watch with the final diagnosis, not with a dead process.
  const { signal: interrupt, cleanup } = interruptOf(io);

  const when = (ms: number) => (flags.absoluteTime ? formatTime(ms) : new Date(ms).toTimeString().slice(0, 8));
  let result;
  try {
    result = await watchPods({
      target: clusterTarget(pod, flags, io),
      rules,
      words,
      interrupt,
      clock,
      onTransition: (t) => {
        if (json) {
          io.out(
            `${JSON.stringify({
              type: 'transition',
              at: formatTime(t.at),
              namespace: t.namespace,
              name: t.name,
              change: t.kind,
              status: t.kind === 'deleted' ? null : t.view.status,
              ready: t.kind === 'deleted' ? null : t.view.ready,
              explanation: t.kind === 'deleted' ? null : t.view.explanation,
            })}\n`,
          );
          return;
        }
        // -A: pods of several namespaces share names (worker-0): each line says whose
        const who = single ? '' : `${flags.allNamespaces && t.namespace ? `${oneLine(t.namespace)}/` : ''}${oneLine(t.name)}  `;
        if (t.kind === 'deleted') {
          io.out(`${when(t.at)} ${who}${lang === 'ko' ? '삭제됨' : 'deleted'}\n`);
          return;
        }
        const status = t.view.status === 'Running' ? `Running ${t.view.ready}` : oneLine(t.view.status);
        io.out(`${when(t.at)} ${who}${status}: ${oneLine(t.view.explanation)}\n`);
      },
    });
  } finally {
    cleanup();
  }
  const results = result.diagnoses;
  const unreadable = result.unreadable;
  const end = END_TEXT[result.reason] ?? { en: result.reason, ko: result.reason };
  if (json) {
    const { reportObject } = await import('../../render/json.js');
    const report = reportObject(results, words);
    io.out(`${JSON.stringify({ type: 'final', reason: result.reason, ...report, summary: { ...report.summary, ...(unreadable.length > 0 ? { unreadable } : {}) } })}\n`);
  } else {
    io.out(`${lang === 'ko' ? '감시 끝' : 'watch ended'}: ${end[lang]}\n`);
    if (results.length > 0) {
      const { renderText } = await import('../../render/text.js');
      const color = colorEnabled(flags.color, io);
      io.out(`\n${renderText(results, { color, words, ...(flags.headers === false ? { noHeaders: true } : {}), all: flags.all === true, timeline: true, ...(flags.absoluteTime ? { absoluteTime: true } : {}), ...(io.columns ? { cols: io.columns } : {}) })}`);
    }
  }
  if (unreadable.length > 0) {
    io.err(`${unreadableLine(unreadable, result.pods, flags.failOnUnreadable === true)}\n`);
    if (flags.failOnUnreadable) return 3;
  }
  return exitStatus(results, flags.failOn);
}
