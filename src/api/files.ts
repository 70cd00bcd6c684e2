// The paths -f names, as kubectl reads them.

import { readdirSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { UsageError } from '../model/errors.js';

/** The extensions kubectl reads from a directory given to -f (its FileExtensions). */
const DIR_EXTENSIONS = ['.json', '.yaml', '.yml'];

/**
 * -f as kubectl takes it: comma-separated paths (`-f a.yaml,b.yaml`), and a directory read for
 * its .json, .yaml and .yml files in name order, its subdirectories too with -R.
 */
export function expandFiles(given: readonly string[], recursive: boolean, cwd: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, shown: string, top: boolean): void => {
    const entries = readdirSync(resolve(cwd, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    let found = 0;
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (recursive) {
          const before = out.length;
          walk(path, shown, false);
          found += out.length - before;
        }
      } else if (DIR_EXTENSIONS.includes(extname(e.name).toLowerCase())) {
        out.push(path);
        found++;
      }
    }
    if (top && found === 0) throw new UsageError(`-f ${shown}: no ${DIR_EXTENSIONS.join(', ')} files in the directory${recursive ? ' or below it' : ' (add -R for its subdirectories)'} — as kubectl, only those are read from a directory`);
  };
  for (const f of given.flatMap((g) => (g === '-' ? [g] : g.split(',').filter((x) => x !== '')))) {
    let dir = false;
    try {
      dir = f !== '-' && statSync(resolve(cwd, f)).isDirectory();
    } catch {
      // not there: reading it says so
    }
    if (dir) walk(f, f, true);
    else out.push(f);
  }
  return out;
}

