// Split an image reference the way container runtimes normalise it:
//   nginx                     → docker.io / library/nginx : latest
//   ghcr.io/org/app:v2.3      → ghcr.io   / org/app       : v2.3
//   registry:5000/app@sha256:… → registry:5000 / app      @ sha256:…

export interface ImageRef {
  registry: string;
  repository: string;
  tag?: string;
  digest?: string;
}

export function parseImageRef(image: string): ImageRef | undefined {
  const ref = image.trim();
  if (ref === '' || /\s/.test(ref)) return undefined;
  let rest = ref;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
  }
  let tag: string | undefined;
  const lastSlash = rest.lastIndexOf('/');
  const colon = rest.lastIndexOf(':');
  if (colon > lastSlash) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  let registry = 'docker.io';
  let repository = rest;
  const first = rest.split('/')[0] ?? '';
  if (rest.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost')) {
    registry = first;
    repository = rest.slice(first.length + 1);
  }
  if (registry === 'docker.io' && !repository.includes('/')) repository = `library/${repository}`;
  if (registry === 'index.docker.io') registry = 'docker.io';
  if (tag === undefined && digest === undefined) tag = 'latest';
  const out: ImageRef = { registry, repository };
  if (tag) out.tag = tag;
  if (digest) out.digest = digest;
  return out;
}
