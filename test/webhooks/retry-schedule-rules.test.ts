import { describe, expect, it } from 'vitest';
import { JITTER, MAX_ATTEMPTS, parseRetryAfter, RETRY_DELAYS_MS, retryDelayMs } from '../../src/features/webhooks/retry-schedule.js';

// The retry schedule of a webhook delivery (docs/webhooks.md, "Sending" step 4) called directly,
// at every bound: fast enough to run once per mutant of retry-schedule.ts. test/webhooks/
// delivery.test.ts pins the same schedule through real deliveries with an injected clock.

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const DAY = 24 * H;

describe('the schedule', () => {
  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h: ten attempts in all', () => {
    expect(RETRY_DELAYS_MS).toEqual([5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 14 * H, 20 * H, 24 * H]);
    expect(MAX_ATTEMPTS).toBe(10);
    expect(JITTER).toBe(0.2);
  });

  it('the middle of the jitter is the delay itself', () => {
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) expect(retryDelayMs(i + 1, null, 0.5)).toBe(delay);
  });

  it('each delay within ± 20%: random 0 gives -20%, random near 1 gives +20%', () => {
    expect(retryDelayMs(1, null, 0)).toBe(4 * S);
    expect(retryDelayMs(1, null, 0.999999)).toBe(6 * S);
    expect(retryDelayMs(2, null, 0)).toBe(4 * M);
    expect(retryDelayMs(2, null, 0.25)).toBe(4.5 * M);
    expect(retryDelayMs(2, null, 0.75)).toBe(5.5 * M);
    expect(retryDelayMs(9, null, 0)).toBe(0.8 * DAY);
    expect(retryDelayMs(9, null, 0.75)).toBe(26.4 * H);
    expect(retryDelayMs(9, null, 0.999999)).toBeGreaterThan(1.2 * DAY - 100);
    expect(retryDelayMs(9, null, 0.999999)).toBeLessThan(1.2 * DAY);
  });

  it('rounded to whole milliseconds', () => {
    // 5000 × (0.8 + 0.4 × 0.3333) = 4666.6 and 5000 × (0.8 + 0.4 × 0.3332) = 4666.4: to the nearest.
    expect(retryDelayMs(1, null, 0.3333)).toBe(4667);
    expect(retryDelayMs(1, null, 0.3332)).toBe(4666);
  });

  it('without a random given, a draw within the jitter', () => {
    for (let i = 0; i < 50; i++) {
      const d = retryDelayMs(3, null)!;
      expect(d).toBeGreaterThanOrEqual(24 * M);
      expect(d).toBeLessThanOrEqual(36 * M);
    }
  });

  it('after the tenth attempt (and for attempt numbers outside the schedule): no retry', () => {
    expect(retryDelayMs(9, null, 0.5)).toBe(DAY);
    expect(retryDelayMs(10, null, 0.5)).toBeNull();
    expect(retryDelayMs(11, null, 0.5)).toBeNull();
    expect(retryDelayMs(10, 60 * S, 0.5)).toBeNull();
    expect(retryDelayMs(0, null, 0.5)).toBeNull();
  });
});

describe('Retry-After', () => {
  it('never sooner than Retry-After', () => {
    expect(retryDelayMs(1, 60 * S, 0.5)).toBe(60 * S);
    expect(retryDelayMs(1, 5 * S + 1, 0.5)).toBe(5 * S + 1);
  });

  it('a shorter Retry-After leaves the schedule', () => {
    expect(retryDelayMs(2, 10 * S, 0.5)).toBe(5 * M);
    expect(retryDelayMs(1, 0, 0.5)).toBe(5 * S);
  });

  it('honored up to a day, no further', () => {
    expect(retryDelayMs(1, DAY, 0.5)).toBe(DAY);
    expect(retryDelayMs(1, DAY + 1, 0.5)).toBe(DAY);
    expect(retryDelayMs(1, 30 * DAY, 0.5)).toBe(DAY);
    // The schedule's own delay may pass a day (24 h + 20%): the cap is on Retry-After only.
    expect(retryDelayMs(9, 30 * DAY, 0.999999)).toBeGreaterThan(DAY);
  });

  const now = new Date('2026-12-02T12:00:00.000Z');

  it('delay-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120 * S);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 30 ', now)).toBe(30 * S);
  });

  it('an HTTP date: the time from now, never negative', () => {
    expect(parseRetryAfter('Wed, 02 Dec 2026 12:05:00 GMT', now)).toBe(5 * M);
    expect(parseRetryAfter('Wed, 02 Dec 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('Wed, 02 Dec 2026 12:00:00 GMT', now)).toBe(0);
  });

  it('absent or unreadable: null', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
  });

  it('a negative or fractional number of seconds is not delay-seconds', () => {
    // Not digits only: read as a date, which these are not (or are, far in the past).
    expect(parseRetryAfter('1.5', now)).not.toBe(1500);
    expect(parseRetryAfter('-5', now)).not.toBe(-5000);
    expect(parseRetryAfter('12abc', now)).toBeNull();
    expect(parseRetryAfter('abc12', now)).toBeNull();
  });
});
