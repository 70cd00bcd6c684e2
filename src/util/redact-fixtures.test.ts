// Redaction must take secret values out and leave every real error message as Kubernetes wrote it:
// the words of an image-pull or mount error are what the user needs ("failed to fetch anonymous
// token: unexpected status … 403 Forbidden" is not a secret). Every message in every fixture (as
// the readers give it: YAML, JSON, describe text, event rows), and every log line, goes through
// redact() unchanged.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fixturePods } from '../../test/fixture-pods.js';
import { redact } from './redact.js';

/** Every `message` string in an object (status, conditions, container states). */
function messages(v: unknown, out: string[]): string[] {
  if (Array.isArray(v)) for (const x of v) messages(x, out);
  else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (k === 'message' && typeof x === 'string') out.push(x);
      else messages(x, out);
    }
  }
  return out;
}

test('every message and log line in every fixture keeps its words through redaction', () => {
  let seen = 0;
  const changed: string[] = [];
  for (const { file, input: p } of fixturePods()) {
    const all = messages(p.pod['status'], []);
    for (const e of p.events) if (e.message !== undefined) all.push(e.message);
    // and their log lines: one redaction for every text, so a program's words keep theirs too
    for (const l of Object.values(p.logs ?? {})) all.push(...l.text.split('\n'));
    for (const m of all) {
      seen++;
      const r = redact(m);
      if (r !== m) changed.push(`${file}:\n    ${m.slice(0, 300)}\n  → ${r.slice(0, 300)}`);
    }
  }
  assert.ok(seen > 1000, `only ${seen} messages read`);
  assert.deepEqual(changed, [], `redaction changed real messages:\n${changed.join('\n')}`);
});
