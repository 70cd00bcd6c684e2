// What a worker thread renders of its pods, for the formats that workers serve (the main thread's
// writers, writers.ts, take these pieces in input order). One function for every such format, so
// the worker and the main thread agree on the formats by construction.

import type { PodDiagnosis } from '../engine/types.js';
import type { OutputFormat } from '../model/vocabulary.js';
import { jsonPieces } from './json.js';
import type { ScanEntry } from './text.js';
import { wideRows } from './wide.js';
import type { Pieces } from './writers.js';
import type { Words } from './words.js';

/** The formats worker threads render their pods for; the others are written from the diagnoses on the main thread. */
export type PieceFormat = 'json' | 'wide' | 'text';

export function workersServe(format: OutputFormat): format is { kind: PieceFormat } {
  return format.kind === 'json' || format.kind === 'wide' || format.kind === 'text';
}

/** A batch of pods rendered for the format; `entry` renders one pod of the text report (made once per worker). */
export function piecesFor(format: PieceFormat, ds: readonly PodDiagnosis[], words: Words, all: boolean, entry: ((d: PodDiagnosis) => ScanEntry) | undefined): Pieces {
  switch (format) {
    case 'json':
      return { json: jsonPieces(ds, words) };
    case 'wide':
      return { wide: wideRows(ds, all) };
    case 'text':
      if (!entry) throw new Error('text pieces need the report entry renderer');
      return { entries: ds.map(entry) };
  }
}
