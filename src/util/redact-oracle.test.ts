// secretlint's recommended preset (a maintained secret scanner, a devDependency) as a second
// opinion on the corpus: whatever it finds in the corpus is a value the corpus marks as secret
// (so the corpus is complete by its rules too), and it finds nothing in what redact() makes of
// the corpus. It is no runtime dependency: it needs Node 22 by its engines, adds ~80 ms of import
// and ~0.75 ms a message (redact() takes ~25 µs), and knows about a third of the corpus's kinds;
// the figures are in the report of issue 30.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { readSecretCorpus } from '../../test/secret-corpus.js';
import { redact, redactLogLines } from './redact.js';

const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] };

async function findings(content: string): Promise<{ rule: string; text: string; range: readonly [number, number] }[]> {
  const r = await lintSource({ source: { filePath: '/corpus.txt', content, ext: '.txt', contentType: 'text' }, options: { config, noPhysicFilePath: true } });
  return r.messages.map((m) => ({ rule: m.ruleId.replace('@secretlint/secretlint-rule-', ''), text: content.slice(m.range[0], m.range[1]), range: m.range }));
}

const corpus = readSecretCorpus();

test('what secretlint finds in the corpus is a value the corpus marks; it finds nothing in ordinary lines', async () => {
  const wrong: string[] = [];
  let found = 0;
  for (const e of corpus) {
    // where the marked values sit in the text
    const spans: [number, number][] = [];
    let from = 0;
    for (const s of e.secrets) {
      const at = e.text.indexOf(s, from);
      spans.push([at, at + s.length]);
      from = at + s.length;
    }
    for (const f of await findings(e.text)) {
      found++;
      if (!spans.some(([a, b]) => f.range[0] < b && a < f.range[1])) wrong.push(`line ${e.line} (${e.kind}): secretlint ${f.rule} finds "${f.text}", which the corpus does not mark`);
    }
  }
  assert.ok(found >= 20, `secretlint found only ${found} secrets in the corpus`);
  assert.deepEqual(wrong, [], wrong.join('\n'));
});

test('secretlint finds nothing in the redacted corpus (as messages and as log lines)', async () => {
  const all = corpus.map((e) => e.text).join('\n');
  const out = [...(await findings(corpus.map((e) => redact(e.text)).join('\n'))), ...(await findings(redactLogLines(all.split('\n')).join('\n')))];
  assert.deepEqual(out.map((f) => `${f.rule}: ${f.text}`), []);
});
