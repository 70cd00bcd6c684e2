// Where the package's own data lives. Compiled by tsc this module is dist/src/catalogue/paths.js,
// three levels below the package root; in the esbuild bundle (dist/bundle/*.js) it is two levels
// below, and the bundler defines PODWHY_BUNDLE_DEPTH to say so.
//
// The single executable (`npm run release`, tools/build/release.ts) has no package directory: it
// carries the built-in rules' cache and the fixture index as SEA assets, and its build defines
// PODWHY_EXECUTABLE. There the paths below sit under the executable's own path — names for
// messages that no directory can have, never read.

import { fileURLToPath, pathToFileURL } from 'node:url';

declare const PODWHY_BUNDLE_DEPTH: string | undefined;
declare const PODWHY_EXECUTABLE: boolean | undefined;

/** True in the single executable built by tools/build/release.ts. */
export const IN_EXECUTABLE = typeof PODWHY_EXECUTABLE === 'boolean' && PODWHY_EXECUTABLE;

const up = typeof PODWHY_BUNDLE_DEPTH === 'string' ? PODWHY_BUNDLE_DEPTH : '../../../';
const root = IN_EXECUTABLE ? pathToFileURL(`${process.execPath}/`) : new URL(up, import.meta.url);

export const PACKAGE_ROOT = fileURLToPath(root);
export const BUILTIN_RULES_DIR = fileURLToPath(new URL('rules/', root));
export const FIXTURES_DIR = fileURLToPath(new URL('fixtures/', root));

/** The text of an asset embedded in the single executable (only there). */
export function embeddedAsset(name: string): string {
  return process.getBuiltinModule('node:sea').getAsset(name, 'utf8');
}
