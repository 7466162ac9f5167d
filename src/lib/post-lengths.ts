import twitterText from 'twitter-text';

// How long a post may be on each network, measured each network's way (spec, message_series:
// "sized to the tightest limit of channels, else the account's maxMessageLength"; Materialize:
// charLimit): networkA 500 characters, networkB 300 graphemes, networkC 3000 characters, networkD
// 280 weighted characters. A post must also fit the account's own maxMessageLength, since it
// becomes a message (counted by messageLength, as POST /api/messages counts it).
// Used by the AI feature, materialize's message drafts and POST /api/messages.

export const CHANNELS = ['networkA', 'networkB', 'networkC', 'networkD'] as const;
export type Channel = (typeof CHANNELS)[number];

const codePoints = (text: string) => [...text].length;

/**
 * How the account's maxMessageLength counts, the one rule for POST /api/messages and materialize's
 * message drafts: in characters, as the spec's Limits table says, i.e. Unicode code points (an
 * emoji is one however many UTF-16 units it takes; a letter with a combining accent is two). The
 * contract says "graphemes" where it means them (networkB), so characters are not graphemes here.
 */
export const messageLength = codePoints;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The user-perceived characters of a text (an emoji with its modifiers, a letter with its combining marks: one each). */
export function graphemeList(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

export const graphemes = (text: string) => {
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
};

// networkD's weighting is its own published library's (twitter-text v3 configuration): a URL
// counts 23, an emoji or a CJK character 2, Latin text 1. Imported at start (about 0.2 s): the web
// client's bundle counts with this same module, and the browser has no `require` to load it later.
const weighted = (text: string) => twitterText.parseTweet(text).weightedLength;

// Mastodon (networkA) counts every link as 23 characters, whatever its length.
const MASTODON_URL_CHARS = 23;
const URL_RE = /\bhttps?:\/\/[^\s]+/giu;
const mastodonLength = (text: string) => {
  let links = 0;
  const rest = text.replace(URL_RE, () => {
    links += 1;
    return '';
  });
  return codePoints(rest) + links * MASTODON_URL_CHARS;
};

/**
 * Each network's length rule, the one place it is written: the network adapters count and limit
 * with it (networkA's limit there is the instance's own; this is its default), and so do the AI
 * and materialize drafts.
 */
export const NETWORKS: Record<Channel, { limit: number; measure: (text: string) => number; unit: string }> = {
  networkA: { limit: 500, measure: mastodonLength, unit: 'characters (a link counts 23)' },
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
    { name: 'this account', limit: maxMessageLength, measure: messageLength, unit: 'characters' },
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
