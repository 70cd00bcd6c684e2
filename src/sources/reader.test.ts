// The streaming reader against the plain parsers: whatever the chunking, and whether a document
// is read whole or item by item, what comes out is what js-yaml / JSON.parse read from the whole
// text, minus managedFields, with each list item's line pointing at that item.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import yaml from 'js-yaml';
import { FIXTURES_DIR } from '../catalogue/paths.js';
import { generatePods, prng } from '../../tools/bench/inputs.js';
import { toKubectlYaml } from '../../test/kubectl-yaml.js';
import { blockEnd, DocumentStream, lineAtOrLeft, type ParsedDoc } from './reader.js';

type Obj = Record<string, unknown>;

function withoutManagedFields<T>(v: T): T {
  const c = structuredClone(v) as Obj;
  for (const o of [c, ...(Array.isArray(c['items']) ? (c['items'] as Obj[]) : [])]) {
    const md = o['metadata'] as Obj | undefined;
    if (md && typeof md === 'object') delete md['managedFields'];
  }
  return c as T;
}

/** Feed text in chunks cut at the given sizes (cycled). */
function read(text: string, sizes: number[], bigDoc?: number): ParsedDoc[] {
  const docs: ParsedDoc[] = [];
  const s = new DocumentStream('t', (d) => docs.push(d), bigDoc === undefined ? {} : { bigDoc });
  let at = 0;
  for (let i = 0; at < text.length; i++) {
    const n = sizes[i % sizes.length] as number;
    s.write(text.slice(at, at + n));
    at += n;
  }
  s.end();
  return docs;
}

const pods = generatePods(40, FIXTURES_DIR, 3);
const events = readdirSync(FIXTURES_DIR)
  .filter((n) => n.endsWith('.yaml'))
  .slice(0, 30)
  .flatMap((n) => yaml.loadAll(readFileSync(join(FIXTURES_DIR, n), 'utf8'), null, { schema: yaml.CORE_SCHEMA, json: true }) as Obj[])
  .filter((d) => d && d['kind'] === 'List');
const list: Obj = { apiVersion: 'v1', items: pods, kind: 'List', metadata: { resourceVersion: '' } };
const yamlText = toKubectlYaml(list);
const jsonText = `${JSON.stringify(list, null, 4)}\n`;
const rand = prng(11);
const chunkings = [[1 << 20], [1], [7, 13, 4096], ...Array.from({ length: 6 }, () => Array.from({ length: 5 }, () => 1 + Math.floor(rand() * 30000)))];

function itemLinesPointAtItems(text: string, doc: ParsedDoc, marker: RegExp): void {
  const lines = text.split('\n');
  assert.equal(doc.itemLines?.length, pods.length);
  for (const l of doc.itemLines ?? []) assert.match(lines[l - 1] ?? '', marker, `line ${l}`);
}

describe('DocumentStream', () => {
  test('a YAML List, read whole or item by item, in any chunking', () => {
    const want = withoutManagedFields(yaml.load(yamlText, { schema: yaml.CORE_SCHEMA, json: true }));
    for (const sizes of chunkings) {
      for (const bigDoc of [undefined, 2000]) {
        const docs = read(yamlText, sizes, bigDoc);
        assert.equal(docs.length, 1);
        assert.deepEqual(docs[0]?.value, want, `chunks ${sizes.join(',')} bigDoc ${bigDoc}`);
        if (bigDoc) itemLinesPointAtItems(yamlText, docs[0] as ParsedDoc, /^- /);
      }
    }
  });

  test('a JSON List as kubectl prints it, in any chunking, item lines included', () => {
    const want = withoutManagedFields(JSON.parse(jsonText));
    for (const sizes of chunkings) {
      const docs = read(jsonText, sizes);
      assert.equal(docs.length, 1);
      assert.deepEqual(docs[0]?.value, want, `chunks ${sizes.join(',')}`);
      assert.ok(docs[0]?.itemLines, `items not cut with chunks ${sizes.join(",")}`);
      itemLinesPointAtItems(jsonText, docs[0] as ParsedDoc, /^ {8}\{$/);
    }
  });

  test('compact and oddly indented JSON is parsed whole, with the same result', () => {
    for (const text of [JSON.stringify(list), JSON.stringify(list, null, 2), JSON.stringify(list, null, '\t')]) {
      const docs = read(text, [5000, 3]);
      assert.deepEqual(docs[0]?.value, withoutManagedFields(JSON.parse(text)));
    }
  });

  test("a pod's JSON whose volumes list their own \"items\" is read whole: only a List's top-level items are cut out", () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }], volumes: [{ name: 'v', configMap: { name: 'cm', items: [{ key: 'a', path: 'a' }, { key: 'b', path: 'b' }] } }] }, status: { phase: 'Running' } };
    const text = `${JSON.stringify(pod, null, 4)}\n`;
    for (const sizes of chunkings.slice(0, 4)) assert.deepEqual(read(text, sizes)[0]?.value, pod);
  });

  test('several YAML documents, events lists among them, keep their order and lines', () => {
    const text = [toKubectlYaml(pods[0]), ...events.map((e) => toKubectlYaml(e)), toKubectlYaml(pods[1])].join('---\n');
    const want = yaml.loadAll(text, null, { schema: yaml.CORE_SCHEMA, json: true }).map(withoutManagedFields);
    for (const sizes of chunkings.slice(0, 4)) {
      const docs = read(text, sizes, 3000);
      assert.deepEqual(
        docs.map((d) => d.value),
        want,
      );
      const lines = text.split('\n');
      for (const d of docs) assert.notEqual(lines[d.line - 2] ?? '---', undefined);
    }
  });
});

// The index scans that replaced regular expressions find exactly what those found.
describe('line scans', () => {
  /** /\n {0,base}[^ \n]/ from `from`, accepted before `to` (as cutManagedFields used it). */
  function leaveRe(text: string, base: number, from: number, to: number): number {
    const re = new RegExp(`\\n {0,${base}}[^ \\n]`, 'g');
    re.lastIndex = from;
    const m = re.exec(text);
    return m && m.index < to ? m.index : -1;
  }
  function endRe(text: string, k: number, from: number): number {
    const re = new RegExp(`\\n(?! {${k + 1}}| {${k}}-[ \\n]| *\\n)`, 'g');
    re.lastIndex = from;
    return re.exec(text)?.index ?? -1;
  }
  const cases = [
    '',
    '\n',
    'a\n',
    '\n\n\n',
    'metadata:\n  managedFields:\n  - a: 1\n    b: 2\n  name: x\nspec: {}\n',
    '  metadata:\n    managedFields:\n    - a\n    -\n    - b\n\n      \n    name: x\n',
    'x\n  -x\n  - \n  -\n   deeper\n  \n\t tab\n', // "-x" is no entry; a tab is content
    'a\r\n  b\r\n\r\nc\r\n', // CRLF: CR is content, as for the regexes
    '---\na: 1\n...\n--- \n',
    'k: |\n  line\n\n  more\n    indented\nnext: 1\n', // a block scalar
    'a:\n    \n  \n', // ends in blank lines
    'a:\n  b', // no final line break
    '\n-',
    '\n  -',
  ];
  test('lineAtOrLeft finds what the regex did', () => {
    for (const t of cases) for (let base = 0; base <= 5; base++) for (let from = 0; from <= t.length; from++) for (const to of [t.length, Math.floor(t.length / 2), from + 3]) assert.equal(lineAtOrLeft(t, base, from, to), leaveRe(t, base, from, to), JSON.stringify({ t, base, from, to }));
  });
  test('blockEnd finds what the regex did', () => {
    for (const t of cases) for (let k = 0; k <= 5; k++) for (let from = 0; from <= t.length; from++) assert.equal(blockEnd(t, k, from), endRe(t, k, from), JSON.stringify({ t, k, from }));
  });
  test('both on random text of spaces, breaks, dashes, tabs and CRs', () => {
    const rand = prng(7);
    const alphabet = [' ', ' ', ' ', '\n', '\n', '-', 'a', '\t', '\r', '#'];
    for (let n = 0; n < 2000; n++) {
      let t = '';
      const len = Math.floor(rand() * 40);
      for (let i = 0; i < len; i++) t += alphabet[Math.floor(rand() * alphabet.length)];
      const k = Math.floor(rand() * 5);
      const from = Math.floor(rand() * (t.length + 1));
      const to = from + Math.floor(rand() * (t.length + 1 - from));
      assert.equal(lineAtOrLeft(t, k, from, to), leaveRe(t, k, from, to), JSON.stringify({ t, k, from, to }));
      assert.equal(blockEnd(t, k, from), endRe(t, k, from), JSON.stringify({ t, k, from }));
    }
  });
});
