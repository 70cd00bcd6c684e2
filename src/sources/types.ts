// What the sources (files, stdin, later the cluster) hand to the diagnosis: raw pods with the
// events that belong to them. Nothing here is interpreted yet; normalize() does that.

import type { JsonObject } from '../util/json.js';

/** Where an object came from, for messages and file annotations. */
export interface SourceRef {
  /** File path, or "-" for stdin. */
  file: string;
  /** 1-based line of the document or list item that holds the object, when known. */
  line?: number;
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
  involved: { kind?: string; namespace?: string; name?: string; uid?: string; fieldPath?: string };
}

export interface PodInput {
  pod: JsonObject;
  events: EventRecord[];
  source?: SourceRef;
  /** The `now` of the fixture header in the pod's file (epoch ms): the instant it was captured. */
  capturedAt?: number;
}

/** The `kind: PodwhyFixture` header of a fixture file. */
export interface FixtureHeader {
  description?: string;
  now?: string;
  expect?: { fires?: unknown; rootCause?: unknown };
  raw: JsonObject;
}

export interface Snapshot {
  pods: PodInput[];
  /** Events that matched no pod in the input. */
  orphanEvents: EventRecord[];
  warnings: string[];
  /** Fixture headers found, by file. */
  fixtures: { file: string; header: FixtureHeader }[];
}
