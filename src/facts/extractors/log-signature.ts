// Known failure signatures in a container's last log lines. A crash loop's exit code says that
// the process failed; its last lines usually say why. Each signature names a kind rules can
// match; the line that showed it is kept (redacted) as evidence.

import { oneOf, opt, str } from '../declare.js';

/** Every kind findLogSignature returns: the fact catalogue's container.logs.signature values. */
export const LOG_SIGNATURE_KINDS = [
  'exec-format',
  'exec-not-found',
  'exec-permission',
  'command-not-found',
  'missing-module',
  'go-panic',
  'java-oom',
  'node-oom',
  'python-oom',
  'disk-full',
  'address-in-use',
  'proxy-rules',
  'db-auth',
  'tls-verify',
  'iptables',
  'connection-refused',
  'connect-failed',
  'dns',
  'permission-denied',
  'missing-env',
  'missing-file',
] as const;
export type LogSignatureKind = (typeof LOG_SIGNATURE_KINDS)[number];

/** Fields of a container's `logs` this extractor fills (facts/catalog.ts puts them there). */
export const LOG_SIGNATURE_FIELDS = {
  signature: opt(
    oneOf(
      'Extractor: exec-format, exec-not-found (exec /x: no such file or directory), exec-permission, command-not-found (a script called a program the image lacks), missing-module (ModuleNotFoundError, Cannot find module, ClassNotFoundException…), go-panic, java-oom, node-oom, python-oom, disk-full (no space left on device, ENOSPC, disk quota exceeded), address-in-use, proxy-rules (kube-proxy could not load its rules: iptables-restore failed), iptables (a rule iptables refuses), db-auth (a database refused the credentials), tls-verify (a TLS certificate did not verify: x509), connection-refused, connect-failed (a connection that timed out or found no route: Communications link failure, i/o timeout), dns, permission-denied, missing-env, missing-file.',
      LOG_SIGNATURE_KINDS,
    ),
  ),
  signatureLine: opt(str('The log line that showed the signature, redacted.')),
};

/** What findLogSignature returns: the signature and the line that showed it. */
export interface LogSignature {
  kind: LogSignatureKind;
  line: string;
}

/**
 * The exec failures a termination message shows. The runtime usually starts the container and
 * the exec fails inside it: the error then goes to the log only, and reaches the status when the
 * termination message carries the log tail (terminationMessagePolicy FallbackToLogsOnError).
 * exec-format: "exec format error"; exec-not-found: "exec /app/run.sh: no such file or directory"
 * (runc ≥1.1) or "exec user process caused: no such file or directory" (older runc).
 */
export function execFailures(message: string): LogSignatureKind[] {
  const out: LogSignatureKind[] = [];
  if (/exec format error/.test(message)) out.push('exec-format');
  if (/exec (\/\S+|user process caused)[^\n]*no such file or directory/.test(message)) out.push('exec-not-found');
  return out;
}

// The order is priority: the first kind found in any line wins, so a cause beats its
// consequences (a missing module beats the connection errors a half-started app logs).
const SIGNATURES: { kind: LogSignatureKind; re: RegExp }[] = [
  { kind: 'exec-format', re: /exec format error/ },
  // The runtime started the container and the exec failed inside it (runc ≥1.1 prints "exec
  // /start.sh: …", older runc "standard_init_linux.go:219: exec user process caused …"): the
  // program or its #! interpreter is missing (or the script has CRLF line endings), or it is not
  // executable.
  { kind: 'exec-not-found', re: /^exec \S+: no such file or directory|exec user process caused:? \\?"?no such file or directory/ },
  { kind: 'exec-permission', re: /^exec \S+: permission denied|exec user process caused:? \\?"?permission denied/ },
  { kind: 'java-oom', re: /java\.lang\.OutOfMemoryError/ },
  { kind: 'node-oom', re: /JavaScript heap out of memory|Allocation failed - JavaScript heap/ },
  { kind: 'python-oom', re: /\bMemoryError\b/ },
  // The program's own code or a library it imports is not in the image.
  {
    kind: 'missing-module',
    re: /ModuleNotFoundError: No module named|ImportError: (?:No module named|cannot import name)|Error: Cannot find module ['"]|MODULE_NOT_FOUND|ERR_MODULE_NOT_FOUND|java\.lang\.(?:ClassNotFoundException|NoClassDefFoundError)|Could not find or load main class|cannot load such file -- \S+ \(LoadError\)/,
  },
  // a write that fails for want of space: the cause, before the missing-file or permission
  // errors it leads to
  { kind: 'disk-full', re: /no space left on device|\bENOSPC\b|[Dd]isk quota exceeded|No space left on device/ },
  { kind: 'address-in-use', re: /address already in use|EADDRINUSE|Address in use|port is already allocated/i },
  // kube-proxy's sync loop: "Failed to execute iptables-restore" (proxier.go), with
  // iptables-restore's own "Couldn't load target `KUBE-SVC-…'" / "line N failed" under it. The
  // "No such file or directory" in that output is iptables' word for a missing chain, not a file.
  { kind: 'proxy-rules', re: /Failed to execute iptables-restore|iptables-restore(?: v[\d.]+)?(?: \([\w-]+\))?: (?:line \d+ failed|Couldn't load target)/ },
  // iptables (libiptc's iptc_strerror, or the nft backend's words) refusing a rule: a mesh's or a
  // CNI's init container that sets up the pod's network ("iptables: Chain already exists." when it
  // runs a second time, "iptables: No chain/target/match by that name." when the node's kernel
  // lacks the target); before permission-denied, which iptables says without root
  {
    kind: 'iptables',
    re: /^ip6?tables(?:-restore|-save|-legacy|-nft)?(?: v[\d.]+(?: \([\w-]+\))?)?: (?:Chain already exists|No chain\/target\/match by that name|Bad rule \(does a matching rule exist in that chain\?\)|Couldn't load (?:target|match)|can't initialize ip6?tables table|Permission denied \(you must be root\)|Index of insertion too big|Bad built-in chain name)/,
  },
  {
    kind: 'missing-env',
    re: /(?:environment variable|env var|env)\s+["'`]?[A-Z][A-Z0-9_]{2,}["'`]?\s+(?:is\s+)?(?:not set|missing|required|must be set|undefined)|missing required (?:env|environment)|KeyError: '[A-Z][A-Z0-9_]+'|required key [A-Z][A-Z0-9_]+ missing value|Could not resolve placeholder '[^']+'/i,
  },
  // A script calls a program the image lacks: "/bin/sh: 1: curl: not found", "bash: jq: command
  // not found", "/entrypoint.sh: line 51: exec: foo: not found", "env: 'python': No such file or directory".
  {
    kind: 'command-not-found',
    re: /(?:^|\s)(?:\S*\/)?(?:sh|bash|dash|ash|zsh|[\w.-]+\.sh)(?::| line)[^\n]*?: (?:exec: )?[^\s:]*: (?:command )?not found\s*$|^env: ['‘]?[^\s:']+['’]?: No such file or directory/,
  },
  // a database refused the credentials: PostgreSQL (FATAL 28P01), MySQL/MariaDB (1045), SQL
  // Server (18456), Oracle (ORA-01017), MongoDB (SCRAM)
  { kind: 'db-auth', re: /password authentication failed for user|Access denied for user ['"]|Login failed for user ['"]|ORA-01017|SCRAM(?:-SHA-\d+)? authentication failed|Authentication failed\.?\s*[,:]?\s*(?:mongo|MongoSecurityException)/i },
  // a TLS peer's certificate did not verify (Go's crypto/x509, Java's PKIX, OpenSSL)
  { kind: 'tls-verify', re: /\bx509: |tls: failed to verify certificate|certificate verify failed|PKIX path building failed|unable to find valid certification path/ },
  { kind: 'dns', re: /no such host|ENOTFOUND|Name or service not known|Temporary failure in name resolution|getaddrinfo (?:EAI_AGAIN|ENOTFOUND)|UnknownHostException|could not translate host name/i },
  { kind: 'connection-refused', re: /connection refused|ECONNREFUSED|Connection refused|Connect(?:ion)?Exception: Connection refused/i },
  // the connection went nowhere: no answer in time, no route (a NetworkPolicy, a mesh's mTLS, a
  // firewall). JDBC's MySQL driver says "Communications link failure" for any of them.
  { kind: 'connect-failed', re: /Communications link failure|\bi\/o timeout\b|Connection timed out|connect: no route to host|No route to host|\bETIMEDOUT\b|\bEHOSTUNREACH\b|SocketTimeoutException: connect timed out/i },
  { kind: 'permission-denied', re: /permission denied|EACCES|Operation not permitted|AccessDeniedException/i },
  { kind: 'missing-file', re: /no such file or directory|ENOENT|FileNotFoundException|FileNotFoundError|cannot open (?:shared object )?file/i },
  // (the panic's own line says what failed; the goroutine header under it only that one did)
  { kind: 'go-panic', re: /^panic: |^fatal error: / },
  { kind: 'go-panic', re: /goroutine \d+ \[running\]/ },
];

/** The most telling signature in the lines: the first kind in priority order, its last occurrence. */
export function findLogSignature(lines: string[]): LogSignature | undefined {
  for (const s of SIGNATURES) {
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i] as string;
      // kubectl logs --prefix, stern and docker-compose put "[pod/x/c] " or "web_1  | " first
      const bare = line.replace(/^\[pod\/[^\]]*\]\s*|^[\w.-]+\s+\|\s/, '').trim();
      if (s.re.test(bare)) return { kind: s.kind, line: line.trim().slice(0, 300) };
    }
  }
  return undefined;
}
