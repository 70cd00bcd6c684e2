// The pipeline's closed vocabularies, shared by every floor: the stages a pod passes through (they
// drive root-cause ranking), the severities of a finding (the one order of them), the threshold of
// --fail-on, the output formats, and the languages podwhy speaks.

export const STAGES = [
  'admission',
  'scheduling',
  'sandbox',
  'volumes',
  'image',
  'init',
  'config',
  'start',
  'runtime',
  'probes',
  'termination',
] as const;
export type Stage = (typeof STAGES)[number];

/** Most severe first: the one order of severities (ranking, --fail-on, reports). */
export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** A severity's place in SEVERITIES: 0 for error; lower is more severe. */
export function severityRank(s: Severity): number {
  return SEVERITIES.indexOf(s);
}

/** --fail-on: a severity, or never. */
export const FAIL_ON = [...SEVERITIES, 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** Whether a finding of this severity counts against --fail-on. */
export function atOrAbove(s: Severity, failOn: FailOn): boolean {
  return failOn !== 'never' && severityRank(s) <= severityRank(failOn);
}

/** The formats of a diagnosis (-o); `jsonpath=TEMPLATE` comes on top of them (OutputFormat). */
export const FORMATS = ['text', 'wide', 'json', 'yaml', 'name', 'junit', 'sarif', 'github', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];
/** The CI formats (render/ci.ts). */
export type CiFormat = Extract<Format, 'junit' | 'sarif' | 'github' | 'markdown'>;

/** -o, parsed: a format, or kubectl's `jsonpath=TEMPLATE` with its template. */
export type OutputFormat = { kind: Format } | { kind: 'jsonpath'; template: string };

export const LANGS = ['en', 'ko'] as const;
export type Lang = (typeof LANGS)[number];

/** podwhy's version (package.json's; a release checks they agree). */
export const VERSION = '0.1.0';
