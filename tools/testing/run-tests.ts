// `npm test`'s test runner: the same on every Node podwhy supports (20, 22–26).
//
//   node dist/tools/testing/run-tests.js [PATH…] [--unit | --e2e] [--slowest=N] [--NODE-TEST-OPTION…]
//
// Two suites, told apart by the file name:
// - unit: every *.test.js that is not *.e2e.test.js. A unit test runs podwhy's code in its own
//   process and starts no process and opens no socket; ./test-process.ts refuses both in this
//   suite, so a unit test that spawns bin/podwhy or starts a server fails with a note to rename it.
// - e2e: the *.e2e.test.js files. They run bin/podwhy.js as a user does, start the loopback
//   apiserver, pack the npm package or build the release (CI runs them on one more Node).
// --unit or --e2e runs one suite; without either both run, unit first. PATHs (files or folders;
// default dist) narrow the files; the suite still follows the name.
//
// `node --test dist/` (a directory) ran the tests only on Node 20: from Node 21 on a directory
// argument is taken as a module to run, not as a folder to search, and the run fails. Globs
// (`dist/**/*.test.js`) are expanded by `node --test` only from Node 21 on. So this script finds
// the files itself — every *.test.js under each PATH, sorted — and hands them to `node --test` by
// name, which every version accepts.
//
// The child is process.execPath: the Node that runs this script runs the tests, so
// `/path/to/node24 dist/tools/testing/run-tests.js` really tests Node 24, whatever `node` is on PATH.
// Other options starting with `--` go to `node --test` (e.g. --test-name-pattern=…); without a
// --test-reporter the dot reporter is used. Either way a closing count line is printed per suite
// by ./summary-reporter.js ("tests: N passed, N failed, N skipped"), then the suite's wall time,
// and at the end the N slowest files (default 10; --slowest=0 for none) with each file's wall time
// (its process from start to exit, imports included), as ./test-process.ts measured it.
//
// A compiled test whose source is gone (src/X.test.ts deleted or renamed; tsc leaves dist/src/ as it
// was) is left out with a note, so a stale copy can neither fail nor pad the run.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIST = join(ROOT, 'dist');
const SRC = join(ROOT, 'src');

export type Suite = 'unit' | 'e2e';
export const SUITES: readonly Suite[] = ['unit', 'e2e'];

/** The suite a test file belongs to, from its name alone. */
export function suiteOf(file: string): Suite {
  return /\.e2e\.test\.[cm]?[jt]s$/.test(file) ? 'e2e' : 'unit';
}

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

/** The source a dist/ test was compiled from (tsc mirrors the checkout: dist/src/X.js from src/X.ts, dist/tools/…, dist/test/…), or undefined for files outside dist/. */
export function sourceOf(file: string): string | undefined {
  const rel = relative(DIST, file);
  if (rel.startsWith('..') || rel.startsWith(sep)) return undefined;
  return join(ROOT, rel.replace(/\.js$/, '.ts'));
}

/** One line of ./test-process.ts's log: a test file's process, measured as it ended. */
export interface FileRecord {
  file: string;
  suite: Suite;
  ms: number;
  violations: string[];
}

/** The log's records, slowest first (a line cut short by a killed process is skipped). */
export function readRecords(text: string): FileRecord[] {
  const out: FileRecord[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      out.push(JSON.parse(line) as FileRecord);
    } catch {
      // a process killed while writing its line
    }
  }
  return out.sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file));
}

export function seconds(ms: number): string {
  return ms >= 60_000 ? `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s` : `${(ms / 1000).toFixed(1)}s`;
}

/** The table of the n slowest files, as printed at the end of a run. */
export function slowestTable(records: FileRecord[], n: number, root = ROOT): string {
  if (n <= 0 || records.length === 0) return '';
  const rows = records.slice(0, n);
  let out = `slowest ${rows.length} of ${records.length} test files (wall time of each file's process):\n`;
  for (const r of rows) out += `  ${seconds(r.ms).padStart(7)}  ${r.suite.padEnd(4)}  ${relative(root, r.file)}\n`;
  return out;
}

function main(argv: string[]): number {
  const picked = SUITES.filter((s) => argv.includes(`--${s}`));
  const suites = picked.length > 0 ? picked : SUITES;
  let slowest = 10;
  const options: string[] = [];
  for (const a of argv) {
    if (!a.startsWith('--') || a === '--unit' || a === '--e2e') continue;
    const m = /^--slowest=(\d+)$/.exec(a);
    if (m) slowest = Number(m[1]);
    else if (a.startsWith('--slowest')) {
      process.stderr.write(`run-tests: --slowest takes a count: --slowest=10\n`);
      return 2;
    } else options.push(a);
  }
  const paths = argv.filter((a) => !a.startsWith('--'));
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
  files = files.filter((f) => suites.includes(suiteOf(f)));
  if (files.length === 0) {
    process.stderr.write(`run-tests: no ${suites.join(' or ')} *.test.js in ${paths.join(' ') || 'dist'} — run \`npm run build\` first\n`);
    return 2;
  }

  const reporters = options.some((o) => o.startsWith('--test-reporter')) ? [] : ['--test-reporter=dot', '--test-reporter-destination=stdout'];
  // node --test runs cores − 1 files at once: one on a 2-core machine (CI's), where the files
  // mostly wait on the processes and sockets they start; two at once took the unit suite from
  // 2m24s to 1m47s and the end-to-end suite from 3m to 1m50s there
  if (!options.some((o) => o.startsWith('--test-concurrency'))) options.push(`--test-concurrency=${Math.max(2, availableParallelism() - 1)}`);
  const summary = pathToFileURL(fileURLToPath(new URL('./summary-reporter.js', import.meta.url))).href;
  const hooks = pathToFileURL(fileURLToPath(new URL('./test-process.js', import.meta.url))).href;
  const tmp = mkdtempSync(join(tmpdir(), 'podwhy-tests-'));
  const log = join(tmp, 'files.jsonl');
  // a runner started from inside a test (NODE_TEST_CONTEXT inherited) would run its files in-process
  const env: NodeJS.ProcessEnv = { ...process.env, PODWHY_TEST_LOG: log };
  delete env['NODE_TEST_CONTEXT'];
  let status = 0;
  try {
    for (const suite of suites) {
      const mine = files.filter((f) => suiteOf(f) === suite);
      if (mine.length === 0) continue;
      const args = ['--import', hooks, '--test', ...reporters, `--test-reporter=${summary}`, '--test-reporter-destination=stdout', ...options, ...mine];
      process.stdout.write(`${suite}: Node ${process.version}: ${mine.length} test files\n`);
      const t0 = performance.now();
      const r = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: ROOT, env: { ...env, PODWHY_TEST_SUITE: suite } });
      if (r.error) {
        process.stderr.write(`run-tests: could not start ${process.execPath}: ${r.error.message}\n`);
        return 2;
      }
      process.stdout.write(`${suite}: ${seconds(performance.now() - t0)}${r.status === 0 ? '' : ` (exit ${r.status ?? r.signal})`}\n`);
      if (r.status !== 0) status = r.status ?? 1;
    }
    const records = existsSync(log) ? readRecords(readFileSync(log, 'utf8')) : [];
    for (const r of records) if (r.violations.length > 0) process.stderr.write(`run-tests: ${r.violations[0]}${r.violations.length > 1 ? ` (and ${r.violations.length - 1} more)` : ''}\n`);
    process.stdout.write(slowestTable(records, slowest));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return status;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
