// A pod's timeline as the report carries it: structured entries (facts/timeline.ts builds them
// from the API's timestamps), words chosen later by i18n/timeline.ts.

import type { Stage } from './vocabulary.js';

/** The lifecycle stages of SPEC's vocabulary, plus the ends of the story. */
export type TimelineStage = Stage | 'creation' | 'ready' | 'completed';

export interface TimelineEntry {
  /** Epoch ms; undefined when the source carried no usable time (the entry keeps its lifecycle place). */
  at?: number;
  stage: TimelineStage;
  /**
   * What happened: a key podwhy derives from the status (created, scheduled, unschedulable,
   * sandbox-ready, initialized, started, exited, completed, ready, not-ready, disruption,
   * delete-requested, grace-period-ends, stuck) or, for an event, its reason (Pulled, Unhealthy, BackOff…).
   */
  event: string;
  container?: string;
  containerKind?: 'init' | 'regular' | 'ephemeral';
  /** How many times it happened (events with count or series). */
  count?: number;
  /** When it last happened, for repeated events (epoch ms). */
  last?: number;
  /** How long this step took, when known: scheduling, an image pull, a container's run (ms). */
  tookMs?: number;
  /** Time from creation to this entry, for milestones (time to Ready). */
  sinceCreatedMs?: number;
  /** Node, image, exit code, reason, probe kind, grace seconds… depending on the event. */
  node?: string;
  image?: string;
  exitCode?: number;
  reason?: string;
  probe?: string;
  graceSeconds?: number;
  /** The message as the component wrote it, one line, redacted, bounded. */
  message?: string;
  /** The entry's own timestamp was this many ms before the pod's creation (clock skew between components). */
  skewMs?: number;
}

export interface Timeline {
  entries: TimelineEntry[];
  /** creationTimestamp (ms), the origin of relative times. */
  createdAt?: number;
}
