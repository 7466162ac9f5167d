import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

describe('service basics', () => {
  it('GET /api/health answers ok once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('every response carries x-request-id, and a sane caller id is kept', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const b = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(b.headers['x-request-id']).toBe('trace-123');
    const c = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(c.headers['x-request-id']).not.toBe('bad id with spaces');
  });

  it('unknown routes are a JSON 404 in the error model', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ error: expect.any(String), code: 'not_found' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('error model for bad request bodies', () => {
  const url = '/api/analytics/ingest';
  /**
   * Every error body is exactly { error } or { error, code }, both strings; invalid input is
   * { error, code, errors } (bad_request for a schema, validation_failed for a row), every problem in `errors`, the first as `error`.
   */
  function expectErrorBody(res: { statusCode: number; headers: Record<string, unknown>; json(): any }, status: number, code?: string) {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json();
    expect(typeof body.error).toBe('string');
    expect(body.error.length).toBeGreaterThan(0);
    if (Array.isArray(body.errors)) {
      expect(Object.keys(body).sort()).toEqual(['code', 'error', 'errors']);
      expect(body.errors[0]).toBe(body.error);
      for (const message of body.errors) expect(message).toMatch(/^\S.*\S$/);
    } else {
      expect(['code', 'error']).toEqual(expect.arrayContaining(Object.keys(body)));
    }
    if (code) expect(body.code).toBe(code);
    else if ('code' in body) expect(typeof body.code).toBe('string');
  }
  async function eventCount(): Promise<number> {
    const row = await t.db.kysely.selectFrom('analytics_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('malformed JSON is 400 invalid_json', async () => {
    for (const payload of ['{"type": "x",', '{type: x}', '[1, 2', 'nope']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
      expectErrorBody(res, 400, 'invalid_json');
    }
  });

  it('a wrong content type is 400', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload: '{"type":"x","path":"/"}' });
      expectErrorBody(res, 400);
    }
  });

  it('an empty JSON body is 400', async () => {
    const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '' });
    expectErrorBody(res, 400);
    const none = await t.app.inject({ method: 'POST', url });
    expectErrorBody(none, 400);
  });

  it('a body over 1 MiB is 413 with { error, code }', async () => {
    const payload = JSON.stringify({ type: 'big', path: 'p'.repeat(1024 * 1024) });
    const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
    expectErrorBody(res, 413, 'payload_too_large');
  });

  it('wrong shapes, types, sizes and unknown fields are 400 and record nothing', async () => {
    const before = await eventCount();
    const bad: unknown[] = [
      {},
      { path: '/' },
      { type: '', path: '/' },
      { type: 't'.repeat(65), path: '/' },
      { type: 5, path: '/' },
      { type: 'x', path: 7 },
      { type: 'x', path: 'p'.repeat(2049) },
      { type: 'x', path: '/', referrer: 12 },
      { type: 'x', path: '/', referrer: 'r'.repeat(2049) },
      { type: 'x', path: '/', extra: true },
      { type: ['x'], path: '/' },
      [],
      'text',
      42,
      null,
    ];
    for (const body of bad) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expectErrorBody(res, 400);
    }
    expect(await eventCount()).toBe(before);
  });

  it('URLs the router refuses still answer in the error model', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/architecture-aggregates/${'x'.repeat(200)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: expect.any(String), code: 'uri_too_long' });
    expect(long.headers['x-request-id']).toBeTruthy();
    const bad = await t.app.inject({ method: 'GET', url: '/api/architecture-aggregates/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: expect.any(String), code: 'bad_url' });
  });

  it('validation errors name the field in a readable sentence', async () => {
    const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
    const base = { email: 'v@example.com', username: 'validuser', password: 'long enough pw', displayName: 'V' };
    const one = (error: string) => ({ error, code: 'bad_request', errors: [error] });
    expect((await post({ ...base, password: 'short' })).json()).toEqual(one('password must be at least 8 characters'));
    const { email: _omit, ...noEmail } = base;
    expect((await post(noEmail)).json()).toEqual(one('email is required'));
    expect((await post({ ...base, extra: 1 })).json()).toEqual(one('body has unknown field "extra"'));
  });

  it('a cross-site cookie write is refused with 403 before its body is even read', async () => {
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{"displayName": ',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'origin_mismatch' });
    const same = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: { displayName: 'Same Origin' },
    });
    expect(same.statusCode).toBe(200);
  });
});

