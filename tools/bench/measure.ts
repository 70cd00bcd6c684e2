// The bench's readings of other tools' output, and its summary of a set of runs: kept apart from
// tools/bench/run.ts (which runs everything on import) so they can be tested on their own.

export interface Spread {
  median: number;
  min: number;
  max: number;
  /** First and third quartiles (linear interpolation between the closest ranks). */
  q1: number;
  q3: number;
  n: number;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

export function spread(xs: number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  return { median: quantile(s, 0.5), min: s[0] ?? Number.NaN, max: s[s.length - 1] ?? Number.NaN, q1: quantile(s, 0.25), q3: quantile(s, 0.75), n: s.length };
}

/**
 * CPU and wall time from `perf stat -x, -e task-clock,duration_time` (CSV: value,unit,event,…):
 * task-clock in msec (CPU time of every thread), duration_time in ns (fork to exit).
 */
export function perfStatFigures(text: string): { cpuMs?: number; wallMs?: number } {
  const out: { cpuMs?: number; wallMs?: number } = {};
  for (const line of text.split('\n')) {
    const [value, unit, event] = line.split(',');
    const v = Number(value);
    if (!Number.isFinite(v) || value === '') continue;
    if (event?.startsWith('task-clock')) out.cpuMs = unit === 'msec' ? v : v / 1e6;
    else if (event?.startsWith('duration_time')) out.wallMs = unit === 'ns' ? v / 1e6 : v;
  }
  return out;
}

/** The instruction count callgrind prints when the program ends ("==PID== Collected : N"). */
export function callgrindTotal(stderr: string): number | undefined {
  const m = /==\d+== Collected : (\d+)/.exec(stderr);
  return m ? Number(m[1]) : undefined;
}
