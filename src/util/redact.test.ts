import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redact, redactLog, redactLogLines } from './redact.js';

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

const KEY_BODY = ['MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj', 'MAkGA1UEBhMCVVMxEzARBgNVBAgTCkNhbGlmb3JuaWExFjAUBgNVBAcTDVNhbiBG', 'o5XzCw=='];

test('a private key printed over several lines in a log loses every body line', () => {
  const log = ['starting', 'loaded key:', '-----BEGIN RSA PRIVATE KEY-----', ...KEY_BODY, '-----END RSA PRIVATE KEY-----', 'listening on :8443'];
  const out = redactLogLines(log);
  assert.deepEqual(out, ['starting', 'loaded key:', '-----BEGIN PRIVATE KEY----- *** -----END PRIVATE KEY-----', 'listening on :8443']);
  for (const b of KEY_BODY) assert.ok(!out.join('\n').includes(b));
  // the tail began inside the key: only its END line is left
  assert.deepEqual(redactLogLines([...KEY_BODY.slice(1), '-----END PRIVATE KEY-----', 'exit 1']), ['-----BEGIN PRIVATE KEY----- *** -----END PRIVATE KEY-----', 'exit 1']);
  // a key that never ends hides everything after it
  assert.deepEqual(redactLogLines(['x', '-----BEGIN OPENSSH PRIVATE KEY-----', ...KEY_BODY]), ['x', '-----BEGIN PRIVATE KEY----- *** -----END PRIVATE KEY-----']);
  // ordinary lines are redacted one by one as before
  assert.deepEqual(redactLogLines(['user: bob password: x', 'ok']), ['user: bob password: ***', 'ok']);
});

test('an AWS secret access key after the word secret in a log is removed', () => {
  const k = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
  for (const line of [`using aws secret access key ${k}`, `AWS secret: ${k}`, `secret key="${k}"`]) {
    const r = redactLog(line);
    assert.ok(!r.includes(k), r);
    assert.match(r, /\*\*\*/);
  }
  // a long word that is no secret keeps its place: an image digest after "secret" is far away
  const digest = 'pulled secret-manager@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
  assert.equal(redactLog(digest), digest);
});
