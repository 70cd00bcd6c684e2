// Shell completion: the engine behind `podwhy __complete` (cobra's protocol), the scripts for
// bash, zsh and fish run in those shells, and kubectl_complete-podwhy as kubectl runs it. Pod,
// namespace and container names come from the loopback API server; a server that never answers
// costs at most the 2 s deadline and prints no error.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { complete, COMPLETE_DEADLINE_MS } from './completion.js';
import { main } from './main.js';
import { memoryIO } from '../../test/io.js';
import { serverForSuite } from '../../test/live-suite.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'podwhy-complete-'));
const OOM = join(ROOT, 'fixtures', 'crashloop-oomkilled-jvm.yaml');
const SIDECAR = join(ROOT, 'fixtures', 'crashloop-segfault-native-sidecar.yaml');

/** `podwhy __complete WORDS…` in-process: its lines. */
async function comp(words: string[], env: Record<string, string> = {}): Promise<string[]> {
  const io = memoryIO({ HOME: tmp, ...env });
  const code = await main(['node', 'podwhy', '__complete', ...words], io);
  assert.equal(code, 0);
  assert.equal(io.stderr, '', 'completion never writes to stderr');
  return io.stdout.trimEnd().split('\n');
}

const values = (lines: string[]) => lines.slice(0, -1).map((l) => l.split('\t')[0]);

describe('podwhy __complete', () => {
  test('subcommands first; flags after - and --; the directive last', async () => {
    const top = await comp(['']);
    assert.deepEqual(values(top), ['explain', 'capture', 'test', 'rules', 'mcp', 'version', 'completion', 'help']);
    assert.equal(top.at(-1), ':4');
    assert.match(top[0] as string, /^explain\texplain a reason/);
    assert.deepEqual(values(await comp(['ex'])), ['explain']);
    const long = values(await comp(['--']));
    for (const f of ['--output', '--no-headers', '--container', '--color', '--no-color', '--namespace', '--help']) assert.ok(long.includes(f), f);
    assert.ok(!long.includes('-o'));
    const short = values(await comp(['-']));
    assert.ok(short.includes('-o') && short.includes('-c') && short.includes('--output'));
    assert.deepEqual(values(await comp(['explain', '--l'])), ['--lang']);
  });

  test('flag values in every spelling: -o, --output=, -o=, --lang, --fail-on, completion shells', async () => {
    const formats = ['text', 'wide', 'json', 'yaml', 'name', 'junit', 'sarif', 'github', 'markdown'];
    assert.deepEqual(values(await comp(['-o', ''])), formats);
    assert.deepEqual(values(await comp(['-f', 'x.yaml', '--output', 'j'])), ['json', 'junit']);
    assert.deepEqual(values(await comp(['--output=w'])), ['--output=wide']);
    assert.deepEqual(values(await comp(['-o=y'])), ['-o=yaml']);
    assert.deepEqual(values(await comp(['explain', '-o', ''])), ['text', 'json']);
    assert.deepEqual(values(await comp(['--lang', ''])), ['en', 'ko']);
    assert.deepEqual(values(await comp(['--fail-on', 'w'])), ['warning']);
    assert.deepEqual(values(await comp(['completion', ''])), ['bash', 'zsh', 'fish']);
    assert.deepEqual(values(await comp(['help', 'ex'])), ['explain']);
  });

  test('paths: files after -f (directive 0), directories after --rules (16), nothing after --now (4)', async () => {
    assert.deepEqual(await comp(['-f', '']), [':0']);
    assert.deepEqual(await comp(['--rules', '']), [':16']);
    assert.deepEqual(await comp(['--now', '']), [':4']);
    assert.deepEqual(await comp(['test', '']), [':0']);
  });

  test('explain: terms, conditions with a status, rule ids; rules: ids and docs', async () => {
    assert.deepEqual(values(await comp(['explain', 'CrashLoop'])), ['CrashLoopBackOff']);
    assert.deepEqual(values(await comp(['explain', 'PodScheduled='])), ['PodScheduled=False']);
    assert.deepEqual(values(await comp(['explain', 'crashloop-oom'])), ['crashloop-oomkilled']);
    assert.match((await comp(['rules', 'crashloop-oomk']))[0] as string, /^crashloop-oomkilled\trule: Container is killed for exceeding its memory limit$/);
    assert.deepEqual(values(await comp(['rules', 'do'])), ['docs']);
    assert.deepEqual(values(await comp(['test', '--rule', 'crashloop-oomk'])), ['crashloop-oomkilled']);
  });

  test('no kubeconfig, or a broken one: no pods, no error, exit 0', async () => {
    assert.deepEqual(values(await comp(['web'])), []);
    const bad = join(tmp, 'broken.yaml');
    writeFileSync(bad, 'apiVersion: v1\nkind: Config\nclusters: [}\n');
    assert.deepEqual(await comp(['--kubeconfig', bad, 'web']), [':4']);
    // a context the kubeconfig lacks: the commands still, no pods, nothing on stderr
    assert.deepEqual(values(await comp(['--kubeconfig', bad, '--context', 'nope', ''])), ['explain', 'capture', 'test', 'rules', 'mcp', 'version', 'completion', 'help']);
  });
});

describe('__complete against a cluster', () => {
  const cluster = serverForSuite(
    tmp,
    (server) => {
      for (const f of [OOM, SIDECAR]) server.serveFixture(f);
      server.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } });
    },
    { namespace: 'shop', context: 'loopback' },
  );
  const { server } = cluster;

  test('pod names of the cluster.kubeconfig\'s namespace, of -n, of --namespace=; pod/ kept', async () => {
    const env = { KUBECONFIG: cluster.kubeconfig };
    assert.deepEqual(values(await comp(['orders'], env)), ['orders-api-6f8d9c7b54-q7xkz']);
    assert.deepEqual(values(await comp(['-n', 'payments', ''], env)).filter((v) => !['explain', 'capture', 'test', 'rules', 'mcp', 'version', 'completion', 'help'].includes(v as string)), ['ledger-api-mwsrxq242-96hb7']);
    assert.deepEqual(values(await comp(['--namespace=payments', 'pod/l'], env)), ['pod/ledger-api-mwsrxq242-96hb7']);
    assert.deepEqual(values(await comp(['capture', '-n', 'payments', 'led'], env)), ['ledger-api-mwsrxq242-96hb7']);
    // the listing is one read-only request
    assert.ok(server.requests.every((q) => q.method === 'GET'));
    // offline input has no cluster to ask
    assert.deepEqual(values(await comp(['-f', OOM, 'orders'], env)), []);
  });

  test('-c from the named pod; --context from the kubeconfig', async () => {
    const env = { KUBECONFIG: cluster.kubeconfig };
    assert.deepEqual(await comp(['ledger-api-mwsrxq242-96hb7', '-n', 'payments', '-c', ''], env), ['api\tcontainer', 'log-forwarder\tinit container', ':4']);
    assert.deepEqual(values(await comp(['--context', 'loop'], env)), ['loopback']);
  });

  test('a server that never answers: done within the deadline, no error', async () => {
    server.hang = true;
    try {
      const t0 = Date.now();
      const r = await complete(['orders'], memoryIO({ HOME: tmp, KUBECONFIG: cluster.kubeconfig }));
      const took = Date.now() - t0;
      assert.deepEqual(r, { items: [], directive: 4 });
      assert.ok(took >= COMPLETE_DEADLINE_MS - 100 && took < COMPLETE_DEADLINE_MS + 700, `took ${took} ms`);
    } finally {
      server.hang = false;
    }
  });
});

describe('the shell scripts, in their shells', () => {
  // `podwhy` on PATH as the README's checkout install has it (bin/ on PATH); node from this test's node
  const PATH = `${join(ROOT, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`;
  const script = (shell: string) => {
    const file = join(tmp, `podwhy.${shell}`);
    const io = memoryIO();
    return main(['node', 'podwhy', 'completion', shell], io).then(() => {
      writeFileSync(file, io.stdout);
      return file;
    });
  };
  const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;
  const sh = (shell: string, args: string[]) => spawnSync(shell, args, { encoding: 'utf8', cwd: ROOT, env: { PATH, HOME: tmp, LANG: 'C.UTF-8' } });

  test('bin/ on PATH: `podwhy` runs as the README says', () => {
    const r = sh('sh', ['-c', 'podwhy -f fixtures/crashloop-oomkilled-jvm.yaml -o json']);
    assert.equal(r.status, 1, r.stderr);
    assert.equal((JSON.parse(r.stdout) as { pods: { name: string }[] }).pods[0]?.name, 'orders-api-6f8d9c7b54-q7xkz');
    assert.match(sh('sh', ['-c', 'podwhy --help']).stdout, /^Usage: podwhy /);
  });

  test('bash: syntax, then real completions through COMP_LINE', async () => {
    const file = await script('bash');
    assert.equal(sh('bash', ['-n', file]).status, 0);
    const harness = `source ${file}
t() { COMP_LINE="$1"; COMP_POINT=\${#COMP_LINE}; COMPREPLY=(); _podwhy_complete; printf '%s|' "\${COMPREPLY[@]}"; echo; }
t "podwhy exp"; t "podwhy -o "; t "podwhy --output=ya"; t "podwhy explain PodScheduled=F"; t "podwhy completion f"; t "podwhy rules crashloop-oomk"
complete -p podwhy`;
    const r = sh('bash', ['-c', harness]);
    assert.equal(r.stderr, '');
    assert.deepEqual(r.stdout.trimEnd().split('\n'), [
      'explain|',
      'text|wide|json|yaml|name|junit|sarif|github|markdown|',
      // bash breaks words at =: only what follows it is replaced
      'yaml|',
      'False|',
      'fish|',
      'crashloop-oomkilled|',
      'complete -o default -F _podwhy_complete podwhy',
    ]);
  });

  test('zsh: syntax, then _podwhy with compsys\'s _describe and _files stood in', async (t) => {
    if (!has('zsh')) return t.skip('zsh is not installed (apt-get install zsh)');
    const file = await script('zsh');
    assert.equal(sh('zsh', ['-n', file]).status, 0);
    const harness = `compdef() { print -r -- "compdef $*" }
_describe() { print -r -- "describe \${(j:|:)\${(P)4}} \${@[5,-1]}" }
_files() { print -r -- "files $*" }
source ${file}
t() { words=(\${=1}); [[ $1 == *' ' ]] && words+=(""); CURRENT=\${#words}; _podwhy }
t "podwhy exp"; t "podwhy -o "; t "podwhy --output=ya"; t "podwhy rules crashloop-oomk"; t "podwhy -f fix"; t "podwhy --rules "; t "podwhy --now "`;
    const r = sh('zsh', ['-f', '-c', harness]);
    assert.equal(r.stderr, '');
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines[0], 'compdef _podwhy podwhy');
    assert.match(lines[1] as string, /^describe explain:explain a reason/);
    assert.equal(lines[2], 'describe text|wide|json|yaml|name|junit|sarif|github|markdown ');
    assert.equal(lines[3], 'describe --output=yaml ');
    assert.equal(lines[4], 'describe crashloop-oomkilled:rule: Container is killed for exceeding its memory limit ');
    assert.deepEqual(lines.slice(5), ['files ', 'files -/']);
  });

  test('fish: syntax, then complete -C as fish itself completes', async (t) => {
    if (!has('fish')) return t.skip('fish is not installed (apt-get install fish)');
    const file = await script('fish');
    assert.equal(sh('fish', ['-n', file]).status, 0);
    const r = sh('fish', ['--no-config', '-c', `source ${file}; complete -C "podwhy exp"; complete -C "podwhy --output=ya"; complete -C "podwhy completion "; complete -C "podwhy -f fixtures/crashloop-oomkilled-j"`]);
    assert.equal(r.stderr, '');
    assert.deepEqual(
      r.stdout.trimEnd().split('\n').map((l) => l.split('\t')[0]),
      ['explain', '--output=yaml', 'bash', 'fish', 'zsh', 'fixtures/crashloop-oomkilled-jvm.yaml'],
    );
  });
});

test('kubectl_complete-podwhy answers in cobra\'s protocol, as kubectl runs it', () => {
  const run = (args: string[]) => spawnSync(process.execPath, [join(ROOT, 'bin', 'kubectl_complete-podwhy'), ...args], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', HOME: tmp } });
  const r = run(['explain', 'CrashLoop']);
  assert.equal(r.status, 0);
  assert.equal(r.stderr, '');
  assert.equal(r.stdout, 'CrashLoopBackOff\twaiting-reason\n:4\n');
  assert.equal(run(['-o=']).stdout, '-o=text\n-o=wide\n-o=json\n-o=yaml\n-o=name\n-o=junit\n-o=sarif\n-o=github\n-o=markdown\n:4\n');
});
