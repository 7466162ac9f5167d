import { graphemeList } from '../../lib/post-lengths.js';

// The thread splitter of materialize's message drafts (spec, Materialize: "thread carries the
// split parts in reply order"). Parts are packed greedily, whole sentences first, then whole
// words; a word (a URL included) is cut only when it alone is over the limit, and then between
// graphemes, never inside one (an emoji with its modifiers, a letter with its combining marks).
// `fits` is the whole length rule (every network's own measure), so a part is checked as it will
// be posted rather than by adding up lengths.

export type Fits = (text: string) => boolean;

const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

const isUrl = (word: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(word);
/** Whitespace-separated words, each with the whitespace after it. */
const wordsOf = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

/** Sentences, each with the whitespace after it; a "sentence end" inside a URL (`?`, `.`) is none. */
function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const { segment } of sentenceSegmenter.segment(text)) {
    const last = out.at(-1);
    if (last !== undefined && !/\s$/.test(last) && isUrl(last.split(/\s/).at(-1)!)) out[out.length - 1] = last + segment;
    else out.push(segment);
  }
  return out;
}

/** The longest run of `pieces` from the start whose join fits (at least one piece, which may not fit). */
function longestFitting(pieces: readonly string[], fits: Fits): number {
  let lo = 1;
  let hi = pieces.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(pieces.slice(0, mid).join('').trim())) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Cuts one over-long word: between the words of a script without spaces (CJK), else between graphemes. */
function cutWord(word: string, fits: Fits): string[] {
  const inner = isUrl(word) ? [word] : Array.from(wordSegmenter.segment(word), (s) => s.segment);
  const pieces = inner.length > 1 && inner.every((p) => fits(p)) ? inner : graphemeList(word);
  const out: string[] = [];
  for (let rest = pieces; rest.length > 0; ) {
    const n = longestFitting(rest, fits);
    out.push(rest.slice(0, n).join(''));
    rest = rest.slice(n);
  }
  return out;
}

/** Greedy packing of units (sentences or words, each with its trailing space) into parts that fit. */
function pack(units: readonly string[], fits: Fits, breakUnit: (unit: string) => string[]): string[] {
  const parts: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) parts.push(current.trim());
    current = '';
  };
  for (const unit of units) {
    if (fits((current + unit).trim())) {
      current += unit;
      continue;
    }
    flush();
    if (fits(unit.trim())) {
      current = unit;
      continue;
    }
    // The unit alone is over the limit: its pieces, the last one left open for what follows.
    const pieces = breakUnit(unit).filter((p) => p.trim());
    for (const [i, piece] of pieces.entries()) {
      if (i < pieces.length - 1) parts.push(piece.trim());
      else current = piece;
    }
  }
  flush();
  return parts;
}

function split(text: string, fits: Fits): string[] {
  const byWords = (sentence: string) => pack(wordsOf(sentence), fits, (word) => cutWord(word, fits)).map((p, i, all) => (i < all.length - 1 ? p : `${p} `));
  return pack(sentencesOf(text), fits, byWords);
}

const label = (i: number, n: number) => ` ${i}/${n}`;

/**
 * `text` as the parts of a thread that each fit, in reply order ([text] when it fits as it is).
 * `numbered` ends each part with " i/n", counted within the limit (skipped when even a one-grapheme
 * part could not carry it).
 */
export function splitThread(text: string, fits: Fits, { numbered = false } = {}): string[] {
  const trimmed = text.trim();
  if (fits(trimmed)) return [trimmed];
  const parts = split(trimmed, fits);
  if (!numbered) return parts;
  // The label's room depends on how many parts there are: split again until the count settles.
  let n = parts.length;
  for (let tries = 0; tries < 5; tries++) {
    const widest = label(n, n);
    if (!fits(`x${widest}`)) return parts;
    const labelled = split(trimmed, (t) => fits(t + widest));
    if (String(labelled.length).length <= String(n).length) return labelled.map((p, i) => p + label(i + 1, labelled.length));
    n = labelled.length;
  }
  return parts;
}
