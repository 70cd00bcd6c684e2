// Node logs pasted into a ticket — the kubelet's and the container runtime's journal lines — read as
// the events the kubelet records for what they report:
//
//   Dec 04 10:00:00 node-1 kubelet[1234]: E1204 10:00:00.000000 1234 pod_workers.go:1298] "Error syncing pod, skipping" err="failed to \"StartContainer\" for \"app\" with CrashLoopBackOff: \"back-off 5m0s restarting failed container=app pod=web_shop(uid)\"" pod="shop/web" podUID=…
//   E0512 13:56:58.757986   13539 kubelet.go:943] Unable to mount volumes for pod "web_shop": secrets "db" not found; skipping pod
//   time="2023-11-13T03:50:55.198678872+01:00" level=error msg="PullImage \"nginx:1.99\" failed" error="rpc error: code = NotFound desc = …"
//
// The layouts: klog's header ("E1204 10:00:00.000000 1234 file.go:123] ", its structured form
// '"message" key="value" …' since 1.19, the plain one before), logfmt (containerd, CRI-O), and a
// syslog or journalctl prefix ("Dec 04 10:00:00 host unit[pid]: ", ISO time first) that names the
// node. The kubelet code paths and the events they stand for:
//   - pod_workers.go / kubelet.go "Error syncing pod": each failed sync action of the pod
//     (kubecontainer.PodSyncResult.Error: 'failed to "StartContainer" for "app" with
//     CrashLoopBackOff: "…"') → the event kuberuntime records for it: CrashLoopBackOff → BackOff
//     (Warning), ImagePullBackOff → BackOff (Normal), ErrImagePull → Failed, ErrImageNeverPull →
//     ErrImageNeverPull, InvalidImageName → InspectFailed, other container errors → Failed,
//     CreatePodSandbox → FailedCreatePodSandBox, KillPodSandbox / KillContainer → FailedKillPod;
//     anything else → FailedSync with the whole error, as kubelets before 1.10 recorded it;
//   - remote_image.go "PullImage from image service failed" / containerd 'PullImage "x" failed' → Failed
//     'Failed to pull image "x": <err>';
//   - remote_runtime.go / containerd RunPodSandbox failed → FailedCreatePodSandBox 'Failed to create
//     pod sandbox: <err>'; CreateContainer / StartContainer failed → Failed 'Error: <err>';
//   - prober.go "Probe failed" → Unhealthy '<Type> probe failed: <output>';
//   - volume manager "Unable to attach or mount volumes" → FailedMount; the configMap and secret
//     volume plugins' "Couldn't get configMap ns/x: configmaps "x" not found" → FailedMount;
//   - any other line whose message is one of Kubernetes' own (messages.ts: "MountVolume.SetUp
//     failed …", "Failed to create pod sandbox: …") → that event.
// A line without a year (klog's MMDD, a syslog date) gives no time: the year is not in the text.

import { knownMessage, findKnownMessage } from './messages.js';

/** One journal line, taken apart. */
export interface JournalLine {
  /** The node the syslog / journalctl prefix names. */
  host?: string;
  /** The program: kubelet, containerd, crio, dockerd… (from the prefix, or the shape of the line). */
  program?: string;
  /** Epoch ms, only when the line carries a full date. */
  at?: number;
  /** klog's source file ("pod_workers.go"), when the line has klog's header. */
  file?: string;
  /** The message: klog's quoted one, logfmt's msg, or the plain text after the header. */
  message: string;
  /** key=value pairs (values unquoted). */
  fields: Record<string, string>;
}

/** An event a journal line stands for. */
export interface JournalEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  /** The pod the line names. */
  pod?: { name: string; namespace?: string };
  container?: string;
  /** The container is an init container (the kubelet's InitContainer action). */
  init?: boolean;
  host?: string;
  at?: number;
  /** A line of the kubelet's event recorder: the event itself, as recorded. */
  recorded?: boolean;
}

const MONTHS = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';
/** "Dec 04 10:00:00 node-1 kubelet[1234]: " / "2023-11-13T03:50:55.201611+01:00 node-1 kubelet[22614]: ". */
const SYSLOG = new RegExp(String.raw`^(?:(${MONTHS}) +\d{1,2} \d\d:\d\d:\d\d(?:\.\d+)?|(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)))\s+([\w.-]+)\s+([\w.-]+?)(?:\[\d+\])?:\s+`);
/** klog's header: "E1204 10:00:00.000000    1234 kubelet.go:2855] ". */
const KLOG_HEADER = /^([IWEF])(\d\d)(\d\d) (\d\d:\d\d:\d\d)\.\d+\s+\d+ ([\w.-]+\.go):\d+\] /;
/** logfmt with a level and a message (containerd, CRI-O): 'time="…" level=error msg="…"'. */
const LOGFMT = /^(?:time="[^"]*" )?level=\w+ msg=/;

/** Programs whose journal lines tell about pods. */
const PROGRAMS = /^(?:kubelet|containerd|crio|cri-o|dockerd|docker|k3s|k3s-agent|k3s-server|rke2-agent|rke2-server|microk8s\.daemon-kubelite|kubelite|snap\.microk8s\.daemon-kubelite)$/;

/** klog source files of the kubelet (and of the volume and runtime code it runs). */
const KUBELET_FILES = /^(?:kubelet|kubelet_pods|kubelet_node_status|pod_workers|kuberuntime_manager|kuberuntime_container|kuberuntime_sandbox|kuberuntime_image|kuberuntime_gc|remote_runtime|remote_image|log|instrumented_services|prober|prober_manager|worker|reconciler|reconciler_common|operation_generator|nestedpendingoperations|volume_manager|secret|configmap|projected|csi_attacher|csi_mounter|mount_linux|eviction_manager|helpers|handlers|pod_container_deletor|docker_sandbox|docker_container|cni|generic|manager|status_manager|scope|predicate|container_manager_linux|cpu_manager|topology_manager|memory_manager|plugin_watcher|server|kubelet_getters|images|image_gc_manager|event|pod_startup_latency_tracker)\.go$/;

/** Go's %q of a string, undone. */
export function unquoteGo(s: string): string {
  try {
    return JSON.parse(s.replace(/\\x([0-9a-fA-F]{2})/g, '\\u00$1').replace(/\\[av]/g, '')) as string;
  } catch {
    return s.slice(1, -1).replace(/\\(["\\])/g, '$1').replace(/\\n/g, '\n').replace(/\\t/g, '\t');
  }
}

/** key=value pairs of a structured line (values quoted Go-style, or bare). */
function fieldsOf(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /(?:^|\s)([A-Za-z][\w.]*)=("(?:[^"\\]|\\.)*"|\[[^\]]*\]|\S+)/g;
  let m: RegExpExecArray | null;
  let n = 0;
  while ((m = re.exec(s)) && n++ < 64) {
    const v = m[2] as string;
    out[m[1] as string] = v.startsWith('"') ? unquoteGo(v) : v;
  }
  return out;
}

/** A journal line of the kubelet or a container runtime, taken apart; undefined for anything else. */
export function parseJournalLine(text: string): JournalLine | undefined {
  // (minikube's "Problems detected in kubelet:" lists them as "  - Apr 15 17:21:40 minikube kubelet[…]: …")
  let rest = text.replace(/^- (?=[A-Z][a-z]{2} +\d|\d{4}-)/, '');
  const line: JournalLine = { message: '', fields: {} };
  const sys = SYSLOG.exec(rest);
  if (sys) {
    if (!PROGRAMS.test(sys[4] as string)) return undefined;
    line.host = sys[3] as string;
    line.program = (sys[4] as string).replace(/^.*kubelite$/, 'kubelet');
    if (sys[2] !== undefined) {
      const t = Date.parse(sys[2]);
      if (Number.isFinite(t)) line.at = t;
    }
    rest = rest.slice(sys[0].length);
  }
  const klog = KLOG_HEADER.exec(rest);
  if (klog) {
    line.file = klog[5] as string;
    if (!sys && !KUBELET_FILES.test(line.file)) return undefined;
    line.program ??= 'kubelet';
    rest = rest.slice(klog[0].length);
    const q = /^("(?:[^"\\]|\\.)*")(?:\s+|$)/.exec(rest);
    if (q) {
      line.message = unquoteGo(q[1] as string);
      line.fields = fieldsOf(rest.slice(q[0].length));
    } else line.message = rest.trim();
    return line;
  }
  if (LOGFMT.test(rest)) {
    line.fields = fieldsOf(rest);
    line.message = line.fields['msg'] ?? '';
    line.program ??= 'containerd';
    if (line.at === undefined && line.fields['time'] !== undefined) {
      const t = Date.parse(line.fields['time']);
      if (Number.isFinite(t)) line.at = t;
    }
    return line;
  }
  if (sys) {
    line.message = rest.trim();
    return line;
  }
  return undefined;
}

/** A failed action of a pod sync: 'failed to "StartContainer" for "app" with CrashLoopBackOff: "…"'. */
export interface SyncFailure {
  action: string;
  target: string;
  error: string;
  message: string;
}

/** The failed actions an "Error syncing pod" error lists (kubecontainer.PodSyncResult.Error; the aggregate is "[a, b]"). */
export function syncFailures(err: string): SyncFailure[] {
  const out: SyncFailure[] = [];
  const re = /failed to "(\w+)" for "([^"]*)" with (\w+): ("(?:[^"\\]|\\.)*")/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(err)) && out.length < 16) out.push({ action: m[1] as string, target: m[2] as string, error: m[3] as string, message: unquoteGo(m[4] as string) });
  return out;
}

/** The event kuberuntime records for a failed sync action, or undefined for none. */
function syncEvent(f: SyncFailure): Pick<JournalEvent, 'type' | 'reason' | 'message' | 'container' | 'init'> | undefined {
  const container = /Container$/.test(f.action) && f.target !== '' ? { container: f.target, ...(f.action === 'InitContainer' ? { init: true } : {}) } : {};
  switch (f.action) {
    case 'StartContainer':
    case 'InitContainer':
      switch (f.error) {
        case 'CrashLoopBackOff': {
          // doBackOff records the event and returns the error from the same values
          const b = /^back-off \S+ restarting failed container=(\S+) pod=(\S+)/i.exec(f.message);
          return { type: 'Warning', reason: 'BackOff', message: b ? `Back-off restarting failed container ${b[1] as string} in pod ${b[2] as string}` : f.message, ...container };
        }
        case 'ImagePullBackOff':
          return { type: 'Normal', reason: 'BackOff', message: f.message, ...container };
        case 'ErrImageNeverPull':
          return { type: 'Warning', reason: 'ErrImageNeverPull', message: f.message, ...container };
        case 'InvalidImageName':
          return { type: 'Warning', reason: 'InspectFailed', message: f.message, ...container };
        case 'PostStartHookError':
          return { type: 'Warning', reason: 'FailedPostStartHook', message: f.message, ...container };
        case 'ErrImagePull': {
          // the image puller records 'Failed to pull image "x": <err>' and returns the error
          const image = /\bimage \\?"([^"\\\s]+)\\?"/.exec(f.message)?.[1];
          return { type: 'Warning', reason: 'Failed', message: image !== undefined && !/^Failed to pull image/.test(f.message) ? `Failed to pull image "${image}": ${f.message}` : f.message, ...container };
        }
        default:
          return { type: 'Warning', reason: 'Failed', message: /^Error: /.test(f.message) ? f.message : `Error: ${f.message}`, ...container };
      }
    case 'CreatePodSandbox':
    case 'ConfigPodSandbox':
      return { type: 'Warning', reason: 'FailedCreatePodSandBox', message: /^Failed to create pod sandbox/.test(f.message) ? f.message : `Failed to create pod sandbox: ${f.message}` };
    case 'KillPodSandbox':
    case 'KillContainer':
      return { type: 'Warning', reason: 'FailedKillPod', message: `error killing pod: ${f.message}`, ...container };
    default:
      return undefined;
  }
}

const NAME = String.raw`[a-z0-9](?:[-a-z0-9.]*[a-z0-9])?`;

/** The pod a journal line names: pod="ns/name", pods=["ns/name"], "name_ns(uid)", containerd's PodSandboxMetadata. */
function podOf(line: JournalLine, text: string): JournalEvent['pod'] {
  const f = line.fields['pod'];
  const slash = f !== undefined ? new RegExp(`^(${NAME})/(${NAME})$`).exec(f) : null;
  if (slash) return { namespace: slash[1] as string, name: slash[2] as string };
  const meta = new RegExp(`PodSandboxMetadata\\{Name:(${NAME}),Uid:[^,]*,Namespace:(${NAME})`).exec(text);
  if (meta) return { name: meta[1] as string, namespace: meta[2] as string };
  const ref = new RegExp(`\\bpod[= ]\\\\?"?(${NAME})_(${NAME})(?:\\(|\\\\?")`).exec(text) ?? new RegExp(`(?:\\bfor pod |\\(\\\\?")(${NAME})_(${NAME})(?:\\(|\\\\?")`).exec(text);
  if (ref) return { name: ref[1] as string, namespace: ref[2] as string };
  return undefined;
}

/** The events a journal line stands for (none for a line that reports nothing about a pod). */
export function journalEvents(line: JournalLine): JournalEvent[] {
  const msg = line.message;
  const err = line.fields['err'] ?? line.fields['error'] ?? '';
  const whole = `${msg} ${err}`;
  const base = (e: Omit<JournalEvent, 'host' | 'at' | 'pod'>, text = whole): JournalEvent => {
    const pod = podOf(line, text);
    const container = e.container ?? line.fields['containerName'] ?? line.fields['container'];
    return { ...e, ...(container !== undefined ? { container } : {}), ...(pod ? { pod } : {}), ...(line.host !== undefined ? { host: line.host } : {}), ...(line.at !== undefined ? { at: line.at } : {}) };
  };
  // the kubelet's event recorder logs each event it records: that event, as it is
  if (msg === 'Event occurred' && line.fields['reason'] !== undefined) {
    if ((line.fields['kind'] ?? 'Pod') !== 'Pod') return [];
    const o = new RegExp(`^(?:(${NAME})/)?(${NAME})$`).exec(line.fields['object'] ?? '');
    const type = line.fields['type'] === 'Normal' ? 'Normal' : 'Warning';
    const ev: JournalEvent = { type, reason: line.fields['reason'], message: line.fields['message'] ?? '' };
    if (o) ev.pod = { name: o[2] as string, ...(o[1] !== undefined ? { namespace: o[1] } : {}) };
    return [{ ...ev, recorded: true, ...(line.host !== undefined ? { host: line.host } : {}), ...(line.at !== undefined ? { at: line.at } : {}) }];
  }
  const old = /^Event\((?:api|v1)\.ObjectReference\{Kind:"(\w+)", Namespace:"([^"]*)", Name:"([^"]*)"(?:[^}]*?FieldPath:"([^"]*)")?[^}]*\}\): (?:type: '(\w+)' )?reason: '(\w+)' (.*)$/.exec(msg);
  if (old) {
    if (old[1] !== 'Pod') return [];
    const c = /^spec\.(init)?[cC]ontainers\{([^}]+)\}$/.exec(old[4] ?? '');
    const type = old[5] === 'Normal' || (old[5] === undefined && !/fail|err|back|kill|unhealthy/i.test(old[6] as string)) ? 'Normal' : 'Warning';
    return [{ type, recorded: true, reason: old[6] as string, message: old[7] as string, pod: { name: old[3] as string, ...(old[2] !== '' ? { namespace: old[2] as string } : {}) }, ...(c ? { container: c[2] as string, ...(c[1] ? { init: true } : {}) } : {}), ...(line.host !== undefined ? { host: line.host } : {}), ...(line.at !== undefined ? { at: line.at } : {}) }];
  }
  // the kubelet: a pod's sync failed
  if (/^Error syncing pod\b/.test(msg)) {
    const detail = err !== '' ? err : msg.replace(/^Error syncing pod\b[^:]*?,? skipping:?\s*/, '');
    const failures = syncFailures(detail);
    const events = failures.map((f) => syncEvent(f)).filter((e): e is NonNullable<typeof e> => e !== undefined);
    if (events.length > 0) return events.map((e) => base(e));
    return [base({ type: 'Warning', reason: 'FailedSync', message: `Error syncing pod, skipping: ${detail}`.trim() })];
  }
  // image pulls
  const image = line.fields['image'];
  if (/^PullImage from image service failed|^Failed to pull image/.test(msg) && image !== undefined && err !== '') return [base({ type: 'Warning', reason: 'Failed', message: `Failed to pull image "${image}": ${err}` })];
  const pull = /^PullImage "([^"]+)" failed/.exec(msg);
  if (pull && err !== '') return [base({ type: 'Warning', reason: 'Failed', message: `Failed to pull image "${pull[1] as string}": ${err}` })];
  // sandboxes and containers, from the kubelet's runtime client or the runtime itself
  if (/^RunPodSandbox (?:from runtime service failed|for .* failed)/.test(msg) && err !== '') return [base({ type: 'Warning', reason: 'FailedCreatePodSandBox', message: `Failed to create pod sandbox: ${err}` }, `${msg} ${err}`)];
  const created = /^CreateContainer (?:in sandbox from runtime service failed|within sandbox "[^"]*" for &ContainerMetadata\{Name:([^,]+),)/.exec(msg);
  if (created && err !== '') return [base({ type: 'Warning', reason: 'Failed', message: `Error: ${err}`, ...(created[1] !== undefined ? { container: created[1] } : {}) })];
  if (/^StartContainer (?:from runtime service failed|for "[^"]*" failed)/.test(msg) && err !== '') return [base({ type: 'Warning', reason: 'Failed', message: `Error: ${err}` })];
  // probes
  if (/^Probe failed$/.test(msg) && line.fields['probeType'] !== undefined) {
    const output = line.fields['output'] ?? '';
    return [base({ type: 'Warning', reason: 'Unhealthy', message: `${line.fields['probeType']} probe failed: ${output}`.trim() })];
  }
  // volumes
  if (/^Unable to attach or mount volumes for pod; skipping pod/.test(msg) && err !== '') return [base({ type: 'Warning', reason: 'FailedMount', message: `Unable to attach or mount volumes: ${err}` })];
  // the configMap / secret volume plugins (configmap.go, secret.go): the object the volume needs is
  // not there. Kubelets before 1.5 logged only this, and recorded no per-volume event; later ones
  // record the same error as FailedMount.
  if (line.file === undefined || /^(?:configmap|secret|projected)\.go$/.test(line.file)) {
    const obj = /^Couldn't get (?:configMap|secret) [^\s:]+: ((?:configmaps?|secrets?) "[^"]+" not found)/.exec(msg);
    if (obj) return [base({ type: 'Warning', reason: 'FailedMount', message: msg })];
  }
  const oldMount = /^Unable to (?:attach or )?mount volumes for pod "[^"]+": (.*?)(?:; skipping pod)?$/.exec(msg);
  if (oldMount) return [base({ type: 'Warning', reason: 'FailedMount', message: msg.replace(/; skipping pod$/, '') })];
  // a message of Kubernetes' own, in the message or the error
  for (const t of [msg, err]) {
    const k = t === '' ? undefined : (knownMessage(t) ?? findKnownMessage(t));
    if (k && k.kind === 'event' && k.object === undefined) return [base({ type: k.type ?? 'Warning', reason: k.reason, message: k.message, ...(k.container !== undefined ? { container: k.container } : {}) })];
  }
  return [];
}

/** Errors of a sync action that are the container's waiting reason (kuberuntime sets it from them). */
const WAITING_ERRORS = /^(?:CrashLoopBackOff|ImagePullBackOff|ErrImagePull|ErrImageNeverPull|InvalidImageName|ImageInspectError|RegistryUnavailable|SignatureValidationFailed|CreateContainerConfigError|CreateContainerError|RunContainerError|PreCreateHookError|PreStartHookError|PostStartHookError)$/;

/**
 * The container states the kubelet's sync errors state (a FailedSync event's message, as kubelets
 * before 1.10 recorded them): 'failed to "StartContainer" for "app" with CrashLoopBackOff: "…"'
 * says container app waits with that reason and message. The newest event's word wins.
 */
export function syncStates(events: { reason?: string; message?: string; at?: string }[]): { name: string; init: boolean; waiting: { reason: string; message: string } }[] {
  const out = new Map<string, { name: string; init: boolean; waiting: { reason: string; message: string }; at: string }>();
  for (const e of events) {
    if (e.reason !== 'FailedSync' || e.message === undefined) continue;
    const failures = syncFailures(e.message);
    for (const f of failures) {
      if ((f.action !== 'StartContainer' && f.action !== 'InitContainer') || !WAITING_ERRORS.test(f.error) || f.target === '') continue;
      const init = failures.some((g) => g.action === 'InitContainer' && g.target === f.target);
      const was = out.get(f.target);
      if (was && was.at > (e.at ?? '')) continue;
      out.set(f.target, { name: f.target, init, waiting: { reason: f.error, message: f.message }, at: e.at ?? '' });
    }
  }
  return [...out.values()].map(({ name, init, waiting }) => ({ name, init, waiting }));
}
