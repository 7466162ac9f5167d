import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import type { Member } from '../messages/helpers.js';
import { makeDocument, makeLink, makeList, send, verified, type Kind } from '../share-links/support.js';
import { share } from '../sharing/helpers.js';
import { anonymous, asActiveSubscriber, authorizationMatrix, byBearer, byCookie, castOf, idsIn, RESTRICTED, UNAUTHENTICATED as ANON, type Call, type Row } from './matrix.js';

// Authorization of share-link management (CONTRACT, Sharing and collaboration: the owner manages
// an item's sharing): making, listing and revoking the links of a list or a document, for
// anonymous callers, the owner (cookie and Bearer), an editor the owner shares the items with,
// another user, a probation account, a restricted account and an administrator. The editor gets
// 403 forbidden (a collaborator lacking the role); everyone else but the owner the item's 404. What a
// link's holder may do through it is test/share-links/link-holders.test.ts.

const ROLES = ['anonymous', 'owner', 'bearer', 'editor', 'other', 'probation', 'restricted', 'admin'] as const;
type Role = (typeof ROLES)[number];

interface Fixtures {
  owner: Member;
  items: Record<Kind, string>;
  /** Each role's own list and document (the owner's: a second pair), to name the owner's links through. */
  mine: Record<Role, Record<Kind, string>>;
}

type C = Call<Fixtures, Role>;
type Fresh = Omit<C, 'fresh'>;

const ownerOnly = (ok: number, write = true) =>
  ({ anonymous: ANON, owner: ok, bearer: ok, editor: 403, other: 404, probation: 404, restricted: write ? RESTRICTED : 404, admin: 404 }) as const;

async function ownPair(t: TestApp, who: Member): Promise<Record<Kind, string>> {
  return { list: await makeList(t, who), document: (await makeDocument(t, who, { title: `Mine ${who.user.id}` })).id };
}

const rowsOf = (kind: Kind, path: 'lists' | 'documents'): Row<Fixtures, Role>[] => [
  {
    op: `POST /api/${path}/{id}/share-links`,
    params: (c) => ({ id: c.f.items[kind] }),
    body: (c) => ({ access: c.role === 'bearer' ? 'edit' : 'view' }),
    expect: ownerOnly(201),
  },
  {
    op: `GET /api/${path}/{id}/share-links`,
    params: (c) => ({ id: c.f.items[kind] }),
    expect: ownerOnly(200, false),
    ok: (res) => expect(idsIn(res, 'shareLinks').length).toBeGreaterThan(0),
  },
  {
    op: `DELETE /api/${path}/{id}/share-links/{linkId}`,
    fresh: async (c: Fresh) => ({ linkId: (await makeLink(c.t, c.f.owner, kind, c.f.items[kind])).id }),
    params: (c) => ({ id: c.f.items[kind], linkId: c.fresh.linkId }),
    expect: ownerOnly(200),
  },
  {
    op: `DELETE /api/${path}/{id}/share-links/{linkId}`,
    label: 'the caller’s own item, the owner’s link',
    fresh: async (c: Fresh) => ({ linkId: (await makeLink(c.t, c.f.owner, kind, c.f.items[kind])).id }),
    params: (c) => ({ id: c.f.mine[c.role][kind], linkId: c.fresh.linkId }),
    // The owner names their own link through their second item: not that item's link either.
    expect: { ...ownerOnly(404), editor: 404, restricted: RESTRICTED },
  },
  {
    op: `GET /api/${path}/{id}/share-links`,
    label: 'the caller’s own item',
    params: (c) => ({ id: c.f.mine[c.role][kind] }),
    expect: { anonymous: ANON, owner: 200, bearer: 200, editor: 200, other: 200, probation: 200, restricted: 200, admin: 200 },
    // Nobody made a link of these: none of the owner's shows through another item.
    ok: (res) => expect(res.json().shareLinks).toEqual([]),
  },
];

authorizationMatrix<Fixtures, Role>({
  roles: ROLES,
  covers: (op) => op.tags.includes('share-links') && op.path.includes('/share-links'),
  tables: ['share_links'],
  async setup(t) {
    const cast = await castOf(t);
    const items = await ownPair(t, cast.owner);
    await makeLink(t, cast.owner, 'list', items.list);
    await makeLink(t, cast.owner, 'document', items.document);
    const own = (who: Member) => asActiveSubscriber(t, who, () => ownPair(t, who));
    const second = await ownPair(t, cast.owner);
    // A collaborator with the editor role on both items: may change them, not manage their sharing.
    const editor = await verified(t);
    await share(t, cast.owner, 'lists', items.list, { username: editor.user.username, role: 'editor' });
    await share(t, cast.owner, 'documents', items.document, { username: editor.user.username, role: 'editor' });
    const mine = {
      anonymous: second,
      owner: second,
      bearer: second,
      editor: await own(editor),
      other: await own(cast.other),
      probation: await own(cast.probation),
      restricted: await own(cast.restricted),
      admin: await own(cast.admin),
    };
    // Sanity: the owner's links are listed to the owner.
    expect((await send(t, cast.owner, 'GET', `/api/lists/${items.list}/share-links`)).statusCode).toBe(200);
    return {
      f: { owner: cast.owner, items, mine },
      actors: {
        anonymous,
        owner: byCookie(cast.owner),
        bearer: byBearer(cast.owner),
        editor: byCookie(editor),
        other: byCookie(cast.other),
        probation: byCookie(cast.probation),
        restricted: byCookie(cast.restricted),
        admin: byCookie(cast.admin),
      },
    };
  },
  rows: [...rowsOf('list', 'lists'), ...rowsOf('document', 'documents')],
});
