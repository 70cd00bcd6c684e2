// Files and stdin → parsed documents, chunk by chunk. Bytes go through StreamDecoder (size limit,
// BOM, binary and UTF-8 checks) into DocumentStream (documents and list items parsed as they
// complete), so neither the bytes nor the text of a big input are ever held whole.

import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { InputError } from '../model/errors.js';
import { StreamDecoder, tooBig } from './decode.js';
import { DocumentStream, type Damage, type ParsedDoc, type ReadOptions } from './reader.js';

/**
 * Read size for files. Under 1 MB on purpose: Node turns a longer Buffer into an *external*
 * string, whose memory V8 only counts loosely, so a 244 MB file read in 1 MiB chunks kept up to
 * the whole file in dead chunk strings between collections (peak RSS 379 MB against 305 MB).
 */
const CHUNK = 1 << 19;

export interface ReadResult {
  docs: ParsedDoc[];
  /** False when the input held nothing but whitespace (an empty pipe). */
  content: boolean;
  /** Where the input broke, when it is a YAML or JSON document that broke (what came before is in docs). */
  damage?: Damage;
}

/** The error for standard input with nothing in it but whitespace: never a reason to read the cluster instead. */
export function emptyStdin(): InputError {
  return new InputError("standard input is empty — pipe a pod's YAML or JSON, or name a pod (or pass --context) to read it from the cluster");
}

/** Parse a stream of byte chunks (any chunking) into documents. */
export async function readChunks(file: string, chunks: AsyncIterable<Buffer> | Iterable<Buffer>, maxBytes: number, size?: number, opts: ReadOptions = {}): Promise<ReadResult> {
  const docs: ParsedDoc[] = [];
  const decoder = new StreamDecoder(file, maxBytes, size);
  const stream = new DocumentStream(file, (d) => docs.push(d), opts);
  let content = false;
  const feed = (text: string) => {
    if (text === '') return;
    if (!content && /\S/.test(text)) content = true;
    stream.write(text);
  };
  let bytes = 0;
  for await (const buf of chunks) {
    // (worker threads loaded for a big input, or catching up with its items: opts.defer)
    const wait = opts.defer?.pace((bytes += buf.length));
    if (wait) await wait;
    feed(decoder.push(buf));
  }
  feed(decoder.end());
  stream.end();
  const damage = stream.damage;
  return damage ? { docs, content, damage } : { docs, content };
}

/**
 * A regular file's bytes, read synchronously into one reused buffer: the decoder copies what it
 * keeps, so a 100 MB file costs half a megabyte of buffer, not a hundred.
 */
function* regularFileChunks(fd: number): Generator<Buffer> {
  const buf = Buffer.allocUnsafe(CHUNK);
  for (;;) {
    const n = readSync(fd, buf, 0, CHUNK, null);
    if (n === 0) return;
    yield buf.subarray(0, n);
  }
}

function cannotRead(file: string, e: unknown): InputError {
  const code = (e as NodeJS.ErrnoException).code;
  const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
  return new InputError(`cannot read ${file}: ${why} — check the path`);
}

/** Read one file (as named on the command line, resolved to `path`) into documents. */
export async function readFileDocs(file: string, path: string, maxBytes: number, opts: ReadOptions = {}): Promise<ReadResult> {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    throw cannotRead(file, e);
  }
  // The stream below closes the descriptor itself when destroyed (whatever autoClose says), so a
  // pipe's descriptor is the stream's to close and a second close here would be EBADF, or worse,
  // close a descriptor reused meanwhile.
  let closeHere = true;
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw cannotRead(file, Object.assign(new Error(), { code: 'EISDIR' }));
    if (st.isFile()) {
      if (st.size > maxBytes) throw tooBig(file, st.size, maxBytes);
      return await readChunks(file, regularFileChunks(fd), maxBytes, st.size, opts);
    }
    // A pipe or device (`-f <(kubectl get pods -o yaml)`, `-f /dev/stdin`): read it as a stream.
    const stream = createReadStream('', { fd, autoClose: true, highWaterMark: CHUNK });
    closeHere = false;
    try {
      return await readChunks(file, stream as AsyncIterable<Buffer>, maxBytes, undefined, opts);
    } finally {
      stream.destroy();
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw cannotRead(file, e);
  } finally {
    if (closeHere) closeSync(fd);
  }
}
