// A suggested command must work on the pod it is printed for: a jsonpath that picks a container by
// name must look in the list of the spec that holds it (an init container is not in
// .spec.containers, and the command would print nothing), and no command names an unknown object.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadRules } from '../catalogue/rule-files.js';
import { fixturePods } from '../../test/fixture-pods.js';
import { isObject, type JsonObject } from '../util/json.js';
import { diagnosePod } from './diagnose.js';
import { WORDS } from '../i18n/vocab.js';
import { wordsFor } from '../render/words.js';

const LISTS = ['containers', 'initContainers', 'ephemeralContainers'] as const;
const PICK = /\.spec\.(\w+)\[\?\(@\.name=="([^"]+)"\)\]/g;

test('jsonpath commands pick a container from the list that holds it; no command names "unknown"', () => {
  const rules = loadRules();
  let picks = 0;
  let initPicks = 0;
  const wrong: string[] = [];
  for (const { file, input } of fixturePods()) {
    const spec = (isObject(input.pod['spec']) ? input.pod['spec'] : {}) as JsonObject;
    const listOf = (name: string) => LISTS.find((l) => Array.isArray(spec[l]) && (spec[l] as JsonObject[]).some((c) => isObject(c) && c['name'] === name));
    for (const f of diagnosePod(input, rules).findings) {
      for (const cmd of f.commands) {
        if (/\bunknown\b/.test(cmd)) wrong.push(`${file}: ${f.rule}: ${cmd}`);
        for (const m of cmd.matchAll(PICK)) {
          const holder = listOf(m[2] as string);
          if (holder === undefined) continue; // a container known from its status or events only
          picks++;
          if (holder === 'initContainers') initPicks++;
          if (m[1] !== holder) wrong.push(`${file}: ${f.rule}: ${m[2]} is in .spec.${holder}: ${cmd}`);
        }
      }
    }
  }
  assert.ok(picks > 20 && initPicks > 0, `${picks} picks, ${initPicks} of init containers`);
  assert.deepEqual(wrong, []);
});

test('no explanation, title or remedy of any fixture prints a missing value as "unknown"', () => {
  const rules = loadRules();
  const saved = { en: WORDS.en.unknown, ko: WORDS.ko.unknown };
  const MARK = '\u27e6?\u27e7';
  WORDS.en.unknown = MARK;
  WORDS.ko.unknown = MARK;
  const found: string[] = [];
  try {
    for (const { file, input } of fixturePods()) {
      const d = diagnosePod(input, rules);
      for (const lang of ['en', 'ko'] as const) {
        for (const f of d.findings) {
          const w = wordsFor(rules, lang).finding(f);
          for (const t of [w.title, w.explanation, ...w.remedies]) if (t.includes(MARK)) found.push(`${file} ${f.rule} ${lang}: ${t.slice(0, 200)}`);
        }
      }
    }
  } finally {
    WORDS.en.unknown = saved.en as string;
    WORDS.ko.unknown = saved.ko as string;
  }
  assert.deepEqual(found, []);
});
