// YAML documents, streamed: each document is parsed whole while it is small; a big one (a List) is
// cut at its top-level lines and each `- ` entry of `items:` parsed on its own as soon as it is
// complete. Each piece goes to the fast kubectl-YAML reader (../kyaml.ts) first and to js-yaml when
// that one declines, so what is read is always what js-yaml would read.

import yaml from 'js-yaml';
import { InputError } from '../../model/errors.js';
import { BAIL, parseKubectlYaml } from '../kyaml.js';
import { countLines, detach, firstLine, MAX_DEPTH, type ItemDeferral, type ParsedDoc } from './common.js';
import { BreakError, CutListError, endOf, hasSubstance } from './damage.js';
import { cutManagedFields, dropAllManagedFields, dropManagedFields } from './managed-fields.js';

/** More YAML documents than this in one input is refused. */
export const MAX_DOCUMENTS = 100_000;
/** A YAML document longer than this (in characters) is read item by item. */
export const BIG_DOC = 1 << 20;

// the schema is looked up at the call: js-yaml is loaded only when a text needs it (tools/build/bundle.ts)
const YAML_OPTS = { json: true, maxDepth: MAX_DEPTH } as yaml.LoadOptions;

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
export function jsYaml(text: string, file: string, line: number): unknown {
  try {
    return yaml.load(text, { ...YAML_OPTS, schema: yaml.CORE_SCHEMA, listener: refuseAnchors as never } as yaml.LoadOptions);
  } catch (e) {
    if (e instanceof AnchorError) {
      throw new InputError(`${file}: YAML anchors and aliases are not accepted (&${e.anchor} near line ${line + e.line}) — kubectl never prints them; pass plain kubectl output`);
    }
    const err = e as { mark?: { line?: number; column?: number; position?: number }; reason?: string; message: string };
    const at = err.mark?.line !== undefined ? line + err.mark.line : line;
    const reason = err.reason ?? firstLine(err.message);
    const message = `${file}: invalid YAML at line ${at}: ${reason} — check the indentation, or pass JSON`;
    // too deep is a refusal, not a break: nothing of it is read
    if (/maxDepth/.test(reason)) throw new InputError(message);
    // found at the end of the piece (a flow collection never closed): the end of its last line,
    // not the line after it, which is the next piece's
    const pos = err.mark?.position !== undefined && err.mark.position >= text.trimEnd().length ? endOf(text, line) : { line: at, column: (err.mark?.column ?? 0) + 1 };
    throw new BreakError(message, pos.line, pos.column, `invalid YAML (${reason})`);
  }
}

/** Parse one YAML piece: fast reader on the text without managedFields, js-yaml on the original. */
export function parsePiece(text: string, base: number, file: string, line: number): unknown {
  const cut = cutManagedFields(text, base);
  const v = parseKubectlYaml(cut === text ? detach(text) : cut);
  if (v !== BAIL) return v;
  return jsYaml(text, file, line);
}

/**
 * One `- ` entry of a big YAML document's block sequence, parsed as bigSegment does: the entry's
 * text (from its "- " at column 0), the file and the line it starts on. Also what a worker thread
 * runs on the entries handed to it (src/api/parallel).
 */
export function parseYamlItem(seg: string, file: string, line: number): unknown {
  const v = parsePiece(seg, 2, file, line);
  const item = Array.isArray(v) ? v[0] : v;
  dropManagedFields(item);
  return item;
}


const DOC_MARKER = /^(---|\.\.\.)(?:[ \t\n]|$)/;

interface BigDoc {
  shell: string[];
  /** Top-level keys whose value is a block sequence at column 0, with their entries. */
  seqs: Map<string | null, { values: unknown[]; lines: number[] }>;
  /** The key whose value may follow as `- ` lines (it had nothing after its colon). */
  openKey: string | null | undefined;
  keys: number;
  /** The last segment read, and its line (where the document ends, if the input is cut). */
  last?: string;
  lastLine?: number;
}

export class YamlDocuments {
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
    // where the input ends (just after its last character): a cut is on its last line
    const at = { line: this.partsLine + this.partsBreaks, column: lastLineLength(this.parts) + 1 };
    try {
      this.flush('', 0);
      this.finishDoc(true);
    } catch (e) {
      if (!(e instanceof BreakError) || e.cut || this.endsWithNewline) throw e;
      if (e.line < at.line) throw e;
      // it broke on the last line, which stops in the middle: the input was cut there
      if (this.leftOut !== undefined) throw new CutListError(this.file, at.line, at.column, this.leftOut, 'the List ends inside its items, in the middle of a line');
      throw new BreakError(e.message, at.line, at.column, `the YAML ends in the middle of a line: ${e.what}`, true);
    }
  }

  /** The line of a List item a break left out (salvage, bigPart). */
  private leftOut: number | undefined;

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
      this.bigPart(seg, line);
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
      this.bigPart(seg, line);
      line += countLines(seg);
    }
  }

  /** bigSegment, and on a break, what was complete of the document before it is handed on. */
  private bigPart(seg: string, line: number): void {
    try {
      this.bigSegment(seg, line);
    } catch (e) {
      if (e instanceof BreakError) {
        if (seg.startsWith('- ') && (this.big as BigDoc).openKey === 'items') this.leftOut = line;
        this.salvageBig();
      }
      throw e;
    }
  }

  /** The big document as far as it was read (its shell, if that parses, and its complete items). */
  private salvageBig(): void {
    const big = this.big as BigDoc;
    this.big = undefined;
    let value: unknown;
    try {
      value = this.bigValue(big, this.docLine || 1);
    } catch {
      // the top-level keys did not parse: the items alone, under the keys they came under
      value = big.seqs.has(null) ? big.seqs.get(null)?.values : Object.fromEntries([...big.seqs].filter(([k]) => k !== null));
    }
    const items = big.seqs.get('items');
    if (value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0)) return;
    this.emit(items && !Array.isArray(value) ? { value, line: this.docLine || 1, itemLines: items.lines } : { value, line: this.docLine || 1 });
  }

  /** A big document's value: its shell parsed, with its sequences put back. */
  private bigValue(big: BigDoc, line: number): unknown {
    const top = big.seqs.get(null);
    if (top) {
      if (big.shell.length > 0) throw new BreakError(`${this.file}: invalid YAML at line ${line}: a document that is both a sequence and a mapping`, line, 1, 'invalid YAML (a document that is both a sequence and a mapping)');
      return top.values;
    }
    const value = parsePiece(big.shell.join(''), 0, this.file, line);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BreakError(`${this.file}: invalid YAML at line ${line}: expected a mapping`, line, 1, 'invalid YAML (expected a mapping)');
    const o = value as Record<string, unknown>;
    for (const [k, s] of big.seqs) if (k !== null) o[k] = s.values;
    return o;
  }

  private bigSegment(seg: string, line: number): void {
    const big = this.big as BigDoc;
    big.last = seg;
    big.lastLine = line;
    const c = seg.charCodeAt(0);
    if (c === 0x2d && (seg.charCodeAt(1) === 0x20 || seg.charCodeAt(1) === 0x0a || seg.length === 1)) {
      if (big.openKey === undefined) {
        if (big.keys > 0) throw new BreakError(`${this.file}: invalid YAML at line ${line}: a "- " entry where a key was expected — check the indentation`, line, 1, 'invalid YAML (a "- " entry where a key was expected)');
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
      if (/\n[ \t]+[^ \t\n#]/.test(seg)) throw new BreakError(`${this.file}: line ${line}: a comment at column 0 inside an indented block of a large document — remove it, or pass JSON`, line, 1, 'a comment at column 0 inside an indented block of a large YAML document');
      return;
    }
    if (c === 0x20 || c === 0x0a) {
      // leading blank or indented lines of the document
      if (seg.trim() === '') return;
      throw new BreakError(`${this.file}: invalid YAML at line ${line}: indented text before the first key — check the indentation`, line, 1, 'invalid YAML (indented text before the first key)');
    }
    // a top-level key
    const m = /^([^ #'"{[&*!|>%@`][^:\n]*):[ ]*(\n|$)/.exec(seg);
    big.keys++;
    if (m && seg.slice(m[0].length).trim() === '') {
      big.openKey = m[1] as string;
    } else {
      if (/^[{[\]}'"&*!|>%@`?]/.test(seg)) throw new BreakError(`${this.file}: line ${line}: a large YAML document must be block YAML as kubectl prints it — pass JSON or split the list`, line, 1, 'a large YAML document that is not block YAML as kubectl prints it');
      big.openKey = undefined;
    }
    big.shell.push(seg);
  }

  /**
   * The document read so far is complete: parse it (a small one) or put it together (a big one)
   * and hand it on. `last`: it is the last of the input, which is where a cut would show (see
   * cutList). On a break, what was complete of it is handed on before the error is thrown.
   */
  private finishDoc(last = false): void {
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
      let value: unknown;
      try {
        value = this.bigValue(big, line);
      } catch (e) {
        if (e instanceof BreakError) this.salvageBig();
        throw e;
      }
      this.big = undefined;
      const items = big.seqs.get('items');
      if (last && items && big.openKey === 'items' && cutList(value)) {
        // the last item may be cut anywhere: only those before it are read
        items.values.pop();
        const left = items.lines.pop();
        this.emit({ value, line, itemLines: items.lines });
        const at = endOf(big.last ?? '', big.lastLine ?? line);
        throw new CutListError(this.file, at.line, at.column, left);
      }
      this.emit(items && !Array.isArray(value) ? { value, line, itemLines: items.lines } : { value, line });
    } else if (this.raw.length > 0) {
      const text = this.raw.join('');
      const first = this.rawLine;
      this.raw = [];
      this.rawLen = 0;
      let value: unknown;
      try {
        value = parsePiece(text, 0, this.file, first);
      } catch (e) {
        if (e instanceof BreakError) this.salvage(text, first, line, e);
        throw e;
      }
      dropAllManagedFields(value);
      if (last && cutList(value)) {
        const items = (value as Record<string, unknown[]>)['items'] as unknown[];
        const left = items.length > 0 ? lastItemLine(text, first) : undefined;
        items.pop();
        this.emit({ value, line });
        const at = endOf(text, first);
        throw new CutListError(this.file, at.line, at.column, left);
      }
      if (value !== undefined) this.emit({ value, line });
    }
    this.docLine = 0;
  }

  /**
   * A small document broke at e.line: hand on what comes before that line, parsed on its own (and
   * again before an earlier break, a few times). A List that broke inside an item keeps only the
   * items before it.
   */
  private salvage(text: string, first: number, line: number, e: BreakError): void {
    const lines = text.split('\n');
    let upTo = e.line;
    for (let tries = 0; tries < 4; tries++) {
      const keep = upTo - first;
      if (keep <= 0) return;
      const prefix = `${lines.slice(0, keep).join('\n')}\n`;
      let value: unknown;
      try {
        value = parsePiece(prefix, 0, this.file, first);
      } catch (again) {
        if (again instanceof BreakError && again.line < upTo) {
          upTo = again.line;
          continue;
        }
        return;
      }
      if (!hasSubstance(value)) return;
      dropAllManagedFields(value);
      // broke on an indented line after `items:`: inside the last item, which is left out
      const at = lines[upTo - first] ?? '';
      if (/^[ \t]/.test(at) && lastKeyIsItems(value) && ((value as Record<string, unknown[]>)['items'] as unknown[]).length > 0) {
        ((value as Record<string, unknown[]>)['items'] as unknown[]).pop();
        this.leftOut = lastItemLine(prefix, first);
      }
      this.emit({ value, line });
      return;
    }
  }
}

/** The length of the text after the last line break of the pieces of a segment. */
function lastLineLength(parts: readonly string[]): number {
  let n = 0;
  for (let i = parts.length - 1; i >= 0; i--) {
    const p = parts[i] as string;
    const nl = p.lastIndexOf('\n');
    if (nl >= 0) return n + p.length - nl - 1;
    n += p.length;
  }
  return n;
}

/** A mapping whose last key is `items`, a sequence (the List kubectl writes, cut or not). */
function lastKeyIsItems(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  return keys[keys.length - 1] === 'items' && Array.isArray((v as Record<string, unknown>)['items']);
}

/**
 * A List as kubectl writes it (keys sorted: apiVersion, items, kind, metadata) that stops after
 * its items: the input was cut inside them. kubectl always writes `kind:` after `items:`.
 */
function cutList(v: unknown): boolean {
  if (!lastKeyIsItems(v)) return false;
  const o = v as Record<string, unknown>;
  return Object.keys(o)[0] === 'apiVersion' && !('kind' in o);
}

/** The line of the last `- ` entry at column 0 in a document's text that starts on line `first`. */
function lastItemLine(text: string, first: number): number | undefined {
  const at = text.lastIndexOf('\n- ');
  return at < 0 ? (text.startsWith('- ') ? first : undefined) : first + countLines(text, 0, at) + 1;
}
