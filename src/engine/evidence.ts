// Evidence paths shown to users point at the pod as they know it: "containers[app].lastState.
// terminated.reason", "status.conditions[PodScheduled].message", "events[FailedMount].message",
// not at podwhy's internal fact names.

import { resolvePath, type LeafNode } from '../facts/catalog.js';
import type { ContainerFacts, EventOrigin } from '../facts/types.js';
import type { CompiledRule, Vars } from '../rules/types.js';
import { isObject, safeString } from '../util/json.js';
import { oneLine } from '../util/sanitize.js';

const tail = (rest: readonly string[]) => (rest.length > 0 ? `.${rest.join('.')}` : '');

/**
 * Display paths that depend on the path alone (not on an alias's element or the container), by
 * the rule's segments array: a finding's evidence is shown for every pod it fires on, and the
 * path was worked out (joined, looked up in the catalogue) again each time.
 */
const staticPaths = new WeakMap<readonly string[], string>();

export function containerPrefix(c: Pick<ContainerFacts, 'kind' | 'name'>): string {
  const list = c.kind === 'init' || c.kind === 'sidecar' ? 'initContainers' : c.kind === 'ephemeral' ? 'ephemeralContainers' : 'containers';
  return `${list}[${oneLine(c.name)}]`;
}

export function displayPath(segments: readonly string[], vars: Vars, rule: Pick<CompiledRule, 'aliasLists'>, depth = 0): string {
  const root = segments[0] as string;
  const alias = rule.aliasLists.size > 0 ? rule.aliasLists.get(root) : undefined;
  if (alias && depth < 4) {
    const el = vars[root];
    const key = alias.keyField && isObject(el) ? el[alias.keyField] : typeof el === 'string' ? el : undefined;
    const list = displayPath(alias.list.split('.'), vars, rule, depth + 1);
    return `${list}[${key === undefined ? '' : oneLine(safeString(key))}]${tail(segments.slice(1))}`;
  }
  const c = vars['container'];
  if (root === 'container' && isObject(c) && typeof c['name'] === 'string') {
    const kind = c['kind'];
    return `${containerPrefix({ name: c['name'], kind: kind === 'init' || kind === 'sidecar' || kind === 'ephemeral' ? kind : 'regular' })}${tail(segments.slice(1))}`;
  }
  let known = staticPaths.get(segments);
  if (known === undefined) {
    known = staticPath(segments);
    staticPaths.set(segments, known);
  }
  return known;
}

/** The display path of a fact path that names no alias and no bound container. */
function staticPath(segments: readonly string[]): string {
  const [root, ...rest] = segments as [string, ...string[]];
  if (root === 'conditions' && rest.length > 0) return `status.conditions[${rest[0]}]${tail(rest.slice(1))}`;
  if (root === 'pod') {
    const node = resolvePath(segments.join('.'));
    if (node && 'display' in node && (node as LeafNode).display) return (node as LeafNode).display as string;
  }
  return segments.join('.');
}

/** Roots whose facts come from a container's log. */
const LOG_PATH = /^(?:container|[a-z]\w*)\.logs\./;

/**
 * The event a fact was read from, when the status did not carry it: a field a pod or container
 * has in its `inferred` map (container.state, pod.nodeName), or the message of a fact object
 * made from an event (mount, sandbox, imagePull… with `event` set).
 */
export function eventOrigin(segments: readonly string[], vars: Vars): EventOrigin | undefined {
  const [root, field] = segments;
  const r = root !== undefined ? vars[root] : undefined;
  if (isObject(r) && field !== undefined) {
    const inferred = r['inferred'];
    const o = isObject(inferred) && Object.hasOwn(inferred, field) ? inferred[field] : undefined;
    if (isObject(o) && typeof o['reason'] === 'string') return { reason: o['reason'], ...(typeof o['message'] === 'string' ? { message: o['message'] } : {}) };
  }
  if (segments.length >= 2 && segments[segments.length - 1] === 'message') {
    let o: unknown = r;
    for (let i = 1; i < segments.length - 1; i++) o = isObject(o) ? o[segments[i] as string] : undefined;
    if (isObject(o) && typeof o['event'] === 'string' && typeof o['message'] === 'string') return { reason: o['event'], message: o['message'] };
  }
  return undefined;
}

/** Where an evidence value came from, when not from the pod object itself: an event, a log, or kubectl text. */
export function evidenceSource(segments: readonly string[], vars: Vars, rule: Pick<CompiledRule, 'aliasLists'>): 'event' | 'log' | 'text' | undefined {
  const alias = rule.aliasLists.size > 0 ? rule.aliasLists.get(segments[0] as string) : undefined;
  if (alias && /(?:^|\.)events$/.test(alias.list)) return 'event';
  let known = staticSources.get(segments);
  if (known === undefined) {
    known = segments[0] === 'events' || (segments[0] === 'container' && segments[1] === 'events') ? 'event' : LOG_PATH.test(segments.join('.')) ? 'log' : null;
    staticSources.set(segments, known);
  }
  if (known !== null) return known;
  return vars['fromText'] === true ? 'text' : undefined;
}

/** What a path alone says of where its value came from (null: nothing), by the rule's segments array. */
const staticSources = new WeakMap<readonly string[], 'event' | 'log' | null>();
