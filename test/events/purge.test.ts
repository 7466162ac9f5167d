import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';
import { follows, member, post } from '../messages/helpers.js';
import { account, as, ok } from '../purge/seed.js';
import { share } from '../sharing/helpers.js';
import { pullAll } from './helpers.js';

// An administrator's purge of a user's content is a tombstone with `reason: "purged"` to every
// stream that received each item: the author's own, the followers' home timelines, and the
// collaborators of the lists and documents purged; nothing to anyone else.

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminApp({ smtp: false });
}, 120_000);
afterAll(async () => t.close());

const settle = async () => {
  await t.app.ctx.events.idle();
  t.app.ctx.jobs.kick();
  await t.app.ctx.jobs.idle();
};

describe('purge tombstones', () => {
  it('reach the author, the followers’ timelines and the collaborators, with reason "purged"', async () => {
    const owner = await account(t);
    const [fan, collaborator, stranger] = [await member(t), await member(t), await member(t)];
    await follows(t, fan, owner);
    const message = await post(t, owner, { content: 'soon purged' });
    const list = (await ok(t, owner, 'POST', '/api/lists', { title: 'Purged books', isPublic: false, schema: { name: 'Books', fields: [{ key: 'title', type: 'text', label: 'Title' }] } })).data;
    const folder = (await ok(t, owner, 'POST', '/api/documents/folders', { name: 'Purged folder' })).folder;
    const doc = (await ok(t, owner, 'POST', '/api/documents', { title: 'Purged notes', content: 'x', folderId: folder.id })).document;
    await share(t, owner, 'lists', list.id, { username: collaborator.user.username, role: 'viewer' });
    await share(t, owner, 'documents', doc.id, { username: collaborator.user.username, role: 'viewer' });
    await settle();

    const res = await as(t, { cookie: t.admin.cookie }, 'POST', `/api/admin/users/${owner.user.id}/purge`, {});
    expect(res.statusCode, res.body).toBe(200);
    await settle();

    const tombstones = async (who: { user: { id: string } } & Parameters<typeof pullAll>[1], types: string) =>
      (await pullAll(t, who, types)).map((e) => [e.type, e.data.messageId ?? e.data.listId ?? e.data.documentId ?? e.data.folderId, e.data.reason, e.actor]);
    const deletedTypes = 'message.deleted,timeline.message_removed,list.deleted,document.deleted,folder.deleted';
    expect(await tombstones(owner, deletedTypes)).toEqual(
      expect.arrayContaining([
        ['message.deleted', message.id, 'purged', null],
        ['list.deleted', list.id, 'purged', null],
        ['document.deleted', doc.id, 'purged', null],
        ['folder.deleted', folder.id, 'purged', null],
      ]),
    );
    expect(await tombstones(owner, deletedTypes)).toHaveLength(4);
    expect(await tombstones(fan, deletedTypes)).toEqual([['timeline.message_removed', message.id, 'purged', expect.objectContaining({ id: owner.user.id })]]);
    expect(await tombstones(collaborator, deletedTypes)).toEqual(
      expect.arrayContaining([
        ['list.deleted', list.id, 'purged', null],
        ['document.deleted', doc.id, 'purged', null],
      ]),
    );
    expect(await tombstones(collaborator, deletedTypes)).toHaveLength(2);
    const deletedAt = (await pullAll(t, collaborator, 'list.deleted'))[0].data.deletedAt as string;
    expect(Number.isNaN(Date.parse(deletedAt))).toBe(false);
    expect(await pullAll(t, stranger)).toEqual([]);
  });
});
