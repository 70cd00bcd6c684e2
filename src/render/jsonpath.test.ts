import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { UsageError } from '../model/errors.js';
import { parseTemplate, renderJsonPath } from './jsonpath.js';

const doc = {
  pods: [
    { namespace: 'shop', name: 'web-1', kubectl: { status: 'CrashLoopBackOff', restarts: 7 }, findings: [{ rule: 'crashloop-oomkilled' }], labels: { app: 'web' } },
    { namespace: 'shop', name: 'web-2', kubectl: { status: 'Running', restarts: 0 }, findings: [], labels: { app: 'web' } },
  ],
  summary: { pods: 2 },
};

describe('-o jsonpath, kubectl\'s template syntax', () => {
  test('expressions, several results joined by a space, literals and escapes', () => {
    assert.equal(renderJsonPath('{.pods[*].name}', doc), 'web-1 web-2');
    assert.equal(renderJsonPath('pods: {.summary.pods}{"\\n"}', doc), 'pods: 2\n');
    assert.equal(renderJsonPath("{.pods[0].kubectl.restarts}{'\\t'}{.pods[1].kubectl.status}", doc), '7\tRunning');
  });

  test('range … end over each element, relative expressions and @', () => {
    assert.equal(renderJsonPath('{range .pods[*]}{.namespace}/{.name} {.findings[*].rule}{"\\n"}{end}', doc), 'shop/web-1 crashloop-oomkilled\nshop/web-2 \n');
    assert.equal(renderJsonPath('{range .pods[*].name}[{@}]{end}', doc), '[web-1][web-2]');
  });

  test('filters, recursive descent; objects as JSON; a missing field prints nothing', () => {
    assert.equal(renderJsonPath('{.pods[?(@.kubectl.status=="Running")].name}', doc), 'web-2');
    assert.equal(renderJsonPath('{..rule}', doc), 'crashloop-oomkilled');
    assert.equal(renderJsonPath('{.pods[0].labels}', doc), '{"app":"web"}');
    assert.equal(renderJsonPath('x{.nope.deeper}y', doc), 'xy');
  });

  test('a broken template is a usage error naming what is wrong', () => {
    for (const [t, re] of [
      ['{range .pods[*]}{.name}', /\{range\} without \{end\}/],
      ['{.name}{end}', /\{end\} without \{range\}/],
      ['{.pods[*].name', /unclosed action/],
      ['{}', /an empty action/],
    ] as const) {
      assert.throws(() => parseTemplate(t), (e: unknown) => e instanceof UsageError && re.test(e.message), t);
    }
  });
});
