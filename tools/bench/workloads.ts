// The controllers of generated pods, as a cluster holding those pods has them: one object per
// distinct controller reference (ReplicaSet, StatefulSet, DaemonSet, Job), a Deployment above
// each ReplicaSet whose name has a pod-template-hash suffix, with replicas and ready counts taken
// from the pods themselves. For the live bench's scan (a namespace's workload lists cost what
// they cost) and its tests.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function ready(pod: Obj): boolean {
  const conds = isObj(pod['status']) && Array.isArray(pod['status']['conditions']) ? (pod['status']['conditions'] as unknown[]) : [];
  return conds.some((c) => isObj(c) && c['type'] === 'Ready' && c['status'] === 'True');
}

const GROUP: Record<string, string> = { ReplicaSet: 'apps/v1', StatefulSet: 'apps/v1', DaemonSet: 'apps/v1', Deployment: 'apps/v1', Job: 'batch/v1' };

export function controllersOf(pods: readonly Obj[], namespace: string): Obj[] {
  const by = new Map<string, { kind: string; name: string; uid: string; pods: number; ready: number; labels: Obj }>();
  for (const p of pods) {
    const md = isObj(p['metadata']) ? p['metadata'] : {};
    const ref = (Array.isArray(md['ownerReferences']) ? (md['ownerReferences'] as unknown[]) : []).find((r) => isObj(r) && r['controller'] === true) as Obj | undefined;
    const kind = typeof ref?.['kind'] === 'string' ? ref['kind'] : undefined;
    if (!ref || !kind || !GROUP[kind]) continue;
    const key = `${kind}/${String(ref['name'])}/${String(ref['uid'])}`;
    let c = by.get(key);
    if (!c) by.set(key, (c = { kind, name: String(ref['name']), uid: String(ref['uid']), pods: 0, ready: 0, labels: isObj(md['labels']) ? md['labels'] : {} }));
    c.pods++;
    if (ready(p)) c.ready++;
  }
  const out: Obj[] = [];
  const deployments = new Map<string, Obj>();
  for (const c of by.values()) {
    const meta: Obj = { name: c.name, namespace, uid: c.uid, creationTimestamp: '2025-01-01T00:00:00Z', labels: c.labels };
    const selector = { matchLabels: c.labels };
    let status: Obj;
    let spec: Obj = { replicas: c.pods, selector, template: { metadata: { labels: c.labels }, spec: { containers: [{ name: 'app', image: 'app:1' }] } } };
    if (c.kind === 'DaemonSet') {
      spec = { selector, template: spec['template'] };
      status = { desiredNumberScheduled: c.pods, currentNumberScheduled: c.pods, numberReady: c.ready, numberAvailable: c.ready, updatedNumberScheduled: c.pods, numberMisscheduled: 0 };
    } else if (c.kind === 'Job') {
      spec = { completions: 1, parallelism: c.pods, backoffLimit: 6, selector, template: spec['template'] };
      status = { active: c.pods, ready: c.ready, startTime: '2025-01-01T00:00:00Z' };
    } else status = { replicas: c.pods, readyReplicas: c.ready, availableReplicas: c.ready, ...(c.kind === 'StatefulSet' ? { currentReplicas: c.pods, updatedReplicas: c.pods } : {}) };
    const hash = /^(.*)-([a-z0-9]{6,10})$/.exec(c.name);
    if (c.kind === 'ReplicaSet' && hash) {
      const dname = hash[1] as string;
      let d = deployments.get(dname);
      if (!d) {
        d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: dname, namespace, uid: `deploy-${dname}`, creationTimestamp: '2025-01-01T00:00:00Z', labels: c.labels }, spec: { replicas: 0, selector, template: spec['template'] }, status: { replicas: 0, readyReplicas: 0, availableReplicas: 0, updatedReplicas: 0 } };
        deployments.set(dname, d);
      }
      const ds = d['spec'] as Obj;
      const st = d['status'] as Obj;
      ds['replicas'] = (ds['replicas'] as number) + c.pods;
      for (const k of ['replicas', 'updatedReplicas']) st[k] = (st[k] as number) + c.pods;
      for (const k of ['readyReplicas', 'availableReplicas']) st[k] = (st[k] as number) + c.ready;
      meta['ownerReferences'] = [{ apiVersion: 'apps/v1', kind: 'Deployment', name: dname, uid: `deploy-${dname}`, controller: true, blockOwnerDeletion: true }];
      meta['annotations'] = { 'deployment.kubernetes.io/revision': '1' };
    }
    out.push({ apiVersion: GROUP[c.kind], kind: c.kind, metadata: meta, spec, status });
  }
  return [...out, ...deployments.values()];
}
