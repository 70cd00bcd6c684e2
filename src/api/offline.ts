// Offline: from what was read (files, standard input) to the pods a run diagnoses and the
// workloads beside them, as the pod argument and the filters select them. What the run must say
// (warnings, broken inputs) and how it ends when there is nothing to diagnose are returned as
// data: the caller writes them (the CLI on stderr, the MCP server in its result).

import { InputError, PodwhyError } from '../model/errors.js';
import type { Damage, PodInput } from '../model/input.js';
import { snapshotFromDocs } from '../sources/file.js';
import { damageLine } from '../sources/reader.js';
import { workloadWarnings } from '../sources/workloads.js';
import { selectContainer, selectPods, type PodFilter } from './pods.js';
import type { ReadInput } from './read.js';
import type { Gathered } from './report.js';
import { offlineWorkloads, WorkloadCollector, type WorkloadScan } from './scan-workloads.js';

/** What to pick from the input: a pod by name (or all), the filters, a container (-c). */
export interface OfflinePick extends PodFilter {
  pod?: string;
  container?: string;
}

/** How a run with nothing to diagnose ends (OfflineSelection.end). */
export interface OfflineEnd {
  /** Write an empty report (programs read it: a CI step parses its JUnit or SARIF file). */
  empty: boolean;
  /** The empty report before the broken inputs are said (the break is the error), not after. */
  emptyFirst?: boolean;
  /** A scan that read workloads and found none wrong: the empty report says how many it read. */
  workloads?: WorkloadScan;
  /** Broken inputs to say (after the report). */
  damaged: Damage[];
  /** A line to say on stderr. */
  note?: string;
  /** Fail with this error; else exit with `exit`. */
  error?: PodwhyError;
  exit?: number;
}

/** The pods and workloads a run diagnoses (a run's gathered input: nothing is unreadable offline), or how it ends without them. */
export interface OfflineSelection extends Gathered {
  /** Said first (stderr), one per line, whatever follows. */
  warnings: string[];
  end?: OfflineEnd;
}

/** One line for a broken input. */
export { damageLine };

/** The pods (and workloads) of the inputs that the pick selects. The inputs are let go. */
export function selectOffline(inputs: ReadInput[], pick: OfflinePick): OfflineSelection {
  const snapshot = snapshotFromDocs(inputs);
  inputs.length = 0; // the parsed documents live on in the snapshot's pods only
  // without a pod named, the input's workloads are diagnosed beside its pods
  // (a field selector picks pods by their fields, which workloads do not have: pods only)
  const scan = pick.pod === undefined && pick.fieldSelector === undefined ? offlineWorkloads(snapshot, pick) : undefined;
  const workloads = scan ? new WorkloadCollector(scan) : undefined;
  const warnings = scan ? workloadWarnings(snapshot.warnings) : [...snapshot.warnings];
  if (scan?.statusless) {
    const n = scan.statusless;
    warnings.push(`${n} workload${n === 1 ? '' : 's'} in the input ${n === 1 ? 'has' : 'have'} no status (manifests) and ${n === 1 ? 'was' : 'were'} not judged — pass them as \`kubectl get … -o yaml\` prints them`);
  }
  const damaged = snapshot.damaged ?? [];
  const none = { warnings, pods: [], damaged, unreadable: [] };
  if (snapshot.pods.length === 0 && damaged.length > 0 && !scan) {
    // nothing read before the break: the break is the error (-o json: a report with no pods)
    return { ...none, end: { empty: true, emptyFirst: true, damaged: damaged.slice(1), error: new InputError(damageLine(damaged[0] as Damage)) } };
  }
  if (snapshot.pods.length === 0 && !scan) {
    const what = snapshot.orphanEvents.length > 0 ? `only events (${snapshot.orphanEvents.length})` : 'nothing podwhy reads';
    return { ...none, end: { empty: false, damaged: [], error: new InputError(`no pod in the input (found ${what}) — pass a Pod, a List of pods or \`kubectl get pod NAME -o yaml\` output`) } };
  }
  let pods: PodInput[];
  try {
    pods = selectPods(snapshot, pick.pod, pick);
  } catch (e) {
    // the pod may be after the break
    if (e instanceof PodwhyError) return { ...none, end: { empty: false, damaged, error: e } };
    throw e;
  }
  if (pods.length === 0 && (workloads?.empty ?? true)) {
    if (scan) {
      // workloads were read, and none is wrong: said as a scan says it
      const note = `${scan.read} workload${scan.read === 1 ? '' : 's'} read, none short of what it asks for; no pod in the input${pick.namespace || pick.selector ? ' matches --namespace/--selector' : ''}`;
      return { ...none, end: { empty: true, workloads: scan, damaged, note, exit: damaged.length > 0 ? 2 : 0 } };
    }
    return { ...none, end: { empty: true, damaged, error: new InputError('no pod in the input matches --namespace/--selector/--field-selector — check the filters') } };
  }
  if (pick.container !== undefined) pods = selectContainer(pods, pick.container, pick.pod !== undefined);
  return { warnings, pods, damaged, unreadable: [], ...(workloads ? { workloads } : {}) };
}
