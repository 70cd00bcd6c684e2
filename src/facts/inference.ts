// A container's state from its events, when the status is silent about it (a manifest pasted with
// its events, describe text cut before the container's State, an events table alone). The newest
// event that says something about the container decides, as the kubelet's own status would have
// followed it: a back-off restarting it is CrashLoopBackOff, a failed pull ErrImagePull, a missing
// Secret key CreateContainerConfigError, a Started after all of those Running. The state keeps the
// event it came from, so evidence can show the event rather than a status nobody gave.
//
// Pod-level failures (volumes, sandbox) keep every container in ContainerCreating (PodInitializing
// in pods with init containers), as the kubelet reports containers it has not created yet.

import { classifyContainerEvent } from './extractors/container-event.js';
import type { EventFacts, EventOrigin, StateFacts } from './types.js';

export interface Inferred {
  state: StateFacts;
  origin: EventOrigin;
  /** The run before, when the events tell how it ended (a start failure before a back-off). */
  lastState?: StateFacts;
  lastOrigin?: EventOrigin;
  /** Restarts the events show: Started events less one, at least one after a restart back-off. */
  restarts?: number;
}

/** Pod events that keep containers from being created. */
export const CREATION_BLOCKERS = new Set(['FailedMount', 'FailedAttachVolume', 'FailedMapVolume', 'FailedCreatePodSandBox', 'NetworkNotReady']);

/** Kubelets ≤ 1.5 repeated a volume timeout as FailedSync ("Error syncing pod, skipping: timeout expired waiting for volumes…"). */
export const VOLUME_SYNC = /waiting for volumes to attach|Unable to (?:attach or )?mount volumes/;

/**
 * Kubelets before 1.10 recorded a failed pod network or sandbox set-up as FailedSync too ('failed to
 * "SetupNetwork" for "web_ns" with SetupNetworkError: "…"'): what FailedCreatePodSandBox says now.
 */
export const SANDBOX_SYNC = /failed to "(?:SetupNetwork|CreatePodSandbox|ConfigPodSandbox)" for /;

export function blocksCreation(e: EventFacts): boolean {
  if (e.reason === undefined) return false;
  return CREATION_BLOCKERS.has(e.reason) || (e.reason === 'FailedSync' && (VOLUME_SYNC.test(e.message ?? '') || SANDBOX_SYNC.test(e.message ?? '')));
}

/** The event kind that carries the words a reason-only echo leaves out. */
const ECHOES_OF: Partial<Record<string, string>> = {
  'image-pull-echo': 'image-pull',
  'image-backoff': 'image-pull',
  'invalid-image': 'invalid-image',
  'never-pull': 'never-pull',
};

const origin = (e: EventFacts): EventOrigin => (e.message !== undefined ? { reason: e.reason as string, message: e.message } : { reason: e.reason as string });

/**
 * The state a container's events (newest first) point to, or undefined when they say nothing.
 * `blocked` is the newest pod event that keeps containers from being created, if any.
 */
export function inferState(events: EventFacts[], blocked: EventFacts | undefined, hasInitContainers: boolean): Inferred | undefined {
  // Each run of a container is one Created (and one Started, unless the start failed): the
  // restarts are the runs less one; a back-off restarting it means at least one.
  let started = 0;
  let created = 0;
  let backedOff = false;
  for (const e of events) {
    if (e.reason === 'Started') started += e.count;
    else if (e.reason === 'Created') created += e.count;
    else if (classifyContainerEvent(e.reason, e.message)?.kind === 'crashloop') backedOff = true;
  }
  const runs = Math.max(started, created);
  const restarts = runs > 1 ? runs - 1 : backedOff ? 1 : undefined;
  for (const e of events) {
    const c = classifyContainerEvent(e.reason, e.message);
    if (!c) continue;
    const withRestarts = (i: Inferred): Inferred => (restarts !== undefined ? { ...i, restarts } : i);
    if (c.kind === 'started' || c.kind === 'created' || c.kind === 'probed') {
      return withRestarts({ state: { kind: 'running', source: 'event', running: {} }, origin: origin(e) });
    }
    if (c.kind === 'pulling') {
      return withRestarts({ state: { kind: 'waiting', source: 'event', waiting: { reason: hasInitContainers ? 'PodInitializing' : 'ContainerCreating' } }, origin: origin(e) });
    }
    if (c.kind === 'init-exit') {
      const t: NonNullable<StateFacts['terminated']> = { reason: 'Error' };
      if (c.exitCode !== undefined) t.exitCode = c.exitCode;
      if (c.message !== undefined) t.message = c.message;
      return withRestarts({ state: { kind: 'terminated', source: 'event', terminated: t }, origin: origin(e) });
    }
    let message = c.message;
    let from = e;
    // "Error: ErrImagePull", "Error: InvalidImageName" only echo the reason: the words are in the
    // newest event of the same failure that has them (Failed to pull image…, InspectFailed…)
    const telling = ECHOES_OF[c.kind];
    if (telling && (message === undefined || c.kind === 'image-pull-echo')) {
      const said = events.find((x) => x.message !== undefined && classifyContainerEvent(x.reason, x.message)?.kind === telling && classifyContainerEvent(x.reason, x.message)?.message !== undefined);
      if (said) {
        if (c.kind !== 'image-backoff') message = classifyContainerEvent(said.reason, said.message)?.message;
        from = said;
      }
    }
    const waiting: NonNullable<StateFacts['waiting']> = { reason: c.waitingReason as string };
    if (message !== undefined) waiting.message = message;
    const i: Inferred = { state: { kind: 'waiting', source: 'event', waiting }, origin: origin(from) };
    if (c.kind === 'crashloop') {
      // A back-off after the runtime failed to start it: the run that ended was a StartError.
      const start = events.find((x) => {
        const k = classifyContainerEvent(x.reason, x.message)?.kind;
        return k === 'start' || k === 'create';
      });
      if (start?.message !== undefined) {
        i.lastState = { kind: 'terminated', source: 'event', terminated: { reason: 'StartError', message: start.message.replace(/^Error:\s*/, '') } };
        i.lastOrigin = origin(start);
      }
    }
    return withRestarts(i);
  }
  if (blocked) {
    return { state: { kind: 'waiting', source: 'event', waiting: { reason: hasInitContainers ? 'PodInitializing' : 'ContainerCreating' } }, origin: origin(blocked) };
  }
  return undefined;
}
