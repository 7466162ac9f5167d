import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/lib/crypto.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectError, member } from '../messages/helpers.js';
import { tray } from '../notifications/helpers.js';
import { join, newOrg, summary } from '../orgs/helpers.js';
import { documentOwner, ownersDocument, ownersList, share } from './helpers.js';

// Collaborators (CONTRACT, Sharing and collaboration): granting to a user, an organization or an
// e-mail of no account; the invite and its verified-address rule; roles, revocation, leaving;
// the strongest role wins; shared-with-me.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const verified = (fields: Record<string, unknown> = {}) => member(t, { email_verified: true, ...fields });

/** The token of the newest sharing invite mailed to `email`. */
function inviteToken(email: string): string {
  const mails = t.smtp.to(email);
  const m = /http:\/\/localhost:3000\/share-invite\?token=([0-9a-f]+)/.exec(mails[mails.length - 1]?.text ?? '');
  if (!m) throw new Error(`no share invite link to ${email}`);
  return m[1];
}

describe('granting to a user', () => {
  it('201 with the collaborator; the user is told in the tray; a viewer reads the list and its rows and may not write them', async () => {
    const owner = await verified();
    const viewer = await verified();
    const list = await ownersList(t, owner);
    const res = await call(t, owner, 'POST', `/api/lists/${list.id}/collaborators`, { username: viewer.user.username, role: 'viewer' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().collaborator).toEqual({ id: expect.any(String), user: summary(viewer), org: null, email: null, role: 'viewer', status: 'active', createdAt: expect.any(String) });
    const notice = (await tray(t, viewer)).items.find((n) => n.type === 'shared_with_you');
    expect(notice).toMatchObject({ routePath: `/lists/${list.id}`, target: { listId: list.id, messageId: null } });

    expect((await call(t, viewer, 'GET', `/api/lists/${list.id}`)).statusCode).toBe(200);
    const rows = await call(t, viewer, 'GET', `/api/lists/${list.id}/data`);
    expect(rows.statusCode).toBe(200);
    expect(rows.json().data.map((r: { id: string }) => r.id)).toEqual([list.rowId]);
    expectError(await call(t, viewer, 'POST', `/api/lists/${list.id}/data`, { data: { title: 'Emma' } }), 403, 'forbidden');
    expectError(await call(t, viewer, 'PATCH', `/api/lists/${list.id}`, { title: 'Mine now' }), 403, 'forbidden');
    const stranger = await verified();
    expectError(await call(t, stranger, 'GET', `/api/lists/${list.id}/data`), 404);
  });

  it('an editor writes rows but not the list itself; only the owner manages sharing', async () => {
    const owner = await verified();
    const editor = await verified();
    const other = await verified();
    const list = await ownersList(t, owner);
    await share(t, owner, 'lists', list.id, { username: editor.user.username, role: 'editor' });
    const added = await call(t, editor, 'POST', `/api/lists/${list.id}/data`, { data: { title: 'Emma' } });
    expect(added.statusCode, added.body).toBe(201);
    const rowId = added.json().data.id;
    expect((await call(t, editor, 'PUT', `/api/lists/${list.id}/data`, { rowId, data: { pages: 300 } })).statusCode).toBe(200);
    expect((await call(t, editor, 'DELETE', `/api/lists/${list.id}/data/${rowId}`)).statusCode).toBe(200);
    expectError(await call(t, editor, 'DELETE', `/api/lists/${list.id}`), 403, 'forbidden');
    expectError(await call(t, editor, 'POST', `/api/lists/${list.id}/collaborators`, { username: other.user.username, role: 'viewer' }), 403, 'forbidden');
    const listed = await call(t, editor, 'GET', `/api/lists/${list.id}/collaborators`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().collaborators.map((c: any) => c.user.username)).toEqual([editor.user.username]);
  });

  it('yourself, or a second grant to the same grantee whatever its role: 409 already_shared; unknown user 404; more than one grantee 400', async () => {
    const owner = await verified();
    const friend = await verified();
    const list = await ownersList(t, owner);
    const base = `/api/lists/${list.id}/collaborators`;
    expectError(await call(t, owner, 'POST', base, { username: owner.user.username, role: 'viewer' }), 409, 'already_shared');
    expectError(await call(t, owner, 'POST', base, { email: owner.user.email, role: 'viewer' }), 409, 'already_shared');
    await share(t, owner, 'lists', list.id, { username: friend.user.username, role: 'viewer' });
    expectError(await call(t, owner, 'POST', base, { username: friend.user.username, role: 'editor' }), 409, 'already_shared');
    expectError(await call(t, owner, 'POST', base, { email: friend.user.email, role: 'editor' }), 409, 'already_shared');
    expectError(await call(t, owner, 'POST', base, { username: 'nobody_here_at_all', role: 'viewer' }), 404, 'user_not_found');
    expectError(await call(t, owner, 'POST', base, { username: friend.user.username, orgSlug: 'x', role: 'viewer' }), 400);
    expectError(await call(t, owner, 'POST', base, { role: 'viewer' }), 400);
    expectError(await call(t, owner, 'POST', base, { username: friend.user.username, role: 'owner' }), 400);
    expect((await t.db.kysely.selectFrom('collaborators').select('id').where('list_id', '=', list.id).execute()).length).toBe(1);
  });

  it('PATCH changes the role at once; DELETE by the owner or by the collaborator leaving ends access at once; another collaborator may not remove one', async () => {
    const owner = await verified();
    const [a, b] = [await verified(), await verified()];
    const list = await ownersList(t, owner);
    const ga = await share(t, owner, 'lists', list.id, { username: a.user.username, role: 'viewer' });
    const gb = await share(t, owner, 'lists', list.id, { username: b.user.username, role: 'viewer' });
    expectError(await call(t, a, 'PATCH', `/api/lists/${list.id}/collaborators/${ga.id}`, { role: 'editor' }), 403, 'forbidden');
    const changed = await call(t, owner, 'PATCH', `/api/lists/${list.id}/collaborators/${ga.id}`, { role: 'editor' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().collaborator).toMatchObject({ id: ga.id, role: 'editor' });
    expect((await call(t, a, 'POST', `/api/lists/${list.id}/data`, { data: { title: 'Now I can' } })).statusCode).toBe(201);

    expectError(await call(t, a, 'DELETE', `/api/lists/${list.id}/collaborators/${gb.id}`), 403, 'forbidden');
    expect((await call(t, b, 'DELETE', `/api/lists/${list.id}/collaborators/${gb.id}`)).statusCode).toBe(200);
    expectError(await call(t, b, 'GET', `/api/lists/${list.id}`), 404);
    expect((await call(t, owner, 'DELETE', `/api/lists/${list.id}/collaborators/${ga.id}`)).statusCode).toBe(200);
    expectError(await call(t, a, 'GET', `/api/lists/${list.id}/data`), 404);
    expectError(await call(t, owner, 'DELETE', `/api/lists/${list.id}/collaborators/${ga.id}`), 404);
    expectError(await call(t, owner, 'PATCH', `/api/lists/${list.id}/collaborators/${ga.id}`, { role: 'viewer' }), 404);
  });
});

describe('organizations', () => {
  it('every current and future member gets the role; the strongest of several grants counts; leaving the org ends it', async () => {
    const owner = await verified();
    const orgOwner = await verified();
    const org = await newOrg(t, orgOwner);
    const current = await verified();
    await join(t, org, current, 'member');
    const list = await ownersList(t, owner);
    const grant = await share(t, owner, 'lists', list.id, { orgSlug: org.slug, role: 'viewer' });
    expect(grant).toMatchObject({ user: null, email: null, org: { id: org.id, name: org.name, slug: org.slug }, role: 'viewer', status: 'active' });
    expect((await call(t, current, 'GET', `/api/lists/${list.id}/data`)).statusCode).toBe(200);
    expect((await call(t, orgOwner, 'GET', `/api/lists/${list.id}`)).statusCode).toBe(200);
    expectError(await call(t, current, 'POST', `/api/lists/${list.id}/data`, { data: { title: 'x' } }), 403, 'forbidden');

    const later = await verified();
    expectError(await call(t, later, 'GET', `/api/lists/${list.id}`), 404);
    await join(t, org, later, 'member');
    expect((await call(t, later, 'GET', `/api/lists/${list.id}`)).statusCode).toBe(200);

    // A direct editor grant is stronger than the organization's viewer one: editor wins.
    await share(t, owner, 'lists', list.id, { username: current.user.username, role: 'editor' });
    expect((await call(t, current, 'POST', `/api/lists/${list.id}/data`, { data: { title: 'Both grants' } })).statusCode).toBe(201);
    const mine = (await call(t, current, 'GET', '/api/shared-with-me')).json();
    expect(mine.lists).toEqual([{ id: list.id, title: list.title, owner: { username: owner.user.username, displayName: owner.user.display_name }, role: 'editor' }]);
    expect((await call(t, later, 'GET', '/api/shared-with-me')).json().lists).toEqual([expect.objectContaining({ id: list.id, role: 'viewer' })]);

    await t.db.kysely.deleteFrom('organization_members').where('user_id', '=', later.user.id).execute();
    expectError(await call(t, later, 'GET', `/api/lists/${list.id}`), 404);
    expect((await call(t, later, 'GET', '/api/shared-with-me')).json()).toEqual({ lists: [], documents: [] });
    expectError(await call(t, owner, 'POST', `/api/lists/${list.id}/collaborators`, { orgSlug: org.slug, role: 'editor' }), 409, 'already_shared');
    expectError(await call(t, owner, 'POST', `/api/lists/${list.id}/collaborators`, { orgSlug: 'no-such-org-here', role: 'editor' }), 404, 'org_not_found');
  });

  it('deleting the organization takes its grants', async () => {
    const owner = await verified();
    const org = await newOrg(t, owner);
    const list = await ownersList(t, owner);
    await share(t, owner, 'lists', list.id, { orgSlug: org.slug, role: 'viewer' });
    expect((await call(t, owner, 'DELETE', `/api/orgs/${org.slug}`)).statusCode).toBe(200);
    expect((await call(t, owner, 'GET', `/api/lists/${list.id}/collaborators`)).json()).toEqual({ collaborators: [] });
  });
});

describe('invites by e-mail', () => {
  it('an e-mail of no account: invited, a share_invite e-mail with a hashed single-use token; only the verified address accepts', async () => {
    const owner = await verified();
    const list = await ownersList(t, owner);
    const address = `newcomer-${list.id.slice(-8)}@example.com`;
    const res = await call(t, owner, 'POST', `/api/lists/${list.id}/collaborators`, { email: address, role: 'editor' });
    expect(res.statusCode, res.body).toBe(201);
    const grant = res.json().collaborator;
    expect(grant).toEqual({ id: expect.any(String), user: null, org: null, email: address, role: 'editor', status: 'invited', createdAt: expect.any(String) });
    const token = inviteToken(address);
    expect(res.body).not.toContain(token);
    const stored = await t.db.kysely.selectFrom('collaborators').selectAll().where('id', '=', grant.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(token));
    expect(Date.parse(stored.expires_at!) - Date.parse(stored.created_at)).toBe(7 * 24 * 3600_000);
    const log = await t.db.kysely.selectFrom('email_logs').select('email_type').where('recipient', '=', address).execute();
    expect(log.map((l) => l.email_type)).toEqual(['share_invite']);

    // The address signs up later: unverified, it may not accept; someone else never.
    const someoneElse = await verified();
    expectError(await call(t, someoneElse, 'POST', '/api/shares/invites/accept', { token }), 403, 'invite_email_mismatch');
    const newcomer = await member(t, { email: address, email_verified: false });
    expectError(await call(t, newcomer, 'POST', '/api/shares/invites/accept', { token }), 403, 'invite_email_mismatch');
    expectError(await call(t, newcomer, 'GET', `/api/lists/${list.id}`), 404);
    await t.db.kysely.updateTable('users').set({ email_verified: true }).where('id', '=', newcomer.user.id).execute();
    const accepted = await call(t, newcomer, 'POST', '/api/shares/invites/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ message: expect.any(String) });
    expect((await call(t, newcomer, 'POST', `/api/lists/${list.id}/data`, { data: { title: 'From the invite' } })).statusCode).toBe(201);
    expectError(await call(t, newcomer, 'POST', '/api/shares/invites/accept', { token }), 400, 'invalid_token');
    const listed = (await call(t, owner, 'GET', `/api/lists/${list.id}/collaborators`)).json().collaborators;
    expect(listed).toEqual([expect.objectContaining({ id: grant.id, user: summary(newcomer), email: null, status: 'active', role: 'editor' })]);
  });

  it('unknown, revoked or expired tokens: 400 invalid_token; anonymous: 401', async () => {
    const owner = await verified();
    const list = await ownersList(t, owner);
    const address = `late-${list.id.slice(-8)}@example.com`;
    const grant = await share(t, owner, 'lists', list.id, { email: address, role: 'viewer' });
    const token = inviteToken(address);
    const invitee = await member(t, { email: address, email_verified: true });
    expectError(await call(t, invitee, 'POST', '/api/shares/invites/accept', { token: 'f'.repeat(64) }), 400, 'invalid_token');
    expectError(await call(t, null, 'POST', '/api/shares/invites/accept', { token }), 401);
    t.clock.advance(7 * 24 * 3600_000 + 1000);
    try {
      expectError(await call(t, invitee, 'POST', '/api/shares/invites/accept', { token }), 400, 'invalid_token');
    } finally {
      t.clock.advance(-(7 * 24 * 3600_000 + 1000));
    }
    expect((await call(t, owner, 'DELETE', `/api/lists/${list.id}/collaborators/${grant.id}`)).statusCode).toBe(200);
    expectError(await call(t, invitee, 'POST', '/api/shares/invites/accept', { token }), 400, 'invalid_token');
  });
});

describe('documents', () => {
  it('a viewer reads the document and its revisions; an editor changes title and content with revision conflicts, named in the history; only the owner moves or publishes it', async () => {
    const owner = await documentOwner(t);
    const [viewer, editor] = [await verified(), await verified()];
    const doc = await ownersDocument(t, owner);
    await share(t, owner, 'documents', doc.id, { username: viewer.user.username, role: 'viewer' });
    await share(t, owner, 'documents', doc.id, { username: editor.user.username, role: 'editor' });
    const notice = (await tray(t, viewer)).items.find((n) => n.type === 'shared_with_you');
    expect(notice).toMatchObject({ routePath: `/documents/${doc.id}`, target: { listId: null } });

    expect((await call(t, viewer, 'GET', `/api/documents/${doc.id}`)).json().document).toMatchObject({ id: doc.id, revision: 1 });
    expect((await call(t, viewer, 'GET', `/api/documents/${doc.id}/revisions`)).statusCode).toBe(200);
    expectError(await call(t, viewer, 'PUT', `/api/documents/${doc.id}`, { content: 'no' }), 403, 'forbidden');

    const edited = await call(t, editor, 'PUT', `/api/documents/${doc.id}`, { title: 'Plans v2', content: '# v2\n', baseRevision: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().document).toMatchObject({ title: 'Plans v2', content: '# v2\n', revision: 2 });
    const conflict = await call(t, editor, 'PATCH', `/api/documents/${doc.id}`, { content: 'stale', baseRevision: 1 });
    expectError(conflict, 409, 'revision_conflict');
    expect(conflict.json().document).toMatchObject({ revision: 2, content: '# v2\n' });
    expectError(await call(t, editor, 'PATCH', `/api/documents/${doc.id}`, { isPublic: true }), 403, 'forbidden');
    expectError(await call(t, editor, 'PATCH', `/api/documents/${doc.id}`, { folderId: null }), 403, 'forbidden');
    expectError(await call(t, editor, 'DELETE', `/api/documents/${doc.id}`), 403, 'forbidden');
    const history = (await call(t, owner, 'GET', `/api/documents/${doc.id}/revisions`)).json().revisions;
    expect(history[0]).toMatchObject({ revision: 2, editor: { id: editor.user.id, username: editor.user.username } });
    // The owner's copy is what the editor wrote.
    expect((await call(t, owner, 'GET', `/api/documents/${doc.id}`)).json().document).toMatchObject({ title: 'Plans v2', revision: 2 });

    const shared = (await call(t, editor, 'GET', '/api/shared-with-me')).json();
    expect(shared).toEqual({ lists: [], documents: [{ id: doc.id, title: 'Plans v2', owner: { username: owner.user.username, displayName: owner.user.display_name }, role: 'editor', updatedAt: expect.any(String) }] });

    // A deleted document is nobody's to read but its owner's trash.
    expect((await call(t, owner, 'DELETE', `/api/documents/${doc.id}`)).statusCode).toBe(200);
    expectError(await call(t, editor, 'GET', `/api/documents/${doc.id}`), 404);
    expect((await call(t, editor, 'GET', '/api/shared-with-me')).json().documents).toEqual([]);
  });
});
