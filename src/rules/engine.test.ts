// Predicates and templates, evaluated against small fact objects.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FactNode } from '../facts/catalog.js';
import { compilePredicate } from './predicates.js';
import type { TreeContext } from './tree.js';
import { compileTemplate, templateComplete } from './template.js';
import { renderTemplate } from '../render/words.js';

function ctx(hidden: string[] = []): TreeContext {
  return { aliases: new Map<string, FactNode>(), allAliases: new Map(), hidden: new Set(hidden), errors: [] };
}

describe('predicates', () => {
  const vars = () => ({
    pod: { phase: 'Running', finalizers: ['a/b'], ageSeconds: 400, restartPolicy: 'Always' },
    events: [
      { reason: 'BackOff', count: 3, message: 'Back-off restarting failed container' },
      { reason: 'Pulled', count: 1, message: 'pulled' },
    ],
    conditions: { Ready: { status: 'False' } },
  });
  const check = (spec: unknown) => {
    const c = ctx();
    const p = compilePredicate(spec, 'match', c);
    assert.deepEqual(c.errors, []);
    return p(vars());
  };
  test('fact operators', () => {
    assert.equal(check({ fact: 'pod.phase', equals: 'Running' }), true);
    assert.equal(check({ fact: 'pod.phase', equals: 'running', ignoreCase: true }), true);
    assert.equal(check({ fact: 'pod.phase', in: ['Pending', 'Failed'] }), false);
    assert.equal(check({ fact: 'pod.phase', matches: '^Run' }), true);
    assert.equal(check({ fact: 'pod.phase', startsWith: 'Ru' }), true);
    assert.equal(check({ fact: 'pod.finalizers', contains: 'a/b' }), true);
    assert.equal(check({ fact: 'pod.ageSeconds', gt: 300, lte: 400 }), true);
    assert.equal(check({ fact: 'pod.reason', exists: false }), true);
    assert.equal(check({ fact: 'pod.finalizers', exists: true }), true);
    assert.equal(check({ fact: 'conditions.Ready.status', equals: 'False' }), true);
    assert.equal(check({ fact: 'conditions.Initialized.status', equals: 'True' }), false);
  });
  test('combinators', () => {
    assert.equal(check({ all: [{ fact: 'pod.phase', equals: 'Running' }, { not: { fact: 'pod.ageSeconds', lt: 10 } }] }), true);
    assert.equal(check({ any: [{ fact: 'pod.phase', equals: 'Failed' }, { fact: 'pod.phase', equals: 'Running' }] }), true);
    assert.equal(check({ some: 'events', as: 'e', where: { fact: 'e.count', gte: 3 } }), true);
    assert.equal(check({ none: 'events', as: 'e', where: { fact: 'e.reason', equals: 'Killing' } }), true);
    assert.equal(check({ some: 'pod.finalizers', as: 'f', where: { fact: 'f', startsWith: 'a/' } }), true);
  });
  test('some binds the first match for templates', () => {
    const c = ctx();
    const p = compilePredicate({ some: 'events', as: 'e', where: { fact: 'e.reason', equals: 'Pulled' } }, 'match', c);
    const v: Record<string, unknown> = vars();
    assert.equal(p(v), true);
    assert.equal((v['e'] as { message: string }).message, 'pulled');
    const t = compileTemplate('last: {{e.message | quote}}', 'x', c.allAliases, new Set(), c.errors);
    assert.equal(renderTemplate(t, v, 'en'), 'last: "pulled"');
  });
  test('missing values never match and never throw', () => {
    const c = ctx();
    const p = compilePredicate({ fact: 'pod.ageSeconds', gt: 1 }, 'match', c);
    assert.equal(p({}), false);
    assert.equal(p({ pod: null }), false);
    assert.equal(p({ pod: { ageSeconds: '500' } }), false);
  });
});

describe('templates', () => {
  const render = (src: string, vars: Record<string, unknown>, lang: 'en' | 'ko' = 'en') => {
    const errors: string[] = [];
    const t = compileTemplate(src, 'x', new Map(), new Set(), errors);
    assert.deepEqual(errors, []);
    return renderTemplate(t, vars, lang);
  };
  test('values, lists, maps, defaults and filters', () => {
    const pod = { name: 'web', finalizers: ['a', 'b'], requests: { cpu: '500m', memory: '1Gi' }, ageSeconds: 250 };
    assert.equal(render('{{pod.name}} {{pod.finalizers}}', { pod }), 'web a, b');
    assert.equal(render('{{pod.requests}}', { pod }), 'cpu=500m, memory=1Gi');
    assert.equal(render('{{pod.reason | default "none given"}}', { pod }), 'none given');
    assert.equal(render('{{pod.ageSeconds | duration}}', { pod }), '4m10s');
    assert.equal(render('{{pod.reason}}', { pod }), 'unknown');
    assert.equal(render('{{pod.reason}}', { pod }, 'ko'), '알 수 없음');
    assert.equal(render('{{pod.message | truncate 10}}', { pod: { message: 'abcdefghijklmnopqrstuvwxyz' } }), 'abcdef … xyz');
  });
  test('prefix and suffix put words around a value that is there, and leave a missing one to default', () => {
    const on = '{{pod.nodeName | prefix "node " | default "its node"}}';
    assert.equal(render(`on ${on}`, { pod: { nodeName: 'worker-3' } }), 'on node worker-3');
    assert.equal(render(`on ${on}`, { pod: {} }), 'on its node');
    const n = '({{pod.reason}}{{pod.deletionGracePeriodSeconds | prefix ", " | suffix " restarts" | default ""}})';
    assert.equal(render(n, { pod: { reason: "X", deletionGracePeriodSeconds: 3 } }), '(X, 3 restarts)');
    assert.equal(render(n, { pod: { reason: 'X' } }), '(X)');
  });
  test('a value that ends with a period does not get a second one', () => {
    assert.equal(render('Message: {{pod.message}}.', { pod: { message: 'it does not exist.' } }), 'Message: it does not exist.');
    assert.equal(render('Message: {{pod.message}}.', { pod: { message: 'no period' } }), 'Message: no period.');
  });
  test('meaning filter localises exit meanings', () => {
    const c = { lastState: { terminated: { meaning: 'oom-killed' } } };
    assert.match(render('{{container.lastState.terminated.meaning | meaning}}', { container: c }), /OOM killer/);
    assert.match(render('{{container.lastState.terminated.meaning | meaning}}', { container: c }, 'ko'), /OOM killer/);
  });
  test('a template is complete only when every value without a default is known', () => {
    const t = (src: string) => compileTemplate(src, 'x', new Map(), new Set(), []);
    const cmd = t('kubectl describe job {{pod.jobEvent.job}} -n {{pod.namespace}}');
    assert.equal(templateComplete(cmd, { pod: { namespace: 'ci', jobEvent: { job: 'demo' } } }), true);
    assert.equal(templateComplete(cmd, { pod: { namespace: 'ci', jobEvent: { reason: 'BackoffLimitExceeded' } } }), false);
    assert.equal(templateComplete(cmd, { pod: { namespace: 'ci', jobEvent: { job: '' } } }), false);
    assert.equal(templateComplete(t('job-name={{pod.jobEvent.job | default "JOB"}}'), { pod: {} }), true);
  });
  test('bad templates are load errors', () => {
    const errors: string[] = [];
    compileTemplate('{{pod.nope}} and {{pod', 'text.en.title', new Map(), new Set(), errors);
    assert.ok(errors.some((e) => e.includes('unknown placeholder "{{pod.nope}}"')));
    assert.ok(errors.some((e) => e.includes('unbalanced')));
  });
});
