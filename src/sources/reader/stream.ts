// Input text in any chunking → parsed documents out: what the input is (JSON, YAML, kubectl text,
// a fixture with its header) is decided from its head, and the text handed to that reader.

import { InputError } from '../../model/errors.js';
import { canSniff, sniff } from '../sniff.js';
import { textReader } from '../text-reader.js';
import type { KubectlTextDocuments } from '../text/kubectl-text.js';
import { countLines, type Deferrer, type ParsedDoc } from './common.js';
import { damageLine, isStructuredStart, type Damage } from './damage.js';
import { JsonDocuments } from './json.js';
import { WithFallback } from './text.js';
import { BIG_DOC, parsePiece, YamlDocuments } from './yaml.js';

export interface ReadOptions {
  /** Documents longer than this are read item by item (tests lower it). */
  bigDoc?: number;
  /** The instant the input was captured (--now), for kubectl text that prints ages. */
  now?: number;
  /** Lines of the file before this input (a fixture's header): line numbers count from there. */
  lineOffset?: number;
  /** Items of big Lists parsed elsewhere (Deferrer; the diagnose command's worker threads). */
  defer?: Deferrer;
  /** Input up to this many characters is kept to be read again line by line (FALLBACK_MAX; tests lower it). */
  fallbackMax?: number;
}

/** Where the first line that is neither blank nor a comment starts. */
function pastBlankAndComments(s: string): number {
  let at = 0;
  for (;;) {
    let k = at;
    while (s.charCodeAt(k) === 0x20 || s.charCodeAt(k) === 0x09) k++;
    if (s.charCodeAt(k) === 0x23) k = s.indexOf('\n', k) < 0 ? s.length : s.indexOf('\n', k);
    if (s.charCodeAt(k) !== 0x0a) return at;
    at = k + 1;
  }
}

/**
 * A fixture file's `kind: PodwhyFixture` header, when the input starts with one: its text (up to
 * the first "---" line) and where the rest begins. Undefined when there is none, or when more of
 * the input is needed to tell (`more`).
 */
function fixtureHeader(head: string, complete: boolean): { header: string; rest: number; lines: number } | 'more' | undefined {
  const first = pastBlankAndComments(head);
  if (first > 1 << 20) return undefined;
  const end = /^---[ \t]*$/m.exec(head.slice(first));
  const body = end ? head.slice(first, first + end.index) : head.slice(first);
  if (!/^kind:[ \t]*["']?PodwhyFixture["']?[ \t]*$/m.test(body)) {
    // the header's kind may come after a long description: wait for the end of the first document
    if (!end && !complete && head.length < 1 << 20 && /^(?:description|now|expect|source|posted|cause|form|family|lang|truncated|logs):/m.test(body) && !/^(?:apiVersion|items|metadata|spec|status):/m.test(body)) return 'more';
    return undefined;
  }
  if (!end) return complete || head.length >= 1 << 20 ? undefined : 'more';
  const at = first + end.index;
  const nl = head.indexOf('\n', at);
  const rest = nl < 0 ? head.length : nl + 1;
  return { header: head.slice(0, at), rest, lines: countLines(head, 0, rest) };
}

/**
 * Text in (any chunking), parsed documents out. JSON or YAML is decided by the first character;
 * text that is not JSON is first sniffed for kubectl's human-readable output (describe, tables)
 * and pastes; a fixture header is read first and the rest of the input after it on its own.
 */
export class DocumentStream {
  private inner: WithFallback | KubectlTextDocuments | DocumentStream | undefined;
  private head = '';
  private lead = 0;
  private cr = false;

  constructor(
    private readonly file: string,
    private readonly emit: (d: ParsedDoc) => void,
    private readonly opts: ReadOptions = {},
  ) {}

  private get bigDoc(): number {
    return this.opts.bigDoc ?? BIG_DOC;
  }

  write(text: string): void {
    if (text === '') return;
    // CRLF → LF, also when a chunk ends between the two
    if (this.cr) {
      text = `\r${text}`;
      this.cr = false;
    }
    if (text.includes('\r')) {
      if (text.endsWith('\r')) {
        this.cr = true;
        text = text.slice(0, -1);
      }
      text = text.replace(/\r\n/g, '\n');
    }
    if (!this.inner) {
      // head[0, lead) is known to be blank: only new text is searched for the first character
      const blankSoFar = this.lead === this.head.length;
      this.head += text;
      if (blankSoFar) {
        const m = /[^\s]/.exec(text);
        if (!m) {
          this.lead = this.head.length;
          return;
        }
        this.lead += m.index;
      }
      const c = this.head.charAt(this.lead);
      if (c !== '{' && c !== '[' && !canSniff(this.head.slice(this.lead))) return; // wait for a few lines
      if (!this.choose(false)) return;
      return;
    }
    this.inner.write(text);
  }

  /** Decide what the input is from its head, and hand the head over. False: more head is needed. */
  private choose(complete: boolean): boolean {
    const body = this.head.charCodeAt(0) === 0xfeff ? this.head.slice(1) : this.head;
    const start = this.head.slice(this.lead);
    const c = start.charAt(0);
    // what follows a bracket says whether this is JSON as kubectl writes it (isStructuredStart)
    if ((c === '{' || c === '[') && !complete && !/\S/.test(start.slice(1)) && start.length < 64 * 1024) return false;
    if (c !== '{' && c !== '[') {
      const fx = fixtureHeader(body, complete);
      if (fx === 'more') return false;
      if (fx) {
        this.head = '';
        this.lead = 0;
        this.fixture(body, fx);
        return true;
      }
    }
    // a YAML or JSON document starts at column 0: its first line is read from its start, so that
    // an indented line of a paste that opens a bracket or names a key is not taken for one
    const structured = isStructuredStart(this.head.slice(this.head.lastIndexOf('\n', this.lead - 1) + 1).replace(/^\uFEFF/, ''));
    this.head = '';
    this.lead = 0;
    // "[root@host ~]# kubectl …" starts with a bracket too
    const json = (c === '{' || c === '[') && !/^\[[^\]\n]{1,80}\]\s?[#$%>]/.test(start) && !/^\[\s*(?:\.{2,}|…)/.test(start);
    // JSON as kubectl prints it starts with "{" or "[" and a line break, a quote or a bracket
    const loose = !/^[{[]\s*(?:$|["{[\]}]|-?\d|true|false|null)/m.test(start.slice(0, 200));
    this.inner = json
      ? new WithFallback(this.file, this.emit, this.opts.now, (e, d) => new JsonDocuments(this.file, e, d), false, loose, this.opts.lineOffset, this.opts.defer, this.opts.fallbackMax, structured)
      : this.textOrYaml(start, structured);
    this.inner.write(body);
    return true;
  }

  /** The header is emitted as a document; the rest is read as its own input, captured at the header's now. */
  private fixture(body: string, fx: { header: string; rest: number; lines: number }): void {
    const value = parsePiece(fx.header, 0, this.file, 1);
    const firstLine = countLines(fx.header, 0, pastBlankAndComments(fx.header)) + 1;
    if (value !== null && value !== undefined) this.emit({ value, line: firstLine });
    const nowText = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['now'] : undefined;
    const now = typeof nowText === 'string' && Number.isFinite(Date.parse(nowText)) ? Date.parse(nowText) : this.opts.now;
    const inner = new DocumentStream(this.file, this.emit, { ...this.opts, lineOffset: (this.opts.lineOffset ?? 0) + fx.lines, ...(now !== undefined ? { now } : {}) });
    this.inner = inner;
    inner.write(body.slice(fx.rest));
  }

  /**
   * kubectl text or a paste (read line by line), or YAML (read again line by line if it fails, unless
   * it is a document of its own: `structured`, damage.ts).
   */
  private textOrYaml(head: string, structured: boolean): WithFallback | KubectlTextDocuments {
    const s = sniff(head);
    if (s.kind !== 'yaml') return new (textReader().KubectlTextDocuments)(this.file, this.emit, this.opts.now, this.opts.lineOffset);
    return new WithFallback(this.file, this.emit, this.opts.now, (e, d) => new YamlDocuments(this.file, e, this.bigDoc, d), true, false, this.opts.lineOffset, this.opts.defer, this.opts.fallbackMax, structured);
  }

  /**
   * Where the input broke, when it is a YAML or JSON document that broke (reader/damage.ts): what
   * was read before the break has been handed on. Known once end() has returned.
   */
  get damage(): Damage | undefined {
    const inner = this.inner;
    return inner instanceof WithFallback || inner instanceof DocumentStream ? inner.damage : undefined;
  }

  end(): void {
    if (this.cr) {
      this.cr = false;
      if (this.inner) this.inner.write('\r');
      else this.head += '\r'; // a lone CR at the very end
    }
    if (!this.inner && this.head.trim() === '') return;
    if (!this.inner) this.choose(true);
    this.inner?.end();
  }
}

/**
 * Parse a whole text as JSON or YAML documents. Throws InputError with the file and line, also
 * for a YAML or JSON document that broke (readText returns what came before the break).
 */
export function parseText(text: string, file: string): ParsedDoc[] {
  const r = readText(text, file);
  if (r.damage) throw new InputError(damageLine(r.damage));
  return r.docs;
}

/** parseText, and where the input broke if it is a YAML or JSON document that broke. */
export function readText(text: string, file: string, opts: ReadOptions = {}): { docs: ParsedDoc[]; damage?: Damage } {
  const docs: ParsedDoc[] = [];
  const s = new DocumentStream(file, (d) => docs.push(d), opts);
  s.write(text);
  s.end();
  const damage = s.damage;
  return damage ? { docs, damage } : { docs };
}
