import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { upsertIdentity } from '../../src/features/identities/credentials.js';
import { MAX_PAGES } from '../../src/adapters/codehost/client.js';
import { BUSY_RETRY_MS, SYNC_CLAIM_MS, syncCodehostList } from '../../src/features/lists/codehost-sync.js';
import { runDueJobs } from '../../src/runtime/jobs/execute.js';
import { createTestApp, registerUser, secondInstance, setUserFields, type TestApp } from '../helpers/app.js';
import { CodehostApi, issue, pullRequest, repo, type RepoItem } from '../helpers/networks/codehost-api.js';
import { activeUser, BOOKS_SCHEMA, bearerOf, call, cookieOf, createList, csvForm, expectError, type Auth } from './support.js';

// Codehost-backed lists (CONTRACT, "Codehost-backed lists") through the HTTP API, against a
// loopback stand-in of the code host's REST API on 127.0.0.2: created from a source with a fixed
// schema, read-only, synced by a job (at creation and on demand), conditional requests (304),
// Link pagination, pull requests left out of issues, the last good rows kept when the provider
// fails, a refused token, ownership.

const SECRET = 'cron-secret-for-codehost-tests';
const api = new CodehostApi();
let t: TestApp;

beforeAll(async () => {
  await api.start();
  t = await createTestApp({
    smtp: false,
    env: { CODEHOST_API_URL: api.origin, ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2/32', CRON_SECRET: SECRET, OUTBOUND_FETCH_TIMEOUT_MS: '1000' },
  });
});
afterAll(async () => {
  await t?.close();
  await api.stop();
});

interface Linked {
  user: { id: string; username: string };
  auth: Auth;
  token: string;
  identityId: string;
}

let seq = 0;
/** An active user with a linked codehost identity whose token the stand-in knows. */
async function linkedUser(data: { repos?: RepoItem[]; starred?: RepoItem[] } = {}): Promise<Linked> {
  const me = await activeUser(t);
  seq += 1;
  const token = `codehost-token-${seq}-${me.user.id}`;
  api.account(token, me.user.username, data);
  const { id } = await upsertIdentity(t.app.ctx, {
    userId: me.user.id,
    provider: 'codehost',
    providerUserId: `ch-${me.user.id}`,
    handle: me.user.username,
    tokens: { accessToken: token, refreshToken: null, expiresAt: null, scopes: 'repo' },
  });
  return { user: me.user, auth: bearerOf(me), token, identityId: id };
}

async function createSourced(who: Linked, source: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', '/api/lists', who.auth, { source, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.ctx.jobs.idle();
  return res.json().data as { id: string; title: string; source: unknown; lastSyncedAt: string | null; schema: { fields: { key: string; type: string }[] } };
}

async function getList(who: Linked, id: string) {
  const res = await call(t, 'GET', `/api/lists/${id}`, who.auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { lastSyncedAt: string | null; source: unknown; syncTruncated: boolean };
}

async function rows(who: Linked, id: string, query = 'limit=200') {
  const res = await call(t, 'GET', `/api/lists/${id}/data?${query}`, who.auth);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { rows: body.data as { id: string; data: Record<string, unknown> }[], total: body.pagination.total as number };
}

async function listCount(who: Linked): Promise<number> {
  return (await call(t, 'GET', '/api/lists', who.auth)).json().pagination.total;
}

const hitsFor = (token: string) => api.hits.filter((h) => h.headers.authorization === `Bearer ${token}`);

async function syncNow(who: Linked, id: string) {
  const res = await call(t, 'POST', `/api/lists/${id}/sync`, who.auth);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toEqual({ message: 'List sync queued' });
  await t.app.ctx.jobs.idle();
}

const cron = () => t.app.inject({ method: 'GET', url: '/api/cron/sync-codehost-lists', headers: { authorization: `Bearer ${SECRET}` } });

describe('POST /api/lists with a codehost source', () => {
  it('without a linked codehost identity: 400 network_not_linked, nothing written', async () => {
    const me = await activeUser(t);
    const auth = cookieOf(me);
    const res = await call(t, 'POST', '/api/lists', auth, { source: { provider: 'codehost', kind: 'repositories' } });
    expectError(res, 400, 'network_not_linked');
    expect((await call(t, 'GET', '/api/lists', auth)).json().pagination.total).toBe(0);
  });

  it('refuses a bad source with 400 and writes nothing', async () => {
    const me = await linkedUser();
    const bad: unknown[] = [
      { source: { provider: 'codehost', kind: 'issues' } },
      { source: { provider: 'codehost', kind: 'issues', repository: 'no-slash' } },
      { source: { provider: 'codehost', kind: 'issues', repository: 'a/b/c' } },
      { source: { provider: 'codehost', kind: 'issues', repository: '../x' } },
      { source: { provider: 'codehost', kind: 'repositories', repository: 'octo/hello' } },
      { source: { provider: 'codehost', kind: 'starred', repository: 'octo/hello' } },
      { source: { provider: 'codehost', kind: 'gists' } },
      { source: { provider: 'networkA', kind: 'repositories' } },
      { source: { provider: 'codehost', kind: 'repositories', extra: 1 } },
      { source: { provider: 'codehost', kind: 'repositories' }, schema: BOOKS_SCHEMA },
      { source: 'codehost' },
    ];
    for (const payload of bad) {
      const res = await call(t, 'POST', '/api/lists', me.auth, payload);
      const body = expectError(res, 400);
      expect(body.code, JSON.stringify(payload)).toBe('bad_request');
    }
    expect(await listCount(me)).toBe(0);
    expect(hitsFor(me.token)).toHaveLength(0);
  });

  it('repositories: the fixed schema through the DSL, source and lastSyncedAt on the record, rows from the first sync', async () => {
    const me = await linkedUser({ repos: [repo('me', 'alpha', { stargazers_count: 7 }), repo('me', 'beta', { description: null, language: null })] });
    const res = await call(t, 'POST', '/api/lists', me.auth, { source: { provider: 'codehost', kind: 'repositories' } });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(res.json().message).toBe('List created');
    expect(created).toMatchObject({ title: 'Codehost repositories', isPublic: false, source: { provider: 'codehost', kind: 'repositories', repository: null }, lastSyncedAt: null });
    expect(created.schema.fields.map((f: { key: string; type: string }) => [f.key, f.type])).toEqual([
      ['name', 'text'],
      ['description', 'textarea'],
      ['url', 'url'],
      ['language', 'text'],
      ['stars', 'number'],
      ['updatedAt', 'datetime'],
    ]);
    expect(created.schema.fields.every((f: { propertyId: string }) => typeof f.propertyId === 'string')).toBe(true);
    await t.app.ctx.jobs.idle();

    const list = await getList(me, created.id);
    expect(list.lastSyncedAt).toBe(t.clock.now().toISOString());
    expect(list.source).toEqual({ provider: 'codehost', kind: 'repositories', repository: null });
    const { rows: got, total } = await rows(me, created.id, 'limit=200&sort=name');
    expect(total).toBe(2);
    expect(got.map((r) => r.data)).toEqual([
      { name: 'me/alpha', description: 'The alpha project', url: 'https://codehost.example/me/alpha', language: 'TypeScript', stars: 7, updatedAt: '2024-05-01T10:00:00Z' },
      { name: 'me/beta', description: null, url: 'https://codehost.example/me/beta', language: null, stars: 3, updatedAt: '2024-05-01T10:00:00Z' },
    ]);
    // The stand-in saw the token as a Bearer value, on its own listing path, 100 a page.
    const [hit] = hitsFor(me.token);
    expect(hit.path).toBe('/user/repos');
    expect(hit.headers['if-none-match']).toBeUndefined();

    // Every presentation of the List record carries them: the page of lists, a PATCH.
    const page = (await call(t, 'GET', '/api/lists', me.auth)).json().data;
    expect(page[0]).toMatchObject({ id: created.id, source: { kind: 'repositories' }, lastSyncedAt: list.lastSyncedAt });
    const patched = await call(t, 'PATCH', `/api/lists/${created.id}`, me.auth, { isPublic: true, title: 'Mine' });
    expect(patched.json().data).toMatchObject({ title: 'Mine', source: { kind: 'repositories' }, lastSyncedAt: list.lastSyncedAt });
    const pub = await t.app.inject({ method: 'GET', url: `/api/users/${me.user.username}/lists/${created.id}` });
    expect(pub.statusCode, pub.body).toBe(200);
    // The Public list keeps the spec's fields.
    expect(pub.json().data.source).toBeUndefined();
    // Its rows are public as any public list's are.
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${me.user.username}/lists/${created.id}/data` })).json().data).toHaveLength(2);
  });

  it('starred: the starred repositories, with a title of the caller’s choosing', async () => {
    const me = await linkedUser({ starred: [repo('other', 'gamma', { stargazers_count: 1200 })] });
    const list = await createSourced(me, { provider: 'codehost', kind: 'starred' }, { title: 'Stars' });
    expect(list.title).toBe('Stars');
    expect(hitsFor(me.token).map((h) => h.path)).toEqual(['/user/starred']);
    expect((await rows(me, list.id)).rows.map((r) => r.data)).toEqual([
      { name: 'other/gamma', description: 'The gamma project', url: 'https://codehost.example/other/gamma', language: 'TypeScript', stars: 1200, updatedAt: '2024-05-01T10:00:00Z' },
    ]);
  });

  it('issues: one repository’s issues, open and closed, pull requests left out', async () => {
    const me = await linkedUser();
    api.setIssues('octo/hello', [
      issue('octo/hello', 1, { labels: [{ name: 'bug' }, { name: 'ui' }] }),
      pullRequest('octo/hello', 2),
      issue('octo/hello', 3, { state: 'closed', labels: [], user: { login: 'someone' } }),
      pullRequest('octo/hello', 4),
    ]);
    const list = await createSourced(me, { provider: 'codehost', kind: 'issues', repository: 'octo/hello' });
    expect(list).toMatchObject({ title: 'Issues of octo/hello', source: { provider: 'codehost', kind: 'issues', repository: 'octo/hello' } });
    expect(list.schema.fields.map((f) => f.key)).toEqual(['number', 'title', 'state', 'labels', 'url', 'author', 'updatedAt']);
    const [hit] = hitsFor(me.token);
    expect(hit.path).toBe('/repos/octo/hello/issues');
    const { rows: got } = await rows(me, list.id, 'sort=number');
    expect(got.map((r) => r.data)).toEqual([
      { number: 1, title: 'Issue 1', state: 'open', labels: 'bug, ui', url: 'https://codehost.example/octo/hello/issues/1', author: 'reporter', updatedAt: '2024-05-02T10:00:00Z' },
      { number: 3, title: 'Issue 3', state: 'closed', labels: null, url: 'https://codehost.example/octo/hello/issues/3', author: 'someone', updatedAt: '2024-05-02T10:00:00Z' },
    ]);
  });
});

describe('rows of a codehost-backed list are read-only', () => {
  it('every row, column and schema write answers 409 read_only_list and changes nothing; title and visibility may change', async () => {
    const me = await linkedUser({ repos: [repo('me', 'ro')] });
    const list = await createSourced(me, { provider: 'codehost', kind: 'repositories' });
    const before = await rows(me, list.id);
    const rowId = before.rows[0].id;
    const schemaBefore = (await call(t, 'GET', `/api/lists/${list.id}`, me.auth)).json().data.schema;
    const writes: [string, string, unknown][] = [
      ['POST', `/api/lists/${list.id}/data`, { data: { name: 'x/y' } }],
      ['PUT', `/api/lists/${list.id}/data`, { rowId, data: { name: 'x/y' } }],
      ['DELETE', `/api/lists/${list.id}/data/${rowId}`, undefined],
      ['POST', `/api/lists/${list.id}/data/${rowId}/restore`, undefined],
      ['PUT', `/api/lists/${list.id}/schema`, BOOKS_SCHEMA],
      ['PUT', `/api/lists/${list.id}/schema`, { properties: [{ key: 'only', type: 'text', label: 'Only' }] }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await call(t, method as 'POST', url, me.auth, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(409);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'read_only_list' });
    }
    const form = csvForm('name\nx/y\n');
    const imp = await t.app.inject({ method: 'POST', url: `/api/lists/${list.id}/import`, headers: { ...form.headers, ...me.auth }, payload: form.payload });
    expect(imp.statusCode, imp.body).toBe(409);
    expect(imp.json().code).toBe('read_only_list');

    expect(await rows(me, list.id)).toEqual(before);
    expect((await call(t, 'GET', `/api/lists/${list.id}`, me.auth)).json().data.schema).toEqual(schemaBefore);
    const patched = await call(t, 'PATCH', `/api/lists/${list.id}`, me.auth, { title: 'Renamed' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ title: 'Renamed', source: { kind: 'repositories' } });
  });
});

describe('POST /api/lists/{id}/sync', () => {
  it('queues a sync: 202, the rows replaced by the provider’s, lastSyncedAt moved', async () => {
    const account = { repos: [repo('me', 'one')] };
    const me = await linkedUser(account);
    const list = await createSourced(me, { provider: 'codehost', kind: 'repositories' });
    const first = (await getList(me, list.id)).lastSyncedAt;
    api.account(me.token, me.user.username, { repos: [repo('me', 'one', { stargazers_count: 50 }), repo('me', 'two')] });
    t.clock.advance(60_000);
    await syncNow(me, list.id);
    const synced = await getList(me, list.id);
    expect(synced.lastSyncedAt).toBe(t.clock.now().toISOString());
    expect(synced.lastSyncedAt).not.toBe(first);
    const { rows: got } = await rows(me, list.id, 'sort=name');
    expect(got.map((r) => [r.data.name, r.data.stars])).toEqual([
      ['me/one', 50],
      ['me/two', 3],
    ]);
  });

  it('an unchanged source: a conditional request answered 304, no rate limit spent, the rows untouched, lastSyncedAt moved', async () => {
    const me = await linkedUser({ repos: [repo('me', 'same'), repo('me', 'same2')] });
    const list = await createSourced(me, { provider: 'codehost', kind: 'repositories' });
    const before = await rows(me, list.id);
    const etag = hitsFor(me.token)[0];
    expect(etag.headers['if-none-match']).toBeUndefined();
    const used = api.rateLimitUsed;
    t.clock.advance(60_000);
    await syncNow(me, list.id);
    const [, second] = hitsFor(me.token);
    expect(second.headers['if-none-match']).toMatch(/^".+"$/);
    expect(api.rateLimitUsed).toBe(used);
    // Same row ids and data: nothing was rewritten.
    expect(await rows(me, list.id)).toEqual(before);
    expect((await getList(me, list.id)).lastSyncedAt).toBe(t.clock.now().toISOString());
  });

  it('follows Link pagination to the end', async () => {
    const many = Array.from({ length: 250 }, (_, i) => repo('me', `r${String(i).padStart(3, '0')}`));
    const me = await linkedUser({ repos: many });
    const list = await createSourced(me, { provider: 'codehost', kind: 'repositories' });
    const hits = hitsFor(me.token);
    expect(hits).toHaveLength(3);
    expect(hits.map((h) => h.headers.authorization)).toEqual(Array(3).fill(`Bearer ${me.token}`));
    const { rows: got, total } = await rows(me, list.id, 'limit=200&sort=name');
    expect(total).toBe(250);
    expect(got[0].data.name).toBe('me/r000');
    expect((await rows(me, list.id, 'limit=200&offset=200&sort=name')).rows.at(-1)!.data.name).toBe('me/r249');
  });

  it('a listing longer than its page bound: the rows as far as it goes, syncTruncated on the record, logged; false again once it fits', async () => {
    // The stand-in serves one item a page (as the real API may serve fewer than per_page): one page more than the bound.
    const many = Array.from({ length: MAX_PAGES + 1 }, (_, i) => repo('me', `t${String(i).padStart(3, '0')}`));
    const me = await linkedUser({ repos: many });
    const warn = vi.spyOn(t.app.ctx.log, 'warn');
    api.pageCap = 1;
    try {
      const list = await createSourced(me, { provider: 'codehost', kind: 'repositories' });
      expect(hitsFor(me.token)).toHaveLength(MAX_PAGES);
      expect((await rows(me, list.id, 'limit=200')).total).toBe(MAX_PAGES);
      const record = await getList(me, list.id);
      expect(record).toMatchObject({ syncTruncated: true, lastSyncedAt: t.clock.now().toISOString() });
      const logged = warn.mock.calls.filter(([, msg]) => msg === 'codehost listing cut off at its page bound');
      expect(logged).toEqual([[{ listId: list.id, pages: MAX_PAGES, items: MAX_PAGES, maxPages: MAX_PAGES }, 'codehost listing cut off at its page bound']]);
      api.account(me.token, me.user.username, { repos: many.slice(0, 3) });
      await syncNow(me, list.id);
      expect((await rows(me, list.id)).total).toBe(3);
      expect((await getList(me, list.id)).syncTruncated).toBe(false);
    } finally {
      api.pageCap = null;
      warn.mockRestore();
    }
  });

  it('another user’s list: 404; a list of one’s own rows: 409 not_codehost_list; unknown: 404', async () => {
    const owner = await linkedUser({ repos: [repo('me', 'mine')] });
    const list = await createSourced(owner, { provider: 'codehost', kind: 'repositories' });
    const other = await linkedUser();
    const before = hitsFor(owner.token).length;
    expectError(await call(t, 'POST', `/api/lists/${list.id}/sync`, other.auth), 404);
    expectError(await call(t, 'GET', `/api/lists/${list.id}`, other.auth), 404);
    expectError(await call(t, 'POST', `/api/lists/00000000-0000-7000-8000-000000000000/sync`, owner.auth), 404);
    expect((await t.app.inject({ method: 'POST', url: `/api/lists/${list.id}/sync` })).statusCode).toBe(401);
    const plain = await createList(t, owner.auth);
    expectError(await call(t, 'POST', `/api/lists/${plain.id}/sync`, owner.auth), 409, 'not_codehost_list');
    await t.app.ctx.jobs.idle();
    expect(hitsFor(owner.token)).toHaveLength(before);
  });
});

describe('a provider that fails leaves the last good rows', () => {
  async function failing(failure: NonNullable<typeof api.failure>) {
    const me = await linkedUser({ repos: [repo('me', 'kept')] });
    const list = await createSourced(me, { provider: 'codehost', kind: 'repositories' });
    const before = await rows(me, list.id);
    const synced = (await getList(me, list.id)).lastSyncedAt;
    api.account(me.token, me.user.username, { repos: [repo('me', 'new')] });
    t.clock.advance(60_000);
    api.failure = failure;
    try {
      const res = await call(t, 'POST', `/api/lists/${list.id}/sync`, me.auth);
      expect(res.statusCode).toBe(202);
      await t.app.ctx.jobs.idle();
    } finally {
      api.failure = null;
    }
    expect(await rows(me, list.id)).toEqual(before);
    expect((await getList(me, list.id)).lastSyncedAt).toBe(synced);
    return { me, list };
  }

  it('a 500: rows and lastSyncedAt kept; the job is retried later and then takes the new rows', async () => {
    const { me, list } = await failing({ kind: 'error', status: 500 });
    const job = await t.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', 'codehost-list-sync').where('status', '=', 'queued').where('payload', 'like', `%${list.id}%`).executeTakeFirstOrThrow();
    expect(job.attempts).toBe(1);
    t.clock.advance(5 * 60_000);
    t.app.ctx.jobs.kick();
    await t.app.ctx.jobs.idle();
    expect((await rows(me, list.id)).rows.map((r) => r.data.name)).toEqual(['me/new']);
  });

  it('a 403 rate limit: rows kept, the retry waits for the reset the provider named', async () => {
    const { list } = await failing({ kind: 'rate_limit', resetEpochSeconds: Math.floor(t.clock.now().getTime() / 1000) + 60 + 1800 });
    const job = await t.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', 'codehost-list-sync').where('status', '=', 'queued').where('payload', 'like', `%${list.id}%`).executeTakeFirstOrThrow();
    // No sooner than the reset (the clock moved a minute before the sync).
    expect(Date.parse(job.run_at)).toBeGreaterThanOrEqual(t.clock.now().getTime() + 1800 * 1000 - 1000);
  });

  it('a provider too slow to answer (timeout): rows kept', async () => {
    await failing({ kind: 'slow', ms: 1500 });
  });

  it('a refused token: rows kept, the identity marked reauth_required (codehost tokens do not refresh)', async () => {
    const me = await linkedUser({ repos: [repo('me', 'tok')] });
    const list = await createSourced(me, { provider: 'codehost', kind: 'repositories' });
    const before = await rows(me, list.id);
    api.revoke(me.token);
    await syncNow(me, list.id);
    expect(await rows(me, list.id)).toEqual(before);
    const identity = await t.db.kysely.selectFrom('identities').select('status').where('id', '=', me.identityId).executeTakeFirstOrThrow();
    expect(identity.status).toBe('reauth_required');
    const listed = (await call(t, 'GET', '/api/user/identities', me.auth)).json();
    expect(JSON.stringify(listed)).not.toContain(me.token);
  });
});

describe('the identity a list syncs with', () => {
  it('unlinked: the sync fails and keeps the rows; linked again (another identity): the sync uses it', async () => {
    const me = await linkedUser({ repos: [repo('me', 'first')] });
    const list = await createSourced(me, { provider: 'codehost', kind: 'repositories' });
    const before = await rows(me, list.id);
    await t.db.kysely.deleteFrom('identities').where('id', '=', me.identityId).execute();
    api.account(me.token, me.user.username, { repos: [repo('me', 'second')] });
    const seen = api.hits.length;
    await syncNow(me, list.id);
    expect(api.hits.length).toBe(seen);
    expect(await rows(me, list.id)).toEqual(before);

    const token = `${me.token}-again`;
    api.account(token, me.user.username, { repos: [repo('me', 'third')] });
    await upsertIdentity(t.app.ctx, { userId: me.user.id, provider: 'codehost', providerUserId: `ch2-${me.user.id}`, handle: me.user.username, tokens: { accessToken: token, refreshToken: null, expiresAt: null, scopes: null } });
    await syncNow(me, list.id);
    expect((await rows(me, list.id)).rows.map((r) => r.data.name)).toEqual(['me/third']);
    // A new identity: the listing is asked for whole (no ETag of the old one's).
    expect(hitsFor(token)[0].headers['if-none-match']).toBeUndefined();
  });
});

describe('GET /api/cron/sync-codehost-lists', () => {
  it('needs the cron secret', async () => {
    for (const authorization of [undefined, 'Bearer wrong']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/cron/sync-codehost-lists', headers: authorization ? { authorization } : {} });
      expectError(res, 401);
    }
  });

  it('syncs every codehost-backed list: { lists, updated, failed }; the hourly task does the same', async () => {
    // Earlier tests' lists are synced too: count from a first run, then change one, break one.
    const changed = await linkedUser({ repos: [repo('me', 'c1')] });
    const changedList = await createSourced(changed, { provider: 'codehost', kind: 'repositories' });
    const broken = await linkedUser({ repos: [repo('me', 'b1')] });
    const brokenList = await createSourced(broken, { provider: 'codehost', kind: 'repositories' });
    t.clock.advance(3600_000);
    const first = await cron();
    expect(first.statusCode, first.body).toBe(200);
    const base = first.json();
    expect(Object.keys(base).sort()).toEqual(['failed', 'lists', 'updated']);
    expect(base.lists).toBeGreaterThanOrEqual(2);

    api.account(changed.token, changed.user.username, { repos: [repo('me', 'c1'), repo('me', 'c2')] });
    api.revoke(broken.token);
    const before = await rows(broken, brokenList.id);
    t.clock.advance(3600_000);
    const second = await cron();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ lists: base.lists, updated: 1, failed: base.failed + 1 });
    expect((await rows(changed, changedList.id, 'sort=name')).rows.map((r) => r.data.name)).toEqual(['me/c1', 'me/c2']);
    expect((await getList(changed, changedList.id)).lastSyncedAt).toBe(t.clock.now().toISOString());
    expect(await rows(broken, brokenList.id)).toEqual(before);

    // SCHEDULER=on: the periodic task (hourly) runs the same sync in-process.
    const task = t.app.ctx.runtime.periodic.tasks.find((x) => x.name === 'sync-codehost-lists');
    expect(task?.everyMs).toBe(3600_000);
    api.account(changed.token, changed.user.username, { repos: [repo('me', 'c3')] });
    t.clock.advance(3600_000);
    await t.app.ctx.runtime.periodic.runOnce();
    expect((await rows(changed, changedList.id)).rows.map((r) => r.data.name)).toEqual(['me/c3']);
  });
});

describe('syncs of one list on two instances of one database', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await secondInstance(t, { ownConnection: true });
  });
  afterAll(async () => other.close());

  const claim = async (id: string) => (await t.db.kysely.selectFrom('lists').select('sync_claimed_until').where('id', '=', id).executeTakeFirstOrThrow()).sync_claimed_until;

  it('run one at a time: of two at once, one syncs and the other finds the list claimed; the claim ends with the sync', async () => {
    const me = await linkedUser({ repos: [repo('me', 'x1')] });
    const list = await createSourced(me, { provider: 'codehost', kind: 'repositories' });
    api.account(me.token, me.user.username, { repos: [repo('me', 'x1'), repo('me', 'x2')] });
    const before = hitsFor(me.token).length;
    api.failure = { kind: 'slow', ms: 300 };
    let outcomes;
    try {
      outcomes = await Promise.all([syncCodehostList(t.app.ctx, list.id), syncCodehostList(other.ctx, list.id)]);
    } finally {
      api.failure = null;
    }
    expect(outcomes.map((o) => o.result).sort()).toEqual(['busy', 'updated']);
    // The code host was asked once.
    expect(hitsFor(me.token).length).toBe(before + 1);
    expect((await rows(me, list.id)).total).toBe(2);
    expect(await claim(list.id)).toBeNull();
    // Free again: the other instance syncs it next (a 304 now).
    expect(await syncCodehostList(other.ctx, list.id)).toEqual({ result: 'unchanged' });
  });

  it('a job that finds the list claimed tries again after a while, and syncs once the claim has ended; a claim past its time is taken over', async () => {
    const me = await linkedUser({ repos: [repo('me', 'y1')] });
    const list = await createSourced(me, { provider: 'codehost', kind: 'repositories' });
    api.account(me.token, me.user.username, { repos: [repo('me', 'y1'), repo('me', 'y2')] });
    // Another instance's sync under way (its claim in the database).
    const held = new Date(t.clock.now().getTime() + SYNC_CLAIM_MS).toISOString();
    await t.db.kysely.updateTable('lists').set({ sync_claimed_until: held }).where('id', '=', list.id).execute();
    const before = hitsFor(me.token).length;
    await syncNow(me, list.id);
    expect(hitsFor(me.token).length).toBe(before);
    const jobs = await t.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', 'codehost-list-sync').where('payload', 'like', `%${list.id}%`).where('status', '!=', 'done').execute();
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual([['queued', 1]]);
    expect(Date.parse(jobs[0].run_at)).toBeGreaterThanOrEqual(t.clock.now().getTime() + BUSY_RETRY_MS);
    expect((await rows(me, list.id)).total).toBe(1);
    // That sync ends (its claim released): the retry syncs.
    await t.db.kysely.updateTable('lists').set({ sync_claimed_until: null }).where('id', '=', list.id).execute();
    t.clock.advance(BUSY_RETRY_MS + 60_000);
    await runDueJobs(t.app.ctx);
    expect((await rows(me, list.id)).total).toBe(2);
    // A claim left by a process that died: taken over once it has run out.
    api.account(me.token, me.user.username, { repos: [repo('me', 'y3')] });
    await t.db.kysely.updateTable('lists').set({ sync_claimed_until: t.clock.now().toISOString() }).where('id', '=', list.id).execute();
    expect(await syncCodehostList(other.ctx, list.id)).toEqual({ result: 'updated' });
    expect(await claim(list.id)).toBeNull();
  });
});

describe('account deletion', () => {
  it('removes the user’s codehost-backed lists with their rows', async () => {
    const reg = await registerUser(t.app);
    await setUserFields(t.db, reg.user.id, { account_status: 'active' });
    const token = `codehost-token-del-${reg.user.id}`;
    api.account(token, reg.user.username, { repos: [repo('me', 'bye')] });
    await upsertIdentity(t.app.ctx, {
      userId: reg.user.id,
      provider: 'codehost',
      providerUserId: `ch-${reg.user.id}`,
      handle: reg.user.username,
      tokens: { accessToken: token, refreshToken: null, expiresAt: null, scopes: null },
    });
    const res = await call(t, 'POST', '/api/lists', { cookie: reg.cookie }, { source: { provider: 'codehost', kind: 'repositories' } });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.ctx.jobs.idle();
    const listId = res.json().data.id;
    expect(Number((await t.db.kysely.selectFrom('list_rows').select((eb) => eb.fn.countAll().as('n')).where('list_id', '=', listId).executeTakeFirstOrThrow()).n)).toBe(1);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie: reg.cookie }, payload: { password: reg.password } });
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.db.kysely.selectFrom('lists').select('id').where('id', '=', listId).executeTakeFirst()).toBeUndefined();
    expect(Number((await t.db.kysely.selectFrom('list_rows').select((eb) => eb.fn.countAll().as('n')).where('list_id', '=', listId).executeTakeFirstOrThrow()).n)).toBe(0);
    expect(await t.db.kysely.selectFrom('identities').select('id').where('user_id', '=', reg.user.id).executeTakeFirst()).toBeUndefined();
  });
});
