// Where the package's own data lives. Compiled by tsc this module is dist/paths.js, one level
// below the package root; in the esbuild bundle (dist/bundle/*.js) it is two levels below, and the
// bundler defines PODWHY_BUNDLE_DEPTH to say so.

import { fileURLToPath } from 'node:url';

declare const PODWHY_BUNDLE_DEPTH: string | undefined;
const up = typeof PODWHY_BUNDLE_DEPTH === 'string' ? PODWHY_BUNDLE_DEPTH : '../';

export const PACKAGE_ROOT = fileURLToPath(new URL(up, import.meta.url));
export const BUILTIN_RULES_DIR = fileURLToPath(new URL(`${up}rules/`, import.meta.url));
export const FIXTURES_DIR = fileURLToPath(new URL(`${up}fixtures/`, import.meta.url));
