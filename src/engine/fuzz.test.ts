// Property-based tests: arbitrary pod-shaped objects, and every fixture mutated at random, go
// through the whole pipeline and every renderer. Properties: nothing throws, JSON output parses,
// no control byte from the input reaches text-like output, no planted secret reaches any output.
// A few thousand cases here, the same ones every time (a pinned seed), so `npm test` is
// reproducible; `npm run fuzz` runs many more from a random seed that it prints
// (PODWHY_FUZZ_RUNS, PODWHY_FUZZ_SEED: see tools/testing/fuzz.ts).

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { FIXTURES_DIR } from '../api/rules.js';
import { renderGitHub, renderJUnit, renderMarkdown, renderSarif } from '../render/ci.js';
import { renderJson } from '../render/json.js';
import { wordsFor } from '../render/words.js';
import { renderText } from '../render/text.js';
import { renderYaml } from '../render/yaml.js';
import { loadRules } from '../catalogue/rule-files.js';
import { snapshotFromTexts } from '../sources/file.js';
import type { PodInput } from '../model/input.js';
import { isObject, type JsonObject } from '../util/json.js';
import { diagnosePod } from './diagnose.js';
import { evaluate, evaluateUnplanned } from './evaluate.js';
import { shown } from '../../test/findings.js';
import { fuzzSeed } from '../../test/fuzz-seed.js';
import { normalize } from '../facts/normalize.js';

const RUNS = Number(process.env['PODWHY_FUZZ_RUNS'] ?? 1500);
/** `npm test`'s seed; any other is given in PODWHY_FUZZ_SEED. */
const PINNED_SEED = 20250101;
const SEED = fuzzSeed(process.env['PODWHY_FUZZ_SEED'], PINNED_SEED);
const rules = loadRules();
const NOW = Date.UTC(2025, 0, 1);
const SECRET = 'Zq9SECRETv4lue';
// Secret-bearing text, as it appears in messages, args and env.
const SECRET_TEXTS = [
  `password=${SECRET}`,
  `postgres://app:${SECRET}@db:5432/x`,
  `Authorization: Bearer ${SECRET}abcdefgh`,
  `--token=${SECRET}`,
  `"api_key": "${SECRET}"`,
  `aws_secret_access_key=${SECRET}`,
];
const CONTROLS = ['\u001b[31m', '\u001b]8;;http://x\u0007', '\u0007', '\b', '\r', '\u202e', '\u0000', '\u009b2J'];
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom(...CONTROLS).map((c) => `x${c}y`),
  fc.constantFrom('', 'null', '-1', 'NaN', 'true', '1e999', '2025-13-45T99:99:99Z', 'CrashLoopBackOff', 'OOMKilled', 'Evicted', 'NodeLost'),
);
const scalar = fc.oneof(nasty, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const anyValue = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }));
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const message = fc.oneof(nasty, fc.constantFrom(...SECRET_TEXTS).map((s) => `boom: ${s} end`));

const state = fc.oneof(
  anyValue,
  fc.record({ waiting: maybe(fc.record({ reason: maybe(nasty), message: maybe(message) })) }),
  fc.record({ running: maybe(fc.record({ startedAt: maybe(nasty) })) }),
  fc.record({ terminated: maybe(fc.record({ exitCode: maybe(fc.oneof(fc.integer({ min: -5, max: 300 }), nasty)), reason: maybe(nasty), message: maybe(message), signal: maybe(fc.integer()), finishedAt: maybe(nasty), startedAt: maybe(nasty) })) }),
);
const containerStatus = fc.oneof(
  anyValue,
  fc.record({ name: maybe(nasty), ready: maybe(fc.oneof(fc.boolean(), nasty)), restartCount: maybe(fc.oneof(fc.integer({ min: -10, max: 1e6 }), nasty)), state: maybe(state), lastState: maybe(state), started: maybe(fc.boolean()) }),
);
const containerSpec = fc.oneof(
  anyValue,
  fc.record({
    name: maybe(nasty),
    image: maybe(nasty),
    args: maybe(fc.array(fc.oneof(nasty, fc.constantFrom(...SECRET_TEXTS)), { maxLength: 3 })),
    env: maybe(fc.array(fc.record({ name: nasty, value: fc.constantFrom(SECRET, `x${SECRET}`) }), { maxLength: 2 })),
    resources: maybe(anyValue),
    ports: maybe(anyValue),
    livenessProbe: maybe(anyValue),
    restartPolicy: maybe(fc.constantFrom('Always', 'x')),
  }),
);
const condition = fc.oneof(anyValue, fc.record({ type: maybe(fc.constantFrom('PodScheduled', 'Initialized', 'ContainersReady', 'Ready', 'DisruptionTarget', 'X')), status: maybe(fc.constantFrom('True', 'False', 'Unknown', 'x')), reason: maybe(nasty), message: maybe(message), lastTransitionTime: maybe(nasty) }));

const podArb = fc.record({
  apiVersion: maybe(anyValue),
  kind: fc.constant('Pod'),
  metadata: maybe(
    fc.oneof(
      anyValue,
      fc.record({
        name: maybe(nasty),
        namespace: maybe(nasty),
        uid: maybe(nasty),
        creationTimestamp: maybe(nasty),
        deletionTimestamp: maybe(nasty),
        annotations: maybe(fc.record({ 'kubectl.kubernetes.io/last-applied-configuration': fc.constant(`{"password":"${SECRET}"}`), 'podwhy.dev/ignore': maybe(nasty) })),
        ownerReferences: maybe(fc.array(anyValue, { maxLength: 2 })),
        finalizers: maybe(anyValue),
      }),
    ),
  ),
  spec: maybe(fc.oneof(anyValue, fc.record({ containers: maybe(fc.oneof(anyValue, fc.array(containerSpec, { maxLength: 3 }))), initContainers: maybe(fc.array(containerSpec, { maxLength: 2 })), nodeName: maybe(nasty), restartPolicy: maybe(nasty) }))),
  status: maybe(
    fc.oneof(
      anyValue,
      fc.record({
        phase: maybe(nasty),
        reason: maybe(nasty),
        message: maybe(message),
        conditions: maybe(fc.oneof(anyValue, fc.array(condition, { maxLength: 4 }))),
        containerStatuses: maybe(fc.oneof(anyValue, fc.array(containerStatus, { maxLength: 3 }))),
        initContainerStatuses: maybe(fc.array(containerStatus, { maxLength: 2 })),
      }),
    ),
  ),
});
const eventArb = fc.record({ kind: fc.constant('Event'), involvedObject: maybe(anyValue), reason: maybe(nasty), message: maybe(message), count: maybe(fc.oneof(fc.integer(), nasty)), type: maybe(nasty), lastTimestamp: maybe(nasty) });

function checkAll(input: PodInput): void {
  const d = diagnosePod(input, rules, { now: NOW });
  const words = wordsFor(rules, 'en');
  // the rule plans (guards) change nothing, however odd the pod
  const facts = normalize(input, NOW);
  assert.deepEqual(shown(evaluate(facts, rules)), shown(evaluateUnplanned(facts, rules)));
  const opts = { failOn: 'error' as const, lang: 'en' as const, rules, version: 'fuzz', cwd: '/' };
  const textLike = [renderText([d], { color: false, words, all: true }), renderGitHub([d], opts), renderMarkdown([d], opts), renderJUnit([d], opts)];
  const all = [...textLike, renderJson([d], words), renderYaml([d], words), renderSarif([d], opts)];
  JSON.parse(all[4] as string);
  for (const t of textLike) assert.doesNotMatch(t, CONTROL_RE, 'a control byte reached the output');
  for (const t of all) assert.ok(!t.includes(SECRET), `a secret reached the output: ${t.slice(Math.max(0, t.indexOf(SECRET) - 80), t.indexOf(SECRET) + 20)}`);
}

test('arbitrary pod-shaped objects', () => {
  fc.assert(
    fc.property(podArb, fc.array(eventArb, { maxLength: 3 }), (pod, events) => {
      const snap = snapshotFromTexts([{ file: 'fuzz.json', text: JSON.stringify({ kind: 'List', items: [pod, ...events] }) }]);
      for (const p of snap.pods) checkAll(p);
    }),
    { numRuns: RUNS, seed: SEED },
  );
});

// Every fixture, mutated: a random path replaced by a hostile value or deleted.
const fixtures: PodInput[] = readdirSync(FIXTURES_DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .flatMap((f) => snapshotFromTexts([{ file: f, text: readFileSync(join(FIXTURES_DIR, f), 'utf8') }]).pods);

function paths(v: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (prefix.length > 0) out.push(prefix);
  if (prefix.length > 12) return out;
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...prefix, i], out));
  else if (isObject(v)) for (const [k, x] of Object.entries(v)) if (k !== 'managedFields') paths(x, [...prefix, k], out);
  return out;
}

function mutate(obj: JsonObject, path: (string | number)[], value: unknown, del: boolean): void {
  let cur: unknown = obj;
  for (const k of path.slice(0, -1)) cur = (cur as Record<string | number, unknown>)[k];
  const last = path[path.length - 1] as string | number;
  if (del && !Array.isArray(cur)) delete (cur as Record<string | number, unknown>)[last];
  else (cur as Record<string | number, unknown>)[last] = value;
}

test('every fixture, mutated', () => {
  const all = fixtures.map((p) => ({ p, paths: paths(p.pod) }));
  fc.assert(
    fc.property(fc.nat(all.length - 1), fc.array(fc.tuple(fc.nat(), anyValue, fc.boolean()), { minLength: 1, maxLength: 5 }), (i, muts) => {
      const base = all[i] as { p: PodInput; paths: (string | number)[][] };
      const pod = structuredClone(base.p.pod);
      for (const [n, value, del] of muts) {
        const path = base.paths[n % base.paths.length];
        if (!path) continue;
        try {
          mutate(pod, path, value, del);
        } catch {
          // the path no longer exists after an earlier mutation
        }
      }
      checkAll({ ...base.p, pod });
    }),
    { numRuns: RUNS, seed: SEED },
  );
});
