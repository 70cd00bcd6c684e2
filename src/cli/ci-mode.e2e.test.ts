// CI mode end to end, in-process: `podwhy test`, custom rules, .podwhy.yaml, the ignore
// annotation, and the commands the README's CI jobs run.

import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { XMLValidator } from 'fast-xml-parser';
import yaml from 'js-yaml';
import { FakeApiServer } from '../../test/apiserver.js';
import { memoryIO } from '../../test/io.js';
import type { JsonObject } from '../util/json.js';
import { FIXTURES_DIR } from '../api/rules.js';
import { main } from './main.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OOM = readFileSync(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml'), 'utf8');

async function podwhy(args: string[], cwd: string, stdin = '', env: Record<string, string> = {}) {
  const io = memoryIO({ HOME: cwd, ...env }, stdin);
  io.cwd = cwd;
  const code = await main(['node', 'podwhy', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'podwhy-ci-'));
  mkdirSync(join(dir, 'fixtures'));
  return dir;
}

const USER_RULE = `id: jvm-heap-too-small
severity: warning
stage: runtime
scope: container
match:
  all:
    - fact: container.lastState.terminated.reason
      equals: OOMKilled
    - fact: container.resources.limits.memory
      in: [256Mi, 512Mi]
evidence: [container.resources.limits.memory]
commands:
  - kubectl get pod {{pod.name}} -n {{pod.namespace}} -o yaml
docs: [https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/]
text:
  en:
    title: Our JVM services need at least 1Gi
    explanation: Container {{container.name}} has a {{container.resources.limits.memory}} limit; our JVM base image needs 1Gi.
    remedies: [Use the java-service Helm chart's default memory limit.]
`;

describe('podwhy test', () => {
  test('passing fixtures: one line each, a summary, exit 0', async () => {
    const r = await podwhy(['test', FIXTURES_DIR, '--rule', 'crashloop-oomkilled'], ROOT);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out, /^ok {3}fixtures\/crashloop-oomkilled-jvm\.yaml$/m);
    assert.match(r.out, /\n\d+ passed, 0 failed\n$/);
  });

  test('a failing fixture says what fired that should not and what did not fire that should; exit 1', async () => {
    const dir = project();
    writeFileSync(join(dir, 'fixtures', 'wrong.yaml'), OOM.replace('fires: [crashloop-oomkilled, crashloop-backoff]', 'fires: [crashloop-oomkilled, image-pull-not-found]'));
    writeFileSync(join(dir, 'fixtures', 'right.yaml'), OOM);
    const r = await podwhy(['test'], dir);
    assert.equal(r.code, 1);
    assert.match(r.out, /FAIL fixtures\/wrong\.yaml\n {4}fired but not expected: crashloop-backoff\n {4}expected but did not fire: image-pull-not-found/);
    assert.match(r.out, /ok {3}fixtures\/right\.yaml/);
    assert.match(r.out, /1 passed, 1 failed/);
  });

  test('an invalid fixture exits 2', async () => {
    const dir = project();
    writeFileSync(join(dir, 'fixtures', 'bad.yaml'), OOM.replace('fires: [crashloop-oomkilled, crashloop-backoff]', 'fires: [no-such-rule]'));
    const r = await podwhy(['test'], dir);
    assert.equal(r.code, 2);
    assert.match(r.out, /INVALID fixtures\/bad\.yaml\n {4}header: expect\.rootCause: "crashloop-oomkilled" is not in expect\.fires/);
  });

  test('no fixtures: exit 2 with a clear line', async () => {
    const r = await podwhy(['test'], project());
    assert.equal(r.code, 2);
    assert.match(r.err, /^podwhy: no fixtures found in fixtures\/ — /);
  });
});

describe('custom rules and the config file', () => {
  test('--rules adds a rule with the same format and validation', async () => {
    const dir = project();
    mkdirSync(join(dir, 'team-rules'));
    writeFileSync(join(dir, 'team-rules', 'jvm-heap-too-small.yaml'), USER_RULE);
    writeFileSync(join(dir, 'pod.yaml'), OOM);
    const r = await podwhy(['-f', 'pod.yaml', '--rules', 'team-rules', '-o', 'json'], dir);
    const rules = JSON.parse(r.out).pods[0].findings.map((f: { rule: string }) => f.rule);
    assert.ok(rules.includes('jvm-heap-too-small'), rules.join(','));
    writeFileSync(join(dir, 'team-rules', 'jvm-heap-too-small.yaml'), USER_RULE.replace('equals: OOMKilled', 'equals: OOMKilled\n      bogus: 1'));
    const bad = await podwhy(['-f', 'pod.yaml', '--rules', 'team-rules'], dir);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /team-rules\/jvm-heap-too-small\.yaml: match\.all\[0\]\.bogus: unknown operator/);
  });

  test('a user rule may reuse a built-in id only when it says it overrides it', async () => {
    const dir = project();
    mkdirSync(join(dir, 'team-rules'));
    const clash = USER_RULE.replace('id: jvm-heap-too-small', 'id: crashloop-oomkilled');
    writeFileSync(join(dir, 'team-rules', 'crashloop-oomkilled.yaml'), clash);
    writeFileSync(join(dir, 'pod.yaml'), OOM);
    const refused = await podwhy(['-f', 'pod.yaml', '--rules', 'team-rules'], dir);
    assert.equal(refused.code, 2);
    assert.match(refused.err, /id: "crashloop-oomkilled" is already defined in .*rules\/crashloop-oomkilled\.yaml; set overrides: true to replace it/);
    writeFileSync(join(dir, 'team-rules', 'crashloop-oomkilled.yaml'), `${clash}overrides: true\n`);
    const ok = await podwhy(['-f', 'pod.yaml', '--rules', 'team-rules', '-o', 'json'], dir);
    const f = JSON.parse(ok.out).pods[0].findings.find((x: { rule: string }) => x.rule === 'crashloop-oomkilled');
    assert.equal(f.title, 'Our JVM services need at least 1Gi');
    assert.equal(f.severity, 'warning');
  });

  test('.podwhy.yaml is found in a parent directory: rule dirs, disable, severity', async () => {
    const dir = project();
    mkdirSync(join(dir, 'team-rules'));
    mkdirSync(join(dir, 'deploy', 'prod'), { recursive: true });
    writeFileSync(join(dir, 'team-rules', 'jvm-heap-too-small.yaml'), USER_RULE);
    writeFileSync(join(dir, '.podwhy.yaml'), 'rules: [team-rules]\ndisable: [crashloop-backoff]\nseverity:\n  crashloop-oomkilled: warning\n  jvm-heap-too-small: info\n');
    writeFileSync(join(dir, 'deploy', 'prod', 'pod.yaml'), OOM);
    const r = await podwhy(['-f', 'pod.yaml', '-o', 'json'], join(dir, 'deploy', 'prod'));
    const findings = JSON.parse(r.out).pods[0].findings as { rule: string; severity: string }[];
    assert.deepEqual(
      findings.map((f) => `${f.rule}:${f.severity}`),
      ['crashloop-oomkilled:warning', 'jvm-heap-too-small:info'],
    );
    assert.equal(r.code, 0, 'nothing at error level any more');
    assert.equal((await podwhy(['-f', 'pod.yaml', '--fail-on', 'warning'], join(dir, 'deploy', 'prod'))).code, 1);
  });

  test('--config, and every config problem is one line with exit 2', async () => {
    const dir = project();
    writeFileSync(join(dir, 'pod.yaml'), OOM);
    writeFileSync(join(dir, 'strict.yaml'), 'severity:\n  crashloop-backoff: error\n');
    assert.equal((await podwhy(['-f', 'pod.yaml', '--config', 'strict.yaml'], dir)).code, 1);
    for (const [text, re] of [
      ['disable: [no-such-rule]\n', /unknown rule "no-such-rule"/],
      ['severity:\n  crashloop-backoff: fatal\n', /severity\.crashloop-backoff: expected one of error, warning, info/],
      ['colour: red\n', /colour: unknown key/],
      ['rules: [: bad\n', /invalid YAML/],
    ] as [string, RegExp][]) {
      writeFileSync(join(dir, '.podwhy.yaml'), text);
      const r = await podwhy(['-f', 'pod.yaml'], dir);
      assert.equal(r.code, 2, text);
      assert.match(r.err, re);
      assert.equal(r.err.trim().split('\n').length, 1);
    }
  });

  test('the podwhy.dev/ignore annotation opts a pod out of rules, reported as ignored with its reason', async () => {
    const dir = project();
    writeFileSync(join(dir, 'pod.yaml'), OOM.replace('  annotations:\n', '  annotations:\n    podwhy.dev/ignore: crashloop-oomkilled, crashloop-backoff\n    podwhy.dev/ignore-reason: the soak test runs it out of memory on purpose\n'));
    const r = await podwhy(['-f', 'pod.yaml', '-o', 'json'], dir);
    assert.equal(r.code, 0, 'nothing left for --fail-on');
    const pod = JSON.parse(r.out).pods[0];
    // What the ignored rules explained is not explained again by the generic fallback
    // ("CrashLoopBackOff, which podwhy has no specific rule for") or by likely causes.
    assert.deepEqual(pod.findings, []);
    assert.deepEqual(pod.hypotheses, []);
    const why = 'the soak test runs it out of memory on purpose';
    assert.deepEqual(pod.ignored, [
      { rule: 'crashloop-oomkilled', reason: why, source: 'annotation podwhy.dev/ignore' },
      { rule: 'crashloop-backoff', reason: why, source: 'annotation podwhy.dev/ignore' },
    ]);
    assert.notEqual(pod.verdict, 'healthy', 'ignored is not healthy');
    const text = (await podwhy(['-f', 'pod.yaml'], dir)).out;
    assert.match(text, /\nIgnored: crashloop-oomkilled, crashloop-backoff \(annotation podwhy\.dev\/ignore:\s+the soak test runs it out of memory on\s+purpose\)\n/);
    assert.doesNotMatch(text, /no specific rule|No problem found/);
  });

  test('.podwhy.yaml ignore: with reasons; the rule is evaluated and reported as ignored, its symptoms quiet', async () => {
    const dir = project();
    writeFileSync(join(dir, 'pod.yaml'), OOM);
    writeFileSync(join(dir, '.podwhy.yaml'), 'ignore:\n  crashloop-oomkilled: JVM heap sized by the team, tracked in OPS-1234\n');
    const pod = JSON.parse((await podwhy(['-f', 'pod.yaml', '-o', 'json'], dir)).out).pods[0];
    assert.deepEqual(pod.ignored, [{ rule: 'crashloop-oomkilled', reason: 'JVM heap sized by the team, tracked in OPS-1234', source: join(dir, '.podwhy.yaml') }]);
    assert.ok(!pod.findings.some((f: { rule: string }) => f.rule === 'crashloop-oomkilled' || f.rule === 'container-waiting-unknown'));
    writeFileSync(join(dir, '.podwhy.yaml'), 'ignore: [crashloop-oomkilld]\n');
    const typo = await podwhy(['-f', 'pod.yaml'], dir);
    assert.equal(typo.code, 2);
    assert.match(typo.err, /unknown rule "crashloop-oomkilld"/);
  });
});

describe('the README CI jobs', () => {
  // The podwhy commands of each fenced block tagged "ci-job" in the README run as written;
  // `kubectl get pods … -o yaml > pods.yaml` is replaced by a fixture.
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```yaml ci-job\n([\s\S]*?)```/g)].map((m) => m[1] as string);

  test('the README has both jobs', () => assert.equal(blocks.length, 2));

  for (const [i, block] of blocks.entries()) {
    test(`job ${i + 1} runs`, async () => {
      // live commands (no -f) read a loopback API server holding the same pod, labelled app=web
      const server = await new FakeApiServer().start();
      const docs = yaml.loadAll(OOM) as JsonObject[];
      for (const d of docs) {
        if (d?.['kind'] === 'Pod') ((d['metadata'] as JsonObject)['labels'] as JsonObject)['app'] = 'web';
        if (d?.['kind'] !== 'PodwhyFixture') server.add(d);
      }
      const dir = project();
      const env = { KUBECONFIG: server.writeKubeconfig(dir, { namespace: 'shop' }) };
      writeFileSync(join(dir, 'pods.yaml'), OOM);
      cpSync(join(FIXTURES_DIR, 'deployment-running-ready.yaml'), join(dir, 'fixtures', 'deployment-running-ready.yaml'));
      let ran = 0;
      for (const raw of block.split('\n').map((l) => l.trim().replace(/^(?:- |run: )/, ''))) {
        assert.doesNotMatch(raw, /\bnpx podwhy\b/, 'a bare npx podwhy runs whatever the registry has under that name');
        if (!raw.startsWith('podwhy ')) continue;
        ran++;
        const m = /^podwhy (.*?)(?: >>? "?([^\s"]+)"?)?$/.exec(raw);
        assert.ok(m, raw);
        const args = (m[1] as string).split(/\s+/);
        const r = await podwhy(args, dir, '', env);
        assert.ok([0, 1].includes(r.code), `${raw}: exit ${r.code} ${r.err}`);
        if (!args.includes('-f') && args.includes('--fail-on-unreadable')) {
          // the gate: the same run without RBAC on events fails
          server.forbid = [{ resource: 'events' }];
          const degraded = await podwhy(args, dir, '', env);
          server.forbid = [];
          assert.equal(degraded.code, 3, `${raw} without events: exit ${degraded.code} ${degraded.err}`);
        }
        if (m[2]?.endsWith('.xml')) assert.equal(XMLValidator.validate(r.out), true);
        if (m[2]?.endsWith('.sarif')) assert.equal(JSON.parse(r.out).version, '2.1.0');
      }
      assert.ok(ran >= 2, 'the job runs podwhy');
      await server.stop();
    });
  }
});

describe('CI formats at scale and when empty', () => {
  test('-o github in an Actions step: grouped annotations, and the whole report in $GITHUB_STEP_SUMMARY', async () => {
    const dir = project();
    const summary = join(dir, 'step-summary.md');
    writeFileSync(summary, '# earlier step\n');
    const files = ['crashloop-oomkilled-jvm.yaml', 'pending-insufficient-memory.yaml', 'deployment-running-ready.yaml'].flatMap((f) => ['-f', join(FIXTURES_DIR, f)]);
    const r = await podwhy([...files, '-o', 'github'], dir, '', { GITHUB_STEP_SUMMARY: summary });
    assert.equal(r.code, 1, r.err);
    assert.equal(r.out.trim().split('\n').length, 2);
    const md = readFileSync(summary, 'utf8');
    assert.match(md, /^# earlier step\n## ❌ podwhy: 3 pods, 2 unhealthy\n/, 'appended, as a step adds to its summary');
    assert.match(md, /<summary>crashloop-oomkilled: 1 pod<\/summary>/);
  });

  test('an empty result is a valid document in every format', async () => {
    const dir = project();
    const file = join(dir, 'pod.yaml');
    writeFileSync(file, OOM);
    for (const format of ['json', 'yaml', 'name', 'junit', 'sarif', 'markdown', 'github']) {
      const r = await podwhy(['-f', file, '-l', 'app=nothing-matches', '-o', format], dir);
      assert.equal(r.code, 2, `${format}: ${r.err}`);
      assert.match(r.err, /no pod in the input matches --namespace\/--selector/);
      if (format === 'json') assert.deepEqual((JSON.parse(r.out) as { pods: unknown[] }).pods, []);
      if (format === 'yaml') assert.deepEqual((yaml.load(r.out) as { pods: unknown[] }).pods, []);
      if (format === 'junit') assert.equal(XMLValidator.validate(r.out), true);
      if (format === 'sarif') assert.deepEqual((JSON.parse(r.out) as { runs: { results: unknown[] }[] }).runs[0]?.results, []);
      if (format === 'markdown') assert.match(r.out, /^## ✅ podwhy: 0 pods, 0 unhealthy\n\nNo pods in the input\.\n$/);
      if (format === 'github') assert.equal(r.out, '');
    }
  });
});
