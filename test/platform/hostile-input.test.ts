import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';
import { StripeStandIn } from '../billing/stripe-standin.js';
import { OutboundFetcher } from '../../src/adapters/outbound-fetch/index.js';
import { ENGINE } from '../helpers/app.js';

// Every operation of the OpenAPI document, sent every kind of hostile input, as an anonymous
// caller and as a signed-in administrator (who gets past every gate). None may answer 5xx. Text
// that the engines would store differently (NUL and other C0 controls, unpaired surrogates) is
// refused at the edge with 400 invalid_characters, and changes nothing. Sent all at once, they must
// not end the process either: a promise left without a handler while another is awaited (as the
// networkB handle lookup once did) is an unhandled rejection, which Node answers by exiting.

type Op = { method: string; path: string; op: any };
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const LONG = 'x'.repeat(10_000);
const HOSTILE_STRINGS: Record<string, string> = {
  nul: 'a\u0000b',
  control: 'a\u0007b\u001bc',
  loneSurrogate: 'a\ud800b',
  loneLowSurrogate: '\udc00',
  long: LONG,
  bidi: '\u202Eevil\u202C\u2066x\u2069',
  sqlish: "' OR 1=1; --",
  likeWildcards: '%_%\\',
  pathTraversal: '../../etc/passwd',
  emoji: '👩‍💻🏳️‍🌈',
  empty: '',
  // A well-formed host name that resolves nowhere: the networkB handle lookup's fast failure.
  unresolvable: 'nowhere.invalid',
};
const STORE_DIFFERENTLY = new Set(['nul', 'control', 'loneSurrogate', 'loneLowSurrogate']);

/** Name resolution that never leaves the machine: no address for any name at once, and TXT records refused a little later. */
const offline = new OutboundFetcher({
  allowedPrivateAddresses: [],
  timeoutMs: 2_000,
  maxBytes: 64 * 1024,
  userAgent: 'test',
  resolver: async (hostname) => {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  },
  txtResolver: (name) =>
    new Promise((_, reject) => setTimeout(() => reject(Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' })), 40)),
});

let t: AdminTestApp;
/** Billing is configured (its unconfigured 503 is the contract's answer, not a failure) against a loopback stand-in. */
const stripe = new StripeStandIn();
let doc: any;
let ops: Op[];

beforeAll(async () => {
  await stripe.start();
  // The OAuth apps are configured too: unconfigured, their authorize answers the contract's 503.
  const oauthApps = Object.fromEntries(['NETWORKC', 'NETWORKD', 'CODEHOST'].flatMap((p) => [[`${p}_CLIENT_ID`, `${p.toLowerCase()}-client`], [`${p}_CLIENT_SECRET`, 'hostile-secret']]));
  t = await createAdminApp({
    smtp: false,
    outbound: offline,
    env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: 'whsec_hostile', STRIPE_PRICE_MONTHLY: 'price_m', STRIPE_PRICE_ANNUAL: 'price_a', STRIPE_API_URL: stripe.url, ...oauthApps },
  });
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  ops = Object.entries<any>(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] })));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe.stop();
});

function deref(schema: any): any {
  return schema?.$ref ? deref(doc.components.schemas[String(schema.$ref).replace('#/components/schemas/', '')]) : schema;
}

/** The documented property names of an operation's JSON body (first object member of a union). */
function bodyFields(op: any): string[] | null {
  const media = op.requestBody?.content?.['application/json'];
  if (!media) return null;
  let schema = deref(media.schema);
  if (schema?.anyOf) schema = deref(schema.anyOf.find((s: any) => deref(s)?.type === 'object'));
  return Object.keys(schema?.properties ?? {});
}

const queryNames = (op: any): string[] => (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name);

/** Percent-encoding that, like a hostile client, also encodes lone surrogates (as WTF-8 bytes). */
function encode(value: string): string {
  let out = '';
  for (const ch of value) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

function url(path: string, value: string, query: Record<string, string> = {}): string {
  const filled = path.replace(/\{[^}]+\}/g, encode(value));
  const qs = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`).join('&');
  return qs ? `${filled}?${qs}` : filled;
}

/** Each request of the sweep for one operation and one hostile string. */
function requests({ method, path, op }: Op, value: string): { url: string; payload?: string }[] {
  const out: { url: string; payload?: string }[] = [];
  const fields = bodyFields(op);
  // The documented query parameters, or an undocumented one: every query string is checked.
  const names = queryNames(op);
  const query = Object.fromEntries((names.length ? names : ['probe']).map((n) => [n, value]));
  out.push({ url: url(path, value, query) });
  if (fields && method !== 'get') {
    const body = Object.fromEntries((fields.length ? fields : ['field']).map((f) => [f, value]));
    out.push({ url: url(path, 'unknown-id'), payload: JSON.stringify(body) });
    // The same string as a key, and nested inside arrays and objects.
    out.push({ url: url(path, 'unknown-id'), payload: JSON.stringify({ [value.slice(0, 50)]: 1, nested: [{ deep: [value] }] }) });
  }
  return out;
}

async function send(method: string, target: { url: string; payload?: string }, auth: Record<string, string>) {
  return t.app.inject({
    method: method.toUpperCase() as 'GET',
    url: target.url,
    headers: { ...auth, ...(target.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(target.payload !== undefined ? { payload: target.payload } : {}),
  });
}

/** Row counts of every application table: a refused request must change none of them. */
async function fingerprint(): Promise<string> {
  const tables =
    ENGINE === 'sqlite' ?
      (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.db.kysely)).rows
    : (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(t.db.kysely)).rows;
  const counts: string[] = [];
  for (const { name } of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    const [row] = (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(t.db.kysely)).rows;
    counts.push(`${name}=${row.n}`);
  }
  const admin = await t.db.kysely.selectFrom('users').selectAll().where('id', '=', t.admin.id).executeTakeFirstOrThrow();
  return `${counts.join(',')}|${JSON.stringify(admin)}`;
}

describe('hostile input on every operation', () => {
  it('the sweep covers the whole document', () => {
    expect(ops.length).toBeGreaterThan(30);
  });

  it('never answers 5xx, signed in or not, whatever the string', async () => {
    const failures: string[] = [];
    const auths: Record<string, string>[] = [{}, { cookie: t.admin.cookie }, { authorization: t.admin.bearer }];
    for (const auth of auths) {
      for (const op of ops) {
        // Signing out or deleting the administrator would end the sweep early; they are covered anonymously.
        if (Object.keys(auth).length > 0 && /logout|remove-account|bulk-delete|bulk-account-status|\/password$/.test(op.path)) continue;
        for (const [kind, value] of Object.entries(HOSTILE_STRINGS)) {
          for (const target of requests(op, value)) {
            const res = await send(op.method, target, auth);
            if (res.statusCode >= 500) failures.push(`${op.method.toUpperCase()} ${op.path} [${kind}] ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('answers every operation sent hostile values all at once, and the process lives on', async () => {
    // Node's own answer to an unhandled rejection is to exit; counted here instead, with the
    // process kept alive so that the test can say which request did it.
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failures: string[] = [];
      const targets = ops
        .filter((op) => !/logout|remove-account|bulk-delete|bulk-account-status|\/password$/.test(op.path))
        .flatMap((op) => Object.entries(HOSTILE_STRINGS).flatMap(([kind, value]) => requests(op, value).map((target) => ({ op, kind, target }))));
      const WAVE = 64;
      for (let i = 0; i < targets.length; i += WAVE) {
        const wave = targets.slice(i, i + WAVE);
        const answers = await Promise.all(wave.map(({ op, target }) => send(op.method, target, { cookie: t.admin.cookie })));
        answers.forEach((res, j) => {
          if (res.statusCode >= 500) failures.push(`${wave[j].op.method.toUpperCase()} ${wave[j].op.path} [${wave[j].kind}] ${res.statusCode}`);
        });
      }
      // The unresolvable handle, many times at once and anonymously, as the crash was found.
      const lookups = await Promise.all(
        Array.from({ length: 40 }, () => t.app.inject({ method: 'GET', url: '/api/auth/networkB/authorize?handle=nowhere.invalid' })),
      );
      for (const res of lookups) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: expect.stringContaining('nowhere.invalid'), code: expect.any(String) });
      }
      // Rejections surface on the next turns of the event loop: wait past the slowest lookup.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(failures).toEqual([]);
      expect(unhandled).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  }, 240_000);

  it('refuses NUL, other control characters and unpaired surrogates once, at the edge, naming the field, and changes nothing', async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    const auths: Record<string, string>[] = [{}, { cookie: t.admin.cookie }];
    for (const auth of auths) {
      for (const op of ops) {
        for (const kind of STORE_DIFFERENTLY) {
          for (const target of requests(op, HOSTILE_STRINGS[kind])) {
            const res = await send(op.method, target, auth);
            // Percent-decoding cannot produce an unpaired surrogate (the URL decoders refuse or
            // replace those bytes), so only a JSON body can carry one here; in a URL, the sweep
            // above checks it is never a 5xx.
            if (kind.includes('Surrogate') && target.payload === undefined) continue;
            const body = res.json();
            if (res.statusCode !== 400 || body.code !== 'invalid_characters' || typeof body.error !== 'string' || typeof body.field !== 'string') {
              wrong.push(`${op.method.toUpperCase()} ${target.url.slice(0, 80)} [${kind}] ${res.statusCode} ${res.body.slice(0, 150)}`);
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toBe(before);
  }, 240_000);

  it('names the field: body, nested body, query and path', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.org\u0000', password: 'x' } });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ error: 'email contains a control character (U+0000), which is not allowed', code: 'invalid_characters', field: 'email' });

    const nested = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/users/bulk-status',
      headers: { cookie: t.admin.cookie },
      payload: { userIds: ['ok', 'bad\ud800'], emailVerified: true },
    });
    expect(nested.json()).toMatchObject({ code: 'invalid_characters', field: 'userIds[1]' });
    expect(nested.json().error).toMatch(/unpaired surrogate/);

    const query = await t.app.inject({ method: 'GET', url: '/api/admin/users?search=%00', headers: { cookie: t.admin.cookie } });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: 'invalid_characters', field: 'query.search' });

    const path = await t.app.inject({ method: 'PUT', url: '/api/admin/users/a%01b', headers: { cookie: t.admin.cookie }, payload: { bio: 'x' } });
    expect(path.json()).toMatchObject({ code: 'invalid_characters', field: 'path.userId' });
  });

  it('tab, LF and CR stay allowed', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { cookie: t.admin.cookie }, payload: { bio: 'line one\r\n\tline two\n' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.bio).toBe('line one\r\n\tline two\n');
  });

  it('__proto__ keys and deep nesting are 400, not 5xx, and pollute nothing', async () => {
    for (const payload of ['{"__proto__":{"isAdmin":true},"email":"a@b.co","password":"x"}', '{"constructor":{"prototype":{"polluted":true}}}']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBeTypeOf('string');
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    for (const depth of [1_000, 100_000]) {
      const deep = '['.repeat(depth) + ']'.repeat(depth);
      const asArray = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: deep });
      expect(asArray.statusCode, `array depth ${depth}`).toBe(400);
      const inField = `{"email":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},"password":"x"}`;
      const asObject = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { cookie: t.admin.cookie, 'content-type': 'application/json' }, payload: inField });
      expect(asObject.statusCode, `object depth ${depth}`).toBeGreaterThanOrEqual(400);
      expect(asObject.statusCode, `object depth ${depth}`).toBeLessThan(500);
    }
  });

  it('usernames refuse bidirectional controls; display names keep them and are stored NFC-normalised', async () => {
    for (const bidi of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: `bidi${bidi.charCodeAt(0)}@example.org`, username: `ab${bidi}c`, password: 'correct horse battery', displayName: 'x' },
      });
      expect(res.statusCode, `U+${bidi.charCodeAt(0).toString(16)}`).toBe(400);
      expect(res.json().code).toBe('bad_request');
    }
    const decomposed = 'Zoe\u0308 \u202Eabc\u202C'; // e + combining diaeresis
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'nfc@example.org', username: 'nfc_user', password: 'correct horse battery', displayName: decomposed },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.displayName).toBe('Zoë \u202Eabc\u202C');
    const row = await t.db.kysely.selectFrom('users').select('display_name').where('username', '=', 'nfc_user').executeTakeFirstOrThrow();
    expect(row.display_name).toBe(decomposed.normalize('NFC'));
    expect(row.display_name).not.toBe(decomposed);

    const patched = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { cookie: t.admin.cookie }, payload: { displayName: 'Rene\u0301' } });
    expect(patched.json().user.displayName).toBe('René');
    const admin = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${t.admin.id}`, headers: { cookie: t.admin.cookie }, payload: { displayName: 'A\u030Angstr\u00F6m' } });
    expect(admin.json().user.displayName).toBe('Ångström');
  });
});
