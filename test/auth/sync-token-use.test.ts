import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../helpers/app.js';
import { sha256, syncToken } from './support.js';

// A Bearer call records the sync token's use, at most once an hour (the hot path stays read-only).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const MINUTE = 60_000;

async function lastUsedAt(token: string): Promise<string | null> {
  const row = await t.db.kysely.selectFrom('sync_tokens').select('last_used_at').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
  return row.last_used_at;
}

describe('sync token last_used_at', () => {
  it('is set by the first Bearer call, kept 10 minutes later, and moved 61 minutes after the first', async () => {
    const a = await registerUser(t.app);
    const issued = await syncToken(t.app, a.user.email, a.password);
    expect(issued.statusCode).toBe(200);
    const { token } = issued.json();
    expect(await lastUsedAt(token)).toBeNull();

    const call = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: a.user.id, username: a.user.username });
    };

    t.clock.advance(MINUTE);
    const first = t.clock.now().toISOString();
    await call();
    expect(await lastUsedAt(token)).toBe(first);

    t.clock.advance(10 * MINUTE);
    await call();
    expect(await lastUsedAt(token)).toBe(first);

    t.clock.set(new Date(Date.parse(first) + 61 * MINUTE));
    await call();
    expect(await lastUsedAt(token)).toBe(t.clock.now().toISOString());
    expect(await lastUsedAt(token)).not.toBe(first);
  });
});
