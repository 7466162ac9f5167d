// How long a post may be on each network, measured each network's way (spec, message_series:
// "sized to the tightest limit of channels, else the account's maxMessageLength"): networkA 500
// characters, networkB 300 graphemes, networkC 3000 characters, networkD 280 weighted characters.
// A post must also fit the account's own maxMessageLength, since it becomes a message.

export const CHANNELS = ['networkA', 'networkB', 'networkC', 'networkD'] as const;
export type Channel = (typeof CHANNELS)[number];

const codePoints = (text: string) => [...text].length;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (text: string) => {
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
};

// networkD's weighting (its published twitter-text configuration, v3): a URL counts 23; an emoji
// (a whole grapheme) 2; a code point in the light ranges (Latin, general punctuation...) 1, any
// other 2. Text is NFC-normalised first.
const URL_RE = /\bhttps?:\/\/[^\s]+/giu;
const LIGHT_RANGES: readonly [number, number][] = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];
const EMOJI_RE = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const URL_WEIGHT = 23;

function weighted(text: string): number {
  let total = 0;
  const rest = text.normalize('NFC').replace(URL_RE, () => {
    total += URL_WEIGHT;
    return '';
  });
  for (const { segment } of segmenter.segment(rest)) {
    if (EMOJI_RE.test(segment)) {
      total += 2;
      continue;
    }
    for (const ch of segment) {
      const cp = ch.codePointAt(0)!;
      total += LIGHT_RANGES.some(([lo, hi]) => cp >= lo && cp <= hi) ? 1 : 2;
    }
  }
  return total;
}

const NETWORKS: Record<Channel, { limit: number; measure: (text: string) => number; unit: string }> = {
  networkA: { limit: 500, measure: codePoints, unit: 'characters' },
  networkB: { limit: 300, measure: graphemes, unit: 'graphemes (user-perceived characters)' },
  networkC: { limit: 3000, measure: codePoints, unit: 'characters' },
  networkD: { limit: 280, measure: weighted, unit: 'weighted characters (a URL counts 23, an emoji or a CJK character 2)' },
};

export const isChannel = (value: string): value is Channel => (CHANNELS as readonly string[]).includes(value);

/** The length rule of posts meant for `channels` (unknown labels ignored) by an account of `maxMessageLength`. */
export interface LengthRule {
  /** The rule in words, for the prompt. */
  describe: string;
  /** The smallest limit that applies (in its own unit): the size to aim at. */
  limit: number;
  /** Why `text` does not fit, or null when it does. */
  violation(text: string): string | null;
}

export function lengthRule(channels: readonly string[], maxMessageLength: number): LengthRule {
  const selected = [...new Set(channels.filter(isChannel))];
  const checks = [
    { name: 'this account', limit: maxMessageLength, measure: codePoints, unit: 'characters' },
    ...selected.map((c) => ({ name: c, ...NETWORKS[c] })),
  ];
  return {
    limit: Math.min(...checks.map((c) => c.limit)),
    describe: checks.map((c) => `at most ${c.limit} ${c.unit} (${c.name})`).join('; '),
    violation(text) {
      for (const c of checks) {
        const n = c.measure(text);
        if (n > c.limit) return `is ${n} ${c.unit.split(' ')[0]} long, over the ${c.limit} of ${c.name}`;
      }
      return null;
    },
  };
}
