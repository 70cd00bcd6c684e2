// `podwhy mcp`: the Model Context Protocol server on stdio (src/mcp/), loaded only by this
// command (the bundle keeps it and its SDK in dist/bundle/mcp.cjs). The server is handed the
// library face (mcp/face.ts) the CLI already holds. The options fix what every tool call shares:
// the cluster (--context, --kubeconfig), the rules, the largest text read. It runs until the
// client closes standard input.

import { loadRuleSet } from '../../api/config.js';
import { explainTerm, explanationJson, renderExplained } from '../../api/explain.js';
import { liveReportJson } from '../../api/live.js';
import { selectOffline } from '../../api/offline.js';
import { checkFilter, podName } from '../../api/pods.js';
import { parseMaxBytes, readText } from '../../api/read.js';
import { reportJson } from '../../api/report.js';
import { diagnoseWorkload, parseWorkloadTarget, workloadJson, workloadLive } from '../../api/workload.js';
import { InputError, PodwhyError, UsageError } from '../../model/errors.js';
import { VERSION } from '../../model/vocabulary.js';
import { wordsFor } from '../../render/words.js';
import { time } from '../../util/json.js';
import type { IO } from '../io.js';

export async function runMcp(flags: { kubeconfig?: string; context?: string; rules?: string[]; config?: string; maxBytes: string }, io: IO): Promise<number> {
  const maxBytes = parseMaxBytes(flags.maxBytes);
  if (maxBytes === undefined) throw new UsageError(`--max-bytes "${flags.maxBytes}" is not a size — use e.g. 16Mi or 1000000`);
  // the rules are checked before the server starts: a broken --rules folder is a CLI error, not a failure of every call
  loadRuleSet(io.cwd, flags);
  const face = {
    loadRuleSet, explainTerm, explanationJson, renderExplained, liveReportJson, selectOffline, checkFilter, podName, readText, reportJson,
    parseWorkloadTarget, workloadLive, diagnoseWorkload, workloadJson, wordsFor, time, PodwhyError, UsageError, InputError, version: VERSION,
  };
  const { serveStdio } = await import('../../mcp/server.js');
  await serveStdio({
    face,
    cwd: io.cwd,
    env: io.env,
    ...(flags.context !== undefined ? { context: flags.context } : {}),
    ...(flags.kubeconfig !== undefined ? { kubeconfig: flags.kubeconfig } : {}),
    ruleFlags: { ...(flags.rules ? { rules: flags.rules } : {}), ...(flags.config !== undefined ? { config: flags.config } : {}) },
    maxBytes,
  });
  return 0;
}
