// Why the kubelet could not create the pod sandbox (FailedCreatePodSandBox, NetworkNotReady):
//   Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "3c05…": plugin type="flannel" failed (add): loadFlannelSubnetEnv failed: open /run/flannel/subnet.env: no such file or directory
//   network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized
//   …plugin type="aws-cni" name="aws-cni" failed (add): add cmd: failed to assign an IP address to container

export interface SandboxError {
  /** cni-not-ready, ip-exhausted, cni-unauthorized, cni-failed, sandbox-image, runtime, unknown */
  kind: string;
  message: string;
  /** The CNI plugin named in the message (calico, flannel, aws-cni, cilium…). */
  plugin?: string;
}

export function classifySandboxError(message: string): SandboxError {
  const msg = message.trim();
  // dockershim names the kubelet's own plugin ("networkPlugin cni failed"): not the CNI plugin.
  const plugin = /plugin type="([^"]+)"/.exec(msg)?.[1];
  const out = (kind: string): SandboxError => (plugin ? { kind, message: msg, plugin } : { kind, message: msg });
  if (
    /failed to assign an IP address|no IP addresses available|range is full|InsufficientFreeAddressesInSubnet|no available IP|(?:ip|address) pool (?:is )?(?:exhausted|full)|IPs? exhausted|no more (?:free )?(?:IPs|addresses)|failed to allocate for range/i.test(
      msg,
    )
  )
    return out('ip-exhausted');
  if (/cni plugin not initialized|NetworkPluginNotReady|cni config uninitialized|network plugin is not ready|no networks found in \/etc\/cni\/net\.d|\/run\/flannel\/subnet\.env: no such file|\/var\/lib\/calico\/nodename: no such file|check that the calico\/node container is running|connect: no such file or directory.*cilium|unable to connect to Cilium daemon/i.test(msg)) {
    return out('cni-not-ready');
  }
  if (/connection is unauthorized|Unauthorized|forbidden/i.test(msg) && plugin) return out('cni-unauthorized');
  if (/failed to (?:get|pull|resolve) (?:sandbox )?image|pause:[\w.]+|failed to pull image .*pause/i.test(msg)) return out('sandbox-image');
  if (plugin || /failed to (?:setup|set up) network|NetworkPlugin cni failed|networkPlugin cni failed/i.test(msg)) return out('cni-failed');
  if (/failed to reserve sandbox name|context deadline exceeded|failed to create containerd task|OCI runtime/i.test(msg)) return out('runtime');
  return out('unknown');
}
