// Lifecycle hook failures. The handler's message (PostStartHookError waiting message; the
// FailedPostStartHook / FailedPreStopHook event before v1.26):
//   Exec lifecycle hook ([/bin/sh -c badcmd]) for Container "app" in Pod "web-…_default(uid)" failed - error: command '/bin/sh -c badcmd' exited with 127: , message: "/bin/sh: badcmd: not found\n"
//   HTTP lifecycle hook (/shutdown) for Container "app" in Pod "…" failed - error: Get "http://10.1.2.3:8080/shutdown": dial tcp 10.1.2.3:8080: connect: connection refused
// Since v1.26 the events only say "PostStartHook failed" / "PreStopHook failed".

import { apiEnum, num, obj, oneOf, opt, str, type FactType } from '../declare.js';
import { containerFamily, type ContainerScope, type ContainerFamilyOf } from '../family.js';
import { setIf } from '../values.js';

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

const FAILED_HOOK = ['FailedPostStartHook', 'FailedPreStopHook'];

/**
 * The container's failed hook: the PostStartHookError waiting message, else the kubelet's event
 * (before v1.26). A failed postStart kills the container, which runs preStop: when both failed,
 * postStart is the story.
 */
export function extractHook({ c, events }: Pick<ContainerScope, 'c' | 'events'>): HookFacts | undefined {
  const waitingReason = c.state.waiting?.reason;
  const waitingMessage = c.state.waiting?.message;
  const hookMsg =
    (waitingReason === 'PostStartHookError' ? waitingMessage : undefined) ??
    events.find((e) => e.reason === 'FailedPostStartHook' && e.message)?.message ??
    events.find((e) => e.reason === 'FailedPreStopHook' && e.message)?.message;
  if (hookMsg === undefined && !events.some((e) => e.reason !== undefined && FAILED_HOOK.includes(e.reason))) return undefined;
  const preStop = waitingReason !== 'PostStartHookError' && !events.some((e) => e.reason === 'FailedPostStartHook') && events.some((e) => e.reason === 'FailedPreStopHook');
  const h = parseHookMessage(hookMsg ?? '');
  const hook: HookFacts = { kind: preStop ? 'preStop' : 'postStart', message: h.message };
  const hookEvent = waitingReason === 'PostStartHookError' && waitingMessage !== undefined ? undefined : events.find((e) => e.reason !== undefined && FAILED_HOOK.includes(e.reason) && e.message === hookMsg)?.reason;
  if (hookEvent) hook.event = hookEvent;
  setIf(hook, 'handler', h.handler);
  setIf(hook, 'command', h.command);
  setIf(hook, 'exitCode', h.exitCode);
  setIf(hook, 'output', h.output);
  return hook;
}

export const HOOK_FAMILY: ContainerFamilyOf<'hook', typeof HOOK_FACTS> = containerFamily('hook', HOOK_FACTS, extractHook);
