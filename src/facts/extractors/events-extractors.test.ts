// Table tests over real messages for the event-based extractors: volumes, sandbox, admission,
// lifecycle hooks, and Go durations.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseAdmission } from './admission.js';
import { parseGoDuration } from './go-duration.js';
import { parseHookMessage } from './hook.js';
import { classifyMountError } from './mount.js';
import { classifySandboxError, missingCniPlugins } from './sandbox.js';
import { SANDBOX_SYNC } from '../inference.js';

describe('mount errors', () => {
  const table: [string, string, string?, string?][] = [
    ['MountVolume.SetUp failed for volume "config" : configmap "nginx-conf" not found', 'missing-configmap', 'config', 'nginx-conf'],
    ['MountVolume.SetUp failed for volume "tls" : secret "web-tls" not found', 'missing-secret', 'tls', 'web-tls'],
    ['MountVolume.SetUp failed for volume "kube-api-access-8hcmj" : object "default"/"kube-root-ca.crt" not registered', 'not-registered', 'kube-api-access-8hcmj', 'default/kube-root-ca.crt'],
    ['Multi-Attach error for volume "pvc-8e2b1f04" Volume is already used by pod(s) grafana-7d9f5c-abcde', 'multi-attach', 'pvc-8e2b1f04', 'grafana-7d9f5c-abcde'],
    ['Multi-Attach error for volume "pvc-8e2b1f04" Volume is already exclusively attached to one node and can\'t be attached to another', 'multi-attach', 'pvc-8e2b1f04'],
    [
      'MountVolume.MountDevice failed for volume "pvc-1" : kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name ebs.csi.aws.com not found in the list of registered CSI drivers',
      'csi-driver-missing',
      'pvc-1',
      'ebs.csi.aws.com',
    ],
    ['MountVolume.SetUp failed for volume "data" : hostPath type check failed: /mnt/data is not a directory', 'hostpath-type', 'data', '/mnt/data'],
    [
      'MountVolume.SetUp failed for volume "shared" : mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t nfs 10.20.0.15:/exports/media /var/lib/kubelet/pods/x/volumes/kubernetes.io~nfs/shared\nOutput: mount: /var/lib/kubelet/pods/x/volumes/kubernetes.io~nfs/shared: bad option; for several filesystems (e.g. nfs, cifs) you might need a /sbin/mount.<type> helper program.',
      'mount-helper',
      'shared',
      'nfs',
    ],
    [
      'MountVolume.SetUp failed for volume "nfs" : mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t nfs 10.0.0.9:/srv /var/lib/kubelet/pods/y/volumes/kubernetes.io~nfs/nfs\nOutput: mount.nfs: Connection timed out',
      'nfs',
      'nfs',
      '10.0.0.9:/srv',
    ],
    ['Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data kube-api-access-x2k4p], failed to process volumes=[]: timed out waiting for the condition', 'timeout', undefined, 'data'],
    ['AttachVolume.Attach failed for volume "pvc-1" : rpc error: code = Internal desc = Could not attach volume "vol-0a1" to node "i-0b2": attachment of disk "vol-0a1" failed', 'attach-failed', 'pvc-1'],
    ['something new', 'unknown'],
  ];
  for (const [msg, kind, volume, detail] of table) {
    test(`${kind}: ${msg.slice(0, 60)}`, () => {
      const r = classifyMountError(msg);
      assert.equal(r.kind, kind);
      assert.equal(r.volume, volume);
      assert.equal(r.detail, detail);
    });
  }
});

describe('sandbox errors', () => {
  const table: [string, string, string?][] = [
    [
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "3c05": plugin type="flannel" failed (add): loadFlannelSubnetEnv failed: open /run/flannel/subnet.env: no such file or directory',
      'cni-not-ready',
      'flannel',
    ],
    ['network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized', 'cni-not-ready'],
    [
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "9f1": plugin type="calico" failed (add): stat /var/lib/calico/nodename: no such file or directory: check that the calico/node container is running and has mounted /var/lib/calico/',
      'cni-not-ready',
      'calico',
    ],
    ['Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "ab": plugin type="aws-cni" name="aws-cni" failed (add): add cmd: failed to assign an IP address to container', 'ip-exhausted', 'aws-cni'],
    ['Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "cd": plugin type="calico" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized', 'cni-unauthorized', 'calico'],
    ['Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox image "registry.k8s.io/pause:3.9": failed to pull image "registry.k8s.io/pause:3.9": failed to resolve reference', 'sandbox-image'],
    ['Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "ef": plugin type="cilium-cni" failed (add): unexpected end of JSON input', 'cni-failed', 'cilium-cni'],
    ['Failed to create pod sandbox: rpc error: code = DeadlineExceeded desc = context deadline exceeded', 'runtime'],
  ];
  for (const [msg, kind, plugin] of table) {
    test(`${kind}: ${msg.slice(30, 90)}`, () => {
      const r = classifySandboxError(msg);
      assert.equal(r.kind, kind);
      assert.equal(r.plugin, plugin);
    });
  }
});

describe('admission rejections', () => {
  test('OutOfcpu with millicores', () => {
    assert.deepEqual(parseAdmission("Pod was rejected: Node didn't have enough resource: cpu, requested: 2000, used: 3500, capacity: 4000"), {
      message: "Node didn't have enough resource: cpu, requested: 2000, used: 3500, capacity: 4000",
      resource: 'cpu',
      requested: '2000m',
      used: '3500m',
      capacity: '4000m',
    });
  });
  test('predicates, old and new prefix', () => {
    assert.equal(parseAdmission('Pod was rejected: Predicate NodeAffinity failed: node(s) didn\'t match Pod\'s node affinity/selector').predicate, 'NodeAffinity');
    assert.equal(parseAdmission('Pod Predicate NodeAffinity failed').predicate, 'NodeAffinity');
  });
  test('device allocation', () => {
    assert.equal(parseAdmission('Pod was rejected: Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected').resource, 'nvidia.com/gpu');
  });
});

describe('hooks', () => {
  test('exec hook with output', () => {
    const h = parseHookMessage('Exec lifecycle hook ([/bin/sh -c badcmd]) for Container "app" in Pod "web-1_default(9c1)" failed - error: command \'/bin/sh -c badcmd\' exited with 127: , message: "/bin/sh: badcmd: not found\\n"');
    assert.deepEqual([h.handler, h.command, h.exitCode, h.output], ['exec', '[/bin/sh -c badcmd]', 127, '/bin/sh: badcmd: not found']);
  });
  test('http hook', () => {
    const h = parseHookMessage('HTTP lifecycle hook (/shutdown) for Container "app" in Pod "web-1_default(9c1)" failed - error: Get "http://10.1.2.3:8080/shutdown": dial tcp 10.1.2.3:8080: connect: connection refused');
    assert.equal(h.handler, 'http');
    assert.match(h.output ?? '', /connection refused/);
  });
  test('v1.26+ terse event', () => assert.deepEqual(parseHookMessage('PostStartHook failed'), { message: 'PostStartHook failed' }));
});

test('Go durations', () => {
  assert.equal(parseGoDuration('5m0s'), 300);
  assert.equal(parseGoDuration('40s'), 40);
  assert.equal(parseGoDuration('2m40s'), 160);
  assert.equal(parseGoDuration('1h0m0s'), 3600);
  assert.equal(parseGoDuration('1.5s'), 1.5);
  assert.equal(parseGoDuration(''), undefined);
  assert.equal(parseGoDuration('soon'), undefined);
});

test('calico IPAM conflicts are not exhaustion; dockershim names no CNI plugin', () => {
  assert.equal(classifySandboxError('Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "ab": plugin type="calico" failed (add): error getting IP from IPAM: resource already exists: 10.233.110.22').kind, 'cni-failed');
  assert.equal(classifySandboxError('networkPlugin cni failed to set up pod "x_ns" network: failed to allocate for range 0: no IP addresses available in range set: 10.244.1.1-10.244.1.254').plugin, undefined);
  assert.equal(classifySandboxError('networkPlugin cni failed to set up pod "x_ns" network: failed to allocate for range 0: no IP addresses available in range set: 10.244.1.1-10.244.1.254').kind, 'ip-exhausted');
});

test('pre-1.26 exec hook output and CRLF', () => {
  const h = parseHookMessage('Exec lifecycle hook ([/bin/sh -c badcommand > /usr/share/message]) for Container "lifecycle-demo-container" in Pod "lifecycle-demo_default(2ec3)" failed - error: command \'/bin/sh -c badcommand > /usr/share/message\' exited with 127: /bin/sh: 1: badcommand: not found\r\n');
  assert.equal(h.output, '/bin/sh: 1: badcommand: not found');
});

test('a CNI plugin binary not found is its own kind; the directories searched name no plugin', () => {
  // real post 310 (kubelet 1.5, FailedSync with Go-escaped quotes) and a containerd-era message
  const old = 'Error syncing pod, skipping: failed to "SetupNetwork" for "web" with SetupNetworkError: "Failed to setup network for pod \\"web\\" using network plugins \\"cni\\": failed to find plugin \\"bridge\\" in path [/opt/cni/bin /opt/flannel/bin]; Skipping pod"';
  const r = classifySandboxError(old);
  assert.equal(r.kind, 'cni-plugin-missing');
  assert.equal(r.plugin, undefined, '/opt/flannel/bin is a directory searched, not the plugin');
  const now = 'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "9f": failed to find plugin "loopback" in path [/opt/cni/bin]';
  assert.equal(classifySandboxError(now).kind, 'cni-plugin-missing');
  assert.deepEqual(missingCniPlugins([old, now, now]), ['bridge', 'loopback']);
  assert.deepEqual(missingCniPlugins(['cni plugin not initialized']), []);
});

test('FailedSync of an old kubelet that failed the pod network blocks creation, as FailedCreatePodSandBox does', () => {
  assert.equal(SANDBOX_SYNC.test('Error syncing pod, skipping: failed to "SetupNetwork" for "web_ns" with SetupNetworkError: "…"'), true);
  assert.equal(SANDBOX_SYNC.test('Error syncing pod, skipping: failed to "StartContainer" for "app" with CrashLoopBackOff: "…"'), false);
});

test('a bridge already holding another address is its own kind, where the message would otherwise be a plain CNI failure', () => {
  // flannel through the bridge plugin (containerd), and dockershim's wording of the same failure
  const flannel = 'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "b34f": plugin type="flannel" failed (add): failed to delegate add: failed to set bridge addr: "cni0" already has an IP address different from 10.244.0.1/24';
  const dockershim = 'NetworkPlugin cni failed to set up pod "web-1_default" network: failed to set bridge addr: "cni0" already has an IP address different from 10.244.1.1/24';
  assert.equal(classifySandboxError(flannel).kind, 'bridge-address-conflict');
  assert.equal(classifySandboxError(flannel).plugin, 'flannel');
  assert.equal(classifySandboxError(dockershim).kind, 'bridge-address-conflict');
  // the bare words, with nothing else said: still the bridge's conflict, not unknown
  assert.equal(classifySandboxError('failed to set bridge addr: "cni0" already has an IP address different from 10.244.2.1/24').kind, 'bridge-address-conflict');
  // another bridge failure stays cni-failed
  assert.equal(classifySandboxError('plugin type="bridge" failed (add): failed to set bridge addr: could not add IP address to "cni0": permission denied').kind, 'cni-failed');
});
