// A fast reader for the YAML that kubectl prints, and only that. `kubectl get -o yaml` output is
// regular (see test/kubectl-yaml.ts): block mappings and sequences, two-space indentation,
// plain, single- and double-quoted scalars folded over lines, literal and folded blocks, `{}` and `[]`.
// Reading it here is several times faster than a general YAML parser and allocates far less.
//
// The contract is strict: for any text, parseKubectlYaml returns exactly what js-yaml
// (CORE_SCHEMA, json: true) would return, or BAIL, never anything else. Whatever it does not
// handle in full (anchors, tags, comments, flow collections with content other than a line of
// words, complex keys, tabs, CR) makes it BAIL, and the caller hands the same
// text to js-yaml. Differential tests (src/sources/kyaml.test.ts) hold it to that.

export const BAIL: unique symbol = Symbol('bail');
type Bail = typeof BAIL;

const NL = 10;
// eslint-disable-next-line no-control-regex
const AWKWARD = /[\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufeff\ufffe\uffff\ud800-\udfff]/;
const SPACE = 32;
const MAX_DEPTH = 60;

class Bailed extends Error {}
const BAILED = new Bailed();
/** Why the last parse bailed (the text position), for tests and PODWHY_DEBUG. */
export let lastBail = '';
let current: Parser | undefined;
let DEBUG = false;
/** PODWHY_DEBUG=1: say where in the parser each bail happened (cli/main.ts sets it; sources read no environment). */
export function traceBails(on: boolean): void {
  DEBUG = on;
}
const bail = (): never => {
  // where in the parser it gave up only when debugging: a stack costs more than the bail
  if (current) lastBail = `at offset ${current.pos}${DEBUG ? `: ${new Error().stack?.split('\n')[2]?.trim() ?? ''}` : ''}`;
  throw BAILED;
};

/** Characters that may not start a plain scalar or key here (YAML indicators). */
const INDICATOR = new Uint8Array(128);
for (const ch of '-?:,[]{}#&*!|>\'"%@`') INDICATOR[ch.charCodeAt(0)] = 1;

/**
 * Resolve a plain scalar the way js-yaml's CORE (= JSON) schema does: null, bool, int (decimal,
 * 0b, 0x, 0o), float (including .inf, .nan); everything else is a string.
 */
/**
 * Strings cut from the text with slice() are, in V8, views that keep the whole text alive: a
 * 10,000-pod list would hold every pod's text as well as its objects (twice the memory that
 * JSON.parse's strings take). Values of 13 characters or more are copied on their own; short
 * values, which repeat endlessly, are shared through a table, as JSON.parse shares them. Keys
 * need neither: V8 internalizes a string (one copy, not a view) when it becomes a property key.
 */
function own(v: string): string {
  return v.length < 13 ? shared(v) : (v + ' ').slice(0, -1);
}

const SHARED = new Map<string, string>();
/** Enough for every field name and enum value of every Kubernetes kind; more are just copied. */
const MAX_SHARED = 50_000;

/** One string for every occurrence of a short value ("True", "IfNotPresent", "TCP"). */
function shared(k: string): string {
  const known = SHARED.get(k);
  if (known !== undefined) return known;
  const c = k.length < 13 ? k : (k + ' ').slice(0, -1);
  if (SHARED.size < MAX_SHARED) SHARED.set(c, c);
  return c;
}

export function resolvePlain(s: string): unknown {
  const c = s.charCodeAt(0);
  switch (c) {
    case 0x7e: // ~
      return s === '~' ? null : s;
    case 0x6e: // n
    case 0x4e: // N
      return s === 'null' || s === 'Null' || s === 'NULL' ? null : s;
    case 0x74: // t
    case 0x54: // T
      return s === 'true' || s === 'True' || s === 'TRUE' ? true : s;
    case 0x66: // f
    case 0x46: // F
      return s === 'false' || s === 'False' || s === 'FALSE' ? false : s;
  }
  if (!((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e)) return s;
  return resolveNumber(s);
}

const DECIMAL = /^[-+]?[0-9]+$/;
const BASED = /^[-+]?0(b[01]+|x[0-9a-fA-F]+|o[0-7]+)$/;
const FLOAT = /^(?:[-+]?(?:[0-9]+)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

function resolveNumber(s: string): unknown {
  if (DECIMAL.test(s)) {
    const neg = s.charCodeAt(0) === 0x2d;
    const digits = neg || s.charCodeAt(0) === 0x2b ? s.slice(1) : s;
    if (digits === '0') return 0; // js-yaml: "-0" is 0
    const v = (neg ? -1 : 1) * parseInt(digits, 10);
    if (Number.isFinite(v)) return v;
    // too big for an int: js-yaml then tries float, which gives the same double or Infinity
  }
  const based = BASED.exec(s);
  if (based) {
    const neg = s.charCodeAt(0) === 0x2d;
    const body = (based[1] as string).slice(1);
    const radix = based[1]?.[0] === 'b' ? 2 : based[1]?.[0] === 'x' ? 16 : 8;
    const v = parseInt(body, radix);
    if (Number.isFinite(v)) return neg ? -v : v;
  }
  if (FLOAT.test(s)) {
    const lower = s.toLowerCase();
    const sign = lower[0] === '-' ? -1 : 1;
    const body = lower[0] === '-' || lower[0] === '+' ? lower.slice(1) : lower;
    if (body === '.inf') return sign * Infinity;
    if (body === '.nan') return NaN;
    const f = parseFloat(s);
    if (Number.isFinite(f)) return sign * parseFloat(body);
  }
  return s;
}

/** Fold the lines of a multi-line flow scalar: one break is a space, n breaks are n-1 newlines. */
function foldBreaks(breaks: number): string {
  return breaks === 1 ? ' ' : '\n'.repeat(breaks - 1);
}

class Parser {
  pos = 0;
  depth = 0;
  constructor(readonly s: string) {}

  /** Count spaces from the start of the line at p; bail on tabs or CR in indentation. */
  indentAt(p: number): number {
    const s = this.s;
    let i = p;
    while (s.charCodeAt(i) === SPACE) i++;
    const c = s.charCodeAt(i);
    if (c === 9 || c === 13) bail();
    return i - p;
  }

  lineEnd(p: number): number {
    const e = this.s.indexOf('\n', p);
    return e < 0 ? this.s.length : e;
  }

  /**
   * Move pos to the start of the next line that has content, skipping blank lines. Returns that
   * line's indent, or -1 at the end of the text. Comments bail.
   */
  nextContent(): number {
    const s = this.s;
    while (this.pos < s.length) {
      const ind = this.indentAt(this.pos);
      const c = s.charCodeAt(this.pos + ind);
      if (c === NL) {
        this.pos += ind + 1;
        continue;
      }
      if (Number.isNaN(c)) {
        this.pos = s.length;
        return -1;
      }
      if (c === 0x23) bail(); // '#': a comment
      return ind;
    }
    return -1;
  }

  /** At p, after content on a line: only spaces may remain; move pos past the line break. */
  endLine(p: number): void {
    const s = this.s;
    while (s.charCodeAt(p) === SPACE) p++;
    const c = s.charCodeAt(p);
    if (c === NL) this.pos = p + 1;
    else if (Number.isNaN(c)) this.pos = s.length;
    else bail();
  }

  isSeqEntry(p: number): boolean {
    const s = this.s;
    if (s.charCodeAt(p) !== 0x2d) return false;
    const n = s.charCodeAt(p + 1);
    return n === SPACE || n === NL || Number.isNaN(n);
  }

  /** A node that starts on the line at pos (already known to have indent `ind`). */
  parseBlockAt(ind: number): unknown {
    const p = this.pos + ind;
    if (this.isSeqEntry(p)) return this.parseSequence(ind);
    this.pos = p;
    return this.parseMappingOrScalar(ind, -1);
  }

  /**
   * At pos (mid-line, column `col`): a mapping whose first key is here, or (when `parentCol` >= 0,
   * i.e. a sequence entry) possibly a lone scalar.
   */
  parseMappingOrScalar(col: number, parentCol: number): unknown {
    const s = this.s;
    const start = this.pos;
    const c = s.charCodeAt(start);
    if (c === 0x27 || c === 0x22) {
      // quoted: a key if ':' follows the closing quote
      // continuation lines of a sequence entry's scalar need only be deeper than the dash
      const cont = parentCol >= 0 ? parentCol : col;
      const v = c === 0x27 ? this.singleQuoted(start, cont) : this.doubleQuoted(start, cont);
      let p = this.pos;
      while (s.charCodeAt(p) === SPACE) p++;
      if (s.charCodeAt(p) === 0x3a && this.sepAfterColon(p + 1)) {
        if (this.quotedMultiLine) bail(); // multi-line keys are not allowed
        this.pos = start;
        return this.parseMapping(col);
      }
      if (parentCol < 0) bail(); // a document that is one scalar: rare, leave it to js-yaml
      this.endLine(p);
      return v;
    }
    const e = this.lineEnd(start);
    const colon = this.findKeyColon(start, e);
    if (colon >= 0) return this.parseMapping(col);
    if (parentCol < 0) bail();
    return this.plainScalar(start, parentCol);
  }

  /** Whether the last quoted scalar spanned lines. */
  quotedMultiLine = false;

  /** ':' at p is a mapping indicator when followed by a space or a line end. */
  sepAfterColon(p: number): boolean {
    const n = this.s.charCodeAt(p);
    return n === SPACE || n === NL || Number.isNaN(n);
  }

  /** Position of the key's ':' on the line [start, end), or -1 if the line is not `key: …`. */
  findKeyColon(start: number, end: number): number {
    const s = this.s;
    let p = s.indexOf(':', start);
    while (p >= 0 && p < end) {
      if (this.sepAfterColon(p + 1)) return p;
      p = s.indexOf(':', p + 1);
    }
    return -1;
  }

  parseMapping(col: number): Record<string, unknown> {
    if (++this.depth > MAX_DEPTH) bail();
    const s = this.s;
    const out: Record<string, unknown> = {};
    for (;;) {
      // pos: first character of a key, at column `col`
      const key = this.readKey();
      // pos: just after ':'
      let p = this.pos;
      while (s.charCodeAt(p) === SPACE) p++;
      const c = s.charCodeAt(p);
      let value: unknown;
      if (c === NL || Number.isNaN(c)) {
        this.pos = Number.isNaN(c) ? p : p + 1;
        value = this.blockValue(col);
      } else {
        value = this.inlineValue(p, col);
      }
      if (key === '__proto__') bail();
      out[key] = typeof value === 'string' ? own(value) : value;
      const ind = this.nextContent();
      if (ind < 0 || ind < col) break;
      if (ind > col) bail();
      if (this.isSeqEntry(this.pos + ind)) bail();
      this.pos += ind;
    }
    this.depth--;
    return out;
  }

  readKey(): string {
    const s = this.s;
    const start = this.pos;
    const c = s.charCodeAt(start);
    let key: string;
    if (c === 0x27 || c === 0x22) {
      const v = c === 0x27 ? this.singleQuoted(start, -1) : this.doubleQuoted(start, -1);
      if (this.quotedMultiLine) bail();
      key = v;
      let p = this.pos;
      while (s.charCodeAt(p) === SPACE) p++;
      if (s.charCodeAt(p) !== 0x3a) bail();
      this.pos = p + 1;
    } else {
      if (c < 128 && INDICATOR[c] === 1) bail();
      const e = this.lineEnd(start);
      const colon = this.findKeyColon(start, e);
      if (colon < 0) bail();
      if (s.charCodeAt(colon - 1) === SPACE) bail(); // "key :" or a comment before
      key = s.slice(start, colon);
      if (key.includes(' #') || key.includes('\t')) bail();
      // keys that resolve to something other than a string are rare; js-yaml stringifies them
      if (typeof resolvePlain(key) !== 'string') bail();
      this.pos = colon + 1;
    }
    if (!this.sepAfterColon(this.pos)) bail();
    return key;
  }

  /** The value of `key:` with nothing after the colon: a block on the following lines, or null. */
  blockValue(col: number): unknown {
    const ind = this.nextContent();
    if (ind < 0) return null;
    if (ind > col) {
      if (this.isSeqEntry(this.pos + ind)) return this.parseSequence(ind);
      this.pos += ind;
      return this.parseMappingOrScalar(ind, -1); // a scalar on the next line bails
    }
    if (ind === col && this.isSeqEntry(this.pos + ind)) return this.parseSequence(ind);
    return null;
  }

  /** A value that starts at p on the key's line. `col` is the key's column. */
  inlineValue(p: number, col: number): unknown {
    const s = this.s;
    const c = s.charCodeAt(p);
    switch (c) {
      case 0x27: {
        const v = this.singleQuoted(p, col);
        this.endLine(this.pos);
        return v;
      }
      case 0x22: {
        const v = this.doubleQuoted(p, col);
        this.endLine(this.pos);
        return v;
      }
      case 0x7c: // |
      case 0x3e: // >
        return this.blockScalar(p, col);
      case 0x7b: // {
      case 0x5b: {
        // [
        if (s.charCodeAt(p + 1) !== (c === 0x7b ? 0x7d : 0x5d)) return c === 0x5b ? this.flowWords(p) : bail();
        this.endLine(p + 2);
        return c === 0x7b ? {} : [];
      }
    }
    if (c < 128 && INDICATOR[c] === 1) {
      // '-', '?', ':' may start a plain scalar when not followed by a space
      if (!((c === 0x2d || c === 0x3f || c === 0x3a) && !this.sepAfterColon(p + 1))) bail();
    }
    return this.plainScalar(p, col);
  }

  parseSequence(col: number): unknown[] {
    if (++this.depth > MAX_DEPTH) bail();
    const s = this.s;
    const out: unknown[] = [];
    for (;;) {
      // pos: start of a line whose indent is col and that starts with "-"
      const lineStart = this.pos;
      const dash = lineStart + col;
      let p = dash + 1;
      while (s.charCodeAt(p) === SPACE) p++;
      const c = s.charCodeAt(p);
      if (c === NL || Number.isNaN(c)) {
        this.pos = Number.isNaN(c) ? p : p + 1;
        const ind = this.nextContent();
        if (ind > col) out.push(this.parseBlockAt(ind));
        else out.push(null);
      } else if (c === 0x2d && this.isSeqEntry(p)) {
        bail(); // "- - x": nested sequences are left to js-yaml
      } else if (c === 0x7c || c === 0x3e) {
        out.push(this.blockScalar(p, col));
      } else if (c === 0x7b || c === 0x5b) {
        if (s.charCodeAt(p + 1) !== (c === 0x7b ? 0x7d : 0x5d)) out.push(c === 0x5b ? this.flowWords(p) : bail());
        else {
          this.endLine(p + 2);
          out.push(c === 0x7b ? {} : []);
        }
      } else {
        if (c === 9) bail();
        if (c < 128 && INDICATOR[c] === 1 && c !== 0x27 && c !== 0x22) {
          if (!((c === 0x2d || c === 0x3f || c === 0x3a) && !this.sepAfterColon(p + 1))) bail();
        }
        this.pos = p;
        const v = this.parseMappingOrScalar(p - lineStart, col);
        out.push(typeof v === 'string' ? own(v) : v);
      }
      const ind = this.nextContent();
      if (ind < 0 || ind < col) break;
      if (ind > col) bail();
      if (!this.isSeqEntry(this.pos + ind)) break; // the parent mapping goes on
    }
    this.depth--;
    return out;
  }

  /**
   * A flow sequence of words on one line at p ('['): `[a, b-c, 1]`, as hand-written manifests and
   * fixture headers have them. Entries are plain scalars of letters, digits and `._/-` (starting
   * with a letter or digit), separated by a comma and spaces; anything else bails.
   */
  flowWords(p: number): unknown[] {
    const s = this.s;
    const out: unknown[] = [];
    let i = p + 1;
    for (;;) {
      while (s.charCodeAt(i) === SPACE) i++;
      const start = i;
      let c = s.charCodeAt(i);
      if (!((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a))) bail();
      for (;;) {
        c = s.charCodeAt(++i);
        if (!((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2e || c === 0x5f || c === 0x2f || c === 0x2d)) break;
      }
      const v = resolvePlain(s.slice(start, i));
      out.push(typeof v === 'string' ? own(v) : v);
      while (s.charCodeAt(i) === SPACE) i++;
      c = s.charCodeAt(i);
      if (c === 0x5d) break; // ]
      if (c !== 0x2c) bail(); // ,
      i++;
    }
    this.endLine(i + 1);
    return out;
  }

  /**
   * A plain scalar starting at p; continuation lines must be indented more than `col`.
   * Leaves pos at the start of the line after the scalar.
   */
  plainScalar(p: number, col: number): unknown {
    const s = this.s;
    let e = this.lineEnd(p);
    let text = this.plainLine(p, e);
    let pos = e + 1;
    // continuation lines
    let breaks = 0;
    let more = false;
    for (;;) {
      if (pos >= s.length) break;
      const ind = this.indentAt(pos);
      const c = s.charCodeAt(pos + ind);
      if (c === NL) {
        breaks++;
        pos += ind + 1;
        continue;
      }
      if (Number.isNaN(c) || ind <= col) break;
      if (c === 0x23) bail(); // a comment ends the scalar
      e = this.lineEnd(pos + ind);
      const line = this.plainLine(pos + ind, e);
      text += foldBreaks(breaks + 1) + line;
      breaks = 0;
      more = true;
      pos = e + 1;
    }
    // pos: after the scalar's last line and any blank lines; rewind to the first blank line so
    // the caller sees them (they do not matter to it).
    this.pos = Math.min(pos, s.length);
    return more ? text : resolvePlain(text);
  }

  /** One line of a plain scalar: no ": ", no " #", trailing spaces trimmed. */
  plainLine(p: number, e: number): string {
    const s = this.s;
    let end = e;
    while (end > p && s.charCodeAt(end - 1) === SPACE) end--;
    const line = s.slice(p, end);
    // no CR to look for: parseKubectlYaml leaves any text with one to js-yaml (AWKWARD)
    if (line.includes(': ') || line.includes(' #') || line.includes('\t') || line.charCodeAt(line.length - 1) === 0x3a) bail();
    return line;
  }

  /**
   * A line break at `nl` inside a quoted scalar whose line so far is `seg`: the line's text with
   * trailing spaces trimmed and the breaks folded, and where the scalar goes on (continuation
   * lines must be indented more than col).
   */
  fold(seg: string, nl: number, col: number): [string, number] {
    const s = this.s;
    if (seg.includes('\t') || seg.includes('\r')) bail();
    let breaks = 1;
    let j = nl + 1;
    for (;;) {
      const ind = this.indentAt(j);
      if (s.charCodeAt(j + ind) === NL) {
        breaks++;
        j += ind + 1;
        continue;
      }
      if (Number.isNaN(s.charCodeAt(j + ind)) || ind <= col) bail();
      return [seg.replace(/ +$/, '') + foldBreaks(breaks), j + ind];
    }
  }

  /** Single-quoted scalar at p ("'"); continuation lines must be indented more than col. */
  singleQuoted(p: number, col: number): string {
    const s = this.s;
    let out = '';
    let i = p + 1;
    let sameLine = true;
    for (;;) {
      const q = s.indexOf("'", i);
      const nl = s.indexOf('\n', i);
      if (q < 0 && nl < 0) bail();
      if (q >= 0 && (nl < 0 || q < nl)) {
        out += s.slice(i, q);
        if (s.charCodeAt(q + 1) === 0x27) {
          out += "'";
          i = q + 2;
          continue;
        }
        this.pos = q + 1;
        this.quotedMultiLine = !sameLine;
        return out;
      }
      const [text, next] = this.fold(s.slice(i, nl), nl, col);
      out += text;
      i = next;
      sameLine = false;
    }
  }

  /** Double-quoted scalar at p ('"') with YAML escapes; continuation lines indented > col. */
  doubleQuoted(p: number, col: number): string {
    const s = this.s;
    let out = '';
    let i = p + 1;
    let sameLine = true;
    let segStart = i;
    for (;;) {
      const c = s.charCodeAt(i);
      if (Number.isNaN(c)) bail();
      if (c === 0x22) {
        out += s.slice(segStart, i);
        this.pos = i + 1;
        this.quotedMultiLine = !sameLine;
        return out;
      }
      if (c === 0x5c) {
        out += s.slice(segStart, i);
        const e = s.charCodeAt(i + 1);
        if (e === NL) {
          // escaped line break: no folding space; skip the next line's indentation
          let j = i + 2;
          const ind = this.indentAt(j);
          if (s.charCodeAt(j + ind) === NL || ind <= col) bail();
          j += ind;
          i = j;
          segStart = i;
          sameLine = false;
          continue;
        }
        const [text, len] = this.escape(i + 1);
        out += text;
        i += 1 + len;
        segStart = i;
        continue;
      }
      if (c === NL) {
        const [text, next] = this.fold(s.slice(segStart, i), i, col);
        out += text;
        i = next;
        segStart = i;
        sameLine = false;
        continue;
      }
      if (c === 9 || c === 13) bail();
      i++;
    }
  }

  /** An escape after a backslash at p: [text, characters consumed]. */
  escape(p: number): [string, number] {
    const s = this.s;
    const e = s[p];
    switch (e) {
      case '0':
        return ['\0', 1];
      case 'a':
        return ['\x07', 1];
      case 'b':
        return ['\b', 1];
      case 't':
      case '\t':
        return ['\t', 1];
      case 'n':
        return ['\n', 1];
      case 'v':
        return ['\v', 1];
      case 'f':
        return ['\f', 1];
      case 'r':
        return ['\r', 1];
      case 'e':
        return ['\x1b', 1];
      case ' ':
        return [' ', 1];
      case '"':
        return ['"', 1];
      case '/':
        return ['/', 1];
      case '\\':
        return ['\\', 1];
      case 'N':
        return ['\x85', 1];
      case '_':
        return ['\xa0', 1];
      case 'L':
        return ['\u2028', 1];
      case 'P':
        return ['\u2029', 1];
      case 'x':
      case 'u':
      case 'U': {
        const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        const hex = s.slice(p + 1, p + 1 + n);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== n) bail();
        const cp = parseInt(hex, 16);
        if (cp > 0x10ffff) bail();
        return [String.fromCodePoint(cp), 1 + n];
      }
    }
    return bail();
  }

  /**
   * A block scalar at p: literal `|` or folded `>`, with optional chomping (`-` strip, `+` keep)
   * and indentation indicator (relative to `col`, the parent's column); content indented more
   * than col. Folded (YAML 1.2, 8.1.3): the break between two lines of the text's own
   * indentation is a space, each blank line between them a newline; lines indented more than
   * the text (or starting with a tab) keep their breaks, as do the lines either side of them.
   */
  blockScalar(p: number, col: number): string {
    const s = this.s;
    const folded = s.charCodeAt(p) === 0x3e;
    let chomp = 0; // 0 clip, -1 strip, 1 keep
    let explicit = 0;
    let h = p + 1;
    for (let k = 0; k < 2; k++) {
      const ch = s.charCodeAt(h);
      if (chomp === 0 && (ch === 0x2d || ch === 0x2b)) {
        chomp = ch === 0x2d ? -1 : 1;
        h++;
      } else if (explicit === 0 && ch >= 0x31 && ch <= 0x39) {
        explicit = ch - 0x30;
        h++;
      }
    }
    this.endLine(h); // a comment after the header bails
    let i = this.pos;
    let textIndent: number;
    if (explicit > 0) {
      textIndent = col + explicit;
    } else {
      // The first content line sets the indentation; blank lines before it must not be longer.
      let longestBlank = 0;
      let j = i;
      for (;;) {
        if (j >= s.length) bail();
        const ind = this.indentAt(j);
        if (s.charCodeAt(j + ind) !== NL) {
          textIndent = ind;
          break;
        }
        longestBlank = Math.max(longestBlank, ind);
        j += ind + 1;
      }
      if (textIndent <= col) {
        if (j > i) bail(); // blank lines after an empty block scalar: leave chomping to js-yaml
        return '';
      }
      if (longestBlank > textIndent) bail();
    }
    let text = '';
    let read = false; // a content line was read
    let moreIndented = false; // the last content line was indented more than the text (folded)
    let pending = 0; // blank lines since the last content line
    for (;;) {
      if (i >= s.length) break;
      const e = s.indexOf('\n', i);
      if (e < 0) bail(); // content that runs to the end without a line break
      let ind = 0;
      while (ind < textIndent && s.charCodeAt(i + ind) === SPACE) ind++;
      if (i + ind === e) {
        pending++; // an empty line (or one with no more than the indentation)
        i = e + 1;
        continue;
      }
      if (ind < textIndent) {
        if (s.charCodeAt(i + ind) === 9) bail();
        break;
      }
      const line = s.slice(i + textIndent, e);
      if (line.includes('\r')) bail();
      if (!folded) {
        text += '\n'.repeat(read ? pending + 1 : pending);
      } else {
        const first = line.charCodeAt(0);
        if (first === SPACE || first === 9) {
          moreIndented = true;
          text += '\n'.repeat(read ? pending + 1 : pending);
        } else if (moreIndented) {
          moreIndented = false;
          text += '\n'.repeat(pending + 1);
        } else if (pending > 0) {
          text += '\n'.repeat(pending);
        } else if (read) {
          text += ' ';
        }
      }
      text += line;
      read = true;
      pending = 0;
      i = e + 1;
    }
    this.pos = i;
    if (!read) {
      if (pending > 0) bail();
      return '';
    }
    if (chomp === 0) text += '\n';
    else if (chomp === 1) text += '\n' + '\n'.repeat(pending);
    return text;
  }
}

/**
 * Parse one YAML document (or one top-level sequence entry) as js-yaml would, or BAIL.
 * `text` must not contain document markers.
 */
export function parseKubectlYaml(text: string): unknown | Bail {
  // CR (a line break to YAML), control characters js-yaml refuses, BOMs and surrogates: js-yaml.
  if (AWKWARD.test(text)) return BAIL;
  const p = new Parser(text);
  current = p;
  try {
    const ind = p.nextContent();
    if (ind < 0) return undefined; // an empty document, as js-yaml reads it
    const v = p.parseBlockAt(ind);
    if (p.nextContent() >= 0) bail(); // something left over at a lower indentation
    return v;
  } catch (e) {
    if (e === BAILED) return BAIL;
    throw e;
  }
}
