// metadata.managedFields (often a third of a pod's text, never used): cut out of the text before
// parsing where kubectl puts it (YAML and pretty-printed JSON), dropped from the parsed object
// otherwise.

/** Drop metadata.managedFields from a parsed object (and from the items of a List). */
export function dropManagedFields(v: unknown): void {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return;
  const md = (v as Record<string, unknown>)['metadata'];
  if (typeof md === 'object' && md !== null && !Array.isArray(md) && 'managedFields' in md) delete (md as Record<string, unknown>)['managedFields'];
}

/** dropManagedFields on an object and, when it is a List, on its items. */
export function dropAllManagedFields(v: unknown): void {
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
