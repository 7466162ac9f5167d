import { Type } from '@sinclair/typebox';
import { DateTime, Id, Nullable, ref, StringEnum, UserSummary, Username } from '../../http/schemas.js';

// Request and response schemas of sharing: `viewer` and `editor` grants on a list or document.

export const GRANT_ROLES = ['viewer', 'editor'] as const;
const ROLES = ['viewer', 'editor', 'owner'] as const;

const GrantRole = StringEnum(GRANT_ROLES, { description: '`viewer` reads the item; `editor` also changes rows or a document’s title and content' });

export const Collaborator = Type.Object(
  {
    id: Type.String(),
    user: Nullable(ref(UserSummary)),
    org: Nullable(Type.Object({ id: Type.String(), name: Type.String(), slug: Type.String() })),
    email: Nullable(Type.String({ description: 'The address invited, while the invite is pending' })),
    role: GrantRole,
    status: StringEnum(['active', 'invited'] as const, { description: '`invited`: an e-mail of no account, until its invite is accepted' }),
    createdAt: DateTime(),
  },
  { $id: 'Collaborator', description: 'A grant on a list or document: to a user, an organization (every member) or an invited e-mail' },
);

export const CollaboratorResult = Type.Object({ collaborator: ref(Collaborator) });
export const CollaboratorList = Type.Object({ collaborators: Type.Array(ref(Collaborator)) });

export const AddCollaboratorBody = Type.Object(
  {
    username: Type.Optional(Username),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    orgSlug: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    role: GrantRole,
  },
  {
    additionalProperties: false,
    description: 'Exactly one of username, email or orgSlug',
    examples: [
      { username: 'ada', role: 'editor' },
      { email: 'friend@example.com', role: 'viewer' },
      { orgSlug: 'garden-club', role: 'viewer' },
    ],
  },
);

export const ChangeRoleBody = Type.Object({ role: GrantRole }, { additionalProperties: false, examples: [{ role: 'viewer' }] });

export const AcceptShareInviteBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false, examples: [{ token: 'the-token-from-the-e-mail-link' }] },
);

export const CollaboratorParams = Type.Object({ id: Id, collaboratorId: Id });

const Owner = Type.Object({ username: Type.String(), displayName: Type.String() });
const SharedRole = StringEnum(ROLES, { description: 'The strongest role any grant gives the caller' });

export const SharedWithMe = Type.Object(
  {
    lists: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), owner: Owner, role: SharedRole })),
    documents: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), owner: Owner, role: SharedRole, updatedAt: DateTime() })),
  },
  { $id: 'SharedWithMe', description: 'Lists and documents other people share with the caller, directly or through an organization' },
);

export const SHARING_COMPONENTS = [Collaborator, SharedWithMe];
