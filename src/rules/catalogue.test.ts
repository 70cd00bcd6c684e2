// The catalogue lint (kube-linter's built-in check tests, ESLint's checkRuleFiles): wording
// conventions, docs links, languages, and rules/README.md and rules/docs/ in step with the rules.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fixtureIndex } from '../api/rule-listing.js';
import { docsPagesIn } from '../api/rules.js';
import { BUILTIN_RULES_DIR, loadRules } from '../catalogue/rule-files.js';
import { DOCS_DIR, FACTS_PAGE, generatedPart, pageOf, renderDocsPages, renderRulesIndex, staleDocs, templateSource } from './docs.js';
import { LANGS } from '../model/vocabulary.js';
import type { PredicateNode } from './tree.js';

const rules = loadRules();
const fixtures = fixtureIndex();

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

  test('rules/README.md\'s index is generated from the rules (run `npm run docs`)', () => {
    const readme = readFileSync(join(BUILTIN_RULES_DIR, 'README.md'), 'utf8');
    const part = generatedPart(readme);
    assert.ok(part, 'rules/README.md lacks the generated section');
    assert.equal(part, renderRulesIndex(rules).trimEnd(), 'rules/README.md is stale: run npm run docs');
    assert.ok(readme.split('\n').length < 400, 'rules/README.md is an index and a guide; the catalogue is in rules/docs/');
  });

  test('rules/docs/ holds exactly one generated page per rule, and the fact catalogue (run `npm run docs`)', () => {
    const dir = join(BUILTIN_RULES_DIR, DOCS_DIR);
    const onDisk = new Map(docsPagesIn(dir).map((n) => [n, readFileSync(join(dir, n), 'utf8')] as const));
    const generated = renderDocsPages(rules, fixtures);
    assert.equal(generated.size, rules.length + 1);
    assert.deepEqual(staleDocs(onDisk, generated), [], 'rules/docs/ is stale: run npm run docs');
  });

  test('a stale page, a missing page and a page of a removed rule are each reported', () => {
    const generated = renderDocsPages(rules, fixtures);
    const onDisk = new Map(generated);
    const [first, second] = rules.map((r) => pageOf(r.id)).sort();
    onDisk.set(first as string, `${onDisk.get(first as string)}edited by hand\n`);
    onDisk.delete(second as string);
    onDisk.set('crashloop-old-name.md', '# crashloop-old-name\n');
    assert.deepEqual(staleDocs(onDisk, generated), [`${DOCS_DIR}/${first}: stale`, `${DOCS_DIR}/${second}: missing`, `${DOCS_DIR}/crashloop-old-name.md: no rule has this page (a removed or renamed rule?)`].sort());
    assert.ok(generated.has(FACTS_PAGE));
  });

  test('a rule page carries every language\'s title, explanation and remedies, and links what it supersedes', () => {
    const generated = renderDocsPages(rules, fixtures);
    for (const r of rules) {
      const page = generated.get(pageOf(r.id)) as string;
      for (const l of LANGS) {
        const t = r.text[l];
        if (!t) continue;
        for (const part of [t.title, t.explanation, ...t.remedies]) assert.ok(page.includes(templateSource(part).trim()), `${r.id} (${l}): ${templateSource(part).slice(0, 60)}`);
      }
      for (const s of r.supersedes) assert.ok(page.includes(`[${s}](${pageOf(s)})`), `${r.id} → ${s}`);
      for (const f of fixtures.get(r.id) ?? []) assert.ok(page.includes(`(../../fixtures/${f})`), `${r.id}: ${f}`);
    }
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
