// Small helpers the fact builders share: bounded, redacted messages; optional fields set only
// when there is a value; strings out of lists of unknown shape.

import { isObject, nonEmpty, str } from '../util/json.js';
import { redactBounded } from '../util/redact.js';

export const secondsBetween = (later: number, earlier: number) => Math.round((later - earlier) / 1000);

/**
 * Messages are free text from the cluster: bounded in size (head … tail) and with secrets
 * redacted, by the one redaction every text goes through (a component's words and a program's
 * own output alike), before the cut so that no credential is cut in two and half shown.
 */
export const MAX_MESSAGE = 8 * 1024;
export function redactMessage(m: string): string {
  return redactBounded(m, MAX_MESSAGE);
}
/** A message redacted where it was read (an event's, by toEventRecord): only bounded here, head … tail. */
export function boundMessage(m: string): string {
  return m.length > MAX_MESSAGE ? `${m.slice(0, MAX_MESSAGE / 2)} … ${m.slice(-MAX_MESSAGE / 2)}` : m;
}
export function msg(v: unknown): string | undefined {
  const s = nonEmpty(v);
  return s === undefined ? undefined : redactMessage(s);
}
/** The strings of a list (numbers and booleans as text), skipping anything else. */
export function strings(list: unknown): string[] {
  const out: string[] = [];
  if (!Array.isArray(list)) return out;
  for (const x of list) {
    const s = str(x);
    if (s !== undefined) out.push(s);
  }
  return out;
}

/** A field of each object of a list (gates' names, pull secrets' names), where it is a non-empty string. */
export function fieldOfEach(list: unknown, field: string): string[] {
  const out: string[] = [];
  if (!Array.isArray(list)) return out;
  for (const x of list) {
    if (!isObject(x)) continue;
    const s = nonEmpty(x[field]);
    if (s !== undefined) out.push(s);
  }
  return out;
}

export function setIf<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}
