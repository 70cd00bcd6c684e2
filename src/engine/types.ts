// The diagnosis: findings per pod, and the report the renderers print.

import type { ContainerKind, Facts } from '../facts/types.js';
import type { Stage } from '../model/vocabulary.js';
import type { Severity } from '../model/vocabulary.js';
import type { Vars } from '../rules/types.js';
import type { SourceRef } from '../model/input.js';
import type { TimelineEntry } from '../model/timeline.js';

export type Role = 'root-cause' | 'symptom';

export interface Evidence {
  path: string;
  value: unknown;
  /** Where the value came from when not the pod object: an event, a container log, or kubectl text. */
  source?: 'event' | 'log' | 'text';
}

/**
 * What a rule found, in no language: the rule, where it applies, what it rests on. Its words
 * (title, explanation, remedies) are written at the edge, in the language the output asks for,
 * from the rule's texts and `params` (src/render/words.ts).
 */
export interface Finding {
  rule: string;
  severity: Severity;
  role: Role;
  stage: Stage;
  /** Set for container-scoped findings. */
  container?: string;
  containerKind?: ContainerKind;
  /**
   * The values the rule's texts are filled with: the fact roots and `some … as` aliases their
   * placeholders name (`container`, `pod`, `r`, …), as the match bound them.
   */
  params: Vars;
  /** kubectl commands to run next, already filled in for this pod. */
  commands: string[];
  evidence: Evidence[];
  docs: string[];
  /** The rule whose finding made this one a symptom. */
  supersededBy?: string;
}

/**
 * What the input shows of the pod's health: `problem` (a finding of severity error or warning),
 * `healthy` (no such finding, and the input shows health: Running and Ready, or Succeeded), or
 * `unknown` (no problem found in what was given, which does not show health either).
 */
export type Verdict = 'healthy' | 'problem' | 'unknown';

/**
 * A likely cause, built only from what the input shows, with the command that confirms or rules
 * it out: never a finding, never counted by --fail-on, and only given when no root cause is proven.
 */
export interface Hypothesis extends Pick<Finding, 'rule' | 'stage' | 'container' | 'containerKind' | 'params' | 'evidence'> {
  /** The commands that confirm or rule it out, filled in for this pod. */
  commands: string[];
  /** 1 is the most likely. */
  rank: number;
}

/**
 * A fact the input does not give that would decide rules left open: the last state of container
 * app, the pod's events, its spec. Listed when no root cause is proven.
 */
export interface Undecided {
  /** An entry of the pod's or a container's unknown list: state, lastState, ready, restartCount, spec, events, status, metadata… */
  fact: string;
  container?: string;
  /** The rules it would decide, in rule order. */
  rules: string[];
}

/** Where the pod stands: a lifecycle stage, or ready/completed for healthy pods. */
export type PodStage = Stage | 'creating' | 'ready' | 'completed' | 'running';

export interface IgnoredRule {
  rule: string;
  reason?: string;
  /** "annotation podwhy.dev/ignore", or the config file's path. */
  source: string;
}

export interface PodDiagnosis {
  /** Absent when the input does not say (a paste), never assumed to be "default". */
  namespace?: string;
  /** Absent when the input does not name the pod. */
  name?: string;
  uid?: string;
  owner?: { kind: string; name: string };
  /** kubectl's columns; READY, STATUS, RESTARTS absent where the input does not show them. */
  kubectl: { ready?: string; status?: string; restarts?: string; age: string };
  phase?: string;
  stage: PodStage;
  /** verdict === 'healthy'. */
  healthy: boolean;
  verdict: Verdict;
  findings: Finding[];
  /**
   * Rules that fired but were ignored (the pod's podwhy.dev/ignore annotations, the project's
   * ignore:), with why and where from: not findings, and what they explain is not re-explained.
   */
  ignored: IgnoredRule[];
  /** Likely causes, most likely first, when no root cause is proven (empty otherwise). */
  hypotheses: Hypothesis[];
  /** What the input does not give and would decide rules left open, when no root cause is proven. */
  undecided: Undecided[];
  facts: Facts;
  source?: SourceRef;
  /** Where the pod's time went (facts/timeline.ts), oldest first; the edge writes each entry's line. */
  timeline: TimelineEntry[];
  /** metadata.creationTimestamp (epoch ms): the origin of relative timeline times. */
  createdAt?: number;
  /** The instant the diagnosis was made against (epoch ms). */
  now: number;
}

/**
 * A finding's title where a fact quotes it (a workload's pods' root cause, in
 * `workload.pods.rootCauseTitle`): words the engine does not write. Templates and evidence
 * values holding one are rendered at the edge, in the output's language.
 */
export interface TitleOf {
  titleOf: Finding;
}

export interface Report {
  pods: PodDiagnosis[];
  warnings: string[];
}
