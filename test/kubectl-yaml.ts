// Test and bench helper: YAML as `kubectl get -o yaml` prints it. kubectl marshals through
// sigs.k8s.io/yaml (go-yaml v2 underneath), whose output has a recognisable shape that the fast
// reader in src/sources/kyaml.ts relies on, so bench inputs and differential tests must have it too:
//   - keys sorted, two-space indentation, block sequences at the same column as their key;
//   - strings plain when they would read back as strings, double-quoted when they would not
//     ("123", "true", timestamps, ""), single-quoted when a plain scalar is not allowed
//     (": ", leading indicator); strings with a line break as literal blocks (|, |-, |+, |2-);
//   - plain and quoted scalars folded at a space once the line passes 80 columns, continuation
//     lines indented two more than the key.
// This follows go-yaml's encoder and emitter (yaml_emitter_analyze_scalar, select_scalar_style,
// write_plain/single/double_quoted); it is a faithful subset, not a port.

const BEST_WIDTH = 80;

type Style = 'plain' | 'single' | 'double' | 'literal';

/** YAML 1.1 words go-yaml resolves to bool or null, so strings spelled like them are quoted. */
const YAML11_WORDS = new Set(
  'y Y yes Yes YES n N no No NO true True TRUE false False FALSE on On ON off Off OFF null Null NULL ~ .inf .Inf .INF -.inf -.Inf -.INF +.inf +.Inf +.INF .nan .NaN .NAN'.split(' '),
);

function resolvesToNonString(s: string): boolean {
  if (s === '' || YAML11_WORDS.has(s)) return true;
  // ints (also 0x, 0b, octal, underscores), floats, base-60 numbers, timestamps
  if (/^[-+]?(0b[01_]+|0x[0-9a-fA-F_]+|0[0-7_]+|[0-9][0-9_]*)$/.test(s)) return true;
  if (/^[-+]?([0-9][0-9_]*)?\.[0-9_]*([eE][-+]?[0-9]+)?$/.test(s) && /[0-9]/.test(s)) return true;
  if (/^[-+]?[0-9][0-9_]*([eE][-+]?[0-9]+)$/.test(s)) return true;
  if (/^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$/.test(s)) return true;
  if (/^\d{4}-\d\d?-\d\d?([Tt ]|$)/.test(s)) return true;
  return false;
}

const printable = (c: number) => c === 0x09 || c === 0x0a || (c >= 0x20 && c <= 0x7e) || c === 0x85 || (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff) || c >= 0x10000;

function analyze(s: string): { plain: boolean; single: boolean; literal: boolean } {
  if (s === '') return { plain: false, single: true, literal: false };
  let plain = true;
  let single = true;
  let literal = true;
  const first = s[0] as string;
  const last = s[s.length - 1] as string;
  if ('#,[]{}&*!|>\'"%@`'.includes(first)) plain = false;
  if ((first === '-' || first === '?' || first === ':') && (s.length === 1 || s[1] === ' ')) plain = false;
  if (s.startsWith('---') || s.startsWith('...')) plain = false;
  if (first === ' ' || first === '\n' || last === ' ' || last === '\n') plain = false;
  if (last === ' ') literal = false;
  if (/: |:$| #|\t/.test(s) || s.includes('\n')) plain = false;
  if (s.includes('\n ')) plain = single = false;
  if (s.includes(' \n')) plain = single = literal = false;
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (c !== 0x0a && (!printable(c) || c === 0x85 || c === 0x2028 || c === 0x2029)) plain = single = literal = false;
  }
  return { plain, single, literal };
}

function chooseStyle(s: string): Style {
  const a = analyze(s);
  if (s.includes('\n')) return a.literal ? 'literal' : 'double';
  if (a.plain && !resolvesToNonString(s)) return 'plain';
  if (resolvesToNonString(s)) return 'double';
  return a.single ? 'single' : 'double';
}

function doubleQuote(s: string, col: number, indent: number, allowBreaks: boolean): string {
  let out = '"';
  col += 1;
  let spaces = false;
  const chars = [...s];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    const c = ch.codePointAt(0) as number;
    if (ch === ' ') {
      if (allowBreaks && !spaces && col > BEST_WIDTH && i !== 0 && i !== chars.length - 1) {
        out += `\n${' '.repeat(indent)}`;
        col = indent;
        if (chars[i + 1] === ' ') {
          out += '\\';
          col++;
        }
      } else {
        out += ' ';
        col++;
      }
      spaces = true;
      continue;
    }
    spaces = false;
    let piece: string;
    if (ch === '"') piece = '\\"';
    else if (ch === '\\') piece = '\\\\';
    else if (c === 0) piece = '\\0';
    else if (c === 0x07) piece = '\\a';
    else if (c === 0x08) piece = '\\b';
    else if (c === 0x09) piece = '\\t';
    else if (c === 0x0a) piece = '\\n';
    else if (c === 0x0b) piece = '\\v';
    else if (c === 0x0c) piece = '\\f';
    else if (c === 0x0d) piece = '\\r';
    else if (c === 0x1b) piece = '\\e';
    else if (c === 0x85) piece = '\\N';
    else if (c === 0xa0) piece = '\\_';
    else if (c === 0x2028) piece = '\\L';
    else if (c === 0x2029) piece = '\\P';
    else if (!printable(c) || c === 0xfeff) piece = c <= 0xff ? `\\x${c.toString(16).toUpperCase().padStart(2, '0')}` : c <= 0xffff ? `\\u${c.toString(16).toUpperCase().padStart(4, '0')}` : `\\U${c.toString(16).toUpperCase().padStart(8, '0')}`;
    else piece = ch;
    out += piece;
    col += piece.length;
  }
  return `${out}"`;
}

function foldedFlow(s: string, col: number, indent: number, quote: '' | "'", allowBreaks: boolean): string {
  let out = quote;
  col += quote.length;
  let spaces = false;
  const chars = [...s];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    if (ch === ' ') {
      const edge = quote === "'" && (i === 0 || i === chars.length - 1);
      if (allowBreaks && !spaces && col > BEST_WIDTH && !edge && chars[i + 1] !== ' ') {
        out += `\n${' '.repeat(indent)}`;
        col = indent;
      } else {
        out += ' ';
        col++;
      }
      spaces = true;
      continue;
    }
    spaces = false;
    const piece = quote === "'" && ch === "'" ? "''" : ch;
    out += piece;
    col += 1;
  }
  return out + quote;
}

function literal(s: string, indent: number): string {
  let chomp = '';
  if (!s.endsWith('\n')) chomp = '-';
  else if (s.endsWith('\n\n') || s === '\n') chomp = '+';
  const indicator = s.startsWith(' ') || s.startsWith('\n') ? '2' : '';
  const body = chomp === '+' ? s.slice(0, -1) : chomp === '' ? s.slice(0, -1) : s;
  const lines = body.split('\n').map((l) => (l === '' ? '' : ' '.repeat(indent) + l));
  return `|${indicator}${chomp}\n${lines.join('\n')}`;
}

/** A scalar written at column `col`, continuation lines at `indent`. Keys pass allowBreaks=false. */
function scalar(v: unknown, col: number, indent: number, allowBreaks = true): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : Number.isFinite(v) ? String(v) : v > 0 ? '.inf' : v < 0 ? '-.inf' : '.nan';
  const s = String(v);
  const style = allowBreaks ? chooseStyle(s) : chooseStyle(s) === 'literal' ? 'double' : chooseStyle(s);
  if (style === 'plain') return foldedFlow(s, col, indent, '', allowBreaks);
  if (style === 'single') return foldedFlow(s, col, indent, "'", allowBreaks);
  if (style === 'double') return doubleQuote(s, col, indent, allowBreaks);
  return literal(s, indent);
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function emitMap(m: Record<string, unknown>, indent: number, out: string[], firstPrefix?: string): void {
  const keys = Object.keys(m).sort();
  keys.forEach((k, i) => {
    const pad = i === 0 && firstPrefix !== undefined ? firstPrefix : ' '.repeat(indent);
    const key = scalar(k, indent, indent, false);
    emitValue(m[k], `${pad}${key}:`, indent, out);
  });
}

function emitSeq(a: unknown[], indent: number, out: string[], firstPrefix?: string): void {
  a.forEach((item, i) => {
    const pad = i === 0 && firstPrefix !== undefined ? firstPrefix : ' '.repeat(indent);
    const head = `${pad}-`;
    if (isMap(item) && Object.keys(item).length > 0) emitMap(item, indent + 2, out, `${head} `);
    else if (Array.isArray(item) && item.length > 0) emitSeq(item, indent + 2, out, `${head} `);
    else if (isMap(item)) out.push(`${head} {}`);
    else if (Array.isArray(item)) out.push(`${head} []`);
    else out.push(`${head} ${scalar(item, head.length + 1, indent + 2)}`);
  });
}

function emitValue(v: unknown, head: string, indent: number, out: string[]): void {
  if (isMap(v)) {
    if (Object.keys(v).length === 0) out.push(`${head} {}`);
    else {
      out.push(head);
      emitMap(v, indent + 2, out);
    }
  } else if (Array.isArray(v)) {
    if (v.length === 0) out.push(`${head} []`);
    else {
      out.push(head);
      emitSeq(v, indent, out);
    }
  } else {
    out.push(`${head} ${scalar(v, head.length + 1, indent + 2)}`);
  }
}

/** One object as `kubectl get -o yaml` prints it (with a trailing newline). */
export function toKubectlYaml(v: unknown): string {
  const out: string[] = [];
  if (isMap(v) && Object.keys(v).length > 0) emitMap(v, 0, out);
  else if (Array.isArray(v) && v.length > 0) emitSeq(v, 0, out);
  else if (isMap(v)) out.push('{}');
  else if (Array.isArray(v)) out.push('[]');
  else out.push(scalar(v, 0, 2));
  return `${out.join('\n')}\n`;
}

/** One item of a top-level sequence (`- …`), as it appears under `items:` in a printed List. */
export function toKubectlYamlItem(v: unknown): string {
  const out: string[] = [];
  emitSeq([v], 0, out);
  return `${out.join('\n')}\n`;
}
