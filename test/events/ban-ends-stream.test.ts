import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreams } from '../../src/features/events/live.js';
import { createAdminApp, makeUser, type AdminTestApp } from '../admin/helpers.js';
import { openSse, type SseClient } from './sse-client.js';

// A ban, and an administrator's password reset, delete the user's sessions (spec: in the same
// transaction); the streams held on them end at once, single or bulk, not at the streams' next
// credential check, which is slowed to an hour here so that only the change can end them.

let t: AdminTestApp;
let base: string;
const opened: SseClient[] = [];
beforeAll(async () => {
  t = await createAdminApp({ smtp: false });
  t.app.ctx.state(liveStreams).timings = { heartbeatMs: 60_000, maxAgeMs: 3_600_000, pollMs: 3_600_000, maxUnsentBytes: 256 * 1024 };
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  for (const c of opened) c.close();
  await t.close();
});

async function streamOf(cookie: string): Promise<SseClient> {
  const s = await openSse(base, '/api/events/stream', { accept: 'text/event-stream', cookie });
  opened.push(s);
  expect(s.status).toBe(200);
  await s.next((f) => f.event === 'ready');
  return s;
}

const admin = (method: 'PUT' | 'PATCH' | 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie: t.admin.cookie }, payload });

describe('a ban or an administrator’s password reset ends the user’s live streams at once', () => {
  it('PUT /api/admin/users/{userId} with accountStatus banned', async () => {
    const [banned, bystander] = [await makeUser(t), await makeUser(t)];
    const [s, other] = [await streamOf(banned.cookie), await streamOf(bystander.cookie)];
    const res = await admin('PUT', `/api/admin/users/${banned.user.id}`, { accountStatus: 'banned' });
    expect(res.statusCode, res.body).toBe(200);
    await s.ended;
    const hub = t.app.ctx.state(liveStreams);
    expect(hub.count(banned.user.id)).toBe(0);
    expect(hub.count(bystander.user.id)).toBe(1);
    expect(other.response.destroyed).toBe(false);
  });

  it('PATCH /api/admin/users/bulk-account-status with banned', async () => {
    const [a, b] = [await makeUser(t), await makeUser(t)];
    const [sa, sb] = [await streamOf(a.cookie), await streamOf(b.cookie)];
    const res = await admin('PATCH', '/api/admin/users/bulk-account-status', { userIds: [a.user.id, b.user.id], accountStatus: 'banned' });
    expect(res.statusCode, res.body).toBe(200);
    await Promise.all([sa.ended, sb.ended]);
    const hub = t.app.ctx.state(liveStreams);
    expect([hub.count(a.user.id), hub.count(b.user.id)]).toEqual([0, 0]);
  });

  it('POST /api/admin/users/{userId}/password', async () => {
    const u = await makeUser(t);
    const s = await streamOf(u.cookie);
    const res = await admin('POST', `/api/admin/users/${u.user.id}/password`, { password: 'a new password 456' });
    expect(res.statusCode, res.body).toBe(200);
    await s.ended;
    expect(t.app.ctx.state(liveStreams).count(u.user.id)).toBe(0);
  });
});
