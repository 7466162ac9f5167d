import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { promoteAdministrators } from '../../src/features/admin/system-org.js';
import { USERNAME_MAX } from '../../src/http/schemas.js';
import { call, member, type Member } from '../messages/helpers.js';

// The spec fixes an unknown user as `404 { error: user_not_found }`; the service also sends
// `code: user_not_found`, so clients may match either field. Every path that names a user by
// username answers exactly that, and a user hidden by a block (either way) looks the same. A
// name longer than any username can be is refused before any lookup (400).

let t: TestApp;
let me: Member;
let blocker: Member;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  me = await member(t, { customer_status: 'subscriber' });
  blocker = await member(t);
  expect((await call(t, blocker, 'POST', `/api/users/${me.user.username}/block`)).statusCode).toBe(200);
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const requests = (username: string): [Method, string, unknown?][] => [
  ['GET', `/api/users/${username}`],
  ['POST', `/api/users/${username}/follow`],
  ['DELETE', `/api/users/${username}/follow`],
  ['POST', `/api/users/${username}/block`],
  ['DELETE', `/api/users/${username}/block`],
  ['POST', `/api/users/${username}/mute`],
  ['DELETE', `/api/users/${username}/mute`],
  ['POST', `/api/users/${username}/report`, { reason: 'spam' }],
  ['GET', `/api/user/${username}/messages`],
  ['GET', `/api/direct-messages/${username}`],
  ['POST', '/api/direct-messages', { recipient: username, content: 'hello' }],
  ['GET', `/api/users/${username}/lists`],
  ['GET', `/api/users/${username}/documents`],
];

describe('an unknown user', () => {
  it.each(requests('nobody_here_zz'))('%s %s answers 404 { error: user_not_found, code: user_not_found }', async (method, url, body) => {
    const res = await call(t, me, method, url, body);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ error: 'user_not_found', code: 'user_not_found' });
  });

  it.each(requests('x'.repeat(USERNAME_MAX + 1)))('%s %s with a name longer than any username is 400 bad_request', async (method, url, body) => {
    const res = await call(t, me, method, url, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), code: 'bad_request' });
  });

  it('an administrator asking for an unknown user id gets the same body', async () => {
    const admin = await member(t);
    await promoteAdministrators(t.app.ctx, t.db.kysely, [admin.user.id]);
    const res = await call(t, admin, 'PUT', '/api/admin/users/00000000-0000-7000-8000-000000000000', { displayName: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'user_not_found', code: 'user_not_found' });
  });
});

describe('a user who has blocked the caller', () => {
  // The reads treat a block as absence (the profile, their messages, the conversation).
  it.each([
    ['GET', `/api/users/{blocker}`],
    ['GET', `/api/user/{blocker}/messages`],
    ['GET', `/api/direct-messages/{blocker}`],
  ] as const)('%s %s looks exactly like an unknown user', async (method, path) => {
    const res = await call(t, me, method, path.replace('{blocker}', blocker.user.username));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'user_not_found', code: 'user_not_found' });
  });
});
