import { presentUserSummary } from '../users/index.js';
import type { CollaboratorRow } from './queries.js';
import type { GrantRole } from './service.js';

// The one place that decides the wire shape of a collaborator.

export function presentCollaborator(c: CollaboratorRow) {
  const user = c.user_id !== null ? presentUserSummary({ id: c.user_id, username: c.username!, display_name: c.display_name!, avatar: c.avatar }) : null;
  const org = c.org_id !== null ? { id: c.org_id, name: c.org_name!, slug: c.org_slug! } : null;
  return {
    id: c.id,
    user,
    org,
    email: c.email,
    role: c.role as GrantRole,
    status: user === null && org === null ? ('invited' as const) : ('active' as const),
    createdAt: c.created_at,
  };
}
