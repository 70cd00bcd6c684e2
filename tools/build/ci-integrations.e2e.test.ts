// The CI integrations the repository ships, run as their hosts run them: action.yml's run step
// with bash and the INPUT_* environment GitHub gives a composite action's step (podwhy from this
// checkout's bin/, as a workflow that sets PODWHY_BIN has it, instead of the npm install step),
// and each .pre-commit-hooks.yaml entry with the files pre-commit would pass it.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import yaml from 'js-yaml';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PATH = `${join(ROOT, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`;
const tmp = mkdtempSync(join(tmpdir(), 'podwhy-ci-int-'));

interface Action {
  inputs: Record<string, { default?: string; required?: boolean }>;
  runs: { using: string; steps: { name: string; shell: string; run: string; if?: string; env?: Record<string, string> }[] };
}
const action = yaml.load(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;

/** The action's podwhy step, with these inputs (the rest at their defaults), as a runner runs it. */
function runAction(inputs: Record<string, string>, env: Record<string, string> = {}) {
  const step = action.runs.steps.find((s) => s.name === 'podwhy');
  assert.ok(step, 'the action has a podwhy step');
  const given: Record<string, string> = {};
  for (const [k, v] of Object.entries(action.inputs)) given[`INPUT_${k.toUpperCase().replace(/-/g, '_')}`] = inputs[k] ?? v.default ?? '';
  const r = spawnSync('bash', ['-e', '-c', step.run], { cwd: ROOT, encoding: 'utf8', env: { PATH, HOME: tmp, PODWHY_BIN: join(ROOT, 'bin', 'podwhy'), ...given, ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('action.yml', () => {
  test('a composite action whose every input the run step reads, pinned to the package version', () => {
    assert.equal(action.runs.using, 'composite');
    const run = action.runs.steps.map((s) => `${s.run} ${JSON.stringify(s.env ?? {})}`).join('\n');
    for (const k of Object.keys(action.inputs)) assert.ok(run.includes(`inputs.${k}`), `input ${k} is used`);
    const install = action.runs.steps[0]?.run ?? '';
    const version = spawnSync('bash', ['-c', install.split('\n')[0] + '; echo "$version"'], { encoding: 'utf8', env: { PATH, GITHUB_ACTION_PATH: ROOT } }).stdout.trim();
    assert.equal(version, (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version);
  });

  test('diagnose: a directory of manifests, annotations per root cause and the step summary; fail-on decides the exit', () => {
    const dir = join(tmp, 'pods');
    mkdirSync(dir, { recursive: true });
    for (const f of ['crashloop-oomkilled-jvm.yaml', 'pending-insufficient-memory.yaml', 'deployment-running-ready.yaml']) cpSync(join(ROOT, 'fixtures', f), join(dir, f));
    const summary = join(tmp, 'summary.md');
    writeFileSync(summary, '');
    const r = runAction({ paths: dir }, { GITHUB_STEP_SUMMARY: summary });
    assert.equal(r.code, 1, r.err);
    const lines = r.out.trim().split('\n');
    assert.equal(lines.length, 2);
    assert.ok(lines.every((l) => /^::error file=.*,line=\d+,title=podwhy /.test(l)), r.out);
    assert.match(readFileSync(summary, 'utf8'), /^## ❌ podwhy: 3 pods, 2 unhealthy/);
    assert.equal(runAction({ paths: dir, 'fail-on': 'never', format: 'json' }).code, 0);
    assert.match(runAction({ paths: dir, format: 'markdown', args: '-n shop' }).out, /^## ❌ podwhy: 2 pods, 1 unhealthy/);
  });

  test('test: fixture files checked; a bad command or no paths is one ::error line and exit 2', () => {
    const ok = runAction({ command: 'test', paths: 'fixtures/crashloop-oomkilled-jvm.yaml fixtures/pending-insufficient-memory.yaml' });
    assert.equal(ok.code, 0, ok.err);
    assert.match(ok.out, /2 passed, 0 failed/);
    const bad = runAction({ command: 'lint', paths: 'x' });
    assert.equal(bad.code, 2);
    assert.equal(bad.out, '::error title=podwhy::command must be diagnose or test, not lint\n');
    assert.equal(runAction({ paths: '' }).code, 2);
  });
});

describe('.pre-commit-hooks.yaml', () => {
  interface Hook {
    id: string;
    entry: string;
    language: string;
    files: string;
    exclude?: string;
    pass_filenames: boolean;
  }
  const hooks = yaml.load(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];
  /** A hook run as pre-commit runs it in `cwd`: its entry, with the staged files it matches when it takes them. */
  const run = (h: Hook, cwd: string, files: string[]) => {
    const matched = files.filter((f) => new RegExp(h.files).test(f) && !(h.exclude && new RegExp(h.exclude).test(f)));
    const [cmd, ...args] = h.entry.split(' ');
    const r = spawnSync(cmd as string, [...args, ...(h.pass_filenames ? matched : [])], { cwd, encoding: 'utf8', env: { PATH, HOME: tmp } });
    return { code: r.status, out: r.stdout, err: r.stderr, matched };
  };

  test('podwhy-test: the changed fixtures of this repository pass; a broken one fails the commit', () => {
    const hook = hooks.find((h) => h.id === 'podwhy-test') as Hook;
    assert.equal(hook.language, 'system');
    const files = ['fixtures/crashloop-oomkilled-jvm.yaml', 'fixtures/pending-insufficient-memory.yaml', 'fixtures/pastes/aks-2064.txt', 'README.md'];
    const r = run(hook, ROOT, files);
    assert.deepEqual(r.matched, files.slice(0, 2));
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /2 passed, 0 failed/);
    const project = mkdtempSync(join(tmpdir(), 'podwhy-hook-'));
    mkdirSync(join(project, 'fixtures'));
    const text = readFileSync(join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml'), 'utf8');
    // a fixture whose pod no longer fires what it declares (the rule it names is gone from it)
    writeFileSync(join(project, 'fixtures', 'wrong.yaml'), text.replace('fires: [crashloop-oomkilled, crashloop-backoff]', 'fires: [crashloop-oomkilled]'));
    const failed = run(hook, project, ['fixtures/wrong.yaml']);
    assert.equal(failed.code, 1, failed.out + failed.err);
    assert.match(failed.out, /FAIL fixtures\/wrong\.yaml/);
  });

  test('podwhy-rules: a project\'s custom rules and fixtures', () => {
    const hook = hooks.find((h) => h.id === 'podwhy-rules') as Hook;
    const project = mkdtempSync(join(tmpdir(), 'podwhy-hook-'));
    mkdirSync(join(project, 'podwhy-rules'));
    mkdirSync(join(project, 'fixtures'));
    cpSync(join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml'), join(project, 'fixtures', 'oom.yaml'));
    const r = run(hook, project, ['podwhy-rules/x.yaml']);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /1 passed, 0 failed/);
    assert.ok(readdirSync(join(project, 'fixtures')).length === 1);
  });
});
