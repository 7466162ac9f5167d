import { once } from 'node:events';
import { stringify, type Stringifier } from 'csv-stringify';

// CSV exports: quoting by csv-stringify, and cells a spreadsheet would run as a formula
// (starting with =, +, -, @, tab or carriage return) neutralised with a leading apostrophe.

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell safe to open in a spreadsheet. */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'boolean' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Streams records (arrays of cells, in `header` order) as CSV with a header line, pulling the
 * next record only when the reader has taken the previous ones (memory stays bounded). A
 * failure while reading ends the stream with that error.
 */
export function csvStream(header: readonly string[], records: AsyncIterable<readonly unknown[]>): Stringifier {
  const out = stringify({ header: true, columns: [...header] });
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
