import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import yaml from 'js-yaml';
import { BUILTIN_RULES_DIR } from './paths.js';
import { asciiJson, cachedRule, parseRuleCache, RULE_CACHE_FILE, ruleCacheContent } from './rule-cache.js';
import type { CompiledRule } from '../rules/types.js';

test('the build wrote a rule cache that matches every built-in rule file', async () => {
  const { compileRule } = await import('../rules/load.js');
  assert.ok(existsSync(RULE_CACHE_FILE), 'npm run build writes dist/rules-cache.json');
  for (const name of readdirSync(BUILTIN_RULES_DIR).filter((n) => n.endsWith('.yaml'))) {
    const text = readFileSync(join(BUILTIN_RULES_DIR, name), 'utf8');
    // the parsed file, with the tree compiled from its match in the match's stead
    const { match: _match, ...want } = yaml.load(text, { schema: yaml.CORE_SCHEMA }) as Record<string, unknown>;
    want['tree'] = compileRule(text, join(BUILTIN_RULES_DIR, name), [])?.tree;
    // by stat, and by content
    assert.deepEqual({ ...cachedRule(name, join(BUILTIN_RULES_DIR, name)) }, want, name);
    assert.deepEqual({ ...cachedRule(name, join(BUILTIN_RULES_DIR, name), text) }, want, name);
  }
});

test('the cache is ASCII (no UTF-8 decode to read it); its escapes read back as the texts', () => {
  assert.doesNotMatch(readFileSync(RULE_CACHE_FILE, 'latin1'), /[^\x00-\x7f]/);
  const value = { ko: '컨테이너가 메모리 한도를 넘어 종료됨', emoji: 'ok \u{1F600}', quote: '"\\\n', plain: 'abc' };
  const json = asciiJson(JSON.stringify(value));
  assert.doesNotMatch(json, /[^\x00-\x7f]/);
  assert.deepEqual(JSON.parse(json), value);
  // escaped inside a JSON string that is itself a JSON value (the cache's texts)
  assert.deepEqual(JSON.parse(JSON.parse(asciiJson(JSON.stringify(asciiJson(JSON.stringify(value))))) as string), value);
});

test('the texts sit after the JSON line, each rule\'s where its entry says; the line parses without them', () => {
  const texts = { a: { en: { title: 'OOM' }, ko: { title: '메모리 부족' } }, b: { en: { title: 'quote " and \\' } } };
  const input = Object.fromEntries(Object.entries(texts).map(([n, t]) => [n, { size: 1, mtimeMs: 2, sha1: 'x', head: { id: n }, text: JSON.stringify(t) }]));
  const content = ruleCacheContent(input);
  assert.doesNotMatch(content, /[^\x00-\x7f]/);
  const [line] = content.split('\n');
  assert.doesNotMatch(line as string, /OOM|title/, 'no text in the JSON line');
  const c = parseRuleCache(content);
  assert.ok(c);
  for (const [n, t] of Object.entries(texts)) {
    const [start, length]: [number, number] = c.files[n]?.text ?? [0, 0];
    assert.deepEqual(JSON.parse(c.texts.slice(start, start + length)), t, n);
    assert.deepEqual(c.files[n]?.head, { id: n });
  }
  assert.equal(parseRuleCache('{"version": 3, "files": {}}\n'), null, 'an older cache is not read');
  assert.equal(parseRuleCache('{"version": 4, "files": {}}'), null, 'no texts line');
});

test('a rule edited after the build is not taken from the cache', () => {
  const name = 'crashloop-oomkilled.yaml';
  const text = readFileSync(join(BUILTIN_RULES_DIR, name), 'utf8');
  const path = join(BUILTIN_RULES_DIR, name);
  assert.notEqual(cachedRule(name, path, text), undefined);
  assert.equal(cachedRule(name, path, text.replace('severity: error', 'severity: warning')), undefined);
  assert.equal(cachedRule('no-such-rule.yaml', path, text), undefined);
});

test('a rule file whose size or time changed is checked by content', () => {
  const dir = mkdtempSync(join(tmpdir(), 'podwhy-cache-'));
  const name = 'crashloop-oomkilled.yaml';
  const text = readFileSync(join(BUILTIN_RULES_DIR, name), 'utf8');
  const same = join(dir, 'same.yaml');
  writeFileSync(same, text); // same content, another mtime
  assert.notEqual(cachedRule(name, same), undefined);
  const edited = join(dir, 'edited.yaml');
  writeFileSync(edited, text.replace('severity: error', 'severity: info '));
  assert.equal(cachedRule(name, edited), undefined);
});

test('rules from the cache (compiled lazily) diagnose exactly like rules compiled from their files', async () => {
  const { compileRule } = await import('../rules/load.js');
  const { loadRules } = await import('./rule-files.js');
  const { normalize } = await import('../facts/normalize.js');
  const { evaluate } = await import('../engine/evaluate.js');
  const { ruleSet } = await import('../rules/plan.js');
  const { snapshotFromTexts } = await import('../sources/file.js');
  const { shown } = await import('../../test/findings.js');
  const { FIXTURES_DIR } = await import('./paths.js');
  const cached = loadRules();
  const errors: string[] = [];
  const fresh = readdirSync(BUILTIN_RULES_DIR)
    .filter((n) => n.endsWith('.yaml'))
    .sort()
    .map((n) => compileRule(readFileSync(join(BUILTIN_RULES_DIR, n), 'utf8'), join(BUILTIN_RULES_DIR, n), errors));
  assert.deepEqual(errors, []);
  assert.deepEqual(
    cached.map((r) => r.id),
    fresh.map((r) => r?.id),
  );
  for (const f of readdirSync(FIXTURES_DIR).filter((n) => n.endsWith('.yaml'))) {
    for (const p of snapshotFromTexts([{ file: f, text: readFileSync(join(FIXTURES_DIR, f), 'utf8') }]).pods) {
      const facts = normalize(p, Date.UTC(2025, 5, 1));
      assert.deepEqual(shown(evaluate(facts, cached)), shown(evaluate(facts, ruleSet(fresh as CompiledRule[]))), f);
    }
  }
});
