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
  const values: [number, number][] = [];
  const stack: Frame[] = [];
  let want = 'value' as Want;
  let start = -1;
  let i = 0;
  const n = text.length;
  const fail = (offset: number, what: string, cut = false): JsonScan => {
    const err: JsonBreak = { offset, what, cut };
    const top = stack[0];
    const list = stack[1];
    if (top?.array) err.items = top.count;
    else if (top && top.key === 'items' && list?.array) err.items = list.count;
    return { values, error: err };
  };
  const ends = (what: string) => fail(n, `the JSON ends inside ${what}`, true);
  const inside = () => {
    const f = stack[stack.length - 1];
    return f === undefined ? 'a value' : f.array ? 'an array' : 'an object';
  };
  /** A value is complete: count it in its container, or as a top-level value. */
  const done = () => {
    const f = stack[stack.length - 1];
    if (f === undefined) {
      values.push([start, i]);
      want = 'value';
      return;
    }
    f.count++;
    want = 'comma-or-end';
  };
  /** The string starting at i (a '"'): its end (after the closing quote), or a break. */
  const string = (): number | JsonScan => {
    let j = i + 1;
    for (;;) {
      if (j >= n) return ends('a string');
      const c = text.charCodeAt(j);
      if (c === 0x22) return j + 1;
      if (c < 0x20) return fail(j, `${show(text.charAt(j))} inside a string (JSON needs it escaped)`);
      if (c === 0x5c) {
        if (j + 1 >= n) return ends('a string');
        const e = text.charAt(j + 1);
        if (e === 'u') {
          const hex = text.slice(j + 2, j + 6);
          if (!/^[0-9a-fA-F]*$/.test(hex)) return fail(j, 'a \\u escape without four hex digits');
          if (hex.length < 4) return ends('a string');
          j += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(e)) return fail(j, `an unknown escape \\${e}`);
        j += 2;
        continue;
      }
      j++;
    }
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    const ch = text.charAt(i);
    const f = stack[stack.length - 1];
    switch (want) {
      case 'value':
      case 'value-or-end': {
        if (f === undefined) start = i;
        if (ch === ']' && want === 'value-or-end') {
          stack.pop();
          i++;
          done();
          continue;
        }
        if (ch === '{') {
          stack.push({ array: false, count: 0 });
          want = 'key-or-end';
          i++;
          continue;
        }
        if (ch === '[') {
          stack.push({ array: true, count: 0 });
          want = 'value-or-end';
          i++;
          continue;
        }
        if (ch === '"') {
          const end = string();
          if (typeof end !== 'number') return end;
          i = end;
          done();
          continue;
        }
        if (ch === '-' || (c >= 0x30 && c <= 0x39)) {
          NUMBER.lastIndex = i;
          const m = NUMBER.exec(text);
          if (!m || m[0] === '-') return i + 1 >= n ? ends('a number') : fail(i, 'a malformed number');
          i += m[0].length;
          if (i >= n && f !== undefined) return ends(inside());
          done();
          continue;
        }
        const lit = /^(?:true|false|null)/.exec(text.slice(i, i + 5));
        if (lit) {
          i += lit[0].length;
          done();
          continue;
        }
        if (n - i < 5 && ['true', 'false', 'null'].some((w) => w.startsWith(text.slice(i, n)))) return ends(inside());
        if (f !== undefined && (ch === ']' || ch === '}')) return fail(i, `a comma before ${show(ch)}`);
        return fail(i, f === undefined && values.length > 0 ? `${show(ch)} after the end of the JSON value` : `${show(ch)} where a value was expected`);
      }
      case 'key':
      case 'key-or-end': {
        if (ch === '}' && want === 'key-or-end') {
          stack.pop();
          i++;
          done();
          continue;
        }
        if (ch !== '"') return fail(i, ch === '}' ? 'a comma before "}"' : `${show(ch)} where a key in double quotes was expected`);
        const end = string();
        if (typeof end !== 'number') return end;
        (f as Frame).key = text.slice(i + 1, end - 1);
        i = end;
        want = 'colon';
        continue;
      }
      case 'colon':
        if (ch !== ':') return fail(i, `${show(ch)} where ":" was expected after a key`);
        i++;
        want = 'value';
        continue;
      case 'comma-or-end': {
        const fr = f as Frame;
        if (ch === ',') {
          i++;
          want = fr.array ? 'value' : 'key';
          continue;
        }
        if (ch === (fr.array ? ']' : '}')) {
          stack.pop();
          i++;
          done();
          continue;
        }
        return fail(i, `${show(ch)} where "," or "${fr.array ? ']' : '}'}" was expected`);
      }
    }
  }
  if (stack.length > 0) return ends(inside());
  if (want !== 'value') return ends('a value');
  return { values };
}
