import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callgrindTotal, perfStatFigures, spread } from './measure.js';

test('spread: median, extremes and quartiles of unsorted runs', () => {
  assert.deepEqual(spread([5, 1, 3, 2, 4]), { median: 3, min: 1, max: 5, q1: 2, q3: 4, n: 5 });
  const even = spread([10, 40, 20, 30]);
  assert.equal(even.median, 25);
  assert.equal(even.q1, 17.5);
  assert.equal(even.q3, 32.5);
  assert.ok(Number.isNaN(spread([]).median));
});

test('perf stat CSV: CPU from task-clock, wall from duration_time; other lines ignored', () => {
  const text = '# started on Tue Dec  1 18:42:57 2026\n\n49.84,msec,task-clock,49837552,100.00,0.866,CPUs utilized\n57545804,ns,duration_time,57545804,100.00,1.155,G/sec\n';
  assert.deepEqual(perfStatFigures(text), { cpuMs: 49.84, wallMs: 57.545804 });
  assert.deepEqual(perfStatFigures('<not supported>,,task-clock,0,100.00,,\n'), {});
});

test('callgrind: the total of the run, not a thread\'s line', () => {
  assert.equal(callgrindTotal('==3784== Events    : Ir\n==3784== Collected : 500270920\n==3784==\n==3784== I   refs:      500,270,920\n'), 500270920);
  assert.equal(callgrindTotal('valgrind: failed to start tool'), undefined);
});
