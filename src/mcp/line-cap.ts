// A cap on the size of one message from the client. The stdio transport buffers a line until its
// newline: a client (or anything on the other end of the pipe) could send one without end. Lines
// pass through whole; a line over the cap is dropped as it arrives (never held past the cap), and
// the request it carried is answered with a JSON-RPC error naming the cap, by its id when the
// line's first or last bytes show one (the SDK's client writes `"id"` last). The session goes on.

import { Transform, type TransformCallback } from 'node:stream';

/** How much of a dropped line's start and end is kept to find its id. */
const EDGE = 512;
const ID = /"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,16})/g;

/** The id of a JSON-RPC message from its first and last bytes: the last `"id"` at the end, else the first at the start. */
export function idOf(head: string, tail: string): string | number | null {
  const pick = (s: string, last: boolean): string | number | null => {
    const all = [...s.matchAll(ID)];
    const m = last ? all[all.length - 1] : all[0];
    if (!m) return null;
    try {
      return JSON.parse(m[1] as string) as string | number;
    } catch {
      return null;
    }
  };
  return pick(tail, true) ?? pick(head, false);
}

export class LineCap extends Transform {
  private held: Buffer[] = [];
  private size = 0;
  private dropping = false;
  private head = '';
  private tail = Buffer.alloc(0);

  /** `limit`: bytes a line may hold; `onDrop(bytes, id)`: a line over it was dropped. */
  constructor(
    private readonly limit: number,
    private readonly onDrop: (bytes: number, id: string | number | null) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let from = 0;
    while (from < chunk.length) {
      const nl = chunk.indexOf(10, from);
      const end = nl < 0 ? chunk.length : nl + 1;
      const piece = chunk.subarray(from, end);
      this.size += piece.length;
      if (this.dropping) this.keepTail(piece);
      else if (this.size > this.limit) {
        this.head = Buffer.concat(this.held).subarray(0, EDGE).toString('utf8');
        this.held = [];
        this.dropping = true;
        this.keepTail(piece);
      } else this.held.push(piece);
      if (nl >= 0) this.lineEnd();
      from = end;
    }
    done();
  }

  private keepTail(piece: Buffer): void {
    this.tail = Buffer.concat([this.tail, piece]).subarray(-EDGE);
  }

  private lineEnd(): void {
    if (this.dropping) this.onDrop(this.size, idOf(this.head, this.tail.toString('utf8')));
    else this.push(Buffer.concat(this.held));
    this.held = [];
    this.size = 0;
    this.dropping = false;
    this.head = '';
    this.tail = Buffer.alloc(0);
  }
}
