// Test-only: a loopback kube-apiserver for podwhy's live mode. HTTPS on 127.0.0.1 with a CA made
// at start, bearer-token or client-certificate authentication, the real API's paths, list shapes
// (items without kind/apiVersion, metadata.continue, remainingItemCount only without selectors),
// label and field selectors with the real field whitelists, limit/continue with opaque tokens and
// 410 Expired, pod logs with the kubelet's errors, Status objects for 400/401/403/404/405/410 in
// the apiserver's wording, and switches to forbid resources, add latency or hang. It records
// every request. It serves objects as `kubectl get -o json` would show them; an events.k8s.io
// Event given to it is stored and served as the core/v1 Event the real apiserver converts it to.
// /version reports the minor version it is started with, so a real `kubectl` of that build can
// describe its pods (test/kubectl-describe.ts).
//
// Watches (`?watch=1`) behave like the apiserver's watch cache: without a resourceVersion (or
// "0") they start with a synthetic ADDED per existing object, with one they replay every change
// after it from a history, then stream changes as JSON lines {"type","object"} (objects with
// kind and apiVersion). Selectors apply per change: an object that stops matching is sent as
// DELETED, one that starts matching as ADDED. A resourceVersion older than the history
// (compact()) gets HTTP 200, one ERROR event with a 410 Expired Status, and the end of the stream.
// BOOKMARKs (allowWatchBookmarks=true) are sent by bookmark(); timeoutSeconds (or endWatches())
// ends the stream cleanly; dropWatches() cuts every open watch connection as a broken network would. Tests drive
// changes with update() and remove() and wait for watchers with waitForWatches().

import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { POD_FIELDS } from '../src/kubectl/field-selector.js';
import { parseSelector } from '../src/kubectl/selector.js';
import { isObject, str, type JsonObject } from '../src/util/json.js';
import { issue, type Issued } from './x509.js';

export interface ServedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  user?: string;
  /** The bearer token presented, if any (tests check which credential each request carried). */
  token?: string;
  /** With Impersonate-User: who asked (user is then the impersonated one), and the groups asked for. */
  impersonatedBy?: string;
  groups?: string[];
  status: number;
}

export interface Forbid {
  /** pods, events, nodes, pods/log, replicasets… */
  resource: string;
  verb?: 'get' | 'list' | 'watch';
  /** Only in this namespace (all namespaces when absent). */
  namespace?: string;
}

/** One answer the server gives instead of the real one (to the first request whose path matches). */
export interface Fault {
  /** 429, 500, 503 (default 503). */
  status?: number;
  /** The Retry-After header, in seconds. */
  retryAfter?: string;
  /** Close the connection without an answer. */
  reset?: boolean;
  /** Never answer this request. */
  hang?: boolean;
  path?: RegExp;
}

type Kind = 'pods' | 'events' | 'nodes' | 'serviceaccounts' | 'resourcequotas' | 'limitranges' | 'replicasets' | 'deployments' | 'statefulsets' | 'daemonsets' | 'jobs' | 'cronjobs' | 'persistentvolumeclaims' | 'persistentvolumes' | 'storageclasses';

/** Resources without a namespace: their paths have none, their lists are keyed by name alone. */
const CLUSTER_SCOPED: ReadonlySet<Kind> = new Set(['nodes', 'persistentvolumes', 'storageclasses']);

const GROUP: Record<Kind, string> = {
  pods: '',
  events: '',
  nodes: '',
  serviceaccounts: '',
  resourcequotas: '',
  limitranges: '',
  replicasets: 'apps',
  deployments: 'apps',
  statefulsets: 'apps',
  daemonsets: 'apps',
  jobs: 'batch',
  cronjobs: 'batch',
  persistentvolumeclaims: '',
  persistentvolumes: '',
  storageclasses: 'storage.k8s.io',
};
const LIST_KIND: Record<Kind, string> = {
  pods: 'PodList',
  events: 'EventList',
  nodes: 'NodeList',
  serviceaccounts: 'ServiceAccountList',
  resourcequotas: 'ResourceQuotaList',
  limitranges: 'LimitRangeList',
  replicasets: 'ReplicaSetList',
  deployments: 'DeploymentList',
  statefulsets: 'StatefulSetList',
  daemonsets: 'DaemonSetList',
  jobs: 'JobList',
  cronjobs: 'CronJobList',
  persistentvolumeclaims: 'PersistentVolumeClaimList',
  persistentvolumes: 'PersistentVolumeList',
  storageclasses: 'StorageClassList',
};

/** Field selector labels the real API server supports, per resource. */
const FIELDS: Partial<Record<Kind, Record<string, (o: JsonObject) => string>>> = {
  // the fields the API server indexes for pods: the same table the product applies offline
  pods: POD_FIELDS as Record<string, (o: JsonObject) => string>,
  events: {
    'involvedObject.kind': (o) => str(dig(o, 'involvedObject', 'kind')) ?? '',
    'involvedObject.namespace': (o) => str(dig(o, 'involvedObject', 'namespace')) ?? '',
    'involvedObject.name': (o) => str(dig(o, 'involvedObject', 'name')) ?? '',
    'involvedObject.uid': (o) => str(dig(o, 'involvedObject', 'uid')) ?? '',
    'involvedObject.apiVersion': (o) => str(dig(o, 'involvedObject', 'apiVersion')) ?? '',
    'involvedObject.resourceVersion': (o) => str(dig(o, 'involvedObject', 'resourceVersion')) ?? '',
    'involvedObject.fieldPath': (o) => str(dig(o, 'involvedObject', 'fieldPath')) ?? '',
    reason: (o) => str(o['reason']) ?? '',
    reportingComponent: (o) => str(o['reportingComponent']) ?? '',
    source: (o) => str(dig(o, 'source', 'component')) ?? '',
    type: (o) => str(o['type']) ?? '',
    'metadata.namespace': (o) => str(dig(o, 'metadata', 'namespace')) ?? '',
    'metadata.name': (o) => str(dig(o, 'metadata', 'name')) ?? '',
  },
  nodes: {
    'metadata.name': (o) => str(dig(o, 'metadata', 'name')) ?? '',
    'spec.unschedulable': (o) => String(dig(o, 'spec', 'unschedulable') === true),
  },
  // claims: only the object meta fields (pkg/registry/core/persistentvolumeclaim GetAttrs)
  persistentvolumeclaims: {
    'metadata.name': (o) => str(dig(o, 'metadata', 'name')) ?? '',
    'metadata.namespace': (o) => str(dig(o, 'metadata', 'namespace')) ?? '',
  },
  // volumes: metadata.name, and "name" kept for backward compatibility (PersistentVolumeToSelectableFields)
  persistentvolumes: {
    'metadata.name': (o) => str(dig(o, 'metadata', 'name')) ?? '',
    name: (o) => str(dig(o, 'metadata', 'name')) ?? '',
  },
  // a cluster-scoped resource of the generic registry: metadata.name only
  storageclasses: {
    'metadata.name': (o) => str(dig(o, 'metadata', 'name')) ?? '',
  },
};

function dig(o: unknown, ...keys: string[]): unknown {
  let cur = o;
  for (const k of keys) {
    if (!isObject(cur)) return undefined;
    cur = cur[k];
  }
  return cur;
}

/**
 * An events.k8s.io/v1 (or v1beta1) Event as the core/v1 Event the apiserver stores and serves: one
 * resource behind both groups, converted field by field as pkg/apis/events/v1's conversion does
 * (regarding → involvedObject, note → message, deprecatedSource/FirstTimestamp/LastTimestamp/Count
 * → source/firstTimestamp/lastTimestamp/count, reportingController → reportingComponent; eventTime,
 * series, related, action, reason, type and reportingInstance keep their names), with core/v1's
 * JSON: `source: {}`, null timestamps and "" reporting fields are written, a zero count is not. So `kubectl
 * describe`, which lists core/v1 events by involvedObject, finds an event a controller wrote
 * through the new API, as it does on a real cluster.
 */
export function coreEvent(e: JsonObject): JsonObject {
  const { apiVersion: _a, regarding, note, deprecatedSource, deprecatedFirstTimestamp, deprecatedLastTimestamp, deprecatedCount, reportingController, ...rest } = structuredClone(e);
  const out: JsonObject = { ...rest, apiVersion: 'v1', kind: 'Event' };
  out['involvedObject'] = isObject(regarding) ? regarding : {};
  if (note !== undefined && note !== null) out['message'] = note;
  out['source'] = isObject(deprecatedSource) ? deprecatedSource : {};
  out['firstTimestamp'] = deprecatedFirstTimestamp ?? null;
  out['lastTimestamp'] = deprecatedLastTimestamp ?? null;
  if (typeof deprecatedCount === 'number' && deprecatedCount !== 0) out['count'] = deprecatedCount;
  out['reportingComponent'] = reportingController ?? '';
  out['reportingInstance'] = rest['reportingInstance'] ?? '';
  return out;
}

const b64url = (s: string) => Buffer.from(s).toString('base64url');

interface Change {
  rv: number;
  kind: Kind;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: JsonObject;
  /** The object before the change (MODIFIED, DELETED). */
  old?: JsonObject;
}

interface OpenWatch {
  kind: Kind;
  namespace: string | undefined;
  match: (o: JsonObject) => boolean;
  res: import('node:http').ServerResponse;
  bookmarks: boolean;
  rec: ServedRequest;
}

const KIND_NAME: Record<Kind, string> = {
  pods: 'Pod',
  events: 'Event',
  nodes: 'Node',
  serviceaccounts: 'ServiceAccount',
  resourcequotas: 'ResourceQuota',
  limitranges: 'LimitRange',
  replicasets: 'ReplicaSet',
  deployments: 'Deployment',
  statefulsets: 'StatefulSet',
  daemonsets: 'DaemonSet',
  jobs: 'Job',
  cronjobs: 'CronJob',
  persistentvolumeclaims: 'PersistentVolumeClaim',
  persistentvolumes: 'PersistentVolume',
  storageclasses: 'StorageClass',
};

export interface FakeApiServerOptions {
  token?: string;
  /**
   * Serve plain HTTP, as `kubectl proxy` does (it authenticates to the real server itself, so it
   * takes requests without credentials; a token sent anyway is ignored).
   */
  plain?: boolean;
  /** The user name RBAC messages show. */
  user?: string;
  /**
   * The minor version /version reports (default 31): `kubectl` as shipped by the Cloud SDK runs
   * the client build matching the server's minor version, and a capture records a coherent pair.
   */
  minor?: number;
}

export class FakeApiServer {
  readonly ca: Issued;
  private server?: https.Server | http.Server;
  private readonly plain: boolean;
  port = 0;
  readonly token: string;
  readonly user: string;
  readonly minor: number;
  readonly requests: ServedRequest[] = [];
  /** Each kind's objects by namespace and name (add's lookup). */
  private readonly index = new Proxy({} as Record<Kind, Map<string, JsonObject>>, { get: (t, k: Kind) => (t[k] ??= new Map()) });
  /** Each kind's objects in the order lists serve them (namespace/name), until the next change. */
  private readonly sorted: Partial<Record<Kind, { objs: JsonObject[]; keys: string[] }>> = {};
  private store: Record<Kind, JsonObject[]> = {
    pods: [],
    events: [],
    nodes: [],
    replicasets: [],
    deployments: [],
    statefulsets: [],
    daemonsets: [],
    jobs: [],
    cronjobs: [],
    serviceaccounts: [],
    resourcequotas: [],
    limitranges: [],
    persistentvolumeclaims: [],
    persistentvolumes: [],
    storageclasses: [],
  };
  private logs = new Map<string, string>();
  private rv = 1000;
  forbid: Forbid[] = [];
  /** Answers to give instead of the real one, first come first served: a 429 with Retry-After, a 503, a reset connection. */
  faults: Fault[] = [];
  /** Milliseconds to wait before answering each request. */
  latencyMs = 0;
  /** Lists give metadata.remainingItemCount (without selectors); false: a server that does not (an aggregated API, the feature gate off). */
  remainingItemCount = true;
  /** Never answer (to test timeouts). */
  hang = false;
  /**
   * End every watch cleanly right after its opening lines, as a proxy, a load balancer or an
   * apiserver shutting down does (the client sees a very short watch).
   */
  endWatchesAtOnce = false;
  /**
   * The longest a watch stays open, in seconds (may be fractional): the apiserver ends each watch
   * after a time spread over --min-request-timeout, and load balancers' idle timeouts end them
   * sooner; the client then watches again, with the credentials it has by then.
   */
  maxWatchSeconds?: number;
  /**
   * Bearer tokens accepted besides `token`: as a real server asks its authenticator (a webhook, a
   * service account's signature and expiry), so tests can issue tokens that expire or are revoked.
   */
  tokenCheck?: (token: string) => boolean;
  /**
   * Nodes deleted from the cluster while pods still name them: logs of their pods get the
   * apiserver's 404, which words the node lookup as a pods error (`pods "node-7" not found`).
   */
  nodesGone = new Set<string>();
  /** The next continue token presented is answered with 410 Expired (once). */
  expireNextContinue = false;
  /** Every continue token is answered with 410 Expired (a list slower than etcd's compaction). */
  expireEveryContinue = false;
  /** Client certificates issued by this server's CA are accepted as this user. */
  private clientCertUser = 'podwhy-cert-user';
  /** Every change, oldest first, for watches that resume from a resourceVersion. */
  private history: Change[] = [];
  /** Watches from a resourceVersion older than this get 410 Expired. */
  private oldestRV = 0;
  private watches = new Set<OpenWatch>();
  private watchWaiters: { n: number; kind?: Kind; resolve: () => void }[] = [];

  constructor(opts: FakeApiServerOptions = {}) {
    this.ca = issue({ cn: 'podwhy-test-ca', ca: true });
    this.token = opts.token ?? randomBytes(16).toString('hex');
    this.user = opts.user ?? 'system:serviceaccount:podwhy:reader';
    this.plain = opts.plain ?? false;
    this.minor = opts.minor ?? 31;
  }

  // ----- content -------------------------------------------------------------------------

  /** Add objects (Pods, Events, Nodes, ReplicaSets…, or Lists of them) as kubectl prints them. */
  add(...objects: unknown[]): this {
    for (const o of objects) {
      if (!isObject(o)) continue;
      const kind = str(o['kind']);
      if (kind?.endsWith('List') && Array.isArray(o['items'])) {
        const itemKind = kind === 'PodList' ? 'Pod' : kind === 'EventList' ? 'Event' : undefined;
        for (const i of o['items']) this.add(isObject(i) && itemKind && !i['kind'] ? { ...i, kind: itemKind } : i);
        continue;
      }
      const map: Record<string, Kind> = {
        Pod: 'pods',
        Event: 'events',
        Node: 'nodes',
        ServiceAccount: 'serviceaccounts',
        ResourceQuota: 'resourcequotas',
        LimitRange: 'limitranges',
        ReplicaSet: 'replicasets',
        Deployment: 'deployments',
        StatefulSet: 'statefulsets',
        DaemonSet: 'daemonsets',
        Job: 'jobs',
        CronJob: 'cronjobs',
        PersistentVolumeClaim: 'persistentvolumeclaims',
        PersistentVolume: 'persistentvolumes',
        StorageClass: 'storageclasses',
      };
      const k = kind ? map[kind] : undefined;
      if (!k) continue;
      const copy = k === 'events' && str(o['apiVersion'])?.startsWith('events.k8s.io/') ? coreEvent(o) : structuredClone(o);
      const md = (isObject(copy['metadata']) ? copy['metadata'] : (copy['metadata'] = {})) as JsonObject;
      md['resourceVersion'] = String(++this.rv);
      if (k === 'events' && md['namespace'] === undefined) md['namespace'] = dig(copy, 'involvedObject', 'namespace') ?? 'default';
      // The same name again replaces the object (a MODIFIED), as a PUT would. (Found through
      // an index: a bench adds 100,000 events, which a scan of the list per add made quadratic.)
      const id = `${String(md['namespace'] ?? '')}\u0000${String(md['name'] ?? '')}`;
      const had = this.index[k].get(id);
      this.index[k].set(id, copy);
      this.sorted[k] = undefined;
      const i = had ? this.store[k].indexOf(had) : -1;
      if (i >= 0) {
        const old = this.store[k][i] as JsonObject;
        this.store[k][i] = copy;
        this.publish({ rv: this.rv, kind: k, type: 'MODIFIED', object: copy, old });
      } else {
        this.store[k].push(copy);
        this.publish({ rv: this.rv, kind: k, type: 'ADDED', object: copy });
      }
    }
    return this;
  }

  /**
   * Put a fixture file's objects on the server (not its PodwhyFixture header), and the logs the
   * header captured as its pod's previous logs, as a cluster holding that pod would serve them.
   * Returns the fixture's pod (if it has one).
   */
  serveFixture(file: string): JsonObject | undefined {
    let pod: JsonObject | undefined;
    let logs: Record<string, string> = {};
    for (const doc of yaml.loadAll(readFileSync(file, 'utf8'), undefined, { schema: yaml.CORE_SCHEMA })) {
      if (!isObject(doc)) continue;
      if (doc['kind'] === 'PodwhyFixture') logs = isObject(doc['logs']) ? (doc['logs'] as Record<string, string>) : {};
      else {
        this.add(doc);
        if (doc['kind'] === 'Pod') pod = doc;
        // a List (kubectl get pod,pvc,events -o yaml): its pod
        else if (Array.isArray(doc['items'])) pod ??= doc['items'].find((i): i is JsonObject => isObject(i) && i['kind'] === 'Pod');
      }
    }
    const md = isObject(pod?.['metadata']) ? (pod['metadata'] as JsonObject) : {};
    for (const [c, t] of Object.entries(logs)) this.setLog(String(md['namespace']), String(md['name']), c, t, true);
    return pod;
  }

  /** Replace an object (matched by kind, namespace and name) or add it: a MODIFIED change. */
  update(...objects: unknown[]): this {
    return this.add(...objects);
  }

  /** Delete an object: a DELETED change carrying its last state. */
  remove(kind: string, namespace: string | undefined, name: string): this {
    const k = (Object.keys(KIND_NAME) as Kind[]).find((x) => KIND_NAME[x] === kind);
    if (!k) return this;
    const i = this.store[k].findIndex((o) => dig(o, 'metadata', 'name') === name && (namespace === undefined || dig(o, 'metadata', 'namespace') === namespace));
    if (i < 0) return this;
    const old = this.store[k][i] as JsonObject;
    this.store[k].splice(i, 1);
    this.index[k].delete(`${String(dig(old, 'metadata', 'namespace') ?? '')}\u0000${String(dig(old, 'metadata', 'name') ?? '')}`);
    this.sorted[k] = undefined;
    const gone = structuredClone(old);
    (gone['metadata'] as JsonObject)['resourceVersion'] = String(++this.rv);
    this.publish({ rv: this.rv, kind: k, type: 'DELETED', object: gone, old });
    return this;
  }

  /** Forget history up to now: watches from an older resourceVersion get 410 Expired. */
  compact(): this {
    this.oldestRV = this.rv;
    this.history = [];
    return this;
  }

  /** Cut every open watch connection, as a dropped network would (no clean end of stream). */
  dropWatches(): void {
    for (const w of this.watches) w.res.socket?.destroy();
    this.watches.clear();
  }

  /** End every open watch cleanly, as the apiserver does when timeoutSeconds runs out. */
  endWatches(): void {
    for (const w of this.watches) w.res.end();
    this.watches.clear();
  }

  /** Send a BOOKMARK with the current resourceVersion to watches that allow them. */
  bookmark(): void {
    for (const w of this.watches) {
      if (!w.bookmarks) continue;
      this.writeEvent(w, 'BOOKMARK', { kind: KIND_NAME[w.kind], apiVersion: GROUP[w.kind] ? `${GROUP[w.kind]}/v1` : 'v1', metadata: { resourceVersion: String(this.rv) } });
    }
  }

  /** The number of open watches (of a kind). */
  openWatches(kind?: string): number {
    return [...this.watches].filter((w) => kind === undefined || w.kind === kind).length;
  }

  /** Resolve when at least n watches (of a kind: pods, events…) are open. */
  waitForWatches(n: number, kind?: string): Promise<void> {
    if (this.openWatches(kind) >= n) return Promise.resolve();
    return new Promise((resolve) => this.watchWaiters.push({ n, ...(kind ? { kind: kind as Kind } : {}), resolve }));
  }

  private writeEvent(w: OpenWatch, type: string, object: JsonObject): void {
    w.res.write(`${JSON.stringify({ type, object })}\n`);
  }

  private withKind(kind: Kind, o: JsonObject): JsonObject {
    return { kind: KIND_NAME[kind], apiVersion: GROUP[kind] ? `${GROUP[kind]}/v1` : 'v1', ...o };
  }

  /** The event a watcher sees for a change, after its selectors; undefined when it sees none. */
  private view(w: OpenWatch, c: Change): { type: string; object: JsonObject } | undefined {
    if (c.kind !== w.kind) return undefined;
    const inNs = (o: JsonObject | undefined) => o !== undefined && (w.namespace === undefined || dig(o, 'metadata', 'namespace') === w.namespace);
    const now = inNs(c.object) && w.match(c.object);
    const before = c.old !== undefined && inNs(c.old) && w.match(c.old);
    if (c.type === 'ADDED') return now ? { type: 'ADDED', object: c.object } : undefined;
    if (c.type === 'DELETED') return before || now ? { type: 'DELETED', object: c.object } : undefined;
    if (now && before) return { type: 'MODIFIED', object: c.object };
    if (now) return { type: 'ADDED', object: c.object };
    if (before) return { type: 'DELETED', object: c.object };
    return undefined;
  }

  private publish(c: Change): void {
    this.history.push(c);
    for (const w of this.watches) {
      const v = this.view(w, c);
      if (v) this.writeEvent(w, v.type, this.withKind(c.kind, v.object));
    }
  }

  private serveWatch(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, kind: Kind, namespace: string | undefined, query: Record<string, string>, rec: ServedRequest, match: (o: JsonObject) => boolean): void {
    rec.status = 200;
    res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    const w: OpenWatch = { kind, namespace, match, res, bookmarks: query['allowWatchBookmarks'] === 'true', rec };
    const rvParam = query['resourceVersion'];
    if (rvParam !== undefined && rvParam !== '' && rvParam !== '0') {
      const from = Number(rvParam);
      if (!Number.isInteger(from) || from < this.oldestRV) {
        // The watch cache's answer to a compacted resourceVersion: an ERROR event, then the end.
        this.writeEvent(w, 'ERROR', this.status(410, 'Expired', `too old resource version: ${rvParam} (${this.oldestRV})`));
        res.end();
        return;
      }
      for (const c of this.history) {
        if (c.rv <= from) continue;
        const v = this.view(w, c);
        if (v) this.writeEvent(w, v.type, this.withKind(c.kind, v.object));
      }
    } else {
      for (const o of this.store[kind]) if ((namespace === undefined || dig(o, 'metadata', 'namespace') === namespace) && match(o)) this.writeEvent(w, 'ADDED', this.withKind(kind, o));
    }
    if (this.endWatchesAtOnce) {
      res.end();
      return;
    }
    this.watches.add(w);
    const done = () => {
      this.watches.delete(w);
      clearTimeout(timer);
    };
    res.on('close', done);
    req.on('close', done);
    const asked = query['timeoutSeconds'] !== undefined ? Number(query['timeoutSeconds']) : undefined;
    const secs = this.maxWatchSeconds !== undefined && (asked === undefined || asked <= 0 || asked > this.maxWatchSeconds) ? this.maxWatchSeconds : asked;
    const timer = secs !== undefined && secs > 0 ? setTimeout(() => res.end(), secs * 1000) : undefined;
    for (const waiter of [...this.watchWaiters]) {
      if (this.openWatches(waiter.kind) >= waiter.n) {
        this.watchWaiters.splice(this.watchWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }

  /** Logs of a container: previous=true for the terminated previous instance. */
  setLog(namespace: string, pod: string, container: string, text: string, previous = false): this {
    this.logs.set(`${namespace}/${pod}/${container}/${previous}`, text);
    return this;
  }

  // ----- lifecycle -----------------------------------------------------------------------

  async start(): Promise<this> {
    if (this.plain) {
      this.server = http.createServer((req, res) => {
        void this.handle(req, res);
      });
      await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
      this.port = (this.server.address() as AddressInfo).port;
      return this;
    }
    const cert = issue({ cn: 'kube-apiserver', ips: ['127.0.0.1'], dns: ['localhost'] }, this.ca);
    // Like a real apiserver, send only the leaf: a client without the CA gets
    // UNABLE_TO_VERIFY_LEAF_SIGNATURE. The CA is only used to check client certificates.
    this.server = https.createServer(
      { cert: cert.certPem, key: cert.keyPem, ca: this.ca.certPem, requestCert: true, rejectUnauthorized: false },
      (req, res) => {
        void this.handle(req, res);
      },
    );
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const w of this.watches) w.res.end();
    this.watches.clear();
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  get url(): string {
    return `${this.plain ? 'http' : 'https'}://127.0.0.1:${this.port}`;
  }

  /** A kubeconfig for this server, written to dir. */
  writeKubeconfig(dir: string, opts: { namespace?: string; token?: string; clientCert?: boolean; badCa?: boolean; context?: string } = {}): string {
    const user: JsonObject = {};
    if (this.plain) {
      // kubectl proxy's kubeconfig: no credentials
    } else if (opts.clientCert) {
      const c = issue({ cn: this.clientCertUser, org: 'system:masters', clientAuth: true }, this.ca);
      user['client-certificate-data'] = Buffer.from(c.certPem).toString('base64');
      user['client-key-data'] = Buffer.from(c.keyPem).toString('base64');
    } else user['token'] = opts.token ?? this.token;
    const ca = opts.badCa ? issue({ cn: 'some-other-ca', ca: true }).certPem : this.ca.certPem;
    const name = opts.context ?? 'fake';
    const cfg = {
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'fake-cluster', cluster: this.plain ? { server: this.url } : { server: this.url, 'certificate-authority-data': Buffer.from(ca).toString('base64') } }],
      users: [{ name: 'fake-user', user }],
      contexts: [{ name, context: { cluster: 'fake-cluster', user: 'fake-user', ...(opts.namespace ? { namespace: opts.namespace } : {}) } }],
      'current-context': name,
    };
    const file = join(dir, `kubeconfig-${name}-${randomBytes(3).toString('hex')}.json`);
    writeFileSync(file, JSON.stringify(cfg, null, 2));
    return file;
  }

  // ----- HTTP ----------------------------------------------------------------------------

  private send(res: import('node:http').ServerResponse, status: number, body: unknown, rec: ServedRequest): void {
    rec.status = status;
    if (typeof body === 'string') {
      res.writeHead(status, { 'Content-Type': 'text/plain' });
      res.end(body);
      return;
    }
    if (body === undefined) {
      res.writeHead(status);
      res.end();
      return;
    }
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private status(code: number, reason: string, message: string, details?: JsonObject, metadata: JsonObject = {}): JsonObject {
    const s: JsonObject = { kind: 'Status', apiVersion: 'v1', metadata, status: 'Failure', message, reason };
    if (details) s['details'] = details;
    s['code'] = code;
    return s;
  }

  private async handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', 'https://127.0.0.1');
    const query = Object.fromEntries(u.searchParams.entries());
    const rec: ServedRequest = { method: req.method ?? 'GET', path: u.pathname, query, status: 0 };
    this.requests.push(rec);
    if (this.hang) return; // never answer
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
    // faults, in order, each for the first request whose path it matches
    const fi = this.faults.findIndex((f) => f.path === undefined || f.path.test(u.pathname));
    if (fi >= 0) {
      const f = this.faults.splice(fi, 1)[0] as Fault;
      if (f.hang) return; // this one request is never answered
      if (f.reset) {
        rec.status = -1;
        req.socket.destroy();
        return;
      }
      // the apiserver's words for each (max-in-flight filter, a webhook or etcd failing)
      const words: Record<number, [string, string]> = {
        429: ['TooManyRequests', 'Too many requests, please try again later.'],
        500: ['InternalError', 'Internal error occurred: etcdserver: request timed out'],
        503: ['ServiceUnavailable', 'the server is currently unable to handle the request'],
      };
      const [reason, message] = words[f.status ?? 503] ?? ['InternalError', 'Internal error occurred'];
      rec.status = f.status ?? 503;
      res.writeHead(rec.status, { 'Content-Type': 'application/json', ...(f.retryAfter !== undefined ? { 'Retry-After': f.retryAfter } : {}) });
      res.end(JSON.stringify(this.status(rec.status, reason, message, f.retryAfter !== undefined ? { retryAfterSeconds: Number(f.retryAfter) } : undefined)));
      return;
    }

    // Authentication: a bearer token, or a client certificate signed by our CA.
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ')) rec.token = auth.slice(7);
    const sock = req.socket as import('node:tls').TLSSocket;
    const peer = sock.getPeerCertificate?.();
    if (this.plain || auth === `Bearer ${this.token}` || (this.tokenCheck !== undefined && auth?.startsWith('Bearer ') && this.tokenCheck(auth.slice(7)))) rec.user = this.user;
    else if (sock.authorized && peer && peer.subject) rec.user = String(peer.subject.CN);
    else return this.send(res, 401, this.status(401, 'Unauthorized', 'Unauthorized'), rec);
    // Impersonation (kubectl --as): the request is authorized as the user named, as the apiserver
    // does once RBAC lets the caller impersonate (this server lets everyone).
    const as = req.headers['impersonate-user'];
    if (typeof as === 'string' && as !== '') {
      rec.impersonatedBy = rec.user;
      rec.user = as;
      const groups = req.headers['impersonate-group'];
      if (groups !== undefined) rec.groups = (Array.isArray(groups) ? groups : [groups]).flatMap((g) => g.split(',').map((x) => x.trim()));
    }

    if (req.method === 'POST' && /^\/api\/v1\/namespaces\/[^/]+\/pods$/.test(u.pathname)) return this.createPod(req, res, u.pathname.split('/')[4] as string, rec);
    if (req.method !== 'GET') {
      return this.send(res, 405, this.status(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`, {}), rec);
    }

    const parts = u.pathname.split('/').filter((p) => p !== '');
    const discovery = this.discovery(parts);
    if (discovery) return this.send(res, 200, discovery, rec);
    let group = '';
    let rest: string[];
    if (parts[0] === 'api' && parts[1] === 'v1') rest = parts.slice(2);
    else if (parts[0] === 'apis' && parts.length >= 3) {
      group = parts[1] as string;
      rest = parts.slice(3);
    } else return this.send(res, 404, this.status(404, 'NotFound', 'the server could not find the requested resource', {}), rec);
    let namespace: string | undefined;
    if (rest[0] === 'namespaces' && rest.length >= 3) {
      namespace = rest[1];
      rest = rest.slice(2);
    }
    const kind = rest[0] as Kind;
    const name = rest[1];
    const sub = rest[2];
    if (!(kind in this.store) || GROUP[kind] !== group || rest.length > 3 || (sub !== undefined && !(kind === 'pods' && sub === 'log'))) {
      return this.send(res, 404, this.status(404, 'NotFound', 'the server could not find the requested resource', {}), rec);
    }
    const clusterScoped = CLUSTER_SCOPED.has(kind);
    // a namespaced resource asked for at the cluster scope lists every namespace; a cluster-scoped one under a namespace does not exist
    if (clusterScoped && namespace !== undefined) return this.send(res, 404, this.status(404, 'NotFound', 'the server could not find the requested resource', {}), rec);
    const verb = name === undefined ? (query['watch'] === '1' || query['watch'] === 'true' ? 'watch' : 'list') : 'get';
    const resource = sub ? `${kind}/${sub}` : kind;
    const denied = this.forbid.find((f) => f.resource === resource && (!f.verb || f.verb === verb) && (!f.namespace || f.namespace === namespace));
    if (denied) {
      const gr = group ? `${kind}.${group}` : kind;
      const scope = namespace !== undefined ? `in the namespace "${namespace}"` : 'at the cluster scope';
      const msg = `${gr}${name !== undefined ? ` "${name}"` : ''} is forbidden: User "${rec.user}" cannot ${verb} resource "${resource}" in API group "${group}" ${scope}`;
      const details: JsonObject = name !== undefined ? { name, ...(group ? { group } : {}), kind } : { ...(group ? { group } : {}), kind };
      return this.send(res, 403, this.status(403, 'Forbidden', msg, details), rec);
    }

    const all = this.store[kind];
    if (name !== undefined) {
      const obj = all.find((o) => dig(o, 'metadata', 'name') === name && (clusterScoped || dig(o, 'metadata', 'namespace') === namespace));
      const gr = group ? `${kind}.${group}` : kind;
      if (!obj) return this.send(res, 404, this.status(404, 'NotFound', `${gr} "${name}" not found`, { name, ...(group ? { group } : {}), kind }), rec);
      if (sub === 'log') return this.serveLog(res, obj, query, rec);
      return this.send(res, 200, obj, rec);
    }
    if (verb === 'watch') {
      const match = this.selectorMatch(kind, query);
      if (typeof match === 'string') return this.send(res, 400, this.status(400, 'BadRequest', match), rec);
      return this.serveWatch(req, res, kind, namespace, query, rec, match);
    }
    return this.serveList(res, kind, namespace, query, rec);
  }

  /** Label and field selectors as one predicate, or the apiserver's 400 message. */
  private selectorMatch(kind: Kind, query: Record<string, string>): ((o: JsonObject) => boolean) | string {
    let labels: ((l: Record<string, string>) => boolean) | undefined;
    if (query['labelSelector']) {
      try {
        labels = parseSelector(query['labelSelector']);
      } catch {
        return `unable to parse requirement: ${query['labelSelector']}`;
      }
    }
    const reqs: { get: (o: JsonObject) => string; op: string; value: string }[] = [];
    if (query['fieldSelector']) {
      const fields = FIELDS[kind] ?? { 'metadata.name': (o: JsonObject) => str(dig(o, 'metadata', 'name')) ?? '', 'metadata.namespace': (o: JsonObject) => str(dig(o, 'metadata', 'namespace')) ?? '' };
      for (const part of query['fieldSelector'].split(',')) {
        const m = /^([^=!]+)(==|=|!=)(.*)$/.exec(part.trim());
        if (!m) return `invalid selector: '${query['fieldSelector']}'; can't understand '${part}'`;
        const get = fields[(m[1] as string).trim()];
        if (!get) return `field label not supported: ${(m[1] as string).trim()}`;
        reqs.push({ get, op: m[2] as string, value: (m[3] as string).trim() });
      }
    }
    return (o) => {
      if (labels && !labels(Object.fromEntries(Object.entries((dig(o, 'metadata', 'labels') as Record<string, unknown>) ?? {}).map(([k, v]) => [k, String(v)])))) return false;
      return reqs.every((r) => (r.get(o) === r.value) === (r.op !== '!='));
    };
  }

  /** Enough of the discovery API for kubectl to find pods, events, nodes and the owners. */
  private discovery(parts: string[]): JsonObject | undefined {
    const path = parts.join('/');
    if (path === 'version') return { major: '1', minor: String(this.minor), gitVersion: `v1.${this.minor}.0-podwhy-fake`, platform: 'linux/amd64' };
    // Namespaces exist when something lives in them (enough for kubectl's not-found checks).
    const nsMatch = /^api\/v1\/namespaces\/([^/]+)$/.exec(path);
    if (nsMatch) {
      const ns = nsMatch[1] as string;
      const known = Object.values(this.store).some((list) => list.some((o) => dig(o, 'metadata', 'namespace') === ns));
      return known ? { kind: 'Namespace', apiVersion: 'v1', metadata: { name: ns }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } } : undefined;
    }
    const res = (name: string, kind: string, namespaced: boolean) => ({ name, singularName: '', namespaced, kind, verbs: ['get', 'list', 'watch'] });
    if (path === 'api') return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: `127.0.0.1:${this.port}` }] };
    if (path === 'apis') {
      const g = (name: string) => ({ name, versions: [{ groupVersion: `${name}/v1`, version: 'v1' }], preferredVersion: { groupVersion: `${name}/v1`, version: 'v1' } });
      return { kind: 'APIGroupList', apiVersion: 'v1', groups: [g('apps'), g('batch'), g('storage.k8s.io')] };
    }
    if (path === 'api/v1')
      return {
        kind: 'APIResourceList',
        groupVersion: 'v1',
        resources: [res('pods', 'Pod', true), { ...res('pods/log', 'Pod', true), verbs: ['get'] }, res('events', 'Event', true), res('nodes', 'Node', false), res('resourcequotas', 'ResourceQuota', true), res('limitranges', 'LimitRange', true), res('persistentvolumeclaims', 'PersistentVolumeClaim', true), res('persistentvolumes', 'PersistentVolume', false)],
      };
    if (path === 'apis/apps/v1')
      return {
        kind: 'APIResourceList',
        apiVersion: 'v1',
        groupVersion: 'apps/v1',
        resources: [res('replicasets', 'ReplicaSet', true), res('deployments', 'Deployment', true), res('statefulsets', 'StatefulSet', true), res('daemonsets', 'DaemonSet', true)],
      };
    if (path === 'apis/storage.k8s.io/v1') return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: 'storage.k8s.io/v1', resources: [res('storageclasses', 'StorageClass', false)] };
    if (path === 'apis/batch/v1') return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: 'batch/v1', resources: [res('jobs', 'Job', true), res('cronjobs', 'CronJob', true)] };
    return undefined;
  }

  private serveList(res: import('node:http').ServerResponse, kind: Kind, namespace: string | undefined, query: Record<string, string>, rec: ServedRequest): void {
    // Served as etcd's range reads give them: objects in key order (namespace/name; sorted once
    // per change), a namespace's a contiguous range found by binary search, a continue token
    // read from its key; selectors filter while reading, so a page costs what it reads (a
    // selective one reads the whole range, as the API server does).
    const sorted = (this.sorted[kind] ??= (() => {
      const keyed = this.store[kind].map((o) => ({ o, k: `${str(dig(o, 'metadata', 'namespace')) ?? ''}/${str(dig(o, 'metadata', 'name')) ?? ''}` }));
      keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
      return { objs: keyed.map((x) => x.o), keys: keyed.map((x) => x.k) };
    })());
    /** The first index whose key is >= k (strict: > k). */
    const bound = (k: string, strict = false) => {
      let lo = 0;
      let hi = sorted.keys.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const m = sorted.keys[mid] as string;
        if (m < k || (strict && m === k)) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    // keys "ns/…" lie between "ns/" and "ns0" ('0' follows '/')
    const from = namespace === undefined ? 0 : bound(`${namespace}/`);
    const to = namespace === undefined ? sorted.keys.length : bound(`${namespace}0`);
    const hasSelector = Boolean(query['labelSelector'] || query['fieldSelector']);
    const tests: ((o: JsonObject) => boolean)[] = [];
    if (query['labelSelector']) {
      let match: ReturnType<typeof parseSelector>;
      try {
        match = parseSelector(query['labelSelector']);
      } catch {
        return this.send(res, 400, this.status(400, 'BadRequest', `unable to parse requirement: ${query['labelSelector']}`), rec);
      }
      tests.push((o) => match(Object.fromEntries(Object.entries((dig(o, 'metadata', 'labels') as Record<string, unknown>) ?? {}).map(([k, v]) => [k, String(v)]))));
    }
    if (query['fieldSelector']) {
      const fields = FIELDS[kind] ?? { 'metadata.name': (o: JsonObject) => str(dig(o, 'metadata', 'name')) ?? '', 'metadata.namespace': (o: JsonObject) => str(dig(o, 'metadata', 'namespace')) ?? '' };
      const reqs: { field: string; op: string; value: string }[] = [];
      for (const part of query['fieldSelector'].split(',')) {
        const m = /^([^=!]+)(==|=|!=)(.*)$/.exec(part.trim());
        if (!m) return this.send(res, 400, this.status(400, 'BadRequest', `invalid selector: '${query['fieldSelector']}'; can't understand '${part}'`), rec);
        const field = (m[1] as string).trim();
        if (!fields[field]) return this.send(res, 400, this.status(400, 'BadRequest', `field label not supported: ${field}`), rec);
        reqs.push({ field, op: m[2] as string, value: (m[3] as string).trim() });
      }
      tests.push((o) => reqs.every((r) => ((fields[r.field] as (o: JsonObject) => string)(o) === r.value) === (r.op !== '!=')));
    }
    const key = (o: JsonObject) => (namespace === undefined && !CLUSTER_SCOPED.has(kind) ? `${str(dig(o, 'metadata', 'namespace'))}/` : '') + (str(dig(o, 'metadata', 'name')) ?? '');
    let start = from;
    const listRV = this.rv;
    if (query['continue']) {
      let tok: { v?: string; rv?: number; start?: string };
      try {
        tok = JSON.parse(Buffer.from(query['continue'], 'base64url').toString('utf8'));
      } catch {
        return this.send(res, 400, this.status(400, 'BadRequest', 'invalid continue token: continue key is not valid: illegal base64 data'), rec);
      }
      if (tok.v !== 'meta.k8s.io/v1' || typeof tok.start !== 'string') {
        return this.send(res, 400, this.status(400, 'BadRequest', 'invalid continue token: continue key is not valid'), rec);
      }
      if (this.expireNextContinue || this.expireEveryContinue) {
        this.expireNextContinue = false;
        const fresh = b64url(JSON.stringify({ v: 'meta.k8s.io/v1', rv: -1, start: tok.start }));
        const msg =
          'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';
        return this.send(res, 410, this.status(410, 'Expired', msg, undefined, { continue: fresh }), rec);
      }
      // the token holds key() of the last item served; in sort keys: namespace/name
      const after = tok.start.replace(/\u0000$/, '');
      const sortKey = namespace !== undefined ? `${namespace}/${after}` : CLUSTER_SCOPED.has(kind) ? `/${after}` : after;
      start = Math.max(from, Math.min(to, bound(sortKey, true)));
    }
    // resourceVersion=0 is served from the watch cache, which ignores limit (the whole list, no continue)
    const limit = query['limit'] !== undefined && query['resourceVersion'] !== '0' ? Number(query['limit']) : 0;
    const page: JsonObject[] = [];
    let last = start - 1;
    for (let i = start; i < to && (limit <= 0 || page.length < limit); i++) {
      const o = sorted.objs[i] as JsonObject;
      if (tests.every((t) => t(o))) {
        page.push(o);
        last = i;
      }
    }
    const metadata: JsonObject = { resourceVersion: String(listRV) };
    // a full page with keys after it: a continue token (as etcd's "more"), and without selectors
    // the count of what is left (remainingItemCount is not given with selectors: it would count
    // objects that do not match)
    if (limit > 0 && page.length === limit && last + 1 < to) {
      metadata['continue'] = b64url(JSON.stringify({ v: 'meta.k8s.io/v1', rv: listRV, start: `${key(page[page.length - 1] as JsonObject)}\u0000` }));
      if (!hasSelector && this.remainingItemCount) metadata['remainingItemCount'] = to - last - 1;
    }
    const strip = (o: JsonObject) => {
      const { kind: _k, apiVersion: _a, ...rest } = o;
      return rest;
    };
    const apiVersion = GROUP[kind] ? `${GROUP[kind]}/v1` : 'v1';
    this.send(res, 200, { kind: LIST_KIND[kind], apiVersion, metadata, items: page.map(strip) }, rec);
  }

  /**
   * POST a Pod, through the ServiceAccount admission plugin's check only: the pod's service
   * account (default: "default") must exist in its namespace, else 403 in the plugin's words.
   */
  private async createPod(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, namespace: string, rec: ServedRequest): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let pod: JsonObject;
    try {
      const v: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (!isObject(v)) throw new Error('not an object');
      pod = v;
    } catch (e) {
      return this.send(res, 400, this.status(400, 'BadRequest', `the object provided is unrecognized: ${(e as Error).message}`), rec);
    }
    const md = (isObject(pod['metadata']) ? pod['metadata'] : (pod['metadata'] = {})) as JsonObject;
    md['namespace'] = namespace;
    const name = str(md['name']) ?? '';
    const spec = (isObject(pod['spec']) ? pod['spec'] : (pod['spec'] = {})) as JsonObject;
    const sa = str(spec['serviceAccountName']) || 'default';
    if (!this.store.serviceaccounts.some((o) => dig(o, 'metadata', 'name') === sa && dig(o, 'metadata', 'namespace') === namespace)) {
      return this.send(res, 403, this.status(403, 'Forbidden', `pods "${name}" is forbidden: error looking up service account ${namespace}/${sa}: serviceaccount "${sa}" not found`, { name, kind: 'pods' }), rec);
    }
    if (this.store.pods.some((o) => dig(o, 'metadata', 'name') === name && dig(o, 'metadata', 'namespace') === namespace)) {
      return this.send(res, 409, this.status(409, 'AlreadyExists', `pods "${name}" already exists`, { name, kind: 'pods' }), rec);
    }
    spec['serviceAccountName'] = sa;
    md['uid'] ??= randomUUID();
    this.add({ ...pod, kind: 'Pod', apiVersion: 'v1', status: { phase: 'Pending', qosClass: 'BestEffort' } });
    const created = this.store.pods.find((o) => dig(o, 'metadata', 'name') === name && dig(o, 'metadata', 'namespace') === namespace);
    return this.send(res, 201, created, rec);
  }

  private serveLog(res: import('node:http').ServerResponse, pod: JsonObject, query: Record<string, string>, rec: ServedRequest): void {
    const name = str(dig(pod, 'metadata', 'name')) ?? '';
    const ns = str(dig(pod, 'metadata', 'namespace')) ?? '';
    const specNames = (k: string) => ((dig(pod, 'spec', k) as JsonObject[] | undefined) ?? []).map((c) => str(c['name']) ?? '');
    const all = [...specNames('initContainers'), ...specNames('containers'), ...specNames('ephemeralContainers')];
    let container = query['container'];
    if (!container) {
      if (all.length === 1) container = all[0] as string;
      else if (all.length === 0) return this.send(res, 400, this.status(400, 'BadRequest', `a container name must be specified for pod ${name}`), rec);
      else return this.send(res, 400, this.status(400, 'BadRequest', `a container name must be specified for pod ${name}, choose one of: [${all.join(' ')}]`), rec);
    }
    if (!all.includes(container)) return this.send(res, 400, this.status(400, 'BadRequest', `container ${container} is not valid for pod ${name}`), rec);
    const node = str(dig(pod, 'spec', 'nodeName'));
    if (!node) return this.send(res, 204, undefined, rec);
    if (this.nodesGone.has(node)) return this.send(res, 404, this.status(404, 'NotFound', `pods "${node}" not found`, { kind: 'pods', name: node }), rec);
    const previous = query['previous'] === 'true';
    const statuses = [...((dig(pod, 'status', 'initContainerStatuses') as JsonObject[]) ?? []), ...((dig(pod, 'status', 'containerStatuses') as JsonObject[]) ?? [])];
    const st = statuses.find((s) => s['name'] === container);
    if (previous && !isObject(dig(st, 'lastState', 'terminated'))) {
      return this.send(res, 400, this.status(400, 'BadRequest', `previous terminated container "${container}" in pod "${name}" not found`), rec);
    }
    const waiting = str(dig(st, 'state', 'waiting', 'reason'));
    if (!previous && waiting && !dig(st, 'lastState', 'terminated')) {
      return this.send(res, 400, this.status(400, 'BadRequest', `container "${container}" in pod "${name}" is waiting to start: ${waiting}`), rec);
    }
    let text = this.logs.get(`${ns}/${name}/${container}/${previous}`) ?? '';
    const tail = query['tailLines'] !== undefined ? Number(query['tailLines']) : undefined;
    if (tail !== undefined) {
      const lines = text.split('\n');
      const trailing = lines[lines.length - 1] === '' ? lines.pop() : undefined;
      text = lines.slice(-tail).join('\n') + (trailing !== undefined ? '\n' : '');
    }
    const limit = query['limitBytes'] !== undefined ? Number(query['limitBytes']) : undefined;
    if (limit !== undefined) text = Buffer.from(text).subarray(0, limit).toString('utf8');
    this.send(res, 200, text, rec);
  }
}
