// Classes, not examples: a credential of each known format, made up afresh by fast-check, is
// removed wherever it stands in an ordinary Kubernetes message (one of the fixtures'), and the
// message around it keeps every word.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { fixturePods } from '../../test/fixture-pods.js';
import { redact } from './redact.js';

const chars = (alphabet: string, min: number, max = min) => fc.string({ unit: fc.constantFrom(...alphabet), minLength: min, maxLength: max });
const UP = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOW = 'abcdefghijklmnopqrstuvwxyz';
const DIG = '0123456789';
const ALNUM = UP + LOW + DIG;
const B64URL = `${ALNUM}-_`;
/** A random string of mixed case with a digit, as generated keys are. */
const random = (alphabet: string, min: number, max = min) => chars(alphabet, min, max).filter((s) => /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s));

const CREDENTIALS: Record<string, fc.Arbitrary<string>> = {
  'aws-access-key-id': fc.tuple(fc.constantFrom('AKIA', 'ASIA'), chars(UP + DIG, 16)).map(([p, s]) => p + s),
  'github-token': fc.tuple(fc.constantFrom('ghp_', 'gho_', 'ghs_', 'ghu_', 'ghr_'), chars(ALNUM, 36)).map(([p, s]) => p + s),
  'gitlab-token': chars(B64URL, 20).map((s) => `glpat-${s}`),
  'slack-token': fc.tuple(fc.constantFrom('xoxb', 'xoxp', 'xoxa'), chars(DIG, 12), chars(ALNUM, 24)).map(([p, a, b]) => `${p}-${a}-${b}`),
  'stripe-key': fc.tuple(fc.constantFrom('sk_live_', 'rk_live_', 'sk_test_'), chars(ALNUM, 24)).map(([p, s]) => p + s),
  'npm-token': chars(ALNUM, 36).map((s) => `npm_${s}`),
  'google-api-key': chars(B64URL, 35).map((s) => `AIza${s}`),
  'vault-token': chars(B64URL, 24).map((s) => `hvs.${s}`),
  jwt: fc.tuple(chars(B64URL, 10, 40), chars(B64URL, 10, 80), chars(B64URL, 20, 60)).map(([a, b, c]) => `eyJ${a}.eyJ${b}.${c}`),
  'url-password': fc.tuple(fc.constantFrom('postgres', 'redis', 'mongodb+srv', 'amqp', 'https'), fc.constantFrom('', 'app', 'deploy'), random(ALNUM + '!$%^*', 8, 24)).map(([s, u, p]) => `${s}://${u}:${p}@db.example.svc:5432/x`),
  'password=': random(ALNUM + '!#%^*+', 6, 24).map((p) => `DB_PASSWORD=${p}`),
  'api-key-header': random(ALNUM, 16, 40).map((k) => `X-API-Key: ${k}`),
  bearer: random(`${B64URL}.`, 16, 60).map((t) => `Authorization: Bearer ${t}`),
};

/** The secret part of a generated credential (the URL's password, the header's value). */
function secretOf(kind: string, c: string): string {
  if (kind === 'url-password') return (/:\/\/[^:]*:(.*)@db\.example/.exec(c) as RegExpExecArray)[1] as string;
  if (kind === 'password=') return c.slice('DB_PASSWORD='.length);
  if (kind === 'api-key-header') return c.slice('X-API-Key: '.length);
  if (kind === 'bearer') return c.slice('Authorization: Bearer '.length);
  return c;
}

const MESSAGES = [...new Set(fixturePods().flatMap(({ input }) => input.events.map((e) => e.message ?? '')))].filter((m) => m !== '' && m.length < 400 && redact(m) === m);

test('a credential of every known format, anywhere in an ordinary message, goes; the message stays', () => {
  assert.ok(MESSAGES.length > 300, `${MESSAGES.length} messages`);
  for (const [kind, arb] of Object.entries(CREDENTIALS)) {
    fc.assert(
      fc.property(fc.constantFrom(...MESSAGES), arb, fc.constantFrom(' ', ': ', ' (', ', '), (m, cred, sep) => {
        const text = `${m}${sep}${cred} done`;
        const out = redact(text);
        const secret = secretOf(kind, cred);
        assert.ok(!out.includes(secret), `${kind}: ${secret} left in ${out}`);
        assert.ok(out.startsWith(m), `${kind}: the message changed: ${out}`);
        assert.ok(out.endsWith(' done'), `${kind}: the words after changed: ${out}`);
      }),
      { numRuns: 150, seed: 30 },
    );
  }
});
