import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyImagePull } from './image-pull.js';
import { parseImageRef } from './image-ref.js';

// Real messages (see the notes on runtime formats): containerd 1.5–2.x, dockershim, CRI-O.
const TABLE: [string, string, string?][] = [
  [
    'rpc error: code = NotFound desc = failed to pull and unpack image "ghcr.io/alexsjones/sympozium/apiserver:v0.0.29": failed to resolve reference "ghcr.io/alexsjones/sympozium/apiserver:v0.0.29": ghcr.io/alexsjones/sympozium/apiserver:v0.0.29: not found',
    'not-found',
    'tag',
  ],
  ['rpc error: code = Unknown desc = Error response from daemon: manifest for lachlanevenson/k8s-kubectl:v1.18.20 not found: manifest unknown: manifest unknown', 'not-found', 'tag'],
  ['initializing source docker://quay.io/okd/scos-content@sha256:6371: reading manifest sha256:6371 in quay.io/okd/scos-content: manifest unknown', 'not-found', 'tag'],
  [
    'failed to pull and unpack image "docker.io/library/foo:latest": failed to resolve reference "docker.io/library/foo:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed',
    'not-found-or-unauthorized',
  ],
  [
    "rpc error: code = Unknown desc = Error response from daemon: pull access denied for octarinesec/guardrails-enforcer, repository does not exist or may require 'docker login': denied: requested access to the resource is denied",
    'not-found-or-unauthorized',
  ],
  [
    'failed to pull and unpack image "ghcr.io/nloui/paperless-mcp:latest": failed to resolve reference "ghcr.io/nloui/paperless-mcp:latest": failed to authorize: failed to fetch anonymous token: unexpected status from GET request to https://ghcr.io/token?scope=repository%3Anloui%2Fpaperless-mcp%3Apull&service=ghcr.io: 403 Forbidden',
    'unauthorized',
  ],
  ['rpc error: code = Unknown desc = failed to pull and unpack image "registry.app.xxx.net/spm2fog/partsgo42:1": failed to resolve reference "registry.app.xxx.net/spm2fog/partsgo42:1": pulling from host registry.app.xxx.net failed with status code [manifests 1]: 401 Unauthorized', 'unauthorized'],
  ['rpc error: code = Unknown desc = Error response from daemon: unauthorized: authentication required', 'unauthorized'],
  [
    'rpc error: code = Unknown desc = failed to pull and unpack image "docker.io/jaegertracing/all-in-one@sha256:8d0b": failed to copy: httpReadSeeker: failed open: unexpected status code https://registry-1.docker.io/v2/jaegertracing/all-in-one/manifests/sha256:8d0b: 429 Too Many Requests - Server message: toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit',
    'rate-limited',
  ],
  [
    'failed to pull and unpack image "registry.k8s.io/pause:3.10": failed to resolve reference "registry.k8s.io/pause:3.10": failed to do request: Head "https://registry.k8s.io/v2/pause/manifests/3.10": dial tcp: lookup registry.k8s.io on 192.168.98.2:53: no such host',
    'network',
    'registry.k8s.io',
  ],
  ['failed to do request: Head https://registry-1.docker.io/v2/rancher/pause/manifests/3.1: dial tcp: lookup registry-1.docker.io: Try again', 'network', 'registry-1.docker.io'],
  [
    'failed to pull and unpack image "registry.k8s.io/coredns/coredns:v1.11.1": failed to resolve reference "registry.k8s.io/coredns/coredns:v1.11.1": failed to do request: Head "https://registry.k8s.io/v2/coredns/coredns/manifests/v1.11.1": tls: failed to verify certificate: x509: certificate signed by unknown authority',
    'tls',
  ],
  ['failed to do request: Head "https://localhost:7439/v2/app/manifests/1": http: server gave HTTP response to HTTPS client', 'tls'],
  ['rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/foundationdb/fdb-kubernetes-operator:v2.6.0": no match for platform in manifest: not found', 'platform'],
  ['Failed to apply default image tag "ACTOKEY": couldn\'t parse image name "ACTOKEY": invalid reference format: repository name (library/ACTOKEY) must be lowercase', 'invalid-name'],
  ['Container image "busybox:local" is not present with pull policy of Never', 'never-pull'],
  ['image pull failed for quay.io/openshift-release-dev/ocp-release@sha256:abc because the signature validation failed: Source image rejected: A signature was required, but no signature exists', 'signature'],
  ['something the runtime never said before', 'unknown'],
];

for (const [message, kind, detail] of TABLE) {
  test(`${kind}: ${message.slice(0, 70)}`, () => {
    const r = classifyImagePull(message);
    assert.equal(r.kind, kind);
    if (detail !== undefined) assert.equal(r.detail, detail);
  });
}

test('the image reference is taken from the message, else from the spec', () => {
  const r = classifyImagePull('rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.99": failed to resolve reference "docker.io/library/nginx:1.99": docker.io/library/nginx:1.99: not found');
  assert.deepEqual([r.registry, r.repository, r.tag], ['docker.io', 'library/nginx', '1.99']);
  const s = classifyImagePull('Back-off pulling image', 'ghcr.io/acme/api:v2.3');
  assert.deepEqual([s.registry, s.repository, s.tag], ['ghcr.io', 'acme/api', 'v2.3']);
});

test('image references normalise like the runtimes do', () => {
  assert.deepEqual(parseImageRef('nginx'), { registry: 'docker.io', repository: 'library/nginx', tag: 'latest' });
  assert.deepEqual(parseImageRef('bitnami/redis:7.2'), { registry: 'docker.io', repository: 'bitnami/redis', tag: '7.2' });
  assert.deepEqual(parseImageRef('registry:5000/team/app@sha256:abc'), { registry: 'registry:5000', repository: 'team/app', digest: 'sha256:abc' });
  assert.deepEqual(parseImageRef('localhost/app:dev'), { registry: 'localhost', repository: 'app', tag: 'dev' });
  assert.equal(parseImageRef('has space'), undefined);
});

test('status codes count only in context: a tag named 403 is not a refusal', () => {
  assert.equal(
    classifyImagePull('rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/acme/app:403": failed to resolve reference "docker.io/acme/app:403": docker.io/acme/app:403: not found').kind,
    'not-found',
  );
});

test('aggregated per-credential errors: a NotFound beats an anonymous 401', () => {
  assert.equal(
    classifyImagePull(
      '[rpc error: code = NotFound desc = failed to pull and unpack image "acme.azurecr.io/app:v9": failed to resolve reference "acme.azurecr.io/app:v9": acme.azurecr.io/app:v9: not found, failed to pull and unpack image "acme.azurecr.io/app:v9": failed to resolve reference "acme.azurecr.io/app:v9": failed to authorize: failed to fetch anonymous token: unexpected status from GET request to https://acme.azurecr.io/oauth2/token?scope=repository%3Aapp%3Apull&service=acme.azurecr.io: 401 Unauthorized]',
    ).kind,
    'not-found',
  );
});

test('CRI-O platform mismatch', () => {
  assert.equal(classifyImagePull('Error choosing image instance: no image found in manifest list for architecture arm64, variant v8, OS linux').kind, 'platform');
});
