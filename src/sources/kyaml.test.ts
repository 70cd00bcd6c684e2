// The fast reader must agree with js-yaml on every text it accepts: differential tests over the
// fixtures, kubectl-style output of generated objects, other YAML styles, and mutated texts.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import yaml from 'js-yaml';
import { FIXTURES_DIR } from '../api/rules.js';
import { toKubectlYaml } from '../../test/kubectl-yaml.js';
import { BAIL, lastBail, parseKubectlYaml, resolvePlain } from './kyaml.js';

const OPTS = { schema: yaml.CORE_SCHEMA, json: true };
const RUNS = Number(process.env['PODWHY_FUZZ_RUNS'] ?? 400);

/** js-yaml's answer: the value, or 'error'. */
function reference(text: string): unknown {
  try {
    return { value: yaml.load(text, OPTS) };
  } catch {
    return 'error';
  }
}

/** Where two values first differ, as a path with both sides. */
function firstDiff(a: unknown, b: unknown, path = '$'): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return `${path}: ${JSON.stringify(a)} vs js-yaml ${JSON.stringify(b)}`;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join('\0') !== kb.join('\0')) return `${path}: keys ${JSON.stringify(ka)} vs js-yaml ${JSON.stringify(kb)}`;
  for (const k of ka) {
    const d = firstDiff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

/** The fast reader either bails or returns exactly js-yaml's value (never a value for an error). */
function agrees(text: string, where = ''): boolean {
  const fast = parseKubectlYaml(text);
  if (fast === BAIL) return false;
  const ref = reference(text);
  if (ref === 'error') assert.fail(`js-yaml refuses this text but the fast reader read it${where}:\n${text.slice(0, 2000)}`);
  const d = firstDiff(fast, (ref as { value: unknown }).value);
  if (d) assert.fail(`${d}${where}\n${text.length > 2000 ? '(text elided)' : text}`);
  return true;
}

const documents = (text: string) => text.split(/^---$/m).filter((d) => d.trim() !== '');
const fixtureTexts = readdirSync(FIXTURES_DIR)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => readFileSync(join(FIXTURES_DIR, f), 'utf8'));

describe('resolvePlain', () => {
  const scalars = ['~', 'null', 'Null', 'NULL', 'nULL', 'true', 'True', 'TRUE', 'tRue', 'false', 'FALSE', 'yes', 'on', '0', '-0', '+0', '007', '12', '-12', '+12', '0x1F', '0X1F', '0o17', '0b101', '0b', '0x', '1_000', '1.5', '1.', '.5', '-.5', '1e3', '1E-3', '1.5e+3', '.inf', '-.Inf', '+.INF', '.nan', '.NaN', '10.0.0.1', '100m', '1Gi', '1.28', '123456789012345678901234567890', '9'.repeat(400), '+', '.', '..', '2025-01-01', '12:30', 'e3', '0.0.0.0', '1e', '1e+'];
  for (const s of scalars) {
    test(JSON.stringify(s), () => assert.deepStrictEqual(resolvePlain(s), yaml.load(s, OPTS)));
  }
  test('arbitrary number-like strings agree with js-yaml', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[-+.0-9eExXoObB_a-fA-FinfINFNa]{1,12}$/), (s) => {
        const ref = reference(`k: ${s}`);
        if (ref === 'error' || s.startsWith('-') && s.length === 1) return;
        assert.deepStrictEqual(resolvePlain(s), (ref as { value: Record<string, unknown> }).value['k']);
      }),
      { numRuns: RUNS * 5 },
    );
  });

  test('re-indented and re-marked lines: equal or bail', () => {
    const docs = fixtureTexts.flatMap(documents).filter((d) => !d.includes('PodwhyFixture'));
    let read = 0;
    const edit = fc.record({ line: fc.nat(), change: fc.constantFrom('+1', '+2', '-1', '-2', 'dash', 'undash', 'blank', 'dup', 'drop') });
    fc.assert(
      fc.property(fc.nat({ max: docs.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 3 }), (i, edits) => {
        const lines = (docs[i] as string).split('\n');
        for (const e of edits) {
          const n = e.line % lines.length;
          const l = lines[n] as string;
          if (e.change === '+1' || e.change === '+2') lines[n] = ' '.repeat(Number(e.change)) + l;
          else if (e.change === '-1' || e.change === '-2') lines[n] = l.replace(new RegExp(`^ {0,${-Number(e.change)}}`), '');
          else if (e.change === 'dash') lines[n] = l.replace(/^( *)/, '$1- ');
          else if (e.change === 'undash') lines[n] = l.replace(/^( *)- /, '$1  ');
          else if (e.change === 'blank') lines.splice(n, 0, ' '.repeat(n % 7));
          else if (e.change === 'dup') lines.splice(n, 0, l);
          else lines.splice(n, 1);
        }
        if (agrees(lines.join('\n'))) read++;
      }),
      { numRuns: RUNS * 5 },
    );
    // The fast path is exercised, not only its bail-outs.
    assert.ok(read > RUNS / 2, `only ${read} mutated documents were read fast`);
  });
});

describe('parseKubectlYaml', () => {
  test('every fixture document: same value as js-yaml, and nearly all read without bailing', () => {
    let docs = 0;
    let fast = 0;
    for (const t of fixtureTexts) {
      for (const d of documents(t)) {
        const ok = agrees(d);
        docs++;
        if (ok) fast++;
        else if (process.env['PODWHY_DEBUG']) process.stderr.write(`bail ${lastBail}\n${d.slice(0, 300)}\n\n`);
      }
    }
    // A few fixtures are hand-written manifests (flow sequences); the rest is kubectl output.
    assert.ok(fast / docs > 0.98, `${fast}/${docs} read fast`);
  });

  test('kubectl-style output of every fixture object is read fast and exactly', () => {
    for (const t of fixtureTexts) {
      for (const v of yaml.loadAll(t, null, OPTS)) {
        const text = toKubectlYaml(v);
        assert.ok(agrees(text), `bailed (${lastBail}) on:\n${text}`);
      }
    }
  });

  test('a List with sequence entries, literal blocks and folded scalars', () => {
    const text = [
      'apiVersion: v1',
      'items:',
      '- apiVersion: v1',
      '  kind: Pod',
      '  metadata:',
      '    annotations:',
      '      kubectl.kubernetes.io/last-applied-configuration: |',
      '        {"apiVersion":"v1"}',
      '      note: |-',
      '        line one',
      '',
      '          indented',
      '      indented: |2-',
      '           three more',
      '         one more',
      '      keep: |+',
      '        kept',
      '',
      '    name: web',
      '  status:',
      "    message: 'a long message that was folded by the emitter: it goes on and on past eighty",
      "      columns, and it''s quoted'",
      '    reason: "tab\\there \\u00e9 \\x41 \\" and a \\',
      '      continued"',
      '    ports:',
      '    - 80',
      '    - name: x',
      '      port: 0x1F',
      '    - {}',
      '    - []',
      '    -',
      '    - ~',
      'kind: List',
      'metadata:',
      '  resourceVersion: ""',
      '',
    ].join('\n');
    assert.ok(agrees(text));
  });

  test('folded blocks: hand cases agree with js-yaml and are read fast', () => {
    const cases = [
      'a: >\n  one\n  two\n',
      'a: >-\n  one\n  two\n\n  three\n',
      'a: >+\n  one\n\n\nb: 1\n',
      'a: >\n  one\n\n\n',
      'a: >-\n\n  after a blank\n  line\n',
      // more-indented lines keep their breaks, and the lines next to them too
      'a: >\n  folded\n  text\n    more indented\n    again\n\n  back\n  here\n',
      'a: >2\n    first more\n  then\n  not\n',
      'a: >2-\n     three more\n   one more\n   and\n',
      'a: >-2\n    x\n   y\n',
      'a: >\n  tab\n  \tstarts\n  this\n',
      'a: >\n  spaces only\n      \n  next\n',
      '- >\n  in a\n  sequence\n- >-\n  two\n',
      'description: >-\n  A fixture header: what the pod shows, folded over\n  several lines by hand.\nkind: PodwhyFixture\n',
      'a: >\n  x\nb: >-\n  y\n  z\nc: 1\n',
    ];
    for (const c of cases) assert.ok(agrees(c), `bailed (${lastBail}) on ${JSON.stringify(c)}`);
  });

  test('generated folded and literal blocks: equal or bail, mostly read fast', () => {
    const line = fc.oneof(
      fc.constant(''),
      fc.constantFrom('word', 'two words', 'a: b', 'x #y', '- item', "it's", '"q"', 'trailing ', ' lead', '\tlead', '  deeper', '    deeper still', 'é ü'),
      fc.string({ maxLength: 12 }).filter((x) => !/[\r\n]/.test(x)),
    );
    const block = fc.record({
      style: fc.constantFrom('|', '>'),
      chomp: fc.constantFrom('', '-', '+'),
      explicit: fc.constantFrom('', '', '1', '2', '3'),
      indent: fc.constantFrom(1, 2, 3, 4),
      lines: fc.array(line, { minLength: 0, maxLength: 8 }),
      inSeq: fc.boolean(),
      after: fc.constantFrom('', 'b: 1\n', '\n\nb: 2\n', '  \n'),
    });
    let read = 0;
    fc.assert(
      fc.property(block, (b) => {
        const head = `${b.style}${b.chomp}${b.explicit}`;
        const pad = ' '.repeat(b.indent);
        const body = b.lines.map((l) => (l === '' ? '' : pad + l)).join('\n');
        const text = b.inSeq ? `- ${head}\n${body.replace(/^(?=.)/gm, '  ')}\n` : `a: ${head}\n${body}\n${b.after}`;
        if (agrees(text)) read++;
      }),
      { numRuns: RUNS * 2 },
    );
    assert.ok(read > RUNS / 2, `only ${read} generated blocks were read fast`);
  });

  test('strings js-yaml dumps as folded blocks: read fast and exactly', () => {
    let read = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom('word', 'longer-word', ' ', '  ', '\n', '\n\n', 'x'.repeat(30)), { minLength: 1, maxLength: 40 }).map((a) => a.join('')), (v) => {
        if (agrees(yaml.dump({ a: v, b: [v] }, { lineWidth: 20 }))) read++;
      }),
      { numRuns: RUNS },
    );
    assert.ok(read > RUNS / 2, `only ${read} dumped texts were read fast`);
  });

  test('flow sequences of words: agree with js-yaml; anything else in brackets bails', () => {
    const fast = ['a: [x]\n', 'a: [x, y-z, a.b/c_d]\n', 'a: [ x ,y ]\n', 'a: [1, 0x10, true, null, 1e3, 2025]\n', '- [a, b]\n- c\n', 'fires: [image-pull-not-found, sandbox-create-failed]\nb: 1\n'];
    for (const t of fast) assert.ok(agrees(t), `bailed (${lastBail}) on ${JSON.stringify(t)}`);
    for (const t of ['a: ["q"]\n', 'a: [a, ]\n', 'a: [a: b]\n', 'a: [a #b]\n', 'a: [-1]\n', 'a: [.5]\n', 'a: [[a]]\n', 'a: [a,\n  b]\n', 'a: [a] x\n']) {
      assert.equal(parseKubectlYaml(t), BAIL, t);
    }
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9._/:#, -]{0,8}$/), { maxLength: 4 }), fc.constantFrom(',', ', ', ' , '), (words, sep) => {
        agrees(`a: [${words.join(sep)}]\nb: 1\n`);
      }),
      { numRuns: RUNS },
    );
  });

  const bailOn = {
    anchor: 'a: &x 1\nb: *x\n',
    tag: 'a: !!str 1\n',
    comment: 'a: 1 # one\n',
    'comment line': '# c\na: 1\n',
    flow: 'a: {b: 1}\n',
    'flow sequence of quoted scalars': 'a: ["b"]\n',
    'comment after a folded header': 'a: > # c\n  x\n',
    tab: 'a:\n\tb: 1\n',
    crlf: 'a: 1\r\nb: 2\r\n',
    'complex key': '? a\n: 1\n',
    'nested sequence': '- - a\n',
    'top-level scalar': 'hello\n',
    'proto key': '__proto__: {}\n',
  };
  for (const [name, text] of Object.entries(bailOn)) {
    test(`bails on ${name}`, () => assert.equal(parseKubectlYaml(text), BAIL));
  }

  test('generated objects in kubectl style', () => {
    const key = fc.oneof(fc.constantFrom('name', 'apiVersion', 'f:spec', 'k:{"name":"a"}', '.', 'a.b/c', 'x y', "it's", '"q"', 'a:b', '-x', 'ключ'), fc.string({ maxLength: 8 }));
    const str = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', ' ', 'a: b', 'x #y', '- x', '#', "'", '"', '\\', '|', '>', 'null', 'true', '0x10', '1e3', '.5', '10.0.0.1', '2025-01-01T00:00:00Z', 'line\nline', 'trail\n', 'two\n\n', ' lead', '\tx', 'é', '\u2028', '\u0007'),
      fc.array(fc.constantFrom('word', ' ', 'a:', 'b', '\n', "'", '"', '#', 'long-token-' + 'x'.repeat(30)), { maxLength: 30 }).map((a) => a.join('')),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ maxDepth: 4 }, str, fc.integer(), fc.double({ noNaN: false }), fc.boolean(), fc.constant(null), tie('map'), tie('list')),
      map: fc.dictionary(key, tie('node'), { maxKeys: 5 }),
      list: fc.array(tie('node'), { maxLength: 4 }),
    })).map;
    fc.assert(
      fc.property(value, (v) => {
        agrees(toKubectlYaml(v));
      }),
      { numRuns: RUNS },
    );
  });

  test('other YAML styles: equal or bail', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.record({ indent: fc.constantFrom(2, 4), noArrayIndent: fc.boolean(), lineWidth: fc.constantFrom(20, 80, -1), quotingType: fc.constantFrom("'", '"') as fc.Arbitrary<"'" | '"'>, forceQuotes: fc.boolean() }), (v, style) => {
        if (typeof v !== 'object' || v === null) return;
        agrees(yaml.dump(v, style));
      }),
      { numRuns: RUNS },
    );
  });

  test('mutated fixture texts: equal or bail, never a different value', () => {
    const docs = fixtureTexts.flatMap(documents);
    const edit = fc.record({ at: fc.nat(), del: fc.nat({ max: 3 }), ins: fc.constantFrom('', ' ', '  ', '\n', ':', ': ', '- ', '#', "'", '"', '\\', '|', '|-', '>', '{', '}', '[]', '\t', '&a ', '*a', '!', '\n  ', '\n- ', '0x', '~', '\r') });
    fc.assert(
      fc.property(fc.nat({ max: docs.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 4 }), (i, edits) => {
        let t = docs[i] as string;
        const at: number[] = [];
        for (const e of edits) {
          const a = e.at % (t.length + 1);
          at.push(a);
          t = t.slice(0, a) + e.ins + t.slice(a + e.del);
        }
        agrees(t, `\nafter edits at ${at.join(', ')}: ${at.map((a) => JSON.stringify(t.slice(Math.max(0, a - 80), a + 80))).join('\n')}`);
      }),
      { numRuns: RUNS * 5 },
    );
  });
});
