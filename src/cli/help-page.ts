// A command's help as data, and the layout commander 14 gives it. `podwhy --help` is the most
// started command there is, and building the commander program to print it cost about as much as
// starting Node itself. So the build lays each command's help out as a page (src/cli/help-pages.ts
// reads it off the real program), and the bin prints a page with this file alone: no commander, no
// program. The layout below is commander's (Help.formatHelp, formatItem, boxWrap): usage and blank
// lines as they are, the description wrapped to the terminal, each item's term padded to the
// page's widest and its description wrapped beside it. help-pages.test.ts holds every page, under
// both invocation names and many widths, to the text commander prints.

/** One line of a page: as it is, wrapped to the width, or an item (term, description). */
export type HelpLine = string | { wrap: string } | [term: string, description: string];

export interface HelpPage {
  lines: HelpLine[];
  /** The width terms are padded to (commander's padWidth: the longest term). */
  termWidth: number;
  /** Text printed after the page (addHelpText('after')), if any. */
  after?: string;
}

/** Help pages by command ("" is the program itself), per invocation name, and the version. */
export interface HelpPages {
  version: string;
  names: Record<string, Record<string, HelpPage>>;
}

/** Below this many columns commander does not wrap. */
const MIN_WIDTH_TO_WRAP = 40;
const ITEM_INDENT = 2;
const SPACER = 2;

/** commander's boxWrap: wrap at whitespace to `width`, keeping the line breaks already there. */
export function boxWrap(text: string, width: number): string {
  if (width < MIN_WIDTH_TO_WRAP) return text;
  const out: string[] = [];
  for (const line of text.split(/\r\n|\n/)) {
    const chunks = line.match(/\s*\S+/g);
    if (chunks === null) {
      out.push('');
      continue;
    }
    let current = chunks[0] as string;
    for (let i = 1; i < chunks.length; i++) {
      const chunk = chunks[i] as string;
      if (current.length + chunk.length <= width) {
        current += chunk;
        continue;
      }
      out.push(current);
      current = chunk.trimStart();
    }
    out.push(current);
  }
  return out.join('\n');
}

function formatItem(term: string, description: string, termWidth: number, width: number): string {
  const indent = ' '.repeat(ITEM_INDENT);
  if (!description) return indent + term;
  const remaining = width - termWidth - SPACER - ITEM_INDENT;
  // a description with a line break followed by a blank is laid out by hand: kept as it is
  const text = remaining < MIN_WIDTH_TO_WRAP || /\n[^\S\r\n]/.test(description) ? description : boxWrap(description, remaining).replace(/\n/g, `\n${' '.repeat(termWidth + SPACER)}`);
  return `${indent}${term.padEnd(termWidth)}${' '.repeat(SPACER)}${text.replace(/\n/g, `\n${indent}`)}`;
}

/** The page as commander prints it at `width` columns (80 when the output is not a terminal). */
export function formatHelpPage(page: HelpPage, width = 80): string {
  const lines = page.lines.map((l) => (typeof l === 'string' ? l : Array.isArray(l) ? formatItem(l[0], l[1], page.termWidth, width) : boxWrap(l.wrap, width)));
  return lines.join('\n') + (page.after ? `${page.after}\n` : '');
}
