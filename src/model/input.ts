// What the sources (files, stdin, later the cluster) hand to the diagnosis: raw pods with the
// events that belong to them. Nothing here is interpreted yet; normalize() does that.

import type { JsonObject } from '../util/json.js';

/** Where an object came from, for messages and file annotations. */
export interface SourceRef {
  /** File path, "<stdin>", or context/namespace/name for live pods. */
  file: string;
  /** The input the pod came from, as reports group pods: a file, "<stdin>", "cluster <context>". */
  input?: string;
  /** 1-based line of the document or list item that holds the object, when known. */
  line?: number;
  /** Set when the pod was read from kubectl's human-readable output (or a paste) rather than YAML/JSON. */
  format?: TextFormat;
  /** Facts that output does not carry, each with the command that shows them. */
  missing?: MissingFact[];
}

/**
 * The shape of text a pod was read from: `describe` (kubectl describe pod, whole), `events-table`
 * (kubectl get events / kubectl events), `pods-table` (kubectl get pods), `fragment` (part of a
 * describe: a container block, a Conditions or Events section, event rows, a status line),
 * `yaml-in-text` (YAML or JSON of the pod found inside a paste, or YAML read line by line after it
 * failed to parse whole), `logs` (kubectl logs output, or a container's output, only), `journal`
 * (the kubelet's or the container runtime's journal lines, read as the events they stand for),
 * `mixed` (several of these joined), `events` (Event objects as YAML or JSON, `kubectl get events
 * -o yaml`, given without any pod: the pod is made up from them, as for an events table).
 */
export type TextFormat = 'describe' | 'events-table' | 'pods-table' | 'fragment' | 'yaml-in-text' | 'logs' | 'journal' | 'mixed' | 'events';

/** A fact kubectl's human-readable output does not carry for a pod, and the command that shows it. */
export interface MissingFact {
  /**
   * The describe-specific facts, then those of pastes: `pod-name` (the paste does not name the pod;
   * the name shown is made up), `no-events` (no events were pasted), `no-containers` (no
   * containers were pasted), `no-status` (the pod's status was not pasted), `logs-container` (which
   * container pasted logs come from was guessed), `container-name` (a container block without its
   * name), `state-line` (a container state block pasted without its State: / Last State: line:
   * which of the two it is was guessed — taken for the last state).
   */
  fact:
    | 'waiting-message'
    | 'condition-message'
    | 'event-container'
    | 'terminating-phase'
    | 'creation-time'
    | 'age'
    | 'events'
    | 'containers'
    | 'containers-cut'
    | 'pod-object'
    | 'pods-table'
    | 'pod-name'
    | 'no-events'
    | 'no-containers'
    | 'no-status'
    | 'logs-container'
    | 'container-name'
    | 'state-line';
  /** The containers or conditions concerned. */
  subjects?: string[];
  command: string;
}

/** An event in one shape, whichever API group (core/v1 or events.k8s.io/v1) it came from. */
export interface EventRecord {
  type?: string;
  reason?: string;
  message?: string;
  count: number;
  /** Epoch ms. */
  first?: number;
  last?: number;
  source?: string;
  /** The node the reporting kubelet runs on (source.host). */
  host?: string;
  involved: { kind?: string; namespace?: string; name?: string; uid?: string; fieldPath?: string };
  /**
   * The event's secondary object (Event.related). An event about a PersistentVolumeClaim a pod
   * mounts, or the Job that runs it, is joined to that pod: `involved` keeps the claim or Job.
   */
  related?: { kind?: string; namespace?: string; name?: string };
}

/** The tail of a container's log, as the API server returned it (not yet redacted). */
export interface ContainerLog {
  text: string;
  /** From the previous (terminated) instance of the container. */
  previous: boolean;
  truncated: boolean;
  /** Where the tail came from: read live, a fixture header's `logs:`, or `kubectl logs` output pasted with the text. */
  origin?: 'live' | 'fixture' | 'text';
}

export interface PodInput {
  pod: JsonObject;
  events: EventRecord[];
  source?: SourceRef;
  /** The `now` of the fixture header in the pod's file (epoch ms): the instant it was captured. */
  capturedAt?: number;
  /** The Node the pod runs on, when live mode read it. */
  node?: JsonObject;
  /** The API server answered that the pod's node (spec.nodeName) does not exist: it was removed. */
  nodeGone?: boolean;
  /** The node's disk as a df table pasted with the pod shows it, in words. */
  nodeDisk?: string;
  /** Log tails by container name (live mode, or a fixture's `logs:`). */
  logs?: Record<string, ContainerLog>;
  /** The nodes the input gives beside a pod that is on none of them (kubectl get nodes): the cluster it waits in. */
  clusterNodes?: JsonObject[];
  /** The PersistentVolumeClaims it mounts, when the input gives them beside it (kubectl get pvc, a claim's YAML). */
  claimObjects?: JsonObject[];
  /** The StorageClasses and PersistentVolumes its claims need, when the input gives them (src/facts/claims.ts). */
  storage?: ClaimStorage;
  /** Controllers above the pod, nearest first (ReplicaSet, Deployment). */
  ownerChain?: { kind: string; name: string }[];
  /** What live mode could not read, e.g. "events (forbidden: …)". */
  unreadable?: string[];
}

/**
 * What the input gives of the storage a pod's claims wait for. A list is complete when it is the
 * cluster's whole list (a live list, or `kubectl get sc -o yaml`, which prints a List): only then
 * does a class or volume that is not in it not exist. A class or claim named alone is not a list.
 */
export interface ClaimStorage {
  classes?: JsonObject[];
  classesComplete?: boolean;
  volumes?: JsonObject[];
  volumesComplete?: boolean;
  /** StorageClasses the API server answered 404 for. */
  missingClasses?: string[];
  /** Claims the API server answered 404 for. */
  missingClaims?: string[];
}

/** The `kind: PodwhyFixture` header of a fixture file. */
export interface FixtureHeader {
  description?: string;
  now?: string;
  /** Log tails of the pod's containers, by container name (previous run), as captured. */
  logs?: Record<string, string>;
  expect?: { fires?: unknown; rootCause?: unknown; workload?: unknown };
  raw: JsonObject;
}

/**
 * Where a structured input (a YAML or JSON document from its first line) broke: 1-based line and
 * column in its file, what broke, and what was read of it and what to do. What came before the
 * break is still read; a command that meets one exits 2 (sources/reader/damage.ts).
 */
export interface Damage {
  file: string;
  line: number;
  column: number;
  /** What broke: "invalid YAML (…)", "the JSON ends inside an object", … */
  what: string;
  /** What was read of the input, and what to do. */
  todo: string;
}

export interface Snapshot {
  pods: PodInput[];
  /** Events that matched no pod in the input. */
  orphanEvents: EventRecord[];
  warnings: string[];
  /** Fixture headers found, by file. */
  fixtures: { file: string; header: FixtureHeader }[];
  /** Workloads, ResourceQuotas, LimitRanges, PersistentVolumeClaims and PersistentVolumes in the input (only when there are any), and its Nodes. */
  objects?: JsonObject[];
  nodes?: JsonObject[];
  /** Inputs that broke (YAML or JSON damaged: what came before the break is read), in input order. */
  damaged?: Damage[];
}

export const WORKLOAD_KINDS = ['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob'] as const;
export type WorkloadKind = (typeof WORKLOAD_KINDS)[number];

/** What a workload's diagnosis reads: the object, its children, their events, its pods. */
export interface WorkloadInput {
  kind: WorkloadKind;
  object: JsonObject;
  /** A Deployment's ReplicaSets, a CronJob's Jobs. */
  children: JsonObject[];
  /** Its pods (directly, or through its children), with their events. */
  pods: PodInput[];
  /** Events of the workload and its children. */
  events: EventRecord[];
  /** ResourceQuotas and LimitRanges of the namespace (read when a quota message names one). */
  quotas?: JsonObject[];
  limitRanges?: JsonObject[];
  /** Nodes, when given or read (DaemonSet placement). */
  nodes?: JsonObject[];
  capturedAt?: number;
  unreadable?: string[];
  source?: SourceRef;
}

/** A kind of read a live run could not make, and for how many pods (sources/unreadable.ts counts them). */
export interface UnreadableRead {
  /** events, nodes, logs, owners (the kinds of read live mode makes besides the pods). */
  what: string;
  /** forbidden, or the API's status ("404 NotFound"), or "error". */
  reason: string;
  /** How many pods were diagnosed without it. */
  pods: number;
}
