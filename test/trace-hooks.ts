// Loader hooks for trace-imports.ts (they run on the loader thread).

import { appendFileSync } from 'node:fs';

type Resolve = (specifier: string, context: unknown) => Promise<{ url: string }>;

export async function resolve(specifier: string, context: unknown, nextResolve: Resolve): Promise<{ url: string }> {
  const r = await nextResolve(specifier, context);
  const file = process.env['PODWHY_TRACE_IMPORTS'];
  if (file) appendFileSync(file, `${r.url}\n`);
  return r;
}
