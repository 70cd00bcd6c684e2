// What podwhy takes from the official MCP TypeScript SDK (@modelcontextprotocol/sdk): the
// low-level Server (tools declared with our own JSON Schemas, not zod shapes), the stdio
// transport, the request schemas of the two tool methods, and ajv (the SDK's own dependency) for
// the arguments. Loaded only by `podwhy mcp`: the bundle puts it, with the server and what the SDK
// pulls in (zod, ajv), in dist/bundle/mcp.cjs, apart from the CLI (tools/build/bundle.ts), so no
// other command reads it.

export { Server } from '@modelcontextprotocol/sdk/server/index.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
export { Ajv } from 'ajv';
