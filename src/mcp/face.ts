// What the MCP server uses of the library face, handed to it by `podwhy mcp` (cli/commands/mcp.ts)
// rather than imported: the server and its SDK are bundled apart (dist/bundle/mcp.cjs, loaded only
// by that command), and this keeps one copy of the face, the one the CLI already holds, with its
// rule cache and its error classes (the server tells a PodwhyError from a bug by them).

import type { loadRuleSet } from '../api/config.js';
import type { explainTerm, explanationJson, renderExplained } from '../api/explain.js';
import type { liveReportJson } from '../api/live.js';
import type { selectOffline } from '../api/offline.js';
import type { checkFilter, podName } from '../api/pods.js';
import type { readText } from '../api/read.js';
import type { reportJson } from '../api/report.js';
import type { diagnoseWorkload, parseWorkloadTarget, workloadJson, workloadLive } from '../api/workload.js';
import type { InputError, PodwhyError, UsageError } from '../model/errors.js';
import type { wordsFor } from '../render/words.js';
import type { time } from '../util/json.js';

export interface Face {
  loadRuleSet: typeof loadRuleSet;
  explainTerm: typeof explainTerm;
  explanationJson: typeof explanationJson;
  renderExplained: typeof renderExplained;
  liveReportJson: typeof liveReportJson;
  selectOffline: typeof selectOffline;
  checkFilter: typeof checkFilter;
  podName: typeof podName;
  readText: typeof readText;
  reportJson: typeof reportJson;
  parseWorkloadTarget: typeof parseWorkloadTarget;
  workloadLive: typeof workloadLive;
  diagnoseWorkload: typeof diagnoseWorkload;
  workloadJson: typeof workloadJson;
  wordsFor: typeof wordsFor;
  time: typeof time;
  PodwhyError: typeof PodwhyError;
  UsageError: typeof UsageError;
  InputError: typeof InputError;
  version: string;
}
