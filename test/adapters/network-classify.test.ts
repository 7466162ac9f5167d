import { describe, expect, it } from 'vitest';
import { classifyHttpFailure, classifyTransportFailure, retryAfterMs } from '../../src/adapters/networks/classify.js';
import { NetworkError } from '../../src/adapters/networks/types.js';

const now = Date.parse('2026-11-26T00:00:00Z');

describe('classifyHttpFailure', () => {
  it('5xx and 408 retryable, 401 unauthorized, other 4xx final, with the status', () => {
    for (const [status, kind] of [[500, 'retryable'], [503, 'retryable'], [408, 'retryable'], [401, 'unauthorized'], [400, 'final'], [403, 'final'], [422, 'final'], [426, 'final']] as const) {
      const err = classifyHttpFailure(status, {}, undefined, now);
      expect(err).toBeInstanceOf(NetworkError);
      expect([err.kind, err.statusCode]).toEqual([kind, status]);
    }
  });

  it('429 is retryable after Retry-After (seconds or a date) or the rate-limit reset header', () => {
    expect(classifyHttpFailure(429, { 'retry-after': '30' }, undefined, now).retryAfterMs).toBe(30_000);
    expect(classifyHttpFailure(429, new Headers({ 'retry-after': 'Thu, 26 Nov 2026 00:01:00 GMT' }), undefined, now).retryAfterMs).toBe(60_000);
    expect(retryAfterMs({ 'x-rate-limit-reset': String(now / 1000 + 90) }, now)).toBe(90_000);
    expect(retryAfterMs({ 'ratelimit-reset': '12' }, now)).toBe(12_000);
    expect(retryAfterMs({ 'x-ratelimit-reset': '2026-11-26T00:00:05Z' }, now)).toBe(5_000);
    expect(classifyHttpFailure(429, {}, undefined, now)).toMatchObject({ kind: 'retryable', retryAfterMs: null, code: 'rate_limited' });
  });
});

describe('classifyTransportFailure', () => {
  it('before sending: retryable; after: retryable only where writes are idempotent (networkA, networkB)', () => {
    expect(classifyTransportFailure('networkD', false).kind).toBe('retryable');
    expect(classifyTransportFailure('networkA', true).kind).toBe('retryable');
    expect(classifyTransportFailure('networkB', true).kind).toBe('retryable');
    expect(classifyTransportFailure('networkC', true)).toMatchObject({ kind: 'unknown_outcome', code: 'outcome_unknown' });
    expect(classifyTransportFailure('networkD', true).kind).toBe('unknown_outcome');
  });
});
