import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redact, redactLog } from './redact.js';

test('secrets in their structured forms are removed from messages and logs alike', () => {
  for (const f of [redact, redactLog]) {
    assert.equal(f('password: hunter2'), 'password: ***');
    assert.equal(f('  db_password: letmein'), '  db_password: ***');
    assert.equal(f('{"password": "x", "user": "bob"}'), '{"password": ***, "user": "bob"}');
    assert.equal(f('args --password hunter2 --token abc123'), 'args --password *** --token ***');
    assert.equal(f('PASSWORD=abc&x=1'), 'PASSWORD=***&x=1');
    assert.equal(f('https://bob:s3cret@registry.example.com/v2/'), 'https://bob:***@registry.example.com/v2/');
    assert.equal(f('basicAuth: x'), 'basicAuth: ***');
  }
});

test("a runtime's or kubelet's words stay readable: no flag inside a key name, no key mid-sentence", () => {
  // sentry helm chart: the Secret key is named postgresql-password
  const key = "Error: couldn't find key postgresql-password in Secret test/my-postgresql";
  assert.equal(redact(key), key);
  // containerd on a private registry without credentials
  const pull = 'failed to pull and unpack image "x": failed to resolve reference "x": failed to authorize: failed to fetch anonymous token: unexpected status: 401 Unauthorized';
  assert.equal(redact(pull), pull);
});

test("a program's own output (logs, termination messages, probe output) also loses key: value mid-line", () => {
  assert.equal(redactLog('connecting as user: bob password: letmein'), 'connecting as user: bob password: ***');
  assert.equal(redact('connecting as user: bob password: letmein'), 'connecting as user: bob password: letmein');
});
