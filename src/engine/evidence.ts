// Evidence paths shown to users point at the pod as they know it: "containers[app].lastState.
// terminated.reason", "status.conditions[PodScheduled].message", "events[FailedMount].message",
// not at podwhy's internal fact names.

import { resolvePath, type LeafNode } from '../facts/catalog.js';
import type { ContainerFacts } from '../facts/types.js';
import type { CompiledRule, Vars } from '../rules/types.js';
import { isObject, safeString } from '../util/json.js';
import { oneLine } from '../util/sanitize.js';

const tail = (rest: string[]) => (rest.length > 0 ? `.${rest.join('.')}` : '');

export function containerPrefix(c: Pick<ContainerFacts, 'kind' | 'name'>): string {
  const list = c.kind === 'init' || c.kind === 'sidecar' ? 'initContainers' : c.kind === 'ephemeral' ? 'ephemeralContainers' : 'containers';
  return `${list}[${oneLine(c.name)}]`;
}

export function displayPath(segments: readonly string[], vars: Vars, rule: Pick<CompiledRule, 'aliasLists'>, depth = 0): string {
  const [root, ...rest] = segments as [string, ...string[]];
  const alias = rule.aliasLists.get(root);
  if (alias && depth < 4) {
    const el = vars[root];
    const key = alias.keyField && isObject(el) ? el[alias.keyField] : typeof el === 'string' ? el : undefined;
    const list = displayPath(alias.list.split('.'), vars, rule, depth + 1);
    return `${list}[${key === undefined ? '' : oneLine(safeString(key))}]${tail(rest)}`;
  }
  if (root === 'container' && isObject(vars['container'])) {
    return `${containerPrefix(vars['container'] as unknown as ContainerFacts)}${tail(rest)}`;
  }
  if (root === 'conditions' && rest.length > 0) return `status.conditions[${rest[0]}]${tail(rest.slice(1))}`;
  if (root === 'pod') {
    const node = resolvePath(segments.join('.'));
    if (node && 'display' in node && (node as LeafNode).display) return (node as LeafNode).display as string;
  }
  return segments.join('.');
}
