import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newSecret, signatureHeader } from '../../src/features/webhooks/signing.js';

// The webhook signer (docs/webhooks.md, "Sending" step 1; Standard Webhooks) called directly:
// fast enough to run once per mutant of signing.ts. A receiver checks it with the
// `standardwebhooks` library, as test/webhooks/delivery.test.ts does over HTTP.

const id = 'evt_0123456789abcdef';
const body = '{"id":"evt_0123456789abcdef","type":"list.created","seq":3,"data":{"listId":"l1"}}';
const ts = 1_780_000_000;

/** What a receiver runs: throws unless one of the header's signatures is valid for `secret`. */
function verify(secret: string, header: string, at: number = ts, payload: string = body, msgId: string = id): void {
  new Webhook(secret).verify(payload, { 'webhook-id': msgId, 'webhook-timestamp': String(at), 'webhook-signature': header });
}

describe('newSecret', () => {
  it('is whsec_ and the base64 of 32 random bytes, new each time', () => {
    const a = newSecret();
    const b = newSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
  });
});

describe('signatureHeader', () => {
  it('is v1, and the base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed with the secret bytes', () => {
    const secret = newSecret();
    const key = Buffer.from(secret.slice(6), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest('base64');
    expect(signatureHeader([secret], id, ts, body)).toBe(`v1,${expected}`);
  });

  it('matches what the standardwebhooks library signs, and the library verifies it', () => {
    const secret = newSecret();
    const header = signatureHeader([secret], id, ts, body);
    expect(header).toBe(new Webhook(secret).sign(id, new Date(ts * 1000), body));
    const now = Date.now;
    Date.now = () => ts * 1000;
    try {
      expect(() => verify(secret, header)).not.toThrow();
      // Any change to the id, the timestamp or the body breaks it.
      expect(() => verify(secret, header, ts, body.replace('l1', 'l2'))).toThrow();
      expect(() => verify(secret, header, ts + 1)).toThrow();
      expect(() => verify(secret, header, ts, body, `${id}x`)).toThrow();
      // So does another secret.
      expect(() => verify(newSecret(), header)).toThrow();
    } finally {
      Date.now = now;
    }
  });

  it('one signature per secret, space-separated, in the order given; either verifies', () => {
    const current = newSecret();
    const previous = newSecret();
    const header = signatureHeader([current, previous], id, ts, body);
    const parts = header.split(' ');
    expect(parts).toEqual([signatureHeader([current], id, ts, body), signatureHeader([previous], id, ts, body)]);
    const now = Date.now;
    Date.now = () => ts * 1000;
    try {
      expect(() => verify(current, header)).not.toThrow();
      expect(() => verify(previous, header)).not.toThrow();
      expect(() => verify(newSecret(), header)).toThrow();
    } finally {
      Date.now = now;
    }
  });

  it('no secret: an empty header', () => {
    expect(signatureHeader([], id, ts, body)).toBe('');
  });
});
