// -o jsonpath=TEMPLATE over the JSON report, with kubectl's template syntax (client-go's
// util/jsonpath): text outside braces as written, `{.pods[*].name}` expressions, string literals
// (`{"\n"}`), and `{range …}…{end}` blocks whose expressions start at each element (`{.name}`,
// `{@}`). The path expressions themselves are evaluated by jsonpath-plus (filters such as
// `[?(@.kubectl.status=="Running")]`, `..`, `[*]`, indexes and slices).
//
// As kubectl prints them: several results of one expression are joined by a space; strings as
// they are; numbers and booleans as text; objects and lists as JSON; a missing field prints
// nothing (kubectl's --allow-missing-template-keys, on by default).

import { JSONPath } from 'jsonpath-plus';
import { UsageError } from '../model/errors.js';

type Node = { kind: 'text'; text: string } | { kind: 'expr'; path: string } | { kind: 'range'; path: string; body: Node[] };

/** The template's pieces; `{range}` without `{end}` (or the reverse) and an unclosed brace are errors, as in kubectl. */
export function parseTemplate(template: string): Node[] {
  const root: Node[] = [];
  const stack: Node[][] = [root];
  let i = 0;
  const bad = (what: string) => new UsageError(`-o jsonpath: ${what} in ${JSON.stringify(template)} — e.g. -o jsonpath='{.pods[*].name}'`);
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) {
      (stack.at(-1) as Node[]).push({ kind: 'text', text: template.slice(i) });
      break;
    }
    if (open > i) (stack.at(-1) as Node[]).push({ kind: 'text', text: template.slice(i, open) });
    // the closing brace, past any string literal inside
    let j = open + 1;
    let quote: string | undefined;
    for (; j < template.length; j++) {
      const c = template[j];
      if (quote) {
        if (c === '\\') j++;
        else if (c === quote) quote = undefined;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '}') break;
    }
    if (j >= template.length) throw bad('unclosed action');
    const inner = template.slice(open + 1, j).trim();
    i = j + 1;
    if (/^range\s/.test(inner)) {
      const body: Node[] = [];
      (stack.at(-1) as Node[]).push({ kind: 'range', path: inner.slice(5).trim(), body });
      stack.push(body);
    } else if (inner === 'end') {
      if (stack.length === 1) throw bad('{end} without {range}');
      stack.pop();
    } else if (/^"(?:[^"\\]|\\.)*"$/.test(inner) || /^'(?:[^'\\]|\\.)*'$/.test(inner)) {
      (stack.at(-1) as Node[]).push({ kind: 'text', text: unquote(inner) });
    } else if (inner === '') {
      throw bad('an empty action {}');
    } else {
      (stack.at(-1) as Node[]).push({ kind: 'expr', path: inner });
    }
  }
  if (stack.length > 1) throw bad('{range} without {end}');
  return root;
}

function unquote(s: string): string {
  const body = s.slice(1, -1);
  return body.replace(/\\(.)/g, (_m, c: string) => ({ n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'" })[c] ?? c);
}

/** The values an expression selects from `at` (the report, or the element of an enclosing range). */
function select(path: string, at: unknown): unknown[] {
  if (path === '@' || path === '$') return [at];
  // kubectl's `.a.b` and `[0]` are relative to the current object: JSONPath's `$.a.b`
  const p = path.startsWith('$') ? path : path.startsWith('@') ? `$${path.slice(1)}` : path.startsWith('[') || path.startsWith('.') ? `$${path}` : `$.${path}`;
  try {
    return JSONPath({ path: p, json: at as object, wrap: true }) as unknown[];
  } catch (e) {
    throw new UsageError(`-o jsonpath: cannot read the expression {${path}}: ${(e as Error).message.split('\n')[0]}`);
  }
}

const show = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The template filled from `doc`. */
export function renderJsonPath(template: string, doc: unknown): string {
  const nodes = parseTemplate(template);
  const out: string[] = [];
  const run = (ns: readonly Node[], at: unknown) => {
    for (const n of ns) {
      if (n.kind === 'text') out.push(n.text);
      else if (n.kind === 'expr') out.push(select(n.path, at).map(show).join(' '));
      // `{range .pods[*]}` selects each element; `{range .pods}` the list, whose elements it goes through
      else for (const item of select(n.path, at).flatMap((v) => (Array.isArray(v) && !n.path.endsWith('[*]') ? v : [v]))) run(n.body, item);
    }
  };
  run(nodes, doc);
  return out.join('');
}
