// The default command: read pods (offline from files/stdin; live mode comes from the cluster
// source), diagnose them, render, and return 0 or 1 by --fail-on.

import { appendFileSync } from 'node:fs';
import { parallelGate, type DiagnoseOptions, type ParallelGate, type RuleSet } from '../../api/diagnose.js';
import { scanNotesOf, writeDiagnoses, type Gathered } from '../../api/report.js';
import { loadRuleSet } from '../../api/config.js';
import { expandFiles } from '../../api/files.js';
import { livePods, startLive, unreadableLine, type LiveRead } from '../../api/live.js';
import { damageLine, selectOffline, type OfflineEnd } from '../../api/offline.js';
import { checkFilter } from '../../api/pods.js';
import { DEFAULT_MAX_BYTES, parseMaxBytes, readInputs, readStdin, type ReadInput, type ReadOptions } from '../../api/read.js';
import { workloadSummary } from '../../api/scan-workloads.js';
import { UsageError } from '../../model/errors.js';
import type { Lang, OutputFormat } from '../../model/vocabulary.js';
import type { ScanNotes, TextOptions } from '../../render/text.js';
import { wordsFor, type Words } from '../../render/words.js';
import { writerFor, type Ending, type Sink, type WriterSettings } from '../../render/writers.js';
import { oneLine } from '../../util/sanitize.js';
import { colorEnabled } from '../color.js';
import type { IO } from '../io.js';
import { chooseLang, clusterTarget, parseNow, VERSION, type DiagnoseFlags } from '../options.js';

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

export async function runDiagnose(pod: string | undefined, flags: DiagnoseFlags, io: IO): Promise<number> {
  if (flags.watch) {
    const { runWatch } = await import('./watch.js');
    return runWatch(pod, flags, io);
  }
  const lang = chooseLang(flags.lang, io.env);
  const now = parseNow(flags.now);
  checkFilter(flags); // selectors that do not parse are an error before anything is read
  if (flags.fieldSelector !== undefined) {
    if (pod !== undefined) throw new UsageError('--field-selector selects the pods of a namespace or of -A; with a pod named there is nothing to select — drop one of them');
  }
  const maxBytes = flags.maxBytes !== undefined ? parseMaxBytes(flags.maxBytes) : DEFAULT_MAX_BYTES;
  if (maxBytes === undefined) throw new UsageError(`--max-bytes "${flags.maxBytes}" is not a size — use e.g. 256Mi or 1000000`);
  // Live: the first requests leave before the rules are loaded, which then load while the
  // answers travel (a one-pod run's critical path is its round trips, not our start-up).
  const early = readsLive(pod, flags, io) ? await startLiveRead(pod, flags, io) : undefined;
  const { rules } = loadRuleSet(io.cwd, flags);
  const opts = now !== undefined ? { now } : {};
  early?.read.setRules(rules, opts);
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
  const gate = parallelGate({
    cwd: io.cwd,
    ruleFlags: { ...(flags.rules ? { rules: flags.rules } : {}), ...(flags.config !== undefined ? { config: flags.config } : {}) },
    lang,
    ...(now !== undefined ? { now } : {}),
    output: format,
    text: textOptions,
    all: flags.all === true,
    ...(flags.container !== undefined ? { container: flags.container } : {}),
    failOn: flags.failOn,
    env: io.env,
    ...(io.testing ? { testing: io.testing } : {}),
  });
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

/** A live read started before the rules were loaded, and its progress line. */
interface EarlyLive {
  read: LiveRead;
  progress: ReturnType<typeof progressLine>;
}

/**
 * Whether this run reads the cluster: no file given, and either a pod named, standard input a
 * terminal, or a flag only live mode has (otherwise piped input is read: see diagnoseInputs).
 */
function readsLive(pod: string | undefined, flags: DiagnoseFlags, io: IO): boolean {
  const liveIntent = flags.context !== undefined || flags.kubeconfig !== undefined || flags.allNamespaces === true;
  return (flags.file ?? []).length === 0 && !(pod === undefined && !io.stdinIsTTY && !liveIntent);
}

/** Start the live read (api/live.ts) with a progress line on a terminal's stderr. */
async function startLiveRead(pod: string | undefined, flags: DiagnoseFlags, io: IO): Promise<EarlyLive> {
  const progress = progressLine(io);
  return { read: await startLive(clusterTarget(pod, flags, io), progress.update), progress };
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
    const piped = await reading(readStdin(io.stdin(), maxBytes, read));
    files = ['-'];
    inputs = [piped];
  }
  const got = files.length > 0 ? await readOffline(pod, flags, io, set, files, inputs, reading) : await readLiveInputs(pod, flags, io, set);
  return 'exit' in got ? got.exit : writeReport(pod, flags, io, set, got);
}

/** The pods a run diagnoses (api/report.ts), or the exit status of a run that ends before. */
type Gather = Gathered | { exit: number };

/** Offline: the pods of the files (or standard input) as the flags select them. */
async function readOffline(pod: string | undefined, flags: DiagnoseFlags, io: IO, set: Setting, files: string[], given: ReadInput[], reading: <T>(p: Promise<T>) => Promise<T>): Promise<Gather> {
  const { read, maxBytes, gate } = set;
  const inputs = given.length > 0 ? given : await reading(readInputs(files, io, maxBytes, read));
  await gate?.run?.settle(inputs);
  const sel = selectOffline(inputs, { ...flags, ...(pod !== undefined ? { pod } : {}) });
  for (const w of sel.warnings) io.err(`podwhy: warning: ${oneLine(w)}\n`);
  return sel.end ? endOffline(flags, io, set, sel.end) : sel;
}

/** Offline, nothing to diagnose: say why (and the broken inputs), write an empty report where one is read, and fail or exit. */
async function endOffline(flags: DiagnoseFlags, io: IO, set: Setting, end: OfflineEnd): Promise<Gather> {
  const scan = end.workloads;
  // (-o json says how many workloads it read)
  const empty = () => writeEmpty(flags, io, set, scan && set.format.kind === 'json' ? { workloads: { diagnoses: [], read: scan.read, unreadable: scan.unreadable, single: scan.single, summary: workloadSummary(scan, []), namespaces: false } } : {});
  if (end.empty && end.emptyFirst) await empty();
  for (const d of end.damaged) io.err(`podwhy: ${oneLine(damageLine(d))}\n`);
  if (end.note !== undefined) io.err(`podwhy: ${end.note}\n`);
  if (end.empty && !end.emptyFirst) await empty();
  if (end.error) throw end.error;
  return { exit: end.exit ?? 0 };
}

/** Live: the pod named, or the pods of a namespace (a scan, with its workloads). */
async function readLiveInputs(pod: string | undefined, flags: DiagnoseFlags, io: IO, set: Setting): Promise<Gather> {
  const early = set.early ?? (await startLiveRead(pod, flags, io));
  if (!set.early) early.read.setRules(set.rules, set.opts);
  let live: Gathered;
  try {
    live = await livePods(early.read, { ...(pod !== undefined ? { pod } : {}), ...(flags.container !== undefined ? { container: flags.container } : {}) });
  } finally {
    early.progress.clear();
  }
  const { pods, workloads } = live;
  if (pods.length === 0 && (workloads?.empty ?? true) && !workloads?.scan.unreadable.length) {
    const where = flags.allNamespaces ? 'in any namespace' : `in namespace "${flags.namespace ?? live.liveNamespace ?? 'default'}"`;
    // -o json is read by programs: a valid report with no pods, not an empty stdout.
    await writeEmpty(flags, io, set);
    io.err(`podwhy: no pods found ${where}${flags.selector ? ` matching ${flags.selector}` : ''}${flags.fieldSelector ? ` with ${flags.fieldSelector}` : ''}\n`);
    return { exit: 0 };
  }
  return live;
}

/** Diagnose the pods (here, or in the worker threads) and write the report in the format asked for. */
async function writeReport(pod: string | undefined, flags: DiagnoseFlags, io: IO, set: Setting, got: Gathered): Promise<number> {
  const { rules, opts, format, gate } = set;
  const { damaged, unreadable, liveNamespace, workloads } = got;
  const podCount = got.pods.length;
  if (workloads && workloads.scan.unreadable.length > 0) {
    io.err(`podwhy: warning: could not list ${workloads.scan.unreadable.join(', ')} — workloads of ${workloads.scan.unreadable.length === 1 ? 'that kind' : 'those kinds'} were not checked${flags.failOnUnreadable ? '; exit 3 (--fail-on-unreadable)' : ''}\n`);
  }
  const notes = scanNotesOf(got);
  const writer = await writerFor(format, settings(flags, io, set, notes, podCount), sink(io));
  const run = { rules, opts, failOn: flags.failOn, ...(notes.shared ? { shared: notes.shared } : {}), ...(flags.container !== undefined ? { container: flags.container } : {}), ...(gate ? { gate } : {}) };
  const status = await writeDiagnoses(got, run, writer, {
    ...(flags.allNamespaces ? { allNamespaces: true } : {}),
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
