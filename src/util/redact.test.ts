import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readSecretCorpus, secretNeedles } from '../../test/secret-corpus.js';
import { PEM_REDACTED, redact, redactBounded, redactLogLines, SECRETISH } from './redact.js';

const corpus = readSecretCorpus();
/** The collapsed private key reads as one *** where the corpus marks the block. */
const normal = (s: string) => s.split(PEM_REDACTED).join('***');

test('the corpus is large enough and names its kinds', () => {
  const lines = corpus.reduce((n, e) => n + e.text.split('\n').length, 0);
  assert.ok(lines >= 150, `${lines} lines`);
  const kinds = new Set(corpus.filter((e) => e.kind !== 'ok').map((e) => e.kind));
  assert.ok(kinds.size >= 40, [...kinds].join(', '));
  assert.ok(corpus.filter((e) => e.kind === 'ok').length >= 60);
});

test('every entry of the secret corpus: values out, everything else as written (as a message and as log lines)', () => {
  const wrong: string[] = [];
  for (const e of corpus) {
    const asMessage = normal(redact(e.text));
    const asLog = normal(redactLogLines(e.text.split('\n')).join('\n'));
    for (const [how, got] of [['message', asMessage], ['log', asLog]] as const) {
      if (got !== e.expected) wrong.push(`line ${e.line} (${e.kind}, as ${how}):\n    ${e.text}\n  → ${got}\n  ≠ ${e.expected}`);
      for (const s of e.secrets) for (const n of secretNeedles(s)) if (got.includes(n)) wrong.push(`line ${e.line} (${e.kind}, as ${how}): leaks ${n}`);
    }
  }
  assert.deepEqual(wrong, [], wrong.join('\n'));
});

test('redaction is idempotent: text redacted twice (at the source, then as a message) is redacted once', () => {
  for (const e of corpus) {
    const once = redact(e.text);
    assert.equal(redact(once), once, `line ${e.line} (${e.kind})`);
  }
});

test('the pre-filter lets every secret of the corpus through (it may only skip text with none)', () => {
  for (const e of corpus) if (e.kind !== 'ok') assert.ok(SECRETISH.test(e.text), `line ${e.line} (${e.kind}) would skip redaction`);
});

test('secrets in their structured forms', () => {
  assert.equal(redact('password: hunter2'), 'password: ***');
  assert.equal(redact('  db_password: letmein'), '  db_password: ***');
  assert.equal(redact('{"password": "x", "user": "bob"}'), '{"password": "***", "user": "bob"}');
  assert.equal(redact('{"password": ""}'), '{"password": ""}');
  assert.equal(redact('args --password hunter2 --token abc123'), 'args --password *** --token ***');
  assert.equal(redact('PASSWORD=abc&x=1'), 'PASSWORD=***&x=1');
  assert.equal(redact('https://bob:s3cret@registry.example.com/v2/'), 'https://bob:***@registry.example.com/v2/');
  assert.equal(redact('basicAuth: x'), 'basicAuth: ***');
  assert.equal(redact('connecting as user: bob password: letmein'), 'connecting as user: bob password: ***');
});

test("prose after a secret-named key, placeholders and a secret's metadata stay", () => {
  for (const s of [
    "Error: couldn't find key postgresql-password in Secret test/my-postgresql",
    'failed to pull and unpack image "x": failed to resolve reference "x": failed to authorize: failed to fetch anonymous token: unexpected status: 401 Unauthorized',
    'use --token to set it',
    'password: ${DB_PASSWORD}',
    'token: $(cat /run/secrets/token)',
    'password: ********',
    'secretName: db-creds',
    'passwordFile: /run/secrets/db/password',
    'if token == nil { return }',
    'MountVolume.SetUp failed for volume "secret-volume" : secret "app" not found',
  ]) assert.equal(redact(s), s);
});

const KEY_BODY = ['MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj', 'MAkGA1UEBhMCVVMxEzARBgNVBAgTCkNhbGlmb3JuaWExFjAUBgNVBAcTDVNhbiBG', 'o5XzCw=='];

test('a private key printed over several lines in a log loses every body line', () => {
  const log = ['starting', 'loaded key:', '-----BEGIN RSA PRIVATE KEY-----', ...KEY_BODY, '-----END RSA PRIVATE KEY-----', 'listening on :8443'];
  const out = redactLogLines(log);
  assert.deepEqual(out, ['starting', 'loaded key:', PEM_REDACTED, 'listening on :8443']);
  // the tail began inside the key: only its END line is left
  assert.deepEqual(redactLogLines([...KEY_BODY.slice(1), '-----END PRIVATE KEY-----', 'exit 1']), [PEM_REDACTED, 'exit 1']);
  // a key that never ends hides everything after it
  assert.deepEqual(redactLogLines(['x', '-----BEGIN OPENSSH PRIVATE KEY-----', ...KEY_BODY]), ['x', PEM_REDACTED]);
  // as one message: whole, cut off at the end, or cut off at the start
  assert.equal(redact(['a', '-----BEGIN EC PRIVATE KEY-----', ...KEY_BODY, '-----END EC PRIVATE KEY-----', 'b'].join('\n')), `a\n${PEM_REDACTED}\nb`);
  assert.equal(redact(['a', '-----BEGIN EC PRIVATE KEY-----', ...KEY_BODY].join('\n')), `a\n${PEM_REDACTED}`);
  assert.equal(redact([...KEY_BODY, '-----END PRIVATE KEY-----', 'b'].join('\n')), `${PEM_REDACTED}\nb`);
});

test('a long message is redacted before it is cut: no credential is cut in two and half shown', () => {
  const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJvcmRlcnMiLCJleHAiOjE3MTAwMDAwMDB9.bq1JcABIHXnhvh7JUtdMmf0bgVHWBAQz';
  for (let at = 4000; at < 4200; at += 13) {
    const text = `${'x'.repeat(at)} token ${jwt} ${'y'.repeat(20000)}`;
    const out = redactBounded(text, 8192);
    assert.ok(out.length <= 8192 + 3, `${out.length}`);
    for (const piece of jwt.split('.')) assert.ok(!out.includes(piece.slice(0, 12)), `at ${at}: ${piece.slice(0, 12)}`);
  }
});

test('redaction stays linear on long adversarial input', () => {
  for (const s of ['token'.repeat(4000), `${'a-'.repeat(8000)}password`, `password: ${'a '.repeat(8000)}`, `${'-'.repeat(16000)}`, `Bearer ${'a'.repeat(16000)}`, `eyJ${'A'.repeat(16000)}`, `https://${':'.repeat(8000)}@`]) {
    const t = performance.now();
    redact(s);
    assert.ok(performance.now() - t < 250, `${s.slice(0, 20)}… took ${Math.round(performance.now() - t)} ms`);
  }
});
