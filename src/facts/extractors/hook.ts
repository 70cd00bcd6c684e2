// Lifecycle hook failures. The handler's message (PostStartHookError waiting message; the
// FailedPostStartHook / FailedPreStopHook event before v1.26):
//   Exec lifecycle hook ([/bin/sh -c badcmd]) for Container "app" in Pod "web-…_default(uid)" failed - error: command '/bin/sh -c badcmd' exited with 127: , message: "/bin/sh: badcmd: not found\n"
//   HTTP lifecycle hook (/shutdown) for Container "app" in Pod "…" failed - error: Get "http://10.1.2.3:8080/shutdown": dial tcp 10.1.2.3:8080: connect: connection refused
// Since v1.26 the events only say "PostStartHook failed" / "PreStopHook failed".

import { apiEnum, num, obj, oneOf, opt, str, type FactType } from '../declare.js';

/** A container's `hook` facts: the handler's message parsed here; normalize says which hook and which event. */
export const HOOK_FACTS = obj('A failed lifecycle hook.', {
  kind: oneOf('postStart or preStop.', ['postStart', 'preStop']),
  handler: opt(oneOf('exec or http.', ['exec', 'http'])),
  command: opt(str('The hook command or URL path.')),
  exitCode: opt(num('Exit code of an exec hook.')),
  output: opt(str('What the hook printed, or the HTTP error.')),
  message: str('The kubelet message.'),
  event: opt(apiEnum('FailedPostStartHook or FailedPreStopHook when the message came from that event.', ['FailedPostStartHook', 'FailedPreStopHook'])),
});
export type HookFacts = FactType<typeof HOOK_FACTS>;
/** What one message tells. */
export type HookError = Omit<HookFacts, 'kind' | 'event'>;

export function parseHookMessage(message: string): HookError {
  const msg = message.trim();
  const out: HookError = { message: msg };
  const h = /^(Exec|HTTP|Http) lifecycle hook \((.*?)\) for Container/.exec(msg);
  if (h) {
    out.handler = (h[1] as string).toLowerCase() === 'exec' ? 'exec' : 'http';
    out.command = h[2] as string;
  }
  const code = /exited with (\d+)/.exec(msg);
  if (code) out.exitCode = Number(code[1]);
  const text = /, message: "((?:[^"\\]|\\.)*)"/.exec(msg);
  if (text) {
    const o = (text[1] as string).replace(/\\n/g, '\n').replace(/\\"/g, '"').trim();
    if (o !== '') out.output = o;
  } else {
    // Pre-1.26 exec hooks: "… exited with 127: /bin/sh: 1: badcommand: not found"
    const after = /exited with \d+: (.+)$/s.exec(msg);
    const err = /failed - error: (.*)$/s.exec(msg);
    if (after && (after[1] as string).trim() !== '') out.output = (after[1] as string).trim();
    else if (err && out.handler === 'http') out.output = (err[1] as string).trim();
  }
  if (out.output !== undefined) out.output = out.output.replace(/\r/g, '');
  return out;
}
