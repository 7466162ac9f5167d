// A fast reader for the CSV most files are: comma-separated, double quotes (a quote doubled
// inside them), lines ending in \n or \r\n, every record as wide as the first. For such a file it
// gives exactly the records csv-parse gives with the options the list import uses
// ({ bom: true, skip_empty_lines: true, relax_column_count: false }). Anything else (another
// newline, a quote out of place, a quote not closed, records of different widths) it does not
// read: the caller asks csv-parse, whose answer (its records, or its error) stands.
// Why: it reads the string itself, its cells slices of it, where csv-parse encodes the text to
// bytes and decodes every cell back; a first scan only finds where each record starts, so the
// records can be read a batch at a time, as often as needed, without holding them all.

const COMMA = 44;
const QUOTE = 34;
const LF = 10;
const CR = 13;
/** The file is not one this reader reads. */
const IRREGULAR = -1;
/** Records scanned between two turns of the event loop (a few milliseconds). */
const SCAN_TURN = 20_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A scanned file: how many records it has, and the records read from it on demand. */
export interface ScannedCsv {
  readonly count: number;
  /** The records `from` to `from + max` (fewer at the end of the file). */
  records(from: number, max: number): string[][];
}

class Scanner {
  /** The file's newline, \n or \r\n: the first one met outside quotes decides (as in csv-parse). */
  private newline: string | null = null;
  /** How many cells the first record has. */
  private width = -1;

  constructor(private readonly text: string) {}

  /** The length of the newline at `pos`: 0 when there is none, IRREGULAR for a lone \r or the other newline. */
  private newlineAt(pos: number): number {
    const c = this.text.charCodeAt(pos);
    if (c !== LF && c !== CR) return 0;
    if (c === CR && this.text.charCodeAt(pos + 1) !== LF) return IRREGULAR;
    const found = c === CR ? '\r\n' : '\n';
    this.newline ??= found;
    return found === this.newline ? found.length : IRREGULAR;
  }

  /**
   * Reads up to `max` records from `pos` (the start of a line): each one's start is given to
   * `start`, and its cells to `take` when given. Empty lines are no records. Returns where it
   * stopped, or IRREGULAR.
   */
  read(pos: number, max: number, start: ((at: number) => void) | null, take: ((cells: string[]) => void) | null): number {
    const text = this.text;
    const end = text.length;
    for (let count = 0; pos < end && count < max; ) {
      const skip = this.newlineAt(pos);
      if (skip === IRREGULAR) return IRREGULAR;
      if (skip > 0) {
        pos += skip;
        continue;
      }
      start?.(pos);
      const cells: string[] | null = take ? [] : null;
      let width = 0;
      for (;;) {
        if (text.charCodeAt(pos) === QUOTE) {
          let from = pos + 1;
          let value = '';
          for (;;) {
            const q = text.indexOf('"', from);
            if (q < 0) return IRREGULAR;
            if (text.charCodeAt(q + 1) === QUOTE) {
              if (cells) value += text.slice(from, q + 1);
              from = q + 2;
              continue;
            }
            if (cells) value += text.slice(from, q);
            pos = q + 1;
            break;
          }
          const next = text.charCodeAt(pos);
          if (pos < end && next !== COMMA && next !== LF && next !== CR) return IRREGULAR;
          cells?.push(value);
        } else {
          let p = pos;
          for (; p < end; p++) {
            const c = text.charCodeAt(p);
            if (c === COMMA || c === LF || c === CR) break;
            if (c === QUOTE) return IRREGULAR;
          }
          cells?.push(text.slice(pos, p));
          pos = p;
        }
        width += 1;
        if (pos >= end) break;
        if (text.charCodeAt(pos) === COMMA) {
          pos += 1;
          continue;
        }
        const newline = this.newlineAt(pos);
        if (newline <= 0) return IRREGULAR;
        pos += newline;
        break;
      }
      if (this.width === -1) this.width = width;
      else if (width !== this.width) return IRREGULAR;
      if (cells) take!(cells);
      count += 1;
    }
    return pos;
  }
}

/**
 * Scans `text` (the event loop given a turn now and then): the file, or null when this reader
 * does not read it (then csv-parse must).
 */
export async function scanCsv(text: string): Promise<ScannedCsv | null> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const scanner = new Scanner(body);
  const starts: number[] = [];
  const remember = (at: number) => void starts.push(at);
  for (let pos = 0; pos < body.length; ) {
    pos = scanner.read(pos, SCAN_TURN, remember, null);
    if (pos === IRREGULAR) return null;
    if (pos < body.length) await nextTurn();
  }
  const offsets = Int32Array.from(starts);
  return {
    count: offsets.length,
    records(from, max) {
      const out: string[][] = [];
      if (from < offsets.length) scanner.read(offsets[from], Math.min(max, offsets.length - from), null, (cells) => void out.push(cells));
      return out;
    },
  };
}
