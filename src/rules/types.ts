// What a rules/*.yaml file is, before and after validation.

import type { Lang, Severity, Stage } from '../model/vocabulary.js';
import type { PredicateNode } from './tree.js';

export type Scope = 'pod' | 'container' | 'workload';
export type ContainerKindName = 'init' | 'sidecar' | 'regular' | 'ephemeral';

/** The words of a rule in one language. All are templates. */
export interface RuleText {
  title: string;
  explanation: string;
  remedies: string[];
}

/** A predicate as written in YAML (validated by load.ts). */
export type PredicateSpec =
  | { all: PredicateSpec[] }
  | { any: PredicateSpec[] }
  | { not: PredicateSpec }
  | { some: string; as?: string; where?: PredicateSpec }
  | { none: string; as?: string; where?: PredicateSpec }
  | ({ fact: string } & Partial<Record<FactOp, unknown>>);

export const FACT_OPS = ['equals', 'in', 'matches', 'ignoreCase', 'contains', 'startsWith', 'exists', 'gt', 'gte', 'lt', 'lte'] as const;
export type FactOp = (typeof FACT_OPS)[number];

export interface RuleSpec {
  id: string;
  severity: Severity;
  stage: Stage;
  scope: Scope;
  containers?: ContainerKindName[];
  match: PredicateSpec;
  supersedes?: string[];
  fallback?: boolean;
  unexplained?: boolean;
  hypothesis?: boolean;
  rank?: number;
  overrides?: boolean;
  evidence: string[];
  commands?: string[];
  docs: string[];
  text: Partial<Record<Lang, RuleText>> & { en: RuleText };
}

/** Variables visible to predicates and templates: fact roots plus `some … as` aliases. */
export type Vars = Record<string, unknown>;

export type Predicate = (vars: Vars) => boolean;

export interface TemplatePart {
  lit?: string;
  path?: string[];
  filters?: { name: string; arg?: string }[];
}
export type Template = TemplatePart[];

export interface CompiledText {
  title: Template;
  explanation: Template;
  remedies: Template[];
}

export interface CompiledRule {
  id: string;
  severity: Severity;
  stage: Stage;
  scope: Scope;
  containerKinds: ReadonlySet<string>;
  /** `match`, compiled (src/rules/tree.ts): what evaluation and the planner read. */
  tree: PredicateNode;
  /** The tree as the closure evaluation runs (src/rules/predicates.ts). */
  match: Predicate;
  supersedes: ReadonlySet<string>;
  fallback: boolean;
  /**
   * The finding says what is wrong but not why (a pod Pending and the input does not say why, a
   * crash loop with no exit reason): hypotheses may follow it.
   */
  unexplained: boolean;
  /**
   * A likely cause built from what the input shows, with the command that confirms or rules it
   * out: never a finding, shown only when no root cause is proven.
   */
  hypothesis: boolean;
  /** A hypothesis's place among the likely causes: 1 is the most likely. */
  rank: number;
  /** Replaces an earlier (built-in) rule with the same id. */
  overrides: boolean;
  /**
   * Ignored by the project's configuration (`.podwhy.yaml` ignore:): evaluated, and when it fires
   * reported as ignored rather than as a finding (its symptoms and fallbacks stay quiet).
   */
  ignore?: { reason?: string; source: string };
  evidence: { path: string; segments: string[]; get: (vars: Vars) => unknown }[];
  /** Aliases bound by `some … as`: the list each ranges over, for evidence paths. */
  aliasLists: ReadonlyMap<string, { list: string; keyField?: string }>;
  commands: Template[];
  docs: string[];
  text: Partial<Record<Lang, CompiledText>> & { en: CompiledText };
  /** Where the rule was loaded from. */
  file: string;
}
