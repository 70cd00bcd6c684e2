// Secret values must never reach output: log tails, event messages, states, conditions, probe
// commands and arguments all pass through redact() before they become facts, and `podwhy capture`
// runs every string it writes through it. One rule set for all of them: a Kubernetes message and a
// program's log line are both free text, and the same credential leaks the same way from either.
//
// Precise both ways. A value is taken out when it is one: a known token format (cloud keys,
// GitHub/GitLab/Slack/Stripe/npm/Vault tokens, JWTs, private keys), a URL's password, a header's
// credential, or what follows a key that names a secret (password=…, "token": "…", --api-key …,
// secret: …) when it looks like a value: quoted, or one word that is not English. Prose after such
// a key stays: "invalid token: bad status", "password: must be at least 8 characters", "using
// password: YES", "failed to fetch anonymous token: unexpected status: 401 Unauthorized".
// Redacted text keeps its shape so it stays readable: `password=***`, `"token": "***"`, `Bearer ***`.
//
// The test corpus test/data/secret-corpus.txt names every kind this recognises.

type Replacer = (match: string, ...groups: string[]) => string;

/** Words a secret-named key is followed by in prose and in status fields: never a secret value. */
const PROSE = new Set(
  (
    'a an the is are was were be been being must should shall will would can cannot could may might not no none nil null ' +
    'empty blank missing required invalid expired expiring revoked wrong incorrect bad unknown unset set ok okay true false ' +
    'yes on off enabled disabled failed failure error denied forbidden unauthorized unauthenticated refused rejected ' +
    'malformed mismatch mismatched timeout provided supplied found present absent valid changed updated rotated ' +
    'loaded accepted configured specified needed undefined unavailable optional hidden redacted masked omitted skipped ' +
    'ignored has have had does did do for from of in to with without and or at by via auto default see use using ' +
    'please check contains doesn\'t isn\'t wasn\'t can\'t won\'t too also only still already now n/a (none) ' +
    'unexpected unsupported unrecognized unrecognised invalid_grant invalid_client invalid_token'
  ).split(' '),
);

/** The words that make a key name a secret. "auth" only as a word of its own (auth, auth_token, basicAuth), never in authorize or authentication. */
const SECRET_WORD = String.raw`(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|(?:account|shared[_-]?access|client|master|signing|encryption)[_-]?key|credentials?|auth(?![a-z]))`;
/**
 * A key naming a secret; not one naming a secret's metadata, whose value is no secret:
 * secretName: db-creds, TokenExpirationSeconds: 3607, passwordFile: /run/pw, SharedAccessKeyName=Root…
 */
const KEY = String.raw`[A-Za-z0-9_.-]{0,40}?${SECRET_WORD}[A-Za-z0-9_.-]{0,40}?(?<!name|names|ref|path|file|files|dir|seconds|expiration|expiry|expires|ttl|count|length|size|type|kind|mode|method|provider|url|uri|endpoint|enabled|required|header|scheme|policy|version|source|mount)`;

const WHOLE_KEY = new RegExp(String.raw`^${KEY}$`, 'i');
/** Whether a name (an annotation's, a flag's without its dashes, a field's) says its value is a secret: the same words redact() reads. */
export function namesSecret(name: string): boolean {
  return name.length <= 120 && WHOLE_KEY.test(name);
}

const PLAIN_WORD = /^[A-Za-z][a-z]+(?:[-'][a-z]+)*$/;
/** After a value: more words of a sentence, not another key: value field ("user: bob password: x host: db"). */
const SENTENCE_GOES_ON = /^[ \t]+(?![\w.-]+[:=])\S/;

/**
 * Whether `v` (unquoted, after a secret-named key) is a value rather than the next word of a sentence.
 * `after` is the text that follows it.
 */
function isValue(v: string, after: string): boolean {
  if (v === '' || v.startsWith('<') || v.startsWith('${') || v.startsWith('$(') || v.startsWith('***') || v.startsWith('(') || /^(?:\*+|x{3,}|\[redacted\]|\(none\))$/i.test(v)) return false;
  // the next field's key ("token: password: x"), not this one's value
  if (/^[\w.-]+:$/.test(v)) return false;
  const w = v.replace(/[.,;:!?)\]}>]+$/, '');
  if (w === '' || /^\*+$/.test(w)) return false;
  if (PROSE.has(w.toLowerCase())) return false;
  // an HTTP status or a count ("token: 401 Unauthorized")
  if (/^\d{1,3}$/.test(w)) return false;
  // one plain word and the sentence goes on: prose ("token: bad status"); a lone word at the end is a value ("password: letmein")
  if (PLAIN_WORD.test(w) && SENTENCE_GOES_ON.test(after)) return false;
  return true;
}

/** A quoted value keeps its quotes; an empty one is no secret. */
function maskQuoted(q: string): string {
  return q.length <= 2 ? q : `${q[0]}***${q[q.length - 1]}`;
}

/** key SEP value, value quoted or one word, taken out when it is a value. */
function keyValue(sepIsSpaced: (sep: string) => boolean): Replacer {
  return (m, lead, sep, v, ...rest) => {
    const offset = rest[rest.length - 2] as unknown as number;
    const all = rest[rest.length - 1] as string;
    if (v === undefined) return m;
    if (v.startsWith('"') || v.startsWith("'")) return `${lead}${sep}${maskQuoted(v)}`;
    // key=value with nothing around "=" (logfmt, env, query strings) is a value unless it is a known non-secret word
    const spaced = sepIsSpaced(sep);
    if (!spaced) {
      const w = v.replace(/[.,;:!?)\]}>]+$/, '');
      if (v === '' || v.startsWith('<') || v.startsWith('${') || v.startsWith('$(') || v.startsWith('***') || PROSE.has(w.toLowerCase())) return m;
      return `${lead}${sep}***${v.slice(w.length)}`;
    }
    if (!isValue(v, all.slice(offset + m.length))) return m;
    const w = v.replace(/[.,;:!?)\]}>]+$/, '');
    return `${lead}${sep}***${v.slice(w.length)}`;
  };
}

/** Mixed case and a digit: a random string (keys, tokens), not a word, a name or a hex digest. */
const RANDOM = (s: string) => /[a-z]/.test(s) && /[A-Z]/.test(s) && /[0-9]/.test(s);

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g;
export const PEM_REDACTED = '-----BEGIN PRIVATE KEY----- *** -----END PRIVATE KEY-----';

/**
 * When a rule can match at all (a substring or a cheap test on the text), so that most rules are
 * not run on most texts; KEYED: the text names a secret (SECRET_WORD), tested once per text.
 */
type Guard = string | RegExp | ((text: string) => boolean) | typeof KEYED;
const KEYED = Symbol('keyed');
const SECRET_WORD_RE = new RegExp(SECRET_WORD, 'i');

const RULES: [Guard, RegExp, string | Replacer][] = [
  // -----BEGIN … PRIVATE KEY----- blocks (RSA, EC, OPENSSH, ENCRYPTED, PGP … BLOCK), cut off or whole
  ['PRIVATE KEY', PEM_BLOCK, PEM_REDACTED],
  // … and a block whose BEGIN was cut away (a message's tail): its base64 lines before the END
  ['-----END', /(?:(?<=^|\n|\\n)[ \t]*[A-Za-z0-9+/=]{4,}[ \t]*(?:\r?\n|\\n))+[ \t]*-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/g, PEM_REDACTED],
  // scheme://user:password@host, also with an empty user (redis://:password@host); the password
  // runs to the last @ before the path, so an @ inside it (amqp://u:p@ss@host) is no end
  [(t) => t.includes('://') && t.includes('@'), /\b([a-z][a-z0-9+.-]*:\/\/)([^\s:/@'"]*):([^\s'"/]+)@/gi, (_m, scheme, user) => `${scheme}${user}:***@`],
  // webhook URLs whose path is the credential
  ['hooks.slack.com', /\b(hooks\.slack\.com\/(?:services|triggers|workflows)\/)[A-Za-z0-9/_-]+/g, '$1***'],
  ['discord', /\b(discord(?:app)?\.com\/api\/webhooks\/)[A-Za-z0-9/_-]+/g, '$1***'],
  // an AWS secret access key after its key id: "AKIA… <40 characters>"
  [/AKIA|ASIA|ABIA|ACCA/, /\b((?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b[^\n]{0,24}?[\s:=,("'/])([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/g, (m, lead, k) => (RANDOM(k) ? `${lead}***` : m)],
  // Authorization headers: the scheme stays, the credential goes
  [
    /authorization/i,
    /\b((?:proxy-)?authorization["']?\s*[:=]\s*\[?["']?)(?:(Bearer|Basic|Token|Negotiate|NTLM|Splunk|SSWS|ApiKey|Key)\s+)?([^\s"'\],]+)/gi,
    (m, lead, scheme, v, ...rest) => {
      if (scheme === undefined && (v as string).startsWith('***')) return m;
      const all = rest[rest.length - 1] as unknown as string;
      const offset = rest[rest.length - 2] as unknown as number;
      // without a scheme the credential is one random word: "authorization: server message" is prose
      if (scheme === undefined && (PLAIN_WORD.test(v as string) || !isValue(v as string, all.slice(offset + m.length)))) return m;
      return `${lead}${scheme ? `${scheme} ` : ''}***`;
    },
  ],
  // bearer and basic credentials anywhere ("Bearer eyJ…"), not "Basic authentication required"
  [/Bearer|Basic/, /\b(Bearer|Basic)\s+([A-Za-z0-9._~+/=-]{8,})/g, (m, kind, v) => (PLAIN_WORD.test(v) ? m : `${kind} ***`)],
  // cookies: the whole header value (several name=value pairs)
  [/cookie/i, /\b((?:set-)?cookie["']?\s*:\s*)([^\n"']*=[^\n"']*)/gi, '$1***'],
  // JSON Web Tokens, then base64-encoded JSON (a .dockerconfigjson, a Secret's data)
  ['eyJ', /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g, '***'],
  ['eyJ', /\beyJ[A-Za-z0-9+/_-]{28,}={0,2}/g, '***'],
  // token formats: AWS key ids, GitHub, GitLab, Slack, Stripe, Google, npm, Vault, OpenAI-style keys
  [/AKIA|ASIA|ABIA|ACCA/, /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g, '***'],
  [/gh[pousr]_/, /\bgh[pousr]_[A-Za-z0-9]{30,}\b/g, '***'],
  ['github_pat_', /\bgithub_pat_[A-Za-z0-9_]{40,}/g, '***'],
  [/gl[a-z]{2,5}-/, /\bgl(?:pat|dt|rt|ptt|ft|imt|oas|soat|cbt|agent)-[A-Za-z0-9_-]{20,}/g, '***'],
  ['xox', /\bxox[abposre]-[A-Za-z0-9-]{10,}/g, '***'],
  ['xapp-', /\bxapp-\d-[A-Za-z0-9-]{10,}/g, '***'],
  [/[sr]k_(?:live|test)_/, /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}/g, '***'],
  ['whsec_', /\bwhsec_[A-Za-z0-9]{20,}/g, '***'],
  ['AIza', /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g, '***'],
  ['npm_', /\bnpm_[A-Za-z0-9]{36}\b/g, '***'],
  [/hv[sbr]\./, /\bhv[sbr]\.[A-Za-z0-9_-]{20,}/g, '***'],
  ['sk-', /\bsk-(?:proj-|ant-(?:api\d\d-)?)?[A-Za-z0-9_-]{20,}/g, (m) => (RANDOM(m) ? '***' : m)],
  // a long random word shortly after "secret" or "key": an AWS secret access key, a client secret
  [
    /secret|key/i,
    /(\b(?:secret|key)s?\b[^\n]{0,40}?[\s:=("'])([A-Za-z0-9/+_-]{32,}={0,2})(?![A-Za-z0-9/+=_-])/gi,
    (m, lead, v) => (RANDOM(v) && !v.includes('***') ? `${lead}***` : m),
  ],
  // {"name": "DB_PASSWORD", "value": "…"}: an environment variable printed as JSON
  ['"name"', new RegExp(String.raw`("name"\s*:\s*"${KEY}"\s*,\s*"value"\s*:\s*)("[^"]*")`, 'gi'), (_m, lead, v) => `${lead}${maskQuoted(v)}`],
  // SQL: CREATE USER … IDENTIFIED BY 'x'
  [/identified/i, /\b(IDENTIFIED\s+BY\s+(?:PASSWORD\s+)?)('[^']*'|"[^"]*"|[^\s;'"]+)/gi, (_m, lead, v) => `${lead}${v.startsWith("'") || v.startsWith('"') ? maskQuoted(v) : '***'}`],
  // .netrc: machine HOST login USER password X
  ['login', /\b(login\s+\S+\s+password\s+)(\S+)/g, '$1***'],
  // signed URLs: Azure SAS sig=, AWS presigned X-Amz-Signature= / X-Amz-Security-Token=
  [/[?&](?:sig|x-amz-)/i, /([?&](?:sig|X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token)=)[^\s&"'#]+/gi, '$1***'],
  // --password=x, --token x (command lines): a flag starts a word, so the "-password" inside
  // "postgresql-password in Secret" is no flag; "--token to set it" is prose
  [KEYED, new RegExp(String.raw`(?<![\w.-])(--?${KEY})(=|[ \t]+)(?!-)("[^"]*"|'[^']*'|[^\s"'\]]+)`, 'gi'), keyValue((sep) => sep !== '=')],
  // "password": "x" (JSON, a quoted key anywhere)
  // (no space before the colon: the kubelet's `volume "db-secret" : rpc error` is no JSON)
  [KEYED, new RegExp(String.raw`(["']${KEY}["'])(:\s*)("[^"]*"|'[^']*'|[^\s,;}"'\]]+)`, 'gi'), keyValue(() => true)],
  // password: x, X-API-Key: x (YAML, headers, logfmt with colons) anywhere in a line, when x is a value
  [KEYED, new RegExp(String.raw`(?<![\w.-])(${KEY})(\s*:(?![:/])[ \t]*)("[^"]*"|'[^']*'|[^\s,;}"'\]]+)`, 'gi'), keyValue(() => true)],
  // password=x, AccountKey=x; (logfmt, query strings, env dumps, connection strings) and the
  // credentials-file form with spaces around "=" (aws_secret_access_key = x)
  [KEYED, new RegExp(String.raw`(?<![\w.-])(${KEY})((?<![=!<>])[ \t]*=(?!=)[ \t]*)("[^"]*"|'[^']*'|[^\s&;,"'\]]+)`, 'gi'), keyValue((sep) => sep !== '=')],
];

/** Words every keyed rule needs, in any of the cases keys are written in: pass, Pass, PASS. */
const TRIGGER_WORDS = ['pass', 'pwd', 'secret', 'token', 'key', 'credential', 'cookie', 'auth', 'bearer', 'basic', 'identified'];
/** What the token-format and URL rules need, case as written. */
const TRIGGER_FORMATS = ['eyJ', 'A(?:KI|SI|BI|CC)A', 'gh[pousr]_', 'github_pat_', 'gl[a-z]{2,5}-', 'x(?:ox[a-z]|app)-', 'hooks\\.slack', 'discord', '[sr]k_', 'whsec_', 'sk-', 'AIza', 'npm_', 'hv[sbr]\\.', '@', 'sig=', '[Xx]-(?:Amz|amz|AMZ)-'];
const eitherCase = (w: string) => `[${w[0]}${(w[0] as string).toUpperCase()}](?:${w.slice(1)}|${w.slice(1).toUpperCase()})`;
/**
 * Every rule above needs one of these substrings: text without any is returned as it is, which
 * is most messages (94% of the fixtures' messages and log lines) and most of the cost otherwise.
 * Spelled out case by case rather than with the i flag: the regular expression engine scans
 * literal alternatives faster (7.2k instructions per text of ~100 characters instead of 10.4k).
 */
export const SECRETISH = new RegExp([...TRIGGER_WORDS.map(eitherCase), ...TRIGGER_FORMATS].join('|'));

/** Text of any origin (an event message, a container state, a log line, a command line) with secret values taken out. */
export function redact(text: string): string {
  if (!SECRETISH.test(text)) return text;
  const keyed = SECRET_WORD_RE.test(text);
  let out = text;
  for (const [guard, re, rep] of RULES) {
    if (guard === KEYED ? !keyed : typeof guard === 'string' ? !out.includes(guard) : guard instanceof RegExp ? !guard.test(out) : !guard(out)) continue;
    out = out.replace(re, rep as never);
  }
  return out;
}

const PEM_BEGIN = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/;
const PEM_END = /-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/;
/** A line of a PEM body: base64 only (64 characters a line, the last one shorter), or a header. */
const PEM_BODY = /^\s*(?:[A-Za-z0-9+/]{4,}={0,2}|Proc-Type:.*|DEK-Info:.*|Comment:.*|Version:.*)?\s*$/;

/**
 * A container's log, line by line, with the same rules as redact(). A log is the one text that
 * arrives as lines cut to a tail, so a private key printed over several lines needs the lines
 * around it: its body lines go too, also when the tail starts inside the block and only its END
 * line is left.
 */
export function redactLogLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  let inKey = false;
  for (const line of lines) {
    if (inKey) {
      if (PEM_END.test(line)) {
        inKey = false;
        out.push(redact(line.slice(line.search(PEM_END)).replace(PEM_END, '')));
        if ((out[out.length - 1] as string).trim() === '') out.pop();
      }
      continue;
    }
    const b = line.search(PEM_BEGIN);
    if (b >= 0 && !PEM_END.test(line.slice(b))) {
      out.push(`${redact(line.slice(0, b))}${PEM_REDACTED}`);
      inKey = true;
      continue;
    }
    const e = b < 0 ? line.search(PEM_END) : -1;
    if (e >= 0) {
      // the tail began inside a key: its body lines are above, without a BEGIN
      while (out.length > 0 && PEM_BODY.test(out[out.length - 1] as string) && (out[out.length - 1] as string).trim() !== '') out.pop();
      out.push(`${PEM_REDACTED}${redact(line.slice(e).replace(PEM_END, ''))}`);
      continue;
    }
    out.push(redact(line));
  }
  return out;
}

/**
 * Text bounded to `max` characters (head … tail), redacted before the cut: a credential that
 * straddles the cut is still seen whole. Redaction reads at most MARGIN characters past each cut.
 */
export function redactBounded(text: string, max: number): string {
  if (text.length <= max) return redact(text);
  const MARGIN = 4096;
  const half = Math.floor(max / 2);
  const head = redact(text.slice(0, half + MARGIN)).slice(0, half);
  const tail = redact(text.slice(-(half + MARGIN)));
  return `${head} … ${tail.slice(-half)}`;
}
