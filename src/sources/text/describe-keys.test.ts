// The one list of describe keys (describe-keys.ts): the README's table is generated from it, the
// readers' key sets are taken from it, and each key with a sample really becomes its fields when
// a describe text holds it.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { renderTextReadme, TEXT_README } from '../../../tools/build/readme.js';
import type { JsonObject } from '../../util/json.js';
import { snapshotFromDocs } from '../file.js';
import { DocumentStream, type ParsedDoc } from '../reader.js';
import { CONTAINER_KEYS, DESCRIBE_KEYS, DESCRIBE_KEYS_MARKERS, POD_KEYS, SECTION_KEYS, STATE_KEYS } from './describe-keys.js';
import { describeKey, DESCRIBE_SECTIONS, DESCRIBE_TOP } from './paste-lines.js';

const NOW = Date.parse('2025-03-02T10:00:00Z');

function readDescribe(text: string) {
  const docs: ParsedDoc[] = [];
  const s = new DocumentStream('d.txt', (d) => docs.push(d), { now: NOW });
  s.write(text);
  s.end();
  const snap = snapshotFromDocs([{ file: 'd.txt', docs }]);
  assert.equal(snap.pods.length, 1, text);
  return snap.pods[0] as NonNullable<(typeof snap.pods)[0]>;
}

/** The value at a field of the table ("spec.nodeName", "containers[].image", "state.<kind>.reason", "(events)"). */
function at(p: ReturnType<typeof readDescribe>, field: string): unknown {
  const pod = p.pod;
  const spec = (pod['spec'] ?? {}) as JsonObject;
  const status = (pod['status'] ?? {}) as JsonObject;
  if (field === '(events)') return p.events.length > 0 ? p.events : undefined;
  const firstOf = (list: unknown) => (Array.isArray(list) ? (list[0] as JsonObject | undefined) : undefined);
  const container = firstOf(spec['containers']) ?? firstOf(spec['initContainers']) ?? firstOf(spec['ephemeralContainers']);
  const cstatus = firstOf(status['containerStatuses']) ?? firstOf(status['initContainerStatuses']) ?? firstOf(status['ephemeralContainerStatuses']);
  let cur: unknown;
  let path: string[];
  if (field.startsWith('containers[].')) [cur, path] = [container, field.slice('containers[].'.length).split('.')];
  else if (field.startsWith('containerStatuses[].')) [cur, path] = [cstatus, field.slice('containerStatuses[].'.length).split('.')];
  else if (field.startsWith('state.')) {
    const st = (cstatus?.['state'] ?? cstatus?.['lastState']) as JsonObject | undefined;
    const kind = field.split('.')[1] as string;
    cur = kind === '<kind>' ? Object.values(st ?? {})[0] : st?.[kind];
    path = field.split('.').slice(2);
  } else [cur, path] = [pod, field.split('.')];
  for (const k of path) cur = cur && typeof cur === 'object' ? (cur as JsonObject)[k] : undefined;
  return cur;
}

test("src/sources/text/README.md's describe-keys table is the list's", () => {
  const text = readFileSync(TEXT_README, 'utf8');
  for (const m of DESCRIBE_KEYS_MARKERS) assert.ok(text.includes(m), `the README keeps the marker ${m}`);
  assert.ok(renderTextReadme(text) === text, 'src/sources/text/README.md is out of date with describe-keys.ts — run `npm run docs` and commit it');
});

test('the readers take their key sets from the list', () => {
  assert.equal(DESCRIBE_TOP, POD_KEYS);
  assert.equal(DESCRIBE_SECTIONS, SECTION_KEYS);
  for (const k of DESCRIBE_KEYS) {
    const d = describeKey(`${k.key}:  x`);
    assert.ok(d !== undefined, `${k.key} is a describe key`);
    // a key of two levels ("Reason", "Started") is read at the first, and at the other by context
    if (k.level === 'pod') assert.equal(d.kind, 'top', k.key);
    if (k.level === 'container' && !POD_KEYS.has(k.key)) assert.equal(d.kind, 'container', k.key);
    if (k.level === 'state' && !POD_KEYS.has(k.key) && !CONTAINER_KEYS.has(k.key)) assert.equal(d.kind, 'state', k.key);
  }
  assert.ok(STATE_KEYS.has('Exit Code') && CONTAINER_KEYS.has('Restart Count') && POD_KEYS.has('Reason'));
});

test('each key with a sample becomes the fields the list says, read from a describe that holds it', () => {
  let checked = 0;
  for (const k of DESCRIBE_KEYS) {
    if (k.sample === undefined) {
      assert.ok(k.fields.length === 0 || k.fields[0] === '(events)' ? true : false, `${k.level} ${k.key}: a key the readers turn into fields needs a sample`);
      continue;
    }
    const text = `Name:         web-1\nNamespace:    shop\n${k.sample}\n`;
    const p = readDescribe(text);
    for (const f of k.fields) {
      // a Terminating Status gives the deletion time, a phase the phase: the sample shows one
      if (k.key === 'Status' && f === 'metadata.deletionTimestamp') continue;
      // Node's host IP and the like are checked on the sample that has them
      assert.notEqual(at(p, f), undefined, `${k.level} key "${k.key}" → ${f} (sample: ${JSON.stringify(k.sample)})`);
      checked++;
    }
  }
  assert.ok(checked > 50, `${checked} fields checked`);
});
