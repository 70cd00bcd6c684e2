// Each command's help page read off the real commander program (src/cli/program.ts), the way
// commander's Help.formatHelp walks it, for src/cli/help-page.ts to print without commander. Run
// by the build (tools/build/help-pages.ts writes them beside the bundle); help-pages.test.ts holds
// the printed pages to commander's own output.

import type { Command, Help } from 'commander';
import type { HelpLine, HelpPage, HelpPages } from './help-page.js';
import { processIO } from './io.js';
import { VERSION } from './options.js';
import { createProgram } from './program.js';

/** The invocation names the program is built under (program.ts invocationName). */
export const INVOCATION_NAMES = ['podwhy', 'kubectl podwhy'] as const;

/** Items grouped under their headings, groups in order of first appearance (commander's groupItems). */
function grouped<T>(all: readonly T[], visible: readonly T[], heading: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of all) if (!groups.has(heading(item))) groups.set(heading(item), []);
  for (const item of visible) {
    const h = heading(item);
    if (!groups.has(h)) groups.set(h, []);
    groups.get(h)?.push(item);
  }
  return groups;
}

/** The text addHelpText('after', text) registered, if any (the listener writes `${text}\n`). */
function afterText(cmd: Command): string | undefined {
  let text: string | undefined;
  (cmd as unknown as NodeJS.EventEmitter).emit('afterHelp', { error: false, command: cmd, write: (s: string) => (text = (text ?? '') + s.replace(/\n$/, '')) });
  return text;
}

export function helpPage(cmd: Command): HelpPage {
  const h: Help = cmd.createHelp();
  if (h.showGlobalOptions) throw new Error('help pages do not lay out global options');
  const lines: HelpLine[] = [`Usage: ${h.commandUsage(cmd)}`, ''];
  const description = h.commandDescription(cmd);
  if (description.length > 0) lines.push({ wrap: description }, '');
  const section = (title: string, items: Array<[string, string]>) => {
    if (items.length > 0) lines.push(title, ...items, '');
  };
  section(
    'Arguments:',
    h.visibleArguments(cmd).map((a) => [h.argumentTerm(a), h.argumentDescription(a)]),
  );
  for (const [title, options] of grouped(cmd.options, h.visibleOptions(cmd), (o) => o.helpGroupHeading ?? 'Options:')) {
    section(
      title,
      options.map((o) => [h.optionTerm(o), h.optionDescription(o)]),
    );
  }
  for (const [title, subs] of grouped(cmd.commands, h.visibleCommands(cmd), (c) => c.helpGroup() || 'Commands:')) {
    section(
      title,
      subs.map((c) => [h.subcommandTerm(c), h.subcommandDescription(c)]),
    );
  }
  const after = afterText(cmd);
  return { lines, termWidth: h.padWidth(cmd, h), ...(after !== undefined ? { after } : {}) };
}

/** Every command's page under every invocation name. */
export function helpPages(): HelpPages {
  const names: HelpPages['names'] = {};
  for (const name of INVOCATION_NAMES) {
    const program = createProgram(processIO(), name);
    const pages: Record<string, HelpPage> = { '': helpPage(program) };
    for (const sub of program.commands) pages[sub.name()] = helpPage(sub);
    names[name] = pages;
  }
  return { version: VERSION, names };
}
