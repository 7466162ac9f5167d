import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { addRow, BOOKS_SCHEMA, call as listCall, cookieOf, createList } from '../lists/support.js';
import { multipart } from '../media/support.js';
import type { Member } from '../messages/helpers.js';
import {
  anonymous,
  authorizationMatrix,
  byBearer,
  byCookie,
  castOf,
  idsIn,
  PROBATION,
  RESTRICTED,
  SESSION_ONLY,
  UNAUTHENTICATED as ANON,
  asActiveSubscriber,
  type Call,
} from './matrix.js';

// Authorization of lists (issue 7): lists, rows, the row trash, saved views, schema edits, CSV
// import, list folders, the list exports and the public list endpoints, for anonymous callers,
// the owner (cookie and Bearer), another user, a probation account, a restricted account and an
// administrator. Every id must be the caller's (else 404, whatever the list's isPublic); the
// public endpoints show public lists only, to everyone, and a private one is 404, not 403.

const ROLES = ['anonymous', 'owner', 'bearer', 'other', 'probation', 'restricted', 'admin'] as const;
type Role = (typeof ROLES)[number];

interface Fixtures {
  owner: Member;
  other: Member;
  /** The owner's private list, with a row, a trashed row, a view, an import job; and a public list with a row. */
  list: string;
  row: string;
  view: string;
  job: string;
  publicList: string;
  folder: string;
  /** Each signed-in role's own list (the owner's is `list`), to name the owner's rows and views through. */
  mine: Record<Role, string>;
}

type C = Call<Fixtures, Role>;
type Fresh = Omit<C, 'fresh'>;

const isOwner = (role: Role) => role === 'owner' || role === 'bearer';
const SECRET_TITLE = 'Private reading list';
const SECRET_ROW = 'A book nobody else may see';

/** Only the owner, by either credential; everyone else as if the id did not exist. */
const ownerOnly = (ok: number, write = true) =>
  ({ anonymous: ANON, owner: ok, bearer: ok, other: 404, probation: 404, restricted: write ? RESTRICTED : 404, admin: 404 }) as const;
/** Open to every signed-in caller (their own data). */
const signedIn = (ok: number, write = true) =>
  ({ anonymous: ANON, owner: ok, bearer: ok, other: ok, probation: ok, restricted: write ? RESTRICTED : ok, admin: ok }) as const;
/** Public endpoints: the same answer for everyone, credentials or not. */
const everyone = (status: number) =>
  ({ anonymous: status, owner: status, bearer: status, other: status, probation: status, restricted: status, admin: status }) as const;

const owner = (c: Pick<C, 'f'>) => cookieOf(c.f.owner);

async function waitForImport(t: TestApp, who: Member, listId: string, jobId: string) {
  for (let i = 0; i < 400; i += 1) {
    const res = await listCall(t, 'GET', `/api/lists/${listId}/imports/${jobId}`, cookieOf(who));
    const { status } = res.json().job;
    if (status === 'done' || status === 'failed') return res.json().job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`import ${jobId} did not finish`);
}

async function csvImport(t: TestApp, who: Member, listId: string) {
  const body = multipart({ filename: 'rows.csv', contentType: 'text/csv', bytes: Buffer.from('title,pages\nImported,12\n') }, { dryRun: 'true' });
  const res = await t.app.inject({ method: 'POST', url: `/api/lists/${listId}/import`, headers: { ...body.headers, cookie: who.cookie }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().job.id as string;
}

authorizationMatrix<Fixtures, Role>({
  roles: ROLES,
  covers: (op) => op.tags.includes('lists') || op.path.startsWith('/api/exports/list'),
  auth: {
    'GET /api/exports/lists': 'Session',
    'GET /api/exports/list-data-rows': 'Session',
    'GET /api/users/{username}/lists': 'Public',
    'GET /api/users/{username}/lists/{id}': 'Public',
    'GET /api/users/{username}/lists/{id}/data': 'Public',
  },
  // The row tables themselves; the value indexes beside them are derived from list_rows.
  tables: ['lists', 'list_properties', 'list_rows', 'list_views', 'list_folders', 'list_imports', 'list_watchers'],
  async setup(t) {
    const cast = await castOf(t);
    const me = cookieOf(cast.owner);
    const folder = await listCall(t, 'POST', '/api/folders', me, { name: 'Reading' });
    expect(folder.statusCode, folder.body).toBe(201);
    const list = await createList(t, me, { title: SECRET_TITLE, schema: { ...BOOKS_SCHEMA, name: SECRET_TITLE }, folderId: folder.json().folder.id });
    const row = await addRow(t, me, list.id, { title: SECRET_ROW });
    const trashed = await addRow(t, me, list.id, { title: 'Trashed' });
    expect((await listCall(t, 'DELETE', `/api/lists/${list.id}/data/${trashed.id}`, me)).statusCode).toBe(200);
    const view = await listCall(t, 'POST', `/api/lists/${list.id}/views`, me, { name: 'Unread', sort: '-pages' });
    expect(view.statusCode, view.body).toBe(201);
    const job = await csvImport(t, cast.owner, list.id);
    await waitForImport(t, cast.owner, list.id, job);
    const publicList = await createList(t, me, { title: 'Shared books', isPublic: true });
    await addRow(t, me, publicList.id, { title: 'A shared book' });
    const own = async (who: Member) => (await asActiveSubscriber(t, who, () => createList(t, cookieOf(who)))).id;
    const mine = {
      anonymous: list.id,
      owner: list.id,
      bearer: list.id,
      other: await own(cast.other),
      probation: await own(cast.probation),
      restricted: await own(cast.restricted),
      admin: await own(cast.admin),
    };
    return {
      f: { owner: cast.owner, other: cast.other, list: list.id, row: row.id, view: view.json().view.id, job, publicList: publicList.id, folder: folder.json().folder.id, mine },
      actors: {
        anonymous,
        owner: byCookie(cast.owner),
        bearer: byBearer(cast.owner),
        other: byCookie(cast.other),
        probation: byCookie(cast.probation),
        restricted: byCookie(cast.restricted),
        admin: byCookie(cast.admin),
      },
    };
  },
  rows: [
    // ---- lists
    {
      op: 'GET /api/lists',
      expect: signedIn(200, false),
      ok: (res, c) => {
        const ids = idsIn(res, 'data');
        expect(ids.includes(c.f.list) || ids.includes(c.f.publicList), 'the owner’s lists listed').toBe(isOwner(c.role));
      },
    },
    {
      op: 'POST /api/lists',
      body: (c) => ({ title: `List of ${c.role}`, isPublic: false, schema: { name: `List of ${c.role}`, fields: [{ key: 'name', type: 'text', label: 'Name' }] } }),
      expect: { anonymous: ANON, owner: 201, bearer: 201, other: 201, probation: PROBATION, restricted: RESTRICTED, admin: 201 },
    },
    {
      op: 'GET /api/lists/{id}',
      label: 'private',
      params: (c) => ({ id: c.f.list }),
      expect: ownerOnly(200, false),
      ok: (res) => expect(res.json().data.title).toBe(SECRET_TITLE),
    },
    {
      op: 'GET /api/lists/{id}',
      label: 'public: still only the owner’s through the authenticated routes',
      params: (c) => ({ id: c.f.publicList }),
      expect: ownerOnly(200, false),
    },
    {
      op: 'PATCH /api/lists/{id}',
      params: (c) => ({ id: c.f.list }),
      body: (c) => ({ description: `edited by ${c.role}` }),
      expect: ownerOnly(200),
    },
    {
      op: 'PATCH /api/lists/{id}',
      label: 'public list',
      params: (c) => ({ id: c.f.publicList }),
      body: (c) => ({ description: `edited by ${c.role}` }),
      expect: ownerOnly(200),
    },
    {
      op: 'DELETE /api/lists/{id}',
      fresh: async (c: Fresh) => ({ id: (await createList(c.t, owner(c), { isPublic: true })).id }),
      params: (c) => ({ id: c.fresh.id }),
      expect: ownerOnly(200),
      ok: async (_res, c) => expect((await listCall(c.t, 'GET', `/api/lists/${c.fresh.id}`, owner(c))).statusCode).toBe(404),
    },
    {
      op: 'PUT /api/lists/{id}/schema',
      label: 'destructive rebuild',
      fresh: async (c: Fresh) => ({ id: (await createList(c.t, owner(c))).id }),
      params: (c) => ({ id: c.fresh.id }),
      body: () => ({ name: 'Rebuilt', fields: [{ key: 'name', type: 'text', label: 'Name' }] }),
      expect: ownerOnly(200),
    },
    {
      op: 'PUT /api/lists/{id}/schema',
      label: 'non-destructive properties edit',
      params: (c) => ({ id: c.f.list }),
      body: () => ({ properties: BOOKS_SCHEMA.fields }),
      expect: ownerOnly(200),
    },

    // ---- rows and the row trash
    {
      op: 'GET /api/lists/{id}/data',
      params: (c) => ({ id: c.f.list }),
      expect: ownerOnly(200, false),
      ok: (res, c) => expect(idsIn(res, 'data')).toContain(c.f.row),
    },
    {
      op: 'GET /api/lists/{id}/data',
      label: 'public list: the public endpoint is the way in for others',
      params: (c) => ({ id: c.f.publicList }),
      expect: ownerOnly(200, false),
    },
    {
      op: 'POST /api/lists/{id}/data',
      params: (c) => ({ id: c.f.list }),
      body: (c) => ({ data: { title: `added by ${c.role}` } }),
      expect: ownerOnly(201),
    },
    {
      op: 'PUT /api/lists/{id}/data',
      params: (c) => ({ id: c.f.list }),
      body: (c) => ({ rowId: c.f.row, data: { title: SECRET_ROW, pages: 100 + c.role.length } }),
      expect: ownerOnly(200),
    },
    {
      op: 'DELETE /api/lists/{id}/data/{rowId}',
      fresh: async (c: Fresh) => ({ rowId: (await addRow(c.t, owner(c), c.f.list, { title: 'to delete' })).id }),
      params: (c) => ({ id: c.f.list, rowId: c.fresh.rowId }),
      expect: ownerOnly(200),
    },
    {
      op: 'POST /api/lists/{id}/data/{rowId}/restore',
      fresh: async (c: Fresh) => {
        const row = await addRow(c.t, owner(c), c.f.list, { title: 'to restore' });
        expect((await listCall(c.t, 'DELETE', `/api/lists/${c.f.list}/data/${row.id}`, owner(c))).statusCode).toBe(200);
        return { rowId: row.id };
      },
      params: (c) => ({ id: c.f.list, rowId: c.fresh.rowId }),
      expect: ownerOnly(200),
    },
    {
      op: 'GET /api/lists/{id}/trash',
      params: (c) => ({ id: c.f.list }),
      expect: ownerOnly(200, false),
    },

    // ---- watching: the list's readers (its owner, until there are collaborators)
    {
      op: 'POST /api/lists/{id}/watch',
      params: (c) => ({ id: c.f.list }),
      expect: ownerOnly(200),
      ok: (res) => expect(res.json()).toEqual({ watching: true }),
    },
    {
      op: 'POST /api/lists/{id}/watch',
      label: 'public list: still only its readers through the authenticated routes',
      params: (c) => ({ id: c.f.publicList }),
      expect: ownerOnly(200),
    },
    {
      op: 'DELETE /api/lists/{id}/watch',
      params: (c) => ({ id: c.f.list }),
      expect: ownerOnly(200),
      ok: (res) => expect(res.json()).toEqual({ watching: false }),
    },

    // ---- saved views
    {
      op: 'GET /api/lists/{id}/views',
      params: (c) => ({ id: c.f.list }),
      expect: ownerOnly(200, false),
      ok: (res, c) => expect(idsIn(res, 'views')).toContain(c.f.view),
    },
    {
      op: 'POST /api/lists/{id}/views',
      params: (c) => ({ id: c.f.list }),
      body: (c) => ({ name: `view of ${c.role}` }),
      expect: ownerOnly(201),
    },
    {
      op: 'PUT /api/lists/{id}/views/{viewId}',
      params: (c) => ({ id: c.f.list, viewId: c.f.view }),
      body: (c) => ({ name: `Unread (${c.role})` }),
      expect: ownerOnly(200),
    },
    {
      op: 'DELETE /api/lists/{id}/views/{viewId}',
      fresh: async (c: Fresh) => {
        const res = await listCall(c.t, 'POST', `/api/lists/${c.f.list}/views`, owner(c), { name: 'to delete' });
        expect(res.statusCode, res.body).toBe(201);
        return { viewId: res.json().view.id };
      },
      params: (c) => ({ id: c.f.list, viewId: c.fresh.viewId }),
      expect: ownerOnly(200),
    },

    // ---- the caller's own list: rows are open to probation accounts, closed to restricted ones
    {
      op: 'POST /api/lists/{id}/data',
      label: 'the caller’s own list',
      params: (c) => ({ id: c.f.mine[c.role] }),
      body: (c) => ({ data: { title: `own row of ${c.role}` } }),
      expect: signedIn(201),
    },

    // ---- the owner's rows, views, folders and jobs named through the caller's own list: 404
    {
      op: 'PUT /api/lists/{id}/data',
      label: 'the caller’s list, the owner’s row',
      params: (c) => ({ id: c.f.mine[c.role] }),
      body: (c) => ({ rowId: c.f.row, data: { title: SECRET_ROW, pages: 7 } }),
      expect: ownerOnly(200),
    },
    {
      op: 'DELETE /api/lists/{id}/data/{rowId}',
      label: 'the caller’s list, the owner’s row',
      fresh: async (c: Fresh) => ({ rowId: (await addRow(c.t, owner(c), c.f.list, { title: 'to delete' })).id }),
      params: (c) => ({ id: c.f.mine[c.role], rowId: c.fresh.rowId }),
      expect: ownerOnly(200),
    },
    {
      op: 'POST /api/lists/{id}/data/{rowId}/restore',
      label: 'the caller’s list, the owner’s row',
      fresh: async (c: Fresh) => {
        const row = await addRow(c.t, owner(c), c.f.list, { title: 'to restore' });
        expect((await listCall(c.t, 'DELETE', `/api/lists/${c.f.list}/data/${row.id}`, owner(c))).statusCode).toBe(200);
        return { rowId: row.id };
      },
      params: (c) => ({ id: c.f.mine[c.role], rowId: c.fresh.rowId }),
      expect: ownerOnly(200),
    },
    {
      op: 'GET /api/lists/{id}/data',
      label: 'the caller’s list, the owner’s saved view',
      params: (c) => ({ id: c.f.mine[c.role] }),
      query: (c) => `view=${c.f.view}`,
      expect: ownerOnly(200, false),
    },
    {
      op: 'PUT /api/lists/{id}/views/{viewId}',
      label: 'the caller’s list, the owner’s view',
      params: (c) => ({ id: c.f.mine[c.role], viewId: c.f.view }),
      body: () => ({ name: 'Unread' }),
      expect: ownerOnly(200),
    },
    {
      op: 'DELETE /api/lists/{id}/views/{viewId}',
      label: 'the caller’s list, the owner’s view',
      fresh: async (c: Fresh) => {
        const res = await listCall(c.t, 'POST', `/api/lists/${c.f.list}/views`, owner(c), { name: 'to delete' });
        expect(res.statusCode, res.body).toBe(201);
        return { viewId: res.json().view.id };
      },
      params: (c) => ({ id: c.f.mine[c.role], viewId: c.fresh.viewId }),
      expect: ownerOnly(200),
    },
    {
      op: 'PATCH /api/lists/{id}',
      label: 'the caller’s list into the owner’s folder',
      params: (c) => ({ id: c.f.mine[c.role] }),
      body: (c) => ({ folderId: c.f.folder }),
      expect: ownerOnly(200),
    },
    {
      op: 'POST /api/lists',
      label: 'into the owner’s folder',
      body: (c) => ({ title: 'Filed', isPublic: false, schema: { name: 'Filed', fields: [{ key: 'name', type: 'text', label: 'Name' }] }, folderId: c.f.folder }),
      expect: { ...ownerOnly(201), probation: PROBATION },
    },
    {
      op: 'GET /api/lists/{id}/imports/{jobId}',
      label: 'the caller’s list, the owner’s job',
      params: (c) => ({ id: c.f.mine[c.role], jobId: c.f.job }),
      expect: ownerOnly(200, false),
    },

    // ---- list folders
    {
      op: 'GET /api/folders',
      expect: signedIn(200, false),
      ok: (res, c) => expect(idsIn(res, 'folders').includes(c.f.folder), 'the owner’s folder listed').toBe(isOwner(c.role)),
    },
    {
      op: 'POST /api/folders',
      body: (c) => ({ name: `Folder of ${c.role}` }),
      expect: signedIn(201),
    },
    {
      op: 'POST /api/folders',
      label: 'inside the owner’s folder',
      body: (c) => ({ name: `Sub of ${c.role}`, parentId: c.f.folder }),
      expect: ownerOnly(201),
    },
    {
      op: 'PUT /api/folders/{id}',
      params: (c) => ({ id: c.f.folder }),
      body: (c) => ({ name: `Reading (${c.role})` }),
      expect: ownerOnly(200),
    },
    {
      op: 'DELETE /api/folders/{id}',
      fresh: async (c: Fresh) => {
        const res = await listCall(c.t, 'POST', '/api/folders', owner(c), { name: `to delete ${Math.random()}` });
        expect(res.statusCode, res.body).toBe(201);
        return { id: res.json().folder.id };
      },
      params: (c) => ({ id: c.fresh.id }),
      expect: ownerOnly(200),
    },

    // ---- CSV import
    {
      op: 'POST /api/lists/{id}/import',
      params: (c) => ({ id: c.f.list }),
      multipart: async () => multipart({ filename: 'rows.csv', contentType: 'text/csv', bytes: Buffer.from('title,pages\nImported,12\n') }, { dryRun: 'true' }),
      expect: ownerOnly(202),
      // Let the job finish, so that it changes nothing while later rows look.
      ok: async (res, c) => void (await waitForImport(c.t, c.f.owner, c.f.list, res.json().job.id)),
    },
    {
      op: 'GET /api/lists/{id}/imports/{jobId}',
      params: (c) => ({ id: c.f.list, jobId: c.f.job }),
      expect: ownerOnly(200, false),
    },

    // ---- the CSV of one list (the owner's, Session or Bearer)
    {
      op: 'GET /api/lists/{id}/export',
      params: (c) => ({ id: c.f.list }),
      expect: ownerOnly(200, false),
      ok: (res, c) => expect(res.body.includes(SECRET_ROW), 'the owner’s row exported').toBe(isOwner(c.role)),
    },

    // ---- a codehost-backed list's sync on demand (the owner's; the fixture list holds its own rows)
    {
      op: 'POST /api/lists/{id}/sync',
      params: (c) => ({ id: c.f.list }),
      expect: { ...ownerOnly(409), owner: [409, 'not_codehost_list'], bearer: [409, 'not_codehost_list'] },
    },

    // ---- exports (Session only)
    {
      op: 'GET /api/exports/lists',
      expect: { ...signedIn(200, false), bearer: SESSION_ONLY },
      ok: (res, c) => expect(res.body.includes(SECRET_TITLE), 'the owner’s list exported').toBe(isOwner(c.role)),
    },
    {
      op: 'GET /api/exports/list-data-rows',
      expect: { ...signedIn(200, false), bearer: SESSION_ONLY },
      ok: (res, c) => expect(res.body.includes(SECRET_ROW), 'the owner’s row exported').toBe(isOwner(c.role)),
    },

    // ---- public endpoints: public lists only, the same for everyone
    {
      op: 'GET /api/users/{username}/lists',
      params: (c) => ({ username: c.f.owner.user.username }),
      expect: everyone(200),
      ok: (res, c) => {
        const ids = idsIn(res, 'data');
        expect(ids, 'the public list').toContain(c.f.publicList);
        expect(ids, 'the private list').not.toContain(c.f.list);
      },
    },
    {
      op: 'GET /api/users/{username}/lists/{id}',
      label: 'public',
      params: (c) => ({ username: c.f.owner.user.username, id: c.f.publicList }),
      expect: everyone(200),
      ok: (res) => expect(typeof res.json().data.schema).toBe('string'),
    },
    {
      op: 'GET /api/users/{username}/lists/{id}',
      label: 'private: 404, not 403, the owner included',
      params: (c) => ({ username: c.f.owner.user.username, id: c.f.list }),
      expect: everyone(404),
    },
    {
      op: 'GET /api/users/{username}/lists/{id}',
      label: 'public, under another user’s name',
      params: (c) => ({ username: c.f.other.user.username, id: c.f.publicList }),
      expect: everyone(404),
    },
    {
      op: 'GET /api/users/{username}/lists/{id}/data',
      label: 'public',
      params: (c) => ({ username: c.f.owner.user.username, id: c.f.publicList }),
      expect: everyone(200),
      ok: (res) => expect(res.json().data).toHaveLength(1),
    },
    {
      op: 'GET /api/users/{username}/lists/{id}/data',
      label: 'private',
      params: (c) => ({ username: c.f.owner.user.username, id: c.f.list }),
      expect: everyone(404),
    },
  ],
});
