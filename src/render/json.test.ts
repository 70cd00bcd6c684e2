import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { diagnosePod } from '../engine/diagnose.js';
import { FIXTURES_DIR } from '../paths.js';
import { loadRules } from '../rules/load.js';
import { snapshotFromTexts } from '../sources/file.js';
import { JsonReportWriter, renderJson } from './json.js';

test('the streaming JSON writer writes exactly what renderJson does', () => {
  const rules = loadRules();
  const pods = readdirSync(FIXTURES_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) => snapshotFromTexts([{ file: f, text: readFileSync(join(FIXTURES_DIR, f), 'utf8') }]).pods)
    .map((p) => diagnosePod(p, rules, { now: Date.UTC(2025, 5, 1) }));
  assert.ok(pods.some((p) => p.findings.some((f) => f.explanation.includes('\n') || f.evidence.some((e) => String(e.value).includes('\n')))), 'some text holds a line break');
  for (const set of [[], pods.slice(0, 1), pods]) {
    let out = '';
    const w = new JsonReportWriter((s) => (out += s));
    for (const p of set) w.add(p);
    w.end();
    assert.equal(out, renderJson(set));
  }
});
