import { parse } from 'csv-parse';
import { scanCsv } from '../../lib/csv-scan.js';
import type { StoredColumn } from './queries/index.js';
import { MULTISELECT_NOTE, readCell, readHeader } from './list-csv.js';
import { presentRowData } from './presenter.js';
import { storedData } from './row-data.js';
import { rowValidator } from './validate.js';

// How a CSV import reads its file: the records, the columns its header names, and each line as
// the row it would write, checked as the API checks a row. The checking pass and a re-run that
// resumes the writes (which reads the rows' data from the file again) read lines the same way.

/** Characters of the file handed to csv-parse at a time (a few milliseconds of parsing). */
const PARSE_CHUNK = 256 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A file's records (its header the first), read a batch at a time, as often as needed. */
export interface CsvFile {
  readonly count: number;
  /** The records `from` to `from + max` (fewer at the end of the file). */
  records(from: number, max: number): string[][];
}

/**
 * Reads `content` as CSV, or throws csv-parse's error when it is not valid CSV. Most files are
 * read by lib/csv-scan.ts (the same records, a batch at a time, without holding them all); any
 * other is parsed by csv-parse whole.
 */
export async function readCsv(content: string): Promise<CsvFile> {
  const scanned = await scanCsv(content);
  if (scanned) return scanned;
  const records = await parseCsv(content);
  return { count: records.length, records: (from, max) => records.slice(from, from + max) };
}

/** Parses the file with csv-parse a chunk at a time, giving the event loop a turn between chunks. */
async function parseCsv(content: string): Promise<string[][]> {
  const parser = parse({ bom: true, relax_column_count: false, skip_empty_lines: true });
  const records: string[][] = [];
  let failed = false;
  const done = new Promise<void>((resolve, reject) => {
    parser.on('readable', () => {
      let r: string[] | null;
      while ((r = parser.read() as string[] | null) !== null) records.push(r);
    });
    parser.on('end', resolve);
    parser.on('error', (err) => {
      failed = true;
      reject(err);
    });
  });
  done.catch(() => undefined);
  for (let i = 0; i < content.length && !failed; ) {
    // A chunk never ends between the two halves of a character outside the BMP (an emoji): each
    // chunk is encoded to UTF-8 alone, where half a character would become U+FFFD.
    let next = Math.min(content.length, i + PARSE_CHUNK);
    if (next < content.length && isHighSurrogate(content.charCodeAt(next - 1))) next -= 1;
    parser.write(content.slice(i, next));
    i = next;
    await nextTurn();
  }
  if (!failed) parser.end();
  await done;
  return records;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** A line as checked: the row's data as stored (by property id), and what is wrong with it. */
export interface CheckedLine {
  stored: Record<string, unknown>;
  messages: string[];
}

export interface LineReader {
  /** The header cells that name no column of the list (the file cannot be imported then). */
  unknownHeaders: string[];
  /** A line's cells as values by column key (empty cells left out). */
  input(cells: readonly string[]): Record<string, unknown>;
  /** The row a line writes: over `target` (an upserted row's stored data) when given, validated. */
  check(input: Record<string, unknown>, target?: Record<string, unknown>): CheckedLine;
}

/** Reads the lines under `header` for a list of `columns` (its validation compiled once). */
export function lineReader(columns: readonly StoredColumn[], header: readonly string[]): LineReader {
  const headerColumns = header.map((h) => {
    const name = readHeader(h);
    return columns.find((c) => c.key === name) ?? columns.find((c) => c.label === name);
  });
  const validate = rowValidator(columns, { multiselect: MULTISELECT_NOTE });
  return {
    unknownHeaders: header.filter((_, i) => !headerColumns[i]),
    input(cells) {
      const input: Record<string, unknown> = {};
      for (let j = 0; j < headerColumns.length; j++) {
        const c = headerColumns[j]!;
        const v = readCell(c, cells[j] ?? '');
        if (v !== undefined) input[c.key] = v;
      }
      return input;
    },
    check(input, target) {
      const merged = target ? { ...presentRowData(columns, target), ...input } : input;
      const { data, errors } = validate(merged, target === undefined);
      return { stored: storedData(columns, data), messages: errors };
    },
  };
}
