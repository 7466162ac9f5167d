import { Type } from '@sinclair/typebox';
import { Paged } from '../../http/pagination.js';
import { DateTime, Nullable, ref, StringEnum, UserSummary, Username } from '../../http/schemas.js';
import { AvatarField } from '../users/index.js';

// Request and response schemas of organizations: roles owner, admin and member; invites.

export const ORG_ROLES = ['owner', 'admin', 'member'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];
export const INVITE_ROLES = ['admin', 'member'] as const;

const OrgName = Type.String({ minLength: 1, maxLength: 100, description: '1 to 100 characters' });
const Description = Nullable(Type.String({ maxLength: 1000 }));

export const Org = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    slug: Type.String(),
    description: Nullable(Type.String()),
    avatar: Nullable(Type.String()),
    isSystem: Type.Boolean({ description: 'The system organization (`public`): read-only here' }),
    memberCount: Type.Integer({ minimum: 0 }),
    role: Nullable(StringEnum(ORG_ROLES, { description: "The caller's role; null when not a member" })),
    createdAt: DateTime(),
  },
  { $id: 'Organization', description: 'An organization' },
);

export const OrgMember = Type.Object(
  { user: ref(UserSummary), role: StringEnum(ORG_ROLES), joinedAt: DateTime() },
  { $id: 'OrganizationMember', description: 'A member of an organization and their role' },
);

export const OrgInvite = Type.Object(
  {
    id: Type.String(),
    email: Nullable(Type.String({ description: 'The address invited; null for an invite by username' })),
    username: Nullable(Type.String({ description: 'The account invited; null for an e-mail of no account' })),
    role: StringEnum(INVITE_ROLES),
    expiresAt: DateTime(),
    createdAt: DateTime(),
  },
  { $id: 'OrganizationInvite', description: 'A pending invite to an organization (its token is only in the e-mail)' },
);

export const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) });
export const MemberParams = Type.Object({ slug: SlugParams.properties.slug, username: Username });
export const InviteParams = Type.Object({ slug: SlugParams.properties.slug, id: Type.String({ minLength: 1, maxLength: 64 }) });

export const CreateOrgBody = Type.Object(
  {
    name: OrgName,
    // No maxLength here: any string that breaks the slug rule is the contract's 400 invalid_slug (the service checks it; the body limit bounds it).
    slug: Type.String({ description: '2 to 40 characters of a-z, 0-9 and -, starting with a letter or digit' }),
    description: Type.Optional(Description),
  },
  { additionalProperties: false, examples: [{ name: 'Garden Club', slug: 'garden-club', description: 'Seeds, swaps and the allotment rota' }] },
);

export const UpdateOrgBody = Type.Object(
  { name: Type.Optional(OrgName), description: Type.Optional(Description), avatar: Type.Optional(AvatarField) },
  { additionalProperties: false, examples: [{ description: 'Seeds, swaps, the allotment rota and the spring fair' }] },
);

export const MemberRoleBody = Type.Object({ role: StringEnum(ORG_ROLES) }, { additionalProperties: false, examples: [{ role: 'admin' }] });

export const InviteBody = Type.Object(
  {
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    username: Type.Optional(Username),
    role: StringEnum(INVITE_ROLES),
  },
  { additionalProperties: false, description: 'Exactly one of email or username', examples: [{ email: 'grace@example.org', role: 'member' }] },
);

export const AcceptInviteBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false, examples: [{ token: '3f9c2d7a1b8e4f60a5c9d2e7b1f4a8c03f9c2d7a1b8e4f60a5c9d2e7b1f4a8c0' }] },
);

export const OrgResult = Type.Object({ org: ref(Org) });
export const OrgList = Type.Object({ orgs: Type.Array(ref(Org)) });
export const MemberPage = Paged({ members: Type.Array(ref(OrgMember)) }, 'A page of members, oldest first');
export const MemberResult = Type.Object({ member: ref(OrgMember) });
export const InviteResult = Type.Object({ invite: ref(OrgInvite) });
export const InviteList = Type.Object({ invites: Type.Array(ref(OrgInvite)) });

export const ORG_COMPONENTS = [Org, OrgMember, OrgInvite];
