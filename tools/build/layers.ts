// The floor plan of src/ (STYLE.md 2.1b) as dependency-cruiser rules, and the one check
// dependency-cruiser cannot make (a pure room touching `process`). tools/build/layers.test.ts runs
// both over src/, tools/ and test/ in `npm test`, and proves each rule can fail on a small tree of its own.
//
//   floor 6  cli/       arguments, writers, exit codes    → api, render, model, util (the face only),
//                       and mcp/ lazily (`podwhy mcp`)
//            mcp/       the MCP server: tools over the face → api, render, model, util
//   floor 5  api/       the library face: every command's work as typed functions (the CLI, the MCP
//                       server and index.ts call it)      → every product room below
//            index.ts (the published library API)          → every product room but cli/
//   floor 4  tester/    the fixture runner                → render (its words), engine, sources, rules, model, util
//            render/    report → text, json, sarif…       → engine (types only), rules, i18n, model, util
//            catalogue/ the package's data on disk        → rules, facts, i18n, model, util
//   floor 3  sources/   files, stdin, text, live/         → model, util
//            engine/    facts × rules → findings  PURE    → rules, facts, kubectl, model, util (no words: render writes them)
//   floor 2  rules/     validate + compile        PURE    → facts, kubectl, model, util (no words: the caller gives a template its words)
//            facts/     pod → facts, extractors   PURE    → kubectl, model, util
//            kubectl/   kubectl's arithmetic      PURE    → model, util
//   floor 1  i18n/      words, the glossary's data        → model, util
//            model/     the shared vocabulary             → util
//            util/      small pure helpers                → nothing
//
// src/ is the product alone: every module under it is in a room (or a root file). The workshop
// lives beside it, never inside: tools/ (build, checks, release, bench, the test runners) may
// import anything; test/ (the tests' servers, printers, helpers and data) may import the product
// but not tools/; no product module imports either.
//
// Tests (*.test.ts) sit beside the code they test and may import anything; the rules are about
// what ships.

import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cruise, type IForbiddenRuleType, type IViolation } from 'dependency-cruiser';
import ts from 'typescript';

/** Each product room and the rooms it may import (besides itself). */
export const FLOORS: Readonly<Record<string, readonly string[]>> = {
  util: [],
  model: ['util'],
  i18n: ['model', 'util'],
  kubectl: ['model', 'util'],
  facts: ['kubectl', 'model', 'util'],
  rules: ['facts', 'kubectl', 'model', 'util'],
  engine: ['rules', 'facts', 'kubectl', 'model', 'util'],
  sources: ['model', 'util'],
  catalogue: ['rules', 'facts', 'i18n', 'model', 'util'],
  render: ['engine', 'rules', 'i18n', 'model', 'util'],
  tester: ['render', 'engine', 'sources', 'rules', 'model', 'util'],
  api: ['tester', 'render', 'catalogue', 'sources', 'engine', 'rules', 'facts', 'kubectl', 'i18n', 'model', 'util'],
  mcp: ['api', 'render', 'model', 'util'],
  cli: ['api', 'mcp', 'render', 'model', 'util'],
};
/** Rooms that compute and never look at the world: no node: modules, no `process`. */
export const PURE = ['facts', 'rules', 'engine', 'kubectl', 'i18n', 'model', 'util'] as const;
/** The workshop: folders beside src/ that may import the product, never imported by it. */
export const WORKSHOP = ['tools', 'test'] as const;
/** Product files outside any room. */
export const ROOT_FILES = ['src/index.ts'];

const TEST = '\\.test\\.ts$';
const any = (rooms: readonly string[]) => `^src/(${rooms.join('|')})/`;

export const RULES: IForbiddenRuleType[] = [
  {
    name: 'no-cycle',
    comment: 'No module imports itself through others at run time (static or dynamic import; a cycle of type-only imports is erased by the compiler).',
    severity: 'error',
    from: { path: '^(src|tools|test)/' },
    to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
  },
  ...Object.entries(FLOORS).map(
    ([room, below]): IForbiddenRuleType => ({
      name: `floor-${room}`,
      comment: `${room}/ imports only ${below.length > 0 ? below.join(', ') : 'itself'} (STYLE 2.1b: every arrow points down).`,
      severity: 'error',
      from: { path: `^src/${room}/`, pathNot: TEST },
      to: { path: '^src/', pathNot: any([room, ...below]) },
    }),
  ),
  {
    name: 'pure-rooms-no-io',
    comment: `${PURE.join(', ')} import no Node built-in (no disk, network, processes, environment).`,
    severity: 'error',
    from: { path: any(PURE), pathNot: TEST },
    to: { dependencyTypes: ['core'] },
  },
  {
    name: 'pure-rooms-stay-below',
    comment: 'The pure rooms never import sources, render, catalogue, tester, api or cli.',
    severity: 'error',
    from: { path: any(PURE), pathNot: TEST },
    to: { path: any(['sources', 'render', 'catalogue', 'tester', 'api', 'cli']) },
  },
  {
    name: 'render-reads-engine-types',
    comment: 'render/ takes the engine\'s report types, never runs the engine.',
    severity: 'error',
    from: { path: '^src/render/', pathNot: TEST },
    to: { path: '^src/engine/', dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'nothing-imports-cli',
    comment: 'Only cli/ itself (and the workshop) import cli/.',
    severity: 'error',
    from: { path: '^src/', pathNot: [any(['cli']), TEST] },
    to: { path: '^src/cli/' },
  },
  {
    name: 'product-never-imports-workshop',
    comment: 'Product code (src/) never imports tools/ or test/.',
    severity: 'error',
    from: { path: '^src/', pathNot: TEST },
    to: { path: `^(${WORKSHOP.join('|')})/` },
  },
  {
    name: 'test-support-never-imports-tools',
    comment: 'test/ stands on the product alone: tools/ may import it, never the other way round.',
    severity: 'error',
    from: { path: '^test/', pathNot: TEST },
    to: { path: '^tools/' },
  },
  {
    name: 'offline-never-loads-live',
    comment: 'Outside sources/live/, live code is imported for its types or lazily, never loaded by a static import.',
    severity: 'error',
    from: { path: '^src/', pathNot: ['^src/sources/live/', TEST] },
    to: { path: '^src/sources/live/', dependencyTypesNot: ['type-only', 'type-import', 'dynamic-import'] },
  },
  {
    name: 'only-api-loads-live',
    comment: 'The lazy import() of live code is the library face\'s decision alone (api/).',
    severity: 'error',
    from: { path: '^src/', pathNot: ['^src/(api|sources/live)/', TEST] },
    to: { path: '^src/sources/live/', dependencyTypes: ['dynamic-import'] },
  },
  {
    name: 'mcp-loaded-lazily',
    comment: 'The MCP server (and its SDK) is loaded by `podwhy mcp` alone: cli/ imports mcp/ only by a lazy import().',
    severity: 'error',
    from: { path: '^src/', pathNot: ['^src/mcp/', TEST] },
    to: { path: '^src/mcp/', dependencyTypesNot: ['dynamic-import', 'type-only', 'type-import'] },
  },
  {
    name: 'client-node-only-in-live',
    comment: '@kubernetes/client-node is imported only by sources/live/.',
    severity: 'error',
    from: { path: '^src/', pathNot: ['^src/sources/live/', TEST] },
    to: { path: 'node_modules/@kubernetes/client-node/', dependencyTypesNot: ['type-only'] },
  },
];

export interface LayerReport {
  /** "rule: from → to", one per broken dependency rule. */
  violations: string[];
  /** Product modules in no room (a new folder must be placed on the plan). */
  homeless: string[];
  /** "file:line: process", one per use of `process` in a pure room. */
  processUses: string[];
  modules: number;
}

const ROOMS = new RegExp(`^src/(${Object.keys(FLOORS).join('|')})/`);

/** Cruise `root`/src, tools and test (a package root) with the rules above; also check `process` in the pure rooms. */
export async function checkLayers(root: string): Promise<LayerReport> {
  const result = await cruise(['src', ...WORKSHOP].filter((d) => existsSync(join(root, d))), {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: RULES },
    tsPreCompilationDeps: true,
    // only what the rules need: ES modules, no metrics or reachability
    moduleSystems: ['es6'],
    skipAnalysisNotInRules: true,
    doNotFollow: { path: 'node_modules' },
    // the rules are about what ships: tests (free to import anything) are not cruised
    exclude: { path: ['\\.test\\.ts$', '\\.(ya?ml|json|md|txt|xml)$'] },
  });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text, not a result');
  const out = result.output;
  const label = (v: IViolation) => `${v.rule.name}: ${v.from} → ${v.cycle ? v.cycle.map((c) => c.name).join(' → ') : v.to}`;
  const sources = out.modules.map((m) => m.source).filter((s) => s.startsWith('src/') && s.endsWith('.ts'));
  const homeless = sources.filter((s) => !/\.test\.ts$/.test(s) && !ROOMS.test(s) && !ROOT_FILES.includes(s));
  const pure = new RegExp(`^src/(${PURE.join('|')})/`);
  const processUses = sources.filter((s) => pure.test(s) && !/\.test\.ts$/.test(s)).flatMap((s) => processIn(join(root, s), s));
  return { violations: out.summary.violations.map(label), homeless, processUses, modules: sources.length };
}

/**
 * Uses of the `process` global in a TypeScript file, by its syntax tree: the identifier read as
 * a value (process.env, process.exit(), `const p = process`) or through globalThis; a property
 * or member called `process`, and the word in comments and strings, are not uses.
 */
export function processIn(file: string, name = relative(process.cwd(), file)): string[] {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (n: ts.Node) => `${name}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: process`;
  const isGlobal = (e: ts.Expression) => ts.isIdentifier(e) && (e.text === 'globalThis' || e.text === 'global');
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && n.text === 'process') {
      const p = n.parent;
      const named =
        (ts.isPropertyAccessExpression(p) && p.name === n && !isGlobal(p.expression)) ||
        ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p) || ts.isMethodSignature(p)) && p.name === n) ||
        ((ts.isFunctionDeclaration(p) || ts.isParameter(p) || ts.isVariableDeclaration(p)) && p.name === n) ||
        ts.isQualifiedName(p) ||
        ts.isImportSpecifier(p) ||
        ts.isExportSpecifier(p);
      if (!named) found.push(at(n));
    } else if (ts.isElementAccessExpression(n) && isGlobal(n.expression) && ts.isStringLiteralLike(n.argumentExpression) && n.argumentExpression.text === 'process') {
      found.push(at(n));
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}
