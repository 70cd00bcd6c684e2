// `npm run bench`: the performance table of issue 9, measured side by side on this machine.
//
// Every row runs podwhy and its yardstick in alternation (ABAB…, so drift and noise from other
// load fall on both) and compares medians, with the spread (min–max) beside them. Inputs are
// generated (tools/bench/inputs.ts) and cached in the temp directory. The result goes to stdout and
// to tools/bench/RESULTS.md with the machine it ran on.
//
// Wall time moves with the machine's load, so each row records the 1-minute load average before
// and after it, and a row measured above --max-load (default: half the cores) is marked as not to
// be trusted. Where `perf stat` works, each run's CPU time (task-clock: every thread, user and
// system) is recorded too; where valgrind is installed, the startup rows and a small pod list are
// also counted in instructions (callgrind, under node --single-threaded), which do not move with
// load at all and repeat to well within 1 %.
//
//   node dist/tools/bench/run.js [--pods 10000] [--live-pods 5000] [--runs 5] [--root DIR] [--no-write]
//     [--max-load N] [--wait-quiet SECONDS] [--strict] [--rows help,one-pod,yaml,json,text,workers,live-pod,live,rules,icount]
//     [--no-icount] [--icount-pods 100] [--icount-runs 3] [--node PATH]
//
// --root runs another checkout's build (its bin/ and dist/), to measure "before" figures.
// --node runs every measured command (podwhy and its `node -e 0` yardstick) with another Node binary.
// --wait-quiet waits up to that long before each row for the load to fall under --max-load.
// --strict exits 3, writing nothing, when a row was measured above --max-load.

import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, freemem, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchInputs, generatePods } from './inputs.js';
import { callgrindTotal, perfStatFigures, spread, type Spread } from './measure.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const OWN_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const ALL_ROWS = ['help', 'one-pod', 'yaml', 'json', 'text', 'workers', 'live-pod', 'live', 'rules', 'icount'] as const;
const OPTIONS = {
    pods: { type: 'string', default: '10000' },
    'live-pods': { type: 'string', default: '5000' },
    'no-workloads': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    root: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    'max-load': { type: 'string' },
    'wait-quiet': { type: 'string', default: '0' },
    strict: { type: 'boolean', default: false },
    rows: { type: 'string', default: ALL_ROWS.join(',') },
    'no-icount': { type: 'boolean', default: false },
    'icount-pods': { type: 'string', default: '100' },
    'icount-runs': { type: 'string', default: '3' },
    node: { type: 'string' },
    help: { type: 'boolean', default: false },
} as const;
const args = (() => {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (e) {
    process.stderr.write(`podwhy bench: ${(e as Error).message}; options: ${Object.keys(OPTIONS).map((k) => `--${k}`).join(' ')}\n`);
    process.exit(2);
  }
})();
if (args.help) {
  process.stdout.write(`node dist/tools/bench/run.js [${Object.keys(OPTIONS).filter((k) => k !== 'help').map((k) => `--${k}`).join('] [')}]\n`);
  process.exit(0);
}
const PODS = Number(args.pods);
const LIVE_PODS = Number(args['live-pods']);
const RUNS = Math.max(1, Number(args.runs));
const ROOT = resolve(args.root ?? OWN_ROOT);
const BIN = join(ROOT, 'bin', 'podwhy.js');
/**
 * Where tsc put ROOT's product modules and test helpers: dist/src/ and dist/test/ since the
 * workshop left src/ (issue 32); dist/ and dist/testing/ in a checkout from before, which --root
 * may name for a "before" figure.
 */
const ROOT_DIST = existsSync(join(ROOT, 'dist', 'src')) ? { product: join(ROOT, 'dist', 'src'), test: join(ROOT, 'dist', 'test') } : { product: join(ROOT, 'dist'), test: join(ROOT, 'dist', 'testing') };
/** The Node that runs every measured command (podwhy and `node -e 0` alike): --node, else the bench's own. */
const NODE = resolve(args.node ?? process.execPath);
const NODE_VERSION = NODE === process.execPath ? process.version : spawnSync(NODE, ['-v'], { encoding: 'utf8' }).stdout.trim();
if (!/^v\d+\./.test(NODE_VERSION)) {
  process.stderr.write(`podwhy bench: --node ${NODE}: not a Node executable\n`);
  process.exit(2);
}
const FIXTURE = join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml');
/** The pod of the live one-pod rows (its fixture, served by the loopback server), and its name. */
const LIVE_POD_FIXTURE = 'crashloop-oomkilled-jvm.yaml';
const LIVE_POD = 'orders-api-6f8d9c7b54-q7xkz';
const NOW = ['--now', '2025-06-01T00:00:00Z'];
const RSS_HOOK = join(HERE, 'rss-hook.js');
const NULL = openSync('/dev/null', 'w');
const scratch = mkdtempSync(join(tmpdir(), 'podwhy-bench-'));
const CORES = cpus().length;
const MAX_LOAD = args['max-load'] !== undefined ? Number(args['max-load']) : 0.5 * CORES;
const WAIT_QUIET_S = Number(args['wait-quiet']);
const ROWS = new Set(args.rows.split(',').map((r) => r.trim()));
for (const r of ROWS) if (!(ALL_ROWS as readonly string[]).includes(r)) throw new Error(`--rows: unknown row "${r}" (rows: ${ALL_ROWS.join(', ')})`);
if (args['no-icount']) ROWS.delete('icount');
const ICOUNT_PODS = Math.max(2, Number(args['icount-pods']));
const ICOUNT_RUNS = Math.max(1, Number(args['icount-runs']));

/** `perf stat` with a software counter works in most VMs and containers where hardware ones do not. */
const PERF = spawnSync('perf', ['stat', '-x,', '-e', 'task-clock,duration_time', '--', NODE, '-e', '0'], { encoding: 'utf8' });
const KUBECTL = (() => {
  const r = spawnSync('kubectl', ['version', '--client', '-o', 'json'], { encoding: 'utf8' });
  return r.status === 0 ? 'kubectl' : undefined;
})();
const HAVE_PERF = PERF.status === 0 && perfStatFigures(PERF.stderr ?? '').cpuMs !== undefined;
const HAVE_VALGRIND = ROWS.has('icount') && spawnSync('valgrind', ['--version'], { encoding: 'utf8' }).status === 0;

interface Run {
  ms: number;
  /** CPU time of the run, every thread (perf stat task-clock), when perf works here. */
  cpuMs?: number;
  /** Peak resident set, MiB (only for runs measured with the hook). */
  rssMiB?: number;
}

/**
 * Run a command once: wall time from spawn to exit (perf's own duration_time when perf wraps the
 * run, so its start-up is left out), CPU time where perf works, peak RSS when asked.
 */
/**
 * The environment every measured run gets: the bench's own, less NODE_EXTRA_CA_CERTS. Where it is
 * set (this machine points it at a bundle of ~140 certificates) Node parses the file at every
 * start, ~40 ms and ~400 M instructions that users' machines do not spend and that swelled the
 * `node -e 0` yardstick. NODE_OPTIONS goes too: a flag there would be paid by both sides.
 */
const RUN_ENV: Record<string, string> = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && e[0] !== 'NODE_EXTRA_CA_CERTS' && e[0] !== 'NODE_OPTIONS'),
);
const DROPPED_ENV = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS'].filter((k) => process.env[k] !== undefined);

function once(cmd: string[], rss: boolean, env: Record<string, string> = {}): Run {
  const rssFile = join(scratch, 'rss');
  const perfFile = join(scratch, 'perf');
  rmSync(rssFile, { force: true });
  const argv = rss ? ['--import', RSS_HOOK, ...cmd] : cmd;
  const [exe, full] = HAVE_PERF ? ['perf', ['stat', '-x,', '-o', perfFile, '-e', 'task-clock,duration_time', '--', NODE, ...argv]] : [NODE, argv];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(exe, full, { stdio: ['ignore', NULL, 'pipe'], env: { ...RUN_ENV, ...env, PODWHY_BENCH_RSS: rssFile }, maxBuffer: 1 << 20 });
  let ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd.join(' ')} exited ${r.status}: ${r.stderr?.toString().slice(0, 500)}`);
  const out: Run = { ms };
  if (HAVE_PERF) {
    const f = perfStatFigures(readFileSync(perfFile, 'utf8'));
    if (f.wallMs !== undefined) out.ms = ms = f.wallMs;
    if (f.cpuMs !== undefined) out.cpuMs = f.cpuMs;
  }
  if (rss) out.rssMiB = Number(readFileSync(rssFile, 'utf8')) / 1024;
  return out;
}


/** The 1-minute load average, rounded as uptime prints it. */
const load1 = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;

/** With --wait-quiet, wait (up to that long) for the load to fall under --max-load. */
function waitQuiet(): void {
  const until = Date.now() + WAIT_QUIET_S * 1000;
  let said = false;
  while (load1() > MAX_LOAD && Date.now() < until) {
    if (!said) process.stderr.write(`  waiting for the load (${load1()}) to fall under ${MAX_LOAD}…\n`);
    said = true;
    spawnSync('sleep', ['5']);
  }
}

interface Load {
  before: number;
  after: number;
}

interface Row {
  what: string;
  subject: Spread;
  yardstick: Spread;
  subjectCpu?: Spread;
  yardstickCpu?: Spread;
  yardstickName: string;
  ratio: number;
  target: number;
  load: Load;
  rssMiB?: number;
  rssTarget?: number;
  note?: string;
}

/**
 * A row is loaded when the machine was busy before it, or busier after it than the row itself
 * makes it: the bench keeps about one core busy (the subject or its yardstick, one at a time), so
 * a long row lifts the 1-minute load by up to 1 on its own.
 */
const OWN_LOAD = 1;
const loaded = (l: Load) => l.before > MAX_LOAD || l.after > MAX_LOAD + OWN_LOAD;

/** Subject and yardstick in alternation, `runs` times each after one warm-up of each. */
function pair(what: string, subject: string[], yardstick: string[], yardstickName: string, target: number, opts: { rss?: boolean; rssTarget?: number; runs?: number; env?: Record<string, string>; yardstickEnv?: Record<string, string> } = {}): Row {
  const runs = opts.runs ?? RUNS;
  waitQuiet();
  const before = load1();
  once(subject, false, opts.env);
  once(yardstick, false, opts.yardstickEnv);
  const a: Run[] = [];
  const b: Run[] = [];
  for (let i = 0; i < runs; i++) {
    a.push(once(subject, opts.rss === true, opts.env));
    b.push(once(yardstick, false, opts.yardstickEnv));
  }
  const load = { before, after: load1() };
  const sm = spread(a.map((r) => r.ms));
  const ym = spread(b.map((r) => r.ms));
  const row: Row = { what, subject: sm, yardstick: ym, yardstickName, ratio: sm.median / ym.median, target, load };
  if (HAVE_PERF) {
    row.subjectCpu = spread(a.map((r) => r.cpuMs ?? Number.NaN));
    row.yardstickCpu = spread(b.map((r) => r.cpuMs ?? Number.NaN));
  }
  if (opts.rss) row.rssMiB = Math.max(...a.map((r) => r.rssMiB ?? 0));
  if (opts.rssTarget !== undefined) row.rssTarget = opts.rssTarget;
  const cpu = row.subjectCpu && row.yardstickCpu ? `; CPU ${row.subjectCpu.median.toFixed(0)} vs ${row.yardstickCpu.median.toFixed(0)} ms = ${(row.subjectCpu.median / row.yardstickCpu.median).toFixed(2)}×` : '';
  process.stderr.write(`  ${what}: ${sm.median.toFixed(0)} ms vs ${ym.median.toFixed(0)} ms = ${row.ratio.toFixed(2)}×${cpu}${row.rssMiB ? `, peak ${row.rssMiB.toFixed(0)} MiB` : ''}; load ${load.before} → ${load.after}${loaded(load) ? ' (loaded)' : ''}\n`);
  return row;
}

interface Count {
  what: string;
  cmd: string[];
  instructions: Spread;
}

/**
 * How the counted runs start Node: with V8's compiler and collector threads folded into the main
 * thread, whose work then comes in the same order every run. With them apart, when a function's
 * optimized code arrives depends on the threads' timing, and a 100-pod run's count moved by ±10 %
 * between runs (1.12–1.35 G); folded, by well under 1 %. The total is much the same work.
 */
const ICOUNT_NODE_FLAGS = ['--single-threaded'];
/**
 * The counted runs' own compile cache: V8 takes cached code only from a run with the same flags,
 * so a warm-up run with ICOUNT_NODE_FLAGS makes it (a cache the timed runs made would be refused).
 */
const ICOUNT_ENV = { ...RUN_ENV, NODE_COMPILE_CACHE: join(scratch, 'icount-cache') };

/** Instructions executed by a command under callgrind (every thread), `ICOUNT_RUNS` times after a warm-up run. */
function icount(what: string, cmd: string[]): Count {
  const xs: number[] = [];
  spawnSync(NODE, [...ICOUNT_NODE_FLAGS, ...cmd], { stdio: ['ignore', NULL, 'ignore'], env: ICOUNT_ENV });
  for (let i = 0; i < ICOUNT_RUNS; i++) {
    const r = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', NODE, ...ICOUNT_NODE_FLAGS, ...cmd], { stdio: ['ignore', NULL, 'pipe'], env: ICOUNT_ENV, encoding: 'utf8', maxBuffer: 1 << 24 });
    const n = callgrindTotal(r.stderr ?? '');
    if (n === undefined || (r.status !== 0 && r.status !== 1)) throw new Error(`callgrind of ${what} failed (exit ${r.status}): ${(r.stderr ?? '').slice(-500)}`);
    xs.push(n);
  }
  const c = { what, cmd, instructions: spread(xs) };
  process.stderr.write(`  instructions, ${what}: ${(c.instructions.median / 1e6).toFixed(1)} M\n`);
  return c;
}

/**
 * A timer of spawned runs, for rows whose server answers from this process (a synchronous spawn
 * would block it): wall time, and CPU time where perf is installed.
 */
function spawnTimer(env: Record<string, string | undefined>): (cmd: string[], program?: string) => Promise<Run> {
  return (cmd: string[], program = NODE) =>
    new Promise<Run>((res, rej) => {
      const perfFile = join(scratch, 'perf-live');
      const [exe, full] = HAVE_PERF ? ['perf', ['stat', '-x,', '-o', perfFile, '-e', 'task-clock,duration_time', '--', program, ...cmd]] : [program, cmd];
      const t0 = process.hrtime.bigint();
      const c = spawn(exe, full, { stdio: ['ignore', NULL, 'pipe'], env });
      let err = '';
      c.stderr?.on('data', (d: Buffer) => (err += d.toString()));
      c.on('exit', (code) => {
        if (code !== 0 && code !== 1) return rej(new Error(`live run exited ${code}: ${err.slice(0, 500)}`));
        const run: Run = { ms: Number(process.hrtime.bigint() - t0) / 1e6 };
        if (HAVE_PERF) {
          const f = perfStatFigures(readFileSync(perfFile, 'utf8'));
          if (f.wallMs !== undefined) run.ms = f.wallMs;
          if (f.cpuMs !== undefined) run.cpuMs = f.cpuMs;
        }
        res(run);
      });
    });
}

/**
 * A live row's timing: one warm-up of the yardstick (kubectl's discovery cache warmed, as on a
 * user's machine), then subject and yardstick in alternation, RUNS times each; medians, and CPU
 * where perf works.
 */
async function alternate(timeOne: (cmd: string[], program?: string) => Promise<Run>, subject: string[], yardstick: readonly [readonly string[], string]): Promise<Pick<Row, 'subject' | 'yardstick' | 'subjectCpu' | 'yardstickCpu'>> {
  await timeOne([...yardstick[0]], yardstick[1]);
  const a: Run[] = [];
  const b: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    a.push(await timeOne(subject));
    b.push(await timeOne([...yardstick[0]], yardstick[1]));
  }
  const out: Pick<Row, 'subject' | 'yardstick' | 'subjectCpu' | 'yardstickCpu'> = { subject: spread(a.map((r) => r.ms)), yardstick: spread(b.map((r) => r.ms)) };
  if (HAVE_PERF) {
    out.subjectCpu = spread(a.map((r) => r.cpuMs ?? Number.NaN));
    out.yardstickCpu = spread(b.map((r) => r.cpuMs ?? Number.NaN));
  }
  return out;
}

/**
 * One pod, live, as a user asks about it: `podwhy POD` (text) against `kubectl describe pod POD`,
 * the same pod on the same server, the server answering every request after `latencyMs` (a
 * remote cluster's round trip). The pod is a crash-looping one with a ReplicaSet owner, events
 * and a previous log, so podwhy makes its whole set of requests.
 */
async function onePodLiveRow(latencyMs: number): Promise<Row & { requests: Record<string, number> }> {
  const { FakeApiServer } = (await import(join(ROOT_DIST.test, 'apiserver.js'))) as typeof import('../../test/apiserver.js');
  const server = new FakeApiServer();
  await server.start();
  try {
    server.serveFixture(join(OWN_ROOT, 'fixtures', LIVE_POD_FIXTURE));
    server.latencyMs = latencyMs;
    const kubeconfig = server.writeKubeconfig(scratch, { namespace: 'shop', context: `one-pod-${latencyMs}` });
    const timeOne = spawnTimer({ ...RUN_ENV, HOME: scratch });
    const subject = [BIN, LIVE_POD, '--kubeconfig', kubeconfig];
    const kubectl = KUBECTL ? ([['describe', 'pod', LIVE_POD, '--kubeconfig', kubeconfig], KUBECTL] as const) : ([['-e', '0'], NODE] as const);
    waitQuiet();
    const before = load1();
    server.requests.length = 0;
    await timeOne(subject);
    const requests: Record<string, number> = {};
    for (const q of server.requests) {
      const k = q.path.endsWith('/log') ? 'log' : q.path.endsWith('/events') ? 'events' : q.path.replace(/^\/apis?\/(?:[a-z.]+\/)?v1\/(?:namespaces\/[^/]+\/)?/, '').replace(/\/.*$/, '');
      requests[k] = (requests[k] ?? 0) + 1;
    }
    const times = await alternate(timeOne, subject, kubectl);
    const load = { before, after: load1() };
    const { subject: sm, yardstick: ym } = times;
    const note = `podwhy's requests: ${Object.entries(requests).map(([k, v]) => `${v} ${k}`).join(', ')}`;
    process.stderr.write(`  live one pod, ${latencyMs} ms: ${sm.median.toFixed(0)} ms vs ${ym.median.toFixed(0)} ms; ${note}\n`);
    return {
      what: `live, one pod, ${latencyMs} ms of latency: \`podwhy POD\``,
      ...times,
      yardstickName: KUBECTL ? '`kubectl describe pod POD`, same server' : '`node -e 0`: no kubectl on PATH',
      ratio: sm.median / ym.median,
      target: KUBECTL ? 1.0 : Number.NaN,
      load,
      note,
      requests,
    };
  } finally {
    await server.stop();
  }
}

async function liveRow(): Promise<Row & { requests: Record<string, number> }> {
  const { FakeApiServer } = (await import(join(ROOT_DIST.test, 'apiserver.js'))) as typeof import('../../test/apiserver.js');
  const server = new FakeApiServer();
  await server.start();
  try {
    const pods = generatePods(LIVE_PODS, join(OWN_ROOT, 'fixtures'), 7);
    for (const p of pods) (p['metadata'] as Record<string, unknown>)['namespace'] = 'bench';
    server.add(...pods);
    // their controllers, as the namespace's workload lists return them (--no-workloads: none, as before issue 29)
    if (!args['no-workloads']) {
      const { controllersOf } = (await import(join(OWN_ROOT, 'dist', 'tools', 'bench', 'workloads.js'))) as typeof import('./workloads.js');
      server.add(...controllersOf(pods, 'bench'));
    }
    // one warning event per unhealthy-looking pod, as a busy namespace has
    let n = 0;
    for (const p of pods) {
      const md = p['metadata'] as Record<string, unknown>;
      if (JSON.stringify(p['status']).includes('"waiting"')) {
        server.add({ apiVersion: 'v1', kind: 'Event', metadata: { name: `${String(md['name'])}.${n++}`, namespace: 'bench' }, involvedObject: { kind: 'Pod', name: md['name'], namespace: 'bench', uid: md['uid'] }, reason: 'BackOff', message: 'Back-off restarting failed container', type: 'Warning', count: 3 });
      }
    }
    const kubeconfig = server.writeKubeconfig(scratch, { namespace: 'bench' });
    const timeOne = spawnTimer({ ...RUN_ENV, KUBECONFIG: kubeconfig, HOME: scratch });
    // (the kubeconfig named: with no pod named and stdin not a terminal, podwhy reads stdin)
    const subject = [BIN, '--kubeconfig', kubeconfig, '-o', 'json'];
    waitQuiet();
    const before = load1();
    server.requests.length = 0;
    await timeOne(subject);
    const requests: Record<string, number> = {};
    for (const q of server.requests) {
      const k = q.path.endsWith('/log')
        ? 'logs'
        : q.path.endsWith('/pods')
          ? 'pod pages'
          : q.path.endsWith('/events')
            ? q.query['fieldSelector'] === 'involvedObject.kind!=Pod'
              ? 'controller event pages'
              : 'event pages'
            : /\/(deployments|replicasets|statefulsets|daemonsets|jobs|cronjobs)$/.test(q.path)
              ? 'workload pages'
              : /\/(persistentvolumeclaims|persistentvolumes|storageclasses)$/.test(q.path)
                ? 'claim pages'
                : q.path;
      requests[k] = (requests[k] ?? 0) + 1;
    }
    const total = server.requests.length;
    // the yardstick is what a user would otherwise run against the same server: kubectl's own list
    // of the namespace as JSON (its discovery cache warmed by a first run, as on a user's machine)
    const kubectl = KUBECTL ? ([['get', 'pods', '-n', 'bench', '-o', 'json'], KUBECTL] as const) : ([['-e', '0'], NODE] as const);
    const times = await alternate(timeOne, subject, kubectl);
    const load = { before, after: load1() };
    const { subject: sm, yardstick: ym } = times;
    const pages = Math.ceil(LIVE_PODS / 500);
    const ORDER = ['pod pages', 'event pages', 'controller event pages', 'workload pages', 'claim pages', 'logs'];
    const rank = (k: string) => (ORDER.includes(k) ? ORDER.indexOf(k) : ORDER.length - 1);
    const note = `${total} requests: ${Object.entries(requests).sort((a, b) => rank(a[0]) - rank(b[0])).map(([k, v]) => `${v} ${k}`).join(', ')} (${pages} pages of 500 pods expected)`;
    process.stderr.write(`  live: ${sm.median.toFixed(0)} ms; ${note}; load ${load.before} → ${load.after}\n`);
    return { what: `live, ${LIVE_PODS}-pod namespace, -o json`, ...times, yardstickName: KUBECTL ? '`kubectl get pods -n bench -o json`, same server' : '`node -e 0`: no kubectl on PATH', ratio: sm.median / ym.median, target: KUBECTL ? 1.0 : Number.NaN, load, note, requests };
  } finally {
    await server.stop();
  }
}

interface RulesFigures {
  evaluate: Spread;
  normalize: Spread;
  diagnose: Spread;
  load: Load;
}

async function rulesRow(yamlFile: string): Promise<RulesFigures> {
  const load = async <T>(p: string) => (await import(join(ROOT_DIST.product, p))) as T;
  const { loadRuleSet } = await load<typeof import('../../src/api/config.js')>('api/config.js');
  const { snapshotFromTexts } = await load<typeof import('../../src/sources/file.js')>('sources/file.js');
  const { normalize } = await load<typeof import('../../src/facts/normalize.js')>('facts/normalize.js');
  const { evaluate } = await load<typeof import('../../src/engine/evaluate.js')>('engine/evaluate.js');
  const { diagnosePod } = await load<typeof import('../../src/engine/diagnose.js')>('engine/diagnose.js');
  const { rules } = loadRuleSet(scratch, {} as never);
  const pods = snapshotFromTexts([{ file: yamlFile, text: readFileSync(yamlFile, 'utf8') }]).pods;
  const now = Date.parse('2025-06-01T00:00:00Z');
  const per = (f: () => void) => {
    const t0 = process.hrtime.bigint();
    f();
    return Number(process.hrtime.bigint() - t0) / 1e3 / pods.length;
  };
  const ev: number[] = [];
  const no: number[] = [];
  const di: number[] = [];
  waitQuiet();
  const before = load1();
  for (let i = 0; i < RUNS + 1; i++) {
    let facts: ReturnType<typeof normalize>[] = [];
    no.push(per(() => (facts = pods.map((p) => normalize(p, now)))));
    ev.push(per(() => facts.forEach((f) => evaluate(f, rules))));
    di.push(per(() => pods.forEach((p) => diagnosePod(p, rules, { now }))));
  }
  // the first round warms the JIT
  const r = { evaluate: spread(ev.slice(1)), normalize: spread(no.slice(1)), diagnose: spread(di.slice(1)), load: { before, after: load1() } };
  process.stderr.write(`  rules: evaluate ${r.evaluate.median.toFixed(1)} µs/pod, normalize ${r.normalize.median.toFixed(1)} µs/pod, whole diagnosis ${r.diagnose.median.toFixed(1)} µs/pod; load ${r.load.before} → ${r.load.after}\n`);
  return r;
}

function machine(): string {
  const c = cpus();
  return `${c.length} × ${c[0]?.model.trim() ?? 'unknown CPU'} (${availableParallelism()} for this process), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM (${(freemem() / 2 ** 30).toFixed(1)} GiB free), ${platform()} ${release()}, Node ${NODE_VERSION}${NODE_VERSION !== process.version ? ` (the in-process rules row: the bench's Node ${process.version})` : ''}`;
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
/** "149 ms (140–160)": median and the range of the runs. */
const fmtSpread = (s: Spread) => {
  if (s.n < 2) return fmt(s.median);
  const [lo, hi] = [fmt(s.min), fmt(s.max)];
  const unit = (t: string) => t.split(' ')[1];
  // one unit for the whole range when they share it: "149 ms (140–160)"
  return unit(lo) === unit(hi) && unit(hi) === unit(fmt(s.median)) ? `${fmt(s.median)} (${lo.split(' ')[0]}–${hi.split(' ')[0]})` : `${fmt(s.median)} (${lo}–${hi})`;
};
const fmtLoad = (l: Load) => `${l.before.toFixed(2)} → ${l.after.toFixed(2)}${loaded(l) ? ' ⚠' : ''}`;
const fmtCount = (n: number) => (n >= 1e9 ? `${(n / 1e9).toFixed(2)} G` : `${(n / 1e6).toFixed(1)} M`);

async function main(): Promise<void> {
  process.stderr.write(`podwhy bench: ${ROOT}, ${PODS} pods, ${LIVE_PODS} live pods, ${RUNS} runs per row; load ${loadavg().map((l) => l.toFixed(2)).join(' ')} (threshold ${MAX_LOAD} on ${CORES} cores)${HAVE_PERF ? '' : '; perf stat unavailable: no CPU times'}\n`);
  const startLoad = loadavg();
  const inputs = benchInputs(join(tmpdir(), 'podwhy-bench-inputs'), PODS, join(OWN_ROOT, 'fixtures'));
  const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
  const jsonParseOf = (file: string) => ['-e', `JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'))`];
  const jsonParse = jsonParseOf(inputs.json);
  const rows: Row[] = [];
  if (ROWS.has('help')) rows.push(pair('`podwhy --help`', [BIN, '--help'], ['-e', '0'], '`node -e 0`', 1.25));
  if (ROWS.has('one-pod')) rows.push(pair('`podwhy -f <one-pod fixture> -o json`', [BIN, '-f', FIXTURE, '-o', 'json', ...NOW], ['-e', '0'], '`node -e 0`', 1.5));
  if (ROWS.has('yaml')) rows.push(pair(`${PODS}-pod YAML list (${mb(inputs.bytes.yaml)}), \`-o json\``, [BIN, '-f', inputs.yaml, '-o', 'json', ...NOW], jsonParse, `read + JSON.parse of the list as JSON (${mb(inputs.bytes.json)})`, 1.5, { rss: true, rssTarget: 350 }));
  if (ROWS.has('json')) rows.push(pair('the same list as JSON input, `-o json`', [BIN, '-f', inputs.json, '-o', 'json', ...NOW], jsonParse, 'read + JSON.parse', 1.15, { rss: true }));
  if (ROWS.has('text')) rows.push(pair('the same list (YAML), text output', [BIN, '-f', inputs.yaml, ...NOW], [BIN, '-f', inputs.yaml, '-o', 'json', ...NOW], 'its `-o json`', 1.1, { rss: true }));
  if (ROWS.has('workers')) {
    // worker threads (src/api/parallel; off unless PODWHY_WORKERS asks) against one thread, on the
    // same input: what they give on this machine
    const n = String(Math.max(1, availableParallelism() - 1));
    rows.push(
      pair(`the same list as JSON, \`-o json\`, \`PODWHY_WORKERS=${n}\``, [BIN, '-f', inputs.json, '-o', 'json', ...NOW], [BIN, '-f', inputs.json, '-o', 'json', ...NOW], '`PODWHY_WORKERS=0`', 1.0, {
        rss: true,
        env: { PODWHY_WORKERS: n },
        yardstickEnv: { PODWHY_WORKERS: '0' },
      }),
    );
  }
  if (ROWS.has('live-pod')) rows.push(await onePodLiveRow(0), await onePodLiveRow(50));
  if (ROWS.has('live')) rows.push(await liveRow());
  const rules = ROWS.has('rules') ? await rulesRow(inputs.yaml) : undefined;
  const counts: Count[] = [];
  if (ROWS.has('icount') && HAVE_VALGRIND) {
    const small = benchInputs(join(tmpdir(), 'podwhy-bench-inputs'), ICOUNT_PODS, join(OWN_ROOT, 'fixtures'));
    counts.push(icount('`node -e 0`', ['-e', '0']));
    counts.push(icount('`podwhy --help`', [BIN, '--help']));
    counts.push(icount('`podwhy -f <one-pod fixture> -o json`', [BIN, '-f', FIXTURE, '-o', 'json', ...NOW]));
    counts.push(icount(`read + JSON.parse of a ${ICOUNT_PODS}-pod list as JSON`, jsonParseOf(small.json)));
    counts.push(icount(`\`podwhy -f <${ICOUNT_PODS}-pod YAML list> -o json\``, [BIN, '-f', small.yaml, '-o', 'json', ...NOW]));
    counts.push(icount(`\`podwhy -f <${ICOUNT_PODS}-pod JSON list> -o json\``, [BIN, '-f', small.json, '-o', 'json', ...NOW]));
  }

  const lines: string[] = [];
  const flags = [`--pods ${PODS}`, `--live-pods ${LIVE_PODS}`, `--runs ${RUNS}`, ...(ROWS.size < ALL_ROWS.length ? [`--rows ${[...ROWS].join(',')}`] : []), ...(args.node ? [`--node ${NODE}`] : [])];
  lines.push('# podwhy benchmark results', '');
  lines.push(`Latest \`npm run bench\` (\`node dist/tools/bench/run.js ${flags.join(' ')}\`), ${new Date().toISOString()}.`, '');
  if (DROPPED_ENV.length) lines.push(`Every run's environment is the bench's less ${DROPPED_ENV.join(' and ')}: set here, NODE_EXTRA_CA_CERTS makes Node parse a certificate bundle at every start (~40 ms), which users do not pay and which swelled the \`node -e 0\` yardstick.`, '');
  lines.push(`Machine: ${machine()}. Load average (1, 5, 15 min) at the start ${startLoad.map((l) => l.toFixed(2)).join(', ')}, at the end ${loadavg().map((l) => l.toFixed(2)).join(', ')}.`, '');
  const untrusted = [...rows.map((r) => r.load), ...(rules ? [rules.load] : [])].filter(loaded).length;
  lines.push(
    `Medians of alternating runs (subject, yardstick, subject, …) after one warm-up each, with the fastest and slowest run in brackets; wall time from spawn to exit${HAVE_PERF ? ', and CPU time (every thread, user + system, from `perf stat -e task-clock`)' : ''}. Load: the 1-minute load average before → after the row; ⚠ marks a row that started above ${MAX_LOAD} (half of ${CORES} cores unless --max-load says otherwise) or ended above ${MAX_LOAD + OWN_LOAD} (the bench itself keeps about one core busy), whose wall times are not to be trusted.`,
    '',
  );
  if (untrusted) lines.push(`**${untrusted} row(s) were measured on a loaded machine (⚠): their wall-time verdicts read "not trusted". Compare CPU times and instruction counts instead, or run again on a quiet machine (--wait-quiet 300).**`, '');
  lines.push('| what | podwhy | yardstick | ratio | target | | load |', '|---|---|---|---|---|---|---|');
  const cpuOf = (s: Spread | undefined) => (s && Number.isFinite(s.median) ? `<br>CPU ${fmtSpread(s)}` : '');
  for (const r of rows) {
    const cpuRatio = r.subjectCpu && r.yardstickCpu && Number.isFinite(r.subjectCpu.median) ? `<br>CPU ${(r.subjectCpu.median / r.yardstickCpu.median).toFixed(2)}×` : '';
    if (Number.isNaN(r.target)) {
      lines.push(`| ${r.what} | ${fmtSpread(r.subject)}${cpuOf(r.subjectCpu)} | ${fmtSpread(r.yardstick)} (${r.yardstickName})${cpuOf(r.yardstickCpu)} | — | requests = pages + events list pages + bounded logs | ${r.note ?? ''} | ${fmtLoad(r.load)} |`);
      continue;
    }
    const ok = r.ratio <= r.target && (r.rssTarget === undefined || (r.rssMiB ?? 0) <= r.rssTarget);
    const rss = r.rssMiB !== undefined ? `; peak ${r.rssMiB.toFixed(0)} MiB${r.rssTarget ? ` (target ≤ ${r.rssTarget})` : ''}` : '';
    const verdict = loaded(r.load) ? `not trusted (${ok ? 'met' : 'missed'} under load)` : ok ? 'met' : 'missed';
    lines.push(`| ${r.what} | ${fmtSpread(r.subject)}${cpuOf(r.subjectCpu)} | ${fmtSpread(r.yardstick)} (${r.yardstickName})${cpuOf(r.yardstickCpu)} | ${r.ratio.toFixed(2)}×${cpuRatio} | ≤ ${r.target}×${rss} | ${verdict}${r.note ? `<br>${r.note}` : ''} | ${fmtLoad(r.load)} |`);
  }
  if (rules) {
    const us = (s: Spread) => `${s.median.toFixed(1)} µs/pod${s.n > 1 ? ` (${s.min.toFixed(1)}–${s.max.toFixed(1)})` : ''}`;
    const ok = rules.evaluate.median <= 10;
    lines.push(`| rules (in process, ${PODS} pods) | ${us(rules.evaluate)} | | | ≤ 10 µs/pod | ${loaded(rules.load) ? `not trusted (${ok ? 'met' : 'missed'} under load)` : ok ? 'met' : 'missed'} | ${fmtLoad(rules.load)} |`);
    lines.push('', `Also measured: normalize (pod → facts) ${us(rules.normalize)}; the whole diagnosis (facts, rules, ranking, texts) ${us(rules.diagnose)}.`);
  }
  lines.push('');
  if (counts.length) {
    const base = counts[0]?.instructions.median ?? Number.NaN;
    const parse = counts.find((c) => c.what.startsWith('read + JSON.parse'))?.instructions.median ?? Number.NaN;
    lines.push(
      `Instructions executed (valgrind --tool=callgrind, \`node ${ICOUNT_NODE_FLAGS.join(' ')}\`, after a warm-up run that makes their compile cache; ${ICOUNT_RUNS === 1 ? 'one run each' : `median of ${ICOUNT_RUNS} runs, range in brackets`}): they do not move with the machine's load, and ${ICOUNT_NODE_FLAGS.join(' ')} makes them repeat (V8's compiler and collector threads run on the main one, in the same order every time). The pod lists are ${ICOUNT_PODS} pods of the same generator.`,
      '',
      '| run | instructions | ratio |',
      '|---|---|---|',
    );
    for (const c of counts) {
      const s = c.instructions;
      const range = s.n > 1 ? ` (${fmtCount(s.min)}–${fmtCount(s.max)})` : '';
      const ratio = c.what.includes('-pod YAML list') || c.what.includes('-pod JSON list') ? `${(s.median / parse).toFixed(2)}× the JSON.parse` : `${(s.median / base).toFixed(2)}× \`node -e 0\``;
      lines.push(`| ${c.what} | ${fmtCount(s.median)}${range} | ${ratio} |`);
    }
    const one = counts.find((c) => c.what.includes('one-pod'))?.instructions.median;
    const list = counts.find((c) => c.what.includes('-pod YAML list'))?.instructions.median;
    if (one !== undefined && list !== undefined) lines.push('', `Per pod of the YAML list, beyond the one-pod run: ${fmtCount((list - one) / (ICOUNT_PODS - 1))} instructions.`);
    lines.push('');
  } else if (ROWS.has('icount')) {
    lines.push('No instruction counts: valgrind is not installed here.', '');
  }
  const text = `${lines.join('\n')}\n`;
  process.stdout.write(text);
  if (args.strict && untrusted) {
    process.stderr.write(`podwhy bench: ${untrusted} row(s) measured above load ${MAX_LOAD}: not written (--strict)\n`);
    process.exitCode = 3;
    return;
  }
  if (!args['no-write']) {
    mkdirSync(join(OWN_ROOT, 'bench'), { recursive: true });
    writeFileSync(join(OWN_ROOT, 'bench', 'RESULTS.md'), text);
    process.stderr.write('wrote tools/bench/RESULTS.md\n');
  }
}

try {
  await main();
} finally {
  closeSync(NULL);
  rmSync(scratch, { recursive: true, force: true });
}
