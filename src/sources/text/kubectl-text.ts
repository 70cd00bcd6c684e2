// The one place where kubectl's human-readable output enters the reader: DocumentStream asks
// `sniff` about the first lines of its input, and when they are `kubectl describe pod` output or a
// `kubectl get events` / `kubectl get pods` table, hands the text to KubectlTextDocuments, which
// emits ordinary Pod and Event objects as parsed documents. Text that is neither kubectl output
// nor YAML/JSON is refused with one line.

import { InputError } from '../../model/errors.js';
import type { KubectlTextResult } from './describe.js';
import { readPaste } from './paste.js';
import type { ParsedDoc } from '../reader.js';

export { canSniff, sniff, SNIFF_LINES, type Sniffed } from '../sniff.js';

/** kubectl text is read whole; more than this is refused (describe output of 10 000 pods is far less). */
export const MAX_TEXT = 64 * 1024 * 1024;

export { notAPod, notReadable } from './paste.js';

/** Collects the whole text, then reads it line by line (paste.ts). */
export class KubectlTextDocuments {
  private parts: string[] = [];
  private size = 0;

  constructor(
    private readonly file: string,
    private readonly emit: (d: ParsedDoc) => void,
    private readonly now?: number,
    private readonly lineOffset = 0,
  ) {}

  write(text: string): void {
    this.size += text.length;
    if (this.size > MAX_TEXT) throw new InputError(`${this.file}: more than ${MAX_TEXT / (1024 * 1024)} MiB of text that is not YAML or JSON — split the input`);
    this.parts.push(text);
  }

  end(): void {
    const text = this.parts.join('');
    this.parts = [];
    for (const o of parseKubectlText(text, this.file, this.now, this.lineOffset).objects) this.emit({ value: o.value, line: o.line });
  }
}

/** Read kubectl text (or any paste); its warnings travel with the first pod read from it. */
export function parseKubectlText(text: string, file: string, now?: number, lineOffset = 0): KubectlTextResult {
  try {
    return readPaste(text, file, { ...(now !== undefined ? { now } : {}), lineOffset });
  } catch (e) {
    if (e instanceof InputError) throw e;
    // a reader bug must not become a crash with a stack trace: one line, exit 2
    throw new InputError(`${file}: this text could not be read (${String((e as Error).message).split('\n')[0]}) — pass kubectl get pod NAME -o yaml instead`);
  }
}
