// `podwhy mcp` driven end to end by the MCP SDK's own client over stdio: the bin started as an
// MCP client starts it, the tools listed, each called (text, live against the loopback API
// server, bad input), and every structured result checked against the tool's output schema.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Ajv } from 'ajv';
import { FIXTURES_DIR } from '../api/rules.js';
import { PACKAGE_ROOT } from '../catalogue/paths.js';
import { serverForSuite } from '../../test/live-suite.js';

const BIN = join(PACKAGE_ROOT, 'bin', 'podwhy.js');
const NOW = '2025-03-02T10:00:00Z';
const tmp = mkdtempSync(join(tmpdir(), 'podwhy-mcp-'));

type Result = Awaited<ReturnType<Client['callTool']>>;
type Tool = Awaited<ReturnType<Client['listTools']>>['tools'][number];

describe('podwhy mcp over stdio, with the SDK client', () => {
  const cluster = serverForSuite(
    tmp,
    (server) => {
      assert.ok(server.serveFixture(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml')));
      assert.ok(server.serveFixture(join(FIXTURES_DIR, 'node-lost-unknown.yaml')));
      server.forbid.push({ resource: 'pods', namespace: 'kube-system' });
    },
    { namespace: 'shop' },
  );
  let client: Client;
  let tools: Tool[];
  const ajv = new Ajv({ strict: false });

  before(async () => {
    client = new Client({ name: 'podwhy-e2e', version: '1.0.0' });
    const env: Record<string, string> = { PATH: process.env['PATH'] ?? '', HOME: tmp, KUBECONFIG: cluster.kubeconfig };
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env, cwd: PACKAGE_ROOT, stderr: 'pipe' }));
    tools = (await client.listTools()).tools;
  });
  after(async () => {
    await client?.close();
  });

  /** Call a tool; its structured result (when not an error) must validate against the tool's declared output schema. */
  async function call(name: string, args: Record<string, unknown>): Promise<Result> {
    const r = await client.callTool({ name, arguments: args });
    if (!r.isError) {
      const tool = tools.find((t) => t.name === name);
      assert.ok(tool?.outputSchema, `${name} declares an output schema`);
      const valid = ajv.validate(tool.outputSchema, r.structuredContent);
      assert.ok(valid, `${name}: ${ajv.errorsText()}`);
    }
    return r;
  }
  const text = (r: Result) => (r.content as { type: string; text: string }[]).map((c) => c.text).join('\n');

  test('initialize and list: five read-only tools, each with input and output schemas', async () => {
    assert.equal(client.getServerVersion()?.name, 'podwhy');
    assert.deepEqual(tools.map((t) => t.name).sort(), ['diagnose_pod', 'diagnose_text', 'diagnose_workload', 'explain', 'scan']);
    for (const t of tools) {
      assert.equal(t.inputSchema.type, 'object', t.name);
      assert.equal(t.outputSchema?.type, 'object', t.name);
      assert.equal(t.annotations?.readOnlyHint, true, t.name);
      assert.equal(t.annotations?.destructiveHint, false, t.name);
      assert.ok((t.description ?? '').length > 80, t.name);
    }
    assert.equal(tools.find((t) => t.name === 'explain')?.annotations?.openWorldHint, false);
    assert.equal(tools.find((t) => t.name === 'scan')?.annotations?.openWorldHint, true);
  });

  test('diagnose_text on a real kubectl describe: the same report as podwhy -o json', async () => {
    const file = join(FIXTURES_DIR, 'describe', 'crashloop-oomkilled-jvm.txt');
    const r = await call('diagnose_text', { text: readFileSync(file, 'utf8'), now: NOW });
    assert.ok(!r.isError, text(r));
    const cli = JSON.parse(execFileSync(process.execPath, [BIN, '-f', file, '-o', 'json', '--now', NOW, '--fail-on', 'never'], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', HOME: tmp } })) as unknown;
    assert.deepEqual(r.structuredContent, cli);
    const pods = (r.structuredContent as { pods: { findings: { role: string; rule: string }[] }[] }).pods;
    const root = pods[0]?.findings.find((f) => f.role === 'root-cause');
    assert.equal(root?.rule, 'crashloop-oomkilled');
    assert.match(text(r), /crashloop-oomkilled/);
  });

  test('diagnose_text on a fragment: event rows without their header, in Korean', async () => {
    const rows = '  Warning  Failed     12s (x3 over 50s)  kubelet  Failed to pull image "registry.example.com/shop/api:v2.3.1": rpc error: code = NotFound desc = failed to pull and unpack image "registry.example.com/shop/api:v2.3.1": failed to resolve reference "registry.example.com/shop/api:v2.3.1": registry.example.com/shop/api:v2.3.1: not found\n  Warning  Failed     12s (x3 over 50s)  kubelet  Error: ErrImagePull\n';
    const r = await call('diagnose_text', { text: rows, lang: 'ko', now: NOW });
    assert.ok(!r.isError, text(r));
    const pod = (r.structuredContent as { pods: { verdict: string; findings: { role: string; rule: string; title: string }[] }[] }).pods[0];
    const root = pod?.findings.find((f) => f.role === 'root-cause');
    assert.equal(root?.rule, 'image-pull-not-found');
    assert.match(root?.title ?? '', /[가-힣]/);
  });

  test('diagnose_pod reads the pod from the cluster, with GET requests only', async () => {
    const before = cluster.server.requests.length;
    const r = await call('diagnose_pod', { name: 'pod/orders-api-6f8d9c7b54-q7xkz' });
    assert.ok(!r.isError, text(r));
    const pods = (r.structuredContent as { pods: { name: string; findings: { role: string; rule: string }[] }[] }).pods;
    assert.equal(pods[0]?.name, 'orders-api-6f8d9c7b54-q7xkz');
    assert.ok(pods[0]?.findings.some((f) => f.role === 'root-cause'), text(r));
    const made = cluster.server.requests.slice(before);
    assert.ok(made.length > 0);
    assert.deepEqual([...new Set(made.map((q) => q.method))], ['GET']);
  });

  test('scan reads a namespace, capped by limit, and says what it left out', async () => {
    const all = await call('scan', { allNamespaces: true });
    assert.ok(!all.isError, text(all));
    const n = (all.structuredContent as { pods: unknown[] }).pods.length;
    assert.ok(n >= 2, text(all));
    const capped = await call('scan', { allNamespaces: true, limit: 1 });
    const s = capped.structuredContent as { pods: { healthy: boolean }[]; summary: { pods: number }; truncated: { shown: number; omitted: number } };
    assert.equal(s.pods.length, 1);
    assert.equal(s.summary.pods, n);
    assert.deepEqual([s.truncated.shown, s.truncated.omitted], [1, n - 1]);
    assert.match(text(capped), /left out/);
  });

  test('bad input, an unknown pod and an RBAC denial are error results, and the session goes on', async () => {
    const missing = await call('diagnose_text', {});
    assert.equal(missing.isError, true);
    assert.match(text(missing), /text/);
    const extra = await call('explain', { term: 'OOMKilled', verbose: true });
    assert.equal(extra.isError, true);
    assert.match(text(extra), /verbose/);
    const garbage = await call('diagnose_text', { text: 'hello, my pod is broken, please help' });
    assert.equal(garbage.isError, true);
    assert.equal(text(garbage).split('\n').length, 1);
    const gone = await call('diagnose_pod', { name: 'orders-api-6f8d9c7b54-nope' });
    assert.equal(gone.isError, true);
    assert.match(text(gone), /not found/);
    const denied = await call('diagnose_pod', { name: 'coredns-1', namespace: 'kube-system' });
    assert.equal(denied.isError, true);
    assert.match(text(denied), /forbidden|cannot/i);
    assert.doesNotMatch(text(denied), /\n\s+at /);
    const other = await call('diagnose_pod', { name: 'x', context: 'prod' });
    assert.equal(other.isError, true);
    const explained = await call('explain', { term: 'CrashLoopBackOff' });
    assert.ok(!explained.isError, text(explained));
    assert.equal((explained.structuredContent as { name: string }).name, 'CrashLoopBackOff');
  });

  test('--max-bytes: a text over it is an error result; a message over the line cap is a JSON-RPC error; the session goes on', async () => {
    const small = new Client({ name: 'podwhy-e2e-small', version: '1.0.0' });
    await small.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--max-bytes', '1Ki'], env: { PATH: process.env['PATH'] ?? '', HOME: tmp }, cwd: PACKAGE_ROOT, stderr: 'pipe' }));
    try {
      const over = await small.callTool({ name: 'diagnose_text', arguments: { text: 'x'.repeat(5000) } });
      assert.equal(over.isError, true);
      assert.match(text(over), /larger than 1024 bytes/);
      await assert.rejects(small.callTool({ name: 'diagnose_text', arguments: { text: 'y'.repeat(2 * 1024 * 1024) } }), /larger than this server reads \(podwhy mcp --max-bytes\)/);
      const after = await small.callTool({ name: 'explain', arguments: { term: 'OOMKilled' } });
      assert.ok(!after.isError, text(after));
    } finally {
      await small.close();
    }
  });
});
