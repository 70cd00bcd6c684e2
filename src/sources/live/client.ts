// A small read-only API client. client-node's KubeConfig supplies the TLS material and the
// credentials (bearer tokens, client certificates, exec plugins, CA bundles); the requests
// themselves are plain HTTPS GETs made here, because client-node 1.4 has no request timeout,
// re-handshakes TLS on every call, turns JSON into typed models we do not want (podwhy reads the
// objects exactly as `kubectl get -o json` prints them), and reports errors as raw text.
// Only GET is possible through this class: podwhy never writes to a cluster.

import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import type { KubeConfig } from '@kubernetes/client-node';
import { authFor, impersonationHeaders, needsClientNode, type Credential, type CredentialSource } from './auth.js';
import { clientNodeConfig, type KubeTarget } from './kubeconfig.js';
import { ClusterError } from '../../model/errors.js';
import { isObject, type JsonObject } from '../../util/json.js';

/** A Kubernetes Status error from the API server. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly details?: JsonObject,
    /** Status.metadata.continue of a 410 Expired list: where a fresh list may resume. */
    readonly continueToken?: string,
  ) {
    super(message);
  }
}

export interface RequestRecord {
  method: string;
  path: string;
  query: Record<string, string>;
}

export interface ClientOptions {
  /** Per request, including reading the body. */
  timeoutMs: number;
  /** Called before each request (tests and progress). */
  onRequest?: (r: RequestRecord) => void;
  /** Standard input is a terminal an exec credential plugin may prompt on. */
  interactive?: boolean;
  /**
   * Called once, when the client first waits on something outside the process (its first request
   * written to the connection, or a credential plugin running): the caller may do its own work
   * meanwhile (the CLI loads its rules while the first answers travel).
   */
  onWaiting?: () => void;
}

type Query = Record<string, string | number | boolean | undefined>;

/**
 * One response body, at most. podwhy lists in pages of 500 (a page of pods with managedFields is
 * under 10 MiB), so this only stops a broken or hostile server from exhausting memory.
 */
const MAX_JSON_BYTES = 128 * 1024 * 1024;

/** Statuses a GET is tried again on (client-go: 429 and any 5xx; 501 never heals). */
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
/** Tries in all, back-off base and cap, and the longest Retry-After honoured. */
export const RETRY = { attempts: 5, baseMs: 200, maxMs: 3000, maxRetryAfterMs: 10_000 };

/** A connection closed before any answer: the error to give if it is not tried again. */
class Reset extends Error {
  constructor(readonly error: ClusterError) {
    super(error.message);
  }
}

const USER_AGENT = 'podwhy';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class ApiClient {
  private agent?: http.Agent;
  private headers: Record<string, string | string[]> = {};
  private auth?: string;
  /** A credential that may change (a token file, an exec plugin): read before each request. */
  private source?: CredentialSource;
  /** TLS material, to build a new agent when a plugin's client certificate changes. */
  private tls?: https.AgentOptions;
  private agentCert?: Buffer;
  private base: URL;
  readonly requests: RequestRecord[] = [];

  constructor(
    readonly target: KubeTarget,
    private readonly opts: ClientOptions,
  ) {
    this.base = new URL(target.server);
  }

  /** Requests sent while the caller waits to be told of the network (onWaiting), not yet written. */
  private unwritten = 0;

  private waiting(): void {
    const f = this.opts.onWaiting;
    if (!f) return;
    this.opts.onWaiting = undefined;
    f();
  }

  /** Resolve credentials (this may run an exec credential plugin) and make the connection pool. */
  async init(): Promise<void> {
    if (needsClientNode(this.target.clusterEntry, this.target.userEntry)) return this.initWithClientNode();
    const a = authFor({
      cluster: this.target.clusterEntry,
      user: this.target.userEntry,
      userName: this.target.user,
      clusterName: this.target.cluster,
      env: this.target.env,
      timeoutMs: this.opts.timeoutMs,
      interactive: this.opts.interactive ?? false,
      onWaiting: () => this.waiting(),
      ...(this.target.impersonate ? { impersonate: this.target.impersonate } : {}),
    });
    this.headers = { ...a.headers };
    if (a.basic !== undefined) this.auth = a.basic;
    if (this.base.protocol === 'http:') {
      this.agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    } else {
      this.tls = { keepAlive: true, maxSockets: 8, rejectUnauthorized: a.tls.rejectUnauthorized };
      if (a.tls.ca) this.tls.ca = a.tls.ca;
      if (a.tls.cert) this.tls.cert = a.tls.cert;
      if (a.tls.key) this.tls.key = a.tls.key;
      if (a.tls.servername) this.tls.servername = a.tls.servername;
      this.agent = this.httpsAgent(this.tls);
    }
    if (a.source) {
      this.source = a.source;
      await this.credential();
      // A token given inline never changes: nothing to read before each request.
      if (!a.source.changes) this.source = undefined;
    }
  }

  private httpsAgent(o: https.AgentOptions): https.Agent {
    try {
      // One TLS context for every connection (otherwise each builds its own, parsing the CA and
      // the key again), built now: a certificate and key that do not match, or data that is not
      // PEM, are one line naming the user rather than an error on the first request.
      const secureContext = o.cert !== undefined || o.key !== undefined || o.ca !== undefined ? tls.createSecureContext({ ca: o.ca, cert: o.cert, key: o.key }) : undefined;
      return new https.Agent(secureContext ? { ...o, secureContext } : o);
    } catch (e) {
      const msg = (e as Error).message;
      const what = /key values mismatch/i.test(msg)
        ? 'the client certificate and client key do not belong together'
        : /no start line|PEM|asn1|bad base64|wrong tag|DECODER/i.test(msg)
          ? 'a certificate or key in it is not valid PEM'
          : msg;
      throw new ClusterError(`the credentials of user "${this.target.user ?? '?'}" cannot be used: ${what} — check client-certificate, client-key and certificate-authority in your kubeconfig (context "${this.target.context}")`);
    }
  }

  /** The credential to send now, from the source (kept while valid); the headers and agent follow it. */
  private async credential(): Promise<void> {
    if (!this.source) return;
    let c: Credential;
    try {
      c = await this.source.get();
    } catch (e) {
      if (e instanceof ClusterError) throw e;
      throw this.wrap(`could not get credentials for user "${this.target.user ?? '?'}": ${(e as Error).message.split('\n')[0]}`, 'check the credentials in your kubeconfig (try kubectl get pods with the same context)');
    }
    if (c.token !== undefined) this.headers['Authorization'] = `Bearer ${c.token}`;
    else delete this.headers['Authorization'];
    if (c.cert && c.key && this.tls && (!this.agentCert || !this.agentCert.equals(c.cert))) {
      this.agent?.destroy();
      this.agentCert = c.cert;
      this.agent = this.httpsAgent({ ...this.tls, cert: c.cert, key: c.key });
    }
  }

  /** After a 401: read the credential anew if it can change. True when there is something new to try. */
  private async renewed(): Promise<boolean> {
    if (!this.source?.invalidate()) return false;
    await this.credential();
    return true;
  }

  /** The legacy path: client-node's KubeConfig authenticates (auth-provider plugins, proxy-url). */
  private async initWithClientNode(): Promise<void> {
    const kc = await clientNodeConfig(this.target);
    const o: https.RequestOptions = { headers: {} };
    try {
      await withDeadline(credentialsFrom(kc, this.base.protocol === 'http:').applyToHTTPSOptions(o), this.opts.timeoutMs, 'running the credential plugin');
    } catch (e) {
      if (e instanceof ClusterError) throw this.wrap(e.message);
      const msg = (e as Error).message.trim().split('\n')[0] ?? String(e);
      throw this.wrap(`could not get credentials for user "${this.target.user ?? '?'}": ${msg}`, 'check the auth-provider in your kubeconfig (try kubectl get pods with the same context)');
    }
    for (const [k, v] of Object.entries(o.headers ?? {})) if (typeof v === 'string') this.headers[k] = v;
    if (this.target.impersonate) Object.assign(this.headers, impersonationHeaders(this.target.impersonate));
    if (o.auth) this.auth = o.auth;
    const cluster = kc.getCurrentCluster();
    if (cluster?.proxyUrl) {
      this.agent = o.agent as http.Agent; // client-node's proxy agent
    } else if (this.base.protocol === 'http:') {
      this.agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    } else {
      // Same TLS material as client-node's agent, but kept alive across requests.
      const a: https.AgentOptions = { keepAlive: true, maxSockets: 8 };
      if (o.ca !== undefined) a.ca = o.ca;
      if (o.cert !== undefined) a.cert = o.cert;
      if (o.key !== undefined) a.key = o.key;
      if (o.rejectUnauthorized !== undefined) a.rejectUnauthorized = o.rejectUnauthorized;
      if (o.servername !== undefined) a.servername = o.servername;
      this.agent = new https.Agent(a);
    }
  }

  close(): void {
    this.agent?.destroy();
  }

  private wrap(what: string, fix?: string): ClusterError {
    const where = `context "${this.target.context}", server ${this.target.server}`;
    return new ClusterError(`${what} (${where})${fix ? ` — ${fix}` : ''}`);
  }

  private networkError(e: NodeJS.ErrnoException): ClusterError {
    const code = e.code ?? '';
    if (code === 'ECONNREFUSED') return this.wrap('connection refused', 'is the API server running and the server address in the kubeconfig right?');
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return this.wrap(`cannot resolve ${this.base.hostname}`, 'check the server address, your DNS or VPN');
    if (code === 'ECONNRESET' || code === 'EPIPE') return this.wrap('the connection was closed by the server', 'check the server address and any proxy or load balancer in between');
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ETIMEDOUT') return this.wrap(`cannot reach ${this.base.host}`, 'check your network, VPN or firewall');
    if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|SSL/.test(code) || /certificate|SSL|TLS/i.test(e.message)) {
      return this.wrap(`TLS verification failed (${code || e.message})`, 'the server certificate is not signed by the CA in the kubeconfig (certificate-authority-data); refresh the kubeconfig');
    }
    return this.wrap(`request failed: ${e.message}`, 'check the server address and your network');
  }

  private url(path: string, query: Query): URL {
    const u = new URL(this.base.toString());
    u.pathname = `${this.base.pathname.replace(/\/$/, '')}${path}`;
    for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, String(v));
    return u;
  }

  /**
   * A GET, retried as client-go retries: a 429 or 5xx answer, and a connection reset before any
   * answer, are tried again up to RETRY.attempts times in all, after the server's Retry-After
   * (capped) or a capped exponential back-off with jitter, while the request timeout allows.
   */
  private async request(path: string, query: Query, accept: string, maxBytes: number): Promise<{ status: number; type: string; body: Buffer }> {
    const start = Date.now();
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const backoff = Math.min(RETRY.maxMs, RETRY.baseMs * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
      const canWait = (ms: number) => attempt < RETRY.attempts && Date.now() - start + ms < this.opts.timeoutMs;
      let r: { status: number; type: string; body: Buffer; retryAfter?: number };
      let sent: string | string[] | undefined;
      try {
        await this.credential();
        sent = this.headers['Authorization'];
        r = await this.send(path, query, accept, maxBytes);
      } catch (e) {
        if (e instanceof Reset && canWait(backoff)) {
          await sleep(backoff);
          continue;
        }
        throw e instanceof Reset ? e.error : e;
      }
      // Refused credentials that can change (a token file rewritten, a plugin's token expired
      // early) are read anew and the request made once more, as client-go's exec and token-file
      // sources do; this is not one of the retries.
      // (A request that left with a credential already replaced by a concurrent one's renewal
      // takes the new one without reading it yet again.)
      if (r.status === 401 && !renewed && (this.headers['Authorization'] !== sent || (await this.renewed()))) {
        renewed = true;
        attempt--;
        continue;
      }
      if (RETRY_STATUSES.has(r.status)) {
        const wait = r.retryAfter !== undefined ? Math.min(r.retryAfter * 1000, RETRY.maxRetryAfterMs) : backoff;
        if (canWait(wait)) {
          await sleep(wait);
          continue;
        }
      }
      return r;
    }
  }

  private send(path: string, query: Query, accept: string, maxBytes: number): Promise<{ status: number; type: string; body: Buffer; retryAfter?: number }> {
    const record: RequestRecord = { method: 'GET', path, query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])) };
    this.requests.push(record);
    this.opts.onRequest?.(record);
    const u = this.url(path, query);
    const lib = u.protocol === 'http:' ? http : https;
    return new Promise((resolveP, reject) => {
      const req = lib.request(
        u,
        {
          method: 'GET',
          agent: this.agent,
          headers: { ...this.headers, Accept: accept, 'User-Agent': USER_AGENT },
          ...(this.auth ? { auth: this.auth } : {}),
        },
        (res) => {
          // an answer came before every request was written: the caller is told now, before the
          // answer is read (it sets up what reading the answers needs: diagnose.ts startLive)
          this.waiting();
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > maxBytes) {
              req.destroy(Object.assign(new Error(`response larger than ${maxBytes} bytes`), { code: 'ETOOBIG' }));
              return;
            }
            chunks.push(c);
          });
          res.on('end', () => {
            clearTimeout(timer);
            const after = Number(res.headers['retry-after']);
            resolveP({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks), ...(Number.isFinite(after) && after >= 0 ? { retryAfter: after } : {}) });
          });
          res.on('error', (e) => {
            clearTimeout(timer);
            reject(e);
          });
        },
      );
      const timer = setTimeout(() => {
        req.destroy(Object.assign(new Error('timeout'), { code: 'PODWHY_TIMEOUT' }));
      }, this.opts.timeoutMs);
      // The caller is told once every request in flight has been written (the first round of a
      // one-pod read is two: each needs its TLS handshake, which the caller's work would delay).
      if (this.opts.onWaiting) {
        this.unwritten++;
        let done = false;
        const written = (): void => {
          if (done) return;
          done = true;
          if (--this.unwritten === 0) this.waiting();
        };
        req.once('finish', written);
        req.once('error', written);
      }
      req.on('error', (e: NodeJS.ErrnoException) => {
        this.waiting();
        clearTimeout(timer);
        if (e.code === 'PODWHY_TIMEOUT') reject(this.wrap(`no answer within ${formatMs(this.opts.timeoutMs)}`, 'check the server is reachable, or raise --request-timeout'));
        else if (e.code === 'ETOOBIG') reject(this.wrap(e.message, 'narrow the query with -n or -l'));
        // closed before an answer: worth another try (client-go retries a GET on a reset)
        else if (e.code === 'ECONNRESET' || e.code === 'EPIPE' || e.message === 'socket hang up') reject(new Reset(this.networkError(e)));
        else reject(this.networkError(e));
      });
      req.end();
    });
  }

  private statusError(status: number, body: Buffer, type: string): ApiError {
    let s: JsonObject | undefined;
    if (/json/.test(type)) {
      try {
        const v: unknown = JSON.parse(body.toString('utf8'));
        if (isObject(v)) s = v;
      } catch {
        // not a Status: fall through
      }
    }
    const reason = typeof s?.['reason'] === 'string' ? s['reason'] : status === 401 ? 'Unauthorized' : `HTTP ${status}`;
    const message = typeof s?.['message'] === 'string' ? s['message'] : body.toString('utf8').slice(0, 300) || reason;
    const details = isObject(s?.['details']) ? (s?.['details'] as JsonObject) : undefined;
    const md = isObject(s?.['metadata']) ? (s?.['metadata'] as JsonObject) : undefined;
    const cont = typeof md?.['continue'] === 'string' ? md['continue'] : undefined;
    return new ApiError(status, reason, message, details, cont);
  }

  /** GET a JSON object. Throws ApiError for a Status, ClusterError for transport problems. */
  async getJSON(path: string, query: Query = {}): Promise<JsonObject> {
    const r = await this.request(path, query, 'application/json', MAX_JSON_BYTES);
    if (r.status >= 400) throw this.statusError(r.status, r.body, r.type);
    let v: unknown;
    try {
      v = JSON.parse(r.body.toString('utf8'));
    } catch {
      throw this.wrap(`the server answered ${path} with something that is not JSON`, 'check the server address points at a Kubernetes API server');
    }
    if (!isObject(v)) throw this.wrap(`the server answered ${path} with JSON that is not an object`);
    return v;
  }

  /**
   * WATCH a collection (`?watch=1`): each JSON line becomes onEvent. Only the wait for the response
   * headers is bounded by the request timeout; the stream lasts until the server ends it, the
   * connection breaks ('dropped') or abort().
   */
  watch(path: string, query: Query, onEvent: (e: WatchEvent) => void): WatchHandle {
    if (!this.source) return watchStream(this, path, query, onEvent);
    // A credential that can change: fresh before the stream opens (a watch outlives tokens), and
    // read anew once if the server refuses it. An open stream is not cut when its token expires.
    let inner: WatchHandle | undefined;
    let aborted = false;
    const done = (async (): Promise<WatchEnd> => {
      for (let renewed = false; ; renewed = true) {
        await this.credential();
        if (aborted) return 'aborted';
        inner = watchStream(this, path, query, onEvent);
        try {
          return await inner.done;
        } catch (e) {
          if (e instanceof ApiError && e.status === 401 && !renewed && !aborted && (await this.renewed())) continue;
          throw e;
        }
      }
    })();
    return {
      done,
      abort: () => {
        aborted = true;
        inner?.abort();
      },
    };
  }

  /** GET text (logs), at most maxBytes. 204 No Content (an unscheduled pod's logs) is "". */
  async getText(path: string, query: Query, maxBytes: number): Promise<string> {
    const r = await this.request(path, query, 'text/plain, */*', maxBytes + 64 * 1024);
    if (r.status === 204) return '';
    if (r.status >= 400) throw this.statusError(r.status, r.body, r.type);
    return r.body.subarray(0, maxBytes).toString('utf8');
  }
}

/**
 * The kubeconfig to take credentials from. client-node refuses any for an http:// server unless
 * the cluster sets insecure-skip-tls-verify ("HTTP protocol is not allowed…"), although there is no
 * TLS to verify and kubectl talks to the same server (what `kubectl proxy` serves) without
 * complaint: for such a server, read them as if the flag were set.
 */
function credentialsFrom(kc: KubeConfig, plain: boolean): KubeConfig {
  const current = kc.getCurrentCluster();
  if (!plain || !current || current.skipTLSVerify) return kc;
  const copy = new (kc.constructor as new () => KubeConfig)();
  copy.loadFromOptions({
    clusters: kc.clusters.map((c) => (c.name === current.name ? { ...c, skipTLSVerify: true } : c)),
    users: kc.users,
    contexts: kc.contexts,
    currentContext: kc.currentContext,
  });
  return copy;
}

/** One event of a watch stream. */
export interface WatchEvent {
  type: string;
  object: JsonObject;
}

/** How a watch stream ended: the server closed it, we aborted it, or the connection broke. */
export type WatchEnd = 'closed' | 'aborted' | 'dropped';

export interface WatchHandle {
  /** Resolves when the stream ends; rejects with ApiError (a Status before the stream) or ClusterError. */
  done: Promise<WatchEnd>;
  abort(): void;
}

/** A watch line larger than this is not a Kubernetes object: the stream is broken or hostile. */
const MAX_WATCH_LINE = 16 * 1024 * 1024;

function watchStream(client: ApiClient, path: string, query: Query, onEvent: (e: WatchEvent) => void): WatchHandle {
  const internals = client as unknown as {
    agent?: http.Agent;
    headers: Record<string, string | string[]>;
    auth?: string;
    opts: ClientOptions;
    url(path: string, query: Query): URL;
    wrap(what: string, fix?: string): ClusterError;
    networkError(e: NodeJS.ErrnoException): ClusterError;
    statusError(status: number, body: Buffer, type: string): ApiError;
  };
  const q: Query = { ...query, watch: 1 };
  const record: RequestRecord = { method: 'GET', path, query: Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])) };
  client.requests.push(record);
  internals.opts.onRequest?.(record);
  const u = internals.url(path, q);
  const lib = u.protocol === 'http:' ? http : https;
  let req: http.ClientRequest | undefined;
  let aborted = false;
  const done = new Promise<WatchEnd>((resolveP, reject) => {
    let settled = false;
    const finish = (end: WatchEnd) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolveP(end);
    };
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(e);
    };
    req = lib.request(
      u,
      {
        method: 'GET',
        agent: internals.agent,
        headers: { ...internals.headers, Accept: 'application/json', 'User-Agent': USER_AGENT },
        ...(internals.auth ? { auth: internals.auth } : {}),
      },
      (res) => {
        // Headers arrived: from here the stream may be quiet for as long as the server likes.
        clearTimeout(timer);
        const status = res.statusCode ?? 0;
        if (status >= 400) {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.length < 64 && chunks.push(c));
          res.on('end', () => fail(internals.statusError(status, Buffer.concat(chunks), String(res.headers['content-type'] ?? ''))));
          res.on('error', () => fail(internals.statusError(status, Buffer.concat(chunks), String(res.headers['content-type'] ?? ''))));
          return;
        }
        let buf = '';
        let ended = false;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buf += chunk;
          let nl = buf.indexOf('\n');
          while (nl >= 0) {
            const line = buf.slice(0, nl).trim();
            buf = buf.slice(nl + 1);
            nl = buf.indexOf('\n');
            if (line === '') continue;
            let v: unknown;
            try {
              v = JSON.parse(line);
            } catch {
              req?.destroy();
              fail(internals.wrap(`the watch of ${path} sent something that is not JSON`, 'check the server address points at a Kubernetes API server'));
              return;
            }
            if (!isObject(v) || typeof v['type'] !== 'string' || !isObject(v['object'])) {
              req?.destroy();
              fail(internals.wrap(`the watch of ${path} sent an event without type and object`));
              return;
            }
            onEvent({ type: v['type'], object: v['object'] });
          }
          if (buf.length > MAX_WATCH_LINE) {
            req?.destroy();
            fail(internals.wrap(`the watch of ${path} sent a line larger than ${MAX_WATCH_LINE} bytes`));
          }
        });
        res.on('end', () => {
          ended = true;
          finish('closed');
        });
        res.on('close', () => finish(aborted ? 'aborted' : ended ? 'closed' : 'dropped'));
        res.on('error', () => finish(aborted ? 'aborted' : 'dropped'));
      },
    );
    const timer = setTimeout(() => {
      req?.destroy(Object.assign(new Error('timeout'), { code: 'PODWHY_TIMEOUT' }));
    }, internals.opts.timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (aborted) return finish('aborted');
      if (e.code === 'PODWHY_TIMEOUT') fail(internals.wrap(`no answer within ${formatMs(internals.opts.timeoutMs)}`, 'check the server is reachable, or raise --request-timeout'));
      else if (settled) return;
      else fail(internals.networkError(e));
    });
    req.end();
  });
  return {
    done,
    abort: () => {
      aborted = true;
      req?.destroy();
    },
  };
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

/** How long the run may take to report, after a credential plugin hung, before the process exits. */
export const HUNG_PLUGIN_GRACE_MS = 1000;

async function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // The hung plugin is client-node's child process, out of our reach, and it keeps the
      // process alive: once the run has said so, end it (an unref'd timer fires only while
      // something else, the child, still holds the event loop).
      // Only in the command's own process (src/cli/run.ts marks it), never in a host's.
      if ((globalThis as Record<symbol, unknown>)[Symbol.for('podwhy.cli-process')] === true) setTimeout(() => process.exit(), HUNG_PLUGIN_GRACE_MS).unref();
      reject(new ClusterError(`timed out after ${formatMs(ms)} ${what}`));
    }, ms);
  });
  try {
    return await Promise.race([p, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** kubectl's --request-timeout: "30s", "1m", "500ms", a bare number of seconds; 0 means none. */
export function parseRequestTimeout(v: string): number | undefined {
  const s = v.trim();
  if (/^\d+$/.test(s)) return Number(s) * 1000;
  const m = /^(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+(?:\.\d+)?)s)?(?:(\d+)ms)?$/.exec(s);
  if (!m || s === '') return undefined;
  return Number(m[1] ?? 0) * 3_600_000 + Number(m[2] ?? 0) * 60_000 + Number(m[3] ?? 0) * 1000 + Number(m[4] ?? 0);
}
