// The live source, loaded by dynamic import only when a cluster is used: the offline path never
// loads @kubernetes/client-node (a test proves it).

import { connect } from './connect.js';
import { UsageError } from '../../model/errors.js';
import type { PodInput } from '../../model/input.js';
import { fetchPod, fetchPods, type ScanStats, type Triage } from './fetch.js';
import type { KubeTarget } from './kubeconfig.js';

/** --as, --as-group, --as-uid: who the requests act as (Impersonate-* headers, kubectl's flags). */
export interface Impersonation {
  user: string;
  groups?: string[];
  uid?: string;
}

/** Which cluster, context and pods to read: the same for a scan and for --watch. */
export interface ClusterTarget {
  pod?: string;
  namespace?: string;
  allNamespaces?: boolean;
  selector?: string;
  /** --field-selector: passed to the server with the pod list. */
  fieldSelector?: string;
  kubeconfig?: string;
  context?: string;
  requestTimeout?: string;
  /** --cluster, --user: the kubeconfig's cluster and user to use instead of the context's. */
  cluster?: string;
  user?: string;
  /** --as and friends: override the kubeconfig user's own impersonation. */
  impersonate?: Impersonation;
  /** -c: read logs of this container only. */
  container?: string;
  env: Record<string, string | undefined>;
  /** Called once when the read first waits on the network or a credential plugin (see ClientOptions). */
  onWaiting?: () => void;
}

export interface LiveOptions extends ClusterTarget {
  /** Progress on stderr (only when it is a terminal). */
  progress?: (msg: string) => void;
  /** Whether a pod is unhealthy (its logs are worth reading); `triage` says more. */
  isUnhealthy?: (p: PodInput) => boolean;
  /** A scan: a pod's root-cause group before logs, and whether logs could change it (see fetch.ts). */
  triage?: Triage;
}

export interface LiveResult {
  inputs: PodInput[];
  /** A scan's workloads that need a diagnosis (scan-workloads.ts); absent for one pod. */
  workloads?: import('./scan-workloads.js').ScanWorkloads;
  target: KubeTarget;
  requests: number;
  /** A scan's figures: how many pods' logs were read. */
  stats: ScanStats;
}

export async function readLive(opts: LiveOptions): Promise<LiveResult> {
  if (opts.pod !== undefined && opts.allNamespaces) {
    throw new UsageError('a pod cannot be read by name across all namespaces (-A) — give its namespace with -n');
  }
  let connected;
  try {
    connected = await connect(opts);
  } finally {
    // nothing more to wait for from a read that failed before its first request
    if (!connected) opts.onWaiting?.();
  }
  const { target, client } = connected;
  try {
    await client.init();
    const stats: ScanStats = {};
    const triage: Triage = opts.triage ?? ((p) => (opts.isUnhealthy === undefined || opts.isUnhealthy(p) ? { group: '', decides: true } : undefined));
    const fetchOpts = {
      stats,
      namespace: target.namespace,
      ...(opts.allNamespaces ? { allNamespaces: true } : {}),
      ...(opts.selector !== undefined ? { selector: opts.selector } : {}),
      ...(opts.fieldSelector !== undefined ? { fieldSelector: opts.fieldSelector } : {}),
      ...(opts.progress ? { progress: opts.progress } : {}),
      ...(opts.container !== undefined ? { container: opts.container } : {}),
      context: target.context,
    };
    if (opts.pod !== undefined) return { inputs: [await fetchPod(client, opts.pod, fetchOpts)], target, requests: client.requests.length, stats };
    // a scan: the workload lists start with the pod list, and are read to the end beside it
    const { listWorkloads, readScanWorkloads } = await import('./scan-workloads.js');
    const ns = opts.allNamespaces ? undefined : target.namespace;
    const podsRead = fetchPods(client, fetchOpts, triage); // the pod list leaves first
    // (a field selector picks pods by their fields, which workloads do not have: pods only)
    if (opts.fieldSelector !== undefined) return { inputs: await podsRead, target, requests: client.requests.length, stats };
    const listing = listWorkloads(client, ns, opts.selector);
    let inputs: PodInput[];
    try {
      inputs = await podsRead;
    } catch (e) {
      await listing.catch(() => undefined);
      throw e;
    }
    const workloads = await readScanWorkloads(client, ns, await listing, inputs);
    return { inputs, workloads, target, requests: client.requests.length, stats };
  } finally {
    client.close();
  }
}
