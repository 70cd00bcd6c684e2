// The loopback API server must answer as kube-apiserver does where podwhy's live mode depends on
// it (checked against a real v1.28 apiserver): these are the behaviours a real server showed that
// the tests did not.

import assert from 'node:assert/strict';
import https from 'node:https';
import { after, before, describe, test } from 'node:test';
import { FakeApiServer } from './apiserver.js';

const server = new FakeApiServer();

function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: string; json: () => Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = https.request(
      `${server.url}${path}`,
      { method, ca: server.ca.certPem, headers: { Authorization: `Bearer ${server.token}`, ...(data ? { 'Content-Type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, json: () => JSON.parse(text) as Record<string, unknown> }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const pod = (name: string, node?: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'ns' }, spec: { containers: [{ name: 'app', image: 'nginx' }], ...(node ? { nodeName: node } : {}) }, status: { phase: 'Pending' } });

describe('the loopback API server answers as kube-apiserver does', () => {
  before(async () => {
    await server.start();
    for (let i = 0; i < 5; i++) server.add(pod(`p${i}`, 'node-1'));
    server.add(pod('unscheduled'));
  });
  after(() => server.stop());

  test('a 410 Expired on a continue token carries a fresh continue token in its metadata', async () => {
    const first = (await call('GET', '/api/v1/namespaces/ns/pods?limit=2')).json();
    const token = (first['metadata'] as Record<string, string>)['continue'] as string;
    server.expireNextContinue = true;
    const r = await call('GET', `/api/v1/namespaces/ns/pods?limit=2&continue=${encodeURIComponent(token)}`);
    assert.equal(r.status, 410);
    const st = r.json();
    assert.equal(st['kind'], 'Status');
    assert.equal(st['reason'], 'Expired');
    const fresh = (st['metadata'] as Record<string, string>)['continue'];
    assert.ok(fresh && fresh !== token, 'a fresh continue token');
    // the fresh token continues the list (inconsistently, as the message warns)
    const rest = await call('GET', `/api/v1/namespaces/ns/pods?limit=10&continue=${encodeURIComponent(fresh)}`);
    assert.equal(rest.status, 200);
  });

  test('resourceVersion=0 with limit is served from the watch cache: the limit is ignored', async () => {
    const r = (await call('GET', '/api/v1/namespaces/ns/pods?limit=2&resourceVersion=0')).json();
    assert.equal((r['items'] as unknown[]).length, 6);
    assert.equal((r['metadata'] as Record<string, unknown>)['continue'], undefined);
    const paged = (await call('GET', '/api/v1/namespaces/ns/pods?limit=2')).json();
    assert.equal((paged['items'] as unknown[]).length, 2);
  });

  test('creating a pod fails without its ServiceAccount, in the admission plugin\'s words', async () => {
    const r = await call('POST', '/api/v1/namespaces/ns/pods', pod('new'));
    assert.equal(r.status, 403);
    assert.equal(r.json()['message'], 'pods "new" is forbidden: error looking up service account ns/default: serviceaccount "default" not found');
    server.add({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: 'ns' } });
    const ok = await call('POST', '/api/v1/namespaces/ns/pods', pod('new'));
    assert.equal(ok.status, 201);
    assert.equal((ok.json()['spec'] as Record<string, unknown>)['serviceAccountName'], 'default');
    assert.equal((await call('GET', '/api/v1/namespaces/ns/pods/new')).status, 200);
    assert.equal((await call('POST', '/api/v1/namespaces/ns/pods', pod('new'))).status, 409);
  });

  test('logs of a pod with no node: 204 and an empty body', async () => {
    const r = await call('GET', '/api/v1/namespaces/ns/pods/unscheduled/log?container=app');
    assert.equal(r.status, 204);
    assert.equal(r.body, '');
  });

  test('an unsupported field label: 400 "field label not supported"', async () => {
    const r = await call('GET', '/api/v1/namespaces/ns/pods?fieldSelector=spec.containers.image%3Dnginx');
    assert.equal(r.status, 400);
    assert.equal(r.json()['message'], 'field label not supported: spec.containers.image');
  });

  test('an events.k8s.io/v1 Event is served as the core/v1 Event the apiserver stores, found by involvedObject', async () => {
    server.add({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: 'unscheduled.17f', namespace: 'ns' },
      action: 'Scheduling',
      eventTime: '2025-10-02T07:48:05.641207Z',
      note: '0/2 nodes are available: 2 Insufficient nvidia.com/gpu.',
      reason: 'FailedScheduling',
      regarding: { apiVersion: 'v1', kind: 'Pod', name: 'unscheduled', namespace: 'ns', uid: 'u-1' },
      reportingController: 'default-scheduler',
      reportingInstance: 'default-scheduler-cp-0',
      series: { count: 7, lastObservedTime: '2025-10-02T08:13:22.877640Z' },
      type: 'Warning',
      deprecatedSource: {},
      deprecatedFirstTimestamp: null,
      deprecatedLastTimestamp: null,
    });
    // kubectl describe pod's query
    const r = await call('GET', `/api/v1/namespaces/ns/events?fieldSelector=${encodeURIComponent('involvedObject.name=unscheduled,involvedObject.namespace=ns,involvedObject.uid=u-1')}&limit=500`);
    assert.equal(r.status, 200);
    const items = r.json()['items'] as Record<string, unknown>[];
    assert.equal(items.length, 1);
    const e = items[0] as Record<string, unknown>;
    assert.equal(e['message'], '0/2 nodes are available: 2 Insufficient nvidia.com/gpu.');
    assert.deepEqual(e['involvedObject'], { apiVersion: 'v1', kind: 'Pod', name: 'unscheduled', namespace: 'ns', uid: 'u-1' });
    assert.equal(e['reportingComponent'], 'default-scheduler');
    assert.deepEqual(e['source'], {});
    assert.equal(e['firstTimestamp'], null);
    assert.equal(e['count'], undefined, 'a zero count is not written');
    assert.deepEqual(e['series'], { count: 7, lastObservedTime: '2025-10-02T08:13:22.877640Z' });
    for (const k of ['regarding', 'note', 'reportingController', 'deprecatedSource']) assert.equal(e[k], undefined, k);
    const by = await call('GET', `/api/v1/namespaces/ns/events?fieldSelector=${encodeURIComponent('source=default-scheduler')}`);
    assert.equal((by.json()['items'] as unknown[]).length, 0, 'source is the deprecated source, empty for a new-API event');
  });

  test('/version reports the minor version it was given', async () => {
    const s = await new FakeApiServer({ minor: 29 }).start();
    try {
      const r = await new Promise<Record<string, unknown>>((resolve, reject) => {
        https.get(`${s.url}/version`, { ca: s.ca.certPem, headers: { Authorization: `Bearer ${s.token}` } }, (res) => {
          let t = '';
          res.on('data', (c: Buffer) => (t += c.toString()));
          res.on('end', () => resolve(JSON.parse(t) as Record<string, unknown>));
        }).on('error', reject);
      });
      assert.equal(r['minor'], '29');
      assert.match(String(r['gitVersion']), /^v1\.29\./);
    } finally {
      await s.stop();
    }
    assert.equal((await call('GET', '/version')).json()['minor'], '31', 'default');
  });

  test('logs of a pod whose node was deleted: 404 worded as a pods error', async () => {
    server.nodesGone.add('node-1');
    const r = await call('GET', '/api/v1/namespaces/ns/pods/p0/log?container=app');
    server.nodesGone.clear();
    assert.equal(r.status, 404);
    assert.equal(r.json()['message'], 'pods "node-1" not found');
  });

  test('claims, volumes and classes: their paths, scopes, list kinds, field selectors and 404s', async () => {
    server.add(
      { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data-0', namespace: 'ns' }, spec: { storageClassName: 'fast' }, status: { phase: 'Pending' } },
      { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-1' }, spec: { storageClassName: 'local' }, status: { phase: 'Available' } },
      { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'local' }, provisioner: 'kubernetes.io/no-provisioner' },
    );
    const claims = await call('GET', '/api/v1/namespaces/ns/persistentvolumeclaims');
    assert.equal(claims.json()['kind'], 'PersistentVolumeClaimList');
    assert.equal((claims.json()['items'] as unknown[]).length, 1);
    assert.equal((await call('GET', '/api/v1/persistentvolumeclaims')).json()['kind'], 'PersistentVolumeClaimList');
    const classes = await call('GET', '/apis/storage.k8s.io/v1/storageclasses');
    assert.deepEqual([classes.json()['kind'], classes.json()['apiVersion']], ['StorageClassList', 'storage.k8s.io/v1']);
    assert.equal((await call('GET', '/api/v1/persistentvolumes')).json()['kind'], 'PersistentVolumeList');
    // a claim is selected by its object meta only; a volume also by "name" (kept for compatibility)
    assert.equal((await call('GET', '/api/v1/namespaces/ns/persistentvolumeclaims?fieldSelector=metadata.name%3Ddata-0')).status, 200);
    const bad = await call('GET', '/api/v1/namespaces/ns/persistentvolumeclaims?fieldSelector=spec.storageClassName%3Dfast');
    assert.equal(bad.status, 400);
    assert.equal(bad.json()['message'], 'field label not supported: spec.storageClassName');
    assert.equal((await call('GET', '/api/v1/persistentvolumes?fieldSelector=name%3Dpv-1')).status, 200);
    assert.equal((await call('GET', '/apis/storage.k8s.io/v1/storageclasses?fieldSelector=provisioner%3Dx')).status, 400);
    // a class that does not exist: the group's resource in the message, as the apiserver words it
    const missing = await call('GET', '/apis/storage.k8s.io/v1/storageclasses/fast');
    assert.equal(missing.status, 404);
    assert.equal(missing.json()['message'], 'storageclasses.storage.k8s.io "fast" not found');
    // cluster-scoped: no namespace in the path; the core group does not serve StorageClasses
    assert.equal((await call('GET', '/api/v1/namespaces/ns/persistentvolumes')).status, 404);
    assert.equal((await call('GET', '/api/v1/storageclasses')).status, 404);
  });
});
