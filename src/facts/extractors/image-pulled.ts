// How long the container's image took to pull: the kubelet's Pulled event.
//   Successfully pulled image "nextcloud:latest" in 8m2.796s
//   Successfully pulled image "nginx:1.27" in 15.981s (15.981s including waiting). Image size: 129338587 bytes.
// (pkg/kubelet/images/image_manager.go; "including waiting" and the size since v1.30.) The pull
// before the container first started is the one a slow start waits on; "Container image … already
// present on machine" is a pull that did not happen.

import { parseGoDurationMs } from '../../kubectl/duration.js';
import { num, obj, opt, str, type FactType } from '../declare.js';
import { containerFamily, type ContainerFamilyOf, type ContainerScope } from '../family.js';

export const IMAGE_PULLED_FACTS = obj('The container image\'s newest successful pull, from the kubelet\'s Pulled event.', {
  image: str('The image pulled.'),
  seconds: num('How long the pull took, in seconds.'),
  waitingSeconds: opt(num('The same, with the time it waited for other pulls on the node (kubelet 1.30+).')),
  sizeBytes: opt(num('The image size the kubelet reports, in bytes (kubelet 1.30+).')),
  message: str('The kubelet message.'),
});
export type ImagePulledFacts = FactType<typeof IMAGE_PULLED_FACTS>;

const PULLED = /^Successfully pulled image "([^"]+)" in (\S+?)(?: \((\S+) including waiting\))?\.?(?: Image size: (\d+) bytes\.?)?$/;

/** One Pulled message read; undefined for any other message. */
export function parsePulled(message: string): Omit<ImagePulledFacts, 'message'> | undefined {
  const m = PULLED.exec(message.trim());
  if (!m) return undefined;
  const ms = parseGoDurationMs(m[2] as string);
  if (ms === undefined) return undefined;
  const out: Omit<ImagePulledFacts, 'message'> = { image: m[1] as string, seconds: ms / 1000 };
  const waiting = m[3] !== undefined ? parseGoDurationMs(m[3]) : undefined;
  if (waiting !== undefined) out.waitingSeconds = waiting / 1000;
  if (m[4] !== undefined) out.sizeBytes = Number(m[4]);
  return out;
}

/** The container's newest Pulled event that says how long the pull took. */
export function extractImagePulled({ events }: Pick<ContainerScope, 'events'>): ImagePulledFacts | undefined {
  for (const e of events) {
    if (e.reason !== 'Pulled' || e.message === undefined) continue;
    const p = parsePulled(e.message);
    if (p) return { ...p, message: e.message };
  }
  return undefined;
}

export const IMAGE_PULLED_FAMILY: ContainerFamilyOf<'imagePulled', typeof IMAGE_PULLED_FACTS> = containerFamily('imagePulled', IMAGE_PULLED_FACTS, extractImagePulled);
