// How the bin loads the program: the CLI is one CommonJS file (dist/bundle/cli.cjs, built by
// tools/build/bundle.ts), compiled through node:vm with V8 code cache that this module keeps, per
// user, in a directory of its own. A run after the first skips parsing and compiling every function
// an earlier run compiled: V8 compiles a function the first time it is called, and the cache is
// made at the end of a run, so it holds those functions too. (Node's own compile cache,
// module.enableCompileCache(), is made when a module has loaded: it holds the modules' top-level
// code only, and exists from Node 22.1. This works the same on every Node podwhy supports.)
//
// The files the CLI requires on first use (client-node.cjs for live mode, js-yaml.cjs,
// safe-regex2.cjs) are loaded the same way, each once.
//
// The cache is code: a file planted by another user would run as ours. So it lives in a directory
// made 0700 and checked to be ours (not a link, no access for others), its files are opened without
// following links and checked to be ours and not writable by others, and they are written whole to
// a new file and renamed into place. V8 checks the data against its own version and flags and
// against the source's length only; the file's name carries the content hash the build computed
// for the source and Node's version and architecture, and its first line the source's size and
// mtime (a hand-edited bundle), so data is never given to V8 for another source. Anything wrong
// with the cache only costs the time it would have saved: the source is compiled as it would be
// without it. NODE_DISABLE_COMPILE_CACHE=1 turns it off; NODE_COMPILE_CACHE, when set, is where it
// goes (in a podwhy directory under it).
//
// Which functions a run compiles depends on what it was asked (live or offline, text or JSON): a
// cache made by `podwhy explain X` lacks the diagnosis. The cache file records the shapes of
// command line (`shapeOf`) it has served; a run of a shape it has not seen makes it anew, from the
// cache it loaded plus what this run compiled, until it has seen MAX_SHAPES shapes. Shapes come in
// families (`familyOf`: the command, the output format, whether -f names the input), one file
// each: every function in a file is deserialized by every run that takes it, and one file for all
// shapes grew until a one-pod `-o json` run, which needs ~620 KB of it, read 800 KB (~238 M
// instructions against ~212 M with its family's file alone).
//
// A run of over LONG_RUN_S seconds, or whose heap has grown past BIG_HEAP, writes no cache: V8
// drops the bytecode of functions not called across several full collections (start-up's, the
// other shapes'), so such a run's data lacks them (a cache made by a 10,000-pod run left a one-pod
// run ~20 M instructions slower than one made by a short run; one made by a 2,000-pod run of
// 1 s, whose heap ended at 56 MB after five full collections, left it 213 → 230-236 M), and
// compiling is a small part of such a run anyway. The next small run makes it. (A one-pod run
// ends with a 12 MB heap, a 100-pod list's with 21 MB, and neither runs a full collection.)
//
// A run that writes a cache file deletes the cache files of earlier builds of that file for the
// same Node that were last written more than a day ago, and any file there older than 30 days.

import { isAscii } from 'node:buffer';
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

const MAGIC = 'podwhy-code-cache';
const FORMAT = '1';
/** After this many shapes of command line, the cache is no longer made anew. */
export const MAX_SHAPES = 24;
/** A run longer than this (seconds) writes no cache (see above). */
const LONG_RUN_S = 2;
/** A run whose heap has grown past this (bytes) writes no cache (see above). */
const BIG_HEAP = 32 * 1024 * 1024;
/** A cache file larger than this is not one of ours. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The files a run may load through here: their names in the bundle directory and content hashes. */
export type CodeFiles = Readonly<Record<string, string>>;

interface Owner {
  uid: number | undefined;
}

const currentOwner = (): Owner => ({ uid: typeof process.getuid === 'function' ? process.getuid() : undefined });

/** Ours: owned by this user, and (where modes mean something) not open to others as `mask` says. */
function ours(st: Stats, owner: Owner, mask: number): boolean {
  return owner.uid === undefined || (st.uid === owner.uid && (st.mode & mask) === 0);
}

/**
 * Make dir (0700), and up to `parents` missing directories above it; true if it is there now.
 * Not mkdirSync's `recursive`: on Node 20 and 24 (not 26) it never returns for a path under /proc
 * (NODE_COMPILE_CACHE=/proc/x), where mkdir says ENOENT for a parent that exists.
 */
function makeDirectory(dir: string, parents: number): boolean {
  const make = () => {
    try {
      mkdirSync(dir, { mode: 0o700 });
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EEXIST' ? true : (e as NodeJS.ErrnoException).code;
    }
  };
  const made = make();
  if (made !== 'ENOENT' || parents === 0) return made === true;
  const parent = dirname(dir);
  return parent !== dir && makeDirectory(parent, parents - 1) && make() === true;
}

/**
 * The cache directory, made if need be, or undefined when the cache is off or the directory is not
 * safe to use (not a directory, a link, another user's, open to others).
 */
export function cacheDirectory(env: NodeJS.ProcessEnv, owner: Owner = currentOwner(), tmp: () => string = tmpdir): string | undefined {
  if (env['NODE_DISABLE_COMPILE_CACHE'] === '1') return undefined;
  try {
    const base = env['NODE_COMPILE_CACHE'];
    const dir = base ? join(base, 'podwhy') : join(tmp(), `podwhy-code-cache-${owner.uid ?? 'user'}`);
    if (!makeDirectory(dir, base === undefined ? 0 : 16)) return undefined;
    const st = lstatSync(dir);
    return st.isDirectory() && ours(st, owner, 0o077) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** What a cache file holds: the source's stamp (size and mtime), the shapes of command line it served, and V8's data. */
export interface CacheEntry {
  stamp: string;
  shapes: string[];
  data: Buffer;
}

/** The file's whole content, read from a descriptor. */
function readAll(fd: number, size: number): Buffer {
  const buf = Buffer.allocUnsafe(size);
  let done = 0;
  while (done < size) {
    const n = readSync(fd, buf, done, size - done, done);
    if (n === 0) break;
    done += n;
  }
  return buf.subarray(0, done);
}

/** The cache file at path, if there is one of ours. */
export function readCacheFile(path: string, owner: Owner = currentOwner()): CacheEntry | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_CACHE_BYTES || !ours(st, owner, 0o022)) return undefined;
    const buf = readAll(fd, st.size);
    const end = buf.indexOf(10);
    if (end < 0) return undefined;
    const [magic, format, stamp, ...shapes] = buf.toString('latin1', 0, end).split(' ');
    if (magic !== MAGIC || format !== FORMAT || stamp === undefined) return undefined;
    return { stamp, shapes: shapes.filter(Boolean), data: buf.subarray(end + 1) };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Write a cache file whole: a new file of ours, renamed over the old one. Failures are ignored. */
export function writeCacheFile(path: string, entry: CacheEntry): void {
  // (the process id makes the name unique on this machine; a process of another pid namespace
  // sharing the directory may hold it: then this one writes nothing, and deletes nothing of theirs)
  const temporary = `${path}.${process.pid}.tmp`;
  let fd: number;
  try {
    fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  } catch {
    return;
  }
  try {
    try {
      writeSync(fd, `${[MAGIC, FORMAT, entry.stamp, ...entry.shapes].join(' ')}\n`, null, 'latin1');
      for (let done = 0; done < entry.data.length; ) done += writeSync(fd, entry.data, done);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // gone already
    }
  }
}

/**
 * Delete, in dir, the files of earlier builds of the bundle file `base` for this Node (`suffix`)
 * last written more than a day ago, and any file there older than 30 days; of this build (names
 * that start with `keep`: its families' files), only those older than 30 days.
 */
export function pruneCacheFiles(dir: string, base: string, suffix: string, keep: string, now = Date.now()): void {
  try {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const st = lstatSync(path);
      const age = now - st.mtimeMs;
      if (!st.isFile() || age < DAY_MS) continue;
      const mine = name.startsWith(`${base}-`);
      if (age > 30 * DAY_MS || (mine && name.endsWith('.tmp')) || (mine && !name.startsWith(keep) && name.endsWith(suffix))) unlinkSync(path);
    }
  } catch {
    // what is left is deleted by a later run
  }
}

/**
 * The family of a shape (shapeOf), which names its cache file: the command word (`main` for the
 * diagnosis), the output format (`text` when none is given) and `f` when -f names the input.
 * Letters, digits and dots only.
 */
export function familyOf(shape: string): string {
  const parts = shape.split(',');
  const command = parts[0] === '-' || parts[0] === undefined || !/^[a-z]+$/.test(parts[0]) ? 'main' : parts[0];
  const format = parts.find((p) => p.startsWith('o='))?.slice(2) ?? 'text';
  return `${command}.${/^[a-z]+$/.test(format) ? format : 'x'}${parts.includes('-f') || parts.includes('--file') ? '.f' : ''}`;
}

/**
 * The shape of a command line, for the cache: the command word, the options given (by name), the
 * output format, and whether standard input is a terminal — what decides which code a run
 * compiles. Pod names and other values are left out. One word, no spaces.
 */
export function shapeOf(args: readonly string[], commands: readonly string[], stdinIsTerminal: boolean): string {
  const parts = new Set<string>();
  let command = '';
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const flag = /^(?:--[A-Za-z][\w-]*|-[A-Za-z])/.exec(a)?.[0];
    if (flag === undefined) {
      if (command === '' && commands.includes(a)) command = a;
      continue;
    }
    if (flag === '-o' || flag === '--output') {
      const value = a.length > flag.length ? a.slice(flag.length).replace(/^=/, '') : args[++i];
      parts.add(`o=${/^[a-z]+$/.test(value ?? '') ? value : '?'}`);
    } else parts.add(flag);
  }
  return [command || '-', ...[...parts].sort(), stdinIsTerminal ? 'tty' : 'in'].join(',');
}

/** A source file of the bundle, read whole, with its stats. */
function readSource(path: string): { text: string; stamp: string } {
  const fd = openSync(path, 'r');
  try {
    const st = fstatSync(fd);
    // the build writes the bundle files in ASCII (tools/build/ascii.ts): read as latin1, a copy into a
    // one-byte string, they cost a one-pod run ~20 M instructions less than decoded as UTF-8
    const bytes = readAll(fd, st.size);
    return { text: isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8'), stamp: `${st.size}.${Math.trunc(st.mtimeMs)}` };
  } finally {
    closeSync(fd);
  }
}

export interface Loader {
  /** module.exports of a bundle file (a name in CodeFiles), loaded once, through the cache. */
  load(name: string): unknown;
  /** Write the cache files this run should (call it when the run ends: at process exit). */
  save(): void;
}

/**
 * A loader for the files of bundleDir named in files. `shape` is this run's (shapeOf); cacheDir
 * undefined runs without a cache. The cache is made when the run ends (save()): V8 puts in it the
 * functions compiled so far. `uptime` is the run's age in seconds and `heapTotal` its heap's size in
 * bytes (tests set them). Each file's require() loads the others through the loader and anything
 * else as Node would from that file.
 */
export function codeLoader(
  bundleDir: string,
  files: CodeFiles,
  shape: string,
  cacheDir: string | undefined,
  uptime: () => number = () => process.uptime(),
  heapTotal: () => number = () => process.memoryUsage().heapTotal,
): Loader {
  const family = familyOf(shape);
  const loaded = new Map<string, { exports: unknown }>();
  const saves: (() => void)[] = [];
  const load = (name: string): unknown => {
    const done = loaded.get(name);
    if (done) return done.exports;
    const hash = files[name];
    if (hash === undefined) throw new Error(`${name}: not a file of the bundle`);
    const path = join(bundleDir, name);
    const source = readSource(path);
    const base = basename(name, '.cjs');
    const suffix = `-${process.version}-${process.arch}.bin`;
    const cacheName = `${base}-${hash}-${family}${suffix}`;
    const cacheFile = cacheDir === undefined ? undefined : join(cacheDir, cacheName);
    const found = cacheFile === undefined ? undefined : readCacheFile(cacheFile);
    // (data made for another source of the same length would be taken by V8)
    const cached = found?.stamp === source.stamp ? found : undefined;
    const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source.text}\n})`, { filename: path, cachedData: cached?.data });
    const accepted = cached !== undefined && !script.cachedDataRejected;
    if (cacheFile !== undefined && (!accepted || (!cached.shapes.includes(shape) && cached.shapes.length < MAX_SHAPES))) {
      const shapes = accepted ? [...cached.shapes, shape] : [shape];
      saves.push(() => {
        if (uptime() > LONG_RUN_S || heapTotal() > BIG_HEAP) return;
        writeCacheFile(cacheFile, { stamp: source.stamp, shapes, data: script.createCachedData() });
        pruneCacheFiles(cacheDir as string, base, suffix, `${base}-${hash}-`);
      });
    }
    const module = { exports: {} as unknown };
    loaded.set(name, module);
    const nodeRequire = createRequire(path);
    const require = Object.assign((id: string) => (id.startsWith('./') && files[id.slice(2)] !== undefined ? load(id.slice(2)) : nodeRequire(id)), nodeRequire);
    (script.runInThisContext() as (...a: unknown[]) => void).call(module.exports, module.exports, require, module, path, dirname(path));
    return module.exports;
  };
  return {
    load,
    save: () => {
      for (const save of saves.splice(0)) {
        try {
          save();
        } catch {
          // (V8 could not make the data) the next run compiles as this one did
        }
      }
    },
  };
}
