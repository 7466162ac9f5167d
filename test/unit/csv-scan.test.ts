import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { scanCsv } from '../../src/lib/csv-scan.js';

// The fast CSV reader of the list import either reads a file exactly as csv-parse does with the
// import's options, or leaves it to csv-parse (null). Checked on hand-picked files and on many
// random ones made of the characters that matter (separators, quotes, both newlines, spaces,
// accents and an emoji).

const OPTIONS = { bom: true, relax_column_count: false, skip_empty_lines: true } as const;

/** csv-parse's records, or the error it throws. */
function csvParse(text: string): string[][] | Error {
  try {
    return parse(text, OPTIONS) as string[][];
  } catch (err) {
    return err as Error;
  }
}

async function scanned(text: string): Promise<string[][] | null> {
  const file = await scanCsv(text);
  return file && file.records(0, file.count);
}

/** A deterministic pseudo-random sequence (the same files on every run). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x80000000;
  };
}

describe('scanCsv', () => {
  it.each([
    ['plain lines', 'a,b\n1,2\n'],
    ['no newline at the end', 'a,b\n1,2'],
    ['\\r\\n lines', 'a,b\r\n1,2\r\n'],
    ['a BOM', '\uFEFFa,b\n1,2\n'],
    ['empty lines, before, between and after', '\n\na,b\n\n1,2\n\n\n'],
    ['quoted cells with commas, quotes and newlines', 'a,b\n"x, y","say ""hi"""\n"line\nbreak","r\r\nn"\n'],
    ['empty cells and an empty quoted cell', 'a,b,c\n,,\n"",x,\n'],
    ['a trailing separator at the end of the file', 'a,b\n1,'],
    ['an emoji and accents', 'a,b\n😀,é\n'],
    ['one column with a quoted empty line', 'a\n""\nb\n'],
  ])('reads %s as csv-parse does', async (_, text) => {
    expect(await scanned(text)).toEqual(csvParse(text));
  });

  it.each([
    ['a lone \\r newline', 'a,b\r1,2\r'],
    ['mixed newlines', 'a,b\n1,2\r\n'],
    ['a quote inside a cell', 'a,b\n1,x"y\n'],
    ['text after a closing quote', 'a,b\n"1"x,2\n'],
    ['a quote not closed', 'a,b\n"1,2\n'],
    ['records of different widths', 'a,b\n1,2,3\n'],
  ])('leaves %s to csv-parse', async (_, text) => {
    expect(await scanned(text)).toBeNull();
  });

  it('counts the records and reads any range of them', async () => {
    const text = `h1,h2\n${Array.from({ length: 50 }, (_, i) => `"${i}\n",${i}`).join('\r\n'.slice(1))}\n`;
    const file = (await scanCsv(text))!;
    expect(file.count).toBe(51);
    expect(file.records(10, 3)).toEqual([
      ['9\n', '9'],
      ['10\n', '10'],
      ['11\n', '11'],
    ]);
    expect(file.records(49, 10)).toEqual([['48\n', '48'], ['49\n', '49']]);
    expect(file.records(51, 10)).toEqual([]);
  });

  it('on 5,000 random files, reads exactly what csv-parse reads, or leaves the file to it', async () => {
    const next = random(37);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
    const plain = ['a', 'b', 'é', '😀', ' ', ''];
    const inQuotes = [...plain, ',', '""', '\n', '\r\n', '\r'];
    const stray = [',', '"', '\n', '\r\n', '\r', 'x', ''];
    let read = 0;
    for (let n = 0; n < 5000; n++) {
      // A regular file (some cells quoted, empty lines here and there), then often a stray piece
      // inserted or a character taken out somewhere.
      const width = 1 + Math.floor(next() * 3);
      const newline = pick(['\n', '\r\n']);
      const cell = () => (next() < 0.3 ? `"${Array.from({ length: Math.floor(next() * 4) }, () => pick(inQuotes)).join('')}"` : Array.from({ length: Math.floor(next() * 3) }, () => pick(plain)).join(''));
      const lines = Array.from({ length: Math.floor(next() * 5) }, () => (next() < 0.1 ? '' : Array.from({ length: width }, cell).join(',')));
      let text = (next() < 0.1 ? '\uFEFF' : '') + lines.join(newline) + (next() < 0.5 ? newline : '');
      for (let m = Math.floor(next() * 3) - 1; m > 0; m--) {
        const at = Math.floor(next() * (text.length + 1));
        text = next() < 0.5 ? text.slice(0, at) + pick(stray) + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
      }
      const mine = await scanned(text);
      if (mine === null) continue;
      read += 1;
      expect(mine, JSON.stringify(text)).toEqual(csvParse(text));
    }
    // Enough of the files are read (not left to csv-parse) for the comparison to mean something.
    expect(read).toBeGreaterThan(2000);
  });
});
