// CreateContainerConfigError messages: the kubelet could not build the container's config.
//   configmap "app-config" not found
//   secret "db-credentials" not found
//   couldn't find key DB_PASSWORD in Secret default/db-credentials
//   container has runAsNonRoot and image will run as root (pod: "web-1_default(uid)", container: app)
//   container has runAsNonRoot and image has non-numeric user (nginx), cannot verify user is non-root …
// Variants: "secrets "x" not found" (kubelets before the watch-based Secret manager), "Couldn't get
// configMap ns/x: configmaps "x" not found" (v1.5–1.8), names without quotes as some consoles and
// chat pastes print them, and the runAsNonRoot message with or without its "(pod: …, container: …)".

import { obj, oneOf, opt, reason, str, type FactType } from '../declare.js';
import { containerFamily, failedEvent, waitingEvent, type ContainerScope, type ContainerFamilyOf } from '../family.js';

/** Every kind classifyConfigError returns: the fact catalogue's container.configError.kind values. */
export const CONFIG_ERROR_KINDS = ['missing-configmap', 'missing-secret', 'missing-key', 'run-as-non-root', 'run-as-non-root-non-numeric', 'run-as-user-root', 'unknown'] as const;
export type ConfigErrorKind = (typeof CONFIG_ERROR_KINDS)[number];

/** A container's `configError` facts, read from the kubelet's message here; normalize adds the event it came from. */
export const CONFIG_ERROR_FACTS = obj('Why the container config could not be built (CreateContainerConfigError; extractor).', {
  kind: oneOf('missing-configmap, missing-secret, missing-key, run-as-non-root (the image would run as root), run-as-non-root-non-numeric, run-as-user-root (runAsUser 0 under runAsNonRoot), unknown.', CONFIG_ERROR_KINDS),
  message: str('The kubelet message.'),
  event: opt(reason('The event the message came from (Failed), when the status did not carry it.')),
  object: opt(str('The missing ConfigMap or Secret, or the one lacking the key.')),
  objectKind: opt(oneOf('ConfigMap or Secret.', ['ConfigMap', 'Secret'])),
  key: opt(str('The missing key.')),
  user: opt(str('Non-numeric USER of the image.')),
});
export type ConfigErrorFacts = FactType<typeof CONFIG_ERROR_FACTS>;
/** What one message tells. */
export type ConfigError = Omit<ConfigErrorFacts, 'event'>;

export function classifyConfigError(message: string): ConfigError {
  const msg = message.replace(/^Error:\s*/, '').trim();
  let m = /couldn't find key "?([^"\s]+)"? in (ConfigMap|Secret) (?:([^/\s]+)\/)?([^\s.,;]+(?:\.[^\s.,;]+)*)/i.exec(msg);
  if (m) {
    const objectKind = /^configmap$/i.test(m[2] as string) ? 'ConfigMap' : 'Secret';
    return { kind: 'missing-key', message: msg, key: m[1] as string, objectKind, object: m[4] as string };
  }
  m = /\b(configmaps?|secrets?) ["\u201c]([^"\u201d]*)["\u201d] not found/i.exec(msg) ?? /\b(configmaps?|secrets?) (?!(?:is|was|has|not)\b)([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?) not found\b/i.exec(msg);
  if (m) {
    const isSecret = /^secret/i.test(m[1] as string);
    return {
      kind: isSecret ? 'missing-secret' : 'missing-configmap',
      message: msg,
      object: m[2] as string,
      objectKind: isSecret ? 'Secret' : 'ConfigMap',
    };
  }
  if (/runAsNonRoot and image has non-numeric user/.test(msg)) {
    const u = /non-numeric user \(([^)]*)\)/.exec(msg);
    return u ? { kind: 'run-as-non-root-non-numeric', message: msg, user: u[1] as string } : { kind: 'run-as-non-root-non-numeric', message: msg };
  }
  if (/runAsUser breaks non-root policy/.test(msg)) return { kind: 'run-as-user-root', message: msg };
  if (/runAsNonRoot and image will run as root|runAsNonRoot and image has an invalid user id/.test(msg)) return { kind: 'run-as-non-root', message: msg };
  return { kind: 'unknown', message: msg };
}

/**
 * CreateContainerConfigError's cause: the waiting message, else the kubelet's Failed event (the
 * API server's error for a Secret or ConfigMap it cannot decrypt, pasted as kubectl printed it).
 */
export function extractConfigError(s: Pick<ContainerScope, 'c' | 'events'>): ConfigErrorFacts | undefined {
  const waiting = s.c.state.waiting;
  if (waiting?.reason !== 'CreateContainerConfigError') return undefined;
  const ev = waiting.message === undefined ? failedEvent(s.events, /^Error: |^(?:Internal error occurred: )?unable to transform key /) : undefined;
  const msg = waiting.message ?? ev;
  if (!msg) return undefined;
  const out: ConfigErrorFacts = classifyConfigError(msg);
  const from = ev !== undefined ? 'Failed' : waitingEvent(s.c);
  if (from) out.event = from;
  return out;
}

export const CONFIG_ERROR_FAMILY: ContainerFamilyOf<'configError', typeof CONFIG_ERROR_FACTS> = containerFamily('configError', CONFIG_ERROR_FACTS, extractConfigError);
