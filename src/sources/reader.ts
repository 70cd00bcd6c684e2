// Input text → parsed documents, streamed. `kubectl get pods -A -o yaml` of a big cluster is a
// single List document of a hundred megabytes or more; parsing it in one piece costs seconds and
// several times its size in memory. So text arrives in chunks and leaves as parsed objects:
//
//   - YAML: a document under BIG_DOC characters is parsed whole, exactly as before. A bigger one
//     (a List) is cut at its top-level lines: each `- ` entry of `items:` is parsed on its own as
//     soon as it is complete, and only the small rest (apiVersion, kind, metadata) is kept as text.
//   - JSON as kubectl prints it (indented, one key per line) is cut the same way at the items of
//     its `"items": [` array; any other JSON is parsed whole.
//   - A Pod's metadata.managedFields (often a third of the text, never used) is cut out of the
//     text before parsing when it is where kubectl puts it, and dropped from the object otherwise.
//   - Each piece goes to the fast kubectl-YAML reader (src/sources/kyaml.ts) first and to js-yaml
//     when that one declines, so what is read is always what js-yaml would read.

import yaml from 'js-yaml';
import { InputError } from '../model/errors.js';
import { BAIL, parseKubectlYaml } from './kyaml.js';
import type { KubectlTextDocuments } from './text/kubectl-text.js';
import { canSniff, sniff } from './sniff.js';
import { textReader } from './text-reader.js';

export interface ParsedDoc {
  value: unknown;
  /** 1-based line where the document starts. */
  line: number;
  /** For a List cut into items: the 1-based line of each item of `items`. */
  itemLines?: number[];
}

/** Nesting deeper than this is refused (kubectl output stays under 20). */
export const MAX_DEPTH = 64;
/** More YAML documents than this in one input is refused. */
export const MAX_DOCUMENTS = 100_000;
/** A YAML document longer than this (in characters) is read item by item. */
export const BIG_DOC = 1 << 20;

// the schema is looked up at the call: js-yaml is loaded only when a text needs it (src/build/bundle.ts)
const YAML_OPTS = { json: true, maxDepth: MAX_DEPTH } as yaml.LoadOptions;

function firstLine(msg: string): string {
  return (msg.split('\n')[0] ?? msg).trim();
}

/**
 * Aliases are refused: kubectl never prints them, js-yaml has no limit of its own, and an alias
 * "bomb" of a few hundred bytes parses instantly into shared objects that expand into gigabytes
 * as soon as they are walked or printed. The listener sees every node as it closes; a node that
 * carries an anchor is the only way an alias can exist, so the first anchor stops the parse.
 */
function refuseAnchors(event: string, state: { anchor?: string | null; line?: number }): void {
  if (event === 'close' && state.anchor) throw new AnchorError(state.anchor, state.line ?? 0);
}

class AnchorError extends Error {
  constructor(
    readonly anchor: string,
    readonly line: number,
  ) {
    super(`anchor &${anchor}`);
  }
}

/** js-yaml on one piece of text whose first line is line `line` of the file. */
function jsYaml(text: string, file: string, line: number): unknown {
  try {
    return yaml.load(text, { ...YAML_OPTS, schema: yaml.CORE_SCHEMA, listener: refuseAnchors as never } as yaml.LoadOptions);
  } catch (e) {
    if (e instanceof AnchorError) {
      throw new InputError(`${file}: YAML anchors and aliases are not accepted (&${e.anchor} near line ${line + e.line}) — kubectl never prints them; pass plain kubectl output`);
    }
    const err = e as { mark?: { line?: number }; reason?: string; message: string };
    const at = err.mark?.line !== undefined ? line + err.mark.line : line;
    throw new InputError(`${file}: invalid YAML at line ${at}: ${err.reason ?? firstLine(err.message)} — check the indentation, or pass JSON`);
  }
}

/** A copy of s that shares no memory with the (much larger) chunk it was cut from. */
function detach(s: string): string {
  return (s + ' ').slice(0, -1);
}

function countLines(s: string, from = 0, to = s.length): number {
  let n = 0;
  let i = s.indexOf('\n', from);
  while (i >= 0 && i < to) {
    n++;
    i = s.indexOf('\n', i + 1);
  }
  return n;
}

/** Drop metadata.managedFields from a parsed object (and from the items of a List). */
function dropManagedFields(v: unknown): void {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return;
  const md = (v as Record<string, unknown>)['metadata'];
  if (typeof md === 'object' && md !== null && !Array.isArray(md) && 'managedFields' in md) delete (md as Record<string, unknown>)['managedFields'];
}

/** dropManagedFields on an object and, when it is a List, on its items. */
function dropAllManagedFields(v: unknown): void {
  dropManagedFields(v);
  const items = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)['items'] : undefined;
  if (Array.isArray(items)) for (const i of items) dropManagedFields(i);
}

// ---- managedFields, cut from the text ---------------------------------------------------------
//
// These scans look at every line of a pod's managedFields (a third of its text): an index check
// per line break, not a regular expression, and each region is walked once.

/**
 * The first line break in text[from, to) that starts a line at column `base` or less with content
 * on it (a character other than a space or a line break; a tab counts as content). -1 if none.
 * What /\n {0,base}[^ \n]/ finds, searched from `from` and accepted only before `to`.
 */
export function lineAtOrLeft(text: string, base: number, from: number, to = text.length): number {
  for (let j = text.indexOf('\n', from); j >= 0 && j < to; j = text.indexOf('\n', j + 1)) {
    let i = j + 1;
    const stop = i + base;
    while (i <= stop && text.charCodeAt(i) === 0x20) i++;
    if (i > stop) continue; // more than `base` spaces
    const c = text.charCodeAt(i);
    if (c !== 0x0a && i < text.length) return j;
  }
  return -1;
}

/**
 * The line break (at or after `from`) that ends a block node at indent k: the next line that is
 * neither indented more than k, nor a "- " entry at k, nor blank (spaces only). -1 if none.
 * What /\n(?! {k+1}| {k}-[ \n]| *\n)/ finds.
 */
export function blockEnd(text: string, k: number, from: number): number {
  for (let j = text.indexOf('\n', from); j >= 0; j = text.indexOf('\n', j + 1)) {
    let i = j + 1;
    const deeper = i + k + 1;
    while (i < deeper && text.charCodeAt(i) === 0x20) i++;
    if (i === deeper) continue; // indented more than k
    let c = text.charCodeAt(i);
    if (i - j - 1 === k && c === 0x2d) {
      const n = text.charCodeAt(i + 1);
      if (n === 0x20 || n === 0x0a) continue; // a "- " entry at k
    }
    while (c === 0x20) c = text.charCodeAt(++i);
    if (c === 0x0a) continue; // blank
    return j;
  }
  return -1;
}

/**
 * `text` is one object whose keys are at column `base` (0 for a document, 2 for a `- ` entry).
 * Where kubectl puts them (metadata at `base`, managedFields two deeper, its entries at the same
 * column), cut the managedFields lines out. Returns the text unchanged when they are not there.
 */
export function cutManagedFields(text: string, base: number): string {
  const pad = ' '.repeat(base);
  // md: the line break before "metadata:", or -1 when the text starts with it
  let md = -1;
  if (!(base === 0 && text.startsWith('metadata:\n'))) {
    md = text.indexOf(`\n${pad}metadata:\n`);
    if (md < 0) return text;
  }
  const key = `\n${pad}  managedFields:\n`;
  const at = text.indexOf(key, md + 1);
  if (at < 0) return text;
  // it must still be inside metadata: no line at column `base` or less in between
  if (lineAtOrLeft(text, base, md + 1, at) >= 0) return text;
  if (!text.startsWith(`${pad}  - `, at + key.length)) return text;
  const end = blockEnd(text, base + 2, at + key.length - 1);
  return end >= 0 ? text.slice(0, at) + text.slice(end) : `${text.slice(0, at)}\n`;
}

// ---- YAML ------------------------------------------------------------------------------------

/** Parse one YAML piece: fast reader on the text without managedFields, js-yaml on the original. */
function parsePiece(text: string, base: number, file: string, line: number): unknown {
  const cut = cutManagedFields(text, base);
  const v = parseKubectlYaml(cut === text ? detach(text) : cut);
  if (v !== BAIL) return v;
  return jsYaml(text, file, line);
}

/**
 * One `- ` entry of a big YAML document's block sequence, parsed as bigSegment does: the entry's
 * text (from its "- " at column 0), the file and the line it starts on. Also what a worker thread
 * runs on the entries handed to it (src/cli/parallel).
 */
export function parseYamlItem(seg: string, file: string, line: number): unknown {
  const v = parsePiece(seg, 2, file, line);
  const item = Array.isArray(v) ? v[0] : v;
  dropManagedFields(item);
  return item;
}

/** One item of a pretty-printed JSON List (its text from "{" to "}"), parsed as JsonDocuments does. */
export function parseJsonItem(text: string, file: string, line: number): unknown {
  const cut = cutJsonManagedFields(text);
  let v: unknown;
  try {
    v = JSON.parse(cut);
  } catch {
    try {
      v = JSON.parse(text);
    } catch (e) {
      if (e instanceof RangeError) throw new InputError(`${file}: JSON nested too deeply — this is not what kubectl prints`);
      throw new InputError(`${file}: invalid JSON in the list item at line ${line}: ${firstLine((e as Error).message)} — check the file is complete JSON`);
    }
  }
  dropManagedFields(v);
  return v;
}

/**
 * Items of big Lists parsed elsewhere (worker threads: src/cli/parallel). Asked only once the
 * input is past FALLBACK_MAX, when nothing will be read a second time: each item's text goes to
 * `yaml` or `json`, which returns a stand-in that takes the item's place in the List until the
 * documents are read; `values` gives the parsed items of stand-ins at once, for the rare text
 * that must be made again from them (JsonDocuments.giveUp).
 */
export interface ItemDeferral {
  yaml(seg: string, file: string, line: number): unknown;
  json(text: string, file: string, line: number): unknown;
  values(standIns: unknown[]): unknown[];
}

/** Decides when items are deferred, and paces the reading (ReadOptions.defer). */
export interface Deferrer {
  /** The deferral items go to now, if any. */
  current(): ItemDeferral | undefined;
  /**
   * Asked before each chunk is read in, with the bytes read with it: a promise to wait for before
   * going on (the workers being loaded, or catching up with the items handed to them), or nothing.
   */
  pace(bytes: number): Promise<void> | undefined;
}

const DOC_MARKER = /^(---|\.\.\.)(?:[ \t\n]|$)/;

interface BigDoc {
  shell: string[];
  /** Top-level keys whose value is a block sequence at column 0, with their entries. */
  seqs: Map<string | null, { values: unknown[]; lines: number[] }>;
  /** The key whose value may follow as `- ` lines (it had nothing after its colon). */
  openKey: string | null | undefined;
  keys: number;
}

class YamlDocuments {
  /** Text of the segment being read, in the pieces it arrived in. */
  private parts: string[] = [];
  /** Line number (1-based) where that segment starts. */
  private partsLine = 1;
  private endsWithNewline = true;
  private docLine = 0;
  private raw: string[] = [];
  private rawLen = 0;
  private big: BigDoc | undefined;
  private docs = 0;

  constructor(
    private readonly file: string,
    private readonly emit: (d: ParsedDoc) => void,
    private readonly bigDoc = BIG_DOC,
    /** Where items may be parsed elsewhere, once it says so (ItemDeferral). */
    private readonly deferral: () => ItemDeferral | undefined = () => undefined,
  ) {}

  /** Line breaks in `parts`. */
  private partsBreaks = 0;

  /**
   * Only the new text is searched, so a long segment arriving in many chunks costs no more. One
   * pass over its line breaks both cuts it at top-level lines (a break followed by a character
   * other than a space or a break) and counts the lines of each segment.
   */
  write(text: string): void {
    let from = 0;
    const c0 = text.charCodeAt(0);
    if (this.endsWithNewline && c0 !== 0x20 && c0 !== 0x0a && this.parts.length > 0) this.flush('', 0);
    let breaks = 0;
    const last = text.length - 1;
    for (let j = text.indexOf('\n'); j >= 0; j = text.indexOf('\n', j + 1)) {
      breaks++;
      if (j === last) break;
      const c = text.charCodeAt(j + 1);
      if (c === 0x20 || c === 0x0a) continue;
      this.flush(text.slice(from, j + 1), breaks);
      from = j + 1;
      breaks = 0;
    }
    if (from < text.length) {
      this.parts.push(from === 0 ? text : text.slice(from));
      this.partsBreaks += breaks;
    }
    this.endsWithNewline = text.charCodeAt(last) === 0x0a;
  }

  /** Hand on the segment made of `parts` and `last` (which holds `lastBreaks` line breaks). */
  private flush(last: string, lastBreaks: number): void {
    const seg = this.parts.length === 0 ? last : this.parts.length === 1 && last === '' ? (this.parts[0] as string) : this.parts.join('') + last;
    const breaks = this.partsBreaks + lastBreaks;
    this.parts = [];
    this.partsBreaks = 0;
    if (seg === '') return;
    const line = this.partsLine;
    this.partsLine += breaks;
    this.segment(seg, line);
  }

  end(): void {
    this.flush('', 0);
    this.finishDoc();
  }

  /** One top-level line with the lines indented under it. */
  private segment(seg: string, line: number): void {
    const m = DOC_MARKER.exec(seg);
    if (m) {
      this.finishDoc();
      // "--- {…}" or "--- key: v" keeps content on the marker line
      const nl = seg.indexOf('\n');
      const rest = m[1] === '---' ? seg.slice(3, nl < 0 ? seg.length : nl) : '';
      const after = nl < 0 ? '' : seg.slice(nl + 1);
      if (rest.trim() !== '') this.add(` ${rest}\n${after}`, line);
      else if (after !== '') this.add(after, line + 1);
      return;
    }
    this.add(seg, line);
  }

  private add(seg: string, line: number): void {
    if (this.docLine === 0) {
      // the document starts at its first line that is not blank or a comment
      const re = /^[ \t]*(?:#.*)?(?:\n|$)/gm;
      let n = 0;
      let at = 0;
      for (;;) {
        re.lastIndex = at;
        const b = re.exec(seg);
        if (!b || b.index !== at || at >= seg.length) break;
        n++;
        at = b.index + b[0].length;
      }
      if (at < seg.length) this.docLine = line + n;
    }
    if (this.big) {
      this.bigSegment(seg, line);
      return;
    }
    if (this.raw.length === 0) this.rawLine = line;
    this.raw.push(seg);
    this.rawLen += seg.length;
    if (this.rawLen > this.bigDoc) this.toBig();
  }

  /** Line of the first raw segment. */
  private rawLine = 1;

  /** The document has grown big: from now on its items are read one by one. */
  private toBig(): void {
    this.big = { shell: [], seqs: new Map(), openKey: undefined, keys: 0 };
    let line = this.rawLine;
    const raw = this.raw;
    this.raw = [];
    this.rawLen = 0;
    for (const seg of raw) {
      this.bigSegment(seg, line);
      line += countLines(seg);
    }
  }

  private bigSegment(seg: string, line: number): void {
    const big = this.big as BigDoc;
    const c = seg.charCodeAt(0);
    if (c === 0x2d && (seg.charCodeAt(1) === 0x20 || seg.charCodeAt(1) === 0x0a || seg.length === 1)) {
      if (big.openKey === undefined) {
        if (big.keys > 0) throw new InputError(`${this.file}: invalid YAML at line ${line}: a "- " entry where a key was expected — check the indentation`);
        big.openKey = null; // a document that is a sequence
      }
      let s = big.seqs.get(big.openKey);
      if (!s) big.seqs.set(big.openKey, (s = { values: [], lines: [] }));
      const d = this.deferral();
      s.values.push(d ? d.yaml(seg, this.file, line) : parseYamlItem(seg, this.file, line));
      s.lines.push(line);
      return;
    }
    if (c === 0x23) {
      // a comment at column 0: fine on its own, not with lines indented under it
      if (/\n[ \t]+[^ \t\n#]/.test(seg)) throw new InputError(`${this.file}: line ${line}: a comment at column 0 inside an indented block of a large document — remove it, or pass JSON`);
      return;
    }
    if (c === 0x20 || c === 0x0a) {
      // leading blank or indented lines of the document
      if (seg.trim() === '') return;
      throw new InputError(`${this.file}: invalid YAML at line ${line}: indented text before the first key — check the indentation`);
    }
    // a top-level key
    const m = /^([^ #'"{[&*!|>%@`][^:\n]*):[ ]*(\n|$)/.exec(seg);
    big.keys++;
    if (m && seg.slice(m[0].length).trim() === '') {
      big.openKey = m[1] as string;
    } else {
      if (/^[{[\]}'"&*!|>%@`?]/.test(seg)) throw new InputError(`${this.file}: line ${line}: a large YAML document must be block YAML as kubectl prints it — pass JSON or split the list`);
      big.openKey = undefined;
    }
    big.shell.push(seg);
  }

  private finishDoc(): void {
    if (this.docLine === 0 && !this.big) {
      // nothing but blank lines and comments
      this.raw = [];
      this.rawLen = 0;
      return;
    }
    if (++this.docs > MAX_DOCUMENTS) throw new InputError(`${this.file}: more than ${MAX_DOCUMENTS} YAML documents — split the input`);
    const line = this.docLine || 1;
    if (this.big) {
      const big = this.big;
      this.big = undefined;
      const shellText = big.shell.join('');
      const top = big.seqs.get(null);
      let value: unknown;
      let itemLines: number[] | undefined;
      if (top) {
        if (big.shell.length > 0) throw new InputError(`${this.file}: invalid YAML at line ${line}: a document that is both a sequence and a mapping`);
        value = top.values;
      } else {
        value = parsePiece(shellText, 0, this.file, line);
        if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InputError(`${this.file}: invalid YAML at line ${line}: expected a mapping`);
        const o = value as Record<string, unknown>;
        for (const [k, s] of big.seqs) {
          if (k === null) continue;
          o[k] = s.values;
          if (k === 'items') itemLines = s.lines;
        }
      }
      this.emit(itemLines ? { value, line, itemLines } : { value, line });
    } else if (this.raw.length > 0) {
      const text = this.raw.join('');
      const first = this.rawLine;
      this.raw = [];
      this.rawLen = 0;
      const value = parsePiece(text, 0, this.file, first);
      dropAllManagedFields(value);
      if (value !== undefined) this.emit({ value, line });
    }
    this.docLine = 0;
  }
}

// ---- JSON ------------------------------------------------------------------------------------

/**
 * JSON: pretty-printed Lists (kubectl's layout) are cut at their items; anything else is parsed
 * whole. Invalid JSON is reported as such unless it reads as YAML (flow YAML looks like JSON).
 */
class JsonDocuments {
  private parts: string[] = [];
  private mode: 'probe' | 'items' | 'tail' | 'whole' = 'probe';
  private pending = '';
  private head = '';
  private itemPad = '';
  private itemEnd = '';
  private itemsClose = '';
  private values: unknown[] = [];
  private lines: number[] = [];
  private line = 1;
  /** Offset in `pending` up to which the current item's end was already searched for. */
  private scanned = 0;

  constructor(
    private readonly file: string,
    private readonly emit: (d: ParsedDoc) => void,
    /** Where items may be parsed elsewhere, once it says so (ItemDeferral). */
    private readonly deferral: () => ItemDeferral | undefined = () => undefined,
  ) {}

  /** The deferral that took items of this List, if one did. */
  private deferredTo: ItemDeferral | undefined;

  write(text: string): void {
    if (this.mode === 'whole' || this.mode === 'tail') {
      this.parts.push(text);
      return;
    }
    if (this.mode === 'items' && this.pending !== '') {
      // An item begun in an earlier chunk: join it with just its end from this chunk. Appending
      // the whole chunk to it would copy every chunk once more (a quarter of a 244 MB read).
      const close = this.spanningItemEnd(text);
      if (close >= 0) {
        this.pending += text.slice(0, close);
        this.items();
        if (this.mode !== 'items') {
          this.write(text.slice(close));
          return;
        }
        text = text.slice(close);
        this.scanned = 0;
        this.scannedBreaks = 0;
      }
    }
    this.pending += text;
    if (this.mode === 'probe') this.probe();
    if (this.mode === 'items') this.items();
  }

  /** Where in `text` the item pending from earlier chunks ends (just after its "}"), or -1. */
  private spanningItemEnd(text: string): number {
    const n = this.itemEnd.length;
    // the closing line may straddle the two chunks
    const a = Math.min(n - 1, this.pending.length);
    const k = (this.pending.slice(-a) + text.slice(0, n - 1)).indexOf(this.itemEnd);
    if (k >= 0 && k < a) return k + n - a;
    const e = this.findItemEnd(text, 0);
    return e < 0 ? -1 : e + n;
  }

  private probe(): void {
    const p = this.pending;
    const m = /\n( +)"items": \[\n( +)([{\]])/.exec(p);
    if (!m) {
      // not (yet) seen: kubectl's layout puts it within the first few lines
      if (p.length > 64 * 1024 || (p.length >= 2 && !p.startsWith('{\n'))) {
        this.mode = 'whole';
        this.parts.push(p);
        this.pending = '';
      }
      return;
    }
    const sp = m[1] as string;
    const ind = m[2] as string;
    if (m[3] === ']' ? ind !== sp : ind.length <= sp.length) {
      this.mode = 'whole';
      this.parts.push(p);
      this.pending = '';
      return;
    }
    const start = m.index + 1 + sp.length + '"items": ['.length; // just after '['
    this.head = p.slice(0, start);
    this.line += countLines(p, 0, start);
    this.itemPad = ind;
    this.itemEnd = `\n${ind}}`;
    this.itemsClose = `\n${sp}]`;
    this.pending = p.slice(start);
    this.mode = 'items';
  }

  private items(): void {
    let p = this.pending;
    let from = 0;
    for (;;) {
      // the comma after an item may come in a later chunk than the item
      if (p.charCodeAt(from) === 0x2c) from++;
      // p[from] is the line break before an item's "{" or before the closing "]"
      if (p.startsWith(this.itemsClose, from)) {
        this.mode = 'tail';
        this.parts.push(p.slice(from));
        this.pending = '';
        return;
      }
      const open = `\n${this.itemPad}{`;
      if (p.length - from < open.length + 1) break;
      if (!p.startsWith(open, from)) {
        this.giveUp(p.slice(from));
        return;
      }
      const scanFrom = Math.max(from + open.length, this.scanned);
      const end = this.findItemEnd(p, scanFrom);
      if (end < 0) {
        // resume after what was searched when the next chunk arrives (the line break at the
        // new `scanned` is searched again then, so it is not counted yet)
        const last = p.lastIndexOf('\n');
        if (last >= scanFrom) this.scannedBreaks += this.found - 1;
        this.scanned = Math.max(scanFrom, last);
        break;
      }
      // the item's line breaks: the one before its "{", those searched in earlier chunks, those
      // findItemEnd passed, and the one before its "}"
      const breaks = 1 + this.scannedBreaks + this.found + 1;
      this.scanned = 0;
      this.scannedBreaks = 0;
      const close = end + this.itemEnd.length;
      const itemLine = this.line + 1;
      this.line += breaks;
      const d = this.deferral();
      if (d) this.deferredTo = d;
      this.values.push(d ? d.json(p.slice(from + 1, close), this.file, itemLine) : parseJsonItem(p.slice(from + 1, close), this.file, itemLine));
      this.lines.push(itemLine);
      from = close;
    }
    this.pending = from === 0 ? p : p.slice(from);
    this.scanned = Math.max(0, this.scanned - from);
    p = '';
  }

  /**
   * The line break that starts the item's closing line ("\n" + pad + "}"), searched from `at`.
   * Line by line: indexOf of a pattern made of spaces in text made of spaces is three times
   * slower than finding line breaks and looking at one character after the indentation.
   */
  private findItemEnd(p: string, at: number): number {
    const k = this.itemEnd.length - 1; // offset of "}" from the line break
    let n = 0;
    for (let j = p.indexOf('\n', at); j >= 0; j = p.indexOf('\n', j + 1)) {
      if (p.charCodeAt(j + k) === 0x7d && p.charCodeAt(j + k - 1) === 0x20 && p.startsWith(this.itemEnd, j)) {
        this.found = n;
        return j;
      }
      n++;
    }
    this.found = n;
    return -1;
  }

  /** Line breaks findItemEnd passed over before the one it returned (all it saw, for -1). */
  private found = 0;
  /** Line breaks in the pending item between its "{" line and `scanned`. */
  private scannedBreaks = 0;

  /** The layout is not what it seemed: keep everything from here and parse it whole at the end. */
  private giveUp(rest: string): void {
    const values = this.deferredTo ? this.deferredTo.values(this.values) : this.values;
    const items = values.map((v) => JSON.stringify(v)).join(',');
    this.parts.push(`${this.head}${items}${items && rest.trimStart().startsWith('{') ? ',' : ''}${rest}`);
    this.head = '';
    this.values = [];
    this.mode = 'whole';
  }

  end(): void {
    if (this.mode === 'probe') {
      this.mode = 'whole';
      this.parts.push(this.pending);
      this.pending = '';
    } else if (this.mode === 'items') {
      this.giveUp(this.pending);
      this.pending = '';
    }
    if (this.mode === 'tail') {
      const shell = `${this.head}]${this.parts.join('').replace(/^\n *\]/, '')}`;
      let v: unknown;
      try {
        v = JSON.parse(shell);
      } catch (e) {
        throw new InputError(`${this.file}: invalid JSON: ${firstLine((e as Error).message)} — check the file is complete JSON`);
      }
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) (v as Record<string, unknown>)['items'] = this.values;
      this.emit({ value: v, line: 1, itemLines: this.lines });
      return;
    }
    const body = this.parts.join('');
    this.parts = [];
    for (const d of parseWholeJson(body, this.file)) this.emit(d);
  }
}

/** Cut `"managedFields": [ … ]` out of one pretty-printed object's text (kubectl's layout). */
export function cutJsonManagedFields(text: string): string {
  const at = text.indexOf('"managedFields": [\n');
  if (at < 0) return text;
  const ls = text.lastIndexOf('\n', at) + 1;
  const pad = text.slice(ls, at);
  if (!/^ +$/.test(pad)) return text;
  // its closing line is "\n" + pad + "]": look line by line (see findItemEnd)
  let close = -1;
  for (let j = text.indexOf('\n', at); j >= 0; j = text.indexOf('\n', j + 1)) {
    if (text.charCodeAt(j + pad.length + 1) === 0x5d && text.startsWith(pad, j + 1)) {
      close = j;
      break;
    }
  }
  if (close < 0) return text;
  let end = close + 1 + pad.length + 1; // after "]"
  if (text.charCodeAt(end) === 0x2c) {
    end++; // not the last key: drop "…],"
    return text.slice(0, ls) + text.slice(end + 1);
  }
  // the last key: drop the comma before it too
  let c = ls - 1;
  while (c > 0 && text.charCodeAt(c - 1) !== 0x2c && /\s/.test(text[c - 1] as string)) c--;
  if (text.charCodeAt(c - 1) !== 0x2c) return text;
  return text.slice(0, c - 1) + text.slice(end);
}

function parseWholeJson(body: string, file: string): ParsedDoc[] {
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch (e) {
    if (e instanceof RangeError) throw new InputError(`${file}: JSON nested too deeply — this is not what kubectl prints`);
    // Not strict JSON: YAML flow style is a superset; try the YAML reader, and if that fails
    // too, report the JSON error (the user most likely meant JSON).
    try {
      const docs: ParsedDoc[] = [];
      const y = new YamlDocuments(file, (d) => docs.push(d));
      y.write(body);
      y.end();
      return docs;
    } catch {
      throw new InputError(`${file}: invalid JSON: ${firstLine((e as Error).message)} — check the file is complete JSON or YAML`);
    }
  }
  const values = Array.isArray(v) ? v : [v];
  for (const x of values) dropAllManagedFields(x);
  return values.map((value) => ({ value, line: 1 }));
}

// ---- the stream -------------------------------------------------------------------------------

export interface ReadOptions {
  /** Documents longer than this are read item by item (tests lower it). */
  bigDoc?: number;
  /** The instant the input was captured (--now), for kubectl text that prints ages. */
  now?: number;
  /** Lines of the file before this input (a fixture's header): line numbers count from there. */
  lineOffset?: number;
  /** Items of big Lists parsed elsewhere (Deferrer; the diagnose command's worker threads). */
  defer?: Deferrer;
  /** Input up to this many characters is kept to be read again line by line (FALLBACK_MAX; tests lower it). */
  fallbackMax?: number;
}

/** YAML or JSON under this size that fails to parse is read again line by line (paste.ts). */
export const FALLBACK_MAX = 8 * 1024 * 1024;

/** Parse errors that a line-by-line reading may get past (not limits, anchors or depth). */
function recoverable(e: unknown): e is InputError {
  return e instanceof InputError && /invalid (?:YAML|JSON)|a "- " entry where|indented text before|a comment at column 0|must be block YAML|both a sequence and a mapping/.test(e.message) && !/maxDepth|nested too deeply|anchors/.test(e.message);
}

/** What the YAML reader makes of a document is something podwhy reads (else the text may be a paste). */
function k8sShaped(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  if (typeof o['kind'] === 'string' || Array.isArray(o['items'])) return true;
  const isObj = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x);
  const spec = o['spec'] as Record<string, unknown> | undefined;
  const status = o['status'] as Record<string, unknown> | undefined;
  return isObj(o['involvedObject']) || isObj(o['regarding']) || (isObj(spec) && Array.isArray(spec?.['containers'])) || (isObj(status) && (Array.isArray(status?.['containerStatuses']) || (status?.['phase'] !== undefined && isObj(o['metadata']))));
}

/**
 * A YAML or JSON reader that, while the input is small, keeps its text and holds its documents:
 * when the input does not parse (a paste with prose around it, indentation broken by a copy) or
 * parses into something that is no Kubernetes object, the text is read line by line instead.
 */
class WithFallback {
  private raw: string[] | undefined = [];
  private size = 0;
  private held: ParsedDoc[] | undefined = [];
  private failed: InputError | undefined;
  private readonly inner: YamlDocuments | JsonDocuments;

  constructor(
    private readonly file: string,
    private readonly emit: (d: ParsedDoc) => void,
    private readonly now: number | undefined,
    make: (emit: (d: ParsedDoc) => void, deferral: () => ItemDeferral | undefined) => YamlDocuments | JsonDocuments,
    private readonly checkShape: boolean,
    /** The text is JSON only by its first character ("[step 3] …"): its JSON error would mislead. */
    private readonly looseJson = false,
    /** Lines before this input in its file (the header of a fixture). */
    private readonly offset = 0,
    /** Where items of big Lists may be parsed, once the text is too big to be read again. */
    defer?: Deferrer,
    private readonly fallbackMax = FALLBACK_MAX,
  ) {
    this.inner = make(
      (d) => {
        const shifted = this.offset === 0 ? d : { ...d, line: d.line + this.offset, ...(d.itemLines ? { itemLines: d.itemLines.map((n) => n + this.offset) } : {}) };
        if (this.held) this.held.push(shifted);
        else this.emit(shifted);
      },
      () => (this.raw === undefined ? defer?.current() : undefined),
    );
  }

  private letGo(): void {
    // too big to read again: from now on, documents go out as they come
    this.raw = undefined;
    const held = this.held ?? [];
    this.held = undefined;
    for (const d of held) this.emit(d);
  }

  write(text: string): void {
    if (this.raw) {
      this.size += text.length;
      if (this.size > this.fallbackMax) {
        this.letGo();
        if (this.failed) throw this.failed;
      } else this.raw.push(text);
    }
    if (this.failed) return;
    try {
      this.inner.write(text);
    } catch (e) {
      if (!this.raw || !recoverable(e)) throw e;
      this.failed = e;
    }
  }

  end(): void {
    if (!this.failed) {
      try {
        this.inner.end();
      } catch (e) {
        if (!this.raw || !recoverable(e)) throw e;
        this.failed = e;
      }
    }
    const raw = this.raw;
    if (!raw) return;
    if (this.failed || (this.checkShape && !(this.held ?? []).every((d) => k8sShaped(d.value)))) {
      let objects: { value: unknown; line: number }[] = [];
      try {
        objects = textReader().parseKubectlText(raw.join(''), this.file, this.now, this.offset).objects;
      } catch (e) {
        if (this.failed && !this.looseJson) throw this.failed;
        if (!(e instanceof InputError) || this.failed) throw e;
      }
      if (objects.some((o) => (o.value as Record<string, unknown>)['kind'] === 'Pod') || (this.failed && objects.length > 0)) {
        for (const o of objects) this.emit({ value: o.value, line: o.line });
        return;
      }
      if (this.failed) throw this.failed;
    }
    for (const d of this.held ?? []) this.emit(d);
  }
}

/** Where the first line that is neither blank nor a comment starts. */
function pastBlankAndComments(s: string): number {
  let at = 0;
  for (;;) {
    let k = at;
    while (s.charCodeAt(k) === 0x20 || s.charCodeAt(k) === 0x09) k++;
    if (s.charCodeAt(k) === 0x23) k = s.indexOf('\n', k) < 0 ? s.length : s.indexOf('\n', k);
    if (s.charCodeAt(k) !== 0x0a) return at;
    at = k + 1;
  }
}

/**
 * A fixture file's `kind: PodwhyFixture` header, when the input starts with one: its text (up to
 * the first "---" line) and where the rest begins. Undefined when there is none, or when more of
 * the input is needed to tell (`more`).
 */
function fixtureHeader(head: string, complete: boolean): { header: string; rest: number; lines: number } | 'more' | undefined {
  const first = pastBlankAndComments(head);
  if (first > 1 << 20) return undefined;
  const end = /^---[ \t]*$/m.exec(head.slice(first));
  const body = end ? head.slice(first, first + end.index) : head.slice(first);
  if (!/^kind:[ \t]*["']?PodwhyFixture["']?[ \t]*$/m.test(body)) {
    // the header's kind may come after a long description: wait for the end of the first document
    if (!end && !complete && head.length < 1 << 20 && /^(?:description|now|expect|source|posted|cause|form|family|lang|truncated|logs):/m.test(body) && !/^(?:apiVersion|items|metadata|spec|status):/m.test(body)) return 'more';
    return undefined;
  }
  if (!end) return complete || head.length >= 1 << 20 ? undefined : 'more';
  const at = first + end.index;
  const nl = head.indexOf('\n', at);
  const rest = nl < 0 ? head.length : nl + 1;
  return { header: head.slice(0, at), rest, lines: countLines(head, 0, rest) };
}

/**
 * Text in (any chunking), parsed documents out. JSON or YAML is decided by the first character;
 * text that is not JSON is first sniffed for kubectl's human-readable output (describe, tables)
 * and pastes; a fixture header is read first and the rest of the input after it on its own.
 */
export class DocumentStream {
  private inner: WithFallback | KubectlTextDocuments | DocumentStream | undefined;
  private head = '';
  private lead = 0;
  private cr = false;

  constructor(
    private readonly file: string,
    private readonly emit: (d: ParsedDoc) => void,
    private readonly opts: ReadOptions = {},
  ) {}

  private get bigDoc(): number {
    return this.opts.bigDoc ?? BIG_DOC;
  }

  write(text: string): void {
    if (text === '') return;
    // CRLF → LF, also when a chunk ends between the two
    if (this.cr) {
      text = `\r${text}`;
      this.cr = false;
    }
    if (text.includes('\r')) {
      if (text.endsWith('\r')) {
        this.cr = true;
        text = text.slice(0, -1);
      }
      text = text.replace(/\r\n/g, '\n');
    }
    if (!this.inner) {
      // head[0, lead) is known to be blank: only new text is searched for the first character
      const blankSoFar = this.lead === this.head.length;
      this.head += text;
      if (blankSoFar) {
        const m = /[^\s]/.exec(text);
        if (!m) {
          this.lead = this.head.length;
          return;
        }
        this.lead += m.index;
      }
      const c = this.head.charAt(this.lead);
      if (c !== '{' && c !== '[' && !canSniff(this.head.slice(this.lead))) return; // wait for a few lines
      if (!this.choose(false)) return;
      return;
    }
    this.inner.write(text);
  }

  /** Decide what the input is from its head, and hand the head over. False: more head is needed. */
  private choose(complete: boolean): boolean {
    const body = this.head.charCodeAt(0) === 0xfeff ? this.head.slice(1) : this.head;
    const start = this.head.slice(this.lead);
    const c = start.charAt(0);
    if (c !== '{' && c !== '[') {
      const fx = fixtureHeader(body, complete);
      if (fx === 'more') return false;
      if (fx) {
        this.head = '';
        this.lead = 0;
        this.fixture(body, fx);
        return true;
      }
    }
    this.head = '';
    this.lead = 0;
    // "[root@host ~]# kubectl …" starts with a bracket too
    const json = (c === '{' || c === '[') && !/^\[[^\]\n]{1,80}\]\s?[#$%>]/.test(start) && !/^\[\s*(?:\.{2,}|…)/.test(start);
    // JSON as kubectl prints it starts with "{" or "[" and a line break, a quote or a bracket
    const loose = !/^[{[]\s*(?:$|["{[\]}]|-?\d|true|false|null)/m.test(start.slice(0, 200));
    this.inner = json ? new WithFallback(this.file, this.emit, this.opts.now, (e, d) => new JsonDocuments(this.file, e, d), false, loose, this.opts.lineOffset, this.opts.defer, this.opts.fallbackMax) : this.textOrYaml(start);
    this.inner.write(body);
    return true;
  }

  /** The header is emitted as a document; the rest is read as its own input, captured at the header's now. */
  private fixture(body: string, fx: { header: string; rest: number; lines: number }): void {
    const value = parsePiece(fx.header, 0, this.file, 1);
    const firstLine = countLines(fx.header, 0, pastBlankAndComments(fx.header)) + 1;
    if (value !== null && value !== undefined) this.emit({ value, line: firstLine });
    const nowText = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['now'] : undefined;
    const now = typeof nowText === 'string' && Number.isFinite(Date.parse(nowText)) ? Date.parse(nowText) : this.opts.now;
    const inner = new DocumentStream(this.file, this.emit, { ...this.opts, lineOffset: (this.opts.lineOffset ?? 0) + fx.lines, ...(now !== undefined ? { now } : {}) });
    this.inner = inner;
    inner.write(body.slice(fx.rest));
  }

  /** kubectl text or a paste (read line by line), or YAML (read again line by line if it fails). */
  private textOrYaml(head: string): WithFallback | KubectlTextDocuments {
    const s = sniff(head);
    if (s.kind !== 'yaml') return new (textReader().KubectlTextDocuments)(this.file, this.emit, this.opts.now, this.opts.lineOffset);
    return new WithFallback(this.file, this.emit, this.opts.now, (e, d) => new YamlDocuments(this.file, e, this.bigDoc, d), true, false, this.opts.lineOffset, this.opts.defer, this.opts.fallbackMax);
  }

  end(): void {
    if (this.cr) {
      this.cr = false;
      if (this.inner) this.inner.write('\r');
      else this.head += '\r'; // a lone CR at the very end
    }
    if (!this.inner && this.head.trim() === '') return;
    if (!this.inner) this.choose(true);
    this.inner?.end();
  }
}

/** Parse a whole text as JSON or YAML documents. Throws InputError with the file and line. */
export function parseText(text: string, file: string): ParsedDoc[] {
  const docs: ParsedDoc[] = [];
  const s = new DocumentStream(file, (d) => docs.push(d));
  s.write(text);
  s.end();
  return docs;
}
