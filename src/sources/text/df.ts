// `df -h` pasted with a pod: the node's filesystems as the user's shell saw them. An eviction for
// ephemeral-storage is about the node's filesystem (the kubelet's nodefs, /var/lib/kubelet, and
// imagefs, the runtime's), so how full its root or /var filesystem is explains it.

/** One row of df's table. */
export interface DfRow {
  filesystem: string;
  size: string;
  used: string;
  avail: string;
  /** "84%" */
  usePercent: string;
  mount: string;
}

const HEADER = /^Filesystem\s+(?:Size|\d+[KMG]?-blocks)\s+Used\s+Avail(?:able)?\s+(?:Use%|Capacity)\s+Mounted on$/;
const ROW = /^(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\d{1,3}%|-)\s+(\/\S*)$/;
/** Pseudo and per-pod filesystems: not where the node keeps its data. */
const PSEUDO = /^(?:tmpfs|devtmpfs|shm|overlay|udev|none|efivarfs|squashfs|cgroup2?|proc|sysfs)$/;
const MAX_ROWS = 200;

/** The rows of every df table in `lines` (a header, then its rows to the first line that is not one). */
export function readDf(lines: readonly string[]): DfRow[] {
  const out: DfRow[] = [];
  for (let i = 0; i < lines.length && out.length < MAX_ROWS; i++) {
    if (!HEADER.test((lines[i] as string).trim())) continue;
    for (let j = i + 1; j < lines.length && out.length < MAX_ROWS; j++) {
      const m = ROW.exec((lines[j] as string).trim());
      if (!m) break;
      out.push({ filesystem: m[1] as string, size: m[2] as string, used: m[3] as string, avail: m[4] as string, usePercent: m[5] as string, mount: m[6] as string });
      i = j;
    }
  }
  return out;
}

/**
 * The filesystem the kubelet's nodefs most likely sits on, in words: the fullest of the root and
 * /var filesystems df shows (never tmpfs, overlay, a pod's shm or /boot).
 */
export function nodeDiskSummary(rows: readonly DfRow[]): string | undefined {
  const pct = (r: DfRow) => Number(r.usePercent.replace('%', ''));
  const candidates = rows.filter((r) => !PSEUDO.test(r.filesystem) && r.usePercent !== '-' && (r.mount === '/' || r.mount === '/var' || r.mount.startsWith('/var/lib')) && !r.mount.includes('/pods/') && !r.mount.includes('/sandboxes/'));
  const best = candidates.sort((a, b) => pct(b) - pct(a))[0];
  if (!best) return undefined;
  return `${best.mount} (${best.filesystem}) ${best.usePercent} used, ${best.avail} of ${best.size} available`;
}
