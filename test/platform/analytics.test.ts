import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueName, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../users/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

async function eventsOf(type: string) {
  return t.db.kysely.selectFrom('analytics_events').selectAll().where('type', '=', type).execute();
}

describe('POST /api/analytics/ingest', () => {
  it('records one anonymous event and answers 201 { ok: true }', async () => {
    const type = uniqueName('page_view');
    const res = await t.app.inject({ method: 'POST', url: '/api/analytics/ingest', payload: { type, path: '/lists', referrer: 'https://search.example/' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const rows = await eventsOf(type);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type, path: '/lists', referrer: 'https://search.example/', user_id: null, metadata: null, created_at: t.clock.now().toISOString() });
  });

  it('referrer may be null or left out', async () => {
    for (const referrer of [null, undefined]) {
      const type = uniqueName('ref');
      const res = await t.app.inject({ method: 'POST', url: '/api/analytics/ingest', payload: { type, path: '/a', ...(referrer === null ? { referrer } : {}) } });
      expect(res.statusCode).toBe(201);
      expect((await eventsOf(type))[0].referrer).toBeNull();
    }
  });

  it('attributes the event to the caller when credentials come with it', async () => {
    const me = await signedInUser(t);
    const viaCookie = uniqueName('cookie');
    const viaBearer = uniqueName('bearer');
    await t.app.inject({ method: 'POST', url: '/api/analytics/ingest', headers: { cookie: me.cookie }, payload: { type: viaCookie, path: '/' } });
    await t.app.inject({ method: 'POST', url: '/api/analytics/ingest', headers: { authorization: me.bearer }, payload: { type: viaBearer, path: '/' } });
    expect((await eventsOf(viaCookie))[0].user_id).toBe(me.user.id);
    expect((await eventsOf(viaBearer))[0].user_id).toBe(me.user.id);
  });

  it('stays public: unknown credentials are ignored, not refused', async () => {
    const type = uniqueName('stale');
    const res = await t.app.inject({ method: 'POST', url: '/api/analytics/ingest', headers: { authorization: `Bearer ${'f'.repeat(64)}` }, payload: { type, path: '/' } });
    expect(res.statusCode).toBe(201);
    expect((await eventsOf(type))[0].user_id).toBeNull();
  });
});
