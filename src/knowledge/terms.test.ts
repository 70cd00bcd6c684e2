import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { STAGES } from '../facts/types.js';
import { BUILTIN_RULES_DIR } from '../rules/load.js';
import { LANGS } from '../rules/types.js';
import { TERMS } from './terms.js';
import type { TermCategory, TermText } from './types.js';

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
