// A container state pasted without its "State:" / "Last State:" line: the copy began at the
// state's own keys ("Reason: OOMKilled / Exit Code: 137 / … / Ready: False / Restart Count: 4").
// kubectl's describeStatus prints, under the kind line, Reason (Waiting, Terminated), Message and
// Exit Code, Signal (Terminated), Started (Running, Terminated) and Finished (Terminated); then
// describeContainerState prints Ready and Restart Count. So the keys tell the kind; which of the
// two states it was (current or last) is told by what follows when it can be, and is otherwise a
// guess the reader says it made (the `state-line` missing fact).

import { CONTAINER_KEYS } from './describe-keys.js';
import { keyValue } from './paste-lines.js';
import { parseRfc1123 } from './describe-lines.js';
import { POD_REASONS, TERMINATED, WAITING } from './tables.js';

export interface StateBlock {
  /** The kind line to put back. */
  line: 'State:  Waiting' | 'State:  Running' | 'State:  Terminated' | 'Last State:  Terminated';
  /** The slot (current or last state) is not told by the text. */
  guessed: boolean;
  /** Lines (from the first) that belong to the state: its keys and a message's lines. */
  length: number;
}

const isDate = (v: string) => parseRfc1123(v) !== undefined || /\b0001 00:00:00\b/.test(v);

/**
 * The state block that starts at texts[0], if texts[0] begins one (a state's key, not a pod's
 * "Reason:" / "Message:"). `texts` are the lines from there on (a dozen or so is enough).
 */
export function stateBlock(texts: string[]): StateBlock | undefined {
  let reason: string | undefined;
  let terminated = false;
  let started = false;
  let inMessage = false;
  let k = 0;
  for (; k < texts.length; k++) {
    const t = texts[k] as string;
    const kv = keyValue(t);
    const key = kv?.[0];
    const value = kv?.[1] ?? '';
    if (key === 'Reason' && reason === undefined && !inMessage) reason = value;
    else if (key === 'Exit Code' && /^-?\d+$/.test(value)) {
      terminated = true;
      inMessage = false;
    } else if (key === 'Signal' && /^\d+$/.test(value)) terminated = true;
    else if (key === 'Finished' && isDate(value)) terminated = true;
    else if (key === 'Started' && isDate(value)) started = true;
    else if (key === 'Message') inMessage = true;
    else if (inMessage && (kv === undefined || !CONTAINER_KEYS.has(key ?? ''))) continue;
    else break;
  }
  if (k === 0) return undefined;
  const first = keyValue(texts[0] as string)?.[0];
  const after = texts.slice(k, k + 8).map((t) => keyValue(t));
  const next = after[0]?.[0];
  const followedByContainer = next !== undefined && CONTAINER_KEYS.has(next);
  if (reason !== undefined && POD_REASONS.test(reason) && !terminated && !started) return undefined;
  // a pod's "Reason:" / "Message:" lines are followed by pod keys, never by a state's
  if ((first === 'Reason' || first === 'Message') && !terminated && !started && !followedByContainer && !(reason !== undefined && (WAITING.test(reason) || TERMINATED.test(reason)))) return undefined;
  if (first === 'Message' && !terminated) return undefined;
  const waiting = !terminated && reason !== undefined && (WAITING.test(reason) || !TERMINATED.test(reason)) && !started;
  if (waiting) return { line: 'State:  Waiting', guessed: false, length: k };
  if (!terminated && started && reason === undefined) return { line: 'State:  Running', guessed: false, length: k };
  if (!terminated && (reason === undefined || !TERMINATED.test(reason))) return undefined;
  // which state: a "Last State:" after it makes it the current one; no restarts means no last
  // state; a ready container runs, so a terminated state is its last one
  const keys = new Map(after.filter((x): x is [string, string] => x !== undefined).map((x) => [x[0], x[1]]));
  if (keys.has('Last State') || keys.get('Restart Count') === '0') return { line: 'State:  Terminated', guessed: false, length: k };
  if (/^(?:True|true)$/.test(keys.get('Ready') ?? '')) return { line: 'Last State:  Terminated', guessed: false, length: k };
  return { line: 'Last State:  Terminated', guessed: true, length: k };
}
