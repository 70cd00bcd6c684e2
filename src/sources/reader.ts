// Input text → parsed documents, streamed. `kubectl get pods -A -o yaml` of a big cluster is a
// single List document of a hundred megabytes or more; parsing it in one piece costs seconds and
// several times its size in memory. So text arrives in chunks and leaves as parsed objects:
//
//   - YAML: a document under BIG_DOC characters is parsed whole, exactly as before. A bigger one
//     (a List) is cut at its top-level lines: each `- ` entry of `items:` is parsed on its own as
//     soon as it is complete, and only the small rest (apiVersion, kind, metadata) is kept as text.
//   - JSON as kubectl prints it (indented, one key per line) is cut the same way at the items of
//     its `"items": [` array; any other JSON is parsed whole.
//   - A Pod's metadata.managedFields (often a third of the text, never used) is cut out of the
//     text before parsing when it is where kubectl puts it, and dropped from the object otherwise.
//   - Each piece goes to the fast kubectl-YAML reader (src/sources/kyaml.ts) first and to js-yaml
//     when that one declines, so what is read is always what js-yaml would read.
//
// The readers, one file per job, are in ./reader/: stream.ts (what the input is, the hand-over),
// yaml.ts, json.ts (json-scan.ts: where JSON breaks), managed-fields.ts, text.ts (the hand-off to
// the text readers), damage.ts (structured input that breaks), common.ts.

export { MAX_DEPTH, type Deferrer, type ItemDeferral, type ParsedDoc } from './reader/common.js';
export { blockEnd, cutJsonManagedFields, cutManagedFields, lineAtOrLeft } from './reader/managed-fields.js';
export { BIG_DOC, MAX_DOCUMENTS, parseYamlItem } from './reader/yaml.js';
export { parseJsonItem } from './reader/json.js';
export { FALLBACK_MAX } from './reader/text.js';
export { DocumentStream, parseText, readText, type ReadOptions } from './reader/stream.js';
export { BreakError, damageLine, damageOf, type Damage } from './reader/damage.js';
