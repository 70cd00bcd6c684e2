// `npm run bench`: the performance table of issue 9, measured side by side on this machine.
//
// Every row runs podwhy and its yardstick in alternation (ABAB…, so drift and noise from other
// load fall on both) and compares medians. Inputs are generated (src/bench/inputs.ts) and cached
// in the temp directory. The result goes to stdout and to bench/RESULTS.md with the machine it
// ran on.
//
//   node dist/bench/run.js [--pods 10000] [--live-pods 5000] [--runs 5] [--root DIR] [--no-write]
//
// --root runs another checkout's build (its bin/ and dist/), to measure "before" figures.

import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, platform, release, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchInputs, generatePods } from './inputs.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const OWN_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const { values: args } = parseArgs({
  options: {
    pods: { type: 'string', default: '10000' },
    'live-pods': { type: 'string', default: '5000' },
    runs: { type: 'string', default: '5' },
    root: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const PODS = Number(args.pods);
const LIVE_PODS = Number(args['live-pods']);
const RUNS = Math.max(1, Number(args.runs));
const ROOT = resolve(args.root ?? OWN_ROOT);
const BIN = join(ROOT, 'bin', 'podwhy.js');
const FIXTURE = join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml');
const NOW = ['--now', '2025-06-01T00:00:00Z'];
const RSS_HOOK = join(HERE, 'rss-hook.js');
const NULL = openSync('/dev/null', 'w');
const scratch = mkdtempSync(join(tmpdir(), 'podwhy-bench-'));

interface Run {
  ms: number;
  /** Peak resident set, MiB (only for runs measured with the hook). */
  rssMiB?: number;
}

/** Run a command once; wall time from spawn to exit, peak RSS when asked. */
function once(cmd: string[], rss: boolean, env: Record<string, string> = {}): Run {
  const rssFile = join(scratch, 'rss');
  rmSync(rssFile, { force: true });
  const argv = rss ? ['--import', RSS_HOOK, ...cmd] : cmd;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { stdio: ['ignore', NULL, 'pipe'], env: { ...process.env, ...env, PODWHY_BENCH_RSS: rssFile }, maxBuffer: 1 << 20 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd.join(' ')} exited ${r.status}: ${r.stderr?.toString().slice(0, 500)}`);
  const out: Run = { ms };
  if (rss) out.rssMiB = Number(readFileSync(rssFile, 'utf8')) / 1024;
  return out;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

interface Row {
  what: string;
  subject: number;
  yardstick: number;
  yardstickName: string;
  ratio: number;
  target: number;
  rssMiB?: number;
  rssTarget?: number;
  note?: string;
}

/** Subject and yardstick in alternation, `runs` times each after one warm-up of each. */
function pair(what: string, subject: string[], yardstick: string[], yardstickName: string, target: number, opts: { rss?: boolean; rssTarget?: number; runs?: number } = {}): Row {
  const runs = opts.runs ?? RUNS;
  once(subject, false);
  once(yardstick, false);
  const a: Run[] = [];
  const b: Run[] = [];
  for (let i = 0; i < runs; i++) {
    a.push(once(subject, opts.rss === true));
    b.push(once(yardstick, false));
  }
  const sm = median(a.map((r) => r.ms));
  const ym = median(b.map((r) => r.ms));
  const row: Row = { what, subject: sm, yardstick: ym, yardstickName, ratio: sm / ym, target };
  if (opts.rss) row.rssMiB = Math.max(...a.map((r) => r.rssMiB ?? 0));
  if (opts.rssTarget !== undefined) row.rssTarget = opts.rssTarget;
  process.stderr.write(`  ${what}: ${sm.toFixed(0)} ms vs ${ym.toFixed(0)} ms = ${(sm / ym).toFixed(2)}×${row.rssMiB ? `, peak ${row.rssMiB.toFixed(0)} MiB` : ''}\n`);
  return row;
}

async function liveRow(): Promise<Row & { requests: Record<string, number> }> {
  const { FakeApiServer } = (await import(join(ROOT, 'dist', 'testing', 'apiserver.js'))) as typeof import('../testing/apiserver.js');
  const server = new FakeApiServer();
  await server.start();
  try {
    const pods = generatePods(LIVE_PODS, join(OWN_ROOT, 'fixtures'), 7);
    for (const p of pods) (p['metadata'] as Record<string, unknown>)['namespace'] = 'bench';
    server.add(...pods);
    // one warning event per unhealthy-looking pod, as a busy namespace has
    let n = 0;
    for (const p of pods) {
      const md = p['metadata'] as Record<string, unknown>;
      if (JSON.stringify(p['status']).includes('"waiting"')) {
        server.add({ apiVersion: 'v1', kind: 'Event', metadata: { name: `${String(md['name'])}.${n++}`, namespace: 'bench' }, involvedObject: { kind: 'Pod', name: md['name'], namespace: 'bench', uid: md['uid'] }, reason: 'BackOff', message: 'Back-off restarting failed container', type: 'Warning', count: 3 });
      }
    }
    const kubeconfig = server.writeKubeconfig(scratch, { namespace: 'bench' });
    const env = { ...process.env, KUBECONFIG: kubeconfig, HOME: scratch } as Record<string, string>;
    const timeOne = (cmd: string[]) =>
      new Promise<number>((res, rej) => {
        const t0 = process.hrtime.bigint();
        const c = spawn(process.execPath, cmd, { stdio: ['ignore', NULL, 'pipe'], env });
        let err = '';
        c.stderr?.on('data', (d: Buffer) => (err += d.toString()));
        c.on('exit', (code) => (code === 0 || code === 1 ? res(Number(process.hrtime.bigint() - t0) / 1e6) : rej(new Error(`live run exited ${code}: ${err.slice(0, 500)}`))));
      });
    const subject = [BIN, '-o', 'json'];
    const a: number[] = [];
    const b: number[] = [];
    server.requests.length = 0;
    await timeOne(subject);
    const requests: Record<string, number> = {};
    for (const q of server.requests) {
      const k = q.path.endsWith('/log') ? 'logs' : q.path.endsWith('/pods') ? 'pod pages' : q.path.endsWith('/events') ? 'event pages' : q.path;
      requests[k] = (requests[k] ?? 0) + 1;
    }
    const total = server.requests.length;
    for (let i = 0; i < RUNS; i++) {
      a.push(await timeOne(subject));
      b.push(await timeOne(['-e', '0']));
    }
    const sm = median(a);
    const ym = median(b);
    const pages = Math.ceil(LIVE_PODS / 500);
    const note = `${total} requests: ${Object.entries(requests).map(([k, v]) => `${v} ${k}`).join(', ')} (${pages} pages of 500 pods expected)`;
    process.stderr.write(`  live: ${sm.toFixed(0)} ms; ${note}\n`);
    return { what: `live, ${LIVE_PODS}-pod namespace, -o json`, subject: sm, yardstick: ym, yardstickName: 'node -e 0', ratio: sm / ym, target: Number.NaN, note, requests };
  } finally {
    await server.stop();
  }
}

async function rulesRow(yamlFile: string): Promise<{ evaluate: number; normalize: number; diagnose: number }> {
  const load = async <T>(p: string) => (await import(join(ROOT, 'dist', p))) as T;
  const { loadRuleSet } = await load<typeof import('../config.js')>('config.js');
  const { snapshotFromTexts } = await load<typeof import('../sources/file.js')>('sources/file.js');
  const { normalize } = await load<typeof import('../facts/normalize.js')>('facts/normalize.js');
  const { evaluate } = await load<typeof import('../engine/evaluate.js')>('engine/evaluate.js');
  const { diagnosePod } = await load<typeof import('../engine/diagnose.js')>('engine/diagnose.js');
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
  for (let i = 0; i < RUNS + 1; i++) {
    let facts: ReturnType<typeof normalize>[] = [];
    no.push(per(() => (facts = pods.map((p) => normalize(p, now)))));
    ev.push(per(() => facts.forEach((f) => evaluate(f, rules))));
    di.push(per(() => pods.forEach((p) => diagnosePod(p, rules, { now }))));
  }
  // the first round warms the JIT
  const r = { evaluate: median(ev.slice(1)), normalize: median(no.slice(1)), diagnose: median(di.slice(1)) };
  process.stderr.write(`  rules: evaluate ${r.evaluate.toFixed(1)} µs/pod, normalize ${r.normalize.toFixed(1)} µs/pod, whole diagnosis ${r.diagnose.toFixed(1)} µs/pod\n`);
  return r;
}

function machine(): string {
  const c = cpus();
  return `${c.length} × ${c[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM (${(freemem() / 2 ** 30).toFixed(1)} GiB free), ${platform()} ${release()}, Node ${process.version}`;
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

async function main(): Promise<void> {
  process.stderr.write(`podwhy bench: ${ROOT}, ${PODS} pods, ${LIVE_PODS} live pods, ${RUNS} runs per row\n`);
  const inputs = benchInputs(join(tmpdir(), 'podwhy-bench-inputs'), PODS, join(OWN_ROOT, 'fixtures'));
  const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
  const jsonParse = ['-e', `JSON.parse(require('node:fs').readFileSync(${JSON.stringify(inputs.json)}, 'utf8'))`];
  const rows: Row[] = [];
  rows.push(pair('`podwhy --help`', [BIN, '--help'], ['-e', '0'], '`node -e 0`', 1.45));
  rows.push(pair('`podwhy -f <one-pod fixture> -o json`', [BIN, '-f', FIXTURE, '-o', 'json', ...NOW], ['-e', '0'], '`node -e 0`', 1.7));
  const yamlJson = pair(`${PODS}-pod YAML list (${mb(inputs.bytes.yaml)}), \`-o json\``, [BIN, '-f', inputs.yaml, '-o', 'json', ...NOW], jsonParse, `read + JSON.parse of the list as JSON (${mb(inputs.bytes.json)})`, 1.5, { rss: true, rssTarget: 350 });
  rows.push(yamlJson);
  rows.push(pair('the same list as JSON input, `-o json`', [BIN, '-f', inputs.json, '-o', 'json', ...NOW], jsonParse, 'read + JSON.parse', 1.15, { rss: true }));
  rows.push(pair('the same list (YAML), text output', [BIN, '-f', inputs.yaml, ...NOW], [BIN, '-f', inputs.yaml, '-o', 'json', ...NOW], 'its `-o json`', 1.1, { rss: true }));
  const live = await liveRow();
  rows.push(live);
  const rules = await rulesRow(inputs.yaml);

  const lines: string[] = [];
  lines.push('# podwhy benchmark results', '');
  lines.push(`Latest \`npm run bench\` (\`node dist/bench/run.js --pods ${PODS} --live-pods ${LIVE_PODS} --runs ${RUNS}\`), ${new Date().toISOString()}.`, '');
  lines.push(`Machine: ${machine()}.`, '');
  lines.push('Medians of alternating runs (subject, yardstick, subject, …) after one warm-up each; wall time from spawn to exit.', '');
  lines.push('| what | podwhy | yardstick | ratio | target | |', '|---|---|---|---|---|---|');
  for (const r of rows) {
    if (Number.isNaN(r.target)) {
      lines.push(`| ${r.what} | ${fmt(r.subject)} | ${fmt(r.yardstick)} (${r.yardstickName}) | — | requests = pages + events list pages + bounded logs | ${r.note ?? ''} |`);
      continue;
    }
    const ok = r.ratio <= r.target && (r.rssTarget === undefined || (r.rssMiB ?? 0) <= r.rssTarget);
    const rss = r.rssMiB !== undefined ? `; peak ${r.rssMiB.toFixed(0)} MiB${r.rssTarget ? ` (target ≤ ${r.rssTarget})` : ''}` : '';
    lines.push(`| ${r.what} | ${fmt(r.subject)} | ${fmt(r.yardstick)} (${r.yardstickName}) | ${r.ratio.toFixed(2)}× | ≤ ${r.target}×${rss} | ${ok ? 'met' : 'missed'} |`);
  }
  lines.push(`| rules (in process, ${PODS} pods) | ${rules.evaluate.toFixed(1)} µs/pod | | | ≤ 10 µs/pod | ${rules.evaluate <= 10 ? 'met' : 'missed'} |`);
  lines.push('', `Also measured: normalize (pod → facts) ${rules.normalize.toFixed(1)} µs/pod; the whole diagnosis (facts, rules, ranking, texts) ${rules.diagnose.toFixed(1)} µs/pod.`, '');
  const text = `${lines.join('\n')}\n`;
  process.stdout.write(text);
  if (!args['no-write']) {
    mkdirSync(join(OWN_ROOT, 'bench'), { recursive: true });
    writeFileSync(join(OWN_ROOT, 'bench', 'RESULTS.md'), text);
    process.stderr.write('wrote bench/RESULTS.md\n');
  }
}

try {
  await main();
} finally {
  closeSync(NULL);
  rmSync(scratch, { recursive: true, force: true });
}
