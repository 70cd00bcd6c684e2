// What an input is, from its first lines: kubectl's human-readable output (describe, tables), YAML,
// or something else. Apart from the readers of that text (kubectl-text.ts and the paste and
// describe parsers behind it, loaded only when text comes: sources/text-reader.ts), so that YAML
// and JSON input loads none of them.

import { kubectlTextKind, meaningfulLines, SNIFF_DEPTH, type TextKind } from './text/describe-lines.js';

/** Look at this much of the input before deciding what it is. */
export const SNIFF_LINES = 24;

export type Sniffed = { kind: 'kubectl'; text: TextKind } | { kind: 'yaml' } | { kind: 'unknown' } | { kind: 'other-describe' };

/** Enough of the head to decide? (a few meaningful lines, or the end of the input) */
export function canSniff(head: string): boolean {
  // never hold (or rescan) more than this: a flood of blank lines must not cost quadratic time
  if (head.length > 64 * 1024) return true;
  let n = 0;
  let at = 0;
  while (n < SNIFF_LINES) {
    const i = head.indexOf('\n', at);
    if (i < 0) return head.length > 64 * 1024;
    if (head.slice(at, i).trim() !== '') n++;
    at = i + 1;
  }
  return true;
}

const YAMLISH = /^(?:---|\.\.\.|%(?:YAML|TAG)\b|#|-(?: |$)|[{["'!&*|>?]|[^\s:#][^\n]*?:(?: |$))/;

export function sniff(head: string): Sniffed {
  const lines = meaningfulLines(head, SNIFF_DEPTH);
  const text = kubectlTextKind(lines);
  if (text === 'describe-other') return { kind: 'other-describe' };
  if (text) return { kind: 'kubectl', text };
  const first = lines[0];
  if (first === undefined) return { kind: 'yaml' };
  // A line of YAML: a key, a list entry, a document marker, a comment, a flow collection.
  if (YAMLISH.test(first.text)) return { kind: 'yaml' };
  return { kind: 'unknown' };
}
