// Test-only: `node --import ./dist/testing/trace-imports.js …` records every module URL the
// program resolves into the file named by PODWHY_TRACE_IMPORTS (one per line). Used to prove that
// the offline path never loads @kubernetes/client-node.

import { register } from 'node:module';

register(new URL('./trace-hooks.js', import.meta.url));
