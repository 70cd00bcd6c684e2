#!/usr/bin/env node
// The bundled CLI (dist/bundle, built by src/build/bundle.ts): one file to load, not hundreds.
// First V8's code cache, on Node 22.1+ (module.enableCompileCache): a run after the first skips
// parsing and compiling the chunks it loads. It must be on before the bundle is compiled, hence
// the dynamic import. The cache sits where Node puts it by default (node-compile-cache in the OS
// temp directory, or $NODE_COMPILE_CACHE), is checked against each file's content (a rebuilt or
// upgraded bundle is compiled afresh), and NODE_DISABLE_COMPILE_CACHE=1 turns it off. Node 20 has
// no such API. A failure (say, an unwritable temp directory) only costs the time it would save.
import module from 'node:module';

try {
  module.enableCompileCache?.();
} catch {
  // run without the cache
}
await import('../dist/bundle/podwhy.js');
