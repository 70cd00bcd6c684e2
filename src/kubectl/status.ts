// The READY, STATUS, RESTARTS and AGE columns of `kubectl get pods`, computed exactly as the API
// server's table printer does (printPod in pkg/printers/internalversion/printers.go, v1.32–v1.34).
// See design/KUBECTL-STATUS.md for the algorithm and its traps. Works on the raw pod object and
// never throws: a trimmed or malformed pod gives whatever kubectl would print for the fields present.

import { arr, bool, count, dig, isObject, nonEmpty, num, obj, objs, str, time, type JsonObject } from '../util/json.js';
import { since } from './duration.js';

export interface KubectlColumns {
  ready: string;
  status: string;
  restarts: string;
  age: string;
}

function isSidecar(spec: JsonObject | undefined): boolean {
  return spec !== undefined && str(spec['restartPolicy']) === 'Always';
}

/** The container's lastState.terminated.finishedAt, if it is a real time. */
function lastFinished(status: JsonObject): number | undefined {
  return time(dig(status, 'lastState', 'terminated', 'finishedAt'));
}

function terminatedLabel(terminated: JsonObject): string {
  const signal = num(terminated['signal']) ?? 0;
  if (signal !== 0) return `Signal:${signal}`;
  return `ExitCode:${num(terminated['exitCode']) ?? 0}`;
}

export function kubectlColumns(pod: unknown, nowMs: number): KubectlColumns {
  const metadata = obj(dig(pod, 'metadata')) ?? {};
  const spec = obj(dig(pod, 'spec')) ?? {};
  const status = obj(dig(pod, 'status')) ?? {};
  const conditions = objs(status['conditions']);
  const phase = str(status['phase']) ?? '';

  let reason = nonEmpty(status['reason']) ?? phase;
  for (const c of conditions) {
    if (str(c['type']) === 'PodScheduled' && str(c['reason']) === 'SchedulingGated') reason = 'SchedulingGated';
  }

  const initSpecs = objs(spec['initContainers']);
  const initByName = new Map<string, JsonObject>();
  for (const c of initSpecs) {
    const name = str(c['name']);
    if (name !== undefined && !initByName.has(name)) initByName.set(name, c);
  }
  let total = arr(spec['containers']).length;
  for (const c of initSpecs) if (isSidecar(c)) total++;

  let ready = 0;
  let restarts = 0;
  let lastRestart: number | undefined;
  let sidecarRestarts = 0;
  let lastSidecarRestart: number | undefined;
  const later = (a: number | undefined, b: number | undefined) => (b !== undefined && (a === undefined || b > a) ? b : a);

  let initializing = false;
  const initStatuses = arr(status['initContainerStatuses']);
  for (let i = 0; i < initStatuses.length; i++) {
    const cs = obj(initStatuses[i]) ?? {};
    const sidecar = isSidecar(initByName.get(str(cs['name']) ?? '\u0000'));
    const rc = count(cs['restartCount']) ?? 0;
    restarts += rc;
    lastRestart = later(lastRestart, lastFinished(cs));
    if (sidecar) {
      sidecarRestarts += rc;
      lastSidecarRestart = later(lastSidecarRestart, lastFinished(cs));
    }
    const terminated = obj(dig(cs, 'state', 'terminated'));
    const waiting = obj(dig(cs, 'state', 'waiting'));
    // (a state read from text may lack its exit code: a reason other than Completed is a failure)
    if (terminated && (num(terminated['exitCode']) ?? (nonEmpty(terminated['reason']) === undefined || terminated['reason'] === 'Completed' ? 0 : 1)) === 0) continue;
    if (sidecar && bool(cs['started']) === true) {
      if (bool(cs['ready']) === true) ready++;
      continue;
    }
    if (terminated) {
      const r = nonEmpty(terminated['reason']);
      reason = `Init:${r ?? terminatedLabel(terminated)}`;
    } else if (waiting && nonEmpty(waiting['reason']) !== undefined && str(waiting['reason']) !== 'PodInitializing') {
      reason = `Init:${str(waiting['reason'])}`;
    } else {
      reason = `Init:${i}/${initSpecs.length}`;
    }
    initializing = true;
    break;
  }

  const initializedTrue = (() => {
    for (const c of conditions) if (str(c['type']) === 'Initialized') return str(c['status']) === 'True';
    return false;
  })();

  if (!initializing || initializedTrue) {
    restarts = sidecarRestarts;
    lastRestart = lastSidecarRestart;
    let hasRunning = false;
    const statuses = arr(status['containerStatuses']);
    for (let i = statuses.length - 1; i >= 0; i--) {
      const cs = obj(statuses[i]) ?? {};
      restarts += count(cs['restartCount']) ?? 0;
      lastRestart = later(lastRestart, lastFinished(cs));
      const waiting = obj(dig(cs, 'state', 'waiting'));
      const terminated = obj(dig(cs, 'state', 'terminated'));
      if (waiting && nonEmpty(waiting['reason']) !== undefined) {
        reason = str(waiting['reason']) as string;
      } else if (terminated && nonEmpty(terminated['reason']) !== undefined) {
        reason = str(terminated['reason']) as string;
      } else if (terminated) {
        reason = terminatedLabel(terminated);
      } else if (bool(cs['ready']) === true && isObject(dig(cs, 'state', 'running'))) {
        hasRunning = true;
        ready++;
      }
    }
    if (reason === 'Completed' && hasRunning) {
      const readyTrue = conditions.some((c) => str(c['type']) === 'Ready' && str(c['status']) === 'True');
      reason = readyTrue ? 'Running' : 'NotReady';
    }
  }

  const deleting = metadata['deletionTimestamp'] !== undefined && metadata['deletionTimestamp'] !== null;
  if (deleting && str(status['reason']) === 'NodeLost') reason = 'Unknown';
  else if (deleting && phase !== 'Succeeded' && phase !== 'Failed') reason = 'Terminating';

  const restartsStr = restarts !== 0 && lastRestart !== undefined ? `${restarts} (${since(lastRestart, nowMs)} ago)` : String(restarts);
  return {
    ready: `${ready}/${total}`,
    status: reason,
    restarts: restartsStr,
    age: since(time(metadata['creationTimestamp']), nowMs),
  };
}
