// What podwhy takes from the official MCP TypeScript SDK (@modelcontextprotocol/sdk): the
// low-level Server (tools declared with our own JSON Schemas, not zod shapes), the stdio
// transport, and the request schemas of the two tool methods. Loaded only by `podwhy mcp`: the
// bundle puts this module and what it pulls in (zod, ajv) in dist/bundle/mcp-sdk.cjs, apart from
// the CLI (tools/build/bundle.ts), so no other command reads it.

export { Server } from '@modelcontextprotocol/sdk/server/index.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
export { Ajv } from 'ajv';
