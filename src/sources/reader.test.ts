// The streaming reader against the plain parsers: whatever the chunking, and whether a document
// is read whole or item by item, what comes out is what js-yaml / JSON.parse read from the whole
// text, minus managedFields, with each list item's line pointing at that item.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import yaml from 'js-yaml';
import { FIXTURES_DIR } from '../catalogue/paths.js';
import { generatePods, prng } from '../bench/inputs.js';
import { toKubectlYaml } from '../testing/kubectl-yaml.js';
import { DocumentStream, type ParsedDoc } from './reader.js';

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
