// Secret values must never reach output: log tails, messages and arguments are passed through
// redact() before they become facts. What is recognised: credentials in URLs, bearer tokens,
// JWTs, cloud access keys, private keys, and key=value / "key": "value" / --flag=value pairs whose
// key names a secret. Redacted text keeps its shape so it stays readable: `password=***`.

const SECRET_KEY = String.raw`(?:[A-Za-z0-9_.-]*?(?:password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?|auth)[A-Za-z0-9_.-]*)`;

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
  // --password=x, --token x (command lines)
  [new RegExp(String.raw`(--?${SECRET_KEY})(=|\s+)(?!-)("[^"]*"|'[^']*'|[^\s"']+)`, 'gi'), (_m, flag, sep) => `${flag}${sep}***`],
  // "password": "x"  and  password: x  (JSON / YAML / logfmt with colon)
  [new RegExp(String.raw`(["']?${SECRET_KEY}["']?\s*:\s*)("[^"]*"|'[^']*'|[^\s,;}"']+)`, 'gi'), (_m, key) => `${key}***`],
  // password=x, token=x (logfmt, query strings, env dumps)
  [new RegExp(String.raw`\b(${SECRET_KEY})=("[^"]*"|'[^']*'|[^\s&;,"']+)`, 'gi'), (_m, key) => `${key}=***`],
];

export function redact(text: string): string {
  let out = text;
  for (const [re, rep] of RULES) out = out.replace(re, rep as never);
  return out;
}
