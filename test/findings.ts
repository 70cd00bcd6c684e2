// Test-only: what a raw finding shows a user (rule, container, stage, texts, evidence), for
// comparing two ways of evaluating rules. The English texts are written from the finding's
// params, as the edge (render/words.ts) writes them.

import { collectEvidence, findingCommands, findingParams, type RawFinding } from '../src/engine/evaluate.js';
import { renderTemplate } from '../src/render/words.js';

export function shown(fs: RawFinding[]): unknown[] {
  return fs.map((f) => {
    const params = findingParams(f);
    const t = f.rule.text.en;
    const text = {
      title: renderTemplate(t.title, params, 'en'),
      explanation: renderTemplate(t.explanation, params, 'en'),
      remedies: t.remedies.map((r) => renderTemplate(r, params, 'en')),
      commands: findingCommands(f),
    };
    return { rule: f.rule.id, container: f.container?.name, stage: f.stage, text, evidence: collectEvidence(f) };
  });
}
