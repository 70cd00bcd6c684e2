// Words of the text output itself (headings, labels), per language.

import type { Lang } from '../rules/types.js';

export interface UiText {
  rootCause: string;
  rootCauses: string;
  evidence: string;
  whatToDo: string;
  next: string;
  symptoms: string;
  otherFindings: string;
  healthy: string;
  healthyDetail: string;
  lifecycle: string;
  stuckAt: string;
  namespace: string;
  node: string;
  owner: string;
  container: string;
  initContainer: string;
  sidecar: string;
  ephemeralContainer: string;
  supersededBy: string;
  docs: string;
  missing: string;
  podsSummary: (total: number, unhealthy: number) => string;
  tableRootCause: string;
  tablePods: string;
  tableExamples: string;
  noProblem: string;
  moreInfo: string;
  stages: Record<string, string>;
}

export const UI: Record<Lang, UiText> = {
  en: {
    rootCause: 'ROOT CAUSE',
    rootCauses: 'ROOT CAUSES',
    evidence: 'Evidence',
    whatToDo: 'What to do',
    next: 'Next',
    symptoms: 'Symptoms',
    otherFindings: 'Also',
    healthy: 'Healthy',
    healthyDetail: 'nothing to fix',
    lifecycle: 'Lifecycle',
    stuckAt: 'stuck at',
    namespace: 'namespace',
    node: 'node',
    owner: 'owner',
    container: 'container',
    initContainer: 'init container',
    sidecar: 'sidecar',
    ephemeralContainer: 'ephemeral container',
    supersededBy: 'explained by',
    docs: 'Docs',
    missing: 'Not in the input',
    podsSummary: (total, unhealthy) => `${total} pod${total === 1 ? '' : 's'}, ${unhealthy} unhealthy`,
    tableRootCause: 'ROOT CAUSE',
    tablePods: 'PODS',
    tableExamples: 'EXAMPLES',
    noProblem: '(healthy)',
    moreInfo: 'more',
    stages: {
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
      creating: 'creating containers',
      ready: 'ready',
      completed: 'completed',
      running: 'running',
    },
  },
  ko: {
    rootCause: '근본 원인',
    rootCauses: '근본 원인',
    evidence: '근거',
    whatToDo: '조치 방법',
    next: '다음에 실행할 명령',
    symptoms: '증상',
    otherFindings: '기타',
    healthy: '정상',
    healthyDetail: '조치할 것이 없습니다',
    lifecycle: '라이프사이클',
    stuckAt: '멈춘 단계',
    namespace: '네임스페이스',
    node: '노드',
    owner: '소유자',
    container: '컨테이너',
    initContainer: 'init 컨테이너',
    sidecar: '사이드카',
    ephemeralContainer: '임시(ephemeral) 컨테이너',
    supersededBy: '원인',
    docs: '문서',
    missing: '입력에 없는 정보',
    podsSummary: (total, unhealthy) => `파드 ${total}개 중 ${unhealthy}개 비정상`,
    tableRootCause: '근본 원인',
    tablePods: '파드 수',
    tableExamples: '예',
    noProblem: '(정상)',
    moreInfo: '더 보기',
    stages: {
      admission: '어드미션',
      scheduling: '스케줄링',
      sandbox: '샌드박스/네트워크',
      volumes: '볼륨',
      image: '이미지',
      init: 'init 컨테이너',
      config: '컨테이너 설정',
      start: '컨테이너 시작',
      runtime: '실행 중',
      probes: '프로브/준비 상태',
      termination: '종료',
      creating: '컨테이너 생성 중',
      ready: '준비 완료',
      completed: '완료',
      running: '실행 중',
    },
  },
};
