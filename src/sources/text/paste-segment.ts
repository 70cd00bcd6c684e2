// The paste reader's first pass (paste.ts): a paste cut into blocks — describe output, tables,
// YAML or JSON, logs, console lines — each with the prompt command it came from, and the shapes
// (pieces) the next pass turns blocks into. Moved out of paste.ts unchanged.

import { nonEmpty, obj, str, type JsonObject } from '../../util/json.js';
import type { Line, TextObject } from './describe.js';
import { describeKey, DESCRIBE_SECTIONS, EVENT_HEADER, EVENT_ROW, EVENTS_TABLE_HEADER, EVENTS_TABLE_ROW, F_FENCE, F_FENCED, F_GAP, isContainerHeader, isEllipsis, isJsonStart, isYamlLine, K8S_KEYS, keyValue, NO_RESOURCES, OLD_EVENT_HEADER, OLD_EVENT_ROW, PODS_TABLE_HEADER, PODS_TABLE_ROW, promptCommand, SHORT_PODS_ROW, STATE_KEYS, WAITING_TO_START, yamlKey, type Command, type PasteLines } from './paste-lines.js';
import { inlineItems, type InlineItems } from './inline.js';
import { PYTHON_DICT } from './dumps.js';
import { JSON_MEMBER } from './json-cut.js';
import { findKnownMessage } from './messages.js';
import { stateBlock } from './state-block.js';
import { journalEvents, parseJournalLine } from './journal.js';
import { objectTableHeader } from './object-tables.js';
import { isLeveledLine, isProgramLine } from './log-lines.js';
import { POD_REASONS } from './tables.js';
import type { MissingFact, TextFormat } from '../../model/input.js';

export const UNNAMED = 'podwhy-unnamed';
/** YAML or JSON inside a paste bigger than this is not parsed (a paste of megabytes is a file). */
export const MAX_BLOCK = 8 * 1024 * 1024;
/** Log tails keep this much of their end. */
export const MAX_LOG = 256 * 1024;
/** Lines longer than this are not read for kubectl output inside them. */
const INLINE_MAX = 8 * 1024;

export interface PasteOptions {
  /** The instant the text was taken (--now, or a fixture header's now). */
  now?: number;
  /** Lines of the file before the text (a fixture's header): line numbers count from there. */
  lineOffset?: number;
}

export type BlockKind = 'describe' | 'other-describe' | 'events-table' | 'pods-table' | 'object-table' | 'console-events' | 'yaml' | 'json' | 'logs' | 'journal' | 'no-resources' | 'waiting' | 'inline';

export interface Block {
  kind: BlockKind;
  from: number;
  /** Exclusive. */
  to: number;
  /** The command of the prompt before the block, when the block is its output. */
  cmd?: Command;
  /** What an inline block holds (inline.ts). */
  items?: InlineItems;
  /** A log line quoted in a sentence: the log's text. */
  logText?: string;
}

// ---- segmentation ---------------------------------------------------------------------------

export class Segmenter {
  readonly blocks: Block[] = [];
  /** Line indexes placed: in a block, or decoration (prompt, fence, ellipsis, blank). */
  readonly placed: Uint8Array;

  /**
   * The width of the terminal the paste was copied from, when it shows (several lines end at the
   * same column, 80 or more: a terminal cut them there); 0 when it does not.
   */
  readonly termWidth: number;

  constructor(private readonly L: PasteLines) {
    this.placed = new Uint8Array(L.count);
    this.termWidth = terminalWidth(L);
  }

  /** Line j goes on line j-1, which a terminal cut at its width (not a key, a row or a prompt of its own). */
  private wrapped(j: number): boolean {
    if (this.termWidth === 0 || j === 0 || this.gap(j) || this.fence(j)) return false;
    if (this.ind(j - 1) + this.t(j - 1).length !== this.termWidth) return false;
    const t = this.t(j);
    return describeKey(t) === undefined && !EVENT_ROW.test(t) && !OLD_EVENT_ROW.test(t) && promptCommand(t) === undefined && !this.strongStart(j);
  }

  private t(i: number): string {
    return this.L.text[i] as string;
  }
  private ind(i: number): number {
    return this.L.indent[i] as number;
  }
  private gap(i: number): boolean {
    return ((this.L.flags[i] as number) & F_GAP) !== 0;
  }
  private fence(i: number): boolean {
    return ((this.L.flags[i] as number) & F_FENCE) !== 0;
  }

  /** The texts of up to n lines from i on (cut marks left out), within the fenced region. */
  texts(i: number, n: number): string[] {
    const out: string[] = [];
    for (let j = i; j >= 0 && out.length < n; j = this.next(j)) out.push(this.t(j));
    return out;
  }

  /** The next line after i that is not a cut mark, within the same fenced region; -1 at a fence or the end. */
  next(i: number): number {
    for (let j = i + 1; j < this.L.count && j < i + 400; j++) {
      if (this.fence(j)) return -1;
      if (!isEllipsis(this.t(j))) return j;
    }
    return -1;
  }

  run(): void {
    const L = this.L;
    let cmd: Command | undefined;
    /** The prompt's output has begun: prose after it ends the prompt's reach. */
    let cmdUsed = false;
    let logsHint = false;
    let i = 0;
    while (i < L.count) {
      if (this.fence(i)) {
        this.placed[i] = 1;
        i++;
        continue;
      }
      const t = this.t(i);
      const p = promptCommand(t);
      // ("kubectl describe pvc x gives no persistent volumes available…": a command and what it said, in a sentence)
      if (p && !(p.bare && findKnownMessage(t) !== undefined)) {
        cmd = p;
        cmdUsed = false;
        logsHint = false;
        this.placed[i] = 1;
        i++;
        continue;
      }
      if (p) {
        cmd = p;
        cmdUsed = false;
      }
      if (isEllipsis(t) || /^(?:-{3,}|_{3,}|={3,})$/.test(t)) {
        // a cut mark, or a rule a page drew between blocks
        this.placed[i] = 1;
        i++;
        continue;
      }
      // a shell comment in a pasted session ("# 로그 확인", "# check the logs"): a note, not output
      if (/^#+(?:\s|$)/.test(t) && (((L.flags[i] as number) & F_FENCED) !== 0 || /[^\x00-\x7f]/.test(t))) {
        this.placed[i] = 1;
        if (cmdUsed) cmd = undefined;
        i++;
        continue;
      }
      const fenced = ((L.flags[i] as number) & F_FENCED) !== 0;
      let b: Block | undefined;
      if (cmd?.verb === 'logs' && !cmdUsed && WAITING_TO_START.test(t)) b = { kind: 'waiting', from: i, to: i + 1 };
      else if (cmd?.verb === 'logs' && !cmdUsed && !this.strongStart(i)) b = { kind: 'logs', from: i, to: this.logsExtent(i) };
      // the kubelet's or the container runtime's journal (journal.ts): the events its lines stand for
      // (node logs that stand for no event of a pod — image garbage collection, the API server's
      // own lines — are no journal block: read as any other lines are, a log after a hint)
      else if (parseJournalLine(t) !== undefined && this.journalEvents(i)) b = { kind: 'journal', from: i, to: this.journalExtent(i) };
      else if (cmd !== undefined && !cmdUsed && isGetPods(cmd) && SHORT_PODS_ROW.test(t)) {
        // get pods rows cut after STATUS or RESTARTS, under the command that printed them
        let to = i + 1;
        while (to < L.count && !this.fence(to) && (SHORT_PODS_ROW.test(this.t(to)) || PODS_TABLE_ROW.test(this.t(to)))) to++;
        b = { kind: 'pods-table', from: i, to };
      } else b = this.start(i);
      // a line of kubectl output inside a sentence, or wrapped in something: an inline block
      let inline: { block?: Block; cmd?: Command } | undefined;
      if (!b) {
        inline = this.inline(i);
        b = inline.block;
        if (inline.cmd) {
          cmd = inline.cmd;
          cmdUsed = false;
          logsHint = false;
          this.placed[i] = 1;
          if (!b) {
            i++;
            continue;
          }
        }
      }
      if (!b && logsHint && fenced) b = { kind: 'logs', from: i, to: this.logsExtent(i) };
      // a program's log line (klog's header or its structured form) where nothing else is: a log
      if (!b && (KLOG.test(t) || KLOG_STRUCTURED.test(t))) {
        let to = i + 1;
        while (to < L.count && !this.gap(to) && !this.fence(to) && (KLOG.test(this.t(to)) || KLOG_STRUCTURED.test(this.t(to)))) to++;
        b = { kind: 'logs', from: i, to };
      }
      // a container's own output with nothing around it (log-lines.ts): its log tail
      if (!b && isProgramLine(t)) b = this.programBlock(i);
      // "I found this message in log, "chown: … Operation not permitted"": the quoted line is the log
      if (!b && /\blogs?\b|로그/i.test(t)) {
        const q = /["“]([^"“”]{15,})["”]\s*\.?$/.exec(t);
        if (q) b = { kind: 'logs', from: i, to: i + 1, logText: (q[1] as string).replace(/[‘’]/g, "'") };
      }
      if (b) {
        if (cmd && (!cmdUsed || b.kind === cmd.verb)) b.cmd = cmd;
        cmdUsed = true;
        logsHint = false;
        this.blocks.push(b);
        for (let j = b.from; j < b.to; j++) this.placed[j] = 1;
        i = Math.max(b.to, i + 1);
        continue;
      }
      // prose (or a line of nothing podwhy knows): skipped and counted
      if (/\blogs?\b|로그/i.test(t) && !/^\s*(?:#|\/\/)/.test(t)) logsHint = true;
      if (cmdUsed) cmd = undefined;
      i++;
    }
  }

  /**
   * Lines a terminal (or kubectl itself, for a message with line breaks) put under an event row:
   * from j, the lines up to the next row, blank line, prompt or other output. Returns the end of
   * the run when what follows it is a row or the end of the block, else -1.
   */
  private continuation(j: number, isRow: (t: string) => boolean): number {
    let k = j;
    for (; k < this.L.count && k < j + 40; k++) {
      if (this.fence(k) || (k > j && this.gap(k))) return k;
      const t = this.t(k);
      if (isRow(t)) return k;
      if (promptCommand(t) || this.strongStart(k) || isEllipsis(t)) return k === j ? -1 : k;
      // Kubernetes' messages are ASCII: a note in another language after the rows is not one
      if (!/^[\x20-\x7e]+$/.test(t)) return k === j ? -1 : k;
    }
    return k >= this.L.count ? k : -1;
  }

  /**
   * A line that starts no block, read for what it holds inside (inline.ts): an event row, a pods
   * row or a known message in inline code, quotes, after a sentence or a log prefix, or a command
   * in inline code. A message cut by the line's end (inline code left open, a trailing colon, an
   * eviction message's next fragment) takes the next lines, up to three.
   */
  private inline(i: number): { block?: Block; cmd?: Command } {
    let text = this.t(i);
    if (text.length > INLINE_MAX) return {};
    let to = i + 1;
    let items = inlineItems(text);
    for (let k = 0; k < 3 && to < this.L.count && !this.gap(to) && !this.fence(to); k++) {
      const next = this.t(to);
      const open = (text.replace(/```/g, '').match(/`/g) ?? []).length % 2 === 1;
      // (a message cut at its colon goes on; a row whose message is empty is followed by the next row)
      const colon = /:\s*(?:\*\*)?$/.test(text) && items.events.length + items.states.length > 0 && findKnownMessage(next) === undefined && !/(?:^|\s)(?:Normal|Warning)\s/.test(next);
      const evicted = items.states.some((s) => s.reason === 'Evicted') && /^(?:Threshold quantity: |Container \S+ was using )/.test(next);
      // kubectl's one-line API error, wrapped by the page: it goes on to a line that ends it
      const apiError = /^Error from server \(\w+\): /.test(text) && !/[.)]\s*$/.test(text) && findKnownMessage(text) === undefined;
      const bare = items.events.length + items.states.length + items.rows.length + items.values.length === 0 && /:\s*$/.test(text) && findKnownMessage(`${text} ${next}`) !== undefined;
      // (a line that is kubectl output itself starts its own block: "I see this in the events:" / a row)
      if (!(open || colon || evicted || bare || apiError) || promptCommand(next) || this.strongStart(to) || EVENT_ROW.test(next) || EVENTS_TABLE_ROW.test(next) || OLD_EVENT_ROW.test(next) || next.length > INLINE_MAX) break;
      text = `${text} ${next}`;
      to++;
      items = inlineItems(text);
    }
    const cmd = items.commands[items.commands.length - 1];
    const found = items.events.length + items.states.length + items.rows.length + items.values.length > 0;
    return { ...(found ? { block: { kind: 'inline', from: i, to, items } } : {}), ...(cmd ? { cmd } : {}) };
  }

  /** A line that begins kubectl output of a kind other than logs. */
  private strongStart(i: number): boolean {
    const t = this.t(i);
    if (EVENTS_TABLE_HEADER.test(t) || PODS_TABLE_HEADER.test(t.replace(/[↑↓]/g, '')) || EVENT_HEADER.test(t) || OLD_EVENT_HEADER.test(t)) return true;
    if (/^Name:\s+\S/.test(t)) return this.namespaceFollows(i);
    return /^(?:apiVersion|kind):\s*\S/.test(t) || t === '---';
  }

  private namespaceFollows(i: number): boolean {
    let j = i;
    for (let k = 0; k < 4; k++) {
      j = this.next(j);
      if (j < 0) return false;
      if (/^Namespace:\s*\S/.test(this.t(j))) return true;
    }
    return false;
  }

  private start(i: number): Block | undefined {
    const t = this.t(i);
    const ind = this.ind(i);
    if (isJsonStart(t) || JSON_MEMBER.test(t) || PYTHON_DICT.test(t)) return { kind: 'json', from: i, to: this.jsonExtent(i) };
    if (/^Name:\s+\S/.test(t)) {
      const kind = this.describedKind(i);
      const ns = this.namespaceFollows(i);
      if (kind === 'pod' || (ns && kind === undefined)) return { kind: 'describe', from: i, to: this.describeExtent(i) };
      if (kind === 'other') {
        // describe of another kind: its "Key: value" lines and what is indented under them
        let to = i + 1;
        while (to < this.L.count && !this.fence(to) && (this.ind(to) > ind || keyValue(this.t(to)) !== undefined) && !promptCommand(this.t(to))) to++;
        return { kind: 'other-describe', from: i, to };
      }
    }
    if (EVENTS_TABLE_HEADER.test(t)) return { kind: 'events-table', from: i, to: this.tableExtent(i, 'events-table') };
    if (PODS_TABLE_HEADER.test(t.replace(/[↑↓]/g, ''))) return { kind: 'pods-table', from: i, to: this.tableExtent(i, 'pods-table') };
    if (CONSOLE_START.test(t) || OPENSHIFT_FROM.test(t)) {
      // a web console's event list: each event a few lines, a blank line or the next event's first line after it
      let to = i + 1;
      while (to < this.L.count && !this.fence(to) && !promptCommand(this.t(to)) && !(this.gap(to) && !CONSOLE_START.test(this.t(to)) && !OPENSHIFT_FROM.test(this.t(to)))) to++;
      return { kind: 'console-events', from: i, to };
    }
    // kubectl get nodes / pvc / pv (object-tables.ts)
    if (objectTableHeader(t) !== undefined) {
      let to = i + 1;
      while (to < this.L.count && !this.gap(to) && !this.fence(to) && !promptCommand(this.t(to)) && !this.strongStart(to) && objectTableHeader(this.t(to)) === undefined && /^\S+\s+\S+\s+\S+/.test(this.t(to))) to++;
      if (to > i + 1) return { kind: 'object-table', from: i, to };
    }
    if (this.describeStart(i)) return { kind: 'describe', from: i, to: this.describeExtent(i) };
    if (EVENTS_TABLE_ROW.test(t) || OLD_TABLE_ROW_HEAD.test(t)) return { kind: 'events-table', from: i, to: this.tableExtent(i, 'events-table') };
    if (PODS_TABLE_ROW.test(t)) return { kind: 'pods-table', from: i, to: this.tableExtent(i, 'pods-table') };
    if (NO_RESOURCES.test(t)) return { kind: 'no-resources', from: i, to: i + 1 };
    if (WAITING_TO_START.test(t)) return { kind: 'waiting', from: i, to: i + 1 };
    // ("panic: runtime error: …", "fatal error: …", "Caused by: …" look like a YAML key: a
    // program's failure line is its output, which programBlock reads with the lines around it)
    if (!isProgramLine(t) && this.yamlStart(i, ind)) return { kind: 'yaml', from: i, to: this.yamlExtent(i) };
    return undefined;
  }

  /**
   * What a describe that starts at a "Name:" line describes: a pod has a Node (Host before kubectl
   * 1.1), Start Time or Containers line among its first keys; other kinds have other keys.
   */
  private describedKind(i: number): 'pod' | 'other' | undefined {
    let keys = 0;
    for (let j = i + 1; j < Math.min(this.L.count, i + 40); j++) {
      if (this.fence(j) || (/^Name:\s/.test(this.t(j)) && this.ind(j) === this.ind(i))) break;
      if (this.ind(j) > this.ind(i)) continue;
      const kv = keyValue(this.t(j));
      if (!kv) continue;
      // keys only other kinds have (a Job, a claim, a ReplicaSet, a node): not a pod, whatever follows
      if (OTHER_KEYS.has(kv[0])) return 'other';
      if (kv[0] === 'Node' || kv[0] === 'Host' || kv[0] === 'Containers' || kv[0] === 'Init Containers' || kv[0] === 'Start Time') return 'pod';
      if (/^[A-Z]/.test(kv[0]) && !describeKey(this.t(j))) keys++;
    }
    return keys >= 2 ? 'other' : undefined;
  }

  private describeStart(i: number): boolean {
    const t = this.t(i);
    const ind = this.ind(i);
    if (EVENT_HEADER.test(t) || OLD_EVENT_HEADER.test(t) || EVENT_ROW.test(t)) return true;
    if (OLD_EVENT_ROW.test(t) && !OLD_TABLE_ROW_HEAD.test(t)) return true;
    const j = this.next(i);
    const nt = j >= 0 ? this.t(j) : '';
    const nd = j >= 0 ? describeKey(nt) : undefined;
    const d = describeKey(t);
    // a container state pasted from its keys on, without its "State:" line
    if ((d?.kind === 'state' || d?.key === 'Reason' || d?.key === 'Message') && stateBlock(this.texts(i, 12)) !== undefined) return true;
    // the pod's own reason alone ("Reason:  Evicted"): describe prints it at column 0 under Status
    if (d?.key === 'Reason' && POD_REASONS.test(d.value)) return true;
    if (d?.kind === 'top') {
      if (d.key === 'Events') return d.value === '<none>' || EVENT_HEADER.test(nt) || OLD_EVENT_HEADER.test(nt) || EVENT_ROW.test(nt) || OLD_EVENT_ROW.test(nt);
      if ((d.key === 'Containers' || d.key === 'Init Containers') && d.value === '') return j >= 0 && (isContainerHeader(nt) !== undefined || nd?.kind === 'container');
      if (d.key === 'Conditions' && d.value === '') return /^Type\s+Status$/.test(nt) || /^\w+\s+(?:True|False|Unknown)$/.test(nt);
      // two describe keys in a row: "Status: Failed / Reason: Evicted / Message: …"
      return nd?.kind === 'top' && this.ind(j) === ind && (d.value !== '' || DESCRIBE_SECTIONS.has(d.key)) && !/^[a-z]/.test(nt);
    }
    if (d?.kind === 'container') return j >= 0 && nd !== undefined && (nd.kind !== 'top' || STATE_KEYS.has(nd.key)) && this.ind(j) >= ind;
    // a container block: "app:" (or just "app") with its keys under it
    const name = isContainerHeader(t) ?? (/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(t) ? t : undefined);
    if (name !== undefined && j >= 0 && nd?.kind === 'container' && (this.ind(j) > ind || (this.ind(j) === ind && /^(?:Container ID|Image)$/.test(nd.key))) && !this.proseLead(i, name, j, nd.key)) return true;
    return false;
  }

  /**
   * A word of the writer's before the kubectl text ("error:", "output:"), not a container's name:
   * describe prints no blank line between a container's name and its keys, and a container block
   * starts at its "Container ID:" (or "Image:") — a lead-in word followed by a later key of the
   * block ("Last State:") is the writer's introduction of what follows.
   */
  private proseLead(i: number, name: string, j: number, key: string): boolean {
    if (this.gap(j)) return true;
    return PROSE_LEADS.test(name) && !/^(?:Container ID|Image)$/.test(key);
  }

  private describeExtent(i: number): number {
    // (a fragment that starts deeper than its later keys — a state's keys, then the container's — is
    // as deep as its outermost key)
    let base = this.ind(i);
    let last = i;
    let section = describeKey(this.t(i))?.kind === 'top' ? (describeKey(this.t(i))?.key as string) : EVENT_ROW.test(this.t(i)) || EVENT_HEADER.test(this.t(i)) || OLD_EVENT_ROW.test(this.t(i)) || OLD_EVENT_HEADER.test(this.t(i)) ? 'Events' : 'Containers';
    let msgUntil = -1;
    let inArgs = false;
    let lastRow = EVENT_ROW.test(this.t(i)) || OLD_EVENT_ROW.test(this.t(i));
    let blankSince = false;
    // (the block began at a container state's own keys: its Message is the state's)
    const fromState = /^(?:Reason|Message|Exit Code|Signal|Started|Finished):/.test(this.t(i)) && stateBlock(this.texts(i, 12)) !== undefined;
    if (fromState && /^Message:/.test(this.t(i))) msgUntil = this.messageEnd(i, base, true);
    for (let j = i + 1; j < this.L.count; j++) {
      if (this.fence(j)) break;
      if (this.gap(j)) blankSince = true;
      const t = this.t(j);
      const ind = this.ind(j);
      if (j <= msgUntil) {
        last = j;
        continue;
      }
      // a line a terminal cut: it goes on the line before, whatever it looks like
      if (this.wrapped(j) && last === j - 1) {
        last = j;
        continue;
      }
      const d = describeKey(t);
      // a key's value an editor wrapped onto the next line ("Image ID:" / "docker.io/x@sha256:…",
      // a probe's "… period=10s" / "#success=1 #failure=3")
      if (d === undefined && last === j - 1 && !this.gap(j) && !EVENT_ROW.test(t) && promptCommand(t) === undefined && (valueWrapped(this.t(j - 1)) || probeWrapped(this.t(j - 1), t))) {
        last = j;
        continue;
      }
      const inContainers = section.endsWith('Containers');
      // a command line inside Command:/Args: is no prompt
      if (ind <= base && !(inArgs && d === undefined)) {
        const p = promptCommand(t);
        if (p && !(p.bare && inContainers)) break;
      }
      if (d !== undefined) inArgs = d.kind === 'container' && (d.key === 'Command' || d.key === 'Args') && d.value === '';
      else if (inArgs && inContainers) {
        // the lines of a Command or Args that lost their indentation
        last = j;
        continue;
      }
      // a terminated state's message runs to its "Exit Code:" line, at any indentation; in a
      // fragment that starts at the state's own keys and was cut before its Exit Code, to the
      // end of the paste's region (the program's output kubectl printed as it is)
      if (d?.key === 'Message' && (ind > base || fromState)) msgUntil = this.messageEnd(j, base, fromState);
      const row = EVENT_ROW.test(t) || OLD_EVENT_ROW.test(t);
      if (d !== undefined && ind < base && (d.kind !== 'top' || (section !== 'Events' && describeKey(this.t(i))?.kind !== 'top'))) base = ind;
      if (ind > base || d !== undefined || row || isEllipsis(t)) {
        // (Reason, Message under a container's state are no new section)
        if (d?.kind === 'top' && ind <= base && !(section.endsWith('Containers') && (d.key === 'Reason' || d.key === 'Message'))) section = d.key;
        last = j;
        // (an indented line under a row is its message going on: the row's message may go on after it)
        lastRow = row || (lastRow && section === 'Events' && d === undefined && ind > base);
        blankSince = false;
        continue;
      }
      if (/^No events\.?$/.test(t) || isContainerHeader(t) !== undefined || EVENT_HEADER.test(t) || OLD_EVENT_HEADER.test(t) || /^-{2,}(?:\s+-{2,})+$/.test(t) || /^[\w./-]+\s+(?:True|False|Unknown|<none>)$/.test(t) || /^Type\s+Status$/.test(t)) {
        last = j;
        lastRow = false;
        blankSince = false;
        continue;
      }
      // a describe that lost its indentation: environment, mounts, labels lines at the left
      if ((section === 'Containers' || section === 'Init Containers') && (keyValue(t) !== undefined || / from \S+ \((?:ro|rw)/.test(t) || /^[\w.\/-]+:\s*\S/.test(t))) {
        last = j;
        continue;
      }
      if ((section === 'Labels' || section === 'Node-Selectors') && /^[\w.\/-]+=\S*$/.test(t)) {
        last = j;
        continue;
      }
      if (section === 'Volumes' && keyValue(t) !== undefined) {
        last = j;
        continue;
      }
      if (section === 'Tolerations' && /^[\w.\/-]*(?:=\S*)?(?::(?:NoSchedule|PreferNoSchedule|NoExecute))?(?: op=Exists)?(?: for \d+s)?$/.test(t) && /[:=]|op=/.test(t)) {
        last = j;
        continue;
      }
      if (section === 'Annotations' && !this.strongStart(j) && !/^[{[]\s*$/.test(t)) {
        // keys, and values of many lines (a JSON annotation at the left margin)
        last = j;
        continue;
      }
      // the pod's Message wrapped by a terminal or a ticket: its next lines at the left margin
      // (a terminal wraps long lines only; Kubernetes' messages are ASCII, a note in a language is not)
      const prev = this.ind(last) + this.t(last).length;
      if (section === 'Message' && last === j - 1 && !blankSince && prev >= 70 && /^[\x20-\x7e]+$/.test(t) && !this.strongStart(j) && !isJsonStart(t) && !/^(?:Normal|Warning)\s/.test(t)) {
        last = j;
        continue;
      }
      // a wrapped event message (or one with line breaks) at the left margin, after its row
      if (section === 'Events' && lastRow && !blankSince) {
        const k = this.continuation(j, (x) => EVENT_ROW.test(x) || OLD_EVENT_ROW.test(x));
        if (k > j) {
          last = k - 1;
          j = k - 1;
          // (the run ends the message: what follows it is no second run of it)
          lastRow = false;
          continue;
        }
      }
      break;
    }
    return last + 1;
  }

  /** The last line of a terminated state's Message that starts at line j (-1: it is one line). */
  private messageEnd(j: number, base: number, fromState: boolean): number {
    let k = j + 1;
    for (; k < Math.min(this.L.count, j + 200); k++) {
      if (this.fence(k)) break;
      if (/^Exit Code:/.test(this.t(k)) && (this.ind(k) > base || fromState)) return k - 1;
      const d = describeKey(this.t(k));
      if (fromState && (promptCommand(this.t(k)) || this.strongStart(k) || EVENT_HEADER.test(this.t(k)) || EVENT_ROW.test(this.t(k)) || d?.kind === 'top' || d?.kind === 'container')) break;
    }
    return fromState ? k - 1 : -1;
  }

  private tableExtent(i: number, kind: 'events-table' | 'pods-table'): number {
    const isRow = kind === 'events-table' ? (t: string) => EVENTS_TABLE_ROW.test(t) || OLD_TABLE_ROW_HEAD.test(t) || /\s(?:Normal|Warning)\s/.test(t) : (t: string) => PODS_TABLE_ROW.test(t) || /^\S+(?:\s+\S+)?\s+\d+\/\d+\s+\S+/.test(t);
    let last = i;
    let lastRow = true;
    let blankSince = false;
    for (let j = i + 1; j < this.L.count; j++) {
      if (this.fence(j)) break;
      if (this.gap(j)) blankSince = true;
      const t = this.t(j);
      if (promptCommand(t)) break;
      if (isRow(t)) {
        last = j;
        lastRow = true;
        blankSince = false;
        continue;
      }
      if (isEllipsis(t)) {
        last = j;
        continue;
      }
      if (kind === 'events-table' && lastRow && !blankSince) {
        const k = this.continuation(j, isRow);
        if (k > j) {
          last = k - 1;
          j = k - 1;
          // (the run ends the message: what follows it is no second run of it)
          lastRow = false;
          continue;
        }
      }
      break;
    }
    return last + 1;
  }

  private yamlStart(i: number, ind: number): boolean {
    const t = this.t(i);
    if (!isYamlLine(t) || t.startsWith('#')) return false;
    const j = this.next(i);
    // (a Markdown rule before describe output is no YAML document)
    if (t === '---' || t.startsWith('--- ')) return j >= 0 && isYamlLine(this.t(j)) && !this.describeStart(j);
    if (t === '...') return false;
    const k = yamlKey(t);
    if (k !== undefined && K8S_KEYS.has(k)) return true;
    if (j < 0 || !isYamlLine(this.t(j)) || this.ind(j) < ind) return false;
    if (t.startsWith('-')) return k !== undefined;
    return k !== undefined && /^[a-z_$"']/.test(k);
  }

  private yamlExtent(i: number): number {
    const base = this.ind(i);
    let last = i;
    for (let j = i + 1; j < this.L.count; j++) {
      if (this.fence(j)) break;
      const t = this.t(j);
      const ind = this.ind(j);
      if (ind <= base && (promptCommand(t) || this.strongStart(j)) && !/^(?:apiVersion|kind):/.test(t) && t !== '---') break;
      if (ind > base || isYamlLine(t) || isEllipsis(t)) {
        last = j;
        continue;
      }
      break;
    }
    return last + 1;
  }

  /** A JSON value: to the line where its brackets close (strings honoured; a Python repr's single-quoted ones too). */
  private jsonExtent(i: number): number {
    const python = PYTHON_DICT.test(this.t(i));
    let depth = 0;
    let size = 0;
    // JSON that never closes (a cut paste) ends at the first blank line
    let gap = -1;
    for (let j = i; j < this.L.count; j++) {
      if (this.fence(j)) return j;
      if (j > i && gap < 0 && this.gap(j)) gap = j;
      const t = this.t(j);
      size += t.length;
      if (size > MAX_BLOCK) return j + 1;
      let inStr = 0;
      for (let k = 0; k < t.length; k++) {
        const c = t.charCodeAt(k);
        if (inStr) {
          if (c === 0x5c) k++;
          else if (c === inStr) inStr = 0;
          continue;
        }
        if (c === 0x22 || (python && c === 0x27)) inStr = c;
        else if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          depth--;
          if (depth <= 0) return j + 1;
        }
      }
      // members pasted without their object's braces: the run of them
      if (depth === 0 && !(/,$/.test(t) && j + 1 < this.L.count && !this.gap(j + 1) && JSON_MEMBER.test(this.t(j + 1)))) return j + 1;
    }
    return gap > 0 ? gap : this.L.count;
  }

  /** A run of journal lines found to stand for no event ends before this line (each run is read once). */
  private quietJournalUntil = -1;

  /** Does the run of journal lines from i stand for an event of a pod? */
  private journalEvents(i: number): boolean {
    if (i < this.quietJournalUntil) return false;
    const to = this.journalExtent(i);
    for (let j = i; j < to; j++) {
      const line = parseJournalLine(this.t(j));
      if (line && journalEvents(line).length > 0) return true;
    }
    this.quietJournalUntil = to;
    return false;
  }

  /** Journal lines from i: the run of them (a blank line between two of them is no end). */
  private journalExtent(i: number): number {
    let to = i + 1;
    while (to < this.L.count && !this.fence(to) && parseJournalLine(this.t(to)) !== undefined) to++;
    return to;
  }

  /**
   * A program's output around line i, which shows a failure's own words: the whole fenced block it
   * is in when nothing in that block was read as kubectl output, else its paragraph — the lines
   * before it that are a program's too (leveled log lines, stack frames), and those after it up
   * to a blank line, a prompt or kubectl output.
   */
  private programBlock(i: number): Block {
    let from = i;
    let to = i + 1;
    const fenced = ((this.L.flags[i] as number) & F_FENCED) !== 0;
    if (fenced) {
      let a = i;
      while (a > 0 && !this.fence(a - 1) && !this.placed[a - 1]) a--;
      let z = i + 1;
      while (z < this.L.count && !this.fence(z) && !promptCommand(this.t(z)) && !this.strongStart(z)) z++;
      if (a === 0 || this.fence(a - 1)) from = a;
      to = z;
    } else {
      while (from > 0 && !this.gap(from) && !this.placed[from - 1] && (isProgramLine(this.t(from - 1)) || isLeveledLine(this.t(from - 1)))) from--;
      while (to < this.L.count && !this.gap(to) && !this.fence(to) && !promptCommand(this.t(to)) && !this.strongStart(to)) to++;
    }
    return { kind: 'logs', from, to };
  }

  /** `kubectl logs` output: to the next prompt or the end of its fence; unfenced, to a blank line before other kubectl output. */
  private logsExtent(i: number): number {
    const fenced = ((this.L.flags[i] as number) & F_FENCED) !== 0;
    let last = i;
    for (let j = i + 1; j < this.L.count; j++) {
      if (this.fence(j)) break;
      const t = this.t(j);
      if (promptCommand(t)) break;
      if (!fenced && this.gap(j) && this.strongStart(j)) break;
      last = j;
    }
    return last + 1;
  }
}

/** Keys whose value comes on the lines under them (sections, states, resources, env, mounts, a command). */
const BLOCK_KEYS = /^(?:State|Last State|Last Termination State|Limits|Requests|Environment|Environment Variables|Environment Variables from|Mounts|Command|Args|Devices|Resources|Allocated Resources|Resize Policy)$/;

/** A key line whose one value is missing from it (an editor put it on the next line). */
function valueWrapped(text: string): boolean {
  const d = describeKey(text);
  return d !== undefined && d.value === '' && d.kind !== 'state' && !DESCRIBE_SECTIONS.has(d.key) && !BLOCK_KEYS.test(d.key);
}

/** A probe line whose end an editor wrapped onto the next line. */
function probeWrapped(text: string, next: string): boolean {
  return /^(?:Liveness|Readiness|Startup):\s+\S/.test(text) && !/#failure=\d+\s*$/.test(text) && /^(?:delay|timeout|period)=\d|^#(?:success|failure)=\d/.test(next);
}

/**
 * Values an editor wrapped onto the next line, joined back onto their key's line: a key whose one
 * value is missing from its line, a probe whose end is on the next.
 */
export function joinValueWraps(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (const l of lines) {
    const prev = out[out.length - 1];
    if (prev !== undefined && l.indent <= prev.indent && describeKey(l.text) === undefined && !EVENT_ROW.test(l.text) && (valueWrapped(prev.text) || probeWrapped(prev.text, l.text))) {
      out[out.length - 1] = { ...prev, text: `${prev.text}${valueWrapped(prev.text) ? '  ' : ' '}${l.text}` };
      continue;
    }
    out.push(l);
  }
  return out;
}

/** The terminal width a paste shows: the widest column (80 or more) at which at least four lines end, twice as many as at any of the three columns before it. */
export function terminalWidth(L: PasteLines): number {
  const at = new Map<number, number>();
  let widest = 0;
  for (let i = 0; i < L.count; i++) {
    const w = (L.indent[i] as number) + (L.text[i] as string).length;
    if (w > widest) widest = w;
    at.set(w, (at.get(w) ?? 0) + 1);
  }
  // (an editor's word wrap ends lines at every column up to its width; a terminal cuts every long
  // line at exactly its width, so far more lines end there than just before it)
  const atWidest = at.get(widest) ?? 0;
  const near = Math.max(at.get(widest - 1) ?? 0, at.get(widest - 2) ?? 0, at.get(widest - 3) ?? 0);
  return widest >= 80 && atWidest >= 4 && atWidest >= 2 * near ? widest : 0;
}

/** Lines a terminal cut at `width`, joined back onto the line they continue (a key's value, a row's message). */
export function joinTerminalWraps(lines: Line[], width: number): Line[] {
  if (width === 0) return lines;
  const out: Line[] = [];
  for (const l of lines) {
    const prev = out[out.length - 1];
    const cut = prev !== undefined && prev.indent + prev.text.length === width && !prev.guessed;
    if (cut && describeKey(l.text) === undefined && !EVENT_ROW.test(l.text) && !OLD_EVENT_ROW.test(l.text) && l.indent === 0) {
      // (a cut exactly at a space shows as a shorter line, so this one is inside a word or right at its end)
      const join = /\S$/.test(prev.text) && /^\S/.test(l.text) ? '' : ' ';
      out[out.length - 1] = { ...prev, text: `${prev.text}${join}${l.text}` };
      continue;
    }
    out.push(l);
  }
  return out;
}

/** Sealos's (and kin) event list: "BackOff, Last Occur: 6s", then "First Seen: 31s", "count: 2", the message. */
export const CONSOLE_START = /^([A-Z][A-Za-z]+), Last Occur: ((?:\d+[ydhms])+)$/;
/** OpenShift's console: "Generated from kubelet on node-1", "3 times in the last 14 minutes", the message. */
export const OPENSHIFT_FROM = /^Generated from ([\w.-]+)(?: on (.+))?$/;

/** klog's line header: "E0831 04:12:41.868086    3570 configmap.go:157] …". */
const KLOG = /^[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+ [\w.-]+:\d+\] /;
/** klog's structured form: '"Failed to scrape node" err="…" node="…"' (quotes maybe curled by a page). */
const KLOG_STRUCTURED = /^["“][A-Z][^"“”]{3,120}["”] [a-zA-Z]+=["“”]/;

/** describe keys of kinds other than pods. */
const OTHER_KEYS = new Set(['Selector', 'Parallelism', 'Completions', 'Completion Mode', 'Pods Statuses', 'Pod Template', 'Backoff Limit', 'Replicas', 'StorageClass', 'Access Modes', 'VolumeMode', 'Capacity', 'Used By', 'Mounted By', 'Roles', 'Taints', 'Unschedulable', 'Addresses', 'CreationTimestamp', 'Schedule', 'Concurrency Policy', 'Reclaim Policy', 'StrategyType', 'MinReadySeconds', 'Update Strategy', 'Active Deadline Seconds']);

/** The head of an old-layout `kubectl get events` row: LAST SEEN FIRST SEEN COUNT NAME KIND. */
/** Words a writer puts before pasted output ("error:", "output:"), also valid container names. */
const PROSE_LEADS = /^(?:errors?|warnings?|output|outputs|results?|logs?|notes?|details|examples?|describe|description|problem|issue|update|edit|status|events|here|above|below|response|solution|fix|cause)$/;
const OLD_TABLE_ROW_HEAD = /^(?:[a-z0-9][-a-z0-9.]*\s+)?(?:(?:\d+[ydhms])+|<unknown>|<invalid>)\s+(?:(?:\d+[ydhms])+|<unknown>|<invalid>)\s+\d+\s+\S+\s+[A-Z]\w+\s+(?:\S+\s+)?(?:Normal|Warning)\s/;

// ---- pieces -----------------------------------------------------------------------------------

/**
 * An event about an object a pod depends on: a PersistentVolumeClaim it mounts ("storageclass …
 * not found", ProvisioningFailed), the Job that runs it (BackoffLimitExceeded, DeadlineExceeded).
 * It keeps its own involvedObject and names the pod in `related`.
 */
export interface Evidence {
  event: JsonObject;
  line: number;
  order: number;
  /** The pods the paste says use the object ("Used By:" of a claim). */
  usedBy?: string[];
}

export const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

export interface LogPiece {
  text: string;
  container?: string;
  previous: boolean;
  truncated: boolean;
}

/** What one block says about one pod. */
export interface Piece {
  format: TextFormat;
  /** How much of the pod the piece holds: YAML pod 5, describe 4, fragments 3, a kubectl error 2, a table row 1, events or logs 0. */
  rank: number;
  line: number;
  /** Index of the block in the paste (order). */
  order: number;
  name?: string;
  namespace?: string;
  pod?: JsonObject;
  events: JsonObject[];
  /** The piece had an events section (maybe `<none>`): events are known, not missing. */
  eventsSeen: boolean;
  logs?: LogPiece;
  /** describe's notes of what it does not print. */
  missing?: MissingFact[];
  /** The capture instant a describe text gives, when it was estimated from it. */
  estimate?: number;
  /** The creation time is a lower bound (describe prints none). */
  createdEstimated?: boolean;
  /** Read from a line of text inside a sentence (inline.ts), not from a block of output. */
  inline?: boolean;
  /** A workload's pod template: joins a pod only when its containers are the pod's. */
  template?: boolean;
  /** kubectl was told the pod's node does not exist ('nodes "x" not found'). */
  nodeGone?: boolean;
}

export interface Reader {
  file: string;
  L: PasteLines;
  /** The terminal width the paste shows (Segmenter.termWidth), 0 if none. */
  termWidth?: number;
  now: number | undefined;
  warnings: string[];
  /** Line indexes inside blocks that could not be used. */
  skipped: number[];
  /** Line numbers the block parsers skipped. */
  skippedLines: number[];
  /** Objects that are not pods or events (Nodes, events of other objects): passed on as they are. */
  others: TextObject[];
  /** Events about objects a pod depends on (its claims, its Job): joined to that pod. */
  evidence: Evidence[];
  /** The pods a described claim says use it ("Used By:", "Mounted By:"). */
  claimUsers: string[];

  /** YAML/JSON objects of kinds podwhy does not read, by line. */
  skippedObjects: number[];
}

export function blockLines(r: Reader, b: Block): Line[] {
  const out: Line[] = [];
  for (let i = b.from; i < b.to; i++) {
    if ((r.L.flags[i] as number) & F_FENCE) continue;
    const text = r.L.text[i] as string;
    if (isEllipsis(text) || promptCommand(text)) continue;
    out.push({ n: r.L.n[i] as number, indent: r.L.indent[i] as number, text, ...((r.L.flags[i] as number) & F_FENCED ? { fenced: true } : {}) });
  }
  return out;
}

// ---- events into pieces ----------------------------------------------------------------------

/** The kind of object a workload controller's events are about, by the controller. */
export const CONTROLLER_KINDS: Record<string, string> = {
  'job-controller': 'Job',
  'cronjob-controller': 'CronJob',
  'statefulset-controller': 'StatefulSet',
  'replicaset-controller': 'ReplicaSet',
  'daemonset-controller': 'DaemonSet',
  'deployment-controller': 'Deployment',
  'replication-controller': 'ReplicationController',
};

/** Kinds whose events are evidence for the pods that use them. */
export const EVIDENCE_KINDS = new Set(['PersistentVolumeClaim', 'Job']);

/** Events grouped into pieces by the pod they name; events of a pod's claims or Job are evidence; others are passed on. */
export function eventPieces(r: Reader, events: TextObject[], order: number, format: TextFormat, cmd: Command | undefined): Piece[] {
  const byPod = new Map<string, Piece>();
  const out: Piece[] = [];
  for (const e of events) {
    const inv = obj(e.value['involvedObject']) ?? {};
    const kind = str(inv['kind']);
    if (kind !== undefined && kind !== 'Pod') {
      if (EVIDENCE_KINDS.has(kind)) r.evidence.push({ event: e.value, line: e.line, order });
      else r.others.push(e);
      continue;
    }
    const name = nonEmpty(inv['name']);
    const namespace = nonEmpty(inv['namespace']) ?? nonEmpty(obj(e.value['metadata'])?.['namespace']) ?? cmd?.namespace;
    const key = `${namespace ?? ''}/${name ?? ''}`;
    let p = byPod.get(key);
    if (!p) {
      p = { format, rank: 0, line: e.line, order, events: [], eventsSeen: true };
      if (name !== undefined) p.name = name;
      if (namespace !== undefined) p.namespace = namespace;
      byPod.set(key, p);
      out.push(p);
    }
    p.events.push(e.value);
  }
  return out;
}

/** kubectl get pods (pod, po), the command whose rows a shortened row can only be. */
function isGetPods(c: Command): boolean {
  return c.verb === 'get' && c.resource !== undefined && /^(?:pods?|po)$/.test(c.resource);
}
