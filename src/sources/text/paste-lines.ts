// The line level of the paste reader (paste.ts): a pasted text → lines with what is around kubectl's
// output taken off (Markdown quote marks, k9s box borders, emphasis, fences), each line classified
// on its own: a fence, a shell prompt (with the kubectl command it ran), a describe key or section,
// a container header, an event row (both layouts), a table header or row, YAML, JSON, a kubectl
// error, an ellipsis marking a cut, or prose. Context (which block a line belongs to) is paste.ts's
// business; this file only looks at one line at a time.
//
// Lines are kept in flat arrays (text, indentation, flags), not objects: a paste of two million
// lines costs tens of megabytes, not hundreds.

import { InputError } from '../../model/errors.js';
import { parseSetImage, type SetImage } from './set-image.js';
import { stripControls } from '../../util/sanitize.js';
import { CONTAINER_KEYS, POD_KEYS, SECTION_KEYS, STATE_KEYS } from './describe-keys.js';

/** Lines longer than this are cut (kubectl prints no such line; a paste of a minified blob might). */
export const MAX_LINE = 64 * 1024;
/** More lines than this is refused: describe text of 10 000 pods has far fewer. */
export const MAX_LINES = 2_000_000;

/** A blank line (or a box border) came just before this line. */
export const F_GAP = 1;
/** A Markdown code fence (``` or ~~~), opening or closing. */
export const F_FENCE = 2;
/** Inside a fenced block. */
export const F_FENCED = 4;
/** The line closes a fence opened earlier ("…```"). */
export const F_CLOSES = 16;

/**
 * The lines of a paste that carry something (blank lines and box borders are left out; F_GAP
 * marks where they were). Kept in flat arrays, not objects: a paste of two million lines costs
 * tens of megabytes, not hundreds.
 */
export interface PasteLines {
  /** Content of each line: decorations, indentation and trailing spaces removed; tabs as two spaces. */
  text: string[];
  /** Columns of indentation after decorations (a tab counts two). */
  indent: number[];
  flags: number[];
  /** 1-based line number in the input. */
  n: number[];
  /** The language a fence names ("yaml", "console", …), by line index. */
  fenceLang: Map<number, string>;
  count: number;
}

const BOX_SIDE = /^[│┃║]\s?|\s*[│┃║]\s*$/g;
const BORDER = /^[\s┌┐└┘├┤┬┴┼╭╮╯╰╔╗╚╝═─━<>]*[─━═]{3}[^]*$/;
const FENCE = /^(`{3,}|~{3,})/;
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * Split and clean a pasted text (`\r\n` may be left in). Throws when the text has more than
 * MAX_LINES lines that are not blank.
 */
export function pasteLines(input: string, file: string, lineOffset = 0): PasteLines {
  const L: PasteLines = { text: [], indent: [], flags: [], n: [], fenceLang: new Map(), count: 0 };
  let at = 0;
  let n = lineOffset;
  let fenced = false;
  let gap = false;
  const push = (t: string, ind: number, f: number) => {
    if (L.count >= MAX_LINES) throw new InputError(`${file}: more than ${MAX_LINES} lines of text — split the input`);
    L.text.push(t);
    L.indent.push(ind);
    L.flags.push(f | (gap ? F_GAP : 0) | (fenced && !(f & F_FENCE) ? F_FENCED : 0));
    L.n.push(n);
    L.count++;
    gap = false;
  };
  // a blockquote written ">text" (no space after the mark), on several lines: a lone ">x" line
  // elsewhere is not taken for one
  const tightQuotes = (input.match(/^ {0,3}>(?=[^\s>=])/gm) ?? []).length >= 3;
  while (at <= input.length) {
    let end = input.indexOf('\n', at);
    if (end < 0) end = input.length;
    n++;
    // blank lines cost nothing
    let k = at;
    while (k < end && (input.charCodeAt(k) === 0x20 || input.charCodeAt(k) === 0x09 || input.charCodeAt(k) === 0x0d)) k++;
    if (k === end) {
      gap = true;
      at = end + 1;
      continue;
    }
    let s = input.slice(at, Math.min(end, at + MAX_LINE));
    at = end + 1;
    if (s.includes('\r')) s = s.replace(/\r/g, '');
    if (s.includes('\t')) s = s.replace(/\t/g, '  ');
    if (CONTROLS.test(s) || s.includes('\u001b')) s = stripControls(s);
    if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    // Markdown or e-mail quote marks ("> ", "> > "; ">text" too in a blockquote whose marks
    // have no space after them, as Markdown allows)
    for (let q = 0; q < 4; q++) {
      const m = (tightQuotes ? /^ {0,3}>(?: |(?=[^\s>])|$)/ : /^ {0,3}>(?: |$)/).exec(s);
      if (!m) break;
      s = s.slice(m[0].length);
    }
    // a terminal's echo of Ctrl-C before the next prompt
    if (s.startsWith('^C')) s = s.slice(2);
    // k9s and other terminal boxes: │ on both sides; borders are decoration
    if (/[│┃║┌└╭╰─]/.test(s)) {
      if (BORDER.test(s.trim()) && !/[A-Za-z]{2,}\s{2,}[A-Za-z]/.test(s.replace(/[─━═]+/g, ''))) {
        gap = true;
        continue;
      }
      s = s.replace(BOX_SIDE, '');
    }
    // **bold** wrapped around a whole line (a prompt or a header made bold in an issue)
    const trimmed = s.trim();
    if (/^\*{3,}$/.test(trimmed)) {
      // a row of asterisks: decoration
      gap = true;
      continue;
    }
    if (trimmed.startsWith('**') && trimmed.endsWith('**') && trimmed.length > 4) s = trimmed.slice(2, -2);
    // **bold** anywhere else: its markers where a word starts or ends ("**2m52s (x13 over 6m42s) …**", "**lastState**:")
    if (s.includes('**')) s = s.replace(/(^|\s)\*\*(?=\S)/g, '$1').replace(/(\S)\*\*(?=\s|$|[:,.;)])/g, '$1');
    // _emphasis_ opened on a table's header line and closed after its last age
    if (/^\s*_(?=[A-Z]{3,}\s)/.test(s)) s = s.replace('_', ' ');
    if (/\d[smhd]_\s*$/.test(s)) s = s.replace(/_\s*$/, '');
    // `inline code` opened on one line and closed on another
    if (/^\s*`(?!`)/.test(s)) s = s.replace(/`/, ' ');
    if (/[^`]`\s*$/.test(s) && !/`[^`]*`\s*$/.test(s)) s = s.replace(/`\s*$/, '');
    const body = s.trimStart();
    const ind = s.length - body.length;
    const t = body.trimEnd();
    if (t === '') {
      gap = true;
      continue;
    }
    const fm = ind <= 3 ? FENCE.exec(t) : null;
    if (fm) {
      const after = t.slice((fm[1] as string).length);
      const closesHere = /\S\s*(`{3,}|~{3,})$/.test(after);
      const content = after.replace(/\s*(`{3,}|~{3,})$/, '').trim();
      if (content === '' || (!closesHere && /^[\w+.#-]+$/.test(content) && !/\d[smhd]$/.test(content))) {
        // a fence line, opening (with its language) or closing a block
        if (content !== '') L.fenceLang.set(L.count, content.toLowerCase());
        push('', 0, F_FENCE);
        fenced = !fenced;
        gap = true;
        continue;
      }
      // content on the fence line itself ("```2m  Warning  BackOff …```")
      if (!closesHere) fenced = true;
      push(content, 0, closesHere ? 0 : F_FENCED);
      continue;
    }
    if (fenced && /[^`]`{3,}$/.test(t)) {
      // "…last line```": the fence closes after this line
      push(t.replace(/\s*`{3,}$/, ''), ind, F_CLOSES);
      fenced = false;
      gap = true;
      continue;
    }
    push(t, ind, 0);
  }
  return unwrap(L);
}

/** A timestamp a CI runner or a logger put before a line: "[2024-01-01T10:00:00Z] ", "2024-01-01T10:00:00.1234567Z ", "12:00:01 ". */
const STAMP = /^\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?\]? ?|^\[\d\d:\d\d:\d\d(?:\.\d+)?\] ?/;

/** A line whose shape is kubectl's own (a header, a row, a describe key with its value, kubectl's error). */
function kubectlShaped(t: string): boolean {
  return (
    PODS_TABLE_HEADER.test(t) ||
    EVENTS_TABLE_HEADER.test(t) ||
    EVENT_HEADER.test(t) ||
    EVENT_ROW.test(t) ||
    EVENTS_TABLE_ROW.test(t) ||
    PODS_TABLE_ROW.test(t) ||
    /^[a-z0-9][-a-z0-9.]*\s+\d+\/\d+\s+[A-Z][\w:]*(?:\s|$)/.test(t) ||
    NO_RESOURCES.test(t) ||
    /^Error from server\b/.test(t) ||
    (describeKey(t) !== undefined && /^(?:Name|Namespace|Node|Status|Reason|Message|State|Last State|Exit Code|Events|Containers):/.test(t))
  );
}

/**
 * What a page or a tool put in front of every line of a block, taken off:
 *   - a blog's line-number gutter: a column of 1, 2, 3 … on lines of their own before the block
 *     (dropped), or "12  text" in front of each line (cut off);
 *   - a shared "# ", "| " or "+ " (commented output, a quoted table, set -x), when what it hides
 *     is kubectl's output.
 */
function unwrap(L: PasteLines): PasteLines {
  const n = L.count;
  const drop = new Uint8Array(n);
  let changed = false;
  for (let i = 0; i < n; ) {
    // 1, 2, 3 … on lines of their own
    if (L.text[i] === '1') {
      let j = i;
      while (j < n && L.text[j] === String(j - i + 1) && (j === i || !((L.flags[j] as number) & F_GAP))) j++;
      if (j - i >= 3) {
        for (let k = i; k < j; k++) drop[k] = 1;
        if (j < n) L.flags[j] = (L.flags[j] as number) | F_GAP;
        changed = true;
        i = j;
        continue;
      }
    }
    // "1 text", "2 text" … in front of each line
    const g = /^(\d{1,5})(?: |\s*\|\s?)/.exec(L.text[i] as string);
    if (g && g[1] === '1') {
      let j = i;
      let shaped = false;
      while (j < n && new RegExp(`^${j - i + 1}(?: |\\s*\\|\\s?)`).test(L.text[j] as string)) {
        const rest = (L.text[j] as string).replace(/^\d+(?: |\s*\|\s?)/, '').trim();
        if (kubectlShaped(rest) || isYamlLine(rest) || promptCommand(rest) !== undefined) shaped = true;
        j++;
      }
      if (j - i >= 3 && shaped) {
        for (let k = i; k < j; k++) {
          const m = /^\d+(?: |\s*\|\s?)/.exec(L.text[k] as string) as RegExpExecArray;
          const rest = (L.text[k] as string).slice(m[0].length);
          const body = rest.trimStart();
          L.text[k] = body;
          L.indent[k] = rest.length - body.length;
        }
        changed = true;
        i = j;
        continue;
      }
    }
    // a timestamp (a CI log's, a logger's) before each line of kubectl's output
    if (STAMP.test(L.text[i] as string)) {
      let j = i;
      let shaped = false;
      while (j < n && STAMP.test(L.text[j] as string) && (j === i || !((L.flags[j] as number) & F_GAP))) {
        if (kubectlShaped((L.text[j] as string).replace(STAMP, '').trim())) shaped = true;
        j++;
      }
      if (shaped && j - i >= 2) {
        // the block's own indentation is what is left after the stamp
        for (let k = i; k < j; k++) {
          const rest = (L.text[k] as string).replace(STAMP, '');
          const body = rest.trimStart();
          L.text[k] = body.trimEnd();
          L.indent[k] = rest.length - body.length;
        }
        i = j;
        continue;
      }
    }
    // a shared "# ", "| ", "+ " before lines of kubectl's output
    const p = /^(#|\||\+) /.exec(L.text[i] as string);
    if (p) {
      const pre = p[0];
      let j = i;
      let shaped = false;
      while (j < n && (L.text[j] as string).startsWith(pre) && (j === i || !((L.flags[j] as number) & F_GAP))) {
        if (kubectlShaped((L.text[j] as string).slice(pre.length).trim())) shaped = true;
        j++;
      }
      if (shaped && !(pre === '# ' && j - i === 1 && /^# (?:kubectl|oc|k)\s/.test(L.text[i] as string))) {
        for (let k = i; k < j; k++) {
          const rest = (L.text[k] as string).slice(pre.length);
          const body = rest.trimStart();
          L.text[k] = body.trimEnd();
          L.indent[k] = (L.indent[k] as number) + pre.length + rest.length - body.length;
        }
      }
      i = Math.max(j, i + 1);
      continue;
    }
    i++;
  }
  if (!changed) return L;
  const out: PasteLines = { text: [], indent: [], flags: [], n: [], fenceLang: new Map(), count: 0 };
  for (let i = 0; i < n; i++) {
    if (drop[i]) continue;
    const lang = L.fenceLang.get(i);
    if (lang !== undefined) out.fenceLang.set(out.count, lang);
    out.text.push(L.text[i] as string);
    out.indent.push(L.indent[i] as number);
    out.flags.push(L.flags[i] as number);
    out.n.push(L.n[i] as number);
    out.count++;
  }
  return out;
}

// ---- prompts ---------------------------------------------------------------------------------

/** A kubectl (or oc, or an alias) command as the paste shows it after a prompt. */
export interface Command {
  /** kubectl, oc, k, microk8s kubectl, …; other programs (cat, helm) have `tool` but no verb. */
  tool: string;
  /** A command line without a prompt before it ("kubectl describe pod x"). */
  bare?: boolean;
  verb?: string;
  /** The resource type named (pod, pods, po, events, deploy, …), lowercased. */
  resource?: string;
  /** The pod named: `pod/x`, `pod x`, `logs x`. */
  pod?: string;
  namespace?: string;
  container?: string;
  previous?: boolean;
  tail?: boolean;
  output?: string;
  allNamespaces?: boolean;
  /** The part of the object printed: `| jq '.status'`, `-o jsonpath='{.status.conditions}'` → ".status.conditions". */
  path?: string;
  /** The object of another kind described or got: `kubectl describe pvc data-0` → PersistentVolumeClaim data-0. */
  object?: { kind: string; name: string };
  /** `kubectl set image deploy/web app=web:v2`: the workload and the images it is given. */
  setImage?: SetImage;
}

const KUBECTL = /^(?:sudo\s+(?:-\S+\s+)*)?(?:(?:\S*\/)?kubectl(?:\.exe|\.sh)?|oc|k|kc|kubecolor|microk8s[. ]kubectl|minikube kubectl --|k3s kubectl|k0s kubectl|rke2 kubectl)(?=\s|$)/;
const VERBS = new Set(['get', 'describe', 'logs', 'log', 'events', 'apply', 'create', 'delete', 'run', 'exec', 'top', 'rollout', 'version', 'edit', 'patch', 'explain', 'cluster-info', 'config', 'label', 'annotate', 'scale', 'debug', 'wait', 'port-forward', 'cp', 'attach', 'drain', 'cordon', 'uncordon', 'taint', 'auth', 'set', 'expose', 'replace']);
const OTHER = /^(?:sudo\s+)?(?:helm|docker|crictl|ctr|nerdctl|cat|less|more|tail|head|grep|egrep|journalctl|systemctl|curl|wget|echo|ls|cd|vi|vim|nano|watch|stern|kustomize|kind|eksctl|az|gcloud|aws|podwhy|minikube|microk8s|k3s|git|make|npm|go|python3?|export|ssh|free|df|dmesg|uname|nslookup|dig|ping|telnet|nc)(?=\s|$)/;

/**
 * The prompt before a command: `$`, `#`, `%`, `>`, `❯`, `[user@host dir]$`, `user@host:~$`,
 * `PS C:\x>`, `C:\x>`, oh-my-zsh `➜  dir`, a powerline `user@host  ~/dir`. Captures the command.
 */
const PROMPTED = /^(?:\([\w.-]+\)\s*)?(?:\[[^\]\n]{1,80}\]\s?[#$%>]|[\w.-]+@[\w.-]+(?::\S*)?\s?[#$%>]|[\w.-]+@[\w.-]+\s+\S{0,80}\s+(?=(?:sudo\s+)?(?:kubectl|oc|k)\s)|PS [A-Za-z]:\\[^>\n]{0,120}>|[A-Za-z]:\\[^>\n]{0,120}>|➜\s+\S+|[~\w.\/-]{0,80}\s?[$%#>❯»λ⇒→]|❯|λ|⇒|→|\+)\s*(.*)$/;

/** The command a prompt line runs, or undefined when the line is no prompt. */
export function promptCommand(text: string): Command | undefined {
  // a prompt in a Markdown list ("2. [root@host]# kubectl logs …", "- $ kubectl …")
  const item = /^(?:\d{1,2}[.)]|[-*•])\s+(?=\S)/.exec(text);
  if (item) {
    const c = promptCommand(text.slice(item[0].length));
    if (c !== undefined && !c.bare && c.tool !== '' && KUBECTL.test(c.tool)) return c;
  }
  let cmd: string | undefined;
  const m = PROMPTED.exec(text);
  if (m) {
    const rest = (m[1] ?? '').trim();
    const head = text.slice(0, text.length - (m[1] ?? '').length).trim();
    // "# comment", "> quote": only a known program makes these a prompt
    // (and "+ cmd", set -x's echo of a command)
    const weak = /^[#>%»+]$/.test(head) || /^[\w.\/-]{1,80}[#>%]$/.test(head);
    if (KUBECTL.test(rest) || OTHER.test(rest)) cmd = rest;
    else if (!weak && head !== '' && rest !== '' && /^[\w.\/-]/.test(rest) && !/\s{2,}/.test(rest) && /[$]$|\]\s?[#$%]$|@/.test(head)) cmd = rest;
  }
  // a prompt with nothing after it (the end of a terminal copy)
  if (cmd === undefined && m && (m[1] ?? '') === '' && /^(?:\[[^\]\n]{1,80}\]\s?[#$%>]|[\w.-]+@[\w.-]+(?::\S*)?\s?[#$%>]|PS [A-Za-z]:\\[^>\n]{0,120}>|[A-Za-z]:\\[^>\n]{0,120}>|\$)$/.test(text)) return { tool: '' };
  // a bare kubectl command line ("kubectl describe pod x")
  if (cmd === undefined && KUBECTL.test(text)) {
    const verb = text.replace(KUBECTL, '').trim().split(/\s+/)[0] ?? '';
    if (VERBS.has(verb) || verb.startsWith('-')) return { ...parseCommand(text), bare: true };
  }
  if (cmd === undefined) return undefined;
  return parseCommand(cmd);
}

/** kubectl's flags that take a value (so the value is not read as the pod's name). */
const VALUED = new Set(['-n', '--namespace', '-c', '--container', '-o', '--output', '-l', '--selector', '--context', '--kubeconfig', '--tail', '--since', '--since-time', '--field-selector', '--sort-by', '--for', '--types', '--template', '-f', '--filename', '--request-timeout', '--cluster', '--user', '-s', '--server', '--as', '--limit-bytes']);

/** Resources whose describe or get output the paste reader reads for a pod's sake. */
const OBJECT_KINDS: Record<string, string> = { job: 'Job', jobs: 'Job', pvc: 'PersistentVolumeClaim', persistentvolumeclaim: 'PersistentVolumeClaim', persistentvolumeclaims: 'PersistentVolumeClaim' };

export function parseCommand(cmdline: string): Command {
  const line = cmdline.split(/\s+\|\s*|\s*[;&]{1,2}\s+/)[0] ?? cmdline;
  const km = KUBECTL.exec(line);
  const tool = km ? km[0].replace(/^sudo\s+(?:-\S+\s+)*/, '').trim() : (line.split(/\s+/)[0] ?? '');
  const c: Command = { tool };
  if (!km) return c;
  const toks = line
    .slice(km[0].length)
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '')
    .map((t) => t.replace(/^['"]|['"]$/g, ''));
  const pos: string[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i] as string;
    const eq = t.indexOf('=');
    const flag = t.startsWith('-') ? (eq > 0 ? t.slice(0, eq) : t) : undefined;
    const value = (): string | undefined => (eq > 0 ? t.slice(eq + 1) : VALUED.has(flag as string) ? toks[++i] : undefined);
    if (flag === undefined) {
      pos.push(t);
      continue;
    }
    // (kubectl logs -f is --follow, not a file)
    if (flag === '-f' && (pos[0] === 'logs' || pos[0] === 'log')) continue;
    if (flag === '-n' || flag === '--namespace') c.namespace = value();
    else if (/^-n\S+$/.test(t)) c.namespace = t.slice(2);
    else if (flag === '-c' || flag === '--container') c.container = value();
    else if (flag === '-p' || flag === '--previous') c.previous = eq > 0 ? t.slice(eq + 1) !== 'false' : true;
    else if (flag === '--tail') {
      value();
      c.tail = true;
    } else if (flag === '-o' || flag === '--output') c.output = value();
    else if (/^-o\S+$/.test(t)) c.output = t.slice(2);
    else if (flag === '-A' || flag === '--all-namespaces') c.allNamespaces = true;
    else if (flag === '--for') {
      const v = value();
      const m = v ? /^(?:pods?|po)\/(.+)$/.exec(v) : null;
      if (m) c.pod = m[1];
    } else if (VALUED.has(flag)) value();
  }
  // the part of the object printed (jq's filter, kubectl's jsonpath): a plain path only
  const jq = /\|\s*jq\s+(?:-\w+\s+)*(['"]?)(\.[\w.[\]]*)(?:\s*\|\s*select\([^)]*\))?\1(?:\s|$)/.exec(cmdline);
  const jp = /^jsonpath=['"]?\{(\.[\w.[\]]*)\}['"]?$/.exec(c.output ?? '');
  // a go-template of one path: --template '{{.status.conditions}}', -o go-template='{{.status}}'
  const gt = /(?:--template[= ]|go-template=)['"]?\{\{\s*(\.[\w.]*)\s*\}\}['"]?/.exec(cmdline);
  const path = jq?.[2] ?? jp?.[1] ?? gt?.[1];
  if (path !== undefined && /^(?:\.[A-Za-z]\w*(?:\[\d*\])?)+$/.test(path)) c.path = path;
  const verb = pos.shift();
  if (verb !== undefined) c.verb = verb === 'log' ? 'logs' : verb;
  const podOf = (t: string | undefined): string | undefined => {
    if (t === undefined) return undefined;
    const m = /^(?:pods?|po)\/(.+)$/.exec(t);
    if (m) return m[1];
    return /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(t) ? t : undefined;
  };
  if (c.verb === 'logs') {
    c.resource = 'pod';
    const first = pos[0];
    if (first !== undefined && /\//.test(first) && !/^(?:pods?|po)\//.test(first)) c.resource = first.split('/')[0]?.toLowerCase();
    else {
      c.pod = podOf(first);
      // the old form: kubectl logs POD CONTAINER
      if (c.container === undefined && pos[1] !== undefined && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(pos[1])) c.container = pos[1];
    }
  } else if (c.verb === 'describe' || c.verb === 'get' || c.verb === 'edit') {
    const first = pos[0];
    let objName: string | undefined;
    if (first !== undefined && first.includes('/')) {
      c.resource = first.split('/')[0]?.toLowerCase();
      if (/^(?:pods?|po)$/.test(c.resource ?? '')) c.pod = podOf(first);
      else objName = first.slice(first.indexOf('/') + 1);
    } else if (first !== undefined) {
      c.resource = first.toLowerCase();
      if (/^(?:pods?|po)$/.test(c.resource)) c.pod = podOf(pos[1]);
      else objName = pos[1];
    }
    const kind = OBJECT_KINDS[(c.resource ?? '').split('.')[0] ?? ''];
    if (kind !== undefined && objName !== undefined && /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(objName)) c.object = { kind, name: objName };
  } else if (c.verb === 'events') c.resource = 'events';
  else if (c.verb === 'set') {
    const s = parseSetImage(pos, c.namespace);
    if (s) c.setImage = s;
  }
  return c;
}

// ---- line shapes -------------------------------------------------------------------------------

/** "Key:   value" → [key, value]; the key is words with spaces, dashes, dots (describe's keys). */
export function keyValue(text: string): [string, string] | undefined {
  const m = /^([A-Za-z][\w .\/()-]{0,60}?):(?:[ ]+(.*))?$/.exec(text);
  if (!m) return undefined;
  return [m[1] as string, dropAnnotation((m[2] ?? '').trim())];
}

/**
 * A note a user wrote after a value ("143   ← SIGTERM from the kubelet", "3   # the default"): kubectl
 * prints no arrows, and no "# " after a run of spaces, so what follows is the user's, not the value.
 * ("#success=1" of a probe line has no space after its "#".)
 */
export function dropAnnotation(value: string): string {
  const m = /^(.*?\S)(?:\s*[←⟵]|\s+(?:<--+|<==+)(?=\s|$)|\s{2,}#\s).*$/.exec(value);
  return m ? (m[1] as string) : value;
}

/** describe's keys by level, from the one list (describe-keys.ts). */
export { CONTAINER_KEYS, STATE_KEYS } from './describe-keys.js';
/** describe's top-level keys (as kubectl has printed them, old and new). */
export const DESCRIBE_TOP = POD_KEYS;
/** Section keys whose value comes on the following lines. */
export const DESCRIBE_SECTIONS = SECTION_KEYS;

const DNS = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/** "  app:" — a container's (or volume's) header line in describe output. */
export function isContainerHeader(text: string): string | undefined {
  if (!text.endsWith(':')) return undefined;
  const name = text.slice(0, -1);
  return DNS.test(name) && name.length <= 253 ? name : undefined;
}

export function describeKey(text: string): { key: string; value: string; kind: 'top' | 'container' | 'state' } | undefined {
  const kv = keyValue(text);
  if (!kv) return undefined;
  const [key, value] = kv;
  if (!/^[A-Z]/.test(key)) return undefined;
  if (DESCRIBE_TOP.has(key)) return { key, value, kind: 'top' };
  if (CONTAINER_KEYS.has(key)) return { key, value, kind: 'container' };
  if (STATE_KEYS.has(key)) return { key, value, kind: 'state' };
  return undefined;
}

const AGE_RE = String.raw`(?:<unknown>|<invalid>|(?:\d+[ydhms])+)`;
export const EVENT_ROW = new RegExp(String.raw`^(Normal|Warning)\s+[A-Za-z][\w-]*\s+${AGE_RE}(?: \(x\d+ over ${AGE_RE}\))?(?:\s|$)`);
export const EVENT_HEADER = /^Type\s+Reason\s+Age\s+From\s+Message$/;
export const OLD_EVENT_HEADER = /^(?:FirstSeen|LastSeen)\s+(?:FirstSeen|LastSeen)\s+Count\s+From\s+Sub[oO]bject[pP]ath\b/;
const DATE_RE = String.raw`(?:[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d [-+]\d{4})`;
const WHEN_RE = `(?:${AGE_RE}|${DATE_RE})`;
export const OLD_EVENT_ROW = new RegExp(String.raw`^${WHEN_RE}\s+${WHEN_RE}\s+\d+\s+(?:\{[^}]*\}|[\w.:\/-]+, [\w.:\/-]+|[\w.:\/-]+)\s+\S`);

export const EVENTS_TABLE_HEADER = /^(?:NAMESPACE +)?(?:LAST SEEN +TYPE +REASON +OBJECT +(?:SUBOBJECT +SOURCE +)?MESSAGE|LAST SEEN +TYPE +REASON +KIND +MESSAGE|LASTSEEN +FIRSTSEEN +COUNT +NAME +KIND +SUBOBJECT|LAST SEEN +FIRST SEEN +COUNT +NAME +KIND +SUBOBJECT|FIRSTSEEN +LASTSEEN +COUNT +NAME +KIND +SUBOBJECT)/;
/** A `kubectl get events` / `kubectl events` row without its header (new layout). */
export const EVENTS_TABLE_ROW = new RegExp(String.raw`^(?:([a-z0-9][-a-z0-9.]*)\s+)?(${AGE_RE}(?: \(x\d+ over ${AGE_RE}\))?)\s+(Normal|Warning)\s+([A-Za-z][\w-]*)\s+([A-Za-z]+(?:\.[\w.-]+)?\/(?:[^\s<]|<[^>\n]{0,40}>)+)(?:\s+(.*))?$`);
export const PODS_TABLE_HEADER = /^(?:NAMESPACE[↑↓]? +)?NAME[↑↓]? +(?:PF +)?READY[↑↓]? +STATUS[↑↓]? +RESTARTS[↑↓]?(?:(?: +\S+)*? +AGE[↑↓]?\b| *$)/;
/** A `kubectl get pods` row without its header: [NAMESPACE] NAME READY STATUS RESTARTS AGE [IP NODE …]. */
export const PODS_TABLE_ROW = /^(?:([a-z0-9][-a-z0-9.]*)\s+)?([\w.-]+)\s+(\d+\/\d+)\s+([A-Z][\w:./-]*|Init:\S+|Signal:\d+|ExitCode:\d+)\s+(\d+(?: \([\w.]+ ago\))?)\s+((?:\d+[ydhms])+|<invalid>|<unknown>)(?:\s+(.*))?$/;

/**
 * A `kubectl get pods` row cut after its STATUS or RESTARTS (NAME READY STATUS [RESTARTS]), as
 * people shorten what they paste: read only as the output of a get pods command.
 */
export const SHORT_PODS_ROW = /^(?:([a-z0-9][-a-z0-9.]*)\s+)?([a-z0-9][-a-z0-9.]*)\s+(\d+\/\d+)\s+([A-Z][\w:./-]*|Init:\S+)(?:\s+(\d+))?$/;

/** "No resources found in x namespace." / kubectl events' "No events found in x namespace." */
export const NO_RESOURCES = /^No (resources|events) found(?: in ([\w.-]+) namespace)?\.?$/;
/** kubectl logs refused: the container is waiting. */
export const WAITING_TO_START = /^(?:Error from server(?: \(\w+\))?: )?container "([^"]+)" in pod "([^"]+)" is waiting to start: (.+)$/;

/** A line that only marks a cut: "...", "[...]", "<snip>", "(…)". */
export function isEllipsis(text: string): boolean {
  return /^(?:\.{2,}|…+|\.{3}\s*\(?\s*(?:cut|snip(?:ped)?|truncated|omitted|more)\s*\)?\s*(?:\.{3})?|\(\s*(?:cut|snipped|truncated|omitted)\s*\)|\[\s*(?:\.{2,}|…|snip(?:ped)?|cut|truncated|omitted)\s*\]|<\s*(?:snip(?:ped)?|cut|truncated)\s*>|\(\s*(?:\.{2,}|…|snip(?:ped)?)\s*\)|-{2,} ?(?:snip|cut) ?-{2,}|# ?\.{3}.*)$/i.test(text);
}

/** A YAML line: a key, a list entry, a document marker, a comment. */
export function isYamlLine(text: string): boolean {
  return /^(?:---|\.\.\.)(?:\s|$)|^-(?: |$)|^#|^(?:"[^"]*"|'[^']*'|[A-Za-z_$][\w.\/$-]*):(?: |$)/.test(text);
}

/** The key of a YAML line ("key:", "- key:"), if any. */
export function yamlKey(text: string): string | undefined {
  const m = /^(?:- +)*(?:"([^"]*)"|'([^']*)'|([A-Za-z_$][\w.\/$-]*)):(?: |$)/.exec(text);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** Keys that make a YAML line Kubernetes YAML (a block may start with one on its own). */
export const K8S_KEYS = new Set([
  'apiVersion',
  'kind',
  'metadata',
  'spec',
  'status',
  'items',
  'containerStatuses',
  'initContainerStatuses',
  'ephemeralContainerStatuses',
  'conditions',
  'containers',
  'initContainers',
  'state',
  'lastState',
  'involvedObject',
  'phase',
  'waiting',
  'terminated',
  'running',
]);

/** A line of JSON as kubectl prints it (or the start of a JSON object or array). */
export function isJsonStart(text: string): boolean {
  return /^[{[](?:\s*$|\s*"|\s*[{[\]}])/.test(text);
}
