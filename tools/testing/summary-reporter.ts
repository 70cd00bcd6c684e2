// A node:test reporter that prints only the run's closing counts, as one plain line:
//
//   tests: 912 passed, 0 failed, 1 skipped
//
// run-tests.ts adds it beside the dot reporter, which prints a dot per test and the failures but
// no totals. The numbers are the runner's own: at the end of a run `node --test` sends the
// diagnostics "tests N", "pass N", "fail N", "cancelled N", "skipped N", "todo N" (the lines the
// spec reporter shows with ℹ), in the same words on Node 20 through 26. Cancelled tests (a
// timeout, a failed hook) count as failed; todo tests as skipped.

interface Event {
  type: string;
  data: { message?: string; nesting?: number; file?: string };
}

const COUNTS = /^(tests|pass|fail|cancelled|skipped|todo) (\d+)$/;

export function summaryLine(counts: Map<string, number>): string {
  const n = (k: string) => counts.get(k) ?? 0;
  return `tests: ${n('pass')} passed, ${n('fail') + n('cancelled')} failed, ${n('skipped') + n('todo')} skipped\n`;
}

export default async function* summaryReporter(source: AsyncIterable<Event>): AsyncGenerator<string> {
  const counts = new Map<string, number>();
  for await (const e of source) {
    // the run's own diagnostics have no file; a test's t.diagnostic() has one
    if (e.type !== 'test:diagnostic' || e.data.nesting !== 0 || e.data.file !== undefined) continue;
    const m = COUNTS.exec(e.data.message ?? '');
    if (m) counts.set(m[1]!, Number(m[2]));
  }
  if (counts.has('tests')) yield summaryLine(counts);
}
