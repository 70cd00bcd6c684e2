// Developer tool: `node dist/tools/testing/rebaseline.js FILE…` sets each fixture's expect.fires and
// expect.rootCause to what podwhy fires now, and takes expect.pending off a fixture whose mentions
// are all there now. For after a change that moves many fixtures at once: review the diff (git
// diff fixtures/) before committing, since a fixture that got worse is a bug, not a new baseline.
// Only the header's `fires:`, `rootCause:` and `pending:` lines are touched; everything else stays
// as written.

import { readFileSync, writeFileSync } from 'node:fs';
import { loadRules } from '../../src/catalogue/rule-files.js';
import { BUILTIN_RULES_DIR } from '../../src/catalogue/paths.js';
import { checkFixture } from '../../src/tester/fixtures.js';

const rules = loadRules([BUILTIN_RULES_DIR]);
let changed = 0;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
  const r = checkFixture(file, text, rules);
  if (r.ok && r.pending === undefined) continue;
  const lines = text.split('\n');
  const end = lines.findIndex((l, i) => i > 0 && /^---\s*$/.test(l));
  let head = end < 0 ? lines.length : end;
  const notes: string[] = [];
  let firesAt = -1;
  let hypAt = -1;
  for (let i = 0; i < head; i++) {
    const l = lines[i] as string;
    const fires = /^(\s+)fires:/.exec(l);
    if (fires) {
      const now = `${fires[1]}fires: [${r.fired.join(', ')}]`;
      if (now !== l) notes.push(`fires [${r.fired.join(', ')}]`);
      lines[i] = now;
      firesAt = i;
      // a block list under it ("fires:" then "- a" lines) is replaced by the flow list
      while (i + 1 < head && /^\s+- /.test(lines[i + 1] as string) && ((/^(\s*)/.exec(lines[i + 1] as string)?.[1]?.length ?? 0) <= (fires[1] as string).length + 2)) {
        lines.splice(i + 1, 1);
        head--;
      }
    }
    if (/^\s+hypotheses:/.test(l)) hypAt = i;
    const root = /^(\s+)rootCause:/.exec(l);
    if (root) {
      const now = `${root[1]}rootCause: ${r.rootCause ?? 'null'}`;
      if (now !== l) notes.push(`rootCause ${r.rootCause ?? 'null'}`);
      lines[i] = now;
    }
  }
  // answered: the mentions are all there now
  if (r.pendingAnswered) {
    const at = lines.findIndex((l, i) => i < head && /^\s+pending:/.test(l));
    if (at >= 0) {
      // a folded pending text may run over the next, more indented lines
      const indent = /^(\s*)/.exec(lines[at] as string)?.[1]?.length ?? 0;
      let n = 1;
      while (at + n < head && ((/^(\s*)/.exec(lines[at + n] as string)?.[1]?.length ?? 0) > indent)) n++;
      lines.splice(at, n);
      notes.push('pending answered');
    }
  }
  // hypotheses: listed when there are any, after fires (found again: a pending text may be gone)
  firesAt = lines.findIndex((l, i) => i < head && /^\s+fires:/.test(l));
  hypAt = lines.findIndex((l, i) => i < head && /^\s+hypotheses:/.test(l));
  const hyp = r.hypotheses.length > 0 ? `${/^(\s+)/.exec(lines[firesAt] ?? '  ')?.[1] ?? '  '}hypotheses: [${r.hypotheses.join(', ')}]` : undefined;
  if (hypAt >= 0 && hyp === undefined) {
    lines.splice(hypAt, 1);
    notes.push('no hypotheses');
  } else if (hypAt >= 0 && hyp !== undefined && lines[hypAt] !== hyp) {
    lines[hypAt] = hyp;
    notes.push(`hypotheses [${r.hypotheses.join(', ')}]`);
  } else if (hypAt < 0 && hyp !== undefined && firesAt >= 0) {
    lines.splice(firesAt + 1, 0, hyp);
    notes.push(`hypotheses [${r.hypotheses.join(', ')}]`);
  }
  if (notes.length === 0) continue;
  writeFileSync(file, lines.join('\n'));
  changed++;
  console.log(`${file}: ${notes.join('; ')}`);
}
console.log(`${changed} fixture${changed === 1 ? '' : 's'} rebaselined`);
