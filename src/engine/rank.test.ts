import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContainerFacts } from '../facts/types.js';
import type { Stage } from '../model/vocabulary.js';
import type { CompiledRule } from '../rules/types.js';
import type { Severity } from '../model/vocabulary.js';
import type { RawFinding } from './evaluate.js';
import { rank } from './rank.js';

function rule(id: string, stage: Stage, opts: { severity?: Severity; supersedes?: string[]; fallback?: boolean } = {}): CompiledRule {
  return { id, stage, severity: opts.severity ?? 'error', supersedes: new Set(opts.supersedes ?? []), fallback: opts.fallback ?? false } as unknown as CompiledRule;
}
const c = (name: string, index = 1): ContainerFacts => ({ name, kind: 'regular', index }) as ContainerFacts;
const f = (r: CompiledRule, container?: ContainerFacts): RawFinding => ({ rule: r, stage: r.stage, vars: {}, ...(container ? { container } : {}) });
const roles = (out: ReturnType<typeof rank>) => out.map((x) => `${x.raw.rule.id}${x.raw.container ? `@${x.raw.container.name}` : ''}:${x.role}`);

test('supersedes demotes on the same container and on the pod, never across containers', () => {
  const oom = rule('crashloop-oomkilled', 'runtime', { supersedes: ['crashloop-backoff', 'pod-not-ready'] });
  const back = rule('crashloop-backoff', 'runtime');
  const notReady = rule('pod-not-ready', 'probes');
  const a = c('a', 1);
  const b = c('b', 2);
  const out = rank([f(back, b), f(oom, a), f(back, a), f(notReady)]);
  assert.deepEqual(roles(out), ['crashloop-backoff@b:root-cause', 'crashloop-oomkilled@a:root-cause', 'crashloop-backoff@a:symptom', 'pod-not-ready:symptom']);
  assert.equal(out.find((x) => x.raw.container === a && x.raw.rule === back)?.supersededBy, 'crashloop-oomkilled');
});

test('the earliest stage is the root cause; a pod-level finding at an earlier stage demotes containers', () => {
  const mount = rule('volume-mount-failed', 'volumes');
  const image = rule('image-pull-failed', 'image');
  const out = rank([f(image, c('app')), f(mount)]);
  assert.deepEqual(roles(out), ['volume-mount-failed:root-cause', 'image-pull-failed@app:symptom']);
});

test('fallbacks vanish when something specific fired', () => {
  const specific = rule('image-pull-not-found', 'image');
  const fb = rule('image-pull-failed', 'image', { fallback: true });
  const podFb = rule('pod-pending', 'scheduling', { fallback: true });
  assert.deepEqual(roles(rank([f(fb, c('app')), f(specific, c('app')), f(podFb)])), ['image-pull-not-found@app:root-cause']);
  // A pod-level fallback ("nothing explains this pod") also yields to a container's fallback.
  assert.deepEqual(roles(rank([f(fb, c('app')), f(podFb)])), ['image-pull-failed@app:root-cause']);
  assert.deepEqual(roles(rank([f(podFb)])), ['pod-pending:root-cause']);
});

test('a fallback that supersedes another fallback drops it on the same subject only', () => {
  const generic = rule('container-waiting-unknown', 'start', { fallback: true });
  const image = rule('image-pull-failed', 'image', { fallback: true, supersedes: ['container-waiting-unknown'] });
  assert.deepEqual(roles(rank([f(generic, c('app')), f(image, c('app'))])), ['image-pull-failed@app:root-cause']);
  assert.deepEqual(roles(rank([f(generic, c('a', 1)), f(image, c('b', 2))])), ['image-pull-failed@b:root-cause', 'container-waiting-unknown@a:root-cause']);
});

test('info findings are root causes only when nothing worse is there', () => {
  const info = rule('note', 'scheduling', { severity: 'info' });
  const err = rule('crash', 'runtime');
  assert.deepEqual(roles(rank([f(info), f(err, c('app'))])), ['crash@app:root-cause', 'note:symptom']);
  assert.deepEqual(roles(rank([f(info)])), ['note:root-cause']);
});
