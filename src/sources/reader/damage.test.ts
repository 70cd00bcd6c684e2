// Damaged structured input: where a YAML or JSON document breaks, what of it is still read, and
// which inputs count as a document (and so as damaged) rather than as pasted text. Every case is
// read in several chunkings and, for Lists, whole and item by item and past the size up to which
// the reader keeps the text: the answer must not depend on any of that.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FIXTURES_DIR } from '../../catalogue/paths.js';
import { generatePods, prng } from '../../../tools/bench/inputs.js';
import { toKubectlYaml } from '../../../test/kubectl-yaml.js';
import { isStructuredStart } from './damage.js';
import { scanJson } from './json-scan.js';
import { DocumentStream, type ReadOptions } from './stream.js';
import type { Damage } from '../../model/input.js';
import type { ParsedDoc } from './common.js';

type Obj = Record<string, unknown>;

interface Read {
  docs: ParsedDoc[];
  damage: Damage | undefined;
}

/** Read `text` in chunks of the given sizes (cycled). */
function read(text: string, sizes: number[] = [1 << 20], opts: ReadOptions = {}): Read {
  const docs: ParsedDoc[] = [];
  const s = new DocumentStream('in.yaml', (d) => docs.push(d), opts);
  let at = 0;
  for (let i = 0; at < text.length; i++) {
    const n = sizes[i % sizes.length] as number;
    s.write(text.slice(at, at + n));
    at += n;
  }
  s.end();
  return { docs, damage: s.damage };
}

const rand = prng(5);
const CHUNKINGS = [[1 << 20], [1], [7, 13, 4096], Array.from({ length: 5 }, () => 1 + Math.floor(rand() * 3000))];
/** Whole, item by item (a small BIG_DOC), and item by item with nothing kept to read again. */
const MODES: ReadOptions[] = [{}, { bigDoc: 2000 }, { bigDoc: 2000, fallbackMax: 100 }];

/** The same answer in every chunking and mode; returns it. */
function readEveryWay(text: string, modes: ReadOptions[] = MODES): Read {
  const first = read(text);
  for (const opts of modes) {
    for (const sizes of CHUNKINGS) {
      const r = read(text, sizes, opts);
      const label = `chunks ${sizes.slice(0, 3).join(',')} ${JSON.stringify(opts)}`;
      assert.deepEqual(r.damage, first.damage, label);
      assert.deepEqual(
        r.docs.map((d) => d.value),
        first.docs.map((d) => d.value),
        label,
      );
    }
  }
  return first;
}

const names = (r: Read): string[] =>
  r.docs.flatMap((d) => {
    const v = d.value as Obj;
    const items = Array.isArray(v['items']) ? (v['items'] as Obj[]) : [v];
    return items.map((o) => String((o['metadata'] as Obj | undefined)?.['name']));
  });

const pods = generatePods(6, FIXTURES_DIR, 3) as Obj[];
const list: Obj = { apiVersion: 'v1', items: pods, kind: 'List', metadata: { resourceVersion: '' } };
const yamlList = toKubectlYaml(list);
const jsonList = `${JSON.stringify(list, null, 4)}\n`;
const podNames = pods.map((p) => String((p['metadata'] as Obj)['name']));
const lines = (s: string) => s.split('\n');

describe('which input is a structured document (isStructuredStart)', () => {
  test('what kubectl get -o yaml / -o json, jq and yq write, after comments and markers', () => {
    for (const head of [
      'apiVersion: v1\nkind: Pod\n',
      '# saved by CI\n\n---\napiVersion: v1\nitems:\n',
      '%YAML 1.2\n---\nkind: List\n',
      'status:\n  phase: Running\n',
      '- apiVersion: v1\n  kind: Pod\n',
      '{\n    "apiVersion": "v1",',
      '{"kind":"Pod"}',
      '{}',
      '[\n  {\n',
      '[]',
    ])
      assert.equal(isStructuredStart(head), true, head);
  });
  test('kubectl text, prose, prompts and look-alikes are not', () => {
    for (const head of [
      'Name:         web-1\nNamespace:    default\n',
      'With the message:\napiVersion: v1\n',
      'event:\n```\n14m Warning Failed pod/x\n',
      '$ kubectl get pod x -o yaml\napiVersion: v1\n',
      '### Related\nStatus \n```yaml\nstatus:\n',
      'LAST SEEN   TYPE      REASON   OBJECT   MESSAGE\n',
      '[2021-04-25 13:02:15] + kubectl get pods\n',
      '[root@host ~]# kubectl describe pod x\n',
      '{{ .Values.image }}\n',
      '- Although following event logs are produced\n',
      '"containerStatuses": [\n',
    ])
      assert.equal(isStructuredStart(head), false, head);
  });
});

describe('scanJson: where JSON breaks', () => {
  test('complete values, one or a stream of them (as jq writes)', () => {
    const one = '{"a": [1, 2.5e3, "x\\u00e9\\n", true, null, {}, []]}';
    assert.deepEqual(scanJson(one), { values: [[0, one.length]] });
    assert.deepEqual(scanJson(' {"a":1}\n{"b":2}\n').values, [
      [1, 8],
      [9, 16],
    ]);
  });
  test('cut short: inside a string, an object, an array, a number, a literal', () => {
    for (const [text, what] of [
      ['{"phase": "Pend', 'the JSON ends inside a string'],
      ['{"a": 1', 'the JSON ends inside an object'],
      ['[{"a": 1}, ', 'the JSON ends inside an array'],
      ['{"a": 12', 'the JSON ends inside an object'],
      ['{"a": tr', 'the JSON ends inside an object'],
    ] as const) {
      const e = scanJson(text).error;
      assert.deepEqual([e?.offset, e?.what, e?.cut], [text.length, what, true], text);
    }
  });
  test('faults in the middle: trailing commas, bare words, a missing colon, control characters', () => {
    const at = (text: string) => {
      const e = scanJson(text).error;
      return [e?.offset, e?.cut, e?.what];
    };
    assert.deepEqual(at('{"a": 1,}'), [8, false, 'a comma before "}"']);
    assert.deepEqual(at('[1, 2,]'), [6, false, 'a comma before "]"']);
    assert.deepEqual(at('{a: 1}'), [1, false, '"a" where a key in double quotes was expected']);
    assert.deepEqual(at('{"a" 1}'), [5, false, '"1" where ":" was expected after a key']);
    assert.deepEqual(at('{"a": "x\ty"}'), [8, false, 'a tab inside a string (JSON needs it escaped)']);
    assert.deepEqual(at('{"a": 1} x'), [9, false, '"x" after the end of the JSON value']);
  });
  test('inside a List, how many of its items were complete', () => {
    assert.equal(scanJson('{"apiVersion": "v1", "items": [{"a": 1}, {"b": 2}, {"c": ').error?.items, 2);
    assert.equal(scanJson('{"apiVersion": "v1", "items": [{"a": 1}, ').error?.items, 1);
    assert.equal(scanJson('[{"a": 1}, {"b"').error?.items, 1);
    assert.equal(scanJson('{"apiVersion": "v1", "metadata": {"name": ').error?.items, undefined);
  });
});

describe('damaged YAML', () => {
  test('a broken line: the document before it is read, file:line:column names it', () => {
    const r = readEveryWay('apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n   bad: [\nstatus:\n  phase: Pending\n', [{}]);
    assert.deepEqual(
      r.docs.map((d) => d.value),
      [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' } }],
    );
    assert.deepEqual([r.damage?.file, r.damage?.line, r.damage?.column], ['in.yaml', 5, 7]);
    assert.match(r.damage?.what ?? '', /^invalid YAML \(bad indentation/);
    assert.match(r.damage?.todo ?? '', /what came before it was read/);
  });
  test('a stray tab in the indentation', () => {
    const r = readEveryWay('apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n\tnamespace: x\nstatus:\n  phase: Pending\n', [{}]);
    assert.deepEqual([r.damage?.line, r.damage?.column], [5, 1]);
    assert.match(r.damage?.what ?? '', /tab characters/);
    assert.deepEqual(names(r), ['a']);
  });
  test('a stream whose second document breaks: the first is read whole, nothing after the break', () => {
    const pod = (n: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${n}\nstatus:\n  phase: Running\n`;
    const text = `${pod('one')}---\n${pod('two').replace('status:', '   bad: [\nstatus:')}---\n${pod('three')}`;
    const r = readEveryWay(text, [{}]);
    assert.deepEqual(names(r), ['one', 'two']);
    assert.deepEqual([r.damage?.line, r.damage?.column], [12, 7]);
  });
  test('a List cut inside an item: its complete items are read, the cut one is not', () => {
    const all = lines(yamlList);
    const third = all.findIndex((l, i) => l.startsWith('- ') && all.slice(0, i).filter((x) => x.startsWith('- ')).length === 2);
    // cut in the middle of a line of the third item, well inside it
    const cutLine = third + 6;
    const text = `${all.slice(0, cutLine).join('\n')}\n${(all[cutLine] as string).slice(0, 9)}`;
    const r = readEveryWay(text);
    assert.deepEqual(names(r), podNames.slice(0, 2));
    assert.equal(r.damage?.line, cutLine + 1);
    assert.equal(r.damage?.column, 10);
    assert.match(r.damage?.what ?? '', /the List ends inside its items/);
    assert.match(r.damage?.todo ?? '', new RegExp(`not the last one \\(line ${third + 1}\\)`));
  });
  test('a List whose items parse but whose closing keys are missing (cut at a line end) is cut too', () => {
    const text = yamlList.slice(0, yamlList.indexOf('\nkind: List') + 1);
    const r = readEveryWay(text);
    assert.deepEqual(names(r), podNames.slice(0, -1));
    assert.match(r.damage?.what ?? '', /the List ends inside its items/);
  });
  test('cut exactly at a document boundary is not damaged', () => {
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: one\nstatus:\n  phase: Running\n';
    for (const text of [`${pod}---\n`, `${pod}---\n${pod.replace('one', 'two')}`, `${pod}...\n`, yamlList]) {
      const r = readEveryWay(text, [{}]);
      assert.equal(r.damage, undefined, text.slice(-40));
    }
  });
  test('a hand-written List with kind first, or a plain manifest, is not a cut List', () => {
    const r = readEveryWay('apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: a\n', [{}]);
    assert.equal(r.damage, undefined);
    assert.deepEqual(names(r), ['a']);
  });
  test("a fixture's header shifts the line numbers: they are the file's", () => {
    const header = 'kind: PodwhyFixture\nnow: "2025-01-01T00:00:00Z"\nexpect: {fires: [], rootCause: null}\n---\n';
    const r = read(`${header}apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n   bad: [\n`);
    assert.equal(r.damage?.line, 9);
  });
});

describe('damaged JSON', () => {
  test('a pod cut in a string value: what was complete is read, the end of the input is named', () => {
    const pod = JSON.stringify(pods[0], null, 4);
    const at = pod.indexOf('"phase": "') + 13;
    const text = pod.slice(0, at);
    const r = readEveryWay(text, [{}]);
    assert.equal(names(r)[0], podNames[0]);
    const l = lines(text);
    assert.deepEqual([r.damage?.line, r.damage?.column], [l.length, (l[l.length - 1] as string).length + 1]);
    assert.equal(r.damage?.what, 'the JSON ends inside a string');
    assert.match(r.damage?.todo ?? '', /cut short/);
  });
  test("a List cut inside an item, in kubectl's layout: its complete items, and the cut item's line", () => {
    const all = lines(jsonList);
    const starts = all.flatMap((l, i) => (l === '        {' ? [i] : []));
    const cutLine = (starts[3] as number) + 12;
    const text = `${all.slice(0, cutLine).join('\n')}\n${(all[cutLine] as string).slice(0, 20)}`;
    const r = readEveryWay(text);
    assert.deepEqual(names(r), podNames.slice(0, 3));
    assert.deepEqual([r.damage?.line, r.damage?.column], [cutLine + 1, 21]);
    assert.match(r.damage?.todo ?? '', new RegExp(`not the last one \\(line ${(starts[3] as number) + 1}\\)`));
  });
  test('a List cut between items, and a List on one line cut inside an item', () => {
    const between = jsonList.slice(0, jsonList.indexOf('\n        },\n') + 12);
    const r1 = readEveryWay(between);
    assert.deepEqual(names(r1), podNames.slice(0, 1));
    assert.ok(r1.damage);
    const min = JSON.stringify(list);
    const cut = min.slice(0, min.indexOf(`"name":"${podNames[2]}"`));
    const r2 = readEveryWay(cut, [{}]);
    assert.deepEqual(names(r2), podNames.slice(0, 2));
    assert.deepEqual([r2.damage?.line, r2.damage?.column], [1, cut.length + 1]);
  });
  test('an item that is not JSON, in the middle of a List: the items before it are read', () => {
    const bad = jsonList.replace(`"name": "${podNames[2]}",`, `"name": "${podNames[2]}",,`);
    const r = readEveryWay(bad);
    assert.deepEqual(names(r), podNames.slice(0, 2));
    const line = lines(bad).findIndex((l) => l.endsWith(',,')) + 1;
    assert.equal(r.damage?.line, line);
    assert.match(r.damage?.what ?? '', /^invalid JSON/);
  });
  test('JSON that YAML reads whole (a trailing comma) and a stream of values are read, not damaged', () => {
    const r = readEveryWay('{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "a",}, "status": {"phase": "Pending"}}\n', [{}]);
    assert.equal(r.damage, undefined);
    assert.deepEqual(names(r), ['a']);
    const stream = readEveryWay('{"kind": "Pod", "metadata": {"name": "a"}}\n{"kind": "Pod", "metadata": {"name": "b"}}\n', [{}]);
    assert.equal(stream.damage, undefined);
    assert.deepEqual(names(stream), ['a', 'b']);
    assert.deepEqual(
      stream.docs.map((d) => d.line),
      [1, 2],
    );
  });
});

describe('text stays tolerant', () => {
  test('prose around broken YAML, and a prompt before cut JSON: read as a paste, never damaged', () => {
    for (const text of [
      'Our pod is stuck. The pod detail shows:\napiVersion: v1\nkind: Pod\nmetadata:\n  name: web-1\nstatus:\n  phase: Pending\n   bad\n',
      '$ kubectl get pod web-1 -o json\n{\n    "apiVersion": "v1",\n    "kind": "Pod",\n    "metadata": {\n        "name": "web-1"\n    },\n    "status": {\n        "phase": "Pend',
    ]) {
      const r = read(text);
      assert.equal(r.damage, undefined, text);
      assert.ok(r.docs.length > 0, text);
    }
  });
  test('an indented first line is no document, whatever it opens: a window into a describe, an indented paste', () => {
    for (const text of [
      '                    {"initContainers":["istio-proxy"],"containers":null}\nStatus:           Running\nIP:               10.244.7.161\n',
      '    apiVersion: v1\n    kind: Pod\n    metadata:\n      name: web-1\n   bad: [\n',
    ]) {
      assert.equal(isStructuredStart(text), false, text);
      // read as a paste: what it reads, or the paste reader's refusal, never a damage
      let r: Read | undefined;
      try {
        r = read(text);
      } catch (e) {
        assert.match((e as Error).message, /^in\.yaml: invalid YAML at line 5: /, text);
      }
      assert.equal(r?.damage, undefined, text);
    }
    assert.ok(read('                    {"initContainers":["x"]}\nName:             web-1\nStatus:           Running\n').docs.length > 0);
  });
  test('prose that quotes a message is refused for what it lacks, not as invalid YAML', () => {
    // (a real post: a sentence ending in a colon, then a fenced quote of the message)
    const text = 'Last week I updated our AMIs. The problem it would appear is that:\n\n```\n"volume node affinity conflict"\n```\n\nThat error appeared in describe pod.\n';
    assert.throws(() => read(text), (e: Error) => !/invalid YAML/.test(e.message) && /is not YAML, JSON or kubectl output podwhy reads/.test(e.message));
  });
  test('kubectl describe output is never damaged, however cut', () => {
    const r = read('Name:         web-1\nNamespace:    shop\nStatus:       Pending\nEvents:\n  Type     Reason  Age   From  Message\n  ----     ------  ----  ----  -------\n  Warning  Failed  3m    kube');
    assert.equal(r.damage, undefined);
  });
});
