// The default command: read pods (offline from files/stdin; live mode comes from the cluster
// source), diagnose them, render, and return 0 or 1 by --fail-on.

import { appendFileSync } from 'node:fs';
import { expandFiles } from '../files.js';
import type { LiveResult } from '../../sources/live/live.js';
import type { Triage } from '../../sources/live/fetch.js';
import { resolve } from 'node:path';
import { diagnosePod, troubleFirst } from '../../engine/diagnose.js';
import type { PodDiagnosis } from '../../engine/types.js';
import { InputError, UsageError } from '../../model/errors.js';
import { loadRuleSet } from '../config.js';
import { snapshotFromDocs } from '../../sources/file.js';
import { workloadWarnings } from '../../sources/workloads.js';
import { offlineWorkloads, WorkloadCollector, workloadSummary } from '../scan-workloads.js';
import type { WorkloadDiagnosis } from '../../engine/workload.js';
import { summarizeUnreadable, unreadableLine } from '../../sources/unreadable.js';
import type { UnreadableRead } from '../../model/input.js';
import { DEFAULT_MAX_BYTES, parseMaxBytes } from '../../sources/decode.js';
import { emptyStdin, readChunks, readFileDocs } from '../../sources/input.js';
import { damageLine, type ParsedDoc, type ReadOptions } from '../../sources/reader.js';
import type { ScanNotes } from '../../render/text.js';
import type { CompiledRule } from '../../rules/types.js';
import { wordsFor } from '../../render/words.js';
import type { Damage, PodInput, Snapshot } from '../../model/input.js';
import { nonEmpty, obj, str } from '../../util/json.js';
import { parseFieldSelector } from '../../kubectl/field-selector.js';
import { parseSelector } from '../../kubectl/selector.js';
import { oneLine } from '../../util/sanitize.js';
import type { IO } from '../io.js';
import { chooseLang, clusterTarget, exitStatus, onlyContainer, parseNow, podName, VERSION, type DiagnoseFlags } from '../options.js';
import { triageFor } from '../triage.js';
import { colorEnabled } from '../color.js';
import type { JsonObject } from '../../util/json.js';
import type { DiagnoseOptions } from '../../engine/diagnose.js';
import type { RuleSet } from '../../rules/plan.js';
import type { Lang, OutputFormat } from '../../model/vocabulary.js';
import { workersServe } from '../../render/pieces.js';
import { writerFor, type Ending, type Sink, type WriterSettings } from '../../render/writers.js';
import type { Words } from '../../render/words.js';
import type { JsonPieces } from '../../render/json.js';
import type { ReportExtra, ScanEntry, TextOptions } from '../../render/text.js';
import { BATCH, MIN_PARALLEL_PODS, ParallelGate, workerCount, workerFile } from '../parallel/policy.js';
import type { ParallelRun } from '../parallel/pool.js';
import type { DiagnoseResult, WorkerConfig } from '../parallel/protocol.js';

const STDIN_NAMES = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** One input as read: its documents, and where it broke if it is YAML or JSON that broke. */
interface ReadInput {
  file: string;
  docs: ParsedDoc[];
  damage?: Damage;
}

/** A read's result as a ReadInput of `file`. */
function asInput(file: string, r: { docs: ParsedDoc[]; damage?: Damage }): ReadInput {
  return r.damage ? { file, docs: r.docs, damage: r.damage } : { file, docs: r.docs };
}

async function readInputs(files: string[], io: IO, maxBytes: number, read: ReadOptions): Promise<ReadInput[]> {
  const out: ReadInput[] = [];
  let stdinRead = false;
  for (const file of files) {
    // /dev/stdin is standard input by another name: read it as such, because opening it fails when
    // standard input is a socket (ENXIO: what spawned processes and some CI runners are given)
    if (file === '-' || STDIN_NAMES.has(file)) {
      if (stdinRead) continue;
      stdinRead = true;
      const r = await readChunks('<stdin>', io.stdin(), maxBytes, undefined, read);
      if (!r.content) throw emptyStdin();
      out.push(asInput('<stdin>', r));
      continue;
    }
    out.push(asInput(file, await readFileDocs(file, resolve(io.cwd, file), maxBytes, read)));
  }
  return out;
}

function labelsOf(p: PodInput): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(obj(p.pod['metadata'])?.['labels']) ?? {})) {
    const s = str(v);
    if (s !== undefined) out[k] = s;
  }
  return out;
}

/** Narrow the input's pods by the pod argument, -n and -l, as kubectl would select them. */
export function selectPods(snapshot: Snapshot, pod: string | undefined, flags: Pick<DiagnoseFlags, 'namespace' | 'allNamespaces' | 'selector' | 'fieldSelector'>): PodInput[] {
  let pods = snapshot.pods;
  const nsOf = (p: PodInput) => nonEmpty(obj(p.pod['metadata'])?.['namespace']) ?? 'default';
  const nameOf = (p: PodInput) => nonEmpty(obj(p.pod['metadata'])?.['name']);
  if (flags.namespace && !flags.allNamespaces) pods = pods.filter((p) => nsOf(p) === flags.namespace);
  if (flags.selector !== undefined) {
    const match = parseSelector(flags.selector);
    pods = pods.filter((p) => match(labelsOf(p)));
  }
  if (flags.fieldSelector !== undefined) {
    const match = parseFieldSelector(flags.fieldSelector);
    pods = pods.filter((p) => match(p.pod));
  }
  if (pod !== undefined) {
    const name = podName(pod);
    const found = pods.filter((p) => nameOf(p) === name);
    if (found.length === 0) {
      const names = pods.map(nameOf).filter((n): n is string => n !== undefined);
      const hint = names.length > 0 ? ` (the input has ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''})` : '';
      throw new InputError(`pod "${name}" not found in the input${hint} — check the name and namespace`);
    }
    pods = found;
  }
  return pods;
}

/** A pod's containers by kind, from its spec and (for what a trimmed spec lacks) its status. */
export function podContainers(pod: JsonObject): { app: string[]; init: string[]; ephemeral: string[] } {
  const spec = obj(pod['spec']) ?? {};
  const status = obj(pod['status']) ?? {};
  const names = (...lists: unknown[]) => [
    ...new Set(lists.flatMap((l) => (Array.isArray(l) ? l : [])).map((c) => nonEmpty(obj(c)?.['name'])).filter((n): n is string => n !== undefined)),
  ];
  return {
    app: names(spec['containers'], status['containerStatuses']),
    init: names(spec['initContainers'], status['initContainerStatuses']),
    ephemeral: names(spec['ephemeralContainers'], status['ephemeralContainerStatuses']),
  };
}

function hasContainer(p: PodInput, name: string): boolean {
  const c = podContainers(p.pod);
  return c.app.includes(name) || c.init.includes(name) || c.ephemeral.includes(name);
}

/**
 * -c NAME: the pods that have that container. One pod without it is an error worded like the API
 * server's for `kubectl logs -c` ("container X is not valid for pod Y"), listing the choices.
 */
export function selectContainer(pods: PodInput[], container: string, named: boolean): PodInput[] {
  const kept = pods.filter((p) => hasContainer(p, container));
  if (kept.length > 0 && (!named || kept.length === pods.length)) return kept;
  const list = (xs: string[]) => xs.map(oneLine).join(', ');
  if (pods.length === 1 || named) {
    const p = pods.find((x) => !hasContainer(x, container)) as PodInput;
    const c = podContainers(p.pod);
    const choices = [
      c.app.length > 0 ? `choose one of: ${list(c.app)}` : 'the pod lists no containers',
      ...(c.init.length > 0 ? [`or one of the init containers: ${list(c.init)}`] : []),
      ...(c.ephemeral.length > 0 ? [`or one of the ephemeral containers: ${list(c.ephemeral)}`] : []),
    ];
    const name = nonEmpty(obj(p.pod['metadata'])?.['name']) ?? '?';
    throw new InputError(`container ${oneLine(container)} is not valid for pod ${oneLine(name)} — ${choices.join(' ')}`);
  }
  const seen = [...new Set(pods.flatMap((p) => Object.values(podContainers(p.pod)).flat()))].sort();
  throw new InputError(
    `container ${oneLine(container)} is in none of the ${pods.length} pods — their containers: ${list(seen.slice(0, 10))}${seen.length > 10 ? ', …' : ''}`,
  );
}

/** A progress line on stderr, only when stderr is a terminal; cleared when done. */
function progressLine(io: IO): { update?: (msg: string) => void; clear: () => void } {
  if (!io.stderrIsTTY) return { clear: () => {} };
  let shown = false;
  return {
    update: (msg) => {
      shown = true;
      io.err(`\r${msg}\u001b[K`);
    },
    clear: () => {
      if (shown) io.err('\r\u001b[K');
    },
  };
}

/** Notes (unreadable reads) that every pod carries: a namespace-wide 403 on events, say. */
export function sharedNotes(pods: readonly PodInput[]): Set<string> {
  let shared: Set<string> | undefined;
  for (const p of pods) {
    const mine = new Set(p.unreadable ?? []);
    shared = shared === undefined ? mine : new Set([...shared].filter((n) => mine.has(n)));
    if (shared.size === 0) break;
  }
  return shared ?? new Set();
}

export async function runDiagnose(pod: string | undefined, flags: DiagnoseFlags, io: IO): Promise<number> {
  if (flags.watch) {
    const { runWatch } = await import('./watch.js');
    return runWatch(pod, flags, io);
  }
  const lang = chooseLang(flags.lang, io.env);
  const now = parseNow(flags.now);
  if (flags.selector !== undefined) parseSelector(flags.selector); // validate early
  if (flags.fieldSelector !== undefined) {
    parseFieldSelector(flags.fieldSelector);
    if (pod !== undefined) throw new UsageError('--field-selector selects the pods of a namespace or of -A; with a pod named there is nothing to select — drop one of them');
  }
  const maxBytes = flags.maxBytes !== undefined ? parseMaxBytes(flags.maxBytes) : DEFAULT_MAX_BYTES;
  if (maxBytes === undefined) throw new UsageError(`--max-bytes "${flags.maxBytes}" is not a size — use e.g. 256Mi or 1000000`);
  // Live: the first requests leave before the rules are loaded, which then load while the
  // answers travel (a one-pod run's critical path is its round trips, not our start-up).
  const early = readsLive(pod, flags, io) ? await startLive(pod, flags, io) : undefined;
  const { rules } = loadRuleSet(io.cwd, flags);
  const opts = now !== undefined ? { now } : {};
  early?.setTriage(triageFor(rules, opts));
  const words = wordsFor(rules, lang);
  const format = flags.output;
  // a template that does not parse is an error before anything is read
  if (format.kind === 'jsonpath') (await import('../../render/jsonpath.js')).parseTemplate(format.template);
  const textOptions: Omit<TextOptions, 'words'> = {
    color: colorEnabled(flags.color, io),
    ...(flags.headers === false ? { noHeaders: true } : {}),
    all: flags.all === true,
    ...(flags.details ? { details: true } : {}),
    ...(io.columns ? { cols: io.columns } : {}),
    ...(flags.timeline ? { timeline: true } : {}),
    ...(flags.absoluteTime ? { absoluteTime: true } : {}),
  };
  // Big inputs' List items are parsed, and their pods diagnosed, by worker threads (parallel/).
  const gate = parallelGate(flags, io, lang, now, format, textOptions);
  // kubectl describe and table text print ages: --now is the instant they count from
  const t = io.testing;
  const read: ReadOptions = {
    ...(now !== undefined ? { now } : {}),
    ...(gate ? { defer: gate } : {}),
    ...(t?.bigDoc !== undefined ? { bigDoc: t.bigDoc } : {}),
    ...(t?.fallbackMax !== undefined ? { fallbackMax: t.fallbackMax } : {}),
  };
  try {
    return await diagnoseInputs(pod, flags, io, { rules, opts, words, lang, read, format, textOptions, maxBytes, gate, ...(early ? { early } : {}) });
  } finally {
    if (gate?.run?.started && io.env['PODWHY_DEBUG'] === '1') io.err(`podwhy: debug: ${gate.run.summary}\n`);
    gate?.run?.close();
  }
}

/** Worker threads for the diagnose command, when this run may use them (these formats, CPUs to spare), to start if the input is big. */
function parallelGate(flags: DiagnoseFlags, io: IO, lang: Lang, now: number | undefined, output: OutputFormat, text: Omit<TextOptions, 'words'>): ParallelGate | undefined {
  if (!workersServe(output)) return undefined;
  const format = output.kind;
  const workers = workerCount(io.env);
  if (workers === 0) return undefined;
  const file = workerFile();
  if (file === undefined) return undefined;
  const cfg: WorkerConfig = {
    cwd: io.cwd,
    ruleFlags: { ...(flags.rules ? { rules: flags.rules } : {}), ...(flags.config !== undefined ? { config: flags.config } : {}) },
    lang,
    ...(now !== undefined ? { now } : {}),
    format,
    ...(format === 'text' ? { text } : {}),
    all: flags.all === true,
    ...(flags.container !== undefined ? { container: flags.container } : {}),
    failOn: flags.failOn,
  };
  const t = io.testing;
  return new ParallelGate(async () => {
    const { ParallelRun: Run, threadTransport } = await import('../parallel/pool.js');
    return new Run(cfg, workers, t?.transport ?? threadTransport(file), t?.batch ?? BATCH, Math.max(2, t?.minPods ?? MIN_PARALLEL_PODS));
  }, t?.fallbackMax !== undefined ? 0 : undefined);
}

/**
 * An empty result, as a document of the format asked for: programs read these (a CI step parses
 * the JUnit or SARIF file), so "no pods" must still be a valid one. Text and wide say it on stderr.
 */
async function writeEmpty(flags: DiagnoseFlags, io: IO, set: Setting, ending: Partial<Ending> = {}): Promise<void> {
  const kind = flags.output.kind;
  if (kind === 'text' || kind === 'wide' || kind === 'name' || kind === 'jsonpath') return;
  const w = await writerFor(flags.output, settings(flags, io, set, {}, 0), sink(io));
  await w.end({ unreadable: [], ...ending });
}

/** The run's settings for a writer (render/writers.ts). */
function settings(flags: DiagnoseFlags, io: IO, set: Setting, scanNotes: ScanNotes, podCount: number): WriterSettings {
  return { words: set.words, lang: set.lang, failOn: flags.failOn, rules: set.rules, version: VERSION, cwd: io.cwd, all: flags.all === true, headers: flags.headers !== false, text: set.textOptions, scanNotes, podCount };
}

/** Standard output and error; -o github's whole report also to the Actions step's summary. */
function sink(io: IO): Sink {
  return { out: (s) => io.out(s), err: (s) => io.err(s), stepSummary: (markdown) => stepSummary(io, markdown) };
}

/**
 * -o github in a GitHub Actions step: the annotations are at most ten, one per cause, so the whole
 * report (the Markdown one) is appended to the step's summary, as actions do.
 */
function stepSummary(io: IO, markdown: () => string): void {
  const file = io.env['GITHUB_STEP_SUMMARY'];
  if (!file) return;
  try {
    appendFileSync(file, markdown());
  } catch (e) {
    io.err(`podwhy: warning: could not write the step summary to ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})\n`);
  }
}

/** A live read started before the rules were loaded (startLive). */
interface EarlyLive {
  result: Promise<LiveResult>;
  progress: ReturnType<typeof progressLine>;
  setTriage(t: Triage): void;
}

/**
 * Whether this run reads the cluster: no file given, and either a pod named, standard input a
 * terminal, or a flag only live mode has (otherwise piped input is read: see diagnoseInputs).
 */
function readsLive(pod: string | undefined, flags: DiagnoseFlags, io: IO): boolean {
  const liveIntent = flags.context !== undefined || flags.kubeconfig !== undefined || flags.allNamespaces === true;
  return (flags.file ?? []).length === 0 && !(pod === undefined && !io.stdinIsTTY && !liveIntent);
}

/** Start the live read; resolve once it waits on the network or a credential plugin (or has ended). */
async function startLive(pod: string | undefined, flags: DiagnoseFlags, io: IO): Promise<EarlyLive> {
  const progress = progressLine(io);
  let triage: Triage | undefined;
  let waiting: () => void = () => {};
  const waited = new Promise<void>((r) => (waiting = r));
  // (The cluster code is loaded only now.)
  const result = import('../../sources/live/live.js').then(({ readLive }) =>
    readLive({
      ...clusterTarget(pod, flags, io),
      ...(progress.update ? { progress: progress.update } : {}),
      // called only once the pods are read, after setTriage
      triage: (p) => (triage as Triage)(p),
      onWaiting: waiting,
    }),
  );
  await Promise.race([waited, result.then(
    () => undefined,
    () => undefined,
  )]);
  return { result, progress, setTriage: (t) => (triage = t) };
}

interface Setting {
  early?: EarlyLive;
  rules: RuleSet;
  opts: DiagnoseOptions;
  words: Words;
  lang: Lang;
  read: ReadOptions;
  format: OutputFormat;
  textOptions: Omit<TextOptions, 'words'>;
  maxBytes: number;
  gate: ParallelGate | undefined;
}

async function diagnoseInputs(pod: string | undefined, flags: DiagnoseFlags, io: IO, set: Setting): Promise<number> {
  const { read, maxBytes, gate } = set;
  // what a one-thread read would have stopped at (parallel.readError)
  const reading = async <T>(p: Promise<T>): Promise<T> => {
    try {
      return await p;
    } catch (e) {
      throw gate?.run ? await gate.run.readError(e) : e;
    }
  };

  let files = expandFiles(flags.file ?? [], flags.recursive === true, io.cwd);
  // Piped input is read when no pod is named, unless a flag only live mode has asks for the
  // cluster. Input that turns out empty (stdin from /dev/null in a script, a step that wrote
  // nothing) is an error, never a switch to the cluster: a CI job must not diagnose whatever
  // cluster its kubeconfig points at because the step before it failed.
  const liveIntent = flags.context !== undefined || flags.kubeconfig !== undefined || flags.allNamespaces === true;
  let inputs: ReadInput[] = [];
  if (files.length === 0 && pod === undefined && !io.stdinIsTTY && !liveIntent) {
    const piped = await reading(readChunks('<stdin>', io.stdin(), maxBytes, undefined, read));
    if (!piped.content) throw emptyStdin();
    files = ['-'];
    inputs = [asInput('<stdin>', piped)];
  }
  const got = files.length > 0 ? await readOffline(pod, flags, io, set, files, inputs, reading) : await readLiveInputs(pod, flags, io, set);
  return 'exit' in got ? got.exit : writeReport(pod, flags, io, set, got);
}

/** The pods a run diagnoses, with what came with them; or the exit status of a run that ends before. */
interface Gathered {
  pods: PodInput[];
  /** Inputs that broke (YAML or JSON damaged): after the output, one line each, and exit 2. */
  damaged: Damage[];
  /** What a live run could not read (empty offline). */
  unreadable: UnreadableRead[];
  /** A live scan: how many pods' logs were read. */
  logStats?: ScanNotes['logs'];
  liveNamespace?: string;
  /** The workloads diagnosed beside the pods: a scan's, or a file's without a target. */
  workloads?: WorkloadCollector;
}
type Gather = Gathered | { exit: number };

/** Offline: the pods of the files (or standard input) as the flags select them. */
async function readOffline(pod: string | undefined, flags: DiagnoseFlags, io: IO, set: Setting, files: string[], given: ReadInput[], reading: <T>(p: Promise<T>) => Promise<T>): Promise<Gather> {
  const { read, maxBytes, gate } = set;
  let inputs = given;
  let workloads: WorkloadCollector | undefined;
  if (inputs.length === 0) inputs = await reading(readInputs(files, io, maxBytes, read));
  await gate?.run?.settle(inputs);
  const snapshot = snapshotFromDocs(inputs);
  inputs = []; // the parsed documents live on in the snapshot's pods only
  // without a pod named, the input's workloads are diagnosed beside its pods
  // (a field selector picks pods by their fields, which workloads do not have: pods only)
  const scan = pod === undefined && flags.fieldSelector === undefined ? offlineWorkloads(snapshot, flags) : undefined;
  if (scan) workloads = new WorkloadCollector(scan);
  for (const w of scan ? workloadWarnings(snapshot.warnings) : snapshot.warnings) io.err(`podwhy: warning: ${oneLine(w)}\n`);
  if (scan?.statusless) io.err(`podwhy: warning: ${scan.statusless} workload${scan.statusless === 1 ? '' : 's'} in the input ${scan.statusless === 1 ? 'has' : 'have'} no status (manifests) and ${scan.statusless === 1 ? 'was' : 'were'} not judged — pass them as \`kubectl get … -o yaml\` prints them\n`);
  const damaged = snapshot.damaged ?? [];
  if (snapshot.pods.length === 0 && damaged.length > 0 && !scan) {
    // nothing read before the break: the break is the error (-o json: a report with no pods)
    await writeEmpty(flags, io, set);
    for (const d of damaged.slice(1)) io.err(`podwhy: ${oneLine(damageLine(d))}\n`);
    throw new InputError(damageLine(damaged[0] as Damage));
  }
  if (snapshot.pods.length === 0 && !scan) {
    const what = snapshot.orphanEvents.length > 0 ? `only events (${snapshot.orphanEvents.length})` : 'nothing podwhy reads';
    throw new InputError(`no pod in the input (found ${what}) — pass a Pod, a List of pods or \`kubectl get pod NAME -o yaml\` output`);
  }
  let pods: PodInput[];
  try {
    pods = selectPods(snapshot, pod, flags);
  } catch (e) {
    // the pod may be after the break
    for (const d of damaged) io.err(`podwhy: ${oneLine(damageLine(d))}\n`);
    throw e;
  }
  if (pods.length === 0 && (workloads?.empty ?? true)) {
    for (const d of damaged) io.err(`podwhy: ${oneLine(damageLine(d))}\n`);
    if (scan) {
      // workloads were read, and none is wrong: said as a scan says it
      io.err(`podwhy: ${scan.read} workload${scan.read === 1 ? '' : 's'} read, none short of what it asks for; no pod in the input${flags.namespace || flags.selector ? ' matches --namespace/--selector' : ''}\n`);
      // (-o json says how many it read)
      await writeEmpty(flags, io, set, set.format.kind === 'json' ? { workloads: { diagnoses: [], read: scan.read, unreadable: scan.unreadable, single: scan.single, summary: workloadSummary(scan, []), namespaces: false } } : {});
      return { exit: damaged.length > 0 ? 2 : 0 };
    }
    await writeEmpty(flags, io, set);
    throw new InputError('no pod in the input matches --namespace/--selector/--field-selector — check the filters');
  }
  if (flags.container !== undefined) pods = selectContainer(pods, flags.container, pod !== undefined);
  return { pods, damaged, unreadable: [], ...(workloads ? { workloads } : {}) };
}

/** Live: the pod named, or the pods of a namespace (a scan, with its workloads). */
async function readLiveInputs(pod: string | undefined, flags: DiagnoseFlags, io: IO, set: Setting): Promise<Gather> {
  let pods: PodInput[];
  let workloads: WorkloadCollector | undefined;
  let liveNamespace: string | undefined;
  let logStats: ScanNotes['logs'];
  const early = set.early ?? (await startLive(pod, flags, io));
  if (!set.early) early.setTriage(triageFor(set.rules, set.opts));
  const progress = early.progress;
  try {
    const live = await early.result;
    pods = live.inputs;
    if (live.workloads) {
      const w = live.workloads;
      workloads = new WorkloadCollector({ inputs: w.inputs, read: w.read, unreadable: w.notes.map((n) => `${n.what} (${n.reason})`), single: false });
    }
    liveNamespace = live.target.namespace;
    if (live.stats.logs) logStats = live.stats.logs;
  } finally {
    progress.clear();
  }
  if (pods.length === 0 && (workloads?.empty ?? true) && !workloads?.scan.unreadable.length) {
    const where = flags.allNamespaces ? 'in any namespace' : `in namespace "${flags.namespace ?? liveNamespace ?? 'default'}"`;
    // -o json is read by programs: a valid report with no pods, not an empty stdout.
    await writeEmpty(flags, io, set);
    io.err(`podwhy: no pods found ${where}${flags.selector ? ` matching ${flags.selector}` : ''}${flags.fieldSelector ? ` with ${flags.fieldSelector}` : ''}\n`);
    return { exit: 0 };
  }
  if (flags.container !== undefined) pods = selectContainer(pods, flags.container, pod !== undefined);
  return { pods, damaged: [], unreadable: summarizeUnreadable(pods), ...(logStats ? { logStats } : {}), ...(liveNamespace !== undefined ? { liveNamespace } : {}), ...(workloads ? { workloads } : {}) };
}

/** Diagnose the pods (here, or in the worker threads) and write the report in the format asked for. */
async function writeReport(pod: string | undefined, flags: DiagnoseFlags, io: IO, set: Setting, got: Gathered): Promise<number> {
  const { rules, opts, format, gate } = set;
  const { damaged, unreadable, logStats, liveNamespace, workloads } = got;
  let pods = got.pods;
  const podCount = pods.length;
  // Said once at the top of a many-pod text report: what could not be read (notes every pod
  // carries are left out under each pod) and how many pods' logs were read.
  const scanNotes: ScanNotes = {};
  if (podCount > 1) {
    if (unreadable.length > 0) scanNotes.unreadable = unreadable;
    const shared = sharedNotes(pods);
    if (shared.size > 0) scanNotes.shared = shared;
    if (logStats) scanNotes.logs = logStats;
  }

  const parallel = gate?.run;
  const inParallel = parallel?.started === true && pods.length >= parallel.minPods;
  if (!inParallel) parallel?.hydrate(pods);
  // Each pod's object is let go once it is diagnosed: a big dump's pods need not outlive it.
  const queue: (PodInput | undefined)[] = pods;
  pods = [];
  // JSON is written and text rendered as pods are diagnosed, so no diagnosis outlives its
  // rendering (an internal error midway would leave a JSON report cut short, and exit 2 says
  // so); the YAML and CI formats are built from all the diagnoses at once. In a parallel run the
  // workers diagnose and render, and their pods are added here in input order.
  let status = 0;
  const each = async (take: (d: PodDiagnosis) => void, taken?: (r: DiagnoseResult) => void) => {
    if (inParallel && taken) {
      const held = queue as PodInput[];
      await (parallel as ParallelRun).diagnose(
        held,
        scanNotes.shared ?? new Set(),
        (r) => {
          workloads?.takeBriefs(r.briefs);
          taken(r);
          if (status === 0) status = r.status;
        },
        workloads && !workloads.empty ? workloads.wants : undefined,
      );
      return;
    }
    // a paste (pods read from kubectl text: a few, never a big dump) is shown in trouble first
    if (queue.length > 1 && queue.every((p) => p?.source?.format !== undefined)) {
      const ds = troubleFirst(queue.map((p) => onlyContainer(diagnosePod(p as PodInput, rules, opts), flags.container)));
      queue.length = 0;
      for (const d of ds) {
        workloads?.take(d);
        take(d);
        if (status === 0) status = exitStatus([d], flags.failOn);
      }
      return;
    }
    for (let i = 0; i < queue.length; i++) {
      const d = onlyContainer(diagnosePod(queue[i] as PodInput, rules, opts), flags.container);
      queue[i] = undefined;
      workloads?.take(d);
      take(d);
      if (status === 0) status = exitStatus([d], flags.failOn);
    }
  };
  /** The workloads' diagnoses, once every pod is diagnosed; they count in the exit status like pods. */
  const workloadsDone = (): WorkloadDiagnosis[] => {
    if (!workloads) return [];
    const ds = workloads.diagnose(rules, opts);
    if (status === 0) status = exitStatus(ds.map((d) => ({ findings: d.rootCause ? [d.rootCause.finding, ...d.findings] : d.findings })), flags.failOn);
    return ds;
  };
  if (workloads && workloads.scan.unreadable.length > 0) {
    io.err(`podwhy: warning: could not list ${workloads.scan.unreadable.join(', ')} — workloads of ${workloads.scan.unreadable.length === 1 ? 'that kind' : 'those kinds'} were not checked${flags.failOnUnreadable ? '; exit 3 (--fail-on-unreadable)' : ''}\n`);
  }
  const writer = await writerFor(format, settings(flags, io, set, scanNotes, podCount), sink(io));
  await each(
    (d) => writer.add(d),
    writer.addPieces ? (r) => writer.addPieces?.(r) : undefined,
  );
  const wds = workloadsDone();
  const scan = workloads?.scan;
  await writer.end({
    unreadable,
    ...(scan
      ? { workloads: { diagnoses: wds, read: scan.read, unreadable: scan.unreadable, single: scan.single, summary: workloadSummary(scan, wds), namespaces: new Set(wds.map((d) => d.namespace)).size > 1 || flags.allNamespaces === true } }
      : {}),
    noPods: `podwhy: no pods${liveNamespace !== undefined && !flags.allNamespaces ? ` in namespace "${flags.namespace ?? liveNamespace}"` : ''}${flags.selector ? ` matching ${flags.selector}` : ''}`,
  });
  if (workloads && workloads.scan.unreadable.length > 0 && flags.failOnUnreadable) return 3;
  if (unreadable.length > 0) {
    io.err(`${unreadableLine(unreadable, podCount, flags.failOnUnreadable === true)}\n`);
    if (flags.failOnUnreadable) return 3;
  }
  // damaged input: what was read is diagnosed above, but the run does not pass, whatever it found
  for (const d of damaged) io.err(`podwhy: ${oneLine(damageLine(d))}\n`);
  return damaged.length > 0 ? 2 : status;
}
