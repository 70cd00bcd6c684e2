import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { Script } from 'node:vm';
import { cacheDirectory, codeLoader, familyOf, MAX_SHAPES, pruneCacheFiles, readCacheFile, shapeOf, writeCacheFile } from './code-cache.js';

const me = { uid: process.getuid?.() };
const POSIX = me.uid !== undefined;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'podwhy-code-cache-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the cache directory', () => {
  test('is made in the temp directory, per user, open to its owner only', () => {
    const got = cacheDirectory({}, me, () => dir);
    assert.equal(got, join(dir, `podwhy-code-cache-${me.uid ?? 'user'}`));
    if (POSIX) assert.equal(statSync(got).mode & 0o777, 0o700);
    // and found again
    assert.equal(cacheDirectory({}, me, () => dir), got);
  });

  test('goes under NODE_COMPILE_CACHE when it is set, and nowhere with NODE_DISABLE_COMPILE_CACHE=1', () => {
    assert.equal(cacheDirectory({ NODE_COMPILE_CACHE: join(dir, 'cc') }, me, () => dir), join(dir, 'cc', 'podwhy'));
    assert.equal(cacheDirectory({ NODE_DISABLE_COMPILE_CACHE: '1' }, me, () => dir), undefined);
    assert.deepEqual(readdirSync(dir), ['cc']);
  });

  test('is not used when someone else could have planted code in it', { skip: !POSIX && 'modes and owners are POSIX' }, () => {
    const path = join(dir, `podwhy-code-cache-${me.uid}`);
    mkdirSync(path, { mode: 0o700 });
    chmodSync(path, 0o777);
    assert.equal(cacheDirectory({}, me, () => dir), undefined, 'open to others');
    chmodSync(path, 0o700);
    assert.equal(cacheDirectory({}, { uid: (me.uid as number) + 1 }, () => dir), undefined, 'another user\'s');
    rmSync(path, { recursive: true });
    const elsewhere = mkdtempSync(join(tmpdir(), 'podwhy-elsewhere-'));
    try {
      chmodSync(elsewhere, 0o700);
      symlinkSync(elsewhere, path);
      assert.equal(cacheDirectory({}, me, () => dir), undefined, 'a link');
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
    writeFileSync(join(dir, 'file'), '');
    assert.equal(cacheDirectory({ NODE_COMPILE_CACHE: join(dir, 'file') }, me, () => dir), undefined, 'not a directory');
  });
});

describe('a cache file', () => {
  test('reads back what was written, and nothing is left beside it', () => {
    const path = join(dir, 'x.bin');
    writeCacheFile(path, { stamp: '12.34', shapes: ['-,-f,tty', 'rules,tty'], data: Buffer.from([0, 10, 255, 1]) });
    const got = readCacheFile(path, me);
    assert.equal(got?.stamp, '12.34');
    assert.deepEqual(got?.shapes, ['-,-f,tty', 'rules,tty']);
    assert.deepEqual([...(got?.data ?? [])], [0, 10, 255, 1]);
    assert.deepEqual(readdirSync(dir), ['x.bin']);
    if (POSIX) assert.equal(statSync(path).mode & 0o777, 0o600);
  });

  test('is not read when it is not ours, writable by others, a link, or not in our format', { skip: !POSIX && 'modes and owners are POSIX' }, () => {
    const path = join(dir, 'x.bin');
    writeCacheFile(path, { stamp: '1.2', shapes: ['s'], data: Buffer.from('data') });
    assert.equal(readCacheFile(path, { uid: (me.uid as number) + 1 }), undefined, 'another user\'s');
    chmodSync(path, 0o622);
    assert.equal(readCacheFile(path, me), undefined, 'writable by others');
    chmodSync(path, 0o600);
    symlinkSync(path, join(dir, 'link.bin'));
    assert.equal(readCacheFile(join(dir, 'link.bin'), me), undefined, 'a link');
    writeFileSync(join(dir, 'other.bin'), 'something-else 1 1.2 s\ndata', { mode: 0o600 });
    assert.equal(readCacheFile(join(dir, 'other.bin'), me), undefined, 'another format');
    writeFileSync(join(dir, 'newer.bin'), 'podwhy-code-cache 2 1.2 s\ndata', { mode: 0o600 });
    assert.equal(readCacheFile(join(dir, 'newer.bin'), me), undefined, 'another version of the format');
    assert.equal(readCacheFile(join(dir, 'absent.bin'), me), undefined);
  });

  test('a write that cannot be made is dropped quietly, and leaves another process\'s file alone', () => {
    writeCacheFile(join(dir, 'no-such-dir', 'x.bin'), { stamp: '1.2', shapes: [], data: Buffer.from('x') });
    assert.deepEqual(readdirSync(dir), []);
    // a process of another pid namespace with our pid, writing the same file
    writeFileSync(join(dir, `x.bin.${process.pid}.tmp`), 'theirs');
    writeCacheFile(join(dir, 'x.bin'), { stamp: '1.2', shapes: [], data: Buffer.from('ours') });
    assert.deepEqual(readdirSync(dir), [`x.bin.${process.pid}.tmp`]);
    assert.equal(readFileSync(join(dir, `x.bin.${process.pid}.tmp`), 'utf8'), 'theirs');
  });
});

test('the shape of a command line: command, option names, output format, stdin; no values', () => {
  const commands = ['explain', 'rules', 'test'];
  assert.equal(shapeOf(['-f', 'pod.yaml', '-o', 'json', '--now', '2025-01-01T00:00:00Z'], commands, true), '-,--now,-f,o=json,tty');
  assert.equal(shapeOf(['web-1', '-n', 'shop'], commands, true), '-,-n,tty');
  assert.equal(shapeOf(['web-2', '-n', 'prod'], commands, true), shapeOf(['web-1', '-n', 'shop'], commands, true));
  assert.equal(shapeOf(['--output=yaml', '-f', '-'], commands, false), '-,-f,o=yaml,in');
  assert.equal(shapeOf(['-ojson'], commands, false), '-,o=json,in');
  assert.equal(shapeOf(['explain', 'CrashLoopBackOff'], commands, true), 'explain,tty');
  assert.equal(shapeOf(['-o', 'a b\nc'], commands, true), '-,o=?,tty', 'no spaces or newlines from a value');
  assert.equal(shapeOf(['--a b'], commands, true), '-,--a,tty');
  assert.ok(!/[\s]/.test(shapeOf(['-x\n', '--y z'], commands, true)));
});

test('the family of a shape: command, output format, -f; a file name\'s characters only', () => {
  const commands = ['explain', 'rules'];
  const fam = (args: string[], tty = true) => familyOf(shapeOf(args, commands, tty));
  assert.equal(fam(['-f', 'pod.yaml', '-o', 'json', '--now', 'x']), 'main.json.f');
  assert.equal(fam(['-f', 'other.yaml', '-ojson']), 'main.json.f', 'other options, the same family');
  assert.equal(fam(['--file', 'other.yaml', '-o', 'json']), 'main.json.f');
  assert.equal(fam(['-f', 'pod.yaml']), 'main.text.f');
  assert.equal(fam(['web-1', '-n', 'shop', '-o', 'json'], false), 'main.json', 'live: no -f');
  assert.equal(fam(['explain', 'CrashLoopBackOff']), 'explain.text');
  assert.equal(fam(['rules', '-o', 'a/../b']), 'rules.x');
  for (const s of ['', ',,', 'a b,o=../x', '../..,-f']) assert.match(familyOf(s), /^[a-z]+\.[a-z]+(?:\.f)?$/, JSON.stringify(s));
});

describe('the loader', () => {
  /** A run's age: these runs are young (a long run does not make a taken cache anew). */
  const young = () => 0;
  /** A bundle directory: a.cjs requires b.cjs (through the loader) and node:path (through Node). */
  function bundle(aSource = "const b = require('./b.cjs'); exports.sum = (x) => b.twice(x) + 1; exports.b = b; exports.sep = require('node:path').sep;") {
    const code = join(dir, 'bundle');
    mkdirSync(code, { recursive: true });
    writeFileSync(join(code, 'a.cjs'), aSource);
    writeFileSync(join(code, 'b.cjs'), 'exports.loads = (exports.loads ?? 0) + 1; exports.twice = (x) => 2 * x;');
    const cache = join(dir, 'cache');
    mkdirSync(cache, { recursive: true, mode: 0o700 });
    return { code, cache, files: { 'a.cjs': 'aaaa', 'b.cjs': 'bbbb' } };
  }
  const cacheFiles = (cache: string) => readdirSync(cache).sort();

  test('loads a file and what it requires, each once, and caches both when the run ends', () => {
    const { code, cache, files } = bundle();
    const loader = codeLoader(code, files, 'shape-1', cache, young);
    const a = loader.load('a.cjs') as { sum: (x: number) => number; b: { loads: number }; sep: string };
    assert.equal(a.sum(20), 41);
    assert.equal(a.sep, '/');
    assert.equal(loader.load('b.cjs'), a.b, 'one instance');
    assert.equal(a.b.loads, 1);
    assert.deepEqual(cacheFiles(cache), [], 'nothing before the run ends');
    loader.save();
    const names = cacheFiles(cache);
    assert.equal(names.length, 2);
    assert.equal(names[0], `a-aaaa-main.text-${process.version}-${process.arch}.bin`);
    assert.deepEqual(readCacheFile(join(cache, names[0] as string))?.shapes, ['shape-1']);
  });

  test('a later run takes the cache, and makes it anew only for a shape it has not served', () => {
    const { code, cache, files } = bundle();
    const first = codeLoader(code, files, 'shape-1', cache, young);
    first.load('a.cjs');
    first.save();
    const before = Object.fromEntries(cacheFiles(cache).map((n) => [n, readFileSync(join(cache, n))]));
    const again = codeLoader(code, files, 'shape-1', cache, young);
    assert.equal((again.load('a.cjs') as { sum: (x: number) => number }).sum(1), 3);
    again.save();
    for (const [n, data] of Object.entries(before)) assert.deepEqual(readFileSync(join(cache, n)), data, `${n} untouched`);
    const other = codeLoader(code, files, 'shape-2', cache, young);
    other.load('a.cjs');
    other.save();
    const a = cacheFiles(cache).find((n) => n.startsWith('a-')) as string;
    assert.deepEqual(readCacheFile(join(cache, a))?.shapes, ['shape-1', 'shape-2']);
  });

  test('each family of shapes has a file of its own: a run takes only its own', () => {
    const { code, cache, files } = bundle();
    for (const shape of ['-,-f,o=json,in', '-,--now,-f,o=json,in', 'explain,tty']) {
      const l = codeLoader(code, files, shape, cache, young);
      l.load('a.cjs');
      l.save();
    }
    const a = cacheFiles(cache).filter((n) => n.startsWith('a-'));
    assert.deepEqual(a, [`a-aaaa-explain.text-${process.version}-${process.arch}.bin`, `a-aaaa-main.json.f-${process.version}-${process.arch}.bin`]);
    assert.deepEqual(readCacheFile(join(cache, a[1] as string))?.shapes, ['-,-f,o=json,in', '-,--now,-f,o=json,in']);
    assert.deepEqual(readCacheFile(join(cache, a[0] as string))?.shapes, ['explain,tty']);
  });

  test('a long run writes no cache: neither a new one nor one for a new shape', () => {
    const { code, cache, files } = bundle();
    const old = () => 10;
    const long = codeLoader(code, files, 'shape-1', cache, old);
    long.load('a.cjs');
    long.save();
    assert.deepEqual(cacheFiles(cache), [], 'none made');
    const short = codeLoader(code, files, 'shape-1', cache, young);
    short.load('a.cjs');
    short.save();
    const a = cacheFiles(cache).find((n) => n.startsWith('a-')) as string;
    const longer = codeLoader(code, files, 'shape-2', cache, old);
    longer.load('a.cjs');
    longer.save();
    assert.deepEqual(readCacheFile(join(cache, a))?.shapes, ['shape-1'], 'left as it was');
  });

  test('a run whose heap grew big writes no cache either (its full collections dropped bytecode)', () => {
    const { code, cache, files } = bundle();
    const big = () => 64 * 1024 * 1024;
    const small = () => 12 * 1024 * 1024;
    const grown = codeLoader(code, files, 'shape-1', cache, young, big);
    grown.load('a.cjs');
    grown.save();
    assert.deepEqual(cacheFiles(cache), [], 'none made');
    const one = codeLoader(code, files, 'shape-1', cache, young, small);
    one.load('a.cjs');
    one.save();
    const a = cacheFiles(cache).find((n) => n.startsWith('a-')) as string;
    const other = codeLoader(code, files, 'shape-2', cache, young, big);
    other.load('a.cjs');
    other.save();
    assert.deepEqual(readCacheFile(join(cache, a))?.shapes, ['shape-1'], 'left as it was');
  });

  test('stops making the cache anew after MAX_SHAPES shapes', () => {
    const { code, cache, files } = bundle();
    for (let i = 0; i < MAX_SHAPES + 3; i++) {
      const loader = codeLoader(code, files, `shape-${i}`, cache, young);
      loader.load('a.cjs');
      loader.save();
    }
    const a = cacheFiles(cache).find((n) => n.startsWith('a-')) as string;
    assert.equal(readCacheFile(join(cache, a))?.shapes.length, MAX_SHAPES);
  });

  test('data V8 rejects is dropped: the source is compiled, runs the same, and the cache is made anew', () => {
    // (a source of its own: V8 keeps what this process compiled, and would not look at the data)
    const { code, cache, files } = bundle(`exports.sum = (x) => x + 1; // ${process.hrtime.bigint()}`);
    const st = statSync(join(code, 'a.cjs'));
    const name = `a-aaaa-main.text-${process.version}-${process.arch}.bin`;
    const garbage = Buffer.from('not V8 code cache data at all');
    writeCacheFile(join(cache, name), { stamp: `${st.size}.${Math.trunc(st.mtimeMs)}`, shapes: ['shape-1'], data: garbage });
    const loader = codeLoader(code, files, 'shape-1', cache, young);
    assert.equal((loader.load('a.cjs') as { sum: (x: number) => number }).sum(5), 6);
    loader.save();
    const entry = readCacheFile(join(cache, name));
    assert.ok(entry && !entry.data.equals(garbage), 'made anew');
    assert.deepEqual(entry.shapes, ['shape-1']);
  });

  test('a source changed under the same hash (a hand-edited bundle) is compiled afresh, never given the old data', () => {
    const { code, cache, files } = bundle();
    const first = codeLoader(code, files, 's', cache, young);
    first.load('a.cjs');
    first.save();
    const [name] = cacheFiles(cache).filter((n) => n.startsWith('a-'));
    const before = readCacheFile(join(cache, name as string));
    // the same length, so V8 itself would take the old data
    const edited = readFileSync(join(code, 'a.cjs'), 'utf8').replace('+ 1', '- 1');
    writeFileSync(join(code, 'a.cjs'), edited);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(code, 'a.cjs'), later, later);
    const second = codeLoader(code, files, 's', cache, young);
    assert.equal((second.load('a.cjs') as { sum: (x: number) => number }).sum(5), 9);
    second.save();
    const after = readCacheFile(join(cache, name as string));
    assert.notEqual(after?.stamp, before?.stamp, 'made anew for the edited source');
  });

  test('writing a cache file deletes earlier builds\' files for this Node a day old, and anything a month old', () => {
    const { code, cache, files } = bundle();
    const suffix = `-${process.version}-${process.arch}.bin`;
    const old = (name: string, days: number) => {
      writeFileSync(join(cache, name), 'x', { mode: 0o600 });
      const t = new Date(Date.now() - days * 24 * 3600 * 1000);
      utimesSync(join(cache, name), t, t);
    };
    old(`a-0000${suffix}`, 2); // an earlier build, two days old: deleted
    old(`a-1111${suffix}`, 0.5); // an earlier build used today (another install): kept
    old(`a-2222-v99.0.0-x64.bin`, 2); // another Node's: kept
    old(`a-3333-v99.0.0-x64.bin`, 31); // a month old: deleted
    old(`a-aaaa-main.text${suffix}.123.tmp`, 2); // a write that died, two days ago: deleted
    old(`a-aaaa-main.json${suffix}.456.tmp`, 0.5); // a write under way: kept
    old(`a-aaaa-explain.text${suffix}`, 2); // this build's file of another family, unwritten for two days: kept
    old(`a-aaaa-rules.json${suffix}`, 31); // this build's, a month old: deleted
    old(`b-0000${suffix}`, 2); // b is not written by this run: kept
    const loader = codeLoader(code, { 'a.cjs': files['a.cjs'] }, 's', cache, young);
    writeFileSync(join(code, 'a.cjs'), 'exports.x = 1;');
    loader.load('a.cjs');
    loader.save();
    // (the shape 's' is the command word s: its family's file is a-aaaa-s.text)
    assert.deepEqual(cacheFiles(cache), [`a-1111${suffix}`, `a-2222-v99.0.0-x64.bin`, `a-aaaa-explain.text${suffix}`, `a-aaaa-main.json${suffix}.456.tmp`, `a-aaaa-s.text${suffix}`, `b-0000${suffix}`].sort());
    pruneCacheFiles(join(dir, 'no-such-dir'), 'a', suffix, 'x');
  });

  test('without a cache directory it loads all the same and writes nothing', () => {
    const { code, cache, files } = bundle();
    const loader = codeLoader(code, files, 's', undefined, young);
    assert.equal((loader.load('a.cjs') as { sum: (x: number) => number }).sum(0), 1);
    loader.save();
    assert.deepEqual(cacheFiles(cache), []);
    assert.throws(() => loader.load('c.cjs'), /c\.cjs: not a file of the bundle/);
  });

  test('the cache holds the functions the run compiled, not only the top level', () => {
    // V8 compiles a function when it is first called: data made after the call carries it
    const body = Array.from({ length: 200 }, (_, i) => `var v${i} = ${i} * 2;`).join(' ');
    const script = new Script(`(function () { return function () { ${body} return v199; }; })`);
    const f = (script.runInThisContext() as () => () => number)();
    const before = script.createCachedData().length;
    assert.equal(f(), 398);
    const after = script.createCachedData().length;
    assert.ok(after > before + 500, `${before} → ${after} bytes`);
  });
});
