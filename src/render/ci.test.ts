// The CI report formats: parsed and validated (XML well-formedness and JUnit structure, SARIF
// against the official 2.1.0 schema), escaping of hostile strings, and golden files.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { FIXTURES_DIR } from '../api/rules.js';
import { diagnose } from '../engine/diagnose.js';
import type { PodDiagnosis } from '../engine/types.js';
import { loadRules } from '../catalogue/rule-files.js';
import { snapshotFromTexts } from '../sources/file.js';
import { causesOf, MAX_ANNOTATIONS, MAX_MARKDOWN, mdEscape, renderGitHub, renderJUnit, renderMarkdown, renderSarif, xmlEscape, type CiOptions } from './ci.js';

const require = createRequire(import.meta.url);
const rules = loadRules();
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const GOLDEN = join(ROOT, 'test', 'data', 'golden');
const opts: CiOptions = { failOn: 'error', lang: 'en', rules, version: '0.0.0-test', cwd: ROOT };

function diagWith(set: typeof rules, names: string[]): PodDiagnosis[] {
  const snap = snapshotFromTexts(names.map((n) => ({ file: join('fixtures', n), text: readFileSync(join(FIXTURES_DIR, n), 'utf8') })));
  return diagnose(snap.pods, set, {});
}
const diag = (...names: string[]): PodDiagnosis[] => diagWith(rules, names);

// The golden files are rendered with a small rule folder of their own (copies of three rules, kept
// as they were): a new or edited built-in rule does not rewrite them; a change of a renderer does.
const GOLDEN_RULES = loadRules([join(GOLDEN, 'rules')]);

const SAMPLE = ['crashloop-oomkilled-jvm.yaml', 'pending-insufficient-memory.yaml', 'deployment-running-ready.yaml'];

/**
 * A pod whose every string is hostile (markup, control characters, XML-invalid bytes, mentions),
 * with the options to render it: rules whose words carry the same string.
 */
function hostile(): [PodDiagnosis[], CiOptions] {
  const pods = diag('crashloop-oomkilled-jvm.yaml');
  const p = pods[0] as PodDiagnosis;
  const evil = 'x<script>alert(1)</script>&]]>"\u0000\u0007\u001b[31m @octocat | `rm -rf` %0A::error::';
  p.name = `web-${evil}`;
  const fired = new Set(p.findings.map((f) => f.rule));
  const evilRules = rules.map((r) => {
    if (!fired.has(r.id)) return r;
    const en = r.text.en;
    return { ...r, text: { en: { title: [...en.title, { lit: ` ${evil}` }], explanation: [...en.explanation, { lit: `\n${evil}` }], remedies: [...en.remedies, [{ lit: evil }]] } } };
  });
  return [pods, { ...opts, rules: evilRules }];
}

describe('JUnit XML', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => ['testsuite', 'testcase', 'failure'].includes(n) });
  test('well-formed, with the structure Jenkins and GitLab read', () => {
    const xml = renderJUnit(diag(...SAMPLE), opts);
    assert.equal(XMLValidator.validate(xml), true);
    const doc = parser.parse(xml);
    const suites = doc.testsuites.testsuite;
    assert.equal(doc.testsuites.tests, '3');
    assert.equal(doc.testsuites.failures, '2');
    assert.equal(suites.length, 3, 'one testsuite per input file');
    for (const s of suites) {
      for (const a of ['name', 'tests', 'failures', 'errors', 'time']) assert.ok(s[a] !== undefined, `testsuite@${a}`);
      for (const c of s.testcase) for (const a of ['name', 'classname', 'time']) assert.ok(c[a] !== undefined, `testcase@${a}`);
    }
    const oom = suites.find((s: { name: string }) => s.name.endsWith('crashloop-oomkilled-jvm.yaml'));
    const failures = oom.testcase[0].failure;
    assert.deepEqual(
      failures.map((f: { type: string }) => f.type),
      ['crashloop-oomkilled', 'crashloop-backoff'],
    );
    assert.match(failures[0]['#text'], /What to do:\n {2}1\. Raise resources\.limits\.memory/);
    const healthy = suites.find((s: { name: string }) => s.name.endsWith('deployment-running-ready.yaml'));
    assert.equal(healthy.testcase[0].failure, undefined);
  });
  test('--fail-on decides what is a failure', () => {
    const none = parser.parse(renderJUnit(diag(...SAMPLE), { ...opts, failOn: 'never' }));
    assert.equal(none.testsuites.failures, '0');
  });
  test('hostile strings stay well-formed XML', () => {
    const xml = renderJUnit(...hostile());
    assert.equal(XMLValidator.validate(xml), true);
    assert.doesNotMatch(xml, /[\u0000\u0007\u001b]/);
    assert.equal(xmlEscape('a]]>b<&'), 'a]]&gt;b&lt;&amp;');
  });
});

describe('SARIF 2.1.0', () => {
  const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
  // The official schema is draft-04 and has a pattern that is only valid without the u flag.
  const Ajv04 = require('ajv-draft-04') as typeof import('ajv-draft-04').default;
  const ajv = new Ajv04({ strict: false, allErrors: true, validateFormats: false, unicodeRegExp: false });
  const validate = ajv.compile(schema);
  test('valid against the OASIS schema; the rule catalogue in tool.driver.rules; file and line per result', () => {
    const log = JSON.parse(renderSarif(diag(...SAMPLE), opts)) as { runs: { tool: { driver: { rules: { id: string; help: { text: string } }[] } }; results: { ruleId: string; ruleIndex: number; level: string; locations: { physicalLocation: unknown }[] }[] }[] };
    assert.ok(validate(log), JSON.stringify(validate.errors, null, 2));
    const run = log.runs[0] as (typeof log.runs)[number];
    assert.equal(run.tool.driver.rules.length, rules.length);
    assert.ok(run.tool.driver.rules.every((r: { help: { text: string } }) => r.help.text.includes('What to do')));
    const oom = run.results.find((r: { ruleId: string }) => r.ruleId === 'crashloop-oomkilled');
    assert.ok(oom);
    assert.deepEqual(oom.locations[0]?.physicalLocation, { artifactLocation: { uri: 'fixtures/crashloop-oomkilled-jvm.yaml' }, region: { startLine: 10 } });
    assert.equal(run.tool.driver.rules[oom.ruleIndex]?.id, 'crashloop-oomkilled');
    assert.equal(oom.level, 'error');
  });
  test('hostile strings still make a valid log', () => {
    assert.ok(validate(JSON.parse(renderSarif(...hostile()))));
  });
});

describe('GitHub annotations', () => {
  test('one ::error per root cause, with file and line; workflow-command escaping', () => {
    const out = renderGitHub(diag(...SAMPLE), opts);
    const lines = out.trim().split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0] ?? '', /^::error file=fixtures\/crashloop-oomkilled-jvm\.yaml,line=10,title=podwhy crashloop-oomkilled::shop\/orders-api-6f8d9c7b54-q7xkz/);
    const evil = renderGitHub(...hostile());
    assert.equal(evil.trim().split('\n').length, 1, 'a message never breaks into a second command');
    assert.doesNotMatch(evil, /[\u0000\u0007\u001b]/);
    assert.match(evil, /%0A/);
  });
});

describe('Markdown', () => {
  test('a summary table and details; markup and mentions are escaped', () => {
    const md = renderMarkdown(diag(...SAMPLE), opts);
    assert.match(md, /^## ❌ podwhy: 3 pods, 2 unhealthy\n/);
    assert.match(md, /\| \*\*crashloop-oomkilled\*\*: Container is killed for exceeding its memory limit \| error \| 1 pod \| `shop\/orders-api-6f8d9c7b54-q7xkz` \|/);
    const evil = renderMarkdown(...hostile());
    assert.doesNotMatch(evil, /<script>|@octocat/);
    assert.equal(mdEscape('a|b @x <i>'), 'a\\|b &#64;x &lt;i&gt;');
  });
});

describe('many unhealthy pods: grouped by cause, within what CI readers show', () => {
  // 200 unhealthy pods from the fixtures, many causes, some shared by many pods
  const all = diag(...readdirSync(FIXTURES_DIR).filter((f) => f.endsWith('.yaml')).sort());
  const unhealthy = all.filter((p) => !p.healthy);
  const many: PodDiagnosis[] = [];
  for (let i = 0; many.length < 200; i++) {
    const p = unhealthy[i % 40] as PodDiagnosis;
    many.push({ ...p, name: `${p.name ?? 'pod'}-${i}` });
  }
  const causes = causesOf(many, opts);

  test('-o github: at most 10 annotations, one per cause, naming how many pods share it; the rest in the last', () => {
    assert.ok(causes.length > MAX_ANNOTATIONS, `the sample has ${causes.length} causes`);
    const lines = renderGitHub(many, opts).trim().split('\n');
    assert.equal(lines.length, MAX_ANNOTATIONS);
    const top = causes[0];
    assert.ok(top && top.pods.length > 1);
    assert.match(lines[0] ?? '', new RegExp(`title=podwhy ${top?.rule} \\(${top?.pods.length} pods\\)::`));
    assert.match(lines[0] ?? '', / and \d+ more: /);
    assert.match(lines.at(-1) ?? '', new RegExp(`title=podwhy%3A ${causes.length - MAX_ANNOTATIONS + 1} more root causes::`));
    for (const c of causes.slice(MAX_ANNOTATIONS - 1)) assert.ok(lines.at(-1)?.includes(c.rule), c.rule);
  });

  test('-o markdown: grouped by cause, under 60,000 characters, saying what it left out', () => {
    const md = renderMarkdown(many, opts);
    assert.ok(md.length <= MAX_MARKDOWN, `${md.length} characters`);
    for (const c of causes) assert.ok(md.includes(`**${c.rule.replace(/-/g, '-')}**`), c.rule);
    const explained = (md.match(/<details>/g) ?? []).length;
    const left = Number(/_(\d+) root causes?'s? details left out/.exec(md)?.[1] ?? 0);
    assert.equal(explained + left, causes.length, 'each cause explained once, or counted as left out');
    assert.ok(explained >= 10, `${explained} explained`);
    const small = renderMarkdown(many, opts, 8000);
    assert.ok(small.length <= 8000, `${small.length}`);
    assert.match(small, /_\d+ root causes' details left out to stay within a comment's size/);
  });

  test('every format is a valid document for an empty result', () => {
    assert.equal(renderGitHub([], opts), '');
    assert.match(renderMarkdown([], opts), /No pods in the input\./);
    assert.ok(XMLValidator.validate(renderJUnit([], opts)) === true);
    const sarif = JSON.parse(renderSarif([], opts)) as { runs: { results: unknown[] }[] };
    assert.deepEqual(sarif.runs[0]?.results, []);
  });
});

describe('golden files', () => {
  const cases: [string, (p: PodDiagnosis[], o: CiOptions) => string, string][] = [
    ['junit.xml', renderJUnit, 'xml'],
    ['sarif.json', renderSarif, 'json'],
    ['github.txt', renderGitHub, 'txt'],
    ['markdown.md', renderMarkdown, 'md'],
  ];
  for (const [name, render] of cases) {
    test(name, () => {
      const actual = render(diagWith(GOLDEN_RULES, SAMPLE), { ...opts, rules: GOLDEN_RULES });
      const file = join(GOLDEN, name);
      if (process.env['PODWHY_UPDATE_GOLDEN'] === '1' || !existsSync(file)) {
        mkdirSync(GOLDEN, { recursive: true });
        writeFileSync(file, actual);
      }
      assert.equal(actual, readFileSync(file, 'utf8'), `${name} changed: review it, then PODWHY_UPDATE_GOLDEN=1 npm test`);
    });
  }
});
