import { countOwned } from '../../runtime/user-data.js';
import type { UserDataPart } from '../../runtime/types.js';
import { logMembership } from './log-events.js';
import { presentInvite, presentOrg } from './presenter.js';
import {
  countInvitesOf,
  deleteInvitesOf,
  deleteOrg,
  invitesInvolving,
  lockOrg,
  memberOrgIds,
  orgsOfMember,
  removeMembershipsOf,
  setMemberRole,
  soleOwnedOrgIds,
  successorOf,
} from './queries.js';

// A deleted account's organization traces. Its invites (sent and received) go. An organization it
// was the last owner of is not left without one: the longest-standing admin (else member) becomes
// owner (`org.member.updated`); with nobody else in it, the organization is deleted (messages
// posted to it keep their authors and read `org: null`). Then its memberships go, each
// organization's stream told `org.member.removed` as when a member leaves (logMembership), in the
// batch's transaction (docs/events.md). Content purge keeps all of it (no category): memberships
// are not content. The archive's organizations.json holds the user's organizations with their role
// in each (as GET /api/orgs shows them), and the pending invites they sent or received (no token:
// only its hash is kept).
export const organizationsPart: UserDataPart = {
  key: 'organizations',
  // Before the event stream part (order 5) removes the user's stream, which these events also reach.
  order: 150,
  covers: ['org_invites.user_id', 'org_invites.invited_by', 'organization_members.user_id'],
  async count(ctx, userId) {
    const db = ctx.db.kysely;
    return (await countInvitesOf(db, userId)) + (await soleOwnedOrgIds(db, userId)).length + (await countOwned(db, 'organization_members.user_id', userId));
  },
  async removeBatch(ctx, trx, userId) {
    const now = ctx.clock.now();
    const streams: string[] = [];
    // The organizations' row locks first (PostgreSQL), as every membership change takes them: no
    // owner demotes themselves between the last-owner check below and the removal.
    for (const orgId of await memberOrgIds(trx, userId)) await lockOrg(trx, ctx.db.engine, orgId);
    let removed = await deleteInvitesOf(trx, userId);
    for (const orgId of await soleOwnedOrgIds(trx, userId)) {
      const successor = await successorOf(trx, orgId, userId);
      if (successor) {
        await setMemberRole(trx, orgId, successor, 'owner');
        streams.push(...(await logMembership(trx, now, { type: 'org.member.updated', orgId, userId: successor, role: 'owner', actorId: null })));
      } else {
        await deleteOrg(trx, orgId);
      }
      removed += 1;
    }
    for (const m of await removeMembershipsOf(trx, userId)) {
      streams.push(...(await logMembership(trx, now, { type: 'org.member.removed', orgId: m.organization_id, userId, role: m.role, actorId: null })));
      removed += 1;
    }
    return { removed, blobKeys: [], streams };
  },
  async *exportFiles(ctx, userId) {
    const db = ctx.db.kysely;
    const invites = await invitesInvolving(db, userId);
    const invite = (i: (typeof invites)[number]) => ({ org: i.org_slug, ...presentInvite(i) });
    const content = {
      organizations: (await orgsOfMember(db, userId)).map(presentOrg),
      invitesSent: invites.filter((i) => i.invited_by === userId).map(invite),
      invitesReceived: invites.filter((i) => i.user_id === userId).map(invite),
    };
    yield { path: 'organizations.json', content: `${JSON.stringify(content, null, 2)}\n` };
  },
};
