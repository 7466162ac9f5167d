import { describe, expect, it } from 'vitest';
import { graphemes, lengthRule } from '../../src/lib/post-lengths.js';
import { splitThread } from '../../src/features/materialize/thread.js';

// The thread splitter of message drafts, table-driven: every part fits the rule it was cut for,
// the parts keep every non-space character in order, and the cuts fall where the spec says
// (sentences, then words, never inside a word, a URL or a grapheme unless one word alone is over).

const rule = (max: number, channels: string[] = []) => {
  const r = lengthRule(channels, max);
  return (text: string) => r.violation(text) === null;
};
const squeeze = (s: string) => s.replace(/\s+/g, '');

const URL = 'https://example.com/a/very/long/path/to/something?with=query&and=more';
const FAMILY = '👨‍👩‍👧‍👦';
const E_ACUTE = 'e\u0301';

interface Case {
  name: string;
  text: string;
  fits: (t: string) => boolean;
  numbered?: boolean;
  expected?: string[];
  check?: (parts: string[]) => void;
}

const cases: Case[] = [
  { name: 'ASCII that fits stays one part', text: 'Hello world.', fits: rule(20), expected: ['Hello world.'] },
  { name: 'exactly at the limit: one part', text: 'x'.repeat(20), fits: rule(20), expected: ['x'.repeat(20)] },
  { name: 'one over the limit: the word alone is over, cut', text: 'x'.repeat(21), fits: rule(20), expected: ['x'.repeat(20), 'x'] },
  { name: 'spaces around a text that fits are trimmed', text: '  Hello world.  ', fits: rule(20), expected: ['Hello world.'] },
  {
    name: 'the rest of a cut word stays open for the words after it',
    text: `${'x'.repeat(25)} y`,
    fits: rule(20),
    expected: ['x'.repeat(20), 'xxxxx y'],
  },
  {
    name: 'the last words of a cut sentence share a part with the next sentence, a space between',
    text: 'alpha beta gamma. Hi.',
    fits: rule(12),
    expected: ['alpha beta', 'gamma. Hi.'],
  },
  {
    name: 'sentences are kept whole',
    text: 'First sentence here. Second sentence here. Third one.',
    fits: rule(30),
    expected: ['First sentence here.', 'Second sentence here.', 'Third one.'],
  },
  {
    name: 'two sentences that fit together share a part',
    text: 'One two. Three four. A much longer third sentence.',
    fits: rule(25),
    expected: ['One two. Three four.', 'A much longer third', 'sentence.'],
  },
  {
    name: 'a long sentence is cut between words',
    text: 'alpha beta gamma delta epsilon zeta eta theta iota kappa',
    fits: rule(22),
    expected: ['alpha beta gamma delta', 'epsilon zeta eta theta', 'iota kappa'],
  },
  {
    name: 'a word exactly at the limit is not cut',
    text: `${'a'.repeat(10)} ${'b'.repeat(10)}`,
    fits: rule(10),
    expected: ['a'.repeat(10), 'b'.repeat(10)],
  },
  {
    name: 'a URL is never cut when it fits alone',
    text: `Read this ${URL} today please.`,
    fits: rule(URL.length + 2),
    check: (parts) => expect(parts.some((p) => p.includes(URL))).toBe(true),
  },
  {
    name: 'a URL counts 23 on networkD, so a long one fits with text around it',
    text: `${'word '.repeat(50)}${URL}${URL.slice(0, 0)} ${'tail '.repeat(20)}`,
    fits: rule(10_000, ['networkD']),
    check: (parts) => {
      expect(parts.some((p) => p.includes(URL))).toBe(true);
      expect(parts).toHaveLength(2);
    },
  },
  {
    name: 'an over-long URL alone is cut between graphemes',
    text: URL,
    fits: rule(20),
    check: (parts) => {
      expect(parts.join('')).toBe(URL);
      expect(parts.map((p) => p.length)).toEqual([20, 20, 20, URL.length - 60]);
    },
  },
  {
    name: 'emoji graphemes are counted as one on networkB and never split',
    text: `${FAMILY} `.repeat(400).trim(),
    fits: rule(10_000, ['networkB']),
    check: (parts) => {
      for (const p of parts) expect(graphemes(p)).toBeLessThanOrEqual(300);
      for (const p of parts) expect(p.split(' ').every((g) => g === FAMILY)).toBe(true);
    },
  },
  {
    name: 'one long emoji run is cut between graphemes',
    text: FAMILY.repeat(400),
    fits: rule(10_000, ['networkB']),
    check: (parts) => {
      expect(parts.map(graphemes)).toEqual([300, 100]);
      for (const p of parts) expect(p.startsWith(FAMILY) && p.endsWith(FAMILY)).toBe(true);
    },
  },
  {
    name: 'combining marks stay with their letter',
    text: E_ACUTE.repeat(15),
    fits: rule(10),
    check: (parts) => {
      for (const p of parts) expect(p.startsWith('e\u0301') && p.endsWith('\u0301')).toBe(true);
      expect(parts.map((p) => [...p].length)).toEqual([10, 10, 10]);
    },
  },
  {
    name: 'CJK weighs 2 on networkD: 200 characters in parts of at most 140, cut between words',
    text: '東京は日本の首都です。'.repeat(20),
    fits: rule(10_000, ['networkD']),
    check: (parts) => {
      for (const p of parts) expect([...p].length).toBeLessThanOrEqual(140);
      for (const p of parts) expect(p.endsWith('。')).toBe(true);
    },
  },
  {
    name: 'a CJK run with no space or sentence end, over the limit, is cut between its words, not mid-word',
    text: '私は東京大学の学生です今日は天気がいいですね',
    fits: rule(10),
    // Words: 私 は 東京 大学 の 学生 です 今日 は 天気 が いい です ね; ten characters at most.
    expected: ['私は東京大学の学生', 'です今日は天気がいい', 'ですね'],
  },
  {
    name: 'numbered parts carry i/n within the limit',
    text: 'alpha beta gamma delta epsilon zeta eta theta iota kappa',
    fits: rule(22),
    numbered: true,
    expected: ['alpha beta gamma 1/4', 'delta epsilon zeta 2/4', 'eta theta iota 3/4', 'kappa 4/4'],
  },
  {
    name: 'numbering with ten or more parts leaves room for two digits',
    text: Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '),
    fits: rule(12),
    numbered: true,
    check: (parts) => {
      expect(parts.length).toBeGreaterThanOrEqual(10);
      parts.forEach((p, i) => expect(p.endsWith(` ${i + 1}/${parts.length}`)).toBe(true));
    },
  },
];

describe('splitThread', () => {
  it.each(cases)('$name', ({ text, fits, numbered, expected, check }) => {
    const parts = splitThread(text, fits, { numbered });
    for (const p of parts) {
      expect(fits(p), p).toBe(true);
      expect(p).toBe(p.trim());
      expect(p.length).toBeGreaterThan(0);
    }
    const unlabelled = numbered ? parts.map((p) => p.replace(/ \d+\/\d+$/, '')) : parts;
    expect(squeeze(unlabelled.join(''))).toBe(squeeze(text));
    if (expected) expect(parts).toEqual(expected);
    check?.(parts);
  });
});
