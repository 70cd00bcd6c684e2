// The fact catalogue of `scope: workload` rules: one root, `workload`, describing a Deployment,
// ReplicaSet, StatefulSet, DaemonSet, Job or CronJob (src/facts/workload.ts builds it). Pod and
// container rules cannot see it, and workload rules see nothing else (src/rules/load.ts).

import { apiEnum, bool as b, listOf, mapOf, num as n, obj as o, oneOf, reason as r, str as s, strs as sl, type FactNode } from './declare.js';
import { FAILED_CREATE_FACTS } from './extractors/controller.js';
import { WORKLOAD_KINDS } from '../model/input.js';

// The workload facts are built as plain JSON (src/facts/workload.ts), so these declarations give
// the catalogue and the docs, not a TypeScript type; fields are not marked optional.
const e = apiEnum;
const STATUSES = ['True', 'False', 'Unknown'];

export const WORKLOAD_ROOTS: Record<string, FactNode> = {
  workload: o('The workload (scope: workload only): a Deployment, ReplicaSet, StatefulSet, DaemonSet, Job or CronJob, with its ReplicaSets or Jobs, its events and its pods.', {
    kind: oneOf('Deployment, ReplicaSet, StatefulSet, DaemonSet, Job or CronJob.', WORKLOAD_KINDS),
    name: s('metadata.name.'),
    namespace: s('metadata.namespace.'),
    ref: s('kubectl\'s TYPE/NAME: deployment/web, job/migrate.'),
    desired: n('Pods wanted: spec.replicas (default 1), a DaemonSet\'s desiredNumberScheduled, a Job\'s completions.'),
    current: n('Pods that exist: status.replicas, currentNumberScheduled, a Job\'s active.'),
    ready: n('Ready pods: status.readyReplicas, numberReady, a Job\'s ready.'),
    updated: n('Pods of the current template: updatedReplicas, updatedNumberScheduled.'),
    available: n('Available pods: availableReplicas, numberAvailable.'),
    unavailable: n('desired − available, when both are known.'),
    generation: n('metadata.generation.'),
    observedGeneration: n('status.observedGeneration.'),
    paused: b('A Deployment\'s spec.paused.'),
    suspended: b('A Job\'s or CronJob\'s spec.suspend.'),
    ageSeconds: n('Seconds since metadata.creationTimestamp.'),
    podsAbsent: e(
      'Why it has no pod, when it has none: scaled-to-zero (replicas 0, or a DaemonSet meant for no node), suspended, job-finished (Complete or Failed, its pods deleted since), job-pods-deleted (a Job that ran pods and is not finished: they were deleted; the controller replaces them), not-scheduled (a CronJob between runs), none-created (pods are wanted and none exists). Absent when it has pods or its pods could not be read.',
      ['scaled-to-zero', 'suspended', 'job-finished', 'job-pods-deleted', 'not-scheduled', 'none-created'],
    ),
    conditions: mapOf(
      'The workload\'s conditions, by type (a Deployment also shows its new ReplicaSet\'s ReplicaFailure).',
      'condition type',
      ['Available', 'Progressing', 'ReplicaFailure', 'Complete', 'Failed', 'FailureTarget', 'Suspended'],
      o('A workload condition.', {
        status: e('True, False or Unknown.', STATUSES),
        reason: r('Condition reason: ProgressDeadlineExceeded, FailedCreate, BackoffLimitExceeded, DeadlineExceeded, PodFailurePolicy…'),
        message: s('Condition message.'),
        secondsSince: n('Seconds since it last changed.'),
      }),
    ),
    events: listOf(
      'Events of the workload and of its ReplicaSets or Jobs, newest first.',
      'reason',
      o('An event of the controller.', {
        type: e('Normal or Warning.', ['Normal', 'Warning']),
        reason: r('FailedCreate, SuccessfulCreate, ScalingReplicaSet, BackoffLimitExceeded, MissSchedule, JobAlreadyActive…'),
        message: s('The controller\'s message.'),
        count: n('How many times it happened.'),
        object: s('Kind/name of the object the event is about (ReplicaSet/web-7d4b9c6f5).'),
        source: s('Reporting component: replicaset-controller, job-controller, cronjob-controller…'),
        lastSeenSecondsAgo: n('Seconds since it last happened.'),
      }),
    ),
    failedCreate: FAILED_CREATE_FACTS,
    rollout: o('A Deployment\'s rollout: its new and old ReplicaSets.', {
      revision: s('The deployment.kubernetes.io/revision annotation.'),
      newReplicaSet: s('The ReplicaSet whose pod template equals the Deployment\'s (ignoring the pod-template-hash label, as the controller compares them); absent when none does. Without the templates in the input, the ReplicaSet of the Deployment\'s revision.'),
      pendingTemplate: b('The Deployment\'s pod template matches none of its ReplicaSets: a change the controller has not rolled out (a paused Deployment gets no ReplicaSet for it). Absent when the templates are not in the input.'),
      latestReplicaSet: s('The ReplicaSet of the highest revision (what runs when the current template has none).'),
      latestRevision: s('Its deployment.kubernetes.io/revision.'),
      newReplicas: n('Pods of the new ReplicaSet.'),
      newReady: n('Ready pods of the new ReplicaSet.'),
      oldReplicaSets: sl('ReplicaSets of earlier templates that still have pods.'),
      oldReplicas: n('Pods of old ReplicaSets.'),
      progressDeadlineSeconds: n('spec.progressDeadlineSeconds (default 600).'),
      strategy: e('spec.strategy.type: RollingUpdate or Recreate.', ['RollingUpdate', 'Recreate']),
    }),
    job: o('A Job\'s counts and limits.', {
      active: n('status.active.'),
      succeeded: n('status.succeeded.'),
      failed: n('status.failed: pods that failed.'),
      completions: n('spec.completions.'),
      parallelism: n('spec.parallelism.'),
      backoffLimit: n('spec.backoffLimit (default 6).'),
      activeDeadlineSeconds: n('spec.activeDeadlineSeconds.'),
      ranSeconds: n('Seconds from status.startTime to the failure (or to now).'),
      failedReason: r('Reason of the Failed (or FailureTarget) condition: BackoffLimitExceeded, DeadlineExceeded, PodFailurePolicy, MaxFailedIndexesExceeded.'),
      failedMessage: s('Its message.'),
      policyContainer: s('The container a pod failure policy rule matched (extractor).'),
      policyPod: s('The pod it matched.'),
      policyExitCode: n('The exit code it matched.'),
      policyRule: n('The index of the rule in spec.podFailurePolicy.rules.'),
    }),
    cron: o('A CronJob\'s schedule and runs.', {
      schedule: s('spec.schedule.'),
      timeZone: s('spec.timeZone.'),
      concurrencyPolicy: e('spec.concurrencyPolicy: Allow (the default), Forbid or Replace.', ['Allow', 'Forbid', 'Replace']),
      startingDeadlineSeconds: n('spec.startingDeadlineSeconds.'),
      active: sl('Jobs still running (status.active).'),
      lastScheduleSecondsAgo: n('Seconds since status.lastScheduleTime.'),
      lastSuccessfulSecondsAgo: n('Seconds since status.lastSuccessfulTime.'),
      missedAt: s('The start time the controller missed, from its MissSchedule event.'),
      missedCount: n('How many times it missed one (events summed).'),
      tooManyMissed: b('The controller gave up counting missed start times (TooManyMissedTimes).'),
      forbiddenCount: n('How many times a run was skipped because the previous one was still running (JobAlreadyActive).'),
      oldestActiveSeconds: n('How long the oldest still-running Job has run.'),
    }),
    ordinal: o('A StatefulSet\'s ordered start (podManagementPolicy OrderedReady).', {
      policy: e('spec.podManagementPolicy: OrderedReady (the default) or Parallel.', ['OrderedReady', 'Parallel']),
      missing: sl('Pods of ordinals below spec.replicas that do not exist.'),
      blockedBy: s('The lowest ordinal pod that exists and is not Ready: the controller waits for it before creating the next.'),
      blockedStatus: s('That pod\'s kubectl STATUS.'),
      blockedCause: s('The root cause podwhy found for that pod (its title).'),
      claimTemplates: sl('spec.volumeClaimTemplates names.'),
    }),
    daemon: o('A DaemonSet\'s placement.', {
      misscheduled: n('status.numberMisscheduled.'),
      notRunning: sl('Its pods that are not Ready, as pod@node.'),
      nodes: n('Nodes given (offline) or read (live), when any.'),
      skippedNodes: sl('Nodes without a pod of it whose NoSchedule/NoExecute taints the pod template does not tolerate, as node (taint).'),
    }),
    pods: o('Its pods, diagnosed one by one.', {
      total: n('How many pods it has (through its ReplicaSets or Jobs).'),
      ready: n('How many are Ready.'),
      unhealthy: n('How many have a warning or error finding.'),
      rootCause: s('The most common root cause among them (a rule id).'),
      rootCauseTitle: s('Its title.'),
      rootCauseCount: n('How many pods have it.'),
      rootCauseStatus: s('The kubectl STATUS of the first of them.'),
      names: sl('Names of the pods with that root cause.'),
    }),
    unreadable: sl('What live mode could not read for the workload (RBAC, errors).'),
  }),
};
