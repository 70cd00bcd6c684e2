// The rule-visible model of a pod: what rules can match on and what explanations can quote.
// Rules never see the raw Pod. Field names follow the Kubernetes API where a field exists there
// (container.state.waiting.reason, container.lastState.terminated.exitCode), so rule authors can
// read them as they read `kubectl get pod -o yaml`; derived facts (made by extractors) sit beside
// them under names of their own. Most fields may be absent: trimmed pods are normal input.
//
// Nothing here is written by hand: every type is read off the fact catalogue's declarations
// (src/facts/catalog.ts, and the extractors' own in src/facts/extractors/), which say each fact's
// name, type, meaning and whether it may be absent. To add or change a fact, change its declaration.

import type { CONDITION, CONTAINER, EVENT, EVENT_ORIGIN, POD, PodRoots, PROBE, STATE, TERMINATED } from './catalog.js';
import type { FactType, FieldsType } from './declare.js';

export type { AdmissionFacts } from './extractors/admission.js';
export type { ConfigErrorFacts } from './extractors/config-error.js';
export type { EvictionFacts } from './extractors/eviction.js';
export type { ImagePullFacts } from './extractors/image-pull.js';
export type { MountFacts } from './extractors/mount.js';
export type { SandboxFacts } from './extractors/sandbox.js';
export type { SchedulingFacts, SchedulingReasonFacts } from './extractors/scheduling.js';
export type { StartErrorFacts } from './extractors/start-error.js';
export type { HookFacts } from './extractors/hook.js';
export type { LogFacts } from './logs.js';
export type { NodeFacts } from './node.js';
export type { BackoffFacts } from './arithmetic.js';

/** All the facts of one pod: every catalogue root but `container` (the container a container rule is about). */
export type Facts = FieldsType<Omit<PodRoots, 'container'>>;
export type PodFacts = FactType<typeof POD>;
export type OwnerFacts = NonNullable<PodFacts['owner']>;
export type ConditionFacts = FactType<typeof CONDITION>;
export type EventFacts = FactType<typeof EVENT>;
/** The event a fact was read from, when the status did not say it. */
export type EventOrigin = FactType<typeof EVENT_ORIGIN>;
export type ContainerFacts = FactType<typeof CONTAINER>;
export type ContainerKind = ContainerFacts['kind'];
export type StateFacts = FactType<typeof STATE>;
export type TerminatedFacts = FactType<typeof TERMINATED>;
export type ProbeFacts = FactType<typeof PROBE>;
