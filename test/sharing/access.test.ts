import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectError, member, type Member } from '../messages/helpers.js';
import { join, newOrg } from '../orgs/helpers.js';
import { documentOwner, ownersDocument, ownersList, share, type Kind } from './helpers.js';

// The caller's role on a list or document (CONTRACT, Sharing and collaboration; the access module,
// src/features/sharing/access.ts), on both of the ways features ask for it: the item's own reads
// (the list and document operations) and the sharing operations, which ask the access module
// for the role alone. No access at all is 404, naming the kind of item; a weaker role 403, saying
// which role the operation needs.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const verified = () => member(t, { email_verified: true });

/** The token of the newest sharing invite mailed to `email`. */
function inviteToken(email: string): string {
  const mails = t.smtp.to(email);
  const m = /token=([0-9a-f]+)/.exec(mails[mails.length - 1]?.text ?? '');
  if (!m) throw new Error(`no share invite link to ${email}`);
  return m[1];
}

/** An item of the owner's of each kind: its id. */
const ITEMS: Record<Kind, (owner: Member) => Promise<string>> = {
  lists: async (owner) => (await ownersList(t, owner)).id,
  documents: async (owner) => (await ownersDocument(t, owner)).id,
};
const NAME: Record<Kind, string> = { lists: 'list', documents: 'document' };

/** A write an editor may make to the item (a row of the list, the document's content). */
const edit = (kind: Kind, who: Member, id: string) =>
  kind === 'lists' ? call(t, who, 'POST', `/api/lists/${id}/data`, { data: { title: 'By a collaborator' } }) : call(t, who, 'PUT', `/api/documents/${id}`, { content: '# Edited\n' });

/** Answers `status`, with an `error` that matches `message`. */
function expectRefusal(res: { statusCode: number; json(): any; body: string }, status: 403 | 404, message: RegExp) {
  expectError(res, status, status === 404 ? 'not_found' : 'forbidden');
  expect(res.json().error).toMatch(message);
}

describe.each(['lists', 'documents'] as const)('%s', (kind) => {
  const name = NAME[kind];
  const base = `/api/${kind}`;

  it('no access is 404 naming the item; a weaker role is 403 naming the role needed, on the item and on its sharing', async () => {
    const owner = kind === 'lists' ? await verified() : await documentOwner(t);
    const [viewer, editor, stranger] = [await verified(), await verified(), await verified()];
    const id = await ITEMS[kind](owner);
    await share(t, owner, kind, id, { username: viewer.user.username, role: 'viewer' });
    await share(t, owner, kind, id, { username: editor.user.username, role: 'editor' });
    const notFound = new RegExp(`^${name} not found$`, 'i');

    // The item's own operations.
    expectRefusal(await call(t, stranger, 'GET', `${base}/${id}`), 404, notFound);
    expectRefusal(await call(t, viewer, 'GET', `${base}/00000000-0000-4000-8000-000000000000`), 404, notFound);
    expectRefusal(await edit(kind, viewer, id), 403, new RegExp(`editor role on the ${name}`));
    expect((await edit(kind, editor, id)).statusCode).toBe(kind === 'lists' ? 201 : 200);
    expectRefusal(await call(t, editor, 'DELETE', `${base}/${id}`), 403, new RegExp(`${name}'s owner`));

    // The sharing operations: reading the grants needs a viewer, changing them the owner.
    expectRefusal(await call(t, stranger, 'GET', `${base}/${id}/collaborators`), 404, notFound);
    expectRefusal(await call(t, owner, 'GET', `${base}/00000000-0000-4000-8000-000000000000/collaborators`), 404, notFound);
    expect((await call(t, viewer, 'GET', `${base}/${id}/collaborators`)).statusCode).toBe(200);
    const grant = { username: stranger.user.username, role: 'viewer' };
    expectRefusal(await call(t, editor, 'POST', `${base}/${id}/collaborators`, grant), 403, new RegExp(`${name}'s owner`));
    expectRefusal(await call(t, stranger, 'POST', `${base}/${id}/collaborators`, grant), 404, notFound);
    expect((await call(t, owner, 'POST', `${base}/${id}/collaborators`, grant)).statusCode).toBe(201);
  });

  it('an organization’s editor grant: every member edits and reads the grants, none manages them; another organization’s members and a member who left have nothing', async () => {
    const owner = kind === 'lists' ? await verified() : await documentOwner(t);
    const [orgOwner, inside, outside] = [await verified(), await verified(), await verified()];
    const org = await newOrg(t, orgOwner);
    await join(t, org, inside, 'member');
    const other = await newOrg(t, outside);
    const id = await ITEMS[kind](owner);
    await share(t, owner, kind, id, { orgSlug: org.slug, role: 'editor' });
    // A grant to another organization does not reach this one's members.
    await share(t, owner, kind, (await ITEMS[kind](owner)), { orgSlug: other.slug, role: 'editor' });

    for (const who of [orgOwner, inside]) {
      expect((await edit(kind, who, id)).statusCode).toBe(kind === 'lists' ? 201 : 200);
      expect((await call(t, who, 'GET', `${base}/${id}/collaborators`)).statusCode).toBe(200);
      expectRefusal(await call(t, who, 'POST', `${base}/${id}/collaborators`, { email: 'someone@example.com', role: 'viewer' }), 403, new RegExp(`${name}'s owner`));
    }
    expectRefusal(await call(t, outside, 'GET', `${base}/${id}`), 404, /not found/);
    expectRefusal(await call(t, outside, 'GET', `${base}/${id}/collaborators`), 404, /not found/);

    await t.db.kysely.deleteFrom('organization_members').where('user_id', '=', inside.user.id).execute();
    expectRefusal(await edit(kind, inside, id), 404, /not found/);
    expectRefusal(await call(t, inside, 'GET', `${base}/${id}/collaborators`), 404, /not found/);
  });

  it('an e-mail grant gives nothing until the address’s account accepts it, then its role', async () => {
    const owner = kind === 'lists' ? await verified() : await documentOwner(t);
    const id = await ITEMS[kind](owner);
    const address = `access-${kind}-${id.slice(-8)}@example.com`;
    await share(t, owner, kind, id, { email: address, role: 'editor' });
    const invitee = await member(t, { email: address, email_verified: true });

    expectRefusal(await call(t, invitee, 'GET', `${base}/${id}`), 404, /not found/);
    expectRefusal(await call(t, invitee, 'GET', `${base}/${id}/collaborators`), 404, /not found/);
    const accepted = await call(t, invitee, 'POST', '/api/shares/invites/accept', { token: inviteToken(address) });
    expect(accepted.statusCode, accepted.body).toBe(200);

    expect((await call(t, invitee, 'GET', `${base}/${id}`)).statusCode).toBe(200);
    expect((await edit(kind, invitee, id)).statusCode).toBe(kind === 'lists' ? 201 : 200);
    expect((await call(t, invitee, 'GET', `${base}/${id}/collaborators`)).statusCode).toBe(200);
    expectRefusal(await call(t, invitee, 'DELETE', `${base}/${id}`), 403, new RegExp(`${name}'s owner`));
  });
});

it('a deleted document is no collaborator’s: its grants are 404 to them', async () => {
  const owner = await documentOwner(t);
  const editor = await verified();
  const doc = await ownersDocument(t, owner);
  await share(t, owner, 'documents', doc.id, { username: editor.user.username, role: 'editor' });
  expect((await call(t, editor, 'GET', `/api/documents/${doc.id}/collaborators`)).statusCode).toBe(200);
  expect((await call(t, owner, 'DELETE', `/api/documents/${doc.id}`)).statusCode).toBe(200);
  expectRefusal(await call(t, editor, 'GET', `/api/documents/${doc.id}/collaborators`), 404, /^Document not found$/);
});
