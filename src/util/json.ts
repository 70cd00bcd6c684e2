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

/** The array's object elements, skipping anything that is not an object. */
export function objs(v: unknown): JsonObject[] {
  if (!Array.isArray(v)) return [];
  const out: JsonObject[] = [];
  for (const x of v) if (isObject(x)) out.push(x);
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
  if (!Number.isFinite(t) || Number(y) <= 1) return undefined; // 0001-01-01: Go's zero time
  return t;
}

/** Format epoch milliseconds as RFC 3339 in UTC with second precision, as Kubernetes prints it. */
export function formatTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** String(v) that never throws (objects without a prototype, hostile toString). */
export function safeString(v: unknown): string {
  try {
    return typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  } catch {
    return Object.prototype.toString.call(v);
  }
}
