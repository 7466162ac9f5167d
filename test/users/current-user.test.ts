import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueName, type TestApp } from '../helpers/app.js';
import { hashToken } from '../../src/lib/crypto.js';
import { newId } from '../../src/lib/ids.js';
import { signedInUser, userRow } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const CURRENT_USER_FIELDS = [
  'accountStatus',
  'avatar',
  'bio',
  'createdAt',
  'customerStatus',
  'defaultPubliclyVisible',
  'displayName',
  'email',
  'emailVerified',
  'id',
  'isPrivate',
  'maxMessageLength',
  'theme',
  'username',
  'viewingPreference',
];

function expectError(res: { statusCode: number; json(): any }, status: number, code?: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(typeof body.error).toBe('string');
  if (code) expect(body.code).toBe(code);
}

describe('GET /api/user', () => {
  it('returns the current user with every documented field and the defaults', async () => {
    const me = await signedInUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['user']);
    expect(Object.keys(body.user).sort()).toEqual(CURRENT_USER_FIELDS);
    expect(body.user).toEqual({
      id: me.user.id,
      email: me.user.email,
      username: me.user.username,
      displayName: me.user.display_name,
      avatar: null,
      bio: null,
      theme: null,
      emailVerified: false,
      createdAt: me.user.created_at,
      customerStatus: 'free',
      maxMessageLength: 666,
      viewingPreference: 'all',
      accountStatus: 'probation',
      isPrivate: false,
      defaultPubliclyVisible: true,
    });
    expect(new Date(body.user.createdAt).toISOString()).toBe(body.user.createdAt);
  });

  it('accepts a Bearer sync token', async () => {
    const me = await signedInUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: me.bearer } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(me.user.id);
  });

  it('answers 401 without credentials or with unknown ones', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/user' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${'0'.repeat(64)}` } }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: 'Bearer not-a-token' } }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `service-session=${'a'.repeat(64)}` } }), 401);
  });

  it('reflects tier and status set elsewhere', async () => {
    const me = await signedInUser(t);
    await t.db.kysely.updateTable('users').set({ customer_status: 'subscriber:annual', account_status: 'active', email_verified: true }).where('id', '=', me.user.id).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: me.cookie } });
    expect(res.json().user).toMatchObject({ customerStatus: 'subscriber:annual', accountStatus: 'active', emailVerified: true });
  });
});

describe('PATCH /api/user', () => {
  it('updates every setting, returns the user and stamps updated_at', async () => {
    const me = await signedInUser(t);
    t.clock.advance(60_000);
    const patch = {
      displayName: 'New Name',
      bio: 'Hello there',
      avatar: 'https://cdn.example.com/a.png',
      theme: 'dark',
      isPrivate: true,
      maxMessageLength: 1200,
      defaultPubliclyVisible: false,
      viewingPreference: 'following',
    };
    const res = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { cookie: me.cookie }, payload: patch });
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(Object.keys(user).sort()).toEqual(CURRENT_USER_FIELDS);
    expect(user).toMatchObject(patch);
    expect(user.email).toBe(me.user.email);

    const row = await userRow(t, me.user.id);
    expect(row.display_name).toBe('New Name');
    expect(row.bio).toBe('Hello there');
    expect(row.avatar).toBe('https://cdn.example.com/a.png');
    expect(row.theme).toBe('dark');
    expect(Boolean(row.is_private)).toBe(true);
    expect(row.max_message_length).toBe(1200);
    expect(Boolean(row.default_publicly_visible)).toBe(false);
    expect(row.viewing_preference).toBe('following');
    expect(row.updated_at).toBe(t.clock.now().toISOString());
    expect(row.updated_at > me.user.updated_at).toBe(true);

    // The change is what the next read sees.
    const again = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: me.cookie } });
    expect(again.json().user).toMatchObject(patch);
  });

  it('changes only the fields sent, and null clears the nullable ones', async () => {
    const me = await signedInUser(t);
    await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { cookie: me.cookie }, payload: { bio: 'b', theme: 't', avatar: 'http://x.example/a.png' } });
    const res = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { cookie: me.cookie }, payload: { bio: null, avatar: null } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ bio: null, avatar: null, theme: 't', displayName: me.user.display_name, maxMessageLength: 666 });
  });

  it('trims the display name and accepts the limits', async () => {
    const me = await signedInUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { authorization: me.bearer },
      payload: { displayName: `  ${'n'.repeat(96)}  `, bio: 'b'.repeat(500), theme: 't'.repeat(50), maxMessageLength: 10000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ displayName: 'n'.repeat(96), maxMessageLength: 10000 });
    const low = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { authorization: me.bearer }, payload: { maxMessageLength: 1 } });
    expect(low.json().user.maxMessageLength).toBe(1);
  });

  it('answers 401 without credentials', async () => {
    expectError(await t.app.inject({ method: 'PATCH', url: '/api/user', payload: { displayName: 'x' } }), 401);
  });

  const invalid: [string, unknown][] = [
    ['an empty body', {}],
    ['an unknown field', { displayName: 'ok', nickname: 'x' }],
    ['a field that is not settable here', { email: 'other@example.com' }],
    ['an account status', { accountStatus: 'active' }],
    ['a tier', { customerStatus: 'subscriber' }],
    ['a numeric display name', { displayName: 5 }],
    ['an empty display name', { displayName: '' }],
    ['a blank display name', { displayName: '    ' }],
    ['a display name over 100 characters', { displayName: 'd'.repeat(101) }],
    ['a bio over 500 characters', { bio: 'b'.repeat(501) }],
    ['a numeric bio', { bio: 12 }],
    ['a non-URL avatar', { avatar: 'not a url' }],
    ['a javascript: avatar', { avatar: 'javascript:alert(1)' }],
    ['an avatar over 2048 characters', { avatar: `https://x.example/${'a'.repeat(2040)}` }],
    ['a theme over 50 characters', { theme: 't'.repeat(51) }],
    ['a string boolean', { isPrivate: 'true' }],
    ['a numeric boolean', { defaultPubliclyVisible: 1 }],
    ['a string length', { maxMessageLength: '100' }],
    ['a fractional length', { maxMessageLength: 1.5 }],
    ['a zero length', { maxMessageLength: 0 }],
    ['a length over 10000', { maxMessageLength: 10001 }],
    ['an unknown viewing preference', { viewingPreference: 'everyone' }],
    ['a null boolean', { isPrivate: null }],
    ['an array body', [{ displayName: 'x' }]],
    ['a string body', 'displayName'],
  ];
  for (const [what, payload] of invalid) {
    it(`answers 400 and changes nothing for ${what}`, async () => {
      const me = await signedInUser(t);
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/user',
        headers: { cookie: me.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expectError(res, 400);
      expect(await userRow(t, me.user.id)).toEqual(me.user);
    });
  }

  it('answers 400 for malformed JSON', async () => {
    const me = await signedInUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { cookie: me.cookie, 'content-type': 'application/json' },
      payload: '{"displayName": ',
    });
    expectError(res, 400, 'invalid_json');
  });
});

describe('POST /api/user/email', () => {
  it('mails a confirmation link to the new address and leaves the address unchanged', async () => {
    const me = await signedInUser(t);
    const newEmail = `${uniqueName('new')}@example.com`;
    const res = await t.app.inject({ method: 'POST', url: '/api/user/email', headers: { cookie: me.cookie }, payload: { email: newEmail.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(typeof res.json().message).toBe('string');

    // The link goes to the new address only, as <PUBLIC_URL>/verify-email-change?token=<TOKEN>.
    expect(t.smtp.to(me.user.email)).toHaveLength(0);
    const mails = t.smtp.to(newEmail);
    expect(mails).toHaveLength(1);
    const token = t.smtp.tokenFrom(newEmail, '/verify-email-change');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(mails[0].text).toContain(`http://localhost:3000/verify-email-change?token=${token}`);

    // Stored only as a hash, bound to the new address, and the mail is in the e-mail log.
    const tokens = await t.db.kysely.selectFrom('email_tokens').selectAll().where('user_id', '=', me.user.id).execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ purpose: 'email_change', new_email: newEmail, token_hash: hashToken(token), used_at: null });
    const log = await t.db.kysely.selectFrom('email_logs').selectAll().where('recipient', '=', newEmail).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ email_type: 'email_change', status: 'sent', user_id: me.user.id, error: null });

    expect((await userRow(t, me.user.id)).email).toBe(me.user.email);
    const read = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: me.cookie } });
    expect(read.json().user.email).toBe(me.user.email);
  });

  it('a second request replaces the first token', async () => {
    const me = await signedInUser(t);
    const first = `${uniqueName('a')}@example.com`;
    const second = `${uniqueName('b')}@example.com`;
    await t.app.inject({ method: 'POST', url: '/api/user/email', headers: { cookie: me.cookie }, payload: { email: first } });
    await t.app.inject({ method: 'POST', url: '/api/user/email', headers: { cookie: me.cookie }, payload: { email: second } });
    const tokens = await t.db.kysely.selectFrom('email_tokens').select(['new_email']).where('user_id', '=', me.user.id).execute();
    expect(tokens).toEqual([{ new_email: second }]);
  });

  it('refuses the current address, one taken by another account, and invalid addresses', async () => {
    const me = await signedInUser(t);
    const other = await signedInUser(t);
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/user/email', headers: { cookie: me.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

    expectError(await post({ email: me.user.email }), 400);
    expectError(await post({ email: me.user.email.toUpperCase() }), 400);
    expectError(await post({ email: other.user.email }), 400, 'email_taken');
    for (const bad of [{ email: 'not-an-address' }, { email: 'a@b' }, { email: '' }, { email: 42 }, {}, { email: `${'x'.repeat(250)}@example.com` }, { email: 'n@example.com', extra: 1 }]) {
      expectError(await post(bad), 400);
    }
    const mails = t.smtp.mails.filter((m) => m.subject === 'Confirm your new e-mail address' && m.to.includes(other.user.email));
    expect(mails).toHaveLength(0);
    const tokens = await t.db.kysely.selectFrom('email_tokens').selectAll().where('user_id', '=', me.user.id).execute();
    expect(tokens).toHaveLength(0);
  });

  it('is Session only: a Bearer token gets 401, and so does no credential', async () => {
    const me = await signedInUser(t);
    const email = `${uniqueName('c')}@example.com`;
    expectError(await t.app.inject({ method: 'POST', url: '/api/user/email', headers: { authorization: me.bearer }, payload: { email } }), 401);
    expectError(await t.app.inject({ method: 'POST', url: '/api/user/email', payload: { email } }), 401);
    expect(t.smtp.to(email)).toHaveLength(0);
  });
});

describe('GET /api/user/identities', () => {
  it('lists the caller’s linked identities only', async () => {
    const me = await signedInUser(t);
    const other = await signedInUser(t);
    const empty = await t.app.inject({ method: 'GET', url: '/api/user/identities', headers: { cookie: me.cookie } });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ identities: [] });

    const now = t.clock.now();
    const rows = [
      { id: newId(), user_id: me.user.id, provider: 'networkA', provider_user_id: '1', handle: '@me@social.example', instance_name: 'social.example', created_at: new Date(now.getTime() + 1).toISOString() },
      { id: newId(), user_id: me.user.id, provider: 'codehost', provider_user_id: '2', handle: 'me-on-code', instance_name: '', created_at: new Date(now.getTime() + 2).toISOString() },
      { id: newId(), user_id: other.user.id, provider: 'networkB', provider_user_id: '3', handle: 'someone', instance_name: '', created_at: now.toISOString() },
    ];
    await t.db.kysely.insertInto('identities').values(rows).execute();

    const res = await t.app.inject({ method: 'GET', url: '/api/user/identities', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      identities: [
        { id: rows[0].id, provider: 'networkA', handle: '@me@social.example', instanceName: 'social.example', status: 'active' },
        { id: rows[1].id, provider: 'codehost', handle: 'me-on-code', instanceName: null, status: 'active' },
      ],
    });
  });

  it('is Session only: a Bearer token gets 401, and so does no credential', async () => {
    const me = await signedInUser(t);
    expectError(await t.app.inject({ method: 'GET', url: '/api/user/identities', headers: { authorization: me.bearer } }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/user/identities' }), 401);
  });
});
