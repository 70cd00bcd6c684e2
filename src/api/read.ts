// Reading inputs: files and standard input into parsed documents, with the size cap and the
// reader's options (ages counted from --now, big Lists handed to worker threads). Shared by every
// command that reads what a user saved or pasted.

import { resolve } from 'node:path';
import { InputError } from '../model/errors.js';
import type { Damage } from '../model/input.js';
import { traceBails } from '../sources/kyaml.js';
import { emptyStdin, readChunks, readFileDocs } from '../sources/input.js';
import type { ParsedDoc, ReadOptions } from '../sources/reader.js';

export { DEFAULT_MAX_BYTES, parseMaxBytes } from '../sources/decode.js';
export type { ReadOptions };

/** One input as read: its documents, and where it broke if it is YAML or JSON that broke. */
export interface ReadInput {
  file: string;
  docs: ParsedDoc[];
  damage?: Damage;
}

/** Where the files named are found, and what standard input is. */
export interface ReadPlace {
  cwd: string;
  stdin: () => AsyncIterable<Buffer>;
}

const STDIN_NAMES = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** A read's result as a ReadInput of `file`. */
function asInput(file: string, r: { docs: ParsedDoc[]; damage?: Damage }): ReadInput {
  return r.damage ? { file, docs: r.docs, damage: r.damage } : { file, docs: r.docs };
}

/** Standard input, read whole (an InputError when it is empty: never a switch to the cluster). */
export async function readStdin(stdin: AsyncIterable<Buffer>, maxBytes: number, read: ReadOptions): Promise<ReadInput> {
  const r = await readChunks('<stdin>', stdin, maxBytes, undefined, read);
  if (!r.content) throw emptyStdin();
  return asInput('<stdin>', r);
}

/** Text given whole (a paste handed to the MCP server, a string from a script), read as a file would be. */
export async function readText(text: string, name: string, maxBytes: number, read: ReadOptions): Promise<ReadInput> {
  const r = await readChunks(name, [Buffer.from(text, 'utf8')], maxBytes, undefined, read);
  if (!r.content) throw new InputError(`${name} is empty — give the text the user pasted (YAML, JSON, kubectl describe or get output, events, logs)`);
  return asInput(name, r);
}

/** The files named (`-` and /dev/stdin are standard input, read once), in order. */
export async function readInputs(files: readonly string[], place: ReadPlace, maxBytes: number, read: ReadOptions): Promise<ReadInput[]> {
  const out: ReadInput[] = [];
  let stdinRead = false;
  for (const file of files) {
    // /dev/stdin is standard input by another name: read it as such, because opening it fails when
    // standard input is a socket (ENXIO: what spawned processes and some CI runners are given)
    if (file === '-' || STDIN_NAMES.has(file)) {
      if (stdinRead) continue;
      stdinRead = true;
      out.push(await readStdin(place.stdin(), maxBytes, read));
      continue;
    }
    out.push(asInput(file, await readFileDocs(file, resolve(place.cwd, file), maxBytes, read)));
  }
  return out;
}

/** PODWHY_DEBUG=1: say on stderr where the fast YAML reader hands a document to the full parser. */
export function traceReaderBails(): void {
  traceBails(true);
}
