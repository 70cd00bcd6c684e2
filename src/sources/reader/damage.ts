// Damaged structured input: a YAML or JSON document that breaks (invalid YAML, JSON cut short, a
// List cut in the middle of its items). Pasted text is read tolerantly, line by line (./text.ts);
// input that *is* a YAML or JSON document from its first line is not a paste, and a break in it
// means the file is damaged: a CI job's truncated download, a disk that filled up, a hand edit.
// What came before the break is still read, but the run must not pass: the reader reports where
// it broke (a Damage), and the command exits 2 with `file:line:column` after its output.
//
// Which input is a document (isStructuredStart; decided once, from the input's first lines, after
// a fixture's header; always at column 0: an indented line is a paste's, a window into a describe):
//   - JSON: its first line that is not blank starts with `{` and then a key or `}`, or with `[` and
//     then `{` or `]`: an object, or an array of objects, as `kubectl get -o json` and jq write them;
//   - YAML: its first line that is not blank, a comment, `---` or a `%` directive is a top-level
//     key of a Kubernetes object at column 0 (`apiVersion:`, `kind:`, `metadata:`, `spec:`,
//     `status:`, `items:`), or `- ` and one of them (a bare list of objects, as yq writes it);
//   - anything else (kubectl's human-readable output, prose or a Markdown fence with YAML inside
//     it, a prompt line before the output) is text, and text never counts as damaged.
//
// What breaks a document:
//   - YAML js-yaml cannot read (a stray tab, bad indentation, an unclosed quote or bracket): at
//     the line and column js-yaml names; a break on the last line of an input that does not end
//     with a line break is the input cut there;
//   - a List as kubectl writes it (apiVersion, items, kind, metadata: its keys are sorted) whose
//     last key is `items:` and that has no `kind:`: cut inside its items, at the input's end;
//   - JSON that is neither one JSON value, nor a stream of them, nor YAML (flow YAML is a superset
//     of JSON: a trailing comma reads): at the first character that is not JSON (scanJson). The
//     items of a List in kubectl's JSON layout are strict JSON, since YAML would read
//     `"restartPolicy": ,` as null and hide the fault;
//   - limits (anchors, nesting, size, the number of documents) are refusals, not breaks: nothing
//     is read.
//
// What of it is read: the documents before the break; the document it broke in as far as it was
// complete, if that says anything (hasSubstance); of a List (or a top-level JSON array) only its
// complete items, never the one the break is in (a cut item is not a pod with fewer problems, it
// is a pod podwhy did not see). Nothing after the break. A document that is cut exactly at its
// end (a YAML stream cut at `---`, JSON after its closing brace) is not damaged.

import { InputError } from '../../model/errors.js';
import type { Damage } from '../../model/input.js';

export type { Damage };

/** `FILE:LINE:COL: what — todo`: the line the CLI prints after `podwhy: `. */
export function damageLine(d: Damage): string {
  return `${d.file}:${d.line}:${d.column}: ${d.what} — ${d.todo}`;
}

/**
 * A YAML or JSON document broke at a known place. Its message is the error a reader of pasted
 * text reports when nothing could be recovered (unchanged from before damage was told apart);
 * `line` and `column` are 1-based, counted in the text the reader was given; `cut` says the break
 * is the end of the input (the document was cut short) rather than a fault in the middle of it.
 */
export class BreakError extends InputError {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
    readonly what: string,
    readonly cut = false,
  ) {
    super(message);
  }
}

/** A List cut inside its items: its complete items were read, the last one (maybe cut) was not. */
export class CutListError extends BreakError {
  constructor(
    file: string,
    line: number,
    column: number,
    /** The line of the item left out, when there was one. */
    readonly lastItem: number | undefined,
    what = 'the List ends inside its items, without the "kind:" kubectl writes after them',
  ) {
    super(`${file}: ${what} at line ${line} — the file is cut short`, line, column, what, true);
  }
}

/** The Damage a break makes: where (its lines shifted by `offset`, the lines before this input in its file), what broke, what was read. */
export function damageOf(file: string, b: BreakError, offset = 0): Damage {
  const todo =
    b instanceof CutListError
      ? `its complete items were read${b.lastItem !== undefined ? `, not the last one (line ${b.lastItem + offset}), which may be cut` : ''}; save the whole output of kubectl again`
      : b.cut
        ? 'the input is cut short there: what came before was read; save the whole output of kubectl again'
        : 'what came before it was read; fix the file, or save the output of kubectl again';
  return { file, line: b.line + offset, column: b.column, what: b.what, todo };
}

/** The top-level keys of a Kubernetes object, as kubectl writes them (sorted: apiVersion first). */
const OBJECT_KEY = /^(?:- )?(?:apiVersion|kind|metadata|spec|status|items)[ \t]*:(?:[ \t]|$)/;
/** An object or an array of objects, as kubectl and jq write JSON. */
const JSON_START = /^(?:\{\s*["}]|\[\s*[{\]])/;

/**
 * Does this input (from the start of its first line that is not blank) begin as a YAML or JSON
 * document rather than as text? See the rule at the top of this file. Only the first lines are
 * looked at; `head` may be cut anywhere after them.
 */
export function isStructuredStart(head: string): boolean {
  if (head.charCodeAt(0) === 0x7b || head.charCodeAt(0) === 0x5b) return JSON_START.test(head.slice(0, 256));
  let at = 0;
  // at most a few hundred lines of comments and markers before the first key
  for (let n = 0; n < 512 && at < head.length; n++) {
    const nl = head.indexOf('\n', at);
    const line = head.slice(at, nl < 0 ? head.length : nl);
    at = nl < 0 ? head.length : nl + 1;
    const t = line.trim();
    if (t === '' || t.startsWith('#') || (line.startsWith('%') && /^%(?:YAML|TAG)\b/.test(line))) continue;
    if (/^---[ \t]*(?:#.*)?$/.test(line)) continue;
    return OBJECT_KEY.test(line);
  }
  return false;
}

/**
 * Whether what was read of an object before a break says anything: a value other than its kind
 * and apiVersion, at any depth. `{"kind": "Pod", "metadata": {}` is not worth a diagnosis.
 */
export function hasSubstance(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasSubstance);
  if (typeof v === 'object' && v !== null) return Object.entries(v).some(([k, x]) => k !== 'kind' && k !== 'apiVersion' && (typeof x === 'object' && x !== null ? hasSubstance(x) : x !== null && x !== undefined));
  return v !== null && v !== undefined;
}

/** 1-based line and column just after the last character of `text` that is not whitespace; `from` is the line text starts on. */
export function endOf(text: string, from: number): { line: number; column: number } {
  let end = text.length;
  while (end > 0 && /\s/.test(text.charAt(end - 1))) end--;
  return positionOf(text, end, from);
}

/** 1-based line and column of offset `at` in `text`, whose first line is line `from`. */
export function positionOf(text: string, at: number, from: number): { line: number; column: number } {
  let line = from;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: at - start + 1 };
}
