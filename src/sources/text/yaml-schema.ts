// YAML of a pod whose indentation a copy lost or broke (every line at the left margin, or
// columns off by one here and there), put back from what a pod is: each key goes under the
// nearest open object that has such a key and does not have it yet ("name" after a container's
// terminated state belongs to the container, not to the state). Keys podwhy does not know keep
// the place their indentation gives them inside the nearest known object.

/** How a pod's fields nest: an object's keys, a list's items, or content kept as it is. */
interface Shape {
  map?: Record<string, Shape>;
  /** A list of objects of this shape. */
  list?: Shape;
  /** A list of scalars (command, args, finalizers). */
  scalars?: boolean;
  /** Anything (labels, annotations): kept with its own relative indentation. */
  any?: boolean;
  /** Content dropped (managedFields: never read, and hopeless without its indentation). */
  skip?: boolean;
}

const ANY: Shape = { any: true };
const SCALAR: Shape = {};
const SCALARS: Shape = { scalars: true };
const obj = (keys: Record<string, Shape> | string[]): Shape => ({ map: Array.isArray(keys) ? Object.fromEntries(keys.map((k) => [k, SCALAR])) : keys });

const SKIP: Shape = { skip: true };
const TERMINATED = obj(['containerID', 'exitCode', 'signal', 'reason', 'message', 'startedAt', 'finishedAt']);
const KEY_REF = obj(['name', 'key', 'optional']);
const FIELD_REF = obj(['apiVersion', 'fieldPath']);
const ITEMS = { list: obj(['key', 'path', 'mode']) };
const PROBE = obj({
  httpGet: obj({ path: SCALAR, port: SCALAR, scheme: SCALAR, host: SCALAR, httpHeaders: { list: obj(['name', 'value']) } }),
  exec: obj({ command: SCALARS }),
  tcpSocket: obj(['port', 'host']),
  grpc: obj(['port', 'service']),
  initialDelaySeconds: SCALAR,
  periodSeconds: SCALAR,
  timeoutSeconds: SCALAR,
  successThreshold: SCALAR,
  failureThreshold: SCALAR,
  terminationGracePeriodSeconds: SCALAR,
});
const HANDLER = obj({ exec: obj({ command: SCALARS }), httpGet: obj({ path: SCALAR, port: SCALAR, scheme: SCALAR, host: SCALAR }), tcpSocket: obj(['port', 'host']), sleep: obj(['seconds']) });
const VOLUME = obj({
  name: SCALAR,
  configMap: obj({ name: SCALAR, items: ITEMS, defaultMode: SCALAR, optional: SCALAR }),
  secret: obj({ secretName: SCALAR, items: ITEMS, defaultMode: SCALAR, optional: SCALAR }),
  persistentVolumeClaim: obj(['claimName', 'readOnly']),
  emptyDir: obj(['medium', 'sizeLimit']),
  hostPath: obj(['path', 'type']),
  nfs: obj(['server', 'path', 'readOnly']),
  csi: ANY,
  projected: obj({
    defaultMode: SCALAR,
    sources: {
      list: obj({
        serviceAccountToken: obj(['expirationSeconds', 'path', 'audience']),
        configMap: obj({ name: SCALAR, items: ITEMS, optional: SCALAR }),
        secret: obj({ name: SCALAR, items: ITEMS, optional: SCALAR }),
        downwardAPI: obj({ items: { list: obj({ path: SCALAR, fieldRef: FIELD_REF, resourceFieldRef: ANY, mode: SCALAR }) } }),
      }),
    },
  }),
  downwardAPI: ANY,
});
const STATE = obj({ waiting: obj(['reason', 'message']), running: obj(['startedAt']), terminated: TERMINATED });
const CONTAINER_STATUS: Shape = obj({ name: SCALAR, image: SCALAR, imageID: SCALAR, containerID: SCALAR, ready: SCALAR, started: SCALAR, restartCount: SCALAR, state: STATE, lastState: STATE, allocatedResources: ANY, resources: ANY, volumeMounts: { list: obj(['name', 'mountPath', 'readOnly', 'recursiveReadOnly']) }, user: ANY });
const CONDITION = obj(['type', 'status', 'reason', 'message', 'lastProbeTime', 'lastTransitionTime', 'observedGeneration']);
const CONTAINER: Shape = obj({
  name: SCALAR,
  image: SCALAR,
  imagePullPolicy: SCALAR,
  command: SCALARS,
  args: SCALARS,
  workingDir: SCALAR,
  ports: { list: obj(['containerPort', 'name', 'protocol', 'hostPort', 'hostIP']) },
  env: { list: obj({ name: SCALAR, value: SCALAR, valueFrom: obj({ secretKeyRef: KEY_REF, configMapKeyRef: KEY_REF, fieldRef: FIELD_REF, resourceFieldRef: ANY }) }) },
  envFrom: { list: obj({ prefix: SCALAR, secretRef: obj(['name', 'optional']), configMapRef: obj(['name', 'optional']) }) },
  resources: obj({ limits: ANY, requests: ANY, claims: ANY }),
  volumeMounts: { list: obj(['name', 'mountPath', 'subPath', 'subPathExpr', 'readOnly', 'mountPropagation', 'recursiveReadOnly']) },
  livenessProbe: PROBE,
  readinessProbe: PROBE,
  startupProbe: PROBE,
  lifecycle: obj({ preStop: HANDLER, postStart: HANDLER }),
  securityContext: ANY,
  terminationMessagePath: SCALAR,
  terminationMessagePolicy: SCALAR,
  restartPolicy: SCALAR,
  stdin: SCALAR,
  tty: SCALAR,
});
const POD: Shape = obj({
  apiVersion: SCALAR,
  kind: SCALAR,
  metadata: obj({
    name: SCALAR,
    namespace: SCALAR,
    generateName: SCALAR,
    uid: SCALAR,
    resourceVersion: SCALAR,
    selfLink: SCALAR,
    creationTimestamp: SCALAR,
    deletionTimestamp: SCALAR,
    deletionGracePeriodSeconds: SCALAR,
    labels: ANY,
    annotations: ANY,
    ownerReferences: { list: obj(['apiVersion', 'kind', 'name', 'uid', 'controller', 'blockOwnerDeletion']) },
    finalizers: SCALARS,
    managedFields: SKIP,
  }),
  spec: obj({
    containers: { list: CONTAINER },
    initContainers: { list: CONTAINER },
    ephemeralContainers: { list: CONTAINER },
    volumes: { list: VOLUME },
    nodeName: SCALAR,
    nodeSelector: ANY,
    restartPolicy: SCALAR,
    serviceAccountName: SCALAR,
    serviceAccount: SCALAR,
    schedulerName: SCALAR,
    priority: SCALAR,
    priorityClassName: SCALAR,
    preemptionPolicy: SCALAR,
    terminationGracePeriodSeconds: SCALAR,
    activeDeadlineSeconds: SCALAR,
    dnsPolicy: SCALAR,
    enableServiceLinks: SCALAR,
    hostNetwork: SCALAR,
    tolerations: { list: obj(['key', 'operator', 'value', 'effect', 'tolerationSeconds']) },
    affinity: ANY,
    securityContext: ANY,
    imagePullSecrets: { list: ANY },
    readinessGates: { list: ANY },
    runtimeClassName: SCALAR,
  }),
  status: obj({
    phase: SCALAR,
    reason: SCALAR,
    message: SCALAR,
    nominatedNodeName: SCALAR,
    hostIP: SCALAR,
    hostIPs: { list: obj(['ip']) },
    podIP: SCALAR,
    podIPs: { list: obj(['ip']) },
    qosClass: SCALAR,
    startTime: SCALAR,
    conditions: { list: CONDITION },
    containerStatuses: { list: CONTAINER_STATUS },
    initContainerStatuses: { list: CONTAINER_STATUS },
    ephemeralContainerStatuses: { list: CONTAINER_STATUS },
  }),
});

/** Where a fragment may start: the top-level keys a paste holds without the ones above them. */
const ROOTS: Record<string, Shape> = {
  ...(POD.map as Record<string, Shape>),
  ...(obj(POD.map?.['status']?.map ?? {}).map as Record<string, Shape>),
  ...(POD.map?.['spec']?.map as Record<string, Shape>),
  state: STATE,
  lastState: STATE,
};

interface Open {
  shape: Shape;
  /** The column this object's keys (or this list's "- ") are written at. */
  col: number;
  kind: 'map' | 'list' | 'any' | 'skip';
  keys: Set<string>;
  /** For `any`: the original indentation its first line had. */
  base?: number;
}

export interface YamlLine {
  indent: number;
  text: string;
}

const KEY = /^(- +)?("[^"]*"|'[^']*'|[A-Za-z_$][\w.\/$-]*):(?: +(.*))?$/;

/**
 * The lines re-indented as a pod (or a known part of one) would be, or undefined when they do not
 * look like one (fewer than half of their keys known).
 */
export function reindentPodYaml(lines: YamlLine[]): string | undefined {
  const root: Open = { shape: { map: ROOTS }, col: 0, kind: 'map', keys: new Set() };
  const stack: Open[] = [root];
  const out: string[] = [];
  let known = 0;
  let keys = 0;
  /** A block scalar's lines ("message: |"): kept under their key until a key line that fits. */
  let block: { col: number } | undefined;
  for (const l of lines) {
    const m = KEY.exec(l.text);
    const dash = m?.[1] !== undefined || /^-(?: |$)/.test(l.text);
    const key = m ? (m[2] as string).replace(/^["']|["']$/g, '') : undefined;
    const value = m?.[3];
    // the innermost open object that takes this key (and does not have it yet)
    let at = -1;
    if (key !== undefined) {
      for (let k = stack.length - 1; k >= 0; k--) {
        const o = stack[k] as Open;
        if (dash) {
          if (o.kind === 'list' && (o.shape.list?.map?.[key] !== undefined || o.shape.list?.any)) {
            at = k;
            break;
          }
        } else if (o.kind === 'map' && o.shape.map?.[key] !== undefined && !o.keys.has(key)) {
          at = k;
          break;
        }
      }
    } else if (dash) {
      for (let k = stack.length - 1; k >= 0; k--) {
        if ((stack[k] as Open).shape.scalars) {
          at = k;
          break;
        }
      }
    }
    if (at < 0) {
      // not a key of any open object: a block scalar's line, or something inside an `any`
      const top = stack[stack.length - 1] as Open;
      if (top.kind === 'skip') continue;
      if (block) out.push(`${' '.repeat(block.col)}${l.text}`);
      else if (top.kind === 'any') {
        top.base ??= l.indent;
        out.push(`${' '.repeat(top.col + Math.max(0, l.indent - top.base))}${l.text}`);
      } else if (key !== undefined && top.kind === 'map') {
        // a key podwhy does not know, in the innermost object
        keys++;
        top.keys.add(key);
        out.push(`${' '.repeat(top.col)}${l.text}`);
        if (value === undefined || value === '') stack.push({ shape: ANY, col: top.col + 2, kind: 'any', keys: new Set() });
      } else return undefined;
      continue;
    }
    block = undefined;
    keys++;
    known++;
    stack.length = at + 1;
    const o = stack[at] as Open;
    // o.col: where o's keys (a map) or its "- " (a list) are written
    let shape: Shape;
    let col: number;
    if (dash && key !== undefined && o.shape.list?.any) {
      // a new item of a list kept as it is (volumes, tolerations)
      const rest = l.text.replace(/^-\s+/, '');
      out.push(`${' '.repeat(o.col)}- ${rest}`);
      stack.push({ shape: ANY, col: o.col + 2, kind: 'any', keys: new Set(), base: l.indent + l.text.length - rest.length });
      continue;
    } else if (dash && key !== undefined) {
      // a new item of a list of objects: its first key on the "- " line
      const item = o.shape.list as Shape;
      stack.push({ shape: item, col: o.col + 2, kind: 'map', keys: new Set([key]) });
      out.push(`${' '.repeat(o.col)}- ${l.text.replace(/^-\s+/, '')}`);
      shape = item.map?.[key] as Shape;
      col = o.col + 2;
    } else if (dash) {
      out.push(`${' '.repeat(o.col)}${l.text}`);
      continue;
    } else {
      o.keys.add(key as string);
      col = o.col;
      out.push(`${' '.repeat(col)}${l.text}`);
      shape = o.shape.map?.[key as string] as Shape;
    }
    // the key's value on the lines below: one level in
    if (value === undefined || value === '') {
      if (shape.map) stack.push({ shape, col: col + 2, kind: 'map', keys: new Set() });
      else if (shape.list || shape.scalars) stack.push({ shape, col: col + 2, kind: 'list', keys: new Set() });
      else if (shape.any) stack.push({ shape, col: col + 2, kind: 'any', keys: new Set() });
      else if (shape.skip) {
        out.pop();
        stack.push({ shape, col: col + 2, kind: 'skip', keys: new Set() });
      }
    } else if (/^[|>][-+0-9]*$/.test(value)) block = { col: col + 2 };
  }
  if (keys === 0 || known * 2 < keys) return undefined;
  return out.join('\n');
}
