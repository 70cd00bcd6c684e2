// Which language to explain in: --lang, else the POSIX locale variables in their order of
// precedence (LC_ALL, LC_MESSAGES, LANG), else English.

import { LANGS, type Lang } from './vocabulary.js';

export function isLang(v: string): v is Lang {
  return (LANGS as readonly string[]).includes(v);
}

export function langFromEnv(env: Record<string, string | undefined>): Lang {
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const v = env[name];
    if (v === undefined || v === '') continue;
    // The first variable that is set decides, as in setlocale(3): ko_KR.UTF-8 → ko.
    const code = v.split(/[_.@]/)[0]?.toLowerCase() ?? '';
    return isLang(code) ? code : 'en';
  }
  return 'en';
}
