// The glossary behind `podwhy explain <term>`, as data: what a reason, status, condition, event,
// exit code or signal means, where in the pod lifecycle it belongs, its usual causes and what to
// check, in every supported language. The terms are i18n/glossary/*.yaml; catalogue/glossary.ts
// reads and checks them; these are their types.

import type { Lang } from '../model/vocabulary.js';

export interface TermText {
  /** One or two sentences: what it means. */
  summary: string;
  /** The usual causes, most common first. */
  causes: string[];
  /** What to look at or run to tell the causes apart (kubectl commands welcome). */
  check: string[];
}

export type TermCategory =
  | 'waiting-reason'
  | 'terminated-reason'
  | 'pod-status'
  | 'pod-reason'
  | 'condition'
  | 'event-reason'
  | 'exit-code'
  | 'signal';

export interface Term {
  /** The exact string Kubernetes prints (CrashLoopBackOff, PodScheduled, FailedMount). */
  name: string;
  /** Other spellings that mean the same (case differences are handled already). */
  aliases?: string[];
  category: TermCategory;
  /** Where in the lifecycle it belongs: a podwhy stage, or "lifecycle" for phases and conditions. */
  stage: string;
  /** Rule ids that diagnose it. */
  rules: string[];
  text: Record<Lang, TermText>;
}
