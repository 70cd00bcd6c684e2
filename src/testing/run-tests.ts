// `npm test`'s test runner: the same on every Node podwhy supports (20, 22–26).
//
//   node dist/testing/run-tests.js [PATH…] [--e2e] [--NODE-TEST-OPTION…]
//
// `node --test dist/` (a directory) ran the tests only on Node 20: from Node 21 on a directory
// argument is taken as a module to run, not as a folder to search, and the run fails. Globs
// (`dist/**/*.test.js`) are expanded by `node --test` only from Node 21 on. So this script finds
// the files itself — every *.test.js under each PATH (default: dist), sorted — and hands them to
// `node --test` by name, which every version accepts.
//
// The child is process.execPath: the Node that runs this script runs the tests, so
// `/path/to/node24 dist/testing/run-tests.js` really tests Node 24, whatever `node` is on PATH.
// --e2e adds the end-to-end tests: the files that run bin/podwhy.js as a user would (listed in E2E
// below; CI runs them on a second Node). Other options starting with `--` go to `node --test` (e.g. --test-name-pattern=…); without a
// --test-reporter the dot reporter is used. Either way a closing count line is printed by
// ./summary-reporter.js: "tests: N passed, N failed, N skipped".
//
// A compiled test whose source is gone (src/X.test.ts deleted or renamed; tsc leaves dist/ as it
// was) is left out with a note, so a stale copy can neither fail nor pad the run.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist');
const SRC = join(ROOT, 'src');

/** The tests that spawn bin/podwhy.js (or bin/kubectl-podwhy.js) and check what a user sees. */
export const E2E = ['cli/cli.test.js', 'cli/describe-input.test.js', 'cli/loads.test.js', 'cli/warnings.test.js'];

/** Every *.test.js under dir (or dir itself when it is such a file), sorted. */
export function collectTests(dir: string): string[] {
  const st = statSync(dir, { throwIfNoEntry: false });
  if (!st) throw new Error(`no such file or directory: ${dir}`);
  if (st.isFile()) return dir.endsWith('.test.js') ? [dir] : [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...collectTests(p));
    else if (e.isFile() && e.name.endsWith('.test.js')) out.push(p);
  }
  return out.sort();
}

/** The src/ file a dist/ test was compiled from, or undefined for files outside dist/. */
export function sourceOf(file: string): string | undefined {
  const rel = relative(DIST, file);
  if (rel.startsWith('..') || rel.startsWith(sep)) return undefined;
  return join(SRC, rel.replace(/\.js$/, '.ts'));
}

function main(argv: string[]): number {
  const e2e = argv.includes('--e2e');
  const options = argv.filter((a) => a.startsWith('--') && a !== '--e2e');
  const paths = argv.filter((a) => !a.startsWith('--'));
  if (e2e) paths.push(...E2E.map((f) => join(DIST, f)));
  let files: string[] = [];
  try {
    for (const p of paths.length > 0 ? paths : [DIST]) files.push(...collectTests(resolve(p)));
  } catch (e) {
    process.stderr.write(`run-tests: ${(e as Error).message}\n`);
    return 2;
  }
  files = [...new Set(files)];
  if (existsSync(SRC)) {
    const stale = files.filter((f) => {
      const src = sourceOf(f);
      return src !== undefined && !existsSync(src);
    });
    for (const f of stale) process.stderr.write(`run-tests: left out ${relative(ROOT, f)} (its source is gone; a stale build)\n`);
    files = files.filter((f) => !stale.includes(f));
  }
  if (files.length === 0) {
    process.stderr.write(`run-tests: no *.test.js in ${paths.join(' ') || 'dist'} — run \`npm run build\` first\n`);
    return 2;
  }
  const reporters = options.some((o) => o.startsWith('--test-reporter')) ? [] : ['--test-reporter=dot', '--test-reporter-destination=stdout'];
  const summary = pathToFileURL(fileURLToPath(new URL('./summary-reporter.js', import.meta.url))).href;
  const args = ['--test', ...reporters, `--test-reporter=${summary}`, '--test-reporter-destination=stdout', ...options, ...files];
  process.stdout.write(`Node ${process.version}: ${files.length} test files\n`);
  const r = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: ROOT });
  if (r.error) {
    process.stderr.write(`run-tests: could not start ${process.execPath}: ${r.error.message}\n`);
    return 2;
  }
  return r.status ?? 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
