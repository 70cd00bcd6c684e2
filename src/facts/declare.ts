// How facts are declared: once, with their name, type and meaning. A declaration is a plain
// catalogue node (what the rule loader checks rules against, what the docs list); the builders
// below also carry, for the compiler only, the TypeScript type of the values it describes, so
// `FactType<typeof X>` is the type normalize() must build. The catalogue (catalog.ts), the fact
// types (types.ts) and each extractor's result type are all read off the same declaration.
//
//   export const SANDBOX_FACTS = obj('…', { kind: oneOf('…', SANDBOX_KINDS), message: str('…'), plugin: opt(str('…')) });
//   export type SandboxFacts = FactType<typeof SANDBOX_FACTS>;   // { kind: 'cni-not-ready' | …; message: string; plugin?: string }

export type LeafType = 'string' | 'number' | 'boolean' | 'string[]';

interface NodeBase {
  doc: string;
  /** The fact may be absent (an optional field of its object). Only fields of an object are marked. */
  optional?: true;
  /**
   * The Kubernetes words (event and pod reasons, condition types) the fact is read from, when a
   * rule's match does not show them: a rule that tests the fact (or one below it) diagnoses them,
   * and `podwhy explain <word>` lists it (src/catalogue/term-rules.ts). A record gives the words by
   * the value a rule compares the fact with (`equals`, `in`).
   */
  from?: FactWords;
}
export type FactWords = readonly string[] | Readonly<Record<string, readonly string[]>>;
export interface LeafNode extends NodeBase {
  type: LeafType;
  /** Where the value comes from in the Pod, for evidence ("status.phase"). Default: the fact path. */
  display?: string;
  /**
   * A closed vocabulary: every value the fact can hold (an extractor's exported list, or a field
   * the Kubernetes API allows only these values in). A rule comparing it with another is refused.
   */
  values?: readonly string[];
  /** A Kubernetes reason (event, waiting, terminated, pod, condition): an open set, but a near miss of a known reason is refused. */
  reason?: true;
}
export interface ObjectNode extends NodeBase {
  type: 'object';
  fields: Record<string, FactNode>;
}
export interface MapNode extends NodeBase {
  type: 'map';
  /** What a key names, e.g. "condition type". */
  key: string;
  /** Known keys, listed in docs; other keys are still accepted. */
  examples: readonly string[];
  of: FactNode;
}
export interface ListNode extends NodeBase {
  type: 'list';
  /** The element field that names an element in evidence paths: events[FailedMount]. */
  keyField: string;
  of: ObjectNode;
}
export type FactNode = LeafNode | ObjectNode | MapNode | ListNode;

/** A leaf that knows the TypeScript type of its values (a phantom: the property is never set). */
export interface Leaf<T> extends LeafNode {
  readonly __value?: T;
}
export interface Obj<F extends Record<string, FactNode>> extends ObjectNode {
  fields: F;
}
export interface MapOf<E extends FactNode> extends MapNode {
  of: E;
}
export interface ListOf<E extends ObjectNode> extends ListNode {
  of: E;
}

type Optional = { optional: true };
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type ObjectType<F> = Simplify<
  { -readonly [K in keyof F as F[K] extends Optional ? never : K]: FactType<F[K]> } & {
    -readonly [K in keyof F as F[K] extends Optional ? K : never]?: FactType<F[K]>;
  }
>;

/** The TypeScript type of an object with these fields (a fragment an extractor adds to a bigger object). */
export type FieldsType<F extends Record<string, FactNode>> = ObjectType<F>;

/** The TypeScript type of the values a declaration describes. */
export type FactType<N> = N extends { type: 'object'; fields: infer F }
  ? ObjectType<F>
  : N extends { type: 'map'; of: infer E }
    ? Record<string, FactType<E>>
    : N extends { type: 'list'; of: infer E }
      ? FactType<E>[]
      : N extends { readonly __value?: infer T }
        ? Exclude<T, undefined>
        : never;

function leaf<T>(type: LeafType, doc: string, display: string | undefined, extra?: { values?: readonly string[]; reason?: true }): Leaf<T> {
  const node: Leaf<T> = { type, doc, ...extra };
  if (display !== undefined) node.display = display;
  return node;
}

/** A string fact. `display`: where it comes from in the Pod, when not its own path. */
export const str = (doc: string, display?: string): Leaf<string> => leaf('string', doc, display);
export const num = (doc: string, display?: string): Leaf<number> => leaf('number', doc, display);
export const bool = (doc: string, display?: string): Leaf<boolean> => leaf('boolean', doc, display);
/** A list of strings (summaries, names), matched by `contains`. */
export const strs = (doc: string, display?: string): Leaf<string[]> => leaf('string[]', doc, display);
/** A string fact podwhy itself produces from a closed vocabulary: its type is the union of the values. */
export const oneOf = <const V extends readonly string[]>(doc: string, values: V, display?: string): Leaf<V[number]> => leaf('string', doc, display, { values });
/**
 * A field the Kubernetes API allows only these values in: rules are checked against them, but
 * the input is read as it comes, so its type stays string.
 */
export const apiEnum = (doc: string, values: readonly string[], display?: string): Leaf<string> => leaf('string', doc, display, { values });
/** A string fact holding a Kubernetes reason (an open set; a near miss of a known reason is refused). */
export const reason = (doc: string, display?: string): Leaf<string> => leaf('string', doc, display, { reason: true });

export const obj = <F extends Record<string, FactNode>>(doc: string, fields: F): Obj<F> => ({ type: 'object', doc, fields });
/** A map by key (condition type, resource name); `examples` are listed in docs, other keys are accepted. */
export const mapOf = <E extends FactNode>(doc: string, key: string, examples: readonly string[], of: E): MapOf<E> => ({ type: 'map', doc, key, examples, of });
/** A list of objects; `keyField` names an element in evidence paths (events[FailedMount]). */
export const listOf = <E extends ObjectNode>(doc: string, keyField: keyof E['fields'] & string, of: E): ListOf<E> => ({ type: 'list', doc, keyField, of });
/** The node, saying which Kubernetes words it is read from (NodeBase.from). */
export const readFrom = <N extends FactNode>(from: FactWords, node: N): N => ({ ...node, from });
/** The field may be absent. Without it a field is always present in what normalize() builds. */
export const opt = <N extends FactNode>(node: N): N & Optional => ({ ...node, optional: true });

/**
 * The fields normalize adds to a pod-level failure it read from events (mount, sandbox): the
 * event's reason, how many such events there were, how recent the newest is.
 */
export const eventTally = (reasons: string, what: string) => ({
  reason: reason(reasons),
  event: reason('The event the message came from (the same as reason).'),
  count: num(`All ${what} failure events, summed.`),
  lastSeenSecondsAgo: opt(num('Seconds since the newest one.')),
});
