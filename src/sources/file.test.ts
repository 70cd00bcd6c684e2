import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { InputError } from '../model/errors.js';
import { obj } from '../util/json.js';
import { parseText, snapshotFromTexts } from './file.js';

const pod = (name: string, uid?: string, ns = 'default') => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: ns, ...(uid ? { uid } : {}) }, status: { phase: 'Running' } });
const event = (name: string, reason: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name: `${name}.1`, namespace: 'default' },
  involvedObject: { kind: 'Pod', name, namespace: 'default', ...extra },
  reason,
  message: reason,
  count: 2,
  lastTimestamp: '2025-01-01T00:00:00Z',
});

describe('parseText', () => {
  test('multi-document YAML with line numbers', () => {
    const docs = parseText('kind: Pod\nmetadata:\n  name: a\n---\nkind: Pod\nmetadata:\n  name: b\n', 'x.yaml');
    assert.equal(docs.length, 2);
    assert.deepEqual(
      docs.map((d) => d.line),
      [1, 5],
    );
  });
  test('JSON, JSON arrays, BOM and CRLF', () => {
    assert.equal(parseText(JSON.stringify(pod('a')), 'x.json').length, 1);
    assert.equal(parseText(JSON.stringify([pod('a'), pod('b')]), 'x.json').length, 2);
    assert.equal(parseText('\ufeffkind: Pod\r\nmetadata:\r\n  name: a\r\n', 'x').length, 1);
  });
  test('timestamps stay strings (no YAML timestamp type)', () => {
    const [d] = parseText('kind: Pod\nmetadata:\n  creationTimestamp: 2025-01-01T00:00:00Z\n', 'x');
    assert.equal((d?.value as { metadata: { creationTimestamp: unknown } }).metadata.creationTimestamp, '2025-01-01T00:00:00Z');
  });
  test('small pasted YAML that does not parse is read line by line: what fails is skipped and its line named, not shown', () => {
    const s = snapshotFromTexts([{ file: 'pod.txt', text: '```yaml\nkind: Pod\n---\nmetadata:\n  name: a\n bad: [secret\n```\n' }]);
    assert.equal(s.pods.length, 1);
    assert.equal(obj(s.pods[0]?.pod['metadata'])?.['name'], 'a');
    assert.equal(s.pods[0]?.source?.format, 'yaml-in-text');
    assert.deepEqual(s.warnings, ['pod.txt: 1 line(s) could not be read and were skipped (line 6)']);
    assert.equal(s.damaged, undefined);
  });
  test('the same YAML as a document of its own is damaged: what came before the break is read, the break named', () => {
    const s = snapshotFromTexts([{ file: 'pod.yaml', text: 'kind: Pod\n---\nmetadata:\n  name: a\n bad: [secret\n' }]);
    assert.deepEqual(
      s.damaged?.map((d) => [d.file, d.line, d.column]),
      [['pod.yaml', 5, 2]],
    );
    assert.equal(obj(s.pods[0]?.pod['metadata'])?.['name'], 'a');
    assert.doesNotMatch(JSON.stringify(s), /secret/);
  });
  test('big YAML that does not parse is an error that names the file, line and column', () => {
    const big = `kind: Pod\nmetadata:\n  name: a\n  annotations:\n${'    a: b\n'.repeat(1_000_000)} bad: [\n`;
    assert.throws(
      () => parseText(big, 'pod.yaml'),
      (e: unknown) => e instanceof InputError && /^pod\.yaml:1000005:2: invalid YAML \(/.test(e.message) && !e.message.includes('\n'),
    );
  });
  test('truncated JSON is a JSON error', () => {
    assert.throws(() => parseText('{"kind": "Pod", "metadata": {', 'x.json'), (e: unknown) => e instanceof InputError && /^x\.json:1:30: the JSON ends inside an object — /.test(e.message));
  });
});

describe('snapshot', () => {
  test('List of pods and a separate List of events are joined by uid, then by name', () => {
    const s = snapshotFromTexts([
      { file: 'pods.json', text: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [pod('web-0', 'u-new'), pod('api', undefined)] }) },
      {
        file: 'events.json',
        text: JSON.stringify({
          kind: 'List',
          items: [event('web-0', 'Pulled', { uid: 'u-new' }), event('web-0', 'Killing', { uid: 'u-old' }), event('api', 'BackOff'), event('gone', 'X')],
        }),
      },
    ]);
    assert.equal(s.pods.length, 2);
    assert.deepEqual(
      s.pods[0]?.events.map((e) => e.reason),
      ['Pulled'],
      'an event for a previous pod of the same name (other uid) is not joined',
    );
    assert.deepEqual(
      s.pods[1]?.events.map((e) => e.reason),
      ['BackOff'],
    );
    assert.equal(s.orphanEvents.length, 2);
  });
  test('PodList items without kind, events.k8s.io events, fixture header, other kinds', () => {
    const s = snapshotFromTexts([
      {
        file: 'x.yaml',
        text: [
          'kind: PodwhyFixture\nnow: "2025-01-01T00:00:00Z"\nexpect: {fires: [], rootCause: null}',
          JSON.stringify({ kind: 'PodList', items: [{ metadata: { name: 'a', uid: 'ua' }, spec: { containers: [] } }] }),
          JSON.stringify({ apiVersion: 'events.k8s.io/v1', kind: 'Event', regarding: { kind: 'Pod', name: 'a', uid: 'ua' }, reason: 'FailedScheduling', note: '0/1 nodes are available', series: { count: 4 } }),
          'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web',
        ].join('\n---\n'),
      },
    ]);
    assert.equal(s.pods.length, 1);
    assert.equal(s.pods[0]?.capturedAt, Date.UTC(2025, 0, 1));
    assert.equal(s.pods[0]?.events[0]?.count, 4);
    assert.equal(s.pods[0]?.events[0]?.message, '0/1 nodes are available');
    assert.equal(s.fixtures.length, 1);
    assert.deepEqual(s.warnings, ['x.yaml:9: skipped Deployment "web" (podwhy reads Pods and Events)']);
  });
  test('a kind-less object that looks like a pod is read as one, with a warning', () => {
    const s = snapshotFromTexts([{ file: 'x', text: 'metadata:\n  name: a\nstatus:\n  phase: Pending\n' }]);
    assert.equal(s.pods.length, 1);
    assert.match(s.warnings[0] ?? '', /without "kind" was read as a Pod/);
  });
  test('scalars and empty documents are harmless', () => {
    const s = snapshotFromTexts([{ file: 'x', text: '---\n---\n42\n---\n# only a comment\n' }]);
    assert.equal(s.pods.length, 0);
    assert.equal(s.warnings.length, 1);
  });
});

describe('claims beside the pods', () => {
  const claim = (name: string, phase: string, sc?: string, ns = 'db') => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: ns }, spec: sc ? { storageClassName: sc } : {}, status: { phase } });
  test('a pod gets the claims its volumes name, or (volumes not given) those a StatefulSet template names after it', () => {
    const withVolumes = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-0', namespace: 'db' }, spec: { volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'cache' } }], containers: [{ name: 'a' }] } };
    const noVolumes = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pg-0', namespace: 'db' }, status: { phase: 'Pending' } };
    const s = snapshotFromTexts([{ file: 'x.json', text: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [withVolumes, noVolumes, claim('cache', 'Bound', 'fast'), claim('data-web-0', 'Pending'), claim('data-pg-0', 'Pending'), claim('data-pg-0-old', 'Pending'), claim('data-pg-0', 'Pending', undefined, 'other')] }) }]);
    const names = (i: number) => (s.pods[i]?.claimObjects ?? []).map((c) => `${String(obj(c['metadata'])?.['namespace'])}/${String(obj(c['metadata'])?.['name'])}`);
    // volumes given: only what they name, never a look-alike
    assert.deepEqual(names(0), ['db/cache']);
    // volumes not given: TEMPLATE-POD in its namespace
    assert.deepEqual(names(1), ['db/data-pg-0']);
  });
});

describe('nodes beside the pods', () => {
  test('a pod on none of the nodes given gets them as its cluster; a pod on one gets that one', () => {
    const node = (name: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { conditions: [{ type: 'Ready', status: 'True' }] } });
    const placed = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a', namespace: 'x' }, spec: { nodeName: 'n1', containers: [{ name: 'c' }] }, status: { phase: 'Running' } };
    const waiting = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'b', namespace: 'x' }, spec: { containers: [{ name: 'c' }] }, status: { phase: 'Pending' } };
    const s = snapshotFromTexts([{ file: 'x.json', text: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [placed, waiting, node('n1'), node('n2')] }) }]);
    assert.equal(obj(s.pods[0]?.node?.['metadata'])?.['name'], 'n1');
    assert.equal(s.pods[0]?.clusterNodes, undefined);
    assert.deepEqual(s.pods[1]?.clusterNodes?.map((n) => obj(n['metadata'])?.['name']), ['n1', 'n2']);
  });
});

describe('the storage claims wait for', () => {
  const claimPod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-0', namespace: 'shop' }, spec: { containers: [{ name: 'a' }], volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'data-web-0' } }] }, status: { phase: 'Pending' } };
  const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data-web-0', namespace: 'shop' }, spec: { storageClassName: 'fast' }, status: { phase: 'Pending' } };
  const cls = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3' }, provisioner: 'ebs.csi.aws.com' };
  const vol = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-1' }, spec: { storageClassName: 'gp3' }, status: { phase: 'Available' } };
  test('a List of classes and volumes (kubectl get pvc,pv,sc -o yaml) is the whole list; one given alone is not', () => {
    const listed = snapshotFromTexts([{ file: 'x.yaml', text: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [claimPod, claim, cls, vol] }) }]);
    assert.equal(listed.pods[0]?.storage?.classesComplete, true);
    assert.equal(listed.pods[0]?.storage?.volumesComplete, true);
    assert.equal(listed.pods[0]?.claimObjects?.length, 1);
    assert.deepEqual(listed.warnings, []);
    const alone = snapshotFromTexts([{ file: 'x.yaml', text: [claimPod, claim, cls].map((o) => JSON.stringify(o)).join('\n---\n') }]);
    assert.equal(alone.pods[0]?.storage?.classesComplete, false);
    assert.equal(alone.pods[0]?.storage?.volumes, undefined);
    // another -f: the classes of a second file join the pods of the first
    const two = snapshotFromTexts([
      { file: 'pod.yaml', text: JSON.stringify(claimPod) },
      { file: 'sc.yaml', text: JSON.stringify({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClassList', items: [cls] }) },
    ]);
    assert.equal(two.pods[0]?.storage?.classesComplete, true);
    // a pod without claims gets none of it
    const none = snapshotFromTexts([{ file: 'x.yaml', text: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [pod('a'), cls] }) }]);
    assert.equal(none.pods[0]?.storage, undefined);
  });
});

