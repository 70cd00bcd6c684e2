// The kubeconfig as kubectl finds it: --kubeconfig, else every file in KUBECONFIG merged by
// client-go's rules (missing files ignored, duplicates dropped, the first file to define a
// cluster, user or context name wins, the first non-empty current-context wins), else
// ~/.kube/config, else the in-cluster service account. client-node 1.4's own loadFromDefault
// differs (it throws on duplicates and lets the last current-context win), so the merge is done
// here and the result handed to client-node's KubeConfig, which then does the authentication
// (tokens, client certificates, exec credential plugins, CA bundles).

import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import yaml from 'js-yaml';
import type { KubeConfig } from '@kubernetes/client-node';
import { ClusterError, UsageError } from '../../model/errors.js';
import { isObject, nonEmpty, objs, str, type JsonObject } from '../../util/json.js';

export interface KubeTarget {
  kc: KubeConfig;
  context: string;
  cluster: string;
  server: string;
  user?: string;
  /** The namespace to use: -n, else the context's, else "default". */
  namespace: string;
  /** Where the configuration came from, for messages. */
  origin: string;
}

export interface KubeconfigOptions {
  kubeconfig?: string;
  context?: string;
  namespace?: string;
  env: Record<string, string | undefined>;
  /** Overridable for tests. */
  serviceAccountDir?: string;
}

const SA_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

interface Named {
  name: string;
  body: JsonObject;
}

/** Resolve a path field relative to the kubeconfig file that holds it, as client-go does. */
function absolutize(obj: JsonObject | undefined, key: string, dir: string): void {
  const v = obj ? nonEmpty(obj[key]) : undefined;
  if (obj && v !== undefined && !isAbsolute(v)) obj[key] = resolve(dir, v);
}

function readKubeconfigFile(file: string): JsonObject {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ClusterError(`cannot read kubeconfig ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} — check the path or KUBECONFIG`);
  }
  let doc: unknown;
  try {
    doc = yaml.load(text, { schema: yaml.CORE_SCHEMA, filename: file });
  } catch (e) {
    throw new ClusterError(`kubeconfig ${file} is not valid YAML: ${(e as Error).message.split('\n')[0]} — fix the file`);
  }
  if (doc === null || doc === undefined) return {};
  if (!isObject(doc)) throw new ClusterError(`kubeconfig ${file} is not a kubeconfig (expected a mapping) — fix the file`);
  const dir = dirname(resolve(file));
  for (const c of objs(doc['clusters'])) {
    const cl = isObject(c['cluster']) ? c['cluster'] : undefined;
    absolutize(cl, 'certificate-authority', dir);
  }
  for (const u of objs(doc['users'])) {
    const us = isObject(u['user']) ? u['user'] : undefined;
    absolutize(us, 'client-certificate', dir);
    absolutize(us, 'client-key', dir);
    absolutize(us, 'tokenFile', dir);
    absolutize(us, 'token-file', dir);
    const exec = us && isObject(us['exec']) ? us['exec'] : undefined;
    // client-go resolves an exec command that contains a path separator against the file's dir.
    const cmd = exec ? nonEmpty(exec['command']) : undefined;
    if (exec && cmd && cmd.includes('/') && !isAbsolute(cmd)) exec['command'] = resolve(dir, cmd);
  }
  return doc;
}

/** Merge kubeconfig documents with client-go's rules. */
export function mergeKubeconfigs(docs: JsonObject[]): JsonObject {
  const merged: Record<'clusters' | 'users' | 'contexts', Named[]> = { clusters: [], users: [], contexts: [] };
  let current: string | undefined;
  for (const doc of docs) {
    current ??= nonEmpty(doc['current-context']);
    for (const key of ['clusters', 'users', 'contexts'] as const) {
      for (const entry of objs(doc[key])) {
        const name = str(entry['name']);
        if (name === undefined || merged[key].some((e) => e.name === name)) continue;
        merged[key].push({ name, body: entry });
      }
    }
  }
  const out: JsonObject = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: merged.clusters.map((e) => e.body),
    users: merged.users.map((e) => e.body),
    contexts: merged.contexts.map((e) => e.body),
  };
  if (current !== undefined) out['current-context'] = current;
  return out;
}

/**
 * Read a user's token file ourselves. kubectl's field is `tokenFile` (clientcmd's AuthInfo), which
 * client-node does not know; it reads only `token-file`, once, without trimming the newline. As in
 * kubectl, a token given inline wins. A file that cannot be read is an error naming it, as kubectl's.
 */
function inlineTokenFiles(doc: JsonObject): Map<string, string> {
  /** Users whose token file could not be read, with why: an error only if the context uses them. */
  const unreadable = new Map<string, string>();
  for (const u of objs(doc['users'])) {
    const us = isObject(u['user']) ? u['user'] : undefined;
    const file = us ? (nonEmpty(us['tokenFile']) ?? nonEmpty(us['token-file'])) : undefined;
    if (!us || !file || nonEmpty(us['token'])) continue;
    try {
      us['token'] = readFileSync(file, 'utf8').trim();
      delete us['token-file'];
      delete us['tokenFile'];
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      unreadable.set(String(u['name'] ?? ''), `cannot read the token file ${file} of user "${String(u['name'] ?? '?')}"${code ? ` (${code})` : ''} — check tokenFile in your kubeconfig`);
      delete us['token-file']; // client-node would throw reading it on every request
    }
  }
  return unreadable;
}

export async function loadKubeconfig(opts: KubeconfigOptions): Promise<KubeTarget> {
  const { KubeConfig } = await import('./client-node.js');
  const kc = new KubeConfig();
  let origin: string;
  const saDir = opts.serviceAccountDir ?? SA_DIR;

  let files: string[] = [];
  if (opts.kubeconfig !== undefined) {
    if (!existsSync(opts.kubeconfig)) throw new UsageError(`--kubeconfig ${opts.kubeconfig}: no such file — check the path`);
    files = [opts.kubeconfig];
    origin = opts.kubeconfig;
  } else {
    const env = opts.env['KUBECONFIG'];
    if (env !== undefined && env !== '') {
      const listed = [...new Set(env.split(delimiter).filter((f) => f !== ''))];
      files = listed.filter((f) => existsSync(f));
      origin = `KUBECONFIG=${env}`;
      if (files.length === 0) throw new ClusterError(`none of the files in KUBECONFIG exist (${listed.join(', ')}) — set KUBECONFIG to your kubeconfig, or pass --kubeconfig`);
    } else {
      const home = opts.env['HOME'] ?? opts.env['USERPROFILE'];
      const def = home ? join(home, '.kube', 'config') : undefined;
      if (def && existsSync(def)) {
        files = [def];
        origin = def;
      } else if (existsSync(join(saDir, 'token')) && opts.env['KUBERNETES_SERVICE_HOST']) {
        origin = 'in-cluster service account';
      } else {
        throw new ClusterError('no kubeconfig found (KUBECONFIG is not set and ~/.kube/config does not exist, and this is not a pod in a cluster) — set KUBECONFIG or pass --kubeconfig, or read saved YAML with -f');
      }
    }
  }

  let tokenFileErrors = new Map<string, string>();
  if (files.length > 0) {
    const merged = mergeKubeconfigs(files.map(readKubeconfigFile));
    tokenFileErrors = inlineTokenFiles(merged);
    try {
      kc.loadFromString(JSON.stringify(merged), { onInvalidEntry: 'filter' });
    } catch (e) {
      throw new ClusterError(`invalid kubeconfig (${origin}): ${(e as Error).message} — fix the file`);
    }
  } else {
    // In-cluster: the service account's token (re-read by client-node), CA and namespace.
    const host = opts.env['KUBERNETES_SERVICE_HOST'] as string;
    const port = opts.env['KUBERNETES_SERVICE_PORT'] ?? '443';
    const server = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
    const token = readFileSync(join(saDir, 'token'), 'utf8').trim();
    const ns = existsSync(join(saDir, 'namespace')) ? readFileSync(join(saDir, 'namespace'), 'utf8').trim() : undefined;
    kc.loadFromOptions({
      clusters: [{ name: 'in-cluster', server, caFile: join(saDir, 'ca.crt'), skipTLSVerify: false }],
      users: [{ name: 'service-account', token }],
      contexts: [{ name: 'in-cluster', cluster: 'in-cluster', user: 'service-account', ...(ns ? { namespace: ns } : {}) }],
      currentContext: 'in-cluster',
    });
  }

  const contexts = kc.getContexts();
  const names = contexts.map((c) => c.name);
  const wanted = opts.context ?? (kc.getCurrentContext() || undefined);
  if (wanted === undefined) {
    throw new ClusterError(
      `the kubeconfig (${origin}) has no current context — pass --context${names.length > 0 ? ` (one of: ${names.join(', ')})` : ''} or run kubectl config use-context`,
    );
  }
  const ctx = kc.getContextObject(wanted);
  if (!ctx) {
    const err = `context "${wanted}" does not exist in the kubeconfig (${origin})${names.length > 0 ? ` — contexts: ${names.join(', ')}` : ''}`;
    throw opts.context !== undefined ? new UsageError(err) : new ClusterError(err);
  }
  kc.setCurrentContext(wanted);
  const tokenError = tokenFileErrors.get(ctx.user);
  if (tokenError !== undefined) throw new ClusterError(tokenError);
  const cluster = kc.getCluster(ctx.cluster);
  if (!cluster) throw new ClusterError(`context "${wanted}" names cluster "${ctx.cluster}", which is not in the kubeconfig (${origin}) — fix the file`);
  const target: KubeTarget = {
    kc,
    context: wanted,
    cluster: cluster.name,
    server: cluster.server,
    namespace: opts.namespace ?? ctx.namespace ?? 'default',
    origin,
  };
  if (ctx.user) target.user = ctx.user;
  return target;
}
