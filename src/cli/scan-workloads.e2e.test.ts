// Offline workloads without a target (issue 29): `kubectl get deploy web -o yaml | podwhy` shows
// that workload; a file holding several workloads, their pods and events is diagnosed as a whole,
// workloads beside pods, in every format; -n and -l apply to workloads as kubectl's would.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import yaml from 'js-yaml';
import { FIXTURES_DIR } from '../api/rules.js';
import { main } from './main.js';
import { memoryIO } from '../../test/io.js';

const W = (f: string) => join(FIXTURES_DIR, 'workloads', f);
const NOW = ['--now', '2026-11-20T02:14:00Z'];

async function podwhy(args: string[], stdin?: string) {
  const io = memoryIO({}, stdin ?? '');
  if (stdin !== undefined) io.stdinIsTTY = false;
  const code = await main(['node', 'podwhy', ...args, ...NOW], io);
  return { code, out: io.stdout, err: io.stderr };
}

/** One object of a fixture file, as `kubectl get KIND NAME -o yaml` prints it. */
function objectOf(file: string, kind: string): string {
  const docs = yaml.loadAll(readFileSync(file, 'utf8')) as { kind?: string }[];
  return yaml.dump(docs.find((d) => d.kind === kind));
}

test('one Deployment piped without a target: its block in full, not "no pod in the input"', async () => {
  const r = await podwhy([], objectOf(W('deployment-quota-exceeded.yaml'), 'Deployment'));
  assert.equal(r.code, 1, r.err);
  assert.match(r.out, /^deployment\/web \(shop\)/m);
  assert.match(r.out, /ROOT CAUSE {2}workload-quota-exceeded/);
  assert.doesNotMatch(r.err, /no pod in the input/);
  assert.doesNotMatch(r.err, /skipped Deployment/);
});

test('a healthy workload alone is shown as healthy, exit 0', async () => {
  const d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api', namespace: 'x' }, spec: { replicas: 2, selector: { matchLabels: { app: 'api' } } }, status: { replicas: 2, readyReplicas: 2, availableReplicas: 2, updatedReplicas: 2, observedGeneration: 1 } };
  const r = await podwhy([], JSON.stringify(d));
  assert.equal(r.code, 0, r.out + r.err);
  assert.match(r.out, /^deployment\/api \(x\) {2}2\/2 ready/m);
});

test('several workloads with their pods: the pods\' root-cause table first, then the workloads grouped; every format carries them', async () => {
  const files = ['-f', W('job-failed-create-quota.yaml'), '-f', W('deployment-progress-deadline-image.yaml'), '-f', W('cronjob-suspended.yaml')];
  const text = await podwhy(files);
  assert.equal(text.code, 1);
  assert.match(text.out, /^Workloads: 3 not as desired \(of 3 read\) · 3 root causes/m);
  // the headline and the root-cause table are the first screen; the workloads follow the table
  assert.match(text.out, /^\d+ pods?, /);
  // (named under the headline: a workload that makes no pod is in no row of the table)
  assert.match(text.out.split('\n')[1] as string, /^Workloads: 3 not as desired .*\(after the table\)$/);
  assert.ok(text.out.indexOf('\nROOT CAUSE ') > 0 && text.out.indexOf('\nROOT CAUSE ') < text.out.indexOf('\n\nWorkloads:'), text.out);
  assert.match(text.out, /^Short because of their pods \(explained with the pods below\):\n  image-pull-not-found  1 workload: deployment\/storefront \(web\) \(2\/3\)/m);
  const json = JSON.parse((await podwhy([...files, '-o', 'json'])).out);
  assert.deepEqual(json.workloads.map((w: { ref: string }) => w.ref).sort(), ['cronjob/weekly-digest', 'deployment/storefront', 'job/nightly-report']);
  assert.equal(json.summary.workloads.unhealthy, 3);
  const y = yaml.load((await podwhy([...files, '-o', 'yaml'])).out) as { workloads: unknown[] };
  assert.equal(y.workloads.length, 3);
  const junit = (await podwhy([...files, '-o', 'junit'])).out;
  assert.match(junit, /<testsuite name="workloads" tests="3" failures="2"/);
  const sarif = JSON.parse((await podwhy([...files, '-o', 'sarif'])).out);
  assert.ok(sarif.runs[0].results.some((r: { ruleId: string; locations: { logicalLocations: { fullyQualifiedName: string }[] }[] }) => r.ruleId === 'workload-quota-exceeded' && r.locations[0]?.logicalLocations[0]?.fullyQualifiedName === 'batch/job/nightly-report'));
  assert.match((await podwhy([...files, '-o', 'github'])).out, /^::error title=podwhy workload-quota-exceeded::batch\/job\/nightly-report: /m);
  assert.match((await podwhy([...files, '-o', 'markdown'])).out, /3 workloads not as desired/);
  assert.match((await podwhy([...files, '-o', 'wide'])).out, /^batch {7}job\/nightly-report/m);
});

test('-n narrows the workloads as it narrows the pods; --fail-on never exits 0', async () => {
  const files = ['-f', W('job-failed-create-quota.yaml'), '-f', W('deployment-progress-deadline-image.yaml')];
  const json = JSON.parse((await podwhy([...files, '-n', 'batch', '-o', 'json'])).out);
  assert.deepEqual(json.workloads.map((w: { ref: string }) => w.ref), ['job/nightly-report']);
  assert.equal(json.pods.length, 0);
  assert.equal((await podwhy([...files, '--fail-on', 'never'])).code, 0);
});
