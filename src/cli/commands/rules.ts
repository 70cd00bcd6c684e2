// `podwhy rules [id]`: the catalogue as a table, or one rule in full with the fixtures that fire it;
// `podwhy rules docs [--write]`: the generated catalogue (api/rules.ts makes it).

import { describeRule, findRule, loadRuleSet, ruleJson, ruleRows, rulesIndex, writeRuleDocs } from '../../api/rules.js';
import type { Lang } from '../../model/vocabulary.js';
import type { IO } from '../io.js';
import { chooseLang } from '../options.js';

export async function runRules(id: string | undefined, flags: { lang?: Lang; output: string; rules?: string[]; config?: string; write?: boolean }, io: IO): Promise<number> {
  const lang = chooseLang(flags.lang, io.env);
  // The generated catalogue documents the built-in rules only.
  if (id === 'docs') {
    if (!flags.write) {
      io.out(rulesIndex());
      return 0;
    }
    const w = writeRuleDocs();
    io.err(`podwhy: wrote ${w.file} and ${w.pages} pages in ${w.dir}${w.gone.length > 0 ? ` (removed ${w.gone.join(', ')})` : ''}\n`);
    return 0;
  }
  const rules = loadRuleSet(io.cwd, flags).rules;
  if (id === undefined) {
    const rows = ruleRows(rules, lang);
    if (flags.output === 'json') {
      io.out(`${JSON.stringify({ rules: rows }, null, 2)}\n`);
      return 0;
    }
    const w = Math.max(...rows.map((r) => r.id.length));
    io.out(`${'ID'.padEnd(w)}   SEVERITY   STAGE         TITLE\n`);
    for (const r of rows) io.out(`${r.id.padEnd(w)}   ${r.severity.padEnd(8)}   ${r.stage.padEnd(11)}   ${r.title}\n`);
    io.out(`\n${rows.length} rules\n`);
    return 0;
  }
  const r = findRule(rules, id);
  if (flags.output === 'json') {
    io.out(`${JSON.stringify(ruleJson(r, lang), null, 2)}\n`);
    return 0;
  }
  io.out(`${describeRule(r, lang).join('\n')}\n`);
  return 0;
}
