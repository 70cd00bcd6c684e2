// The hand-off to the text readers: YAML or JSON that, while small, does not parse (a paste with
// prose around it, indentation broken by a copy) or parses into something that is no Kubernetes
// object is read again line by line, as kubectl text and pastes are (../text/).

import { InputError } from '../../model/errors.js';
import { textReader } from '../text-reader.js';
import type { Deferrer, ItemDeferral, ParsedDoc } from './common.js';
import { BreakError, damageOf, isStructuredStart, type Damage } from './damage.js';
import type { JsonDocuments } from './json.js';
import type { YamlDocuments } from './yaml.js';

/** YAML or JSON under this size that fails to parse is read again line by line (paste.ts). */
export const FALLBACK_MAX = 8 * 1024 * 1024;

/** Parse errors that a line-by-line reading may get past (breaks; not limits, anchors or depth). */
function recoverable(e: unknown): e is BreakError {
  return e instanceof BreakError;
}

/** What the YAML reader makes of a document is something podwhy reads (else the text may be a paste). */
function k8sShaped(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  if (typeof o['kind'] === 'string' || Array.isArray(o['items'])) return true;
  const isObj = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x);
  const spec = o['spec'] as Record<string, unknown> | undefined;
  const status = o['status'] as Record<string, unknown> | undefined;
  return isObj(o['involvedObject']) || isObj(o['regarding']) || (isObj(spec) && Array.isArray(spec?.['containers'])) || (isObj(status) && (Array.isArray(status?.['containerStatuses']) || (status?.['phase'] !== undefined && isObj(o['metadata']))));
}

/**
 * A YAML or JSON reader that, while the input is small, keeps its text and holds its documents:
 * when the input does not parse (a paste with prose around it, indentation broken by a copy) or
 * parses into something that is no Kubernetes object, the text is read line by line instead.
 *
 * Structured input (a YAML or JSON document from its first line: damage.ts) that breaks is not
 * read again as a paste: what the reader handed on before the break is kept (the documents before
 * it, and what was complete of the one it broke in), the rest is not read, and `damage` says where
 * it broke. Only what was read before the break, if it is no Kubernetes object as it stands (a
 * pod's status alone), is read again as a paste, up to the line it broke on.
 */
export class WithFallback {
  private raw: string[] | undefined = [];
  private size = 0;
  private held: ParsedDoc[] | undefined = [];
  private failed: InputError | undefined;
  private readonly inner: YamlDocuments | JsonDocuments;

  constructor(
    private readonly file: string,
    private readonly emit: (d: ParsedDoc) => void,
    private readonly now: number | undefined,
    make: (emit: (d: ParsedDoc) => void, deferral: () => ItemDeferral | undefined) => YamlDocuments | JsonDocuments,
    private readonly checkShape: boolean,
    /** The text is JSON only by its first character ("[step 3] …"): its JSON error would mislead. */
    private readonly looseJson = false,
    /** Lines before this input in its file (the header of a fixture). */
    private readonly offset = 0,
    /** Where items of big Lists may be parsed, once the text is too big to be read again. */
    defer?: Deferrer,
    private readonly fallbackMax = FALLBACK_MAX,
    /** The input is a YAML or JSON document from its first line (damage.ts: isStructuredStart). */
    private readonly structured = false,
  ) {
    this.inner = make(
      (d) => {
        const shifted = this.offset === 0 ? d : { ...d, line: d.line + this.offset, ...(d.itemLines ? { itemLines: d.itemLines.map((n) => n + this.offset) } : {}) };
        if (this.held) this.held.push(shifted);
        else this.emit(shifted);
      },
      () => (this.raw === undefined ? defer?.current() : undefined),
    );
  }

  private letGo(): void {
    // too big to read again: from now on, documents go out as they come
    this.raw = undefined;
    const held = this.held ?? [];
    this.held = undefined;
    for (const d of held) this.emit(d);
  }

  write(text: string): void {
    if (this.raw) {
      this.size += text.length;
      if (this.size > this.fallbackMax) {
        this.letGo();
        if (this.failed && !this.broke) throw this.failed;
      } else this.raw.push(text);
    }
    if (this.failed) return;
    try {
      this.inner.write(text);
    } catch (e) {
      this.caught(e);
    }
  }

  /** Where structured input broke (the reader's own lines, before `offset`). */
  private broke: BreakError | undefined;

  private caught(e: unknown): void {
    if (this.structured && e instanceof BreakError) {
      this.broke = e;
      this.failed = e;
      return;
    }
    if (!this.raw || !recoverable(e)) throw e;
    this.failed = e;
  }

  /** Where the input broke, and what was read of it: for structured input only. */
  get damage(): Damage | undefined {
    return this.broke ? damageOf(this.file, this.broke, this.offset) : undefined;
  }

  end(): void {
    if (!this.failed) {
      try {
        this.inner.end();
      } catch (e) {
        this.caught(e);
      }
    }
    const raw = this.raw;
    if (!raw) return;
    if (this.broke) {
      this.endBroken(raw, this.broke);
      return;
    }
    if (this.failed || (this.checkShape && !(this.held ?? []).every((d) => k8sShaped(d.value)))) {
      let objects: { value: unknown; line: number }[] = [];
      try {
        objects = textReader().parseKubectlText(raw.join(''), this.file, this.now, this.offset).objects;
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        // (text that is no document from its first line, prose around a quote say, is refused
        // for what the text reader found in it, not for the YAML it never was)
        // (a YAML document indented as a whole is still YAML: its error says where it broke)
        if (this.failed) throw (this.structured || isStructuredStart(raw.join('').slice(0, 65536).trimStart())) && !this.looseJson ? this.failed : e;
      }
      if (objects.some((o) => (o.value as Record<string, unknown>)['kind'] === 'Pod') || (this.failed && objects.length > 0)) {
        for (const o of objects) this.emit({ value: o.value, line: o.line });
        return;
      }
      if (this.failed) throw this.failed;
    }
    for (const d of this.held ?? []) this.emit(d);
  }

  /** Structured input that broke: what was read before the break (see the class comment). */
  private endBroken(raw: string[], b: BreakError): void {
    const held = this.held ?? [];
    this.held = undefined;
    if (this.checkShape && !held.every((d) => k8sShaped(d.value))) {
      const text = raw.join('');
      let end = 0;
      for (let n = 1; n < b.line && end >= 0; n++) end = text.indexOf('\n', end) + 1 || -1;
      let objects: { value: unknown; line: number }[] = [];
      try {
        objects = textReader().parseKubectlText(end < 0 ? text : text.slice(0, end), this.file, this.now, this.offset).objects;
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
      }
      if (objects.some((o) => (o.value as Record<string, unknown>)['kind'] === 'Pod')) {
        for (const o of objects) this.emit({ value: o.value, line: o.line });
        return;
      }
    }
    for (const d of held) this.emit(d);
  }
}
