// The diagnosis's output formats (-o), one writer each, in one registry (`writerFor`), used by
// the main thread; worker threads render their share of the formats they serve with pieces.ts,
// whose pieces these writers take (`addPieces`). A writer takes the pods' diagnoses in input order (or a
// worker's rendered pieces of them, for the formats workers serve), then the workloads, and
// writes the document: JSON and text as pods come, so no diagnosis outlives its rendering; YAML,
// jsonpath and the CI formats from all of them at once.

import type { PodDiagnosis } from '../engine/types.js';
import type { WorkloadDiagnosis } from '../engine/workload.js';
import type { UnreadableRead } from '../model/input.js';
import type { CiFormat, FailOn, Lang, OutputFormat } from '../model/vocabulary.js';
import type { CompiledRule } from '../rules/types.js';
import type { JsonPieces } from './json.js';
import type { ReportExtra, ScanEntry, ScanNotes, TextOptions } from './text.js';
import type { Words } from './words.js';

/** What a worker thread renders of its pods for the formats workers serve (json, wide, text: pieces.ts). */
export interface Pieces {
  json?: JsonPieces;
  wide?: { rows: string[][]; hidden: number };
  entries?: ScanEntry[];
}

/** Where a report goes: standard output, standard error, and (-o github) the step summary. */
export interface Sink {
  out(s: string): void;
  err(s: string): void;
  /** Append the Markdown report to the CI step's summary, where there is one (-o github). */
  stepSummary?(markdown: () => string): void;
}

/** The run's settings a writer needs. */
export interface WriterSettings {
  words: Words;
  lang: Lang;
  failOn: FailOn;
  /** The rule set (CI formats: the findings' texts, SARIF's rules). */
  rules: readonly CompiledRule[];
  version: string;
  cwd: string;
  /** --all: healthy pods too. */
  all: boolean;
  /** --no-headers: false. */
  headers: boolean;
  text: Omit<TextOptions, 'words'>;
  scanNotes: ScanNotes;
  /** How many pods the report holds (known before the first is added). */
  podCount: number;
}

/** The workloads diagnosed beside the pods (a scan's, or an input's without a target). */
export interface WorkloadPart {
  diagnoses: WorkloadDiagnosis[];
  read: number;
  unreadable: string[];
  /** One workload given alone (`podwhy deploy/web -f`): its block in full. */
  single: boolean;
  /** The JSON report's workloads.summary. */
  summary: object;
  /** Several namespaces (or -A): the scan text names them. */
  namespaces: boolean;
}

/** What the writer learns once every pod is added. */
export interface Ending {
  /** Absent when the run diagnoses no workloads. */
  workloads?: WorkloadPart;
  /** What a live run could not read (JSON's `unreadable`). */
  unreadable: UnreadableRead[];
  /** Said on stderr when there are workloads and no pod (text): `podwhy: no pods …`. */
  noPods?: string;
}

export interface FormatWriter {
  add(d: PodDiagnosis): void;
  /** A worker's rendered pods (formats that workers serve). */
  addPieces?(p: Pieces): void;
  end(e: Ending): Promise<void>;
}

/** A format's writer, its modules loaded (they are imported on first use of the format). */
type Make = (s: WriterSettings, sink: Sink) => Promise<FormatWriter>;

/** -o name's resource names of the workload kinds. */
const GROUP: Record<string, string> = { Deployment: 'deployment.apps', StatefulSet: 'statefulset.apps', DaemonSet: 'daemonset.apps', ReplicaSet: 'replicaset.apps', Job: 'job.batch', CronJob: 'cronjob.batch' };

async function workloadJson(w: WorkloadPart | undefined, words: Words): Promise<{ entries: object[]; summary: object } | undefined> {
  if (!w) return undefined;
  const { workloadObject } = await import('./workload.js');
  return { entries: w.diagnoses.map((d) => workloadObject(d, words)), summary: w.summary };
}

/** The formats that keep every diagnosis and write at the end. */
function collecting(write: (pods: PodDiagnosis[], e: Ending) => Promise<void>): FormatWriter {
  const pods: PodDiagnosis[] = [];
  return { add: (d) => void pods.push(d), end: (e) => write(pods, e) };
}

const json: Make = async (s, sink) => {
  const { JsonReportWriter } = await import('./json.js');
  const report = new JsonReportWriter((x) => sink.out(x), s.words);
  return {
    add: (d) => report.add(d),
    addPieces: (p) => report.addPieces(p.json as JsonPieces),
    async end(e) {
      const wl = await workloadJson(e.workloads, s.words);
      report.end(e.unreadable.length > 0 || wl ? { ...(e.unreadable.length > 0 ? { unreadable: e.unreadable } : {}), ...(wl ? { workloads: wl } : {}) } : undefined);
    },
  };
};

const jsonpath =
  (template: string): Make =>
  async (s, sink) =>
    collecting(async (pods, e) => {
      // kubectl's -o jsonpath over the JSON report (the document -o json prints)
      const { reportObject } = await import('./json.js');
      const { renderJsonPath } = await import('./jsonpath.js');
      const wl = await workloadJson(e.workloads, s.words);
      const r = reportObject(pods, s.words);
      const doc = wl ? { schemaVersion: r.schemaVersion, workloads: wl.entries, pods: r.pods, summary: { ...r.summary, workloads: wl.summary } } : r;
      sink.out(renderJsonPath(template, doc));
    });

// kubectl's -o name: resource/name a line, for the next command in a pipe (`| xargs kubectl
// describe`): the workloads not as desired, then the pods the text report lists (every pod with --all).
const name: Make = async (s, sink) => {
  const names: string[] = [];
  return {
    add(d) {
      if ((s.all || !d.healthy) && d.name !== undefined) names.push(`pod/${d.name}`);
    },
    async end(e) {
      const wl = (e.workloads?.diagnoses ?? []).map((d) => `${GROUP[d.kind] ?? d.kind.toLowerCase()}/${d.name}`);
      if (wl.length + names.length > 0) sink.out(`${[...wl, ...names].join('\n')}\n`);
    },
  };
};

// Rows are small: kept, then laid out at once (columns are as wide as their widest cell).
const wide: Make = async (s, sink) => {
  const { renderWide, wideRows } = await import('./wide.js');
  const rows: string[][] = [];
  let healthy = 0;
  const take = (w: { rows: string[][]; hidden: number }) => {
    rows.push(...w.rows);
    healthy += w.hidden;
  };
  // one pod is listed whatever its health
  const all = s.all || s.podCount === 1;
  return {
    add: (d) => take(wideRows([d], all)),
    addPieces: (p) => take(p.wide as NonNullable<Pieces['wide']>),
    async end(e) {
      const ds = e.workloads?.diagnoses ?? [];
      if (ds.length > 0) {
        const { workloadCounts } = await import('./workload-scan.js');
        const wrows = ds.map((d) => [d.namespace, d.ref, workloadCounts(d, s.lang), d.rootCause ? `${d.rootCause.rule}${d.rootCause.from === 'pods' ? ` (${d.rootCause.count ?? 0}/${d.rootCause.of ?? 0} pods)` : ''}` : '-']);
        sink.out(`${renderWide([...(s.headers ? [['NAMESPACE', 'WORKLOAD', 'READY', 'ROOT CAUSE']] : []), ...wrows], false)}${rows.length > 0 ? '\n' : ''}`);
      }
      if (rows.length > 0) sink.out(renderWide(rows, s.headers));
      const them = healthy === 1 ? 'it' : 'them';
      if (healthy > 0 && rows.length === 0) sink.err(`podwhy: all ${healthy} pods are healthy — add --all to list ${them}\n`);
      else if (healthy > 0) sink.err(`podwhy: ${healthy} healthy pod${healthy === 1 ? '' : 's'} not listed — add --all to list ${them}\n`);
    },
  };
};

const yaml: Make = async (s, sink) =>
  collecting(async (pods, e) => {
    const { renderYaml } = await import('./yaml.js');
    const wl = await workloadJson(e.workloads, s.words);
    sink.out(renderYaml(pods, s.words, wl ? { workloads: wl.entries, summary: wl.summary } : undefined));
  });

const ci =
  (format: CiFormat): Make =>
  async (s, sink) =>
    collecting(async (pods, e) => {
      const r = await import('./ci.js');
      const ds = e.workloads?.diagnoses ?? [];
      const o: import('./ci.js').CiOptions = { failOn: s.failOn, lang: s.lang, rules: s.rules, cwd: s.cwd, version: s.version, ...(ds.length > 0 ? { workloads: ds } : {}) };
      sink.out({ junit: r.renderJUnit, sarif: r.renderSarif, github: r.renderGitHub, markdown: r.renderMarkdown }[format](pods, o));
      // the annotations are at most ten, one per cause: the whole report goes to the step summary
      if (format === 'github') sink.stepSummary?.(() => r.renderMarkdown(pods, o));
    });

const text: Make = async (s, sink) => {
  const { TextReportWriter } = await import('./text.js');
  const report = new TextReportWriter({ ...s.text, words: s.words }, s.scanNotes);
  return {
    add: (d) => report.add(d),
    addPieces: (p) => report.addEntries(p.entries as ScanEntry[]),
    async end(e) {
      const w = e.workloads;
      const ds = w?.diagnoses ?? [];
      let extra: ReportExtra = {};
      const wtext = { color: s.text.color, words: s.words, ...(s.text.cols ? { cols: s.text.cols } : {}) };
      if (w?.single && ds.length === 1 && s.podCount === 0) {
        // one workload given alone: its block in full, as `podwhy TYPE/NAME -f` prints it
        const { renderWorkloadText } = await import('./workload.js');
        sink.out(renderWorkloadText(ds[0] as WorkloadDiagnosis, wtext));
      } else if (w && (ds.length > 0 || w.unreadable.length > 0)) {
        const { renderWorkloadScan, workloadHead } = await import('./workload-scan.js');
        const wopts = { ...wtext, read: w.read, unreadable: w.unreadable, namespaces: w.namespaces };
        // with pods, the workloads follow the pods' root-cause table (the report's first screen)
        if (s.podCount > 0) extra = { workloads: renderWorkloadScan(ds, wopts), workloadsHead: workloadHead(ds, wopts) };
        else sink.out(renderWorkloadScan(ds, wopts));
      }
      if (s.podCount > 0) sink.out(report.end(extra));
      else if (w && !w.single && e.noPods !== undefined) sink.err(`${e.noPods}\n`);
    },
  };
};

const WRITERS: Record<OutputFormat['kind'], (f: OutputFormat) => Make> = {
  json: () => json,
  jsonpath: (f) => jsonpath(f.kind === 'jsonpath' ? f.template : ''),
  name: () => name,
  wide: () => wide,
  yaml: () => yaml,
  junit: () => ci('junit'),
  sarif: () => ci('sarif'),
  github: () => ci('github'),
  markdown: () => ci('markdown'),
  text: () => text,
};

/** The writer of a format (`writerFor({ kind: 'json' }, …)`). */
export function writerFor(format: OutputFormat, s: WriterSettings, sink: Sink): Promise<FormatWriter> {
  return WRITERS[format.kind](format)(s, sink);
}
