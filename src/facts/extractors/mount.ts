// Why a volume could not be attached or mounted, from the kubelet's and the attach/detach
// controller's events:
//   MountVolume.SetUp failed for volume "config" : configmap "app-config" not found
//   MountVolume.SetUp failed for volume "data" : hostPath type check failed: /mnt/data is not a directory
//   MountVolume.MountDevice failed for volume "pvc-1" : kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name ebs.csi.aws.com not found in the list of registered CSI drivers
//   MountVolume.SetUp failed for volume "shared" : mount failed: exit status 32 ⏎ Mounting command: mount ⏎ … ⏎ Output: … bad option; … you might need a /sbin/mount.<type> helper program.
//   Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data kube-api-access-x2k4p], failed to process volumes=[]: timed out waiting for the condition
//   Multi-Attach error for volume "pvc-8e2b…" Volume is already used by pod(s) grafana-7d9f5c-abcde
//   AttachVolume.Attach failed for volume "pvc-1" : rpc error: code = Internal desc = …
// Older kubelets and controllers wrote other shapes:
//   v1.3–1.9   Unable to mount volumes for pod "x_ns(uid)": timeout expired waiting for volumes to attach/mount for pod "ns"/"x". list of unattached/unmounted volumes=[config]
//   v1.10–1.16 … timeout expired waiting for volumes to attach or mount for pod "ns"/"x". list of unmounted volumes=[data]. list of unattached volumes=[data token]
//   v1.5–1.7   MountVolume.SetUp failed for volume "kubernetes.io/configmap/uid-config" (spec.Name: "config") pod "uid" (UID: "uid") with: configmaps "x" not found
//   v1.3–1.6   Failed to attach volume "v" on node "n" with: …

import { eventTally, obj, oneOf, opt, str, type FactType } from '../declare.js';
import { podFamily, type PodScope, type PodFamilyOf } from '../family.js';
import { VOLUME_SYNC } from '../inference.js';
import type { EventFacts } from '../types.js';
import { setIf } from '../values.js';

/** Every kind classifyMountError returns: the fact catalogue's mount.kind values. */
export const MOUNT_KINDS = [
  'missing-configmap',
  'missing-secret',
  'not-registered',
  'mount-helper',
  'nfs',
  'mount-failed',
  'hostpath-type',
  'csi-driver-missing',
  'multi-attach',
  'attach-failed',
  'timeout',
  'permission',
  'unknown',
] as const;
export type MountKind = (typeof MOUNT_KINDS)[number];

/** The pod's `mount` facts: the most telling volume failure, classified here; normalize adds its event, count and age. */
export const MOUNT_FACTS = obj('The most telling volume failure among the events (extractor).', {
  kind: oneOf('missing-configmap, missing-secret, not-registered, mount-helper, nfs, mount-failed, hostpath-type, csi-driver-missing, multi-attach, attach-failed, timeout, permission, unknown.', MOUNT_KINDS),
  message: str('The event message.'),
  volume: opt(str('The volume named.')),
  detail: opt(str('The ConfigMap/Secret, CSI driver, hostPath, or the pods holding a multi-attached volume.')),
  ...eventTally('FailedMount, FailedAttachVolume or FailedMapVolume.', 'volume'),
});
export type MountFacts = FactType<typeof MOUNT_FACTS>;
/** What one message tells. */
export type MountError = Pick<MountFacts, 'kind' | 'message' | 'volume' | 'detail'>;

export function classifyMountError(message: string): MountError {
  const msg = message.trim();
  // "(spec.Name: "config")" is the pod's own name for the volume; the first quoted name was the plugin's.
  const volume = /\(spec\.Name: "([^"]*)"\)/.exec(msg)?.[1] ?? /(?:for|attach) volume "([^"]*)"/.exec(msg)?.[1];
  const out = (kind: MountKind, detail?: string): MountError => {
    const r: MountError = { kind, message: msg };
    if (volume !== undefined) r.volume = volume;
    if (detail !== undefined) r.detail = detail;
    return r;
  };
  let m = /\bconfigmaps? "([^"]*)" not found/i.exec(msg);
  if (m) return out('missing-configmap', m[1]);
  m = /\bsecrets? "([^"]*)" not found/i.exec(msg);
  if (m) return out('missing-secret', m[1]);
  m = /object "([^"]*)"\/"([^"]*)" not registered/.exec(msg);
  if (m) return out('not-registered', `${m[1]}/${m[2]}`);
  m = /Multi-Attach error for volume "[^"]*"\s*(?:Volume is already used by pod\(s\) (.+)|Volume is already exclusively attached)/.exec(msg);
  if (m) return out('multi-attach', m[1]?.trim());
  m = /driver name (\S+) not found in the list of registered CSI drivers/.exec(msg);
  if (m) return out('csi-driver-missing', m[1]);
  m = /hostPath type check failed: (\S+) is not a/.exec(msg);
  if (m) return out('hostpath-type', m[1]);
  // util-linux prints the helper hint on every failed mount; it means a missing helper only for
  // the network filesystems that need one (a bad ext4 or xfs superblock prints it too).
  const fstype = /-t ([\w.]+)/.exec(msg)?.[1];
  const localFs = fstype !== undefined && /^(?:ext[234]|xfs|btrfs|vfat|ntfs|zfs|tmpfs|bind)$/.test(fstype);
  if (
    !localFs &&
    /you might need a \/sbin\/mount\.<type> helper program|missing codepage or helper program|mount\.nfs: not found|mount: unknown filesystem type|mount\.(?:nfs4?|cifs|glusterfs|ceph): command not found/.test(msg)
  ) {
    return out('mount-helper', fstype);
  }
  if (/-t nfs|mount\.nfs|nfs:/.test(msg)) return out('nfs', /-t nfs4?(?: -o \S+)? (\S+:\S+)/.exec(msg)?.[1]);
  if (/permission denied|access denied/i.test(msg) && !/AttachVolume/.test(msg)) return out('permission');
  if (/^(?:AttachVolume\.Attach failed|Failed to attach volume)/.test(msg)) return out('attach-failed');
  if (/mount failed|MountVolume\.\w+ (?:initialization )?failed|mount error\(\d+\)/.test(msg) && !/timed out waiting|timeout expired waiting/.test(msg)) return out('mount-failed');
  if (/Unable to attach or mount volumes|timed out waiting for the condition|timeout expired waiting for volumes|context deadline exceeded/.test(msg)) {
    const unmounted = /unmounted volumes=\[([^\]]*)\]/.exec(msg)?.[1] ?? /list of unattached\/unmounted volumes=\[([^\]]*)\]/.exec(msg)?.[1];
    return out('timeout', unmounted);
  }
  return out('unknown');
}

/** How specific a kind is: a timeout only says something else went wrong first. */
export function mountSpecificity(kind: string): number {
  return kind === 'unknown' ? 0 : kind === 'timeout' ? 1 : 2;
}

const MOUNT_REASONS = new Set(['FailedMount', 'FailedAttachVolume', 'FailedMapVolume']);

/** The pod's most specific volume failure (a timeout only says something failed first), newest first. */
export function extractMount({ events }: Pick<PodScope, 'events'>): MountFacts | undefined {
  let best: { e: EventFacts; m: MountError } | undefined;
  let count = 0;
  for (const e of events) {
    if (!e.reason || !e.message || !(MOUNT_REASONS.has(e.reason) || (e.reason === 'FailedSync' && VOLUME_SYNC.test(e.message)))) continue;
    count += e.count;
    const m = classifyMountError(e.message);
    if (!best || mountSpecificity(m.kind) > mountSpecificity(best.m.kind)) best = { e, m };
  }
  if (!best) return undefined;
  const out: MountFacts = { kind: best.m.kind, message: best.m.message, reason: best.e.reason as string, event: best.e.reason as string, count };
  setIf(out, 'volume', best.m.volume);
  setIf(out, 'detail', best.m.detail);
  setIf(out, 'lastSeenSecondsAgo', best.e.lastSeenSecondsAgo);
  return out;
}

export const MOUNT_FAMILY: PodFamilyOf<'mount', typeof MOUNT_FACTS> = podFamily('mount', MOUNT_FACTS, extractMount);
