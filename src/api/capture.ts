// Capturing a live pod as a fixture (`podwhy capture <pod>`), the way users turn an incident into a
// regression test. The header is prefilled with the current diagnosis (exact rule set, root
// cause, the capture instant, the log tails read); the Pod loses managedFields and the
// last-applied-configuration annotation; environment values are replaced and every string runs
// through the secret redactor; the events follow as a List.

import yaml from 'js-yaml';
import type { RuleSet } from '../rules/plan.js';
import { diagnosePod } from '../engine/diagnose.js';
import { wordsFor } from '../render/words.js';
import type { PodInput } from '../model/input.js';
import { formatTime, isObject, type JsonObject } from '../util/json.js';
import { namesSecret, redact, redactLogLines } from '../util/redact.js';
import type { ClusterTarget } from '../sources/live/live.js';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
export const REDACTED = '<redacted>';

/** A flag that names a secret and takes its value as the next argument: `--api-key`, `-password` (the words redact() reads). */
const secretFlag = (arg: string) => /^--?[\w.-]/.test(arg) && namesSecret(arg.replace(/^--?/, ''));
/** An annotation whose name says its value is a credential (vault.hashicorp.com/agent-inject-token). */
const secretAnnotation = (name: string) => namesSecret(name.slice(name.lastIndexOf('/') + 1));

/** Every string redacted; env values replaced outright (they are configuration, often secret). */
function scrub(v: unknown, key?: string): unknown {
  if (typeof v === 'string') return redact(v);
  if (Array.isArray(v)) {
    // command and args: ["--api-key", "tok_…"] keeps the flag, not the value after it
    return v.map((x, i) => (typeof x === 'string' && typeof v[i - 1] === 'string' && secretFlag(v[i - 1] as string) && !x.startsWith('-') ? REDACTED : scrub(x, key)));
  }
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'managedFields') continue;
    if (k === 'annotations' && isObject(x)) {
      const { [LAST_APPLIED]: _drop, ...rest } = x;
      const named = Object.fromEntries(Object.entries(rest).map(([a, val]) => [a, typeof val === 'string' && secretAnnotation(a) ? REDACTED : val]));
      out[k] = scrub(named, k);
      continue;
    }
    if (k === 'env' && Array.isArray(x)) {
      out[k] = x.map((e) => (isObject(e) && typeof e['value'] === 'string' ? { ...(scrub(e) as JsonObject), value: REDACTED } : scrub(e)));
      continue;
    }
    out[k] = scrub(x, k);
  }
  return out;
}

export function fixtureFromLive(input: PodInput, fires: string[], rootCause: string | null, now: number, description: string): string {
  const header: JsonObject = {
    kind: 'PodwhyFixture',
    description,
    now: formatTime(now),
  };
  if (input.logs && Object.keys(input.logs).length > 0) {
    header['logs'] = Object.fromEntries(Object.entries(input.logs).map(([c, l]) => [c, redactLogLines(l.text.split('\n')).join('\n')]));
  }
  header['expect'] = { rootCause, fires };
  const docs: unknown[] = [header, scrub(input.pod)];
  const events = input.events.map((e) => ({
    apiVersion: 'v1',
    kind: 'Event',
    involvedObject: { kind: e.involved.kind ?? 'Pod', namespace: e.involved.namespace, name: e.involved.name, uid: e.involved.uid, ...(e.involved.fieldPath ? { fieldPath: e.involved.fieldPath } : {}) },
    reason: e.reason,
    message: e.message !== undefined ? redact(e.message) : undefined,
    type: e.type,
    count: e.count,
    source: e.source ? { component: e.source } : undefined,
    firstTimestamp: e.first !== undefined ? formatTime(e.first) : undefined,
    lastTimestamp: e.last !== undefined ? formatTime(e.last) : undefined,
  }));
  if (events.length > 0) docs.push({ apiVersion: 'v1', kind: 'List', items: events, metadata: { resourceVersion: '' } });
  if (input.node) docs.push(scrub(input.node));
  return docs.map((d) => yaml.dump(JSON.parse(JSON.stringify(d)), { noRefs: true, lineWidth: -1, sortKeys: false, schema: yaml.JSON_SCHEMA })).join('---\n');
}

/** A live pod as a fixture file's text (YAML): header prefilled with its diagnosis by `rules` at `now`, then the pod, events and node, redacted. */
export async function capturePod(target: ClusterTarget & { pod: string }, rules: RuleSet, now: number): Promise<string> {
  const { readLive } = await import('../sources/live/live.js');
  const live = await readLive({ ...target, isUnhealthy: () => true });
  const input = live.inputs[0] as PodInput;
  const d = diagnosePod(input, rules, { now });
  const fires = [...new Set(d.findings.map((f) => f.rule))].sort();
  const root = d.findings.find((f) => f.role === 'root-cause');
  const description = `Captured from context ${live.target.context} (${d.namespace}/${d.name}) by podwhy capture: ${root ? `${root.rule}: ${wordsFor(rules, 'en').title(root)}` : 'healthy'}. Say in your own words what this pod shows.`;
  return fixtureFromLive(input, fires, root?.rule ?? null, now, description);
}
