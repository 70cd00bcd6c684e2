// Cases ported from kubectl's printer tests (pkg/printers/internalversion/printers_test.go, mmorel-35/kubernetes@0b0abd6c11b6103e3f00dfe46975d1494c484a11):
// each is one pod row of `kubectl get pods` as the API server prints it.
//
// Sources, in the order they appear below:
//   - mmorel-35/kubernetes@0b0abd6c11b6103e3f00dfe46975d1494c484a11 (master between v1.32 and v1.33; its
//     printPod is the algorithm in design/KUBECTL-STATUS.md): TestPrintPod test1-test20,
//     TestPrintPodWithRestartableInitContainer, TestPrintPodwide, TestPrintPodConditions,
//     TestPrintPodList, TestPrintNonTerminatedPod.
//   - helayoty/kubernetes@e7423261887cd706a877fa3928334827bdbc6829 (branch of PR #124766, issue #107713):
//     TestPrintPod test21-test24, which are not in the mmorel-35 copy.
//   - an older copy of the same file (~v1.14-v1.16: metav1beta1.TableRow cells, RESTARTS as int64,
//     printers.PrintOptions; stored-index file id 1017019952, repository not identified):
//     TestPrintPod test6 (old expectation), TestPrintPodWithLabels, TestPrintPodShowLabels.
//
// Translation notes:
//   - Internal api.Pod is written as the v1 JSON the API returns. `make([]api.Container, n)` (nameless
//     containers) is written as containers named app-0.., init-0..; the matching status entries get
//     the same names. This changes nothing: names only matter to find sidecar init containers, and
//     those cases keep their Go names.
//   - Empty Go values are omitted (reasons, restartPolicy, zero timestamps), except the fields the
//     API always serialises: container status `ready`, `restartCount`, `state` (may be `{}`) and
//     `terminated.exitCode`.
//   - `time.Now().Add(-X)` is PRINTER_NOW - X. Every Go pod has a zero creationTimestamp, so AGE is
//     always `<unknown>`.
//   - Skipped as truly identical (same pod, same four cells) to a case kept below:
//     TestPrintPodwide test2 (= TestPrintPod/test2); the old copy's TestPrintPod test1-test5,
//     TestPrintPodwide, TestPrintPodList and TestPrintNonTerminatedPod (same pods, same values once
//     int64 RESTARTS is written as a string); the old TestPrintPodTable runningPod / failedPod (=
//     TestPrintPodConditions running / failed); TestPrintPodWithLabels case 2 and
//     TestPrintPodShowLabels case 1 (same pod as TestPrintPodWithLabels case 1; they differ only in
//     print options that add label columns).
export const PRINTER_NOW = '2025-06-01T12:00:00Z';
export interface PrinterCase {
  /** Go test function and case name, e.g. "TestPrintPod/test1" */
  name: string;
  pod: Record<string, unknown>;
  expected: { ready: string; status: string; restarts: string; age: string };
  /** set when the Go expectation depended on behaviour that changed across versions; explain */
  note?: string;
}
export const PRINTER_CASES: PrinterCase[] = [
  // ---------------------------------------------------------------- TestPrintPod (mmorel-35)
  {
    // Test name, num of containers, restarts, container ready status
    name: 'TestPrintPod/test1',
    pod: {
      metadata: { name: 'test1' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'podPhase',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: false, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'podPhase', restarts: '6', age: '<unknown>' },
  },
  {
    // Test container error overwrites pod phase
    name: 'TestPrintPod/test2',
    pod: {
      metadata: { name: 'test2' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'podPhase',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: false, restartCount: 3, state: { waiting: { reason: 'ContainerWaitingReason' } } },
        ],
      },
    },
    expected: { ready: '1/2', status: 'ContainerWaitingReason', restarts: '6', age: '<unknown>' },
  },
  {
    // Test the same as the above but with Terminated state and the first container overwrites the rest
    name: 'TestPrintPod/test3',
    pod: {
      metadata: { name: 'test3' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'podPhase',
        containerStatuses: [
          { name: 'app-0', ready: false, restartCount: 3, state: { waiting: { reason: 'ContainerWaitingReason' } } },
          { name: 'app-1', ready: false, restartCount: 3, state: { terminated: { exitCode: 0, reason: 'ContainerTerminatedReason' } } },
        ],
      },
    },
    expected: { ready: '0/2', status: 'ContainerWaitingReason', restarts: '6', age: '<unknown>' },
  },
  {
    // Test ready is not enough for reporting running
    name: 'TestPrintPod/test4',
    pod: {
      metadata: { name: 'test4' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'podPhase',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: true, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'podPhase', restarts: '6', age: '<unknown>' },
  },
  {
    // Test ready is not enough for reporting running (status.reason replaces the phase)
    name: 'TestPrintPod/test5',
    pod: {
      metadata: { name: 'test5' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'podPhase',
        reason: 'podReason',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: true, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'podReason', restarts: '6', age: '<unknown>' },
  },
  {
    // Test pod has 2 containers, one is running and the other is completed, w/o ready condition
    name: 'TestPrintPod/test6',
    pod: {
      metadata: { name: 'test6' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Running',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { terminated: { exitCode: 0, reason: 'Completed' } } },
          { name: 'app-1', ready: true, restartCount: 3, state: { running: {} } },
        ],
      },
    },
    expected: { ready: '1/2', status: 'NotReady', restarts: '6', age: '<unknown>' },
    note: 'NotReady is newer behaviour: the ~v1.14 copy of this test expected Running for the same pod (see "TestPrintPod/test6 (legacy ~v1.14)"). Stable from v1.32 to v1.34.',
  },
  {
    // Test pod has 2 containers, one is running and the other is completed, with ready condition
    // (second Go case also named "test6")
    name: 'TestPrintPod/test6 (with Ready=True condition)',
    pod: {
      metadata: { name: 'test6' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: 'True', lastProbeTime: '2025-06-01T12:00:00Z' }],
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { terminated: { exitCode: 0, reason: 'Completed' } } },
          { name: 'app-1', ready: true, restartCount: 3, state: { running: {} } },
        ],
      },
    },
    expected: { ready: '1/2', status: 'Running', restarts: '6', age: '<unknown>' },
  },
  {
    // Test pod has 1 init container restarting and 1 container not running
    name: 'TestPrintPod/test7',
    pod: {
      metadata: { name: 'test7' },
      spec: { initContainers: [{ name: 'init-0' }], containers: [{ name: 'app-0' }] },
      status: {
        phase: 'podPhase',
        initContainerStatuses: [
          {
            name: 'init-0',
            ready: false,
            restartCount: 3,
            state: { running: {} },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-06-01T11:59:50Z' } },
          },
        ],
        containerStatuses: [{ name: 'app-0', ready: false, restartCount: 0, state: { waiting: {} } }],
      },
    },
    expected: { ready: '0/1', status: 'Init:0/1', restarts: '3 (10s ago)', age: '<unknown>' },
  },
  {
    // Test pod has 2 init containers, one restarting and the other not running, and 1 container not running
    name: 'TestPrintPod/test8',
    pod: {
      metadata: { name: 'test8' },
      spec: { initContainers: [{ name: 'init-0' }, { name: 'init-1' }], containers: [{ name: 'app-0' }] },
      status: {
        phase: 'podPhase',
        initContainerStatuses: [
          {
            name: 'init-0',
            ready: false,
            restartCount: 3,
            state: { running: {} },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-06-01T11:59:50Z' } },
          },
          { name: 'init-1', ready: false, restartCount: 0, state: { waiting: {} } },
        ],
        containerStatuses: [{ name: 'app-0', ready: false, restartCount: 0, state: { waiting: {} } }],
      },
    },
    expected: { ready: '0/1', status: 'Init:0/2', restarts: '3 (10s ago)', age: '<unknown>' },
  },
  {
    // Test pod has 2 init containers, one completed without restarts and the other restarting, and 1 container not running
    name: 'TestPrintPod/test9',
    pod: {
      metadata: { name: 'test9' },
      spec: { initContainers: [{ name: 'init-0' }, { name: 'init-1' }], containers: [{ name: 'app-0' }] },
      status: {
        phase: 'podPhase',
        initContainerStatuses: [
          { name: 'init-0', ready: false, restartCount: 0, state: { terminated: { exitCode: 0 } } },
          {
            name: 'init-1',
            ready: false,
            restartCount: 3,
            state: { running: {} },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-06-01T11:59:50Z' } },
          },
        ],
        containerStatuses: [{ name: 'app-0', ready: false, restartCount: 0, state: { waiting: {} } }],
      },
    },
    expected: { ready: '0/1', status: 'Init:1/2', restarts: '3 (10s ago)', age: '<unknown>' },
  },
  {
    // Test pod has 2 init containers, one completed with restarts and the other restarting, and 1 container not running
    name: 'TestPrintPod/test10',
    pod: {
      metadata: { name: 'test10' },
      spec: { initContainers: [{ name: 'init-0' }, { name: 'init-1' }], containers: [{ name: 'app-0' }] },
      status: {
        phase: 'podPhase',
        initContainerStatuses: [
          {
            name: 'init-0',
            ready: false,
            restartCount: 2,
            state: { terminated: { exitCode: 0 } },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-06-01T11:58:00Z' } },
          },
          {
            name: 'init-1',
            ready: false,
            restartCount: 3,
            state: { running: {} },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-06-01T11:59:50Z' } },
          },
        ],
        containerStatuses: [{ name: 'app-0', ready: false, restartCount: 0, state: { waiting: {} } }],
      },
    },
    expected: { ready: '0/1', status: 'Init:1/2', restarts: '5 (10s ago)', age: '<unknown>' },
  },
  {
    // Test pod has 1 init container completed with restarts and one container restarting
    name: 'TestPrintPod/test11',
    pod: {
      metadata: { name: 'test11' },
      spec: { initContainers: [{ name: 'init-0' }], containers: [{ name: 'app-0' }] },
      status: {
        phase: 'Running',
        initContainerStatuses: [
          {
            name: 'init-0',
            ready: false,
            restartCount: 2,
            state: { terminated: { exitCode: 0 } },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-06-01T11:58:00Z' } },
          },
        ],
        containerStatuses: [
          {
            name: 'app-0',
            ready: false,
            restartCount: 4,
            state: { running: {} },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-06-01T11:59:40Z' } },
          },
        ],
      },
    },
    expected: { ready: '0/1', status: 'Running', restarts: '4 (20s ago)', age: '<unknown>' },
  },
  {
    // Test pod has 1 container that restarted 5d ago
    name: 'TestPrintPod/test12',
    pod: {
      metadata: { name: 'test12' },
      spec: { containers: [{ name: 'app-0' }] },
      status: {
        phase: 'Running',
        containerStatuses: [
          {
            name: 'app-0',
            ready: true,
            restartCount: 3,
            state: { running: {} },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-05-27T12:00:00Z' } },
          },
        ],
      },
    },
    expected: { ready: '1/1', status: 'Running', restarts: '3 (5d ago)', age: '<unknown>' },
  },
  {
    // Test pod has 2 containers, one has never restarted and the other has restarted 10d ago
    name: 'TestPrintPod/test13',
    pod: {
      metadata: { name: 'test13' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Running',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 0, state: { running: {} } },
          {
            name: 'app-1',
            ready: true,
            restartCount: 3,
            state: { running: {} },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-05-22T12:00:00Z' } },
          },
        ],
      },
    },
    expected: { ready: '2/2', status: 'Running', restarts: '3 (10d ago)', age: '<unknown>' },
  },
  {
    // Test pod has 2 containers, one restarted 5d ago and the other restarted 20d ago
    name: 'TestPrintPod/test14',
    pod: {
      metadata: { name: 'test14' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Running',
        containerStatuses: [
          {
            name: 'app-0',
            ready: true,
            restartCount: 6,
            state: { running: {} },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-05-27T12:00:00Z' } },
          },
          {
            name: 'app-1',
            ready: true,
            restartCount: 3,
            state: { running: {} },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-05-12T12:00:00Z' } },
          },
        ],
      },
    },
    expected: { ready: '2/2', status: 'Running', restarts: '9 (5d ago)', age: '<unknown>' },
  },
  {
    // Test PodScheduled condition with reason SchedulingGated
    name: 'TestPrintPod/test15',
    pod: {
      metadata: { name: 'test15' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'podPhase',
        conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }],
      },
    },
    expected: { ready: '0/2', status: 'SchedulingGated', restarts: '0', age: '<unknown>' },
  },
  {
    // Test pod condition succeed
    name: 'TestPrintPod/test16',
    pod: {
      metadata: { name: 'test16' },
      spec: { containers: [{ name: 'app-0' }] },
      status: {
        phase: 'Succeeded',
        containerStatuses: [
          { name: 'app-0', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } },
        ],
      },
    },
    expected: { ready: '0/1', status: 'Completed', restarts: '0', age: '<unknown>' },
  },
  {
    // Test pod condition failed
    name: 'TestPrintPod/test17',
    pod: {
      metadata: { name: 'test17' },
      spec: { containers: [{ name: 'app-0' }] },
      status: {
        phase: 'Failed',
        containerStatuses: [
          { name: 'app-0', ready: false, restartCount: 0, state: { terminated: { exitCode: 1, reason: 'Error' } } },
        ],
      },
    },
    expected: { ready: '0/1', status: 'Error', restarts: '0', age: '<unknown>' },
  },
  {
    // Test pod condition succeed with deletion
    name: 'TestPrintPod/test18',
    pod: {
      metadata: { name: 'test18', deletionTimestamp: '2025-06-01T11:59:50Z' },
      spec: { containers: [{ name: 'app-0' }] },
      status: {
        phase: 'Succeeded',
        containerStatuses: [
          { name: 'app-0', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } },
        ],
      },
    },
    expected: { ready: '0/1', status: 'Completed', restarts: '0', age: '<unknown>' },
    note: 'Older API servers printed Terminating for any pod with a deletionTimestamp; terminal phases (Succeeded/Failed) keep their status only since the IsPodPhaseTerminal check was added (well before v1.32). Stable from v1.32 to v1.34.',
  },
  {
    // Test pod condition running with deletion
    name: 'TestPrintPod/test19',
    pod: {
      metadata: { name: 'test19', deletionTimestamp: '2025-06-01T11:59:50Z' },
      spec: { containers: [{ name: 'app-0' }] },
      status: {
        phase: 'Running',
        containerStatuses: [{ name: 'app-0', ready: false, restartCount: 0, state: { running: {} } }],
      },
    },
    expected: { ready: '0/1', status: 'Terminating', restarts: '0', age: '<unknown>' },
  },
  {
    // Test pod condition pending with deletion
    name: 'TestPrintPod/test20',
    pod: {
      metadata: { name: 'test20', deletionTimestamp: '2025-06-01T11:59:50Z' },
      spec: { containers: [{ name: 'app-0' }] },
      status: { phase: 'Pending' },
    },
    expected: { ready: '0/1', status: 'Terminating', restarts: '0', age: '<unknown>' },
  },
  // ---------------------------------------------------------------- TestPrintPod test21-24 (helayoty, PR #124766)
  {
    // Two containers, Error/Running (issue #107713)
    name: 'TestPrintPod/test21',
    pod: {
      metadata: { name: 'test21' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Failed',
        containerStatuses: [
          {
            name: 'app-0',
            ready: false,
            restartCount: 0,
            state: { terminated: { exitCode: 1, reason: 'podCrash', finishedAt: '2025-06-01T12:00:00Z' } },
          },
          { name: 'app-1', ready: true, restartCount: 0, state: { running: { startedAt: '2025-06-01T12:00:00Z' } } },
        ],
      },
    },
    expected: { ready: '1/2', status: 'podCrash', restarts: '0', age: '<unknown>' },
    note: 'From the helayoty/kubernetes@e7423261 branch of PR #124766 (issue #107713); not in the mmorel-35 (~v1.32-33) copy. The printPod read for v1.32-v1.34 gives the same cells, so the expectation does not depend on that PR.',
  },
  {
    // Two containers, Running/Error (issue #107713)
    name: 'TestPrintPod/test22',
    pod: {
      metadata: { name: 'test22' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Failed',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 0, state: { running: { startedAt: '2025-06-01T12:00:00Z' } } },
          {
            name: 'app-1',
            ready: false,
            restartCount: 0,
            state: { terminated: { exitCode: 1, reason: 'podCrash', finishedAt: '2025-06-01T12:00:00Z' } },
          },
        ],
      },
    },
    expected: { ready: '1/2', status: 'podCrash', restarts: '0', age: '<unknown>' },
    note: 'From the helayoty/kubernetes@e7423261 branch of PR #124766 (issue #107713); not in the mmorel-35 (~v1.32-33) copy. The printPod read for v1.32-v1.34 gives the same cells, so the expectation does not depend on that PR.',
  },
  {
    // Three containers, all ready, Running/Error/Completed (the completed one has no reason: ExitCode:0)
    name: 'TestPrintPod/test23',
    pod: {
      metadata: { name: 'test23' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }, { name: 'app-2' }] },
      status: {
        phase: 'Failed',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 0, state: { running: { startedAt: '2025-06-01T12:00:00Z' } } },
          {
            name: 'app-1',
            ready: true,
            restartCount: 0,
            state: { terminated: { exitCode: 1, reason: 'podCrash', finishedAt: '2025-06-01T12:00:00Z' } },
          },
          {
            name: 'app-2',
            ready: true,
            restartCount: 0,
            state: { terminated: { exitCode: 0, finishedAt: '2025-06-01T12:00:00Z' } },
          },
        ],
      },
    },
    expected: { ready: '1/3', status: 'podCrash', restarts: '0', age: '<unknown>' },
    note: 'From the helayoty/kubernetes@e7423261 branch of PR #124766 (issue #107713); not in the mmorel-35 (~v1.32-33) copy. The printPod read for v1.32-v1.34 gives the same cells, so the expectation does not depend on that PR.',
  },
  {
    // Three containers, none ready, Running/Error/Completed
    name: 'TestPrintPod/test24',
    pod: {
      metadata: { name: 'test24' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }, { name: 'app-2' }] },
      status: {
        phase: 'Failed',
        containerStatuses: [
          { name: 'app-0', ready: false, restartCount: 0, state: { running: { startedAt: '2025-06-01T12:00:00Z' } } },
          {
            name: 'app-1',
            ready: false,
            restartCount: 0,
            state: { terminated: { exitCode: 1, reason: 'podCrash', finishedAt: '2025-06-01T12:00:00Z' } },
          },
          {
            name: 'app-2',
            ready: false,
            restartCount: 0,
            state: { terminated: { exitCode: 0, finishedAt: '2025-06-01T12:00:00Z' } },
          },
        ],
      },
    },
    expected: { ready: '0/3', status: 'podCrash', restarts: '0', age: '<unknown>' },
    note: 'From the helayoty/kubernetes@e7423261 branch of PR #124766 (issue #107713); not in the mmorel-35 (~v1.32-33) copy. The printPod read for v1.32-v1.34 gives the same cells, so the expectation does not depend on that PR.',
  },
  // ---------------------------------------------------------------- TestPrintPodWithRestartableInitContainer (mmorel-35)
  {
    // 2 restartable init containers, the first one running but not started
    name: 'TestPrintPodWithRestartableInitContainer/test1',
    pod: {
      metadata: { name: 'test1' },
      spec: {
        initContainers: [
          { name: 'restartable-init-1', restartPolicy: 'Always' },
          { name: 'restartable-init-2', restartPolicy: 'Always' },
        ],
        containers: [{ name: 'app-0' }],
      },
      status: {
        phase: 'Pending',
        conditions: [{ type: 'Initialized', status: 'False' }],
        initContainerStatuses: [
          {
            name: 'restartable-init-1',
            ready: false,
            restartCount: 3,
            started: false,
            state: { running: {} },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-06-01T11:59:50Z' } },
          },
          { name: 'restartable-init-2', ready: false, restartCount: 0, started: false, state: { waiting: {} } },
        ],
        containerStatuses: [{ name: 'app-0', ready: false, restartCount: 0, state: { waiting: {} } }],
      },
    },
    expected: { ready: '0/3', status: 'Init:0/2', restarts: '3 (10s ago)', age: '<unknown>' },
    note: 'Sidecar (restartPolicy: Always) handling exists only on v1.28+ API servers; older ones print 0/1 here. Stable from v1.32 to v1.34.',
  },
  {
    // 2 restartable init containers, the first one started and the second one running but not started
    // (second Go case also named "test1")
    name: 'TestPrintPodWithRestartableInitContainer/test1 (first sidecar started)',
    pod: {
      metadata: { name: 'test1' },
      spec: {
        initContainers: [
          { name: 'restartable-init-1', restartPolicy: 'Always' },
          { name: 'restartable-init-2', restartPolicy: 'Always' },
        ],
        containers: [{ name: 'app-0' }],
      },
      status: {
        phase: 'Pending',
        conditions: [{ type: 'Initialized', status: 'False' }],
        initContainerStatuses: [
          {
            name: 'restartable-init-1',
            ready: false,
            restartCount: 3,
            started: true,
            state: { running: {} },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-06-01T11:59:50Z' } },
          },
          { name: 'restartable-init-2', ready: false, restartCount: 0, started: false, state: { running: {} } },
        ],
        containerStatuses: [{ name: 'app-0', ready: false, restartCount: 0, state: { waiting: {} } }],
      },
    },
    expected: { ready: '0/3', status: 'Init:1/2', restarts: '3 (10s ago)', age: '<unknown>' },
    note: 'Sidecar (restartPolicy: Always) handling exists only on v1.28+ API servers. Stable from v1.32 to v1.34.',
  },
  {
    // 2 restartable init containers started and 1 container running
    name: 'TestPrintPodWithRestartableInitContainer/test2',
    pod: {
      metadata: { name: 'test2' },
      spec: {
        initContainers: [
          { name: 'restartable-init-1', restartPolicy: 'Always' },
          { name: 'restartable-init-2', restartPolicy: 'Always' },
        ],
        containers: [{ name: 'app-0' }],
      },
      status: {
        phase: 'Running',
        conditions: [{ type: 'Initialized', status: 'True' }],
        initContainerStatuses: [
          {
            name: 'restartable-init-1',
            ready: false,
            restartCount: 3,
            started: true,
            state: { running: {} },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-06-01T11:59:50Z' } },
          },
          { name: 'restartable-init-2', ready: false, restartCount: 0, started: true, state: { running: {} } },
        ],
        containerStatuses: [
          {
            name: 'app-0',
            ready: true,
            restartCount: 4,
            state: { running: {} },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-06-01T11:59:40Z' } },
          },
        ],
      },
    },
    expected: { ready: '1/3', status: 'Running', restarts: '7 (10s ago)', age: '<unknown>' },
    note: 'Sidecar (restartPolicy: Always) handling exists only on v1.28+ API servers. Stable from v1.32 to v1.34.',
  },
  {
    // 2 restartable init containers completed with non-zero and 1 container completed
    name: 'TestPrintPodWithRestartableInitContainer/test3',
    pod: {
      metadata: { name: 'test3' },
      spec: {
        initContainers: [
          { name: 'restartable-init-1', restartPolicy: 'Always' },
          { name: 'restartable-init-2', restartPolicy: 'Always' },
        ],
        containers: [{ name: 'app-0' }],
      },
      status: {
        phase: 'Succeeded',
        conditions: [{ type: 'Initialized', status: 'True' }],
        initContainerStatuses: [
          {
            name: 'restartable-init-1',
            ready: false,
            restartCount: 3,
            started: false,
            state: { terminated: { exitCode: 137, reason: 'Error' } },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-06-01T11:59:50Z' } },
          },
          {
            name: 'restartable-init-2',
            ready: false,
            restartCount: 0,
            started: false,
            state: { terminated: { exitCode: 137, reason: 'Error' } },
          },
        ],
        containerStatuses: [
          {
            name: 'app-0',
            ready: false,
            restartCount: 4,
            state: { terminated: { exitCode: 0, reason: 'Completed' } },
            lastState: { terminated: { exitCode: 0, finishedAt: '2025-06-01T11:59:40Z' } },
          },
        ],
      },
    },
    expected: { ready: '0/3', status: 'Completed', restarts: '7 (10s ago)', age: '<unknown>' },
    note: 'Relies on the Initialized=True re-scan of regular containers (added with sidecar support, v1.28+): without it this pod prints Init:Error. Stable from v1.32 to v1.34.',
  },
  {
    // Container statuses for non-existent initContainers and containers
    name: 'TestPrintPodWithRestartableInitContainer/test4',
    pod: {
      metadata: { name: 'test4' },
      spec: {
        initContainers: [
          { name: 'init1', image: 'initimage' },
          { name: 'sidecar1', image: 'sidecarimage', restartPolicy: 'Always' },
        ],
        containers: [{ name: 'container1', image: 'containerimage' }],
      },
      status: {
        phase: 'Running',
        initContainerStatuses: [
          { name: 'initinvalid', ready: false, restartCount: 0, state: {} },
          { name: 'init1', ready: false, restartCount: 0, state: {} },
          { name: 'sidecar1', ready: false, restartCount: 0, state: {} },
        ],
        containerStatuses: [
          { name: 'containerinvalid', ready: false, restartCount: 0, state: {} },
          { name: 'container1', ready: false, restartCount: 0, state: {} },
        ],
      },
    },
    expected: { ready: '0/2', status: 'Init:0/2', restarts: '0', age: '<unknown>' },
    note: 'A status name with no spec init container must count as "not a sidecar": v1.28 API servers panicked (nil pointer) on this pod until PR #124906. Stable from v1.32 to v1.34.',
  },
  // ---------------------------------------------------------------- TestPrintPodwide (mmorel-35; only the first 4 columns)
  {
    // NodeName and PodIP set (wide: IP 1.1.1.1, NODE test1, NOMINATED NODE node1, READINESS GATES 1/3)
    name: 'TestPrintPodwide/test1',
    pod: {
      metadata: { name: 'test1' },
      spec: {
        containers: [{ name: 'app-0' }, { name: 'app-1' }],
        nodeName: 'test1',
        readinessGates: [{ conditionType: 'condition1' }, { conditionType: 'condition2' }, { conditionType: 'condition3' }],
      },
      status: {
        phase: 'podPhase',
        conditions: [
          { type: 'condition1', status: 'False' },
          { type: 'condition2', status: 'True' },
        ],
        podIP: '1.1.1.1',
        podIPs: [{ ip: '1.1.1.1' }],
        nominatedNodeName: 'node1',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: false, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'podPhase', restarts: '6', age: '<unknown>' },
  },
  {
    // Same, dual-stack pod IPs (wide: IP 1.1.1.1, NODE test1, NOMINATED NODE node1, READINESS GATES 1/3)
    // (second Go case also named "test1")
    name: 'TestPrintPodwide/test1 (dual-stack podIPs)',
    pod: {
      metadata: { name: 'test1' },
      spec: {
        containers: [{ name: 'app-0' }, { name: 'app-1' }],
        nodeName: 'test1',
        readinessGates: [{ conditionType: 'condition1' }, { conditionType: 'condition2' }, { conditionType: 'condition3' }],
      },
      status: {
        phase: 'podPhase',
        conditions: [
          { type: 'condition1', status: 'False' },
          { type: 'condition2', status: 'True' },
        ],
        podIP: '1.1.1.1',
        podIPs: [{ ip: '1.1.1.1' }, { ip: '2001:db8::' }],
        nominatedNodeName: 'node1',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: false, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'podPhase', restarts: '6', age: '<unknown>' },
  },
  // ---------------------------------------------------------------- TestPrintPodConditions (mmorel-35)
  {
    // Running: no table-row condition
    name: 'TestPrintPodConditions/running',
    pod: {
      metadata: { name: 'test1', labels: { a: '1', b: '2' } },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Running',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: false, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'Running', restarts: '6', age: '<unknown>' },
  },
  {
    // Succeeded: table-row condition Completed/Succeeded (does not change the columns)
    name: 'TestPrintPodConditions/succeeded',
    pod: {
      metadata: { name: 'test1', labels: { a: '1', b: '2' } },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Succeeded',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: false, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'Succeeded', restarts: '6', age: '<unknown>' },
  },
  {
    // Failed: table-row condition Completed/Failed (does not change the columns)
    name: 'TestPrintPodConditions/failed',
    pod: {
      metadata: { name: 'test2', labels: { b: '2' } },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Failed',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: false, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'Failed', restarts: '6', age: '<unknown>' },
  },
  // ---------------------------------------------------------------- TestPrintPodList (mmorel-35)
  {
    name: 'TestPrintPodList/test1',
    pod: {
      metadata: { name: 'test1' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'podPhase',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: true, restartCount: 3, state: { running: {} } },
        ],
      },
    },
    expected: { ready: '2/2', status: 'podPhase', restarts: '6', age: '<unknown>' },
  },
  {
    name: 'TestPrintPodList/test2',
    pod: {
      metadata: { name: 'test2' },
      spec: { containers: [{ name: 'app-0' }] },
      status: {
        phase: 'podPhase',
        containerStatuses: [{ name: 'app-0', ready: true, restartCount: 1, state: { running: {} } }],
      },
    },
    expected: { ready: '1/1', status: 'podPhase', restarts: '1', age: '<unknown>' },
  },
  // ---------------------------------------------------------------- TestPrintNonTerminatedPod (mmorel-35)
  {
    // Pod phase Running should be printed
    name: 'TestPrintNonTerminatedPod/test1',
    pod: {
      metadata: { name: 'test1' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Running',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: false, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'Running', restarts: '6', age: '<unknown>' },
  },
  {
    // Pod phase Pending should be printed
    name: 'TestPrintNonTerminatedPod/test2',
    pod: {
      metadata: { name: 'test2' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Pending',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: false, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'Pending', restarts: '6', age: '<unknown>' },
  },
  {
    // Pod phase Unknown should be printed
    name: 'TestPrintNonTerminatedPod/test3',
    pod: {
      metadata: { name: 'test3' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Unknown',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: false, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'Unknown', restarts: '6', age: '<unknown>' },
  },
  {
    // Pod phase Succeeded should be printed
    name: 'TestPrintNonTerminatedPod/test4',
    pod: {
      metadata: { name: 'test4' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Succeeded',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: false, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'Succeeded', restarts: '6', age: '<unknown>' },
  },
  {
    // Pod phase Failed (the Go comment says "shouldn't be printed", but the row is expected)
    name: 'TestPrintNonTerminatedPod/test5',
    pod: {
      metadata: { name: 'test5' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Failed',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: true, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'Failed', restarts: '6', age: '<unknown>' },
  },
  // ---------------------------------------------------------------- older copy (~v1.14-v1.16)
  {
    // Old TestPrintPod test6: "pod has 2 containers, one is running and the other is completed" (no Ready condition)
    name: 'TestPrintPod/test6 (legacy ~v1.14)',
    pod: {
      metadata: { name: 'test6' },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'Running',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { terminated: { exitCode: 0, reason: 'Completed' } } },
          { name: 'app-1', ready: true, restartCount: 3, state: { running: {} } },
        ],
      },
    },
    expected: { ready: '1/2', status: 'Running', restarts: '6', age: '<unknown>' },
    note: 'LEGACY expectation, not v1.32-v1.34 behaviour: the old printer turned Completed+running into Running unconditionally. From v1.32 to v1.34 this same pod prints NotReady (TestPrintPod/test6); Running needs a Ready=True condition. RESTARTS was int64(6) in the old test.',
  },
  {
    // Old TestPrintPodWithLabels (both Go cases use this pod; they differ only in the label columns requested)
    name: 'TestPrintPodWithLabels/test1',
    pod: {
      metadata: { name: 'test1', labels: { col1: 'asd', COL2: 'zxc' } },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'podPhase',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: false, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'podPhase', restarts: '6', age: '<unknown>' },
    note: 'Test removed from newer copies. RESTARTS was expected as int64(6) (before "(X ago)" existed); the string "6" is what v1.32-v1.34 prints since no lastState is set.',
  },
  {
    // Old TestPrintPodShowLabels, second case (showLabels=false)
    name: 'TestPrintPodShowLabels/test1 (labels col3, COL4)',
    pod: {
      metadata: { name: 'test1', labels: { col3: 'asd', COL4: 'zxc' } },
      spec: { containers: [{ name: 'app-0' }, { name: 'app-1' }] },
      status: {
        phase: 'podPhase',
        containerStatuses: [
          { name: 'app-0', ready: true, restartCount: 3, state: { running: {} } },
          { name: 'app-1', ready: false, restartCount: 3, state: {} },
        ],
      },
    },
    expected: { ready: '1/2', status: 'podPhase', restarts: '6', age: '<unknown>' },
    note: 'Test removed from newer copies. RESTARTS was expected as int64(6) (before "(X ago)" existed); the string "6" is what v1.32-v1.34 prints since no lastState is set.',
  },
];
