// Probe failures as the kubelet's prober reports them in Unhealthy events:
//   Liveness probe failed: HTTP probe failed with statuscode: 500
//   Readiness probe failed: Get "http://10.244.1.7:8080/healthz": dial tcp 10.244.1.7:8080: connect: connection refused
//   Readiness probe failed: Get "http://10.1.2.3:8080/ready": context deadline exceeded (Client.Timeout exceeded while awaiting headers)
//   Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory
//   Startup probe errored: rpc error: code = … (older) / Liveness probe errored and resulted in unknown state: … (newer)

import { num, oneOf, opt, readFrom, str } from '../declare.js';

export type ProbeKind = 'liveness' | 'readiness' | 'startup';

/** Every kind parseProbeMessage returns: the fact catalogue's probe failureKind values. */
export const PROBE_FAILURE_KINDS = ['http-status', 'connection-refused', 'timeout', 'no-route', 'dns', 'grpc-not-serving', 'connection-reset', 'exec-failed', 'errored'] as const;
export type ProbeFailureKind = (typeof PROBE_FAILURE_KINDS)[number];

/** Fields of a probe this extractor fills from its newest Unhealthy event (facts/catalog.ts puts them in each probe). */
const UNHEALTHY = ['Unhealthy'];
export const PROBE_FAILURE_FIELDS = {
  lastFailure: readFrom(UNHEALTHY, opt(str('Newest Unhealthy event message for this probe.'))),
  lastFailureSecondsAgo: readFrom(UNHEALTHY, opt(num('Seconds since the newest Unhealthy event for this probe last happened.'))),
  failureKind: readFrom(UNHEALTHY, opt(oneOf('http-status, connection-refused, timeout, no-route, dns, grpc-not-serving, connection-reset, exec-failed, errored.', PROBE_FAILURE_KINDS))),
  failureDetail: readFrom(UNHEALTHY, opt(str('HTTP status code, address, or the first line of exec output.'))),
};

/** What one Unhealthy message tells. */
export interface ProbeFailure {
  probe: ProbeKind;
  kind: ProbeFailureKind;
  detail?: string;
  output: string;
}

const HEAD = /^(Liveness|Readiness|Startup) probe (failed|errored(?: and resulted in \w+ state)?|warning):\s*([\s\S]*)$/;

export function parseProbeMessage(message: string): ProbeFailure | undefined {
  const m = HEAD.exec(message.trim());
  if (!m) return undefined;
  const probe = (m[1] as string).toLowerCase() as ProbeKind;
  const output = (m[3] as string).trim();
  const errored = (m[2] as string).startsWith('errored');
  const r = (kind: ProbeFailureKind, detail?: string): ProbeFailure => (detail ? { probe, kind, detail, output } : { probe, kind, output });
  let x = /HTTP probe failed with statuscode: (\d+)/.exec(output);
  if (x) return r('http-status', x[1]);
  if (/connection refused/.test(output)) {
    const addr = /dial tcp ([^:\s]+:\d+)/.exec(output)?.[1];
    return r('connection-refused', addr);
  }
  if (/context deadline exceeded|Client\.Timeout|timed out|i\/o timeout|timeout: failed to connect service|command timed out/i.test(output)) return r('timeout');
  if (/no route to host|network is unreachable/.test(output)) return r('no-route');
  if (/no such host/.test(output)) return r('dns');
  x = /service unhealthy \(responded with "([^"]+)"\)/.exec(output);
  if (x) return r('grpc-not-serving', x[1]);
  if (/connection reset by peer|EOF$/.test(output)) return r('connection-reset');
  if (errored) return r('errored');
  // Anything else is an exec probe's own output (or an HTTP body): show it.
  return r('exec-failed', output.split('\n')[0]?.slice(0, 200));
}
