import { once } from 'node:events';
import { stringify, type Stringifier } from 'csv-stringify';

// CSV exports: quoting by csv-stringify, and cells a spreadsheet would run as a formula
// (starting with =, +, -, @, tab or carriage return) neutralised with a leading apostrophe.
// A cell that already starts with apostrophes before such a character gets one more, so that
// restoreCell (the list import) can take exactly the added one off again: "-5" is written
// "'-5", "'=x" is written "''=x", and both read back as they were.

const NEUTRALISED = /^'*[=+\-@\t\r]/;

/** A cell safe to open in a spreadsheet. */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'boolean' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  return NEUTRALISED.test(text) ? `'${text}` : text;
}

/** A cell as it was before safeCell: the apostrophe safeCell adds is taken off (other text is left alone). */
export function restoreCell(text: string): string {
  return text.startsWith("'") && NEUTRALISED.test(text) ? text.slice(1) : text;
}

/**
 * Streams records (arrays of cells, in `header` order) as CSV with a header line, pulling the
 * next record only when the reader has taken the previous ones (memory stays bounded). A
 * failure while reading ends the stream with that error.
 */
export function csvStream(header: readonly string[], records: AsyncIterable<readonly unknown[]>): Stringifier {
  // Header cells are neutralised too: a list's column labels are the user's text.
  const out = stringify({ header: true, columns: header.map(safeCell) });
  void (async () => {
    try {
      for await (const record of records) {
        if (out.destroyed) return;
        if (!out.write(record.map(safeCell))) await once(out, 'drain');
      }
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
