// What a command line says about how long it runs: table tests over command shapes seen in real
// pods (a `sleep 1` demo, shell loops in init containers, preStop sleeps).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { commandSleeps, commandWords, endlessLoop, preStopSleeps, scriptProgram } from './command.js';

const words = (command?: unknown[], args?: unknown[]) => commandWords({ ...(command ? { command } : {}), ...(args ? { args } : {}) });

describe('commandSleeps', () => {
  const table: [string, string[] | undefined, number | undefined][] = [
    ['sleep 1', words(['sleep', '1']), 1],
    ['/bin/sleep 30s', words(['/bin/sleep', '30s']), 30],
    ['sh -c "sleep 3600"', words(['/bin/sh', '-c', 'sleep 3600']), 3600],
    ['args only', words(undefined, ['sleep', '5m']), undefined],
    ['sh with args', words(['sh'], ['-c', 'exec sleep 2h;']), 7200],
    ['sleep then work', words(['sh', '-c', 'sleep 5; ./app']), undefined],
    ['a server', words(['nginx', '-g', 'daemon off;']), undefined],
    ['sleep infinity never ends by itself', words(['sleep', 'infinity']), undefined],
    ['no command', undefined, undefined],
  ];
  for (const [name, w, want] of table) test(name, () => assert.equal(commandSleeps(w), want));
});

describe('endlessLoop', () => {
  const table: [string, string[] | undefined, boolean | undefined][] = [
    ['while true without a break', words(['/bin/bash'], ['-c', "echo [init] started\ntrap 'echo [init] finished' EXIT\nwhile true; do echo [init] sleep; sleep 1; done\n"]), true],
    ['while : do', words(['sh', '-c', 'while :; do date; sleep 10; done']), true],
    ['sleep infinity', words(['sleep', 'infinity']), true],
    ['tail -f', words(['sh', '-c', 'touch /tmp/x && tail -f /dev/null']), true],
    ['a loop that breaks', words(['sh', '-c', 'while true; do nc -z db 5432 && break; sleep 2; done']), false],
    ['a loop that exits', words(['sh', '-c', 'while true; do if ready; then exit 0; fi; sleep 2; done']), false],
    ['until a name resolves', words(['sh', '-c', 'until nslookup firmament-service.kube-system; do echo waiting; sleep 2; done']), false],
    ['a plain program', words(['python', 'app.py']), false],
    ['no command', undefined, undefined],
  ];
  for (const [name, w, want] of table) test(name, () => assert.equal(endlessLoop(w), want));
});

describe('preStopSleeps', () => {
  const hook = (preStop: unknown) => ({ lifecycle: { preStop } });
  test('exec sh -c "sleep 999999"', () => assert.equal(preStopSleeps(hook({ exec: { command: ['/bin/sh', '-c', 'sleep 999999'] } })), 999999));
  test('exec sleep 15 then a command', () => assert.equal(preStopSleeps(hook({ exec: { command: ['sh', '-c', 'sleep 15; nginx -s quit'] } })), 15));
  test('the sleep action', () => assert.equal(preStopSleeps(hook({ sleep: { seconds: 20 } })), 20));
  test('an HTTP hook', () => assert.equal(preStopSleeps(hook({ httpGet: { path: '/shutdown', port: 8080 } })), undefined));
  test('no hook', () => assert.equal(preStopSleeps({}), undefined));
});

describe('scriptProgram', () => {
  test('the first program of a sh -c script', () => assert.equal(scriptProgram(words(['sh', '-c', 'sleeeep 2;'])), 'sleeeep'));
  test('a path', () => assert.equal(scriptProgram(words(['/bin/sh', '-c', '/app/run.sh --port 8080'])), '/app/run.sh'));
  test('an assignment first is not a program', () => assert.equal(scriptProgram(words(['sh', '-c', 'PASSWORD=x ./run'])), undefined));
  test('not a shell', () => assert.equal(scriptProgram(words(['python', '-c', 'print(1)'])), undefined));
});
