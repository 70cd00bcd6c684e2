import assert from 'node:assert/strict';
import { test } from 'node:test';
import { idOf, LineCap } from './line-cap.js';

/** Feed `chunks` through a cap of `limit`; what passed, and what was dropped. */
async function run(limit: number, chunks: string[]): Promise<{ out: string; dropped: [number, string | number | null][] }> {
  const dropped: [number, string | number | null][] = [];
  const cap = new LineCap(limit, (n, id) => dropped.push([n, id]));
  const got: Buffer[] = [];
  cap.on('data', (b: Buffer) => got.push(b));
  for (const c of chunks) cap.write(Buffer.from(c));
  cap.end();
  await new Promise((r) => cap.on('end', r));
  return { out: Buffer.concat(got).toString(), dropped };
}

test('whole lines pass, however the chunks fall', async () => {
  const r = await run(64, ['{"a":', '1}\n{"b"', ':2}\n', '{"c":3}\n']);
  assert.equal(r.out, '{"a":1}\n{"b":2}\n{"c":3}\n');
  assert.deepEqual(r.dropped, []);
});

test('a line over the cap is dropped, with its id, and the next line passes', async () => {
  const big = `{"method":"tools/call","params":{"text":"${'x'.repeat(300)}"},"jsonrpc":"2.0","id":7}\n`;
  const r = await run(100, [big.slice(0, 50), big.slice(50, 200), big.slice(200), '{"id":8}\n']);
  assert.equal(r.out, '{"id":8}\n');
  assert.deepEqual(r.dropped, [[big.length, 7]]);
});

test('the id at the start when the end has none; null when neither shows one', () => {
  assert.equal(idOf('{"jsonrpc":"2.0","id":"req-1","method":"x"', 'xxxx"}}'), 'req-1');
  assert.equal(idOf('{"params":{"id":1', '"jsonrpc":"2.0","id":2}\n'), 2);
  assert.equal(idOf('{"method":"x"', 'yyy}'), null);
});

test('a line without end never holds more than the cap', async () => {
  const cap = new LineCap(1000, () => {});
  for (let i = 0; i < 100; i++) cap.write(Buffer.alloc(10_000, 120));
  assert.ok((cap as unknown as { held: Buffer[] }).held.length === 0);
  cap.destroy();
});
