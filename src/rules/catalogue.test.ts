// The catalogue lint (kube-linter's built-in check tests, ESLint's checkRuleFiles): wording
// conventions, docs links, languages, and rules/README.md in step with the rules.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fixtureIndex } from '../cli/rule-listing.js';
import { BUILTIN_RULES_DIR, loadRules } from '../catalogue/rule-files.js';
import { generatedPart, renderRulesDocs, templateSource } from './docs.js';
import { LANGS } from '../model/vocabulary.js';
import type { PredicateNode } from './tree.js';

const rules = loadRules();

describe('rule catalogue', () => {
  test('ids are kebab-case and unique', () => {
    const ids = rules.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, /^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  test('titles have no trailing period; remedies are sentences ending with a period', () => {
    const problems: string[] = [];
    for (const r of rules) {
      for (const [lang, t] of Object.entries(r.text)) {
        if (!t) continue;
        const title = templateSource(t.title).trim();
        if (/[.。]$/.test(title)) problems.push(`${r.id} (${lang}) title ends with a period: ${title}`);
        t.remedies.forEach((rem, i) => {
          const s = templateSource(rem).trim();
          if (!/[.。]["'`)]?$/.test(s)) problems.push(`${r.id} (${lang}) remedies[${i}] does not end with a period: ${s}`);
        });
      }
    }
    assert.deepEqual(problems, []);
  });

  test('every rule links the Kubernetes docs first, over https', () => {
    for (const r of rules) {
      assert.ok(r.docs.length > 0, r.id);
      assert.match(r.docs[0] as string, /^https:\/\/kubernetes\.io\//, `${r.id}: first docs link should be kubernetes.io`);
    }
  });

  test('every rule has evidence and at least one next command', () => {
    for (const r of rules) {
      assert.ok(r.evidence.length > 0, r.id);
      assert.ok(r.commands.length > 0, `${r.id} has no commands`);
    }
  });

  test('every rule speaks every language', () => {
    const missing = rules.flatMap((r) => LANGS.filter((l) => r.text[l] === undefined).map((l) => `${r.id}: ${l}`));
    assert.deepEqual(missing, []);
  });

  test('every language keeps the same placeholders as English', () => {
    const paths = (t: { lit?: string; path?: string[] }[][]) => new Set(t.flatMap((x) => x.filter((p) => p.path).map((p) => (p.path as string[]).join('.'))));
    for (const r of rules) {
      const en = paths([r.text.en.title, r.text.en.explanation, ...r.text.en.remedies]);
      for (const l of LANGS) {
        const t = r.text[l];
        if (!t) continue;
        const other = paths([t.title, t.explanation, ...t.remedies]);
        const lost = [...en].filter((p) => !other.has(p));
        assert.deepEqual(lost, [], `${r.id} (${l}) drops placeholders`);
      }
    }
  });

  test('every language has the same number of remedies', () => {
    for (const r of rules) for (const l of LANGS) if (r.text[l]) assert.equal(r.text[l]?.remedies.length, r.text.en.remedies.length, `${r.id} ${l}`);
  });

  test('rules/README.md is generated from the rules (run `npm run docs`)', () => {
    const readme = readFileSync(join(BUILTIN_RULES_DIR, 'README.md'), 'utf8');
    const part = generatedPart(readme);
    assert.ok(part, 'rules/README.md lacks the generated section');
    assert.equal(part, renderRulesDocs(rules, fixtureIndex()).trimEnd(), 'rules/README.md is stale: run npm run docs');
  });
});

test('built-in rules leave message parsing to extractors: no regex on a message', () => {
  // STYLE.md: an extractor reads a message into facts; a rule compares facts. A `matches:` on a
  // name (a taint key, a probe's port) is not message parsing and may stay.
  const regexOnMessage = (n: PredicateNode): boolean =>
    n.kind === 'fact'
      ? n.path.endsWith('message') && n.tests.some((t) => t.op === 'matches')
      : n.kind === 'some'
        ? n.where !== undefined && regexOnMessage(n.where)
        : n.kind === 'not'
          ? regexOnMessage(n.of)
          : n.of.some(regexOnMessage);
  assert.deepEqual(rules.filter((r) => regexOnMessage(r.tree)).map((r) => r.id), []);
  // the check can fail
  assert.ok(regexOnMessage({ kind: 'not', of: { kind: 'fact', path: 'pod.message', tests: [{ op: 'matches', source: '^Pod ' }] } }));
});
