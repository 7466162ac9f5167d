import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../http/errors.js';
import { restoreCell } from '../../lib/csv.js';
import type { Column } from './dsl.js';

// The CSV form of a list's rows, one definition for the export (GET /api/lists/{id}/export)
// and the import (import.ts), so that an exported file imports back into a list of the same
// schema as it was:
// - the header names each column by its label, or by its key where the import would not find
//   the column by that label (two columns with one label, a label that is another column's key,
//   a label with surrounding spaces); the import takes either;
// - a multiselect cell holds its values separated by `;` (so an option holding `;` cannot
//   travel through CSV); a boolean is true or false (the import also takes 1/0 and yes/no);
//   numbers, dates (YYYY-MM-DD), datetimes (ISO 8601) and text are written as stored;
//   an empty cell is no value;
// - cells a spreadsheet would run as a formula carry a leading apostrophe (lib/csv.ts safeCell,
//   applied as the file is written), which the import takes off again (restoreCell).

export const MULTISELECT_SEPARATOR = ';';

/** Bytes looked at for a NUL, which no CSV text holds (a spreadsheet, an image, a PDF, UTF-16 do). */
const SNIFF_BYTES = 64 * 1024;

/**
 * The text of an uploaded CSV file, or 415 when its bytes say it is another kind of file (by its
 * magic bytes, as the media uploads are checked, or a NUL byte): refused at upload rather than
 * queued as a job that could only fail.
 */
export async function csvFileText(bytes: Buffer): Promise<string> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected || bytes.subarray(0, SNIFF_BYTES).includes(0)) {
    const kind = detected ? ` (it is ${detected.mime})` : '';
    throw new AppError(415, `The file is not a CSV text file${kind}: export the sheet as CSV (UTF-8) and send that`, 'unsupported_media_type');
  }
  return bytes.toString('utf8');
}

/** What an import's error adds to a multiselect column's message. */
export const MULTISELECT_NOTE = `a CSV cell separates a multiselect's values with ${MULTISELECT_SEPARATOR}`;

/** The header cell of each column: its label, unless the import would take that for another column. */
export function headerNames(columns: readonly Column[]): string[] {
  const keys = new Set(columns.map((c) => c.key));
  const uses = new Map<string, number>();
  for (const c of columns) uses.set(c.label, (uses.get(c.label) ?? 0) + 1);
  return columns.map((c) => {
    const findsItself = c.label === c.label.trim() && uses.get(c.label) === 1 && (c.label === c.key || !keys.has(c.label));
    return findsItself ? c.label : c.key;
  });
}

/** The text of a stored value in its column's cell (before the formula guard). */
export function cellText(column: Column, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (column.type === 'multiselect' && Array.isArray(value)) return value.join(MULTISELECT_SEPARATOR);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A header cell as the name it gives (a column's key or label). */
export function readHeader(cell: string): string {
  return restoreCell(cell.trim());
}

/**
 * A cell as the column's value: numbers, booleans and multiselect lists parsed; what does not
 * parse is left as text for the row validation to refuse in words. An empty cell is no value.
 */
export function readCell(column: Column, cell: string): unknown {
  const text = restoreCell(cell);
  if (text === '') return undefined;
  switch (column.type) {
    case 'number': {
      const n = Number(text.trim());
      return text.trim() !== '' && Number.isFinite(n) ? n : text;
    }
    case 'boolean': {
      const t = text.trim().toLowerCase();
      return ['true', '1', 'yes'].includes(t) ? true : ['false', '0', 'no'].includes(t) ? false : text;
    }
    case 'multiselect':
      return text
        .split(MULTISELECT_SEPARATOR)
        .map((s) => s.trim())
        .filter((s) => s !== '');
    default:
      return text;
  }
}
