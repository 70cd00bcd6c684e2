// Whether text output is coloured. The command line says it most precisely, then the environment,
// then the terminal:
//   1. --color / --no-color (the flag a user typed for this run);
//   2. FORCE_COLOR, read the way chalk 5 reads it: 0 or "false" turns colour off; "", "true", 1,
//      2, 3 turn it on (levels 2 and 3 mean the same here: podwhy only uses the 16 basic colours);
//      like chalk and Node, it outranks NO_COLOR;
//   3. NO_COLOR, any non-empty value (no-color.org);
//   4. otherwise colour only when stdout is a terminal that is not TERM=dumb.
// chalk itself lets FORCE_COLOR outrank its --no-color flag; podwhy does not, because a script
// that passes --no-color to write a clean file should get one even where CI exports FORCE_COLOR.

import type { IO } from './io.js';

/** `flag` is commander's value for --color/--no-color: true, false, or undefined when neither was given. */
export function colorEnabled(flag: boolean | undefined, io: Pick<IO, 'env' | 'stdoutIsTTY'>): boolean {
  if (flag !== undefined) return flag;
  const force = io.env['FORCE_COLOR'];
  if (force !== undefined) {
    if (force === 'false') return false;
    if (force === '' || force === 'true') return true;
    const n = Number.parseInt(force, 10);
    if (Number.isFinite(n)) return n > 0;
    // anything else (FORCE_COLOR=yes) says nothing podwhy can read: the next rules decide
  }
  if (io.env['NO_COLOR']) return false;
  return io.stdoutIsTTY && io.env['TERM'] !== 'dumb';
}
