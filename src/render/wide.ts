// -o wide: one row per pod in kubectl's plain table style (columns three spaces apart, headers
// in capitals, `<none>` for an empty cell, nothing cut): kubectl get pods' NAMESPACE, NAME,
// READY, STATUS, RESTARTS and AGE, and NODE from its -o wide, then what podwhy adds: the root cause's rule id, its
// severity and the container it is about.

import type { PodDiagnosis } from '../engine/types.js';
import { oneLine } from '../util/sanitize.js';
import { cell } from './cells.js';
import { padEnd, width } from './layout.js';

export const WIDE_HEADERS = ['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', 'NODE', 'ROOT CAUSE', 'SEVERITY', 'CONTAINER'] as const;

const NONE = '<none>';

/** The row of one pod; the root cause is the first root-cause finding (findings are ordered). */
export function wideRow(p: PodDiagnosis): string[] {
  const root = p.findings.find((f) => f.role === 'root-cause');
  return [
    cell(p.namespace),
    cell(p.name),
    // what the input does not show is <unknown>, never a made-up 0/0, blank or 0
    cell(p.kubectl.ready),
    cell(p.kubectl.status),
    cell(p.kubectl.restarts),
    p.kubectl.age,
    // kubectl's <none> for a pod no node was given to; <unknown> when pasted text does not say
    p.facts.pod.nodeName ?? (p.source?.format ? cell(undefined) : NONE),
    root?.rule ?? NONE,
    root?.severity ?? NONE,
    root?.container ? oneLine(root.container) : NONE,
  ];
}

/**
 * The rows of pods in a many-pod -o wide table: healthy pods only when `all` (or when there is
 * one pod), and how many were left out. The same on the main thread and in a worker thread.
 */
export function wideRows(ps: readonly PodDiagnosis[], all: boolean): { rows: string[][]; hidden: number } {
  const rows: string[][] = [];
  let hidden = 0;
  for (const p of ps) {
    if (p.healthy && !all) hidden++;
    else rows.push(wideRow(p));
  }
  return { rows, hidden };
}

/** kubectl's table: every column as wide as its widest cell plus three spaces; no trailing blanks. */
export function renderWide(rows: string[][], headers = true): string {
  const all = headers ? [[...WIDE_HEADERS], ...rows] : rows;
  if (all.length === 0) return '';
  const widths = WIDE_HEADERS.map((_, i) => Math.max(...all.map((r) => width(r[i] ?? ''))));
  return all
    .map((r) =>
      r
        .map((cell, i) => (i === r.length - 1 ? cell : padEnd(cell, (widths[i] ?? 0) + 3)))
        .join('')
        .replace(/\s+$/, ''),
    )
    .map((l) => `${l}\n`)
    .join('');
}
