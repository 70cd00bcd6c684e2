// Messages of the workload controllers, parsed. Each form below is what the Kubernetes source
// prints (v1.24–v1.33):
//   controller_utils.go (ReplicaSet, Job, DaemonSet pod creation):
//     Warning FailedCreate "Error creating: %v"
//   statefulset/stateful_pod_control.go:
//     Warning FailedCreate "create Pod %s in StatefulSet %s failed error: %s"
//     Warning FailedCreate "create Claim %s for Pod %s in StatefulSet %s failed error: %s"
//   cronjob/cronjob_controllerv2.go: Warning FailedCreate "Error creating job: %v"
// and the API server errors inside them:
//   plugin/pkg/admission/resourcequota/controller.go:
//     exceeded quota: %s, requested: %s, used: %s, limited: %s
//     failed quota: %s: must specify %s              (a quota on limits/requests, none set)
//   pod-security-admission/admission/admission.go:  violates PodSecurity %q: %s
//   plugin/pkg/admission/serviceaccount/admission.go: error looking up service account %s/%s: %v
//   apiserver/pkg/admission/plugin/webhook/errors: admission webhook %q denied the request: %s
//   apiserver/pkg/util/webhook/error.go:           failed calling webhook %q: %v
//   job/pod_failure_policy.go:
//     Container %s for pod %s/%s failed with exit code %v matching %v rule at index %d

import { num, obj, oneOf, opt, str, strs, type FactType } from '../declare.js';

/** Every kind the FailedCreate parser returns: the workload catalogue's workload.failedCreate.kind values. */
export const FAILED_CREATE_KINDS = ['quota', 'quota-needs-limits', 'pod-security', 'service-account', 'webhook-denied', 'webhook-unreachable', 'claim', 'other'] as const;
export type FailedCreateKind = (typeof FAILED_CREATE_KINDS)[number];

/** A workload's `failedCreate` facts: the API server's error parsed here; the workload facts add the object, counts and what live mode read. */
export const FAILED_CREATE_FACTS = obj('Why the controller could not create a pod (or a claim, or a Job): the newest FailedCreate event, else a ReplicaFailure condition, parsed (extractor).', {
  kind: oneOf('quota, quota-needs-limits, pod-security, service-account, webhook-denied, webhook-unreachable, claim, other.', FAILED_CREATE_KINDS),
  message: str('The API server\'s error, without the controller\'s "Error creating: " prefix.'),
  object: opt(str('Kind/name of the object that failed to create pods (ReplicaSet/web-7d4b9c6f5).')),
  count: opt(num('How many times creation failed (FailedCreate events, summed).')),
  lastSeenSecondsAgo: opt(num('Seconds since the newest failure.')),
  quota: opt(str('The ResourceQuota named by "exceeded quota:" or "failed quota:".')),
  requested: opt(str('What the pod requested, as the quota admission printed it (limits.memory=1Gi).')),
  used: opt(str('What the namespace already uses of it.')),
  limited: opt(str('The quota\'s hard limit.')),
  mustSpecify: opt(str('What "failed quota: … must specify" asks each container to set (limits.cpu, requests.memory…).')),
  policy: opt(str('The Pod Security level and version enforced on the namespace (restricted:latest).')),
  violations: opt(strs('The Pod Security checks the pod failed: allowPrivilegeEscalation != false, runAsNonRoot != true…')),
  serviceAccount: opt(str('The ServiceAccount the pod names that the admission could not find.')),
  webhook: opt(str('The admission webhook that denied the pod or could not be called.')),
  detail: opt(str('What the webhook said, or why calling it failed (context deadline exceeded, connection refused, x509…).')),
  claim: opt(str('The PersistentVolumeClaim a StatefulSet could not create.')),
  limitRanges: opt(strs('LimitRanges of the namespace (live mode reads them on a quota failure), as name: type defaults.')),
  quotaHard: opt(str('The quota\'s spec.hard, when it was read.')),
  quotaUsed: opt(str('The quota\'s status.used, when it was read.')),
});
export type FailedCreateFacts = FactType<typeof FAILED_CREATE_FACTS>;
/** What one message tells. */
export type FailedCreate = Omit<FailedCreateFacts, 'object' | 'count' | 'lastSeenSecondsAgo' | 'limitRanges' | 'quotaHard' | 'quotaUsed'>;

const PREFIXES: RegExp[] = [
  /^Error creating job:\s*/,
  /^Error creating:\s*/,
  /^create Pod \S+ in StatefulSet \S+ failed error:\s*/,
];
const CLAIM = /^create Claim (\S+) for Pod \S+ in StatefulSet \S+ failed error:\s*/;

/** Split a PodSecurity detail into its checks: "a (x), b (y, z)" → ["a (x)", "b (y, z)"]. */
function splitViolations(detail: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of detail) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

export function parseFailedCreate(raw: string): FailedCreate {
  let message = raw.trim();
  let claim: string | undefined;
  const c = CLAIM.exec(message);
  if (c) {
    claim = c[1];
    message = message.slice(c[0].length);
  } else for (const p of PREFIXES) message = message.replace(p, '');
  const out = (f: Omit<FailedCreate, 'message'>): FailedCreate => ({ ...f, message, ...(claim !== undefined ? { claim } : {}) });
  let m = /[Ee]xceeded quota: ([^,]+), requested: (.*?), used: (.*?), limited: (.*)$/.exec(message);
  if (m) return out({ kind: 'quota', quota: m[1] as string, requested: m[2] as string, used: m[3] as string, limited: m[4] as string });
  m = /failed quota: ([^:]+): must specify (.*)$/.exec(message);
  if (m) return out({ kind: 'quota-needs-limits', quota: m[1] as string, mustSpecify: m[2] as string });
  m = /violates PodSecurity "([^"]+)": ([\s\S]*)$/.exec(message);
  if (m) return out({ kind: 'pod-security', policy: m[1] as string, violations: splitViolations(m[2] as string) });
  m = /error looking up service account ([^/\s]+)\/([^:\s]+):/i.exec(message);
  if (m) return out({ kind: 'service-account', serviceAccount: m[2] as string });
  m = /admission webhook "([^"]+)" denied the request:?\s*([\s\S]*)$/.exec(message);
  if (m) return out({ kind: 'webhook-denied', webhook: m[1] as string, ...(m[2] ? { detail: m[2] } : {}) });
  m = /failed calling webhook "([^"]+)":?\s*([\s\S]*)$/.exec(message);
  if (m) return out({ kind: 'webhook-unreachable', webhook: m[1] as string, ...(m[2] ? { detail: m[2] } : {}) });
  if (claim !== undefined) return out({ kind: 'claim' });
  return out({ kind: 'other' });
}

export interface PolicyMatch {
  container: string;
  pod: string;
  exitCode: number;
  action: string;
  rule: number;
}

/** The Job controller's message when a podFailurePolicy rule with FailJob matched. */
export function parsePodFailurePolicy(message: string): PolicyMatch | undefined {
  const m = /Container (\S+) for pod (\S+) failed with exit code (-?\d+) matching (\S+) rule at index (\d+)/.exec(message);
  if (!m) return undefined;
  return { container: m[1] as string, pod: (m[2] as string).replace(/^[^/]*\//, ''), exitCode: Number(m[3]), action: m[4] as string, rule: Number(m[5]) };
}
