import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { createAdminApp, makeUser, type AdminTestApp } from './helpers.js';

let t: AdminTestApp;

const NOW = Date.parse('2024-05-15T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const HOUR = 3600_000;
const DAY = 24 * HOUR;

// Named entries at known ages, plus 120 old notification entries to page through.
const NAMED = [
  { recipient: 'Alice@Example.com', email_type: 'verification', status: 'sent', error: null, created_at: ago(11 * HOUR) }, // today 01:00
  { recipient: 'bob@example.com', email_type: 'password_reset', status: 'failed', error: '550 mailbox unavailable', created_at: ago(13 * HOUR) }, // yesterday 23:00
  { recipient: 'carol@example.com', email_type: 'account_status', status: 'logged', error: null, created_at: ago(3 * DAY) },
  { recipient: 'dave_x@example.com', email_type: 'verification', status: 'sent', error: null, created_at: ago(10 * DAY) },
  { recipient: 'eve%@example.com', email_type: 'email_change', status: 'sent', error: null, created_at: ago(40 * DAY) },
];
const OLD = 120;

const get = (query = '', headers: Record<string, string> = { cookie: t.admin.cookie }) =>
  t.app.inject({ method: 'GET', url: `/api/admin/email-logs${query}`, headers });
const recipients = (body: { logs: { recipient: string }[] }) => body.logs.map((l) => l.recipient);

beforeAll(async () => {
  t = await createAdminApp({ smtp: false });
  t.clock.set(new Date(NOW));
  await t.db.kysely
    .insertInto('email_logs')
    .values([
      ...NAMED.map((n) => ({ id: newId(), user_id: null, subject: `Subject for ${n.recipient}`, ...n })),
      ...Array.from({ length: OLD }, (_, i) => ({
        id: newId(),
        user_id: null,
        recipient: `old${i}@example.com`,
        email_type: 'notification',
        subject: 'Old news',
        status: 'sent',
        error: null,
        created_at: ago(60 * DAY + i * 1000),
      })),
    ])
    .execute();
});
afterAll(async () => t.close());

describe('GET /api/admin/email-logs', () => {
  it('defaults: newest first, 25 per page, totals and a summary by status', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['logs', 'pagination', 'summary', 'total']);
    expect(body.total).toBe(125);
    expect(body.summary).toEqual({ sent: 123, failed: 1, logged: 1 });
    expect(body.pagination).toEqual({ total: 125, limit: 25, offset: 0, hasMore: true });
    expect(body.logs).toHaveLength(25);
    expect(recipients(body).slice(0, 5)).toEqual(NAMED.map((n) => n.recipient));
    expect(body.logs[1]).toEqual({
      id: expect.any(String),
      recipient: 'bob@example.com',
      emailType: 'password_reset',
      subject: 'Subject for bob@example.com',
      status: 'failed',
      error: '550 mailbox unavailable',
      userId: null,
      createdAt: NAMED[1].created_at,
    });
  });

  it('clamps limit to 1..100 instead of rejecting it, and pages with offset', async () => {
    const big = (await get('?limit=1000')).json();
    expect(big.logs).toHaveLength(100);
    expect(big.pagination).toEqual({ total: 125, limit: 100, offset: 0, hasMore: true });
    const zero = (await get('?limit=0')).json();
    expect(zero.logs).toHaveLength(1);
    expect(zero.pagination.limit).toBe(1);
    const tail = (await get('?limit=10&offset=120')).json();
    expect(tail.logs).toHaveLength(5);
    expect(tail.pagination).toEqual({ total: 125, limit: 10, offset: 120, hasMore: false });
  });

  it('filters by exact status; the summary ignores the status filter', async () => {
    const body = (await get('?status=failed')).json();
    expect(recipients(body)).toEqual(['bob@example.com']);
    expect(body.total).toBe(1);
    expect(body.pagination.total).toBe(1);
    expect(body.summary).toEqual({ sent: 123, failed: 1, logged: 1 });
  });

  it('filters by exact emailType, and the summary follows the other filters', async () => {
    const body = (await get('?emailType=verification')).json();
    expect(recipients(body)).toEqual(['Alice@Example.com', 'dave_x@example.com']);
    expect(body.summary).toEqual({ sent: 2, failed: 0, logged: 0 });
    expect((await get('?emailType=verif')).json().total).toBe(0);
  });

  it('searches the recipient case-insensitively, with % and _ taken literally', async () => {
    expect(recipients((await get('?search=ALICE@')).json())).toEqual(['Alice@Example.com']);
    expect(recipients((await get('?search=_')).json())).toEqual(['dave_x@example.com']);
    expect(recipients((await get('?search=%25')).json())).toEqual(['eve%@example.com']);
  });

  it('dateRange: today since UTC midnight, 7d, 30d, all', async () => {
    expect(recipients((await get('?dateRange=today')).json())).toEqual(['Alice@Example.com']);
    expect(recipients((await get('?dateRange=7d')).json())).toEqual(['Alice@Example.com', 'bob@example.com', 'carol@example.com']);
    const month = (await get('?dateRange=30d')).json();
    expect(month.total).toBe(4);
    expect(month.summary).toEqual({ sent: 2, failed: 1, logged: 1 });
    expect((await get('?dateRange=all')).json().total).toBe(125);
  });

  it('sort=asc gives oldest first', async () => {
    const body = (await get('?sort=asc&limit=1')).json();
    expect(body.logs[0].recipient).toBe(`old${OLD - 1}@example.com`);
    const desc = (await get('?sort=desc&limit=1')).json();
    expect(desc.logs[0].recipient).toBe('Alice@Example.com');
  });

  it('combines filters', async () => {
    const body = (await get('?dateRange=30d&emailType=verification&status=sent&search=example')).json();
    expect(recipients(body)).toEqual(['Alice@Example.com', 'dave_x@example.com']);
  });

  it('400 for invalid enum values and bad numbers, never 500', async () => {
    for (const q of ['?status=bogus', '?dateRange=week', '?sort=up', '?limit=abc', '?offset=-1', `?search=${'a'.repeat(201)}`, `?emailType=${'t'.repeat(65)}`]) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
  });

  it('401 without credentials, 403 for a non-administrator', async () => {
    expect((await get('', {})).statusCode).toBe(401);
    const u = await makeUser(t);
    const res = await get('', { cookie: u.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('admin_required');
  });
});
