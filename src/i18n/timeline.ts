// Words of the timeline: one short line per entry, in English or Korean. Kubernetes names
// (reasons, conditions, SIGKILL, container and node names) stay in English, as ko-style.md asks.

import type { TimelineEntry } from '../model/timeline.js';
import type { Lang } from '../model/vocabulary.js';
import { withParticle } from './particles.js';
import { UI } from './ui.js';

/** A compact duration: 850ms → 0.9s, 14200 → 14.2s, 47s, 4m10s, 2h5m, 3d4h. */
export function compactDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '?';
  const neg = ms < 0;
  const a = Math.abs(ms);
  let s: string;
  if (a < 59_950 && Math.round(a / 100) % 10 !== 0) s = `${(Math.round(a / 100) / 10).toFixed(1)}s`;
  else {
    const secs = Math.round(a / 1000);
    if (secs < 60) s = `${secs}s`;
    else if (secs < 3600) s = `${Math.floor(secs / 60)}m${secs % 60 ? `${secs % 60}s` : ''}`;
    else if (secs < 86_400) s = `${Math.floor(secs / 3600)}h${Math.floor((secs % 3600) / 60) ? `${Math.floor((secs % 3600) / 60)}m` : ''}`;
    else s = `${Math.floor(secs / 86_400)}d${Math.floor((secs % 86_400) / 3600) ? `${Math.floor((secs % 86_400) / 3600)}h` : ''}`;
  }
  return neg ? `-${s}` : s;
}

interface Words {
  container: (e: TimelineEntry) => string;
  times: (n: number, span?: number) => string;
  skew: (ms: number) => string;
  line: (e: TimelineEntry, c: string) => string;
}

const d = compactDuration;

const EN: Words = {
  container: (e) => (e.container ? `${e.containerKind === 'init' ? 'init container ' : ''}${e.container}` : 'container'),
  times: (n, span) => ` ×${n}${span !== undefined && span > 0 ? ` over ${d(span)}` : ''}`,
  skew: (ms) => ` (clock skew: stamped ${d(ms)} before creation)`,
  line: (e, c) => {
    const msg = e.message ? `: ${e.message}` : '';
    switch (e.event) {
      case 'created':
        return 'pod created';
      case 'scheduled':
      case 'Scheduled':
        return `scheduled${e.node ? ` to ${e.node}` : ''}${e.tookMs === undefined || e.tookMs < 1000 ? '' : e.tookMs < 60_000 ? ` (after ${d(e.tookMs)})` : ` (scheduling took ${d(e.tookMs)})`}`;
      case 'unschedulable':
        return `not schedulable${e.reason ? ` (${e.reason})` : ''}${msg}`;
      case 'FailedScheduling':
        return `scheduling failed${msg}`;
      case 'Failed':
        return e.stage === 'image' ? `image ${e.image ?? ''} could not be pulled${msg}`.replace('image  could', 'image could') : `${c} failed${msg}`;
      case 'sandbox-ready':
        return `pod sandbox and network ready${e.tookMs !== undefined ? ` (${d(e.tookMs)} after scheduling)` : ''}`;
      case 'Pulling':
        return `pulling image ${e.image ?? ''}`.trimEnd();
      case 'Pulled':
        return e.reason === 'already-present' ? `image ${e.image ?? ''} already on the node` : `image ${e.image ?? ''} pulled${e.tookMs !== undefined ? ` (${d(e.tookMs)})` : ''}`;
      case 'initialized':
        return 'all init containers done';
      case 'started':
      case 'Started':
        return `${c} started`;
      case 'exited': {
        const ran = e.tookMs !== undefined ? ` after ${d(e.tookMs)}` : '';
        if (e.containerKind === 'init' && e.exitCode === 0) return `${c} ran${e.tookMs !== undefined ? ` ${d(e.tookMs)}` : ''}, exit 0`;
        return `${c} exited${e.exitCode !== undefined ? ` ${e.exitCode}` : ''}${e.reason ? ` (${e.reason})` : ''}${ran}`;
      }
      case 'containers-ready':
        return 'all containers ready';
      case 'ready':
        return `pod Ready${e.sinceCreatedMs !== undefined ? ` (time to Ready ${d(e.sinceCreatedMs)})` : ''}`;
      case 'not-ready':
        return `pod not Ready${e.reason ? ` (${e.reason})` : ''}`;
      case 'Unhealthy':
        return `${e.probe ?? 'probe'} probe failed${msg}`;
      case 'Killing':
        return e.probe ? `${c} killed: failed its ${e.probe} probe` : `${c} stopped (SIGTERM)${msg}`;
      case 'BackOff':
        return e.stage === 'image' ? `back-off pulling image ${e.image ?? ''}`.trimEnd() : `back-off restarting ${c}`;
      case 'completed':
        return `pod Succeeded${e.sinceCreatedMs !== undefined ? ` (${d(e.sinceCreatedMs)} after creation)` : ''}`;
      case 'failed':
        return `pod Failed${e.reason ? ` (${e.reason})` : ''}`;
      case 'disruption':
        return `disruption${e.reason ? ` (${e.reason})` : ''}${msg}`;
      case 'delete-requested':
        return `deletion requested, grace period ${e.graceSeconds ?? '?'}s: SIGTERM`;
      case 'grace-period-ends':
        return 'grace period ends: SIGKILL to what still runs';
      case 'stuck':
        return `stuck in ${UI.en.stages[e.stage] ?? e.stage}${e.tookMs !== undefined ? ` for ${d(e.tookMs)}` : ''}`;
      default:
        return `${e.event}${e.container ? ` (${c})` : ''}${msg}`;
    }
  },
};

const KO: Words = {
  container: (e) => (e.container ? `${e.containerKind === 'init' ? 'init 컨테이너 ' : '컨테이너 '}${e.container}` : '컨테이너'),
  times: (n, span) => ` ×${n}${span !== undefined && span > 0 ? ` (${d(span)} 동안)` : ''}`,
  skew: (ms) => ` (시계 차이: 생성보다 ${d(ms)} 앞선 시각)`,
  line: (e, c) => {
    const msg = e.message ? `: ${e.message}` : '';
    switch (e.event) {
      case 'created':
        return '파드 생성';
      case 'scheduled':
      case 'Scheduled':
        return `${e.node ? `${e.node}에 ` : ''}스케줄됨${e.tookMs === undefined || e.tookMs < 1000 ? '' : ` (스케줄링 ${d(e.tookMs)} 걸림)`}`;
      case 'unschedulable':
        return `스케줄할 수 없음${e.reason ? ` (${e.reason})` : ''}${msg}`;
      case 'FailedScheduling':
        return `스케줄링 실패${msg}`;
      case 'Failed':
        return e.stage === 'image' ? `이미지 ${e.image ?? ''} 받기 실패${msg}` : `${c} 실패${msg}`;
      case 'sandbox-ready':
        return `파드 샌드박스와 네트워크 준비됨${e.tookMs !== undefined ? ` (스케줄 후 ${d(e.tookMs)})` : ''}`;
      case 'Pulling':
        return `이미지 ${e.image ?? ''} 받는 중`;
      case 'Pulled':
        return e.reason === 'already-present' ? `${e.image ? `이미지 ${withParticle(e.image, '이/가')}` : '이미지가'} 이미 노드에 있음` : `이미지 ${e.image ?? ''} 받음${e.tookMs !== undefined ? ` (${d(e.tookMs)})` : ''}`;
      case 'initialized':
        return '모든 init 컨테이너 완료';
      case 'started':
      case 'Started':
        return `${c} 시작`;
      case 'exited': {
        if (e.containerKind === 'init' && e.exitCode === 0) return `${c} 실행 완료${e.tookMs !== undefined ? ` (${d(e.tookMs)})` : ''}, 종료 코드 0`;
        // "컨테이너 app 42s 실행 후 종료 (종료 코드 137, OOMKilled)"
        const why = [...(e.exitCode !== undefined ? [`종료 코드 ${e.exitCode}`] : []), ...(e.reason ? [e.reason] : [])];
        return `${c}${e.tookMs !== undefined ? ` ${d(e.tookMs)} 실행 후` : ''} 종료${why.length > 0 ? ` (${why.join(', ')})` : ''}`;
      }
      case 'containers-ready':
        return '모든 컨테이너 준비됨';
      case 'ready':
        return `파드 Ready${e.sinceCreatedMs !== undefined ? ` (Ready까지 ${d(e.sinceCreatedMs)})` : ''}`;
      case 'not-ready':
        return `파드 Ready 아님${e.reason ? ` (${e.reason})` : ''}`;
      case 'Unhealthy':
        return `${e.probe ?? ''} 프로브 실패${msg}`.trimStart();
      case 'Killing':
        return e.probe ? `${c} 강제 종료: ${e.probe} 프로브 실패` : `${c} 중지 (SIGTERM)${msg}`;
      case 'BackOff':
        return e.stage === 'image' ? `이미지 ${e.image ?? ''} 받기 재시도 대기 (BackOff)` : `${c} 재시작 대기 (BackOff)`;
      case 'completed':
        return `파드 Succeeded${e.sinceCreatedMs !== undefined ? ` (생성 후 ${d(e.sinceCreatedMs)})` : ''}`;
      case 'failed':
        return `파드 Failed${e.reason ? ` (${e.reason})` : ''}`;
      case 'disruption':
        return `중단 대상${e.reason ? ` (${e.reason})` : ''}${msg}`;
      case 'delete-requested':
        return `삭제 요청, 유예 시간 ${e.graceSeconds ?? '?'}초: SIGTERM`;
      case 'grace-period-ends':
        return '유예 시간 끝: 남은 프로세스에 SIGKILL';
      case 'stuck':
        return `${UI.ko.stages[e.stage] ?? e.stage} 단계에서 ${e.tookMs !== undefined ? `${d(e.tookMs)}째 ` : ''}멈춰 있음`;
      default:
        return `${e.event}${e.container ? ` (${c})` : ''}${msg}`;
    }
  },
};

const WORDS: Record<Lang, Words> = { en: EN, ko: KO };

/** One line describing the entry, in the language asked for. */
export function describeEntry(e: TimelineEntry, lang: Lang): string {
  const w = WORDS[lang] ?? EN;
  let s = w.line(e, w.container(e));
  if (e.count !== undefined && e.count > 1 && e.event !== 'stuck') s += w.times(e.count, e.last !== undefined && e.at !== undefined ? e.last - e.at : undefined);
  if (e.skewMs !== undefined) s += w.skew(e.skewMs);
  return s;
}
