import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { diagnosePod } from '../engine/diagnose.js';
import { diagnoseWorkload } from '../engine/workload.js';
import { FIXTURES_DIR } from '../catalogue/paths.js';
import { loadRules } from '../catalogue/rule-files.js';
import { snapshotFromTexts } from '../sources/file.js';
import { parseWorkloadTarget, workloadFromSnapshot } from '../sources/workloads.js';
import { Words, wordsFor } from './words.js';

const rules = loadRules();

function pod(name: string) {
  const file = join(FIXTURES_DIR, name);
  const p = snapshotFromTexts([{ file, text: readFileSync(file, 'utf8') }]).pods[0];
  assert.ok(p);
  return p;
}

test('the diagnosis has no words: findings carry the rule, its params and evidence, not a title', () => {
  const d = diagnosePod(pod('crashloop-oomkilled-jvm.yaml'), rules);
  assert.ok(d.findings.length > 0);
  for (const f of d.findings) {
    for (const k of ['title', 'explanation', 'remedies']) assert.ok(!(k in f), `${f.rule} has "${k}"`);
    assert.equal(typeof f.params, 'object');
  }
  // the params are what the texts read: the container this finding is about
  const root = d.findings.find((f) => f.role === 'root-cause');
  assert.equal((root?.params['container'] as { name?: string } | undefined)?.name, root?.container);
  for (const e of d.timeline) assert.ok(!('detail' in e), 'timeline entries carry no line');
});

test('the same findings written in English and in Korean', () => {
  const d = diagnosePod(pod('crashloop-oomkilled-jvm.yaml'), rules);
  const root = d.findings.find((f) => f.role === 'root-cause');
  assert.ok(root);
  const en = wordsFor(rules, 'en').finding(root);
  const ko = wordsFor(rules, 'ko').finding(root);
  assert.match(en.title, /memory/i);
  assert.match(ko.title, /[가-힣]/);
  assert.doesNotMatch(en.explanation, /[가-힣]/);
  assert.equal(en.remedies.length, rules.find((r) => r.id === root.rule)?.text.en.remedies.length);
  // the container name reaches both
  assert.ok(en.explanation.includes(root.container as string) && ko.explanation.includes(root.container as string));
  // written once per finding and language
  assert.equal(wordsFor(rules, 'en').finding(root), en);
  assert.equal(wordsFor(rules, 'en'), wordsFor(rules, 'en'));
  const entry = d.timeline[0];
  assert.ok(entry);
  assert.notEqual(wordsFor(rules, 'en').timeline(entry), wordsFor(rules, 'ko').timeline(entry));
});

test('a finding of a rule the words were not made for is an error, not an empty text', () => {
  const d = diagnosePod(pod('crashloop-oomkilled-jvm.yaml'), rules);
  const f = d.findings[0];
  assert.ok(f);
  assert.throws(() => new Words([], 'en').finding(f), /no rule/);
});

test('a workload fact quoting a pod finding\'s title is written in the language of the output', () => {
  const file = join(FIXTURES_DIR, 'workloads', 'job-backoff-limit-exceeded.yaml');
  const snap = snapshotFromTexts([{ file, text: readFileSync(file, 'utf8') }]);
  const target = parseWorkloadTarget('job/migrate-schema', undefined);
  assert.ok(target);
  const d = diagnoseWorkload(workloadFromSnapshot(snap, target, undefined), rules);
  const job = d.findings.find((f) => f.rule === 'job-backoff-limit-exceeded');
  assert.ok(job && d.rootCause);
  for (const lang of ['en', 'ko'] as const) {
    const w = wordsFor(rules, lang);
    const podTitle = w.title(d.rootCause.finding);
    const t = w.finding(job);
    assert.ok(t.explanation.includes(podTitle), `${lang}: ${t.explanation}`);
    assert.ok(t.evidence.some((e) => e.path === 'workload.pods.rootCauseTitle' && e.value === podTitle), `${lang}: ${JSON.stringify(t.evidence)}`);
  }
  assert.notEqual(wordsFor(rules, 'en').title(d.rootCause.finding), wordsFor(rules, 'ko').title(d.rootCause.finding));
});

test('words read the texts of the rules whose findings they write, no others', () => {
  // rules from the build's cache compile their texts on first read of `text` (rules/load.ts
  // trustedRule): a Words that read every rule's texts made a one-pod run compile all of them
  const fresh = loadRules();
  const compiledTexts = () => fresh.filter((r) => typeof Object.getOwnPropertyDescriptor(r, 'text')?.get !== 'function').map((r) => r.id);
  assert.ok(fresh.length > 100);
  const d = diagnosePod(pod('crashloop-oomkilled-jvm.yaml'), fresh);
  const fired = new Set(d.findings.map((f) => f.rule));
  const afterDiagnosis = compiledTexts();
  const words = new Words(fresh, 'en');
  assert.deepEqual(compiledTexts(), afterDiagnosis, 'making the words read no rule');
  for (const f of d.findings) words.finding(f);
  for (const id of compiledTexts()) assert.ok(fired.has(id), `${id} did not fire, yet its texts were compiled`);
});
