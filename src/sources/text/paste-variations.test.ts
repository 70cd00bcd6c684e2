// Pastes cut and reshaped from what a real kubectl printed (fixtures/kubectl-describe/, captured
// by test/kubectl-describe.ts): the fast slice of the paste-variation suite. A few hundred
// variants, dealt out evenly over the captures and the kinds of cut and reshape, must hold the
// property of test/paste-property.ts, except those fixtures/kubectl-describe/
// known-failures.json lists with the clauses they fail; exact both ways, so a variant that starts
// to hold must leave the list (`npm run variations` rewrites it and runs every variant).

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { loadRules } from '../../index.js';
import { CAPTURE_DIR, captureFile, captureId, fixtureFiles, fixtureObjects, readIndex } from '../../../test/kubectl-describe.js';
import { checkVariant, clauseKey, decisiveLineIndexes, GENERIC_FALLBACKS, reference, sliceOf, VARIANT_KINDS, type Reference } from '../../../test/paste-property.js';
import { readKnownFailures } from '../../../tools/testing/paste-variations-run.js';
import { describeLayout, pasteVariations, RESHAPES, variantById, wrapTerminal, wrapWords, type Variant } from '../../../test/paste-variations.js';

const rules = loadRules();
const index = readIndex();
const ids = Object.keys(index.captures).sort();
const known = readKnownFailures();

// every capture's reference, and the slice: two variants per capture, kinds dealt out in turn
let refs: Reference[] | undefined;
const theRefs = () => (refs ??= ids.map((id) => reference(id, index.captures[id] as NonNullable<(typeof index.captures)[string]>, rules)));
let slice: { id: string; ref: Reference; variant: Variant }[] | undefined;
const theSlice = () =>
  (slice ??= theRefs().flatMap((ref, n) => sliceOf(pasteVariations(ref.text, ref.id), n, ref.id).map((variant) => ({ id: `${ref.id}#${variant.id}`, ref, variant }))));

function txtFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? txtFiles(p) : f.endsWith('.txt') ? [p] : [];
  });
}

describe('the real kubectl describe captures', () => {
  test('every fixture pod is captured or listed as refused, and nothing else is there', () => {
    const pods = fixtureFiles().flatMap((f) => fixtureObjects(f).pods.map((p) => captureId(f, String((p['metadata'] as Record<string, unknown>)['name']))));
    const listed = [...ids, ...Object.keys(index.refused)].sort();
    assert.deepEqual(listed, [...pods].sort(), 'run node dist/test/kubectl-describe.js for new or renamed fixtures');
    assert.deepEqual(txtFiles(CAPTURE_DIR).map((f) => relative(CAPTURE_DIR, f).replace(/\.txt$/, '')).sort(), ids);
    assert.ok(ids.length >= 200, `${ids.length} captures`);
    for (const id of ids) {
      const c = index.captures[id];
      assert.match(c?.kubectl ?? '', /^v1\.(2[7-9]|3[0-3])\.\d+$/, id);
      assert.ok(existsSync(c?.fixture ?? ''), `${id}: ${c?.fixture}`);
    }
    const versions = new Set(ids.map((id) => index.captures[id]?.kubectl));
    assert.equal(versions.size, 7, 'spread over kubectl 1.27–1.33');
  });
});

describe('paste variations', () => {
  const text = readFileSync(captureFile('crashloop-oomkilled-jvm'), 'utf8');
  const all = pasteVariations(text, 'crashloop-oomkilled-jvm');
  const byId = (id: string) => all.find((v) => v.id === id) as Variant;

  test('are the same every time, with unique ids that rebuild them', () => {
    assert.deepEqual(pasteVariations(text, 'crashloop-oomkilled-jvm'), all);
    assert.equal(new Set(all.map((v) => v.id)).size, all.length);
    for (const v of all.filter((_, i) => i % 17 === 0)) assert.deepEqual(variantById(text, 'crashloop-oomkilled-jvm', v.id), v);
    for (const r of RESHAPES) assert.ok(byId(r).whole, r);
    assert.deepEqual([...new Set(all.map((v) => v.kind))].sort(), [...VARIANT_KINDS].sort());
  });

  test('cut the layout kubectl prints: a container, its state blocks, the events', () => {
    const layout = describeLayout(text);
    assert.deepEqual(layout.containers.map((c) => c.name), ['orders-api']);
    assert.equal(layout.pod, 'orders-api-6f8d9c7b54-q7xkz');
    assert.deepEqual(byId('last-state:orders-api').text.split('\n').map((l) => l.trim().replace(/\s+/g, ' ')).slice(0, 3), ['Last State: Terminated', 'Reason: OOMKilled', 'Exit Code: 137']);
    assert.doesNotMatch(byId('last-state-body:orders-api').text, /State:/);
    assert.match(byId('last-state-body:orders-api').text, /^ +Reason: +OOMKilled\n +Exit Code: +137\n/);
    assert.match(byId('state-lines:orders-api').text, /^ +State: +Waiting\n +Reason: +CrashLoopBackOff\n +Last State: +Terminated\n/);
    assert.match(byId('events').text, /^Events:\n +Type +Reason/);
    assert.match(byId('event-rows').text, /^ {2}Normal +Pulled/);
    assert.match(byId('event-row:1').text, /^ {2}Warning +BackOff .*\n$/);
    assert.match(byId('container:orders-api').text, /^ {2}orders-api:\n {4}Container ID:/);
  });

  test('a multi-line termination message stays in its state block', () => {
    const t = readFileSync(captureFile('crashloop-aborted-node-heap'), 'utf8');
    const v = variantById(t, 'crashloop-aborted-node-heap', 'last-state:bff') as Variant;
    assert.match(v.text, /FATAL ERROR: Reached heap limit/);
    assert.match(v.text, /Exit Code: +134\n/);
    assert.doesNotMatch(v.text, /Restart Count/);
  });

  test('reshape the way a terminal, a ticket, an editor or a chat does', () => {
    assert.ok(byId('wrap-term:80').text.split('\n').every((l) => [...l].length <= 80));
    assert.ok(byId('wrap-word:100').text.split('\n').every((l) => [...l].length <= 100));
    assert.deepEqual(wrapTerminal('abcdef', 4), ['abcd', 'ef']);
    assert.deepEqual(wrapWords('  Warning  BackOff  kubelet  Back-off restarting', 24), ['  Warning  BackOff', 'kubelet  Back-off', 'restarting']);
    assert.deepEqual(wrapWords('x'.repeat(10), 4), ['xxxx', 'xxxx', 'xx']);
    assert.match(byId('crlf').text, /^Name: .*\r\nNamespace:/);
    assert.doesNotMatch(byId('dedent').text, /^[ \t]/m);
    assert.doesNotMatch(byId('tabs').text, / {2}/);
    assert.match(byId('tabs').text, /^\t\t\tReason:\tOOMKilled$/m);
    assert.match(byId('indent:4').text, /^ {4}Name:/);
    assert.match(byId('fence').text, /^```\w*\nName:[\s\S]*\n```\n$/);
    assert.match(byId('prompt').text, /^.*kubectl describe pod orders-api-6f8d9c7b54-q7xkz -n shop\nName:/);
    assert.match(byId('prose-ko:before').text, /^[^\n]*[가-힣][^\n]*\n\nName:/);
    assert.match(byId('prose-en:after').text, /\n\n[A-Z][^\n]+\n$/);
    const between = byId('prose-ko:between').text.split('\n');
    const at = between.findIndex((l) => /[가-힣]/.test(l));
    assert.ok(at > 1 && between[at - 1] === '' && between[at + 1] === '' && /^[A-Z][\w -]*:/.test(between[at + 2] ?? ''), 'inserted before a section');
  });
});

describe('the property', () => {
  test('every generic fallback is a rule', () => {
    for (const r of GENERIC_FALLBACKS) assert.ok(rules.ids.includes(r), r);
  });

  test('decisive lines hold the root cause evidence', () => {
    const text = readFileSync(captureFile('crashloop-oomkilled-jvm'), 'utf8');
    const ref = reference('crashloop-oomkilled-jvm', index.captures['crashloop-oomkilled-jvm'] as NonNullable<(typeof index.captures)[string]>, rules, text);
    assert.equal(ref.root, 'crashloop-oomkilled');
    assert.deepEqual(ref.decisive.map((d) => d.line).sort(), ['ExitCode:137', 'Reason:OOMKilled', 'RestartCount:7', 'memory:512Mi'].sort());
    assert.deepEqual(ref.decisive.find((d) => d.line === 'memory:512Mi')?.times, 2, 'the limit and the request');
    const lines = describeLayout(text).lines;
    // a short value on no labelled line and on many lines (an exit code 1) cannot be placed
    assert.deepEqual(decisiveLineIndexes(text, [{ path: 'x.y', value: '1' }]), []);
    assert.deepEqual(decisiveLineIndexes(text, [{ path: 'containers[orders-api].lastState.terminated.exitCode', value: 137 }]).map((i) => lines[i]?.trim()), ['Exit Code:    137']);
    const v = (id: string) => variantById(text, 'crashloop-oomkilled-jvm', id) as Variant;
    assert.equal(checkVariant(ref, v('wrap-term:80'), rules).decisiveKept, true, 'wrapped lines still count');
    assert.equal(checkVariant(ref, v('last-state-body:orders-api'), rules).decisiveKept, false, 'the limit is cut away');
  });

  test('the slice covers every capture and every kind', () => {
    const slice = theSlice();
    assert.ok(slice.length >= 2 * ids.length - 5, `${slice.length} variants`);
    assert.deepEqual([...new Set(slice.map((s) => s.ref.id))], ids);
    assert.deepEqual([...new Set(slice.map((s) => s.variant.kind))].sort(), [...VARIANT_KINDS].sort());
  });

  test('the slice holds the property but for the known failures, exactly', () => {
    const got: Record<string, string> = {};
    const want: Record<string, string> = {};
    for (const s of theSlice()) {
      const o = checkVariant(s.ref, s.variant, rules);
      if (o.clauses.length > 0) got[s.id] = clauseKey(o);
      if (known[s.id] !== undefined) want[s.id] = known[s.id] as string;
    }
    assert.deepEqual(got, want, 'run npm run variations to see each failure and rewrite known-failures.json');
  });

  test('the known failures name variants that exist', () => {
    const exist = new Set(theRefs().flatMap((r) => pasteVariations(r.text, r.id).map((v) => `${r.id}#${v.id}`)));
    assert.deepEqual(Object.keys(known).filter((id) => !exist.has(id)), []);
    assert.ok(Object.values(known).every((c) => /^(crash|refused|no-pod|split|a|b-healthy|b-invented|b-missing)(\+(b-healthy|b-invented|b-missing))*$/.test(c)));
  });
});
