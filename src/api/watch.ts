// Watching pods (`podwhy <pod> -w`): each transition as it happens, with the one line that
// explains it, then the final diagnoses when the pod settles or the caller stops. The cluster
// code is loaded only here, lazily.

import { diagnose, diagnosePod } from '../engine/diagnose.js';
import type { PodDiagnosis } from '../engine/types.js';
import type { UnreadableRead } from '../model/input.js';
import type { Words } from '../render/words.js';
import type { RuleSet } from '../rules/plan.js';
import type { ClusterTarget } from '../sources/live/live.js';
import type { Transition } from '../sources/live/watch.js';
import { summarizeUnreadable } from '../sources/unreadable.js';
import { onlyContainer } from './pods.js';
import { triageFor } from './triage.js';

export type { Transition };

export interface WatchRequest {
  target: ClusterTarget;
  rules: RuleSet;
  /** The words of the one-line explanations. */
  words: Words;
  /** Ends the watch (Ctrl-C): the final diagnoses follow. */
  interrupt: AbortSignal;
  clock: () => number;
  onTransition: (t: Transition) => void;
}

export interface WatchOutcome {
  /** Why it ended: ready, succeeded, failed, deleted, interrupted. */
  reason: string;
  /** The pods as last seen, diagnosed (with -c, findings about that container and the pod). */
  diagnoses: PodDiagnosis[];
  /** What the watch could not read (events forbidden). */
  unreadable: UnreadableRead[];
  /** How many pods were watched. */
  pods: number;
}

/** Watch pods until they settle or `interrupt` fires. */
export async function watchPods(req: WatchRequest): Promise<WatchOutcome> {
  const { rules, words } = req;
  const { watchPods: watch } = await import('../sources/live/watch.js');
  const result = await watch({
    ...req.target,
    interrupt: req.interrupt,
    clock: req.clock,
    // the final diagnosis reads logs as a one-shot run does
    triage: triageFor(rules, {}),
    view: (input, now) => {
      const d = diagnosePod(input, rules, { now });
      const root = d.findings.find((f) => f.role === 'root-cause' && f.severity !== 'info');
      // A healthy pod: what last happened to it, from its timeline.
      const last = [...d.timeline].reverse().find((e) => e.event !== 'stuck');
      // An image problem names the image ("Image not found in the registry (registry.example.com/app:v2.3)").
      const image = root?.stage === 'image' && root.container ? d.facts.containers.find((c) => c.name === root.container)?.image : undefined;
      const explanation = root ? `${words.title(root)}${image ? ` (${image})` : ''}` : last ? words.timeline(last) : '';
      return { status: d.kubectl.status ?? '', ready: d.kubectl.ready ?? '', explanation };
    },
    onTransition: req.onTransition,
  });
  const diagnoses = diagnose(result.inputs, rules, { now: req.clock() }).map((d) => onlyContainer(d, req.target.container));
  // (the watch reads pods and events; the final logs only sharpen, and a deleted pod has none)
  const unreadable = summarizeUnreadable(result.inputs).filter((r) => r.what === 'events');
  return { reason: result.reason, diagnoses, unreadable, pods: result.inputs.length };
}
