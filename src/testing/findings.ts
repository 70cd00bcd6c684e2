// Test-only: what a raw finding shows a user (rule, container, stage, texts, evidence), for
// comparing two ways of evaluating rules.

import { collectEvidence, renderText, type RawFinding } from '../engine/evaluate.js';

export function shown(fs: RawFinding[]): unknown[] {
  return fs.map((f) => ({ rule: f.rule.id, container: f.container?.name, stage: f.stage, text: renderText(f, 'en'), evidence: collectEvidence(f) }));
}
