// Which pods of an input a run diagnoses, as kubectl would select them (the pod argument, -n, -A,
// -l, --field-selector, -c), and the verdict a run gives (--fail-on). Used by the CLI, the MCP
// server and the library face alike.

import type { PodDiagnosis } from '../engine/types.js';
import { parseFieldSelector } from '../kubectl/field-selector.js';
import { parseSelector } from '../kubectl/selector.js';
import { InputError, UsageError } from '../model/errors.js';
import type { PodInput, Snapshot } from '../model/input.js';
import { atOrAbove, type FailOn } from '../model/vocabulary.js';
import { nonEmpty, obj, str, type JsonObject } from '../util/json.js';
import { oneLine } from '../util/sanitize.js';

/** How pods are picked from an input or a namespace, as kubectl's flags pick them. */
export interface PodFilter {
  namespace?: string;
  allNamespaces?: boolean;
  /** A label selector (-l): `app=web,tier!=db`, `env in (a,b)`. */
  selector?: string;
  /** A field selector: `status.phase!=Running`, `spec.nodeName=n1`. */
  fieldSelector?: string;
}

/** Check the selectors of a filter before anything is read: a UsageError for one that does not parse. */
export function checkFilter(filter: PodFilter): void {
  if (filter.selector !== undefined) parseSelector(filter.selector);
  if (filter.fieldSelector !== undefined) parseFieldSelector(filter.fieldSelector);
}

function labelsOf(p: PodInput): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(obj(p.pod['metadata'])?.['labels']) ?? {})) {
    const s = str(v);
    if (s !== undefined) out[k] = s;
  }
  return out;
}

/** Narrow the input's pods by the pod argument, -n and -l, as kubectl would select them. */
export function selectPods(snapshot: Snapshot, pod: string | undefined, flags: PodFilter): PodInput[] {
  let pods = snapshot.pods;
  const nsOf = (p: PodInput) => nonEmpty(obj(p.pod['metadata'])?.['namespace']) ?? 'default';
  const nameOf = (p: PodInput) => nonEmpty(obj(p.pod['metadata'])?.['name']);
  if (flags.namespace && !flags.allNamespaces) pods = pods.filter((p) => nsOf(p) === flags.namespace);
  if (flags.selector !== undefined) {
    const match = parseSelector(flags.selector);
    pods = pods.filter((p) => match(labelsOf(p)));
  }
  if (flags.fieldSelector !== undefined) {
    const match = parseFieldSelector(flags.fieldSelector);
    pods = pods.filter((p) => match(p.pod));
  }
  if (pod !== undefined) {
    const name = podName(pod);
    const found = pods.filter((p) => nameOf(p) === name);
    if (found.length === 0) {
      const names = pods.map(nameOf).filter((n): n is string => n !== undefined);
      const hint = names.length > 0 ? ` (the input has ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''})` : '';
      throw new InputError(`pod "${name}" not found in the input${hint} — check the name and namespace`);
    }
    pods = found;
  }
  return pods;
}

/** A pod's containers by kind, from its spec and (for what a trimmed spec lacks) its status. */
export function podContainers(pod: JsonObject): { app: string[]; init: string[]; ephemeral: string[] } {
  const spec = obj(pod['spec']) ?? {};
  const status = obj(pod['status']) ?? {};
  const names = (...lists: unknown[]) => [
    ...new Set(lists.flatMap((l) => (Array.isArray(l) ? l : [])).map((c) => nonEmpty(obj(c)?.['name'])).filter((n): n is string => n !== undefined)),
  ];
  return {
    app: names(spec['containers'], status['containerStatuses']),
    init: names(spec['initContainers'], status['initContainerStatuses']),
    ephemeral: names(spec['ephemeralContainers'], status['ephemeralContainerStatuses']),
  };
}

function hasContainer(p: PodInput, name: string): boolean {
  const c = podContainers(p.pod);
  return c.app.includes(name) || c.init.includes(name) || c.ephemeral.includes(name);
}

/**
 * -c NAME: the pods that have that container. One pod without it is an error worded like the API
 * server's for `kubectl logs -c` ("container X is not valid for pod Y"), listing the choices.
 */
export function selectContainer(pods: PodInput[], container: string, named: boolean): PodInput[] {
  const kept = pods.filter((p) => hasContainer(p, container));
  if (kept.length > 0 && (!named || kept.length === pods.length)) return kept;
  const list = (xs: string[]) => xs.map(oneLine).join(', ');
  if (pods.length === 1 || named) {
    const p = pods.find((x) => !hasContainer(x, container)) as PodInput;
    const c = podContainers(p.pod);
    const choices = [
      c.app.length > 0 ? `choose one of: ${list(c.app)}` : 'the pod lists no containers',
      ...(c.init.length > 0 ? [`or one of the init containers: ${list(c.init)}`] : []),
      ...(c.ephemeral.length > 0 ? [`or one of the ephemeral containers: ${list(c.ephemeral)}`] : []),
    ];
    const name = nonEmpty(obj(p.pod['metadata'])?.['name']) ?? '?';
    throw new InputError(`container ${oneLine(container)} is not valid for pod ${oneLine(name)} — ${choices.join(' ')}`);
  }
  const seen = [...new Set(pods.flatMap((p) => Object.values(podContainers(p.pod)).flat()))].sort();
  throw new InputError(
    `container ${oneLine(container)} is in none of the ${pods.length} pods — their containers: ${list(seen.slice(0, 10))}${seen.length > 10 ? ', …' : ''}`,
  );
}

/** Notes (unreadable reads) that every pod carries: a namespace-wide 403 on events, say. */
export function sharedNotes(pods: readonly PodInput[]): Set<string> {
  let shared: Set<string> | undefined;
  for (const p of pods) {
    const mine = new Set(p.unreadable ?? []);
    shared = shared === undefined ? mine : new Set([...shared].filter((n) => mine.has(n)));
    if (shared.size === 0) break;
  }
  return shared ?? new Set();
}

/** Exit status for a diagnosis: 1 when any finding is at or above --fail-on. */
export function exitStatus(pods: readonly { findings: readonly { severity: PodDiagnosis['findings'][number]['severity'] }[] }[], failOn: FailOn): number {
  return pods.some((p) => p.findings.some((f) => atOrAbove(f.severity, failOn))) ? 1 : 0;
}

/** "pod/web", "pods/web", "web" → "web". */
export function podName(arg: string): string {
  const m = /^(?:pods?|po)\/(.+)$/.exec(arg);
  const name = m ? (m[1] as string) : arg;
  if (name === '' || name.includes('/')) throw new UsageError(`"${arg}" is not a pod name — use NAME, pod/NAME or pods/NAME`);
  return name;
}

/** -c NAME: findings about other containers are left out; pod-level findings stay. */
export function onlyContainer(d: PodDiagnosis, container: string | undefined): PodDiagnosis {
  if (container !== undefined) d.findings = d.findings.filter((f) => f.container === undefined || f.container === container);
  return d;
}

