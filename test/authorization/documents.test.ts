import { expect } from 'vitest';
import { call, createDoc, createFolder, expectStatus } from '../documents/helpers.js';
import { smallPng } from '../media/images.js';
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
  SUBSCRIPTION,
  UNAUTHENTICATED as ANON,
  asActiveSubscriber,
  type Call,
} from './matrix.js';

// Authorization of documents (issue 8): documents, folders, sync, history, trash, templates,
// images and the public documents, for anonymous callers, the owner (cookie and Bearer), another
// user, a probation account, a free account, a restricted account and an administrator. Creating
// documents is for subscribers outside probation; reads need the owner or a public document
// (anything else 404); writes need the owner, whatever the document's isPublic.

const ROLES = ['anonymous', 'owner', 'bearer', 'other', 'probation', 'free', 'restricted', 'admin'] as const;
type Role = (typeof ROLES)[number];

interface Fixtures {
  owner: Member;
  other: Member;
  /** The owner's private document (two revisions), a public one, a folder with a document, and a template. */
  doc: string;
  publicDoc: string;
  folder: string;
  folderDoc: string;
  template: string;
  /** A public document the owner deleted. */
  trashedPublic: string;
  /** Each signed-in role's own document, folder and template (the owner's: a second set). */
  mine: Record<Role, { doc: string; folder: string; template: string }>;
}

type C = Call<Fixtures, Role>;
type Fresh = Omit<C, 'fresh'>;

const isOwner = (role: Role) => role === 'owner' || role === 'bearer';
const SECRET = 'secretplan';

const ownerOnly = (ok: number, write = true) =>
  ({ anonymous: ANON, owner: ok, bearer: ok, other: 404, probation: 404, free: 404, restricted: write ? RESTRICTED : 404, admin: 404 }) as const;
const signedIn = (ok: number, write = true) =>
  ({ anonymous: ANON, owner: ok, bearer: ok, other: ok, probation: ok, free: ok, restricted: write ? RESTRICTED : ok, admin: ok }) as const;
/** Creating documents: subscribers outside probation. */
const creators = (ok: number) =>
  ({ anonymous: ANON, owner: ok, bearer: ok, other: ok, probation: PROBATION, free: SUBSCRIPTION, restricted: RESTRICTED, admin: ok }) as const;

/**
 * A sync batch naming another user's document by id: the batch's 400 naming the operation, exactly
 * as for an id that does not exist (the spec's sync answers a failing operation with 400).
 */
const UNKNOWN_TARGET = [400, 'unknown_target'] as const;
const notMine = { other: UNKNOWN_TARGET, probation: UNKNOWN_TARGET, free: UNKNOWN_TARGET, admin: UNKNOWN_TARGET } as const;

const unique = (c: C, what: string) => `${what}-${c.role}-${Math.random().toString(16).slice(2, 8)}`;

authorizationMatrix<Fixtures, Role>({
  roles: ROLES,
  covers: (op) => op.tags.includes('documents'),
  auth: { 'GET /api/users/{username}/documents': 'Public' },
  tables: ['documents', 'document_folders', 'document_revisions', 'document_sync_state', 'uploads', 'document_presence'],
  async setup(t) {
    const cast = await castOf(t);
    const { owner } = cast;
    const doc = await createDoc(t, owner, { title: 'Plan', content: `the ${SECRET} draft`, relativePath: 'plan.md', isPublic: false });
    // A later edit, out of the 10-minute window that folds edits together: a second revision.
    t.clock.advance(11 * 60_000);
    expectStatus(await call(t, owner, 'PUT', `/api/documents/${doc.id}`, { content: `the ${SECRET} final` }), 200);
    const publicDoc = await createDoc(t, owner, { title: 'Open letter', content: 'for everyone', relativePath: 'letter.md', isPublic: true });
    const trashedPublic = await createDoc(t, owner, { title: 'Withdrawn', content: 'no longer', relativePath: 'withdrawn.md', isPublic: true });
    expectStatus(await call(t, owner, 'DELETE', `/api/documents/${trashedPublic.id}`), 200);
    const folder = await createFolder(t, owner, 'Work');
    const folderDoc = expectStatus(await call(t, owner, 'POST', `/api/documents/folders/${folder.id}/documents`, { title: 'Notes', content: 'work notes' }), 201).document;
    const templates = expectStatus(await call(t, owner, 'POST', '/api/documents/templates/seed-defaults'), 201).documents;
    expect(templates.length).toBeGreaterThan(0);
    const own = (who: Member) =>
      asActiveSubscriber(t, who, async () => ({
        doc: (await createDoc(t, who, { title: 'Mine', relativePath: `mine-${who.user.id}.md` })).id,
        folder: (await createFolder(t, who, `Mine ${who.user.id}`)).id,
        template: expectStatus(await call(t, who, 'POST', '/api/documents/templates/seed-defaults'), 201).documents[0].id,
      }));
    const ownerSet = await own(owner);
    const mine = {
      anonymous: ownerSet,
      owner: ownerSet,
      bearer: ownerSet,
      other: await own(cast.other),
      probation: await own(cast.probation),
      free: await own(cast.free),
      restricted: await own(cast.restricted),
      admin: await own(cast.admin),
    };
    return {
      f: { owner, other: cast.other, doc: doc.id, publicDoc: publicDoc.id, folder: folder.id, folderDoc: folderDoc.id, template: templates[0].id, trashedPublic: trashedPublic.id, mine },
      actors: {
        anonymous,
        owner: byCookie(owner),
        bearer: byBearer(owner),
        other: byCookie(cast.other),
        probation: byCookie(cast.probation),
        free: byCookie(cast.free),
        restricted: byCookie(cast.restricted),
        admin: byCookie(cast.admin),
      },
    };
  },
  rows: [
    // ---- listing, search, sync
    {
      op: 'GET /api/documents',
      expect: signedIn(200, false),
      ok: (res, c) => expect(idsIn(res, 'documents').includes(c.f.doc), 'the owner’s document listed').toBe(isOwner(c.role)),
    },
    {
      op: 'POST /api/documents',
      body: (c) => ({ title: `Doc of ${c.role}`, content: 'x', relativePath: `${unique(c, 'doc')}.md`, isPublic: false }),
      expect: creators(201),
    },
    {
      op: 'GET /api/documents/search',
      query: () => `q=${SECRET}`,
      expect: signedIn(200, false),
      ok: (res, c) => expect(idsIn(res, 'documents').includes(c.f.doc), 'the owner’s document found').toBe(isOwner(c.role)),
    },
    {
      op: 'GET /api/documents/sync',
      expect: signedIn(200, false),
      ok: (res, c) => expect(idsIn(res, 'documents').includes(c.f.doc), 'the owner’s document pulled').toBe(isOwner(c.role)),
    },
    {
      op: 'POST /api/documents/sync',
      label: 'creating a document',
      body: (c) => ({ operations: [{ op: 'create', type: 'document', path: `${unique(c, 'synced')}.md`, data: { title: 'Synced', content: 'x' } }] }),
      expect: creators(200),
    },
    {
      op: 'POST /api/documents/sync',
      label: 'updating the owner’s document by id',
      body: (c) => ({ operations: [{ op: 'update', type: 'document', path: 'plan.md', data: { id: c.f.doc, content: `the ${SECRET} final` } }] }),
      expect: { ...ownerOnly(200), ...notMine },
    },
    {
      op: 'POST /api/documents/sync',
      label: 'deleting the owner’s document by id',
      fresh: async (c: Fresh) => ({ id: (await createDoc(c.t, c.f.owner, { title: 'Sync delete', relativePath: `${Math.random()}.md` })).id }),
      body: (c) => ({ operations: [{ op: 'delete', type: 'document', path: 'whatever.md', data: { id: c.fresh.id } }] }),
      expect: { ...ownerOnly(200), ...notMine },
    },
    {
      op: 'POST /api/documents/sync',
      label: 'an id that does not exist: the same answer as another user’s',
      body: () => ({ operations: [{ op: 'update', type: 'document', path: 'plan.md', data: { id: '01a20000-0000-7000-8000-000000000000', content: 'x' } }] }),
      expect: { ...signedIn(400), restricted: RESTRICTED, ...notMine, owner: UNKNOWN_TARGET, bearer: UNKNOWN_TARGET },
    },

    // ---- templates
    {
      op: 'GET /api/documents/templates',
      expect: signedIn(200, false),
      ok: (res, c) => expect(idsIn(res, 'documents').includes(c.f.template), 'the owner’s template listed').toBe(isOwner(c.role)),
    },
    {
      op: 'POST /api/documents/templates/seed-defaults',
      expect: creators(201),
    },
    {
      op: 'POST /api/documents/from-template',
      label: 'the owner’s template',
      body: (c) => ({ templateDocumentId: c.f.template, targetFolderId: null }),
      expect: { ...ownerOnly(201), probation: PROBATION, free: SUBSCRIPTION },
    },

    // ---- trash
    {
      op: 'GET /api/documents/trash',
      fresh: async (c: Fresh) => {
        const d = await createDoc(c.t, c.f.owner, { title: 'Trashed', relativePath: `${Math.random()}.md` });
        expectStatus(await call(c.t, c.f.owner, 'DELETE', `/api/documents/${d.id}`), 200);
        return { id: d.id };
      },
      expect: signedIn(200, false),
      ok: (res, c) => expect(idsIn(res, 'documents').includes(c.fresh.id), 'the owner’s trashed document listed').toBe(isOwner(c.role)),
    },

    // ---- folders
    {
      op: 'GET /api/documents/folders',
      expect: signedIn(200, false),
      ok: (res, c) => expect(idsIn(res, 'folders').includes(c.f.folder), 'the owner’s folder listed').toBe(isOwner(c.role)),
    },
    {
      op: 'POST /api/documents/folders',
      body: (c) => ({ name: unique(c, 'folder'), parentId: null }),
      expect: signedIn(201),
    },
    {
      op: 'POST /api/documents/folders',
      label: 'inside the owner’s folder',
      body: (c) => ({ name: unique(c, 'sub'), parentId: c.f.folder }),
      expect: ownerOnly(201),
    },
    {
      op: 'GET /api/documents/folders/{id}',
      params: (c) => ({ id: c.f.folder }),
      expect: ownerOnly(200, false),
    },
    {
      op: 'PUT /api/documents/folders/{id}',
      params: (c) => ({ id: c.f.folder }),
      body: (c) => ({ name: unique(c, 'Work') }),
      expect: ownerOnly(200),
    },
    {
      op: 'DELETE /api/documents/folders/{id}',
      fresh: async (c: Fresh) => ({ id: (await createFolder(c.t, c.f.owner, `gone-${Math.random()}`)).id }),
      params: (c) => ({ id: c.fresh.id }),
      expect: ownerOnly(200),
    },
    {
      op: 'POST /api/documents/folders/{id}/restore',
      fresh: async (c: Fresh) => {
        const folder = await createFolder(c.t, c.f.owner, `back-${Math.random()}`);
        expectStatus(await call(c.t, c.f.owner, 'DELETE', `/api/documents/folders/${folder.id}`), 200);
        return { id: folder.id };
      },
      params: (c) => ({ id: c.fresh.id }),
      expect: ownerOnly(200),
    },
    {
      op: 'GET /api/documents/folders/{id}/documents',
      params: (c) => ({ id: c.f.folder }),
      expect: ownerOnly(200, false),
      ok: (res, c) => expect(idsIn(res, 'documents')).toContain(c.f.folderDoc),
    },
    {
      op: 'POST /api/documents/folders/{id}/documents',
      params: (c) => ({ id: c.f.folder }),
      body: (c) => ({ title: 'In folder', relativePath: `${unique(c, 'in')}.md` }),
      expect: { ...ownerOnly(201), probation: PROBATION, free: SUBSCRIPTION },
    },

    // ---- one document
    {
      op: 'GET /api/documents/{id}',
      label: 'private',
      params: (c) => ({ id: c.f.doc }),
      expect: ownerOnly(200, false),
    },
    {
      op: 'GET /api/documents/{id}',
      label: 'public: any signed-in caller',
      params: (c) => ({ id: c.f.publicDoc }),
      expect: signedIn(200, false),
    },
    {
      op: 'GET /api/documents/{id}',
      label: 'public, deleted: gone for everyone',
      params: (c) => ({ id: c.f.trashedPublic }),
      expect: signedIn(404, false),
    },
    // ---- presence: anyone who can read the document, signed in
    {
      op: 'POST /api/documents/{id}/presence',
      label: 'private',
      params: (c) => ({ id: c.f.doc }),
      body: () => ({ editing: true }),
      expect: ownerOnly(200),
      ok: (res, c) => expect(res.json().present.map((p: { user: { id: string } }) => p.user.id)).toContain(c.f.owner.user.id),
    },
    {
      op: 'POST /api/documents/{id}/presence',
      label: 'public: any signed-in caller',
      params: (c) => ({ id: c.f.publicDoc }),
      expect: signedIn(200),
    },
    {
      op: 'POST /api/documents/{id}/presence',
      label: 'public, deleted: gone for everyone',
      params: (c) => ({ id: c.f.trashedPublic }),
      expect: signedIn(404),
    },
    {
      op: 'GET /api/documents/{id}/presence',
      label: 'private',
      params: (c) => ({ id: c.f.doc }),
      expect: ownerOnly(200, false),
    },
    {
      op: 'GET /api/documents/{id}/presence',
      label: 'public: any signed-in caller',
      params: (c) => ({ id: c.f.publicDoc }),
      expect: signedIn(200, false),
    },
        ...(['PUT', 'PATCH'] as const).flatMap((method) => [
      {
        op: `${method} /api/documents/{id}`,
        label: 'private',
        params: (c: C) => ({ id: c.f.doc }),
        body: () => ({ content: `the ${SECRET} final` }),
        expect: ownerOnly(200),
      },
      {
        op: `${method} /api/documents/{id}`,
        label: 'public: readable is not writable',
        params: (c: C) => ({ id: c.f.publicDoc }),
        body: () => ({ content: 'for everyone' }),
        expect: ownerOnly(200),
      },
    ]),
    {
      op: 'DELETE /api/documents/{id}',
      label: 'public: readable is not deletable',
      fresh: async (c: Fresh) => ({ id: (await createDoc(c.t, c.f.owner, { title: 'Delete me', relativePath: `${Math.random()}.md`, isPublic: true })).id }),
      params: (c) => ({ id: c.fresh.id }),
      expect: ownerOnly(200),
    },
    {
      op: 'POST /api/documents/{id}/restore',
      fresh: async (c: Fresh) => {
        const d = await createDoc(c.t, c.f.owner, { title: 'Restore me', relativePath: `${Math.random()}.md` });
        expectStatus(await call(c.t, c.f.owner, 'DELETE', `/api/documents/${d.id}`), 200);
        return { id: d.id };
      },
      params: (c) => ({ id: c.fresh.id }),
      expect: ownerOnly(200),
    },
    {
      op: 'POST /api/documents/{id}/images/upload',
      label: 'the owner’s document',
      params: (c) => ({ id: c.f.doc }),
      multipart: async () => multipart({ filename: 'a.png', contentType: 'image/png', bytes: await smallPng() }),
      expect: { ...ownerOnly(200), probation: PROBATION },
    },
    {
      op: 'POST /api/documents/{id}/images/upload',
      label: 'a public document: readable is not writable',
      params: (c) => ({ id: c.f.publicDoc }),
      multipart: async () => multipart({ filename: 'a.png', contentType: 'image/png', bytes: await smallPng() }),
      expect: { ...ownerOnly(200), probation: PROBATION },
    },

    // ---- history
    {
      op: 'GET /api/documents/{id}/revisions',
      params: (c) => ({ id: c.f.doc }),
      expect: ownerOnly(200, false),
    },
    {
      op: 'GET /api/documents/{id}/revisions',
      label: 'public document: its history is the owner’s',
      params: (c) => ({ id: c.f.publicDoc }),
      expect: ownerOnly(200, false),
    },
    {
      op: 'GET /api/documents/{id}/revisions/{n}',
      params: (c) => ({ id: c.f.doc, n: '1' }),
      expect: ownerOnly(200, false),
      ok: (res) => expect(res.json().revision.content).toBe(`the ${SECRET} draft`),
    },
    {
      op: 'POST /api/documents/{id}/revisions/{n}/restore',
      params: (c) => ({ id: c.f.doc, n: '1' }),
      expect: ownerOnly(200),
    },

    // ---- the caller's own document: editing and images stay open to free accounts
    {
      op: 'PATCH /api/documents/{id}',
      label: 'the caller’s own document',
      params: (c) => ({ id: c.f.mine[c.role].doc }),
      body: (c) => ({ content: `edited by ${c.role}` }),
      expect: signedIn(200),
    },
    {
      op: 'POST /api/documents/{id}/images/upload',
      label: 'the caller’s own document',
      params: (c) => ({ id: c.f.mine[c.role].doc }),
      multipart: async () => multipart({ filename: 'a.png', contentType: 'image/png', bytes: await smallPng() }),
      expect: { ...signedIn(200), probation: PROBATION },
    },

    // ---- the owner's folder named from the caller's own things: 404
    {
      op: 'POST /api/documents',
      label: 'into the owner’s folder',
      body: (c) => ({ title: 'Filed', relativePath: `${unique(c, 'filed')}.md`, folderId: c.f.folder }),
      expect: { ...ownerOnly(201), probation: PROBATION, free: SUBSCRIPTION },
    },
    {
      op: 'PATCH /api/documents/{id}',
      label: 'the caller’s document into the owner’s folder',
      params: (c) => ({ id: c.f.mine[c.role].doc }),
      body: (c) => ({ folderId: c.f.folder }),
      expect: ownerOnly(200),
    },
    {
      op: 'PUT /api/documents/folders/{id}',
      label: 'the caller’s folder under the owner’s',
      params: (c) => ({ id: c.f.mine[c.role].folder }),
      body: (c) => ({ parentId: c.f.folder }),
      expect: ownerOnly(200),
    },
    {
      op: 'POST /api/documents/from-template',
      label: 'the caller’s template into the owner’s folder',
      body: (c) => ({ templateDocumentId: c.f.mine[c.role].template, targetFolderId: c.f.folder }),
      expect: { ...ownerOnly(201), probation: PROBATION, free: SUBSCRIPTION },
    },
    {
      op: 'POST /api/documents/sync',
      label: 'creating a document in the owner’s folder',
      body: (c) => ({ operations: [{ op: 'create', type: 'document', path: `${unique(c, 'synced')}.md`, data: { title: 'Synced', folderId: c.f.folder } }] }),
      expect: { ...ownerOnly(200), probation: PROBATION, free: SUBSCRIPTION },
    },

    // ---- public
    {
      op: 'GET /api/users/{username}/documents',
      params: (c) => ({ username: c.f.owner.user.username }),
      expect: { anonymous: 200, owner: 200, bearer: 200, other: 200, probation: 200, free: 200, restricted: 200, admin: 200 },
      ok: (res, c) => {
        const ids = idsIn(res, 'documents');
        expect(ids, 'the public document').toContain(c.f.publicDoc);
        expect(ids, 'the private document').not.toContain(c.f.doc);
        expect(ids, 'the deleted public document').not.toContain(c.f.trashedPublic);
      },
    },
  ],
});
