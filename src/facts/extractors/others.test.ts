import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { classifyConfigError } from './config-error.js';
import { parseEvictionMessage, summarizeEviction } from './eviction.js';
import { classifyExit } from './exit-code.js';
import { parseProbeMessage } from './probe.js';
import { effectiveRequests, formatBytes, parseQuantity } from './quantity.js';
import { classifyStartError } from './start-error.js';

describe('exit codes', () => {
  const table: [number | undefined, number | undefined, string | undefined, string, string?][] = [
    [0, undefined, 'Completed', 'success'],
    [1, undefined, 'Error', 'app-error'],
    [2, undefined, 'Error', 'shell-misuse'],
    [126, undefined, 'Error', 'not-executable'],
    [127, undefined, 'Error', 'command-not-found'],
    [128, undefined, 'StartError', 'start-failed'],
    [127, undefined, 'ContainerCannotRun', 'command-not-found'],
    [130, undefined, 'Error', 'interrupted', 'SIGINT'],
    [134, undefined, 'Error', 'aborted', 'SIGABRT'],
    [137, undefined, 'Error', 'killed', 'SIGKILL'],
    [137, undefined, 'OOMKilled', 'oom-killed', 'SIGKILL'],
    [139, undefined, 'Error', 'segfault', 'SIGSEGV'],
    [143, undefined, 'Error', 'terminated', 'SIGTERM'],
    [255, undefined, 'Error', 'out-of-range'],
    [0, 9, undefined, 'killed', 'SIGKILL'],
    [42, undefined, undefined, 'app-error'],
  ];
  for (const [code, signal, reason, meaning, sig] of table) {
    test(`${code}/${signal ?? '-'}/${reason ?? '-'} → ${meaning}`, () => {
      const r = classifyExit(code, signal, reason);
      assert.equal(r?.meaning, meaning);
      assert.equal(r?.signalName, sig);
    });
  }
  test('no exit code, no signal', () => assert.equal(classifyExit(undefined), undefined));
});

describe('probe messages', () => {
  const table: [string, string, string, string?][] = [
    ['Liveness probe failed: HTTP probe failed with statuscode: 500', 'liveness', 'http-status', '500'],
    ['Readiness probe failed: Get "http://10.244.1.7:8080/healthz": dial tcp 10.244.1.7:8080: connect: connection refused', 'readiness', 'connection-refused', '10.244.1.7:8080'],
    ['Readiness probe failed: Get "http://10.1.2.3:8080/ready": context deadline exceeded (Client.Timeout exceeded while awaiting headers)', 'readiness', 'timeout'],
    ["Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory", 'liveness', 'exec-failed', "cat: can't open '/tmp/healthy': No such file or directory"],
    ['Startup probe failed: dial tcp 10.0.0.5:5432: connect: connection refused', 'startup', 'connection-refused', '10.0.0.5:5432'],
    ['Liveness probe errored and resulted in unknown state: rpc error: code = Unknown desc = failed to exec in container', 'liveness', 'errored'],
    ['Readiness probe failed: command timed out: "pg_isready" timed out after 1s', 'readiness', 'timeout'],
    ['Liveness probe failed: service unhealthy (responded with "NOT_SERVING")', 'liveness', 'grpc-not-serving', 'NOT_SERVING'],
  ];
  for (const [msg, probe, kind, detail] of table) {
    test(msg.slice(0, 60), () => {
      const r = parseProbeMessage(msg);
      assert.equal(r?.probe, probe);
      assert.equal(r?.kind, kind);
      assert.equal(r?.detail, detail);
    });
  }
  test('not a probe message', () => assert.equal(parseProbeMessage('Back-off restarting failed container'), undefined));
});

describe('eviction messages', () => {
  test('new format with threshold and per-container usage', () => {
    const p = parseEvictionMessage(
      'The node was low on resource: memory. Threshold quantity: 100Mi, available: 86496Ki. Container app was using 1536Mi, request is 512Mi, has larger consumption of memory. Container sidecar was using 20Mi, request is 64Mi, has larger consumption of memory. ',
    );
    assert.equal(p.resource, 'memory');
    assert.equal(p.threshold, '100Mi');
    assert.equal(p.available, '86496Ki');
    assert.deepEqual(p.containers.map((c) => [c.name, c.usage, c.request]), [
      ['app', '1536Mi', '512Mi'],
      ['sidecar', '20Mi', '64Mi'],
    ]);
    assert.equal(p.topContainer, 'app');
    assert.deepEqual(summarizeEviction(p), ['app: 1536Mi used, requests 512Mi (+1Gi)', 'sidecar: 20Mi used, requests 64Mi']);
  });
  test('old format', () => {
    const p = parseEvictionMessage('The node was low on resource: ephemeral-storage. Container app was using 10Gi, which exceeds its request of 0. ');
    assert.equal(p.resource, 'ephemeral-storage');
    assert.deepEqual(p.containers[0], { name: 'app', usage: '10Gi', request: '0' });
  });
  test('local storage limits', () => {
    assert.equal(parseEvictionMessage('Pod ephemeral local storage usage exceeds the total limit of containers 1Gi. ').resource, 'ephemeral-storage');
    const p = parseEvictionMessage('Container app exceeded its local ephemeral storage limit "500Mi". ');
    assert.deepEqual(p.containers, [{ name: 'app', limit: '500Mi' }]);
  });
  test('node condition', () => assert.equal(parseEvictionMessage('The node had condition: [DiskPressure]. ').condition, 'DiskPressure'));
  test('the node condition the eviction manager sets for the resource', () => {
    assert.equal(parseEvictionMessage('The node was low on resource: memory. Container egg was using 5053216Ki, which exceeds its request of 0.').nodeCondition, 'MemoryPressure');
    assert.equal(parseEvictionMessage('The node was low on resource: ephemeral-storage. Threshold quantity: 1Gi, available: 925292Ki.').nodeCondition, 'DiskPressure');
    assert.equal(parseEvictionMessage('The node was low on resource: inodes. ').nodeCondition, 'DiskPressure');
    assert.equal(parseEvictionMessage('The node was low on resource: pids. ').nodeCondition, 'PIDPressure');
    // v1.6–1.7 named the condition itself
    assert.equal(parseEvictionMessage('The node was low on resource: [MemoryPressure]. ').nodeCondition, 'MemoryPressure');
    // a resource with no pressure condition of its own, and the pod's own limits: none
    assert.equal(parseEvictionMessage('The node was low on resource: nvidia.com/gpu. ').nodeCondition, undefined);
    assert.equal(parseEvictionMessage('Usage of EmptyDir volume "cache" exceeds the limit "1Gi". ').nodeCondition, undefined);
  });
  test('a pressure condition alone names the resource the node was short of', () => {
    const p = parseEvictionMessage('Pod The node had condition: [DiskPressure]. ');
    assert.deepEqual([p.kind, p.nodeCondition, p.resource], ['node-condition', 'DiskPressure', 'ephemeral-storage']);
    const two = parseEvictionMessage('The node had condition: [MemoryPressure, DiskPressure]. ');
    assert.deepEqual([two.nodeCondition, two.resource], [undefined, undefined]);
  });
});

describe('config errors', () => {
  const table: [string, string, string?, string?][] = [
    ['configmap "app-settings" not found', 'missing-configmap', 'app-settings'],
    ['Error: secret "db-credentials" not found', 'missing-secret', 'db-credentials'],
    ["couldn't find key DATABASE_URL in Secret payments/payments-env", 'missing-key', 'payments-env', 'DATABASE_URL'],
    ["couldn't find key log.level in ConfigMap default/app", 'missing-key', 'app', 'log.level'],
    ['container has runAsNonRoot and image will run as root (pod: "web-7d9c_prod(8d1c)", container: web)', 'run-as-non-root'],
    ['container has runAsNonRoot and image has non-numeric user (nginx), cannot verify user is non-root (pod: "web_prod(1)", container: web)', 'run-as-non-root-non-numeric'],
    ['something else', 'unknown'],
  ];
  for (const [msg, kind, object, key] of table) {
    test(msg.slice(0, 50), () => {
      const r = classifyConfigError(msg);
      assert.equal(r.kind, kind);
      assert.equal(r.object, object);
      assert.equal(r.key, key);
    });
  }
});

describe('start errors', () => {
  const table: [string, string, string?][] = [
    ['failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "foo": executable file not found in $PATH', 'executable-not-found', 'foo'],
    ['OCI runtime create failed: container_linux.go:380: starting container process caused: exec: "x": executable file not found in $PATH: unknown', 'executable-not-found', 'x'],
    ['runc create failed: unable to start container process: exec: "/app/start.sh": permission denied', 'permission-denied', '/app/start.sh'],
    ['unable to start container process: exec: "/usr/bin/pod": stat /usr/bin/pod: no such file or directory', 'no-such-file', '/usr/bin/pod'],
    ['failed to generate container "bc34" spec: failed to generate spec: no command specified', 'no-command'],
    ['failed to reserve container name "app_web_default_1_0": name "app_web_default_1_0" is reserved for "a865"', 'name-conflict'],
    ['context deadline exceeded', 'runtime-timeout'],
  ];
  for (const [msg, kind, path] of table) {
    test(msg.slice(0, 60), () => {
      const r = classifyStartError(msg);
      assert.equal(r.kind, kind);
      assert.equal(r.path, path);
    });
  }
});

describe('quantities', () => {
  test('parse', () => {
    assert.equal(parseQuantity('512Mi'), 512 * 2 ** 20);
    assert.equal(parseQuantity('250m'), 0.25);
    assert.equal(parseQuantity('1.5Gi'), 1.5 * 2 ** 30);
    assert.equal(parseQuantity('2'), 2);
    assert.equal(parseQuantity('1e3'), 1000);
    assert.equal(parseQuantity('1G'), 1e9);
    assert.equal(parseQuantity('abc'), undefined);
  });
  test('format', () => {
    assert.equal(formatBytes(512 * 2 ** 20), '512Mi');
    assert.equal(formatBytes(1.5 * 2 ** 30), '1.5Gi');
  });
  test('effective requests: sum of containers and sidecars, or the largest init container', () => {
    assert.deepEqual(
      effectiveRequests([
        { kind: 'init', requests: { cpu: '2', memory: '64Mi' } },
        { kind: 'sidecar', requests: { cpu: '100m', memory: '128Mi' } },
        { kind: 'regular', requests: { cpu: '250m', memory: '1Gi' } },
        { kind: 'regular', requests: { cpu: '250m', memory: '512Mi' } },
      ]),
      { cpu: '2', memory: '1.6Gi' },
    );
  });
});

describe('fixes found by the fixtures', () => {
  test('escaped quotes from CRI-O and old Docker still name the program', () => {
    assert.equal(
      classifyStartError('container create failed: time="2024-01-01T00:00:00Z" level=error msg="runc create failed: unable to start container process: exec: \\"uvicorn\\": executable file not found in $PATH"').path,
      'uvicorn',
    );
    assert.equal(classifyStartError('starting container process caused "exec: \\"npm\\": executable file not found in $PATH": unknown').path, 'npm');
  });
  test('Docker capitalises "No command specified"', () => assert.equal(classifyStartError('Error response from daemon: No command specified').kind, 'no-command'));
  test('a subPath mount failure is not a missing program', () => {
    assert.equal(
      classifyStartError('OCI runtime create failed: container_linux.go:380: starting container process caused: process_linux.go:545: container init caused: rootfs_linux.go:75: mounting \\"/var/lib/kubelet/pods/x/volume-subpaths/cfg/app/0\\" to rootfs at \\"/etc/app.conf\\" caused: no such file or directory: unknown').kind,
      'container-setup',
    );
  });
  test('exit 128 with reason Error is the application\'s own exit', () => {
    assert.equal(classifyExit(128, undefined, 'Error')?.meaning, 'app-error');
    assert.equal(classifyExit(128, undefined, 'StartError')?.meaning, 'start-failed');
  });
  test('more runAsNonRoot wordings', () => {
    assert.equal(classifyConfigError('container\'s runAsUser breaks non-root policy (pod: "api-1_prod(9)", container: api)').kind, 'run-as-user-root');
  });
});
