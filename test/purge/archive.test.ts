import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text as readText } from 'node:stream/consumers';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesPart } from '../../src/features/messages/user-data.js';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';
import { readZip } from '../helpers/zip.js';
import { account, as, ok, seedContent } from './seed.js';

// The data archive: POST /api/user/archive starts a job that streams one ZIP of everything the
// user owns into the blob store; GET reports it, and the download works for 24 hours.

let t: AdminTestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'archive-'));
  t = await createAdminApp({ smtp: false, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the data archive', () => {
  it('is Session only', async () => {
    const me = await account(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/archive', headers: { authorization: me.bearer } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/archive', headers: { authorization: me.bearer } })).statusCode).toBe(401);
    expect((await as(t, null, 'GET', '/api/user/archive')).statusCode).toBe(401);
    const none = await as(t, me, 'GET', '/api/user/archive');
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('archive_not_found');
  });

  it('builds one ZIP of everything the user owns, downloadable for 24 hours, one a day', async () => {
    const [me, other] = [await account(t), await account(t)];
    const seeded = await seedContent(t, me, other);
    const started = await ok(t, me, 'POST', '/api/user/archive', undefined, 202);
    expect(started.archive).toMatchObject({ status: 'building', downloadUrl: null });
    await t.app.ctx.jobs.idle();

    const { archive } = await ok(t, me, 'GET', '/api/user/archive', undefined, 200);
    expect(archive).toMatchObject({ id: started.archive.id, status: 'ready', downloadUrl: `/api/user/archive/${started.archive.id}/download` });
    expect(archive.size).toBeGreaterThan(0);

    // Another user cannot download it; the owner can.
    expect((await as(t, other, 'GET', archive.downloadUrl)).statusCode).toBe(404);
    const res = await as(t, me, 'GET', archive.downloadUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = readZip(res.rawPayload);
    const names = [...files.keys()];
    const text = (name: string) => files.get(name)!.toString('utf8');

    expect(JSON.parse(text('profile.json'))).toMatchObject({ id: me.user.id, username: me.username });
    expect(JSON.parse(text('profile.json')).passwordHash).toBeUndefined();
    const messages = JSON.parse(text('messages/messages.json')) as { id: string; content: string }[];
    expect(messages.map((m) => m.id).sort()).toEqual(Object.values(seeded.messages).sort());
    expect(text('messages/messages.csv').split('\n')[0]).toBe('id,createdAt,publishedAt,scheduledAt,publiclyVisible,content,tags,parentId,pushedMessageId,digCount,replyCount');
    expect(JSON.parse(text('direct-messages/sent.json'))).toMatchObject([{ id: seeded.directMessage, to: other.username, content: 'a private word' }]);
    expect(JSON.parse(text('direct-messages/received.json'))).toMatchObject([{ id: seeded.others.directMessage, from: other.username }]);
    // Documents as markdown in their folders; the trashed one is not there.
    expect(text('documents/Notes/Plan.md')).toBe('# Plan\nsecret plan');
    expect(names.filter((n) => n.startsWith('documents/')).sort()).toEqual(['documents/Loose.md', 'documents/Notes/Plan.md']);
    const listFolder = `lists/Books-${seeded.list}`;
    expect(JSON.parse(text(`${listFolder}/schema.json`)).schema.fields.map((f: { key: string }) => f.key)).toEqual(['title', 'isbn']);
    const rows = text(`${listFolder}/rows.csv`).trim().split('\n');
    expect(rows[0]).toBe('rowId,title,isbn,createdAt,updatedAt');
    expect(rows).toHaveLength(4);
    expect(text('follows.csv')).toContain(other.username);
    expect(names.filter((n) => n.startsWith('media/'))).toHaveLength(3);
    // Nothing of the other user's own content.
    expect(names.some((n) => n.includes(seeded.others.list))).toBe(false);

    // One a day.
    const again = await as(t, me, 'POST', '/api/user/archive');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('archive_rate_limited');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);

    // After 24 hours the link is gone, and a new archive may be asked for.
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await ok(t, me, 'GET', '/api/user/archive', undefined, 200)).archive).toMatchObject({ status: 'expired', downloadUrl: null });
    expect((await as(t, me, 'GET', archive.downloadUrl)).statusCode).toBe(404);
    expect((await as(t, me, 'POST', '/api/user/archive')).statusCode).toBe(202);
    await t.app.ctx.jobs.idle();
  });

  it('reads the messages once for both their CSV and JSON files, and leaves no temporary file', async () => {
    const me = await account(t);
    const ids: string[] = [];
    for (const content of ['first, with a comma', 'second "quoted"', '=third']) ids.push((await ok(t, me, 'POST', '/api/messages', { content })).data.id);
    // Count the statements that read the messages table, through the part's own context.
    let reads = 0;
    const counter: KyselyPlugin = {
      transformQuery({ node }: { node: RootOperationNode }) {
        if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"messages"')) reads += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const ctx = { ...t.app.ctx, db: { ...t.app.ctx.db, kysely: t.app.ctx.db.kysely.withPlugin(counter) } };
    const spools = () => new Set(readdirSync(tmpdir()).filter((n) => n.startsWith('json-spool-')));
    const before = spools();
    const files: Record<string, string> = {};
    for await (const file of messagesPart.exportFiles!(ctx, me.user.id)) {
      files[file.path] = typeof file.content === 'string' || Buffer.isBuffer(file.content) ? file.content.toString() : await readText(file.content);
    }
    expect(reads).toBe(1);
    expect([...spools()].filter((n) => !before.has(n))).toEqual([]);
    expect(Object.keys(files)).toEqual(['messages/messages.csv', 'messages/messages.json']);
    const json = JSON.parse(files['messages/messages.json']) as { id: string; content: string }[];
    expect(json.map((m) => m.id).sort()).toEqual([...ids].sort());
    expect(json.find((m) => m.content === '=third')).toBeDefined();
    const csvLines = files['messages/messages.csv'].trim().split('\n');
    expect(csvLines).toHaveLength(4);
    expect(csvLines.slice(1).map((l) => l.split(',')[0]).sort()).toEqual([...ids].sort());
    expect(files['messages/messages.csv']).toContain("'=third");
  });
});
