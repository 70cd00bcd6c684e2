// `podwhy explain <term>`: offline knowledge for a reason, status, condition, event, exit code,
// signal or rule id (api/explain.ts). Unknown terms exit 2 with the closest matches suggested.

import { explainTerm, explanationJson, renderExplained } from '../../api/explain.js';
import type { Lang } from '../../model/vocabulary.js';
import type { IO } from '../io.js';
import { chooseLang } from '../options.js';

export async function runExplain(query: string, flags: { lang?: Lang; output: string }, io: IO): Promise<number> {
  const lang = chooseLang(flags.lang, io.env);
  const e = explainTerm(query, lang);
  if (flags.output === 'json') {
    io.out(`${JSON.stringify(explanationJson(e, lang), null, 2)}\n`);
    return 0;
  }
  io.out(`${renderExplained(e, lang, Math.min(io.columns ?? 80, 100)).join('\n')}\n`);
  return 0;
}
