// Go's time.Duration.String() format, as in the kubelet's "back-off 5m0s restarting failed container".

/** Go duration strings ("5m0s", "40s", "1h2m3.5s") to seconds. */
export function parseGoDuration(s: string): number | undefined {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?$/.exec(s.trim());
  if (!m || s.trim() === '') return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}
