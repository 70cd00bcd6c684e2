// JSON as pastes hold it: cut off in the middle (a post's excerpt, a terminal's scrollback), or a
// member of an object without its braces (`"containerStatuses": [ … ],` copied out of `-o json`).
// What parsed is kept: the text is cut back to the last value that was complete and the brackets
// still open are closed.

/**
 * Parse JSON that may stop anywhere. Returns the value read up to the last complete member or
 * element, or undefined when not even one was complete. Never throws.
 */
export function parseCutJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // cut below
  }
  /** Closing brackets of the containers open at each point, innermost last. */
  const stack: string[] = [];
  /** Inside an object: the next string is a key (true) or a value (false). */
  const wantKey: boolean[] = [];
  let best = -1;
  let bestClose = '';
  let inStr = false;
  let strIsKey = false;
  let literal = false;
  const complete = (at: number) => {
    if (stack.length === 0) return;
    best = at;
    bestClose = [...stack].reverse().join('');
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inStr) {
      if (c === 0x5c) i++;
      else if (c === 0x22) {
        inStr = false;
        if (!strIsKey) complete(i + 1);
      }
      continue;
    }
    if (literal) {
      // a number, true, false or null ends at the first character that cannot be in one
      if (/[\w.+-]/.test(text.charAt(i))) continue;
      literal = false;
      complete(i);
    }
    const top = stack.length - 1;
    switch (c) {
      case 0x22: // "
        inStr = true;
        strIsKey = stack[top] === '}' && wantKey[top] === true;
        break;
      case 0x7b: // {
        stack.push('}');
        wantKey.push(true);
        break;
      case 0x5b: // [
        stack.push(']');
        wantKey.push(false);
        break;
      case 0x7d: // }
      case 0x5d: // ]
        stack.pop();
        wantKey.pop();
        if (stack.length === 0) return tryParse(text.slice(0, i + 1));
        complete(i + 1);
        break;
      case 0x3a: // :
        if (stack[top] === '}') wantKey[top] = false;
        break;
      case 0x2c: // ,
        if (stack[top] === '}') wantKey[top] = true;
        break;
      default:
        if (/[-\d tfn]/.test(text.charAt(i)) && !/\s/.test(text.charAt(i)) && stack.length > 0) literal = true;
    }
  }
  // cut inside a string value: the value as far as it goes
  if (inStr && !strIsKey && stack.length > 0) {
    const v = tryParse(`${text.replace(/\\$/, '')}"${[...stack].reverse().join('')}`);
    if (v !== undefined) return v;
  }
  if (best < 0) return undefined;
  return tryParse(text.slice(0, best) + bestClose);
}

function tryParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

/** `"key": value,` — a member of an object pasted without the object's braces. */
export const JSON_MEMBER = /^"[A-Za-z_$][\w.\/$-]*"\s*:\s*(?:[{[]|"|-?\d|true|false|null)/;

/** The object a pasted member (or run of members) stands for: `{` + text + `}`. */
export function wrapMembers(text: string): string {
  return `{${text.replace(/,\s*$/, '')}}`;
}
