// A workload's words reach its report through the same redaction as a pod's: its conditions'
// messages, the FailedCreate that says why it has no pod, a Job's failure. A webhook that quotes
// the pod it refused can quote a credential.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { main } from '../cli/main.js';
import { FIXTURES_DIR } from '../api/rules.js';
import { memoryIO } from '../../test/io.js';

const SECRET = 'Xq7vR2pLm9wK';

test('a refused pod quoted in a webhook denial loses its credential in both workload formats (text, json)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'podwhy-wl-redact-'));
  const file = join(dir, 'w.yaml');
  // the kyverno fixture, its denial quoting an environment variable of the refused pod
  const text = readFileSync(join(FIXTURES_DIR, 'workloads', 'deployment-webhook-denied-kyverno.yaml'), 'utf8').replaceAll('denied the request: ', `denied the request: env DB_PASSWORD=${SECRET} is set in plain text; `);
  assert.ok(text.includes(SECRET));
  writeFileSync(file, text);
  for (const o of ['text', 'json']) {
    const io = memoryIO({ HOME: '/nonexistent', NO_COLOR: '1' });
    await main(['node', 'podwhy', 'deploy/checkout', '-f', file, '-o', o], io);
    assert.equal(io.stderr, '', io.stderr);
    assert.ok(io.stdout.length > 200, io.stdout);
    assert.ok(!io.stdout.includes(SECRET), `-o ${o} shows ${SECRET}:\n${io.stdout}`);
    if (o === 'json') assert.match(io.stdout, /DB_PASSWORD=\*\*\*/);
  }
});
