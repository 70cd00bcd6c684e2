// Fixture files checked against the exact rule set and root cause their headers declare
// (`podwhy test [paths...]`). The test suite uses the same checkFixture(), so there is one
// implementation.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { checkFixture, describeResult, type FixtureResult } from '../tester/fixtures.js';
import { UsageError } from '../model/errors.js';
import type { Lang } from '../model/vocabulary.js';
import type { RuleSet } from '../rules/plan.js';

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

export { isDirectory };
export type { FixtureResult };

/**
 * Check the fixture files under `paths` (files without a fixture header are skipped), each result
 * handed to `each` as it is made; with `rule`, only the fixtures that declare it. The results.
 */
export function checkFixtureFiles(paths: string[], cwd: string, rules: RuleSet, opts: { rule?: string; langs: readonly Lang[] }, each: (r: FixtureResult, line: string) => void): FixtureResult[] {
  const results: FixtureResult[] = [];
  for (const file of fixtureFiles(paths, cwd)) {
    const text = readFileSync(file, 'utf8');
    // A file without a fixture header is not a fixture (manifests and describe twins may share a directory).
    if (!isFixtureText(file, text)) continue;
    const name = relative(cwd, file) || file;
    const r = checkFixture(name, text, rules, [...opts.langs]);
    if (opts.rule !== undefined && !(r.expected?.fires.includes(opts.rule) ?? false)) continue;
    results.push(r);
    each(r, describeResult(r));
  }
  return results;
}
