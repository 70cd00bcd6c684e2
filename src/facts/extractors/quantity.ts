// Kubernetes resource quantities ("512Mi", "250m", "1.5G", "2") as numbers, for comparisons and
// for the eviction arithmetic. Memory-like quantities come out in bytes, CPU in cores.

const SUFFIX: Record<string, number> = {
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
};

const QUANTITY = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:[eE]([+-]?\d+))?(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|K|M|G|T|P|E)?$/;

/** Parse a quantity; undefined when it is not one. */
export function parseQuantity(q: string | undefined): number | undefined {
  if (q === undefined) return undefined;
  const m = QUANTITY.exec(q.trim());
  if (!m) return undefined;
  const base = Number(m[1]) * (m[2] ? 10 ** Number(m[2]) : 1);
  const mult = SUFFIX[m[3] ?? ''];
  if (mult === undefined || !Number.isFinite(base)) return undefined;
  return base * mult;
}

/** Bytes in the binary unit kubectl users read ("1.2Gi", "256Mi"). */
export function formatBytes(bytes: number): string {
  const units = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi'];
  let v = bytes;
  let i = 0;
  while (Math.abs(v) >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const s = i === 0 ? String(Math.round(v)) : v >= 100 ? String(Math.round(v)) : String(Math.round(v * 10) / 10);
  return `${s}${units[i]}`;
}

/** A summed quantity back in the form kubectl shows: cpu as cores or millicores, bytes binary. */
export function formatQuantity(resource: string, value: number): string {
  if (resource === 'cpu') {
    const milli = Math.round(value * 1000);
    return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`;
  }
  if (resource === 'memory' || resource === 'ephemeral-storage' || resource.startsWith('hugepages-')) return formatBytes(value);
  return String(Math.round(value * 1000) / 1000);
}

/**
 * The pod's effective requests, as the scheduler computes them: the larger of (regular containers
 * + sidecars) and (each init container + the sidecars started before it).
 */
export function effectiveRequests(
  containers: { kind: string; requests: Record<string, string> }[],
): Record<string, string> {
  const sum: Record<string, number> = {};
  const initMax: Record<string, number> = {};
  const sidecarsSoFar: Record<string, number> = {};
  let init = false;
  for (const c of containers) {
    for (const r of Object.keys(c.requests)) {
      const v = parseQuantity(c.requests[r]);
      if (v === undefined) continue;
      if (c.kind === 'regular' || c.kind === 'sidecar') sum[r] = (sum[r] ?? 0) + v;
      if (c.kind === 'init') {
        initMax[r] = Math.max(initMax[r] ?? 0, v + (sidecarsSoFar[r] ?? 0));
        init = true;
      }
      if (c.kind === 'sidecar') sidecarsSoFar[r] = (sidecarsSoFar[r] ?? 0) + v;
    }
  }
  const out: Record<string, string> = {};
  // without init containers the resources are the regular containers' (most pods)
  const resources = init ? [...new Set([...Object.keys(sum), ...Object.keys(initMax)])] : Object.keys(sum);
  for (const r of resources.sort()) {
    out[r] = formatQuantity(r, Math.max(sum[r] ?? 0, initMax[r] ?? 0));
  }
  return out;
}
