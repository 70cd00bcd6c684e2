// The CLI's shared option helpers: the flags of the diagnosis, the formats and shells the program
// offers, and the small parsers every command uses (--now, --lang, --fail-on, the pod argument,
// -c, the live target). Commands import these from here, never from one another or from
// program.ts; program.ts imports them too. Light on purpose: `podwhy --help` loads this module.

import { langFromEnv } from '../model/lang.js';
import { UsageError } from '../model/errors.js';
import type { FailOn, Lang, OutputFormat } from '../model/vocabulary.js';
import type { ClusterTarget, Impersonation } from '../api/live.js';
import { time } from '../util/json.js';
import type { IO } from './io.js';
import { podName } from '../api/pods.js';

export { VERSION } from '../model/vocabulary.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** Options of the diagnosis (the default command). */
export interface DiagnoseFlags {
  file?: string[];
  namespace?: string;
  allNamespaces?: boolean;
  selector?: string;
  /** -o, parsed by the program (program.ts formatOption). */
  output: OutputFormat;
  /** --fail-on, one of the program's choices. */
  failOn: FailOn;
  /** --fail-on-unreadable: a degraded live run exits 3. */
  failOnUnreadable?: boolean;
  lang?: Lang;
  now?: string;
  rules?: string[];
  config?: string;
  all?: boolean;
  /** --details: every pod in full in a many-pod text report. */
  details?: boolean;
  /** --color: true, --no-color: false, neither: undefined (cli/color.ts decides). */
  color?: boolean;
  kubeconfig?: string;
  context?: string;
  requestTimeout?: string;
  recursive?: boolean;
  fieldSelector?: string;
  cluster?: string;
  user?: string;
  as?: string;
  asGroup?: string[];
  asUid?: string;
  maxBytes?: string;
  /** --no-headers sets it to false. */
  headers?: boolean;
  container?: string;
  timeline?: boolean;
  absoluteTime?: boolean;
  watch?: boolean;
}

export function parseNow(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const t = time(v);
  if (t === undefined) throw new UsageError(`--now "${v}" is not an RFC 3339 time — use e.g. --now 2025-03-02T10:00:00Z`);
  return t;
}

/** --lang (one of the program's choices), else the language of the environment. */
export function chooseLang(flag: Lang | undefined, env: IO['env']): Lang {
  return flag ?? langFromEnv(env);
}

/** -o as the user wrote it, for messages. */
export function formatName(f: OutputFormat): string {
  return f.kind === 'jsonpath' ? `jsonpath=${f.template}` : f.kind;
}

/** --as, --as-group, --as-uid as kubectl takes them: groups and a UID only with a user to impersonate. */
function impersonation(flags: DiagnoseFlags): Impersonation {
  if (flags.as === undefined || flags.as === '') {
    throw new UsageError(`${flags.asGroup !== undefined ? '--as-group' : '--as-uid'} needs --as: groups and a UID are impersonated only with a user (as kubectl: "requesting uid, groups or user-extra without impersonating a user")`);
  }
  return { user: flags.as, ...(flags.asGroup ? { groups: flags.asGroup } : {}), ...(flags.asUid !== undefined ? { uid: flags.asUid } : {}) };
}

/** The cluster and namespace the flags name (-n, --kubeconfig, --context, --request-timeout), as workloads and capture read them. */
export function clusterPlace(flags: DiagnoseFlags, io: IO): Pick<ClusterTarget, 'namespace' | 'kubeconfig' | 'context' | 'requestTimeout' | 'env'> {
  return {
    ...(flags.namespace !== undefined ? { namespace: flags.namespace } : {}),
    ...(flags.kubeconfig !== undefined ? { kubeconfig: flags.kubeconfig } : {}),
    ...(flags.context !== undefined ? { context: flags.context } : {}),
    ...(flags.requestTimeout !== undefined ? { requestTimeout: flags.requestTimeout } : {}),
    env: io.env,
  };
}

/** What live mode reads, from the pod argument and the flags (shared with --watch). */
export function clusterTarget(pod: string | undefined, flags: DiagnoseFlags, io: IO): ClusterTarget {
  return {
    ...clusterPlace(flags, io),
    ...(pod !== undefined ? { pod: podName(pod) } : {}),
    ...(flags.allNamespaces ? { allNamespaces: true } : {}),
    ...(flags.selector !== undefined ? { selector: flags.selector } : {}),
    ...(flags.fieldSelector !== undefined ? { fieldSelector: flags.fieldSelector } : {}),
    ...(flags.cluster !== undefined ? { cluster: flags.cluster } : {}),
    ...(flags.user !== undefined ? { user: flags.user } : {}),
    ...(flags.as !== undefined || flags.asGroup !== undefined || flags.asUid !== undefined ? { impersonate: impersonation(flags) } : {}),
    ...(flags.container !== undefined ? { container: flags.container } : {}),
  };
}
