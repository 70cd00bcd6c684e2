import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseCommand } from './paste-lines.js';
import { applySetImage, parseSetImage } from './set-image.js';
import type { JsonObject } from '../../util/json.js';

const row = (name: string, created: string, image?: string): JsonObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, creationTimestamp: created },
  spec: { containers: [{ name: '(unnamed)', ...(image ? { image } : {}) }] },
  status: { containerStatuses: [{ name: '(unnamed)' }] },
});

describe('kubectl set image', () => {
  test('the command line: workload and images, in every form kubectl takes', () => {
    assert.deepEqual(parseCommand('kubectl set image deployments flask-example-app flask-example-app=han0495/flask-example-app:v99').setImage, {
      kind: 'Deployment',
      name: 'flask-example-app',
      images: { 'flask-example-app': 'han0495/flask-example-app:v99' },
    });
    assert.deepEqual(parseCommand('kubectl -n shop set image deploy/web app=registry.local:5000/web@sha256:abc sidecar=envoy').setImage, {
      kind: 'Deployment',
      name: 'web',
      namespace: 'shop',
      images: { app: 'registry.local:5000/web@sha256:abc', sidecar: 'envoy' },
    });
    assert.equal(parseSetImage(['image', 'deploy/web'], undefined), undefined);
    assert.equal(parseCommand('kubectl set env deploy/web A=b').setImage, undefined);
    assert.equal(parseCommand('kubectl set image configmap/x a=b').setImage, undefined);
  });
  test('the rollout\'s newest pods take the image; the old ones and given images are left alone', () => {
    const old = row('web-677cbdd665-mhpqs', '2025-01-01T00:00:00Z');
    const fresh = row('web-79f5875dcf-26pvs', '2025-01-01T00:08:00Z');
    const given = row('web-79f5875dcf-thxmx', '2025-01-01T00:08:00Z', 'web:v1');
    const other = row('api-79f5875dcf-aaaaa', '2025-01-01T00:09:00Z');
    const changed = applySetImage({ kind: 'Deployment', name: 'web', images: { app: 'web:v99' } }, [old, fresh, given, other]);
    assert.deepEqual(changed, [fresh]);
    assert.deepEqual((fresh['spec'] as JsonObject)['containers'], [{ name: 'app', image: 'web:v99' }]);
    assert.deepEqual((fresh['status'] as JsonObject)['containerStatuses'], [{ name: 'app' }]);
    assert.equal(((old['spec'] as JsonObject)['containers'] as JsonObject[])[0]?.['image'], undefined);
    assert.equal(((given['spec'] as JsonObject)['containers'] as JsonObject[])[0]?.['image'], 'web:v1');
  });
  test('no newest ReplicaSet to tell (ages tie, or unknown): nothing is given', () => {
    const a = row('web-677cbdd665-mhpqs', '2025-01-01T00:00:00Z');
    const b = row('web-79f5875dcf-26pvs', '2025-01-01T00:00:00Z');
    assert.deepEqual(applySetImage({ kind: 'Deployment', name: 'web', images: { app: 'web:v99' } }, [a, b]), []);
  });
});
