// How people paste `kubectl describe pod`: the variants of one describe text that the
// paste-variation suite (./paste-property.ts, tools/testing/paste-variations-run.ts) diagnoses. A variant is
// a *cut* (which lines are kept), a *reshape* (what happens to the text on its way into a ticket),
// or a cut then a reshape. Every variant has an id that rebuilds it: the same text and seed give
// the same variants, so a failure is reproduced from `<capture>#<variant id>` alone.
//
// Cuts: `window:SIZE@START` (consecutive lines), `container:NAME` (one container's block),
// `state:NAME` / `last-state:NAME` (one state block, its `State:`/`Last State:` line and the lines
// under it, alone), `state-lines:NAME` (both blocks, without the rest of the container),
// `state-body:NAME` / `last-state-body:NAME` (the lines under the state line, without it: `Reason:
// OOMKilled / Exit Code: 137`), `events` (the Events section), `event-rows` (its rows without the
// `Events:` line and the column header), `event-row:N` (the Nth Warning row alone).
// Reshapes: `indent:2`, `indent:4`, `dedent` (all indentation lost), `wrap-term:80|100` (a
// terminal's hard wrap: a long line goes on at column 0 of the next), `wrap-word:80|100` (a
// ticket's reflow: broken at the last space, continuation unindented), `crlf`, `tabs`,
// `fence` (a Markdown code fence), `prompt` (a shell prompt line with the command first),
// `prose-en:before|after|between`, `prose-ko:before|after|between` (sentences around or inside).
// Combinations: `CUT+RESHAPE`, one per cut, the reshape drawn from the seed.
//
// kubectl's layout is read from the text itself: top-level keys at column 0, containers at two
// spaces under `Containers:`/`Init Containers:`/`Ephemeral Containers:`, their fields at four. A
// multi-line message (a termination message, an event's output) runs on at column 0, so blocks end
// at the next *known* key, not at the next outdented line.

/** The top-level keys `kubectl describe pod` prints (1.27–1.33), for telling them from message text. */
const TOP_KEYS = new Set([
  'Name',
  'Namespace',
  'Priority',
  'Priority Class Name',
  'Runtime Class Name',
  'Service Account',
  'Node',
  'Start Time',
  'Labels',
  'Annotations',
  'Status',
  'Reason',
  'Message',
  'SeccompProfile',
  'AppArmor Profile',
  'IP',
  'IPs',
  'Controlled By',
  'NominatedNodeName',
  'Init Containers',
  'Containers',
  'Ephemeral Containers',
  'Readiness Gates',
  'Conditions',
  'Volumes',
  'QoS Class',
  'Node-Selectors',
  'Tolerations',
  'Topology Spread Constraints',
  'Termination Grace Period',
  'Scheduling Gates',
  'Resource Claims',
  'Events',
]);

/** The fields kubectl prints for a container, at four spaces. */
const CONTAINER_KEYS = new Set([
  'Container ID',
  'Image',
  'Image ID',
  'Port',
  'Ports',
  'Host Port',
  'Host Ports',
  'Command',
  'Args',
  'SeccompProfile',
  'AppArmor Profile',
  'State',
  'Last State',
  'Ready',
  'Restart Count',
  'Restart Policy',
  'Limits',
  'Requests',
  'Claims',
  'Liveness',
  'Readiness',
  'Startup',
  'Environment Variables from',
  'Environment',
  'Mounts',
  'Devices',
  'Allocated Resources',
  'Resize Policy',
]);

const CONTAINER_SECTIONS = new Set(['Init Containers', 'Containers', 'Ephemeral Containers']);

function topKey(line: string): string | undefined {
  const m = /^([A-Z][A-Za-z -]*):(?:\s|$)/.exec(line);
  return m && TOP_KEYS.has(m[1] as string) ? (m[1] as string) : undefined;
}

function containerKey(line: string): string | undefined {
  const m = /^ {4}([A-Z][A-Za-z -]*):(?:\s|$)/.exec(line);
  return m && CONTAINER_KEYS.has(m[1] as string) ? (m[1] as string) : undefined;
}

/** A run of lines [start, end). */
export interface Span {
  start: number;
  end: number;
}

export interface ContainerLayout extends Span {
  name: string;
  section: string;
  state?: Span;
  lastState?: Span;
}

export interface DescribeLayout {
  lines: string[];
  /** Indexes of the lines holding a top-level key. */
  top: number[];
  containers: ContainerLayout[];
  /** The Events section, from its `Events:` line. */
  events?: Span;
  /** The rows under the column header (each with its continuation lines). */
  eventRows: (Span & { type: string })[];
  pod?: string;
  namespace?: string;
}

/** The lines of a text, without the empty string after a final newline. */
export function textLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function describeLayout(text: string): DescribeLayout {
  const lines = textLines(text);
  const top: number[] = [];
  lines.forEach((l, i) => {
    if (topKey(l)) top.push(i);
  });
  const nextTop = (i: number) => top.find((t) => t > i) ?? lines.length;
  const containers: ContainerLayout[] = [];
  for (const t of top) {
    const section = topKey(lines[t] as string) as string;
    if (!CONTAINER_SECTIONS.has(section)) continue;
    const end = nextTop(t);
    const heads: number[] = [];
    for (let i = t + 1; i < end; i++) if (/^ {2}[^\s].*:$/.test(lines[i] as string) && !/^ {2}[^\s][^:]*:\s/.test(lines[i] as string)) heads.push(i);
    heads.forEach((h, k) => {
      const cEnd = heads[k + 1] ?? end;
      const c: ContainerLayout = { name: (lines[h] as string).trim().slice(0, -1), section, start: h, end: cEnd };
      const keys: number[] = [];
      for (let i = h + 1; i < cEnd; i++) if (containerKey(lines[i] as string)) keys.push(i);
      keys.forEach((s, j) => {
        const key = containerKey(lines[s] as string);
        const span = { start: s, end: keys[j + 1] ?? cEnd };
        if (key === 'State') c.state = span;
        if (key === 'Last State') c.lastState = span;
      });
      containers.push(c);
    });
  }
  const ev = top.find((t) => topKey(lines[t] as string) === 'Events');
  const eventRows: DescribeLayout['eventRows'] = [];
  let events: Span | undefined;
  if (ev !== undefined) {
    events = { start: ev, end: nextTop(ev) };
    const rowStarts: number[] = [];
    for (let i = ev + 1; i < events.end; i++) if (/^ {2}(Normal|Warning)\s{2,}\S/.test(lines[i] as string)) rowStarts.push(i);
    rowStarts.forEach((s, k) => eventRows.push({ start: s, end: rowStarts[k + 1] ?? (events as Span).end, type: /^ {2}(\w+)/.exec(lines[s] as string)?.[1] as string }));
  }
  const value = (key: string) => {
    const i = top.find((t) => topKey(lines[t] as string) === key);
    return i === undefined ? undefined : (lines[i] as string).slice(key.length + 1).trim() || undefined;
  };
  const pod = value('Name');
  const namespace = value('Namespace');
  return { lines, top, containers, ...(events ? { events } : {}), eventRows, ...(pod ? { pod } : {}), ...(namespace ? { namespace } : {}) };
}

// ---- seeded choices ----------------------------------------------------------------------------

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number in [0, 1) from a seed and a key, the same every time. */
export function seeded(seed: string, key: string): number {
  // mulberry32, one step from the hash
  let t = (hash(`${seed}#${key}`) + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const pick = <T>(xs: readonly T[], seed: string, key: string): T => xs[Math.floor(seeded(seed, key) * xs.length)] as T;

// ---- cuts --------------------------------------------------------------------------------------

export const WINDOW_SIZES = [4, 8, 16, 32] as const;

interface Cut {
  id: string;
  /** Indexes of the kept lines, in order. */
  keep: number[];
}

const range = (s: Span) => Array.from({ length: s.end - s.start }, (_, i) => s.start + i);

function cuts(layout: DescribeLayout): Cut[] {
  const n = layout.lines.length;
  const out: Cut[] = [];
  for (const size of WINDOW_SIZES) {
    if (size >= n) continue;
    const stride = size / 2;
    const starts = new Set<number>();
    for (let s = 0; s + size <= n; s += stride) starts.add(s);
    starts.add(n - size); // the tail, which a paste often is
    for (const s of [...starts].sort((a, b) => a - b)) out.push({ id: `window:${size}@${s}`, keep: range({ start: s, end: s + size }) });
  }
  for (const c of layout.containers) {
    out.push({ id: `container:${c.name}`, keep: range(c) });
    if (c.state) {
      out.push({ id: `state:${c.name}`, keep: range(c.state) });
      if (c.state.end - c.state.start > 1) out.push({ id: `state-body:${c.name}`, keep: range({ start: c.state.start + 1, end: c.state.end }) });
    }
    if (c.lastState) {
      out.push({ id: `last-state:${c.name}`, keep: range(c.lastState) });
      if (c.lastState.end - c.lastState.start > 1) out.push({ id: `last-state-body:${c.name}`, keep: range({ start: c.lastState.start + 1, end: c.lastState.end }) });
    }
    if (c.state && c.lastState) out.push({ id: `state-lines:${c.name}`, keep: [...range(c.state), ...range(c.lastState)].sort((a, b) => a - b) });
  }
  if (layout.events) {
    out.push({ id: 'events', keep: range(layout.events) });
    if (layout.eventRows.length > 0) out.push({ id: 'event-rows', keep: layout.eventRows.flatMap(range) });
    layout.eventRows
      .filter((r) => r.type === 'Warning')
      .slice(0, 3)
      .forEach((r, i) => out.push({ id: `event-row:${i + 1}`, keep: range(r) }));
  }
  // container names can repeat across sections (rare): keep ids unique
  const seen = new Set<string>();
  return out.filter((c) => c.keep.length > 0 && !seen.has(c.id) && Boolean(seen.add(c.id)));
}

// ---- reshapes ----------------------------------------------------------------------------------

export const RESHAPES = [
  'indent:2',
  'indent:4',
  'dedent',
  'wrap-term:80',
  'wrap-term:100',
  'wrap-word:80',
  'wrap-word:100',
  'crlf',
  'tabs',
  'fence',
  'prompt',
  'prose-en:before',
  'prose-en:after',
  'prose-en:between',
  'prose-ko:before',
  'prose-ko:after',
  'prose-ko:between',
] as const;
export type Reshape = (typeof RESHAPES)[number];

/** Sentences a ticket puts around a paste: they say nothing about the pod. */
const PROSE = {
  en: [
    "Hi team, I'm not sure where to look next. Here is what kubectl shows:",
    "Here's the describe output for the pod:",
    'Any idea what is going on? Thanks in advance.',
    'I removed a few lines that looked unrelated.',
    'This is from our staging cluster, output below.',
  ],
  ko: [
    '안녕하세요, 어디를 더 봐야 할지 몰라 문의드립니다. kubectl 결과는 아래와 같습니다:',
    '파드 describe 결과입니다.',
    '원인이 무엇인지 아시는 분 계실까요? 미리 감사드립니다.',
    '관련 없어 보이는 줄은 일부 지웠습니다.',
    '스테이징 클러스터에서 나온 출력입니다.',
  ],
} as const;

const PROMPTS = ['$ ', 'user@bastion:~$ ', '[root@master-1 ~]# ', 'PS C:\\Users\\ops> '] as const;
const FENCES = ['', 'text', 'console', 'shell', 'yaml'] as const;

/** A terminal's wrap: a line longer than the width goes on at column 0 of the next line. */
export function wrapTerminal(line: string, width: number): string[] {
  const chars = [...line];
  if (chars.length <= width) return [line];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += width) out.push(chars.slice(i, i + width).join(''));
  return out;
}

/** A ticket's reflow: broken at the last space within the width (inside a word only when it has none), continuation unindented. */
export function wrapWords(line: string, width: number): string[] {
  const out: string[] = [];
  let rest = line;
  while ([...rest].length > width) {
    const head = [...rest].slice(0, width + 1).join('');
    let cut = head.lastIndexOf(' ');
    while (cut > 0 && head[cut - 1] === ' ') cut--;
    if (cut <= 0 || /^\s*$/.test(head.slice(0, cut))) {
      const hard = [...rest].slice(0, width).join('');
      out.push(hard);
      rest = rest.slice(hard.length);
    } else {
      out.push(head.slice(0, cut));
      rest = rest.slice(cut).replace(/^ +/, '');
    }
  }
  out.push(rest);
  return out;
}

/** Spaces to tabs, as an editor's conversion does: two spaces of indentation a tab, a run of spaces between columns one tab. */
function tabs(line: string): string {
  const m = /^( *)(.*)$/.exec(line) as RegExpExecArray;
  const lead = (m[1] as string).length;
  return '\t'.repeat(Math.floor(lead / 2)) + ' '.repeat(lead % 2) + (m[2] as string).replace(/ {2,}/g, '\t');
}

function reshape(lines: string[], how: Reshape, layout: DescribeLayout, seed: string, key: string, keep: number[]): string {
  const join = (ls: string[]) => `${ls.join('\n')}\n`;
  const [kind, arg] = how.split(':') as [string, string | undefined];
  switch (kind) {
    case 'indent':
      return join(lines.map((l) => (l === '' ? l : ' '.repeat(Number(arg)) + l)));
    case 'dedent':
      return join(lines.map((l) => l.trimStart()));
    case 'wrap-term':
      return join(lines.flatMap((l) => wrapTerminal(l, Number(arg))));
    case 'wrap-word':
      return join(lines.flatMap((l) => wrapWords(l, Number(arg))));
    case 'crlf':
      return `${lines.join('\r\n')}\r\n`;
    case 'tabs':
      return join(lines.map(tabs));
    case 'fence':
      return join([`\`\`\`${pick(FENCES, seed, `${key}/fence`)}`, ...lines, '```']);
    case 'prompt': {
      const cmd = `kubectl describe pod ${layout.pod ?? 'POD'}${layout.namespace ? ` -n ${layout.namespace}` : ''}`;
      return join([`${pick(PROMPTS, seed, `${key}/prompt`)}${cmd}`, ...lines]);
    }
    case 'prose-en':
    case 'prose-ko': {
      const sentences = PROSE[kind === 'prose-en' ? 'en' : 'ko'];
      const s = pick(sentences, seed, `${key}/prose`);
      if (arg === 'before') return join([s, '', ...lines]);
      if (arg === 'after') return join([...lines, '', s]);
      // between: before a top-level key inside the paste (a section boundary), else mid-way
      const bounds = keep.map((src, i) => (i > 0 && layout.top.includes(src) ? i : -1)).filter((i) => i > 0);
      const at = bounds.length > 0 ? pick(bounds, seed, `${key}/between`) : Math.max(1, Math.floor(lines.length / 2));
      return join([...lines.slice(0, at), '', s, '', ...lines.slice(at)]);
    }
  }
  throw new Error(`unknown reshape ${how}`);
}

// ---- variants ----------------------------------------------------------------------------------

export interface Variant {
  /** Rebuilds the variant from the same text and seed. */
  id: string;
  /** The kind of cut or reshape (`window`, `state-body`, `wrap-term`, …), or `combo` for a cut then a reshape. */
  kind: string;
  text: string;
  /** Every line of the describe is there (a reshape of the whole text). */
  whole: boolean;
}

const kindOf = (id: string) => (id.includes('+') ? 'combo' : (id.split(':')[0] as string));

/** Every variant of a describe text; `seed` (the capture's id) makes the drawn choices. */
export function pasteVariations(text: string, seed: string): Variant[] {
  const layout = describeLayout(text);
  const all = range({ start: 0, end: layout.lines.length });
  const out: Variant[] = [];
  for (const r of RESHAPES) out.push({ id: r, kind: kindOf(r), text: reshape(layout.lines, r, layout, seed, r, all), whole: true });
  for (const c of cuts(layout)) {
    const lines = c.keep.map((i) => layout.lines[i] as string);
    out.push({ id: c.id, kind: kindOf(c.id), text: `${lines.join('\n')}\n`, whole: c.keep.length === layout.lines.length });
    const r = pick(RESHAPES, seed, c.id);
    const id = `${c.id}+${r}`;
    out.push({ id, kind: 'combo', text: reshape(lines, r, layout, seed, id, c.keep), whole: c.keep.length === layout.lines.length });
  }
  return out;
}

/** The variant with this id (as pasteVariations makes it), or undefined. */
export function variantById(text: string, seed: string, id: string): Variant | undefined {
  return pasteVariations(text, seed).find((v) => v.id === id);
}

/** The kind of a variant id: the cut's or the reshape's name, `combo` for both. */
export function variantKind(id: string): string {
  return kindOf(id);
}
