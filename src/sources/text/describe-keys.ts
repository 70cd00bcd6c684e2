// The one list of the keys of `kubectl describe pod` output podwhy reads, and the object field each
// becomes. The line classes (paste-lines.ts: describeKey), the segmenter (paste-segment.ts) and the
// describe parser (describe.ts) take their key sets from here; src/sources/text/README.md's table
// is rendered from it (describe-keys.test.ts fails when the README is stale, and checks that each
// key with a sample really gives its fields).
//
// The layout is kubectl's describe printer (k8s.io/kubectl/pkg/describe: describePod,
// describeContainerBasicInfo, describeContainerState, describeStatus, DescribeProbe), old layouts
// included (kubectl ≤ 1.8: "Controllers:", "QoS Tier:", "Image(s):", "Host:").

/** Where a key sits: a line of the pod (column 0), of a container block, of a container state. */
export type DescribeLevel = 'pod' | 'container' | 'state';

export interface DescribeKeyDef {
  key: string;
  level: DescribeLevel;
  /** The fields of the Pod (or Event) object the key becomes; empty when nothing is kept. */
  fields: string[];
  /** Its value comes on the lines under it (a section). */
  section?: boolean;
  /** How it is read, or why nothing is kept. */
  note?: string;
  /**
   * Describe lines with the key, as kubectl prints them (a pod key at column 0, a container key
   * under "Containers:" / "app:", a state key under "State:"), whose reading must give `fields`.
   */
  sample?: string;
}

const C = (lines: string) => `Containers:\n  app:\n${lines}`;
const S = (kind: string, lines: string) => C(`    State:          ${kind}\n${lines}`);

export const DESCRIBE_KEYS: readonly DescribeKeyDef[] = [
  // ---- the pod ----------------------------------------------------------------------------------
  { key: 'Name', level: 'pod', fields: ['metadata.name'], sample: 'Name:  web-1' },
  { key: 'Namespace', level: 'pod', fields: ['metadata.namespace'], sample: 'Namespace:  shop' },
  { key: 'Priority', level: 'pod', fields: ['spec.priority'], sample: 'Priority:  1000' },
  { key: 'Priority Class Name', level: 'pod', fields: ['spec.priorityClassName'], sample: 'Priority Class Name:  high' },
  { key: 'PriorityClassName', level: 'pod', fields: ['spec.priorityClassName'], note: 'older kubectl', sample: 'PriorityClassName:  high' },
  { key: 'Runtime Class Name', level: 'pod', fields: ['spec.runtimeClassName'], sample: 'Runtime Class Name:  gvisor' },
  { key: 'Service Account', level: 'pod', fields: ['spec.serviceAccountName'], sample: 'Service Account:  web' },
  { key: 'Node', level: 'pod', fields: ['spec.nodeName', 'status.hostIP'], note: '"node/hostIP"; `<none>`: not scheduled', sample: 'Node:  node-1/10.0.0.5' },
  { key: 'Host', level: 'pod', fields: ['spec.nodeName', 'status.hostIP'], note: 'kubectl ≤ 1.1', sample: 'Host:  node-1/10.0.0.5' },
  { key: 'Start Time', level: 'pod', fields: ['status.startTime'], sample: 'Start Time:  Sun, 02 Mar 2025 09:58:00 +0000' },
  { key: 'Labels', level: 'pod', fields: ['metadata.labels'], section: true, note: 'k=v, one per line (one line, comma-separated, before kubectl 1.6)', sample: 'Labels:  app=web\n         tier=front' },
  { key: 'Annotations', level: 'pod', fields: ['metadata.annotations'], section: true, sample: 'Annotations:  kubectl.kubernetes.io/default-container: app' },
  {
    key: 'Status',
    level: 'pod',
    fields: ['status.phase', 'metadata.deletionTimestamp'],
    note: 'the phase; "Terminating (lasts 5m)" / "(expires …)": the deletion time, the phase unknown',
    sample: 'Status:  Running',
  },
  { key: 'Termination Grace Period', level: 'pod', fields: ['metadata.deletionGracePeriodSeconds'], note: 'printed under a terminating Status', sample: 'Termination Grace Period:  30s' },
  { key: 'Reason', level: 'pod', fields: ['status.reason'], note: 'at column 0, after Status (under a container state: the state\'s)', sample: 'Status:  Failed\nReason:  Evicted' },
  { key: 'Message', level: 'pod', fields: ['status.message'], note: 'lines a terminal or a ticket wrapped are joined back', sample: 'Status:  Failed\nMessage:  The node had condition: [DiskPressure].' },
  { key: 'SeccompProfile', level: 'pod', fields: [], note: 'not read' },
  { key: 'LocalhostProfile', level: 'pod', fields: [], note: 'not read' },
  { key: 'IP', level: 'pod', fields: ['status.podIP'], sample: 'IP:  10.1.2.3' },
  { key: 'IPs', level: 'pod', fields: ['status.podIPs'], section: true, sample: 'IPs:\n  IP:  10.1.2.3' },
  { key: 'Controlled By', level: 'pod', fields: ['metadata.ownerReferences'], sample: 'Controlled By:  ReplicaSet/web-7d4b9c6f5' },
  { key: 'Controllers', level: 'pod', fields: ['metadata.ownerReferences'], note: 'kubectl ≤ 1.5', sample: 'Controllers:  ReplicaSet/web-7d4b9c6f5' },
  { key: 'Created By', level: 'pod', fields: [], note: 'not read (an old serialized reference)' },
  { key: 'NominatedNodeName', level: 'pod', fields: ['status.nominatedNodeName'], sample: 'NominatedNodeName:  node-2' },
  { key: 'Resources', level: 'pod', fields: [], section: true, note: 'pod-level resources: not read' },
  { key: 'Init Containers', level: 'pod', fields: ['spec.initContainers', 'status.initContainerStatuses'], section: true, sample: 'Init Containers:\n  init:\n    Image:  busybox' },
  { key: 'Containers', level: 'pod', fields: ['spec.containers', 'status.containerStatuses'], section: true, note: 'container names at any indentation', sample: 'Containers:\n  app:\n    Image:  nginx' },
  { key: 'Ephemeral Containers', level: 'pod', fields: ['spec.ephemeralContainers', 'status.ephemeralContainerStatuses'], section: true, sample: 'Ephemeral Containers:\n  debugger:\n    Image:  busybox' },
  { key: 'Readiness Gates', level: 'pod', fields: ['spec.readinessGates', 'status.conditions'], section: true, sample: 'Readiness Gates:\n  Type            Status\n  example.com/lb  False' },
  { key: 'Conditions', level: 'pod', fields: ['status.conditions'], section: true, note: 'type and status (describe prints no reasons or messages)', sample: 'Conditions:\n  Type           Status\n  PodScheduled   False' },
  { key: 'Volumes', level: 'pod', fields: ['spec.volumes'], section: true, sample: 'Volumes:\n  data:\n    Type:       PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:  data-web-1' },
  { key: 'QoS Class', level: 'pod', fields: ['status.qosClass'], sample: 'QoS Class:  Burstable' },
  { key: 'QoS Tier', level: 'pod', fields: [], note: 'kubectl ≤ 1.3: not read' },
  { key: 'Node-Selectors', level: 'pod', fields: ['spec.nodeSelector'], section: true, sample: 'Node-Selectors:  disktype=ssd' },
  { key: 'Tolerations', level: 'pod', fields: ['spec.tolerations'], section: true, sample: 'Tolerations:  node.kubernetes.io/not-ready:NoExecute op=Exists for 300s' },
  { key: 'Topology Spread Constraints', level: 'pod', fields: [], note: 'not read' },
  { key: 'SchedulingGroup', level: 'pod', fields: [], note: 'not read' },
  { key: 'Events', level: 'pod', fields: ['(events)'], section: true, note: 'rows in both layouts → Event objects; `<none>`: no events', sample: 'Events:\n  Type     Reason   Age  From     Message\n  ----     ------   ---- ----     -------\n  Warning  BackOff  1m   kubelet  Back-off restarting failed container' },
  { key: 'Image(s)', level: 'pod', fields: [], note: 'kubectl ≤ 1.2: not read (the containers give the images)' },
  { key: 'Replication Controllers', level: 'pod', fields: [], note: 'kubectl ≤ 1.2: not read' },
  // ---- a container block ------------------------------------------------------------------------
  { key: 'Container ID', level: 'container', fields: ['containerStatuses[].containerID'], sample: C('    Container ID:  containerd://0a1b2c') },
  { key: 'Image', level: 'container', fields: ['containers[].image', 'containerStatuses[].image'], sample: C('    Image:  nginx:1.27') },
  { key: 'Image ID', level: 'container', fields: ['containerStatuses[].imageID'], sample: C('    Image ID:  docker.io/library/nginx@sha256:0a1b') },
  { key: 'Port', level: 'container', fields: ['containers[].ports'], sample: C('    Port:  8080/TCP') },
  { key: 'Ports', level: 'container', fields: ['containers[].ports'], sample: C('    Ports:  8080/TCP, 9090/TCP') },
  { key: 'Host Port', level: 'container', fields: [], note: 'not read' },
  { key: 'Host Ports', level: 'container', fields: [], note: 'not read' },
  { key: 'Command', level: 'container', fields: ['containers[].command'], note: 'one element a line; only facts read off it are shown (it may carry credentials)', sample: C('    Command:\n      /app/run') },
  { key: 'Args', level: 'container', fields: ['containers[].args'], note: 'one element a line; never shown (it may carry credentials)', sample: C('    Command:\n      sh\n    Args:\n      -c\n      sleep 5') },
  { key: 'State', level: 'container', fields: ['containerStatuses[].state'], note: 'Waiting, Running, Terminated with the keys under it', sample: C('    State:  Running\n      Started:  Sun, 02 Mar 2025 09:58:00 +0000') },
  { key: 'Last State', level: 'container', fields: ['containerStatuses[].lastState'], sample: C('    Last State:  Terminated\n      Reason:  OOMKilled\n      Exit Code:  137') },
  { key: 'Last Termination State', level: 'container', fields: ['containerStatuses[].lastState'], note: 'older kubectl', sample: C('    Last Termination State:  Terminated\n      Reason:  Error\n      Exit Code:  1') },
  { key: 'Ready', level: 'container', fields: ['containerStatuses[].ready'], sample: C('    Ready:  True') },
  { key: 'Restart Count', level: 'container', fields: ['containerStatuses[].restartCount'], sample: C('    Restart Count:  4') },
  { key: 'Started', level: 'container', fields: ['containerStatuses[].started'], note: 'True/False (a date under a state is the state\'s)', sample: C('    Started:  True') },
  { key: 'Limits', level: 'container', fields: ['containers[].resources.limits'], section: true, sample: C('    Limits:\n      memory:  90Mi') },
  { key: 'Requests', level: 'container', fields: ['containers[].resources.requests'], section: true, sample: C('    Requests:\n      cpu:  100m') },
  { key: 'Liveness', level: 'container', fields: ['containers[].livenessProbe'], sample: C('    Liveness:  http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3') },
  { key: 'Readiness', level: 'container', fields: ['containers[].readinessProbe'], sample: C('    Readiness:  tcp-socket :8080 delay=5s timeout=1s period=10s #success=1 #failure=3') },
  { key: 'Startup', level: 'container', fields: ['containers[].startupProbe'], sample: C('    Startup:  exec [cat /tmp/ready] delay=0s timeout=1s period=10s #success=1 #failure=30') },
  { key: 'Environment', level: 'container', fields: ['containers[].env'], section: true, note: 'names and ConfigMap/Secret references only: values are never kept', sample: C('    Environment:\n      DB_PASSWORD:  <set to the key \'password\' in secret \'db\'>  Optional: false') },
  { key: 'Environment Variables', level: 'container', fields: ['containers[].env'], section: true, note: 'older kubectl; names only', sample: C('    Environment Variables:\n      LOG_LEVEL:  debug') },
  { key: 'Environment Variables from', level: 'container', fields: ['containers[].envFrom'], section: true, sample: C('    Environment Variables from:\n      web-config  ConfigMap  Optional: false') },
  { key: 'Mounts', level: 'container', fields: ['containers[].volumeMounts'], section: true, sample: C('    Mounts:\n      /data from data (rw)') },
  { key: 'Devices', level: 'container', fields: [], note: 'not read' },
  { key: 'SeccompProfile', level: 'container', fields: [], note: 'not read' },
  { key: 'QoS Tier', level: 'container', fields: [], note: 'kubectl ≤ 1.3: not read' },
  { key: 'Restart Policy', level: 'container', fields: [], note: 'not read' },
  { key: 'Resize Policy', level: 'container', fields: [], note: 'not read' },
  { key: 'Allocated Resources', level: 'container', fields: [], note: 'not read' },
  // ---- a container's state ----------------------------------------------------------------------
  { key: 'Reason', level: 'state', fields: ['state.<kind>.reason'], note: 'a block pasted from its Reason: line on is read as the state it shows', sample: S('Waiting', '      Reason:  CrashLoopBackOff') },
  { key: 'Message', level: 'state', fields: ['state.terminated.message'], note: 'a terminated state\'s; its lines run to "Exit Code:"', sample: S('Terminated', '      Reason:  Error\n      Message:  boom\n      Exit Code:  1') },
  { key: 'Exit Code', level: 'state', fields: ['state.terminated.exitCode'], sample: S('Terminated', '      Exit Code:  137') },
  { key: 'Signal', level: 'state', fields: ['state.terminated.signal'], sample: S('Terminated', '      Signal:  9') },
  { key: 'Started', level: 'state', fields: ['state.<kind>.startedAt'], note: 'Go\'s zero time (0001) is no time', sample: S('Running', '      Started:  Sun, 02 Mar 2025 09:58:00 +0000') },
  { key: 'Finished', level: 'state', fields: ['state.terminated.finishedAt'], sample: S('Terminated', '      Finished:  Sun, 02 Mar 2025 09:59:00 +0000') },
];

const keysOf = (level: DescribeLevel) => new Set(DESCRIBE_KEYS.filter((k) => k.level === level).map((k) => k.key));

/** The keys at column 0 of describe pod output. */
export const POD_KEYS: ReadonlySet<string> = keysOf('pod');
/** The keys of a container block. */
export const CONTAINER_KEYS: ReadonlySet<string> = keysOf('container');
/** The keys under a container's State / Last State line. */
export const STATE_KEYS: ReadonlySet<string> = keysOf('state');
/** The keys whose value comes on the following lines. */
export const SECTION_KEYS: ReadonlySet<string> = new Set(DESCRIBE_KEYS.filter((k) => k.section && k.level === 'pod').map((k) => k.key));

/** The table of src/sources/text/README.md (between its describe-keys markers). */
export function describeKeysTable(): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const rows = DESCRIBE_KEYS.map((k) => `| ${k.level} | \`${k.key}\` | ${k.fields.length > 0 ? k.fields.map((f) => `\`${f}\``).join(', ') : '—'} | ${cell(k.note ?? '')} |`);
  return ['| level | key | becomes | note |', '|---|---|---|---|', ...rows].join('\n');
}

export const DESCRIBE_KEYS_MARKERS = ['<!-- describe-keys:start -->', '<!-- describe-keys:end -->'] as const;
