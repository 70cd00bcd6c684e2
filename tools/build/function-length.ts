// No function in src/ (tests aside) is longer than MAX_FUNCTION_LINES lines: a function that
// long does several things, and a newcomer has to hold them all at once. Read with the TypeScript
// compiler's parser (a devDependency, as the layer check's dependency-cruiser is).

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const MAX_FUNCTION_LINES = 150;

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/** The .ts files under dir, tests and declarations aside. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The functions (declarations, methods, arrows, accessors) longer than `max` lines, in the .ts files under srcDir. */
export function longFunctions(srcDir: string, max = MAX_FUNCTION_LINES): LongFunction[] {
  const out: LongFunction[] = [];
  for (const file of sources(srcDir)) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (ts.isFunctionLike(n) && 'body' in n && n.body) {
        const first = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
        const last = sf.getLineAndCharacterOfPosition(n.end).line;
        const name = n.name && ts.isIdentifier(n.name) ? n.name.text : '(anonymous)';
        if (last - first + 1 > max) out.push({ file: relative(srcDir, file), line: first + 1, name, lines: last - first + 1 });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}
