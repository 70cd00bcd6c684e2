// Plain-text layout helpers: display width (CJK is two columns wide), word wrapping, padding.

/** Columns a character takes in a terminal: 2 for East Asian wide/fullwidth, 0 for combining marks. */
function charWidth(cp: number): number {
  if (cp === 0) return 0;
  if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || cp === 0xfe0f) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf && cp !== 0x303f) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  )
    return 2;
  return 1;
}

const ANSI = /\u001b\[[0-9;]*m/g;
/** Printable ASCII only: one column per character (most text; checked before the slow path). */
const PLAIN = /^[\x20-\x7e]*$/;

export function width(s: string): number {
  if (PLAIN.test(s)) return s.length;
  let w = 0;
  for (const ch of s.replace(ANSI, '')) w += charWidth(ch.codePointAt(0) ?? 0);
  return w;
}

/** s cut to at most n columns, ending in "…" when cut. */
export function fit(s: string, n: number): string {
  if (width(s) <= n) return s;
  let out = '';
  let w = 0;
  for (const ch of s) {
    const cw = width(ch);
    if (w + cw > n - 1) break;
    out += ch;
    w += cw;
  }
  return `${out}…`;
}

export function padEnd(s: string, n: number): string {
  const w = width(s);
  return w >= n ? s : s + ' '.repeat(n - w);
}

/**
 * Wrap text to `cols` columns, indenting every line with `indent` (the first line with
 * `firstIndent` if given). Long words are broken. Existing newlines are kept.
 */
const TRAILING = /\s/;

export function wrap(text: string, cols: number, indent = '', firstIndent = indent): string[] {
  const out: string[] = [];
  // Widths are summed as words are added (measuring the line again for each word made a long
  // paragraph quadratic, and a 10,000-pod report is mostly wrapped paragraphs).
  const indentAvail = Math.max(20, cols - width(indent));
  for (const para of text.split('\n')) {
    let line = '';
    let lineW = 0;
    let prefix = out.length === 0 ? firstIndent : indent;
    let avail = prefix === indent ? indentAvail : Math.max(20, cols - width(prefix));
    const next = () => {
      prefix = indent;
      avail = indentAvail;
    };
    for (let word of para.split(/ +/)) {
      if (word === '') continue;
      let wordW = width(word);
      while (wordW > avail) {
        // Break an over-long word (a URL, a long message token).
        if (line !== '') {
          out.push(prefix + line);
          next();
          line = '';
          lineW = 0;
        }
        let cut = '';
        let cutW = 0;
        for (const ch of word) {
          const w = width(ch);
          if (cutW + w > avail) break;
          cut += ch;
          cutW += w;
        }
        out.push(prefix + cut);
        next();
        word = word.slice(cut.length);
        wordW -= cutW;
      }
      if (line === '') {
        line = word;
        lineW = wordW;
      } else if (lineW + 1 + wordW <= avail) {
        line += ` ${word}`;
        lineW += 1 + wordW;
      } else {
        out.push(prefix + line);
        next();
        line = word;
        lineW = wordW;
      }
    }
    out.push(prefix + line);
    next();
  }
  // few lines end in white space (one that is only its indent): test the last character first
  return out.map((l) => (TRAILING.test(l.charAt(l.length - 1)) ? l.trimEnd() : l));
}

/**
 * Rows laid out in columns as kubectl prints them (three spaces between, the last column not
 * padded). Nothing is ever cut: a row wider than the terminal is let be wide, as kubectl's are;
 * callers choose which columns to show for the width (text.ts).
 */
export function columns(rows: string[][]): string[] {
  if (rows.length === 0) return [];
  const n = Math.max(...rows.map((r) => r.length));
  const widths = Array.from({ length: n }, (_, i) => Math.max(...rows.map((r) => width(r[i] ?? ''))));
  const GAP = 3;
  const cells = rows;
  return cells.map((r) =>
    r
      .map((cell, i) => (i === r.length - 1 ? cell : padEnd(cell, (widths[i] as number) + GAP)))
      .join('')
      .replace(/\s+$/, ''),
  );
}

/**
 * Items (names) joined by `sep` and wrapped to `cols` columns between items, never inside one: an
 * item wider than the room is put alone on its line, which is then wider than `cols` (as kubectl
 * lets a row be wide rather than cut a name).
 */
export function wrapItems(items: readonly string[], cols: number, indent = '', firstIndent = indent, sep = ', '): string[] {
  const out: string[] = [];
  let line = firstIndent;
  let bare = true;
  for (let i = 0; i < items.length; i++) {
    const item = `${items[i] as string}${i < items.length - 1 ? sep.trimEnd() : ''}`;
    const gap = bare ? '' : sep.slice(sep.trimEnd().length) || ' ';
    if (!bare && width(line) + width(gap) + width(item) > cols) {
      out.push(line);
      line = indent;
      bare = true;
    }
    line += (bare ? '' : gap) + item;
    bare = false;
  }
  if (!bare || out.length === 0) out.push(line);
  return out.map((l) => l.trimEnd());
}
