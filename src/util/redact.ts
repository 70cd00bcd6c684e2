// Secret values must never reach output: log tails, messages and arguments are passed through
// redact() before they become facts. What is recognised: credentials in URLs, bearer tokens,
// JWTs, cloud access keys, private keys, and key=value / "key": "value" / --flag=value pairs whose
// key names a secret. Redacted text keeps its shape so it stays readable: `password=***`.

// "auth" only as a word of its own (auth, auth_token, basicAuth), never in authorize or authentication
const SECRET_KEY = String.raw`(?:[A-Za-z0-9_.-]*?(?:password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?|auth(?![a-z]))[A-Za-z0-9_.-]*)`;

const RULES: [RegExp, string | ((...m: string[]) => string)][] = [
  // -----BEGIN … PRIVATE KEY----- blocks
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g, '-----BEGIN PRIVATE KEY----- *** -----END PRIVATE KEY-----'],
  // scheme://user:password@host
  [/\b([a-z][a-z0-9+.-]*:\/\/)([^\s:/@'"]+):([^\s@/'"]+)@/gi, (_m, scheme, user) => `${scheme}${user}:***@`],
  // Authorization headers and bearer tokens
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, (_m, kind) => `${kind} ***`],
  // JSON Web Tokens
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g, '***'],
  // AWS access key ids, GitHub, Slack and Google API tokens
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, '***'],
  [/\bgh[pousr]_[A-Za-z0-9]{30,}\b/g, '***'],
  [/\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g, '***'],
  [/\bAIza[0-9A-Za-z_-]{35}\b/g, '***'],
  // --password=x, --token x (command lines): a flag starts a word, so the "-password" inside
  // "postgresql-password in Secret" is no flag
  [new RegExp(String.raw`(?<![\w.-])(--?${SECRET_KEY})(=|\s+)(?!-)("[^"]*"|'[^']*'|[^\s"']+)`, 'gi'), (_m, flag, sep) => `${flag}${sep}***`],
  // "password": "x" (JSON, a quoted key anywhere)
  [new RegExp(String.raw`(["']${SECRET_KEY}["']\s*:\s*)("[^"]*"|'[^']*'|[^\s,;}"']+)`, 'gi'), (_m, key) => `${key}***`],
  // password: x where a key stands (YAML, logfmt): at the start of a line or after { , [ ; —
  // not "failed to fetch anonymous token: unexpected status" in the middle of a runtime error
  [new RegExp(String.raw`((?:^|[{,;\[]|\n)[ \t-]*${SECRET_KEY}\s*:[ \t]*)("[^"]*"|'[^']*'|[^\s,;}"']+)`, 'gim'), (_m, key) => `${key}***`],
  // password=x, token=x (logfmt, query strings, env dumps)
  [new RegExp(String.raw`\b(${SECRET_KEY})=("[^"]*"|'[^']*'|[^\s&;,"']+)`, 'gi'), (_m, key) => `${key}=***`],
];

/** Logs are the program's own words: `password: x` anywhere in a line is taken as a secret. */
const LOG_RULES: [RegExp, string | ((...m: string[]) => string)][] = [
  ...RULES,
  [new RegExp(String.raw`(\b${SECRET_KEY}\s*:\s*)("[^"]*"|'[^']*'|[^\s,;}"']+)`, 'gi'), (_m, key) => `${key}***`],
  // a long base64 word shortly after "secret": an AWS secret access key (40 characters) and the like
  // (mixed case, unlike a hex digest)
  [/(\b(?:secret|Secret|SECRET)\b[^\n]{0,40}?[\s:=("'])(?=[A-Za-z0-9/+]*[A-Z])(?=[A-Za-z0-9/+]*[a-z])([A-Za-z0-9/+]{32,}={0,2})(?![A-Za-z0-9/+=])/g, (_m, lead) => `${lead}***`],
];

/**
 * Messages written by Kubernetes components and runtimes (events, states, conditions): secrets
 * in their structured forms are removed, while the words of the error stay readable.
 */
/**
 * Every pattern above needs one of these substrings (case-insensitive): text without any is
 * returned as it is, which is most messages and most of the cost otherwise.
 */
export const SECRETISH = /pass|pwd|secret|token|key|credential|auth|bearer|basic|eyJ|AKIA|ASIA|gh[pousr]_|xox|AIza|BEGIN|@/i;

export function redact(text: string): string {
  if (!SECRETISH.test(text)) return text;
  let out = text;
  for (const [re, rep] of RULES) out = out.replace(re, rep as never);
  return out;
}

/** A container's log lines: as redact(), and a secret-named key followed by a colon anywhere. */
export function redactLog(text: string): string {
  if (!SECRETISH.test(text)) return text;
  let out = text;
  for (const [re, rep] of LOG_RULES) out = out.replace(re, rep as never);
  return out;
}

const PEM_BEGIN = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/;
const PEM_END = /-----END [A-Z0-9 ]*PRIVATE KEY-----/;
/** A line of a PEM body: base64 only (64 characters a line, the last one shorter), or a header. */
const PEM_BODY = /^\s*(?:[A-Za-z0-9+/]{4,}={0,2}|Proc-Type:.*|DEK-Info:.*)?\s*$/;

/**
 * A container's log, line by line: a private key printed over several lines loses its body lines
 * too (redactLog sees one line at a time), also when the tail starts inside the block and only
 * its END line is left; every line then goes through redactLog.
 */
export function redactLogLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  let inKey = false;
  for (const line of lines) {
    if (inKey) {
      if (PEM_END.test(line)) {
        inKey = false;
        out.push(redactLog(line.slice(line.search(PEM_END)).replace(PEM_END, '')));
        if ((out[out.length - 1] as string).trim() === '') out.pop();
      }
      continue;
    }
    const b = line.search(PEM_BEGIN);
    if (b >= 0 && !PEM_END.test(line.slice(b))) {
      out.push(`${redactLog(line.slice(0, b))}-----BEGIN PRIVATE KEY----- *** -----END PRIVATE KEY-----`);
      inKey = true;
      continue;
    }
    const e = b < 0 ? line.search(PEM_END) : -1;
    if (e >= 0) {
      // the tail began inside a key: its body lines are above, without a BEGIN
      while (out.length > 0 && PEM_BODY.test(out[out.length - 1] as string) && (out[out.length - 1] as string).trim() !== '') out.pop();
      out.push(`-----BEGIN PRIVATE KEY----- *** -----END PRIVATE KEY-----${redactLog(line.slice(e).replace(PEM_END, ''))}`);
      continue;
    }
    out.push(redactLog(line));
  }
  return out;
}
