import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queriesDuring, type TestApp } from '../helpers/app.js';
import { call, expectError, follows, member, post, type Member } from '../messages/helpers.js';
import { join, newOrg } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

describe('posting to an organization', () => {
  it('orgId: 201 carries org { id, name, slug } at the top and on data; every read carries it; other messages read org: null', async () => {
    const owner = await member(t);
    const org = await newOrg(t, owner);
    const ref = { id: org.id, name: org.name, slug: org.slug };
    const res = await call(t, owner, 'POST', '/api/messages', { content: 'To the team', orgId: org.id, publiclyVisible: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().org).toEqual(ref);
    expect(res.json().data.org).toEqual(ref);
    const id = res.json().data.id;
    const plain = await post(t, owner, { content: 'Just me', publiclyVisible: true });
    expect(plain.org).toBeNull();
    const created = await call(t, owner, 'POST', '/api/messages', { content: 'no org' });
    expect(Object.keys(created.json())).not.toContain('org');

    expect((await call(t, null, 'GET', `/api/messages/${id}`)).json().org).toEqual(ref);
    const reader = await member(t);
    const feed = (await call(t, reader, 'GET', '/api/messages?limit=100')).json().messages;
    expect(feed.find((m: any) => m.id === id).org).toEqual(ref);
    expect(feed.find((m: any) => m.id === plain.id).org).toBeNull();
    const timeline = (await call(t, reader, 'GET', `/api/user/${owner.user.username}/messages`)).json().messages;
    expect(timeline.find((m: any) => m.id === id).org).toEqual(ref);
    // A push of it shows the organization on the pushed message.
    const push = await post(t, reader, { pushedMessageId: id });
    expect(push.org).toBeNull();
    expect(push.pushedMessage.org).toEqual(ref);
  });

  it('a non-member, an unknown organization: 403 not_org_member, nothing posted', async () => {
    const [owner, outsider] = [await member(t), await member(t)];
    const org = await newOrg(t, owner);
    expectError(await call(t, outsider, 'POST', '/api/messages', { content: 'Let me in', orgId: org.id }), 403, 'not_org_member');
    expectError(await call(t, outsider, 'POST', '/api/messages', { content: 'Nowhere', orgId: 'no-such-org' }), 403, 'not_org_member');
    expectError(await call(t, outsider, 'POST', '/api/messages', { content: 'Bad', orgId: 5 }), 400);
    const mine = await t.db.kysely.selectFrom('messages').select('id').where('user_id', '=', outsider.user.id).execute();
    expect(mine).toEqual([]);
  });

  it("GET /api/orgs/{slug}/messages: public ones for anyone, private ones too for members; 404 org_not_found; paginated", async () => {
    const [owner, mate, stranger] = [await member(t), await member(t), await member(t)];
    const org = await newOrg(t, owner);
    await join(t, org, mate, 'member');
    const pub = await post(t, owner, { content: 'Public news', orgId: org.id, publiclyVisible: true });
    t.clock.advance(1000);
    const priv = await post(t, mate, { content: 'Internal', orgId: org.id, publiclyVisible: false });
    t.clock.advance(1000);
    await post(t, owner, { content: 'Not to the org', publiclyVisible: true });
    const url = `/api/orgs/${org.slug}/messages`;
    const anon = await call(t, null, 'GET', url);
    expect(anon.statusCode).toBe(200);
    expect(anon.json().messages.map((m: any) => m.id)).toEqual([pub.id]);
    expect(anon.json().pagination).toEqual({ total: 1, limit: 20, offset: 0, hasMore: false });
    // A follower of the author who is not a member still sees only the public one here.
    await follows(t, stranger, mate);
    expect((await call(t, stranger, 'GET', url)).json().messages.map((m: any) => m.id)).toEqual([pub.id]);
    const asMember = (await call(t, mate, 'GET', url)).json();
    expect(asMember.messages.map((m: any) => m.id)).toEqual([priv.id, pub.id]);
    expect(asMember.messages[0].org).toEqual({ id: org.id, name: org.name, slug: org.slug });
    expect((await call(t, owner, 'GET', `${url}?limit=1&offset=1`)).json()).toMatchObject({ messages: [{ id: pub.id }], pagination: { total: 2, limit: 1, offset: 1, hasMore: false } });
    expectError(await call(t, null, 'GET', '/api/orgs/no-such-org/messages'), 404, 'org_not_found');
    expectError(await call(t, null, 'GET', `${url}?limit=0`), 400);
  });

  it('GET /api/orgs/{slug}/messages leaves out authors the viewer blocks, is blocked by or mutes, as every feed does; unblocking brings them back', async () => {
    const [owner, blocker, blocked, muted, viewer] = [await member(t), await member(t), await member(t), await member(t), await member(t)];
    const org = await newOrg(t, owner);
    for (const m of [blocker, blocked, muted, viewer]) await join(t, org, m, 'member');
    const url = `/api/orgs/${org.slug}/messages`;
    const byOwner = await post(t, owner, { content: 'From the owner', orgId: org.id, publiclyVisible: true });
    t.clock.advance(1000);
    const byBlocked = await post(t, blocked, { content: 'From the blocked one', orgId: org.id, publiclyVisible: false });
    t.clock.advance(1000);
    const byMuted = await post(t, muted, { content: 'From the muted one', orgId: org.id, publiclyVisible: true });
    const ids = async (who: Member | null) => {
      const res = await call(t, who, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json().messages.map((m: any) => m.id), total: res.json().pagination.total };
    };
    expect(await ids(viewer)).toEqual({ ids: [byMuted.id, byBlocked.id, byOwner.id], total: 3 });
    expect((await call(t, viewer, 'POST', `/api/users/${blocked.user.username}/block`)).json()).toEqual({ blocking: true });
    expect((await call(t, viewer, 'POST', `/api/users/${muted.user.username}/mute`)).json()).toEqual({ muting: true });
    expect((await call(t, blocked, 'POST', `/api/users/${owner.user.username}/block`)).json()).toEqual({ blocking: true });
    // The viewer blocks one author and mutes another: both leave its page and its count.
    expect(await ids(viewer)).toEqual({ ids: [byOwner.id], total: 1 });
    // Blocked by the owner: the blocked author no longer sees the owner's message.
    expect(await ids(blocked)).toEqual({ ids: [byMuted.id, byBlocked.id], total: 2 });
    expect(await ids(owner)).toEqual({ ids: [byMuted.id, byOwner.id], total: 2 });
    // Nobody else's view changes; an anonymous reader sees the public ones.
    expect(await ids(blocker)).toEqual({ ids: [byMuted.id, byBlocked.id, byOwner.id], total: 3 });
    expect(await ids(null)).toEqual({ ids: [byMuted.id, byOwner.id], total: 2 });
    await call(t, viewer, 'DELETE', `/api/users/${blocked.user.username}/block`);
    await call(t, viewer, 'DELETE', `/api/users/${muted.user.username}/mute`);
    expect(await ids(viewer)).toEqual({ ids: [byMuted.id, byBlocked.id, byOwner.id], total: 3 });
  });

  it('renaming or deleting the organization shows at once in cached feed reads; its messages stay with their authors and read org: null', async () => {
    const owner = await member(t);
    const org = await newOrg(t, owner);
    const m = await post(t, owner, { content: 'Before the end', orgId: org.id, publiclyVisible: true });
    const inFeed = async () => (await call(t, owner, 'GET', '/api/messages?onlyMine=true')).json().messages.find((x: any) => x.id === m.id).org;
    expect((await inFeed()).name).toBe(org.name);
    expect((await call(t, owner, 'PATCH', `/api/orgs/${org.slug}`, { name: 'New name' })).statusCode).toBe(200);
    expect(await inFeed()).toEqual({ id: org.id, name: 'New name', slug: org.slug });
    expect((await call(t, owner, 'DELETE', `/api/orgs/${org.slug}`)).statusCode).toBe(200);
    const read = await call(t, owner, 'GET', `/api/messages/${m.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().org).toBeNull();
    expect(read.json().user.id).toBe(owner.user.id);
    expect(await inFeed()).toBeNull();
  });

  it('the organization is joined into the message select: a page costs the same number of queries with 1 or 20 organization messages', async () => {
    const owner = await member(t);
    const org = await newOrg(t, owner);
    const url = `/api/orgs/${org.slug}/messages?limit=50`;
    await post(t, owner, { content: 'one', orgId: org.id, publiclyVisible: true });
    const one = await queriesDuring(t.db, () => call(t, owner, 'GET', url));
    for (let i = 0; i < 19; i++) await post(t, owner, { content: `more ${i}`, orgId: org.id, publiclyVisible: true });
    const many = await queriesDuring(t.db, () => call(t, owner, 'GET', url));
    expect((await call(t, owner, 'GET', url)).json().messages).toHaveLength(20);
    expect(many.length).toBe(one.length);
  });
});
