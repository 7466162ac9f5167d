import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, setUserFields, type TestApp } from '../helpers/app.js';
import { call, expectError, member, type Member } from '../messages/helpers.js';
import { tray } from '../notifications/helpers.js';
import { hashToken } from '../../src/lib/crypto.js';
import { join, newOrg } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The token of the newest invite link mailed to `email`. */
function inviteToken(email: string): string {
  const mails = t.smtp.to(email);
  const m = /http:\/\/localhost:3000\/org-invite\?token=([0-9a-f]+)/.exec(mails[mails.length - 1]?.text ?? '');
  if (!m) throw new Error(`no invite link to ${email}`);
  return m[1];
}

const verified = (fields: Record<string, unknown> = {}) => member(t, { email_verified: true, ...fields });
const accept = (who: Member | null, token: unknown) => call(t, who, 'POST', '/api/orgs/invites/accept', { token });

async function team() {
  const [owner, admin, plain] = [await verified(), await verified(), await verified()];
  const org = await newOrg(t, owner);
  await join(t, org, admin, 'admin');
  await join(t, org, plain, 'member');
  return { owner, admin, plain, org, base: `/api/orgs/${org.slug}/invites` };
}

describe('invites', () => {
  it('by username: 201, e-mail with a link, in-app org_invite notification; the invitee accepts and joins with the role; single use', async () => {
    const { owner, org, base } = await team();
    const invitee = await verified();
    const res = await call(t, owner, 'POST', base, { username: invitee.user.username, role: 'admin' });
    expect(res.statusCode, res.body).toBe(201);
    const invite = res.json().invite;
    expect(invite).toEqual({ id: expect.any(String), email: null, username: invitee.user.username, role: 'admin', expiresAt: expect.any(String), createdAt: expect.any(String) });
    expect(Date.parse(invite.expiresAt) - Date.parse(invite.createdAt)).toBe(7 * 24 * 3600_000);
    const token = inviteToken(invitee.user.email);
    // Only the hash is stored; the token is in no answer.
    const stored = await t.db.kysely.selectFrom('org_invites').select('token_hash').where('id', '=', invite.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(token));
    expect(res.body).not.toContain(token);
    const log = await t.db.kysely.selectFrom('email_logs').select('email_type').where('recipient', '=', invitee.user.email).execute();
    expect(log.map((l) => l.email_type)).toEqual(['org_invite']);
    const notice = (await tray(t, invitee)).items.find((n) => n.type === 'org_invite');
    expect(notice).toMatchObject({ type: 'org_invite', routePath: `/orgs/${org.slug}`, target: { orgId: org.id, messageId: null, listId: null } });

    const listed = await call(t, owner, 'GET', base);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ invites: [invite] });

    const joined = await accept(invitee, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().org).toMatchObject({ id: org.id, slug: org.slug, role: 'admin', memberCount: 4 });
    expectError(await accept(invitee, token), 400, 'invalid_token');
    expect((await call(t, owner, 'GET', base)).json()).toEqual({ invites: [] });
    expectError(await call(t, owner, 'POST', base, { username: invitee.user.username, role: 'member' }), 409, 'already_member');
  });

  it('by e-mail: only an account whose verified e-mail is that address accepts; others 403 invite_email_mismatch and the invite stays', async () => {
    const { admin, org, base } = await team();
    const address = `invitee-${org.id.slice(-6).toLowerCase()}@example.com`;
    const res = await call(t, admin, 'POST', base, { email: address, role: 'member' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invite).toMatchObject({ email: address, username: null, role: 'member' });
    const token = inviteToken(address);
    const stranger = await verified();
    expectError(await accept(stranger, token), 403, 'invite_email_mismatch');
    const unverified = await member(t);
    await setUserFields(t.db, unverified.user.id, { email: address.toLowerCase(), email_verified: false });
    expectError(await accept({ ...unverified, user: { ...unverified.user, email: address.toLowerCase() } }, token), 403, 'invite_email_mismatch');
    await setUserFields(t.db, unverified.user.id, { email_verified: true });
    const joined = await accept(unverified, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().org.role).toBe('member');
  });

  it('an e-mail of an existing account names it and notifies it; an invite by username only that account accepts', async () => {
    const { owner, base } = await team();
    const invitee = await verified();
    const res = await call(t, owner, 'POST', base, { email: invitee.user.email, role: 'member' });
    expect(res.json().invite).toMatchObject({ email: invitee.user.email, username: invitee.user.username });
    expect((await tray(t, invitee)).items.filter((n) => n.type === 'org_invite')).toHaveLength(1);
    const other = await verified();
    await call(t, owner, 'POST', base, { username: other.user.username, role: 'member' });
    expectError(await accept(invitee, inviteToken(other.user.email)), 403, 'invite_email_mismatch');
  });

  it('revoked, expired, unknown tokens: 400 invalid_token; revoke 404 for another id', async () => {
    const { owner, base } = await team();
    const [a, b] = [await verified(), await verified()];
    const first = (await call(t, owner, 'POST', base, { username: a.user.username, role: 'member' })).json().invite;
    const revoked = await call(t, owner, 'DELETE', `${base}/${first.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ message: expect.any(String) });
    expectError(await call(t, owner, 'DELETE', `${base}/${first.id}`), 404);
    expectError(await accept(a, inviteToken(a.user.email)), 400, 'invalid_token');
    await call(t, owner, 'POST', base, { username: b.user.username, role: 'member' });
    t.clock.advance(7 * 24 * 3600_000 + 1000);
    expectError(await accept(b, inviteToken(b.user.email)), 400, 'invalid_token');
    expect((await call(t, owner, 'GET', base)).json()).toEqual({ invites: [] });
    expectError(await accept(b, 'not-a-token'), 400, 'invalid_token');
    expectError(await accept(b, ''), 400);
    expectError(await accept(b, 42), 400);
    expectError(await accept(null, 'x'), 401);
  });

  it('who may invite: owner and admin; a member 403, a stranger 404 (the system org too); bad bodies 400; unknown user 404', async () => {
    const { owner, plain, base } = await team();
    const stranger = await verified();
    expectError(await call(t, plain, 'POST', base, { username: stranger.user.username, role: 'member' }), 403, 'forbidden');
    expectError(await call(t, plain, 'GET', base), 403, 'forbidden');
    expectError(await call(t, stranger, 'POST', base, { username: plain.user.username, role: 'member' }), 404, 'org_not_found');
    expectError(await call(t, stranger, 'GET', base), 404, 'org_not_found');
    expectError(await call(t, owner, 'POST', base, { username: stranger.user.username, role: 'owner' }), 400);
    // Neither or both: a request of the wrong shape (Errors: code bad_request), not a row's validation_failed.
    for (const body of [{ role: 'member' }, { email: 'x@example.com', username: stranger.user.username, role: 'member' }]) {
      expect((await call(t, owner, 'POST', base, body)).json()).toEqual({ error: 'Give either email or username, not both', code: 'bad_request' });
    }
    expectError(await call(t, owner, 'POST', base, { email: 'not an address', role: 'member' }), 400);
    expectError(await call(t, owner, 'POST', base, { username: 'no_such_user_zz', role: 'member' }), 404, 'user_not_found');
    expectError(await call(t, owner, 'POST', base, { username: plain.user.username, role: 'member' }), 409, 'already_member');
    expectError(await call(t, owner, 'POST', base, { username: stranger.user.username, role: 'member' }, true), 401);
    expectError(await call(t, owner, 'POST', '/api/orgs/public/invites', { username: stranger.user.username, role: 'member' }), 404, 'org_not_found');
    expect((await call(t, owner, 'GET', base)).json()).toEqual({ invites: [] });
  });
});
