import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { RuleLoadError } from '../model/errors.js';
import { checkRuleSet, compileRule, messageTextTests } from './load.js';
import { BUILTIN_RULES_DIR, loadRules } from '../catalogue/rule-files.js';
import type { CompiledRule } from './types.js';

const GOOD = `id: sample-rule
severity: error
stage: runtime
scope: container
match:
  all:
    - fact: container.lastState.terminated.reason
      equals: OOMKilled
    - some: container.events
      as: e
      where:
        fact: e.reason
        matches: "^Back-?off$"
evidence: [container.lastState.terminated.reason, e.message]
docs: [https://kubernetes.io/docs/]
text:
  en:
    title: Sample {{container.name}}
    explanation: Limit {{container.resources.limits.memory | default "none"}}, event {{e.message | truncate 40}}.
    remedies: [Do the thing.]
`;

function errorsFor(source: string, file = 'rules/sample-rule.yaml'): string[] {
  const errors: string[] = [];
  compileRule(source, file, errors);
  return errors;
}

describe('rule loader', () => {
  test('a valid rule compiles', () => {
    const errors: string[] = [];
    const r = compileRule(GOOD, 'rules/sample-rule.yaml', errors);
    assert.deepEqual(errors, []);
    assert.equal(r?.id, 'sample-rule');
    assert.equal(r?.aliasLists.get('e')?.list, 'container.events');
  });

  const cases: [string, (s: string) => string, RegExp][] = [
    ['unknown fact path', (s) => s.replace('container.lastState.terminated.reason\n', 'container.lastSate.terminated.reason\n'), /match\.all\[0\]\.fact: unknown fact "container\.lastSate\.terminated\.reason"/],
    ['unknown placeholder', (s) => s.replace('Sample {{container.name}}', 'Sample {{container.nmae}}'), /text\.en\.title: unknown placeholder "\{\{container\.nmae\}\}"/],
    ['unknown filter', (s) => s.replace('truncate 40', 'shout'), /unknown filter "shout"/],
    ['filter missing its argument', (s) => s.replace('default "none"', 'default'), /filter "default" needs an argument/],
    ['bad regex', (s) => s.replace('"^Back-?off$"', '"(unclosed"'), /match\.all\[1\]\.where\.matches: invalid regular expression/],
    ['regex that backtracks catastrophically', (s) => s.replace('"^Back-?off$"', '"^(a+)+$"'), /regular expression "\^\(a\+\)\+\$" may backtrack catastrophically/],
    ['regex far too long', (s) => s.replace('"^Back-?off$"', `"${'x'.repeat(501)}"`), /regular expression longer than 500 characters/],
    ['a tag that would construct code', (s) => s.replace('equals: OOMKilled', 'equals: !!js/function "function () { return 1 }"'), /unknown tag !<tag:yaml\.org,2002:js\/function>/],
    ['id differs from file name', (s) => s.replace('id: sample-rule', 'id: other-rule'), /id: "other-rule" must equal the file name "sample-rule"/],
    ['id not kebab-case', (s) => s.replace('id: sample-rule', 'id: Sample_Rule'), /id: expected a kebab-case id/],
    ['bad severity', (s) => s.replace('severity: error', 'severity: fatal'), /severity: expected one of error, warning, info/],
    ['bad stage', (s) => s.replace('stage: runtime', 'stage: later'), /stage: expected one of/],
    ['a stage one edit away', (s) => s.replace('stage: runtime', 'stage: runtme'), /stage: expected one of .* — did you mean "runtime"\?$/],
    ['a severity one edit away', (s) => s.replace('severity: error', 'severity: eror'), /severity: expected one of error, warning, info — did you mean "error"\?$/],
    ['a scope one edit away', (s) => s.replace('scope: container', 'scope: containers'), /scope: expected pod, container or workload — did you mean "container"\?$/],
    ['unknown top-level field', (s) => `${s}colour: red\n`, /colour: unknown field/],
    ['container fact in pod scope', (s) => s.replace('scope: container', 'scope: pod'), /"container\.lastState\.terminated\.reason" needs scope: container/],
    ['alias used outside its some', (s) => s.replace('evidence: [container.lastState.terminated.reason, e.message]', 'evidence: [x.message]'), /evidence\[0\]: unknown fact "x\.message"/],
    ['numeric operator on a string fact', (s) => s.replace('equals: OOMKilled', 'gt: 3'), /"container\.lastState\.terminated\.reason" is a string; gt needs a number fact/],
    ['some over a non-list', (s) => s.replace('some: container.events', 'some: container.name'), /"container\.name" is not a list/],
    ['missing english text', (s) => s.replace('  en:\n', '  ko:\n'), /text\.en: required/],
    ['unknown language', (s) => `${s}  fr:\n    title: x\n    explanation: y\n    remedies: [z.]\n`, /text\.fr: unknown language/],
    ['plain scalar turned into a mapping', (s) => s.replace('remedies: [Do the thing.]', 'remedies:\n      - Set optional: true on it.'), /quote text that contains ": "/],
    ['docs must be https', (s) => s.replace('https://kubernetes.io/docs/', 'http://example.com'), /docs\[0\]: expected an https URL/],
    ['invalid YAML', () => 'id: [unclosed', /rules\/sample-rule\.yaml: /],
    ['unknown predicate', (s) => s.replace('    - fact: container.lastState.terminated.reason\n      equals: OOMKilled', '    - whatever: 1'), /match\.all\[0\]: unknown predicate/],
    // closed vocabularies (src/rules/vocabulary.ts)
    [
      'a value an extractor never produces',
      (s) => s.replace('fact: container.lastState.terminated.reason\n      equals: OOMKilled', 'fact: container.startError.kind\n      equals: runtime-timout'),
      /^rules\/sample-rule\.yaml: match\.all\[0\]\.equals: "runtime-timout" is not a value of container\.startError\.kind — did you mean "runtime-timeout"\?$/,
    ],
    [
      'a value far from every kind lists them',
      (s) => s.replace('fact: container.lastState.terminated.reason\n      equals: OOMKilled', 'fact: container.lastState.terminated.meaning\n      in: [oom-killed, sigkill]'),
      /match\.all\[0\]\.in\[1\]: "sigkill" is not a value of container\.lastState\.terminated\.meaning — its values are success, app-error, .*, out-of-range$/,
    ],
    [
      'a vocabulary value in the wrong case',
      (s) => s.replace('fact: container.lastState.terminated.reason\n      equals: OOMKilled', 'fact: container.state.kind\n      equals: Waiting'),
      /"Waiting" is not a value of container\.state\.kind — did you mean "waiting"\?/,
    ],
    [
      'an alias reaches the vocabulary of its list\'s elements',
      (s) => s.replace('fact: e.reason\n        matches: "^Back-?off$"', 'fact: e.type\n        equals: Warnng'),
      /match\.all\[1\]\.where\.equals: "Warnng" is not a value of e\.type — did you mean "Warning"\?/,
    ],
    [
      'a prefix no value has',
      (s) => s.replace('fact: container.lastState.terminated.reason\n      equals: OOMKilled', 'fact: container.logs.signature\n      startsWith: jvm-'),
      /match\.all\[0\]\.startsWith: "jvm-" is not the start of any value of container\.logs\.signature/,
    ],
    [
      'a regex no value matches',
      (s) => s.replace('fact: container.lastState.terminated.reason\n      equals: OOMKilled', 'fact: container.imagePull.kind\n      matches: "^rate-limit$"'),
      /match\.all\[0\]\.matches: \/\^rate-limit\$\/ matches no value of container\.imagePull\.kind/,
    ],
    [
      'a number compared with a string',
      (s) => s.replace('fact: container.lastState.terminated.reason\n      equals: OOMKilled', 'fact: container.lastState.terminated.exitCode\n      equals: "137"'),
      /"137" is a string, but container\.lastState\.terminated\.exitCode is a number: the rule could never match/,
    ],
    // Kubernetes reasons: near misses of a known one
    ['a reason one edit from a known one', (s) => s.replace('equals: OOMKilled', 'equals: OOMKiled'), /match\.all\[0\]\.equals: "OOMKiled" is not a reason Kubernetes is known to emit — did you mean "OOMKilled"\?/],
    ['a reason two edits from a known one', (s) => s.replace('equals: OOMKilled', 'in: [Error, CrashLopBakcOff]'), /match\.all\[0\]\.in\[1\]: "CrashLopBakcOff" .* did you mean "CrashLoopBackOff"\?/],
    ['a reason in the wrong case', (s) => s.replace('equals: OOMKilled', 'equals: oomkilled'), /"oomkilled" is not a reason Kubernetes is known to emit — did you mean "OOMKilled"\?/],
    ['an event reason through an alias', (s) => s.replace('fact: e.reason\n        matches: "^Back-?off$"', 'fact: e.reason\n        equals: FailedMont'), /match\.all\[1\]\.where\.equals: .* did you mean "FailedMount"\?/],
  ];
  for (const [name, mutate, want] of cases) {
    test(`rejects: ${name}`, () => {
      const errors = errorsFor(mutate(GOOD));
      assert.ok(errors.length > 0, 'expected an error');
      assert.ok(
        errors.every((e) => e.startsWith('rules/sample-rule.yaml: ')),
        `every error names the file: ${errors.join(' | ')}`,
      );
      assert.ok(
        errors.some((e) => want.test(e)),
        `wanted ${want} in:\n${errors.join('\n')}`,
      );
    });
  }

  test('reasons far from every known one load: runtimes and controllers name their own', () => {
    for (const reason of ['RuntimeHandlerNotFound', 'MyOperatorGaveUp', 'OutOfexample.com/fpga', 'OOMKilled']) {
      const errors = errorsFor(GOOD.replace('equals: OOMKilled', `equals: ${reason}`));
      assert.deepEqual(errors, [], reason);
    }
    // ignoreCase makes a reason in another case the same reason
    assert.deepEqual(errorsFor(GOOD.replace('equals: OOMKilled', 'equals: oomkilled\n      ignoreCase: true')), []);
    // and a vocabulary value too
    assert.deepEqual(errorsFor(GOOD.replace('fact: container.lastState.terminated.reason\n      equals: OOMKilled', 'fact: container.state.kind\n      equals: WAITING\n      ignoreCase: true')), []);
  });

  test('every built-in rule passes the checks of a rule file read at run time', () => {
    const errors: string[] = [];
    for (const name of readdirSync(BUILTIN_RULES_DIR).filter((n) => n.endsWith('.yaml'))) {
      const file = join(BUILTIN_RULES_DIR, name);
      compileRule(readFileSync(file, 'utf8'), file, errors);
    }
    assert.deepEqual(errors, []);
  });

  test('supersedes: unknown target and cycles', () => {
    const mk = (id: string, sup: string[]): CompiledRule => {
      const errors: string[] = [];
      const r = compileRule(GOOD.replace('id: sample-rule', `id: ${id}`) + `supersedes: [${sup.join(', ')}]\n`, `rules/${id}.yaml`, errors);
      assert.deepEqual(errors, []);
      return r as CompiledRule;
    };
    const errors: string[] = [];
    checkRuleSet([mk('a', ['b']), mk('b', ['c']), mk('c', ['a']), mk('d', ['nope'])], errors);
    assert.ok(errors.some((e) => /supersedes: cycle a → b → c → a/.test(e)), errors.join('\n'));
    assert.ok(errors.some((e) => /rules\/d\.yaml: supersedes: unknown rule "nope"/.test(e)));
  });

  test('a directory with a stray file and a duplicate id is rejected as a whole', () => {
    const dir = mkdtempSync(join(tmpdir(), 'podwhy-rules-'));
    writeFileSync(join(dir, 'sample-rule.yaml'), GOOD);
    writeFileSync(join(dir, 'notes.yml'), 'x: 1');
    mkdirSync(join(dir, 'more'));
    writeFileSync(join(dir, 'more', 'sample-rule.yaml'), GOOD);
    assert.throws(
      () => loadRules([dir, join(dir, 'more')]),
      (e: unknown) => {
        assert.ok(e instanceof RuleLoadError);
        assert.ok(e.problems.some((p) => p.endsWith('notes.yml: not a rule file (rules are <id>.yaml; README.md and the docs/ folder are the only other entries allowed)')));
        assert.ok(e.problems.some((p) => /id: "sample-rule" is already defined in/.test(p)));
        return true;
      },
    );
  });

  test('a docs/ folder (the generated rule pages) is skipped; a file named docs is not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'podwhy-rules-'));
    writeFileSync(join(dir, 'sample-rule.yaml'), GOOD);
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', 'sample-rule.md'), '# sample-rule\n');
    assert.deepEqual(
      loadRules([dir]).map((r) => r.id),
      ['sample-rule'],
    );
    const other = mkdtempSync(join(tmpdir(), 'podwhy-rules-'));
    writeFileSync(join(other, 'docs'), 'x');
    assert.throws(() => loadRules([other]), (e: unknown) => e instanceof RuleLoadError && e.problems.some((p) => p.endsWith(`${join(other, 'docs')}: not a rule file (rules are <id>.yaml; README.md and the docs/ folder are the only other entries allowed)`)));
  });

  test('the built-in rules load', () => {
    assert.ok(loadRules().length >= 30);
  });

  test('a built-in rule may not test message text; a user rule may', () => {
    // GOOD's only message is evidence; this one matches an event's words
    const wordy = GOOD.replace('        matches: "^Back-?off$"', '        matches: "^Back-?off$"\n    - fact: container.lastState.terminated.message\n      contains: "killed"\n    - fact: container.state.waiting.message\n      exists: true');
    const dir = mkdtempSync(join(tmpdir(), 'podwhy-rules-'));
    writeFileSync(join(dir, 'sample-rule.yaml'), wordy);
    // a user's --rules folder: loads
    assert.deepEqual(
      loadRules([dir]).map((r) => r.id),
      ['sample-rule'],
    );
    // the same folder as the package's own rules: one line naming the rule file and the fact
    assert.throws(
      () => loadRules([dir], dir),
      (e: unknown) => {
        assert.ok(e instanceof RuleLoadError);
        assert.deepEqual(e.problems, [
          `${join(dir, 'sample-rule.yaml')}: match: a built-in rule may not test message text (container.lastState.terminated.message contains "killed"): add an extractor that names what the message says as a fact, and match that (rules/README.md, "Adding a diagnosis")`,
        ]);
        return true;
      },
    );
    // message in evidence and templates, and `exists` on it, are not tests of its text
    writeFileSync(join(dir, 'sample-rule.yaml'), GOOD);
    assert.deepEqual(
      loadRules([dir], dir).map((r) => r.id),
      ['sample-rule'],
    );
  });

  test('no shipped rule tests message text (read from the files, not the build\'s cache)', () => {
    for (const name of readdirSync(BUILTIN_RULES_DIR).filter((n) => n.endsWith('.yaml'))) {
      const errors: string[] = [];
      const r = compileRule(readFileSync(join(BUILTIN_RULES_DIR, name), 'utf8'), join(BUILTIN_RULES_DIR, name), errors);
      assert.deepEqual(errors, []);
      assert.deepEqual(messageTextTests((r as CompiledRule).tree), [], name);
    }
  });
});
