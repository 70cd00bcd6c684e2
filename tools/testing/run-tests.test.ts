import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { PACKAGE_ROOT } from '../../src/catalogue/paths.js';
import { readRecords, seconds, slowestTable, sourceOf, suiteOf } from './run-tests.js';

test('the suite follows the file name', () => {
  assert.equal(suiteOf('dist/src/cli/cli.e2e.test.js'), 'e2e');
  assert.equal(suiteOf('src/cli/cli.e2e.test.ts'), 'e2e');
  assert.equal(suiteOf('dist/src/cli/hostile.test.js'), 'unit');
  // "e2e" elsewhere in the name does not make a file end-to-end
  assert.equal(suiteOf('dist/e2e/x.test.js'), 'unit');
  assert.equal(suiteOf('dist/src/cli/e2e.test.js'), 'unit');
});

test('a compiled test names its source: tsc mirrors the checkout under dist/', () => {
  const at = (...p: string[]) => join(PACKAGE_ROOT, ...p);
  assert.equal(sourceOf(at('dist', 'src', 'cli', 'main.test.js')), at('src', 'cli', 'main.test.ts'));
  assert.equal(sourceOf(at('dist', 'tools', 'build', 'layers.test.js')), at('tools', 'build', 'layers.test.ts'));
  assert.equal(sourceOf(at('dist', 'test', 'fuzz-seed.test.js')), at('test', 'fuzz-seed.test.ts'));
  assert.equal(sourceOf(at('elsewhere', 'x.test.js')), undefined);
});

test('records are read slowest first; a line cut short by a killed process is skipped', () => {
  const text = [
    JSON.stringify({ file: '/r/dist/a.test.js', suite: 'unit', ms: 120, violations: [] }),
    JSON.stringify({ file: '/r/dist/b.e2e.test.js', suite: 'e2e', ms: 95_000, violations: [] }),
    '{"file":"/r/dist/c.te',
    JSON.stringify({ file: '/r/dist/d.test.js', suite: 'unit', ms: 4_321, violations: ['x'] }),
    '',
  ].join('\n');
  const records = readRecords(text);
  assert.deepEqual(
    records.map((r) => r.file),
    ['/r/dist/b.e2e.test.js', '/r/dist/d.test.js', '/r/dist/a.test.js'],
  );
  assert.equal(
    slowestTable(records, 2, '/r'),
    'slowest 2 of 3 test files (wall time of each file\'s process):\n' + '    1m35s  e2e   dist/b.e2e.test.js\n' + '     4.3s  unit  dist/d.test.js\n',
  );
  assert.equal(slowestTable(records, 0, '/r'), '');
  assert.equal(slowestTable([], 10, '/r'), '');
});

test('seconds', () => {
  assert.equal(seconds(0), '0.0s');
  assert.equal(seconds(59_949), '59.9s');
  assert.equal(seconds(60_000), '1m00s');
  assert.equal(seconds(125_400), '2m05s');
});
