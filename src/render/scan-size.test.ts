// A big scan's text report fits (issue 30): the 5,000-pod bench namespace (the bench's own
// generator, offline) in at most 400 lines at 80 and at 120 columns, the headline and the
// root-cause table on the first screen, and no pod or workload name cut at 60, 80 or 120
// columns, in English and Korean; the JSON keeps everything. Small scans keep every pod (scan.test.ts).

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { generatePods, listOf } from '../../tools/bench/inputs.js';
import { controllersOf } from '../../tools/bench/workloads.js';
import { FIXTURES_DIR } from '../catalogue/paths.js';
import { loadRuleSet } from '../api/config.js';
import { offlineWorkloads, WorkloadCollector } from '../api/scan-workloads.js';
import { diagnosePod } from '../engine/diagnose.js';
import type { PodDiagnosis } from '../engine/types.js';
import type { WorkloadDiagnosis } from '../engine/workload.js';
import type { Lang } from '../model/vocabulary.js';
import { snapshotFromDocs } from '../sources/file.js';
import { readFileDocs } from '../sources/input.js';
import { renderJson } from './json.js';
import { width } from './layout.js';
import { TextReportWriter } from './text.js';
import { wordsFor } from './words.js';
import { renderWorkloadScan, workloadHead } from './workload-scan.js';

const NOW = Date.parse('2026-12-04T00:00:00Z');
let pods: PodDiagnosis[] = [];
let workloads: WorkloadDiagnosis[] = [];
let read = 0;
let names: string[] = [];
let rules: ReturnType<typeof loadRuleSet>['rules'];

const made = new Map<string, string>();

/** The report as the diagnose command puts it together: the pods' report with the workloads' after its table. */
function report(cols: number | undefined, lang: Lang = 'en', all = false): string {
  const key = `${cols}/${lang}/${all}`;
  const had = made.get(key);
  if (had !== undefined) return had;
  const out = render(cols, lang, all);
  made.set(key, out);
  return out;
}

function render(cols: number | undefined, lang: Lang, all: boolean): string {
  const words = wordsFor(rules, lang);
  const w = new TextReportWriter({ color: false, words, all, ...(cols !== undefined ? { cols } : {}) });
  for (const p of pods) w.add(p);
  const opts = { color: false, words, read, unreadable: [], namespaces: false, ...(cols !== undefined ? { cols } : {}) };
  return w.end({ workloads: renderWorkloadScan(workloads, opts), workloadsHead: workloadHead(workloads, opts) });
}

/**
 * Names cut by the layout: a line ending in the start of a name whose rest begins the next line
 * (a name broken by wrapping), or a name shortened with "…".
 */
function cutNames(out: string): string[] {
  const lines = out.split('\n');
  const starts = new Set<string>();
  for (const n of names) for (let i = 4; i < n.length; i++) starts.add(n.slice(0, i));
  const cut: string[] = [];
  lines.forEach((l, i) => {
    if (/[a-z0-9]…[a-z0-9-]|[a-z0-9-]…(\s|,|$)/.test(l)) cut.push(l);
    const tail = /([a-z0-9][a-z0-9.-]*)$/.exec(l)?.[1];
    const head = /^\s*([a-z0-9.-]+)/.exec(lines[i + 1] ?? '')?.[1];
    if (tail && head && starts.has(tail) && names.some((n) => n.startsWith(tail + head) || n === tail + head)) cut.push(`${l} ⏎ ${lines[i + 1]}`);
  });
  return cut;
}

describe('a 5,000-pod scan in text', () => {
  before(async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'podwhy-scansize-'));
    const generated = generatePods(5000, FIXTURES_DIR, 7);
    for (const p of generated) {
      const md = p['metadata'] as Record<string, unknown>;
      md['namespace'] = 'bench';
      delete md['managedFields'];
    }
    const file = join(tmp, 'bench.json');
    writeFileSync(file, JSON.stringify(listOf([...generated, ...controllersOf(generated, 'bench')])));
    const r = await readFileDocs(file, file, 1 << 30);
    const snapshot = snapshotFromDocs([{ file, docs: r.docs }]);
    const scan = offlineWorkloads(snapshot, {});
    assert.ok(scan, 'the bench namespace has workloads');
    const collector = new WorkloadCollector(scan);
    rules = loadRuleSet(tmp, {}).rules;
    pods = snapshot.pods.map((p) => diagnosePod(p, rules, { now: NOW }));
    for (const d of pods) collector.take(d);
    workloads = collector.diagnose(rules, { now: NOW });
    read = scan.read;
    names = [...pods.map((p) => p.name ?? ''), ...workloads.map((w) => w.ref.replace(/^[a-z]+\//, ''))].filter((n) => n.length > 4);
  });

  test('at most 400 lines at 80 and 120 columns (and piped), the root-cause table on the first screen', () => {
    for (const cols of [80, 120, undefined]) {
      const out = report(cols);
      const lines = out.split('\n');
      assert.ok(lines.length <= 400, `${cols} columns: ${lines.length} lines`);
      const screen = lines.slice(0, 24);
      assert.match(screen[0] as string, /^5000 pods, \d+ unhealthy/);
      const head = screen.findIndex((l) => /^ROOT CAUSE +PODS/.test(l));
      assert.ok(head > 0 && head < 6, screen.join('\n'));
      // the table's rows follow, largest cause first, one line each
      const rows = screen.slice(head + 1).filter((l) => /^\S+.* {3}\d+( |$)/.test(l));
      assert.ok(rows.length >= 15, screen.join('\n'));
      const counts = rows.map((l) => Number(/ {3}(\d+)( |$)/.exec(l)?.[1]));
      assert.deepEqual(counts, [...counts].sort((a, b) => b - a));
      // then the workloads, condensed, then the largest causes explained, and how to see everything
      assert.ok(out.indexOf('Workloads:', out.indexOf('\n\n', out.indexOf('ROOT CAUSE'))) > 0);
      assert.ok(lines.filter((l) => /^ROOT CAUSE {2}[a-z]/.test(l)).length >= 3, 'a few causes explained');
      assert.match(out, /^ {2}Pods: \S+, /m);
      assert.match(out, /--all lists every pod/);
      assert.doesNotMatch(out, /^Unhealthy pods$/m, 'no line per pod');
      // a row may be wider than the terminal only for a name too long to fit (kubectl's way), and
      // the layout is chosen so that nine rows in ten fit
      if (cols !== undefined) {
        const table = lines.slice(head + 1, lines.indexOf('', head + 1));
        const wide = table.filter((l) => width(l) > cols);
        assert.ok(wide.length <= Math.floor(table.length / 10), `${cols} columns, rows too wide:\n${wide.join('\n')}`);
        for (const l of wide) assert.match(l, / {3}\S{20,}(, \+\d+ more)?$/, `wider than ${cols} without a long name: ${l}`);
        // the workloads, one line per root cause, fit the same way
        const from = lines.findIndex((l) => l.startsWith('Short because of their pods'));
        const wl = lines.slice(from + 1, lines.indexOf('', from + 1));
        assert.ok(wl.length > 40 && wl.every((l) => / \+\d+ more$|\)$|[a-z0-9]$/.test(l)), wl.join('\n'));
        assert.ok(wl.filter((l) => width(l) > cols).length <= Math.floor(wl.length / 10), `${cols} columns, workload lines too wide`);
      }
    }
  });

  test('no name is cut, at 60, 80 or 120 columns, in English or Korean', () => {
    for (const lang of ['en', 'ko'] as const) {
      for (const cols of [60, 80, 120]) {
        const out = report(cols, lang);
        assert.deepEqual(cutNames(out), [], `${lang}, ${cols} columns`);
        if (cols >= 80) assert.ok(out.split('\n').length <= 400, `${lang}, ${cols}: ${out.split('\n').length} lines`);
      }
    }
  });

  test('--all still shows everything: every unhealthy pod on its line; JSON has every pod and finding', () => {
    const out = report(80, 'en', true);
    const unhealthy = pods.filter((p) => !p.healthy);
    for (const p of unhealthy.slice(0, 200)) assert.match(out, new RegExp(`^ {2}${p.name} `, 'm'));
    assert.ok(out.split('\n').length > pods.length);
    const json = JSON.parse(renderJson(pods, wordsFor(rules, 'en'))) as { pods: { findings: unknown[] }[] };
    assert.equal(json.pods.length, 5000);
    assert.equal(json.pods.reduce((a, p) => a + p.findings.length, 0), pods.reduce((a, p) => a + p.findings.length, 0));
  });
});
