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

export function width(s: string): number {
  let w = 0;
  for (const ch of s.replace(ANSI, '')) w += charWidth(ch.codePointAt(0) ?? 0);
  return w;
}

export function padEnd(s: string, n: number): string {
  const w = width(s);
  return w >= n ? s : s + ' '.repeat(n - w);
}

/**
 * Wrap text to `cols` columns, indenting every line with `indent` (the first line with
 * `firstIndent` if given). Long words are broken. Existing newlines are kept.
 */
export function wrap(text: string, cols: number, indent = '', firstIndent = indent): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    let prefix = out.length === 0 ? firstIndent : indent;
    const avail = () => Math.max(20, cols - width(prefix));
    for (let word of para.split(/ +/)) {
      if (word === '') continue;
      while (width(word) > avail()) {
        // Break an over-long word (a URL, a long message token).
        if (line !== '') {
          out.push(prefix + line);
          prefix = indent;
          line = '';
        }
        let cut = '';
        for (const ch of word) {
          if (width(cut + ch) > avail()) break;
          cut += ch;
        }
        out.push(prefix + cut);
        prefix = indent;
        word = word.slice(cut.length);
      }
      if (line === '') line = word;
      else if (width(line) + 1 + width(word) <= avail()) line += ` ${word}`;
      else {
        out.push(prefix + line);
        prefix = indent;
        line = word;
      }
    }
    out.push(prefix + line);
    prefix = indent;
  }
  return out.map((l) => l.replace(/\s+$/, ''));
}
