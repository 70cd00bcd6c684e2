// The scheduler's FitError message, split clause by clause:
//   0/5 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: },
//   4 Insufficient memory. preemption: 0/5 nodes are available: 1 Preemption is not helpful for
//   scheduling, 4 No preemption victims found for incoming pod.
// Filter reasons carry a node count ("4 Insufficient memory"); PreFilter rejections do not
// ("pod has unbound immediate PersistentVolumeClaims"). Older schedulers wrote other shapes;
// anything unrecognised becomes kind "unknown" with its text, never an error.

export interface SchedulingReason {
  kind: string;
  count?: number;
  text: string;
  detail?: string;
}

export interface ParsedScheduling {
  nodes?: number;
  reasons: SchedulingReason[];
  preemption?: string;
}

interface Pattern {
  kind: string;
  re: RegExp;
  /** Which capture group is the detail. */
  detail?: number;
}

const PATTERNS: Pattern[] = [
  { kind: 'insufficient-resource', re: /^Insufficient (\S+?)(?: \(\d+\))?$/, detail: 1 },
  { kind: 'too-many-pods', re: /^Too many pods/i },
  // "node(s) had untolerated taint {k: v}" (<=1.33), "node(s) had untolerated taint(s)" (1.34+),
  // "node(s) had taint {k: v}, that the pod didn't tolerate" (<=1.24)
  { kind: 'untolerated-taint', re: /(?:untolerated taint|had taints?)\s*(?:\(s\))?\s*(\{[^}]*\})?/, detail: 1 },
  { kind: 'node-affinity', re: /didn't match (?:Pod's node affinity|node selector|node affinity)|didn't satisfy plugin\(s\) \[NodeAffinity\]|didn't have the requested labels|MatchNodeSelector/ },
  { kind: 'node-name', re: /didn't match the requested (?:node name|hostname)/ },
  { kind: 'unschedulable-node', re: /were unschedulable|node\(s\) were cordoned/ },
  { kind: 'host-port', re: /didn't have free ports/ },
  { kind: 'pod-anti-affinity', re: /didn't (?:match pod anti-affinity rules|satisfy existing pods anti-affinity rules)/ },
  { kind: 'pod-affinity', re: /didn't match pod affinity(?: rules|\/anti-affinity)/ },
  { kind: 'topology-spread', re: /topology spread constraints/ },
  { kind: 'volume-capacity', re: /did not have enough free storage/ },
  { kind: 'missing-pv', re: /bound to non-existent (?:pv|persistentvolume)/i },
  { kind: 'unbound-pvc', re: /unbound immediate PersistentVolumeClaims|unbound PersistentVolumeClaims/ },
  { kind: 'missing-pvc', re: /persistentvolumeclaim "([^"]*)" not found/, detail: 1 },
  { kind: 'pvc-deleting', re: /persistentvolumeclaim "([^"]*)" is being deleted/, detail: 1 },
  { kind: 'volume-node-affinity', re: /volume node affinity conflict|didn't match PersistentVolume's node affinity/ },
  { kind: 'no-persistent-volume', re: /didn't find available persistent volumes to bind/ },
  { kind: 'volume-limit', re: /exceed max volume count|max volume count/ },
  { kind: 'node-not-ready', re: /node\(s\) (?:were not ready|had condition|were out of disk|had unavailable network|had unknown conditions)|node\(s\) had (?:memory|disk|pid) pressure/ },
  { kind: 'plugin', re: /didn't satisfy plugins?(?:\(s\))? \[?([\w ]+?)\]?(?: simultaneously)?$/, detail: 1 },
];

function classify(text: string): { kind: string; detail?: string } {
  for (const p of PATTERNS) {
    const m = p.re.exec(text);
    if (m) {
      const d = p.detail !== undefined ? m[p.detail] : undefined;
      return d ? { kind: p.kind, detail: d } : { kind: p.kind };
    }
  }
  return { kind: 'unknown' };
}

/** Split a "a, b, c" list whose items start with a count, keeping commas inside items. */
function splitClauses(body: string): string[] {
  return body
    .split(/,\s+(?=\d+\s)/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function trimDots(s: string): string {
  return s.replace(/[.\s]+$/, '').trim();
}

function parseClause(clause: string): SchedulingReason {
  const m = /^(\d+)\s+(.*)$/s.exec(clause);
  const count = m ? Number(m[1]) : undefined;
  const text = trimDots(m ? (m[2] as string) : clause);
  const { kind, detail } = classify(text);
  const out: SchedulingReason = { kind, text };
  if (count !== undefined) out.count = count;
  if (detail !== undefined) {
    // "{node-role.kubernetes.io/control-plane: }" → "node-role.kubernetes.io/control-plane"
    const t = /^\{\s*([^:}]*?)\s*:\s*([^}]*?)\s*\}$/.exec(detail);
    out.detail = t ? (t[2] ? `${t[1]}=${t[2]}` : (t[1] as string)) : detail;
  }
  return out;
}

export function parseSchedulingMessage(message: string): ParsedScheduling {
  const msg = message.replace(/\s+/g, ' ').trim();
  if (/^no nodes available to schedule pods/i.test(msg)) {
    return { nodes: 0, reasons: [{ kind: 'no-nodes', count: 0, text: 'no nodes available to schedule pods' }] };
  }
  const head = /(\d+)\/(\d+) nodes are available:?\s*/.exec(msg);
  if (!head) {
    // A plugin error ("running "VolumeBinding" filter plugin for pod "x": pod has unbound …")
    // or a message of a shape we do not know: classify the whole text.
    const text = trimDots(msg.replace(/^running "[^"]+" (?:filter|prefilter|PreFilter) plugin(?: for pod "[^"]*")?:\s*/, ''));
    return { reasons: [{ ...classify(text), text }] };
  }
  const nodes = Number(head[2]);
  const rest = msg.slice(head.index + head[0].length);
  // Since v1.24 the message is "<PreFilter>. <Filter reasons>. <PostFilter>." where PostFilter
  // messages of several plugins are joined with ", " ("no new claims to deallocate, preemption:
  // …"). Everything from the section holding "preemption:" on is the preemption part.
  let preemption: string | undefined;
  const clauses: string[] = [];
  const sections = rest.split(/\.\s+(?=\S)/);
  for (let i = 0; i < sections.length; i++) {
    const sec = sections[i] as string;
    const p = sec.search(/(?:^|,\s*)preemption:\s*/);
    if (p >= 0) {
      preemption = trimDots([sec.slice(p).replace(/^,?\s*preemption:\s*/, ''), ...sections.slice(i + 1)].join('. '));
      break;
    }
    if (/^no new claims to deallocate/.test(sec)) continue;
    clauses.push(...splitClauses(trimDots(sec)));
  }
  const reasons = clauses.map(parseClause);
  if (reasons.length === 0 && nodes === 0) reasons.push({ kind: 'no-nodes', count: 0, text: 'no nodes' });
  const out: ParsedScheduling = { nodes, reasons };
  if (preemption) out.preemption = preemption;
  return out;
}
