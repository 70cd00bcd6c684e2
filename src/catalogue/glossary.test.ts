import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { main } from '../cli/main.js';
import { FIXTURES_DIR } from './paths.js';
import { STAGES } from '../model/vocabulary.js';
import { BUILTIN_RULES_DIR } from './rule-files.js';
import { LANGS } from '../model/vocabulary.js';
import { GLOSSARY_CACHE_FILE, GLOSSARY_DIR, GLOSSARY_FILES, glossaryLoads, loadGlossary, parseGlossary, readGlossary, type GlossaryCache } from './glossary.js';
import type { TermCategory, TermText } from '../i18n/glossary.js';

const CATEGORIES: readonly TermCategory[] = [
  'waiting-reason',
  'terminated-reason',
  'pod-status',
  'pod-reason',
  'condition',
  'event-reason',
  'exit-code',
  'signal',
];
const VALID_STAGES: readonly string[] = [...STAGES, 'lifecycle'];
const HANGUL = /[\uAC00-\uD7A3]/;

const label = (name: string, lang: string, field: string) => `${name} (${lang}.${field})`;
// The files themselves, not the build's copy: these tests check what a contributor edits.
const TERMS = readGlossary();

test('every term has a name and non-empty texts in every language', () => {
  assert.ok(TERMS.length > 0);
  for (const t of TERMS) {
    assert.ok(t.name.trim() !== '', 'a term has an empty name');
    for (const lang of LANGS) {
      const text: TermText | undefined = t.text[lang];
      assert.ok(text, label(t.name, lang, 'text'));
      assert.ok(text.summary.trim() !== '', label(t.name, lang, 'summary'));
      for (const field of ['causes', 'check'] as const) {
        const items = text[field];
        assert.ok(items.length >= 2 && items.length <= 5, `${label(t.name, lang, field)}: ${items.length} items, want 2 to 5`);
        for (const item of items) assert.ok(item.trim() !== '', label(t.name, lang, field));
      }
    }
  }
});

test('names and aliases are unique, case-insensitively', () => {
  const seen = new Map<string, string>();
  for (const t of TERMS) {
    for (const n of [t.name, ...(t.aliases ?? [])]) {
      assert.ok(n.trim() !== '', `${t.name}: empty alias`);
      const key = n.trim().toLowerCase();
      const prev = seen.get(key);
      assert.equal(prev, undefined, `"${n}" is used by both ${prev} and ${t.name}`);
      seen.set(key, t.name);
    }
  }
});

test('every term has a valid category and stage', () => {
  for (const t of TERMS) {
    assert.ok(CATEGORIES.includes(t.category), `${t.name}: category ${t.category}`);
    assert.ok(VALID_STAGES.includes(t.stage), `${t.name}: stage ${t.stage}`);
  }
});

test('Korean texts are Korean, not English left untranslated', () => {
  for (const t of TERMS) {
    const ko = t.text.ko;
    const en = t.text.en;
    assert.ok(HANGUL.test(ko.summary), label(t.name, 'ko', 'summary'));
    assert.notEqual(ko.summary, en.summary, label(t.name, 'ko', 'summary'));
    for (const field of ['causes', 'check'] as const) {
      assert.equal(ko[field].length, en[field].length, `${label(t.name, 'ko', field)}: as many items as in en`);
      for (const item of ko[field]) assert.ok(HANGUL.test(item), `${label(t.name, 'ko', field)}: ${item}`);
    }
  }
});

test('rule ids point at existing rule files', () => {
  const ids = new Set(readdirSync(BUILTIN_RULES_DIR).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -'.yaml'.length)));
  for (const t of TERMS) {
    assert.equal(new Set(t.rules).size, t.rules.length, `${t.name}: duplicate rule id`);
    for (const r of t.rules) assert.ok(ids.has(r), `${t.name}: no rule file rules/${r}.yaml`);
  }
});

test('exit codes are numbers 0-255 and signals are SIG names', () => {
  for (const t of TERMS) {
    if (t.category === 'exit-code') {
      assert.match(t.name, /^\d{1,3}$/, t.name);
      assert.ok(Number(t.name) <= 255, t.name);
    }
    if (t.category === 'signal') assert.match(t.name, /^SIG[A-Z]+$/, t.name);
  }
});

test('the terms podwhy promises to explain are all there', () => {
  const index = new Map<string, string>();
  for (const t of TERMS) for (const n of [t.name, ...(t.aliases ?? [])]) index.set(n.toLowerCase(), t.category);
  const required: Record<string, string[]> = {
    'waiting-reason': [
      'ContainerCreating', 'PodInitializing', 'CrashLoopBackOff', 'ImagePullBackOff', 'ErrImagePull', 'ErrImageNeverPull',
      'InvalidImageName', 'ImageInspectError', 'RegistryUnavailable', 'SignatureValidationFailed', 'CreateContainerConfigError',
      'CreateContainerError', 'RunContainerError', 'PostStartHookError', 'PreStartHookError', 'PreCreateHookError',
    ],
    'terminated-reason': ['Completed', 'Error', 'OOMKilled', 'StartError', 'ContainerCannotRun', 'ContainerStatusUnknown'],
    'pod-status': ['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown', 'Terminating', 'NotReady', 'SchedulingGated', 'Evicted', 'Init', 'Init:'],
    'pod-reason': [
      'NodeLost', 'UnexpectedAdmissionError', 'OutOfcpu', 'OutOfmemory', 'OutOfpods', 'OutOfephemeral-storage',
      'NodeAffinity', 'NodeShutdown', 'Terminated', 'Preempting', 'DeadlineExceeded',
    ],
    condition: [
      'PodScheduled', 'PodReadyToStartContainers', 'Initialized', 'ContainersReady', 'Ready', 'DisruptionTarget',
      'Unschedulable', 'SchedulerError', 'ContainersNotInitialized', 'ContainersNotReady', 'ReadinessGatesNotReady',
      'PodCompleted', 'PreemptionByScheduler', 'EvictionByEvictionAPI', 'DeletionByTaintManager', 'DeletionByPodGC',
      'TerminationByKubelet',
    ],
    'event-reason': [
      'FailedScheduling', 'Scheduled', 'Pulling', 'Pulled', 'BackOff', 'Unhealthy', 'Killing', 'FailedMount',
      'FailedAttachVolume', 'FailedCreatePodSandBox', 'NetworkNotReady', 'SandboxChanged', 'ExceededGracePeriod',
      'FailedKillPod', 'FailedPreStopHook', 'FailedPostStartHook', 'Preempted', 'TaintManagerEviction',
    ],
    signal: ['SIGKILL', 'SIGTERM', 'SIGSEGV', 'SIGABRT', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGBUS', 'SIGILL', 'SIGPIPE', 'KILL', 'TERM'],
    'exit-code': ['0', '1', '2', '126', '127', '128', '130', '134', '137', '139', '143', '255'],
  };
  for (const [category, names] of Object.entries(required)) {
    for (const n of names) assert.equal(index.get(n.toLowerCase()), category, `${n} should be a ${category} term`);
  }
  // One word, two meanings: these single terms also explain the event reason of the same name.
  for (const n of ['Failed', 'Evicted']) assert.match(TERMS.find((t) => t.name === n)?.text.en.summary ?? '', /event/i, n);
});

test('the build compiled the glossary as it is now: dist/glossary.json holds exactly the files\' terms', () => {
  const cache = JSON.parse(readFileSync(GLOSSARY_CACHE_FILE, 'utf8')) as GlossaryCache;
  assert.deepEqual(cache.terms, TERMS);
  assert.deepEqual(loadGlossary(), TERMS);
});

test('every glossary file is in the list of files, and every listed file exists', () => {
  const onDisk = readdirSync(GLOSSARY_DIR).filter((f) => f.endsWith('.yaml')).sort();
  assert.deepEqual(onDisk, GLOSSARY_FILES.map(([f]) => f).sort());
});

test('a broken glossary is refused with the file and YAML path of every problem', () => {
  const file = 'src/i18n/glossary/signals.yaml';
  const good = `- name: SIGX\n  stage: runtime\n  rules: []\n  en: {summary: s, causes: [a, b], check: [c, d]}\n  ko: {summary: s, causes: [a, b], check: [c, d]}\n`;
  assert.equal(parseGlossary([{ file, text: good }], ['signal']).length, 1);
  const cases: [string, RegExp][] = [
    [good.replace('stage: runtime', 'stage: runtim'), /invalid glossary: src\/i18n\/glossary\/signals\.yaml: \[0\]\.stage: want one of /],
    [good.replace('causes: [a, b]', 'causes: [a, ""]'), /signals\.yaml: \[0\]\.en\.causes\[1\]: want a non-empty string/],
    [good.replace('  rules: []', '  rules: []\n  rule: [x]'), /\[0\]\.rule: unknown key/],
    [good.replace('  ko: {summary: s, causes: [a, b], check: [c, d]}\n', ''), /\[0\]\.ko: want a mapping/],
    [good + good, /\[1\]\.name: "SIGX" is already a name or alias of SIGX/],
    ['name: [', /invalid glossary: src\/i18n\/glossary\/signals\.yaml: /],
    ['name: SIGX', /signals\.yaml: want a list of terms/],
  ];
  for (const [text, want] of cases) assert.throws(() => parseGlossary([{ file, text }], ['signal']), want, text);
  // every problem at once, not the first only
  assert.throws(() => parseGlossary([{ file, text: good.replace('stage: runtime', 'stage: x').replace('summary: s', 'summary: ""') }], ['signal']), /2 problems in the glossary:\n  .*\.stage: .*\n  .*\.en\.summary: /);
});

test('a diagnosis never loads the glossary; explain does', async () => {
  const io = (argv: string[]) => {
    const r = { out: '', err: '' };
    const io = { out: (s: string) => void (r.out += s), err: (s: string) => void (r.err += s), stdin: async function* () {}, stdinIsTTY: true, stdoutIsTTY: false, stderrIsTTY: false, env: {}, cwd: join(FIXTURES_DIR, '..'), exitCode: 0 };
    return main(['node', 'podwhy', ...argv], io).then((code) => ({ code, ...r }));
  };
  const before = glossaryLoads();
  const d = await io(['-f', join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml')]);
  assert.match(d.out, /OOM|memory/i, d.err);
  const j = await io(['-f', join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml'), '-o', 'json']);
  assert.equal(j.err, '');
  assert.equal(glossaryLoads(), before, 'a diagnosis asked for the glossary');
  const e = await io(['explain', 'OOMKilled']);
  assert.equal(e.code, 0, e.err);
  assert.equal(glossaryLoads(), before + 1);
});
