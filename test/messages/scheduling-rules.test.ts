import { describe, expect, it } from 'vitest';
import { rangeEnd, roundUpToSlot, SLOT_MS } from '../../src/features/messages/scheduling.js';

// The scheduling rules as functions (spec: "scheduledAt is snapped up to the next 5-minute
// boundary (a time already on a boundary is unchanged)"; GET /api/messages/scheduled's ranges
// today, week and month). scheduling.test.ts and scheduling-edges.test.ts pin them through HTTP.

const iso = (d: Date) => d.toISOString();

describe('roundUpToSlot', () => {
  it('a slot is five minutes', () => expect(SLOT_MS).toBe(300_000));

  it.each([
    ['2030-03-04T10:00:00.000Z', '2030-03-04T10:00:00.000Z'],
    ['2030-03-04T10:00:00.001Z', '2030-03-04T10:05:00.000Z'],
    ['2030-03-04T10:02:30.000Z', '2030-03-04T10:05:00.000Z'],
    ['2030-03-04T10:04:59.999Z', '2030-03-04T10:05:00.000Z'],
    ['2030-03-04T10:05:00.000Z', '2030-03-04T10:05:00.000Z'],
    ['2030-03-04T23:55:00.001Z', '2030-03-05T00:00:00.000Z'],
  ])('%s → %s', (at, slot) => expect(iso(roundUpToSlot(new Date(at)))).toBe(slot));
});

describe('rangeEnd', () => {
  it.each([
    // today ends at the next UTC midnight, whatever the time of day, across months and years.
    ['today', '2030-03-04T10:00:00.000Z', '2030-03-05T00:00:00.000Z'],
    ['today', '2030-03-04T00:00:00.000Z', '2030-03-05T00:00:00.000Z'],
    ['today', '2030-03-04T23:59:59.999Z', '2030-03-05T00:00:00.000Z'],
    ['today', '2030-02-28T12:00:00.000Z', '2030-03-01T00:00:00.000Z'],
    ['today', '2030-12-31T12:00:00.000Z', '2031-01-01T00:00:00.000Z'],
    // a week and a month are 7 and 30 days from now, to the millisecond.
    ['week', '2030-03-04T10:02:30.123Z', '2030-03-11T10:02:30.123Z'],
    ['month', '2030-03-04T10:02:30.123Z', '2030-04-03T10:02:30.123Z'],
    ['month', '2030-12-31T23:00:00.000Z', '2031-01-30T23:00:00.000Z'],
  ] as const)('%s from %s ends at %s', (range, now, end) => expect(iso(rangeEnd(new Date(now), range))).toBe(end));
});
