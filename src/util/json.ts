// Safe accessors over untrusted, loosely-typed objects (parsed YAML/JSON, API responses).
// Nothing podwhy reads is trusted to have the shape the Kubernetes API documents: a pasted pod
// may be trimmed, hand-edited or hostile. Every read goes through these helpers, which return
// `undefined` (never throw) when a value is missing or of the wrong type.

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The object at `v`, or undefined. */
export function obj(v: unknown): JsonObject | undefined {
  return isObject(v) ? v : undefined;
}

/** The array at `v`, or an empty array. */
export function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

const NONE: readonly JsonObject[] = Object.freeze([]);

/**
 * The array's object elements, skipping anything that is not an object: the array itself when
 * they all are (nearly always: normalizing a pod reads dozens of lists, and copying each was a
 * measurable part of it), so the result is read-only.
 */
export function objs(v: unknown): readonly JsonObject[] {
  if (!Array.isArray(v)) return NONE;
  let i = 0;
  while (i < v.length && isObject(v[i])) i++;
  if (i === v.length) return v as JsonObject[];
  const out = (v as JsonObject[]).slice(0, i);
  for (i++; i < v.length; i++) if (isObject(v[i])) out.push(v[i] as JsonObject);
  return out;
}

/** A string, or undefined. Numbers and booleans are stringified (YAML often unquotes them). */
export function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  return undefined;
}

/** A non-empty string, or undefined. */
export function nonEmpty(v: unknown): string | undefined {
  const s = str(v);
  return s === undefined || s === '' ? undefined : s;
}

/** A finite number; numeric strings ("3") are accepted. */
export function num(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v.trim());
  return undefined;
}

/** A non-negative integer count (restartCount, event count); anything else is undefined. */
export function count(v: unknown): number | undefined {
  const n = num(v);
  if (n === undefined || n < 0) return undefined;
  return Math.floor(n);
}

export function bool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return undefined;
}

/** Walk a dotted path of object keys. */
export function dig(v: unknown, ...keys: string[]): unknown {
  let cur: unknown = v;
  for (const k of keys) {
    if (!isObject(cur)) return undefined;
    cur = cur[k];
  }
  return cur;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})?$/;

/**
 * Parse a Kubernetes timestamp (RFC 3339, optionally with fractional seconds, as metav1.Time and
 * metav1.MicroTime print) to epoch milliseconds. Date objects are accepted too. Anything else,
 * including Go's zero time, is undefined.
 */
export function time(v: unknown): number | undefined {
  if (v instanceof Date) {
    const t = v.getTime();
    return Number.isFinite(t) ? t : undefined;
  }
  if (typeof v !== 'string') return undefined;
  if (v.length === 20) {
    const t = canonicalTime(v);
    if (t !== undefined) return t;
  }
  const m = RFC3339.exec(v.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const ms = frac ? Math.floor(Number(`0${frac}`) * 1000) : 0;
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  if (zone && zone !== 'Z' && zone !== 'z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offset = (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
    t -= sign * offset;
  }
  // 0001-01-01: Go's zero time; 1970-01-01T00:00:00Z: the runtime's zero (a StartError's startedAt)
  if (!Number.isFinite(t) || Number(y) <= 1 || t <= 0) return undefined;
  return t;
}

/** Two ASCII digits at i as a number, or NaN. */
function digits2(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : NaN;
}

/**
 * "2025-03-02T10:00:00Z", the form Kubernetes prints nearly every timestamp in, without the
 * regular expression (pods carry dozens of timestamps and big dumps hold thousands of pods).
 * Anything else returns undefined and takes the general path, which gives the same result.
 */
function canonicalTime(v: string): number | undefined {
  if (v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45 || v.charCodeAt(10) !== 84 || v.charCodeAt(13) !== 58 || v.charCodeAt(16) !== 58 || v.charCodeAt(19) !== 90) return undefined;
  const y = digits2(v, 0) * 100 + digits2(v, 2);
  const t = Date.UTC(y, digits2(v, 5) - 1, digits2(v, 8), digits2(v, 11), digits2(v, 14), digits2(v, 17));
  // Date.UTC maps years 0–99 to 1900–1999: leave those (and Go's zero time) to the general path
  return Number.isFinite(t) && y >= 100 && t > 0 ? t : undefined;
}

/** Go's zero time or the Unix epoch, which Kubernetes and runtimes print for "never": not a real instant. */
export const ZERO_TIME = /^(?:0001-01-01|1970-01-01)T00:00:00(?:\.0+)?(?:Z|[+-]00:?00)$/;

/** Whether epoch milliseconds are within what a Date can hold (±8.64e15). */
export function isValidTime(ms: number): boolean {
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15;
}

const TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/**
 * Format epoch milliseconds as RFC 3339 in UTC with second precision, as Kubernetes prints it.
 * Calendar arithmetic (days → civil date, the well-known era/day-of-era method) instead of a
 * Date object and toISOString: normalizing a pod formats a dozen timestamps.
 */
export function formatTime(ms: number): string {
  // garbage in (a grace period of -8e12 s from a hostile file): never throw on the way out
  if (!isValidTime(ms)) return 'invalid time';
  const secs = Math.floor(ms / 1000);
  const days = Math.floor(secs / 86400);
  let rem = secs - days * 86400;
  const hh = Math.floor(rem / 3600);
  rem -= hh * 3600;
  const mi = Math.floor(rem / 60);
  const ss = rem - mi * 60;
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  if (!(y >= 0 && y <= 9999)) {
    // outside four-digit years (or not a number): as toISOString prints them
    const iso = new Date(ms).toISOString();
    return iso.replace(/\.\d{3}Z$/, 'Z');
  }
  return `${TWO[Math.floor(y / 100)]}${TWO[y % 100]}-${TWO[m]}-${TWO[d]}T${TWO[hh]}:${TWO[mi]}:${TWO[ss]}Z`;
}

/** String(v) that never throws (objects without a prototype, hostile toString). */
export function safeString(v: unknown): string {
  try {
    return typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  } catch {
    return Object.prototype.toString.call(v);
  }
}
