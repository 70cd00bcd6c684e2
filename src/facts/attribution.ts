// Which container an event is about. `involvedObject.fieldPath` says so when it is there
// (spec.containers{app}); events pasted as text, transcribed by hand or printed by
// `kubectl get events` without SUBOBJECT often lack it. Then, in order of how sure it is:
//   message  the message names the container: "Started container app", "Container app failed
//            liveness probe", "Back-off restarting failed container app in pod …", container "app"
//   image    the message quotes an image that exactly one container runs: Pulling image "nginx:1.25"
//   only     the pod has one container (init containers counted), so a container event is its
//   failing  exactly one container is failing (waiting on an error, or terminated with one), and
//            the event reports a failure
// Events of the pod as a whole (scheduling, sandbox, volumes, eviction) are never attributed.

import { parseFailedSync } from './extractors/container-event.js';
import type { ContainerKind, EventFacts } from './types.js';

export type AttributedBy = 'fieldPath' | 'message' | 'image' | 'only' | 'failing';

export interface ContainerRef {
  name: string;
  kind: ContainerKind;
  image?: string;
  /** Waiting on an error or terminated with one, as far as the status says. */
  failing: boolean;
}

/** Reasons the kubelet gives to events about one container. */
const CONTAINER_REASONS = new Set([
  'Pulling',
  'Pulled',
  'Failed',
  'BackOff',
  'Created',
  'Started',
  'Killing',
  'Unhealthy',
  'ProbeWarning',
  'FailedPostStartHook',
  'FailedPreStopHook',
  'ErrImageNeverPull',
  'InspectFailed',
]);

export function isContainerReason(reason: string | undefined, message?: string): boolean {
  if (reason === 'FailedSync') return message !== undefined && parseFailedSync(message) !== undefined;
  return reason !== undefined && CONTAINER_REASONS.has(reason);
}

/** Failure reasons: the ones a "the only failing container" guess may take. */
const FAILURE_REASONS = new Set(['Failed', 'FailedSync', 'BackOff', 'Unhealthy', 'FailedPostStartHook', 'FailedPreStopHook', 'ErrImageNeverPull', 'InspectFailed', 'Killing']);

/** spec.containers{app}, spec.initContainers{migrate} → name and list. */
export function containerOfFieldPath(fieldPath: string | undefined): { name: string; kind: 'init' | 'regular' | 'ephemeral' } | undefined {
  if (!fieldPath) return undefined;
  const m = /^spec\.(initContainers|containers|ephemeralContainers)\{([^}]*)\}/.exec(fieldPath);
  if (!m || m[2] === '') return undefined;
  return { name: m[2] as string, kind: m[1] === 'initContainers' ? 'init' : m[1] === 'containers' ? 'regular' : 'ephemeral' };
}

/** Container names messages spell out, whatever containers the pod is known to have. */
const NAMED: RegExp[] = [
  /^(?:Created|Started|Stopping|Creating|Starting) container (\S+?)\.?$/,
  /^Container (\S+) (?:failed (?:liveness|startup) probe|definition changed|is unhealthy)/,
  /^Back-off restarting failed container (\S+) in pod/,
  /\bfailed container=(\S+) pod=/,
  /^Killing container with (?:id|docker id) \w+:\/\/(?:[0-9a-f]{12,}|([^:\s]+)):/,
  /^Error: failed to start container "([^"]+)"/,
  /\bfor Container "([^"]+)" in Pod\b/,
  /failed to "(?:StartContainer|InitContainer|KillContainer)" for "([^"]+)" with /,
];

export function containerNamedIn(message: string | undefined): string | undefined {
  if (!message) return undefined;
  for (const re of NAMED) {
    const m = re.exec(message);
    if (m?.[1]) return m[1];
  }
  return undefined;
}

/** The image a kubelet image message quotes: Pulling image "x", Container image "x" already present… */
export function imageNamedIn(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const m = /^(?:Pulling|Back-off pulling|Failed to pull|Successfully pulled|Container) image "([^"]+)"|^Failed to apply default image tag "([^"]+)"|^Error: image ([^\s"]+) not found/.exec(message);
  return m?.[1] ?? m?.[2] ?? m?.[3];
}

/** An image reference as runtimes resolve it: docker.io/library/nginx:latest and nginx are one image. */
export function sameImage(a: string, b: string): boolean {
  return canonicalImage(a) === canonicalImage(b);
}

function canonicalImage(ref: string): string {
  let r = ref.trim();
  const at = r.indexOf('@');
  const digest = at >= 0 ? r.slice(at) : '';
  if (at >= 0) r = r.slice(0, at);
  const slash = r.lastIndexOf('/');
  const colon = r.lastIndexOf(':');
  let tag = '';
  if (colon > slash) {
    tag = r.slice(colon);
    r = r.slice(0, colon);
  } else if (!digest) tag = ':latest';
  const first = r.split('/')[0] ?? '';
  if (!(r.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost'))) r = `docker.io/${r.includes('/') ? r : `library/${r}`}`;
  r = r.replace(/^index\.docker\.io\//, 'docker.io/');
  return `${r}${tag}${digest}`;
}

/** A word-bounded mention of the name: container app, container "app", container=app. */
function mentions(message: string, name: string): boolean {
  let at = message.indexOf(name);
  while (at >= 0) {
    const before = message.slice(Math.max(0, at - 11), at);
    const after = message.charAt(at + name.length);
    if (/container[ =]"?$/i.test(before) && (after === '' || /["\s,.:)]/.test(after))) return true;
    at = message.indexOf(name, at + 1);
  }
  return false;
}

/**
 * Set `container` and `containerFrom` on the events that are about one container. Events keep a
 * container their fieldPath names even when the pod lists no such container.
 */
export function attributeEvents(events: EventFacts[], containers: ContainerRef[]): void {
  const names = new Set(containers.map((c) => c.name));
  const failing = containers.filter((c) => c.failing);
  for (const e of events) {
    if (e.container !== undefined) {
      e.containerFrom ??= 'fieldPath';
      continue;
    }
    if (!isContainerReason(e.reason, e.message) || e.object !== undefined) continue;
    const named = containerNamedIn(e.message);
    if (named !== undefined && (names.has(named) || containers.length === 0)) {
      e.container = named;
      e.containerFrom = 'message';
      continue;
    }
    if (e.message) {
      const byName = containers.filter((c) => mentions(e.message as string, c.name));
      if (byName.length === 1) {
        e.container = (byName[0] as ContainerRef).name;
        e.containerFrom = 'message';
        continue;
      }
      const image = imageNamedIn(e.message) ?? /image "([^"]+)"/.exec(e.message)?.[1];
      if (image !== undefined) {
        const byImage = containers.filter((c) => c.image !== undefined && sameImage(c.image, image));
        if (byImage.length === 1) {
          e.container = (byImage[0] as ContainerRef).name;
          e.containerFrom = 'image';
          continue;
        }
        if (byImage.length > 1) continue; // two containers run that image: it could be either
      }
    }
    const only = containers.filter((c) => c.kind !== 'ephemeral');
    if (only.length === 1) {
      e.container = (only[0] as ContainerRef).name;
      e.containerFrom = 'only';
      continue;
    }
    if (failing.length === 1 && FAILURE_REASONS.has(e.reason as string)) {
      e.container = (failing[0] as ContainerRef).name;
      e.containerFrom = 'failing';
    }
  }
}
