import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOwnAccount } from '../../src/features/purge/service.js';
import { runDueJobs } from '../../src/runtime/jobs/execute.js';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';
import { account, as, ok, PASSWORD, rowsNaming, SEEDED_COUNTS, seedContent } from './seed.js';
import { startedEarly } from '../../src/lib/promises.js';

// What a purge or deletion request answers while its removal job is still running: the job
// outlasting REMOVAL_WAIT_MS (the answer then gives the counts found at the start, and the job goes
// on), content written while the job runs (removed too, and counted), and the credentials of a
// deleted account, which end in the request's own transaction, before the job has run.

const WAIT_MS = 3000;
let t: AdminTestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'removal-wait-'));
  t = await createAdminApp({ smtp: false, env: { DATA_DIR: dataDir, REMOVAL_WAIT_MS: String(WAIT_MS) } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const purge = (userId: string, payload: unknown = {}) => as(t, { cookie: t.admin.cookie }, 'POST', `/api/admin/users/${userId}/purge`, payload);
const removalOf = (userId: string) => t.db.kysely.selectFrom('user_removals').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();

/** Holds every blob delete (the removal job's step after each batch) until released. */
function holdBlobDeletes() {
  const blobs = t.app.ctx.blobs;
  const original = blobs.delete.bind(blobs);
  let release!: () => void;
  let reached!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const hit = new Promise<void>((resolve) => (reached = resolve));
  blobs.delete = async (key: string) => {
    reached();
    await released;
    return original(key);
  };
  return {
    hit,
    release: () => {
      blobs.delete = original;
      release();
    },
  };
}

describe('a removal job that is still running', () => {
  // First, while the runner runs jobs: the later tests stop it.
  it('removes a message posted while the purge runs, and the answer counts it', async () => {
    const [owner, other] = [await account(t), await account(t)];
    await seedContent(t, owner, other);
    const held = holdBlobDeletes();
    const answer = startedEarly(purge(owner.user.id, { categories: { directMessages: false, documents: false, lists: false } }));
    // The job has removed the first batch of messages and waits on their image's blob.
    await held.hit;
    await ok(t, owner, 'POST', '/api/messages', { content: 'posted during the purge' });
    held.release();
    const res = await answer;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ dryRun: false, counts: { messages: SEEDED_COUNTS.messages + 1, directMessages: 0, documents: 0, folders: 0, lists: 0, listFolders: 0 } });
    expect(await rowsNaming(t, 'messages.user_id', owner.user.id)).toBe(0);
    expect(await removalOf(owner.user.id)).toMatchObject({ status: 'done' });
  });

  it('a purge that outlasts REMOVAL_WAIT_MS answers the counts found at its start; the job then removes them', async () => {
    const [owner, other] = [await account(t), await account(t)];
    await seedContent(t, owner, other);
    const held = holdBlobDeletes();
    const started = Date.now();
    const res = await purge(owner.user.id);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ dryRun: false, counts: SEEDED_COUNTS });
    // Still running, held on the first blob: not everything is removed yet.
    const running = await removalOf(owner.user.id);
    expect(running.status).toBe('running');
    expect(JSON.parse(running.counts)).not.toMatchObject(SEEDED_COUNTS);
    held.release();
    await t.app.ctx.jobs.idle();
    const done = await removalOf(owner.user.id);
    expect(done.status).toBe('done');
    expect(JSON.parse(done.counts)).toMatchObject(SEEDED_COUNTS);
    for (const column of ['messages.user_id', 'lists.user_id', 'direct_messages.sender_id']) expect(await rowsNaming(t, column, owner.user.id), column).toBe(0);
  });

  it('a deleted account’s session and sync token stop working in the request, before its job runs', async () => {
    const me = await account(t);
    await t.app.ctx.jobs.stop();
    const res = await as(t, me, 'DELETE', '/api/user', { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await removalOf(me.user.id)).toMatchObject({ status: 'running' });
    expect((await as(t, me, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: me.bearer } })).statusCode).toBe(401);
    // The job, run now, removes the account.
    await runDueJobs(t.app.ctx);
    expect(await removalOf(me.user.id)).toMatchObject({ status: 'done' });
    expect(await rowsNaming(t, 'users.id', me.user.id)).toBe(0);
    // A second request that read the account before it went finds nothing to delete: 404.
    await expect(deleteOwnAccount(t.app.ctx, me.user, PASSWORD, async () => {})).rejects.toMatchObject({ statusCode: 404, code: 'user_not_found' });
  });
});
