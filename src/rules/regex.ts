// Regular expressions from rule files are compiled once, at load. A pattern that does not compile,
// or that could backtrack catastrophically (nested quantifiers such as (a+)+, checked with
// safe-regex2), is a load error naming the file and field: a user rule must not be able to hang
// podwhy on a crafted message.

import safeRegex from 'safe-regex2';

/**
 * safe-regex2 (with its regex parser) is only called on a pattern not already proven safe: with
 * the build's rule cache (which holds compiled trees), a run with only built-in rules never calls it. It is imported, not
 * required at run time, so that the bundle carries it and an installed podwhy needs no
 * node_modules of its own.
 */
function isSafe(re: RegExp): boolean {
  return safeRegex(re);
}

export const MAX_REGEX_LENGTH = 500;

/** Patterns (as "flags/source") already proven safe in this process: each is checked once. */
export const provenSafe = new Set<string>();

export function compileRegex(source: string, flags: string, at: string, errors: string[]): RegExp | undefined {
  if (source.length > MAX_REGEX_LENGTH) {
    errors.push(`${at}: regular expression longer than ${MAX_REGEX_LENGTH} characters`);
    return undefined;
  }
  let re: RegExp;
  try {
    re = new RegExp(source, flags);
  } catch (e) {
    errors.push(`${at}: invalid regular expression: ${(e as Error).message}`);
    return undefined;
  }
  const key = `${flags}/${source}`;
  if (provenSafe.has(key)) return re;
  if (!isSafe(re)) {
    errors.push(`${at}: regular expression "${source}" may backtrack catastrophically (nested or overlapping quantifiers) — simplify it`);
    return undefined;
  }
  provenSafe.add(key);
  return re;
}
