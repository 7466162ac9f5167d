import { expect } from 'vitest';
import { anonymous, authorizationMatrix, byBearer, byCookie, RESTRICTED, UNAUTHENTICATED as ANON, type Actor, type Call, type Expect, type Row } from '../authorization/matrix.js';
import type { Member } from '../messages/helpers.js';
import { makeDocument, makeLink, makeList, makeRow, send, verified, type MadeLink } from './support.js';

// The link holders' matrix (CONTRACT, "Reading through a link", "Writing through an edit link"):
// every operation through a link × a view link, an edit link (of a list and of a document), a
// revoked and an expired one, for an anonymous caller, a signed-in account whose e-mail is not
// verified, a verified one (by cookie and by Bearer), the item's owner and a read-only
// (restricted) account. Reads are public; writes need a signed-in, verified account and an edit
// link. A refused write changes nothing, the link's lastUsedAt included. Each role calls from an
// address of its own (TRUST_PROXY), so the per-address limit is never what answers.

const ROLES = ['anonymous', 'unverified', 'verified', 'bearer', 'owner', 'restricted'] as const;
type Role = (typeof ROLES)[number];
type LinkName = 'listView' | 'listEdit' | 'docView' | 'docEdit' | 'revoked' | 'expired';

interface Fixtures {
  owner: Member;
  list: string;
  doc: string;
  /** A row of the list, edited by the PUT rows. */
  row: string;
  links: Record<LinkName, MadeLink>;
}

type C = Call<Fixtures, Role>;
type Fresh = Omit<C, 'fresh'>;

const EMAIL = [403, 'email_not_verified'] as const;
const READ_ONLY = [403, 'read_only_link'] as const;
const GONE = [404, 'not_found'] as const;

/** The same answer for every role (public reads). */
const everyone = (e: Expect) => Object.fromEntries(ROLES.map((r) => [r, e])) as Record<Role, Expect>;
/** A write: signed in (401), verified (403 email_not_verified), allowed to write (403 account_restricted), then `holder` for the rest. */
const write = (holder: Expect) => ({ anonymous: ANON, unverified: EMAIL, verified: holder, bearer: holder, owner: holder, restricted: RESTRICTED }) as const;

const token = (name: LinkName) => (c: C) => ({ token: c.f.links[name].token });

/** The read of each link that works, and the 404 of each that does not. */
const itemReads: Row<Fixtures, Role>[] = [
  ...(['listView', 'listEdit', 'docView', 'docEdit'] as const).map((name) => ({
    op: 'GET /api/shared/{token}',
    label: name,
    params: token(name),
    expect: everyone(200),
    ok: (res: { json(): any }, c: C) => {
      const body = res.json();
      expect(body).toMatchObject({ kind: name.startsWith('list') ? 'list' : 'document', access: name.endsWith('Edit') ? 'edit' : 'view', owner: { username: c.f.owner.user.username } });
      expect(body[body.kind].id).toBe(name.startsWith('list') ? c.f.list : c.f.doc);
    },
  })),
  ...(['revoked', 'expired'] as const).map((name) => ({ op: 'GET /api/shared/{token}', label: name, params: token(name), expect: everyone(GONE) })),
];

const rowReads: Row<Fixtures, Role>[] = [
  ...(['listView', 'listEdit'] as const).map((name) => ({
    op: 'GET /api/shared/{token}/data',
    label: name,
    params: token(name),
    expect: everyone(200),
    ok: (res: { json(): any }, c: C) => expect(res.json().data.map((r: { id: string }) => r.id)).toContain(c.f.row),
  })),
  { op: 'GET /api/shared/{token}/data', label: 'a document’s link', params: token('docView'), expect: everyone(GONE) },
  ...(['revoked', 'expired'] as const).map((name) => ({ op: 'GET /api/shared/{token}/data', label: name, params: token(name), expect: everyone(GONE) })),
];

const addRow = (name: LinkName, holder: Expect, label: string = name): Row<Fixtures, Role> => ({
  op: 'POST /api/shared/{token}/data',
  label,
  params: token(name),
  body: (c) => ({ data: { title: `added by ${c.role}` } }),
  expect: write(holder),
});

const editRow = (name: LinkName, holder: Expect): Row<Fixtures, Role> => ({
  op: 'PUT /api/shared/{token}/data',
  label: name,
  params: token(name),
  body: (c) => ({ rowId: c.f.row, data: { title: `edited by ${c.role}` } }),
  expect: write(holder),
});

const deleteRow = (name: LinkName, holder: Expect): Row<Fixtures, Role> => ({
  op: 'DELETE /api/shared/{token}/data/{rowId}',
  label: name,
  fresh: async (c: Fresh) => ({ rowId: await makeRow(c.t, c.f.owner, c.f.list, { title: `to delete for ${c.role}` }) }),
  params: (c) => ({ token: c.f.links[name].token, rowId: c.fresh.rowId }),
  expect: write(holder),
});

const patchDocument = (name: LinkName, holder: Expect, label: string = name): Row<Fixtures, Role> => ({
  op: 'PATCH /api/shared/{token}',
  label,
  params: token(name),
  body: (c) => ({ content: `written by ${c.role}` }),
  expect: write(holder),
});

const addresses: Record<Role, string> = { anonymous: '192.0.2.1', unverified: '192.0.2.2', verified: '192.0.2.3', bearer: '192.0.2.4', owner: '192.0.2.5', restricted: '192.0.2.6' };
const from = (role: Role, actor: Actor): Actor => ({ ...actor, headers: { ...actor.headers, 'x-forwarded-for': addresses[role] } });

authorizationMatrix<Fixtures, Role>({
  roles: ROLES,
  covers: (op) => op.path.startsWith('/api/shared/'),
  auth: { 'GET /api/shared/{token}': 'Public', 'GET /api/shared/{token}/data': 'Public' },
  tables: ['lists', 'list_rows', 'documents', 'document_revisions', 'share_links'],
  app: { env: { TRUST_PROXY: 'true' } },
  async setup(t) {
    const owner = await verified(t);
    const holder = await verified(t);
    const unverified = await verified(t, { email_verified: false });
    const restricted = await verified(t, { account_status: 'restricted' });
    const list = await makeList(t, owner);
    const row = await makeRow(t, owner, list, { title: 'Shared row' });
    const doc = (await makeDocument(t, owner, { title: 'Shared plan', content: 'plan' })).id;
    const links = {
      listView: await makeLink(t, owner, 'list', list, { access: 'view' }),
      listEdit: await makeLink(t, owner, 'list', list, { access: 'edit' }),
      docView: await makeLink(t, owner, 'document', doc, { access: 'view' }),
      docEdit: await makeLink(t, owner, 'document', doc, { access: 'edit' }),
      revoked: await makeLink(t, owner, 'list', list, { access: 'edit' }),
      expired: await makeLink(t, owner, 'document', doc, { access: 'edit', expiresAt: new Date(t.clock.now().getTime() + 1000).toISOString() }),
    };
    expect((await send(t, owner, 'DELETE', `/api/lists/${list}/share-links/${links.revoked.id}`)).statusCode).toBe(200);
    t.clock.advance(1000);
    return {
      f: { owner, list, doc, row, links },
      actors: {
        anonymous: from('anonymous', anonymous),
        unverified: from('unverified', byCookie(unverified)),
        verified: from('verified', byCookie(holder)),
        bearer: from('bearer', byBearer(holder)),
        owner: from('owner', byCookie(owner)),
        restricted: from('restricted', byCookie(restricted)),
      },
    };
  },
  rows: [
    ...itemReads,
    ...rowReads,
    addRow('listView', READ_ONLY),
    addRow('listEdit', 201),
    addRow('docEdit', GONE, 'a document’s edit link'),
    addRow('revoked', GONE),
    addRow('expired', GONE),
    editRow('listView', READ_ONLY),
    editRow('listEdit', 200),
    editRow('revoked', GONE),
    deleteRow('listView', READ_ONLY),
    deleteRow('listEdit', 200),
    deleteRow('revoked', GONE),
    patchDocument('docView', READ_ONLY),
    patchDocument('docEdit', 200),
    patchDocument('listEdit', GONE, 'a list’s edit link'),
    patchDocument('revoked', GONE),
    patchDocument('expired', GONE),
  ],
});
