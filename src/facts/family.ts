// What a fact family is: facts of their own (one catalogue node, declared once) and the function
// that reads them off the pod. A pod family fills one root of Facts (`mount`, `scheduling`…); a
// container family one field of each container (`imagePull`, `hook`…). The families are listed,
// in the order they run, in ./registry.ts: normalize() assembles the pod and its containers, then
// runs them; the catalogue (./catalog.ts) takes their declarations from the same list.

import type { PodInput } from '../model/input.js';
import type { JsonObject } from '../util/json.js';
import { opt, type FactNode, type FactType } from './declare.js';
import type { ConditionFacts, ContainerFacts, EventFacts, Facts, PodFacts } from './types.js';

/** What a pod family reads: the input, and the facts assembled so far. */
export interface PodScope {
  input: PodInput;
  /** The raw pod's spec (an empty object when the input has none). */
  spec: JsonObject;
  pod: PodFacts;
  conditions: Record<string, ConditionFacts>;
  events: EventFacts[];
  /**
   * Everything assembled before the families run, and the families earlier in the registry (a
   * family names the ones it reads in `reads`; a test checks they come first).
   */
  facts: Facts;
  nowMs: number;
}

/** What a container family reads: the container as assembled so far, and its events. */
export interface ContainerScope {
  /** The container's facts: state, last state, spec-derived fields, restart count… */
  c: ContainerFacts;
  /** The raw status entry of the container (an empty object when the input has none). */
  st: JsonObject;
  /** The container's own events, newest first. */
  events: EventFacts[];
  /** All the pod's events (a pull Secret's event names no container). */
  podEvents: EventFacts[];
  /** spec.imagePullSecrets names. */
  pullSecrets: string[];
  /** The container's log, when the input has it. */
  log: { text: string; previous: boolean } | undefined;
  nowMs: number;
}

/** A fact family of the pod: fills `facts[root]`. */
export interface PodFamily<K extends string = string, N extends FactNode = FactNode> {
  readonly root: K;
  /** Its catalogue node: the declaration, optional unless the family always has a value. */
  readonly node: N;
  /** Earlier families whose facts it reads (through scope.facts). */
  readonly reads: readonly string[];
  /** Its facts, or undefined when the pod shows none. */
  readonly extract: (scope: PodScope) => FactType<N> | undefined;
}

/** A fact family of each container: fills `container[field]`. */
export interface ContainerFamily<K extends string = string, N extends FactNode = FactNode> {
  readonly field: K;
  readonly node: N;
  readonly extract: (scope: ContainerScope) => FactType<N> | undefined;
}

type Optional<N extends FactNode> = N & { optional: true };

/**
 * The type of a pod family of root K whose facts N declares (optional). A family constant is
 * annotated with it: the catalogue reads the families' roots and nodes off their types, and the
 * fact types are read off the catalogue, so the type must not wait on checking `extract`.
 */
export type PodFamilyOf<K extends string, N extends FactNode> = PodFamily<K, Optional<N>>;
/** The type of a container family of field K whose facts N declares (optional). */
export type ContainerFamilyOf<K extends string, N extends FactNode> = ContainerFamily<K, Optional<N>>;

/** A pod family whose facts may be absent (most: the pod shows no volume failure, no eviction). */
export function podFamily<K extends string, N extends FactNode>(root: K, facts: N, extract: (scope: PodScope) => FactType<N> | undefined, reads: readonly string[] = []): PodFamilyOf<K, N> {
  return { root, node: opt(facts), reads, extract };
}

/**
 * A pod family whose root is always present (a list: empty when there is nothing). Facts requires
 * the root, so normalize() starts it empty and the family fills it.
 */
export function podFamilyAlways<K extends string, N extends FactNode>(root: K, facts: N, extract: (scope: PodScope) => FactType<N> | undefined, reads: readonly string[] = []): PodFamily<K, N> {
  return { root, node: facts, reads, extract };
}

/** A container family; its facts may be absent. */
export function containerFamily<K extends string, N extends FactNode>(field: K, facts: N, extract: (scope: ContainerScope) => FactType<N> | undefined): ContainerFamilyOf<K, N> {
  return { field, node: opt(facts), extract };
}

/** The catalogue nodes of the pod families, by root, in the registry's order. */
export type PodFamilyNodes<F extends readonly { root: string; node: FactNode }[]> = { [E in F[number] as E['root']]: E['node'] };
/** The catalogue nodes of the container families, by field, in the registry's order. */
export type ContainerFamilyNodes<F extends readonly { field: string; node: FactNode }[]> = { [E in F[number] as E['field']]: E['node'] };

// (the constraints name only root/field and node: the catalogue must not need the type of `extract`)
export function podFamilyNodes<F extends readonly { root: string; node: FactNode }[]>(families: F): PodFamilyNodes<F> {
  const out: Record<string, FactNode> = {};
  for (const f of families) out[f.root] = f.node;
  return out as PodFamilyNodes<F>;
}

export function containerFamilyNodes<F extends readonly { field: string; node: FactNode }[]>(families: F): ContainerFamilyNodes<F> {
  const out: Record<string, FactNode> = {};
  for (const f of families) out[f.field] = f.node;
  return out as ContainerFamilyNodes<F>;
}

/** The newest `Failed` event of the container whose message matches: the kubelet's own words. */
export function failedEvent(events: readonly EventFacts[], re: RegExp): string | undefined {
  return events.find((e) => e.reason === 'Failed' && e.message !== undefined && re.test(e.message))?.message;
}

/** The event the waiting message came from, when the state was read off the events. */
export function waitingEvent(c: ContainerFacts): string | undefined {
  return c.state.source === 'event' && c.state.waiting?.message !== undefined ? c.inferred?.['state']?.reason : undefined;
}
