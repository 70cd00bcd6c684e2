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
//   plugin/pkg/admission/limitranger/admission.go (minConstraint, maxConstraint, maxRequestConstraint,
//   limitRequestRatioConstraint; several joined by utilerrors.NewAggregate as "[a, b]"; before
//   v1.20 each ended in "." and "No … is specified." too):
//     minimum %s usage per %s is %s, but request is %s          (also "but limit is %s")
//     maximum %s usage per %s is %s, but limit is %s            (also "but request is %s")
//     minimum %s usage per %s is %s.  No request is specified   (maximum …: "No limit is specified")
//     %s max limit to request ratio per %s is %s, but provided ratio is %f
//     %s max limit to request ratio per %s is %s, but no request is specified or request is 0
//   plugin/pkg/admission/priority/admission.go:
//     no PriorityClass with name %v was found                   ("No PriorityClass …" before v1.12)
//     pods with %v priorityClass is not permitted in %v namespace
//   job/pod_failure_policy.go:
//     Container %s for pod %s/%s failed with exit code %v matching %v rule at index %d

import { bool, num, obj, oneOf, opt, str, strs, type FactType } from '../declare.js';

/** Every kind the FailedCreate parser returns: the workload catalogue's workload.failedCreate.kind values. */
export const FAILED_CREATE_KINDS = ['quota', 'quota-needs-limits', 'limit-range', 'priority-class', 'pod-security', 'service-account', 'webhook-denied', 'webhook-unreachable', 'claim', 'other'] as const;
export type FailedCreateKind = (typeof FAILED_CREATE_KINDS)[number];

/** A workload's `failedCreate` facts: the API server's error parsed here; the workload facts add the object, counts and what live mode read. */
export const FAILED_CREATE_FACTS = obj('Why the controller could not create a pod (or a claim, or a Job): the newest FailedCreate event, else a ReplicaFailure condition, parsed (extractor).', {
  kind: oneOf('quota, quota-needs-limits, limit-range, priority-class, pod-security, service-account, webhook-denied, webhook-unreachable, claim, other.', FAILED_CREATE_KINDS),
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
  limitViolations: opt(strs('Every LimitRange constraint the pod broke, as the LimitRanger admission printed them (maximum cpu usage per Container is 1, but limit is 2).')),
  limitBound: opt(oneOf('The first broken constraint, as the LimitRange field that sets it: max, min or maxLimitRequestRatio.', ['max', 'min', 'maxLimitRequestRatio'])),
  limitResource: opt(str('Its resource: cpu, memory, ephemeral-storage, storage…')),
  limitType: opt(str('Its LimitRange item type: Container, Pod or PersistentVolumeClaim.')),
  limitAllowed: opt(str('The LimitRange\'s figure: the max, min or maxLimitRequestRatio.')),
  limitGiven: opt(str('What the pod has instead: its request, its limit or its limit/request ratio; absent when it sets none (see limitMissing).')),
  limitOf: opt(oneOf('Which of the pod\'s values broke it: request, limit or ratio.', ['request', 'limit', 'ratio'])),
  limitMissing: opt(oneOf('The constraint needs a value the pod does not set (a max needs a limit, a min a request, a ratio both): request or limit.', ['request', 'limit'])),
  limitRange: opt(str('The LimitRange that holds that figure, when the namespace\'s LimitRanges were read (live: on a LimitRange refusal) and one matches.')),
  priorityClass: opt(str('The PriorityClass the pod template names that the priority admission could not find, or may not use in this namespace.')),
  priorityNotPermitted: opt(bool('The PriorityClass exists but may not be used in this namespace (system-node-critical and system-cluster-critical outside kube-system).')),
  limitRanges: opt(strs('LimitRanges of the namespace (live mode reads them on a quota or LimitRange failure), as name: type and its figures.')),
  quotaHard: opt(str('The quota\'s spec.hard, when it was read.')),
  quotaUsed: opt(str('The quota\'s status.used, when it was read.')),
});
export type FailedCreateFacts = FactType<typeof FAILED_CREATE_FACTS>;
/** What one message tells. */
export type FailedCreate = Omit<FailedCreateFacts, 'object' | 'count' | 'lastSeenSecondsAgo' | 'limitRanges' | 'limitRange' | 'quotaHard' | 'quotaUsed'>;

/** One broken LimitRange constraint. */
export interface LimitViolation {
  text: string;
  bound: 'max' | 'min' | 'maxLimitRequestRatio';
  resource: string;
  type: string;
  allowed: string;
  given?: string;
  of?: 'request' | 'limit' | 'ratio';
  missing?: 'request' | 'limit';
}

const MIN_MAX = /(minimum|maximum) (\S+) usage per (\S+) is (\S+?)(?:, but (request|limit) is (\S+?)|\.\s+No (request|limit) is specified)\.?(?=$|[,\]\s])/g;
const RATIO = /(?<!\S)(\S+) max limit to request ratio per (\S+) is (\S+?), but (?:provided ratio is ([0-9.]+)|no (request|limit) is specified or (?:request|limit) is 0)/g;

/** The LimitRanger admission's constraints in a message, in order (several are joined as "[a, b]"). */
export function parseLimitViolations(message: string): LimitViolation[] {
  const out: { at: number; v: LimitViolation }[] = [];
  for (const m of message.matchAll(MIN_MAX)) {
    const v: LimitViolation = { text: m[0].replace(/\.$/, ''), bound: m[1] === 'minimum' ? 'min' : 'max', resource: m[2] as string, type: m[3] as string, allowed: m[4] as string };
    if (m[5] !== undefined) {
      v.of = m[5] as 'request' | 'limit';
      v.given = m[6] as string;
    } else v.missing = m[7] as 'request' | 'limit';
    out.push({ at: m.index ?? 0, v });
  }
  for (const m of message.matchAll(RATIO)) {
    const v: LimitViolation = { text: m[0], bound: 'maxLimitRequestRatio', resource: m[1] as string, type: m[2] as string, allowed: m[3] as string };
    if (m[4] !== undefined) {
      v.of = 'ratio';
      // Go's %f prints six decimals: 100.000000 → 100, 2.500000 → 2.5
      v.given = String(Number(m[4]));
    } else v.missing = m[5] as 'request' | 'limit';
    out.push({ at: m.index ?? 0, v });
  }
  return out.sort((a, b) => a.at - b.at).map((x) => x.v);
}

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
  const limits = parseLimitViolations(message);
  const first = limits[0];
  if (first) {
    return out({
      kind: 'limit-range',
      limitViolations: limits.map((v) => v.text),
      limitBound: first.bound,
      limitResource: first.resource,
      limitType: first.type,
      limitAllowed: first.allowed,
      ...(first.given !== undefined ? { limitGiven: first.given } : {}),
      ...(first.of !== undefined ? { limitOf: first.of } : {}),
      ...(first.missing !== undefined ? { limitMissing: first.missing } : {}),
    });
  }
  m = /\bno PriorityClass with name (\S+) was found/i.exec(message);
  if (m) return out({ kind: 'priority-class', priorityClass: m[1] as string });
  m = /\bpods with (\S+) priorityClass is not permitted in (\S+) namespace/.exec(message);
  if (m) return out({ kind: 'priority-class', priorityClass: m[1] as string, priorityNotPermitted: true });
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
