// Kubernetes label selectors (the -l syntax): "app=web,tier!=db,env in (prod,stage),!canary,gpu".

import { UsageError } from '../model/errors.js';

type Requirement =
  | { op: 'eq' | 'ne'; key: string; value: string }
  | { op: 'in' | 'notin'; key: string; values: Set<string> }
  | { op: 'exists' | 'absent'; key: string };

export type LabelSelector = (labels: Record<string, string>) => boolean;

/** Split on commas that are not inside parentheses. */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((x) => x.trim()).filter((x) => x !== '');
}

const KEY = /^[A-Za-z0-9][-A-Za-z0-9_./]*$/;

export function parseSelector(src: string): LabelSelector {
  const reqs: Requirement[] = [];
  for (const part of splitTop(src)) {
    let m = /^(\S+?)\s*(==|=|!=)\s*(\S*)$/.exec(part);
    if (m && KEY.test(m[1] as string)) {
      reqs.push({ op: m[2] === '!=' ? 'ne' : 'eq', key: m[1] as string, value: m[3] as string });
      continue;
    }
    m = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(part);
    if (m && KEY.test(m[1] as string)) {
      const values = new Set((m[3] as string).split(',').map((v) => v.trim()).filter((v) => v !== ''));
      reqs.push({ op: m[2] as 'in' | 'notin', key: m[1] as string, values });
      continue;
    }
    m = /^(!?)\s*(\S+)$/.exec(part);
    if (m && KEY.test(m[2] as string)) {
      reqs.push({ op: m[1] ? 'absent' : 'exists', key: m[2] as string });
      continue;
    }
    throw new UsageError(`invalid label selector "${src}" near "${part}" — use the kubectl syntax, e.g. -l app=web,tier!=db`);
  }
  return (labels) =>
    reqs.every((r) => {
      const has = Object.prototype.hasOwnProperty.call(labels, r.key);
      const v = labels[r.key];
      switch (r.op) {
        case 'eq':
          return has && v === r.value;
        case 'ne':
          return !has || v !== r.value;
        case 'in':
          return has && r.values.has(v as string);
        case 'notin':
          return !has || !r.values.has(v as string);
        case 'exists':
          return has;
        case 'absent':
          return !has;
      }
      return false;
    });
}
