// End to end: run bin/podwhy.js as a user would, over files, pipes and flags.

import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'podwhy.js');
const OOM = join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml');
const tmp = mkdtempSync(join(tmpdir(), 'podwhy-cli-'));

function run(args: string[], input?: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input: input ?? '',
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', LANG: 'C.UTF-8', ...env },
    cwd: tmp,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function oneLineError(r: ReturnType<typeof run>, code: number, re: RegExp) {
  assert.equal(r.code, code, r.err);
  assert.equal(r.out, '');
  assert.match(r.err, re);
  assert.equal(r.err.trim().split('\n').length, 1, `one line: ${r.err}`);
  assert.doesNotMatch(r.err, /\n\s+at /, 'no stack trace');
}

describe('podwhy -f', () => {
  test('-f /dev/stdin reads a pipe, many times in a row, without closing its descriptor twice', () => {
    // spawnSync's input is a pipe: the stream path of the reader, which once closed the descriptor
    // itself and then again (EBADF, reported as an internal error)
    const yaml = readFileSync(OOM, 'utf8');
    for (let i = 0; i < 5; i++) {
      const r = run(['-f', '/dev/stdin', '-o', 'wide', '--no-headers'], yaml);
      assert.equal(r.code, 1, r.err);
      assert.equal(r.err, '');
      assert.match(r.out, /crashloop-oomkilled/);
    }
  });

  test('-f on a pipe (a process substitution, /dev/fd/N) closes its descriptor once', () => {
    // the stream path of the reader, which once closed the descriptor itself and then again
    // (EBADF, reported as an internal error)
    for (let i = 0; i < 3; i++) {
      const r = spawnSync('sh', ['-c', `cat "$1" | "$2" "$3" -f /dev/fd/5 -o wide --no-headers 5<&0`, 'sh', OOM, process.execPath, BIN], { encoding: 'utf8', cwd: tmp });
      assert.equal(r.status, 1, r.stderr);
      assert.equal(r.stderr, '');
      assert.match(r.stdout, /crashloop-oomkilled/);
    }
  });

  test('names OOMKilled as the root cause, with the limit and restarts as evidence (exit 1)', () => {
    const r = run(['-f', OOM, '-o', 'json']);
    assert.equal(r.code, 1, r.err);
    const report = JSON.parse(r.out);
    assert.equal(report.schemaVersion, 1);
    const pod = report.pods[0];
    assert.deepEqual(pod.kubectl, { ready: '0/1', status: 'CrashLoopBackOff', restarts: '7 (4m30s ago)', age: '167m' });
    assert.deepEqual(pod.owner, { kind: 'ReplicaSet', name: 'orders-api-6f8d9c7b54' });
    const root = pod.findings[0];
    assert.equal(root.rule, 'crashloop-oomkilled');
    assert.equal(root.role, 'root-cause');
    assert.equal(root.container, 'orders-api');
    const ev = Object.fromEntries(root.evidence.map((e: { path: string; value: unknown }) => [e.path, e.value]));
    assert.equal(ev['containers[orders-api].lastState.terminated.reason'], 'OOMKilled');
    assert.equal(ev['containers[orders-api].resources.limits.memory'], '512Mi');
    assert.equal(ev['containers[orders-api].restartCount'], 7);
    assert.deepEqual(report.summary, { pods: 1, healthy: 0, findings: { error: 2, warning: 0, info: 0 }, unknown: 0 });
  });

  test('text output: kubectl header, root cause, remedies, next commands; no colour when piped', () => {
    const r = run(['-f', OOM]);
    assert.equal(r.code, 1);
    assert.match(r.out, /NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\norders-api-6f8d9c7b54-q7xkz\s+0\/1\s+CrashLoopBackOff\s+7 \(4m30s ago\)\s+167m/);
    assert.match(r.out, /ROOT CAUSE {2}crashloop-oomkilled \[error\]/);
    assert.match(r.out, /\$ kubectl logs orders-api-6f8d9c7b54-q7xkz -n shop -c orders-api --previous/);
    assert.doesNotMatch(r.out, /\u001b\[/);
    for (const line of r.out.split('\n')) assert.ok([...line].length <= 100, `line too long: ${line}`);
  });

  test('stdin: piped, and as -f -', () => {
    const text = readFileSync(OOM, 'utf8');
    const a = run(['-o', 'json'], text);
    const b = run(['-f', '-', '-o', 'json'], text);
    const c = run(['-f', OOM, '-o', 'json']);
    assert.equal(a.code, 1);
    assert.equal(a.out, c.out);
    assert.equal(b.out, c.out);
  });

  test('output is byte-identical across runs, in every format', () => {
    for (const o of ['text', 'json', 'yaml']) assert.equal(run(['-f', OOM, '-o', o]).out, run(['-f', OOM, '-o', o]).out);
  });

  test('--fail-on never and --fail-on info', () => {
    assert.equal(run(['-f', OOM, '--fail-on', 'never']).code, 0);
    assert.equal(run(['-f', OOM, '--fail-on', 'info']).code, 1);
  });

  test('--now moves the clock', () => {
    const pod = JSON.parse(run(['-f', OOM, '-o', 'json', '--now', '2025-03-02T12:55:30Z']).out).pods[0];
    assert.equal(pod.kubectl.restarts, '7 (3h ago)');
  });

  test('-o yaml is the same report', () => {
    const r = run(['-f', OOM, '-o', 'yaml']);
    assert.match(r.out, /^schemaVersion: 1\npods:\n {2}- namespace: shop\n/);
  });

  test('JSON input, and a pod chosen by name from a list', () => {
    const list = { apiVersion: 'v1', kind: 'List', items: [
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a', namespace: 'x', creationTimestamp: '2025-01-01T00:00:00Z' }, spec: { containers: [{ name: 'c' }] }, status: { phase: 'Succeeded', containerStatuses: [{ name: 'c', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } }] } },
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'b', namespace: 'x' }, status: { phase: 'Running' } },
    ] };
    const file = join(tmp, 'list.json');
    writeFileSync(file, JSON.stringify(list));
    const r = run(['pod/a', '-f', file, '-o', 'json', '--now', '2025-01-01T01:00:00Z']);
    assert.equal(r.code, 0, r.err);
    const report = JSON.parse(r.out);
    assert.equal(report.pods.length, 1);
    assert.deepEqual(report.pods[0].kubectl, { ready: '0/1', status: 'Completed', restarts: '0', age: '60m' });
    assert.equal(report.pods[0].healthy, true);
    oneLineError(run(['nope', '-f', file]), 2, /^podwhy: pod "nope" not found in the input \(the input has a, b\) — /);
  });

  test('multi-pod text output starts with a summary table', () => {
    const r = run(['-f', OOM, '-f', OOM]);
    assert.match(r.out, /^2 pods, 2 unhealthy\n/);
    assert.match(r.out, /crashloop-oomkilled/);
  });

  test('Korean UI words with --lang ko and from LANG', () => {
    assert.match(run(['-f', OOM, '--lang', 'ko']).out, /근본 원인/);
    assert.match(run(['-f', OOM], undefined, { LANG: 'ko_KR.UTF-8' }).out, /근본 원인/);
    assert.match(run(['-f', OOM], undefined, { LANG: 'ko_KR.UTF-8', LC_ALL: 'en_US.UTF-8' }).out, /ROOT CAUSE/);
  });
});

describe('errors: one line, exit 2, no stack', () => {
  test('missing file', () => oneLineError(run(['-f', join(tmp, 'nope.yaml')]), 2, /^podwhy: cannot read .*nope\.yaml: no such file — check the path/));
  test('YAML with a broken line: read as far as it goes, and exit 2 with file:line:column', () => {
    const f = join(tmp, 'bad.yaml');
    writeFileSync(f, 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n   bad: [\n');
    const r = run(['-f', f, '-o', 'json']);
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /^podwhy: \S*bad\.yaml:5:7: invalid YAML \(bad indentation of a mapping entry\) — what came before it was read; fix the file/);
    assert.equal(r.err.trim().split('\n').length, 1, r.err);
    assert.equal((JSON.parse(r.out) as { pods: { name: string }[] }).pods[0]?.name, 'x');
  });
  test('the same YAML pasted in a fence (a ticket) is read tolerantly: one warning, no error', () => {
    const f = join(tmp, 'ticket.txt');
    writeFileSync(f, '```yaml\napiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n   bad: [\n```\n');
    const r = run(['-f', f, '-o', 'json']);
    assert.ok(r.code === 0 || r.code === 1, r.err);
    assert.match(r.err, /^podwhy: warning: .*ticket\.txt: 1 line\(s\) could not be read and were skipped \(line 6\)\n$/);
    assert.equal((JSON.parse(r.out) as { pods: { name: string }[] }).pods[0]?.name, 'x');
  });
  test('a workload manifest alone (no status): unknown, said in one line, exit 2 — never "healthy"', () => {
    const f = join(tmp, 'deploy.yaml');
    writeFileSync(f, 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n');
    oneLineError(run(['-f', f]), 2, /^podwhy: Deployment "web" in the input has no status: it is a manifest, not what the cluster reports — pass `kubectl get deployment web -o yaml`/);
  });
  test('no pod in the input', () => {
    const f = join(tmp, 'service.yaml');
    writeFileSync(f, 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n');
    const r = run(['-f', f]);
    assert.equal(r.code, 2);
    assert.match(r.err, /podwhy: no pod in the input/);
  });
  test('empty piped stdin is an error, never the cluster', () => oneLineError(run([], '', { HOME: tmp }), 2, /^podwhy: standard input is empty — pipe a pod's YAML or JSON/));
  test('an empty file is an input error', () => {
    const f = join(tmp, 'empty.yaml');
    writeFileSync(f, '');
    oneLineError(run(['-f', f]), 2, /^podwhy: no pod in the input/);
  });
  test('piped input over --max-bytes is refused while it streams', () => {
    oneLineError(run(['--max-bytes', '4Ki'], readFileSync(OOM, 'utf8').repeat(4)), 2, /^podwhy: <stdin> is larger than --max-bytes 4 KiB — narrow the input/);
  });
  test('unknown flag', () => {
    const r = run(['--bogus']);
    assert.equal(r.code, 2);
    assert.match(r.err, /^podwhy: unknown option '--bogus'/);
  });
  test('bad --output and --now', () => {
    assert.equal(run(['-f', OOM, '-o', 'xml']).code, 2);
    oneLineError(run(['-f', OOM, '--now', 'yesterday']), 2, /^podwhy: --now "yesterday" is not an RFC 3339 time/);
  });
  test('invalid rule directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'podwhy-badrules-'));
    writeFileSync(join(dir, 'x.yaml'), 'id: y\n');
    const r = run(['-f', OOM, '--rules', dir]);
    assert.equal(r.code, 2);
    assert.match(r.err, /x\.yaml: id: "y" must equal the file name "x"/);
  });
});

describe('other commands', () => {
  test('--help and --version exit 0', () => {
    const h = run(['--help']);
    assert.equal(h.code, 0);
    assert.match(h.out, /Usage: podwhy \[options\] \[command\] \[pod\]/);
    assert.equal(run(['--version']).code, 0);
  });
  test('output that cannot be written (a full disk) is one line and exit 2, not a bug report', (t) => {
    if (!existsSync('/dev/full')) return t.skip('no /dev/full here');
    for (const args of [['--help'], ['-f', OOM], ['-f', OOM, '-o', 'json']]) {
      const full = openSync('/dev/full', 'w');
      try {
        const r = spawnSync(process.execPath, [BIN, ...args], { stdio: ['ignore', full, 'pipe'], encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
        assert.equal(r.status, 2, args.join(' '));
        assert.match(r.stderr, /^podwhy: cannot write the output: ENOSPC[^\n]*\n$/, args.join(' '));
      } finally {
        closeSync(full);
      }
    }
  });
  test('a reader that closes the pipe early (podwhy … | head -c 100) ends the run quietly', async () => {
    // every fixture at once: far more output than a pipe holds, so the writes meet the closed pipe
    const files = readdirSync(join(ROOT, 'fixtures')).filter((n) => n.endsWith('.yaml')).flatMap((n) => ['-f', join(ROOT, 'fixtures', n)]);
    for (const args of [[...files, '-o', 'json'], [...files, '--details']]) {
      const child = spawn(process.execPath, [BIN, ...args, '--fail-on', 'never'], { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env['PATH'] ?? '' } });
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      let seen = 0;
      child.stdout.on('data', (d: Buffer) => {
        seen += d.length;
        if (seen >= 100) child.stdout.destroy();
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      assert.ok(seen >= 100, 'it wrote');
      assert.equal(err, '', args.at(-3));
      assert.equal(code, 0);
    }
  });
  test('rules lists and shows', () => {
    const l = run(['rules']);
    assert.equal(l.code, 0);
    assert.match(l.out, /crashloop-oomkilled\s+error\s+runtime/);
    const s = run(['rules', 'crashloop-oomkilled']);
    assert.equal(s.code, 0);
    assert.match(s.out, /Fixtures: .*fixtures\/crashloop-oomkilled-jvm\.yaml/);
    oneLineError(run(['rules', 'crashloop']), 2, /^podwhy: no rule "crashloop" \(did you mean/);
  });
  test('kubectl finds it as a plugin: kubectl podwhy', (t) => {
    const which = spawnSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' });
    if (which.status !== 0) {
      t.skip('kubectl is not installed on this machine');
      return;
    }
    // a checkout's bin/ on PATH, as the README says; node itself from this test's node
    const path = `${join(ROOT, 'bin')}:${dirname(process.execPath)}:${process.env['PATH'] ?? ''}`;
    const r = spawnSync('kubectl', ['podwhy', '-f', OOM, '-o', 'json'], { encoding: 'utf8', env: { PATH: path, HOME: tmp } });
    assert.equal(r.status, 1, r.stderr);
    assert.equal(JSON.parse(r.stdout).pods[0].findings[0].rule, 'crashloop-oomkilled');
    const help = spawnSync('kubectl', ['podwhy', '--help'], { encoding: 'utf8', env: { PATH: path, HOME: tmp } });
    assert.match(help.stdout, /^Usage: kubectl podwhy \[options\] \[command\] \[pod\]/);
    // kubectl (1.26+) asks bin/kubectl_complete-podwhy to complete `kubectl podwhy -o <TAB>`
    const comp = spawnSync('kubectl', ['__complete', 'podwhy', '-o', ''], { encoding: 'utf8', env: { PATH: path, HOME: tmp } });
    assert.equal(comp.status, 0, comp.stderr);
    assert.deepEqual(comp.stdout.trim().split('\n'), ['text', 'wide', 'json', 'yaml', 'name', 'junit', 'sarif', 'github', 'markdown', ':4']);
  });

  test('kubectl-podwhy is the same program, and says kubectl podwhy in its help', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'kubectl-podwhy'), '-f', OOM, '-o', 'json'], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.equal(JSON.parse(r.stdout).pods[0].findings[0].rule, 'crashloop-oomkilled');
    const help = spawnSync(process.execPath, [join(ROOT, 'bin', 'kubectl-podwhy'), '--help'], { encoding: 'utf8' });
    assert.match(help.stdout, /^Usage: kubectl podwhy \[options\] \[command\] \[pod\]/);
    assert.match(help.stdout, /\n {2}kubectl podwhy -n shop -o wide\n/);
    assert.doesNotMatch(help.stdout, /^ {2}podwhy /m, 'every example says kubectl podwhy');
    // npm links the plugin names to bin/podwhy.js (Node 20 before 20.10 cannot run extensionless
    // files here); the link's name is what the program goes by
    const dir = mkdtempSync(join(tmpdir(), 'podwhy-plugin-'));
    symlinkSync(join(ROOT, 'bin', 'podwhy.js'), join(dir, 'kubectl-podwhy'));
    const linked = spawnSync(process.execPath, [join(dir, 'kubectl-podwhy'), 'help', 'explain'], { encoding: 'utf8' });
    assert.match(linked.stdout, /^Usage: kubectl podwhy explain \[options\] <term>/);
  });
  test('a named pod without -f reads the cluster; without a kubeconfig that is exit 3, one line', () => {
    oneLineError(run(['web-1'], undefined, { HOME: tmp }), 3, /^podwhy: no kubeconfig found .* — set KUBECONFIG or pass --kubeconfig/);
  });
});
