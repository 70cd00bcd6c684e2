// Timestamps as facts carry them: RFC 3339 text, second precision, UTC.

import { formatTime } from '../util/json.js';

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Two ASCII digits at i as a number, or -1. */
function two(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * The text of the instant `ms`, read by time() from `raw`: `raw` itself when it is already the
 * text formatTime would write ("2025-03-02T10:00:00Z", as Kubernetes prints nearly every
 * timestamp), else formatTime(ms). A pod carries a dozen timestamps and a scan formats them for
 * every pod; each formatTime builds its text from thirteen pieces.
 */
export function timeText(raw: unknown, ms: number): string {
  if (typeof raw === 'string' && raw.length === 20 && isCanonical(raw)) return raw;
  return formatTime(ms);
}

/** "YYYY-MM-DDTHH:MM:SSZ" with every field in range (Date.UTC would carry an overflow, formatTime then writes another text). */
function isCanonical(s: string): boolean {
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58 || s.charCodeAt(19) !== 90) return false;
  const hi = two(s, 0);
  const lo = two(s, 2);
  const mo = two(s, 5);
  const d = two(s, 8);
  if (hi < 0 || lo < 0 || mo < 1 || mo > 12 || d < 1) return false;
  const y = hi * 100 + lo;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > (mo === 2 && leap ? 29 : (DAYS[mo - 1] as number))) return false;
  const h = two(s, 11);
  const mi = two(s, 14);
  const sec = two(s, 17);
  return h >= 0 && h <= 23 && mi >= 0 && mi <= 59 && sec >= 0 && sec <= 59;
}
