import { toBool } from '../../db/dialect.js';
import { presentUserSummary } from '../users/index.js';
import type { InviteRow, MemberRow, OrgRow } from './queries.js';
import type { OrgRole } from './schemas.js';

// The one place that decides the wire shape of organizations, members and invites.

export function presentOrg(o: OrgRow) {
  return {
    id: o.id,
    name: o.name,
    slug: o.slug,
    description: o.description,
    avatar: o.avatar,
    isSystem: toBool(o.is_system),
    memberCount: Number(o.member_count ?? 0),
    role: (o.role ?? null) as OrgRole | null,
    createdAt: o.created_at,
  };
}

export function presentMember(m: MemberRow) {
  return { user: presentUserSummary(m), role: m.role as OrgRole, joinedAt: m.created_at };
}

export function presentInvite(i: InviteRow) {
  return { id: i.id, email: i.email, username: i.username, role: i.role as 'admin' | 'member', expiresAt: i.expires_at, createdAt: i.created_at };
}
