import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Command } from 'commander';
import { boxWrap, formatHelpPage } from './help-page.js';
import { helpPage, helpPages, INVOCATION_NAMES } from './help-pages.js';
import { processIO } from './io.js';
import { createProgram } from './program.js';
import { quickRequest } from './quick.js';

/** What commander itself prints for `cmd --help` on a terminal of `width` columns (80 off a terminal). */
function commanderHelp(cmd: Command, width: number | undefined): string {
  let out = '';
  for (let c: Command | null = cmd; c; c = c.parent) c.configureOutput({ writeOut: (s) => (out += s), getOutHelpWidth: () => width as number });
  cmd.outputHelp();
  return out;
}

const WIDTHS = [undefined, 1, 20, 39, 40, 41, 55, 60, 79, 80, 81, 100, 120, 132, 200, 500];

test('every help page prints what commander prints, under both invocation names, at any width', () => {
  let compared = 0;
  for (const name of INVOCATION_NAMES) {
    const program = createProgram(processIO(), name);
    for (const cmd of [program, ...program.commands]) {
      const page = helpPage(cmd);
      for (const width of WIDTHS) {
        assert.equal(formatHelpPage(page, width), commanderHelp(cmd, width), `${name} ${cmd.name()} at ${width ?? 'no'} columns`);
        compared++;
      }
    }
  }
  assert.equal(compared, 2 * 8 * WIDTHS.length, "the program and its seven commands, twice");
});

test('the pages the build writes cover every command, the version and the examples', () => {
  const pages = helpPages();
  assert.match(pages.version, /^\d+\.\d+\.\d+/);
  for (const name of INVOCATION_NAMES) {
    const byCommand = pages.names[name] ?? {};
    assert.deepEqual(Object.keys(byCommand).sort(), ['', ...createProgram(processIO(), name).commands.map((c) => c.name())].sort());
    assert.match(formatHelpPage(byCommand[''] as never), new RegExp(`^Usage: ${name} \\[options\\]`));
    assert.match(formatHelpPage(byCommand[''] as never), /\nExamples:\n/);
  }
});

test('boxWrap: commander\'s wrapping (whitespace runs kept inside a line, trimmed at a break, blank lines kept)', () => {
  assert.equal(boxWrap('aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo', 40), 'aaa bbb ccc ddd eee fff ggg hhh iii jjj\nkkk lll mmm nnn ooo');
  assert.equal(boxWrap('a\n\nb', 40), 'a\n\nb');
  assert.equal(boxWrap('x'.repeat(50) + ' y', 40), `${'x'.repeat(50)}\ny`);
  assert.equal(boxWrap('short', 10), 'short', 'narrower than 40 columns: as it is');
});

test('the quick answers: only the exact forms of help and version requests', () => {
  const commands = ['explain', 'test', 'version'];
  assert.deepEqual(quickRequest(['--help'], commands), { help: '' });
  assert.deepEqual(quickRequest(['-h'], commands), { help: '' });
  assert.deepEqual(quickRequest(['help'], commands), { help: '' });
  assert.deepEqual(quickRequest(['help', 'explain'], commands), { help: 'explain' });
  assert.deepEqual(quickRequest(['explain', '--help'], commands), { help: 'explain' });
  assert.deepEqual(quickRequest(['test', '-h'], commands), { help: 'test' });
  assert.equal(quickRequest(['--version'], commands), 'version');
  assert.equal(quickRequest(['-V'], commands), 'version');
  assert.equal(quickRequest(['version'], commands), 'version');
  // left to the program: flags mixed in, unknown commands, a pod named like a word, anything longer
  for (const args of [[], ['web'], ['help', 'nope'], ['nope', '--help'], ['-n', '--help'], ['--help', 'explain'], ['version', '-o', 'json'], ['explain', '--help', 'x'], ['--version', '--help']]) {
    assert.equal(quickRequest(args, commands), undefined, args.join(' '));
  }
});
