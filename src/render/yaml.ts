// -o yaml: the same object as -o json.

import yaml from 'js-yaml';
import type { PodDiagnosis } from '../engine/types.js';
import { reportObject } from './json.js';
import type { Words } from './words.js';

export function renderYaml(pods: PodDiagnosis[], w: Words): string {
  return yaml.dump(reportObject(pods, w), { noRefs: true, lineWidth: -1, sortKeys: false, schema: yaml.JSON_SCHEMA });
}
