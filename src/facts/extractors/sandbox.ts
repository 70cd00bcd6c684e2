// Why the kubelet could not create the pod sandbox (FailedCreatePodSandBox, NetworkNotReady):
//   Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "3c05…": plugin type="flannel" failed (add): loadFlannelSubnetEnv failed: open /run/flannel/subnet.env: no such file or directory
//   network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized
//   …plugin type="aws-cni" name="aws-cni" failed (add): add cmd: failed to assign an IP address to container
//   …plugin type="flannel" failed (add): failed to delegate add: failed to set bridge addr: "cni0" already has an IP address different from 10.244.1.1/24

import { eventTally, obj, oneOf, opt, readFrom, str, strs, type FactType } from '../declare.js';
import { podFamily, type PodScope, type PodFamilyOf } from '../family.js';
import { SANDBOX_SYNC } from '../inference.js';
import type { EventFacts } from '../types.js';
import { setIf } from '../values.js';

/** Every kind classifySandboxError returns: the fact catalogue's sandbox.kind values. */
export const SANDBOX_KINDS = ['cni-not-ready', 'cni-plugin-missing', 'ip-exhausted', 'cni-unauthorized', 'bridge-address-conflict', 'cni-failed', 'sandbox-image', 'runtime', 'unknown'] as const;
export type SandboxKind = (typeof SANDBOX_KINDS)[number];

/** The pod's `sandbox` facts: the newest sandbox failure, classified here; normalize adds the event's reason, count and age. */
export const SANDBOX_FACTS = readFrom(['FailedCreatePodSandBox'], obj('The newest sandbox/network failure among the events (extractor).', {
  // (the kubelet's NetworkNotReady events say cni-not-ready; every kind comes from FailedCreatePodSandBox)
  kind: readFrom({ 'cni-not-ready': ['NetworkNotReady'] }, oneOf('cni-not-ready, cni-plugin-missing (a plugin binary is not in the CNI bin directory), ip-exhausted, cni-unauthorized, bridge-address-conflict (the node\'s bridge, cni0, holds an address outside the pod CIDR the plugin was given), cni-failed, sandbox-image, runtime, unknown.', SANDBOX_KINDS)),
  message: str('The event message.'),
  plugin: opt(str('CNI plugin named (calico, flannel, aws-cni, cilium…).')),
  missingPlugins: opt(strs('A CNI plugin binary the runtime did not find (failed to find plugin "loopback" in path), in any of the events.')),
  ...eventTally('FailedCreatePodSandBox or NetworkNotReady.', 'sandbox'),
}));
export type SandboxFacts = FactType<typeof SANDBOX_FACTS>;
/** What one message tells. */
export type SandboxError = Pick<SandboxFacts, 'kind' | 'message' | 'plugin'>;

/**
 * The CNI plugin when the message does not say plugin type="…" (dockershim's "NetworkPlugin cni
 * failed …" names only the kubelet's own plugin): the plugin's own words give it away.
 */
const PLUGIN_WORDS: [string, RegExp][] = [
  ['calico', /\bcalico\b|ClusterInformation|\/var\/lib\/calico\//i],
  ['flannel', /\bflannel\b/i],
  ['weave', /\bweave\b|127\.0\.0\.1:6784/i],
  ['cilium', /\bcilium\b/i],
  ['aws-cni', /aws-cni|aws-node|\bipamd\b|127\.0\.0\.1:50051|failed to assign an IP address to container/i],
  ['azure-vnet', /azure-vnet|azure cni/i],
  ['istio-cni', /istio-cni/i],
  ['multus', /\bmultus\b/i],
];

export function classifySandboxError(message: string): SandboxError {
  const msg = message.trim();
  // dockershim names the kubelet's own plugin ("networkPlugin cni failed"): not the CNI plugin.
  // (pod and sandbox names are left out of that guess: a pod may be called weave-scope-agent)
  // (nor the directories searched for a plugin binary: "in path [/opt/cni/bin /opt/flannel/bin]")
  const words = msg.replace(/\b(?:pod|sandbox|container|name|for) "[^"]*"/g, '').replace(/ in path \[[^\]]*\]/g, '');
  const plugin = /plugin type="([^"]+)"/.exec(msg)?.[1] ?? PLUGIN_WORDS.find(([, re]) => re.test(words))?.[0];
  const out = (kind: SandboxKind): SandboxError => (plugin ? { kind, message: msg, plugin } : { kind, message: msg });
  if (
    /failed to assign an IP address|no IP addresses available|range is full|InsufficientFreeAddressesInSubnet|no available IP|no available IPv[46] addresses|(?:ip|address) pool (?:is )?(?:exhausted|full)|IPs? exhausted|no more (?:free )?(?:IPs|addresses)|failed to allocate for range/i.test(
      msg,
    )
  )
    return out('ip-exhausted');
  // A plugin binary the network config names is not in the CNI bin directory (the reference
  // plugins, loopback and bridge among them, were never installed on the node, or are elsewhere).
  if (/failed to find plugin \\?"[^"\\]+\\?" in path/.test(msg)) return out('cni-plugin-missing');
  // The node's network agent is down or not installed: its config, its state file, its local
  // endpoint (weave 127.0.0.1:6784, aws-node's ipamd 127.0.0.1:50051, a unix socket), its binary.
  if (
    /cni plugin not initialized|NetworkPluginNotReady|cni config uninitialized|network plugin is not ready|no networks found in \/etc\/cni\/net\.d|\/run\/flannel\/subnet\.env: no such file|\/var\/lib\/calico\/nodename: no such file|check that the calico\/node container is running|connect: no such file or directory.*cilium|unable to connect to Cilium daemon|dial tcp 127\.0\.0\.1:\d+: connect: connection refused|dial unix \S+: connect: (?:no such file or directory|connection refused)|failed to contact node Istio CNI agent/i.test(
      msg,
    )
  ) {
    return out('cni-not-ready');
  }
  if (/connection is unauthorized|Unauthorized|forbidden/i.test(msg) && plugin) return out('cni-unauthorized');
  if (/failed to (?:get|pull|resolve) (?:sandbox )?image|pause:[\w.]+|failed to pull image .*pause/i.test(msg)) return out('sandbox-image');
  // The bridge plugin found its bridge (cni0) already holding an address other than the gateway of
  // the subnet it was given, typically left from an earlier pod CIDR after a node rejoined or the
  // network plugin changed (containernetworking/plugins, plugins/main/bridge/bridge.go:
  // "%q already has an IP address different from %v", wrapped in "failed to set bridge addr: ").
  const bridge = msg.includes('already has an IP address different from');
  if (plugin || /failed to (?:setup|set up) network|NetworkPlugin cni failed|networkPlugin cni failed/i.test(msg)) return out(bridge ? 'bridge-address-conflict' : 'cni-failed');
  if (/failed to reserve sandbox name|context deadline exceeded|failed to create containerd task|OCI runtime|The container name "[^"]*" is already in use/i.test(msg)) return out('runtime');
  return out(bridge ? 'bridge-address-conflict' : 'unknown');
}

/** The CNI plugin binaries the messages say the runtime did not find, in order, each once. */
export function missingCniPlugins(messages: string[]): string[] {
  const out: string[] = [];
  for (const m of messages) {
    for (const x of m.matchAll(/failed to find plugin \\?"([^"\\]+)\\?" in path/g)) if (!out.includes(x[1] as string) && out.length < 16) out.push(x[1] as string);
  }
  return out;
}

/** The pod's newest sandbox failure, with every CNI plugin binary its events say is missing. */
export function extractSandbox({ events }: Pick<PodScope, 'events'>): SandboxFacts | undefined {
  let newest: EventFacts | undefined;
  let count = 0;
  for (const e of events) {
    // (kubelets before 1.10 recorded it as FailedSync: inference.ts SANDBOX_SYNC)
    const oldSync = e.reason === 'FailedSync' && SANDBOX_SYNC.test(e.message ?? '');
    if ((e.reason !== 'FailedCreatePodSandBox' && e.reason !== 'NetworkNotReady' && !oldSync) || !e.message) continue;
    count += e.count;
    newest ??= e;
  }
  if (!newest?.message) return undefined;
  const c = classifySandboxError(newest.message);
  const out: SandboxFacts = { kind: c.kind, message: c.message, reason: newest.reason as string, event: newest.reason as string, count };
  setIf(out, 'plugin', c.plugin);
  const missing = missingCniPlugins(events.filter((e) => e.reason === newest?.reason).map((e) => e.message ?? ''));
  if (missing.length > 0) out.missingPlugins = missing;
  setIf(out, 'lastSeenSecondsAgo', newest.lastSeenSecondsAgo);
  return out;
}

export const SANDBOX_FAMILY: PodFamilyOf<'sandbox', typeof SANDBOX_FACTS> = podFamily('sandbox', SANDBOX_FACTS, extractSandbox);
