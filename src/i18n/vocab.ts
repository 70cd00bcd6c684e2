// Small localized vocabulary used by template filters and renderers: words that rules and the
// text output share, in every supported language.

import type { Lang } from '../model/vocabulary.js';

type Dict = Record<string, string>;

export const EXIT_MEANINGS: Record<Lang, Dict> = {
  en: {
    success: 'the process finished successfully',
    'app-error': 'the application reported an error',
    'shell-misuse': 'the shell or program was invoked wrongly (bad arguments or syntax)',
    'not-executable': 'the command exists but is not executable (permission denied)',
    'command-not-found': 'the command was not found',
    'start-failed': 'the runtime could not start the process',
    'oom-killed': 'the kernel OOM killer killed it for exceeding its memory limit',
    killed: 'it was killed with SIGKILL (out of memory, a failed liveness probe, or the grace period ran out)',
    terminated: 'it was stopped with SIGTERM',
    segfault: 'it crashed with a segmentation fault (SIGSEGV)',
    aborted: 'it aborted (SIGABRT), often a failed assertion or a runtime panic',
    interrupted: 'it was interrupted (SIGINT)',
    signal: 'it was killed by a signal',
    'out-of-range': 'it exited with an out-of-range status (exit(-1) or similar)',
  },
  ko: {
    success: '프로세스가 정상 종료되었습니다',
    'app-error': '애플리케이션이 오류를 보고하고 종료했습니다',
    'shell-misuse': '셸이나 프로그램이 잘못 호출되었습니다(잘못된 인자나 문법)',
    'not-executable': '명령은 있지만 실행할 수 없습니다(permission denied)',
    'command-not-found': '명령을 찾을 수 없습니다(command not found)',
    'start-failed': '컨테이너 런타임이 프로세스를 시작하지 못했습니다',
    'oom-killed': '메모리 limit을 넘어 커널 OOM killer가 강제 종료했습니다',
    killed: 'SIGKILL로 강제 종료되었습니다(메모리 부족, liveness 프로브 실패, 유예 기간 만료 등)',
    terminated: 'SIGTERM을 받고 종료되었습니다',
    segfault: '세그멘테이션 폴트(SIGSEGV)로 비정상 종료되었습니다',
    aborted: 'SIGABRT로 중단되었습니다(주로 assertion 실패나 런타임 panic)',
    interrupted: 'SIGINT로 중단되었습니다',
    signal: '시그널을 받아 종료되었습니다',
    'out-of-range': '범위(0~255)를 벗어난 종료 코드를 반환했습니다(exit(-1) 등)',
  },
};

export const WORDS: Record<Lang, Dict> = {
  en: {
    unknown: 'unknown',
    notInInput: 'not in the input',
    none: 'none',
    yes: 'yes',
    no: 'no',
  },
  ko: {
    unknown: '알 수 없음',
    notInInput: '입력에 없음',
    none: '없음',
    yes: '예',
    no: '아니요',
  },
};
