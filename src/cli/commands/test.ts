// `podwhy test [paths...]`: check fixture files against the exact rule set and root cause their
// headers declare (api/fixtures.ts), with the built-in rules plus --rules and the config file. One
// line per fixture, the differences for a failure, a summary; exit 1 on a failure, 2 on an
// invalid fixture.

import { resolve } from 'node:path';
import { Chalk } from 'chalk';
import { loadRuleSet } from '../../api/config.js';
import { checkFixtureFiles, isDirectory } from '../../api/fixtures.js';
import { UsageError } from '../../model/errors.js';
import { LANGS, type Lang } from '../../model/vocabulary.js';
import { colorEnabled } from '../color.js';
import type { IO } from '../io.js';

export async function runTest(paths: string[], flags: { rules?: string[]; config?: string; rule?: string; lang?: Lang; color?: boolean }, io: IO): Promise<number> {
  const { rules } = loadRuleSet(io.cwd, flags);
  if (flags.rule !== undefined && !rules.some((r) => r.id === flags.rule)) throw new UsageError(`--rule ${flags.rule}: no such rule — run podwhy rules for the ids`);
  // With no path, the project's own fixtures/ (the package ships none of its own).
  if (paths.length === 0 && !isDirectory(resolve(io.cwd, 'fixtures'))) {
    throw new UsageError(`no fixtures/ directory in ${io.cwd} — run it where fixtures/ is, or name the fixtures: podwhy test PATH...`);
  }
  const c = new Chalk({ level: colorEnabled(flags.color, io) ? 1 : 0 });
  const langs: Lang[] = flags.lang !== undefined ? [flags.lang] : [...LANGS];
  const results = checkFixtureFiles(paths.length > 0 ? paths : ['fixtures'], io.cwd, rules, { ...(flags.rule !== undefined ? { rule: flags.rule } : {}), langs }, (r, line) => {
    io.out(`${r.invalid.length > 0 ? c.magenta(line) : r.ok && r.pending !== undefined ? c.yellow(line) : r.ok ? c.green(line) : c.red(line)}\n`);
  });
  if (results.length === 0) throw new UsageError(`no fixtures found in ${paths.length > 0 ? paths.join(', ') : 'fixtures/'}${flags.rule ? ` naming ${flags.rule}` : ''} — a fixture is a YAML file with a kind: PodwhyFixture header (or a .txt paste after one)`);
  const invalid = results.filter((r) => r.invalid.length > 0).length;
  const failed = results.filter((r) => !r.ok && r.invalid.length === 0).length;
  const pending = results.filter((r) => r.ok && r.pending !== undefined).length;
  const passed = results.length - invalid - failed - pending;
  io.out(`\n${passed} passed, ${failed} failed${pending > 0 ? `, ${pending} pending` : ''}${invalid > 0 ? `, ${invalid} invalid` : ''}\n`);
  return invalid > 0 ? 2 : failed > 0 ? 1 : 0;
}
