// A container's own output pasted with nothing around it: the lines a program prints when it fails
// to start or dies. Such a paste is read as the log tail of a container (its name unknown unless a
// prompt names it), which the diagnosis reads as it reads `kubectl logs` output.
//
// Only lines whose shape is a program's, at the start of the line, count (prose that mentions
// "permission denied" in a sentence does not):
//   - the runtime's exec failures: "exec /app: exec format error", "standard_init_linux.go:228:
//     exec user process caused: exec format error", "exec user process caused \"no such file or
//     directory\"";
//   - a shell or coreutils error: "/bin/sh: 1: curl: not found", "chown: changing ownership of
//     '/data': Operation not permitted", "env: 'python': No such file or directory";
//   - stack traces: Java ("Exception in thread "main" java.lang.OutOfMemoryError: …", "Caused by: …",
//     "\tat pkg.Class.method(File.java:12)", "... 3 more"), Python ("Traceback (most recent call
//     last):", '  File "x.py", line 3, in <module>', "ModuleNotFoundError: …"), Go ("panic: …",
//     "goroutine 1 [running]:", "fatal error: …"), Node ("Error: Cannot find module 'x'",
//     "FATAL ERROR: … JavaScript heap out of memory", "node:internal/…");
//   - a log line with a level: "ERROR …", "[error] …", "level=error …", "FATAL: …".

/** A line only a program prints (a failure's own words, or a stack trace's frame). */
const STRONG: RegExp[] = [
  /^(?:standard_init_linux|container_linux|init_linux)\.go:\d+: /,
  /^exec \S+: (?:exec format error|no such file or directory|permission denied)$/,
  /^exec user process caused/,
  /^(?:\/\S+\/)?(?:sh|bash|dash|ash|zsh|[\w.-]+\.sh)(?:: \d+)?: (?:line \d+: )?.*(?:not found|No such file or directory|Permission denied|syntax error)/,
  /^(?:chown|chmod|chgrp|mkdir|cp|mv|ln|touch|rm|install|mount|cat|ls|su|sudo|setpriv|gosu|su-exec|tini|dumb-init): .*(?:Operation not permitted|Permission denied|No such file or directory|Read-only file system|Invalid argument)/,
  /^env: ['‘]?[^\s:']+['’]?: No such file or directory/,
  /^Exception in thread "[^"]*" [\w$.]+(?:Exception|Error)\b/,
  /^Caused by: [\w$.]+(?:Exception|Error)\b/,
  /^\s+at [\w$.<>/-]+\((?:[\w$.-]+\.(?:java|kt|scala|groovy):\d+|Native Method|Unknown Source)\)$/,
  /^\s+at (?:async )?[\w$.<>[\] ]*\(?(?:node:|file:\/\/|\/)\S+:\d+:\d+\)?$/,
  /^Traceback \(most recent call last\):$/,
  /^\s+File "[^"]+", line \d+(?:, in \S+)?$/,
  /^(?:[\w.]+\.)?(?:ModuleNotFoundError|ImportError|KeyError|ValueError|TypeError|AttributeError|FileNotFoundError|PermissionError|ConnectionRefusedError|OSError|RuntimeError|MemoryError|NameError|IndexError|AssertionError|SyntaxError|django\.\S+|sqlalchemy\.\S+): /,
  /^panic: /,
  /^goroutine \d+ \[[\w ,]+\]:$/,
  /^fatal error: /,
  /^Error: Cannot find module ['"]/,
  /^FATAL ERROR: .*JavaScript heap out of memory/,
  /^node:internal\//,
  /^npm ERR! /,
  /^(?:Error|error): (?:failed to|unable to|cannot|could not|no such|open |dial |listen |missing |invalid |unknown )/,
];

/**
 * Well-known failure words that only a program's output carries, wherever they stand in the line
 * (after a logger's prefix, inside a structured line's err="…"): a database refusing credentials,
 * JDBC's MySQL driver failing to connect, a TLS certificate that does not verify, kube-proxy's
 * iptables-restore failing.
 */
const KNOWN_FAILURE = /password authentication failed for user "|Access denied for user '|Communications link failure|\bx509: (?:certificate|cannot validate)|tls: failed to verify certificate|Failed to execute iptables-restore|PKIX path building failed/;

/** A line with a program's log level first (weaker: counts only beside a strong one, or several together). */
const LEVELED = /^(?:\[?\d{4}[-/]\d\d[-/]\d\d[T ][\d:.,]+(?:Z|[+-]\d\d:?\d\d)?\]?\s+)?(?:\[?(?:ERROR|FATAL|CRITICAL|SEVERE|PANIC|WARN(?:ING)?|INFO|DEBUG)\]?[:\s]|\[(?:error|fatal|crit|warn|info|notice)\]\s|level=(?:error|fatal|panic|warn(?:ing)?|info|debug)\b|\{"(?:level|severity|lvl)":)/;

/** Is this line a program's failure output (a strong shape)? */
export function isProgramLine(text: string): boolean {
  return STRONG.some((re) => re.test(text)) || KNOWN_FAILURE.test(text);
}

/** Is this line a program's log line (a level first)? */
export function isLeveledLine(text: string): boolean {
  return LEVELED.test(text);
}
