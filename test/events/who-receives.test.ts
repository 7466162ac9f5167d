import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, follows, member, post, subscriber } from '../messages/helpers.js';
import { ownersList, share } from '../sharing/helpers.js';
import { publishDueMessages } from '../../src/features/messages/scheduling.js';
import { pullAll, typesOf } from './helpers.js';

// Who receives which events, through the HTTP API: authors, followers (the timeline fan-out job),
// strangers, blocked and muted readers, private accounts, collaborators before and after a revoke.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
}, 120_000);
afterAll(async () => t.close());

const settle = async () => {
  await t.app.ctx.events.idle();
  await t.app.ctx.jobs.idle();
};

describe('events of messages and the home timeline', () => {
  it('the author gets message.created; followers get timeline.message; strangers, blocked and muted readers nothing', async () => {
    const author = await subscriber(t);
    const [fan, stranger, blocked, muter] = [await member(t), await member(t), await member(t), await member(t)];
    for (const who of [fan, blocked, muter]) await follows(t, who, author);
    expect((await call(t, author, 'POST', `/api/users/${blocked.user.username}/block`)).statusCode).toBe(200);
    expect((await call(t, muter, 'POST', `/api/users/${author.user.username}/mute`)).statusCode).toBe(200);
    const before = { fan: (await pullAll(t, fan)).length, blocked: (await pullAll(t, blocked)).length, muter: (await pullAll(t, muter)).length };
    const m = await post(t, author, { content: 'hello' });
    await settle();
    const mine = await pullAll(t, author, 'message.*');
    expect(mine.map((e) => [e.type, e.data.messageId])).toEqual([['message.created', m.id]]);
    expect(mine[0].actor).toEqual({ id: author.user.id, username: author.user.username });
    const fanEvents = await pullAll(t, fan, 'timeline.*');
    expect(fanEvents.map((e) => [e.type, e.data.messageId])).toEqual([['timeline.message', m.id]]);
    expect(await pullAll(t, stranger)).toEqual([]);
    expect((await pullAll(t, blocked)).length).toBe(before.blocked);
    expect((await pullAll(t, muter)).length).toBe(before.muter);

    // A deletion: a tombstone to the author, and to the timelines that held it.
    expect((await call(t, author, 'DELETE', `/api/messages/${m.id}`)).statusCode).toBe(200);
    await settle();
    const deleted = (await pullAll(t, author, 'message.deleted'))[0];
    expect(deleted.data).toMatchObject({ messageId: m.id, reason: 'deleted' });
    expect(Number.isNaN(Date.parse(deleted.data.deletedAt))).toBe(false);
    const removed = await pullAll(t, fan, 'timeline.message_removed');
    expect(removed.map((e) => e.data)).toEqual([expect.objectContaining({ messageId: m.id, reason: 'deleted' })]);
    expect((await pullAll(t, blocked)).length).toBe(before.blocked);
  });

  it('a message of an author nobody follows is a fan-out job for nobody, so none is queued; the first follower gets the next one', async () => {
    const author = await subscriber(t);
    const timelineJobs = async () => (await t.db.kysely.selectFrom('jobs').select('payload').where('kind', '=', 'events-timeline').execute()).filter((j) => j.payload.includes(author.user.id)).length;
    const alone = await post(t, author, { content: 'nobody reads this yet' });
    await settle();
    expect((await pullAll(t, author, 'message.*')).map((e) => e.data.messageId)).toEqual([alone.id]);
    expect(await timelineJobs()).toBe(0);
    const fan = await member(t);
    await follows(t, fan, author);
    const next = await post(t, author, { content: 'now someone does' });
    await settle();
    expect(await timelineJobs()).toBe(1);
    expect((await pullAll(t, fan, 'timeline.*')).map((e) => [e.type, e.data.messageId])).toEqual([['timeline.message', next.id]]);
  });

  it('a private account’s messages reach only the followers it accepted', async () => {
    const author = await subscriber(t, { is_private: true });
    const [accepted, asked] = [await member(t), await member(t)];
    expect((await call(t, accepted, 'POST', `/api/users/${author.user.username}/follow`)).statusCode).toBe(200);
    expect((await call(t, asked, 'POST', `/api/users/${author.user.username}/follow`)).statusCode).toBe(200);
    // The requests are events of both sides.
    expect(await typesOf(t, author, 'follow.*')).toEqual(['follow.requested', 'follow.requested']);
    const requests = (await call(t, author, 'GET', '/api/user/follow-requests')).json();
    const reqOf = (requests.requests ?? requests.data ?? requests).find((r: any) => (r.user ?? r.requester)?.username === accepted.user.username);
    expect(reqOf, JSON.stringify(requests)).toBeDefined();
    expect((await call(t, author, 'POST', `/api/user/follow-requests/${reqOf.id}/accept`)).statusCode).toBe(200);
    expect(await typesOf(t, accepted, 'follow.*')).toEqual(['follow.requested', 'follow.created']);
    const m = await post(t, author, { content: 'for my followers', publiclyVisible: false });
    await settle();
    expect((await pullAll(t, accepted, 'timeline.message')).map((e) => e.data.messageId)).toEqual([m.id]);
    expect(await pullAll(t, asked, 'timeline.*')).toEqual([]);
  });

  it('a scheduled message is an event when it publishes, not before; follow and unfollow reach both sides', async () => {
    const author = await subscriber(t);
    const fan = await member(t);
    expect((await call(t, fan, 'POST', `/api/users/${author.user.username}/follow`)).statusCode).toBe(200);
    await settle();
    expect(await typesOf(t, author, 'follow.*')).toEqual(['follow.created']);
    expect(await typesOf(t, author, 'notification.created')).toEqual(['notification.created']);
    const scheduledAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const res = await call(t, author, 'POST', '/api/messages', { content: 'later', scheduledAt });
    expect(res.statusCode, res.body).toBe(201);
    await settle();
    expect(await pullAll(t, author, 'message.created')).toEqual([]);
    t.clock.advance(2 * 3_600_000);
    await publishDueMessages(t.app.ctx);
    await settle();
    expect((await pullAll(t, author, 'message.created')).map((e) => e.data.messageId)).toEqual([res.json().data.id]);
    expect((await pullAll(t, fan, 'timeline.message')).map((e) => e.data.messageId)).toEqual([res.json().data.id]);
    expect((await call(t, fan, 'DELETE', `/api/users/${author.user.username}/follow`)).statusCode).toBe(200);
    expect(await typesOf(t, author, 'follow.*')).toEqual(['follow.created', 'follow.deleted']);
    expect(await typesOf(t, fan, 'follow.*')).toEqual(['follow.created', 'follow.deleted']);
  });
});

describe('events of lists', () => {
  it('owners and collaborators get list and row events; strangers never; a revoked collaborator no more', async () => {
    const owner = await member(t);
    const [editor, stranger] = [await member(t), await member(t)];
    const list = await ownersList(t, owner);
    expect(await typesOf(t, owner, 'list.*')).toEqual(['list.created', 'list.row.created']);
    const grant = await share(t, owner, 'lists', list.id, { username: editor.user.username, role: 'editor' });
    const row = await call(t, editor, 'POST', `/api/lists/${list.id}/data`, { data: { title: 'Emma', isbn: 'e-1' } });
    expect(row.statusCode, row.body).toBe(201);
    const rowId = row.json().data.id;
    for (const who of [owner, editor]) {
      const created = (await pullAll(t, who, 'list.row.created')).at(-1)!;
      expect(created.data).toEqual({ listId: list.id, rowId });
      expect(created.actor.username).toBe(editor.user.username);
    }
    expect((await call(t, owner, 'PUT', `/api/lists/${list.id}/data`, { rowId, data: { title: 'Emma 2' } })).statusCode).toBeLessThan(300);
    expect((await call(t, owner, 'DELETE', `/api/lists/${list.id}/data/${rowId}`)).statusCode).toBe(200);
    const tomb = (await pullAll(t, editor, 'list.row.deleted'))[0];
    expect(tomb.data).toMatchObject({ listId: list.id, rowId, reason: 'deleted' });
    expect(await pullAll(t, stranger)).toEqual([]);

    // A schema edit (either form) is list.updated to every reader: a collaborator's open page takes the new columns.
    const { data: current } = (await call(t, owner, 'GET', `/api/lists/${list.id}`)).json();
    const kept = current.schema.fields.map((f: Record<string, unknown>) => ({ ...f, label: `${f.label} (edited)` }));
    expect((await call(t, owner, 'PUT', `/api/lists/${list.id}/schema`, { properties: kept })).statusCode).toBe(200);
    for (const who of [owner, editor]) {
      const updated = (await pullAll(t, who, 'list.updated')).at(-1)!;
      expect(updated.data).toEqual({ listId: list.id, title: list.title });
      expect(updated.actor.username).toBe(owner.user.username);
    }
    expect(await pullAll(t, stranger)).toEqual([]);

    expect((await call(t, owner, 'DELETE', `/api/lists/${list.id}/collaborators/${grant.id}`)).statusCode).toBe(200);
    const seen = (await pullAll(t, editor)).length;
    expect((await call(t, owner, 'POST', `/api/lists/${list.id}/data`, { data: { title: 'After', isbn: 'a-1' } })).statusCode).toBe(201);
    expect((await call(t, owner, 'PATCH', `/api/lists/${list.id}`, { title: 'Renamed' })).statusCode).toBe(200);
    expect((await pullAll(t, editor)).length).toBe(seen);
    expect(await typesOf(t, owner, 'list.updated')).toEqual(['list.updated', 'list.updated']);
    expect((await call(t, owner, 'DELETE', `/api/lists/${list.id}`)).statusCode).toBe(200);
    expect((await pullAll(t, owner, 'list.deleted'))[0].data).toMatchObject({ listId: list.id, reason: 'deleted' });
  });
});
