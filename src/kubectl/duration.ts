// HumanDuration as kubectl prints it (k8s.io/apimachinery/pkg/util/duration): the "3h" in AGE and
// the "5m" in "7 (5m ago)". All divisions truncate; years are 365 days. And Go's time.Duration as
// the kubelet prints it in its messages ("in 8m2.796s"), read back.

const MIN = 60;
const HOUR = 60 * MIN;

/** Format a duration given in milliseconds the way kubectl does. */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  // kubectl tolerates up to a second of clock skew as "now"; more than that is invalid.
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 2 * MIN) return `${seconds}s`;
  const minutes = Math.trunc(seconds / MIN);
  if (minutes < 10) {
    const s = seconds % MIN;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 3 * 60) return `${minutes}m`;
  const hours = Math.trunc(seconds / HOUR);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    const d = Math.trunc(hours / 24);
    return h === 0 ? `${d}d` : `${d}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const days = Math.trunc(hours / 24);
    const dy = days % 365;
    const y = Math.trunc(days / 365);
    return dy === 0 ? `${y}y` : `${y}y${dy}d`;
  }
  return `${Math.trunc(hours / 24 / 365)}y`;
}

/** kubectl's translateTimestampSince: "<unknown>" for a missing timestamp. */
export function since(timestampMs: number | undefined, nowMs: number): string {
  if (timestampMs === undefined) return '<unknown>';
  return humanDuration(nowMs - timestampMs);
}

const GO_DURATION_PART = /([0-9.]+)(h|ms|m|s|us|µs|ns)/g;

/** A Go duration as time.Duration.String() prints it (1h2m3.5s, 15.981s, 520ms), in milliseconds; undefined when none is there. */
export function parseGoDurationMs(s: string): number | undefined {
  let total = 0;
  let matched = false;
  GO_DURATION_PART.lastIndex = 0;
  for (let m = GO_DURATION_PART.exec(s); m; m = GO_DURATION_PART.exec(s)) {
    matched = true;
    const v = Number(m[1]);
    const unit = m[2];
    total += unit === 'h' ? v * 3_600_000 : unit === 'm' ? v * 60_000 : unit === 's' ? v * 1000 : unit === 'ms' ? v : v / 1000;
  }
  return matched && Number.isFinite(total) ? Math.round(total) : undefined;
}
