import { createHash } from 'node:crypto';
import { onFirstUse } from '../../../lib/load-on-first-use.js';
import { NETWORKS } from '../../../lib/post-lengths.js';

// networkB's text rules: the limit is 300 graphemes (what a reader sees as one character: an
// emoji with its modifiers, a letter with its combining marks), and links and mentions only become
// links and mentions through facets, which address the text by UTF-8 byte offsets.

export const NETWORK_B_GRAPHEME_LIMIT = NETWORKS.networkB.limit;
export const graphemeCount = NETWORKS.networkB.measure;

export interface Facet {
  index: { byteStart: number; byteEnd: number };
  features: { $type: string; uri?: string; tag?: string; did?: string }[];
}

const MENTION = 'app.bsky.richtext.facet#mention';
const KEPT = new Set(['app.bsky.richtext.facet#link', 'app.bsky.richtext.facet#tag', MENTION]);
/** Mentions resolved per post at most (the rest stay plain text). */
const MAX_MENTIONS = 20;

/** @atproto/api, loaded with the first post (its lexicons take about a second to load: lib/load-on-first-use.ts). */
const atprotoApi = onFirstUse(() => import('@atproto/api'));

/** A handle's DID, or null when it does not resolve (then the mention stays plain text). */
export type HandleResolver = (handle: string) => Promise<string | null>;

/**
 * The facets of `text`: links, tags and mentions, found by @atproto/api's RichText (which
 * addresses them by UTF-8 byte offsets). A mention facet must carry the account's DID, so each
 * `@handle` is resolved through `resolveHandle` (the service's own resolver, through the guarded
 * fetcher; RichText.detectFacets would ask an AppView through an agent instead, and leaves an
 * empty DID where that fails); one that does not resolve, or without a resolver, is left out.
 */
export async function detectFacets(text: string, resolveHandle?: HandleResolver): Promise<Facet[]> {
  const { RichText } = await atprotoApi();
  const rich = new RichText({ text });
  rich.detectFacetsWithoutResolution();
  const detected = (rich.facets ?? []).map((facet) => ({
    index: { byteStart: facet.index.byteStart, byteEnd: facet.index.byteEnd },
    features: facet.features.filter((f) => KEPT.has(f.$type as string)) as Facet['features'],
  }));
  // RichText leaves the handle where the DID goes.
  const handles = [...new Set(detected.flatMap((f) => f.features.filter((x) => x.$type === MENTION).map((x) => x.did ?? '')))].slice(0, MAX_MENTIONS);
  const dids = new Map<string, string | null>();
  await Promise.all(handles.map(async (handle) => dids.set(handle, resolveHandle ? await resolveHandle(handle).catch(() => null) : null)));
  const facets: Facet[] = [];
  for (const facet of detected) {
    const features = facet.features.flatMap((f) => {
      if (f.$type !== MENTION) return [f];
      const did = dids.get(f.did ?? '');
      return did ? [{ $type: MENTION, did }] : [];
    });
    if (features.length > 0) facets.push({ index: facet.index, features });
  }
  return facets;
}

const TID_ALPHABET = '234567abcdefghijklmnopqrstuvwxyz';
const TID_PATTERN = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;

/**
 * The record key of a delivery's post: a TID (the key type posts take), the same for every
 * attempt of one delivery, so that a retry writes to the same key and can never post twice. A
 * delivery key that is a TID already is used as it is; any other is hashed into one (63 bits,
 * the top bit clear as the TID format requires).
 */
export function recordKeyFor(deliveryKey: string): string {
  if (TID_PATTERN.test(deliveryKey)) return deliveryKey;
  let value = createHash('sha256').update(deliveryKey).digest().readBigUInt64BE(0) & 0x7fffffffffffffffn;
  let out = '';
  for (let i = 0; i < 13; i += 1) {
    out = TID_ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}
