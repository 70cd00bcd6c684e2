// kubectl's habits in the CLI (issue 14): every spelling of -o, -o wide, --no-headers, -c, the
// version and help commands, colour by FORCE_COLOR/NO_COLOR/--color, and the kubectl plugin's
// name. Most cases run main() in-process (the same argv handling as the bin, much faster); a few
// run bin/podwhy.js and bin/kubectl-podwhy as a user would.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { main } from './main.js';
import { colorEnabled } from './color.js';
import { memoryIO } from '../../test/io.js';
import { FakeApiServer } from '../../test/apiserver.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'podwhy.js');
const fx = (n: string) => join(ROOT, 'fixtures', n);
const OOM = fx('crashloop-oomkilled-jvm.yaml');
const SIDECAR = fx('crashloop-segfault-native-sidecar.yaml');
const HEALTHY = fx('deployment-running-ready.yaml');
const HEALTHY2 = fx('running-ready-statefulset.yaml');
const tmp = mkdtempSync(join(tmpdir(), 'podwhy-habits-'));

async function podwhy(args: string[], env: Record<string, string> = {}) {
  const io = memoryIO({ HOME: tmp, LANG: 'C.UTF-8', ...env });
  const code = await main(['node', 'podwhy', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

function spawn(file: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [file, ...args], { encoding: 'utf8', input: '', env: { PATH: process.env['PATH'] ?? '', HOME: tmp, LANG: 'C.UTF-8', ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function oneLineError(r: { code: number | null; out: string; err: string }, code: number, re: RegExp) {
  assert.equal(r.code, code, r.err);
  assert.equal(r.out, '');
  assert.match(r.err, re);
  assert.equal(r.err.trim().split('\n').length, 1, `one line: ${r.err}`);
  assert.doesNotMatch(r.err, /\n\s+at /);
}

const spellings = (f: string) => [['-o', f], [`-o=${f}`], [`-o${f}`], ['--output', f], [`--output=${f}`]];

describe('-o in all of kubectl\'s spellings', () => {
  const FORMATS = ['text', 'wide', 'json', 'yaml', 'name', 'junit', 'sarif', 'github', 'markdown'];
  for (const f of FORMATS) {
    test(`diagnosis: -o ${f}, -o=${f}, -o${f}, --output ${f}, --output=${f}`, async () => {
      const want = await podwhy(['-f', OOM, '-o', f]);
      assert.equal(want.code, 1, want.err);
      assert.ok(want.out.length > 0);
      for (const s of spellings(f).slice(1)) {
        const r = await podwhy(['-f', OOM, ...s]);
        assert.deepEqual(r, want, s.join(' '));
      }
      // before the pod name as well as after it
      assert.deepEqual(await podwhy([`-o=${f}`, 'orders-api-6f8d9c7b54-q7xkz', '-f', OOM]), want);
    });
  }

  test('explain, rules and version take every spelling too', async () => {
    for (const [cmd, f] of [
      [['explain', 'CrashLoopBackOff'], 'json'],
      [['explain', '137'], 'text'],
      [['rules', 'crashloop-oomkilled'], 'json'],
      [['version'], 'json'],
      [['version'], 'yaml'],
    ] as const) {
      const want = await podwhy([...cmd, '-o', f]);
      assert.equal(want.code, 0, want.err);
      for (const s of spellings(f)) assert.deepEqual(await podwhy([...cmd, ...s]), want, `${cmd.join(' ')} ${s.join(' ')}`);
    }
  });

  test('other short options with a value read -X=VALUE as kubectl does; a -- ends it', async () => {
    const want = await podwhy(['-f', OOM, '-n', 'shop', '-o', 'json']);
    assert.deepEqual(await podwhy([`-f=${OOM}`, '-n=shop', '-o=json']), want);
    assert.deepEqual(await podwhy(['-f', OOM, '-c=orders-api', '-o=json']), await podwhy(['-f', OOM, '-c', 'orders-api', '-o', 'json']));
    // after --, -o=json is an operand (here: not a pod name podwhy can find)
    const r = await podwhy(['-f', OOM, '--', '-o=json']);
    assert.equal(r.code, 2);
  });

  test('an unknown format is one line and exit 2, in each spelling', async () => {
    for (const s of spellings('tabel')) {
      const r = await podwhy(['-f', OOM, ...s]);
      assert.equal(r.code, 2, s.join(' '));
      assert.equal(r.out, '');
      assert.match(r.err, /^podwhy: option '-o, --output <format>' argument 'tabel' is invalid\. Allowed choices are text, wide, json/);
    }
  });

  test('run as a user would: bin/podwhy.js -o=json, -ojson, --output=wide', () => {
    const json = spawn(BIN, ['-f', OOM, '-o=json']);
    assert.equal(json.code, 1, json.err);
    assert.equal(JSON.parse(json.out).pods[0].findings[0].rule, 'crashloop-oomkilled');
    assert.equal(spawn(BIN, ['-f', OOM, '-ojson']).out, json.out);
    const wide = spawn(BIN, ['-f', OOM, '--output=wide']);
    assert.match(wide.out, /^NAMESPACE {3}NAME {2,}READY/);
  });
});

describe('-o wide', () => {
  test('one pod: kubectl get pods -o wide style columns, root cause, severity, container', async () => {
    const r = await podwhy(['-f', OOM, '-o', 'wide']);
    assert.equal(r.code, 1, r.err);
    assert.equal(
      r.out,
      [
        'NAMESPACE   NAME                          READY   STATUS             RESTARTS        AGE    NODE                                       ROOT CAUSE            SEVERITY   CONTAINER',
        'shop        orders-api-6f8d9c7b54-q7xkz   0/1     CrashLoopBackOff   7 (4m30s ago)   167m   ip-10-0-12-57.eu-west-1.compute.internal   crashloop-oomkilled   error      orders-api',
        '',
      ].join('\n'),
    );
    // the kubectl columns are the ones -o json reports as kubectl.*
    const k = JSON.parse((await podwhy(['-f', OOM, '-o', 'json'])).out).pods[0].kubectl;
    const cells = r.out.split('\n')[1]?.split(/ {3,}/) ?? [];
    assert.deepEqual(cells.slice(2, 6), [k.ready, k.status, k.restarts, k.age]);
  });

  test('many pods: the unhealthy ones, healthy ones with --all; <none> where there is no root cause; --no-headers', async () => {
    const files = ['-f', OOM, '-f', HEALTHY, '-f', SIDECAR];
    const r = await podwhy([...files, '-o', 'wide']);
    assert.equal(r.code, 1);
    const rows = r.out.trimEnd().split('\n');
    assert.equal(rows.length, 3);
    assert.match(rows[1] as string, /^shop {8}orders-api-\S+ .* crashloop-oomkilled {3}error {6}orders-api$/);
    assert.match(rows[2] as string, /^payments {4}ledger-api-\S+ .* crashloop-segfault {4}error {6}log-forwarder$/);
    assert.equal(r.err, 'podwhy: 1 healthy pod not listed — add --all to list it\n');
    const all = await podwhy([...files, '-o', 'wide', '--all']);
    assert.equal(all.err, '');
    assert.equal(all.out.trimEnd().split('\n').length, 4);
    assert.match(all.out, /\nshop +catalog-\S+ +1\/1 +Running +1 \(3d2h ago\) +16d +ip-\S+ +<none> +<none> +<none>\n/);
    const bare = await podwhy([...files, '-o', 'wide', '--all', '--no-headers']);
    assert.doesNotMatch(bare.out, /NAMESPACE/);
    assert.equal(bare.out.trimEnd().split('\n').length, 3);
    const healthy = await podwhy(['-f', HEALTHY, '-f', HEALTHY2, '-o', 'wide']);
    assert.equal(healthy.code, 0);
    assert.equal(healthy.out, '');
    assert.equal(healthy.err, 'podwhy: all 2 pods are healthy — add --all to list them\n');
  });
});

describe('--no-headers', () => {
  test('drops the kubectl header row of the text output, keeps the row', async () => {
    const with_ = await podwhy(['-f', OOM]);
    const without = await podwhy(['-f', OOM, '--no-headers']);
    assert.match(with_.out, /\nNAME +READY +STATUS +RESTARTS +AGE\norders-api/);
    assert.doesNotMatch(without.out, /NAME +READY/);
    assert.match(without.out, /\norders-api-6f8d9c7b54-q7xkz +0\/1 +CrashLoopBackOff +7 \(4m30s ago\) +167m\n/);
    assert.equal(without.out.split('\n').length, with_.out.split('\n').length - 1);
  });
});

describe('-c, --container', () => {
  test('keeps findings about that container and the pod; leaves out the others', async () => {
    const all = JSON.parse((await podwhy(['-f', SIDECAR, '-o', 'json'])).out).pods[0];
    assert.ok(all.findings.some((f: { container?: string }) => f.container === 'log-forwarder'));
    const fwd = await podwhy(['-f', SIDECAR, '-c', 'log-forwarder', '-o', 'json']);
    assert.equal(fwd.code, 1);
    assert.deepEqual(JSON.parse(fwd.out).pods[0].findings, all.findings.filter((f: { container?: string }) => !f.container || f.container === 'log-forwarder'));
    const api = await podwhy(['-f', SIDECAR, '--container', 'api', '-o', 'json']);
    assert.equal(api.code, 0, 'nothing at or above error is about the api container');
    const left = JSON.parse(api.out).pods[0].findings as { container?: string }[];
    assert.ok(left.every((f) => !f.container || f.container === 'api'));
    assert.ok(left.length < all.findings.length);
  });

  test('an unknown container is one line, exit 2, in the API server\'s words, with the choices', async () => {
    oneLineError(
      await podwhy(['-f', SIDECAR, '-c', 'proxy']),
      2,
      /^podwhy: container proxy is not valid for pod ledger-api-mwsrxq242-96hb7 — choose one of: api or one of the init containers: log-forwarder\n$/,
    );
    oneLineError(spawn(BIN, ['-f', OOM, '-c', 'nope']), 2, /^podwhy: container nope is not valid for pod orders-api-6f8d9c7b54-q7xkz — choose one of: orders-api\n$/);
  });

  test('many pods: only those with the container; none is an error', async () => {
    const r = await podwhy(['-f', OOM, '-f', SIDECAR, '-c', 'orders-api', '-o', 'wide']);
    assert.equal(r.out.trimEnd().split('\n').length, 2);
    assert.match(r.out, /orders-api-6f8d9c7b54-q7xkz/);
    oneLineError(await podwhy(['-f', OOM, '-f', SIDECAR, '-c', 'nope']), 2, /^podwhy: container nope is in none of the 2 pods — their containers: api, log-forwarder, orders-api\n$/);
    // a named pod without it is an error even when another pod has it
    oneLineError(await podwhy(['ledger-api-mwsrxq242-96hb7', '-f', OOM, '-f', SIDECAR, '-c', 'orders-api']), 2, /is not valid for pod ledger-api-mwsrxq242-96hb7/);
  });
});

describe('version and help are commands; pod/version and pod/help are pods', () => {
  test('version, version -o json, --version', async () => {
    assert.deepEqual(await podwhy(['version']), { code: 0, out: '0.1.0\n', err: '' });
    assert.deepEqual(JSON.parse((await podwhy(['version', '-o', 'json'])).out), { version: '0.1.0' });
    const v = spawn(BIN, ['version']);
    assert.deepEqual([v.code, v.out], [0, '0.1.0\n']);
    assert.deepEqual([spawn(BIN, ['--version']).out, spawn(BIN, ['-V']).out], ['0.1.0\n', '0.1.0\n']);
  });

  test('help, help <command>', async () => {
    const h = spawn(BIN, ['help']);
    assert.equal(h.code, 0, h.err);
    assert.match(h.out, /^Usage: podwhy \[options\] \[command\] \[pod\]/);
    assert.match(h.out, /\n {2}version \[options\] .*\n {2}completion <shell> [^]*\n {2}help \[command\] /);
    const e = await podwhy(['help', 'explain']);
    assert.equal(e.code, 0);
    assert.match(e.out, /^Usage: podwhy explain \[options\] <term>/);
  });

  test('pod/version and pod/help name pods (here: not in the input, so exit 2 saying so)', async () => {
    oneLineError(await podwhy(['pod/version', '-f', OOM]), 2, /^podwhy: pod "version" not found in the input/);
    oneLineError(await podwhy(['pods/help', '-f', OOM]), 2, /^podwhy: pod "help" not found in the input/);
  });
});

describe('colour', () => {
  test('precedence: --color/--no-color, then FORCE_COLOR, then NO_COLOR, then the terminal', () => {
    const cases: [boolean | undefined, Record<string, string>, boolean, boolean][] = [
      [undefined, {}, false, false],
      [undefined, {}, true, true],
      [undefined, { TERM: 'dumb' }, true, false],
      [undefined, { FORCE_COLOR: '1' }, false, true],
      [undefined, { FORCE_COLOR: '2' }, false, true],
      [undefined, { FORCE_COLOR: '3' }, false, true],
      [undefined, { FORCE_COLOR: '' }, false, true],
      [undefined, { FORCE_COLOR: 'true' }, false, true],
      [undefined, { FORCE_COLOR: '0' }, true, false],
      [undefined, { FORCE_COLOR: 'false' }, true, false],
      [undefined, { FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
      [undefined, { FORCE_COLOR: 'yes' }, true, true],
      [undefined, { NO_COLOR: '1' }, true, false],
      [undefined, { NO_COLOR: '' }, true, true],
      [false, { FORCE_COLOR: '1' }, true, false],
      [true, { NO_COLOR: '1', FORCE_COLOR: '0' }, false, true],
    ];
    for (const [flag, env, tty, want] of cases) assert.equal(colorEnabled(flag, { env, stdoutIsTTY: tty }), want, JSON.stringify({ flag, env, tty }));
  });

  test('text output piped: FORCE_COLOR=1 and --color colour it; --no-color and FORCE_COLOR=0 do not', async () => {
    const esc = /\u001b\[/;
    assert.doesNotMatch((await podwhy(['-f', OOM])).out, esc);
    assert.match((await podwhy(['-f', OOM, '--color'])).out, esc);
    assert.match((await podwhy(['-f', OOM], { FORCE_COLOR: '2', NO_COLOR: '1' })).out, esc);
    assert.doesNotMatch((await podwhy(['-f', OOM, '--no-color'], { FORCE_COLOR: '1' })).out, esc);
    assert.doesNotMatch((await podwhy(['-f', OOM], { FORCE_COLOR: '0' })).out, esc);
    assert.match(spawn(BIN, ['-f', OOM], { FORCE_COLOR: '1' }).out, esc);
    // the table formats stay plain
    assert.doesNotMatch((await podwhy(['-f', OOM, '-o', 'wide'], { FORCE_COLOR: '1' })).out, esc);
  });
});

describe('live: -o wide and -c', () => {
  const server = new FakeApiServer();
  let env: Record<string, string> = {};
  before(async () => {
    await server.start();
    server.serveFixture(OOM);
    server.serveFixture(SIDECAR);
    server.setLog('payments', 'ledger-api-mwsrxq242-96hb7', 'log-forwarder', 'fluent-bit starting\n', true);
    env = { KUBECONFIG: server.writeKubeconfig(tmp, { namespace: 'shop' }) };
  });
  after(() => server.stop());

  test('-o wide for one pod and for a namespace, as offline', async () => {
    const one = await podwhy(['orders-api-6f8d9c7b54-q7xkz', '-o', 'wide', '--now', '2024-10-08T14:27:00Z'], env);
    assert.equal(one.code, 1, one.err);
    assert.match(one.out, /^NAMESPACE +NAME +READY +STATUS +RESTARTS +AGE +NODE +ROOT CAUSE +SEVERITY +CONTAINER\nshop +orders-api-6f8d9c7b54-q7xkz +0\/1 +CrashLoopBackOff .* crashloop-oomkilled +error +orders-api\n$/);
    const ns = await podwhy(['-n', 'payments', '-o=wide', '--no-headers'], env);
    assert.equal(ns.code, 1, ns.err);
    assert.match(ns.out, /^payments +ledger-api-mwsrxq242-96hb7 .* crashloop-segfault +error +log-forwarder\n$/);
  });

  test('-c reads only that container\'s logs; an unknown one is exit 2 naming the choices', async () => {
    const logReads = () => server.requests.filter((q) => q.path.endsWith('/log')).map((q) => q.query['container']);
    server.requests.length = 0;
    const all = await podwhy(['ledger-api-mwsrxq242-96hb7', '-n', 'payments', '-o', 'json'], env);
    assert.equal(all.code, 1, all.err);
    assert.deepEqual(logReads(), ['log-forwarder']);
    server.requests.length = 0;
    const api = await podwhy(['ledger-api-mwsrxq242-96hb7', '-n', 'payments', '-c', 'api', '-o', 'json'], env);
    assert.equal(api.code, 0, api.err);
    assert.deepEqual(logReads(), [], 'the other container\'s logs are not read');
    assert.deepEqual(JSON.parse(api.out).pods[0].logs ?? {}, {});
    server.requests.length = 0;
    await podwhy(['-n', 'payments', '-c', 'api'], env);
    assert.deepEqual(logReads(), [], 'nor in a namespace scan');
    oneLineError(await podwhy(['ledger-api-mwsrxq242-96hb7', '-n', 'payments', '-c', 'proxy'], env), 2, /^podwhy: container proxy is not valid for pod ledger-api-mwsrxq242-96hb7 — choose one of: api/);
  });
});

describe('kubectl\'s flags for choosing pods and identities (issue 31)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'podwhy-dir-'));
  mkdirSync(join(dir, 'sub'));
  copyFileSync(OOM, join(dir, 'a.yaml'));
  copyFileSync(SIDECAR, join(dir, 'sub', 'b.yml'));
  writeFileSync(join(dir, 'notes.txt'), 'not read from a directory');
  const names = (out: string) => out.trim().split('\n');

  test('-f DIR reads its .json/.yaml/.yml files, -R its subdirectories, -f a,b both', async () => {
    assert.deepEqual(names((await podwhy(['-f', dir, '-o', 'name'])).out), ['pod/orders-api-6f8d9c7b54-q7xkz']);
    const r = await podwhy(['-f', dir, '-R', '-o', 'name']);
    assert.deepEqual(names(r.out), ['pod/orders-api-6f8d9c7b54-q7xkz', 'pod/ledger-api-mwsrxq242-96hb7']);
    assert.deepEqual(names((await podwhy(['-f', `${OOM},${SIDECAR}`, '-o', 'name'])).out), names(r.out));
    oneLineError(await podwhy(['-f', join(dir, 'sub', 'nothing'), '-o', 'name']), 2, /nothing/);
    const empty = mkdtempSync(join(tmpdir(), 'podwhy-empty-'));
    oneLineError(await podwhy(['-f', empty]), 2, /^podwhy: -f .*: no \.json, \.yaml, \.yml files in the directory \(add -R for its subdirectories\)/);
  });

  test('-o name: resource/name a line, the pods the report lists (every pod with --all)', async () => {
    assert.equal((await podwhy(['-f', OOM, '-f', HEALTHY, '-o', 'name'])).out, 'pod/orders-api-6f8d9c7b54-q7xkz\n');
    assert.equal(names((await podwhy(['-f', OOM, '-f', HEALTHY, '-o', 'name', '--all'])).out).length, 2);
  });

  test('--field-selector offline, with the fields the API server supports', async () => {
    const r = await podwhy(['-f', OOM, '-f', SIDECAR, '-o', 'name', '--field-selector', 'spec.nodeName=ip-10-0-12-57.eu-west-1.compute.internal']);
    assert.equal(r.out, 'pod/orders-api-6f8d9c7b54-q7xkz\n');
    assert.equal((await podwhy(['-f', OOM, '-f', SIDECAR, '-o', 'name', '--field-selector', 'spec.nodeName!=ip-10-0-12-57.eu-west-1.compute.internal,status.phase=Running'])).out, 'pod/ledger-api-mwsrxq242-96hb7\n');
    oneLineError(await podwhy(['-f', OOM, '--field-selector', 'spec.containers=x']), 2, /^podwhy: --field-selector: field label not supported: spec\.containers — pods support metadata\.name, /);
    oneLineError(await podwhy(['-f', OOM, '--field-selector', 'status.phase']), 2, /^podwhy: --field-selector: invalid selector: 'status\.phase'; can't understand 'status\.phase'/);
  });

  describe('live', () => {
    const server = new FakeApiServer();
    let kc = '';
    before(async () => {
      await server.start();
      server.serveFixture(OOM);
      server.serveFixture(SIDECAR);
      kc = server.writeKubeconfig(tmp);
    });
    after(() => server.stop());

    test('--field-selector goes to the server with the pod list; -o name', async () => {
      server.requests.length = 0;
      const r = await podwhy(['-A', '--field-selector', 'spec.nodeName=ip-10-0-12-57.eu-west-1.compute.internal', '-o', 'name', '--kubeconfig', kc]);
      assert.equal(r.out, 'pod/orders-api-6f8d9c7b54-q7xkz\n', r.err);
      assert.equal(server.requests.find((q) => q.path === '/api/v1/pods')?.query['fieldSelector'], 'spec.nodeName=ip-10-0-12-57.eu-west-1.compute.internal');
      assert.ok(!server.requests.some((q) => /deployments|statefulsets/.test(q.path)), 'pods only: workloads have no such fields');
    });

    test('--as, --as-group: the requests act as that user (Impersonate-* headers); --as-group alone is refused as kubectl refuses it', async () => {
      server.requests.length = 0;
      const r = await podwhy(['orders-api-6f8d9c7b54-q7xkz', '-n', 'shop', '-o', 'json', '--kubeconfig', kc, '--as', 'jane', '--as-group', 'dev', '--as-group', 'ops']);
      assert.equal(r.code, 1, r.err);
      assert.ok(server.requests.length > 0 && server.requests.every((q) => q.user === 'jane' && q.impersonatedBy === server.user && q.groups?.join() === 'dev,ops'));
      oneLineError(await podwhy(['x', '--kubeconfig', kc, '--as-group', 'dev']), 2, /^podwhy: --as-group needs --as/);
    });

    test('--user and --cluster pick kubeconfig entries other than the context\'s', async () => {
      oneLineError(await podwhy(['x', '--kubeconfig', kc, '--user', 'nobody']), 2, /^podwhy: --user "nobody" is not in the kubeconfig \(.*\) — users: fake-user\n$/);
      oneLineError(await podwhy(['x', '--kubeconfig', kc, '--cluster', 'elsewhere']), 2, /^podwhy: --cluster "elsewhere" is not in the kubeconfig \(.*\) — clusters: fake-cluster\n$/);
      const r = await podwhy(['orders-api-6f8d9c7b54-q7xkz', '-n', 'shop', '-o', 'name', '--kubeconfig', kc, '--user', 'fake-user', '--cluster', 'fake-cluster']);
      assert.equal(r.out, 'pod/orders-api-6f8d9c7b54-q7xkz\n', r.err);
    });
  });
});

describe('-o jsonpath (issue 31)', () => {
  test('over the JSON report, in every spelling of -o; a bad template is one line', async () => {
    const t = '{range .pods[*]}{.name}{"\\t"}{.findings[0].rule}{"\\n"}{end}';
    for (const s of [['-o', `jsonpath=${t}`], [`-o=jsonpath=${t}`], [`--output=jsonpath=${t}`]]) {
      const r = await podwhy(['-f', OOM, '-f', SIDECAR, ...s]);
      assert.equal(r.out, 'orders-api-6f8d9c7b54-q7xkz\tcrashloop-oomkilled\nledger-api-mwsrxq242-96hb7\tcrashloop-segfault\n', r.err);
    }
    oneLineError(await podwhy(['-f', OOM, '-o', 'jsonpath={.pods[*']), 2, /^podwhy: -o jsonpath: unclosed action/);
    oneLineError(await podwhy(['-f', OOM, '-o', 'jsonpat']), 2, /^podwhy: option '-o, --output <format>' argument 'jsonpat' is invalid\. Allowed choices are .*, jsonpath=TEMPLATE — run podwhy --help for usage\n$/);
  });
});
