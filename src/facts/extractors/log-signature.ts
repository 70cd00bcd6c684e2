// Known failure signatures in a container's last log lines. A crash loop's exit code says that
// the process failed; its last lines usually say why. Each signature names a kind rules can
// match; the line that showed it is kept (redacted) as evidence.

export interface LogSignature {
  /**
   * exec-format, go-panic, java-oom, node-oom, python-oom, address-in-use, connection-refused,
   * dns, permission-denied, missing-env, missing-file
   */
  kind: string;
  line: string;
}

const SIGNATURES: { kind: string; re: RegExp }[] = [
  { kind: 'exec-format', re: /exec format error/ },
  { kind: 'java-oom', re: /java\.lang\.OutOfMemoryError/ },
  { kind: 'node-oom', re: /JavaScript heap out of memory|Allocation failed - JavaScript heap/ },
  { kind: 'python-oom', re: /\bMemoryError\b/ },
  { kind: 'address-in-use', re: /address already in use|EADDRINUSE|Address in use|port is already allocated/i },
  { kind: 'missing-env', re: /(?:environment variable|env var|env)\s+["'`]?[A-Z][A-Z0-9_]{2,}["'`]?\s+(?:is\s+)?(?:not set|missing|required|must be set|undefined)|missing required (?:env|environment)|KeyError: '[A-Z][A-Z0-9_]+'|required key [A-Z][A-Z0-9_]+ missing value/i },
  { kind: 'dns', re: /no such host|ENOTFOUND|Name or service not known|Temporary failure in name resolution|getaddrinfo (?:EAI_AGAIN|ENOTFOUND)|UnknownHostException|could not translate host name/i },
  { kind: 'connection-refused', re: /connection refused|ECONNREFUSED|Connection refused|Connect(?:ion)?Exception: Connection refused/i },
  { kind: 'permission-denied', re: /permission denied|EACCES|Operation not permitted|AccessDeniedException/i },
  { kind: 'missing-file', re: /no such file or directory|ENOENT|FileNotFoundException|FileNotFoundError|cannot open (?:shared object )?file/i },
  { kind: 'go-panic', re: /^panic: |^fatal error: |goroutine \d+ \[running\]/ },
];

/** The most telling signature in the lines: the first kind in priority order, its last occurrence. */
export function findLogSignature(lines: string[]): LogSignature | undefined {
  for (const s of SIGNATURES) {
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i] as string;
      if (s.re.test(line)) return { kind: s.kind, line: line.trim().slice(0, 300) };
    }
  }
  return undefined;
}
