// The paste reader: whatever a user pasted (kubectl describe output whole or cut, event rows,
// tables, YAML or JSON inside a ticket, `kubectl logs` output, with prompts, fences, quote marks,
// k9s borders and prose around them) → the Pod and Event objects it stands for.
//
//   1. paste-lines.ts cleans and classifies each line.
//   2. segment() cuts the lines into blocks: a describe (whole or a fragment), an events table, a
//      pods table, YAML, JSON, logs, a kubectl error; lines in no block are skipped and counted.
//      A prompt's command ("kubectl logs web -c app -p") says what the block after it is and
//      which pod it belongs to.
//   3. Each block becomes pieces: a partial pod object, events, a log tail, each with the pod it
//      names (or none).
//   4. assemble() joins the pieces of one pod: by the name they give, else the name of the prompt,
//      else "the pod of the paste" (the only one, the only one read in full, the nearest before),
//      else a pod named from the events ("Successfully assigned ns/name to node") or made up. The
//      richer source wins field by field (YAML > describe > fragment > pods table). What the paste
//      does not carry is listed per pod (TextInput.missing), with the command that shows it.
//
// Nothing pasted is ever echoed in a warning (line numbers and counts only), and environment
// values are never kept.

import yaml from 'js-yaml';
import { InputError } from '../errors.js';
import { isObject, nonEmpty, obj, str, type JsonObject } from '../util/json.js';
import { CONTAINER_REASONS, describePod, eventObject, eventRows, inferFieldPath, parseAge, type EventRow, markTextInput, textInputOf, type Ctx, type KubectlTextResult, type Line, type TextObject } from './describe.js';
import { isEventObject } from './events.js';
import {
  CONTAINER_KEYS,
  describeKey,
  DESCRIBE_SECTIONS,
  EVENT_HEADER,
  EVENT_ROW,
  EVENTS_TABLE_HEADER,
  EVENTS_TABLE_ROW,
  F_FENCE,
  F_FENCED,
  F_GAP,
  isContainerHeader,
  isEllipsis,
  isJsonStart,
  isYamlLine,
  K8S_KEYS,
  keyValue,
  NO_RESOURCES,
  NODES_TABLE_HEADER,
  OLD_EVENT_HEADER,
  OLD_EVENT_ROW,
  pasteLines,
  PODS_TABLE_HEADER,
  PODS_TABLE_ROW,
  promptCommand,
  STATE_KEYS,
  WAITING_TO_START,
  yamlKey,
  type Command,
  type PasteLines,
} from './paste-lines.js';
import { inlineItems, type InlineItems } from './inline.js';
import { parsePythonDict, PYTHON_DICT } from './dumps.js';
import { JSON_MEMBER, parseCutJson, wrapMembers } from './json-cut.js';
import { reindentPodYaml } from './yaml-schema.js';
import { findKnownMessage, knownMessage } from './messages.js';
import { eventsTableLines, kindName, podFromRow, podsTableLines, unnamed } from './tables.js';
import type { ContainerLog, MissingFact, TextFormat } from './types.js';

/** A container block pasted without its name line: renamed when the pod tells which one it is. */
const UNNAMED = 'podwhy-unnamed';
/** YAML or JSON inside a paste bigger than this is not parsed (a paste of megabytes is a file). */
const MAX_BLOCK = 8 * 1024 * 1024;
/** Log tails keep this much of their end. */
const MAX_LOG = 256 * 1024;
/** Lines longer than this are not read for kubectl output inside them. */
const INLINE_MAX = 8 * 1024;

export interface PasteOptions {
  /** The instant the text was taken (--now, or a fixture header's now). */
  now?: number;
  /** Lines of the file before the text (a fixture's header): line numbers count from there. */
  lineOffset?: number;
}

type BlockKind = 'describe' | 'other-describe' | 'events-table' | 'pods-table' | 'nodes-table' | 'console-events' | 'yaml' | 'json' | 'logs' | 'no-resources' | 'waiting' | 'inline';

interface Block {
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

  constructor(private readonly L: PasteLines) {
    this.placed = new Uint8Array(L.count);
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
      const fenced = ((L.flags[i] as number) & F_FENCED) !== 0;
      let b: Block | undefined;
      if (cmd?.verb === 'logs' && !cmdUsed && WAITING_TO_START.test(t)) b = { kind: 'waiting', from: i, to: i + 1 };
      else if (cmd?.verb === 'logs' && !cmdUsed && !this.strongStart(i)) b = { kind: 'logs', from: i, to: this.logsExtent(i) };
      else b = this.start(i);
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
      const bare = items.events.length + items.states.length + items.rows.length + items.values.length === 0 && /:\s*$/.test(text) && findKnownMessage(`${text} ${next}`) !== undefined;
      if (!(open || colon || evicted || bare) || promptCommand(next) || this.strongStart(to) || next.length > INLINE_MAX) break;
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
    if (NODES_TABLE_HEADER.test(t)) {
      let to = i + 1;
      while (to < this.L.count && !this.gap(to) && !this.fence(to) && /^\S+\s+(?:Ready|NotReady|Unknown)(?:,\S+)?\s/.test(this.t(to))) to++;
      if (to > i + 1) return { kind: 'nodes-table', from: i, to };
    }
    if (this.describeStart(i)) return { kind: 'describe', from: i, to: this.describeExtent(i) };
    if (EVENTS_TABLE_ROW.test(t) || OLD_TABLE_ROW_HEAD.test(t)) return { kind: 'events-table', from: i, to: this.tableExtent(i, 'events-table') };
    if (PODS_TABLE_ROW.test(t)) return { kind: 'pods-table', from: i, to: this.tableExtent(i, 'pods-table') };
    if (NO_RESOURCES.test(t)) return { kind: 'no-resources', from: i, to: i + 1 };
    if (WAITING_TO_START.test(t)) return { kind: 'waiting', from: i, to: i + 1 };
    if (this.yamlStart(i, ind)) return { kind: 'yaml', from: i, to: this.yamlExtent(i) };
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
    if (name !== undefined && j >= 0 && nd?.kind === 'container' && (this.ind(j) > ind || (this.ind(j) === ind && /^(?:Container ID|Image)$/.test(nd.key)))) return true;
    return false;
  }

  private describeExtent(i: number): number {
    const base = this.ind(i);
    let last = i;
    let section = describeKey(this.t(i))?.kind === 'top' ? (describeKey(this.t(i))?.key as string) : EVENT_ROW.test(this.t(i)) || EVENT_HEADER.test(this.t(i)) ? 'Events' : 'Containers';
    let msgUntil = -1;
    let inArgs = false;
    let lastRow = EVENT_ROW.test(this.t(i)) || OLD_EVENT_ROW.test(this.t(i));
    let blankSince = false;
    for (let j = i + 1; j < this.L.count; j++) {
      if (this.fence(j)) break;
      if (this.gap(j)) blankSince = true;
      const t = this.t(j);
      const ind = this.ind(j);
      if (j <= msgUntil) {
        last = j;
        continue;
      }
      const d = describeKey(t);
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
      // a terminated state's message runs to its "Exit Code:" line, at any indentation
      if (d?.key === 'Message' && ind > base) {
        for (let k = j + 1; k < Math.min(this.L.count, j + 200); k++) {
          if (this.fence(k)) break;
          if (/^Exit Code:/.test(this.t(k)) && this.ind(k) > base) {
            msgUntil = k - 1;
            break;
          }
        }
      }
      const row = EVENT_ROW.test(t) || OLD_EVENT_ROW.test(t);
      if (ind > base || d !== undefined || row || isEllipsis(t)) {
        // (Reason, Message under a container's state are no new section)
        if (d?.kind === 'top' && ind <= base && !(section.endsWith('Containers') && (d.key === 'Reason' || d.key === 'Message'))) section = d.key;
        last = j;
        lastRow = row;
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
      // a wrapped event message (or one with line breaks) at the left margin, after its row
      if (section === 'Events' && lastRow && !blankSince) {
        const k = this.continuation(j, (x) => EVENT_ROW.test(x) || OLD_EVENT_ROW.test(x));
        if (k > j) {
          last = k - 1;
          j = k - 1;
          continue;
        }
      }
      break;
    }
    return last + 1;
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

/** Sealos's (and kin) event list: "BackOff, Last Occur: 6s", then "First Seen: 31s", "count: 2", the message. */
const CONSOLE_START = /^([A-Z][A-Za-z]+), Last Occur: ((?:\d+[ydhms])+)$/;
/** OpenShift's console: "Generated from kubelet on node-1", "3 times in the last 14 minutes", the message. */
const OPENSHIFT_FROM = /^Generated from ([\w.-]+)(?: on (.+))?$/;

/** klog's line header: "E0831 04:12:41.868086    3570 configmap.go:157] …". */
const KLOG = /^[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+ [\w.-]+:\d+\] /;
/** klog's structured form: '"Failed to scrape node" err="…" node="…"' (quotes maybe curled by a page). */
const KLOG_STRUCTURED = /^["“][A-Z][^"“”]{3,120}["”] [a-zA-Z]+=["“”]/;

/** describe keys of kinds other than pods. */
const OTHER_KEYS = new Set(['Selector', 'Parallelism', 'Completions', 'Completion Mode', 'Pods Statuses', 'Pod Template', 'Backoff Limit', 'Replicas', 'StorageClass', 'Access Modes', 'VolumeMode', 'Capacity', 'Used By', 'Mounted By', 'Roles', 'Taints', 'Unschedulable', 'Addresses', 'CreationTimestamp', 'Schedule', 'Concurrency Policy', 'Reclaim Policy', 'StrategyType', 'MinReadySeconds', 'Update Strategy', 'Active Deadline Seconds']);

/** The head of an old-layout `kubectl get events` row: LAST SEEN FIRST SEEN COUNT NAME KIND. */
const OLD_TABLE_ROW_HEAD = /^(?:[a-z0-9][-a-z0-9.]*\s+)?(?:(?:\d+[ydhms])+|<unknown>|<invalid>)\s+(?:(?:\d+[ydhms])+|<unknown>|<invalid>)\s+\d+\s+\S+\s+[A-Z]\w+\s+(?:\S+\s+)?(?:Normal|Warning)\s/;

// ---- pieces -----------------------------------------------------------------------------------

interface LogPiece {
  text: string;
  container?: string;
  previous: boolean;
  truncated: boolean;
}

/** What one block says about one pod. */
interface Piece {
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
}

interface Reader {
  file: string;
  L: PasteLines;
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

function blockLines(r: Reader, b: Block): Line[] {
  const out: Line[] = [];
  for (let i = b.from; i < b.to; i++) {
    if ((r.L.flags[i] as number) & F_FENCE) continue;
    const text = r.L.text[i] as string;
    if (isEllipsis(text) || promptCommand(text)) continue;
    out.push({ n: r.L.n[i] as number, indent: r.L.indent[i] as number, text });
  }
  return out;
}

// ---- describe blocks --------------------------------------------------------------------------

/**
 * A describe that lost its indentation (pasted into a page that collapses spaces): the structure is
 * put back from the keys kubectl prints at each level.
 */
export function reindentFlat(lines: Line[]): Line[] {
  // a fragment that starts inside a container block (its name, or its keys) is in Containers
  const l0 = lines[0]?.text ?? '';
  const d0 = describeKey(l0);
  let section = d0?.kind === 'container' || d0?.kind === 'state' || (d0 === undefined && isContainerHeader(l0) !== undefined) ? 'Containers' : '';
  let inState = false;
  let sub = '';
  return lines.map((l) => {
    const t = l.text;
    const d = describeKey(t);
    let indent = 0;
    const containers = section === 'Containers' || section === 'Init Containers' || section === 'Ephemeral Containers';
    if (d?.kind === 'top' && !(containers && (inState && (d.key === 'Reason' || d.key === 'Message'))) && !(section === 'IPs' && d.key === 'IP')) {
      section = d.key;
      inState = false;
      sub = '';
      indent = 0;
    } else if (containers) {
      if (d?.kind === 'container' && !(inState && d.key === 'Started' && !/^(?:True|False|true|false)$/.test(d.value))) {
        indent = 4;
        inState = d.key === 'State' || d.key === 'Last State' || d.key === 'Last Termination State';
        sub = d.value === '' ? d.key : '';
      } else if (inState && d?.kind !== undefined && (d.kind === 'state' || d.key === 'Reason' || d.key === 'Message')) indent = 6;
      else if (isContainerHeader(t) !== undefined && !keyValue(t)?.[1] && sub === '') {
        indent = 2;
        inState = false;
      } else if (sub !== '') indent = 6;
      else indent = 6;
    } else if (section === 'Volumes') indent = isContainerHeader(t) !== undefined ? 2 : 4;
    else if (section === 'Annotations' || section === 'Labels' || section === 'Node-Selectors' || section === 'Tolerations') indent = 16;
    else indent = 2;
    return { ...l, indent };
  });
}

/** Has this describe text lost its indentation? (a section's body at the section's own column) */
function isFlat(lines: Line[]): boolean {
  for (let k = 0; k < lines.length - 1; k++) {
    const l = lines[k] as Line;
    const n = lines[k + 1] as Line;
    if (n.indent > l.indent) continue;
    if (/^(?:Init )?Containers:$/.test(l.text) && (isContainerHeader(n.text) !== undefined || describeKey(n.text)?.kind === 'container')) return true;
    if (/^Events:$/.test(l.text) && (EVENT_HEADER.test(n.text) || EVENT_ROW.test(n.text))) return true;
    if (/^Conditions:$/.test(l.text) && /^Type\s+Status$/.test(n.text)) return true;
  }
  return false;
}

/**
 * Make describe lines (whole or a fragment) into what describePod reads: top-level keys at column
 * 0; a container block, event rows or condition rows that come before any top-level key wrapped
 * in the section they belong to (a container block without its name line gets UNNAMED).
 */
export function normalizeDescribe(input: Line[]): Line[] {
  let lines = input;
  if (isFlat(lines)) lines = reindentFlat(lines);
  if (lines.length === 0) return lines;
  const min = Math.min(...lines.map((l) => l.indent));
  // the first top-level key at the outermost column
  let top = lines.findIndex((l) => {
    const d = describeKey(l.text);
    return d?.kind === 'top' && l.indent === min && !(d.key === 'Reason' || d.key === 'Message' || d.key === 'IP');
  });
  // (a "Reason:" after a container's "State:" is the state's, however flat the block)
  const stateAt = lines.findIndex((l) => /^(?:State|Last State|Last Termination State):/.test(l.text));
  if (top < 0) top = lines.findIndex((l, k) => describeKey(l.text)?.kind === 'top' && l.indent === min && !EVENT_ROW.test(l.text) && !(stateAt >= 0 && k > stateAt && /^(?:Reason|Message):/.test(l.text)) && lines.some((x) => x !== l && describeKey(x.text)?.kind === 'top' && x.indent === min));
  const lead = top < 0 ? lines : lines.slice(0, top);
  const rest = top < 0 ? [] : lines.slice(top).map((l) => ({ ...l, indent: Math.max(0, l.indent - min) }));
  const out: Line[] = [];
  if (lead.length > 0) {
    const first = lead[0] as Line;
    const lmin = Math.min(...lead.map((l) => l.indent));
    const shift = (by: number) => lead.map((l) => ({ ...l, indent: Math.max(0, l.indent + by) }));
    if (EVENT_HEADER.test(first.text) || OLD_EVENT_HEADER.test(first.text) || EVENT_ROW.test(first.text) || OLD_EVENT_ROW.test(first.text)) {
      out.push({ n: first.n, indent: 0, text: 'Events:' }, ...shift(2 - lmin));
    } else if (/^Type\s+Status$/.test(first.text) || /^\w+\s+(?:True|False|Unknown)$/.test(first.text)) {
      out.push({ n: first.n, indent: 0, text: 'Conditions:' }, ...shift(2 - lmin));
    } else {
      const d = describeKey(first.text);
      // a container block that lost its indentation (its keys, and its state's, at one column)
      const flat = lead.length > 2 && lead.every((l) => l.indent === lmin);
      if (d?.kind === 'container' || d?.kind === 'state') {
        const header = { n: first.n, indent: 0, text: `${UNNAMED}:` };
        if (flat) out.push(...reindentFlat([{ n: first.n, indent: 0, text: 'Containers:' }, header, ...lead]));
        else out.push({ n: first.n, indent: 0, text: 'Containers:' }, { ...header, indent: 2 }, ...shift(4 - lmin));
      } else {
        const named = lead.map((l, k) => (k === 0 && isContainerHeader(l.text) === undefined && /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(l.text) ? { ...l, text: `${l.text}:` } : l));
        if (flat) out.push(...reindentFlat([{ n: first.n, indent: 0, text: 'Containers:' }, ...named]));
        else out.push({ n: first.n, indent: 0, text: 'Containers:' }, ...named.map((l) => ({ ...l, indent: Math.max(0, l.indent + 2 - first.indent) })));
      }
    }
  }
  out.push(...rest);
  return out;
}

/** Cut a describe block into pods at "Name:" lines that have "Namespace:" right after them. */
function describePods(lines: Line[]): Line[][] {
  const starts: number[] = [];
  let base = -1;
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k] as Line;
    if (!/^Name:\s+\S/.test(l.text)) continue;
    const next = lines.slice(k + 1, k + 4).find((x) => /^Namespace:/.test(x.text));
    if (!next || next.indent !== l.indent) continue;
    if (base < 0) base = l.indent;
    if (l.indent === base) starts.push(k);
  }
  if (starts.length <= 1) return [lines];
  const out: Line[][] = [];
  if ((starts[0] as number) > 0) out.push(lines.slice(0, starts[0]));
  for (let k = 0; k < starts.length; k++) out.push(lines.slice(starts[k], starts[k + 1] ?? lines.length));
  return out;
}

function describePieces(r: Reader, b: Block, order: number): Piece[] {
  const ctx: Ctx = { file: r.file, now: r.now, warnings: [], dropped: 0, skippedLines: r.skippedLines };
  const out: Piece[] = [];
  const all = blockLines(r, b);
  // a copy that began at the first key lost that line's indentation
  const [l0, l1] = all;
  if (l0 && l1 && l1.indent > l0.indent && describeKey(l0.text)?.kind === 'top' && describeKey(l1.text)?.kind === 'top' && !/^IPs?:/.test(l1.text)) all[0] = { ...l0, indent: l1.indent };
  for (const part of describePods(all)) {
    const lines = normalizeDescribe(part);
    if (lines.length === 0) continue;
    const d = describePod(lines, ctx);
    const md = (d.pod['metadata'] ?? {}) as JsonObject;
    const name = nonEmpty(md['name']);
    const namespace = nonEmpty(md['namespace']);
    const piece: Piece = {
      format: name !== undefined ? 'describe' : 'fragment',
      rank: name !== undefined ? 4 : 3,
      line: d.line,
      order,
      events: d.events,
      eventsSeen: !d.missing.some((m) => m.fact === 'events'),
      missing: d.missing,
      createdEstimated: d.missing.some((m) => m.fact === 'creation-time'),
    };
    if (name !== undefined) piece.name = name;
    if (namespace !== undefined) piece.namespace = namespace;
    if (d.pod['spec'] !== undefined || d.pod['status'] !== undefined || name !== undefined) piece.pod = d.pod;
    if (d.estimated) piece.estimate = d.now;
    out.push(piece);
  }
  if (ctx.dropped > 0) ctx.warnings.push(`${r.file}: ${ctx.dropped} more warning(s) about the describe text not shown`);
  r.warnings.push(...ctx.warnings);
  return out;
}

// ---- tables, errors, logs -----------------------------------------------------------------------

/** A table parser's "row not understood: skipped" warnings become lines counted as skipped. */
function tableWarnings(r: Reader, warnings: string[]): void {
  for (const w of warnings) {
    const m = /:(\d+): .*: skipped$/.exec(w);
    if (m) r.skippedLines.push(Number(m[1]));
    else r.warnings.push(w);
  }
}

function eventsTablePieces(r: Reader, b: Block, order: number, now: number): Piece[] {
  const lines = blockLines(r, b);
  const t = eventsTableLines(lines, r.file, now);
  tableWarnings(r, t.warnings);
  return eventPieces(r, t.events, order, 'events-table', b.cmd);
}

/**
 * An event about an object a pod depends on: a PersistentVolumeClaim it mounts ("storageclass …
 * not found", ProvisioningFailed), the Job that runs it (BackoffLimitExceeded, DeadlineExceeded).
 * It keeps its own involvedObject and names the pod in `related`.
 */
interface Evidence {
  event: JsonObject;
  line: number;
  order: number;
  /** The pods the paste says use the object ("Used By:" of a claim). */
  usedBy?: string[];
}

/** The kind of object a workload controller's events are about, by the controller. */
const CONTROLLER_KINDS: Record<string, string> = {
  'job-controller': 'Job',
  'cronjob-controller': 'CronJob',
  'statefulset-controller': 'StatefulSet',
  'replicaset-controller': 'ReplicaSet',
  'daemonset-controller': 'DaemonSet',
  'deployment-controller': 'Deployment',
  'replication-controller': 'ReplicationController',
};

/** Kinds whose events are evidence for the pods that use them. */
const EVIDENCE_KINDS = new Set(['PersistentVolumeClaim', 'Job']);

/** Events grouped into pieces by the pod they name; events of a pod's claims or Job are evidence; others are passed on. */
function eventPieces(r: Reader, events: TextObject[], order: number, format: TextFormat, cmd: Command | undefined): Piece[] {
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

function podsTablePieces(r: Reader, b: Block, order: number, now: number): Piece[] {
  const t = podsTableLines(blockLines(r, b), r.file, now);
  tableWarnings(r, t.warnings);
  return t.pods.map((p) => {
    const md = (p.value['metadata'] ?? {}) as JsonObject;
    if (md['namespace'] === undefined && b.cmd?.namespace !== undefined) md['namespace'] = b.cmd.namespace;
    const piece: Piece = { format: 'pods-table', rank: 1, line: p.line, order, pod: p.value, events: [], eventsSeen: false };
    const name = nonEmpty(md['name']);
    const namespace = nonEmpty(md['namespace']);
    if (name !== undefined) piece.name = name;
    if (namespace !== undefined) piece.namespace = namespace;
    return piece;
  });
}

/** What `kubectl logs` says when the container has not started: the old messages, and the reason. */
function waitingReason(s: string): string | undefined {
  if (/^[A-Z][A-Za-z]+$/.test(s)) return s;
  if (/trying and failing to pull image/i.test(s)) return 'ErrImagePull';
  if (/image can'?t be pulled/i.test(s)) return 'ImagePullBackOff';
  return undefined;
}

function waitingPiece(r: Reader, b: Block, order: number): Piece | undefined {
  const m = WAITING_TO_START.exec(r.L.text[b.from] as string);
  if (!m) return undefined;
  const reason = waitingReason((m[3] as string).trim());
  const container = m[1] as string;
  const st: JsonObject = { name: container, ready: false, restartCount: 0, state: { waiting: reason ? { reason } : {} } };
  const piece: Piece = { format: 'fragment', rank: 2, line: r.L.n[b.from] as number, order, name: m[2] as string, pod: { spec: { containers: [{ name: container }] }, status: { containerStatuses: [st] } }, events: [], eventsSeen: false };
  if (b.cmd?.namespace) piece.namespace = b.cmd.namespace;
  return piece;
}

/**
 * `kubectl describe pvc` or `kubectl describe job`: its events are evidence for the pods that use
 * the claim (its "Used By:" / "Mounted By:") or that the Job runs.
 */
function otherDescribeEvidence(r: Reader, b: Block, order: number, now: number): void {
  const lines = blockLines(r, b);
  const keys = new Map<string, string>();
  const usedBy: string[] = [];
  let section = '';
  let eventsAt = -1;
  const base = Math.min(...lines.map((l) => l.indent));
  lines.forEach((l, k) => {
    const kv = l.indent === base ? keyValue(l.text) : undefined;
    if (kv) {
      section = kv[0];
      if (!keys.has(kv[0])) keys.set(kv[0], kv[1]);
      if ((section === 'Used By' || section === 'Mounted By') && kv[1] !== '' && kv[1] !== '<none>') usedBy.push(...kv[1].split(/[\s,]+/));
      if (section === 'Events' && eventsAt < 0) eventsAt = k;
      return;
    }
    if ((section === 'Used By' || section === 'Mounted By') && /^[a-z0-9][-a-z0-9.]*$/.test(l.text)) usedBy.push(l.text);
  });
  const kind = b.cmd?.object?.kind ?? (['StorageClass', 'Access Modes', 'VolumeMode', 'Used By', 'Mounted By'].some((k) => keys.has(k)) ? 'PersistentVolumeClaim' : ['Parallelism', 'Completions', 'Pods Statuses', 'Completion Mode'].some((k) => keys.has(k)) ? 'Job' : undefined);
  const name = keys.get('Name');
  if (kind === 'PersistentVolumeClaim') r.claimUsers.push(...usedBy.filter((u) => u !== '<none>'));
  if (kind === undefined || !EVIDENCE_KINDS.has(kind) || name === undefined || eventsAt < 0) return;
  const namespace = keys.get('Namespace') || b.cmd?.namespace;
  const ctx: Ctx = { file: r.file, now: r.now, warnings: [], dropped: 0, skippedLines: r.skippedLines };
  const rows = eventRows(lines.slice(eventsAt + 1), ctx);
  for (const row of rows) {
    const e = eventObject(row, namespace ? { namespace } : {}, now, undefined);
    const inv = e['involvedObject'] as JsonObject;
    inv['kind'] = kind;
    inv['name'] = name;
    r.evidence.push({ event: e, line: lines[0]?.n ?? 1, order, ...(usedBy.length > 0 ? { usedBy: usedBy.filter((u) => u !== '<none>') } : {}) });
  }
}

/** A web console's event list (Sealos's "Reason, Last Occur: 6s" groups; OpenShift's "Generated from … / N times in the last …"). */
function consolePieces(r: Reader, b: Block, order: number, now: number): Piece[] {
  const lines = blockLines(r, b);
  const events: TextObject[] = [];
  let cur: { row: EventRow; line: number; msg: string[] } | undefined;
  const flush = () => {
    if (!cur) return;
    let message = cur.msg.join(' ').trim();
    const known = knownMessage(message.replace(/^\(combined from similar events\):\s*/, ''));
    if (cur.row.reason === undefined && !known) {
      cur = undefined;
      return;
    }
    if (known?.kind === 'pod-status' && known.end < message.length) message = message.slice(0, known.end).trim();
    cur.row.message = message;
    cur.row.reason ??= known?.reason;
    cur.row.type ??= known?.type ?? (/^(?:Failed|BackOff|Unhealthy|Failed\w+|Evicted|OutOf\w+)$/.test(cur.row.reason ?? '') && known?.type !== 'Normal' ? 'Warning' : 'Normal');
    if (known?.source && cur.row.source === undefined) cur.row.source = known.source;
    events.push({ value: eventObject(cur.row, known?.pod ? { name: known.pod.name, ...(known.pod.namespace ? { namespace: known.pod.namespace } : {}) } : {}, now, undefined), line: cur.line });
    cur = undefined;
  };
  for (const l of lines) {
    const sealos = CONSOLE_START.exec(l.text);
    const os = OPENSHIFT_FROM.exec(l.text);
    if (sealos || os) {
      flush();
      const row: EventRow = { message: '', count: 1 };
      if (sealos) {
        row.reason = sealos[1] as string;
        const a = parseAge(sealos[2] as string);
        if (a !== undefined) row.last = a;
      } else row.source = os?.[1] as string;
      cur = { row, line: l.n, msg: [] };
      continue;
    }
    if (!cur) continue;
    const first = /^First Seen: ((?:\d+[ydhms])+)$/.exec(l.text);
    const count = /^count: (\d+)$/i.exec(l.text) ?? /^(\d+) times? in the last /.exec(l.text);
    if (first && cur.msg.length === 0) {
      const a = parseAge(first[1] as string);
      if (a !== undefined) cur.row.first = a;
    } else if (count && cur.msg.length === 0) cur.row.count = Math.max(1, Number(count[1]));
    else cur.msg.push(l.text);
  }
  flush();
  for (const e of events) {
    // the first seen of a Sealos group is before its last
    const v = e.value;
    if (v['firstTimestamp'] === undefined) v['firstTimestamp'] = v['lastTimestamp'];
  }
  return eventPieces(r, events, order, 'fragment', b.cmd);
}

/**
 * `kubectl get nodes`: each row a Node with what its STATUS says (Ready, NotReady — kubectl prints
 * it for a Ready condition that is False or Unknown, so Unknown is all it tells —, SchedulingDisabled),
 * joined to the pods that run on it.
 */
function nodesTable(r: Reader, b: Block): void {
  for (const l of blockLines(r, b).slice(1)) {
    const m = /^(\S+)\s+(Ready|NotReady|Unknown)((?:,\w+)*)\s/.exec(l.text);
    if (!m) continue;
    const ready = m[2] === 'Ready' ? 'True' : 'Unknown';
    const node: JsonObject = { apiVersion: 'v1', kind: 'Node', metadata: { name: m[1] }, status: { conditions: [{ type: 'Ready', status: ready }] } };
    if (/SchedulingDisabled/.test(m[3] ?? '')) node['spec'] = { unschedulable: true };
    r.others.push({ value: node, line: l.n });
  }
}

/** What an inline block holds → events, a status, container states, table rows. */
function inlinePieces(r: Reader, b: Block, order: number, now: number): Piece[] {
  const items = b.items;
  if (!items) return [];
  const line = r.L.n[b.from] as number;
  const out: Piece[] = [];
  const events: TextObject[] = [];
  for (const ev of items.events) {
    const e = eventObject(ev.row, { ...(ev.pod ? { name: ev.pod.name } : {}), ...(ev.pod?.namespace ? { namespace: ev.pod.namespace } : {}) }, now, ev.row.fieldPath);
    if (ev.kind !== undefined) {
      const inv = e['involvedObject'] as JsonObject;
      inv['kind'] = kindName(ev.kind);
      if (ev.objectName !== undefined) inv['name'] = ev.objectName;
      // a claim's message under `kubectl describe pvc NAME`: that claim's
      else if (b.cmd?.object !== undefined && b.cmd.object.kind === inv['kind']) {
        inv['name'] = b.cmd.object.name;
        if (b.cmd.namespace !== undefined) inv['namespace'] = b.cmd.namespace;
      }
    }
    events.push({ value: e, line });
  }
  // (each line its own occurrence: the same message twice is two events, not one pasted twice)
  for (const p of eventPieces(r, events, order, 'fragment', b.cmd)) out.push({ ...p, inline: true });
  for (const st of items.states) {
    let pod: JsonObject;
    if (st.kind === 'pod-status') pod = { status: { phase: st.reason === 'NodeLost' ? 'Unknown' : 'Failed', reason: st.reason, message: st.message } };
    else {
      const c: JsonObject = { name: st.container ?? UNNAMED };
      const s: JsonObject = { name: st.container ?? UNNAMED, ready: false, state: st.kind === 'container-waiting' ? { waiting: { reason: st.reason, message: st.message } } : { terminated: { reason: st.reason, message: st.message } } };
      if (st.last) s['lastState'] = { terminated: { ...(st.last.reason ? { reason: st.last.reason } : {}), ...(st.last.exitCode !== undefined ? { exitCode: st.last.exitCode } : {}) } };
      pod = { spec: { containers: [c] }, status: { containerStatuses: [s] } };
    }
    const p: Piece = { format: 'fragment', rank: 2, line, order, pod, events: [], eventsSeen: false, inline: true };
    if (st.pod) {
      p.name = st.pod.name;
      if (st.pod.namespace !== undefined) p.namespace = st.pod.namespace;
    }
    out.push(p);
  }
  for (const v of items.values) out.push(...valuePieces(r, v, b, order));
  for (const row of items.rows) {
    const pod = podFromRow({ ...row }, now);
    const md = pod['metadata'] as JsonObject;
    if (b.cmd?.namespace !== undefined) md['namespace'] = b.cmd.namespace;
    const p: Piece = { format: 'pods-table', rank: 1, line, order, pod, events: [], eventsSeen: false, name: row.NAME };
    if (b.cmd?.namespace !== undefined) p.namespace = b.cmd.namespace;
    out.push(p);
  }
  return out;
}

function logsPiece(r: Reader, b: Block, order: number): Piece {
  const lines: string[] = [];
  let container = b.cmd?.container;
  let truncated = b.cmd?.tail === true;
  let nodeGone: string | undefined;
  if (b.logText !== undefined) lines.push(b.logText);
  for (let i = b.logText !== undefined ? b.to : b.from; i < b.to; i++) {
    const t = r.L.text[i] as string;
    const f = r.L.flags[i] as number;
    if (f & F_FENCE) continue;
    if (f & F_GAP && lines.length > 0) lines.push('');
    // kubectl's own words around the log
    const dc = /^Defaulted container "([^"]+)" out of:/.exec(t);
    if (dc) {
      container ??= dc[1];
      continue;
    }
    // kubectl logs asks the pod's node: 'nodes "x" not found' says which node the pod is on, and that it is gone
    const gone = /^Error from server \(NotFound\): nodes "([^"]+)" not found/.exec(t);
    if (gone) nodeGone = gone[1];
    if (/^(?:Error from server\b|error: |unable to retrieve container logs\b|Unable to retrieve container logs\b)/.test(t)) continue;
    if (isEllipsis(t) && lines.length > 0) {
      truncated = true;
      continue;
    }
    lines.push(`${' '.repeat(r.L.indent[i] as number)}${t}`);
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  let text = lines.join('\n');
  if (text.length > MAX_LOG) {
    text = text.slice(text.length - MAX_LOG);
    truncated = true;
  }
  const piece: Piece = { format: 'logs', rank: 0, line: r.L.n[b.from] as number, order, events: [], eventsSeen: false, logs: { text, previous: b.cmd?.previous === true, truncated, ...(container !== undefined ? { container } : {}) } };
  if (nodeGone !== undefined) {
    piece.pod = { spec: { nodeName: nodeGone } };
    if (text === '') delete piece.logs;
  }
  if (b.cmd?.pod !== undefined) piece.name = b.cmd.pod;
  if (b.cmd?.namespace !== undefined) piece.namespace = b.cmd.namespace;
  return piece;
}

// ---- YAML and JSON inside text --------------------------------------------------------------------

const YAML_OPTS = { schema: yaml.CORE_SCHEMA, json: true, maxDepth: 64 } as yaml.LoadOptions;

function refuseAnchors(event: string, state: { anchor?: string | null }): void {
  if (event === 'close' && state.anchor) throw new Error('anchor');
}

function loadAll(text: string): unknown[] | undefined {
  try {
    return yaml.loadAll(text, undefined, { ...YAML_OPTS, listener: refuseAnchors as never } as yaml.LoadOptions) as unknown[];
  } catch {
    return undefined;
  }
}

function loadOne(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: yaml.load(text, { ...YAML_OPTS, listener: refuseAnchors as never } as yaml.LoadOptions) };
  } catch {
    return { ok: false };
  }
}

interface YLine {
  /** Index in the paste. */
  i: number;
  indent: number;
  text: string;
}

const render = (ls: YLine[], by: number) => ls.map((l) => (l.text === '' ? '' : `${' '.repeat(Math.max(0, l.indent - by))}${l.text}`)).join('\n');

/**
 * YAML that does not parse whole (a copy lost some indentation, a line was cut) is read piece by
 * piece: each line at the outermost column with the lines under it is parsed on its own; one that
 * fails is read key by key inside, down to single lines. What still fails is skipped and counted.
 */
export function recoverYaml(ls: YLine[], skipped: number[], depth = 0): unknown {
  const content = ls.filter((l) => l.text !== '' && !isEllipsis(l.text));
  if (content.length === 0) return undefined;
  const base = Math.min(...content.map((l) => l.indent));
  const whole = loadOne(render(content, base));
  if (whole.ok) return whole.value;
  if (depth > 8 || content.length === 1) {
    for (const l of content) skipped.push(l.i);
    return undefined;
  }
  // segments: a line at the base column and the deeper lines after it; deeper lines before the
  // first one (a copy that began mid-block) are a segment of their own
  const segs: YLine[][] = [];
  for (const l of content) {
    const prev = segs[segs.length - 1];
    // "key:" with its list at the same column ("volumes:\n- name: x") is one segment
    const compact = prev !== undefined && l.indent === base && /^-(?: |$)/.test(l.text) && /^[^\s-][^:]*:\s*$/.test((prev[0] as YLine).text) && (prev[0] as YLine).indent === base;
    if ((l.indent === base && !compact) || segs.length === 0) segs.push([l]);
    else (prev as YLine[]).push(l);
  }
  const isItem = (s: YLine[]) => /^-(?: |$)/.test((s[0] as YLine).text) && (s[0] as YLine).indent === base;
  const seq = isItem(segs[0] as YLine[]) || (segs.length > 1 && (segs[0] as YLine[])[0]?.indent !== base && isItem(segs[1] as YLine[]));
  const items: unknown[] = [];
  const map: JsonObject = {};
  for (const s of segs) {
    const head = s[0] as YLine;
    if (head.indent !== base) {
      // leading deeper lines: inside a key's value, part of it (an indentation slip); at the top
      // of a document, a copy that began inside a block whose parent the paste does not show
      const v = recoverYaml(s, skipped, depth + 1);
      if (depth > 0 && isObject(v) && !seq) for (const [k, x] of Object.entries(v)) if (!(k in map)) map[k] = x;
      continue;
    }
    if (seq !== isItem(s)) {
      for (const l of s) skipped.push(l.i);
      continue;
    }
    const one = loadOne(render(s, base));
    if (one.ok) {
      if (seq && Array.isArray(one.value)) items.push(...one.value);
      else if (!seq && isObject(one.value)) Object.assign(map, one.value);
      else for (const l of s) skipped.push(l.i);
      continue;
    }
    if (seq) {
      // "- key: v" and its lines: the item's content is two columns in
      const inner: YLine[] = [{ i: head.i, indent: base + 2, text: head.text.replace(/^-\s*/, '') }, ...s.slice(1)];
      const v = head.text.replace(/^-\s*/, '') === '' ? recoverYaml(s.slice(1), skipped, depth + 1) : recoverYaml(inner, skipped, depth + 1);
      if (v !== undefined) items.push(v);
      continue;
    }
    const km = /^("[^"]*"|'[^']*'|[^\s:#'"][^:#]*?):(?:\s+(.*))?$/.exec(head.text);
    if (!km) {
      for (const l of s) skipped.push(l.i);
      continue;
    }
    const key = (km[1] as string).replace(/^["']|["']$/g, '');
    const inline = km[2];
    if (inline === undefined || inline === '' || /^[|>][-+0-9]*$/.test(inline) || /^#/.test(inline)) {
      if (/^[|>]/.test(inline ?? '')) {
        // a block scalar whose lines lost their column: keep them as text
        map[key] = s
          .slice(1)
          .map((l) => l.text)
          .join('\n');
        continue;
      }
      const body = s.slice(1);
      // a compact list under its key: the items are one column deeper for the parser
      const v = recoverYaml(body.map((l) => (l.indent === base ? { ...l, indent: base + 1 } : l)), skipped, depth + 1);
      if (v !== undefined) map[key] = v;
      continue;
    }
    // "key: value" with lines under it that do not fit: the value alone, the rest skipped
    const v = loadOne(`${km[1] as string}: ${inline}`);
    if (v.ok && isObject(v.value)) Object.assign(map, v.value);
    else skipped.push(head.i);
    for (const l of s.slice(1)) skipped.push(l.i);
  }
  return seq ? items : Object.keys(map).length > 0 ? map : undefined;
}

/** The YAML documents of a block (split at "---"), parsed whole or recovered. */
function yamlValues(r: Reader, b: Block): unknown[] {
  const ls: YLine[] = [];
  let size = 0;
  for (let i = b.from; i < b.to; i++) {
    const f = r.L.flags[i] as number;
    if (f & F_FENCE) continue;
    if (f & F_GAP && ls.length > 0) ls.push({ i, indent: 0, text: '' });
    const text = r.L.text[i] as string;
    size += text.length;
    ls.push({ i, indent: r.L.indent[i] as number, text });
  }
  if (size > MAX_BLOCK) {
    for (const l of ls) if (l.text !== '') r.skipped.push(l.i);
    return [];
  }
  const docs: YLine[][] = [[]];
  for (const l of ls) {
    if (/^---(?:\s|$)/.test(l.text) && l.indent === 0) {
      docs.push([]);
      const rest = l.text.slice(3).trim();
      if (rest !== '') (docs[docs.length - 1] as YLine[]).push({ ...l, text: rest });
    } else if (l.text === '...' && l.indent === 0) docs.push([]);
    else (docs[docs.length - 1] as YLine[]).push(l);
  }
  const out: unknown[] = [];
  for (const d of docs) {
    const content = d.filter((l) => l.text !== '');
    if (content.length === 0) continue;
    const base = Math.min(...content.map((l) => l.indent));
    const all = loadAll(render(d.filter((l) => !isEllipsis(l.text)), base));
    if (all) out.push(...all.filter((v) => v !== null && v !== undefined));
    else {
      // indentation lost or broken: put back from a pod's shape, else read piece by piece
      const re = reindentPodYaml(content.filter((l) => !isEllipsis(l.text)).map((l) => ({ indent: l.indent, text: l.text })));
      const fixed = re !== undefined ? loadAll(re) : undefined;
      if (fixed && fixed.some((v) => isObject(v))) out.push(...fixed.filter((v) => v !== null && v !== undefined));
      else {
        const v = recoverYaml(d, r.skipped);
        if (v !== undefined) out.push(v);
      }
    }
  }
  return out;
}

function jsonValues(r: Reader, b: Block): unknown[] {
  const parts: string[] = [];
  for (let i = b.from; i < b.to; i++) if (!((r.L.flags[i] as number) & F_FENCE)) parts.push(r.L.text[i] as string);
  let text = parts.join('\n');
  // the Python client's repr
  if (PYTHON_DICT.test(text)) {
    const v = parsePythonDict(text);
    if (v !== undefined) return [v];
  }
  // `"containerStatuses": [ … ],` — a member without its object's braces
  if (JSON_MEMBER.test(text)) text = wrapMembers(text);
  try {
    return [JSON.parse(text)];
  } catch {
    // flow YAML is a superset of JSON (trailing commas aside)
    const all = loadAll(text);
    if (all && all.some((v) => isObject(v) || Array.isArray(v))) return all;
    // JSON cut off in the middle: what was complete
    const cut = parseCutJson(text);
    const substance = (v: unknown): boolean => (Array.isArray(v) ? v.some(substance) : isObject(v) ? Object.entries(v).some(([k, x]) => !['kind', 'apiVersion'].includes(k) && (isObject(x) || Array.isArray(x) ? substance(x) : x !== null)) : v !== null && v !== undefined);
    if ((isObject(cut) || Array.isArray(cut)) && substance(cut)) {
      r.warnings.push(`${r.file}: JSON cut off after line ${r.L.n[b.to - 1] as number}: what was complete before the cut is read`);
      return [cut];
    }
    for (let i = b.from; i < b.to; i++) if (!((r.L.flags[i] as number) & F_FENCE)) r.skipped.push(i);
    return [];
  }
}

const STATUS_KEYS = ['containerStatuses', 'initContainerStatuses', 'ephemeralContainerStatuses', 'phase', 'conditions', 'podIP', 'hostIP', 'qosClass', 'startTime'];
const SPEC_KEYS = ['containers', 'initContainers', 'nodeName', 'restartPolicy', 'volumes', 'serviceAccountName', 'nodeSelector', 'tolerations', 'affinity'];
const isStatusLike = (o: JsonObject) => isObject(o['state']) || isObject(o['lastState']) || 'restartCount' in o || 'containerID' in o || 'imageID' in o || 'ready' in o;

/** Environment values are never kept from a paste: names and references only. */
function dropEnvValues(pod: JsonObject): void {
  const spec = obj(pod['spec']);
  if (!spec) return;
  for (const list of ['initContainers', 'containers', 'ephemeralContainers']) {
    const cs = spec[list];
    if (!Array.isArray(cs)) continue;
    for (const c of cs) {
      if (!isObject(c) || !Array.isArray(c['env'])) continue;
      for (const e of c['env']) if (isObject(e)) delete e['value'];
    }
  }
}

/** A YAML or JSON value found in a paste → pieces (pods, pod fragments, events). */
function valuePieces(r: Reader, v: unknown, b: Block, order: number, depth = 0): Piece[] {
  const line = r.L.n[b.from] as number;
  const piece = (pod: JsonObject, rank: number): Piece => {
    dropEnvValues(pod);
    const md = obj(pod['metadata']) ?? {};
    const p: Piece = { format: 'yaml-in-text', rank, line, order, pod, events: [], eventsSeen: false };
    const name = nonEmpty(md['name']);
    const namespace = nonEmpty(md['namespace']);
    if (name !== undefined) p.name = name;
    if (namespace !== undefined) p.namespace = namespace;
    return p;
  };
  if (depth > 3) return [];
  // `kubectl get pod x -o json | jq .status`: the value is that part of the pod
  if (depth === 0 && b.cmd?.path !== undefined && b.cmd.path !== '.' && (b.cmd.verb === 'get' || b.cmd.verb === undefined)) {
    const wrapped = underPath(b.cmd.path, v);
    if (wrapped !== undefined) return valuePieces(r, wrapped, { ...b, cmd: { ...b.cmd, path: '.' } }, order, depth);
  }
  if (Array.isArray(v)) {
    const os = v.filter(isObject);
    if (os.length === 0) return [];
    if (os.every((o) => typeof o['name'] === 'string' && isStatusLike(o))) return [piece({ status: { containerStatuses: os } }, 3)];
    if (os.every((o) => typeof o['type'] === 'string' && typeof o['status'] === 'string' && !('kind' in o))) return [piece({ status: { conditions: os } }, 3)];
    if (os.every((o) => typeof o['name'] === 'string' && (typeof o['image'] === 'string' || Array.isArray(o['command']))) && !os.some((o) => 'kind' in o)) return [piece({ spec: { containers: os } }, 3)];
    return os.flatMap((o) => valuePieces(r, o, b, order, depth + 1));
  }
  if (!isObject(v)) {
    r.skippedObjects.push(line);
    return [];
  }
  const kind = str(v['kind']);
  if (kind === 'Pod') return [piece(v, 5)];
  if (kind === 'PodwhyFixture') return [];
  if (kind === 'Event' || (kind === undefined && isEventObject(v))) return eventPieces(r, [{ value: v, line }], order, 'yaml-in-text', b.cmd);
  if ((kind === undefined || kind.endsWith('List')) && Array.isArray(v['items'])) {
    const implied = kind === 'PodList' ? 'Pod' : kind === 'EventList' ? 'Event' : undefined;
    return v['items'].flatMap((item) => valuePieces(r, implied && isObject(item) && item['kind'] === undefined ? { ...item, kind: implied } : item, b, order, depth + 1));
  }
  if (kind === 'Node') {
    r.others.push({ value: v, line });
    return [];
  }
  // a Job's status: the events its controller records for its conditions (BackoffLimitExceeded…)
  if (kind === 'Job' || (kind === undefined && (isJobStatus(v) || (isObject(v['status']) && isJobStatus(v['status']))))) {
    const md = obj(v['metadata']) ?? {};
    const st = kind === 'Job' || isObject(v['status']) ? obj(v['status']) : v;
    const jobName = nonEmpty(md['name']) ?? (b.cmd?.object?.kind === 'Job' ? b.cmd.object.name : undefined);
    const jobNs = nonEmpty(md['namespace']) ?? b.cmd?.namespace;
    if (st) jobEvidence(r, st, jobName, jobNs, line, order);
  }
  // a workload's pod template: the spec its pods are made from
  const template = kind !== undefined ? templateOf(v, kind) : undefined;
  if (template) {
    const p = piece({ metadata: { ...(isObject(template['metadata']) && isObject(template['metadata']['labels']) ? { labels: template['metadata']['labels'] } : {}) }, spec: clone(template['spec'] as JsonObject) }, 2);
    delete p.name;
    delete p.namespace;
    p.template = true;
    return [p];
  }
  if (kind === 'Job' || (kind === undefined && (isJobStatus(v) || (isObject(v['status']) && isJobStatus(v['status']))))) return [];
  if (kind !== undefined) {
    r.skippedObjects.push(line);
    return [];
  }
  // a pod without "kind", or a part of one
  if (isObject(v['metadata']) || isObject(v['spec']) || isObject(v['status'])) return [piece(v, isObject(v['metadata']) && (isObject(v['spec']) || isObject(v['status'])) ? 5 : 3)];
  if (STATUS_KEYS.some((k) => k in v)) return [piece({ status: v }, 3)];
  if (SPEC_KEYS.some((k) => k in v)) return [piece({ spec: v }, 3)];
  if (isObject(v['state']) || isObject(v['lastState'])) {
    const name = typeof v['name'] === 'string' ? v['name'] : UNNAMED;
    return [piece({ status: { containerStatuses: [{ ...v, name }] } }, 3)];
  }
  if (isObject(v['waiting']) || isObject(v['running']) || isObject(v['terminated'])) return [piece({ status: { containerStatuses: [{ name: UNNAMED, state: v }] } }, 3)];
  // one condition (jq '.status.conditions[]' prints them one by one)
  if (typeof v['type'] === 'string' && typeof v['status'] === 'string' && /^(?:True|False|Unknown)$/.test(v['status'])) return [piece({ status: { conditions: [v] } }, 3)];
  // a container's spec ("livenessProbe:", "image:" and their kin, pasted alone)
  if (CONTAINER_SPEC_KEYS.filter((k) => k in v).length >= 1 && Object.keys(v).every((k) => CONTAINER_SPEC_KEYS.includes(k) || k === 'name')) {
    return [piece({ spec: { containers: [{ ...v, name: typeof v['name'] === 'string' ? v['name'] : UNNAMED }] } }, 3)];
  }
  // a pod inside something else: a log entry's jsonPayload, an API response, a webhook body
  if (depth < 3) {
    const inner: Piece[] = [];
    const skipped = r.skippedObjects.length;
    for (const x of Object.values(v)) if (isObject(x) || Array.isArray(x)) inner.push(...valuePieces(r, x, b, order, depth + 1));
    r.skippedObjects.length = skipped;
    if (inner.length > 0) return inner;
  }
  r.skippedObjects.push(line);
  return [];
}

/** A value printed from a path of a pod (".status.conditions[]") put back where it was in the pod. */
function underPath(path: string, v: unknown): JsonObject | undefined {
  const steps = path.split('.').slice(1);
  if (steps.length === 0 || steps.length > 4 || !/^(?:metadata|spec|status)(?:\[|$)/.test(steps[0] as string)) return undefined;
  let cur: unknown = v;
  for (let i = steps.length - 1; i >= 0; i--) {
    const m = /^(\w+)(\[\d*\])?$/.exec(steps[i] as string);
    if (!m) return undefined;
    cur = { [m[1] as string]: m[2] !== undefined && !Array.isArray(cur) ? [cur] : cur };
  }
  return cur as JsonObject;
}

/** Keys of a container's spec that tell it apart from other objects. */
const CONTAINER_SPEC_KEYS = ['image', 'imagePullPolicy', 'command', 'args', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle', 'resources', 'ports', 'env', 'envFrom', 'volumeMounts', 'securityContext', 'workingDir'];

/** The pod template of a workload (Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob, a Knative Service…). */
function templateOf(v: JsonObject, kind: string): JsonObject | undefined {
  const spec = obj(v['spec']);
  if (!spec) return undefined;
  const t = kind === 'CronJob' ? obj(obj(obj(obj(spec['jobTemplate'])?.['spec'])?.['template'])) : obj(spec['template']);
  const ts = obj(t?.['spec']);
  if (!t || !ts || !Array.isArray(ts['containers'])) return undefined;
  return t;
}

/** The Warning events the job controller records with a Job's Failed condition: evidence for its pods. */
function jobEvidence(r: Reader, st: JsonObject, name: string | undefined, namespace: string | undefined, line: number, order: number): void {
  const conds = Array.isArray(st['conditions']) ? st['conditions'].filter(isObject) : [];
  for (const c of conds) {
    if (c['type'] !== 'Failed' || c['status'] !== 'True' || typeof c['reason'] !== 'string') continue;
    const at = nonEmpty(c['lastTransitionTime']) ?? nonEmpty(c['lastProbeTime']);
    const event: JsonObject = {
      apiVersion: 'v1',
      kind: 'Event',
      type: 'Warning',
      reason: c['reason'],
      message: str(c['message']) ?? '',
      count: 1,
      involvedObject: { kind: 'Job', ...(name !== undefined ? { name } : {}), ...(namespace !== undefined ? { namespace } : {}) },
      source: { component: 'job-controller' },
      ...(at !== undefined ? { firstTimestamp: at, lastTimestamp: at } : {}),
    };
    r.evidence.push({ event, line, order });
  }
}

/** A Job's status: conditions of the types a Job has, and its pod counts. */
function isJobStatus(v: unknown): boolean {
  if (!isObject(v)) return false;
  const conds = Array.isArray(v['conditions']) ? v['conditions'].filter(isObject) : [];
  const jobTypes = conds.length > 0 && conds.every((c) => /^(?:Complete|Failed|Suspended|FailureTarget|SuccessCriteriaMet)$/.test(String(c['type'])));
  return jobTypes || (conds.length === 0 && ['active', 'succeeded', 'failed'].some((k) => typeof v[k] === 'number') && !('phase' in v));
}

// ---- assembly ---------------------------------------------------------------------------------

interface Draft {
  name?: string;
  namespace?: string;
  /** The name was made up (the paste does not give it). */
  madeUp?: boolean;
  pieces: Piece[];
  line: number;
  order: number;
}

const NAMED_LISTS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  containerStatuses: 'name',
  initContainerStatuses: 'name',
  ephemeralContainerStatuses: 'name',
  conditions: 'type',
  volumes: 'name',
};

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** Merge b into a; a's values win, objects merge key by key, named lists item by item. */
function mergeInto(a: JsonObject, b: JsonObject): void {
  for (const [k, v] of Object.entries(b)) {
    const cur = a[k];
    if (cur === undefined || cur === null) {
      a[k] = clone(v);
      continue;
    }
    if (isObject(cur) && isObject(v)) {
      // a container's state is one of waiting, running, terminated: never two of them
      if ((k === 'state' || k === 'lastState') && ['waiting', 'running', 'terminated'].some((x) => x in cur) && !['waiting', 'running', 'terminated'].some((x) => x in cur && x in v)) continue;
      mergeInto(cur, v);
      continue;
    }
    const key = NAMED_LISTS[k];
    if (key !== undefined && Array.isArray(cur) && Array.isArray(v)) {
      for (const item of v) {
        if (!isObject(item)) continue;
        const same = cur.find((x) => isObject(x) && x[key] === item[key]);
        if (isObject(same)) mergeInto(same, item);
        else cur.push(clone(item));
      }
    }
  }
}

const SUCCESSFULLY_ASSIGNED = /^Successfully assigned (?:([a-z0-9][-a-z0-9]*)\/)?([a-z0-9][-a-z0-9.]*) to \S+/;
const POD_IN_MESSAGE = /\bpod "([a-z0-9][-a-z0-9.]*)_([a-z0-9][-a-z0-9]*)\(/;

/** The pod named in the messages of events that do not name it otherwise. */
function podName(events: JsonObject[]): { name: string; namespace?: string } | undefined {
  for (const e of events) {
    const msg = str(e['message']) ?? '';
    const a = SUCCESSFULLY_ASSIGNED.exec(msg);
    if (a) return { name: a[2] as string, ...(a[1] !== undefined ? { namespace: a[1] } : {}) };
    const p = POD_IN_MESSAGE.exec(msg);
    if (p) return { name: p[1] as string, namespace: p[2] as string };
  }
  return undefined;
}

function containersOf(pod: JsonObject, list: 'containers' | 'initContainers' = 'containers'): string[] {
  const spec = obj(pod['spec']) ?? {};
  const status = obj(pod['status']) ?? {};
  const names = new Set<string>();
  for (const c of Array.isArray(spec[list]) ? spec[list] : []) if (isObject(c) && typeof c['name'] === 'string') names.add(c['name']);
  const sk = list === 'containers' ? 'containerStatuses' : 'initContainerStatuses';
  for (const c of Array.isArray(status[sk]) ? status[sk] : []) if (isObject(c) && typeof c['name'] === 'string') names.add(c['name']);
  return [...names];
}

/** Container names the events speak of ("Started container app", "… failed container app in pod …"). */
function containersInEvents(events: JsonObject[]): string[] {
  const names = new Set<string>();
  for (const e of events) {
    const m = /\bcontainer:? "?([a-z0-9][-a-z0-9.]*[a-z0-9]|[a-z0-9])"?(?:\s|$|,|\.(?:\s|$))/i.exec(str(e['message']) ?? '');
    if (m && m[1] !== 'image' && m[1] !== 'with' && m[1] !== 'in') names.add(m[1] as string);
  }
  return [...names];
}

function statusOf(pod: JsonObject, name: string): JsonObject | undefined {
  const sts = obj(pod['status'])?.['containerStatuses'];
  return Array.isArray(sts) ? (sts.find((s) => isObject(s) && s['name'] === name) as JsonObject | undefined) : undefined;
}

/** A container block pasted without its name becomes the container the pod says it is. */
function nameUnnamed(pod: JsonObject, events: JsonObject[], missing: MissingFact[], yamlCmd: string): string | undefined {
  const names = containersOf(pod);
  if (!names.includes(UNNAMED)) return undefined;
  const others = names.filter((n) => n !== UNNAMED);
  let target: string | undefined;
  if (others.length === 1) target = others[0];
  else if (others.length > 1) {
    const failing = others.filter((n) => {
      const s = statusOf(pod, n);
      return s !== undefined && s['ready'] !== true;
    });
    if (failing.length === 1) target = failing[0];
  } else {
    const inEvents = containersInEvents(events);
    if (inEvents.length === 1) target = inEvents[0];
  }
  const spec = (pod['spec'] ?? {}) as JsonObject;
  const status = (pod['status'] ?? {}) as JsonObject;
  const unnamedSpec = Array.isArray(spec['containers']) ? (spec['containers'] as JsonObject[]).find((c) => c['name'] === UNNAMED) : undefined;
  const unnamedStatus = statusOf(pod, UNNAMED);
  if (target === undefined) {
    // no way to tell: called "(unnamed)" (a name no container has, so no command uses it), and said so
    target = unnamed(1)[0] as string;
    missing.push({ fact: 'container-name', command: yamlCmd });
  }
  if (Array.isArray(spec['containers'])) spec['containers'] = (spec['containers'] as JsonObject[]).filter((c) => c['name'] !== UNNAMED);
  if (Array.isArray(status['containerStatuses'])) status['containerStatuses'] = (status['containerStatuses'] as JsonObject[]).filter((c) => c['name'] !== UNNAMED);
  if (unnamedSpec) {
    const cs = (spec['containers'] ??= []) as JsonObject[];
    const same = cs.find((c) => c['name'] === target);
    if (same) mergeInto(same, { ...unnamedSpec, name: target });
    else cs.push({ ...unnamedSpec, name: target });
    pod['spec'] = spec;
  }
  if (unnamedStatus) {
    const ss = (status['containerStatuses'] ??= []) as JsonObject[];
    const same = ss.find((c) => c['name'] === target);
    // the fragment was pasted to show this container's state: its fields win
    if (same) {
      const merged = { ...unnamedStatus, name: target };
      mergeInto(merged, same);
      ss.splice(ss.indexOf(same), 1, merged);
    } else ss.push({ ...unnamedStatus, name: target });
    pod['status'] = status;
  }
  return target;
}

/** Which container pasted logs come from: named, the only one, the one failing, kubectl's default. */
function logsContainer(pod: JsonObject, events: JsonObject[], named: string | undefined): { name: string; guessed: boolean } {
  if (named !== undefined) return { name: named, guessed: false };
  const names = containersOf(pod);
  if (names.length === 1) return { name: names[0] as string, guessed: false };
  if (names.length > 1) {
    const failing = names.filter((n) => {
      const s = statusOf(pod, n);
      if (!s) return false;
      const w = obj(obj(s['state'])?.['waiting']);
      const t = obj(obj(s['state'])?.['terminated']) ?? obj(obj(s['lastState'])?.['terminated']);
      return w?.['reason'] === 'CrashLoopBackOff' || (t !== undefined && t['exitCode'] !== 0 && t['reason'] !== 'Completed');
    });
    if (failing.length === 1) return { name: failing[0] as string, guessed: true };
    const def = nonEmpty(obj(obj(pod['metadata'])?.['annotations'])?.['kubectl.kubernetes.io/default-container']);
    return { name: def ?? (names[0] as string), guessed: true };
  }
  const inEvents = containersInEvents(events);
  return { name: inEvents.length === 1 ? (inEvents[0] as string) : (unnamed(1)[0] as string), guessed: inEvents.length !== 1 };
}

/**
 * Old kubelets' event correlator replaced the events of one reason, past a threshold, by one whose
 * message is "(events with common reason combined)": it says there were more of them, not what
 * they said. Its count and times go to the newest event of that reason the paste shows.
 */
function foldCombined(events: JsonObject[]): void {
  for (let k = events.length - 1; k >= 0; k--) {
    const e = events[k] as JsonObject;
    if (str(e['message'])?.trim() !== '(events with common reason combined)') continue;
    const same = events.filter((x) => x !== e && x['reason'] === e['reason'] && str(x['message'])?.trim() !== '(events with common reason combined)');
    if (same.length === 0) continue;
    const newest = same.reduce((a, b) => (String(b['lastTimestamp'] ?? '') > String(a['lastTimestamp'] ?? '') ? b : a));
    newest['count'] = Number(newest['count'] ?? 1) + Number(e['count'] ?? 1);
    if (String(e['lastTimestamp'] ?? '') > String(newest['lastTimestamp'] ?? '')) newest['lastTimestamp'] = e['lastTimestamp'];
    if (String(e['firstTimestamp'] ?? '~') < String(newest['firstTimestamp'] ?? '~')) newest['firstTimestamp'] = e['firstTimestamp'];
    events.splice(k, 1);
  }
}

const hasState = (st: JsonObject | undefined) => isObject(st?.['state']) && Object.keys(st?.['state'] as JsonObject).length > 0;

function initStatusOf(pod: JsonObject, name: string): JsonObject | undefined {
  const sts = obj(pod['status'])?.['initContainerStatuses'];
  return Array.isArray(sts) ? (sts.find((s) => isObject(s) && s['name'] === name) as JsonObject | undefined) : undefined;
}

/**
 * A table row's part, made fit to merge into a pod a richer piece gave containers: the row's
 * made-up containers are dropped, except where the row tells what the richer piece does not — the
 * state of the pod's one container (or of a block pasted without its name), the init containers
 * of a pod shown without them.
 */
function tableIntoPod(pod: JsonObject, part: JsonObject): void {
  const st = obj(part['status']) ?? {};
  const sp = obj(part['spec']) ?? {};
  const sts = (Array.isArray(st['containerStatuses']) ? st['containerStatuses'] : []) as JsonObject[];
  const inits = (Array.isArray(st['initContainerStatuses']) ? st['initContainerStatuses'] : []) as JsonObject[];
  const notReady = sts.filter((x) => x['ready'] !== true);
  const real = containersOf(pod);
  const realInit = containersOf(pod, 'initContainers');
  let into: { from: JsonObject; to: string } | undefined;
  if (real.length === 1 && sts.length === 1 && !hasState(statusOf(pod, real[0] as string))) into = { from: sts[0] as JsonObject, to: real[0] as string };
  else if (real.length === 1 && real[0] === UNNAMED && realInit.length === 0 && notReady.length === 1) into = { from: notReady[0] as JsonObject, to: UNNAMED };
  let initInto: { from: JsonObject; to: string } | undefined;
  if (realInit.length === 1 && inits.length === 1 && !hasState(initStatusOf(pod, realInit[0] as string))) initInto = { from: inits[0] as JsonObject, to: realInit[0] as string };
  const initSpec = sp['initContainers'];
  for (const k of ['containers', 'initContainers']) delete sp[k];
  for (const k of ['containerStatuses', 'initContainerStatuses']) delete st[k];
  if (into) {
    st['containerStatuses'] = [{ ...into.from, name: into.to }];
    sp['containers'] = [{ name: into.to }];
  }
  if (initInto) {
    st['initContainerStatuses'] = [{ ...initInto.from, name: initInto.to }];
    sp['initContainers'] = [{ name: initInto.to }];
  } else if (realInit.length === 0 && inits.length > 0 && real.every((n) => !hasState(statusOf(pod, n)) || obj(obj(statusOf(pod, n)?.['state'])?.['waiting'])?.['reason'] === 'PodInitializing')) {
    // the pod is initializing and the richer piece shows no init containers: the row's
    st['initContainerStatuses'] = inits;
    if (initSpec !== undefined) sp['initContainers'] = initSpec;
  }
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

interface Assembled {
  pod: JsonObject;
  events: JsonObject[];
  missing: MissingFact[];
  format: TextFormat;
  placeholder: boolean;
  logs?: Record<string, ContainerLog>;
  capturedAt: number;
  line: number;
}

function assembleDraft(d: Draft, now: number, nowKnown: boolean): Assembled {
  // the richest first; of two as rich, the later (kubectl get pods -w prints a pod again as it changes)
  const pieces = [...d.pieces].sort((a, b) => b.rank - a.rank || b.order - a.order || b.line - a.line);
  const withPod = pieces.filter((p) => p.pod !== undefined);
  const richest = withPod[0];
  // one piece: its object is the pod (no copy); several: merged into a new one
  const pod: JsonObject = withPod.length === 1 ? (richest?.pod as JsonObject) : { apiVersion: 'v1', kind: 'Pod', metadata: {} };
  pod['apiVersion'] ??= 'v1';
  pod['kind'] ??= 'Pod';
  if (!isObject(pod['metadata'])) pod['metadata'] = {};
  for (const p of withPod.length === 1 ? [] : withPod) {
    // a workload's template is this pod's only when its containers are the pod's
    if (p.template && containersOf(pod).length > 0 && !containersOf(p.pod as JsonObject).every((n) => containersOf(pod).includes(n))) continue;
    const part = p.format === 'pods-table' ? clone(p.pod as JsonObject) : (p.pod as JsonObject);
    // a table row's containers are made up from READY: they never join real ones, except the one
    // container a richer piece shows without a state (or without a name)
    if (p.format === 'pods-table' && p !== richest && (containersOf(pod).length > 0 || containersOf(pod, 'initContainers').length > 0)) tableIntoPod(pod, part);
    mergeInto(pod, part);
  }
  const md = pod['metadata'] as JsonObject;
  md['name'] = d.name;
  if (d.namespace === undefined) {
    // "Successfully assigned shop/web-1 to node-2" tells the namespace
    const named = podName(d.pieces.flatMap((p) => p.events));
    if (named !== undefined && named.name === d.name && named.namespace !== undefined) d.namespace = named.namespace;
  }
  if (d.namespace !== undefined) md['namespace'] = d.namespace;
  // describe prints no creation time; a table's AGE does
  // (only when the instant the table was taken is known: its ages count from it)
  const tableCreated = nowKnown ? withPod.find((p) => p.format === 'pods-table' && nonEmpty(obj(p.pod?.['metadata'])?.['creationTimestamp']) !== undefined) : undefined;
  const describeEstimated = withPod.some((p) => p.createdEstimated);
  if (tableCreated && describeEstimated) md['creationTimestamp'] = obj(tableCreated.pod?.['metadata'])?.['creationTimestamp'];

  // events: de-duplicated (a describe and a table of the same pod), named after the pod
  const events: JsonObject[] = [];
  // the same event in two pieces (a describe's Events and an events table) is kept once
  const seen = new Map<string, { e: JsonObject; piece: Piece }>();
  for (const p of [...d.pieces].sort((a, b) => a.order - b.order || a.line - b.line)) {
    for (const e of p.events) {
      const k = `${str(e['type']) ?? ''}|${str(e['reason']) ?? ''}|${String(e['count'] ?? '')}|${(str(e['message']) ?? '').replace(/\s+/g, ' ').trim()}`;
      const was = seen.get(k);
      const prev = was && was.piece !== p && !(was.piece.inline && p.inline) ? was.e : undefined;
      if (prev) {
        const inv = obj(e['involvedObject']);
        const pinv = obj(prev['involvedObject']);
        if (pinv && inv?.['fieldPath'] !== undefined && pinv['fieldPath'] === undefined) pinv['fieldPath'] = inv['fieldPath'];
        continue;
      }
      if (!was) seen.set(k, { e, piece: p });
      const inv = (e['involvedObject'] ??= { kind: 'Pod' }) as JsonObject;
      inv['kind'] ??= 'Pod';
      // a workload controller's event in a describe's Events (of the StatefulSet, the Job): that object's, not the pod's
      const ctl = CONTROLLER_KINDS[str(obj(e['source'])?.['component']) ?? ''];
      if (inv['kind'] === 'Pod' && inv['fieldPath'] === undefined && ctl !== undefined && inv['name'] === undefined) inv['kind'] = ctl;
      if (inv['kind'] !== 'Pod') {
        // an event of the pod's claim or Job: its object stays, the pod is named in `related`
        e['related'] = { kind: 'Pod', name: d.name, ...(d.namespace !== undefined ? { namespace: d.namespace } : {}) };
        if (inv['namespace'] === undefined && d.namespace !== undefined) inv['namespace'] = d.namespace;
        events.push(e);
        continue;
      }
      inv['name'] = d.name;
      if (d.namespace !== undefined) {
        inv['namespace'] = d.namespace;
        e['metadata'] = { ...(obj(e['metadata']) ?? {}), namespace: d.namespace };
      }
      events.push(e);
    }
  }

  foldCombined(events);
  const ns = d.namespace && d.namespace !== 'default' ? ` -n ${d.namespace}` : '';
  // a made-up name is no name to run a command with
  const podRef = d.madeUp ? 'NAME' : (d.name as string);
  const yamlCmd = `kubectl get pod ${podRef}${ns} -o yaml`;
  const missing: MissingFact[] = [];
  // a container (status) pasted without its name, from YAML
  for (const [o, k] of [
    [obj(pod['spec']), 'containers'],
    [obj(pod['status']), 'containerStatuses'],
  ] as const) {
    const list = o?.[k];
    if (!Array.isArray(list)) continue;
    const nameless = list.filter((c) => isObject(c) && typeof c['name'] !== 'string');
    if (nameless.length === 1) (nameless[0] as JsonObject)['name'] = UNNAMED;
    if (o) o[k] = list.filter((c) => isObject(c) && typeof c['name'] === 'string');
  }
  const renamed = nameUnnamed(pod, events, missing, yamlCmd);
  // a table row's containers are made up: the one not ready takes a name the paste gives
  if (richest?.format === 'pods-table') {
    const known = new Set([...d.pieces.map((p) => p.logs?.container).filter((c): c is string => c !== undefined), ...containersInEvents(events)]);
    const sts = (obj(pod['status'])?.['containerStatuses'] ?? []) as JsonObject[];
    const notReady = sts.filter((s) => s['ready'] !== true);
    if (known.size === 1 && notReady.length === 1) {
      const from = String((notReady[0] as JsonObject)['name']);
      const to = [...known][0] as string;
      (notReady[0] as JsonObject)['name'] = to;
      for (const c of (obj(pod['spec'])?.['containers'] ?? []) as JsonObject[]) if (c['name'] === from) c['name'] = to;
    }
  }

  // which container an event from text is about, now that the pod's containers are known
  const spec = obj(pod['spec']) ?? {};
  const all: { name: string; list: string; image?: string; probes?: string[]; waiting?: string }[] = [];
  for (const list of ['initContainers', 'containers'] as const) {
    const specs = (Array.isArray(spec[list]) ? (spec[list] as unknown[]) : []).filter(isObject);
    for (const name of containersOf(pod, list)) {
      const c = specs.find((x) => x['name'] === name) ?? {};
      const st = list === 'containers' ? statusOf(pod, name) : undefined;
      const waiting = str(obj(obj(st?.['state'])?.['waiting'])?.['reason']);
      const image = str(c['image']) ?? str(st?.['image']);
      all.push({ name, list, ...(image !== undefined ? { image } : {}), probes: ['liveness', 'readiness', 'startup'].filter((k) => c[`${k}Probe`] !== undefined), ...(waiting ? { waiting } : {}) });
    }
  }
  let unattributed = false;
  for (const e of events) {
    const inv = e['involvedObject'] as JsonObject;
    if (inv['fieldPath'] !== undefined) continue;
    const reason = str(e['reason']);
    if (reason === undefined || !CONTAINER_REASONS.has(reason)) continue;
    const fp = inferFieldPath({ reason, message: str(e['message']) ?? '' }, all);
    if (fp) inv['fieldPath'] = fp;
    else unattributed = true;
  }

  // logs
  let logs: Record<string, ContainerLog> | undefined;
  const logPieces = pieces.filter((p) => p.logs !== undefined);
  for (const p of logPieces) {
    const l = p.logs as LogPiece;
    const c = logsContainer(pod, events, l.container);
    logs ??= {};
    logs[c.name] = { text: l.text, previous: l.previous, truncated: l.truncated, origin: 'text' };
    if (c.guessed) missing.push({ fact: 'logs-container', subjects: [c.name], command: `kubectl logs ${podRef}${ns} -c CONTAINER${l.previous ? ' --previous' : ''}` });
  }

  const formats = new Set(d.pieces.map((p) => p.format));
  const format: TextFormat = formats.size === 1 ? (d.pieces[0] as Piece).format : 'mixed';
  const placeholder = withPod.length === 0;
  const describeOnly = formats.size === 1 && format === 'describe' && d.pieces.length === 1;
  const estimate = d.pieces.find((p) => p.estimate !== undefined)?.estimate;
  const capturedAt = estimate ?? now;
  const notice = (f: MissingFact) => {
    if (!missing.some((m) => m.fact === f.fact)) missing.push(f);
  };
  if (describeOnly) {
    // exactly what describe says it does not print
    missing.unshift(...((d.pieces[0] as Piece).missing ?? []));
  } else if (placeholder) {
    missing.unshift({ fact: 'pod-object', command: `kubectl describe pod ${podRef}${ns}` });
    if (d.madeUp) notice({ fact: 'pod-name', command: `kubectl get pods${ns}` });
  } else if (richest?.format === 'pods-table') {
    missing.unshift({ fact: 'pods-table', command: `kubectl describe pod ${podRef}${ns}` });
  } else {
    const from: MissingFact[] = [];
    for (const p of withPod) for (const m of p.missing ?? []) if (['waiting-message', 'condition-message', 'terminating-phase'].includes(m.fact)) from.push({ ...m, command: m.command.replace(/kubectl get pod \S+(?: -n \S+)? -o yaml/, yamlCmd) });
    for (const m of from) notice(m);
    if (unattributed) notice({ fact: 'event-container', command: `kubectl get events${ns} --field-selector involvedObject.name=${podRef} -o wide` });
    if (d.madeUp) notice({ fact: 'pod-name', command: `kubectl get pods${ns}` });
    const hasContainers = containersOf(pod).length > 0 || containersOf(pod, 'initContainers').length > 0;
    if (!hasContainers) notice({ fact: 'no-containers', command: yamlCmd });
    if (pod['status'] === undefined) notice({ fact: 'no-status', command: yamlCmd });
    if (events.length === 0 && !d.pieces.some((p) => p.eventsSeen)) notice({ fact: 'no-events', command: `kubectl describe pod ${podRef}${ns}` });
    if (nonEmpty(md['creationTimestamp']) === undefined) notice({ fact: 'age', command: yamlCmd });
    else if (describeEstimated && !tableCreated) notice({ fact: 'creation-time', command: yamlCmd });
  }
  if (md['creationTimestamp'] === undefined) {
    // the earliest event is a lower bound of the pod's age (as for describe text)
    const firsts = events.map((e) => Date.parse(String(e['firstTimestamp'] ?? ''))).filter(Number.isFinite);
    if (firsts.length > 0 && !placeholder) md['creationTimestamp'] = iso(Math.min(...firsts));
  }
  // what describe said it does not print, about a block pasted without its container's name: that container's
  if (renamed !== undefined) for (const m of missing) if (m.subjects) m.subjects = m.subjects.map((x) => x.split(UNNAMED).join(renamed));
  return { pod, events, missing, format, placeholder, ...(logs ? { logs } : {}), capturedAt, line: d.line };
}

/** The claims a draft's pod mounts (spec.volumes[].persistentVolumeClaim.claimName). */
function claimsOf(d: Draft): string[] {
  const out: string[] = [];
  for (const p of d.pieces) {
    const vols = obj(p.pod?.['spec'])?.['volumes'];
    if (!Array.isArray(vols)) continue;
    for (const v of vols) {
      const c = isObject(v) ? nonEmpty(obj(v['persistentVolumeClaim'])?.['claimName']) : undefined;
      if (c !== undefined) out.push(c);
    }
  }
  return out;
}

/**
 * Events about a claim or a Job go to the pods that use them: those the paste says ("Used By:"),
 * those whose volumes name the claim (whose name the Job's pods start with), else the paste's one
 * pod. With no pod in the paste, they make one (its name made up, or the one "Used By:" gives).
 */
function joinEvidence(r: Reader, drafts: Draft[], find: (name: string, namespace: string | undefined) => Draft | undefined): void {
  for (const ev of r.evidence) {
    const inv = obj(ev.event['involvedObject']) ?? {};
    const kind = str(inv['kind']);
    const name = nonEmpty(inv['name']);
    const namespace = nonEmpty(inv['namespace']);
    let targets: Draft[] = [];
    for (const u of ev.usedBy ?? []) {
      const d = find(u, namespace);
      if (d) targets.push(d);
    }
    if (targets.length === 0 && name !== undefined) {
      targets = drafts.filter((d) => (d.namespace === undefined || namespace === undefined || d.namespace === namespace) && (kind === 'Job' ? (d.name ?? '').startsWith(`${name}-`) : claimsOf(d).includes(name)));
    }
    if (targets.length === 0 && drafts.length === 1) targets = [drafts[0] as Draft];
    if (targets.length === 0 && drafts.length === 0) {
      const used = ev.usedBy?.length === 1 ? ev.usedBy[0] : undefined;
      const d: Draft = { pieces: [], line: ev.line, order: ev.order, ...(used !== undefined ? { name: used } : { name: 'pasted-events', madeUp: true }), ...(namespace !== undefined ? { namespace } : {}) };
      drafts.push(d);
      targets = [d];
    }
    if (targets.length === 0) {
      r.others.push({ value: ev.event, line: ev.line });
      continue;
    }
    for (const d of targets) d.pieces.push({ format: 'events-table', rank: 0, line: ev.line, order: ev.order, events: [targets.length > 1 ? clone(ev.event) : ev.event], eventsSeen: false });
  }
}

// ---- the reader -------------------------------------------------------------------------------

/** Line numbers as ranges: "3-5, 9, 12-20", the first few. */
function ranges(nums: number[]): string {
  const s = [...new Set(nums)].sort((a, b) => a - b);
  const out: string[] = [];
  let k = 0;
  while (k < s.length && out.length < 8) {
    let e = k;
    while (e + 1 < s.length && (s[e + 1] as number) === (s[e] as number) + 1) e++;
    out.push(e > k ? `${s[k] as number}-${s[e] as number}` : `${s[k] as number}`);
    k = e + 1;
  }
  return out.join(', ') + (k < s.length ? ', …' : '');
}

export function notReadable(file: string): InputError {
  return new InputError(
    `${file} is not YAML, JSON or kubectl output podwhy reads — pass kubectl get pod NAME -o yaml, kubectl describe pod NAME, kubectl get events or kubectl get pods output`,
  );
}

export function notAPod(file: string): InputError {
  return new InputError(`${file} looks like kubectl describe output of something other than a pod — podwhy reads kubectl describe pod output (or kubectl get pod NAME -o yaml)`);
}

/** The state of a container status as kind and reason ("terminated/OOMKilled"), to compare two fragments. */
function stateKey(st: JsonObject): string | undefined {
  const state = obj(st['state']);
  if (!state) return undefined;
  for (const k of ['waiting', 'running', 'terminated']) {
    const x = obj(state[k]);
    if (x) return `${k}/${str(x['reason']) ?? ''}`;
  }
  return undefined;
}

/** Two fragments of pod text that cannot be the same pod at the same time: another status reason or message, another state of the same container. */
function contradicts(d: Draft, p: Piece): boolean {
  if (!p.pod || p.inline || p.template || p.format === 'pods-table') return false;
  const b = obj(p.pod['status']);
  if (!b) return false;
  for (const q of d.pieces) {
    if (!q.pod || q.inline || q.template || q.format === 'pods-table') continue;
    const a = obj(q.pod['status']);
    if (!a) continue;
    for (const k of ['reason', 'message']) {
      const x = nonEmpty(a[k]);
      const y = nonEmpty(b[k]);
      if (x !== undefined && y !== undefined && x !== y) return true;
    }
    for (const list of ['containerStatuses', 'initContainerStatuses']) {
      const as = Array.isArray(a[list]) ? (a[list] as unknown[]).filter(isObject) : [];
      const bs = Array.isArray(b[list]) ? (b[list] as unknown[]).filter(isObject) : [];
      for (const y of bs) {
        const x = as.find((c) => c['name'] === y['name']);
        const kx = x ? stateKey(x) : undefined;
        const ky = stateKey(y);
        if (kx !== undefined && ky !== undefined && kx !== ky) return true;
      }
    }
  }
  return false;
}

/** Which pod a piece that names none belongs to. */
function ownerOf(p: Piece, drafts: Draft[]): Draft | undefined {
  if (drafts.length === 1) return drafts[0];
  const rich = drafts.filter((d) => d.pieces.some((x) => x.rank >= 3));
  if (rich.length === 1) return rich[0];
  const before = rich.filter((d) => d.order <= p.order).sort((a, b) => b.order - a.order)[0];
  if (before) return before;
  if (rich.length === 0 && drafts.length > 1) {
    // a pods table: the one pod in it that is not running well
    const bad = drafts.filter((d) => {
      const status = obj(d.pieces.find((x) => x.pod)?.pod?.['status']);
      const phase = str(status?.['phase']);
      const sts = Array.isArray(status?.['containerStatuses']) ? (status?.['containerStatuses'] as JsonObject[]) : [];
      return phase !== 'Succeeded' && (phase !== 'Running' || sts.some((s) => s['ready'] !== true));
    });
    if (bad.length === 1) return bad[0];
  }
  return undefined;
}

/**
 * Read a pasted text. Throws the one-line refusal when nothing in it is kubectl output (or YAML or
 * JSON of a pod or its events) podwhy reads.
 */
export function readPaste(text: string, file: string, opts: PasteOptions = {}): KubectlTextResult {
  const L = pasteLines(text, file, opts.lineOffset ?? 0);
  const seg = new Segmenter(L);
  seg.run();
  const r: Reader = { file, L, now: opts.now, warnings: [], skipped: [], skippedLines: [], others: [], skippedObjects: [], evidence: [], claimUsers: [] };
  // describe first: its text may tell when it was taken, which the tables' ages need
  const pieces: Piece[] = [];
  seg.blocks.forEach((b, k) => {
    if (b.kind === 'describe') pieces.push(...describePieces(r, b, k));
  });
  const estimated = pieces.find((p) => p.estimate !== undefined)?.estimate;
  const now = opts.now ?? estimated ?? Date.now();
  const nowKnown = opts.now !== undefined || estimated !== undefined;
  let noEvents = false;
  let otherDescribe = false;
  seg.blocks.forEach((b, k) => {
    switch (b.kind) {
      case 'events-table':
        pieces.push(...eventsTablePieces(r, b, k, now));
        break;
      case 'pods-table':
        pieces.push(...podsTablePieces(r, b, k, now));
        break;
      case 'yaml':
        for (const v of yamlValues(r, b)) pieces.push(...valuePieces(r, v, b, k));
        break;
      case 'json':
        for (const v of jsonValues(r, b)) pieces.push(...valuePieces(r, v, b, k));
        break;
      case 'logs': {
        const p = logsPiece(r, b, k);
        if ((p.logs !== undefined && p.logs.text !== '') || p.pod !== undefined) pieces.push(p);
        break;
      }
      case 'waiting': {
        const p = waitingPiece(r, b, k);
        if (p) pieces.push(p);
        break;
      }
      case 'no-resources': {
        const m = NO_RESOURCES.exec(L.text[b.from] as string);
        const isEvents = m?.[1] === 'events' || b.cmd?.verb === 'events' || /^(?:events?|ev)$/.test(b.cmd?.resource ?? '');
        if (!isEvents) break;
        noEvents = true;
        const p: Piece = { format: 'events-table', rank: 0, line: L.n[b.from] as number, order: k, events: [], eventsSeen: true };
        if (b.cmd?.pod !== undefined) p.name = b.cmd.pod;
        const ns = m?.[2] ?? b.cmd?.namespace;
        if (ns !== undefined) p.namespace = ns;
        pieces.push(p);
        break;
      }
      case 'inline':
        pieces.push(...inlinePieces(r, b, k, now));
        break;
      case 'nodes-table':
        nodesTable(r, b);
        break;
      case 'console-events':
        pieces.push(...consolePieces(r, b, k, now));
        break;
      case 'other-describe':
        otherDescribe = true;
        otherDescribeEvidence(r, b, k, now);
        break;
      default:
        break;
    }
  });

  // a prompt's pod names the output under it
  for (const p of pieces) {
    const b = seg.blocks[p.order];
    if (p.name === undefined && b?.cmd?.pod !== undefined && (p.format !== 'pods-table' && p.format !== 'events-table' ? true : p.events.length > 0 || p.eventsSeen)) {
      p.name = b.cmd.pod;
      if (p.namespace === undefined && b.cmd.namespace !== undefined) p.namespace = b.cmd.namespace;
    }
    if (p.namespace === undefined && p.name !== undefined && b?.cmd?.namespace !== undefined && b.cmd.pod === p.name) p.namespace = b.cmd.namespace;
  }

  // pieces → drafts, by name (a namespace-less name matches the same name in any namespace)
  const drafts: Draft[] = [];
  const byName = new Map<string, Draft[]>();
  const find = (name: string, namespace: string | undefined) => (byName.get(name) ?? []).find((d) => d.namespace === undefined || namespace === undefined || d.namespace === namespace);
  const add = (d: Draft) => {
    drafts.push(d);
    if (d.name !== undefined) byName.set(d.name, [...(byName.get(d.name) ?? []), d]);
  };
  const anonymous: Piece[] = [];
  const emptyEvents: Piece[] = [];
  for (const p of pieces.sort((a, b) => a.order - b.order || a.line - b.line)) {
    if (p.name === undefined) {
      if (p.rank === 0 && p.events.length === 0 && p.logs === undefined) emptyEvents.push(p);
      else anonymous.push(p);
      continue;
    }
    let d = find(p.name, p.namespace);
    if (!d) {
      d = { name: p.name, pieces: [], line: p.line, order: p.order };
      add(d);
    }
    if (d.namespace === undefined && p.namespace !== undefined) d.namespace = p.namespace;
    d.pieces.push(p);
  }
  // pieces that name no pod: the pod of the paste, else one pod for all of them (two fragments
  // that contradict each other — "with 300Mi: OOMKilled", "with 500Mi: Running" — are two pods)
  const looses: Draft[] = [];
  for (const p of anonymous) {
    const named = podName(p.events);
    let d = named ? find(named.name, named.namespace) : undefined;
    d ??= ownerOf(p, drafts);
    if (d && looses.includes(d) && contradicts(d, p)) d = looses.find((x) => !contradicts(x, p));
    if (!d) {
      d = { pieces: [], line: p.line, order: p.order };
      drafts.push(d);
      looses.push(d);
      if (named) {
        d.name = named.name;
        if (named.namespace !== undefined) d.namespace = named.namespace;
      }
    }
    d.pieces.push(p);
  }
  looses.forEach((loose, k) => {
    if (loose.name !== undefined) return;
    const named = podName(loose.pieces.flatMap((p) => p.events));
    const users = [...new Set(r.claimUsers)];
    if (named) {
      loose.name = named.name;
      if (named.namespace !== undefined) loose.namespace = named.namespace;
    } else if (k === 0 && users.length === 1 && !find(users[0] as string, undefined)) {
      // the one pod a described claim says uses it
      loose.name = users[0] as string;
    } else {
      loose.name = `${loose.pieces.every((p) => p.pod === undefined && p.logs === undefined) ? 'pasted-events' : 'pasted-pod'}${k > 0 ? `-${k + 1}` : ''}`;
      loose.madeUp = true;
    }
  });
  for (const p of emptyEvents) {
    const d = drafts.length === 1 ? drafts[0] : ownerOf(p, drafts);
    if (d) d.pieces.push(p);
  }
  joinEvidence(r, drafts, find);

  const objects: TextObject[] = [];
  let first: TextObject | undefined;
  for (const d of drafts.sort((a, b) => a.order - b.order || a.line - b.line)) {
    const a = assembleDraft(d, now, nowKnown);
    const info = { format: a.format, missing: a.missing, warnings: [] as string[], capturedAt: a.capturedAt, ...(a.placeholder ? { placeholder: true } : {}), ...(a.logs ? { logs: a.logs } : {}) };
    markTextInput(a.pod, info);
    const o = { value: a.pod, line: a.line };
    first ??= o;
    objects.push(o);
    for (const e of a.events) objects.push({ value: e, line: a.line });
  }
  objects.push(...r.others);

  // what could not be placed, counted (never shown)
  const unplaced: number[] = [...r.skipped.map((i) => L.n[i] as number), ...r.skippedLines];
  for (let i = 0; i < L.count; i++) if (!seg.placed[i] && !((L.flags[i] as number) & F_FENCE)) unplaced.push(L.n[i] as number);
  const warnings = [...r.warnings];
  if (r.skippedObjects.length > 0) warnings.push(`${file}: ${r.skippedObjects.length} YAML/JSON object(s) that are not pods or events were skipped (line${new Set(r.skippedObjects).size > 1 ? 's' : ''} ${ranges(r.skippedObjects)})`);
  const nSkipped = new Set(unplaced).size;
  if (nSkipped > 0 && objects.length > 0) warnings.push(`${file}: ${nSkipped} line(s) could not be read and were skipped (line${nSkipped > 1 ? 's' : ''} ${ranges(unplaced)})`);

  if (objects.length === 0) {
    if (otherDescribe) throw notAPod(file);
    if (noEvents) throw new InputError(`${file}: kubectl found no events here, and the text names no pod — pass kubectl describe pod NAME (or kubectl get pod NAME -o yaml)`);
    if (seg.blocks.some((b) => b.kind === 'yaml' || b.kind === 'json') && r.skippedObjects.length > 0) return { objects: [], warnings };
    throw notReadable(file);
  }
  if (first) {
    const info = textInputOf(first.value);
    if (info) info.warnings.push(...warnings);
    return { objects, warnings: [] };
  }
  return { objects, warnings };
}
