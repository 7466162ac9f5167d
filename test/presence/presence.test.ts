import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';
import { call, createDoc, expectStatus, writer } from '../documents/helpers.js';
import { secondInstance, setUserFields } from '../helpers/app.js';
import type { SignedIn } from '../users/fixtures.js';

// Presence on documents (CONTRACT, "Sharing and collaboration"): POST /api/documents/{id}/presence
// (a heartbeat, `{ editing? }`) and GET, for anyone who can read the document, signed in; everyone
// seen in the last 60 seconds (the test clock moves it), on any instance (a second app on the same
// database, with a pool of its own on PostgreSQL); one row per person and document, pruned later.

let t: AdminTestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await createAdminApp({ smtp: false });
  second = await secondInstance(t, { ownConnection: true });
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const presencePath = (id: string) => `/api/documents/${id}/presence`;
const beat = (who: SignedIn, id: string, body?: unknown) => call(t, who, 'POST', presencePath(id), body);
const look = (who: SignedIn, id: string) => call(t, who, 'GET', presencePath(id));
const usernames = (res: { json(): any }) => (res.json().present as { user: { username: string } }[]).map((p) => p.user.username);
const rowsOf = (documentId: string) => t.db.kysely.selectFrom('document_presence').selectAll().where('document_id', '=', documentId).execute();

describe('heartbeats and the 60-second window', () => {
  it('a heartbeat answers everyone present, the caller included: { present: [{ user, editing, lastSeenAt }] }', async () => {
    const owner = await writer(t);
    const doc = await createDoc(t, owner, { title: 'Plan', content: 'x' });
    const res = await beat(owner, doc.id, { editing: true });
    const body = expectStatus(res, 200);
    expect(body).toEqual({
      present: [
        {
          user: { id: owner.user.id, username: owner.user.username, displayName: owner.user.display_name, avatar: null },
          editing: true,
          lastSeenAt: t.clock.now().toISOString(),
        },
      ],
    });
    // No body, or an empty one, is a reader's heartbeat (editing false); GET sends none.
    t.clock.advance(5_000);
    const reader = await t.app.inject({ method: 'POST', url: presencePath(doc.id), headers: { authorization: owner.bearer, 'content-type': 'application/json' }, payload: '' });
    expect(expectStatus(reader, 200).present).toEqual([expect.objectContaining({ editing: false, lastSeenAt: t.clock.now().toISOString() })]);
    t.clock.advance(5_000);
    const read = expectStatus(await look(owner, doc.id), 200);
    expect(read.present).toEqual([expect.objectContaining({ editing: false, lastSeenAt: new Date(t.clock.now().getTime() - 5_000).toISOString() })]);
  });

  it('one row per person and document, rewritten by each heartbeat', async () => {
    const owner = await writer(t);
    const doc = await createDoc(t, owner, { title: 'Rows' });
    for (let i = 0; i < 5; i++) {
      expectStatus(await beat(owner, doc.id, { editing: i % 2 === 0 }), 200);
      t.clock.advance(1_000);
    }
    const rows = await rowsOf(doc.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].last_seen_at).toBe(new Date(t.clock.now().getTime() - 1_000).toISOString());
  });

  it('someone last seen more than 60 seconds ago is no longer present; a new heartbeat brings them back', async () => {
    const owner = await writer(t);
    const reader = await writer(t);
    const doc = await createDoc(t, owner, { title: 'Open', isPublic: true });
    expectStatus(await beat(reader, doc.id), 200);
    t.clock.advance(30_000);
    expect(usernames(await beat(owner, doc.id, { editing: true }))).toEqual([owner.user.username, reader.user.username]);
    t.clock.advance(30_000);
    // Exactly 60 seconds after the reader's heartbeat: still there.
    expect(usernames(await look(owner, doc.id))).toEqual([owner.user.username, reader.user.username]);
    t.clock.advance(1);
    expect(usernames(await look(owner, doc.id))).toEqual([owner.user.username]);
    t.clock.advance(30_000);
    expect(usernames(await look(reader, doc.id))).toEqual([]);
    expect(usernames(await beat(reader, doc.id))).toEqual([reader.user.username]);
  });

  it('the prune removes the heartbeats older than the window, and only those', async () => {
    const owner = await writer(t);
    const doc = await createDoc(t, owner, { title: 'Pruned' });
    const other = await createDoc(t, owner, { title: 'Fresh' });
    expectStatus(await beat(owner, doc.id), 200);
    t.clock.advance(61_000);
    expectStatus(await beat(owner, other.id), 200);
    const task = t.app.ctx.runtime.periodic.tasks.find((x) => x.name === 'document-presence')!;
    const { presence } = await t.app.ctx.runtime.periodic.run(task);
    expect(presence).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(doc.id)).toEqual([]);
    expect(await rowsOf(other.id)).toHaveLength(1);
  });
});

describe('two instances on one database', () => {
  it('a heartbeat on one instance is seen on the other, and both count the same window', async () => {
    const owner = await writer(t);
    const reader = await writer(t);
    const doc = await createDoc(t, owner, { title: 'Shared view', isPublic: true });
    const onSecond = await second.inject({ method: 'POST', url: presencePath(doc.id), headers: { authorization: reader.bearer }, payload: { editing: false } });
    expect(onSecond.statusCode, onSecond.body).toBe(200);
    t.clock.advance(10_000);
    expect(usernames(await beat(owner, doc.id, { editing: true }))).toEqual([owner.user.username, reader.user.username]);
    const fromSecond = await second.inject({ method: 'GET', url: presencePath(doc.id), headers: { cookie: reader.cookie } });
    expect(fromSecond.json().present.map((p: any) => [p.user.username, p.editing])).toEqual([
      [owner.user.username, true],
      [reader.user.username, false],
    ]);
    t.clock.advance(50_001);
    const later = await second.inject({ method: 'GET', url: presencePath(doc.id), headers: { cookie: reader.cookie } });
    expect(later.json().present.map((p: any) => p.user.username)).toEqual([owner.user.username]);
  });
});

describe('who may', () => {
  it('anyone who can read the document: its owner, anyone signed in on a public one; else 404, and nothing is recorded', async () => {
    const owner = await writer(t);
    const other = await writer(t);
    const secret = await createDoc(t, owner, { title: 'Secret' });
    const open = await createDoc(t, owner, { title: 'Open', isPublic: true });
    expectStatus(await beat(other, secret.id), 404);
    expectStatus(await look(other, secret.id), 404);
    expectStatus(await beat(other, 'no-such-document'), 404);
    expect(await rowsOf(secret.id)).toEqual([]);
    expectStatus(await beat(other, open.id), 200);
    expectStatus(await look(other, open.id), 200);
    // A deleted document is gone for presence too.
    expectStatus(await call(t, owner, 'DELETE', `/api/documents/${secret.id}`), 200);
    expectStatus(await beat(owner, secret.id), 404);
  });

  it('signed in only: 401 anonymous; a read-only account may look but sends no heartbeat (403)', async () => {
    const owner = await writer(t);
    const doc = await createDoc(t, owner, { title: 'Guarded', isPublic: true });
    expectStatus(await call(t, null, 'POST', presencePath(doc.id), {}), 401);
    expectStatus(await call(t, null, 'GET', presencePath(doc.id)), 401);
    const restricted = await writer(t);
    await setUserFields(t.db, restricted.user.id, { account_status: 'restricted' });
    expectStatus(await beat(restricted, doc.id), 403, 'account_restricted');
    expectStatus(await look(restricted, doc.id), 200);
    expect(await rowsOf(doc.id)).toEqual([]);
  });

  it('a body of the wrong shape is 400 and records nothing', async () => {
    const owner = await writer(t);
    const doc = await createDoc(t, owner, { title: 'Shapes' });
    for (const body of [{ editing: 'yes' }, { editing: true, extra: 1 }, [true], 'editing']) expectStatus(await beat(owner, doc.id, body), 400);
    const malformed = await t.app.inject({ method: 'POST', url: presencePath(doc.id), headers: { authorization: owner.bearer, 'content-type': 'application/json' }, payload: '{"editing":' });
    expectStatus(malformed, 400);
    expect(await rowsOf(doc.id)).toEqual([]);
  });
});

describe('purge and account deletion', () => {
  it('purging a user’s documents removes the presence on them and the user’s own; deleting an account removes its heartbeats', async () => {
    const owner = await writer(t);
    const visitor = await writer(t);
    const mine = await createDoc(t, owner, { title: 'Mine', isPublic: true });
    const theirs = await createDoc(t, visitor, { title: 'Theirs', isPublic: true });
    for (const [who, doc] of [[owner, mine], [visitor, mine], [owner, theirs], [visitor, theirs]] as const) expectStatus(await beat(who, doc.id), 200);
    const admin = { cookie: t.admin.cookie };
    const purge = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${owner.user.id}/purge`,
      headers: admin,
      payload: { categories: { documents: true, messages: false, lists: false, directMessages: false } },
    });
    expect(purge.statusCode, purge.body).toBe(200);
    expect(await rowsOf(mine.id)).toEqual([]);
    expect((await rowsOf(theirs.id)).map((r) => r.user_id)).toEqual([visitor.user.id]);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${visitor.user.id}`, headers: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.kysely.selectFrom('document_presence').selectAll().where('user_id', 'in', [owner.user.id, visitor.user.id]).execute()).toEqual([]);
  });
});
