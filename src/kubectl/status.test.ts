import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import yaml from 'js-yaml';
import { PACKAGE_ROOT } from '../catalogue/paths.js';
import { time } from '../util/json.js';
import { humanDuration } from './duration.js';
import { kubectlColumns } from './status.js';

/** One pod row of `kubectl get pods` from kubectl's own printer tests (see the file's header). */
interface PrinterCase {
  /** Go test function and case name, e.g. "TestPrintPod/test1" */
  name: string;
  pod: Record<string, unknown>;
  expected: { ready: string; status: string; restarts: string; age: string };
  /** set when the Go expectation depended on behaviour that changed across versions; explain */
  note?: string;
}

// Beside this test rather than in fixtures/: the fixture sweeps (commands, redaction, fuzz) read
// every YAML under fixtures/ as pods, and these are kubectl's synthetic rows, not pods to diagnose.
const CASES_FILE = join(PACKAGE_ROOT, 'test', 'data', 'printer-cases.yaml');
const data = yaml.load(readFileSync(CASES_FILE, 'utf8'), { schema: yaml.CORE_SCHEMA }) as { now: string; cases: PrinterCase[] };
const PRINTER_CASES = data.cases;
const now = time(data.now) as number;

test('the printer cases file holds well-formed cases', () => {
  assert.ok(Array.isArray(PRINTER_CASES) && PRINTER_CASES.length >= 40, `${CASES_FILE}: cases`);
  const names = new Set<string>();
  for (const [i, c] of PRINTER_CASES.entries()) {
    const at = `${CASES_FILE}: cases[${i}]`;
    assert.equal(typeof c.name, 'string', `${at}.name`);
    assert.ok(!names.has(c.name), `${at}.name: ${c.name} twice`);
    names.add(c.name);
    assert.ok(c.pod !== null && typeof c.pod === 'object', `${at}.pod`);
    for (const k of ['ready', 'status', 'restarts', 'age'] as const) assert.equal(typeof c.expected?.[k], 'string', `${at}.expected.${k}`);
  }
});

describe("kubectl's own printer tests", () => {
  for (const c of PRINTER_CASES) {
    // The legacy case records what a ~v1.15 API server printed; we match v1.32–v1.34.
    const legacy = c.note?.startsWith('LEGACY') === true;
    test(c.name, { skip: legacy ? 'expectation of a v1.15 API server' : false }, () => {
      assert.deepEqual(kubectlColumns(c.pod, now), c.expected);
    });
  }

  test('the legacy case prints NotReady on v1.32+ servers', () => {
    const legacy = PRINTER_CASES.find((c) => c.note?.startsWith('LEGACY'));
    assert.ok(legacy);
    assert.equal(kubectlColumns(legacy.pod, now).status, 'NotReady');
  });
});

describe('HumanDuration', () => {
  // From apimachinery's duration tests, plus the boundaries of each range.
  const s = 1000;
  const m = 60 * s;
  const h = 60 * m;
  const d = 24 * h;
  const y = 365 * d;
  const cases: [number, string][] = [
    [-2 * s, '<invalid>'],
    [-1 * s, '0s'],
    [-500, '0s'],
    [0, '0s'],
    [1 * s, '1s'],
    [59 * s, '59s'],
    [119 * s, '119s'],
    [2 * m, '2m'],
    [2 * m + 30 * s, '2m30s'],
    [9 * m + 59 * s, '9m59s'],
    [10 * m, '10m'],
    [10 * m + 59 * s, '10m'],
    [179 * m, '179m'],
    [3 * h, '3h'],
    [3 * h + 5 * m, '3h5m'],
    [7 * h + 59 * m, '7h59m'],
    [8 * h, '8h'],
    [47 * h, '47h'],
    [48 * h, '2d'],
    [3 * d + 4 * h, '3d4h'],
    [7 * d + 23 * h, '7d23h'],
    [8 * d, '8d'],
    [400 * d, '400d'],
    [2 * y - d, '729d'],
    [2 * y, '2y'],
    [3 * y + 10 * d, '3y10d'],
    [7 * y + 364 * d, '7y364d'],
    [8 * y, '8y'],
    [12 * y + 100 * d, '12y'],
  ];
  for (const [ms, want] of cases) test(`${ms}ms → ${want}`, () => assert.equal(humanDuration(ms), want));
});

describe('kubectl columns on real-world shapes', () => {
  const base = {
    metadata: { name: 'p', creationTimestamp: '2025-06-01T09:00:00Z' },
    spec: { containers: [{ name: 'app' }] },
  };
  test('AGE from creationTimestamp', () => {
    assert.equal(kubectlColumns({ ...base, status: { phase: 'Running' } }, now).age, '3h');
  });
  test('RESTARTS with the newest lastState finishedAt', () => {
    const pod = {
      ...base,
      status: {
        phase: 'Running',
        containerStatuses: [
          { name: 'app', ready: false, restartCount: 7, state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: { terminated: { exitCode: 137, reason: 'OOMKilled', finishedAt: '2025-06-01T11:55:00Z' } } },
        ],
      },
    };
    assert.deepEqual(kubectlColumns(pod, now), { ready: '0/1', status: 'CrashLoopBackOff', restarts: '7 (5m ago)', age: '3h' });
  });
  test('a deleted pod on a lost node prints Unknown', () => {
    const pod = { ...base, metadata: { ...base.metadata, deletionTimestamp: '2025-06-01T10:00:00Z' }, status: { phase: 'Running', reason: 'NodeLost' } };
    assert.equal(kubectlColumns(pod, now).status, 'Unknown');
  });
  test('an evicted pod shows its container reason', () => {
    const pod = {
      ...base,
      status: {
        phase: 'Failed',
        reason: 'Evicted',
        containerStatuses: [{ name: 'app', ready: false, restartCount: 0, state: { terminated: { exitCode: 137, reason: 'ContainerStatusUnknown' } } }],
      },
    };
    assert.equal(kubectlColumns(pod, now).status, 'ContainerStatusUnknown');
  });
  test('SchedulingGated overrides the phase', () => {
    const pod = { ...base, status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] } };
    assert.equal(kubectlColumns(pod, now).status, 'SchedulingGated');
  });
  test('nothing at all does not throw', () => {
    for (const junk of [undefined, null, 42, 'x', [], {}, { status: 7 }, { spec: { containers: 'no' } }, { status: { containerStatuses: [null, 3, { state: 5 }] } }]) {
      const r = kubectlColumns(junk, now);
      assert.equal(typeof r.status, 'string');
    }
  });
});
