// -o yaml: the same object as -o json.

import yaml from 'js-yaml';
import type { PodDiagnosis } from '../engine/types.js';
import { reportObject } from './json.js';
import type { Words } from './words.js';

/** `extra`: a scan's `workloads` entries and `summary.workloads`, as -o json adds them. */
export function renderYaml(pods: PodDiagnosis[], w: Words, extra?: { workloads: unknown[]; summary: object }): string {
  const r = reportObject(pods, w);
  const doc = extra ? { schemaVersion: r.schemaVersion, workloads: extra.workloads, pods: r.pods, summary: { ...r.summary, workloads: extra.summary } } : r;
  return yaml.dump(doc, { noRefs: true, lineWidth: -1, sortKeys: false, schema: yaml.JSON_SCHEMA });
}
