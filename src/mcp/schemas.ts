// The JSON Schemas of the MCP tools: what a model sees of each tool's input, and what its
// structured result holds. The report's is schemaVersion 1 of SPEC.md (the `-o json` document):
// fields are only ever added, so every object allows more properties than it names.

type Schema = Record<string, unknown>;

/** The languages of the tools' `lang` (model/vocabulary.ts LANGS: a unit test holds them equal). */
export const TOOL_LANGS = ['en', 'ko'] as const;

const LANG: Schema = { type: 'string', enum: [...TOOL_LANGS], description: 'Language of titles, explanations and remedies (default en).' };
const CONTEXT: Schema = { type: 'string', minLength: 1, description: "A kubeconfig context; default: the kubeconfig's current context (or the one the server was started with)." };
const NAMESPACE: Schema = { type: 'string', minLength: 1, description: "Namespace; default: the context's namespace, else default." };
const nullable = (type: string): Schema => ({ type: [type, 'null'] });

const evidence: Schema = {
  type: 'object',
  required: ['path', 'value'],
  properties: { path: { type: 'string' }, value: {}, source: { type: 'string', enum: ['event', 'log', 'text'] } },
};

const finding: Schema = {
  type: 'object',
  required: ['rule', 'severity', 'role', 'stage', 'container', 'title', 'explanation', 'remedies', 'evidence'],
  properties: {
    rule: { type: 'string' },
    severity: { type: 'string', enum: ['error', 'warning', 'info'] },
    role: { type: 'string', enum: ['root-cause', 'symptom'] },
    stage: { type: 'string' },
    container: nullable('string'),
    title: { type: 'string' },
    explanation: { type: 'string' },
    remedies: { type: 'array', items: { type: 'string' } },
    commands: { type: 'array', items: { type: 'string' } },
    evidence: { type: 'array', items: evidence },
    docs: { type: 'array', items: { type: 'string' } },
    supersededBy: nullable('string'),
  },
};

const pod: Schema = {
  type: 'object',
  required: ['namespace', 'name', 'kubectl', 'stage', 'healthy', 'verdict', 'findings'],
  properties: {
    namespace: nullable('string'),
    name: nullable('string'),
    uid: nullable('string'),
    kubectl: {
      type: 'object',
      properties: { ready: nullable('string'), status: nullable('string'), restarts: nullable('string'), age: { type: 'string' } },
    },
    phase: nullable('string'),
    stage: { type: 'string' },
    healthy: { type: 'boolean' },
    verdict: { type: 'string', enum: ['healthy', 'problem', 'unknown'] },
    node: nullable('string'),
    findings: { type: 'array', items: finding },
    hypotheses: { type: 'array', items: { type: 'object', required: ['id', 'title', 'why'], properties: { id: { type: 'string' }, title: { type: 'string' }, why: { type: 'string' }, check: nullable('string') } } },
    timeline: { type: 'array', items: { type: 'object', required: ['at', 'stage', 'event', 'detail'] } },
    input: { type: ['object', 'null'] },
  },
};

const summary: Schema = {
  type: 'object',
  required: ['pods', 'healthy', 'findings'],
  properties: {
    pods: { type: 'integer', minimum: 0 },
    healthy: { type: 'integer', minimum: 0 },
    unknown: { type: 'integer', minimum: 0 },
    findings: { type: 'object', required: ['error', 'warning', 'info'], properties: { error: { type: 'integer' }, warning: { type: 'integer' }, info: { type: 'integer' } } },
  },
};

const workload: Schema = {
  type: 'object',
  required: ['kind', 'name', 'healthy'],
  properties: { kind: { type: 'string' }, name: { type: 'string' }, namespace: nullable('string'), healthy: { type: 'boolean' }, unreadable: { type: 'array', items: { type: 'string' } } },
};

/** What a scan left out to keep its result small (the `limit` argument). */
const truncated: Schema = {
  type: 'object',
  required: ['shown', 'omitted', 'note'],
  properties: { shown: { type: 'integer' }, omitted: { type: 'integer' }, omittedHealthy: { type: 'integer' }, note: { type: 'string' } },
};

/** The `-o json` report (SPEC.md, schemaVersion 1), as diagnose_text, diagnose_pod and scan return it. */
export const REPORT: Schema = {
  type: 'object',
  required: ['schemaVersion', 'pods', 'summary'],
  properties: {
    schemaVersion: { const: 1 },
    pods: { type: 'array', items: pod },
    summary,
    workloads: { type: 'array', items: workload },
    truncated,
  },
};

/** A workload target's report (`podwhy deploy/web -o json`). */
export const WORKLOAD_REPORT: Schema = {
  type: 'object',
  required: ['schemaVersion', 'workloads', 'pods', 'summary'],
  properties: { schemaVersion: { const: 1 }, workloads: { type: 'array', items: workload, minItems: 1 }, pods: { type: 'array', items: pod }, summary },
};

/** `podwhy explain TERM -o json`. */
export const EXPLANATION: Schema = {
  type: 'object',
  required: ['kind', 'query'],
  properties: {
    kind: { type: 'string', description: 'rule, exit-code, reason, status, condition, event, signal…' },
    query: { type: 'string' },
    rule: { type: 'string' },
    name: { type: 'string' },
    code: { type: 'integer' },
    meaning: { type: 'string' },
    signal: nullable('string'),
    stage: { type: 'string' },
    text: { type: 'object', properties: { summary: { type: 'string' }, causes: { type: 'array', items: { type: 'string' } }, check: { type: 'array', items: { type: 'string' } } } },
    rules: { type: 'array', items: { type: 'string' } },
  },
};

export const INPUTS = {
  diagnose_text: {
    type: 'object',
    required: ['text'],
    additionalProperties: false,
    properties: {
      text: {
        type: 'string',
        minLength: 1,
        description:
          'What the user pasted or saved, verbatim: `kubectl get pod -o yaml` or JSON, `kubectl describe pod` output, `kubectl get events` or `kubectl get pods` rows, fragments of them, container logs. Do not summarise or reformat it.',
      },
      pod: { type: 'string', minLength: 1, description: 'Only this pod of the text (NAME or pod/NAME); default: every pod in it.' },
      now: { type: 'string', description: 'RFC 3339 time the text was captured, for ages ("5m ago") in kubectl text; default: now.' },
      lang: LANG,
    },
  },
  diagnose_pod: {
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, description: 'The pod name (NAME or pod/NAME).' },
      namespace: NAMESPACE,
      context: CONTEXT,
      container: { type: 'string', minLength: 1, description: 'Only findings about this container (and the pod).' },
      lang: LANG,
    },
  },
  diagnose_workload: {
    type: 'object',
    required: ['workload'],
    additionalProperties: false,
    properties: {
      workload: { type: 'string', minLength: 1, description: 'KIND/NAME: deploy/web, sts/db, ds/agent, job/migrate, cronjob/nightly, rs/web-5d9c8 (kubectl short names and full names).' },
      namespace: NAMESPACE,
      context: CONTEXT,
      lang: LANG,
    },
  },
  scan: {
    type: 'object',
    additionalProperties: false,
    properties: {
      namespace: NAMESPACE,
      allNamespaces: { type: 'boolean', description: 'Every namespace (needs cluster-wide list rights).' },
      selector: { type: 'string', minLength: 1, description: 'A label selector: app=web,tier!=db.' },
      context: CONTEXT,
      limit: { type: 'integer', minimum: 1, maximum: 200, description: 'At most this many pods in the result (default 25), unhealthy ones kept first; the rest are counted in `truncated`.' },
      lang: LANG,
    },
  },
  explain: {
    type: 'object',
    required: ['term'],
    additionalProperties: false,
    properties: {
      term: { type: 'string', minLength: 1, description: 'A reason (CrashLoopBackOff, ImagePullBackOff, FailedScheduling), an exit code (137), a signal (SIGKILL), a condition (PodScheduled=False) or a podwhy rule id.' },
      lang: LANG,
    },
  },
} as const satisfies Record<string, Schema>;
