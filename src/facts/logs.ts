// The tail of a container's log (live mode reads the previous run of a crashed container; a file
// or a paste may carry it): its last lines, redacted, and the failure signature they show.

import { redactLogLines } from '../util/redact.js';
import { obj, opt, str, strs, bool, type FactType } from './declare.js';
import { findLogSignature, LOG_SIGNATURE_FIELDS } from './extractors/log-signature.js';
import { containerFamily, type ContainerScope, type ContainerFamilyOf } from './family.js';

export const LOGS_FACTS = obj('The tail of the container\'s log (live mode reads the previous run of a crashed container; fixtures may carry it).', {
  lines: strs('The last lines (at most 50), secrets redacted.'),
  previous: bool('The lines are from the previous, terminated run.'),
  ...LOG_SIGNATURE_FIELDS,
  last: opt(str('The last line that says something, redacted: what the program said last.')),
});
export type LogFacts = FactType<typeof LOGS_FACTS>;

const LOG_LINES = 50;

export function logFacts(text: string, previous: boolean): LogFacts {
  const all = text.replace(/\r\n?/g, '\n').split('\n');
  if (all[all.length - 1] === '') all.pop();
  // redacted before the tail is cut: a private key whose BEGIN line falls off the tail is still seen whole
  const lines = redactLogLines(all.length > 4 * LOG_LINES ? all.slice(-4 * LOG_LINES) : all)
    .slice(-LOG_LINES)
    .map((l) => l.slice(0, 500));
  const out: LogFacts = { lines, previous };
  for (let i = lines.length - 1; i >= 0; i--) {
    if ((lines[i] as string).trim() !== '') {
      out.last = (lines[i] as string).trim();
      break;
    }
  }
  const sig = findLogSignature(lines);
  if (sig) {
    out.signature = sig.kind;
    out.signatureLine = sig.line;
  }
  return out;
}

export function extractLogs({ log }: Pick<ContainerScope, 'log'>): LogFacts | undefined {
  return log ? logFacts(log.text, log.previous) : undefined;
}

export const LOGS_FAMILY: ContainerFamilyOf<'logs', typeof LOGS_FACTS> = containerFamily('logs', LOGS_FACTS, extractLogs);
