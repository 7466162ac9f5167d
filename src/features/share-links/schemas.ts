import { Type } from '@sinclair/typebox';
import { DateTime, Id, NotBlank, Nullable, ref, StringEnum } from '../../http/schemas.js';
import { CONTENT_MAX, TITLE_MAX } from '../documents/service.js';
import { ListSchemaObject } from '../lists/index.js';

// Request and response schemas of share links: `view` or `edit` access to one list or document.

export const ACCESS = ['view', 'edit'] as const;

export const ShareLink = Type.Object(
  {
    id: Type.String(),
    access: StringEnum(ACCESS),
    expiresAt: Nullable(DateTime({ description: 'When the link stops working; null: never' })),
    createdAt: DateTime(),
    lastUsedAt: Nullable(DateTime({ description: 'The last read or write through the link (recorded at most once a minute); null: never used' })),
  },
  { $id: 'ShareLink', description: 'A share link of a list or document (its token is shown only when it is made)' },
);

export const NewShareLink = Type.Object(
  {
    id: Type.String(),
    url: Type.String({ description: '`<PUBLIC_URL>/s/<token>`: the token is shown in this answer only (only its hash is kept)' }),
    access: StringEnum(ACCESS),
    expiresAt: Nullable(DateTime()),
    createdAt: DateTime(),
  },
  { $id: 'NewShareLink', description: 'A share link just made, with its URL' },
);

export const SharedDocument = Type.Object(
  { id: Type.String(), title: Type.String(), content: Type.String({ description: 'Markdown' }), revision: Type.Integer({ minimum: 1 }), updatedAt: DateTime() },
  { $id: 'SharedDocument', description: 'A document as a share link shows it' },
);

const SharedList = Type.Object(
  { id: Type.String(), title: Type.String(), description: Nullable(Type.String()), schema: ref(ListSchemaObject) },
  { description: 'The list, with its schema (kind `list`)' },
);

export const SharedItem = Type.Object(
  {
    kind: StringEnum(['list', 'document'] as const),
    access: StringEnum(ACCESS, { description: '`edit`: a signed-in account with a verified e-mail may change the item through the link' }),
    list: Type.Optional(SharedList),
    document: Type.Optional(ref(SharedDocument, { description: 'The document (kind `document`)' })),
    owner: Type.Object({ username: Type.String(), displayName: Type.String() }),
  },
  { $id: 'SharedItem', description: 'What a share link opens' },
);

export const ShareLinkResult = Type.Object({ shareLink: ref(NewShareLink) }, { description: 'The new link' });
export const ShareLinkList = Type.Object({ shareLinks: Type.Array(ref(ShareLink)) }, { description: 'The item’s links, newest first' });
export const SharedDocumentResult = Type.Object({ document: ref(SharedDocument) }, { description: 'The document after the change' });

export const CreateShareLinkBody = Type.Object(
  {
    access: StringEnum(ACCESS),
    expiresAt: Type.Optional(Nullable(DateTime({ description: 'In the future and at most a year away; absent or null: the link does not expire' }))),
  },
  { additionalProperties: false, examples: [{ access: 'view', expiresAt: '2030-01-01T00:00:00.000Z' }, { access: 'edit' }] },
);

export const UpdateSharedDocumentBody = Type.Object(
  {
    title: Type.Optional(NotBlank({ minLength: 1, maxLength: TITLE_MAX })),
    content: Type.Optional(Type.String({ maxLength: CONTENT_MAX, description: 'Markdown' })),
    baseRevision: Type.Optional(Type.Integer({ minimum: 1, description: 'The revision the change was based on; a stale one is refused with 409 `revision_conflict`' })),
  },
  { additionalProperties: false, minProperties: 1, examples: [{ content: '# Meeting notes\n\nDecisions...', baseRevision: 3 }] },
);

export const ItemParams = Type.Object({ id: Id });
export const LinkParams = Type.Object({ id: Id, linkId: Id });
/** Any token: one of the wrong form is the same 404 as an unknown one (never a 400 that tells them apart). */
export const TokenParams = Type.Object({ token: Type.String({ description: 'The token of the link’s URL (`/s/<token>`)' }) });
export const TokenRowParams = Type.Object({ token: TokenParams.properties.token, rowId: Id });

export const SHARE_LINK_COMPONENTS = [ShareLink, NewShareLink, SharedDocument, SharedItem];
