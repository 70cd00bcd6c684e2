// Lifecycle hook failures. The handler's message (PostStartHookError waiting message; the
// FailedPostStartHook / FailedPreStopHook event before v1.26):
//   Exec lifecycle hook ([/bin/sh -c badcmd]) for Container "app" in Pod "web-…_default(uid)" failed - error: command '/bin/sh -c badcmd' exited with 127: , message: "/bin/sh: badcmd: not found\n"
//   HTTP lifecycle hook (/shutdown) for Container "app" in Pod "…" failed - error: Get "http://10.1.2.3:8080/shutdown": dial tcp 10.1.2.3:8080: connect: connection refused
// Since v1.26 the events only say "PostStartHook failed" / "PreStopHook failed".

export interface HookError {
  /** exec or http, when the message says. */
  handler?: string;
  command?: string;
  exitCode?: number;
  output?: string;
  message: string;
}

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
