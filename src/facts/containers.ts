// Containers' facts: each container's spec, status and events made into one ContainerFacts
// (state, last state, probes, hooks, the image pull, config and start errors the extractors read),
// with what the input does not say of it listed in `unknown`. Moved out of normalize.ts.

import type { ContainerLog } from '../model/input.js';
import { arr, bool, count, dig, isObject, nonEmpty, num, obj, objs, str, time, type JsonObject } from '../util/json.js';
import { classifyExit } from './extractors/exit-code.js';
import { parseProbeMessage, type ProbeKind } from './extractors/probe.js';
import { parseFailedSync } from './extractors/container-event.js';
import type { EventCause } from './extractors/event-cause.js';
import { execFailures } from './extractors/log-signature.js';
import { commandSleeps, commandWords, endlessLoop, preStopSleeps, scriptProgram } from './extractors/command.js';
import { attributeEvents, containerNamedIn, containerOfFieldPath, imageNamedIn, isContainerReason, type ContainerRef } from './attribution.js';
import { inferState } from './inference.js';
import { startupKill } from './arithmetic.js';
import type { ContainerScope } from './family.js';
import { configRefs, lifecycleHooks, mountsOf } from './pod-spec.js';
import { CONTAINER_FAMILIES } from './registry.js';
import { redact } from '../util/redact.js';
import { timeText } from './time-text.js';
import type { ContainerFacts, ContainerKind, EventFacts, EventOrigin, ProbeFacts, StateFacts, TerminatedFacts } from './types.js';
import { fieldOfEach, msg, secondsBetween, setIf } from './values.js';

function stateFacts(state: unknown, nowMs: number): StateFacts {
  const s = obj(state);
  const waiting = obj(s?.['waiting']);
  const running = obj(s?.['running']);
  const terminated = obj(s?.['terminated']);
  const out: StateFacts = { kind: waiting ? 'waiting' : running ? 'running' : terminated ? 'terminated' : 'unknown' };
  if (waiting) {
    out.waiting = {};
    setIf(out.waiting, 'reason', nonEmpty(waiting['reason']));
    setIf(out.waiting, 'message', msg(waiting['message']));
  }
  if (running) {
    out.running = {};
    const t = time(running['startedAt']);
    if (t !== undefined) {
      out.running.startedAt = timeText(running['startedAt'], t);
      out.running.runningSeconds = secondsBetween(nowMs, t);
    }
  }
  if (terminated) {
    const tf: TerminatedFacts = {};
    setIf(tf, 'reason', nonEmpty(terminated['reason']));
    // what the program wrote to its terminationMessagePath, or the runtime's error
    setIf(tf, 'message', msg(terminated['message']));
    const exitCode = num(terminated['exitCode']);
    const signal = num(terminated['signal']);
    setIf(tf, 'exitCode', exitCode);
    if (signal !== undefined && signal !== 0) tf.signal = signal;
    const st = time(terminated['startedAt']);
    const fin = time(terminated['finishedAt']);
    if (st !== undefined) tf.startedAt = timeText(terminated['startedAt'], st);
    if (fin !== undefined) {
      tf.finishedAt = timeText(terminated['finishedAt'], fin);
      tf.finishedSecondsAgo = secondsBetween(nowMs, fin);
    }
    if (st !== undefined && fin !== undefined && fin >= st) tf.ranSeconds = secondsBetween(fin, st);
    const exit = classifyExit(exitCode, signal, tf.reason);
    if (exit) {
      tf.meaning = exit.meaning;
      setIf(tf, 'signalName', exit.signalName);
    }
    const exec = tf.message !== undefined ? execFailures(tf.message) : [];
    if (exec.length > 0) tf.execFailures = exec;
    out.terminated = tf;
  }
  return out;
}

const PROBE_HANDLERS = ['httpGet', 'tcpSocket', 'exec', 'grpc'] as const;

/** `specComplete`: the container spec is whole (it has an image), so a port it does not declare is truly undeclared. */
function probeFacts(probe: unknown, kind: ProbeKind, events: EventFacts[], ports: string[], specComplete: boolean, ctx: ContainerInput, specGiven: boolean): ProbeFacts {
  const fromText = ctx.fromText;
  const p = obj(probe);
  // a probe's settings (the API's defaults filled in) only when the spec sets the probe: without
  // the container's spec, whether it has one is not known either
  const out: ProbeFacts = specGiven ? { defined: p !== undefined } : {};
  if (p) {
    const initialDelaySeconds = count(p['initialDelaySeconds']) ?? 0;
    const periodSeconds = count(p['periodSeconds']) || 10;
    const failureThreshold = count(p['failureThreshold']) || 3;
    out.initialDelaySeconds = initialDelaySeconds;
    out.periodSeconds = periodSeconds;
    out.timeoutSeconds = count(p['timeoutSeconds']) || 1;
    out.failureThreshold = failureThreshold;
    out.budgetSeconds = initialDelaySeconds + failureThreshold * periodSeconds;
    out.budgetFormula = `${initialDelaySeconds}s + ${failureThreshold} × ${periodSeconds}s = ${out.budgetSeconds}s`;
  }
  // failures are counted from Unhealthy events: none said unless the events are in the input
  if (ctx.eventsKnown || events.length > 0) out.failures = 0;
  if (p) {
    for (const h of PROBE_HANDLERS) {
      const handler = obj(p[h]);
      if (!handler) continue;
      out.handler = h;
      setIf(out, 'port', str(handler['port']));
      const path = nonEmpty(handler['path']);
      setIf(out, 'path', path !== undefined ? redact(path) : undefined); // "/health?token=…"
      if (h === 'exec') {
        const line = arr(handler['command']).map((x) => str(x) ?? '').join(' ').trim();
        if (line !== '') out.command = redact(line.length > 120 ? `${line.slice(0, 120)}…` : line);
      }
      const named = out.port !== undefined && !/^\d+$/.test(out.port);
      if (named && fromText && !ports.includes(out.port as string)) {
        // describe prints "Port: 8080/TCP" without the port's name: not knowable from the text
      } else if (out.port !== undefined && ports.length > 0) {
        out.portDeclared = ports.includes(out.port) || ports.includes(`${out.port}/TCP`);
      } else if (named && specComplete) {
        out.portDeclared = false; // a named port must be declared, or the probe cannot resolve it
      }
      break;
    }
  }
  for (const e of events) {
    if (e.reason !== 'Unhealthy' || !e.message) continue;
    const f = parseProbeMessage(e.message);
    if (!f || f.probe !== kind) continue;
    out.failures = (out.failures ?? 0) + e.count;
    if (out.lastFailure === undefined) {
      out.lastFailure = e.message;
      setIf(out, 'lastFailureSecondsAgo', e.lastSeenSecondsAgo);
      out.failureKind = f.kind;
      setIf(out, 'failureDetail', f.detail);
    }
  }
  return out;
}

function quantities(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const o = obj(v);
  if (o === undefined) return out;
  for (const k of Object.keys(o)) {
    const s = str(o[k]);
    if (s !== undefined) out[k] = s;
  }
  return out;
}

/** What the status says of a container, for attributing events: is it failing? */
function failingStatus(st: JsonObject): boolean {
  const state = obj(st['state']);
  const w = nonEmpty(obj(state?.['waiting'])?.['reason']);
  if (w !== undefined && w !== 'ContainerCreating' && w !== 'PodInitializing') return true;
  const t = obj(state?.['terminated']);
  if (t && (num(t['exitCode']) ?? 0) !== 0) return true;
  if (t && nonEmpty(t['reason']) !== undefined && nonEmpty(t['reason']) !== 'Completed') return true;
  return false;
}

/** The name a container gets when the input shows it exists (its events) but never names it. */
export const UNNAMED_CONTAINER = '(unnamed)';

interface ContainerEntry {
  name: string;
  kind: ContainerKind;
  index: number;
  sp: JsonObject | undefined;
  st: JsonObject;
  /** The image events quote, for a container known only from its events. */
  image?: string;
  /** Restarts its events show, when the status does not say. */
  restarts?: number;
}

/** What the input as a whole tells the containers' facts. */
export interface ContainerInput {
  /** A status the API wrote: a container it does not list was not created yet. */
  absentMeansNotCreated: boolean;
  /** Read from kubectl's text, which does not print everything the spec holds (port names). */
  fromText: boolean;
  /** The pod's events are in the input (an empty list that was read counts). */
  eventsKnown: boolean;
  /** The containers' logs the input gives, by container name. */
  logs: Readonly<Record<string, ContainerLog>> | undefined;
}

export function containerFacts(spec: JsonObject, status: JsonObject, events: EventFacts[], nowMs: number, blocked: EventFacts | undefined, logNames: string[], ctx: ContainerInput): ContainerFacts[] {
  const groups: { specs: unknown; statuses: unknown; kind: ContainerKind }[] = [
    { specs: spec['initContainers'], statuses: status['initContainerStatuses'], kind: 'init' },
    { specs: spec['containers'], statuses: status['containerStatuses'], kind: 'regular' },
    { specs: spec['ephemeralContainers'], statuses: status['ephemeralContainerStatuses'], kind: 'ephemeral' },
  ];
  const entries: ContainerEntry[] = [];
  for (const g of groups) {
    // most pods have no init or ephemeral containers: no lists or maps made for those
    if (!Array.isArray(g.specs) && !Array.isArray(g.statuses)) continue;
    const specs = arr(g.specs).map((x) => obj(x) ?? {});
    const statuses = arr(g.statuses).map((x) => obj(x) ?? {});
    const names: string[] = [];
    const specByName = new Map<string, JsonObject>();
    const statusByName = new Map<string, JsonObject>();
    specs.forEach((sp, i) => {
      const name = nonEmpty(sp['name']) ?? nonEmpty(statuses[i]?.['name']) ?? `#${i + 1}`;
      if (specByName.has(name)) return;
      specByName.set(name, sp);
      names.push(name);
    });
    statuses.forEach((st, i) => {
      const name = nonEmpty(st['name']) ?? nonEmpty(specs[i]?.['name']) ?? `#${i + 1}`;
      if (statusByName.has(name)) return;
      statusByName.set(name, st);
      if (!specByName.has(name)) names.push(name);
    });
    names.forEach((name, i) => {
      const sp = specByName.get(name);
      const kind: ContainerKind = g.kind === 'init' && str(sp?.['restartPolicy']) === 'Always' ? 'sidecar' : g.kind;
      entries.push({ name, kind, index: i + 1, sp, st: statusByName.get(name) ?? {} });
    });
  }
  if (entries.length === 0) entries.push(...containersOfEvents(events));
  // a container known only by its log (kubectl logs … -c busybox pasted alone)
  for (const name of logNames) {
    if (entries.some((e) => e.name === name)) continue;
    if (entries.length === 1 && (entries[0] as ContainerEntry).name === UNNAMED_CONTAINER) (entries[0] as ContainerEntry).name = name;
    else entries.push({ name, kind: 'regular', index: entries.filter((e) => e.kind === 'regular').length + 1, sp: undefined, st: {} });
  }
  const refs: ContainerRef[] = entries.map((e) => {
    const image = nonEmpty(e.sp?.['image']) ?? nonEmpty(e.st['image']) ?? e.image;
    const r: ContainerRef = { name: e.name, kind: e.kind, failing: failingStatus(e.st) };
    if (image !== undefined) r.image = image;
    return r;
  });
  attributeEvents(events, refs);
  // A container the status is silent about but whose own events show it failing is the pod's
  // failing one too: a second pass gives it the failure events no name or image tied to anything
  // ("Back-off restarting failed container" in a pod with an init container and an app).
  if (!refs.some((r) => r.failing)) {
    const failing = refs.filter((r, i) => {
      if ((entries[i] as ContainerEntry).st['state'] !== undefined) return false;
      const w = inferState(events.filter((e) => e.container === r.name), undefined, false)?.state;
      return w !== undefined && (w.kind === 'terminated' || (w.kind === 'waiting' && w.waiting?.reason !== 'ContainerCreating' && w.waiting?.reason !== 'PodInitializing'));
    });
    if (failing.length === 1) {
      (failing[0] as ContainerRef).failing = true;
      attributeEvents(events, refs);
    }
  }
  // totals per reason and container, now that events know their containers
  const totals = new Map<string, number>();
  const key = (e: EventFacts) => `${e.reason ?? ''}\u0000${e.container ?? ''}`;
  for (const e of events) totals.set(key(e), (totals.get(key(e)) ?? 0) + e.count);
  for (const e of events) e.reasonTotal = totals.get(key(e)) ?? e.count;
  const hasInit = entries.some((e) => e.kind === 'init' || e.kind === 'sidecar');
  const pullSecrets = fieldOfEach(spec['imagePullSecrets'], 'name');
  return entries.map((e) => oneContainer(e, events, nowMs, blocked, hasInit, pullSecrets, ctx));
}

/**
 * Containers of a pod known only from its events (an events table, describe text without its
 * Containers section): the names fieldPaths and messages give, else one unnamed container when
 * events speak of a container at all. Images come from the image messages of each container.
 */
function containersOfEvents(events: EventFacts[]): ContainerEntry[] {
  const out: ContainerEntry[] = [];
  const seen = new Set<string>();
  const counts: Record<ContainerKind, number> = { init: 0, sidecar: 0, regular: 0, ephemeral: 0 };
  const add = (name: string, kind: ContainerKind) => {
    if (seen.has(name)) return;
    seen.add(name);
    out.push({ name, kind, index: ++counts[kind], sp: undefined, st: {} });
  };
  // oldest first: containers in the order they were created
  for (const e of [...events].reverse()) {
    const f = containerOfFieldPath(e.fieldPath);
    if (f) add(f.name, f.kind);
    else if (isContainerReason(e.reason, e.message)) {
      const named = containerNamedIn(e.message);
      if (named !== undefined) add(named, e.reason === 'FailedSync' && parseFailedSync(e.message ?? '')?.init ? 'init' : 'regular');
    }
  }
  if (out.length === 0 && events.some((e) => isContainerReason(e.reason, e.message))) add(UNNAMED_CONTAINER, 'regular');
  if (out.length === 1) {
    // one container: the images the events quote are its own when they agree
    const images = new Set(events.map((e) => imageNamedIn(e.message)).filter((x): x is string => x !== undefined));
    if (images.size === 1) (out[0] as ContainerEntry).image = [...images][0] as string;
  }
  return out;
}

/** A container's state and last state, and the fields read off its events because the status was silent. */
interface ToldState {
  state: StateFacts;
  lastState: StateFacts;
  /** The status says the state. */
  statusKnown: boolean;
  inferred: Record<string, EventOrigin> | undefined;
}

/**
 * The status wins when it speaks. When it is silent, or says no more than "not created yet", the
 * container's own events (newest first) tell its state; pod-level volume or sandbox failures keep
 * a silent container in ContainerCreating. Restarts the events show are kept on the entry.
 */
function toldState(entry: ContainerEntry, events: EventFacts[], nowMs: number, blocked: EventFacts | undefined, hasInit: boolean): ToldState {
  const { st } = entry;
  let state = stateFacts(st['state'], nowMs);
  let lastState = stateFacts(st['lastState'], nowMs);
  const statusKnown = state.kind !== 'unknown';
  let inferred: Record<string, EventOrigin> | undefined;
  const notCreated = state.waiting?.reason === 'ContainerCreating' || state.waiting?.reason === 'PodInitializing';
  if (!statusKnown || notCreated) {
    const inf = inferState(events, statusKnown ? undefined : blocked, hasInit);
    if (inf && (!statusKnown || (inf.state.kind === 'waiting' && inf.state.waiting?.reason !== state.waiting?.reason && !['ContainerCreating', 'PodInitializing'].includes(inf.state.waiting?.reason ?? '')))) {
      state = inf.state;
      inferred = { state: inf.origin };
      if (inf.lastState && lastState.kind === 'unknown') {
        lastState = inf.lastState;
        if (inf.lastOrigin) inferred['lastState'] = inf.lastOrigin;
      }
      if (inf.restarts !== undefined && count(st['restartCount']) === undefined) {
        inferred['restartCount'] = inf.origin;
        entry.restarts = inf.restarts;
      }
    }
  }
  if (statusKnown && state.source === undefined) state.source = 'status';
  return { state, lastState, statusKnown, inferred };
}

/** Declared container ports, as "8080/TCP" and by name. */
function portsOf(sp: JsonObject | undefined): string[] {
  const ports: string[] = [];
  for (const p of objs(sp?.['ports'])) {
    const port = num(p['containerPort']);
    if (port !== undefined) ports.push(`${port}/${str(p['protocol']) ?? 'TCP'}`);
    const pname = nonEmpty(p['name']);
    if (pname) ports.push(pname);
  }
  return ports;
}

/**
 * The container's facts from its spec, status and events, before the families: what the input
 * does not say of it listed in `unknown`. A status entry with its readiness or restart count
 * beside its state is whole (kubectl's YAML always writes lastState; describe prints Last State
 * only when there is one), so a missing last state is known to be none there.
 */
function containerCore(entry: ContainerEntry, events: EventFacts[], told: ToldState, ctx: ContainerInput, specGiven: boolean): ContainerFacts {
  const { name, kind, index, sp, st } = entry;
  const { state, lastState, statusKnown, inferred } = told;
  const unknown: string[] = [];
  const hasState = state.kind !== 'unknown';
  const neverCreated = !hasState && ctx.absentMeansNotCreated && Object.keys(st).every((k) => k === 'name' || k === 'image' || k === 'imageID');
  const whole = neverCreated || (isObject(st['state']) && (st['ready'] !== undefined || st['restartCount'] !== undefined));
  if (!hasState && !neverCreated) unknown.push('state');
  if (lastState.kind === 'unknown' && !whole && inferred?.['lastState'] === undefined) unknown.push('lastState');
  // a container can only be ready while it runs: one known to wait, to have ended or not to be
  // created yet is not ready
  const readyFlag = bool(st['ready']) ?? ((hasState && state.kind !== 'running') || neverCreated ? false : undefined);
  if (readyFlag === undefined) unknown.push('ready');
  const ports = portsOf(sp);
  const resources = obj(sp?.['resources']);
  // kubectl describe prints a port without its name (Port: 8080/TCP): from text, a probe on a
  // named port cannot be checked against the ports
  const probe = (field: string, kind: ProbeKind) => probeFacts(sp?.[field], kind, events, ports, sp?.['image'] !== undefined, ctx, specGiven);
  const killed = (cause: EventCause) => events.length > 0 && events.some((e) => e.cause === cause);
  const c: ContainerFacts = {
    name,
    kind,
    specList: kind === 'init' || kind === 'sidecar' ? 'initContainers' : kind === 'ephemeral' ? 'ephemeralContainers' : 'containers',
    index,
    ...(readyFlag !== undefined ? { ready: readyFlag } : {}),
    // unknown when neither the status nor the events say (a container known from its spec alone)
    ...(count(st['restartCount']) !== undefined || entry.restarts !== undefined || neverCreated ? { restartCount: count(st['restartCount']) ?? entry.restarts ?? 0 } : {}),
    statusKnown,
    unknown,
    state,
    lastState,
    resources: {
      requests: quantities(resources?.['requests']),
      limits: quantities(resources?.['limits']),
    },
    ports,
    probes: { liveness: probe('livenessProbe', 'liveness'), readiness: probe('readinessProbe', 'readiness'), startup: probe('startupProbe', 'startup') },
    events,
    configRefs: configRefs(sp),
    lifecycle: lifecycleHooks(sp),
    mounts: mountsOf(sp),
    // what the kubelet's events say: unknown (absent) when the input does not have them
    ...(ctx.eventsKnown
      ? {
          killedByLiveness: killed('liveness-probe'),
          killedByStartup: killed('startup-probe'),
          killedForNewDefinition: killed('definition-changed'),
        }
      : {}),
    hasSpec: specGiven,
  };
  if (inferred) c.inferred = inferred;
  if (c.restartCount === undefined) unknown.push('restartCount');
  if (!specGiven) unknown.push('spec');
  return c;
}

/** What the spec and status add beside: the newest warning, the image, the command read off its words. */
function specDetails(c: ContainerFacts, entry: ContainerEntry): void {
  const { sp, st } = entry;
  const events = c.events;
  const warning = events.length === 0 ? undefined : events.find((e) => e.type === 'Warning' && e.reason !== undefined && !(e.reason === 'BackOff' && /^Back-off restarting/i.test(e.message ?? '')));
  if (warning) {
    c.warning = { reason: warning.reason as string, count: warning.count };
    setIf(c.warning, 'message', warning.message);
  }
  setIf(c, 'image', nonEmpty(sp?.['image']) ?? nonEmpty(st['image']) ?? entry.image);
  const program = str(arr(sp?.['command'])[0]);
  if (program !== undefined && program.trim() !== '') c.command = redact(program.length > 200 ? `${program.slice(0, 200)}…` : program);
  // how long the command runs, read off its words (never shown: arguments may carry credentials)
  const words = commandWords(sp);
  setIf(c, 'commandSleeps', commandSleeps(words));
  setIf(c, 'scriptProgram', scriptProgram(words));
  setIf(c, 'endlessLoop', endlessLoop(words));
  setIf(c, 'preStopSleepSeconds', preStopSleeps(sp));
  setIf(c, 'imagePullPolicy', nonEmpty(sp?.['imagePullPolicy']));
  const started = bool(st['started']);
  if (started !== undefined) c.started = started;
}

/** A startup probe that has not passed yet: when its failures would have the container killed. */
function startupKillTime(c: ContainerFacts, st: JsonObject, nowMs: number): void {
  const runningSince = time(dig(st, 'state', 'running', 'startedAt'));
  const startup = c.probes.startup;
  if (!startup.defined || runningSince === undefined || c.started === true) return;
  const k = startupKill(runningSince, startup.initialDelaySeconds ?? 0, startup.failureThreshold ?? 3, startup.periodSeconds ?? 10, nowMs);
  startup.killAt = k.killAt;
  startup.killInSeconds = k.killInSeconds;
  startup.killFormula = k.formula;
}

function oneContainer(
  entry: ContainerEntry,
  podEvents: EventFacts[],
  nowMs: number,
  blocked: EventFacts | undefined,
  hasInit: boolean,
  pullSecrets: string[],
  ctx: ContainerInput,
): ContainerFacts {
  const { name, sp, st } = entry;
  const events = podEvents.length === 0 ? [] : podEvents.filter((e) => e.container === name);
  // (a spec entry with its name alone, as a describe fragment of the status keys leaves it: every
  // real spec has an image, so nothing of it was given)
  const specGiven = sp !== undefined && Object.keys(sp).some((k) => k !== 'name');
  const c = containerCore(entry, events, toldState(entry, events, nowMs, blocked, hasInit), ctx, specGiven);
  specDetails(c, entry);
  startupKillTime(c, st, nowMs);
  const scope: ContainerScope = { c, st, events, podEvents, pullSecrets, log: ctx.logs?.[name], nowMs };
  // each family fills the field of its name: the catalogue declares container.<field> as the
  // family's own node (catalog.ts containerFamilyNodes), so the value is of that field's type
  const fields: Record<string, unknown> = c;
  for (const f of CONTAINER_FAMILIES) {
    const v = f.extract(scope);
    if (v !== undefined) fields[f.field] = v;
  }
  return c;
}
