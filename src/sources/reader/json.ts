// JSON: pretty-printed Lists (kubectl's layout) are cut at the items of their `"items": [` array
// and each item parsed as soon as it is complete; any other JSON is parsed whole.

import { InputError } from '../../model/errors.js';
import { countLines, firstLine, type ItemDeferral, type ParsedDoc } from './common.js';
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
      throw new InputError(`${file}: invalid JSON in the list item at line ${line}: ${firstLine((e as Error).message)} — check the file is complete JSON`);
    }
  }
  dropManagedFields(v);
  return v;
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
