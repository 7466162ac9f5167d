import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { redactQuery } from '../../src/http/request-log.js';
import { freshDatabase, testPasswords } from '../helpers/app.js';

// What the server log holds: one JSON line per event, the request id on every line written while
// a request is handled, and no secrets.

let app: FastifyInstance;
let drop: () => Promise<void>;
const lines: Record<string, any>[] = [];
let raw = '';

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, cb) {
      raw += String(chunk);
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  const fresh = await freshDatabase();
  drop = fresh.drop;
  app = await buildApp(loadConfig({ LOG_LEVEL: 'info' }), { db: fresh.db, passwords: testPasswords, logStream: sink });
});
afterAll(async () => {
  await app.close();
  await drop();
});

const linesOf = (reqId: string) => lines.filter((l) => l.reqId === reqId);

describe('server log', () => {
  it('work done during a request (the logged-mail fallback) logs with the request id', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-request-id': 'req-mail-1' },
      payload: { email: 'logline@example.com', username: 'logline', password: 'long enough pw', displayName: 'L' },
    });
    expect(res.statusCode).toBe(201);
    const own = linesOf('req-mail-1').map((l) => l.msg);
    expect(own).toEqual(expect.arrayContaining(['incoming request', 'mail logged (SMTP_URL not set)', 'request completed']));
    expect(lines.filter((l) => String(l.msg).includes('mail') && l.reqId === undefined)).toEqual([]);
  });

  it('never holds a password, a session token or a sync token', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/sync-token',
      headers: { 'x-request-id': 'req-secret-1' },
      payload: { email: 'logline@example.com', password: 'long enough pw' },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(raw).not.toContain('long enough pw');
    expect(raw).not.toContain(token);
  });

  it('redacts OAuth codes, state and tokens in logged URLs', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/networkA/callback?code=SECRETCODE123&state=SECRETSTATE456&other=kept',
      headers: { 'x-request-id': 'req-oauth-1' },
    });
    // An unknown state: back to the browser's page with oauth_error (CONTRACT, Callback).
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain('oauth_error=invalid_state');
    const incoming = linesOf('req-oauth-1').find((l) => l.msg === 'incoming request');
    expect(incoming?.req.url).toBe('/api/auth/networkA/callback?code=[redacted]&state=[redacted]&other=kept');
    expect(raw).not.toContain('SECRETCODE123');
    expect(raw).not.toContain('SECRETSTATE456');
  });

  it('redactQuery leaves URLs without secrets alone', () => {
    expect(redactQuery('/api/admin/users?search=bob&limit=5')).toBe('/api/admin/users?search=bob&limit=5');
    expect(redactQuery('/api/health')).toBe('/api/health');
    expect(redactQuery('/x?Token=abc&%74oken=def')).toBe('/x?Token=[redacted]&%74oken=[redacted]');
  });
});
