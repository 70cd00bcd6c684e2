// Credentials as kubectl (client-go) takes them from a kubeconfig's cluster and user, for the
// shapes kubeconfigs are written in today: a token inline or in a file (`tokenFile`, and the
// in-cluster service account's), client certificates (files or data), basic auth, impersonation,
// and exec credential plugins (`aws eks get-token`, `gke-gcloud-auth-plugin`, `kubelogin`).
//
// Why not client-node's KubeConfig for these: loading it costs ~100-150 ms of a one-pod run that
// kubectl finishes in ~230 ms, and its exec support can neither kill a plugin that hangs, nor
// refresh a credential after a 401, nor tell the plugin about the terminal and cluster
// (KUBERNETES_EXEC_INFO) or show the plugin's installHint. It stays for what only it does: the
// legacy `auth-provider` plugins (gcp, azure, oidc) and `proxy-url` (see client.ts).
//
// A credential that changes (a token file, an exec plugin's token) is a CredentialSource: read on
// first use, kept while valid (a file's for a minute, as client-go's cached token file; a plugin's
// until shortly before its expirationTimestamp), and read anew after the server answers 401.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ClusterError } from '../../model/errors.js';
import { isObject, nonEmpty, objs, str, type JsonObject } from '../../util/json.js';
import { redact } from '../../util/redact.js';

export interface TlsMaterial {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  rejectUnauthorized: boolean;
  servername?: string;
}

/** What a credential source gives for the next request. */
export interface Credential {
  token?: string;
  /** A client certificate and key (an exec plugin may return them instead of a token). */
  cert?: Buffer;
  key?: Buffer;
}

export interface CredentialSource {
  /** False for a token given inline: read once, never again. */
  readonly changes: boolean;
  /** The credential to send now: kept while valid, read anew when not. */
  get(): Promise<Credential>;
  /** The server refused the credential (401): the next get() reads it anew. False when it cannot change. */
  invalidate(): boolean;
}

export interface Auth {
  tls: TlsMaterial;
  /** Sent with every request: impersonation. */
  headers: Record<string, string | string[]>;
  /** user:password for basic authentication. */
  basic?: string;
  /** A bearer token or a plugin's credential; absent for client certificates alone or no credentials. */
  source?: CredentialSource;
}

export interface AuthContext {
  cluster: JsonObject;
  user: JsonObject | undefined;
  userName: string | undefined;
  clusterName: string;
  /** Environment for credential plugins (the process's, as kubectl passes its own). */
  env: Record<string, string | undefined>;
  /** How long a credential plugin may run (--request-timeout). */
  timeoutMs: number;
  /** Whether standard input is a terminal a plugin may prompt on. */
  interactive: boolean;
  /** Called when a plugin starts: the process waits on it. */
  onWaiting?: () => void;
  /** --as and friends, which replace the user entry's as, as-groups and as-uid (as in kubectl). */
  impersonate?: { user: string; groups?: string[]; uid?: string };
}

/**
 * The data field, else the file field, of a kubeconfig entry (client-go: the data wins). A file
 * that cannot be read is an error naming the field, the file and whose it is.
 */
function material(entry: JsonObject, dataKey: string, fileKey: string, what: string, whose: string): Buffer | undefined {
  const data = nonEmpty(entry[dataKey]);
  if (data !== undefined) return Buffer.from(data, 'base64');
  const file = nonEmpty(entry[fileKey]);
  if (file === undefined) return undefined;
  try {
    return readFileSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new ClusterError(`cannot read ${what} ${file} of ${whose}${code ? ` (${code})` : ''} — check ${fileKey} in your kubeconfig`);
  }
}

/** Credentials for a cluster and user of a kubeconfig (paths already made absolute). Throws ClusterError naming what is wrong. */
export function authFor(ctx: AuthContext): Auth {
  const { cluster, user } = ctx;
  const who = `user "${ctx.userName ?? '?'}"`;
  const tls: TlsMaterial = { rejectUnauthorized: cluster['insecure-skip-tls-verify'] !== true };
  const ca = material(cluster, 'certificate-authority-data', 'certificate-authority', 'the certificate authority file', `cluster "${ctx.clusterName}"`);
  if (ca) tls.ca = ca;
  const sni = nonEmpty(cluster['tls-server-name']);
  if (sni) tls.servername = sni;
  const auth: Auth = { tls, headers: {} };
  if (ctx.impersonate) Object.assign(auth.headers, impersonationHeaders(ctx.impersonate));
  if (!user) return auth;

  const cert = material(user, 'client-certificate-data', 'client-certificate', 'the client certificate', who);
  const key = material(user, 'client-key-data', 'client-key', 'the client key', who);
  if (cert && !key) throw new ClusterError(`${who} has a client certificate but no client key — add client-key or client-key-data to the kubeconfig`);
  if (key && !cert) throw new ClusterError(`${who} has a client key but no client certificate — add client-certificate or client-certificate-data to the kubeconfig`);
  if (cert && key) {
    tls.cert = cert;
    tls.key = key;
  }

  const as = ctx.impersonate ? undefined : nonEmpty(user['as']);
  if (as) auth.headers['Impersonate-User'] = as;
  const groups = !as ? [] : Array.isArray(user['as-groups']) ? user['as-groups'].filter((g): g is string => typeof g === 'string') : [];
  if (groups.length > 0) auth.headers['Impersonate-Group'] = groups;
  const uid = as ? nonEmpty(user['as-uid']) : undefined;
  if (uid) auth.headers['Impersonate-Uid'] = uid;
  if (as && isObject(user['as-user-extra'])) {
    for (const [k, v] of Object.entries(user['as-user-extra'])) {
      const vs = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
      if (vs.length > 0) auth.headers[`Impersonate-Extra-${encodeURIComponent(k)}`] = vs;
    }
  }

  const username = nonEmpty(user['username']);
  if (username !== undefined) auth.basic = `${username}:${str(user['password']) ?? ''}`;

  // As client-go: an inline token wins over a token file; a token over an exec plugin.
  const token = nonEmpty(user['token']);
  const tokenFile = nonEmpty(user['tokenFile']) ?? nonEmpty(user['token-file']);
  if (token !== undefined) auth.source = staticToken(token);
  else if (tokenFile !== undefined) auth.source = new FileToken(tokenFile, who);
  else if (isObject(user['exec'])) auth.source = new ExecPlugin(user['exec'], ctx, who);
  return auth;
}

/** --as, --as-group, --as-uid as the Impersonate-* headers the API server reads. */
export function impersonationHeaders(imp: { user: string; groups?: string[]; uid?: string }): Record<string, string | string[]> {
  return {
    'Impersonate-User': imp.user,
    ...(imp.groups?.length ? { 'Impersonate-Group': imp.groups } : {}),
    ...(imp.uid !== undefined ? { 'Impersonate-Uid': imp.uid } : {}),
  };
}

function staticToken(token: string): CredentialSource {
  return { changes: false, get: async () => ({ token }), invalidate: () => false };
}

/** How long a token file's content is trusted before it is read again (client-go's cached token file: a minute). */
export const TOKEN_FILE_PERIOD_MS = 60_000;

class FileToken implements CredentialSource {
  readonly changes = true;
  private token?: string;
  private readAt = 0;

  constructor(
    private readonly path: string,
    private readonly who: string,
  ) {}

  async get(): Promise<Credential> {
    if (this.token === undefined || Date.now() - this.readAt > TOKEN_FILE_PERIOD_MS) {
      try {
        this.token = readFileSync(this.path, 'utf8').trim();
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        throw new ClusterError(`cannot read the token file ${this.path} of ${this.who}${code ? ` (${code})` : ''} — check tokenFile in your kubeconfig`);
      }
      this.readAt = Date.now();
    }
    return { token: this.token };
  }

  invalidate(): boolean {
    this.token = undefined;
    return true;
  }
}

const EXEC_API_VERSIONS = new Set(['client.authentication.k8s.io/v1', 'client.authentication.k8s.io/v1beta1']);
/** A plugin's output larger than this is not an ExecCredential. */
const MAX_PLUGIN_OUTPUT = 1024 * 1024;

/** When a plugin's credential is read anew: this long before it expires, at most (an eighth of its life for short ones). */
export const EXPIRY_MARGIN_MS = 30_000;

/**
 * An exec credential plugin, run as client-go runs it: the kubeconfig's command, args and env on
 * top of ours, KUBERNETES_EXEC_INFO describing the request (and the cluster, with
 * provideClusterInfo), standard input and error given to it only when it may prompt. Killed when
 * it outlives the request timeout (unless it is prompting the user on a terminal).
 */
class ExecPlugin implements CredentialSource {
  readonly changes = true;
  private cached?: { cred: Credential; refreshAt: number };
  private running?: Promise<Credential>;
  private readonly command: string;
  private readonly apiVersion: string;

  constructor(
    private readonly spec: JsonObject,
    private readonly ctx: AuthContext,
    private readonly who: string,
  ) {
    const command = nonEmpty(spec['command']);
    if (command === undefined) throw new ClusterError(`the exec credential plugin of ${who} names no command — fix exec.command in your kubeconfig`);
    this.command = command;
    const apiVersion = nonEmpty(spec['apiVersion']);
    if (apiVersion === undefined || !EXEC_API_VERSIONS.has(apiVersion)) {
      throw new ClusterError(
        `the exec credential plugin of ${who} asks for API version ${apiVersion ?? '(none)'}, which kubectl no longer supports (v1alpha1 was removed in 1.24) — set exec.apiVersion to client.authentication.k8s.io/v1beta1, or regenerate the kubeconfig with your cloud's CLI`,
      );
    }
    this.apiVersion = apiVersion;
  }

  get(): Promise<Credential> {
    if (this.cached && Date.now() < this.cached.refreshAt) return Promise.resolve(this.cached.cred);
    // Requests made together share one run of the plugin.
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }

  invalidate(): boolean {
    this.cached = undefined;
    return true;
  }

  private mode(): 'Never' | 'IfAvailable' | 'Always' {
    const m = nonEmpty(this.spec['interactiveMode']);
    return m === 'Never' || m === 'Always' ? m : 'IfAvailable';
  }

  private execInfo(interactive: boolean): string {
    const spec: JsonObject = { interactive };
    if (this.spec['provideClusterInfo'] === true) {
      const c = this.ctx.cluster;
      const cluster: JsonObject = { server: str(c['server']) ?? '' };
      if (nonEmpty(c['tls-server-name'])) cluster['tls-server-name'] = c['tls-server-name'];
      if (c['insecure-skip-tls-verify'] === true) cluster['insecure-skip-tls-verify'] = true;
      const caData = nonEmpty(c['certificate-authority-data']);
      const caFile = nonEmpty(c['certificate-authority']);
      if (caData) cluster['certificate-authority-data'] = caData;
      else if (caFile) {
        try {
          cluster['certificate-authority-data'] = readFileSync(caFile).toString('base64');
        } catch {
          // the request itself reports an unreadable CA file
        }
      }
      if (nonEmpty(c['proxy-url'])) cluster['proxy-url'] = c['proxy-url'];
      // The plugin's own configuration: the cluster's extension named for it.
      const ext = objs(c['extensions']).find((e) => e['name'] === 'client.authentication.k8s.io/exec');
      if (ext && ext['extension'] !== undefined) cluster['config'] = ext['extension'];
      spec['cluster'] = cluster;
    }
    return JSON.stringify({ apiVersion: this.apiVersion, kind: 'ExecCredential', spec });
  }

  private fail(what: string, fix: string): ClusterError {
    return new ClusterError(`the credential plugin "${this.command}" of ${this.who} ${what} — ${fix}`);
  }

  private run(): Promise<Credential> {
    const mode = this.mode();
    const interactive = this.ctx.interactive && mode !== 'Never';
    if (mode === 'Always' && !this.ctx.interactive) {
      return Promise.reject(this.fail('must prompt (interactiveMode: Always) but standard input is not a terminal', 'run podwhy from a terminal, or log in with the plugin first'));
    }
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(this.ctx.env)) if (v !== undefined) env[k] = v;
    for (const e of objs(this.spec['env'])) {
      const name = str(e['name']);
      if (name) env[name] = str(e['value']) ?? '';
    }
    env['KUBERNETES_EXEC_INFO'] = this.execInfo(interactive);
    const args = Array.isArray(this.spec['args']) ? this.spec['args'].map((a) => String(a)) : [];
    const started = Date.now();

    return new Promise<Credential>((resolve, reject) => {
      let settled = false;
      const settle = (f: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        f();
      };
      let child: ReturnType<typeof spawn>;
      try {
        child = spawn(this.command, args, { env, stdio: [interactive ? 'inherit' : 'ignore', 'pipe', interactive ? 'inherit' : 'pipe'] });
      } catch (e) {
        reject(this.fail(`could not be started (${(e as Error).message})`, 'check exec.command in your kubeconfig'));
        return;
      }
      this.ctx.onWaiting?.();
      const out: Buffer[] = [];
      let outBytes = 0;
      let err = '';
      child.stdout?.on('data', (c: Buffer) => {
        outBytes += c.length;
        if (outBytes > MAX_PLUGIN_OUTPUT) {
          child.kill('SIGKILL');
          settle(() => reject(this.fail(`printed more than ${MAX_PLUGIN_OUTPUT} bytes`, 'check the plugin; it should print one ExecCredential')));
          return;
        }
        out.push(c);
      });
      child.stderr?.on('data', (c: Buffer) => {
        err = (err + c.toString('utf8')).slice(-4096);
      });
      // Prompting the user is bounded by the user; anything else by the request timeout.
      const timer = interactive
        ? undefined
        : setTimeout(() => {
            child.kill('SIGKILL');
            child.stdout?.destroy();
            child.stderr?.destroy();
            settle(() => reject(this.fail(`did not finish within ${formatSeconds(this.ctx.timeoutMs)} and was stopped`, 'check that it can reach its identity provider (try kubectl get pods with the same context), or raise --request-timeout')));
          }, this.ctx.timeoutMs);
      child.on('error', (e: NodeJS.ErrnoException) => {
        settle(() => {
          if (e.code === 'ENOENT') {
            const hint = nonEmpty(this.spec['installHint'])?.replace(/\s+/g, ' ').trim();
            reject(this.fail('was not found', hint ? hint.slice(0, 300) : 'install it, or put it on PATH (exec.command in your kubeconfig)'));
          } else if (e.code === 'EACCES') reject(this.fail('is not executable', 'check its permissions (exec.command in your kubeconfig)'));
          else reject(this.fail(`could not be started (${e.code ?? e.message})`, 'check exec.command in your kubeconfig'));
        });
      });
      child.on('close', (code, signal) => {
        settle(() => {
          if (code !== 0) {
            const last = lastLine(err);
            reject(this.fail(`failed (${signal ? `killed by ${signal}` : `exit code ${code}`})${last ? `: ${redact(last).slice(0, 300)}` : ''}`, 'run the same command yourself to see why (often an expired login: log in again)'));
            return;
          }
          try {
            resolve(this.accept(Buffer.concat(out).toString('utf8'), started));
          } catch (e) {
            reject(e);
          }
        });
      });
    });
  }

  /** Check the plugin's ExecCredential as client-go does, and keep it until shortly before it expires. */
  private accept(text: string, started: number): Credential {
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      throw this.fail('printed something that is not JSON', 'run it yourself: it should print one ExecCredential');
    }
    if (!isObject(v) || v['kind'] !== 'ExecCredential') throw this.fail('printed JSON that is not an ExecCredential', 'run it yourself: it should print one ExecCredential');
    if (v['apiVersion'] !== this.apiVersion) {
      throw this.fail(`answered in API version ${str(v['apiVersion']) ?? '(none)'}, not the ${this.apiVersion} the kubeconfig asks for`, 'set exec.apiVersion to what the plugin prints, or update the plugin');
    }
    const status = isObject(v['status']) ? v['status'] : undefined;
    if (!status) throw this.fail('returned no status', 'update or reinstall the plugin');
    const cred: Credential = {};
    const token = nonEmpty(status['token']);
    const cert = nonEmpty(status['clientCertificateData']);
    const key = nonEmpty(status['clientKeyData']);
    if ((cert === undefined) !== (key === undefined)) throw this.fail('returned a client certificate or key without the other', 'update or reinstall the plugin');
    if (token !== undefined) cred.token = token;
    if (cert !== undefined && key !== undefined) {
      cred.cert = Buffer.from(cert);
      cred.key = Buffer.from(key);
    }
    if (token === undefined && cert === undefined) throw this.fail('returned neither a token nor a client certificate', 'log in again with the plugin, or update it');
    const exp = nonEmpty(status['expirationTimestamp']);
    const expires = exp !== undefined ? Date.parse(exp) : Number.NaN;
    // Without an expiry the credential is kept until the server refuses it (as client-go).
    const refreshAt = Number.isFinite(expires) ? expires - Math.min(EXPIRY_MARGIN_MS, Math.max(0, expires - started) / 8) : Number.POSITIVE_INFINITY;
    this.cached = { cred, refreshAt };
    return cred;
  }
}

function lastLine(text: string): string | undefined {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  return lines[lines.length - 1];
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

/** Whether only client-node can authenticate this user or reach this cluster: a legacy auth-provider plugin, or a proxy. */
export function needsClientNode(cluster: JsonObject, user: JsonObject | undefined): boolean {
  return nonEmpty(cluster['proxy-url']) !== undefined || (user !== undefined && isObject(user['auth-provider']));
}
