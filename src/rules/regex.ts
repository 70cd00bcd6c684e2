// Regular expressions from rule files are compiled once, at load. A pattern that does not compile
// is a load error naming the file and field.

export function compileRegex(source: string, flags: string, at: string, errors: string[]): RegExp | undefined {
  try {
    return new RegExp(source, flags);
  } catch (e) {
    errors.push(`${at}: invalid regular expression: ${(e as Error).message}`);
    return undefined;
  }
}
