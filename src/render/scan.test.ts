// The many-pod text report (issue 15): a row per root cause, largest first; a line per pod; each
// cause explained once; the terminal's width, no cut when piped; names never cut.

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import yaml from 'js-yaml';
import { filePods } from '../../tools/bench/scan.js';
import { main } from '../cli/main.js';
import { memoryIO } from '../../test/io.js';
import { columns, width, wrapItems } from './layout.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-scan-'));
const file = join(tmp, 'pods32.yaml');

async function podwhy(args: string[], cols?: number) {
  const io = memoryIO({ HOME: tmp });
  if (cols !== undefined) io.columns = cols;
  const code = await main(['node', 'podwhy', '-f', file, '--now', '2025-03-15T00:00:00Z', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('many pods in text', () => {
  before(() => writeFileSync(file, yaml.dump(filePods(), { noRefs: true, lineWidth: -1 })));

  test('summary first: a row per root cause, largest first, with owners and an example', async () => {
    const r = await podwhy([]);
    assert.equal(r.code, 1, r.err);
    const lines = r.out.split('\n');
    assert.equal(lines[0], '32 pods, 18 unhealthy · 5 root causes');
    const rows = lines.filter((l) => /^[a-z][a-z-]+ {2,}\d+ {2,}/.test(l));
    assert.deepEqual(
      rows.map((l) => l.split(/ {2,}/).slice(0, 2)),
      [['crashloop-oomkilled', '8'], ['config-missing-secret', '3'], ['image-pull-not-found', '3'], ['pod-not-ready', '2'], ['unschedulable-insufficient-resources', '2']],
    );
    assert.match(rows[0] as string, /Deployment\/orders-api {3}orders-api-\w+-\w{5}$/);
    // then one line per unhealthy pod, then the causes
    const list = lines.indexOf('Unhealthy pods');
    assert.ok(list > 0 && list < 20, r.out);
    const oom = lines.indexOf('crashloop-oomkilled · 8 pods');
    assert.ok(oom > list, r.out);
    assert.equal(lines.slice(oom + 1, oom + 9).filter((l) => /^ {2}orders-api-\S+ +0\/1 +CrashLoopBackOff +7 \(12d ago\) +12d$/.test(l)).length, 8, r.out);
    assert.match(r.out, /14 healthy pods not listed — add --all/);
  });

  test('each root cause is explained once, with its evidence and remedies', async () => {
    const r = await podwhy([]);
    assert.equal(r.out.split('used more memory than its limit').length - 1, 1, r.out);
    assert.equal(r.out.split('\n').filter((l) => /^ROOT CAUSE {2}[a-z]/.test(l)).length, 5);
    assert.equal(r.out.split('What to do').length - 1, 5);
    assert.match(r.out, /8 pods · example orders-api-/);
    assert.ok(r.out.split('\n').length < 200, `${r.out.split('\n').length} lines`);
  });

  test('--details: every unhealthy pod in full', async () => {
    const r = await podwhy(['--details']);
    assert.equal(r.out.split('used more memory than its limit').length - 1, 8);
    assert.equal(r.out.split('\nLifecycle: ').length - 1, 18);
    assert.match(r.out, /^32 pods, 18 unhealthy/);
  });

  test('one pod: in full, no summary', async () => {
    const io = memoryIO({ HOME: tmp });
    const pods = filePods();
    const name = ((pods['items'] as { metadata: { name: string } }[])[0] as { metadata: { name: string } }).metadata.name;
    await main(['node', 'podwhy', name, '-f', file, '-n', 'shop', '--now', '2025-03-15T00:00:00Z'], io);
    assert.doesNotMatch(io.stdout, /pods, \d+ unhealthy/);
    assert.match(io.stdout, /used more memory than its limit/);
  });

  test('the terminal width is used, and no name is ever cut: a row is let be wide instead (kubectl)', async () => {
    const names = (filePods()['items'] as { metadata: { name: string } }[]).map((p) => p.metadata.name);
    for (const cols of [60, 80, 200]) {
      const r = await podwhy([], cols);
      assert.doesNotMatch(r.out, /[a-z0-9]…[a-z0-9-]|[a-z0-9-]…(\s|$)/, `${cols} columns`);
      // every unhealthy pod on its line, its name whole
      const listed = r.out.split('\n').filter((l) => /^ {2}\S+ +(\d+\/\d+|<unknown>) {3}/.test(l)).map((l) => l.trim().split(/ +/)[0]);
      assert.equal(listed.length, 18, `${cols} columns`);
      for (const n of listed) assert.ok(names.includes(n as string), `${n} cut at ${cols} columns`);
      assert.match(r.out, /^unschedulable-insufficient-resources /m);
      // prose wraps to the width
      for (const l of r.out.split('\n').filter((x) => /^ {2}[A-Z][a-z]/.test(x))) assert.ok(width(l) <= Math.min(cols, 100), `${cols}: ${l}`);
    }
    // the table's OWNERS and EXAMPLE: in full when they fit, condensed (then dropped) when they do not
    assert.match((await podwhy([], 200)).out, /^crashloop-oomkilled +8 +Deployment\/orders-api +orders-api-\S+$/m);
    const narrow = (await podwhy([], 60)).out;
    assert.match(narrow, /^ROOT CAUSE +PODS( +OWNERS)?$/m);
    assert.doesNotMatch(narrow, /^ROOT CAUSE.*EXAMPLE/m);
  });

  test('piped (no terminal width): nothing in the tables is cut', async () => {
    const r = await podwhy([]);
    assert.doesNotMatch(r.out.split('\n─')[0] as string, /…/);
    const names = (filePods()['items'] as { metadata: { name: string } }[]).slice(0, 18).map((p) => p.metadata.name);
    for (const n of names) assert.match(r.out, new RegExp(`^ {2}${n} `, 'm'));
  });

  test('-o json with no matching pod: a valid report with no pods (exit 2, as for no pod in the input)', async () => {
    const r = await podwhy(['-l', 'app=nothing', '-o', 'json']);
    assert.equal(r.code, 2);
    const doc = JSON.parse(r.out);
    assert.deepEqual(doc.pods, []);
    assert.equal(doc.summary.pods, 0);
    assert.match(r.err, /no pod in the input matches/);
  });
});

describe('layout', () => {
  test('wrapItems() breaks between names, never inside one; a name wider than the room has its own line', () => {
    const items = ['orders-api-6f8d9c7b54-q7xkz', 'payments-7d4b9c6f5-abcde', 'a-very-long-pod-name-that-is-wider-than-the-room-0001', '+12 more'];
    const lines = wrapItems(items, 40, '    ', '  Pods: ');
    assert.deepEqual(lines, ['  Pods: orders-api-6f8d9c7b54-q7xkz,', '    payments-7d4b9c6f5-abcde,', '    a-very-long-pod-name-that-is-wider-than-the-room-0001,', '    +12 more']);
  });

  test('columns() never cuts: a wide row stays wide', () => {
    const rows = [['NAME', 'RULE'], ['a-very-long-pod-name-abcde', 'crashloop-oomkilled']];
    assert.deepEqual(columns(rows), ['NAME                         RULE', 'a-very-long-pod-name-abcde   crashloop-oomkilled']);
  });
});
