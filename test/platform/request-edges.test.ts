import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../helpers/app.js';
import { call, member, post } from '../messages/helpers.js';

// Requests as clients really send them: a POST action with `content-type: application/json` and
// no body, and a URL holding raw bytes outside ASCII, which Node's HTTP parser refuses before any
// route sees it.

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => t.close());

/** A request with `content-type: application/json` and the given (empty) body. */
const emptyJson = (who: { cookie: string }, method: 'POST' | 'DELETE', url: string, payload = '') =>
  t.app.inject({ method, url, headers: { cookie: who.cookie, 'content-type': 'application/json' }, payload });

describe('an empty body sent as JSON', () => {
  it('follow, dig and logout take it as no body', async () => {
    const me = await member(t);
    const author = await member(t);
    const follow = await emptyJson(me, 'POST', `/api/users/${author.user.username}/follow`);
    expect(follow.statusCode, follow.body).toBe(200);
    expect(follow.json()).toMatchObject({ following: true });

    const message = await post(t, author, { content: 'Dig me' });
    const dig = await emptyJson(me, 'POST', `/api/messages/${message.id}/dig`);
    expect(dig.statusCode, dig.body).toBe(200);
    expect(dig.json()).toMatchObject({ isNewDig: true });
    // White space only is no body either.
    const undig = await emptyJson(me, 'DELETE', `/api/messages/${message.id}/dig`, ' \r\n');
    expect(undig.statusCode, undig.body).toBe(200);

    const registered = await registerUser(t.app);
    const logout = await emptyJson(registered, 'POST', '/api/auth/logout');
    expect(logout.statusCode, logout.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: registered.cookie } })).statusCode).toBe(401);
  });

  it('a route that needs a body says so in the usual answer', async () => {
    const me = await member(t);
    const res = await emptyJson(me, 'POST', '/api/messages');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'body must be an object', code: 'bad_request', errors: ['body must be an object'] });
    // Malformed JSON is still malformed.
    const broken = await emptyJson(me, 'POST', '/api/messages', '{"content": ');
    expect(broken.json()).toEqual({ error: 'Malformed JSON body', code: 'invalid_json' });
    expect((await call(t, me, 'GET', '/api/messages?onlyMine=true')).json().pagination.total).toBe(0);
  });
});

/** Sends raw bytes on a new connection and answers the status line, headers and body the server wrote. */
function rawRequest(bytes: Buffer): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(bytes);
  });
}

describe('requests the HTTP parser refuses', () => {
  it('raw non-ASCII bytes in the URL: 400 in the service’s own error model', async () => {
    const res = await rawRequest(Buffer.concat([Buffer.from('GET /api/users/'), Buffer.from('zoë', 'utf8'), Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')]));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(res.body)).toEqual({ error: 'Malformed URL: characters outside ASCII must be percent-encoded (UTF-8)', code: 'bad_url' });
    // The same name percent-encoded is an ordinary request.
    const encoded = await rawRequest(Buffer.from(`GET /api/users/${encodeURIComponent('zoë')} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    expect(encoded.status).toBe(404);
  });

  it('headers over the size limit: 431 in the same model', async () => {
    const res = await rawRequest(Buffer.from(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ error: 'The request headers are too large', code: 'headers_too_large' });
  });
});
