// Hostile input, across every output format: bombs, binary, deep nesting, truncation, wrong
// types, secrets in every place, and escape sequences in names and messages. Nothing may crash,
// hang, leak a secret or reach the terminal as a control sequence.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { memoryIO } from '../../test/io.js';
import { FIXTURES_DIR } from '../api/rules.js';
import { main } from './main.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-hostile-'));
const FORMATS = ['text', 'json', 'yaml', 'name', 'junit', 'sarif', 'github', 'markdown'];

async function run(args: string[], stdin = '') {
  const io = memoryIO({ HOME: tmp }, stdin);
  io.cwd = tmp;
  const code = await main(['node', 'podwhy', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

function file(name: string, content: string | Buffer): string {
  const f = join(tmp, name);
  writeFileSync(f, content);
  return f;
}

function refused(r: Awaited<ReturnType<typeof run>>, re: RegExp) {
  assert.equal(r.code, 2, r.err);
  assert.equal(r.out, '');
  assert.match(r.err, re);
  assert.equal(r.err.trim().split('\n').length, 1, r.err);
  // no clock here: a refusal that blows up shows in the runner's slowest-files table, and speed is
  // measured by `npm run bench` (on an idle machine every refusal takes well under 1 s)
}

describe('bounded input', () => {
  test('a YAML alias bomb is refused at once', async () => {
    const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...'bcdefghi'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`)].join('\n');
    refused(await run(['-f', file('bomb.yaml', bomb)]), /YAML anchors and aliases are not accepted \(&a near line 1\)/);
  });
  test('an ordinary anchor is refused too, with where it is', async () => {
    const pod = [
      'apiVersion: v1',
      'kind: Pod',
      'metadata: {name: anchored, namespace: default}',
      'spec:',
      '  containers:',
      '  - name: a',
      '    image: busybox',
      '    env: &env [{name: MODE, value: "a&b"}]',
      '  - name: b',
      '    image: busybox',
      '    env: *env',
      'status: {phase: Running}',
    ].join('\n');
    refused(await run(['-f', file('anchored.yaml', pod)]), /anchored\.yaml: YAML anchors and aliases are not accepted \(&env near line 8\)/);
    // An ampersand in a value is not an anchor.
    const plain = await run(['-f', file('amp.yaml', pod.replace('&env ', '').replace('env: *env', 'env: []')), '-o', 'json']);
    assert.equal(JSON.parse(plain.out).pods[0].name, 'anchored', plain.err);
  });
  test('input over --max-bytes, from a file and from stdin', async () => {
    const pod = readFileSync(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml'), 'utf8');
    refused(await run(['-f', file('big.yaml', pod), '--max-bytes', '2Ki']), /is 7\.7 KiB, more than --max-bytes 2 KiB/);
    refused(await run(['--max-bytes', '2Ki'], pod), /<stdin> is larger than --max-bytes 2 KiB/);
  });
  test('binary, non-UTF-8 and UTF-16 input', async () => {
    refused(await run(['-f', file('bin.dat', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]))]), /looks binary \(a NUL byte at offset 4\)/);
    refused(await run(['-f', file('latin1.yaml', Buffer.from('kind: Pod\nmetadata:\n  name: caf\xe9\n', 'latin1'))]), /is not UTF-8 text \(invalid byte at offset 31\)/);
    const u16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('apiVersion: v1\nkind: Pod\nmetadata:\n  name: from-windows\nstatus:\n  phase: Running\n', 'utf16le')]);
    const r = await run(['-f', file('u16.yaml', u16), '-o', 'json']);
    assert.equal(JSON.parse(r.out).pods[0].name, 'from-windows');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"kind":"Pod","metadata":{"name":"bom"},"status":{"phase":"Running"}}')]);
    assert.equal(JSON.parse((await run(['-f', file('bom.json', bom), '-o', 'json'])).out).pods[0].name, 'bom');
  });
  test('deep nesting and too many documents', async () => {
    refused(await run(['-f', file('deep.yaml', `a:\n${Array.from({ length: 100 }, (_, i) => `${' '.repeat(i + 1)}- `).join('\n')}\n`)]), /nesting exceeded maxDepth \(64\)/);
    const deep = await run(['-f', file('deep.json', `${'['.repeat(100000)}${']'.repeat(100000)}`)]);
    assert.equal(deep.code, 2);
    assert.doesNotMatch(deep.err, /\n\s+at /);
    refused(await run(['-f', file('docs.yaml', '---\nkind: Pod\n'.repeat(100001))]), /more than 100000 YAML documents — split the input/);
  });
  test('truncated JSON and YAML', async () => {
    // nothing worth reading before the cut: the cut is the error
    refused(await run(['-f', file('cut0.json', '{"kind":"Pod","metadata":{"na')]), /cut0\.json:1:30: the JSON ends inside a string — the input is cut short there/);
    // what was complete before the cut is diagnosed, the cut is said in one line, and the run fails
    for (const format of FORMATS) {
      const json = await run(['-f', file('cut.json', '{"kind":"Pod","metadata":{"name":"x"},"status":{"phase":"Pending","conditions":[{"type":"PodSched'), '-o', format]);
      assert.equal(json.code, 2, json.err);
      assert.match(json.out, /\bx\b/, format);
      assert.match(json.err, /^podwhy: \S*cut\.json:1:\d+: the JSON ends inside a string — the input is cut short there: what came before was read/);
      assert.equal(json.err.trim().split('\n').length, 1, json.err);
    }
    const yaml = readFileSync(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml'), 'utf8');
    const cut = await run(['-f', file('cut.yaml', yaml.slice(0, yaml.indexOf('containerStatuses:') + 40))]);
    assert.ok([0, 1, 2].includes(cut.code));
    assert.doesNotMatch(cut.err, /\n\s+at /);
  });
});

describe('bounded pastes', () => {
  const DESCRIBE = 'Name:         web-1\nNamespace:    shop\nNode:         node-1/10.0.0.1\nStatus:       Running\nContainers:\n  web:\n    Image:          web:1\n    State:          Waiting\n      Reason:       CrashLoopBackOff\n    Last State:     Terminated\n      Reason:       OOMKilled\n      Exit Code:    137\n    Ready:          False\n    Restart Count:  4\n';
  const diagnosed = (r: Awaited<ReturnType<typeof run>>) => {
    assert.ok(r.code === 0 || r.code === 1, r.err);
    assert.doesNotMatch(r.err, /\n\s+at /);
  };
  test('a line of ten megabytes in a paste is cut, not echoed', async () => {
    const r = await run(['-f', file('long.txt', `${DESCRIBE}${'x'.repeat(10_000_000)}\n`), '-o', 'json']);
    diagnosed(r);
    assert.ok(r.err.length < 300, r.err.slice(0, 300));
    assert.match(r.err, /1 line\(s\) could not be read and were skipped \(line 15\)/);
  });
  test('a million lines of prose before a describe', async () => {
    diagnosed(await run(['-f', file('prose.txt', `${'My pod does not start and I do not know why.\n'.repeat(1_000_000)}${DESCRIBE}`), '-o', 'json']));
  });
  test('more lines than the reader takes: one line', async () => {
    refused(await run(['-f', file('lines.txt', 'why\n'.repeat(2_100_000))]), /more than 2000000 lines of text — split the input/);
  });
  test('control bytes and escape sequences inside a paste are dropped', async () => {
    const r = await run(['-f', file('ctl.txt', DESCRIBE.replace('Status:       Running', 'Status:       Run\u0001ning\u001b[2J')), '-o', 'json']);
    diagnosed(r);
    assert.ok(!/[\u0001\u001b]/.test(r.out + r.err));
  });
  test('JSON nested a hundred thousand deep inside a paste', async () => {
    const r = await run(['-f', file('deep.txt', `${DESCRIBE}\nand this:\n${'['.repeat(100_000)}${']'.repeat(100_000)}\n`), '-o', 'json']);
    diagnosed(r);
    assert.match(r.err, /could not be read and were skipped/);
  });
  test('YAML nested past the limit inside a paste', async () => {
    const deep = Array.from({ length: 200 }, (_, i) => `${' '.repeat(2 * i)}a${i}:`).join('\n');
    diagnosed(await run(['-f', file('deepy.txt', `${DESCRIBE}\nspec:\n${deep}\n`), '-o', 'json']));
  });
  test('a fence that never closes', async () => {
    const r = await run(['-f', file('fence.txt', `Here:\n\`\`\`\n${DESCRIBE}${'and some words\n'.repeat(50_000)}`), '-o', 'json']);
    diagnosed(r);
    assert.equal((JSON.parse(r.out) as { pods: unknown[] }).pods.length, 1);
  });
  test('a table of twenty thousand pods', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `web-${i}   0/1   CrashLoopBackOff   3   5m`).join('\n');
    diagnosed(await run(['-f', file('table.txt', `$ kubectl get pods\nNAME   READY   STATUS   RESTARTS   AGE\n${rows}\n`), '-o', 'json']));
  });
});

describe('robust normalization', () => {
  const weird = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 42, namespace: null, creationTimestamp: 'not a time', labels: 'x', ownerReferences: [null, 3, { kind: 'ReplicaSet' }] },
    spec: { containers: [{ name: 'a', resources: { limits: { memory: 1234 } }, ports: 'x' }, 7, null], restartPolicy: 5, nodeSelector: [] },
    status: {
      phase: 'Running',
      reason: { nested: true },
      message: 'x'.repeat(1_000_000),
      conditions: [{ type: 'Ready', status: false }, 'Ready=True', null],
      containerStatuses: [
        { name: 'a', restartCount: '-7', state: { waiting: { reason: 'CrashLoopBackOff', message: 'x'.repeat(500_000) } }, lastState: { terminated: { exitCode: '137', reason: 'OOMKilled', finishedAt: 12 } } },
        { restartCount: 1e308, state: [] },
        'a string',
      ],
    },
  };
  test('wrong types, nulls, bad counts and times, huge messages: diagnosed, oddities noted', async () => {
    // SARIF carries the whole rule catalogue; the rest must stay small despite 1.5 MB of messages.
    const sarifBase = (await run(['-f', join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml'), '-o', 'sarif'])).out.length;
    for (const fmt of FORMATS) {
      const r = await run(['-f', file('weird.json', JSON.stringify(weird)), '-o', fmt]);
      assert.ok([0, 1].includes(r.code), `${fmt}: exit ${r.code} ${r.err}`);
      assert.ok(r.out.length < (fmt === 'sarif' ? sarifBase : 0) + 100_000, `${fmt}: ${r.out.length} bytes`);
    }
    const json = JSON.parse((await run(['-f', file('weird.json', JSON.stringify(weird)), '-o', 'json'])).out);
    assert.ok(json.pods[0].oddities.some((o: string) => /restartCount .* is not a count/.test(o)));
    assert.ok(json.pods[0].oddities.some((o: string) => /status\.message is 1000000 characters long/.test(o)));
  });
});

describe('secrets never reach the output', () => {
  const SECRETS = ['hunter2-env-value', 'Sup3rS3cretPw', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'AKIAIOSFODNN7EXAMPLE', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLXNlY3JldA', 'tok_live_8f7a6b5c4d', 'lastappliedsecret'];
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'leaky',
      namespace: 'default',
      annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{"env":[{"name":"X","value":"lastappliedsecret"}]}' },
    },
    spec: {
      containers: [
        { name: 'app', image: 'registry.example.com/app:1', args: ['--password=Sup3rS3cretPw', '--token', 'tok_live_8f7a6b5c4d'], env: [{ name: 'DB_PASSWORD', value: 'hunter2-env-value' }] },
      ],
    },
    status: {
      phase: 'Running',
      message: 'connect to postgres://admin:Sup3rS3cretPw@db:5432/app failed',
      containerStatuses: [
        {
          name: 'app',
          ready: false,
          restartCount: 3,
          state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s restarting failed container=app pod=leaky_default(1)' } },
          lastState: { terminated: { exitCode: 1, reason: 'Error', message: 'Authorization: Bearer ghp_abcdefghijklmnopqrstuvwxyz0123456789 rejected; aws_access_key_id=AKIAIOSFODNN7EXAMPLE; token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLXNlY3JldA' } },
        },
      ],
    },
  };
  const header = `kind: PodwhyFixture\nnow: "2025-01-01T00:00:00Z"\nlogs:\n  app: |\n    starting with password=Sup3rS3cretPw\n    api_key: tok_live_8f7a6b5c4d\n    AKIAIOSFODNN7EXAMPLE\nexpect: {fires: [], rootCause: null}\n---\n`;
  test('in every format', async () => {
    const f = file('leaky.yaml', header + JSON.stringify(pod));
    for (const fmt of FORMATS) {
      const r = await run(['-f', f, '-o', fmt]);
      for (const s of SECRETS) assert.ok(!r.out.includes(s) && !r.err.includes(s), `${fmt} leaks ${s}`);
    }
  });
  test('from describe text, whose Command and Args the reader keeps for the facts', async () => {
    const text = [
      'Name:         leaky',
      'Namespace:    default',
      'Node:         node-1/10.0.0.1',
      'Status:       Running',
      'Containers:',
      '  app:',
      '    Image:          registry.example.com/app:1',
      '    Command:',
      '      sh',
      '      -c',
      '      run --password=Sup3rS3cretPw',
      '    Args:',
      '      --token',
      '      tok_live_8f7a6b5c4d',
      '    State:          Waiting',
      '      Reason:       CrashLoopBackOff',
      '    Last State:     Terminated',
      '      Reason:       Error',
      '      Exit Code:    127',
      '    Ready:          False',
      '    Restart Count:  3',
      'Events:  <none>',
      '',
    ].join('\n');
    const f = file('leaky-describe.txt', text);
    for (const fmt of FORMATS) {
      const r = await run(['-f', f, '-o', fmt]);
      for (const s of SECRETS) assert.ok(!r.out.includes(s) && !r.err.includes(s), `${fmt} leaks ${s}`);
    }
  });
});

describe('terminal safety', () => {
  const evil = 'web\u001b]8;;http://evil.example/\u0007click\u001b]8;;\u0007\u001b[2J\u001b[31mred\u0008\r\u202egnp.exe\u0000';
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: evil, namespace: evil },
    spec: { containers: [{ name: evil, image: 'x' }] },
    status: { phase: 'Pending', reason: 'Evicted', message: `The node was low on resource: memory. ${evil}`, containerStatuses: [{ name: evil, state: { waiting: { reason: `Weird${evil}`, message: evil } } }] },
  };
  test('no control bytes from the input in text, github, markdown output, or on stderr', async () => {
    const f = file('evil.json', JSON.stringify(pod));
    for (const fmt of ['text', 'github', 'markdown', 'junit']) {
      const r = await run(['-f', f, '-o', fmt, '--no-color']);
      // eslint-disable-next-line no-control-regex
      assert.doesNotMatch(r.out + r.err, /[\u0000-\u0008\u000b-\u001f\u007f\u202e]/, fmt);
    }
    const warned = await run(['-f', file('evil-kind.json', JSON.stringify({ kind: `Deploy\u001b[2Jment`, metadata: { name: evil } }))]);
    // eslint-disable-next-line no-control-regex
    assert.doesNotMatch(warned.err, /[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
  });
});
