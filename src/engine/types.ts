// The diagnosis: findings per pod, and the report the renderers print.

import type { ContainerKind, Facts } from '../facts/types.js';
import type { Stage } from '../model/vocabulary.js';
import type { Severity } from '../model/vocabulary.js';
import type { SourceRef } from '../model/input.js';
import type { TimelineEntry } from '../model/timeline.js';

export type Role = 'root-cause' | 'symptom';

export interface Evidence {
  path: string;
  value: unknown;
  /** Where the value came from when not the pod object: an event, a container log, or kubectl text. */
  source?: 'event' | 'log' | 'text';
}

export interface Finding {
  rule: string;
  severity: Severity;
  role: Role;
  stage: Stage;
  /** Set for container-scoped findings. */
  container?: string;
  containerKind?: ContainerKind;
  title: string;
  explanation: string;
  remedies: string[];
  /** kubectl commands to run next, already filled in for this pod. */
  commands: string[];
  evidence: Evidence[];
  docs: string[];
  /** The rule whose finding made this one a symptom. */
  supersededBy?: string;
}

/** Where the pod stands: a lifecycle stage, or ready/completed for healthy pods. */
export type PodStage = Stage | 'creating' | 'ready' | 'completed' | 'running';

export interface PodDiagnosis {
  namespace: string;
  name: string;
  uid?: string;
  owner?: { kind: string; name: string };
  kubectl: { ready: string; status: string; restarts: string; age: string };
  phase?: string;
  stage: PodStage;
  healthy: boolean;
  findings: Finding[];
  facts: Facts;
  source?: SourceRef;
  /** Where the pod's time went (facts/timeline.ts), oldest first, each with its line in the chosen language. */
  timeline: (TimelineEntry & { detail: string })[];
  /** metadata.creationTimestamp (epoch ms): the origin of relative timeline times. */
  createdAt?: number;
  /** The instant the diagnosis was made against (epoch ms). */
  now: number;
}

export interface Report {
  pods: PodDiagnosis[];
  warnings: string[];
}
