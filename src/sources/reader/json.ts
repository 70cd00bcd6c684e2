// JSON: pretty-printed Lists (kubectl's layout) are cut at the items of their `"items": [` array
// and each item parsed as soon as it is complete; any other JSON is parsed whole.

import { InputError } from '../../model/errors.js';
import { parseCutJson } from '../text/json-cut.js';
import { countLines, type ItemDeferral, type ParsedDoc } from './common.js';
import { BreakError, CutListError, endOf, hasSubstance, positionOf } from './damage.js';
import { scanJson, type JsonBreak } from './json-scan.js';
import { cutJsonManagedFields, dropAllManagedFields, dropManagedFields } from './managed-fields.js';
import { YamlDocuments } from './yaml.js';

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
      itemBreak(text, file, line);
    }
  }
  dropManagedFields(v);
  return v;
}

/**
 * Where an item of kubectl's JSON layout that is not JSON breaks, as an error. Strict JSON, not
 * flow YAML as for other JSON: YAML would read `"restartPolicy": ,` as null and hide the fault.
 */
function itemBreak(text: string, file: string, line: number): never {
  const b = scanJson(text).error ?? { offset: text.length, what: 'a value that is not one object', cut: false };
  const at = positionOf(text, b.offset, line);
  // (an item's text ends where the layout says it does: if it ends inside a value, the item is wrong, not the input cut)
  throw new BreakError(`${file}: invalid JSON in the list item at line ${line}: ${b.what} — check the file is complete JSON`, at.line, at.column, `invalid JSON (${b.what})`);
}

/**
 * JSON: pretty-printed Lists (kubectl's layout) are cut at their items; anything else is parsed
 * whole. Invalid JSON is reported as such unless it reads as YAML (flow YAML looks like JSON).
 */
export class JsonDocuments {
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
    // only the List's own items, a key of the top-level object (a pod's volumes have "items" too)
    const top = /^\{\n( +)"/.exec(p)?.[1];
    if (sp !== top || (m[3] === ']' ? ind !== sp : ind.length <= sp.length)) {
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
      let item: unknown;
      try {
        item = d ? d.json(p.slice(from + 1, close), this.file, itemLine) : parseJsonItem(p.slice(from + 1, close), this.file, itemLine);
      } catch (e) {
        if (e instanceof BreakError) this.salvage();
        throw e;
      }
      this.values.push(item);
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
    const made = `${this.head}${items}${items && rest.trimStart().startsWith('{') ? ',' : ''}`;
    this.resumes = { at: made.length, line: this.line };
    this.parts.push(`${made}${rest}`);
    this.head = '';
    this.values = [];
    this.mode = 'whole';
  }

  /** Where the input's own text resumes in a body giveUp made (offset in it, and line of the input). */
  private resumes: { at: number; line: number } | undefined;

  end(): void {
    if (this.mode === 'probe') {
      this.mode = 'whole';
      this.parts.push(this.pending);
      this.pending = '';
    } else if (this.mode === 'items') {
      const rest = this.pending;
      this.pending = '';
      if (this.cutInItems(rest)) return;
      this.giveUp(rest);
    }
    if (this.mode === 'tail') {
      const tail = this.parts.join('');
      const close = /^\n *\]/.exec(tail)?.[0].length ?? 0;
      const shell = `${this.head}]${tail.slice(close)}`;
      let v: unknown;
      try {
        v = JSON.parse(shell);
      } catch {
        // the items are all there: what follows them broke
        this.salvage();
        const b = scanJson(shell).error ?? { offset: shell.length, what: 'text after the end of the JSON value', cut: false };
        const at = positionOf(tail, Math.max(0, b.offset - this.head.length - 1 + close), this.line);
        throw new BreakError(`${this.file}: invalid JSON: ${b.what} — check the file is complete JSON`, at.line, at.column, b.cut ? b.what : `invalid JSON (${b.what})`, b.cut);
      }
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) (v as Record<string, unknown>)['items'] = this.values;
      this.emit({ value: v, line: 1, itemLines: this.lines });
      return;
    }
    const body = this.parts.join('');
    this.parts = [];
    const r = parseWholeJson(body, this.file, this.resumes);
    for (const d of r.docs) this.emit(d);
    if (r.broke) throw r.broke;
  }

  /**
   * The input ended inside the List's items (`rest` is what follows the last complete one): if
   * what is there cannot be the end of a JSON document, the List was cut. Its complete items are
   * handed on, and the error says where it ends. False when `rest` may close the List after all
   * (a layout other than kubectl's: it is read whole).
   */
  private cutInItems(rest: string): boolean {
    // the comma after the last complete item belongs to it
    const lead = this.values.length > 0 ? (/^\s*,/.exec(rest)?.[0].length ?? 0) : 0;
    const probe = `${this.head}${rest.slice(lead)}`;
    try {
      JSON.parse(probe);
      return false;
    } catch {
      if (scanJson(probe).error?.cut !== true) return false;
    }
    this.salvage();
    const at = endOf(rest, this.line);
    const partial = rest.slice(lead).trim() !== '';
    throw new CutListError(this.file, at.line, at.column, partial ? this.line + 1 : undefined, "the JSON ends inside the List's items");
  }

  /** The List as far as it was read: its keys before "items", and its complete items. */
  private salvage(): void {
    let shell: unknown;
    try {
      shell = JSON.parse(`${this.head}]}`);
    } catch {
      shell = {};
    }
    const o = typeof shell === 'object' && shell !== null && !Array.isArray(shell) ? (shell as Record<string, unknown>) : {};
    o['items'] = this.values;
    this.emit({ value: o, line: 1, itemLines: this.lines });
    this.values = [];
    this.lines = [];
  }
}

/**
 * A whole JSON text: one value (an array's elements are the documents), a stream of values (jq's
 * output), or YAML (flow YAML looks like JSON; `---` may separate documents). Otherwise it broke:
 * the values before the break are returned with the error, and the value it broke in as far as
 * it was complete (a List's or an array's complete items only). `resumes`: the text was made by
 * JsonDocuments.giveUp, and the input's own text resumes at that offset, on that line.
 */
function parseWholeJson(body: string, file: string, resumes?: { at: number; line: number }): { docs: ParsedDoc[]; broke?: BreakError } {
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch (e) {
    if (e instanceof RangeError) throw new InputError(`${file}: JSON nested too deeply — this is not what kubectl prints`);
    const scan = scanJson(body);
    const lineAt = (offset: number) => (resumes && offset >= resumes.at ? positionOf(body.slice(resumes.at), offset - resumes.at, resumes.line) : positionOf(body, offset, 1));
    if (!scan.error && scan.values.length > 1) return { docs: scan.values.flatMap(([a, b]) => wholeValues(JSON.parse(body.slice(a, b)), lineAt(a).line)) };
    // Not JSON: YAML flow style is a superset (trailing commas; documents after `---`); try the
    // YAML reader. (Not for the items of kubectl's layout, read as strict JSON: parseJsonItem.)
    try {
      const docs: ParsedDoc[] = [];
      const y = new YamlDocuments(file, (d) => docs.push(d));
      y.write(body);
      y.end();
      return { docs };
    } catch {
      // report where the JSON broke
    }
    const b: JsonBreak = scan.error ?? { offset: body.length, what: 'text JSON cannot read', cut: false };
    const docs = scan.values.flatMap(([a, z]) => wholeValues(JSON.parse(body.slice(a, z)), lineAt(a).line));
    const start = scan.values.length > 0 ? (scan.values[scan.values.length - 1] as [number, number])[1] : 0;
    const partial = salvageValue(body.slice(start, b.offset), b);
    if (partial !== undefined) docs.push(...wholeValues(partial, lineAt(start + (/\S/.exec(body.slice(start))?.index ?? 0)).line));
    const at = b.cut ? endOfAt(body, lineAt) : lineAt(b.offset);
    return { docs, broke: new BreakError(`${file}: invalid JSON: ${b.what} — check the file is complete JSON or YAML`, at.line, at.column, b.cut ? b.what : `invalid JSON (${b.what})`, b.cut) };
  }
  return { docs: wholeValues(v, 1) };
}

/** One parsed JSON value → its documents (an array's elements), without managedFields. */
function wholeValues(v: unknown, line: number): ParsedDoc[] {
  const values = Array.isArray(v) ? v : [v];
  for (const x of values) dropAllManagedFields(x);
  return values.map((value) => ({ value, line }));
}

/** Where the last character of `body` that is not whitespace ends, in the input's lines. */
function endOfAt(body: string, lineAt: (offset: number) => { line: number; column: number }): { line: number; column: number } {
  let end = body.length;
  while (end > 0 && /\s/.test(body.charAt(end - 1))) end--;
  return lineAt(end);
}

/**
 * The value whose text is `text` (cut at a break) as far as it was complete: its members before
 * the break; of a List's items or an array's elements, only those complete before it.
 */
function salvageValue(text: string, b: JsonBreak): unknown {
  if (text.trim() === '') return undefined;
  const v = parseCutJson(text);
  if (!hasSubstance(v)) return undefined;
  if (b.items === undefined) return v;
  const list = Array.isArray(v) ? v : typeof v === 'object' && v !== null ? (v as Record<string, unknown>)['items'] : undefined;
  if (Array.isArray(list)) list.length = Math.min(list.length, b.items);
  return v;
}
