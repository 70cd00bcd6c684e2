// `podwhy capture <pod>`: save a live pod as a fixture (api/capture.ts), the way users turn an
// incident into a regression test.

import { loadRuleSet } from '../../api/config.js';
import { capturePod } from '../../api/capture.js';
import { podName } from '../../api/pods.js';
import type { IO } from '../io.js';
import { clusterPlace, parseNow, type DiagnoseFlags } from '../options.js';

export async function runCapture(pod: string, flags: DiagnoseFlags, io: IO): Promise<number> {
  const now = parseNow(flags.now) ?? Date.now();
  const { rules } = loadRuleSet(io.cwd, flags);
  io.out(await capturePod({ ...clusterPlace(flags, io), pod: podName(pod) }, rules, now));
  return 0;
}
