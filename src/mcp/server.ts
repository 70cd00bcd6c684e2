// `podwhy mcp`: the diagnosis as a Model Context Protocol server on standard input/output, built
// on the official SDK's low-level Server. Every tool is read-only; a tool that fails (bad input,
// a pod not found, RBAC denial) answers with an error result (isError) holding one line, as the
// CLI would print it: the protocol never breaks on what a caller sends.

import { CallToolRequestSchema, ListToolsRequestSchema, Ajv, Server, StdioServerTransport } from './sdk.js';
import { LineCap } from './line-cap.js';
import { TOOLS, type Session, type Tool } from './tools.js';

export type { Session };

const INSTRUCTIONS =
  "podwhy explains why a Kubernetes pod is in the state it is in, deterministically, citing its evidence and never inventing a cause. Call diagnose_text with what the user pasted (verbatim), diagnose_pod / diagnose_workload / scan to read the user's cluster (read-only, through their kubeconfig), explain for a reason, exit code or condition. Report the root cause and its remedies; when the result says a fact is missing (input.missing) or gives hypotheses, say so rather than guessing.";

/** One line for what went wrong in a call: a PodwhyError's own message, else an internal error. */
function errorLine(e: unknown, s: Session): string {
  if (e instanceof s.face.PodwhyError) return e.message.split('\n')[0] as string;
  return `internal error: ${e instanceof Error ? e.message.split('\n')[0] : String(e)} — please report it (podwhy ${s.face.version})`;
}

/** The server, its tools registered; connect it to a transport to serve. */
export function createServer(session: Session): Server {
  const server = new Server({ name: 'podwhy', title: 'podwhy', version: session.face.version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const ajv = new Ajv({ allErrors: false, strict: false });
  const checks = new Map(TOOLS.map((t) => [t.name, ajv.compile(t.inputSchema)]));
  const byName = new Map<string, Tool>(TOOLS.map((t) => [t.name, t]));

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      outputSchema: t.outputSchema,
      annotations: { title: t.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: t.live },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const tool = byName.get(req.params.name);
    const fail = (line: string) => ({ content: [{ type: 'text' as const, text: line }], isError: true });
    if (!tool) return fail(`no tool "${req.params.name}" — the tools are ${TOOLS.map((t) => t.name).join(', ')}`);
    const args = req.params.arguments ?? {};
    const check = checks.get(tool.name);
    if (check && !check(args)) {
      const e = check.errors?.[0];
      const where = e ? `${e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'arguments'}` : 'arguments';
      const extra = e?.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : '';
      return fail(`${tool.name}: ${where} ${e?.message ?? 'are not valid'}${extra} — see the tool's input schema`);
    }
    try {
      const a = await tool.run(args, session);
      return { content: [{ type: 'text' as const, text: a.text }], structuredContent: a.structured };
    } catch (e) {
      return fail(errorLine(e, session));
    }
  });
  return server;
}

/** Serve on standard input/output until the client closes it. */
export async function serveStdio(session: Session): Promise<void> {
  const server = createServer(session);
  // a message may hold the largest text with every byte escaped twice over, and some room besides
  const limit = 2 * session.maxBytes + 1024 * 1024;
  const stdin = process.stdin.pipe(
    new LineCap(limit, (bytes, id) => {
      const message = `a request of ${bytes} bytes is larger than this server reads (podwhy mcp --max-bytes) — pass the pod's part of the text`;
      process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32600, message } })}\n`);
    }),
  );
  // (errors of standard input itself reach the transport's listener through the cap)
  process.stdin.once('error', (e) => stdin.destroy(e));
  const transport = new StdioServerTransport(stdin, process.stdout, { maxBufferSize: limit + 1024 * 1024 });
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(transport);
  // the client closing standard input ends the session
  stdin.once('end', () => void server.close());
  await closed;
}
