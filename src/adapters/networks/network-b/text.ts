import { createHash } from 'node:crypto';
import { RichText } from '@atproto/api';
import { NETWORKS } from '../../../lib/post-lengths.js';

// networkB's text rules: the limit is 300 graphemes (what a reader sees as one character: an
// emoji with its modifiers, a letter with its combining marks), and links only become links
// through facets, which address the text by UTF-8 byte offsets.

export const NETWORK_B_GRAPHEME_LIMIT = NETWORKS.networkB.limit;
export const graphemeCount = NETWORKS.networkB.measure;

export interface Facet {
  index: { byteStart: number; byteEnd: number };
  features: { $type: string; uri?: string; tag?: string }[];
}

/**
 * Link and tag facets of `text`. Mentions are left out: a mention facet must carry the
 * mentioned account's DID, and a handle written in a message is not resolved on its way out.
 */
export function detectFacets(text: string): Facet[] {
  const rich = new RichText({ text });
  rich.detectFacetsWithoutResolution();
  const facets: Facet[] = [];
  for (const facet of rich.facets ?? []) {
    const features = facet.features.filter((f) => f.$type === 'app.bsky.richtext.facet#link' || f.$type === 'app.bsky.richtext.facet#tag');
    if (features.length > 0) facets.push({ index: { byteStart: facet.index.byteStart, byteEnd: facet.index.byteEnd }, features: features as Facet['features'] });
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
