import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

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
