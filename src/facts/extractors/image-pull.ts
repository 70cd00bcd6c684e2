// Why an image pull failed, from the runtime's error as the kubelet relays it (the ErrImagePull
// waiting message or the "Failed to pull image" event). Formats differ between containerd,
// CRI-O and dockershim, and across their versions; the patterns below are matched in order, most
// specific first. An unrecognised message is kind "unknown" and is shown raw.

import { obj, oneOf, opt, reason, str, type FactType } from '../declare.js';
import { containerFamily, failedEvent, waitingEvent, type ContainerScope, type ContainerFamilyOf } from '../family.js';
import type { EventFacts } from '../types.js';

import { parseImageRef } from './image-ref.js';

/** Every kind classifyImagePull returns: the fact catalogue's container.imagePull.kind values. */
export const IMAGE_PULL_KINDS = [
  'pull-secret-missing',
  'not-found',
  'not-found-or-unauthorized',
  'unauthorized',
  'rate-limited',
  'network',
  'tls',
  'platform',
  'invalid-name',
  'never-pull',
  'signature',
  'disk-full',
  'unknown',
] as const;
export type ImagePullKind = (typeof IMAGE_PULL_KINDS)[number];

/** A container's `imagePull` facts, read from the runtime's error here; normalize adds the event it came from. */
export const IMAGE_PULL_FACTS = obj('Why the image pull failed (extractor), when the container waits on its image.', {
  kind: oneOf(
    'pull-secret-missing (the kubelet could not find the pull Secret the pod names, and the pull failed), not-found, not-found-or-unauthorized, unauthorized, rate-limited, network, tls, platform, invalid-name, never-pull, signature, disk-full (the node could not write the layers: no space left on device), unknown.',
    IMAGE_PULL_KINDS,
  ),
  message: str('The runtime error as relayed by the kubelet.'),
  event: opt(reason('The event the message came from (Failed), when the status did not carry it.')),
  registry: opt(str('Registry host (docker.io for Docker Hub).')),
  repository: opt(str('Repository path.')),
  tag: opt(str('Tag or digest.')),
  detail: opt(str('For not-found: tag or repository; for network: the host that did not resolve.')),
});
export type ImagePullFacts = FactType<typeof IMAGE_PULL_FACTS>;
/** What one message tells. */
export type ImagePull = Omit<ImagePullFacts, 'event'>;

const KINDS: { kind: ImagePullKind; re: RegExp }[] = [
  { kind: 'never-pull', re: /is not present with pull policy of Never|ErrImageNeverPull/ },
  { kind: 'invalid-name', re: /invalid reference format|couldn't parse image name|InvalidImageName|repository name must be lowercase/i },
  // The node's own disk, whatever the registry said: containerd "failed to extract layer … no space
  // left on device", Docker "failed to register layer: … no space left on device".
  { kind: 'disk-full', re: /no space left on device|not enough space|disk quota exceeded/i },
  {
    kind: 'rate-limited',
    re: /429 Too Many Requests|toomanyrequests|too many requests|pull rate limit|status(?: code)?[^0-9\n]{0,20}429\b|pull QPS exceeded|Quota exceeded for quota metric/i,
  },
  {
    kind: 'platform',
    re: /no match for platform in manifest|does not match the specified platform|no matching manifest for|no image found in manifest list for architecture|choosing image instance|image operating system "[^"]*" cannot be used on this platform/i,
  },
  { kind: 'signature', re: /SignatureValidationFailed|signature (?:validation|verification)|Source image rejected|policy requirements|image verification/i },
  { kind: 'tls', re: /x509:|tls: failed to verify|certificate (?:signed by unknown authority|has expired|is not valid)|server gave HTTP response to HTTPS client|tls: (?:handshake|bad certificate)/i },
  {
    kind: 'unauthorized',
    re: /\b40[13] (?:Unauthorized|Forbidden)\b|status(?: code)?[^0-9\n]{0,20}40[13]\b|: 40[13]\s*$|unauthorized|authentication required|no basic auth credentials|failed to fetch (?:anonymous|oauth) token|denied: |access denied|access to the requested resource is not authorized|requested access to the resource is denied|authorization token has expired/i,
  },
  { kind: 'not-found', re: /not found|manifest unknown|NotFound|name unknown|does not exist|no such image/i },
  {
    kind: 'network',
    re: /no such host|server misbehaving|Temporary failure in name resolution|lookup \S+: Try again|i\/o timeout|connection refused|network is unreachable|no route to host|TLS handshake timeout|connection reset by peer|dial tcp|: EOF\b|unexpected EOF|timeout awaiting response headers|Client\.Timeout exceeded|request canceled while waiting for connection|proxyconnect tcp|context deadline exceeded|context canceled|unable to ping registry endpoint/i,
  },
];

/** The first quoted image reference in the message, if any. */
function imageIn(message: string): string | undefined {
  // Straight quotes as the runtimes write them; curly ones when a post's editor "smartened" them.
  const m = /(?:pull(?:ing)? (?:and unpack )?image|reference|image) ["\u201c]([^"\u201d]+)["\u201d]/.exec(message);
  return m?.[1];
}

export function classifyImagePull(message: string, image?: string): ImagePull {
  let kind: ImagePullKind = 'unknown';
  for (const k of KINDS) {
    if (k.re.test(message)) {
      kind = k.kind;
      break;
    }
  }
  // The kubelet aggregates one error per credential it tried: "[err1, err2]". An anonymous 401
  // next to a NotFound from a credential that was accepted means the image is missing.
  if (kind === 'unauthorized' && /^\[/.test(message.trim()) && /code = NotFound|: not found\b/.test(message)) kind = 'not-found';
  // Docker Hub answers a missing repository and a private one alike: "pull access denied …
  // repository does not exist or may require authorization" (Docker: "… may require 'docker
  // login'"; CRI-O: "reading manifest … denied: requested access to the resource is denied").
  // Say so rather than pick one.
  if (
    /repository does not exist or may require|insufficient_scope|pull access denied|requested access to the resource is denied/i.test(message) &&
    !(['disk-full', 'rate-limited', 'tls', 'network', 'platform'] as ImagePullKind[]).includes(kind)
  )
    kind = 'not-found-or-unauthorized';
  const out: ImagePull = { kind, message };
  const ref = parseImageRef(imageIn(message) ?? image ?? '');
  if (ref) {
    out.registry = ref.registry;
    out.repository = ref.repository;
    if (ref.tag) out.tag = ref.tag;
    else if (ref.digest) out.tag = ref.digest;
  }
  if (kind === 'not-found') {
    // containerd: "…: docker.io/library/nginx:1.99: not found" means the tag (manifest) is missing;
    // "repository … not found" / "name unknown" means the repository is.
    if (/repository [^ ]* ?not found|name unknown|repository does not exist/i.test(message)) out.detail = 'repository';
    else if (/manifest unknown|manifest for .* not found|: not found|failed to resolve reference|Tag \S+ not found in repository/i.test(message)) out.detail = 'tag';
  }
  if (kind === 'network') {
    // "lookup gcr.io: Temporary failure…", "lookup registry-1.docker.io on 127.0.0.53:53: server
    // misbehaving", "… on 192.168.73.1:53: read udp …: i/o timeout": the name the node could not resolve.
    const host = /\blookup ([^\s:]+)(?: on \S+)?: /.exec(message)?.[1];
    if (host) out.detail = host;
  }
  return out;
}

/** Waiting reasons that mean "the image could not be had". */
export const IMAGE_WAITING_REASONS = new Set([
  'ErrImagePull',
  'ImagePullBackOff',
  'ErrImageNeverPull',
  'InvalidImageName',
  'ImageInspectError',
  'RegistryUnavailable',
  'SignatureValidationFailed',
]);

/**
 * The pull Secrets the kubelet could not find: its FailedToRetrieveImagePullSecret event
 * ("Unable to retrieve some image pull secrets (regcred); attempting to pull the image may not
 * succeed."), or a Failed event "Error: secret "regcred" not found" naming one of the pod's
 * imagePullSecrets.
 */
function missingPullSecret(events: readonly EventFacts[], pullSecrets: readonly string[]): { names: string[]; event: EventFacts } | undefined {
  for (const e of events) {
    if (!e.message) continue;
    if (e.reason === 'FailedToRetrieveImagePullSecret') {
      const names = /\(([^)]*)\)/.exec(e.message)?.[1]?.split(/,\s*/).filter((x) => x !== '');
      if (names && names.length > 0) return { names, event: e };
    }
    if (e.reason === 'Failed') {
      const name = /^Error: secrets? "([^"]+)" not found/.exec(e.message)?.[1];
      // one the pod names as a pull secret, or any when the input does not show the pod's spec
      if (name !== undefined && (pullSecrets.includes(name) || pullSecrets.length === 0)) return { names: [name], event: e };
    }
  }
  return undefined;
}

/**
 * Why a container waiting on its image has none. ImagePullBackOff's own message is often just
 * 'Back-off pulling image "x"': the cause is in the last ErrImagePull message or the "Failed to
 * pull image" event. A pull refused (or failing without a word) while the kubelet could not find
 * the pull Secret the pod names: the missing Secret is why it had no credentials.
 */
export function extractImagePull(s: Pick<ContainerScope, 'c' | 'events' | 'podEvents' | 'pullSecrets'>): ImagePullFacts | undefined {
  const { c } = s;
  const waitingReason = c.state.waiting?.reason;
  const waitingMessage = c.state.waiting?.message;
  if (!waitingReason || !IMAGE_WAITING_REASONS.has(waitingReason)) return undefined;
  let pull: ImagePullFacts | undefined = waitingMessage ? classifyImagePull(waitingMessage, c.image) : undefined;
  const from = waitingEvent(c);
  if (pull && from) pull.event = from;
  const ev = failedEvent(s.events, /^Failed to pull image|^Error: (?:ErrImageNeverPull|InvalidImageName)/);
  if ((!pull || pull.kind === 'unknown') && ev) pull = { ...classifyImagePull(ev, c.image), event: 'Failed' };
  if (!pull && waitingReason === 'ErrImageNeverPull') pull = classifyImagePull('ErrImageNeverPull', c.image);
  if (!pull && waitingReason === 'InvalidImageName') pull = classifyImagePull('InvalidImageName', c.image);
  if (!pull) pull = classifyImagePull(waitingReason, c.image);
  if (['unauthorized', 'not-found-or-unauthorized', 'unknown'].includes(pull.kind)) {
    const missing = missingPullSecret(s.podEvents, s.pullSecrets);
    if (missing) {
      // the runtime's own words when it gave any; else the kubelet's about the Secret
      const said = pull.kind === 'unknown' ? { message: missing.event.message as string, event: missing.event.reason as string } : {};
      pull = { ...pull, ...said, kind: 'pull-secret-missing', detail: missing.names.join(', ') };
    }
  }
  return pull;
}

export const IMAGE_PULL_FAMILY: ContainerFamilyOf<'imagePull', typeof IMAGE_PULL_FACTS> = containerFamily('imagePull', IMAGE_PULL_FACTS, extractImagePull);
