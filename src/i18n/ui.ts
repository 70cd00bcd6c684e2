// Words of the text output itself (headings, labels), per language.

import type { Lang } from '../model/vocabulary.js';
import { withParticle } from './particles.js';

export interface UiText {
  rootCause: string;
  rootCauses: string;
  evidence: string;
  /** After an evidence value read off an event rather than the status. */
  fromEvents: string;
  whatToDo: string;
  next: string;
  symptoms: string;
  otherFindings: string;
  healthy: string;
  healthyDetail: string;
  /** "Would decide": the facts the input does not give that would decide rules left open. */
  wouldDecide: string;
  decidingFact: (fact: string, container?: string) => string;
  rulesCount: (n: number) => string;
  /** Heading of the likely causes (hypotheses), and the line under it. */
  likelyCauses: string;
  likelyCausesNote: string;
  /** The verdict of a pod with no problem found in an input that does not show its health. */
  unknownVerdict: string;
  /** What the input would need to show health, from UnknownPart entries. */
  notShown: (parts: string[]) => string;
  /** Each part the input does not show, for notShown. */
  part: (kind: 'status' | 'phase' | 'conditions' | 'state' | 'ready' | 'events', subject?: string) => string;
  lifecycle: string;
  stuckAt: string;
  /** Rules that fired but were ignored (annotation or config), before their list. */
  ignored: string;
  /** A finished pod's stage: it is not stuck, it ended there (phase Failed, or Succeeded). */
  failedAt: string;
  endedAt: string;
  namespace: string;
  /** In place of a pod's name and namespace the input does not give. */
  nameUnknown: string;
  namespaceUnknown: string;
  node: string;
  owner: string;
  container: string;
  initContainer: string;
  sidecar: string;
  ephemeralContainer: string;
  supersededBy: string;
  docs: string;
  missing: string;
  podsSummary: (total: number, unhealthy: number, unknown: number) => string;
  tableRootCause: string;
  tablePods: string;
  tableExamples: string;
  noProblem: string;
  moreInfo: string;
  moreGroups: (n: number) => string;
  logPrevious: string;
  logCurrent: string;
  unreadable: string;
  oddity: string;
  /** Heading of --timeline, with the instant relative times count from. */
  timeline: (origin?: string) => string;
  now: string;
  /** Label of a fact kubectl's text output (describe, tables) does not carry. */
  notInText: string;
  /** "run" before the command that shows it. */
  notInTextRun: string;
  /** The fact, by kind (MissingFact.fact), with the containers or conditions concerned. */
  missingFact: (fact: string, subjects: string[]) => string;
  stages: Record<string, string>;
  explain: {
    causes: string;
    check: string;
    rules: string;
    ruleHint: string;
    stage: string;
    exitCode: string;
    signalFrom: (code: number, n: number, name: string) => string;
    initNote: (reason: string) => string;
    conditionStatus: (cond: string, status: string) => string;
    unknownTerm: (q: string) => string;
    didYouMean: (s: string[]) => string;
    tryHint: string;
    categories: Record<string, string>;
  };
}

export const UI: Record<Lang, UiText> = {
  en: {
    rootCause: 'ROOT CAUSE',
    rootCauses: 'ROOT CAUSES',
    evidence: 'Evidence',
    fromEvents: '(from the events)',
    whatToDo: 'What to do',
    next: 'Next',
    symptoms: 'Symptoms',
    otherFindings: 'Also',
    healthy: 'Healthy',
    healthyDetail: 'nothing to fix',
    unknownVerdict: 'No problem found in what was given',
    wouldDecide: 'Not in the input, and would decide',
    decidingFact: (fact, c) => {
      switch (fact) {
        case 'state':
          return `the current state of container ${c}`;
        case 'lastState':
          return `how the last run of container ${c} ended (its last state)`;
        case 'ready':
          return `whether container ${c} is ready`;
        case 'restartCount':
          return `the restart count of container ${c}`;
        case 'spec':
          return c !== undefined ? `the spec of container ${c} (image, resources, probes, command)` : "the pod's spec";
        case 'status':
          return "the pod's status";
        case 'events':
          return "the pod's events";
        case 'metadata':
          return "the pod's metadata (owner, creation time)";
        case 'node':
          return 'its node';
        default:
          return fact.replace(/^pod\./, "the pod's ");
      }
    },
    rulesCount: (n) => `${n} rule${n === 1 ? '' : 's'}`,
    likelyCauses: 'LIKELY CAUSES',
    likelyCausesNote: 'Not proven: the input does not hold the line that would decide. Check each with its command.',
    notShown: (parts) => `The input does not show whether the pod is healthy: it lacks ${parts.join(', ')}.`,
    part: (kind, subject) => {
      switch (kind) {
        case 'status':
          return "the pod's status (phase, conditions, container states)";
        case 'phase':
          return "the pod's phase";
        case 'conditions':
          return "the pod's Ready condition";
        case 'state':
          return `the current state of container ${subject ?? ''}`;
        case 'ready':
          return `whether container ${subject ?? ''} is ready`;
        case 'events':
          return 'its events';
      }
    },
    lifecycle: 'Lifecycle',
    stuckAt: 'stuck at',
    ignored: 'Ignored',
    failedAt: 'failed at',
    endedAt: 'ended at',
    namespace: 'namespace',
    nameUnknown: '(pod name not in the input)',
    namespaceUnknown: 'namespace not in the input',
    node: 'node',
    owner: 'owner',
    container: 'container',
    initContainer: 'init container',
    sidecar: 'sidecar',
    ephemeralContainer: 'ephemeral container',
    supersededBy: 'explained by',
    docs: 'Docs',
    missing: 'Not in the input',
    podsSummary: (total, unhealthy, unknown) => `${total} pod${total === 1 ? '' : 's'}, ${unhealthy} unhealthy${unknown > 0 ? `, ${unknown} not shown healthy` : ''}`,
    tableRootCause: 'ROOT CAUSE',
    tablePods: 'PODS',
    tableExamples: 'EXAMPLES',
    noProblem: '(healthy)',
    moreInfo: 'more',
    moreGroups: (n) => `… ${n} more groups`,
    logPrevious: 'Last log lines of the previous run (redacted)',
    logCurrent: 'Last log lines (redacted)',
    unreadable: 'Could not read',
    oddity: 'Odd input',
    timeline: (origin) => (origin ? `Timeline (from creation, ${origin})` : 'Timeline'),
    now: 'now',
    notInText: 'Not in this kubectl output',
    notInTextRun: 'see',
    missingFact: (fact, subjects) => {
      const list = subjects.join(', ');
      switch (fact) {
        case 'waiting-message':
          return `the message of the waiting state of ${list}`;
        case 'condition-message':
          return `the reason and message of condition${subjects.length > 1 ? 's' : ''} ${list}`;
        case 'event-container':
          return 'which container some events are about';
        case 'terminating-phase':
          return "the pod's phase and finalizers while it terminates";
        case 'creation-time':
          return "the pod's creation time (its age here counts from its Start Time or earliest event, so it may be older)";
        case 'age':
          return "the pod's creation time, so its age";
        case 'events':
          return 'events (the text ends before its Events section)';
        case 'containers':
          return 'the containers (the text ends before its Containers section)';
        case 'containers-cut':
          return 'any containers after the last one shown (the text ends inside its Containers section)';
        case 'pod-object':
          return 'the pod itself: this diagnosis rests on its events or logs alone';
        case 'pods-table':
          return 'everything but STATUS and RESTARTS (a kubectl get pods row): this diagnosis is limited';
        case 'pod-name':
          return "the pod's name (the paste does not give it; the name shown is made up)";
        case 'no-events':
          return "the pod's events (none were pasted)";
        case 'no-containers':
          return "the pod's containers (none were pasted)";
        case 'no-status':
          return "the pod's status (it was not pasted)";
        case 'logs-container':
          return `which container the pasted logs come from (taken to be ${list})`;
        case 'container-name':
          return 'the name of the container whose block was pasted without it';
        case 'state-line':
          return `whether the state pasted for ${list} is its current or its last one (its State: line was not pasted; taken for the last)`;
        default:
          return fact;
      }
    },
    stages: {
      creation: 'creation',
      admission: 'admission',
      scheduling: 'scheduling',
      sandbox: 'sandbox/network',
      volumes: 'volumes',
      image: 'image',
      init: 'init containers',
      config: 'container config',
      start: 'container start',
      runtime: 'runtime',
      probes: 'probes/readiness',
      termination: 'termination',
      lifecycle: 'pod lifecycle',
      creating: 'creating containers',
      ready: 'ready',
      completed: 'completed',
      running: 'running',
    },
    explain: {
      causes: 'Usual causes',
      check: 'What to check',
      rules: 'Rules that diagnose it',
      ruleHint: 'podwhy rules <id> shows a rule in full',
      stage: 'lifecycle stage',
      exitCode: 'Exit code',
      signalFrom: (code, n, name) => `${code} = 128 + ${n}: the process was killed by signal ${n} (${name}).`,
      initNote: (reason) => `Shown as Init:${reason}: it happened in an init container, so the app containers have not started yet.`,
      conditionStatus: (cond, status) => `${cond}=${status}`,
      unknownTerm: (q) => `"${q}" is not a reason, status, condition, event, exit code, signal or rule podwhy knows`,
      didYouMean: (s) => `did you mean ${s.join(', ')}?`,
      tryHint: 'try a reason such as CrashLoopBackOff, an exit code such as 137, or podwhy rules',
      categories: {
        'waiting-reason': 'container waiting reason',
        'terminated-reason': 'container terminated reason',
        'pod-status': 'pod status (kubectl STATUS)',
        'pod-reason': 'pod status.reason',
        condition: 'pod condition',
        'event-reason': 'event reason',
        'exit-code': 'exit code',
        signal: 'signal',
        rule: 'podwhy rule',
      },
    },
  },
  ko: {
    rootCause: '근본 원인',
    rootCauses: '근본 원인',
    evidence: '근거',
    fromEvents: '(이벤트에서 추정)',
    whatToDo: '조치 방법',
    next: '다음에 실행할 명령',
    symptoms: '증상',
    otherFindings: '참고',
    healthy: '정상',
    healthyDetail: '조치할 필요 없음',
    unknownVerdict: '주어진 정보에서는 문제를 찾지 못함',
    wouldDecide: '입력에 없지만 판단에 필요한 정보',
    decidingFact: (fact, c) => {
      switch (fact) {
        case 'state':
          return `${c} 컨테이너의 현재 상태`;
        case 'lastState':
          return `${c} 컨테이너의 마지막 실행이 어떻게 끝났는지(last state)`;
        case 'ready':
          return `${c} 컨테이너의 준비(ready) 여부`;
        case 'restartCount':
          return `${c} 컨테이너의 재시작 횟수`;
        case 'spec':
          return c !== undefined ? `${c} 컨테이너의 spec(이미지, 리소스, 프로브, command)` : '파드의 spec';
        case 'status':
          return '파드의 status';
        case 'events':
          return '파드의 이벤트';
        case 'metadata':
          return '파드의 메타데이터(소유자, 생성 시각)';
        case 'node':
          return '노드 정보';
        default:
          return fact.replace(/^pod\./, '파드의 ');
      }
    },
    rulesCount: (n) => `규칙 ${n}개`,
    likelyCauses: '가능성 있는 원인',
    likelyCausesNote: '확인된 원인이 아닙니다. 판단에 필요한 줄이 입력에 없습니다. 각 항목의 명령으로 확인하세요.',
    notShown: (parts) => `입력만으로는 파드가 정상인지 알 수 없습니다. 다음 정보가 없습니다: ${parts.join(', ')}.`,
    part: (kind, subject) => {
      switch (kind) {
        case 'status':
          return '파드의 status(phase, condition, 컨테이너 상태)';
        case 'phase':
          return '파드의 phase';
        case 'conditions':
          return '파드의 Ready condition';
        case 'state':
          return `${subject ?? ''} 컨테이너의 현재 상태`;
        case 'ready':
          return `${subject ?? ''} 컨테이너의 준비(ready) 여부`;
        case 'events':
          return '이벤트';
      }
    },
    lifecycle: '라이프사이클',
    stuckAt: '멈춘 단계',
    ignored: '무시한 규칙',
    failedAt: '실패한 단계',
    endedAt: '끝난 단계',
    namespace: '네임스페이스',
    nameUnknown: '(입력에 파드 이름이 없음)',
    namespaceUnknown: '입력에 네임스페이스가 없음',
    node: '노드',
    owner: '소유자',
    container: '컨테이너',
    initContainer: 'init 컨테이너',
    sidecar: '사이드카',
    ephemeralContainer: '임시 컨테이너',
    supersededBy: '원인:',
    docs: '문서',
    missing: '입력에 없는 정보',
    podsSummary: (total, unhealthy, unknown) =>
      unhealthy === 0 && unknown === 0
        ? `파드 ${total}개 모두 정상`
        : `파드 ${total}개 중 ${unhealthy}개 비정상${unknown > 0 ? `, ${unknown}개는 정상 여부 알 수 없음` : ''}`,
    tableRootCause: '근본 원인',
    tablePods: '파드',
    tableExamples: '예시',
    noProblem: '(정상)',
    moreInfo: '더 보기',
    moreGroups: (n) => `… 그룹 ${n}개 더`,
    logPrevious: '이전 실행의 마지막 로그(민감 정보 가림)',
    logCurrent: '마지막 로그(민감 정보 가림)',
    unreadable: '읽지 못한 정보',
    oddity: '이상한 입력',
    timeline: (origin) => (origin ? `타임라인 (생성 시각 ${origin} 기준)` : '타임라인'),
    now: '지금',
    notInText: '이 kubectl 출력에 없는 정보',
    notInTextRun: '확인',
    missingFact: (fact, subjects) => {
      const list = subjects.join(', ');
      switch (fact) {
        case 'waiting-message':
          return `${list} 컨테이너의 Waiting 상태 메시지`;
        case 'condition-message':
          return `${list} condition의 reason과 message`;
        case 'event-container':
          return '일부 이벤트의 대상 컨테이너';
        case 'terminating-phase':
          return '종료 중인 파드의 phase와 finalizer';
        case 'creation-time':
          return '파드 생성 시각(여기서 나이는 Start Time이나 가장 이른 이벤트부터 센 값이라 실제보다 적을 수 있음)';
        case 'age':
          return '파드 생성 시각, 곧 파드의 나이';
        case 'events':
          return '이벤트(텍스트가 Events 절 앞에서 끝남)';
        case 'containers':
          return '컨테이너(텍스트가 Containers 절 앞에서 끝남)';
        case 'containers-cut':
          return '마지막으로 보이는 컨테이너 뒤의 컨테이너(텍스트가 Containers 절 중간에서 끝남)';
        case 'pod-object':
          return '파드 자체: 이 진단은 이벤트나 로그만 근거로 함';
        case 'pods-table':
          return 'STATUS와 RESTARTS 외의 모든 정보(kubectl get pods의 한 줄): 이 진단은 제한적임';
        case 'pod-name':
          return '파드 이름(붙여 넣은 내용에 없어 임의로 붙인 이름임)';
        case 'no-events':
          return '파드의 이벤트(붙여 넣은 내용에 없음)';
        case 'no-containers':
          return '파드의 컨테이너(붙여 넣은 내용에 없음)';
        case 'no-status':
          return '파드의 status(붙여 넣은 내용에 없음)';
        case 'logs-container':
          return `붙여 넣은 로그가 어느 컨테이너의 것인지(${withParticle(list, '으로/로')} 봄)`;
        case 'container-name':
          return '이름 없이 붙여 넣은 컨테이너 블록의 컨테이너 이름';
        case 'state-line':
          return `${list} 컨테이너에 붙여 넣은 상태가 현재 상태인지 직전 상태인지(State: 줄이 없어 직전 상태(Last State)로 봄)`;
        default:
          return fact;
      }
    },
    stages: {
      creation: '생성',
      admission: '어드미션',
      scheduling: '스케줄링',
      sandbox: '샌드박스/네트워크',
      volumes: '볼륨 연결/마운트',
      image: '이미지 pull',
      init: 'init 컨테이너',
      config: '컨테이너 설정',
      start: '컨테이너 시작',
      runtime: '실행',
      probes: '프로브/준비 상태',
      termination: '종료 처리',
      lifecycle: '파드 라이프사이클',
      creating: '컨테이너 생성 중',
      ready: '준비 완료',
      completed: '완료',
      running: '실행 중',
    },
    explain: {
      causes: '주요 원인',
      check: '확인할 사항',
      rules: '이를 진단하는 규칙',
      ruleHint: 'podwhy rules <id>로 규칙 전체를 볼 수 있습니다',
      stage: '라이프사이클 단계',
      exitCode: '종료 코드',
      signalFrom: (code, n, name) => `${code} = 128 + ${n}: 프로세스가 ${n}번 시그널(${name})을 받아 종료되었습니다.`,
      initNote: (reason) =>
        `kubectl STATUS에 Init:${reason} 형태로 표시됩니다. init 컨테이너에서 일어난 일이므로 앱 컨테이너는 아직 시작되지 않았습니다.`,
      conditionStatus: (cond, status) => `${cond}=${status}`,
      unknownTerm: (q) => `podwhy가 아는 reason, 상태, condition, 이벤트, 종료 코드, 시그널, 규칙 중에 "${q}"에 해당하는 것이 없습니다`,
      didYouMean: (s) => `비슷한 항목: ${s.join(', ')}`,
      tryHint: 'CrashLoopBackOff 같은 reason이나 137 같은 종료 코드를 입력하거나, podwhy rules로 규칙 목록을 확인하세요',
      categories: {
        'waiting-reason': '컨테이너 waiting reason',
        'terminated-reason': '컨테이너 terminated reason',
        'pod-status': '파드 상태(kubectl STATUS)',
        'pod-reason': '파드 status.reason',
        condition: '파드 condition',
        'event-reason': '이벤트 reason',
        'exit-code': '종료 코드',
        signal: '시그널',
        rule: 'podwhy 규칙',
      },
    },
  },
};
