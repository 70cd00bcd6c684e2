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
//   4. The pieces are gathered by pod (Drafts, below): by the name they give, else the name of the
//      prompt, else "the pod of the paste" (the only one, the only one read in full, the nearest
//      before), else a pod named from the events ("Successfully assigned ns/name to node") or made up.
//   5. paste-assemble.ts joins the pieces of one pod: the richer source wins field by field (YAML >
//      describe > fragment > pods table). What the paste does not carry is listed per pod
//      (TextInput.missing), with the command that shows it.
//
// Nothing pasted is ever echoed in a warning (line numbers and counts only), and environment
// values are never kept.

import { InputError } from '../../model/errors.js';
import { isObject, nonEmpty, obj, str, type JsonObject } from '../../util/json.js';
import { markTextInput, textInputOf, type KubectlTextResult, type TextObject } from './describe.js';
import { F_FENCE, NO_RESOURCES, pasteLines, promptCommand } from './paste-lines.js';
import { applySetImage } from './set-image.js';
import { nodeDiskSummary, readDf } from './df.js';
import { clone, Segmenter, type PasteOptions, type Piece, type Reader } from './paste-segment.js';
import { consolePieces, describePieces, eventsTablePieces, inlinePieces, objectTable, otherDescribeEvidence, podsTablePieces } from './paste-pieces.js';
import { jsonValues, valuePieces, yamlValues } from './paste-values.js';
import { journalPieces, logsPiece, waitingPiece } from './paste-logs.js';
import { assembleDraft, podName, type Draft } from './paste-assemble.js';

// Moved to paste-segment.ts and paste-pieces.ts; still importable from here.
export { Segmenter, type PasteOptions } from './paste-segment.js';
export { normalizeDescribe, reindentFlat } from './paste-pieces.js';
export { recoverYaml } from './paste-values.js';

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
        // ("State: Waiting" cut before its reason, and the reason in another fragment: one state)
        const kind = (k: string) => k.split('/')[0];
        const bare = (k: string) => k.endsWith('/');
        if (kx !== undefined && ky !== undefined && kx !== ky && !(kind(kx) === kind(ky) && (bare(kx) || bare(ky)))) return true;
      }
    }
  }
  return false;
}

/** Which pod a piece that names none belongs to. */
function ownerOf(p: Piece, drafts: Draft[]): Draft | undefined {
  if (drafts.length === 1) return drafts[0];
  if (p.namespace !== undefined) {
    // events of one namespace (kubectl describe pod -n NS | grep Events -A5): the one pod that may be in it
    const there = drafts.filter((d) => d.namespace === undefined || d.namespace === p.namespace);
    if (there.length === 1) return there[0];
  }
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
  const r: Reader = { file, L, now: opts.now, termWidth: seg.termWidth, warnings: [], skipped: [], skippedLines: [], others: [], skippedObjects: [], evidence: [], claimUsers: [] };
  const read = readBlocks(r, seg, opts.now);
  const { pieces } = read;
  namedByPrompts(pieces, seg.blocks);
  const drafts = new Drafts();
  const anonymous: Piece[] = [];
  const emptyEvents: Piece[] = [];
  for (const p of pieces.sort((a, b) => a.order - b.order || a.line - b.line)) {
    if (p.name === undefined) {
      if (p.rank === 0 && p.events.length === 0 && p.logs === undefined) emptyEvents.push(p);
      else anonymous.push(p);
      continue;
    }
    drafts.named(p, p.name);
  }
  drafts.placeAnonymous(anonymous, r.claimUsers);
  for (const p of emptyEvents) {
    const d = drafts.all.length === 1 ? drafts.all[0] : ownerOf(p, drafts.all);
    if (d) d.pieces.push(p);
  }
  joinEvidence(r, drafts.all, (name, namespace) => drafts.find(name, namespace));
  const { objects, first } = emitDrafts(r, drafts.all, read);
  const warnings = skipWarnings(r, seg, objects.length > 0);
  if (objects.length === 0) {
    if (read.otherDescribe) throw notAPod(file);
    if (read.noEvents) throw new InputError(`${file}: kubectl found no events here, and the text names no pod — pass kubectl describe pod NAME (or kubectl get pod NAME -o yaml)`);
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

/** The pieces a paste's blocks make, and what its blocks say about the whole paste. */
interface ReadBlocks {
  pieces: Piece[];
  /** The instant the paste was taken (given, estimated from a describe, or now). */
  now: number;
  /** `now` was given or estimated: the tables' ages count from it. */
  nowKnown: boolean;
  /** kubectl said it found no events. */
  noEvents: boolean;
  /** A describe of something other than a pod. */
  otherDescribe: boolean;
}

/** Each block → its pieces. */
function readBlocks(r: Reader, seg: Segmenter, given: number | undefined): ReadBlocks {
  const L = r.L;
  // describe first: its text may tell when it was taken, which the tables' ages need
  const pieces: Piece[] = [];
  seg.blocks.forEach((b, k) => {
    if (b.kind === 'describe') pieces.push(...describePieces(r, b, k));
  });
  const estimated = pieces.find((p) => p.estimate !== undefined)?.estimate;
  const now = given ?? estimated ?? Date.now();
  const nowKnown = given !== undefined || estimated !== undefined;
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
      case 'journal':
        pieces.push(...journalPieces(r, b, k, now));
        break;
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
      case 'object-table':
        objectTable(r, b, now);
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
  return { pieces, now, nowKnown, noEvents, otherDescribe };
}

/** A prompt's pod names the output under it. */
function namedByPrompts(pieces: Piece[], blocks: Segmenter['blocks']): void {
  for (const p of pieces) {
    const b = blocks[p.order];
    if (p.name === undefined && b?.cmd?.pod !== undefined && (p.format !== 'pods-table' && p.format !== 'events-table' ? true : p.events.length > 0 || p.eventsSeen)) {
      p.name = b.cmd.pod;
      if (p.namespace === undefined && b.cmd.namespace !== undefined) p.namespace = b.cmd.namespace;
    }
    if (p.namespace === undefined && p.name !== undefined && b?.cmd?.namespace !== undefined && b.cmd.pod === p.name) p.namespace = b.cmd.namespace;
  }
}

/** The pods of a paste as their pieces are placed: by name (a namespace-less name matches the same name in any namespace). */
class Drafts {
  readonly all: Draft[] = [];
  private readonly byName = new Map<string, Draft[]>();

  find(name: string, namespace: string | undefined): Draft | undefined {
    return (this.byName.get(name) ?? []).find((d) => d.namespace === undefined || namespace === undefined || d.namespace === namespace);
  }

  /** A piece that names its pod joins that pod's draft (a new one for a new name). */
  named(p: Piece, name: string): void {
    let d = this.find(name, p.namespace);
    if (!d) {
      d = { name, pieces: [], line: p.line, order: p.order };
      this.all.push(d);
      this.byName.set(name, [...(this.byName.get(name) ?? []), d]);
    }
    if (d.namespace === undefined && p.namespace !== undefined) d.namespace = p.namespace;
    d.pieces.push(p);
  }

  /**
   * Pieces that name no pod: the pod their events name, the pod of the paste, else one pod for all
   * of them (two fragments that contradict each other — "with 300Mi: OOMKilled", "with 500Mi:
   * Running" — are two pods), named from their events, the one pod a described claim says uses it,
   * or made up.
   */
  placeAnonymous(anonymous: Piece[], claimUsers: string[]): void {
    const looses: Draft[] = [];
    for (const p of anonymous) {
      const named = podName(p.events);
      let d = named ? this.find(named.name, named.namespace) : undefined;
      d ??= ownerOf(p, this.all);
      if (d && looses.includes(d) && contradicts(d, p)) d = looses.find((x) => !contradicts(x, p));
      if (!d) {
        d = { pieces: [], line: p.line, order: p.order };
        this.all.push(d);
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
      const users = [...new Set(claimUsers)];
      if (named) {
        loose.name = named.name;
        if (named.namespace !== undefined) loose.namespace = named.namespace;
      } else if (k === 0 && users.length === 1 && !this.find(users[0] as string, undefined)) {
        // the one pod a described claim says uses it
        loose.name = users[0] as string;
      } else {
        loose.name = `${loose.pieces.every((p) => p.pod === undefined && p.logs === undefined) ? 'pasted-events' : 'pasted-pod'}${k > 0 ? `-${k + 1}` : ''}`;
        loose.madeUp = true;
      }
    });
  }
}

/** Each draft assembled into its pod and events, in paste order, then the objects that are no pod's. */
function emitDrafts(r: Reader, drafts: Draft[], read: ReadBlocks): { objects: TextObject[]; first: TextObject | undefined } {
  const L = r.L;
  const objects: TextObject[] = [];
  let first: TextObject | undefined;
  const assembled: JsonObject[] = [];
  // df's table pasted with one pod: the node's disk, as the user's shell saw it
  const nodeDisk = drafts.length === 1 ? nodeDiskSummary(readDf(L.text)) : undefined;
  for (const d of drafts.sort((a, b) => a.order - b.order || a.line - b.line)) {
    const a = assembleDraft(d, read.now, read.nowKnown);
    assembled.push(a.pod);
    const info = { format: a.format, missing: a.missing, warnings: [] as string[], capturedAt: a.capturedAt, ...(a.placeholder ? { placeholder: true } : {}), ...(a.logs ? { logs: a.logs } : {}), ...(a.nodeGone ? { nodeGone: true } : {}), ...(nodeDisk !== undefined ? { nodeDisk } : {}) };
    markTextInput(a.pod, info);
    const o = { value: a.pod, line: a.line };
    first ??= o;
    objects.push(o);
    for (const e of a.events) objects.push({ value: e, line: a.line });
  }
  objects.push(...r.others);
  // `kubectl set image` typed before the pods it made: their image is in the command line
  for (let i = 0; i < L.count; i++) {
    const t = L.text[i] as string;
    if (!t.includes('set image')) continue;
    const set = promptCommand(t)?.setImage;
    if (set) applySetImage(set, assembled);
  }
  return { objects, first };
}

/** The reader's warnings, and what could not be placed, counted (never shown). */
function skipWarnings(r: Reader, seg: Segmenter, anyObjects: boolean): string[] {
  const { L, file } = r;
  const unplaced: number[] = [...r.skipped.map((i) => L.n[i] as number), ...r.skippedLines];
  for (let i = 0; i < L.count; i++) if (!seg.placed[i] && !((L.flags[i] as number) & F_FENCE)) unplaced.push(L.n[i] as number);
  const warnings = [...r.warnings];
  if (r.skippedObjects.length > 0) warnings.push(`${file}: ${r.skippedObjects.length} YAML/JSON object(s) that are not pods or events were skipped (line${new Set(r.skippedObjects).size > 1 ? 's' : ''} ${ranges(r.skippedObjects)})`);
  const nSkipped = new Set(unplaced).size;
  if (nSkipped > 0 && anyObjects) warnings.push(`${file}: ${nSkipped} line(s) could not be read and were skipped (line${nSkipped > 1 ? 's' : ''} ${ranges(unplaced)})`);
  return warnings;
}
