import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { smallPng } from '../media/images.js';
import { multipart } from '../media/support.js';
import { call, member, type Member } from '../messages/helpers.js';
import { join, newOrg } from '../orgs/helpers.js';
import { ownersDocument, ownersList, share } from '../sharing/helpers.js';
import { anonymous, authorizationMatrix, byBearer, byCookie, UNAUTHENTICATED as ANON, type Call } from './matrix.js';

// The role matrix of sharing (CONTRACT, Sharing and collaboration): the owner (cookie and
// Bearer), a collaborator `viewer`, a collaborator `editor`, an organization's member and admin
// through the organization's `viewer` grant, a stranger and anonymous callers, against every
// sharing operation and every operation on a shared list, its rows and a shared document. A
// viewer reads; an editor also writes rows and a document's title and content; only the owner
// does the rest (403 `forbidden` for a collaborator); no access at all is 404.

const ROLES = ['anonymous', 'owner', 'bearer', 'viewer', 'editor', 'orgMember', 'orgAdmin', 'stranger'] as const;
type Role = (typeof ROLES)[number];

interface Fixtures {
  owner: Member;
  viewer: Member;
  editor: Member;
  orgSlug: string;
  list: string;
  row: string;
  view: string;
  job: string;
  document: string;
}

type C = Call<Fixtures, Role>;
type Fresh = Omit<C, 'fresh'>;

const FORBIDDEN = [403, 'forbidden'] as const;
/** Everyone with any access; strangers as if the item did not exist. */
const readers = (ok: number) => ({ anonymous: ANON, owner: ok, bearer: ok, viewer: ok, editor: ok, orgMember: ok, orgAdmin: ok, stranger: 404 }) as const;
/** The owner and editors; viewers (the organization's grant is `viewer`) 403. */
const editors = (ok: number) => ({ ...readers(ok), viewer: FORBIDDEN, orgMember: FORBIDDEN, orgAdmin: FORBIDDEN }) as const;
/** Only the owner; every collaborator 403. */
const ownerOnly = (ok: number) => ({ ...editors(ok), editor: FORBIDDEN }) as const;

/** Grants the fixture roles their access to an item: the viewer, the editor and the organization (viewer). */
async function grantAll(t: TestApp, f: Pick<Fixtures, 'owner' | 'viewer' | 'editor' | 'orgSlug'>, kind: 'lists' | 'documents', id: string) {
  await share(t, f.owner, kind, id, { username: f.viewer.user.username, role: 'viewer' });
  await share(t, f.owner, kind, id, { username: f.editor.user.username, role: 'editor' });
  await share(t, f.owner, kind, id, { orgSlug: f.orgSlug, role: 'viewer' });
}

async function newRow(c: Fresh, title: string) {
  const res = await call(c.t, c.f.owner, 'POST', `/api/lists/${c.f.list}/data`, { data: { title } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

/** A fresh e-mail grant on the item (for the rows that change or remove one). */
const freshGrant = (kind: 'lists' | 'documents') => async (c: Fresh) => {
  const id = kind === 'lists' ? c.f.list : c.f.document;
  return { grant: (await share(c.t, c.f.owner, kind, id, { email: `grant-${c.role}-${Math.random().toString(36).slice(2)}@example.com`, role: 'viewer' })).id };
};

/** The document's newest revision in its history (edits by one editor collapse into one entry). */
async function newestRevision(c: Fresh) {
  const res = await call(c.t, c.f.owner, 'GET', `/api/documents/${c.f.document}/revisions`);
  return { n: String(res.json().revisions[0].revision) };
}

async function waitForImport(t: TestApp, who: Member, listId: string, jobId: string) {
  for (let i = 0; i < 400; i += 1) {
    const { status } = (await call(t, who, 'GET', `/api/lists/${listId}/imports/${jobId}`)).json().job;
    if (status === 'done' || status === 'failed') return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`import ${jobId} did not finish`);
}

const csv = () => multipart({ filename: 'rows.csv', contentType: 'text/csv', bytes: Buffer.from('title,pages\nImported,12\n') }, { dryRun: 'true' });

authorizationMatrix<Fixtures, Role>({
  roles: ROLES,
  covers: (op) => op.tags.includes('sharing'),
  tables: ['lists', 'list_properties', 'list_rows', 'list_views', 'list_imports', 'documents', 'document_revisions', 'collaborators'],
  async setup(t) {
    const verified = { email_verified: true, customer_status: 'subscriber' };
    const [owner, viewer, editor, orgMember, orgAdmin, orgOwner, stranger] = await Promise.all(Array.from({ length: 7 }, () => member(t, verified)));
    const org = await newOrg(t, orgOwner);
    await join(t, org, orgMember, 'member');
    await join(t, org, orgAdmin, 'admin');
    const list = await ownersList(t, owner);
    const document = await ownersDocument(t, owner);
    const f0 = { owner, viewer, editor, orgSlug: org.slug };
    await grantAll(t, f0, 'lists', list.id);
    await grantAll(t, f0, 'documents', document.id);
    const view = await call(t, owner, 'POST', `/api/lists/${list.id}/views`, { name: 'Long first', sort: '-pages' });
    expect(view.statusCode, view.body).toBe(201);
    const upload = csv();
    const job = await t.app.inject({ method: 'POST', url: `/api/lists/${list.id}/import`, headers: { ...upload.headers, cookie: owner.cookie }, payload: upload.payload });
    expect(job.statusCode, job.body).toBe(202);
    await waitForImport(t, owner, list.id, job.json().job.id);
    return {
      f: { ...f0, list: list.id, row: list.rowId, view: view.json().view.id, job: job.json().job.id, document: document.id },
      actors: {
        anonymous,
        owner: byCookie(owner),
        bearer: byBearer(owner),
        viewer: byCookie(viewer),
        editor: byBearer(editor),
        orgMember: byCookie(orgMember),
        orgAdmin: byCookie(orgAdmin),
        stranger: byCookie(stranger),
      },
    };
  },
  rows: [
    // ---- the list
    { op: 'GET /api/lists/{id}', params: (c) => ({ id: c.f.list }), expect: readers(200) },
    { op: 'PATCH /api/lists/{id}', params: (c) => ({ id: c.f.list }), body: (c) => ({ description: `by ${c.role}` }), expect: ownerOnly(200) },
    {
      op: 'DELETE /api/lists/{id}',
      fresh: async (c: Fresh) => {
        const list = await ownersList(c.t, c.f.owner);
        await grantAll(c.t, c.f, 'lists', list.id);
        return { id: list.id };
      },
      params: (c) => ({ id: c.fresh.id }),
      expect: ownerOnly(200),
      ok: async (_res, c) => {
        const left = await c.t.db.kysely.selectFrom('collaborators').select('id').where('list_id', '=', c.fresh.id).execute();
        expect(left, 'the grants go with the list').toEqual([]);
      },
    },
    {
      op: 'PUT /api/lists/{id}/schema',
      fresh: async (c: Fresh) => {
        const list = await ownersList(c.t, c.f.owner);
        await grantAll(c.t, c.f, 'lists', list.id);
        return { id: list.id };
      },
      params: (c) => ({ id: c.fresh.id }),
      body: () => ({ properties: [{ key: 'title', type: 'text', label: 'Title', required: true }, { key: 'pages', type: 'number', label: 'Pages' }, { key: 'isbn', type: 'text', label: 'ISBN', unique: true }] }),
      expect: ownerOnly(200),
    },
    { op: 'GET /api/lists/{id}/export', params: (c) => ({ id: c.f.list }), expect: readers(200) },

    // ---- rows
    { op: 'GET /api/lists/{id}/data', params: (c) => ({ id: c.f.list }), expect: readers(200), ok: (res, c) => expect(res.json().data.map((r: { id: string }) => r.id)).toContain(c.f.row) },
    { op: 'POST /api/lists/{id}/data', params: (c) => ({ id: c.f.list }), body: (c) => ({ data: { title: `added by ${c.role}` } }), expect: editors(201) },
    { op: 'PUT /api/lists/{id}/data', params: (c) => ({ id: c.f.list }), body: (c) => ({ rowId: c.f.row, data: { pages: 10 + c.role.length } }), expect: editors(200) },
    {
      op: 'DELETE /api/lists/{id}/data/{rowId}',
      fresh: async (c: Fresh) => ({ rowId: await newRow(c, 'to delete') }),
      params: (c) => ({ id: c.f.list, rowId: c.fresh.rowId }),
      expect: editors(200),
    },
    {
      op: 'POST /api/lists/{id}/data/{rowId}/restore',
      fresh: async (c: Fresh) => {
        const rowId = await newRow(c, 'to restore');
        expect((await call(c.t, c.f.owner, 'DELETE', `/api/lists/${c.f.list}/data/${rowId}`)).statusCode).toBe(200);
        return { rowId };
      },
      params: (c) => ({ id: c.f.list, rowId: c.fresh.rowId }),
      expect: editors(200),
    },
    { op: 'GET /api/lists/{id}/trash', params: (c) => ({ id: c.f.list }), expect: editors(200) },

    // ---- views and imports
    { op: 'GET /api/lists/{id}/views', params: (c) => ({ id: c.f.list }), expect: readers(200) },
    { op: 'POST /api/lists/{id}/views', params: (c) => ({ id: c.f.list }), body: (c) => ({ name: `view of ${c.role}` }), expect: editors(201) },
    { op: 'PUT /api/lists/{id}/views/{viewId}', params: (c) => ({ id: c.f.list, viewId: c.f.view }), body: (c) => ({ name: `Long (${c.role})` }), expect: editors(200) },
    {
      op: 'DELETE /api/lists/{id}/views/{viewId}',
      fresh: async (c: Fresh) => {
        const res = await call(c.t, c.f.owner, 'POST', `/api/lists/${c.f.list}/views`, { name: 'to delete' });
        return { viewId: res.json().view.id };
      },
      params: (c) => ({ id: c.f.list, viewId: c.fresh.viewId }),
      expect: editors(200),
    },
    {
      op: 'POST /api/lists/{id}/import',
      params: (c) => ({ id: c.f.list }),
      multipart: async () => csv(),
      expect: editors(202),
      ok: async (res, c) => void (await waitForImport(c.t, c.f.owner, c.f.list, res.json().job.id)),
    },
    { op: 'GET /api/lists/{id}/imports/{jobId}', params: (c) => ({ id: c.f.list, jobId: c.f.job }), expect: editors(200) },

    // ---- the document
    { op: 'GET /api/documents/{id}', params: (c) => ({ id: c.f.document }), expect: readers(200) },
    { op: 'PUT /api/documents/{id}', params: (c) => ({ id: c.f.document }), body: (c) => ({ content: `# by ${c.role}\n` }), expect: editors(200) },
    { op: 'PATCH /api/documents/{id}', label: 'title and content', params: (c) => ({ id: c.f.document }), body: (c) => ({ title: `Plans (${c.role})` }), expect: editors(200) },
    { op: 'PATCH /api/documents/{id}', label: 'visibility: the owner’s', params: (c) => ({ id: c.f.document }), body: () => ({ isPublic: false }), expect: ownerOnly(200) },
    {
      op: 'DELETE /api/documents/{id}',
      fresh: async (c: Fresh) => {
        const doc = await ownersDocument(c.t, c.f.owner, `Doomed ${c.role}`);
        await grantAll(c.t, c.f, 'documents', doc.id);
        return { id: doc.id };
      },
      params: (c) => ({ id: c.fresh.id }),
      expect: ownerOnly(200),
    },
    { op: 'GET /api/documents/{id}/revisions', params: (c) => ({ id: c.f.document }), expect: readers(200) },
    { op: 'GET /api/documents/{id}/revisions/{n}', fresh: newestRevision, params: (c) => ({ id: c.f.document, n: c.fresh.n }), expect: readers(200) },
    { op: 'POST /api/documents/{id}/revisions/{n}/restore', fresh: newestRevision, params: (c) => ({ id: c.f.document, n: c.fresh.n }), expect: editors(200) },
    {
      op: 'POST /api/documents/{id}/images/upload',
      params: (c) => ({ id: c.f.document }),
      multipart: async () => multipart({ filename: 'a.png', contentType: 'image/png', bytes: await smallPng() }),
      expect: editors(200),
    },

    // ---- collaborators (every sharing operation)
    ...(['lists', 'documents'] as const).flatMap((kind) => {
      const item = (c: C) => (kind === 'lists' ? c.f.list : c.f.document);
      return [
        {
          op: `POST /api/${kind}/{id}/collaborators`,
          params: (c: C) => ({ id: item(c) }),
          body: (c: C) => ({ email: `new-${kind}-${c.role}@example.com`, role: 'viewer' }),
          expect: ownerOnly(201),
        },
        {
          op: `GET /api/${kind}/{id}/collaborators`,
          params: (c: C) => ({ id: item(c) }),
          expect: readers(200),
          ok: (res: { json(): any }) => expect(res.json().collaborators.length).toBeGreaterThanOrEqual(3),
        },
        {
          op: `PATCH /api/${kind}/{id}/collaborators/{collaboratorId}`,
          fresh: freshGrant(kind),
          params: (c: C) => ({ id: item(c), collaboratorId: c.fresh.grant }),
          body: () => ({ role: 'editor' }),
          expect: ownerOnly(200),
        },
        {
          op: `DELETE /api/${kind}/{id}/collaborators/{collaboratorId}`,
          fresh: freshGrant(kind),
          params: (c: C) => ({ id: item(c), collaboratorId: c.fresh.grant }),
          expect: ownerOnly(200),
        },
      ];
    }),
    {
      op: 'POST /api/shares/invites/accept',
      body: () => ({ token: 'a'.repeat(64) }),
      expect: { anonymous: ANON, owner: [400, 'invalid_token'], bearer: [400, 'invalid_token'], viewer: [400, 'invalid_token'], editor: [400, 'invalid_token'], orgMember: [400, 'invalid_token'], orgAdmin: [400, 'invalid_token'], stranger: [400, 'invalid_token'] },
    },
    {
      op: 'GET /api/shared-with-me',
      expect: { anonymous: ANON, owner: 200, bearer: 200, viewer: 200, editor: 200, orgMember: 200, orgAdmin: 200, stranger: 200 },
      ok: (res, c) => {
        const { lists, documents } = res.json();
        const outsider = c.role === 'owner' || c.role === 'bearer' || c.role === 'stranger';
        expect(lists.map((l: { id: string }) => l.id).includes(c.f.list)).toBe(!outsider);
        expect(documents.map((d: { id: string }) => d.id).includes(c.f.document)).toBe(!outsider);
        if (outsider) expect([...lists, ...documents]).toEqual([]);
        const role = c.role === 'editor' ? 'editor' : 'viewer';
        for (const item of [...lists, ...documents]) expect(item.role).toBe(role);
      },
    },
  ],
});
