// Field selectors on pods (--field-selector), as the API server takes them: the fields it indexes
// for pods (pkg/registry/core/pod/strategy.go, ToSelectableFields), `=`, `==` and `!=`, joined by
// commas (all must hold). Offline, podwhy applies them to the input the way the server would;
// live, the server does.

import { UsageError } from '../model/errors.js';
import { dig, str } from '../util/json.js';

/** The pod fields the API server supports in a field selector, read as it reads them. */
export const POD_FIELDS: Readonly<Record<string, (pod: unknown) => string>> = {
  'metadata.name': (o) => str(dig(o, 'metadata', 'name')) ?? '',
  'metadata.namespace': (o) => str(dig(o, 'metadata', 'namespace')) ?? '',
  'spec.nodeName': (o) => str(dig(o, 'spec', 'nodeName')) ?? '',
  'spec.restartPolicy': (o) => str(dig(o, 'spec', 'restartPolicy')) ?? '',
  'spec.schedulerName': (o) => str(dig(o, 'spec', 'schedulerName')) ?? '',
  'spec.serviceAccountName': (o) => str(dig(o, 'spec', 'serviceAccountName')) ?? '',
  'spec.hostNetwork': (o) => String(dig(o, 'spec', 'hostNetwork') === true),
  'status.phase': (o) => str(dig(o, 'status', 'phase')) ?? '',
  'status.podIP': (o) => str(dig(o, 'status', 'podIP')) ?? '',
  'status.nominatedNodeName': (o) => str(dig(o, 'status', 'nominatedNodeName')) ?? '',
};

export type FieldSelector = (pod: unknown) => boolean;

/** Parse a pod field selector; a part it cannot read, or a field pods do not support, is the server's error. */
export function parseFieldSelector(text: string): FieldSelector {
  const reqs: { get: (pod: unknown) => string; not: boolean; value: string }[] = [];
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const m = /^\s*([^=!\s]+)\s*(==|=|!=)\s*(.*?)\s*$/.exec(part);
    if (!m) throw new UsageError(`--field-selector: invalid selector: '${text}'; can't understand '${part}' — use field=value or field!=value`);
    const field = m[1] as string;
    const get = POD_FIELDS[field];
    if (!get) throw new UsageError(`--field-selector: field label not supported: ${field} — pods support ${Object.keys(POD_FIELDS).join(', ')}`);
    reqs.push({ get, not: m[2] === '!=', value: m[3] as string });
  }
  return (pod) => reqs.every((r) => (r.get(pod) === r.value) !== r.not);
}
