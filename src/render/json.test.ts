import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { diagnosePod } from '../engine/diagnose.js';
import { FIXTURES_DIR } from '../catalogue/paths.js';
import { loadRules } from '../catalogue/rule-files.js';
import { snapshotFromTexts } from '../sources/file.js';
import { JsonReportWriter, renderJson } from './json.js';
import { wordsFor } from './words.js';

test('the streaming JSON writer writes exactly what renderJson does', () => {
  const rules = loadRules();
  const pods = readdirSync(FIXTURES_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) => snapshotFromTexts([{ file: f, text: readFileSync(join(FIXTURES_DIR, f), 'utf8') }]).pods)
    .map((p) => diagnosePod(p, rules, { now: Date.UTC(2025, 5, 1) }));
  const words = wordsFor(rules, 'en');
  assert.ok(pods.some((p) => p.findings.some((f) => words.finding(f).explanation.includes('\n') || f.evidence.some((e) => String(e.value).includes('\n')))), 'some text holds a line break');
  for (const set of [[], pods.slice(0, 1), pods]) {
    let out = '';
    const w = new JsonReportWriter((s) => (out += s), words);
    for (const p of set) w.add(p);
    w.end();
    assert.equal(out, renderJson(set, words));
  }
});

test('evidence read from the events (a pod with no status) says so: source "event"; status facts carry no source', () => {
  const file = join(FIXTURES_DIR, 'events-only-cgroup-mkdir-enomem.yaml');
  const snap = snapshotFromTexts([{ file, text: readFileSync(file, 'utf8') }]);
  const words = wordsFor(loadRules(), 'en');
  const report = JSON.parse(renderJson(snap.pods.map((p) => diagnosePod(p, loadRules())), words)) as { pods: { findings: { evidence: { path: string; source?: string }[] }[] }[] };
  const evidence = report.pods.flatMap((p) => p.findings.flatMap((f) => f.evidence));
  assert.ok(evidence.some((e) => e.source === 'event' && e.path.startsWith('events[')), JSON.stringify(evidence));
  assert.ok(evidence.every((e) => e.source === undefined || ['event', 'log', 'text'].includes(e.source)));
  const full = join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml');
  const ok = JSON.parse(renderJson(snapshotFromTexts([{ file: full, text: readFileSync(full, 'utf8') }]).pods.map((p) => diagnosePod(p, loadRules())), words)) as typeof report;
  assert.ok(ok.pods[0]?.findings[0]?.evidence.every((e) => e.source === undefined));
});
