import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { DEFAULT_MAX_ATTEMPTS } from '../../src/runtime/jobs/enqueue.js';
import { claimDueJobs, runDueJobs } from '../../src/runtime/jobs/execute.js';
import { batchSize, beginRemoval, partsOf, readRemoval, runRemoval } from '../../src/features/purge/removal.js';
import { ENGINE } from '../helpers/app.js';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';
import { account, as, rowsNaming } from './seed.js';

// A purge killed mid-way: its runner got part-way through the messages and died (the job stays `running` until its
// lease ends); another runner takes the job again, resumes, and the audit row's counts are
// exactly what was removed.

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminApp({ smtp: false });
});
afterAll(async () => t.close());

const BATCH = batchSize(ENGINE);
const MESSAGES = BATCH * 2 + 137;
const ROWS = BATCH + 50;

/** `count` published public messages of the user, written directly (no jobs of their own). */
async function insertMessages(userId: string, count: number): Promise<void> {
  const now = t.clock.now().toISOString();
  const ids = Array.from({ length: count }, () => newId());
  for (let i = 0; i < ids.length; i += 500) {
    await t.db.kysely
      .insertInto('messages')
      .values(ids.slice(i, i + 500).map((id) => ({ id, user_id: userId, content: `m ${id}`, publicly_visible: true, tags: '[]', parent_id: null, pushed_message_id: null, image_urls: '[]', video_urls: '[]', scheduled_at: null, published_at: now, cross_post_config: null, created_at: now, updated_at: now })))
      .execute();
  }
}

async function seedVolume(userId: string): Promise<string> {
  await insertMessages(userId, MESSAGES);
  const now = t.clock.now().toISOString();
  const listId = newId();
  await t.db.kysely
    .insertInto('lists')
    .values({ id: listId, user_id: userId, title: 'Big', description: null, is_public: true, folder_id: null, schema_name: 'Big', schema_description: null, created_at: now, updated_at: now })
    .execute();
  const rows = Array.from({ length: ROWS }, (_, i) => ({ id: newId(), list_id: listId, data: JSON.stringify({ n: i }), created_at: now, updated_at: now, deleted_at: null }));
  for (let i = 0; i < rows.length; i += 250) await t.db.kysely.insertInto('list_rows').values(rows.slice(i, i + 250)).execute();
  return listId;
}

describe('a purge interrupted mid-way', () => {
  it('resumes when its job is taken again and ends with the right counts', async () => {
    const owner = await account(t);
    const listId = await seedVolume(owner.user.id);
    const id = await t.db.kysely.transaction().execute((trx) =>
      beginRemoval(t.app.ctx, trx, { kind: 'purge', userId: owner.user.id, adminId: t.admin.id, categories: ['messages', 'lists'], reason: 'crash test' }),
    );
    // The first runner claims the job and dies part-way through the messages. How many batches
    // come first depends on the parts the two categories hold (the list's rows, the list, its
    // watchers, …), so it is stopped after a growing number of batches until some of the messages,
    // not all, are gone: each stop is such a death, and the next run resumes from what is left.
    const [job] = await claimDueJobs(t.app.ctx, 10);
    expect(job.kind).toBe('user-removal');
    let left = MESSAGES;
    for (let batches = 1; left === MESSAGES; batches++) {
      expect(batches).toBeLessThan(50);
      expect(await runRemoval(t.app.ctx, id, { maxBatches: batches })).toBe(false);
      left = await rowsNaming(t, 'messages.user_id', owner.user.id);
    }
    const midway = (await readRemoval(t.db.kysely, id))!;
    expect(midway.status).toBe('running');
    // What the row says was removed is exactly what is gone.
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(MESSAGES);
    expect(midway.counts.messages ?? 0).toBe(MESSAGES - left);
    expect(midway.counts.lists ?? 0).toBe(1 - (await rowsNaming(t, 'lists.user_id', owner.user.id)));
    // The purged messages' timeline fan-out jobs (their tombstones) run in the background first.
    await t.app.ctx.jobs.idle();
    // Nothing runs it before its lease ends; then another runner takes it again.
    expect((await runDueJobs(t.app.ctx)).claimed).toBe(0);
    t.clock.advance(t.app.ctx.jobs.leaseMs + 1000);
    const run = await runDueJobs(t.app.ctx);
    expect(run).toMatchObject({ claimed: 1, done: 1 });

    const done = (await readRemoval(t.db.kysely, id))!;
    expect(done.status).toBe('done');
    expect(done.counts).toEqual({ messages: MESSAGES, lists: 1 });
    expect(await rowsNaming(t, 'messages.user_id', owner.user.id)).toBe(0);
    expect(await rowsNaming(t, 'list_rows.list_id', listId)).toBe(0);
    expect((await as(t, owner, 'GET', `/api/lists/${listId}`)).statusCode).toBe(404);
    expect((await as(t, null, 'GET', `/api/user/${owner.username}/messages`)).json().messages).toEqual([]);
  });
});

describe('a removal whose runners keep dying', () => {
  it('is taken again more often than an ordinary job would be, and still ends', async () => {
    const owner = await account(t);
    await insertMessages(owner.user.id, 3);
    const id = await t.db.kysely.transaction().execute((trx) =>
      beginRemoval(t.app.ctx, trx, { kind: 'purge', userId: owner.user.id, adminId: t.admin.id, categories: ['messages'], reason: 'dying runners' }),
    );
    // More deaths than an ordinary job's attempts: each runner claims the job and stops before it
    // finishes, and the next one takes it once the lease has ended.
    await t.app.ctx.jobs.idle();
    for (let death = 0; death <= DEFAULT_MAX_ATTEMPTS; death++) {
      const [job] = await claimDueJobs(t.app.ctx, 10);
      expect(job?.kind).toBe('user-removal');
      t.clock.advance(t.app.ctx.jobs.leaseMs + 1000);
    }
    expect(await runDueJobs(t.app.ctx)).toMatchObject({ claimed: 1, done: 1, failed: 0 });
    expect(await readRemoval(t.db.kysely, id)).toMatchObject({ status: 'done', counts: { messages: 3 } });
    expect(await rowsNaming(t, 'messages.user_id', owner.user.id)).toBe(0);
  });
});

describe('a removal run again', () => {
  it('does nothing once done: what the user wrote since stays, and its counts do not change', async () => {
    const owner = await account(t);
    await insertMessages(owner.user.id, 2);
    const id = await t.db.kysely.transaction().execute((trx) =>
      beginRemoval(t.app.ctx, trx, { kind: 'purge', userId: owner.user.id, adminId: t.admin.id, categories: ['messages'], reason: 'twice' }),
    );
    expect(await runRemoval(t.app.ctx, id)).toBe(true);
    const done = (await readRemoval(t.db.kysely, id))!;
    expect(done).toMatchObject({ status: 'done', counts: { messages: 2 } });
    // The account stays after a purge and writes again; a late second run of the job leaves that.
    await insertMessages(owner.user.id, 1);
    expect(await runRemoval(t.app.ctx, id)).toBe(true);
    expect(await rowsNaming(t, 'messages.user_id', owner.user.id)).toBe(1);
    expect(await readRemoval(t.db.kysely, id)).toEqual(done);
  });

  it('stopped before its first batch, has removed nothing', async () => {
    const owner = await account(t);
    await insertMessages(owner.user.id, 2);
    const id = await t.db.kysely.transaction().execute((trx) =>
      beginRemoval(t.app.ctx, trx, { kind: 'purge', userId: owner.user.id, adminId: t.admin.id, categories: ['messages'], reason: 'no batch' }),
    );
    expect(await runRemoval(t.app.ctx, id, { maxBatches: 0 })).toBe(false);
    expect(await rowsNaming(t, 'messages.user_id', owner.user.id)).toBe(2);
    const removal = (await readRemoval(t.db.kysely, id))!;
    expect(removal.status).toBe('running');
    expect(removal.counts).toEqual({});
  });

  it('stopped after n batches, has run exactly n: the parts before the messages, then one batch of them', async () => {
    const owner = await account(t);
    const total = BATCH * 2 + 1;
    await insertMessages(owner.user.id, total);
    const id = await t.db.kysely.transaction().execute((trx) =>
      beginRemoval(t.app.ctx, trx, { kind: 'purge', userId: owner.user.id, adminId: t.admin.id, categories: ['messages'], reason: 'n batches' }),
    );
    // This test is the removal's runner: it holds the job (and those earlier tests left due), so the
    // background runner, kicked by each batch for the timeline fan-out, cannot take it meanwhile.
    await t.app.ctx.jobs.idle();
    const held = await claimDueJobs(t.app.ctx, 50);
    expect(held.filter((j) => j.kind === 'user-removal' && JSON.parse(j.payload).removalId === id)).toHaveLength(1);
    // Each part costs at least one batch, even one with nothing of the user's (a run starts from
    // the first part again); those before the messages part hold nothing here.
    const before = partsOf(t.app.ctx, 'purge', ['messages']).findIndex((p) => p.key === 'messages');
    expect(before).toBeGreaterThanOrEqual(0);
    expect(await runRemoval(t.app.ctx, id, { maxBatches: before })).toBe(false);
    expect(await rowsNaming(t, 'messages.user_id', owner.user.id)).toBe(total);
    expect(await runRemoval(t.app.ctx, id, { maxBatches: before + 1 })).toBe(false);
    expect(await rowsNaming(t, 'messages.user_id', owner.user.id)).toBe(total - BATCH);
    expect(await runRemoval(t.app.ctx, id)).toBe(true);
    expect(await readRemoval(t.db.kysely, id)).toMatchObject({ status: 'done', counts: { messages: total } });
  });

  it('answers true for a removal that does not exist', async () => {
    expect(await runRemoval(t.app.ctx, newId())).toBe(true);
  });
});
