// How the user ran the program, read from argv[1] (no dependencies: the bin's quick answers use it).

/**
 * "kubectl podwhy" when kubectl started it as a plugin (it runs the file kubectl-podwhy it found
 * on PATH, so argv[1] names that file), else "podwhy".
 */
export function invocationName(argv1: string | undefined): string {
  const base = (argv1 ?? '').split(/[\\/]/).pop() ?? '';
  return base.startsWith('kubectl-') ? 'kubectl podwhy' : 'podwhy';
}
