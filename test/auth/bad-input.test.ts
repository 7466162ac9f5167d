import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../helpers/app.js';
import { countRows } from './support.js';

// Every body-taking authentication endpoint, fed every kind of bad input: always a 4xx in the
// error model, never a 500, and nothing changes.

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  cookie = (await registerUser(t.app)).cookie;
});
afterAll(async () => t.close());

const ENDPOINTS = [
  '/api/auth/register',
  '/api/auth/login',
  '/api/auth/sync-token',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/auth/verify-email',
  '/api/auth/verify-email-change',
  '/api/auth/switch',
  '/api/auth/remove-account',
];

const BAD_BODIES: [string, string, string][] = [
  ['malformed JSON', '{"email": "a@example.com",', 'application/json'],
  ['an empty JSON body', '', 'application/json'],
  ['a JSON array', '[]', 'application/json'],
  ['a JSON string', '"hello"', 'application/json'],
  ['JSON null', 'null', 'application/json'],
  ['a text/plain body', 'email=a@example.com', 'text/plain'],
  ['a form body', 'email=a%40example.com&password=x', 'application/x-www-form-urlencoded'],
  ['wrong types everywhere', JSON.stringify({ email: ['a'], username: {}, password: 1, displayName: true, token: false, userId: 9 }), 'application/json'],
  ['huge strings', JSON.stringify({ email: 'a'.repeat(200_000), username: 'b'.repeat(200_000), password: 'c'.repeat(200_000), displayName: 'd', token: 'e'.repeat(200_000), userId: 'f'.repeat(200_000) }), 'application/json'],
  ['an unknown field only', JSON.stringify({ isAdministrator: true }), 'application/json'],
];

async function snapshot() {
  return Promise.all([countRows(t.db, 'users'), countRows(t.db, 'sessions'), countRows(t.db, 'sync_tokens'), countRows(t.db, 'email_tokens')]);
}

describe('bad request bodies', () => {
  it.each(ENDPOINTS)('%s answers 400 { error, code } to every malformed body and changes nothing', async (url) => {
    const before = await snapshot();
    for (const [what, payload, contentType] of BAD_BODIES) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, cookie } });
      expect(res.statusCode, `${url} with ${what}: ${res.body}`).toBe(400);
      const { errors, ...body } = res.json();
      expect(body, what).toEqual({ error: expect.any(String), code: expect.any(String) });
      // Invalid input lists every problem, the first being `error`.
      if (body.code === 'bad_request') expect(errors[0], what).toBe(body.error);
      else expect(errors, what).toBeUndefined();
      expect(res.cookies, what).toHaveLength(0);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a body over the 1 MiB limit is 413 payload_too_large', async () => {
    const payload = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'payload_too_large' });
  });

  it('an otherwise valid registration with one unknown field is refused', async () => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'extra@example.com', username: 'extra_user', password: 'long enough', displayName: 'Extra', accountStatus: 'active' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'body has unknown field "accountStatus"', code: 'bad_request', errors: ['body has unknown field "accountStatus"'] });
    expect(await snapshot()).toEqual(before);
  });
});
