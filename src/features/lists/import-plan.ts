import { newId } from '../../lib/ids.js';
import { parseStored, type PreparedRow, type StoredColumn } from './queries/index.js';
import { lineReader, type CsvFile } from './import-lines.js';
import { prepareRow } from './row-data.js';

// The plan of a CSV import's writes: the lines its checks passed, in order, each with the row it
// writes. What the plan is made of is kept from the end of the checks until the import ends
// (list_import_plans, migration 033): the lines the checks refused, the id the new rows' ids are
// derived from, and each upserted row's id and data before the import. That is a few bytes for
// most files (keeping every row's JSON, one escaped JSON of ~20 MB for 100,000 lines, was a sixth
// of an import's time). The first run holds its checked rows until written (HeldRows); a re-run
// reads them from the file again (kept until the import ends), a write batch at a time.

/** A planned line, as written. */
export interface Planned {
  /** The line in the file (the header is line 1). */
  line: number;
  /** The row written: a new row's derived id (plannedRowId), or the stored row an upsert updates. */
  rowId: string;
  row: PreparedRow;
  /** An upserted row's data before the import (all-or-nothing takes it back on failure). */
  prev?: string;
  /** An upserted row's editor before the import (taken back with its data). */
  prevEditor?: string | null;
}

/** A row an import wrote, as taking it back needs it: a new row (no `prev`) or an upserted one. */
export type WrittenRow = Pick<Planned, 'rowId' | 'prev' | 'prevEditor'>;

/** What is kept of a plan (JSON in list_import_plans). */
export interface KeptPlan {
  /** The id the new rows' ids are derived from (plannedRowId). */
  base: string;
  /** The lines the checks refused, in order. */
  skipped: number[];
  /** The upserts: [index in the plan, row id, data before the import, editor before the import]. */
  updates: [number, string, string, string | null][];
}

/** A plan with nothing in it yet, its row ids derived from a fresh base (whose time and sequence are this process's alone). */
export const newPlan = (): KeptPlan => ({ base: newId(), skipped: [], updates: [] });

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/**
 * The id of the new row planned at `index`: the base's first 64 bits (its time and sequence, so
 * the ids sort in plan order, as rows of one batch must, and after every id made before) and its
 * last 32 random bits, with the index (30 bits: a 20 MB file has far fewer lines) between them,
 * after the UUID variant. Every run derives the same ids, so no list of them is kept.
 */
export function plannedRowId(base: string, index: number): string {
  return `${base.slice(0, 19)}${hex(0x8000 | ((index >>> 16) & 0x3fff), 4)}-${hex(index & 0xffff, 4)}${base.slice(28)}`;
}

/** A line of the file no longer passes the list's checks (its columns changed after the checking pass). */
export class LinesChanged extends Error {}

/**
 * The planned rows from the `from`th on, in batches of `size`: the lines of `file` that the plan
 * did not refuse, read as the rows they write under `columns`, with the ids the plan gives them.
 * Throws LinesChanged when a line no longer passes (or the header no longer names a column).
 */
export function* plannedRows(columns: readonly StoredColumn[], plan: KeptPlan, file: CsvFile, from: number, size: number): Generator<Planned[]> {
  const reader = lineReader(columns, file.records(0, 1)[0] ?? []);
  if (reader.unknownHeaders.length > 0) throw new LinesChanged();
  const skipped = new Set(plan.skipped);
  const updates = new Map(plan.updates.map((u) => [u[0], u] as const));
  let index = 0;
  let batch: Planned[] = [];
  for (let at = 1; at < file.count; at += size) {
    for (const [i, cells] of file.records(at, size).entries()) {
      const line = at + i + 1;
      if (skipped.has(line)) continue;
      const planned = index++;
      if (planned < from) continue;
      const update = updates.get(planned);
      const { stored, messages } = reader.check(reader.input(cells), update && parseStored(update[2]));
      if (messages.length > 0) throw new LinesChanged();
      const row = prepareRow(columns, stored);
      batch.push(update ? { line, rowId: update[1], row, prev: update[2], prevEditor: update[3] } : { line, rowId: plannedRowId(plan.base, planned), row });
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/** A run of planned rows as HeldRows keeps them. */
interface HeldChunk {
  /** The plan index of its first row. */
  first: number;
  lines: number[];
  /** The rows' JSON, joined by newlines (JSON.stringify writes none). */
  data: string;
  /** The rows' unique values, as one JSON array. */
  keys: string;
}

/**
 * The checked rows of a first run, held from the checks until their writes. They are kept a chunk
 * at a time (close() ends one) in a few large strings rather than as a million small objects,
 * which the garbage collector would copy again and again while the checks go on.
 */
export class HeldRows {
  private readonly chunks: HeldChunk[] = [];
  private lines: number[] = [];
  private data: string[] = [];
  private keys: PreparedRow['keys'][] = [];
  /** How many rows are held. */
  count = 0;

  constructor(private readonly plan: KeptPlan) {}

  /** Holds the next planned row: the row of `line` (the upserts among them are the plan's). */
  add(line: number, row: PreparedRow): void {
    this.lines.push(line);
    this.data.push(row.data);
    this.keys.push(row.keys);
    this.count += 1;
  }

  /** Packs the rows added since the last close. */
  close(): void {
    if (this.lines.length === 0) return;
    this.chunks.push({ first: this.count - this.lines.length, lines: this.lines, data: this.data.join('\n'), keys: JSON.stringify(this.keys) });
    this.lines = [];
    this.data = [];
    this.keys = [];
  }

  /** The held rows, in batches of `size`, with the ids the plan gives them. */
  *batches(size: number): Generator<Planned[]> {
    this.close();
    const updates = new Map(this.plan.updates.map((u) => [u[0], u] as const));
    let batch: Planned[] = [];
    for (const chunk of this.chunks) {
      const data = chunk.data.split('\n');
      const keys = JSON.parse(chunk.keys) as PreparedRow['keys'][];
      for (const [i, line] of chunk.lines.entries()) {
        const index = chunk.first + i;
        const row = { data: data[i], keys: keys[i] };
        const update = updates.get(index);
        batch.push(update ? { line, rowId: update[1], row, prev: update[2], prevEditor: update[3] } : { line, rowId: plannedRowId(this.plan.base, index), row });
        if (batch.length === size) {
          yield batch;
          batch = [];
        }
      }
    }
    if (batch.length > 0) yield batch;
  }
}

/** The first `count` rows of a kept plan (those an import committed), as a take-back needs them. */
export function writtenRows(plan: KeptPlan, count: number): WrittenRow[] {
  const updates = new Map(plan.updates.map(([index, rowId, prev, prevEditor]) => [index, { rowId, prev, prevEditor }] as const));
  return Array.from({ length: count }, (_, index) => updates.get(index) ?? { rowId: plannedRowId(plan.base, index) });
}

/**
 * A plan kept before migration 033 (in list_import_data, in place of the file): every planned
 * row as [line, row id, 1 = insert, data, unique keys, previous data, previous editor (absent in
 * the oldest)]. An import whose writes began then is finished from it.
 */
type RowsPlanned = [number, string, 0 | 1, string, PreparedRow['keys'], string | null, (string | null)?];

export const rowsPlan = (text: string): Planned[] =>
  (JSON.parse(text) as RowsPlanned[]).map(([line, rowId, insert, data, keys, prev, prevEditor]) => ({
    line,
    rowId,
    row: { data, keys },
    ...(insert ? {} : { prev: prev!, prevEditor: prevEditor ?? null }),
  }));

/** `rows` in batches of `size`. */
export function* inBatches(rows: readonly Planned[], size: number): Generator<Planned[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}
