// YAML documents, streamed: each document is parsed whole while it is small; a big one (a List) is
// cut at its top-level lines and each `- ` entry of `items:` parsed on its own as soon as it is
// complete. Each piece goes to the fast kubectl-YAML reader (../kyaml.ts) first and to js-yaml when
// that one declines, so what is read is always what js-yaml would read.

import yaml from 'js-yaml';
import { InputError } from '../../model/errors.js';
import { BAIL, parseKubectlYaml } from '../kyaml.js';
import { countLines, detach, firstLine, MAX_DEPTH, type ItemDeferral, type ParsedDoc } from './common.js';
import { cutManagedFields, dropAllManagedFields, dropManagedFields } from './managed-fields.js';

/** More YAML documents than this in one input is refused. */
export const MAX_DOCUMENTS = 100_000;
/** A YAML document longer than this (in characters) is read item by item. */
export const BIG_DOC = 1 << 20;

// the schema is looked up at the call: js-yaml is loaded only when a text needs it (src/build/bundle.ts)
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
 * runs on the entries handed to it (src/cli/parallel).
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
