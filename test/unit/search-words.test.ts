import { describe, expect, it } from 'vitest';
import { afterPrefix } from '../../src/features/search/queries.js';
import { parseTerms } from '../../src/features/search/terms.js';
import { searchWords } from '../../src/lib/text-fold.js';

// How SQLite's message word index cuts a text into words (lib/text-fold.ts searchWords, the rows
// of message_words), and the range of words a word term starts (queries.ts afterPrefix): a query's
// word term (terms.ts) must start the indexed words it is meant to match.

describe('searchWords', () => {
  it('the distinct runs of letters and digits of the folded text, in order', () => {
    expect(searchWords('Le Café, CAFE café-crème: 42 fois!')).toEqual(['le', 'cafe', 'creme', '42', 'fois']);
    expect(searchWords('Zürich über Ærø')).toEqual(['zurich', 'uber', 'ærø']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords('🎉 !? —')).toEqual([]);
  });

  it('keeps a run in scripts written without spaces whole (a substring term finds those), and mixed runs', () => {
    expect(searchWords('東京タワーに行きました river東京')).toEqual(['東京タワーに行きました', 'river東京']);
  });

  it('a query’s word term is a prefix of the word it was cut from', () => {
    for (const [text, q] of [['Crème brûlée', 'CRÈME brul'], ['naïve Œuvre', 'naive œu'], ['İstanbul', 'istan']] as const) {
      const words = searchWords(text);
      for (const term of parseTerms(q)) expect(words.some((w) => w.startsWith(term.text)), `${q}: ${term.text} in ${words}`).toBe(true);
    }
  });
});

describe('afterPrefix', () => {
  it('the least text after every text the prefix starts: its last character the next one', () => {
    expect(afterPrefix('river')).toBe('rives');
    expect(afterPrefix('caf')).toBe('cag');
    expect(afterPrefix('z')).toBe('{');
    // Past the surrogates, past the last code point.
    expect(afterPrefix('a\u{D7FF}')).toBe('a\u{E000}');
    expect(afterPrefix('a\u{10FFFF}')).toBe('b');
    expect(afterPrefix('\u{10FFFF}')).toBeNull();
    expect(afterPrefix('a\u{1F600}')).toBe('a\u{1F601}');
  });
});
