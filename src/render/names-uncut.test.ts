// No name or status is cut (issue 31): every fixture's text output at 60, 80 and 120 columns holds
// each pod's name and kubectl STATUS whole, on one line, as kubectl prints them (a row is let be
// wide rather than cut), and so does a scan of all of them together.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { FIXTURES_DIR } from '../catalogue/paths.js';
import { loadRules } from '../catalogue/rule-files.js';
import { diagnose } from '../engine/diagnose.js';
import type { PodDiagnosis } from '../engine/types.js';
import { snapshotFromTexts } from '../sources/file.js';
import { renderText } from './text.js';
import { wordsFor } from './words.js';

const rules = loadRules();
const words = wordsFor(rules, 'en');
const files = readdirSync(FIXTURES_DIR).filter((f) => f.endsWith('.yaml')).sort();
const pods: PodDiagnosis[] = diagnose(snapshotFromTexts(files.map((f) => ({ file: join('fixtures', f), text: readFileSync(join(FIXTURES_DIR, f), 'utf8') }))).pods, rules, { now: Date.parse('2026-12-04T00:00:00Z') });

/** What must appear whole on some line of a pod's text. */
const whole = (p: PodDiagnosis) => [p.name, p.kubectl.status].filter((s): s is string => s !== undefined && s !== '');

describe('text output never cuts a name or a status', () => {
  for (const cols of [60, 80, 120]) {
    test(`each fixture alone, ${cols} columns`, () => {
      for (const p of pods) {
        const lines = renderText([p], { words, color: false, all: false, cols }).split('\n');
        for (const s of whole(p)) assert.ok(lines.some((l) => l.includes(s)), `${p.source?.file}: "${s}" not whole at ${cols} columns`);
      }
    });
  }

  test('all fixtures as one scan, 80 columns, --all', () => {
    const lines = renderText(pods, { words, color: false, all: true, cols: 80 }).split('\n');
    for (const p of pods) if (p.name) assert.ok(lines.some((l) => l.includes(p.name as string)), `${p.name} not whole`);
  });
});
