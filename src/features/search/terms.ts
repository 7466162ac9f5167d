import { foldText } from '../../lib/text-fold.js';

// What a query asks for, and where it was found in a text: the one place that says what a term is,
// so that the SQL (queries.ts) and the snippets agree.
//
// A term is a run of letters, digits and marks, or one emoji (with its modifiers and joiners).
// - A `word` term matches words that start with it, case and accents ignored (café, CAFE, cafeteria).
//   The word indexes answer it: for messages message_words (migrations 032, 034: on SQLite the words of
//   lib/text-fold.ts searchWords, the runs of letters and digits of the folded text, as here), for
//   documents and rows FTS5 unicode61 (migration 030); on PostgreSQL the tsvector's lexemes.
// - A `substring` term matches anywhere: text in scripts written without spaces (Chinese, Japanese),
//   where a "word" is a whole sentence to a tokenizer, and emoji, which both tokenizers drop. The
//   trigram indexes (migrations 003/004) answer it, or LIKE when it is shorter than a trigram.

export interface Term {
  kind: 'word' | 'substring';
  /** Lower case, accents removed (substring terms: lower case). */
  text: string;
}

const TOKEN = /[\p{L}\p{N}\p{M}]+|\p{Extended_Pictographic}[\p{Emoji_Modifier}\u{FE0F}\u{200D}\p{Extended_Pictographic}]*/gu;
const NO_SPACE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/** Lower case without accents: what both word indexes compare. */
export const fold = foldText;

/** The distinct terms of a query, in order (none when it holds no letter, digit or emoji). */
export function parseTerms(q: string): Term[] {
  const seen = new Set<string>();
  const terms: Term[] = [];
  for (const [token] of q.matchAll(TOKEN)) {
    const word = WORD_CHAR.test(token) && !NO_SPACE_SCRIPT.test(token);
    const text = word ? fold(token) : token.toLowerCase();
    const key = `${word ? 'w' : 's'}:${text}`;
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    terms.push({ kind: word ? 'word' : 'substring', text });
  }
  return terms;
}

/**
 * `text` folded one character at a time, with the index in `text` where each folded character
 * came from (and one past the end), so that a match in the folded text maps back.
 */
function foldWithOffsets(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const char = String.fromCodePoint(text.codePointAt(i)!);
    const f = fold(char);
    for (let k = 0; k < f.length; k++) origin.push(i);
    folded += f;
    i += char.length;
  }
  origin.push(text.length);
  return { folded, origin };
}

/** Where the terms occur in `text`: [start, end) in UTF-16 units, sorted, not overlapping. */
export function findMatches(text: string, terms: readonly Term[]): [number, number][] {
  const { folded, origin } = foldWithOffsets(text);
  const found: [number, number][] = [];
  for (const term of terms) {
    for (let at = folded.indexOf(term.text); at !== -1; at = folded.indexOf(term.text, at + 1)) {
      let end = at + term.text.length;
      if (term.kind === 'word') {
        // A word term matches at the start of a word, and marks the whole word.
        if (at > 0 && WORD_CHAR.test(folded[at - 1])) continue;
        while (end < folded.length && WORD_CHAR.test(folded[end])) end++;
      }
      found.push([origin[at], origin[end]]);
      if (found.length >= 1000) break;
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const m of found) {
    const last = merged[merged.length - 1];
    if (last && m[0] < last[1]) last[1] = Math.max(last[1], m[1]);
    else merged.push([m[0], m[1]]);
  }
  return merged;
}

/** The longest snippet, in UTF-16 units. */
export const SNIPPET_LENGTH = 240;
/** How much of the text before the best match a snippet shows. */
const LEAD = 60;

const isLowSurrogate = (text: string, i: number) => i > 0 && i < text.length && /[\uDC00-\uDFFF]/.test(text[i]);

/**
 * The part of `text` (at most SNIPPET_LENGTH units) around its best match, the one with the most
 * other matches after it, and the matches' offsets within it.
 */
export function snippetOf(text: string, terms: readonly Term[]): { snippet: string; highlights: [number, number][] } {
  const matches = findMatches(text, terms);
  let start = 0;
  if (text.length > SNIPPET_LENGTH && matches.length > 0) {
    let best = 0;
    let bestCount = -1;
    for (let i = 0; i < matches.length; i++) {
      let n = 0;
      while (i + n < matches.length && matches[i + n][1] <= matches[i][0] + SNIPPET_LENGTH - LEAD) n++;
      if (n > bestCount) [best, bestCount] = [i, n];
    }
    start = Math.max(0, Math.min(matches[best][0] - LEAD, text.length - SNIPPET_LENGTH));
    // Start at a word when one begins near, and never inside a surrogate pair.
    const space = text.indexOf(' ', start);
    if (start > 0 && space !== -1 && space < matches[best][0] && space - start < 20) start = space + 1;
    if (isLowSurrogate(text, start)) start++;
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (isLowSurrogate(text, end)) end--;
  const highlights = matches.filter(([s, e]) => s >= start && e <= end).map(([s, e]): [number, number] => [s - start, e - start]);
  return { snippet: text.slice(start, end), highlights };
}

/** Markdown as the plain text a snippet shows: links and images by their text, no markup, one line. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/```[^\n]*|\*{1,3}|`|~~/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
