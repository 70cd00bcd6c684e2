// The parts of README.md that the program itself can say, generated so they cannot go stale:
// the options table (from commander's option list of the diagnosis) between
// <!-- options:start --> and <!-- options:end -->, and the "What it looks like" example between
// <!-- example:start --> and <!-- example:end --> (the real text output for a bundled fixture,
// colour off, 80 columns). `npm run docs` rewrites them (`node dist/tools/build/readme.js --write`);
// tools/build/readme.test.ts fails when README.md differs from what this renders.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Option } from 'commander';
import { main } from '../../src/cli/main.js';
import { createProgram } from '../../src/cli/program.js';
import type { IO } from '../../src/cli/io.js';
import { DESCRIBE_KEYS_MARKERS, describeKeysTable } from '../../src/sources/text/describe-keys.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const README = join(ROOT, 'README.md');
/** The text readers' map, whose describe-keys table is generated from describe-keys.ts. */
export const TEXT_README = join(ROOT, 'src', 'sources', 'text', 'README.md');

/** The command shown in the example: it runs on a fixture, whose header fixes `now` (stable ages). */
export const EXAMPLE_ARGS = ['-f', 'fixtures/crashloop-oomkilled-jvm.yaml'];

export const MARKERS = {
  options: ['<!-- options:start -->', '<!-- options:end -->'],
  example: ['<!-- example:start -->', '<!-- example:end -->'],
  timeline: ['<!-- timeline:start -->', '<!-- timeline:end -->'],
} as const;

/** The timeline example: a fixture whose header fixes `now`, at a width where no line wraps. */
export const TIMELINE_ARGS = ['-f', 'fixtures/liveness-probe-crashloop.yaml', '--timeline'];

function quietIO(): IO & { text: string } {
  const io = {
    text: '',
    out: (s: string) => {
      io.text += s;
    },
    err: () => {},
    stdin: async function* () {},
    stdinIsTTY: true,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    columns: 80,
    env: { LANG: 'C.UTF-8' },
    cwd: ROOT,
    exitCode: 0,
  };
  return io;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

function optionRow(o: Option): string {
  const flags = `\`${o.flags}\``;
  let meaning = o.description;
  const choices = o.argChoices;
  if (choices && !choices.every((c) => meaning.includes(c))) meaning += ` (${choices.join(', ')})`;
  // a typed default (-o's OutputFormat) is shown as its description says it, unquoted
  const d: unknown = o.defaultValueDescription !== undefined ? o.defaultValueDescription.replace(/^"(.*)"$/, '$1') : o.defaultValue;
  const def = typeof d === 'string' ? `\`${d}\`` : '';
  return `| ${cell(flags)} | ${cell(meaning)} | ${cell(def)} |`;
}

/** The diagnosis's options as a Markdown table, in the order `podwhy --help` lists them. */
export function optionsTable(): string {
  const program = createProgram(quietIO());
  const rows = program.options.filter((o) => !o.hidden).map(optionRow);
  rows.push('| `-h, --help` | help; `podwhy help <command>` for a command |  |');
  return ['| option | meaning | default |', '|---|---|---|', ...rows].join('\n');
}

/** The example: the command and its real output. */
export async function exampleBlock(): Promise<string> {
  const io = quietIO();
  await main(['node', 'podwhy', ...EXAMPLE_ARGS], io);
  return ['```', `$ podwhy ${EXAMPLE_ARGS.join(' ')}`, io.text.trimEnd(), '```'].join('\n');
}

/** The timeline of the timeline example, as --timeline prints it. */
export async function timelineBlock(): Promise<string> {
  const io = quietIO();
  io.columns = 120;
  await main(['node', 'podwhy', ...TIMELINE_ARGS], io);
  const lines = io.text.split('\n');
  const from = lines.findIndex((l) => l.startsWith('Timeline'));
  const to = lines.findIndex((l, i) => i > from && l.trim() === '');
  return ['```', ...lines.slice(from, to < 0 ? undefined : to), '```'].join('\n');
}

function splice(text: string, [start, end]: readonly [string, string], body: string): string {
  const b = text.indexOf(start);
  const e = text.indexOf(end);
  if (b < 0 || e < b) throw new Error(`README.md lacks the markers ${start} … ${end}`);
  return `${text.slice(0, b + start.length)}\n${body}\n${text.slice(e)}`;
}

/** src/sources/text/README.md with its describe-keys table brought up to date. */
export function renderTextReadme(text: string): string {
  return splice(text, DESCRIBE_KEYS_MARKERS, describeKeysTable());
}

/** README text with its generated parts brought up to date. */
export async function renderReadme(text: string): Promise<string> {
  let out = splice(text, MARKERS.options, optionsTable());
  out = splice(out, MARKERS.example, await exampleBlock());
  out = splice(out, MARKERS.timeline, await timelineBlock());
  return out;
}

// `node dist/tools/build/readme.js --write` (npm run docs) rewrites README.md; `--check` exits 1 when
// it is out of date.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [file, render] of [
    [README, renderReadme],
    [TEXT_README, async (t: string) => renderTextReadme(t)],
  ] as const) {
    const text = readFileSync(file, 'utf8');
    const next = await render(text);
    if (process.argv.includes('--write')) {
      if (next !== text) writeFileSync(file, next);
      process.stderr.write(`readme: ${next === text ? `${file} up to date` : `wrote ${file}`}\n`);
    } else if (next !== text) {
      process.stderr.write(`${file} is out of date — run npm run docs\n`);
      process.exitCode = 1;
    }
  }
}
