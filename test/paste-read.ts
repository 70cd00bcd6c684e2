// The text readers' tests read a paste as the CLI does (the document stream, then the snapshot):
// one helper for all of them, at a fixed capture instant.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../src/api/rules.js';
import { snapshotFromDocs } from '../src/sources/file.js';
import { DocumentStream, type ParsedDoc } from '../src/sources/reader.js';
import type { Snapshot } from '../src/model/input.js';

/** The capture instant of the readers' tests. */
export const PASTE_NOW = Date.parse('2025-03-02T10:00:00Z');

/** A paste of fixtures/pastes/ by its file name. */
export const pasteFixture = (name: string): string => readFileSync(join(FIXTURES_DIR, 'pastes', name), 'utf8');

/** The snapshot the CLI makes of `text` read as a file named p.txt. */
export function readPaste(text: string, now = PASTE_NOW): Snapshot {
  const docs: ParsedDoc[] = [];
  const s = new DocumentStream('p.txt', (d) => docs.push(d), { now });
  s.write(text);
  s.end();
  return snapshotFromDocs([{ file: 'p.txt', docs }]);
}
