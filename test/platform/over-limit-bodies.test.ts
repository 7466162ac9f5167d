import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_LIMITS } from '../../src/http/unread-body.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, member, type Member } from '../messages/helpers.js';

// A body over its limit is answered 413 { error, code } that Node's own fetch reads (issue:
// undici got EPIPE/ECONNRESET when the server closed the socket while it was still sending). The
// client runs in a child process: on one event loop with the server the race never shows.

const CLIENT = fileURLToPath(new URL('../fixtures/over-limit-client.ts', import.meta.url));
const MB = 1024 * 1024;

let t: TestApp;
let me: Member;
let base: string;
let listId: string;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  me = await member(t, { customer_status: 'subscriber' });
  const list = await call(t, me, 'POST', '/api/lists', { title: 'Big', schema: { name: 'Big', fields: [{ key: 'n', type: 'text', label: 'N' }] } });
  expect(list.statusCode, list.body).toBe(201);
  listId = list.json().data.id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => t.close());

function runClient(cases: object[]): Promise<Record<string, string[]>> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', CLIENT, base, me.bearer, JSON.stringify(cases)], { maxBuffer: 16 * MB, timeout: 60_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${err.message}\n${stderr}`));
      else resolve(JSON.parse(stdout));
    });
  });
}

describe('bodies over their limit, sent with Node’s fetch from another process', () => {
  it('every one is answered 413 { error, code: payload_too_large }, every time, and changes nothing', async () => {
    const repeat = 5;
    const results = await runClient([
      { name: 'message (JSON, 1 MB limit)', path: '/api/messages', kind: 'json', bytes: 5 * MB, repeat },
      { name: 'message (chunked JSON, no length)', path: '/api/messages', kind: 'json-stream', bytes: 5 * MB, repeat },
      { name: 'document (4 MB limit)', path: '/api/documents', kind: 'json', bytes: 10 * MB, repeat },
      { name: 'sync batch (16 MB limit)', path: '/api/documents/sync', kind: 'json', bytes: 24 * MB, repeat },
      { name: 'image upload (20 MB)', path: '/api/messages/images/upload', kind: 'file', bytes: 30 * MB, repeat, contentType: 'image/png' },
      { name: 'list import (20 MB)', path: `/api/lists/${listId}/import`, kind: 'file', bytes: 30 * MB, repeat, contentType: 'text/csv' },
    ]);
    for (const [name, answers] of Object.entries(results)) {
      expect(answers, name).toHaveLength(repeat);
      for (const answer of answers) {
        const [status, ...rest] = answer.split(' ');
        expect(status, `${name}: ${answer}`).toBe('413');
        expect(JSON.parse(rest.join(' ')), name).toEqual({ error: expect.any(String), code: 'payload_too_large' });
      }
    }
    const [messages, documents, uploads] = await Promise.all([
      t.db.kysely.selectFrom('messages').select('id').where('user_id', '=', me.user.id).execute(),
      t.db.kysely.selectFrom('documents').select('id').where('user_id', '=', me.user.id).execute(),
      t.db.kysely.selectFrom('uploads').select('id').where('owner_id', '=', me.user.id).execute(),
    ]);
    expect([messages.length, documents.length, uploads.length]).toEqual([0, 0, 0]);
  });
});

describe('an error answer to a body already read', () => {
  it('goes at once: nothing is left to discard (in-process requests never set IncomingMessage.complete)', async () => {
    const started = Date.now();
    // A JSON body, read whole by the parser, to an operation that refuses it.
    const res = await call(t, me, 'POST', '/api/messages/images/upload', { file: 'x' });
    expect(res.statusCode).toBe(400);
    expect(Date.now() - started).toBeLessThan(DRAIN_LIMITS.maxMs / 4);
  });
});
