import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, setUserFields, type TestApp } from '../helpers/app.js';
import { activeUser, bearerOf, call, cookieOf, createList, uploadCsv } from '../lists/support.js';
import { signedInUser, type SignedIn } from '../users/fixtures.js';

// Issue 34, item 6: an error a client or an operator can act on names what to do. A server with
// nothing optional configured (no AI provider, no billing, no OAuth apps) answers each feature's
// code with the settings that turn it on; JSON sent as text/plain and a body with a __proto__ key
// say what is wrong with them; a file that is not CSV is refused when it is uploaded for import.

let t: TestApp;
let me: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  me = await signedInUser(t);
  await setUserFields(t.db, me.user.id, { account_status: 'active', customer_status: 'subscriber', email_verified: true });
}, 120_000); // on the shared machine a PostgreSQL database's migrations can take 30 s
afterAll(async () => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: me.cookie, ...headers }, payload: payload as string });

describe('an unconfigured feature names its settings', () => {
  it('AI: 409 no_provider_configured names AI_PROVIDER and AI_API_KEY', async () => {
    const res = await post('/api/ai/suggest', { feature: 'powered_template', input: 'A reading list' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: expect.stringContaining('AI_PROVIDER'), code: 'no_provider_configured' });
    expect(res.json().error).toContain('AI_API_KEY');
  });

  it('billing: 503 billing_not_configured names the STRIPE_* variables', async () => {
    for (const [url, payload] of [['/api/billing/checkout-session', { plan: 'monthly' }], ['/api/billing/portal-session', {}]] as const) {
      const res = await post(url, payload);
      expect(res.statusCode, url).toBe(503);
      expect(res.json().code).toBe('billing_not_configured');
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL']) expect(res.json().error, url).toContain(name);
    }
  });

  it('billing: a plan without its price names that plan’s variable', async () => {
    const partial = await createTestApp({ smtp: false, env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_URL: 'http://127.0.0.1:9', STRIPE_PRICE_MONTHLY: 'price_m' } });
    try {
      const u = await signedInUser(partial);
      await setUserFields(partial.db, u.user.id, { account_status: 'active', email_verified: true });
      const res = await partial.app.inject({ method: 'POST', url: '/api/billing/checkout-session', headers: { cookie: u.cookie }, payload: { plan: 'annual' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: expect.stringContaining('STRIPE_PRICE_ANNUAL'), code: 'billing_not_configured' });
      // With a key but no webhook secret, the webhook names the one that is missing.
      const hook = await partial.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{}' });
      expect(hook.statusCode).toBe(503);
      expect(hook.json()).toEqual({ error: expect.stringContaining('STRIPE_WEBHOOK_SECRET'), code: 'billing_not_configured' });
    } finally {
      await partial.close();
    }
  }, 120_000); // a second app: its own database and migrations

  it('sign-in: 503 provider_not_configured names the provider’s client id and secret', async () => {
    const expected = { networkC: 'NETWORKC', networkD: 'NETWORKD', codehost: 'CODEHOST' };
    for (const [provider, prefix] of Object.entries(expected)) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}/authorize` });
      expect(res.statusCode, provider).toBe(503);
      expect(res.json().code).toBe('provider_not_configured');
      expect(res.json().error).toContain(`${prefix}_CLIENT_ID`);
      expect(res.json().error).toContain(`${prefix}_CLIENT_SECRET`);
    }
  });
});

describe('a body sent the wrong way says what is wrong', () => {
  it('JSON sent as text/plain: 400 saying to send content-type: application/json; nothing is posted', async () => {
    for (const type of ['text/plain', 'text/plain; charset=utf-8']) {
      const res = await post('/api/messages', '{"content":"sent as text"}', { 'content-type': type });
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.stringContaining('content-type: application/json'), code: 'bad_request' });
    }
    // The same body sent as JSON is taken: the 400 was the header's.
    const ok = await post('/api/messages', '{"content":"sent as JSON"}', { 'content-type': 'application/json' });
    expect(ok.statusCode, ok.body).toBe(201);
    const mine = await t.db.kysely.selectFrom('messages').select('content').where('user_id', '=', me.user.id).execute();
    expect(mine.map((m) => m.content)).toEqual(['sent as JSON']);
  });

  it('a form post (curl -d without a header): 400 unsupported_media_type naming its type and the JSON header', async () => {
    const res = await post('/api/messages', 'content=hello', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.stringContaining('application/x-www-form-urlencoded'), code: 'unsupported_media_type' });
    expect(res.json().error).toContain('content-type: application/json');
  });

  it('a body with a __proto__ key (or constructor.prototype): 400 saying so, not "Malformed JSON body"', async () => {
    for (const payload of ['{"content":"x","__proto__":{"isAdmin":true}}', '{"content":"x","nested":{"constructor":{"prototype":{"polluted":true}}}}']) {
      const res = await post('/api/messages', payload, { 'content-type': 'application/json' });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code).toBe('invalid_json');
      expect(res.json().error).toContain('__proto__');
      expect(res.json().error).not.toBe('Malformed JSON body');
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    // A body that is not JSON at all is still "malformed".
    const broken = await post('/api/messages', '{"content":', { 'content-type': 'application/json' });
    expect(broken.json()).toEqual({ error: 'Malformed JSON body', code: 'invalid_json' });
  });
});

describe('a list import of a file that is not CSV', () => {
  // The first bytes of real files of each kind: file-type knows them by these.
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  const XLSX = Buffer.concat([Buffer.from('504b0304140006000800000021', 'hex'), Buffer.from('[Content_Types].xml'), Buffer.alloc(64)]);
  const UTF16 = Buffer.from('\ufefftitle\nA\n', 'utf16le');

  function form(bytes: Buffer, name: string) {
    const boundary = '----notcsv42';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`);
    return { payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('is refused at upload with 415 unsupported_media_type, and no job is made', async () => {
    const owner = await activeUser(t);
    const list = await createList(t, cookieOf(owner), { title: 'Imports' });
    for (const [name, bytes] of [['sheet.csv', XLSX], ['photo.csv', PNG], ['utf16.csv', UTF16]] as const) {
      const f = form(bytes, name);
      const res = await t.app.inject({ method: 'POST', url: `/api/lists/${list.id}/import`, payload: f.payload, headers: { ...f.headers, ...bearerOf(owner) } });
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toEqual({ error: expect.stringContaining('CSV'), code: 'unsupported_media_type' });
    }
    const jobs = await t.db.kysely.selectFrom('list_imports').select('id').where('list_id', '=', list.id).execute();
    expect(jobs).toEqual([]);
    // A CSV file is still taken.
    expect((await uploadCsv(t, cookieOf(owner), list.id, 'title\nA\n')).statusCode).toBe(202);
    // Another user's list is still 404 with a CSV file.
    const other = await activeUser(t);
    expect((await uploadCsv(t, cookieOf(other), list.id, 'title\nA\n')).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/lists/${list.id}/data`, cookieOf(owner))).statusCode).toBe(200);
  });
});
