import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { safeCell } from '../../src/lib/csv.js';
import { newId } from '../../src/lib/ids.js';
import { call, expectError, follows, member, post } from '../messages/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const rows = (body: string) => parse(body, { columns: true }) as Record<string, string>[];

describe('safeCell', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['a=b', 'a=b'],
    [null, ''],
    [true, 'true'],
    [3, '3'],
  ])('%j → %j', (input, output) => {
    expect(safeCell(input)).toBe(output);
  });
});

describe('GET /api/exports/messages', () => {
  it('streams every own message as CSV, oldest first, with formula cells neutralised', async () => {
    const [a, b] = [await member(t), await member(t)];
    const first = await post(t, a, { content: '=HYPERLINK("http://evil")', tags: ['x', 'Y'] });
    t.clock.advance(1000);
    const second = await post(t, a, { content: 'line one\nline "two", with comma', publiclyVisible: false, parentId: first.id });
    await post(t, b, { content: 'not mine' });
    await call(t, b, 'POST', `/api/messages/${first.id}/dig`);
    const res = await call(t, a, 'GET', '/api/exports/messages');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="messages.csv"/);
    const out = rows(res.body);
    expect(out).toEqual([
      expect.objectContaining({ id: first.id, content: `'=HYPERLINK("http://evil")`, tags: 'x Y', publiclyVisible: 'true', digCount: '1', replyCount: '1', parentId: '' }),
      expect.objectContaining({ id: second.id, content: 'line one\nline "two", with comma', publiclyVisible: 'false', parentId: first.id, digCount: '0' }),
    ]);
    expect(res.body.split('\n')[0]).toBe('id,createdAt,publishedAt,scheduledAt,publiclyVisible,content,tags,parentId,pushedMessageId,digCount,replyCount');
  });

  it('reads in batches: 2,500 messages come out complete and in order', async () => {
    const a = await member(t);
    const now = t.clock.now().toISOString();
    const ids = Array.from({ length: 2500 }, () => newId());
    for (let i = 0; i < ids.length; i += 500) {
      await t.db.kysely
        .insertInto('messages')
        .values(ids.slice(i, i + 500).map((id) => ({ id, user_id: a.user.id, content: `m ${id}`, publicly_visible: true, tags: '[]', parent_id: null, pushed_message_id: null, image_urls: '[]', video_urls: '[]', scheduled_at: null, published_at: now, cross_post_config: null, created_at: now, updated_at: now })))
        .execute();
    }
    const res = await call(t, a, 'GET', '/api/exports/messages');
    expect(rows(res.body).map((r) => r.id)).toEqual([...ids].sort());
  });

  it('is for the session cookie only: 401 anonymous and with a Bearer token', async () => {
    const a = await member(t);
    expectError(await call(t, null, 'GET', '/api/exports/messages'), 401);
    expectError(await call(t, a, 'GET', '/api/exports/messages', undefined, true), 401);
    // Read-only accounts can still export (reads are never blocked).
    const r = await member(t, { account_status: 'suspended' });
    expect((await call(t, r, 'GET', '/api/exports/messages')).statusCode).toBe(200);
  });
});

describe('GET /api/exports/follows', () => {
  it('lists followers, followed users and pending requests', async () => {
    const [a, fan, idol] = [await member(t), await member(t), await member(t)];
    const locked = await member(t, { is_private: true });
    await follows(t, fan, a);
    await follows(t, a, idol);
    await call(t, a, 'POST', `/api/users/${locked.user.username}/follow`);
    const res = await call(t, a, 'GET', '/api/exports/follows');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(rows(res.body)).toEqual([
      { relation: 'follower', userId: fan.user.id, username: fan.user.username, displayName: fan.user.display_name, since: expect.any(String) },
      { relation: 'following', userId: idol.user.id, username: idol.user.username, displayName: idol.user.display_name, since: expect.any(String) },
      { relation: 'requested', userId: locked.user.id, username: locked.user.username, displayName: locked.user.display_name, since: expect.any(String) },
    ]);
    expectError(await call(t, null, 'GET', '/api/exports/follows'), 401);
    expectError(await call(t, a, 'GET', '/api/exports/follows', undefined, true), 401);
  });
});
