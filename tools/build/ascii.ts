// The CommonJS bundles as ASCII text (tools/build/bundle.ts). A source with one character beyond
// ASCII must be decoded as UTF-8 into a two-byte string, which cost a one-pod run ~20 M
// instructions of its ~236 M (dist/bundle/cli.cjs, 1 MB); ASCII is read as latin1, a copy
// (src/cli/code-cache.ts). esbuild already writes string literals and untagged templates in ASCII;
// what it leaves is comments and regular expression literals. This rewrites those, found by the
// TypeScript parser (a devDependency already): a comment's characters beyond ASCII become "?", a
// regular expression's (and a string's or an untagged template's, should one be left) become \u
// escapes (UTF-16 code units, which read the same with or without the u and v flags), and a
// String.raw template's become ${"\u…"} substitutions. Anything else beyond ASCII (an identifier,
// another tag's template) stops the build. What changes is text no program output shows: comments,
// Function.prototype.toString, and a rewritten pattern's RegExp#source (escapes of the same
// characters, so a RegExp made from it matches the same).

import ts from 'typescript';

const NON_ASCII = /[^\x00-\x7f]/;
const NON_ASCII_ALL = /[^\x00-\x7f]/gu;

/** A code point as \u escapes of its UTF-16 code units. */
function unitEscapes(ch: string): string {
  let out = '';
  for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/**
 * A regular expression literal's, string literal's or template piece's text with every character
 * beyond ASCII as \u escapes: the same value in each (a template's cooked one).
 */
export function asciiEscapes(text: string): string {
  let out = '';
  let backslashes = 0;
  for (const ch of text) {
    if (ch.charCodeAt(0) > 0x7f) {
      // an identity escape ("\…") is the character itself: the escape replaces the backslash
      if (backslashes % 2 === 1) out = out.slice(0, -1);
      out += unitEscapes(ch);
      backslashes = 0;
      continue;
    }
    backslashes = ch === '\\' ? backslashes + 1 : 0;
    out += ch;
  }
  return out;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * `code` with the characters beyond ASCII of its comments, regular expressions and String.raw
 * templates rewritten, the same program otherwise. Throws when something else holds one.
 */
export function asciiSource(code: string, file: string): string {
  if (!NON_ASCII.test(code)) return code;
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const errors = (sf as unknown as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics ?? [];
  if (errors.length > 0) throw new Error(`${file}: does not parse: ${ts.flattenDiagnosticMessageText(errors[0]?.messageText ?? '', ' ')}`);
  const edits: Edit[] = [];
  const comments = new Map<number, ts.CommentRange>();
  /** The template a piece belongs to (a NoSubstitutionTemplateLiteral is its own). */
  const templateOf = (piece: ts.Node): ts.Node => (ts.isNoSubstitutionTemplateLiteral(piece) ? piece : ts.isTemplateHead(piece) ? piece.parent : piece.parent.parent);
  const isRaw = (tag: ts.Expression) => ts.isPropertyAccessExpression(tag) && tag.name.text === 'raw' && ts.isIdentifier(tag.expression) && tag.expression.text === 'String';
  // Comments are trivia before a token (leading) or after one on its line (trailing): every node
  // and token is looked at, along the paths of the tree that hold a character beyond ASCII.
  const visit = (node: ts.Node): void => {
    for (const r of [...(ts.getLeadingCommentRanges(code, node.getFullStart()) ?? []), ...(ts.getTrailingCommentRanges(code, node.end) ?? [])]) comments.set(r.pos, r);
    if (!NON_ASCII.test(code.slice(node.getFullStart(), node.end))) return;
    const start = node.getStart(sf);
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral || ts.isStringLiteral(node) || (ts.isTemplateLiteralToken(node) && !ts.isTaggedTemplateExpression(templateOf(node).parent))) {
      edits.push({ start, end: node.end, text: asciiEscapes(code.slice(start, node.end)) });
      return;
    }
    if (ts.isTaggedTemplateExpression(node) && NON_ASCII.test(code.slice(node.template.getStart(sf), node.template.end))) {
      if (!isRaw(node.tag)) throw new Error(`${file}: a template tagged ${node.tag.getText(sf)} holds characters beyond ASCII (position ${start}): only String.raw's can be rewritten`);
      const pieces = ts.isNoSubstitutionTemplateLiteral(node.template) ? [node.template] : [node.template.head, ...node.template.templateSpans.map((s) => s.literal)];
      for (const p of pieces) {
        const at = p.getStart(sf);
        const text = code.slice(at, p.end);
        if (NON_ASCII.test(text)) edits.push({ start: at, end: p.end, text: text.replace(NON_ASCII_ALL, (ch) => `\${"${unitEscapes(ch)}"}`) });
      }
      visit(node.tag);
      for (const sp of ts.isNoSubstitutionTemplateLiteral(node.template) ? [] : node.template.templateSpans) visit(sp.expression);
      return;
    }
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  for (const r of comments.values()) {
    const text = code.slice(r.pos, r.end);
    if (NON_ASCII.test(text)) edits.push({ start: r.pos, end: r.end, text: text.replace(NON_ASCII_ALL, '?') });
  }
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const e of edits) {
    if (e.start < at) throw new Error(`${file}: overlapping rewrites at ${e.start}`);
    out += code.slice(at, e.start) + e.text;
    at = e.end;
  }
  out += code.slice(at);
  const left = NON_ASCII.exec(out);
  if (left) {
    const line = out.slice(0, left.index).split('\n').length;
    throw new Error(`${file}:${line}: a character beyond ASCII that is not in a comment, a regular expression or a String.raw template: ${JSON.stringify(out.slice(Math.max(0, left.index - 40), left.index + 10))}`);
  }
  return out;
}
