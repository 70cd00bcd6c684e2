// What a container's command line says about how long it runs, read from spec command and args
// (and a `sh -c` script among them). Only the derived facts leave this file: the command line
// itself may carry credentials, so it is never shown.
//
//   command: [sleep, "1"]                         → sleeps 1s, then ends by itself
//   command: [sh, -c, "sleep 3600"]               → sleeps 3600s
//   args: [-c, "while true; do …; sleep 1; done"] → an endless loop (no break, no exit)
//   command: [sleep, infinity], tail -f /dev/null → never ends
//   lifecycle.preStop.exec [sh, -c, "sleep 999999"], or lifecycle.preStop.sleep.seconds → the hook sleeps

import { arr, dig, num, obj, str, type JsonObject } from '../../util/json.js';

/** Shells that run their `-c` script. */
const SHELL = /^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|ash|dash|zsh)$/;

/**
 * The words of a container's command and its args; undefined without a command, since args alone
 * go to the image's entrypoint, which the pod does not show.
 */
export function commandWords(sp: JsonObject | undefined): string[] | undefined {
  if (!sp || arr(sp['command']).length === 0) return undefined;
  return [...arr(sp['command']), ...arr(sp['args'])].map((x) => str(x) ?? '').filter((x) => x !== '');
}

/** The text a command runs: the script of `sh -c SCRIPT`, else the words joined. */
function scriptOf(words: readonly string[]): string {
  const c = words.indexOf('-c');
  if (c >= 0 && words.slice(0, c).some((w) => SHELL.test(w)) && words[c + 1] !== undefined) return words.slice(c + 1).join(' ');
  return words.join(' ');
}

/**
 * The program a `sh -c` script starts with (`sh -c 'sleeeep 2; …'` → sleeeep): what a shell's
 * exit 127 ("command not found") is most often about. Only a word that is a program's name (no
 * assignment, no quoting, no expansion) is kept; the rest of the script is never shown.
 */
export function scriptProgram(words: readonly string[] | undefined): string | undefined {
  if (!words || words.length === 0) return undefined;
  const c = words.indexOf('-c');
  if (c < 0 || !words.slice(0, c).some((w) => SHELL.test(w))) return undefined;
  const first = (words[c + 1] ?? '').trim().split(/[\s;&|]+/)[0] ?? '';
  return /^[A-Za-z0-9_./-]{1,64}$/.test(first) && !first.includes('=') ? first : undefined;
}

/** `sleep N` (N seconds, or 30s, 5m, 2h, 1d as GNU sleep takes them) → seconds. */
function sleepSeconds(arg: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([smhd]?)$/.exec(arg);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number.isFinite(n) ? Math.round(n * unit) : undefined;
}

/** When the whole command is one `sleep N`: N in seconds (the program ends by itself then). */
export function commandSleeps(words: readonly string[] | undefined): number | undefined {
  if (!words || words.length === 0) return undefined;
  const script = scriptOf(words).trim().replace(/;\s*$/, '');
  const m = /^(?:exec\s+)?(?:\/(?:usr\/)?bin\/)?sleep\s+(\S+)$/.exec(script);
  return m ? sleepSeconds(m[1] as string) : undefined;
}

/** An endless loop or wait: `while true` (or `while :`) with no break or exit, `sleep infinity`, `tail -f`. */
export function endlessLoop(words: readonly string[] | undefined): boolean | undefined {
  if (!words || words.length === 0) return undefined;
  const script = scriptOf(words);
  if (/(?:^|[\s;&|(])sleep\s+inf(?:inity)?\b/.test(script) || /(?:^|[\s;&|(])tail\s+-f\s/.test(script)) return true;
  if (/\bwhile\s+(?:true|:|\[\s*1\s*\]|\[\s*true\s*\])\s*;?\s*do\b/.test(script)) return !/\b(?:break|exit|return)\b/.test(script);
  return false;
}

/** How long a container's preStop hook sleeps: a `sleep` action, or the first `sleep N` of an exec hook. */
export function preStopSleeps(sp: JsonObject | undefined): number | undefined {
  const h = obj(dig(sp, 'lifecycle', 'preStop'));
  if (!h) return undefined;
  const action = num(dig(h, 'sleep', 'seconds'));
  if (action !== undefined) return action;
  const words = arr(dig(h, 'exec', 'command')).map((x) => str(x) ?? '');
  if (words.length === 0) return undefined;
  const m = /(?:^|[\s;&|(])(?:\/(?:usr\/)?bin\/)?sleep\s+(\S+?)(?:[;&|)\s]|$)/.exec(scriptOf(words));
  return m ? sleepSeconds(m[1] as string) : undefined;
}
