// The registry of output formats: every format writes a report from diagnoses, and from a
// worker's pieces the same bytes as from the diagnoses themselves; an empty report is still a
// document of its format.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import yaml from 'js-yaml';
import { FIXTURES_DIR } from '../api/rules.js';
import { loadRules } from '../catalogue/rule-files.js';
import { diagnose } from '../engine/diagnose.js';
import type { PodDiagnosis } from '../engine/types.js';
import { FORMATS, type OutputFormat } from '../model/vocabulary.js';
import { snapshotFromTexts } from '../sources/file.js';
import { piecesFor, workersServe } from './pieces.js';
import { scanEntries } from './text.js';
import { wordsFor } from './words.js';
import { writerFor, type WriterSettings } from './writers.js';

const rules = loadRules();
const words = wordsFor(rules, 'en');
const NAMES = ['crashloop-oomkilled-jvm.yaml', 'pending-insufficient-memory.yaml', 'deployment-running-ready.yaml'];
const pods: PodDiagnosis[] = diagnose(snapshotFromTexts(NAMES.map((n) => ({ file: join('fixtures', n), text: readFileSync(join(FIXTURES_DIR, n), 'utf8') }))).pods, rules, {});
const settings = (podCount: number): WriterSettings => ({ words, lang: 'en', failOn: 'error', rules, version: '0.0.0-test', cwd: '/', all: false, headers: true, text: { color: false, all: false }, scanNotes: {}, podCount });
const ALL: OutputFormat[] = [...FORMATS.map((kind) => ({ kind })), { kind: 'jsonpath', template: '{.pods[*].name}' }];

async function written(format: OutputFormat, ds: PodDiagnosis[], viaPieces = false): Promise<{ out: string; err: string }> {
  let out = '';
  let err = '';
  const w = await writerFor(format, settings(ds.length), { out: (s) => (out += s), err: (s) => (err += s) });
  if (viaPieces && workersServe(format) && w.addPieces) {
    const entry = format.kind === 'text' ? scanEntries({ color: false, all: false, words }, { shared: new Set() }) : undefined;
    for (const d of ds) w.addPieces(piecesFor(format.kind, [d], words, false, entry));
  } else for (const d of ds) w.add(d);
  await w.end({ unreadable: [] });
  return { out, err };
}

test('every format writes the report', async () => {
  for (const f of ALL) {
    const { out } = await written(f, pods);
    assert.ok(out.length > 0, f.kind);
    if (f.kind === 'json') assert.deepEqual((JSON.parse(out) as { pods: { name: string }[] }).pods.map((p) => p.name), pods.map((p) => p.name));
    if (f.kind === 'yaml') assert.ok(yaml.load(out));
    if (f.kind === 'name') assert.equal(out, `${pods.filter((p) => !p.healthy).map((p) => `pod/${p.name}`).join('\n')}\n`);
    if (f.kind === 'jsonpath') assert.equal(out, pods.map((p) => p.name).join(' '));
  }
});

test('a worker\'s pieces make the same report as the diagnoses', async () => {
  for (const f of ALL.filter(workersServe)) assert.equal((await written(f, pods, true)).out, (await written(f, pods)).out, f.kind);
});

test('with no pod, the document formats are still documents, and wide says why it is empty', async () => {
  assert.deepEqual((JSON.parse((await written({ kind: 'json' }, [])).out) as { pods: unknown[] }).pods, []);
  for (const kind of ['junit', 'sarif', 'markdown'] as const) assert.ok((await written({ kind }, [])).out.length > 0, kind);
  const healthy = pods.filter((p) => p.healthy);
  const wide = await written({ kind: 'wide' }, [...healthy, ...healthy]);
  assert.equal(wide.out, '');
  assert.match(wide.err, /all 2 pods are healthy — add --all to list them/);
});
