// Small reads of the cluster for shell completion: the kubeconfig's contexts (no network), and
// GETs within a deadline that never fail loudly (a completion prints candidates, never errors).

import type { ClusterTarget } from '../sources/live/live.js';

/** A GET of an API path, answered with its JSON object. */
export type ClusterGet = (path: string, query?: Record<string, string | number>) => Promise<Record<string, unknown>>;

/** The context names of the kubeconfig. */
export async function kubeContexts(place: Pick<ClusterTarget, 'env' | 'kubeconfig'>): Promise<string[]> {
  const { loadKubeconfig } = await import('../sources/live/kubeconfig.js');
  return (await loadKubeconfig(place)).contexts;
}

/** Run `fn` against the cluster `place` names, within what is left of the deadline; undefined on any failure. */
export async function withCluster<T>(place: Pick<ClusterTarget, 'env' | 'kubeconfig' | 'context' | 'namespace'>, deadline: number, fn: (get: ClusterGet, namespace: string) => Promise<T>): Promise<T | undefined> {
  let close = () => {};
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()));
    timer.unref();
  });
  const work = (async () => {
    const { loadKubeconfig } = await import('../sources/live/kubeconfig.js');
    const { ApiClient } = await import('../sources/live/client.js');
    const target = await loadKubeconfig(place);
    const client = new ApiClient(target, { timeoutMs: Math.max(1, deadline - Date.now()) });
    close = () => client.close();
    await client.init();
    return await fn((path, query) => client.getJSON(path, query ?? {}), target.namespace);
  })().catch(() => undefined);
  try {
    return await Promise.race([work, timeout]);
  } finally {
    if (timer) clearTimeout(timer);
    close();
  }
}
