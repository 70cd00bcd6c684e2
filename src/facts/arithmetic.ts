// Back-off and grace arithmetic: when the kubelet will act next, with the formula shown.
//
// Kubelet behaviour (read in kubernetes/kubernetes, default configuration):
// - pkg/kubelet/kubelet.go: backOffPeriod = 10s, MaxContainerBackOff = 300s; the container
//   back-off is flowcontrol.NewBackOff(backOffPeriod, MaxContainerBackOff), no jitter.
// - kuberuntime doBackOff: the window is measured from the last exit (the exited container's
//   FinishedAt): IsInBackOffSince(key, finishedAt) is "now − finishedAt < current back-off". When the
//   window has passed, Next() doubles the back-off (capped at 300s) and the container starts.
// - client-go util/flowcontrol: hasExpired() resets the entry when more than 2 × max = 600s passed
//   between the last back-off update (the previous start) and the exit, i.e. a run of over 10
//   minutes: the next start is immediate and the back-off starts again at 10s.
//   The first exit starts again at once (no entry yet), the second waits 10s, then 20s, 40s …
//   So a container waiting in CrashLoopBackOff after restart n waits min(10s × 2^(n−1), 300s).
// - Newer kubelets can change these (feature gates KubeletCrashLoopBackOffMax,
//   ReduceDefaultCrashLoopBackOffDecay); the kubelet's own "back-off 40s restarting failed
//   container" message always wins over the estimate from restartCount.
// - Termination: the API server sets deletionTimestamp = time of the delete + grace period; the
//   kubelet sends SIGTERM (after preStop) at once and SIGKILL when the grace period is over (a
//   preStop hook still running then gets 2s more, minimumGracePeriodInSeconds).
// - Startup probe: the container is killed after failureThreshold consecutive failures, probes
//   running every periodSeconds from initialDelaySeconds: started + initialDelay + threshold × period.

import { dig, formatTime, time } from '../util/json.js';
import { bool, num, obj, oneOf, opt, str, type FactType } from './declare.js';
import { parseGoDuration } from './extractors/go-duration.js';
import { containerFamily, type ContainerScope, type ContainerFamilyOf } from './family.js';

export const BACKOFF_INITIAL_SECONDS = 10;
export const BACKOFF_MAX_SECONDS = 300;
/** 2 × MaxContainerBackOff: a run longer than this resets the back-off. */
export const BACKOFF_RESET_SECONDS = 600;

/** The back-off a container in CrashLoopBackOff waits after its n-th restart (restartCount n). */
export function crashLoopDelaySeconds(restartCount: number): number {
  if (!(restartCount >= 1)) return 0;
  // 10 × 2^(n−1) overflows nothing here: it is capped long before.
  if (restartCount > 16) return BACKOFF_MAX_SECONDS;
  return Math.min(BACKOFF_INITIAL_SECONDS * 2 ** (restartCount - 1), BACKOFF_MAX_SECONDS);
}

export interface BackoffInput {
  /** From the kubelet's waiting message ("back-off 40s restarting failed container"). */
  messageDelaySeconds?: number;
  restartCount: number;
  /** lastState.terminated.finishedAt (epoch ms). */
  lastFinishedMs?: number;
  /** lastState.terminated: finishedAt − startedAt. */
  lastRanSeconds?: number;
  nowMs: number;
}

export interface BackoffResult {
  delaySeconds: number;
  /** kubelet (its own message) or restart-count (estimated as the kubelet computes it). */
  source: 'kubelet' | 'restart-count';
  nextRestartAt?: string;
  nextRestartInSeconds?: number;
  /** The last run lasted over 10 minutes: the back-off was reset. */
  reset?: boolean;
  formula: string;
}

export function backoff(i: BackoffInput): BackoffResult {
  let delay: number;
  let why: string;
  let source: BackoffResult['source'];
  let reset = false;
  if (i.messageDelaySeconds !== undefined) {
    delay = i.messageDelaySeconds;
    source = 'kubelet';
    why = `back-off ${delay}s (kubelet)`;
  } else if (i.lastRanSeconds !== undefined && i.lastRanSeconds > BACKOFF_RESET_SECONDS) {
    delay = 0;
    source = 'restart-count';
    reset = true;
    why = `back-off 0s (the last run lasted ${i.lastRanSeconds}s > ${BACKOFF_RESET_SECONDS}s, which resets it to ${BACKOFF_INITIAL_SECONDS}s for the next exit)`;
  } else {
    delay = crashLoopDelaySeconds(i.restartCount);
    source = 'restart-count';
    why = `back-off min(${BACKOFF_INITIAL_SECONDS}s × 2^(${i.restartCount}−1), ${BACKOFF_MAX_SECONDS}s) = ${delay}s`;
  }
  const out: BackoffResult = { delaySeconds: delay, source, formula: why };
  if (reset) out.reset = true;
  if (i.lastFinishedMs !== undefined) {
    const next = i.lastFinishedMs + delay * 1000;
    out.nextRestartAt = formatTime(next);
    out.nextRestartInSeconds = Math.max(0, Math.round((next - i.nowMs) / 1000));
    out.formula = `last exit ${formatTime(i.lastFinishedMs)} + ${why} = ${out.nextRestartAt}`;
  }
  return out;
}

export interface GraceResult {
  seconds?: number;
  /** When the delete was made: deletionTimestamp − deletionGracePeriodSeconds. */
  requestedAt?: string;
  /** When SIGKILL is due: deletionTimestamp. */
  sigkillAt: string;
  /** Seconds until SIGKILL; negative when it is overdue. */
  sigkillInSeconds: number;
  formula: string;
}

export function grace(deletionMs: number, graceSeconds: number | undefined, nowMs: number): GraceResult {
  const out: GraceResult = {
    sigkillAt: formatTime(deletionMs),
    sigkillInSeconds: Math.round((deletionMs - nowMs) / 1000),
    formula: '',
  };
  if (graceSeconds !== undefined) {
    out.seconds = graceSeconds;
    out.requestedAt = formatTime(deletionMs - graceSeconds * 1000);
    out.formula = `deleted ${out.requestedAt} + grace period ${graceSeconds}s = SIGKILL due ${out.sigkillAt}`;
  } else out.formula = `deletionTimestamp ${out.sigkillAt} = SIGKILL due`;
  out.formula += out.sigkillInSeconds >= 0 ? ` (in ${out.sigkillInSeconds}s)` : ` (${-out.sigkillInSeconds}s ago)`;
  return out;
}

export interface StartupKillResult {
  killAt: string;
  /** Seconds until the kubelet kills the container; negative when that moment has passed. */
  killInSeconds: number;
  formula: string;
}

export function startupKill(startedMs: number, initialDelaySeconds: number, failureThreshold: number, periodSeconds: number, nowMs: number): StartupKillResult {
  const budget = initialDelaySeconds + failureThreshold * periodSeconds;
  const at = startedMs + budget * 1000;
  const killAt = formatTime(at);
  const killInSeconds = Math.round((at - nowMs) / 1000);
  return {
    killAt,
    killInSeconds,
    formula: `started ${formatTime(startedMs)} + initialDelaySeconds ${initialDelaySeconds}s + failureThreshold ${failureThreshold} × periodSeconds ${periodSeconds}s = ${killAt}`,
  };
}

/** A container's `backoff` facts: the CrashLoopBackOff wait. */
export const BACKOFF_FACTS = obj('The CrashLoopBackOff wait: the kubelet\'s back-off message, else the kubelet\'s formula on restartCount.', {
  delaySeconds: num('Current back-off: 10s doubling per restart up to 300s (min(10s × 2^(restartCount−1), 300s)); 0 after a run of over 10 minutes, which resets it.'),
  source: oneOf('kubelet (from its message) or restart-count (estimated, assuming no earlier reset).', ['kubelet', 'restart-count']),
  nextRestartAt: opt(str('When the kubelet starts it again: lastState finishedAt + back-off.')),
  nextRestartInSeconds: opt(num('Seconds until the next start: lastState finishedAt + delay − now.')),
  reset: opt(bool('The last run lasted over 10 minutes (2 × the 5-minute cap), which resets the back-off.')),
  formula: str('The arithmetic, with the values filled in.'),
});
export type BackoffFacts = FactType<typeof BACKOFF_FACTS>;

/** A container in CrashLoopBackOff: the kubelet's own figure when its message has one, else the kubelet's formula on restartCount. */
export function extractBackoff({ c, st, nowMs }: Pick<ContainerScope, 'c' | 'st' | 'nowMs'>): BackoffFacts | undefined {
  if (c.state.waiting?.reason !== 'CrashLoopBackOff') return undefined;
  const waitingMessage = c.state.waiting.message;
  const d = waitingMessage ? /back-off (\S+) restarting/.exec(waitingMessage)?.[1] : undefined;
  const messageDelaySeconds = d !== undefined ? parseGoDuration(d) : undefined;
  const fin = time(dig(st, 'lastState', 'terminated', 'finishedAt'));
  return backoff({
    restartCount: c.restartCount ?? 0,
    nowMs,
    ...(messageDelaySeconds !== undefined ? { messageDelaySeconds } : {}),
    ...(fin !== undefined ? { lastFinishedMs: fin } : {}),
    ...(c.lastState.terminated?.ranSeconds !== undefined ? { lastRanSeconds: c.lastState.terminated.ranSeconds } : {}),
  });
}

export const BACKOFF_FAMILY: ContainerFamilyOf<'backoff', typeof BACKOFF_FACTS> = containerFamily('backoff', BACKOFF_FACTS, extractBackoff);
