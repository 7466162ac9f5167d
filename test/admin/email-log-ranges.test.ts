import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { createAdminApp, type AdminTestApp } from './helpers.js';

// The edges of the e-mail log's dateRange (src/features/admin/email-logs.ts): `today` starts at
// UTC midnight, `7d` and `30d` are rolling windows ending now; each admits createdAt >= its start.
// One entry exactly on each edge, one a second inside it and one a second outside it.

let t: AdminTestApp;

const NOW = Date.parse('2024-05-15T12:00:00.000Z');
const MIDNIGHT = Date.parse('2024-05-15T00:00:00.000Z');
const SECOND = 1000;
const DAY = 24 * 3600_000;

const EDGES = { today: MIDNIGHT, '7d': NOW - 7 * DAY, '30d': NOW - 30 * DAY } as const;
type Range = keyof typeof EDGES;
const STATUSES = ['sent', 'failed', 'logged'] as const;

// Newest first: for each range, the entry a second inside, on the edge, a second outside.
const ENTRIES = (Object.entries(EDGES) as [Range, number][]).flatMap(([range, edge]) =>
  (
    [
      ['inside', edge + SECOND],
      ['edge', edge],
      ['outside', edge - SECOND],
    ] as const
  ).map(([where, at], i) => ({ recipient: `${range}-${where}@example.com`, createdAt: new Date(at).toISOString(), status: STATUSES[i] })),
);

/** The entries a range admits: everything from its edge on, newest first. */
const admitted = (range: Range) => ENTRIES.filter((e) => Date.parse(e.createdAt) >= EDGES[range]);

const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/email-logs${query}`, headers: { cookie: t.admin.cookie } });

beforeAll(async () => {
  t = await createAdminApp({ smtp: false });
  t.clock.set(new Date(NOW));
  await t.db.kysely
    .insertInto('email_logs')
    .values(
      ENTRIES.map((e) => ({
        id: newId(),
        user_id: null,
        recipient: e.recipient,
        email_type: 'notification',
        subject: 'Edge',
        status: e.status,
        error: null,
        created_at: e.createdAt,
      })),
    )
    .execute();
});
afterAll(async () => t.close());

describe('GET /api/admin/email-logs dateRange edges', () => {
  it.each(['today', '7d', '30d'] as const)('%s admits the entry on and a second inside its edge, not the one a second outside', async (range) => {
    const res = await get(`?dateRange=${range}&limit=100`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const recipients = body.logs.map((l: { recipient: string }) => l.recipient);
    expect(recipients).toContain(`${range}-inside@example.com`);
    expect(recipients).toContain(`${range}-edge@example.com`);
    expect(recipients).not.toContain(`${range}-outside@example.com`);

    const expected = admitted(range);
    expect(recipients).toEqual(expected.map((e) => e.recipient));
    expect(body.logs.map((l: { createdAt: string }) => l.createdAt)).toEqual(expected.map((e) => e.createdAt));
    expect(body.total).toBe(expected.length);
    expect(body.pagination).toEqual({ total: expected.length, limit: 100, offset: 0, hasMore: false });
    expect(body.summary).toEqual(Object.fromEntries(STATUSES.map((s) => [s, expected.filter((e) => e.status === s).length])));
  });

  it('all admits every entry, and the ranges nest', async () => {
    const res = await get('?dateRange=all&limit=100');
    expect(res.statusCode).toBe(200);
    expect(res.json().logs.map((l: { recipient: string }) => l.recipient)).toEqual(ENTRIES.map((e) => e.recipient));
    expect(res.json().total).toBe(9);
    expect([admitted('today').length, admitted('7d').length, admitted('30d').length]).toEqual([2, 5, 8]);
  });

  it('today follows the clock: a second before the next UTC midnight and a second after it', async () => {
    t.clock.set(new Date(MIDNIGHT + DAY - SECOND));
    try {
      const before = await get('?dateRange=today&limit=100');
      expect(before.statusCode).toBe(200);
      expect(before.json().logs.map((l: { recipient: string }) => l.recipient)).toEqual(['today-inside@example.com', 'today-edge@example.com']);

      t.clock.set(new Date(MIDNIGHT + DAY + SECOND));
      const after = await get('?dateRange=today&limit=100');
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ logs: [], total: 0, summary: { sent: 0, failed: 0, logged: 0 } });
    } finally {
      t.clock.set(new Date(NOW));
    }
  });
});
