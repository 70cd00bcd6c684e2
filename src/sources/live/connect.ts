// The one way live mode reaches a cluster: --request-timeout checked, the kubeconfig read as
// kubectl reads it (KUBECONFIG, --kubeconfig, --context, -n), and an API client for it. Shared
// by one-shot reads, scans, workloads and --watch; the caller calls init() and close().

import { isatty } from 'node:tty';
import { ClusterError, UsageError } from '../../model/errors.js';
import { ApiClient, parseRequestTimeout } from './client.js';
import type { ClusterTarget } from './live.js';
import { loadKubeconfig, type KubeTarget } from './kubeconfig.js';

export async function connect(opts: Pick<ClusterTarget, 'namespace' | 'kubeconfig' | 'context' | 'cluster' | 'user' | 'impersonate' | 'requestTimeout' | 'env' | 'onWaiting'>, forWatch = false): Promise<{ target: KubeTarget; client: ApiClient }> {
  const timeoutMs = parseRequestTimeout(opts.requestTimeout ?? '30s');
  if (timeoutMs === undefined) throw new UsageError(`--request-timeout "${opts.requestTimeout}" is not a duration — use e.g. 30s, 1m or 500ms`);
  let target: KubeTarget;
  try {
    target = await loadKubeconfig({
      env: opts.env,
      ...(opts.kubeconfig !== undefined ? { kubeconfig: opts.kubeconfig } : {}),
      ...(opts.context !== undefined ? { context: opts.context } : {}),
      ...(opts.namespace !== undefined ? { namespace: opts.namespace } : {}),
      ...(opts.cluster !== undefined ? { cluster: opts.cluster } : {}),
      ...(opts.user !== undefined ? { user: opts.user } : {}),
    });
    if (opts.impersonate) target.impersonate = opts.impersonate;
  } catch (e) {
    // Without a cluster there is nothing to watch: a usage problem, not an unreachable cluster.
    if (forWatch && e instanceof ClusterError && /no kubeconfig found|none of the files in KUBECONFIG/.test(e.message)) {
      throw new UsageError(`--watch needs a cluster: ${e.message.replace(/ — .*$/, '')} — set KUBECONFIG or pass --kubeconfig; for saved YAML use --timeline instead`);
    }
    throw e;
  }
  // kubectl's 0 means "no timeout"; a very long one stands in for it.
  // A credential plugin may prompt (a device code, a password) only on a terminal.
  return { target, client: new ApiClient(target, { timeoutMs: timeoutMs === 0 ? 24 * 3600_000 : timeoutMs, interactive: isatty(0), ...(opts.onWaiting ? { onWaiting: opts.onWaiting } : {}) }) };
}
