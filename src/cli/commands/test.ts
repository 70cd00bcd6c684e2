// `podwhy test [paths...]`: check fixture files against the exact rule set and root cause their
// headers declare, with the built-in rules plus --rules and the config file. One line per
// fixture, the differences for a failure, a summary; exit 1 on a failure, 2 on an invalid fixture.
// The test suite uses the same checkFixture(), so there is one implementation.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Chalk } from 'chalk';
import { colorEnabled } from '../color.js';
import { loadRuleSet } from '../../api/config.js';
import { checkFixture, describeResult, type FixtureResult } from '../../tester/fixtures.js';
import { UsageError } from '../../model/errors.js';
import { LANGS, type Lang } from '../../model/vocabulary.js';
import type { IO } from '../io.js';

/** Fixture files: YAML, or a paste of text after a YAML header (`.txt`). */
const FIXTURE_FILE = /\.(?:ya?ml|txt)$/;

/**
 * Is this file's text a fixture? A YAML file holds a `kind: PodwhyFixture` document; a `.txt` file
 * must start with one (its header, then `---`, then the paste), so a text without a header (a
 * describe twin) is not taken for a fixture.
 */
export function isFixtureText(file: string, text: string): boolean {
  if (/\.txt$/.test(file)) {
    const end = /^---[ \t]*$/m.exec(text);
    return end !== null && /^kind:[ \t]*["']?PodwhyFixture["']?[ \t]*$/m.test(text.slice(0, end.index));
  }
  return /^kind:\s*PodwhyFixture\s*$/m.test(text) || /"kind"\s*:\s*"PodwhyFixture"/.test(text);
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Fixture files under the given paths (directories are searched recursively for *.yaml and *.txt). */
export function fixtureFiles(paths: string[], cwd: string): string[] {
  const out: string[] = [];
  const walk = (p: string, top: boolean) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new UsageError(`${relative(cwd, p) || p}: no such file or directory — check the path`);
    }
    if (st.isDirectory()) {
      for (const n of readdirSync(p).sort()) {
        const child = join(p, n);
        if (n.startsWith('.') || n === 'node_modules') continue;
        if (statSync(child).isDirectory()) walk(child, false);
        else if (FIXTURE_FILE.test(n)) out.push(child);
      }
    } else if (top || FIXTURE_FILE.test(p)) out.push(p);
  };
  for (const p of paths) walk(resolve(cwd, p), true);
  return out;
}

export async function runTest(paths: string[], flags: { rules?: string[]; config?: string; rule?: string; lang?: Lang; color?: boolean }, io: IO): Promise<number> {
  const { rules } = loadRuleSet(io.cwd, flags);
  if (flags.rule !== undefined && !rules.some((r) => r.id === flags.rule)) throw new UsageError(`--rule ${flags.rule}: no such rule — run podwhy rules for the ids`);
  // With no path, the project's own fixtures/ (the package ships none of its own).
  if (paths.length === 0 && !isDirectory(resolve(io.cwd, 'fixtures'))) {
    throw new UsageError(`no fixtures/ directory in ${io.cwd} — run it where fixtures/ is, or name the fixtures: podwhy test PATH...`);
  }
  const files = fixtureFiles(paths.length > 0 ? paths : ['fixtures'], io.cwd);
  const c = new Chalk({ level: colorEnabled(flags.color, io) ? 1 : 0 });
  const langs: Lang[] = flags.lang !== undefined ? [flags.lang] : [...LANGS];
  const results: FixtureResult[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    // A file without a fixture header is not a fixture (manifests and describe twins may share a directory).
    if (!isFixtureText(file, text)) continue;
    const name = relative(io.cwd, file) || file;
    const r = checkFixture(name, text, rules, langs);
    if (flags.rule !== undefined && !(r.expected?.fires.includes(flags.rule) ?? false)) continue;
    results.push(r);
    const line = describeResult(r);
    io.out(`${r.invalid.length > 0 ? c.magenta(line) : r.ok && r.pending !== undefined ? c.yellow(line) : r.ok ? c.green(line) : c.red(line)}\n`);
  }
  if (results.length === 0) throw new UsageError(`no fixtures found in ${paths.length > 0 ? paths.join(', ') : 'fixtures/'}${flags.rule ? ` naming ${flags.rule}` : ''} — a fixture is a YAML file with a kind: PodwhyFixture header (or a .txt paste after one)`);
  const invalid = results.filter((r) => r.invalid.length > 0).length;
  const failed = results.filter((r) => !r.ok && r.invalid.length === 0).length;
  const pending = results.filter((r) => r.ok && r.pending !== undefined).length;
  const passed = results.length - invalid - failed - pending;
  io.out(`\n${passed} passed, ${failed} failed${pending > 0 ? `, ${pending} pending` : ''}${invalid > 0 ? `, ${invalid} invalid` : ''}\n`);
  return invalid > 0 ? 2 : failed > 0 ? 1 : 0;
}
