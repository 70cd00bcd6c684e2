// Where JSON breaks. JSON.parse says only that it failed, and how it says where differs between
// Node versions (a position in some, nothing for text cut short); this scanner walks the text
// once, by the grammar of RFC 8259, and returns the complete top-level values it saw (a stream
// of them, as jq writes, is valid) and the first place that is not JSON, with what is wrong
// there. Run only on text JSON.parse refused, so it need not be fast, only linear.

export interface JsonBreak {
  /** Offset of the first character that is not JSON (the text's length when it was cut short). */
  offset: number;
  /** What is wrong there, in words: "the JSON ends inside a string", "a comma before ]", … */
  what: string;
  /** The text ends there: cut short, not wrong. */
  cut: boolean;
  /**
   * When the break is inside a top-level array, or inside the "items" array of a top-level object
   * (a List): how many of its elements were complete before it.
   */
  items?: number;
}

export interface JsonScan {
  /** [start, end) of each complete top-level value, in order. */
  values: [number, number][];
  /** The first break, if the text is not a sequence of complete JSON values. */
  error?: JsonBreak;
}

interface Frame {
  array: boolean;
  /** Elements (or members) complete so far. */
  count: number;
  /** The key of the member being read (objects). */
  key?: string;
}

type Want = 'value' | 'key' | 'key-or-end' | 'value-or-end' | 'colon' | 'comma-or-end';

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function show(c: string): string {
  return c === '\t' ? 'a tab' : /[\x00-\x1f\x7f]/.test(c) ? 'a control character' : `"${c}"`;
}

/** Scan `text` as a sequence of JSON values (see the top of this file). */
export function scanJson(text: string): JsonScan {
  return new JsonScanner(text).scan();
}

/**
 * One pass over the text: where it is (`i`), the arrays and objects it is inside (`stack`), and
 * what the grammar wants next. Each step reads one token at `i` and returns a JsonScan only when
 * the text broke there.
 */
class JsonScanner {
  private readonly values: [number, number][] = [];
  private readonly stack: Frame[] = [];
  private want: Want = 'value';
  /** Where the top-level value being read starts. */
  private start = -1;
  private i = 0;
  private readonly n: number;

  constructor(private readonly text: string) {
    this.n = text.length;
  }

  scan(): JsonScan {
    const { text, n } = this;
    while (this.i < n) {
      const c = text.charCodeAt(this.i);
      if (isSpace(c)) {
        this.i++;
        continue;
      }
      const broke = this.want === 'value' || this.want === 'value-or-end' ? this.value(c) : this.want === 'colon' ? this.colon() : this.want === 'comma-or-end' ? this.commaOrEnd() : this.key();
      if (broke) return broke;
    }
    if (this.stack.length > 0) return this.ends(this.inside());
    if (this.want !== 'value') return this.ends('a value');
    return { values: this.values };
  }

  /** A value (or, in an array that may end here, its "]") starts at i; `c` is its first character. */
  private value(c: number): JsonScan | undefined {
    const { text, n, stack } = this;
    const i = this.i;
    const ch = text.charAt(i);
    const f = stack[stack.length - 1];
    if (f === undefined) this.start = i;
    if (ch === ']' && this.want === 'value-or-end') return this.close();
    if (ch === '{' || ch === '[') {
      const array = ch === '[';
      stack.push({ array, count: 0 });
      this.want = array ? 'value-or-end' : 'key-or-end';
      this.i++;
      return undefined;
    }
    if (ch === '"') {
      const end = this.string();
      if (typeof end !== 'number') return end;
      this.i = end;
      this.done();
      return undefined;
    }
    if (ch === '-' || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m || m[0] === '-') return i + 1 >= n ? this.ends('a number') : this.fail(i, 'a malformed number');
      this.i += m[0].length;
      if (this.i >= n && f !== undefined) return this.ends(this.inside());
      this.done();
      return undefined;
    }
    const lit = /^(?:true|false|null)/.exec(text.slice(i, i + 5));
    if (lit) {
      this.i += lit[0].length;
      this.done();
      return undefined;
    }
    if (n - i < 5 && ['true', 'false', 'null'].some((w) => w.startsWith(text.slice(i, n)))) return this.ends(this.inside());
    if (f !== undefined && (ch === ']' || ch === '}')) return this.fail(i, `a comma before ${show(ch)}`);
    return this.fail(i, f === undefined && this.values.length > 0 ? `${show(ch)} after the end of the JSON value` : `${show(ch)} where a value was expected`);
  }

  /** A member's key (or, in an object that may end here, its "}") starts at i. */
  private key(): JsonScan | undefined {
    const ch = this.text.charAt(this.i);
    if (ch === '}' && this.want === 'key-or-end') return this.close();
    if (ch !== '"') return this.fail(this.i, ch === '}' ? 'a comma before "}"' : `${show(ch)} where a key in double quotes was expected`);
    const end = this.string();
    if (typeof end !== 'number') return end;
    (this.stack[this.stack.length - 1] as Frame).key = this.text.slice(this.i + 1, end - 1);
    this.i = end;
    this.want = 'colon';
    return undefined;
  }

  private colon(): JsonScan | undefined {
    const ch = this.text.charAt(this.i);
    if (ch !== ':') return this.fail(this.i, `${show(ch)} where ":" was expected after a key`);
    this.i++;
    this.want = 'value';
    return undefined;
  }

  /** After an element or a member: "," or the end of the array or object. */
  private commaOrEnd(): JsonScan | undefined {
    const ch = this.text.charAt(this.i);
    const f = this.stack[this.stack.length - 1] as Frame;
    if (ch === ',') {
      this.i++;
      this.want = f.array ? 'value' : 'key';
      return undefined;
    }
    const end = f.array ? ']' : '}';
    if (ch === end) return this.close();
    return this.fail(this.i, `${show(ch)} where "," or "${end}" was expected`);
  }

  /** The "]" or "}" at i closes the innermost array or object, a complete value. */
  private close(): undefined {
    this.stack.pop();
    this.i++;
    this.done();
    return undefined;
  }

  /** A value is complete: count it in its container, or as a top-level value. */
  private done(): void {
    const f = this.stack[this.stack.length - 1];
    if (f === undefined) {
      this.values.push([this.start, this.i]);
      this.want = 'value';
      return;
    }
    f.count++;
    this.want = 'comma-or-end';
  }

  /** The string starting at i (a '"'): its end (after the closing quote), or a break. */
  private string(): number | JsonScan {
    const { text, n } = this;
    let j = this.i + 1;
    for (;;) {
      if (j >= n) return this.ends('a string');
      const c = text.charCodeAt(j);
      if (c === 0x22) return j + 1;
      if (c < 0x20) return this.fail(j, `${show(text.charAt(j))} inside a string (JSON needs it escaped)`);
      if (c === 0x5c) {
        if (j + 1 >= n) return this.ends('a string');
        const e = text.charAt(j + 1);
        if (e === 'u') {
          const hex = text.slice(j + 2, j + 6);
          if (!/^[0-9a-fA-F]*$/.test(hex)) return this.fail(j, 'a \\u escape without four hex digits');
          if (hex.length < 4) return this.ends('a string');
          j += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(e)) return this.fail(j, `an unknown escape \\${e}`);
        j += 2;
        continue;
      }
      j++;
    }
  }

  /** What the array or object being read is, in words ("a value" at the top level). */
  private inside(): string {
    const f = this.stack[this.stack.length - 1];
    return f === undefined ? 'a value' : f.array ? 'an array' : 'an object';
  }

  private ends(what: string): JsonScan {
    return this.fail(this.n, `the JSON ends inside ${what}`, true);
  }

  /** The break at `offset`, with the complete values before it. */
  private fail(offset: number, what: string, cut = false): JsonScan {
    const err: JsonBreak = { offset, what, cut };
    const top = this.stack[0];
    const list = this.stack[1];
    if (top?.array) err.items = top.count;
    else if (top && top.key === 'items' && list?.array) err.items = list.count;
    return { values: this.values, error: err };
  }
}
