// The pipeline's closed vocabularies, shared by every floor: the stages a pod passes through (they
// drive root-cause ranking), the severities of a finding, and the languages podwhy speaks.

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

export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const LANGS = ['en', 'ko'] as const;
export type Lang = (typeof LANGS)[number];
