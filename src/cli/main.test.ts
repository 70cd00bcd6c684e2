import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InputError } from '../model/errors.js';
import type { IO } from './io.js';
import { reportFatal } from './main.js';

function fakeIO(env: Record<string, string> = {}): IO & { errText: string } {
  const io = {
    errText: '',
    out: () => {},
    err: (s: string) => {
      io.errText += s;
    },
    stdin: async function* () {},
    stdinIsTTY: true,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    env,
    cwd: '/',
    exitCode: 0,
  };
  return io;
}

test('typed errors print one line and map to their exit code', () => {
  const io = fakeIO();
  assert.equal(reportFatal(new InputError('bad input — fix it'), io), 2);
  assert.equal(io.errText, 'podwhy: bad input — fix it\n');
});

test('a bug prints one line asking for a report; the stack only with PODWHY_DEBUG=1', () => {
  const io = fakeIO();
  assert.equal(reportFatal(new TypeError("Cannot read properties of undefined (reading 'x')"), io), 2);
  assert.equal(io.errText.split('\n').length, 2);
  assert.match(io.errText, /^podwhy: internal error: .* — this is a bug; please report it/);
  const dbg = fakeIO({ PODWHY_DEBUG: '1' });
  reportFatal(new TypeError('boom'), dbg);
  assert.match(dbg.errText, /\n\s+at /);
});
