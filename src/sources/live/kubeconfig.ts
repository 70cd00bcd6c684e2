// The kubeconfig as kubectl finds it: --kubeconfig, else every file in KUBECONFIG merged by
// client-go's rules (missing files ignored, duplicates dropped, the first file to define a
// cluster, user or context name wins, the first non-empty current-context wins), else
// ~/.kube/config, else the in-cluster service account. client-node 1.4's own loadFromDefault
// differs (it throws on duplicates and lets the last current-context win), so the merge is done
// here. The context's cluster and user are handed to auth.ts, which authenticates as client-go
// does; client-node's KubeConfig is loaded only for a legacy auth-provider or a proxy-url.

import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import yaml from 'js-yaml';
import { BAIL, parseKubectlYaml } from '../kyaml.js';
import type { KubeConfig } from '@kubernetes/client-node';
import { ClusterError, UsageError } from '../../model/errors.js';
import { isObject, nonEmpty, objs, str, type JsonObject } from '../../util/json.js';

export interface KubeTarget {
  context: string;
  /** Every context's name, for completion and messages. */
  contexts: string[];
  cluster: string;
  server: string;
  user?: string;
  /** The namespace to use: -n, else the context's, else "default". */
  namespace: string;
  /** Where the configuration came from, for messages. */
  origin: string;
  /** The context's cluster and user entries as read (file paths made absolute). */
  clusterEntry: JsonObject;
  userEntry?: JsonObject;
  /** The merged kubeconfig, for client-node when only it can authenticate (clientNodeConfig). */
  config: JsonObject;
  /** The environment credential plugins run with. */
  env: Record<string, string | undefined>;
  /** --as, --as-group, --as-uid: instead of the user entry's own impersonation. */
  impersonate?: { user: string; groups?: string[]; uid?: string };
}

export interface KubeconfigOptions {
  kubeconfig?: string;
  context?: string;
  /** --cluster, --user: instead of the context's. */
  cluster?: string;
  user?: string;
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
    // kubectl writes kubeconfigs in the YAML it prints for objects, which the fast reader takes
    // (same result as js-yaml, or BAIL); anything else (comments, anchors, hand-written styles)
    // goes to js-yaml, loaded only then.
    // A kubeconfig written as JSON (as tools and our tests write it) is read as JSON.
    const fast = /^\s*\{/.test(text) ? parseJson(text) : parseKubectlYaml(text);
    doc = fast !== BAIL ? fast : yaml.load(text, { schema: yaml.CORE_SCHEMA, filename: file });
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return BAIL; // js-yaml says what is wrong with it
  }
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

function named(doc: JsonObject, key: 'clusters' | 'users' | 'contexts', inner: string, name: string): JsonObject | undefined {
  const e = objs(doc[key]).find((x) => x['name'] === name);
  return e ? (isObject(e[inner]) ? e[inner] : {}) : undefined;
}

export async function loadKubeconfig(opts: KubeconfigOptions): Promise<KubeTarget> {
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

  let config: JsonObject;
  if (files.length > 0) {
    config = mergeKubeconfigs(files.map(readKubeconfigFile));
  } else {
    // In-cluster: the service account's token (a file: projected tokens rotate, and it is re-read
    // as client-go re-reads it), CA and namespace.
    const host = opts.env['KUBERNETES_SERVICE_HOST'] as string;
    const port = opts.env['KUBERNETES_SERVICE_PORT'] ?? '443';
    const server = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
    const ns = existsSync(join(saDir, 'namespace')) ? readFileSync(join(saDir, 'namespace'), 'utf8').trim() : undefined;
    config = {
      clusters: [{ name: 'in-cluster', cluster: { server, 'certificate-authority': join(saDir, 'ca.crt') } }],
      users: [{ name: 'service-account', user: { tokenFile: join(saDir, 'token') } }],
      contexts: [{ name: 'in-cluster', context: { cluster: 'in-cluster', user: 'service-account', ...(ns ? { namespace: ns } : {}) } }],
      'current-context': 'in-cluster',
    };
  }

  const names = objs(config['contexts']).map((c) => str(c['name'])).filter((n): n is string => n !== undefined);
  const wanted = opts.context ?? nonEmpty(config['current-context']);
  if (wanted === undefined) {
    throw new ClusterError(
      `the kubeconfig (${origin}) has no current context — pass --context${names.length > 0 ? ` (one of: ${names.join(', ')})` : ''} or run kubectl config use-context`,
    );
  }
  const ctx = named(config, 'contexts', 'context', wanted);
  if (!ctx) {
    const err = `context "${wanted}" does not exist in the kubeconfig (${origin})${names.length > 0 ? ` — contexts: ${names.join(', ')}` : ''}`;
    throw opts.context !== undefined ? new UsageError(err) : new ClusterError(err);
  }
  const listOf = (key: 'clusters' | 'users') => objs(config[key]).map((u) => str(u['name'])).filter((n): n is string => n !== undefined);
  if (opts.cluster !== undefined && !named(config, 'clusters', 'cluster', opts.cluster)) {
    throw new UsageError(`--cluster "${opts.cluster}" is not in the kubeconfig (${origin})${listOf('clusters').length > 0 ? ` — clusters: ${listOf('clusters').join(', ')}` : ''}`);
  }
  if (opts.user !== undefined && !named(config, 'users', 'user', opts.user)) {
    throw new UsageError(`--user "${opts.user}" is not in the kubeconfig (${origin})${listOf('users').length > 0 ? ` — users: ${listOf('users').join(', ')}` : ''}`);
  }
  const clusterName = opts.cluster ?? str(ctx['cluster']) ?? '';
  const clusterEntry = named(config, 'clusters', 'cluster', clusterName);
  if (!clusterEntry) throw new ClusterError(`context "${wanted}" names cluster "${clusterName}", which is not in the kubeconfig (${origin}) — fix the file`);
  const server = nonEmpty(clusterEntry['server']);
  if (server === undefined) throw new ClusterError(`cluster "${clusterName}" of context "${wanted}" has no server address in the kubeconfig (${origin}) — fix the file`);
  try {
    const u = new URL(server);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error(u.protocol);
  } catch {
    throw new ClusterError(`cluster "${clusterName}" has a server address that is not an http(s) URL (${server}) in the kubeconfig (${origin}) — fix the file`);
  }
  // A user named but not there would go unauthenticated, and the server's refusal would be
  // misread as a credential or certificate problem: say what is wrong with the file instead.
  const userName = opts.user ?? nonEmpty(ctx['user']);
  const userEntry = userName !== undefined ? named(config, 'users', 'user', userName) : undefined;
  if (userName !== undefined && !userEntry) {
    const users = listOf('users');
    throw new ClusterError(`context "${wanted}" names user "${userName}", which is not in the kubeconfig (${origin})${users.length > 0 ? ` — users: ${users.join(', ')}` : ''} — fix the context or add the user`);
  }
  const target: KubeTarget = {
    context: wanted,
    contexts: names,
    cluster: clusterName,
    server,
    namespace: opts.namespace ?? nonEmpty(ctx['namespace']) ?? 'default',
    origin,
    clusterEntry,
    config,
    env: opts.env,
  };
  if (userName !== undefined) target.user = userName;
  if (userEntry) target.userEntry = userEntry;
  return target;
}

/**
 * client-node's KubeConfig for the target, for what only it does (a legacy auth-provider plugin,
 * a proxy-url): loaded on demand, since loading it costs more than the rest of a one-pod run.
 */
export async function clientNodeConfig(target: KubeTarget): Promise<KubeConfig> {
  const { KubeConfig } = await import('./client-node.js');
  const kc = new KubeConfig();
  try {
    kc.loadFromString(JSON.stringify(target.config), { onInvalidEntry: 'filter' });
  } catch (e) {
    throw new ClusterError(`invalid kubeconfig (${target.origin}): ${(e as Error).message} — fix the file`);
  }
  kc.setCurrentContext(target.context);
  return kc;
}
