// What the readers of this folder share: the document they hand on, the contract with the worker
// threads that may parse a big List's items (src/api/parallel), and small helpers on text.

export interface ParsedDoc {
  value: unknown;
  /** 1-based line where the document starts. */
  line: number;
  /** For a List cut into items: the 1-based line of each item of `items`. */
  itemLines?: number[];
}

/** Nesting deeper than this is refused (kubectl output stays under 20). */
export const MAX_DEPTH = 64;

/** The first line of an error message, trimmed. */
export function firstLine(msg: string): string {
  return (msg.split('\n')[0] ?? msg).trim();
}

/** A copy of s that shares no memory with the (much larger) chunk it was cut from. */
export function detach(s: string): string {
  return (s + ' ').slice(0, -1);
}

/** Line breaks in s[from, to). */
export function countLines(s: string, from = 0, to = s.length): number {
  let n = 0;
  let i = s.indexOf('\n', from);
  while (i >= 0 && i < to) {
    n++;
    i = s.indexOf('\n', i + 1);
  }
  return n;
}


/**
 * Items of big Lists parsed elsewhere (worker threads: src/api/parallel). Asked only once the
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
