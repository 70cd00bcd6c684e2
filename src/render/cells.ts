// Table cells for what the input may not say: a pod read from a paste may have no name, no
// namespace, and no READY, STATUS or RESTARTS to show. Such a cell says it is unknown, as
// kubectl's own AGE column does, rather than showing a made-up name, 0/0, 0 or a blank.

import { oneLine } from '../util/sanitize.js';

export const UNKNOWN_CELL = '<unknown>';

/** A table cell: the value on one line, or `<unknown>`. */
export function cell(v: string | undefined): string {
  return v === undefined ? UNKNOWN_CELL : oneLine(v);
}
