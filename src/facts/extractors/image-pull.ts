// Why an image pull failed, from the runtime's error as the kubelet relays it (the ErrImagePull
// waiting message or the "Failed to pull image" event). Formats differ between containerd,
// CRI-O and dockershim, and across their versions; the patterns below are matched in order, most
// specific first. An unrecognised message is kind "unknown" and is shown raw.

import { parseImageRef } from './image-ref.js';

export interface ImagePull {
  kind: string;
  message: string;
  registry?: string;
  repository?: string;
  tag?: string;
  detail?: string;
}

const KINDS: { kind: string; re: RegExp }[] = [
  { kind: 'never-pull', re: /is not present with pull policy of Never|ErrImageNeverPull/ },
  { kind: 'invalid-name', re: /invalid reference format|couldn't parse image name|InvalidImageName|repository name must be lowercase/i },
  { kind: 'rate-limited', re: /429 Too Many Requests|toomanyrequests|too many requests|pull rate limit|status(?: code)?[^0-9\n]{0,20}429\b/i },
  { kind: 'platform', re: /no match for platform in manifest|does not match the specified platform|no matching manifest for|no image found in manifest list for architecture|choosing image instance/i },
  { kind: 'signature', re: /SignatureValidationFailed|signature (?:validation|verification)|Source image rejected|policy requirements|image verification/i },
  { kind: 'tls', re: /x509:|tls: failed to verify|certificate (?:signed by unknown authority|has expired|is not valid)|server gave HTTP response to HTTPS client|tls: (?:handshake|bad certificate)/i },
  {
    kind: 'unauthorized',
    re: /\b40[13] (?:Unauthorized|Forbidden)\b|status(?: code)?[^0-9\n]{0,20}40[13]\b|: 40[13]\s*$|unauthorized|authentication required|no basic auth credentials|failed to fetch (?:anonymous|oauth) token|denied: |access denied|access to the requested resource is not authorized|requested access to the resource is denied/i,
  },
  { kind: 'not-found', re: /not found|manifest unknown|NotFound|name unknown|does not exist|no such image/i },
  {
    kind: 'network',
    re: /no such host|Temporary failure in name resolution|lookup \S+: Try again|i\/o timeout|connection refused|network is unreachable|no route to host|TLS handshake timeout|connection reset by peer|dial tcp|: EOF\b|timeout awaiting response headers|context deadline exceeded|context canceled/i,
  },
];

/** The first quoted image reference in the message, if any. */
function imageIn(message: string): string | undefined {
  const m = /(?:pull(?:ing)? (?:and unpack )?image|reference|image) "([^"]+)"/.exec(message);
  return m?.[1];
}

export function classifyImagePull(message: string, image?: string): ImagePull {
  let kind = 'unknown';
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
  // repository does not exist or may require authorization". Say so rather than pick one.
  if (/repository does not exist or may require|insufficient_scope/i.test(message)) kind = 'not-found-or-unauthorized';
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
    else if (/manifest unknown|manifest for .* not found|: not found|failed to resolve reference/i.test(message)) out.detail = 'tag';
  }
  if (kind === 'network') {
    const host = /lookup (\S+?)(?: on [^:\s]+:\d+)?: (?:no such host|Temporary failure in name resolution|Try again)/.exec(message)?.[1];
    if (host) out.detail = host;
  }
  return out;
}
