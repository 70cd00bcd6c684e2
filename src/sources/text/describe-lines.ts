// The ground under the `kubectl describe` reader (describe.ts) and the paste reader (paste.ts):
// text cut into numbered lines, what kind of kubectl text it is, describe's times and ages, and
// the warning context both readers write to. Moved out of describe.ts unchanged.

import { InputError } from '../../model/errors.js';
import { stripControls } from '../../util/sanitize.js';
import type { JsonObject } from '../../util/json.js';
import type { ContainerLog, MissingFact, TextFormat } from '../../model/input.js';
import { dropAnnotation, EVENTS_TABLE_HEADER, PODS_TABLE_HEADER } from './paste-lines.js';

/** Lines longer than this are cut (a message of megabytes is not what kubectl prints). */
export const MAX_LINE = 64 * 1024;
/** More pods than this in one text is refused by the caller's document limit; stop reading here. */
export const MAX_PODS = 100_000;
/** At most this many warnings per text; the rest are counted. */
export const MAX_WARNINGS = 20;

export interface TextObject {
  value: JsonObject;
  line: number;
}

export interface TextInput {
  /** What kind of text the object came from (SourceRef.format). */
  format: TextFormat;
  /** Facts the text lacks for this pod, each with the command that shows them. */
  missing: MissingFact[];
  warnings: string[];
  /** The instant the text was taken (epoch ms), as far as it can be told. */
  capturedAt: number;
  /** A pod made up from the events that name it; dropped when the input gives the pod itself. */
  placeholder?: boolean;
  /** Log tails pasted with the text (`kubectl logs` output), by container. */
  logs?: Record<string, ContainerLog>;
  /** kubectl was told the pod's node does not exist ('nodes "x" not found'). */
  nodeGone?: boolean;
  /** The node's disk as a df table pasted with the pod shows it ("/ (/dev/root) 90% used, 895M of 8.7G available"). */
  nodeDisk?: string;
}

/** Extra facts about a Pod object that came from kubectl's text output (not its YAML). */
const inputs = new WeakMap<object, TextInput>();

/** What podwhy knows about a Pod object read from text, or undefined for YAML/JSON pods. */
export function textInputOf(pod: object): TextInput | undefined {
  return inputs.get(pod);
}

export function markTextInput(pod: object, info: TextInput): void {
  inputs.set(pod, info);
}

// ---- small readers ------------------------------------------------------------------------------

const MONTHS: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };
const RFC1123 = /^(?:[A-Z][a-z]{2}, )?(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}) (\d\d):(\d\d):(\d\d) (?:([+-])(\d\d)(\d\d)|([A-Z]{2,5}))$/;

/** "Sun, 02 Mar 2025 09:58:00 +0000" (RFC1123Z, and RFC1123 with a zone name) → epoch ms. */
export function parseRfc1123(s: string): number | undefined {
  const m = RFC1123.exec(s.trim());
  if (!m) return undefined;
  const month = MONTHS[m[2] as string];
  if (month === undefined) return undefined;
  const d = new Date(Date.UTC(2000, month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6])));
  // years before 100 are taken literally (Date.UTC would read 0001 as 1901)
  d.setUTCFullYear(Number(m[3]));
  let t = d.getTime();
  if (m[7]) {
    const off = (Number(m[8]) * 60 + Number(m[9])) * 60_000;
    t += m[7] === '+' ? -off : off;
  } else if (m[10] && m[10] !== 'UTC' && m[10] !== 'GMT') {
    return undefined; // a zone abbreviation we cannot resolve
  }
  return Number.isFinite(t) ? t : undefined;
}

const AGE = /^(?:\d+[ydhms])+$/;
/** kubectl's HumanDuration ("3m", "2m30s", "5d4h", "2y10d") → seconds. Undefined for <unknown>. */
export function parseAge(s: string): number | undefined {
  const t = s.trim();
  if (!AGE.test(t)) return undefined;
  const unit: Record<string, number> = { y: 365 * 86400, d: 86400, h: 3600, m: 60, s: 1 };
  let sum = 0;
  for (const m of t.matchAll(/(\d+)([ydhms])/g)) sum += Number(m[1]) * (unit[m[2] as string] ?? 0);
  return sum;
}

export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
export const none = (v: string | undefined) => v === undefined || v === '' || v === '<none>' || v === '<unset>' || v === '<unknown>';

export interface Line {
  /** 1-based line number in the input. */
  n: number;
  indent: number;
  /** The line without its indentation and trailing spaces. */
  text: string;
  /** A line the reader put back (not in the text): a state block's "Last State:" line whose slot is a guess. */
  guessed?: boolean;
  /** The line was inside a Markdown code fence (where no editor wraps lines: a wrap there is a terminal's). */
  fenced?: boolean;
}

/** "Key:   value" → [key, value]; "Key:" → [key, '']. Keys are words with spaces, dashes, dots. */
export function keyValue(text: string): [string, string] | undefined {
  const m = /^([A-Za-z][\w .\/-]{0,60}?):(?:[ ]+(.*))?$/.exec(text);
  if (!m) return undefined;
  return [m[1] as string, dropAnnotation((m[2] ?? '').trim())];
}

// ---- text → lines -------------------------------------------------------------------------------

/** Prompt lines users paste with the output: "$ kubectl describe pod x", "user@host:~# kubectl …". */
const PROMPT = /^(?:(?:PS )?\S{0,80}?[$#%>] ?)?(?:kubectl|oc|k|kubectl\.exe)(?: +\S+)* *$/;

/** More lines than this (not counting blank ones) is refused: describe text of 10 000 pods has far fewer. */
export const MAX_LINES = 2_000_000;

/**
 * The text's non-blank lines, with their numbers, indentation (tabs as two spaces) and no
 * controls; only the first `limit` of them when it is given.
 */
export function toLines(text: string, file = '<input>', limit = Infinity): Line[] {
  const out: Line[] = [];
  const t = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  let n = 0;
  let at = 0;
  while (at <= t.length) {
    let end = t.indexOf('\n', at);
    if (end < 0) end = t.length;
    n++;
    if (end > at) {
      let s = t.slice(at, Math.min(end, at + MAX_LINE));
      if (s.trim() !== '') {
        s = stripControls(s.replace(/\t/g, '  ')).replace(/\s+$/, '');
        if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
        const body = s.trimStart();
        if (body !== '') {
          if (out.length >= MAX_LINES) throw new InputError(`${file}: more than ${MAX_LINES} lines of kubectl text — split the input`);
          out.push({ n, indent: s.length - body.length, text: body });
          if (out.length >= limit) break;
        }
      }
    }
    at = end + 1;
  }
  return out;
}

export function isPrompt(text: string): boolean {
  return /\b(?:kubectl|oc)\b|^\S{0,80}?[$#%>] *k +\w/.test(text) && PROMPT.test(text);
}

// ---- detection ----------------------------------------------------------------------------------

export type TextKind = 'describe' | 'events-table' | 'pods-table' | 'events-section' | 'describe-other' | 'journal';

/**
 * The first line of a node's journal: a syslog or journalctl prefix naming the kubelet or a
 * container runtime, klog's header, or a runtime's logfmt (journal.ts reads them; this only tells
 * the text from YAML, which "Dec 04 10:00:00 node-1 kubelet[1234]: …" would parse as).
 */
const JOURNAL_HEAD = /^(?:- )?(?:(?:[A-Z][a-z]{2} +\d{1,2} \d\d:\d\d:\d\d(?:\.\d+)?|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\S*)\s+[\w.-]+\s+(?:kubelet|containerd|crio|dockerd|k3s|k3s-agent|k3s-server|rke2-agent|rke2-server|kubelite|microk8s\.daemon-kubelite)(?:\[\d+\])?:\s|[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+ [\w.-]+\.go:\d+\] |time="[^"]*" level=\w+ msg=)/;

export const EVENTS_HEADER = EVENTS_TABLE_HEADER;
export const PODS_HEADER = PODS_TABLE_HEADER;

/**
 * What kind of kubectl text this is, from its first meaningful lines; undefined when it is not
 * kubectl's text output (YAML, JSON, or something else).
 */
export function sniffKubectlText(head: string): TextKind | undefined {
  return kubectlTextKind(meaningfulLines(head, SNIFF_DEPTH));
}

/** How many meaningful lines kubectlTextKind looks at, at most. */
export const SNIFF_DEPTH = 24;

/**
 * The first `count` lines of the head (its first 64 KB) that carry something: not blank, not a
 * shell prompt with a kubectl command. Only as much of the text is cut into lines as that takes.
 */
export function meaningfulLines(head: string, count: number): Line[] {
  const text = head.length > 64 * 1024 ? head.slice(0, 64 * 1024) : head;
  for (let limit = 2 * count; ; limit *= 4) {
    const lines = toLines(text, '<input>', limit);
    const meaningful = lines.filter((l) => !isPrompt(l.text));
    // enough of them, or the whole text was cut
    if (meaningful.length >= count || lines.length < limit) return meaningful.slice(0, count);
  }
}

/** What kind of kubectl text these (meaningful) first lines are, if any (see sniffKubectlText). */
export function kubectlTextKind(lines: readonly Line[]): TextKind | undefined {
  const first = lines[0];
  if (!first) return undefined;
  // a table's header may follow a line or two of the ticket's own words
  for (const l of lines.slice(0, 4)) {
    if (EVENTS_HEADER.test(l.text)) return 'events-table';
    if (PODS_HEADER.test(l.text)) return 'pods-table';
  }
  if (/^Events:(?: +<none>)?$/.test(first.text) && (lines[1] === undefined || /^(?:Type +Reason +Age|FirstSeen +LastSeen)/.test(lines[1].text))) return 'events-section';
  if (/^Type +Reason +Age +From +Message$/.test(first.text)) return 'events-section';
  if (JOURNAL_HEAD.test(first.text)) return 'journal';
  // "Name:" may follow a line or two of other text (a kubectl warning, a sentence of the ticket)
  const nameAt = lines.slice(0, 12).findIndex((l) => /^Name: +\S/.test(l.text));
  if (nameAt >= 0) {
    // A YAML mapping could start with "Name: x" too; describe output has these keys next.
    const keys = lines.slice(nameAt + 1, nameAt + 12).map((l) => keyValue(l.text)?.[0]);
    // a pod's describe always has a Node (Host before kubectl 1.1) line; other kinds do not
    if (keys.includes('Namespace') && (keys.includes('Node') || keys.includes('Host'))) return 'describe';
    if (keys.filter((k) => k !== undefined && /^[A-Z]/.test(k)).length >= 3) return 'describe-other';
  }
  return undefined;
}

export interface Ctx {
  file: string;
  /** The instant the text was taken, when the caller knows it; else estimated per pod. */
  now: number | undefined;
  warnings: string[];
  dropped: number;
  /** When set, lines skipped are listed here rather than warned about one by one. */
  skippedLines?: number[];
}

export function warn(ctx: Ctx, msg: string): void {
  // the paste reader counts the lines it skips in one warning of its own
  const skipped = ctx.skippedLines ? /^(\d+): .*: skipped$/.exec(msg) : null;
  if (skipped) ctx.skippedLines?.push(Number(skipped[1]));
  else if (ctx.warnings.length < MAX_WARNINGS) ctx.warnings.push(`${ctx.file}:${msg}`);
  else ctx.dropped++;
}

/** The terminal width a block of lines was copied at, as far as it shows: its widest line, and how many lines reach it. */
export function blockWidth(lines: Line[]): { width: number; atWidth: number; margin: number } {
  let width = 0;
  let margin = Infinity;
  const at = new Map<number, number>();
  for (const l of lines) {
    if (l.text !== '') margin = Math.min(margin, l.indent);
    const w = l.indent + l.text.length;
    width = Math.max(width, w);
    at.set(w, (at.get(w) ?? 0) + 1);
  }
  // (an editor's word wrap ends lines at every column up to its width, a terminal at exactly its
  // width: lines just short of the widest as many as at it are no terminal's)
  const near = Math.max(at.get(width - 1) ?? 0, at.get(width - 2) ?? 0, at.get(width - 3) ?? 0);
  const atWidth = (at.get(width) ?? 0) >= 4 && (at.get(width) ?? 0) >= 2 * near ? (at.get(width) ?? 0) : 1;
  return { width, atWidth, margin: Number.isFinite(margin) ? margin : 0 };
}

/**
 * What joins a wrapped line to the text before it: nothing where a terminal cut a word at its
 * width (the line before ends at the block's widest column, the next starts at its left margin, and
 * several lines end there, the cut falls inside a quoted name such as an image, or the lines are
 * inside a code fence, where no editor wraps), else a space (a ticket wraps between words;
 * trailing spaces were trimmed, so a terminal's cut at a space shows as a shorter line).
 */
export function wrapJoin(before: Line, after: Line, block: { width: number; atWidth: number; margin: number }): string {
  // (the block's lines may have been shifted as one: the left margin is its least indentation)
  const w = before.indent + before.text.length - block.margin;
  if (w !== block.width - block.margin || block.width - block.margin < 80 || after.indent !== block.margin || !/[\w.\/:@-]$/.test(before.text) || !/^[\w.\/:@"-]/.test(after.text)) return ' ';
  const quotes = (before.text.match(/"/g) ?? []).length;
  const inQuote = quotes % 2 === 1 && !/\s/.test(before.text.slice(before.text.lastIndexOf('"') + 1));
  // (in a fence, only a cut inside a word: a message's own line breaks start a new word — "Output: …", "mount: …")
  const midWord = /[A-Za-z0-9]$/.test(before.text) && /^[a-z0-9]/.test(after.text) && !/^[\w.-]+:(?:\s|$)/.test(after.text);
  return block.atWidth >= 4 || inQuote || (before.fenced === true && after.fenced === true && midWord) ? '' : ' ';
}

